#include "queengames/catalog.hpp"

namespace qg {

std::vector<Sequence> boards_sequences() { return {}; }

}  // namespace qg
