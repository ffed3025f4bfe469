// The obviously correct route: column by column, the lowest row that shares no row, diagonal
// or antidiagonal with an earlier queen, found by scanning the rows upward.
#include <bit>

#include "core/bits.hpp"
#include "queengames/infty.hpp"

namespace qg::infty {

std::vector<std::uint64_t> infty_queens_brute_force(std::uint64_t count, const ProgressFn& progress) {
  if (count > 10'000'000) throw RangeError("the brute force places at most 10^7 queens (it takes O(n²) time)");
  BitSet rows, diagonals, antidiagonals;  // diagonal q − n is stored at q − n + count (> 0)
  std::vector<std::uint64_t> q(count);
  std::uint64_t lowest_free_row = 1;  // every row below it is used
  for (std::uint64_t n = 1; n <= count; ++n) {
    for (std::uint64_t row = lowest_free_row;; row += 64) {
      std::uint64_t attacked = rows.bits64(row) | diagonals.bits64(row - n + count) | antidiagonals.bits64(row + n);
      if (~attacked != 0) {
        q[n - 1] = row + static_cast<std::uint64_t>(std::countr_zero(~attacked));
        break;
      }
    }
    rows.set(q[n - 1]);
    diagonals.set(q[n - 1] - n + count);
    antidiagonals.set(q[n - 1] + n);
    lowest_free_row = rows.next_zero(lowest_free_row);
    if (progress && n % 4096 == 0) progress(n, count);
  }
  return q;
}

}  // namespace qg::infty
