#include "queengames/catalog.hpp"

namespace qg {

std::vector<Sequence> twopile_sequences() { return {}; }

}  // namespace qg
