// The OEIS sequences of the two-pile games (seed 000 eq. (53), seed 001 Tables 1 and 4,
// seed 003 Figure 2, Kimberling's s-Wythoff sequences), with OEIS's offsets.
#include <memory>

#include <fmt/format.h>

#include "queengames/catalog.hpp"
#include "queengames/twopile.hpp"

namespace qg {

using namespace twopile;  // this module's names

namespace {

// The row of the P-position in column n, n = 0..count-1 (plus `shift`): the sweep runs until
// every column < count is resolved (the upper P-position of a column a ≥ count comes after).
void column_rows(const char* rules, std::uint64_t count, std::int64_t shift, const TermSink& sink,
                 const ProgressFn& progress) {
  // Every column < count receives its row (as a column or as a mirror) before it is printed,
  // so the table is not cleared first: clearing gigabytes would delay the first poll by
  // seconds. The sweep keeps coordinates below 2^32. The columns < count hold at most count
  // P-positions (a_n ≥ n), so the sweep's estimate for count of them bounds its part.
  const auto ruleset = Ruleset::parse(rules);
  require_memory(sizeof(std::uint32_t) * count + sweep_bytes(ruleset, count, progress),
                 fmt::format("the rows of {} columns", count));
  auto row = std::make_unique_for_overwrite<std::uint32_t[]>(count);
  // Progress counts columns: those of the sweep, then those printed (both up to count).
  Poller poller(progress, 2 * count);
  sweep_p_positions(ruleset, UINT64_MAX, [&](std::uint64_t, std::uint64_t a, std::uint64_t b) {
    if (a >= count) return false;
    row[a] = static_cast<std::uint32_t>(b);
    if (b < count) row[b] = static_cast<std::uint32_t>(a);
    poller.tick(a);
    return true;
  });
  for (std::uint64_t n = 0; n < count; ++n) {
    sink(static_cast<std::int64_t>(row[n]) + shift);
    poller.tick(count + n);
  }
  poller.finish();
}

// a_n or b_n for n = 1..count by the morphic route (streamed fixed point).
void coordinates(const char* rules, bool upper, std::uint64_t count, const TermSink& sink, const ProgressFn& progress) {
  MorphicPPositions(*morphic_coding(Ruleset::parse(rules)))
      .stream(
          count + 1,
          [&](std::uint64_t n, std::uint64_t a, std::uint64_t b) {
            if (n > 0) sink(static_cast<std::int64_t>(upper ? b : a));
            return true;
          },
          progress);
}

constexpr std::uint64_t kMaxColumns = 500'000'000;  // the row table is 4 bytes a column
constexpr std::uint64_t kMaxTerms = 1'000'000'000'000;

}  // namespace

std::vector<Sequence> twopile_sequences() {
  std::vector<Sequence> s;
  s.push_back({"A002251", "Wythoff game: the row of the P-position in column n (seed 000 eq. (53))", 0, kMaxColumns,
               "sweep of wythoff, column by column",
               [](std::uint64_t count, const TermSink& sink, const ProgressFn& progress) {
                 column_rows("wythoff", count, 0, sink, progress);
               }});
  s.push_back({"A003159", "Numbers whose binary expansion ends with an even number of 0's (Queen Bee a_n)", 1,
               kMaxTerms, "morphic route of queen-bee: a's of the period-doubling word (seed 001 Table 1)",
               [](std::uint64_t count, const TermSink& sink, const ProgressFn& progress) {
                 coordinates("queen-bee", false, count, sink, progress);
               }});
  s.push_back({"A036554", "Numbers whose binary expansion ends with an odd number of 0's (Queen Bee b_n)", 1, kMaxTerms,
               "morphic route of queen-bee: b's of the period-doubling word (seed 001 Table 1)",
               [](std::uint64_t count, const TermSink& sink, const ProgressFn& progress) {
                 coordinates("queen-bee", true, count, sink, progress);
               }});
  s.push_back({"A026367", "(2,1)-Wythoff a_n: complement of A026368, A026368(n) = 2*a(n) + n", 1, kMaxTerms,
               "morphic route of st-wythoff:2,1: a->aab, b->aa (seed 001 Table 4)",
               [](std::uint64_t count, const TermSink& sink, const ProgressFn& progress) {
                 coordinates("st-wythoff:2,1", false, count, sink, progress);
               }});
  s.push_back({"A026368", "(2,1)-Wythoff b_n = 2*A026367(n) + n", 1, kMaxTerms,
               "morphic route of st-wythoff:2,1: a->aab, b->aa (seed 001 Table 4)",
               [](std::uint64_t count, const TermSink& sink, const ProgressFn& progress) {
                 coordinates("st-wythoff:2,1", true, count, sink, progress);
               }});
  s.push_back({"A307281", "Maharaja Nim: the row of the P-position in column n (seed 003)", 0, kMaxColumns,
               "sweep of maharaja, column by column",
               [](std::uint64_t count, const TermSink& sink, const ProgressFn& progress) {
                 column_rows("maharaja", count, 0, sink, progress);
               }});
  s.push_back({"A308883", "Maharaja Nim on the board numbered from 1: A307281(n-1) + 1", 1, kMaxColumns,
               "sweep of maharaja, column by column, plus 1",
               [](std::uint64_t count, const TermSink& sink, const ProgressFn& progress) {
                 column_rows("maharaja", count, 1, sink, progress);
               }});
  s.push_back({"A184117", "Lower s-Wythoff sequence, where s(n) = 2n + 1", 1, kMaxTerms / 1000,
               "complementary pair a_n = mex, b_n = a_n + 2n + 1 (seed 001 §4)",
               [](std::uint64_t count, const TermSink& sink, const ProgressFn& progress) {
                 complementary_pair([](std::uint64_t n) { return 2 * n + 1; }, count + 1,
                                    [&](std::uint64_t n, std::uint64_t a, std::uint64_t) {
                                      if (n > 0) sink(static_cast<std::int64_t>(a));
                                      return true;
                                    },
                                    progress);
               }});
  return s;
}

}  // namespace qg
