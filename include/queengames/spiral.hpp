// queengames — queens in exile on the square spiral (seed 000 §1–6).
//
// Cells of the Z×Z board are numbered along the counter-clockwise square spiral; a queen
// settles on each cell, in order, that no earlier queen attacks. Seed 000 determines the
// queens through the XYMP quadruples (2) and the Tribonacci word. This module computes them
// three ways, which the tests and claims check against each other:
//   * direct placement (no theorem used): walk the spiral, skipping attacked cells in bulk;
//   * the XYMP table by the mex recurrence (2), and the queens by Theorem 1 (eq. (3));
//   * the closed forms: the theme song Θ (Theorem 20) streamed, and random access to any
//     row or queen through the Tribonacci representation (Theorem 14, Corollary 21).
//
// Conventions (seed 000 §2): x points South, y East; q_0 = (0,0) is cell 0, q_1 = (1,2) is
// cell 9. Shell k ≥ 1 holds the 8k cells (2k−1)² … 4k(k+1) with max(|x|,|y|) = k; its edges
// 1 (right, y = k), 2 (top, x = −k), 3 (left, y = −k), 4 (bottom, x = k) have 2k cells each.
//
// Theorem 1 as printed has two misprints, settled by direct placement (tests/test_spiral.cpp):
// for k ≥ 0, q_{4k+1} = (X_{k+1}, Y_{k+1}), q_{4k+2} = (−Y_{k+1}, X_{k+1}),
// q_{4k+3} = (−X_{k+1}, −Y_{k+1}), q_{4k+4} = (Y_{k+1}, −X_{k+1}) — a quarter turn
// (x, y) ↦ (−y, x) from one queen to the next, each 2Y_{k+1} cells further along shell Y_{k+1}.
#pragma once

#include <gmpxx.h>

#include <array>
#include <cstdint>
#include <functional>
#include <memory>
#include <span>
#include <vector>

#include "queengames/common.hpp"

namespace qg::spiral {

// ---- the board --------------------------------------------------------------------------

struct Point {
  std::int64_t x = 0, y = 0;  // x South, y East
  friend bool operator==(const Point&, const Point&) = default;
};

// Shells whose cell indices fit in 64 bits: 4k(k+1) < 2^64.
inline constexpr std::int64_t kMaxShell = 2147483647;  // 2^31 − 1
inline constexpr std::uint64_t kMaxCell = 4 * static_cast<std::uint64_t>(kMaxShell) * (kMaxShell + 1);

// The spiral index of a cell; RangeError when max(|x|,|y|) > kMaxShell.
std::uint64_t cell_index(Point p);
// The cell with a given index; RangeError beyond kMaxCell.
Point cell_point(std::uint64_t index);

// A queen on the board: its spiral index and coordinates.
struct QueenCell {
  u128 cell = 0;
  std::int64_t x = 0, y = 0;
  friend bool operator==(const QueenCell&, const QueenCell&) = default;
};
// Receives queens q_first, q_first+1, … in blocks.
using QueenSink = std::function<void(std::uint64_t first, std::span<const QueenCell> queens)>;

// ---- direct greedy placement (§1; uses no theorem) ------------------------------------

// Occupied rows, columns and diagonals are kept as bitsets with their solid cores around 0;
// along each shell edge the next cell free for all three moving lines is found by jumping
// from one line family's next free value to the next, so attacked runs cost O(1).
// Memory: 1–2 bytes per queen (the bitsets double as the board grows).
inline constexpr std::uint64_t kDirectMaxQueens = std::uint64_t{1} << 31;
// Places q_0 … q_{count−1}; RangeError for count > kDirectMaxQueens (or beyond memory).
void place_queens_directly(std::uint64_t count, const QueenSink& sink, const ProgressFn& progress = {});

// ---- the XYMP table ---------------------------------------------------------------------

struct Xymp {
  std::uint64_t x = 0, y = 0, m = 0, p = 0;  // X_n, Y_n, M_n, P_n
  friend bool operator==(const Xymp&, const Xymp&) = default;
};

// Theorem 1 (eq. (3), read as direct placement confirms): row k ≥ 1 of the XYMP table gives
// q_{4k−3+r}, r = 0..3, the quarter turns of (X_k, Y_k) on shell Y_k, each 2Y_k cells after
// the previous one; (X_k, Y_k) itself sits on edge 1 at offset Y_k − 1 − X_k.
// Needs Y ≤ 2^63 so that the cell fits in 128 bits.
inline QueenCell queen_of_xymp_row(std::uint64_t x, std::uint64_t y, unsigned r) {
  const u128 first = static_cast<u128>(2 * y - 1) * (2 * y - 1) + (y - 1 - x);
  const auto sx = static_cast<std::int64_t>(x), sy = static_cast<std::int64_t>(y);
  const Point at[4] = {{sx, sy}, {-sy, sx}, {-sx, -sy}, {sy, -sx}};
  return {first + static_cast<u128>(2 * y) * r, at[r].x, at[r].y};
}

// Rows 0, 1, 2, … by the mex recurrence (2) (the text's "max" is a garbled "mex"):
// X_n = mex{X_i, Y_i : i < n}, M_n = mex{M_i, P_i : i < n}, Y_n = X_n + M_n, P_n = X_n + Y_n.
// Amortised O(1) per row; the Y and P values not yet passed by X and M are kept as sliding
// bitsets, ≈ 0.55 bytes per row.
class XympRecurrence {
 public:
  XympRecurrence();
  XympRecurrence(const XympRecurrence&) = delete;
  XympRecurrence& operator=(const XympRecurrence&) = delete;
  ~XympRecurrence();
  std::uint64_t n() const { return n_; }
  const Xymp& row() const { return row_; }
  void advance();  // to row n + 1

