#include "queengames/claims.hpp"

namespace qg {

std::vector<Claim> numeration_claims() { return {}; }

}  // namespace qg
