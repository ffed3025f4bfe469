#include "queengames/claims.hpp"

namespace qg {

std::vector<Claim> blocking_claims() { return {}; }

}  // namespace qg
