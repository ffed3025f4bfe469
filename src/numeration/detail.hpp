// Internals of the numeration module shared by its .cpp files: constexpr tables of the
// Fibonacci and Tribonacci numbers, type names for error messages, overflow reporting.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <string>
#include <type_traits>

#include "queengames/numeration.hpp"

namespace qg::numeration_detail {

template <class Int>
constexpr const char* type_name() {
  if constexpr (std::is_same_v<Int, std::uint64_t>) return "uint64_t";
  else if constexpr (std::is_same_v<Int, std::int64_t>) return "int64_t";
  else if constexpr (std::is_same_v<Int, u128>) return "u128";
  else if constexpr (std::is_same_v<Int, i128>) return "i128";
  else return "mpz_class";
}

// "name<type>" for messages, e.g. "floor_n_phi<uint64_t>".
template <class Int>
std::string fn_name(const char* name) {
  return std::string(name) + "<" + type_name<Int>() + ">";
}

[[noreturn]] inline void range_error(const std::string& function, const std::string& what) {
  throw RangeError(function + ": " + what);
}

// The GMP versions of the unsigned functions refuse negative n.
template <class Int>
void require_natural(const Int& n, const char* name) {
  if constexpr (std::is_same_v<Int, mpz_class>)
    if (sgn(n) < 0) range_error(fn_name<Int>(name), "n must be ≥ 0");
}

// F_0 … F_{N-1}.
template <class U, std::size_t N>
constexpr std::array<U, N> fibonacci_table() {
  std::array<U, N> f{};
  f[1] = 1;
  for (std::size_t k = 2; k < N; ++k) f[k] = f[k - 1] + f[k - 2];
  return f;
}
// T_0 … T_{N-1} in seed 000's indexing (T_0 = 1, T_1 = 2, T_2 = 4).
template <class U, std::size_t N>
constexpr std::array<U, N> tribonacci_table() {
  std::array<U, N> t{};
  t[0] = 1, t[1] = 2, t[2] = 4;
  for (std::size_t k = 3; k < N; ++k) t[k] = t[k - 1] + t[k - 2] + t[k - 3];
  return t;
}

// Exactly the values that fit: F_93 and T_72 are the last below 2^64, F_186 and T_145 the
// last below 2^128 (checked against GMP in the tests).
inline constexpr auto kFibonacci64 = fibonacci_table<std::uint64_t, 94>();
inline constexpr auto kFibonacci128 = fibonacci_table<u128, 187>();
inline constexpr auto kTribonacci64 = tribonacci_table<std::uint64_t, 73>();
inline constexpr auto kTribonacci128 = tribonacci_table<u128, 146>();

}  // namespace qg::numeration_detail
