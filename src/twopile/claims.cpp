#include "queengames/claims.hpp"

namespace qg {

std::vector<Claim> twopile_claims() { return {}; }

}  // namespace qg
