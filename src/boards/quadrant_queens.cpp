// Greedy queens on the single-quadrant board (seed 000 §8): S_c by columns and by
// antidiagonals, the inverse permutation, and the Table 5 indices of the queens (47).
#include <algorithm>
#include <bit>

#include <fmt/format.h>

#include "core/bits.hpp"
#include "queengames/boards.hpp"

namespace qg::boards {

namespace {

constexpr std::uint64_t kMaxQueenColumns = std::uint64_t{1} << 28;

void check_columns(std::uint64_t columns, const char* what) {
  if (columns > kMaxQueenColumns)
    throw RangeError(fmt::format("{} {} is out of range: the supported range is 0..2^28", what, columns));
}

}  // namespace

std::vector<std::uint64_t> quadrant_queens(std::uint64_t columns, const ProgressFn& progress) {
  check_columns(columns, "the number of columns");
  // Rows r, diagonals r − c + columns (≥ 0), antidiagonals r + c already holding a queen.
  BitSet rows, diagonals, antidiagonals;
  std::vector<std::uint64_t> s(columns);
  std::uint64_t first_free_row = 0;
  Poller poller(progress, columns);
  for (std::uint64_t c = 0; c < columns; ++c) {
    poller.tick(c);
    std::uint64_t r = first_free_row;
    for (;; r += 64) {
      const std::uint64_t blocked = rows.bits64(r) | diagonals.bits64(r + columns - c) | antidiagonals.bits64(r + c);
      if (~blocked) {
        r += static_cast<std::uint64_t>(std::countr_one(blocked));
        break;
      }
    }
    s[c] = r;
    rows.set(r), diagonals.set(r + columns - c), antidiagonals.set(r + c);
    first_free_row = rows.next_zero(first_free_row);
  }
  return s;
}

std::vector<std::uint64_t> quadrant_queens_by_antidiagonals(std::uint64_t columns) {
  check_columns(columns, "the number of columns");
  // Antidiagonal d, upward (Table 5): the cell (d − c, c) for c = 0 … d takes a queen when its
  // row, column and diagonal are free; an antidiagonal holds at most one. Columns past the
  // wanted ones take queens too, as they block rows and diagonals of later cells.
  std::vector<std::uint64_t> s(columns);
  BitSet rows, cols, diagonals;  // diagonal r − c stored at r − c + d_max, d_max ≥ every d used
  std::uint64_t found = 0, first_free_row = 0, first_free_column = 0;
  // Column c's queen lies on antidiagonal S_c + c < (φ + 1)c + 1 (seed 000 (49)); the bound
  // 4C + 64 leaves room to spare and is checked, not assumed.
  const std::uint64_t d_max = 4 * columns + 64;
  for (std::uint64_t d = 0; found < columns; ++d) {
    if (d >= d_max) throw RangeError(fmt::format("the antidiagonal scan passed antidiagonal {}", d_max));
    for (std::uint64_t c = first_free_column; c + first_free_row <= d; ++c) {
      const std::uint64_t r = d - c;
      if (cols.test(c) || rows.test(r) || diagonals.test(r + d_max - c)) continue;
      rows.set(r), cols.set(c), diagonals.set(r + d_max - c);
      if (c < columns) s[c] = r, ++found;
      break;
    }
    first_free_row = rows.next_zero(first_free_row);
    first_free_column = cols.next_zero(first_free_column);
  }
  return s;
}

std::vector<std::uint64_t> quadrant_queen_columns(std::uint64_t rows) {
  check_columns(rows, "the number of rows");
  // Every row holds a queen (Theorem 23): widen the columns until rows 0 … rows − 1 have theirs.
  for (std::uint64_t columns = 2 * rows + 64;; columns *= 2) {
    const std::vector<std::uint64_t> s = quadrant_queens(columns);
    std::vector<std::uint64_t> column(rows, UINT64_MAX);
    std::uint64_t found = 0;
    for (std::uint64_t c = 0; c < columns; ++c)
      if (s[c] < rows) column[s[c]] = c, ++found;
    if (found == rows) return column;
  }
}

std::vector<std::uint64_t> quadrant_queen_indices(std::uint64_t count, const ProgressFn& progress) {
  check_columns(count, "the number of queens");
  // The queens on antidiagonals d < D are those of columns c < D with S_c + c < D; the first
  // `count` indices are final once the count-th smallest lies on an antidiagonal below D.
  for (std::uint64_t columns = std::max<std::uint64_t>(64, 2 * count);; columns *= 2) {
    const std::vector<std::uint64_t> s = quadrant_queens(columns, progress);
    std::vector<std::uint64_t> indices;
    for (std::uint64_t c = 0; c < columns; ++c) {
      const std::uint64_t d = s[c] + c;
      if (d < columns) indices.push_back(d * (d + 1) / 2 + c);
    }
    std::sort(indices.begin(), indices.end());
    if (indices.size() >= count) {
      indices.resize(count);
      return indices;
    }
  }
}

}  // namespace qg::boards
