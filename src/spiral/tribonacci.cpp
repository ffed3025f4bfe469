// The Tribonacci representation behind random access: the greedy scan and the shifted
// values (what they cost is explained in tribonacci.hpp).
#include "tribonacci.hpp"

#include <bit>

namespace qg::spiral::detail {
namespace {

// T_0 … T_138: the weights of the digits (j ≤ 136) and of the digits moved up by 1 and 2.
constexpr std::array<u128, 139> tribonacci_table() {
  std::array<u128, 139> t{1, 2, 4};
  for (std::size_t j = 3; j < t.size(); ++j) t[j] = t[j - 1] + t[j - 2] + t[j - 3];
  return t;
}
constexpr auto kT = tribonacci_table();
constexpr u128 weight(int j) { return kT[static_cast<std::size_t>(j)]; }
static_assert(weight(3) == 7 && weight(136) < u128{1} << 120 && weight(137) >= u128{1} << 120);
static_assert(weight(138) < u128{1} << 122);
// The greedy remainder below digit 72 is below T_72, which still fits a word.
constexpr int kNarrowDigits = 72;
static_assert(weight(kNarrowDigits) <= UINT64_MAX && weight(kNarrowDigits + 1) > UINT64_MAX);

// For a bit length L, the largest j with T_j < 2^L: an m of L bits has no digit above it.
constexpr std::array<std::uint8_t, 121> top_digit_by_length() {
  std::array<std::uint8_t, 121> top{};
  for (int length = 1; length <= 120; ++length) {
    int j = 0;
    while (weight(j + 1) < u128{1} << length) ++j;
    top[static_cast<std::size_t>(length)] = static_cast<std::uint8_t>(j);
  }
  return top;
}
constexpr auto kTopDigit = top_digit_by_length();

// One greedy step on a remainder r < T_{j+1} < 2^64: take T_j if it fits. `take ? r − t : r`
// compiles to a subtraction and a conditional move, so the chain from one r to the next is
// 2 cycles.
inline bool take_narrow(std::uint64_t& r, std::uint64_t t) {
  const bool take = r >= t;
  r = take ? r - t : r;
  return take;
}

// The same on r < T_{j+1} < 2^122, kept as two words. Both r and T_j are below 2^127, so
// r − T_j wraps past 2^127 exactly when T_j does not fit: the sign of the difference's high
// word is the digit, one test after the subtract-with-borrow. The select is written word by
// word because GCC 12 compiles a select of two 128-bit values as a branch and one of 64-bit
// values as a conditional move. The branch measured faster on n that share their leading
// digits, as BM_queen_2e100's 2^100 + s (s < 2^63) do, and 1.6 times slower on n drawn
// uniformly from [2^100, 2^101), where its guesses fail; the conditional moves cost the same
// for every n of a length.
inline bool take_wide(std::uint64_t& low, std::uint64_t& high, u128 t) {
  const u128 d = (u128{high} << 64 | low) - t;
  const bool take = static_cast<std::int64_t>(d >> 64) >= 0;
  low = take ? static_cast<std::uint64_t>(d) : low;
  high = take ? static_cast<std::uint64_t>(d >> 64) : high;
  return take;
}

}  // namespace

TribonacciDigits tribonacci_digits(u128 m) {
  TribonacciDigits e;
  if (m == 0) return e;
  // The remainder r as two words.
  auto low = static_cast<std::uint64_t>(m), high = static_cast<std::uint64_t>(m >> 64);
  const int length = high ? 128 - std::countl_zero(high) : 64 - std::countl_zero(low);
  int j = kTopDigit[static_cast<std::size_t>(length)];
  // The digits are collected most significant first, `bits << 1 | digit`, off the chain:
  // those from 72 up in a u128 (at most 65 of them), split between word[2] and word[1] at the end.
  u128 wide_digits = 0;
  for (; j >= kNarrowDigits; --j) wide_digits = wide_digits << 1 | take_wide(low, high, weight(j));
  // Below T_72 < 2^64 now: `high` is 0.
  std::uint64_t bits = 0;
  for (; j >= 64; --j) bits = bits << 1 | take_narrow(low, static_cast<std::uint64_t>(weight(j)));
  e.word[2] = static_cast<std::uint64_t>(wide_digits >> (128 - kNarrowDigits));
  e.word[1] = static_cast<std::uint64_t>(wide_digits << (kNarrowDigits - 64)) | bits;
  bits = 0;
  for (; j >= 0; --j) bits = bits << 1 | take_narrow(low, static_cast<std::uint64_t>(weight(j)));
  e.word[0] = bits;
  return e;
}

Shifted shifted(const TribonacciDigits& e) {
  // Digits 0 … 63 moved up by 2 are a canonical representation below position 66, so their
  // value is below T_66 < 2^64 (Σ_{j<i} e_j T_j < T_i for canonical digits): their sums fit a word.
  std::uint64_t low1 = 0, low2 = 0;
  for (std::uint64_t w = e.word[0]; w != 0; w &= w - 1) {
    const int j = std::countr_zero(w);
    low1 += static_cast<std::uint64_t>(weight(j + 1));
    low2 += static_cast<std::uint64_t>(weight(j + 2));
  }
  Shifted s{low1, low2};
  for (int i = 1; i < 3; ++i)
    for (std::uint64_t w = e.word[static_cast<std::size_t>(i)]; w != 0; w &= w - 1) {
      const int j = 64 * i + std::countr_zero(w);
      s.s1 += weight(j + 1);
      s.s2 += weight(j + 2);
    }
  return s;
}

}  // namespace qg::spiral::detail