 private:
  struct Pending;
  std::uint64_t n_ = 0;
  Xymp row_;
  std::unique_ptr<Pending> pending_;
};

// The rows of Table 2 streamed from the theme song Θ (Theorem 20 and eq. (17)):
// ΔX = Θ(2,1,1), ΔY = Θ(3,3,2), ΔM = Θ(1,2,1), ΔP = Θ(5,4,3), ΔA = Θ(2,2,1),
// ΔB = Θ(4,3,2), ΔC = Θ(7,6,4). A few additions per row.
struct TableRow {
  std::uint64_t n = 0;
  char t = 'c';                       // t_n, the n-th letter of Θ (t_0 = c)
  Xymp xymp;                          // X_n, Y_n, M_n, P_n
  Xymp delta;                         // ΔX_n, ΔY_n, ΔM_n, ΔP_n
  std::uint64_t a = 0, b = 0, c = 0;  // A_n, B_n, C_n
};
class TableStream {
 public:
  TableStream();
  TableStream(const TableStream&) = delete;
  TableStream& operator=(const TableStream&) = delete;
  ~TableStream();
  const TableRow& row() const { return row_; }
  void advance();  // to row n + 1

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
  TableRow row_;
};

// The first `count` queens from the closed forms: TableStream's X, Y and eq. (3).
// About a nanosecond per queen; RangeError beyond kSequentialMaxQueens.
inline constexpr std::uint64_t kSequentialMaxQueens = std::uint64_t{1} << 63;
void generate_queens(std::uint64_t count, const QueenSink& sink, const ProgressFn& progress = {});

// The queens with max(|x|, |y|) ≤ radius, in order (Fig. 3: radius 1000 holds 1409 of them).
// RangeError for radius > kMaxShell. Progress counts shells up to radius.
void queens_within(std::uint64_t radius, const std::function<void(Point)>& visit, const ProgressFn& progress = {});
// ---- random access (Theorems 11, 12, 14, Corollary 21) ---------------------------------

// Every function here reads the canonical Tribonacci representation of n − 1 (or n) by the
// greedy algorithm, one dependent step per digit, in fixed-width integers without the heap:
// q_n costs about 0.17 µs at n ≈ 10^18, 0.37 µs at 2^100 and 0.44 µs near 2^120
// (docs/PERFORMANCE.md). n < 2^120: the representation then has at most 137 digits and
// X_n … C_n at most 123 bits.
inline constexpr unsigned kRandomAccessBits = 120;

struct XympRow {
  u128 x = 0, y = 0, m = 0, p = 0;
  friend bool operator==(const XympRow&, const XympRow&) = default;
};
struct Abc {
  u128 a = 0, b = 0, c = 0;
  friend bool operator==(const Abc&, const Abc&) = default;
};

// A_n, B_n, C_n (A_0 = B_0 = C_0 = 0) by Theorem 14: A_n = [(n−1)_T 0]_T + 1,
// B_n = [(n−1)_T 01]_T + 1, C_n = [(n−1)_T 011]_T + 1. RangeError for n ≥ 2^120.
Abc abc(u128 n);
// Row n of the XYMP table by Corollary 21: X = B − A, Y = C − B, M = C − 2B + A, P = C − A.
XympRow xymp(u128 n);
// N_a(n), N_b(n), N_c(n): the letters a, b, c among t_1 … t_n (Theorem 12; 0 for n = 0).
Abc letter_counts(u128 n);
// t_n of the Tribonacci word T = t_1 t_2 … (n ≥ 1) by Theorem 11: a, b or c as (n−1)_T
// ends in 0, 01 or 011. The theme song is Θ = c·T (Theorem 2), so Θ's letter n is t_n
// for n ≥ 1 and c for n = 0. InputError for n = 0, RangeError for n ≥ 2^120.
char tribonacci_letter(u128 n);

// A cell index of up to 256 bits: four 64-bit limbs, least significant first.
struct Cell256 {
  std::array<std::uint64_t, 4> limb{};
  friend bool operator==(const Cell256&, const Cell256&) = default;
};
// q_n for any n < 2^120 in fixed width (its cell has up to 242 bits): no GMP, no heap.
struct QueenWide {
  Cell256 cell;
  i128 x = 0, y = 0;
  friend bool operator==(const QueenWide&, const QueenWide&) = default;
};
QueenWide queen_wide(u128 n);
// The same with the cell as a GMP integer: queen_wide and one conversion (one allocation).
struct Queen {
  mpz_class cell;
  i128 x = 0, y = 0;
};
Queen queen(u128 n);
// q_n with the cell in 128 bits, for n ≤ kQueenCellMax.
inline constexpr std::uint64_t kQueenCellMax = 10000000000000000000u;  // 10^19
QueenCell queen_cell(std::uint64_t n);

}  // namespace qg::spiral
