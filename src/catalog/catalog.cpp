#include <algorithm>

#include "queengames/catalog.hpp"

namespace qg {

std::vector<std::int64_t> sequence_terms(const Sequence& sequence, std::uint64_t count) {
  std::vector<std::int64_t> terms;
  terms.reserve(count);
  sequence.generate(count, [&](std::int64_t t) { terms.push_back(t); }, {});
  return terms;
}

}  // namespace qg
