#include "queengames/catalog.hpp"

namespace qg {

// The OEIS sequences of seed 003's games (Maharaja Nim's rows, A307281 and A308883) are
// catalogued by the two-pile module, whose sweep computes them; this module adds other
// routes to the same P-positions (the dictionary, the telescope), tested against that sweep.
std::vector<Sequence> dictionary_sequences() { return {}; }

}  // namespace qg
