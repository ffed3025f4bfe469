// The Tribonacci representation behind random access (seed 000 §5): the canonical digits of
// any m < 2^120 in three words, and the values of those digits moved along the Tribonacci
// numbers — all that Theorems 11, 12 and 14 ask of a representation. Internal to the module.
//
// What a digit costs. The greedy algorithm (§5.1: subtract the largest T_j that fits)
// decides one digit per step, and each step needs the remainder that the step above it left,
// so the scan is one chain of dependent steps: its time is the number of digits times the
// latency of one step, however much else the processor could do beside it. A step is
// branch-free, so it costs the same whatever the digits are:
//   * remainder below 2^64 (digits 71 … 0): r − T_j and a conditional move, a chain of
//     2 cycles a digit;
//   * remainder up to 2^121 (digits 136 … 72): a subtraction with borrow over two words, a
//     test of the high word's sign, two conditional moves: 4 cycles a digit.
// n ≈ 2^100 has 114 digits, 42 of them in the 128-bit part: ≈ 310 cycles by this count;
// n ≈ 2^120 has 137, 65 of them wide: ≈ 400. (`perf record` of BM_queen_2e100 puts 55 % of
// q_n's time in the scan and 25 % in the shifted values; the measured times are in
// docs/PERFORMANCE.md.) Taking several digits a step from tables of digit patterns (the
// largest pattern value ≤ r) would not shorten the chain: the look-up is itself a dependent
// load of ≈ 5 cycles, and its candidate still needs an exact comparison with r.
//
// The shifted values cost one pass over the ones of the digits (≈ 44 at 2^100): a count of
// trailing zeros, two table loads and two additions each, independent of one another.
#pragma once

#include <array>
#include <cstdint>

#include "queengames/common.hpp"

namespace qg::spiral::detail {

// Every m < 2^120 has at most 137 digits (T_136 < 2^120 ≤ T_137).
inline constexpr int kTribonacciDigits = 137;

// The canonical digits e_j of m = Σ_j e_j T_j (greedy, so no three consecutive ones), packed
// least significant digit first, one bit a digit:
//
//              bit 63                                  bit 9   bit 8             bit 0
//   word[2]    0      0      …                         0       e_136     …       e_128
//   word[1]    e_127  e_126  …                                                   e_64
//   word[0]    e_63   e_62   …                                                   e_0
//
// e_j is bit j % 64 of word[j / 64]. The representation's last digits — Theorem 11's
// "(n−1)_T ends in 0, 01 or 011" — are the trailing ones of word[0].
struct TribonacciDigits {
  std::array<std::uint64_t, 3> word{};
};
// The caller keeps m < 2^120.
TribonacciDigits tribonacci_digits(u128 m);

// S_k = Σ_j e_j T_{j+k}: the digits moved k places along the Tribonacci numbers. For k ≥ 0
// it is [(m)_T 0^k]_T, (m)_T with k zeros appended (Theorem 14). Any three consecutive ones
// satisfy S_{k+3} = S_{k+2} + S_{k+1} + S_k, the Tribonacci recurrence applied digit by
// digit, and S_0 = m, so S_1 and S_2 give every other: S_3 for C_n, and, going down with
// T_{−1} = 1, T_{−2} = T_{−3} = 0 (§5.1), S_{−1}, S_{−2}, S_{−3}. These are Theorem 12's
// counts N_a(m), N_b(m), N_c(m): its [(m)_T with the last digit deleted]_T + that digit is
// Σ_{j≥1} e_j T_{j−1} + e_0 T_{−1} = S_{−1}, and likewise with two and three digits.
struct Shifted {
  u128 s1 = 0, s2 = 0;  // S_1 and S_2, below 2^122 for m < 2^120
};
Shifted shifted(const TribonacciDigits& e);

}  // namespace qg::spiral::detail
