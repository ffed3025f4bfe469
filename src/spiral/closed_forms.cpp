// Random access to the Tribonacci word, A_n, B_n, C_n, the XYMP table and the queens
// through the Tribonacci representation (seed 000 Theorems 11, 12, 14, Corollary 21), on the
// packed digits and shifted values of tribonacci.hpp.
#include <bit>

#include <fmt/format.h>

#include "queengames/spiral.hpp"
#include "tribonacci.hpp"

namespace qg::spiral {
namespace {

void require_random_access(u128 n, const char* what) {
  if (n >> kRandomAccessBits)
    throw RangeError(fmt::format("{} n = {} is out of range: the supported range is 0..2^{} - 1", what, to_string(n),
                                 kRandomAccessBits));
}

// Theorem 14 for m = n − 1 < 2^120, in the shifted values S_k of (m)_T (tribonacci.hpp):
// appending 0, 01, 011 to (m)_T gives S_1, S_2 + T_0 and S_3 + T_1 + T_0, and
// S_3 = S_2 + S_1 + m. So A = S_1 + 1, B = S_2 + 2, C = m + S_1 + S_2 + 4, all below 2^123
// (C_n < ψ³n + 4, Theorem 15).
Abc abc_of(u128 m) {
  const detail::Shifted s = detail::shifted(detail::tribonacci_digits(m));
  return {s.s1 + 1, s.s2 + 2, m + s.s1 + s.s2 + 4};
}

XympRow xymp_of(const Abc& r) { return {r.b - r.a, r.c - r.b, r.c - 2 * r.b + r.a, r.c - r.a}; }

// limb += v · 2^(64·at), carried upward; the caller's total stays below 2^256.
void add_at(Cell256& cell, u128 v, std::size_t at) {
  for (std::size_t i = at; v != 0; ++i) {
    const u128 sum = u128{cell.limb[i]} + static_cast<std::uint64_t>(v);
    cell.limb[i] = static_cast<std::uint64_t>(sum);
    v = (v >> 64) + (sum >> 64);
  }
}

// s² + add for s < 2^122, add < 2^128: with s = s_1·2^64 + s_0,
// s² = s_0² + 2·s_0·s_1·2^64 + s_1²·2^128, three 64×64-bit products.
Cell256 square_plus(u128 s, u128 add) {
  const auto s0 = static_cast<std::uint64_t>(s), s1 = static_cast<std::uint64_t>(s >> 64);
  Cell256 cell;
  add_at(cell, u128{s0} * s0, 0);
  add_at(cell, 2 * (u128{s0} * s1), 1);  // s_1 < 2^58, so the doubled product fits 128 bits
  add_at(cell, u128{s1} * s1, 2);
  add_at(cell, add, 0);
  return cell;
}

}  // namespace

Abc abc(u128 n) {
  require_random_access(n, "A_n, B_n, C_n:");
  if (n == 0) return {};
  return abc_of(n - 1);
}

XympRow xymp(u128 n) {
  require_random_access(n, "XYMP row");
  return n == 0 ? XympRow{} : xymp_of(abc_of(n - 1));
}

Abc letter_counts(u128 n) {
  require_random_access(n, "N_a(n), N_b(n), N_c(n):");
  // Theorem 12 (tribonacci.hpp): N_a(n), N_b(n), N_c(n) are S_{−1}, S_{−2}, S_{−3} of (n)_T,
  // each found from the two above it and S_0 = n by S_{k+3} = S_{k+2} + S_{k+1} + S_k.
  const detail::Shifted s = detail::shifted(detail::tribonacci_digits(n));
  const u128 na = s.s2 - s.s1 - n, nb = s.s1 - n - na;
  return {na, nb, n - na - nb};
}

char tribonacci_letter(u128 n) {
  if (n == 0) throw InputError("the Tribonacci word t_1 t_2 ... starts at n = 1");
  require_random_access(n, "t_n:");
  // Theorem 11: the number of trailing 1s of (n−1)_T (never three) picks a, b or c.
  return static_cast<char>('a' + std::countr_one(detail::tribonacci_digits(n - 1).word[0]));
}

QueenCell queen_cell(std::uint64_t n) {
  if (n > kQueenCellMax)
    throw RangeError(
        fmt::format("q_n with a 128-bit cell: n = {} is out of range: the supported range is 0..{}", n, kQueenCellMax));
  if (n == 0) return {};
  // Row k ≤ 2.5·10^18 has Y_k < 2.9·k < 2^63, as queen_of_xymp_row needs.
  const std::uint64_t k = (n - 1) / 4 + 1;
  const XympRow row = xymp_of(abc_of(k - 1));
  return queen_of_xymp_row(static_cast<std::uint64_t>(row.x), static_cast<std::uint64_t>(row.y),
                           static_cast<unsigned>((n - 1) % 4));
}

QueenWide queen_wide(u128 n) {
  require_random_access(n, "q_n:");
  if (n == 0) return {};
  // Row k ≤ 2^118 has X_k < Y_k < 2.9·k < 2^120 (Theorem 1 as read in spiral.hpp).
  const u128 k = (n - 1) / 4 + 1;
  const auto r = static_cast<unsigned>((n - 1) % 4);
  const XympRow row = xymp_of(abc_of(k - 1));
  const auto x = static_cast<i128>(row.x), y = static_cast<i128>(row.y);
  const i128 at[4][2] = {{x, y}, {-y, x}, {-x, -y}, {y, -x}};
  // The cell of queen_of_xymp_row, (2Y − 1)² + Y − 1 − X + 2Y·r, below 2^242.
  return {square_plus(2 * row.y - 1, row.y - 1 - row.x + 2 * row.y * r), at[r][0], at[r][1]};
}

Queen queen(u128 n) {
  const QueenWide q = queen_wide(n);
  Queen big{mpz_class(), q.x, q.y};
  mpz_import(big.cell.get_mpz_t(), q.cell.limb.size(), -1, sizeof(std::uint64_t), 0, 0, q.cell.limb.data());
  return big;
}

}  // namespace qg::spiral
