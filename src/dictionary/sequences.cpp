#include "queengames/catalog.hpp"

namespace qg {

std::vector<Sequence> dictionary_sequences() { return {}; }

}  // namespace qg
