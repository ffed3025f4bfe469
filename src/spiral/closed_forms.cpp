// Random access to the Tribonacci word, A_n, B_n, C_n, the XYMP table and the queens
// through the Tribonacci representation (seed 000 Theorems 11, 12, 14, Corollary 21).
#include <bit>
#include <string>

#include <fmt/format.h>

#include "internal.hpp"
#include "queengames/numeration.hpp"
#include "queengames/spiral.hpp"

namespace qg::spiral {
namespace {

void require_random_access(u128 n, const char* what) {
  if (n >> kRandomAccessBits)
    throw RangeError(fmt::format("{} n = {} is out of range: the supported range is 0..2^{} - 1", what, to_string(n),
                                 kRandomAccessBits));
}

// Up to this m the largest value computed from (m)_T, C_{m+1} < ψ³m + 4 (Theorem 15),
// stays below 2^64, so the packed 64-bit digits serve.
constexpr std::uint64_t kPackedMax = 2900000000000000000u;

Abc abc_packed(std::uint64_t m) {
  const u128 e = numeration::tribonacci_bits(m);
  return {u128{numeration::tribonacci_bits_value(e << 1)} + 1,
          u128{numeration::tribonacci_bits_value((e << 2) | 1)} + 1,
          u128{numeration::tribonacci_bits_value((e << 3) | 3)} + 1};
}

XympRow xymp_of(const Abc& r) { return {r.b - r.a, r.c - r.b, r.c - 2 * r.b + r.a, r.c - r.a}; }

}  // namespace

Abc abc(u128 n) {
  require_random_access(n, "A_n, B_n, C_n:");
  if (n == 0) return {};
  const u128 m = n - 1;
  if (m <= kPackedMax) return abc_packed(static_cast<std::uint64_t>(m));
  const std::string e = numeration::tribonacci_representation<u128>(m);
  return {numeration::tribonacci_value<u128>(e + "0") + 1, numeration::tribonacci_value<u128>(e + "01") + 1,
          numeration::tribonacci_value<u128>(e + "011") + 1};
}

XympRow xymp(u128 n) {
  require_random_access(n, "XYMP row");
  return xymp_of(abc(n));
}

Abc letter_counts(u128 n) {
  require_random_access(n, "N_a(n), N_b(n), N_c(n):");
  if (n <= UINT64_MAX) {
    const u128 e = numeration::tribonacci_bits(static_cast<std::uint64_t>(n));
    return {u128{numeration::tribonacci_bits_value(e >> 1)} + (e & 1),
            u128{numeration::tribonacci_bits_value(e >> 2)} + ((e >> 1) & 1),
            u128{numeration::tribonacci_bits_value(e >> 3)} + ((e >> 2) & 1)};
  }
  const std::string e = numeration::tribonacci_representation<u128>(n);
  auto head = [&](std::size_t drop) {
    return numeration::tribonacci_value<u128>(std::string_view(e).substr(0, e.size() - drop));
  };
  auto digit = [&](std::size_t from_right) { return u128(e[e.size() - 1 - from_right] - '0'); };
  return {head(1) + digit(0), head(2) + digit(1), head(3) + digit(2)};
}

char tribonacci_letter(u128 n) {
  if (n == 0) throw InputError("the Tribonacci word t_1 t_2 ... starts at n = 1");
  require_random_access(n, "t_n:");
  // Theorem 11: the number of trailing 1s of (n−1)_T (never three) picks a, b or c.
  const u128 m = n - 1;
  if (m <= UINT64_MAX)
    return static_cast<char>(
        'a' + std::countr_one(static_cast<std::uint64_t>(numeration::tribonacci_bits(static_cast<std::uint64_t>(m)))));
  const std::string e = numeration::tribonacci_representation<u128>(m);
  const auto last0 = e.find_last_of('0');
  return static_cast<char>('a' + (last0 == std::string::npos ? e.size() : e.size() - 1 - last0));
}

QueenCell queen_cell(std::uint64_t n) {
  if (n > kQueenCellMax)
    throw RangeError(
        fmt::format("q_n with a 128-bit cell: n = {} is out of range: the supported range is 0..{}", n, kQueenCellMax));
  if (n == 0) return {};
  const std::uint64_t k = (n - 1) / 4 + 1;  // ≤ 2.5·10^18, within the packed range
  const XympRow row = xymp_of(abc_packed(k - 1));
  return detail::queen_on_row(static_cast<std::uint64_t>(row.x), static_cast<std::uint64_t>(row.y),
                              static_cast<unsigned>((n - 1) % 4));
}

Queen queen(u128 n) {
  require_random_access(n, "q_n:");
  if (n == 0) return {mpz_class(0), 0, 0};
  const u128 k = (n - 1) / 4 + 1;
  const auto r = static_cast<unsigned>((n - 1) % 4);
  const XympRow row = xymp(k);
  const auto x = static_cast<i128>(row.x), y = static_cast<i128>(row.y);
  const i128 at[4][2] = {{x, y}, {-y, x}, {-x, -y}, {y, -x}};
  // Same formula as detail::queen_on_row, in GMP: the cell has about twice the bits of n.
  const mpz_class big_y = numeration::to_mpz(row.y);
  mpz_class cell = (2 * big_y - 1) * (2 * big_y - 1) + big_y - 1 - numeration::to_mpz(row.x) + 2 * big_y * r;
  return {cell, at[r][0], at[r][1]};
}

}  // namespace qg::spiral
