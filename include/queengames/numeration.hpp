// queengames — exact numeration systems and exact floors of n·(irrational constant).
//
// Representations are strings of digits, most significant digit first, written the way
// the papers write them: (n)_T is tribonacci_representation(n), [E]_T is
// tribonacci_value<Int>(E), so Theorem 14 of seed 000 reads
//     A_n = tribonacci_value<Int>(tribonacci_representation(n - 1) + "0") + 1.
// The representation of 0 is "0" in every system; no other representation has a leading 0.
// The *_value functions accept any digit string, canonical or not, with leading zeros, and
// the empty string (value 0, so that [e_1 ⋯ e_{i-1}]_T works for i = 1). The Zeckendorf,
// Tribonacci and negaFibonacci ones accept the digits 0–9 (seed 000 writes [20]_T = 4 after
// Lemma 3); binary_value accepts 0 and 1. Any other character is an InputError.
//
// Every function is provided for Int = std::uint64_t, u128 and mpz_class (signed
// systems: std::int64_t, i128 and mpz_class). Fixed-width versions throw RangeError, whose
// message names the supported range, when a result would not fit; intermediates never
// overflow (they are widened to u128 or mpz_class where needed). mpz_class versions are
// limited only by memory (the GMP versions of the unsigned systems refuse n < 0).
// Floating point never decides a result: floors come from integer square roots, 128-bit
// fixed-point constants whose last bit of doubt is settled by an exact integer comparison,
// and signs of integer polynomials (only ShiftExtremes' printed values are floating).
#pragma once

#include <gmpxx.h>

#include <array>
#include <cstdint>
#include <string>
#include <string_view>

#include "queengames/common.hpp"

