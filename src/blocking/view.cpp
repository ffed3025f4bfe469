// The queen's view (seed 004 §3.1, §4 Q4): where the queen sees the most palaces. The palace
// number is that count, so the view is the table's maximum and the cells that hold it, set
// against the armpit's window ("often a hotspot of highly positive palace numbers").
#include <fmt/format.h>

#include "queengames/blocking.hpp"

namespace qg::blocking {

QueenView queen_view(std::uint64_t k, const QueenViewOptions& options, const ProgressFn& progress, bool force) {
  require_k(k);
  const std::uint64_t D = options.depth;
  if (D < 3 || D > kMaxSide) throw RangeError(fmt::format("a depth of {} rows: the queen's view needs 3..2^31", D));
  if (options.max_cells > (std::uint64_t{1} << 20))
    throw RangeError(fmt::format("{} cells listed: at most 2^20", options.max_cells));
  require_memory(palace_rows_bytes(k, D, options.engine), fmt::format("game {}'s queen's view to depth {}", k, D),
                 force);
  // The armpit's window of locate_armpit (and the census): right of the shoulder, below the
  // nose, within 2k columns.
  const std::uint64_t x0 = k + 1, x1 = std::min(D, 2 * k + 1), y0 = k / 3 + 1, y1 = std::min(D, k);
  QueenView view;
  view.k = k, view.depth = D;
  PalaceRows rows(k, D, options.engine, true);
  Poller poller(progress, D);
  for (std::uint64_t y = 0; y < D; ++y) {
    const auto row = rows.next(poller);
    const bool armpit_row = y >= y0 && y < y1;
    for (std::uint64_t x = y; x < D; ++x) {  // the cells x ≥ y: the table is symmetric
      const std::uint64_t v = row[x];
      const bool armpit = armpit_row && x >= x0 && x < x1;
      if (armpit) view.armpit_max = std::max(view.armpit_max, v);
      if (v > k) {
        if (view.above.size() < v - k) view.above.resize(v - k, 0);
        ++view.above[v - k - 1];
      }
      if (v < view.max) continue;
      if (v > view.max) view.max = v, view.cells = 0, view.in_armpit = 0, view.first.clear();
      ++view.cells, view.in_armpit += armpit;
      if (view.first.size() < options.max_cells) view.first.push_back({x, y});
    }
  }
  poller.finish();
  return view;
}

}  // namespace qg::blocking
