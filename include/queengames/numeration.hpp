// queengames — exact numeration systems and exact floors of n·(irrational constant).
//
// Representations are strings of digits, most significant digit first, written the way
// the papers write them: (n)_T is tribonacci_representation(n), [E]_T is
// tribonacci_value<Int>(E), so Theorem 14 of seed 000 reads
//     A_n = tribonacci_value<Int>(tribonacci_representation(n - 1) + "0") + 1.
// The representation of 0 is "0" in every system; no other representation has a leading 0.
// The *_value functions accept any digit string of 0s and 1s, canonical or not.
//
// Every function is provided for Int = std::uint64_t, u128 and mpz_class (signed
// systems: std::int64_t, i128 and mpz_class). Fixed-width versions throw RangeError, whose
// message names the supported range, when a result or an intermediate would overflow.
// No floating point is used anywhere: floors are decided by exact integer comparisons.
#pragma once

#include <gmpxx.h>

#include <cstdint>
#include <string>
#include <string_view>

#include "queengames/common.hpp"

namespace qg {

// ---- number sequences -------------------------------------------------------------

// Fibonacci numbers F_k (F_0 = 0, F_1 = 1).
template <class Int> Int fibonacci(unsigned k);
// Tribonacci numbers in the indexing of seed 000 §5.1: T_{-3} = T_{-2} = 0, T_{-1} = 1,
// T_k = T_{k-1} + T_{k-2} + T_{k-3}; so T_0 = 1, T_1 = 2, T_2 = 4, T_3 = 7. k ≥ -3.
// (OEIS A000073(n) = T_{n-3}.)
template <class Int> Int tribonacci(int k);

// ---- representations (digit strings, most significant first) -----------------------

// Zeckendorf: n = Σ e_j F_{j+2} over the digits e_j counted from the right (j = 0, 1, …),
// no two adjacent 1s.
template <class Int> std::string zeckendorf_representation(const Int& n);
template <class Int> Int zeckendorf_value(std::string_view digits);

// Tribonacci (seed 000 §5.1): n = Σ e_j T_j over the digits counted from the right,
// greedy canonical form = the one with no 111.
template <class Int> std::string tribonacci_representation(const Int& n);
template <class Int> Int tribonacci_value(std::string_view digits);

// NegaFibonacci (seed 002 §5, TAOCP 7.1.3–(147)): every integer n = Σ e_k F_{-k}, k ≥ 1,
// with F_{-k} = (-1)^{k+1} F_k and no two adjacent 1s; the rightmost digit is e_1.
// Signed Int: std::int64_t, i128, mpz_class.
template <class Int> std::string negafibonacci_representation(const Int& n);
template <class Int> Int negafibonacci_value(std::string_view digits);

// Binary.
template <class Int> std::string binary_representation(const Int& n);
template <class Int> Int binary_value(std::string_view digits);

// Packed Tribonacci digits for the hot paths of 64-bit code: bit j is the coefficient of
// T_j. A 64-bit n needs at most 73 digits, so a u128 holds them.
u128 tribonacci_bits(std::uint64_t n);
// Σ bit_j T_j for any digit pattern (canonical or not); RangeError beyond 64 bits.
std::uint64_t tribonacci_bits_value(u128 bits);

// ---- exact floors -------------------------------------------------------------------

// Integer square root: the largest r with r² ≤ n.
template <class Int> Int isqrt(const Int& n);

// φ = (1 + √5)/2. floor(nφ) = (n + isqrt(5n²)) / 2 (A000201 for n ≥ 1),
// floor(nφ²) = floor(nφ) + n (A001950), floor(n/φ) = floor(nφ) − n.
template <class Int> Int floor_n_phi(const Int& n);
template <class Int> Int floor_n_phi2(const Int& n);
template <class Int> Int floor_n_over_phi(const Int& n);

// ψ ≈ 1.839286755, the real root of x³ = x² + x + 1 (the Tribonacci constant).
// floor(nψ^k) and floor(n/ψ^k) for k = 1, 2, 3, decided by the sign of a cubic with
// integer coefficients at a rational point.
template <class Int> Int floor_n_psi(const Int& n, unsigned power = 1);
template <class Int> Int floor_n_over_psi(const Int& n, unsigned power = 1);

}  // namespace qg