namespace qg {

// ---- conversions between the integer types ------------------------------------------

mpz_class to_mpz(u128 value);
mpz_class to_mpz(i128 value);
// RangeError when the value does not fit.
u128 to_u128(const mpz_class& value);
i128 to_i128(const mpz_class& value);

// ---- number sequences -------------------------------------------------------------

// Fibonacci numbers F_k (F_0 = 0, F_1 = 1). k ≤ 93 for uint64_t, k ≤ 186 for u128.
template <class Int>
Int fibonacci(unsigned k);
// Tribonacci numbers in the indexing of seed 000 §5.1: T_{-3} = T_{-2} = 0, T_{-1} = 1,
// T_k = T_{k-1} + T_{k-2} + T_{k-3}; so T_0 = 1, T_1 = 2, T_2 = 4, T_3 = 7. k ≥ -3;
// k ≤ 72 for uint64_t, k ≤ 145 for u128. (OEIS A000073(n) = T_{n-3}.)
template <class Int>
Int tribonacci(int k);

// ---- representations (digit strings, most significant first) -----------------------

// Zeckendorf: n = Σ e_j F_{j+2} over the digits e_j counted from the right (j = 0, 1, …),
// no two adjacent 1s. Every n ≥ 0 of the type (92 digits at most for uint64_t).
template <class Int>
std::string zeckendorf_representation(const Int& n);
template <class Int>
Int zeckendorf_value(std::string_view digits);

// Tribonacci (seed 000 §5.1): n = Σ e_j T_j over the digits counted from the right,
// greedy canonical form = the one with no 111. Every n ≥ 0 (73 digits at most for uint64_t).
template <class Int>
std::string tribonacci_representation(const Int& n);
template <class Int>
Int tribonacci_value(std::string_view digits);

// NegaFibonacci (seed 002 §5, TAOCP 7.1.3–(147)): every integer n = Σ e_k F_{-k}, k ≥ 1,
// with F_{-k} = (-1)^{k+1} F_k and no two adjacent 1s; the rightmost digit is e_1.
// Signed Int: std::int64_t, i128, mpz_class; every value of the type.
template <class Int>
std::string negafibonacci_representation(const Int& n);
template <class Int>
Int negafibonacci_value(std::string_view digits);

// Binary. Unsigned Int: std::uint64_t, u128, mpz_class (n ≥ 0).
template <class Int>
std::string binary_representation(const Int& n);
template <class Int>
Int binary_value(std::string_view digits);

// Packed Tribonacci digits for the hot paths of 64-bit code: bit j is the coefficient of
// T_j. A 64-bit n needs at most 73 digits, so a u128 holds them.
u128 tribonacci_bits(std::uint64_t n);
// Σ bit_j T_j for any digit pattern (canonical or not); RangeError beyond 64 bits.
std::uint64_t tribonacci_bits_value(u128 bits);

// ---- Knuth's exact fractional parts of nφ (seed 002 §5–7) ---------------------------

// Packed negaFibonacci digits: bit k−1 is e_k. Every int64_t needs at most 93 digits.
// Seed 002 §5: for every integer n, nφ = floor(nφ) + Σ_k e_k φ^{-k}, where the e_k are the
// negaFibonacci digits of n; this packed form is Knuth's nphifrac.
u128 negafibonacci_bits(std::int64_t n);
// Σ bit_{k-1} F_{-k}; RangeError when the value does not fit an int64_t.
std::int64_t negafibonacci_bits_value(u128 bits);
// negafibonacci_bits(n + 1) from negafibonacci_bits(n) in a few bit operations (TAOCP
// 7.1.3–(149), seed 002 §6). `bits` must be canonical (no two adjacent 1s) and below 2^124
// (InputError otherwise), which covers every n with |n| < F_124.
u128 negafibonacci_successor(u128 bits);
// Whether Σ x_k φ^{-k} < Σ y_k φ^{-k} for canonical x, y (seed 002 §7, TAOCP 7.1.3 ex. 45):
// the digit strings compared from the right, i.e. at the lowest bit where they differ.
bool phi_fraction_less(u128 x, u128 y);

// ---- exact floors -------------------------------------------------------------------

// Integer square root: the largest r with r² ≤ n (n ≥ 0).
template <class Int>
Int isqrt(const Int& n);

// φ = (1 + √5)/2. floor(nφ) = (n + isqrt(5n²)) / 2 (A000201 for n ≥ 1),
// floor(nφ²) = floor(nφ) + n (A001950), floor(n/φ) = floor(nφ) − n. n ≥ 0.
// Ranges (the result must fit): floor_n_phi<uint64_t>: n ≤ 11400714819323198485;
// floor_n_phi2<uint64_t>: n ≤ 7046029254386353130; floor_n_phi<u128>:
// n ≤ 210306068529402873165736369884012333108; floor_n_phi2<u128>:
// n ≤ 129976298391535590297638237547755878347; floor_n_over_phi: every n.
template <class Int>
Int floor_n_phi(const Int& n);
template <class Int>
Int floor_n_phi2(const Int& n);
template <class Int>
Int floor_n_over_phi(const Int& n);

// ψ ≈ 1.839286755, the real root of x³ = x² + x + 1 (the Tribonacci constant), rounded: for
// pictures and printed estimates only (decisions use the exact floors below). φ is
// std::numbers::phi.
inline constexpr long double kPsi = 1.839286755214161132551852564653286600424L;

// floor(nψ^k) and floor(n/ψ^k) for power k = 1, 2, 3 (InputError otherwise), n ≥ 0, decided
// by the sign of the minimal polynomial of ψ^k (x³−x²−x−1, x³−3x²−x−1, x³−7x²+5x−1) or of
// 1/ψ^k (x³+x²+x−1, x³+x²+3x−1, x³−5x²+7x−1) at m/n: each has a single real root.
// Ranges of floor_n_psi: uint64_t n ≤ 10029292072818556814, 5452815905071189176,
// 2964636095819805624 for k = 1, 2, 3; u128 n ≤ 185007784107767897718562326254780980711,
// 100586699481901143923512642095294178880, 54687883331269421821299639081693051864.
// floor_n_over_psi: every n.
template <class Int>
Int floor_n_psi(const Int& n, unsigned power = 1);
template <class Int>
Int floor_n_over_psi(const Int& n, unsigned power = 1);

// ---- Tribonacci shifts against powers of ψ (seed 000 §5.5) -----------------------------

// Appending k zeros to (n)_T multiplies by about ψ^k: D_k(n) = [(n)_T 0^k]_T − ψ^k·n.
// Theorem 15 bounds D_1, D_2, D_3; its proof computes their extremes for n < T_19.
struct ShiftExtremes {
  std::uint64_t argmin = 0, argmax = 0;  // the first n where each extreme is reached
  double min = 0, max = 0;               // D_k there, for printing only
};
// The extremes of D_1, D_2, D_3 over 0 ≤ n < bound (1 ≤ bound ≤ 2^32), decided exactly:
// D_k(n) < D_k(n') for n > n' iff [(n)_T 0^k]_T − [(n')_T 0^k]_T ≤ floor(ψ^k (n − n')).
std::array<ShiftExtremes, 3> tribonacci_shift_extremes(std::uint64_t bound, const ProgressFn& progress = {});

}  // namespace qg
