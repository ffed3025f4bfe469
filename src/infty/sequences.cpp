// The ∞-queens sequences of the catalog, all from the one engine (infty_queens).
#include <algorithm>
#include <deque>

#include "queengames/catalog.hpp"
#include "queengames/infty.hpp"

namespace qg {

using namespace infty;  // this module's names

namespace {

// A065188 (q_n from n = 1) and A275895 (S_c = q_{c+1} − 1 from c = 0).
Sequence greedy_queens(const char* anumber, const char* name, std::int64_t offset, std::int64_t shift) {
  return {anumber,
          name,
          offset,
          kInftyMaxTerms,
          "the ∞-queens engine (Knuth's algorithm on sliding bit windows)",
          [shift](std::uint64_t count, const TermSink& sink, const ProgressFn& progress) {
            infty_queens(
                count, [&](std::uint64_t q) { sink(static_cast<std::int64_t>(q) + shift); }, progress);
          }};
}

// A065189: the inverse permutation, a(m) = the column n with q_n = m. Columns are computed
// until every row up to `count` has its queen; rows are emitted in order as they fill.
constexpr std::uint64_t kInverseMaxTerms = 1'000'000'000;  // ≈ 5 bytes per row pending

void inverse_queens(std::uint64_t count, const TermSink& sink, const ProgressFn& progress) {
  InftyQueens engine;
  std::deque<std::uint64_t> pending;  // pending[i]: the column of row emitted + 1 + i, 0 if unknown
  std::uint64_t emitted = 0;
  const std::uint64_t chunk = std::min<std::uint64_t>(count + 64, std::uint64_t{1} << 20);
  std::vector<std::uint64_t> q(chunk);
  while (emitted < count) {
    std::uint64_t first = engine.terms() + 1;
    engine.step(chunk, q.data());
    for (std::uint64_t i = 0; i < chunk; ++i) {
      if (q[i] > count) continue;
      std::uint64_t slot = q[i] - emitted - 1;  // rows ≤ emitted are all filled already
      if (slot >= pending.size()) pending.resize(slot + 1, 0);
      pending[slot] = first + i;
    }
    while (!pending.empty() && pending.front() != 0) {
      sink(static_cast<std::int64_t>(pending.front()));
      pending.pop_front();
      ++emitted;
    }
    if (progress) progress(emitted, count);
  }
}

}  // namespace

std::vector<Sequence> infty_sequences() {
  return {
      greedy_queens("A065188", "\"Greedy Queens\" permutation of the positive integers", 1, 0),
      {"A065189", "Inverse permutation to A065188", 1, kInverseMaxTerms,
       "the ∞-queens engine, each row's column recorded as the queens are placed", inverse_queens},
      greedy_queens("A275895", "\"Greedy Queens\" permutation of the nonnegative integers", 0, -1),
  };
}

}  // namespace qg
