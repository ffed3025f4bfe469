#include "queengames/catalog.hpp"

namespace qg {

std::vector<Sequence> blocking_sequences() { return {}; }

}  // namespace qg
