#include "queengames/catalog.hpp"

namespace qg {

std::vector<Sequence> numeration_sequences() { return {}; }

}  // namespace qg
