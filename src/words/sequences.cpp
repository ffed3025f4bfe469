#include "queengames/catalog.hpp"

namespace qg {

std::vector<Sequence> words_sequences() { return {}; }

}  // namespace qg
