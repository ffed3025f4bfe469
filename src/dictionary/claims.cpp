#include "queengames/claims.hpp"

namespace qg {

std::vector<Claim> dictionary_claims() { return {}; }

}  // namespace qg
