// Zeckendorf, Tribonacci, negaFibonacci and binary representations, both directions, and
// Knuth's bit tricks on packed negaFibonacci digits (seed 002 §5–7).
#include <utility>

#include "detail.hpp"

namespace qg::numeration {

using namespace numeration_detail;

namespace {

template <class Int>
const char* type_range() {
  if constexpr (std::is_same_v<Int, std::uint64_t>) return "0 ≤ n ≤ 2^64 − 1";
  else if constexpr (std::is_same_v<Int, u128>) return "0 ≤ n ≤ 2^128 − 1";
  else if constexpr (std::is_same_v<Int, std::int64_t>) return "−2^63 ≤ n ≤ 2^63 − 1";
  else return "−2^127 ≤ n ≤ 2^127 − 1";
}

template <class Int>
[[noreturn]] void value_overflow(const char* name) {
  range_error(fn_name<Int>(name), std::string("the value does not fit (") + type_range<Int>() + ")");
}

// Digits '0'..max_digit only; InputError naming the first bad character (the user's words,
// not the function's: the digits usually come from a command line).
void validate(std::string_view digits, char max_digit) {
  for (char c : digits)
    if (c < '0' || c > max_digit)
      throw InputError("'" + std::string(1, c) + "' in '" + std::string(digits.substr(0, 200)) +
                       "' is not a digit (expected 0–" + std::string(1, max_digit) + ")");
}

std::string_view strip_leading_zeros(std::string_view digits) {
  auto first = digits.find_first_not_of('0');
  return first == std::string_view::npos ? std::string_view() : digits.substr(first);
}

std::string bits_to_digits(u128 bits) {
  if (bits == 0) return "0";
  int top = 127;
  while (!((bits >> top) & 1)) --top;
  std::string s;
  for (int j = top; j >= 0; --j) s.push_back(static_cast<char>('0' + static_cast<int>((bits >> j) & 1)));
  return s;
}

// Digit j (from the right) weighs w[first + j]. Scanning the weights downwards and taking
// each that fits is the greedy algorithm: after taking w[i] the remainder is below
// w[i+1] − w[i], which is less than w[i] for the Fibonacci and Tribonacci numbers.
template <class U, std::size_t N>
std::string table_greedy(U n, const std::array<U, N>& w, std::size_t first) {
  if (n == 0) return "0";
  std::size_t top = N - 1;
  while (w[top] > n) --top;
  std::string s;
  for (std::size_t i = top + 1; i-- > first;) {
    if (w[i] <= n) n -= w[i], s.push_back('1');
    else s.push_back('0');
  }
  return s;
}

template <class U, std::size_t N>
U table_value(std::string_view digits, const std::array<U, N>& w, std::size_t first, const char* name) {
  validate(digits, '9');
  U sum = 0;
  const std::size_t len = digits.size();
  for (std::size_t j = 0; j < len; ++j) {
    U d = static_cast<U>(digits[len - 1 - j] - '0');
    if (d == 0) continue;
    U term;
    if (first + j >= N || __builtin_mul_overflow(w[first + j], d, &term) || __builtin_add_overflow(sum, term, &sum))
      value_overflow<U>(name);
  }
  return sum;
}

// Rolling weights for GMP integers, so that memory stays proportional to n's size.
struct FibonacciWeights {  // a = F_{j+2}, b = F_{j+3}: the weight of digit j and the next
  mpz_class a = 1, b = 2;
  void up() {
    mpz_class c = a + b;
    a.swap(b), b.swap(c);
  }
  void down() {  // (a, b) ← (b − a, a)
    b -= a;
    a.swap(b);
  }
};
struct TribonacciWeights {  // a = T_j, b = T_{j+1}, c = T_{j+2}
  mpz_class a = 1, b = 2, c = 4;
  void up() {
    mpz_class d = a + b + c;
    a.swap(b), b.swap(c), c.swap(d);
  }
  void down() {  // (a, b, c) ← (c − b − a, a, b)
    c -= b;
    c -= a;
    a.swap(c), b.swap(c);
  }
};

template <class Weights>
std::string rolling_greedy(mpz_class n) {
  if (n == 0) return "0";
  Weights w;
  std::size_t j = 0;
  while (w.b <= n) w.up(), ++j;
  std::string s;
  for (;; --j) {
    if (w.a <= n) n -= w.a, s.push_back('1');
    else s.push_back('0');
    if (j == 0) break;
    w.down();
  }
  return s;
}

template <class Weights>
mpz_class rolling_value(std::string_view digits) {
  validate(digits, '9');
  digits = strip_leading_zeros(digits);
  Weights w;
  mpz_class sum = 0;
  for (std::size_t j = 0; j < digits.size(); ++j) {
    if (unsigned long d = static_cast<unsigned long>(digits[digits.size() - 1 - j] - '0')) sum += w.a * d;
    if (j + 1 < digits.size()) w.up();
  }
  return sum;
}

// NegaFibonacci (TAOCP 7.1.3–(147)). R_k, the integers written with positions 1..k, is
// [1 − F_k, F_{k+1}] for odd k and [1 − F_{k+1}, F_k] for even k, and R_k = R_{k−1} ⊔
// (F_{−k} + R_{k−2}); so digit k of n ∈ R_k is 1 exactly when n ∉ R_{k−1}.
// C is a type wide enough for F_{k+1}: i128 for 64-bit n, mpz_class beyond.
template <class C>
bool in_r(const C& n, unsigned k, const C& fk, const C& fk1) {
  return k % 2 ? (n >= C(1) - fk && n <= fk1) : (n >= C(1) - fk1 && n <= fk);
}

template <class C>
std::string negafibonacci_digits(C n) {
  if (n == 0) return "0";
  unsigned k = 0;
  C a = 0, b = 1;  // F_k, F_{k+1}
  while (!in_r(n, k, a, b)) {
    C c = a + b;
    a = b, b = c, ++k;
  }
  std::string s;
  for (unsigned j = k; j >= 1; --j) {  // n ∈ R_j, (a, b) = (F_j, F_{j+1})
    C previous = b - a;                // F_{j−1}
    if (in_r(n, j - 1, previous, a)) {
      s.push_back('0');
    } else {
      s.push_back('1');
      if (j % 2) n -= a;  // F_{−j} = (−1)^{j+1} F_j
      else n += a;
    }
    b = a, a = previous;
  }
  return s;
}

// Σ e_k F_{−k} for validated digits without leading zeros, in C.
template <class C>
C negafibonacci_sum(std::string_view digits) {
  C a = 1, b = 1, sum = 0;  // (F_k, F_{k+1}) for k = 1
  for (std::size_t k = 1; k <= digits.size(); ++k) {
    if (int d = digits[digits.size() - k] - '0') {
      if (k % 2) sum += a * d;
      else sum -= a * d;
    }
    C c = a + b;
    a = b, b = c;
  }
  return sum;
}

// With at most 150 digits every |F_k| stays below 2^105, so the sum fits an i128.
constexpr std::size_t kNegafibonacciI128Digits = 150;

}  // namespace

// ---- Zeckendorf -------------------------------------------------------------------

template <class Int>
std::string zeckendorf_representation(const Int& n) {
  if constexpr (std::is_same_v<Int, std::uint64_t>) return table_greedy(n, kFibonacci64, 2);
  else if constexpr (std::is_same_v<Int, u128>) return table_greedy(n, kFibonacci128, 2);
  else {
    require_natural(n, "zeckendorf_representation");
    return rolling_greedy<FibonacciWeights>(n);
  }
}

template <class Int>
Int zeckendorf_value(std::string_view digits) {
  if constexpr (std::is_same_v<Int, std::uint64_t>) return table_value(digits, kFibonacci64, 2, "zeckendorf_value");
  else if constexpr (std::is_same_v<Int, u128>) return table_value(digits, kFibonacci128, 2, "zeckendorf_value");
  else return rolling_value<FibonacciWeights>(digits);
}

// ---- Tribonacci -------------------------------------------------------------------

namespace {
// For a bit length L, the largest j with T_j < 2^L: where the greedy scan starts.
constexpr std::array<int, 65> tribonacci_top_by_length() {
  std::array<int, 65> top{};
  for (int length = 1; length <= 64; ++length) {
    const u128 limit = static_cast<u128>(1) << length;
    int j = 0;
    while (j + 1 < static_cast<int>(kTribonacci64.size()) && kTribonacci64[static_cast<std::size_t>(j) + 1] < limit)
      ++j;
    top[static_cast<std::size_t>(length)] = j;
  }
  return top;
}
constexpr auto kTribonacciTop = tribonacci_top_by_length();
}  // namespace

u128 tribonacci_bits(std::uint64_t n) {
  if (n == 0) return 0;
  int j = kTribonacciTop[static_cast<std::size_t>(64 - __builtin_clzll(n))];
  // Branch-free greedy scan (see table_greedy); the digits above bit 63 go to `high`.
  std::uint64_t high = 0, low = 0;
  for (; j >= 64; --j) {
    const std::uint64_t t = kTribonacci64[static_cast<std::size_t>(j)];
    const std::uint64_t take = n >= t;
    n -= t & (0 - take);
    high |= take << (j - 64);
  }
  for (; j >= 0; --j) {
    const std::uint64_t t = kTribonacci64[static_cast<std::size_t>(j)];
    const std::uint64_t take = n >= t;
    n -= t & (0 - take);
    low |= take << j;
  }
  return (static_cast<u128>(high) << 64) | low;
}

std::uint64_t tribonacci_bits_value(u128 bits) {
  auto overflow = [] { range_error("tribonacci_bits_value", "the value does not fit (0 ≤ n ≤ 2^64 − 1)"); };
  if (bits >> kTribonacci64.size()) overflow();
  // T_0 + … + T_63 < 2^57, so only the digits above bit 63 can overflow.
  std::uint64_t sum = 0;
  for (std::uint64_t low = static_cast<std::uint64_t>(bits); low; low &= low - 1)
    sum += kTribonacci64[static_cast<std::size_t>(__builtin_ctzll(low))];
  bool overflowed = false;
  for (std::uint64_t high = static_cast<std::uint64_t>(bits >> 64); high; high &= high - 1)
    overflowed |=
        __builtin_add_overflow(sum, kTribonacci64[64 + static_cast<std::size_t>(__builtin_ctzll(high))], &sum);
  if (overflowed) overflow();
  return sum;
}

template <class Int>
std::string tribonacci_representation(const Int& n) {
  if constexpr (std::is_same_v<Int, std::uint64_t>) return bits_to_digits(tribonacci_bits(n));
  else if constexpr (std::is_same_v<Int, u128>) return table_greedy(n, kTribonacci128, 0);
  else {
    require_natural(n, "tribonacci_representation");
    return rolling_greedy<TribonacciWeights>(n);
  }
}

template <class Int>
Int tribonacci_value(std::string_view digits) {
  if constexpr (std::is_same_v<Int, std::uint64_t>) return table_value(digits, kTribonacci64, 0, "tribonacci_value");
  else if constexpr (std::is_same_v<Int, u128>) return table_value(digits, kTribonacci128, 0, "tribonacci_value");
  else return rolling_value<TribonacciWeights>(digits);
}

// ---- negaFibonacci ----------------------------------------------------------------

template <class Int>
std::string negafibonacci_representation(const Int& n) {
  if constexpr (std::is_same_v<Int, std::int64_t>) return negafibonacci_digits<i128>(n);
  else if constexpr (std::is_same_v<Int, i128>) return negafibonacci_digits<mpz_class>(to_mpz(n));
  else return negafibonacci_digits<mpz_class>(n);
}

template <class Int>
Int negafibonacci_value(std::string_view digits) {
  validate(digits, '9');
  digits = strip_leading_zeros(digits);
  if (digits.size() <= kNegafibonacciI128Digits) {
    const i128 sum = negafibonacci_sum<i128>(digits);
    if constexpr (std::is_same_v<Int, std::int64_t>) {
      if (sum < INT64_MIN || sum > INT64_MAX) value_overflow<Int>("negafibonacci_value");
      return static_cast<std::int64_t>(sum);
    } else if constexpr (std::is_same_v<Int, i128>) {
      return sum;
    } else {
      return to_mpz(sum);
    }
  }
  mpz_class sum = negafibonacci_sum<mpz_class>(digits);
  if constexpr (std::is_same_v<Int, mpz_class>) {
    return sum;
  } else {
    const mpz_class below = sgn(sum) < 0 ? mpz_class(-sum - 1) : sum;  // |sum| or |sum| − 1: < 2^127 iff it fits
    if (mpz_sizeinbase(below.get_mpz_t(), 2) > 127) value_overflow<Int>("negafibonacci_value");
    const i128 value = to_i128(sum);
    if constexpr (std::is_same_v<Int, std::int64_t>)
      if (value < INT64_MIN || value > INT64_MAX) value_overflow<Int>("negafibonacci_value");
    return static_cast<Int>(value);
  }
}

u128 negafibonacci_bits(std::int64_t n) {
  u128 bits = 0;
  for (char c : negafibonacci_digits<i128>(n)) bits = (bits << 1) | static_cast<u128>(c - '0');
  return bits;
}

std::int64_t negafibonacci_bits_value(u128 bits) {
  i128 sum = 0;  // |F_k| < 2^88 for k ≤ 128, so 128 terms cannot overflow
  for (unsigned k = 1; bits; ++k, bits >>= 1)
    if (bits & 1) sum += (k % 2 ? 1 : -1) * static_cast<i128>(kFibonacci128[k]);
  if (sum < INT64_MIN || sum > INT64_MAX) value_overflow<std::int64_t>("negafibonacci_bits_value");
  return static_cast<std::int64_t>(sum);
}

u128 negafibonacci_successor(u128 x) {
  if ((x & (x >> 1)) != 0 || (x >> 124) != 0)
    throw InputError("negafibonacci_successor: the digits must have no two adjacent 1s and lie below bit 124");
  // Knuth's advance of nphifrac (seed 002 §6), widened to 128 bits.
  constexpr u128 alternate = (static_cast<u128>(0xaaaaaaaaaaaaaaaaULL) << 64) | 0xaaaaaaaaaaaaaaaaULL;
  const u128 y = x ^ alternate;
  u128 z = y ^ (y + 1);
  z |= x & (z << 1);
  return x ^ z ^ ((z + 1) >> 2);
}

bool phi_fraction_less(u128 x, u128 y) {
  // Rokicki's hack (seed 002 §7): d is the lowest bit where x and y differ.
  const u128 d = (x - y) & (y - x);
  return (d & y) != 0;
}

// ---- binary -----------------------------------------------------------------------

template <class Int>
std::string binary_representation(const Int& n) {
  if constexpr (std::is_same_v<Int, mpz_class>) {
    require_natural(n, "binary_representation");
    return n.get_str(2);
  } else {
    return bits_to_digits(n);
  }
}

template <class Int>
Int binary_value(std::string_view digits) {
  validate(digits, '1');
  digits = strip_leading_zeros(digits);
  if constexpr (std::is_same_v<Int, mpz_class>) {
    return digits.empty() ? mpz_class(0) : mpz_class(std::string(digits), 2);
  } else {
    if (digits.size() > sizeof(Int) * 8) value_overflow<Int>("binary_value");
    Int value = 0;
    for (char c : digits) value = (value << 1) | static_cast<Int>(c - '0');
    return value;
  }
}

#define QG_UNSIGNED(Int)                                           \
  template std::string zeckendorf_representation<Int>(const Int&); \
  template Int zeckendorf_value<Int>(std::string_view);            \
  template std::string tribonacci_representation<Int>(const Int&); \
  template Int tribonacci_value<Int>(std::string_view);            \
  template std::string binary_representation<Int>(const Int&);     \
  template Int binary_value<Int>(std::string_view);
QG_UNSIGNED(std::uint64_t)
QG_UNSIGNED(u128)
QG_UNSIGNED(mpz_class)
#undef QG_UNSIGNED

template std::string negafibonacci_representation<std::int64_t>(const std::int64_t&);
template std::string negafibonacci_representation<i128>(const i128&);
template std::string negafibonacci_representation<mpz_class>(const mpz_class&);
template std::int64_t negafibonacci_value<std::int64_t>(std::string_view);
template i128 negafibonacci_value<i128>(std::string_view);
template mpz_class negafibonacci_value<mpz_class>(std::string_view);

}  // namespace qg::numeration
