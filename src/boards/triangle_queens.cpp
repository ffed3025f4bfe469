// Non-attacking queens on the right triangular half chessboard (A274616): the bound that seed
// 000's proof of Theorem 23 borrows from Vaderlind, Guy and Larson's Problem 252.
#include <vector>

#include "queengames/boards.hpp"

namespace qg::boards {

std::uint64_t triangle_queens(std::uint64_t n) {
  if (n > (std::uint64_t{1} << 62)) throw RangeError("triangle_queens: n ≤ 2^62");
  return n == 4 ? 2 : (2 * n + 1) / 3;
}

std::uint64_t triangle_queens_by_search(std::uint64_t n) {
  if (n > 14) throw RangeError("triangle_queens_by_search: n ≤ 14 (exhaustive search)");
  // Cell (r, c) with r + c < n: row r, column c, diagonal r − c, antidiagonal r + c. The board is
  // convex along all four directions, so two queens attack each other exactly when they share one.
  const auto side = static_cast<int>(n);
  std::vector<char> column(side, 0), diagonal(2 * side, 0), antidiagonal(2 * side, 0);
  int best = 0;
  auto place = [&](auto&& self, int row, int placed) -> void {
    if (placed > best) best = placed;
    if (row == side || placed + (side - row) <= best) return;  // one queen a row at most
    for (int c = 0; row + c < side; ++c) {
      int d = row - c + side, a = row + c;
      if (column[c] || diagonal[d] || antidiagonal[a]) continue;
      column[c] = diagonal[d] = antidiagonal[a] = 1;
      self(self, row + 1, placed + 1);
      column[c] = diagonal[d] = antidiagonal[a] = 0;
    }
    self(self, row + 1, placed);  // no queen on this row
  };
  place(place, 0, 0);
  return static_cast<std::uint64_t>(best);
}

}  // namespace qg::boards
