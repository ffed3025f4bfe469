#include "queengames/catalog.hpp"

namespace qg {

// Seed 004 prints no integer sequence of its own. The OEIS sequences of its game 1 (Wythoff
// Nim: A000201, A001950, A002251) are catalogued by the numeration and twopile modules, and
// claim blocking.k1 ties game 1's palaces to them; nothing is listed twice.
std::vector<Sequence> blocking_sequences() { return {}; }

}  // namespace qg
