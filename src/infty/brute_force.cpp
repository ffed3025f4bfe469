// The obviously correct route: column by column, the lowest row that shares no row, diagonal
// or antidiagonal with an earlier queen, found by scanning the rows upward.
#include <bit>

#include "queengames/infty.hpp"

namespace qg::infty {
namespace {

// A growable set of naturals as bits; bits64(i) reads members i … i + 63 at once, so that the
// row scan looks at 64 rows per step.
class BitSet {
 public:
  bool contains(std::uint64_t i) const { return (bits64(i) & 1) != 0; }
  void insert(std::uint64_t i) {
    if (i / 64 + 2 > words_.size()) words_.resize(2 * (i / 64 + 2));
    words_[i / 64] |= std::uint64_t{1} << (i % 64);
  }
  std::uint64_t bits64(std::uint64_t i) const {
    std::uint64_t w = i / 64, shift = i % 64;
    std::uint64_t low = w < words_.size() ? words_[w] >> shift : 0;
    std::uint64_t high = shift != 0 && w + 1 < words_.size() ? words_[w + 1] << (64 - shift) : 0;
    return low | high;
  }

 private:
  std::vector<std::uint64_t> words_;
};

}  // namespace

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
    rows.insert(q[n - 1]);
    diagonals.insert(q[n - 1] - n + count);
    antidiagonals.insert(q[n - 1] + n);
    while (rows.contains(lowest_free_row)) ++lowest_free_row;
    if (progress && n % 4096 == 0) progress(n, count);
  }
  return q;
}

}  // namespace qg::infty
