// The games' P-positions as sequences for the learner (sequences.hpp).
#include "synth/sequences.hpp"

#include <algorithm>

#include <fmt/format.h>

#include "queengames/blocking.hpp"

namespace qg::synth::sequences {

Sequence morphic(const twopile::MorphicCoding& coding, bool b) {
  auto index = std::make_shared<twopile::MorphicPPositions>(coding);
  return [index, b](std::uint64_t n) -> std::uint64_t {
    if (n == 0) return 0;
    auto p = index->nth(n);
    return b ? p.y : p.x;
  };
}

Sequence swept(const twopile::Ruleset& ruleset, bool b, std::uint64_t memory_limit, const ProgressFn& progress) {
  struct Swept {
    twopile::Ruleset ruleset;
    std::vector<std::uint32_t> p;  // a_0, b_0, a_1, b_1, … (the sweep's coordinates are below 2^32 − 2)
  };
  auto state = std::make_shared<Swept>(Swept{ruleset, {}});
  return [state, b, memory_limit, progress](std::uint64_t n) -> std::uint64_t {
    if (2 * n >= state->p.size()) {
      const std::uint64_t count = std::max<std::uint64_t>({1024, state->p.size(), n + 1});
      if (count > twopile::kMaxSweep)
        throw RangeError(fmt::format("{}: P-position {} is past the sweep's 2^31", state->ruleset.name(), n));
      const std::uint64_t bytes = twopile::sweep_bytes(state->ruleset, count, progress) + 8 * count;
      const std::uint64_t limit = memory_limit ? memory_limit : free_memory() / 4 * 3;
      if (bytes > limit)
        throw RangeError(fmt::format("{}: P-position {} needs a sweep of {} P-positions, {}, above the {} it may use",
                                     state->ruleset.name(), n, count, memory_amount(bytes), memory_amount(limit)));
      std::vector<std::uint32_t> p;
      p.reserve(2 * count);
      twopile::sweep_p_positions(
          state->ruleset, count,
          [&p](std::uint64_t, std::uint64_t a, std::uint64_t b) {
            p.push_back(static_cast<std::uint32_t>(a)), p.push_back(static_cast<std::uint32_t>(b));
            return true;
          },
          progress);
      state->p = std::move(p);
    }
    return state->p[2 * n + b];
  };
}

// The table is symmetric (v(x, y) = v(y, x)), so the palaces (x, y), x ≤ y, in the order of x, then
// y, are the palaces of row x at columns y ≥ x, row by row, left to right: each row settles its
// pairs for good, and a later palace only needs more rows. Before each row the table is widened
// to PalaceRows::complete_width (an eighth more, so that it widens seldom), which holds every
// palace of the row: the list is exact with no assumption on where the palaces lie, in
// O(columns) memory besides the pairs kept.
std::pair<Sequence, Sequence> palaces(unsigned k, std::uint64_t memory_limit, const ProgressFn& progress,
                                      std::uint64_t max_cells) {
  struct Palaces {
    blocking::PalaceRows rows;
    std::vector<std::pair<std::uint32_t, std::uint32_t>> pairs;
    std::uint64_t cells = 0;  // cells streamed: the rows' widths added
  };
  auto state = std::make_shared<Palaces>(Palaces{blocking::PalaceRows(k, k + 1), {}, 0});
  auto term = [state, k, memory_limit, progress, max_cells](std::uint64_t n, bool b) -> std::uint64_t {
    auto& rows = state->rows;
    if (n >= state->pairs.size()) {
      const std::uint64_t bytes =
          16 * (n + 1) + blocking::palace_rows_bytes(k, rows.width(), blocking::Engine::definition);
      const std::uint64_t limit = memory_limit ? memory_limit : free_memory() / 4 * 3;
      if (bytes > limit)
        throw RangeError(fmt::format("blocking{}: palace {} needs {} for the palaces kept, above the {} it may use", k,
                                     n, memory_amount(bytes), memory_amount(limit)));
      // Progress in rows, against the row where palace n lies at the rate of the rows so far.
      const std::uint64_t y0 = rows.rows_done(), have = state->pairs.size();
      // The rows grow as n and their widths with them, so the cells as n²: a palace whose
      // estimate passes the budget is refused at once rather than after spending it (which a
      // later, nearer probe may need); at least 1024 palaces make the rate a fair guide.
      if (have >= 1024) {
        const u128 estimate = u128{state->cells} * (n + 1) / have * (n + 1) / have;
        if (estimate > max_cells)
          throw RangeError(fmt::format(
              "blocking{}: palace {} lies near row {}, about {} cells of the table (the "
              "stream computes at most {})",
              k, n, y0 * (n + 1) / have, static_cast<std::uint64_t>(std::min<u128>(estimate, UINT64_MAX)), max_cells));
      }
      Poller poller(progress, have ? y0 + (n + 1 - have) * y0 / have + 1 : n + 1);
      while (n >= state->pairs.size()) {
        const std::uint64_t y = rows.rows_done(), need = rows.complete_width();
        if (rows.width() < need) rows.widen(std::min(need + need / 8 + 64, blocking::kMaxSide));
        if (state->cells + rows.width() > max_cells)
          throw RangeError(
              fmt::format("blocking{}: palace {} lies past row {}, the rows up to which took {} cells "
                          "(the stream computes at most {})",
                          k, n, y, state->cells, max_cells));
        state->cells += rows.width();
        for (std::uint32_t x : rows.next_palaces(poller))
          if (x >= y) state->pairs.emplace_back(static_cast<std::uint32_t>(y), x);
      }
      poller.finish();
    }
    return b ? state->pairs[n].second : state->pairs[n].first;
  };
  return {[term](std::uint64_t n) { return term(n, false); }, [term](std::uint64_t n) { return term(n, true); }};
}

}  // namespace qg::synth::sequences
