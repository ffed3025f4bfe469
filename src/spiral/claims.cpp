#include "queengames/claims.hpp"

namespace qg {

std::vector<Claim> spiral_claims() { return {}; }

}  // namespace qg
