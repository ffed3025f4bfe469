#include "queengames/catalog.hpp"

namespace qg {

std::vector<Sequence> spiral_sequences() { return {}; }

}  // namespace qg
