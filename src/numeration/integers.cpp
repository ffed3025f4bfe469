// Conversions between u128/i128 and GMP, and the Fibonacci and Tribonacci numbers.
#include "detail.hpp"

namespace qg::numeration {

using namespace numeration_detail;

mpz_class to_mpz(u128 value) {
  const std::uint64_t limbs[2] = {static_cast<std::uint64_t>(value >> 64), static_cast<std::uint64_t>(value)};
  mpz_class out;
  mpz_import(out.get_mpz_t(), 2, 1, sizeof(std::uint64_t), 0, 0, limbs);
  return out;
}

mpz_class to_mpz(i128 value) {
  // Negate in unsigned arithmetic so that the most negative value is handled too.
  if (value >= 0) return to_mpz(static_cast<u128>(value));
  mpz_class magnitude = to_mpz(static_cast<u128>(0) - static_cast<u128>(value));
  return -magnitude;
}

u128 to_u128(const mpz_class& value) {
  if (sgn(value) < 0 || mpz_sizeinbase(value.get_mpz_t(), 2) > 128)
    throw RangeError(value.get_str() + " does not fit in u128 (0 ≤ n < 2^128)");
  std::uint64_t limbs[2] = {0, 0};
  std::size_t count = 0;
  mpz_export(limbs, &count, -1, sizeof(std::uint64_t), 0, 0, value.get_mpz_t());
  return (static_cast<u128>(limbs[1]) << 64) | limbs[0];
}

i128 to_i128(const mpz_class& value) {
  mpz_class magnitude = abs(value);
  if (mpz_sizeinbase(magnitude.get_mpz_t(), 2) > 127 && !(sgn(value) < 0 && magnitude == mpz_class(1) << 127))
    throw RangeError(value.get_str() + " does not fit in i128 (-2^127 ≤ n < 2^127)");
  u128 m = to_u128(magnitude);
  return sgn(value) < 0 ? static_cast<i128>(static_cast<u128>(0) - m) : static_cast<i128>(m);
}

template <class Int>
Int fibonacci(unsigned k) {
  if constexpr (std::is_same_v<Int, mpz_class>) {
    mpz_class f;
    mpz_fib_ui(f.get_mpz_t(), k);
    return f;
  } else if constexpr (std::is_same_v<Int, std::uint64_t>) {
    if (k >= kFibonacci64.size()) range_error(fn_name<Int>("fibonacci"), "k must be ≤ 93");
    return kFibonacci64[k];
  } else {
    if (k >= kFibonacci128.size()) range_error(fn_name<Int>("fibonacci"), "k must be ≤ 186");
    return kFibonacci128[k];
  }
}

template <class Int>
Int tribonacci(int k) {
  if (k < -3) range_error(fn_name<Int>("tribonacci"), "k must be ≥ -3");
  if (k < 0) return Int(k == -1 ? 1 : 0);
  if constexpr (std::is_same_v<Int, mpz_class>) {
    mpz_class a = 0, b = 0, c = 1;  // T_{j-3}, T_{j-2}, T_{j-1} for j = 0
    for (int j = 0; j <= k; ++j) {
      mpz_class next = a + b + c;
      a = std::move(b), b = std::move(c), c = std::move(next);
    }
    return c;
  } else if constexpr (std::is_same_v<Int, std::uint64_t>) {
    if (static_cast<std::size_t>(k) >= kTribonacci64.size()) range_error(fn_name<Int>("tribonacci"), "k must be ≤ 72");
    return kTribonacci64[static_cast<std::size_t>(k)];
  } else {
    if (static_cast<std::size_t>(k) >= kTribonacci128.size())
      range_error(fn_name<Int>("tribonacci"), "k must be ≤ 145");
    return kTribonacci128[static_cast<std::size_t>(k)];
  }
}

template std::uint64_t fibonacci<std::uint64_t>(unsigned);
template u128 fibonacci<u128>(unsigned);
template mpz_class fibonacci<mpz_class>(unsigned);
template std::uint64_t tribonacci<std::uint64_t>(int);
template u128 tribonacci<u128>(int);
template mpz_class tribonacci<mpz_class>(int);

}  // namespace qg::numeration
