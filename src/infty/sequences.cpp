#include "queengames/catalog.hpp"

namespace qg {

std::vector<Sequence> infty_sequences() { return {}; }

}  // namespace qg
