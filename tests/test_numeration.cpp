// Tests of the numeration module: every fast route against a brute force or GMP route, the
// 2^63 / 2^64 / 2^127 / 2^128 boundaries, refusals, and the examples of seeds 000 and 002.
#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <random>
#include <set>
#include <string>
#include <vector>

#include "queengames/catalog.hpp"
#include "queengames/numeration.hpp"

using namespace qg;
using namespace qg::numeration;
using std::int64_t;
using std::uint64_t;

namespace {

#ifdef QG_SANITIZED
constexpr uint64_t kScale = 10;  // the sanitizer build runs the big loops 10 times shorter
#else
constexpr uint64_t kScale = 1;
#endif

mpz_class pow2(unsigned k) { return mpz_class(1) << k; }
mpz_class big(uint64_t v) { return mpz_class(static_cast<unsigned long>(v)); }

// Brute force: every string of `length` digits over {0,1} without the forbidden factor.
std::vector<std::string> strings_without(const std::string& forbidden, int length) {
  std::vector<std::string> out;
  for (uint64_t x = 0; x < (uint64_t{1} << length); ++x) {
    std::string s;
    for (int j = length - 1; j >= 0; --j) s.push_back(static_cast<char>('0' + ((x >> j) & 1)));
    if (s.find(forbidden) == std::string::npos) out.push_back(s);
  }
  return out;
}
std::string strip(const std::string& s) {
  auto p = s.find_first_not_of('0');
  return p == std::string::npos ? "0" : s.substr(p);
}

// The numbers the boundary tests go through: around 2^63, 2^64, 2^127, 2^128 and some small ones.
std::vector<mpz_class> boundary_values() {
  std::vector<mpz_class> v;
  for (unsigned k : {1u, 2u, 10u, 31u, 32u, 63u, 64u, 100u, 127u, 128u})
    for (int d = -2; d <= 2; ++d)
      if (pow2(k) + d >= 0) v.push_back(pow2(k) + d);
  v.push_back(0);
  return v;
}

const mpz_class kU64Max = pow2(64) - 1;
const mpz_class kU128Max = pow2(128) - 1;

// ψ-family polynomials, written out independently of the library: sign of m − n·c.
int cubic_sign(const std::string& c, const mpz_class& m, const mpz_class& n) {
  static const std::map<std::string, std::vector<int>> poly = {{"psi", {1, -1, -1, -1}},  {"psi2", {1, -3, -1, -1}},
                                                               {"psi3", {1, -7, 5, -1}},  {"1/psi", {1, 1, 1, -1}},
                                                               {"1/psi2", {1, 1, 3, -1}}, {"1/psi3", {1, -5, 7, -1}}};
  const auto& p = poly.at(c);
  mpz_class v = p[0] * m * m * m + p[1] * m * m * n + p[2] * m * n * n + p[3] * n * n * n;
  return sgn(v);
}
// m = floor(n·c) iff m < n·c < m + 1.
void expect_cubic_floor(const std::string& c, const mpz_class& n, const mpz_class& m) {
  if (n == 0) {
    EXPECT_EQ(m, 0);
    return;
  }
  EXPECT_LT(cubic_sign(c, m, n), 0) << c << " n=" << n << " m=" << m;
  EXPECT_GT(cubic_sign(c, m + 1, n), 0) << c << " n=" << n << " m=" << m;
}
// m = floor(nφ) iff 2m − n < n√5 < 2m + 2 − n: compare squares (both sides ≥ 0 for n ≥ 1).
void expect_phi_floor(const mpz_class& n, const mpz_class& m) {
  const mpz_class five_n2 = 5 * n * n, low = 2 * m - n, high = 2 * m + 2 - n;
  EXPECT_TRUE(low < 0 || low * low < five_n2) << "n=" << n;
  EXPECT_GT(high * high, five_n2) << "n=" << n;
}

mpz_class psi_floor(const std::string& c, const mpz_class& n) {
  unsigned k = c.back() == 'i' ? 1 : static_cast<unsigned>(c.back() - '0');
  return c[0] == '1' ? floor_n_over_psi<mpz_class>(n, k) : floor_n_psi<mpz_class>(n, k);
}
const std::vector<std::string> kPsiConstants = {"psi", "psi2", "psi3", "1/psi", "1/psi2", "1/psi3"};

template <class F>
void expect_range_error(F f, const std::string& needle) {
  try {
    f();
    ADD_FAILURE() << "no RangeError (expected one mentioning '" << needle << "')";
  } catch (const RangeError& e) {
    EXPECT_NE(std::string(e.what()).find(needle), std::string::npos) << e.what();
  }
}

}  // namespace

// ---- sequences ----------------------------------------------------------------------

TEST(Sequences, FibonacciAndTribonacciAgainstGmpRecurrences) {
  mpz_class f0 = 0, f1 = 1;
  for (unsigned k = 0; k <= 200; ++k) {
    EXPECT_EQ(fibonacci<mpz_class>(k), f0);
    if (f0 <= kU64Max) {
      EXPECT_EQ(to_mpz(static_cast<u128>(fibonacci<uint64_t>(k))), f0);
    } else {
      EXPECT_THROW(fibonacci<uint64_t>(k), RangeError);
    }
    if (f0 <= kU128Max) {
      EXPECT_EQ(to_mpz(fibonacci<u128>(k)), f0);
    } else {
      EXPECT_THROW(fibonacci<u128>(k), RangeError);
    }
    mpz_class next = f0 + f1;
    f0 = f1, f1 = next;
  }
  // seed 000 §5.1: T_{-3} = T_{-2} = 0, T_{-1} = 1, T_0 = 1, T_1 = 2, T_2 = 4, T_3 = 7; T_19 = 121415 (§5.5).
  EXPECT_EQ(tribonacci<uint64_t>(-3), 0u);
  EXPECT_EQ(tribonacci<uint64_t>(-2), 0u);
  EXPECT_EQ(tribonacci<uint64_t>(-1), 1u);
  EXPECT_EQ(tribonacci<uint64_t>(3), 7u);
  EXPECT_EQ(tribonacci<uint64_t>(19), 121415u);
  EXPECT_THROW(tribonacci<uint64_t>(-4), RangeError);
  mpz_class a = 0, b = 0, c = 1;
  for (int k = 0; k <= 160; ++k) {
    mpz_class t = a + b + c;
    a = b, b = c, c = t;
    EXPECT_EQ(tribonacci<mpz_class>(k), t);
    if (t <= kU64Max) {
      EXPECT_EQ(big(tribonacci<uint64_t>(k)), t);
    } else {
      expect_range_error([k] { tribonacci<uint64_t>(k); }, "k must be ≤ 72");
    }
    if (t <= kU128Max) {
      EXPECT_EQ(to_mpz(tribonacci<u128>(k)), t);
    } else {
      expect_range_error([k] { tribonacci<u128>(k); }, "k must be ≤ 145");
    }
  }
}

TEST(Conversions, U128AndI128RoundTripsAtTheBoundaries) {
  for (const auto& v : boundary_values()) {
    if (v <= kU128Max) {
      EXPECT_EQ(to_mpz(to_u128(v)), v);
    } else {
      EXPECT_THROW(to_u128(v), RangeError);
    }
    for (const mpz_class& s : {mpz_class(v), mpz_class(-v)}) {
      if (s >= -pow2(127) && s < pow2(127)) {
        EXPECT_EQ(to_mpz(to_i128(s)), s);
      } else {
        EXPECT_THROW(to_i128(s), RangeError);
      }
    }
  }
  EXPECT_THROW(to_u128(mpz_class(-1)), RangeError);
  EXPECT_EQ(to_string(to_i128(-pow2(127))), "-170141183460469231731687303715884105728");
}

// ---- Tribonacci representation (seed 000 §5.1) ---------------------------------------

TEST(Tribonacci, PaperExamples) {
  // §5.1: 111 and 1000 both represent 7, only the latter is canonical.
  EXPECT_EQ(tribonacci_representation<uint64_t>(7), "1000");
  EXPECT_EQ(tribonacci_value<uint64_t>("111"), 7u);
  EXPECT_EQ(tribonacci_value<uint64_t>("1000"), 7u);
  // After Lemma 3: [20]_T = [100]_T = 4 but [200]_T = 8 ≠ [1000]_T = 7.
  EXPECT_EQ(tribonacci_value<uint64_t>("20"), 4u);
  EXPECT_EQ(tribonacci_value<uint64_t>("100"), 4u);
  EXPECT_EQ(tribonacci_value<uint64_t>("200"), 8u);
  EXPECT_EQ(tribonacci_value<mpz_class>("200"), 8);
  // Proof of Lemma 3: 1011011101 normalizes to 1100000001.
  const uint64_t v = tribonacci_value<uint64_t>("1011011101");
  EXPECT_EQ(tribonacci_representation<uint64_t>(v), "1100000001");
  EXPECT_EQ(tribonacci_value<uint64_t>("1100000001"), v);
  // Theorem 14 as the header writes it: A_n = [(n−1)_T 0]_T + 1; A_1..A_5 = 1, 3, 5, 7, 8 (Table 2).
  const uint64_t a[] = {1, 3, 5, 7, 8};
  for (uint64_t n = 1; n <= 5; ++n)
    EXPECT_EQ(tribonacci_value<uint64_t>(tribonacci_representation<uint64_t>(n - 1) + "0") + 1, a[n - 1]);
  EXPECT_EQ(tribonacci_representation<uint64_t>(0), "0");
  EXPECT_EQ(tribonacci_value<uint64_t>(""), 0u);  // [e_1 ⋯ e_{i−1}]_T for i = 1
}

TEST(Tribonacci, GreedyIsTheUniqueRepresentationWithoutOneOneOne) {
  // Brute force: the strings of length 18 without 111 are exactly the canonical
  // representations of 0 .. T_18 − 1, each once.
  const auto strings = strings_without("111", 18);
  ASSERT_EQ(strings.size(), tribonacci<uint64_t>(18));
  std::vector<bool> seen(strings.size(), false);
  for (const auto& s : strings) {
    const uint64_t v = tribonacci_value<uint64_t>(s);
    ASSERT_LT(v, strings.size());
    EXPECT_FALSE(seen[v]) << s;
    seen[v] = true;
    EXPECT_EQ(tribonacci_representation<uint64_t>(v), strip(s));
    EXPECT_EQ(tribonacci_representation<u128>(v), strip(s));
    EXPECT_EQ(tribonacci_representation<mpz_class>(big(v)), strip(s));
  }
}

TEST(Tribonacci, BitsAgreeWithStringsAndRoundTrip) {
  std::mt19937_64 rng(1);
  for (uint64_t i = 0; i < 300000 / kScale; ++i) {
    const uint64_t n = i < 100000 / kScale ? i : rng() >> (rng() % 64);
    const u128 bits = tribonacci_bits(n);
    EXPECT_EQ(tribonacci_bits_value(bits), n);
    EXPECT_EQ(bits & (bits >> 1) & (bits >> 2), 0u) << n;  // no 111
    if (i % 64 == 0) {
      const std::string s = tribonacci_representation<uint64_t>(n);
      EXPECT_EQ(s, binary_representation<u128>(bits));
      EXPECT_EQ(tribonacci_value<uint64_t>(s), n);
    }
  }
}

TEST(Tribonacci, AllWidthsAgreeAtTheBoundaries) {
  for (const auto& n : boundary_values()) {
    const std::string s = tribonacci_representation<mpz_class>(n);
    EXPECT_EQ(s.find("111"), std::string::npos);
    EXPECT_EQ(tribonacci_value<mpz_class>(s), n);
    if (n <= kU128Max) {
      EXPECT_EQ(tribonacci_representation<u128>(to_u128(n)), s);
      EXPECT_EQ(tribonacci_value<u128>(s), to_u128(n));
    } else {
      expect_range_error([&] { tribonacci_value<u128>(s); }, "tribonacci_value<u128>");
    }
    if (n <= kU64Max) {
      EXPECT_EQ(tribonacci_representation<uint64_t>(n.get_ui()), s);
      EXPECT_EQ(tribonacci_value<uint64_t>(s), n.get_ui());
    } else {
      expect_range_error([&] { tribonacci_value<uint64_t>(s); }, "2^64 − 1");
    }
  }
  EXPECT_EQ(tribonacci_representation<uint64_t>(UINT64_MAX).size(), 73u);  // the header's "73 digits"
  EXPECT_EQ(tribonacci_representation<mpz_class>(pow2(1000)).size(),
            tribonacci_representation<mpz_class>(pow2(1000) - 1).size());
}

TEST(Tribonacci, PackedValueRefusesWhatExceeds64Bits) {
  // Σ of chosen T_j against GMP: refuse exactly when the sum passes 2^64 − 1.
  const std::vector<u128> patterns = {u128{1} << 72,
                                      (u128{1} << 72) | (u128{1} << 71),
                                      (u128{1} << 72) | (u128{1} << 70) | (u128{1} << 68),
                                      u128{1} << 73,
                                      (u128{1} << 73) - 1,
                                      tribonacci_bits(UINT64_MAX)};
  for (u128 bits : patterns) {
    mpz_class sum = 0;
    for (int j = 0; j < 128; ++j)
      if ((bits >> j) & 1) sum += tribonacci<mpz_class>(j);
    if (sum <= kU64Max) {
      EXPECT_EQ(big(tribonacci_bits_value(bits)), sum);
    } else {
      expect_range_error([bits] { tribonacci_bits_value(bits); }, "tribonacci_bits_value");
    }
  }
  EXPECT_EQ(tribonacci_bits_value(tribonacci_bits(UINT64_MAX)), UINT64_MAX);
}

// ---- Zeckendorf ------------------------------------------------------------------------

TEST(Zeckendorf, GreedyIsTheUniqueRepresentationWithoutOneOne) {
  const auto strings = strings_without("11", 20);
  ASSERT_EQ(strings.size(), fibonacci<uint64_t>(22));
  std::set<uint64_t> values;
  for (const auto& s : strings) {
    const uint64_t v = zeckendorf_value<uint64_t>(s);
    EXPECT_TRUE(values.insert(v).second) << s;
    EXPECT_EQ(zeckendorf_representation<uint64_t>(v), strip(s));
    EXPECT_EQ(zeckendorf_representation<u128>(v), strip(s));
    EXPECT_EQ(zeckendorf_representation<mpz_class>(big(v)), strip(s));
  }
  EXPECT_EQ(*values.rbegin(), fibonacci<uint64_t>(22) - 1);
  EXPECT_EQ(zeckendorf_representation<uint64_t>(100), "1000010100");  // 100 = 89 + 8 + 3
}

TEST(Zeckendorf, AllWidthsAgreeAtTheBoundaries) {
  for (const auto& n : boundary_values()) {
    const std::string s = zeckendorf_representation<mpz_class>(n);
    EXPECT_EQ(s.find("11"), std::string::npos);
    EXPECT_EQ(zeckendorf_value<mpz_class>(s), n);
    if (n <= kU128Max) {
      EXPECT_EQ(zeckendorf_representation<u128>(to_u128(n)), s);
      EXPECT_EQ(zeckendorf_value<u128>(s), to_u128(n));
    } else {
      expect_range_error([&] { zeckendorf_value<u128>(s); }, "zeckendorf_value<u128>");
    }
    if (n <= kU64Max) {
      EXPECT_EQ(zeckendorf_representation<uint64_t>(n.get_ui()), s);
      EXPECT_EQ(zeckendorf_value<uint64_t>(s), n.get_ui());
    } else {
      expect_range_error([&] { zeckendorf_value<uint64_t>(s); }, "zeckendorf_value<uint64_t>");
    }
  }
}

// ---- binary ------------------------------------------------------------------------

TEST(Binary, BoundariesAndRefusals) {
  for (const auto& n : boundary_values()) {
    const std::string s = n.get_str(2);
    EXPECT_EQ(binary_representation<mpz_class>(n), s);
    EXPECT_EQ(binary_value<mpz_class>("000" + s), n);
    if (n <= kU128Max) {
      EXPECT_EQ(binary_representation<u128>(to_u128(n)), s);
      EXPECT_EQ(binary_value<u128>(s), to_u128(n));
    } else {
      expect_range_error([&] { binary_value<u128>(s); }, "binary_value<u128>");
    }
    if (n <= kU64Max) {
      EXPECT_EQ(binary_value<uint64_t>(s), n.get_ui());
    } else {
      expect_range_error([&] { binary_value<uint64_t>(s); }, "2^64 − 1");
    }
  }
  EXPECT_EQ(binary_value<uint64_t>(""), 0u);
  EXPECT_THROW(binary_value<uint64_t>("102"), InputError);
  EXPECT_THROW(tribonacci_value<uint64_t>("1a0"), InputError);
  EXPECT_THROW(zeckendorf_value<mpz_class>("-1"), InputError);
  EXPECT_THROW(negafibonacci_value<int64_t>("1 0"), InputError);
  EXPECT_THROW(tribonacci_representation<mpz_class>(mpz_class(-1)), RangeError);
}

// ---- negaFibonacci (seed 002 §5–7) -------------------------------------------------

TEST(NegaFibonacci, PaperExampleNine) {
  // Seed 002 §5: 9 = F_{−7} + F_{−4} + F_{−2}, and 9φ = 14 + φ^{−2} + φ^{−4} + φ^{−7}.
  EXPECT_EQ(negafibonacci_representation<int64_t>(9), "1001010");
  EXPECT_EQ(negafibonacci_bits(9), (u128{1} << 6) | (u128{1} << 3) | (u128{1} << 1));
  EXPECT_EQ(floor_n_phi<uint64_t>(9), 14u);
  // The text prints "(F_6 − F_4 − F_2)φ = F_7 − F_5 − F_3 − …"; with F_{−k} = (−1)^{k+1} F_k
  // the sum is 9 = F_7 − F_4 − F_2 and the integer part F_8 − F_5 − F_3 = 21 − 5 − 2 = 14: we
  // read the first index as a misprint of 7 (and F_7 − F_5 − F_3 = 6 as one of F_8 − …).
  EXPECT_EQ(fibonacci<uint64_t>(7) - fibonacci<uint64_t>(4) - fibonacci<uint64_t>(2), 9u);
  EXPECT_EQ(fibonacci<uint64_t>(8) - fibonacci<uint64_t>(5) - fibonacci<uint64_t>(3), 14u);
}

TEST(NegaFibonacci, UniqueRepresentationOfEveryInteger) {
  // Brute force: the strings of length 20 without 11 represent each integer of
  // [1 − F_21, F_20] (TAOCP 7.1.3–(147)) exactly once.
  const auto strings = strings_without("11", 20);
  std::set<int64_t> values;
  for (const auto& s : strings) {
    const int64_t v = negafibonacci_value<int64_t>(s);
    EXPECT_TRUE(values.insert(v).second) << s;
    EXPECT_EQ(negafibonacci_representation<int64_t>(v), strip(s));
    EXPECT_EQ(negafibonacci_representation<i128>(v), strip(s));
    EXPECT_EQ(negafibonacci_representation<mpz_class>(mpz_class(static_cast<long>(v))), strip(s));
    EXPECT_EQ(negafibonacci_bits_value(negafibonacci_bits(v)), v);
  }
  EXPECT_EQ(*values.begin(), 1 - static_cast<int64_t>(fibonacci<uint64_t>(21)));
  EXPECT_EQ(*values.rbegin(), static_cast<int64_t>(fibonacci<uint64_t>(20)));
  EXPECT_EQ(values.size(), strings.size());
}

TEST(NegaFibonacci, AllWidthsAgreeAtTheBoundaries) {
  for (const auto& magnitude : boundary_values())
    for (const mpz_class& n : {mpz_class(magnitude), mpz_class(-magnitude)}) {
      const std::string s = negafibonacci_representation<mpz_class>(n);
      EXPECT_EQ(s.find("11"), std::string::npos);
      EXPECT_EQ(negafibonacci_value<mpz_class>(s), n);
      if (n >= -pow2(127) && n < pow2(127)) {
        EXPECT_EQ(negafibonacci_representation<i128>(to_i128(n)), s);
        EXPECT_EQ(negafibonacci_value<i128>(s), to_i128(n));
      } else {
        expect_range_error([&] { negafibonacci_value<i128>(s); }, "negafibonacci_value<i128>");
      }
      if (n >= -pow2(63) && n < pow2(63)) {
        const int64_t v = static_cast<int64_t>(to_i128(n));
        EXPECT_EQ(negafibonacci_representation<int64_t>(v), s);
        EXPECT_EQ(negafibonacci_value<int64_t>(s), v);
        EXPECT_EQ(negafibonacci_bits_value(negafibonacci_bits(v)), v);
      } else {
        expect_range_error([&] { negafibonacci_value<int64_t>(s); }, "negafibonacci_value<int64_t>");
      }
    }
  EXPECT_LE(negafibonacci_representation<int64_t>(INT64_MAX).size(), 93u);
  EXPECT_LE(negafibonacci_representation<int64_t>(INT64_MIN).size(), 93u);
  // A long non-canonical string: F_{−201} + F_{−200} = F_201 − F_200 fits no fixed width
  // term by term; the GMP route takes it.
  std::string longer = "11" + std::string(199, '0');
  mpz_class expected = fibonacci<mpz_class>(201) * (201 % 2 ? 1 : -1) + fibonacci<mpz_class>(200) * (200 % 2 ? 1 : -1);
  EXPECT_EQ(negafibonacci_value<mpz_class>(longer), expected);
  EXPECT_EQ(negafibonacci_value<int64_t>("0000" + negafibonacci_representation<int64_t>(-12345)), -12345);
}

TEST(NegaFibonacci, KnuthsFractionOfNPhi) {
  // Seed 002 §5: nφ = Σ_k e_k (−1)^{k+1} F_{k+1} + Σ_k e_k φ^{−k}, the second sum in [0, 1);
  // so floor(nφ) is the first sum. §6: floor((n+1)φ) − floor(nφ) = 1 + [e_1 or e_2], and the
  // successor step gives the digits of n + 1.
  for (int64_t n = -30000; n <= 30000 * static_cast<int64_t>(10 / kScale); ++n) {
    const u128 bits = negafibonacci_bits(n);
    if (n >= 0) {
      int64_t integer = 0;
      for (unsigned k = 1; k < 100; ++k)
        if ((bits >> (k - 1)) & 1) integer += (k % 2 ? 1 : -1) * static_cast<int64_t>(fibonacci<uint64_t>(k + 1));
      ASSERT_EQ(integer, static_cast<int64_t>(floor_n_phi<uint64_t>(static_cast<uint64_t>(n)))) << n;
      EXPECT_EQ(floor_n_phi<uint64_t>(n + 1) - floor_n_phi<uint64_t>(n), (bits & 3) ? 2u : 1u) << n;
    }
    ASSERT_EQ(negafibonacci_successor(bits), negafibonacci_bits(n + 1)) << n;
  }
  // Large patterns: the successor against GMP, up to the documented limit 2^124.
  std::mt19937_64 rng(2);
  for (int i = 0; i < 2000; ++i) {
    mpz_class n = (mpz_class(static_cast<unsigned long>(rng())) << 64) + static_cast<unsigned long>(rng());
    n >>= 44 + static_cast<unsigned>(rng() % 80);  // |n| < 2^84: far below F_124
    if (i % 2) n = -n;
    const u128 bits = to_u128(binary_value<mpz_class>(negafibonacci_representation<mpz_class>(n)));
    const std::string next = binary_representation<u128>(negafibonacci_successor(bits));
    EXPECT_EQ(next, negafibonacci_representation<mpz_class>(n + 1)) << n;
  }
  const u128 top =
      to_u128(binary_value<mpz_class>(negafibonacci_representation<mpz_class>(fibonacci<mpz_class>(124) - 1)));
  EXPECT_EQ(binary_representation<u128>(negafibonacci_successor(top)),
            negafibonacci_representation<mpz_class>(fibonacci<mpz_class>(124)));
  EXPECT_THROW(negafibonacci_successor(3), InputError);
  EXPECT_THROW(negafibonacci_successor(u128{1} << 124), InputError);
}

TEST(NegaFibonacci, ComparingFractionsRightToLeft) {
  // Seed 002 §7: compfrac orders the fractional parts {nφ} by the digit strings read from
  // the right. Exact reference: {xφ} < {yφ} iff (x − y)φ < floor(xφ) − floor(yφ).
  auto less = [](int64_t x, int64_t y) {
    const int64_t a = static_cast<int64_t>(floor_n_phi<uint64_t>(x)) - static_cast<int64_t>(floor_n_phi<uint64_t>(y));
    const int64_t b = x - y;  // a − bφ > 0 ⟺ a > floor(bφ) for b > 0, a ≥ −floor(|b|φ) for b < 0
    if (b > 0) return a > static_cast<int64_t>(floor_n_phi<uint64_t>(b));
    return a >= -static_cast<int64_t>(floor_n_phi<uint64_t>(-b));
  };
  std::mt19937_64 rng(3);
  for (int i = 0; i < 20000; ++i) {
    const int64_t x = static_cast<int64_t>(rng() % 1000000), y = static_cast<int64_t>(rng() % 1000000);
    if (x == y) continue;
    EXPECT_EQ(phi_fraction_less(negafibonacci_bits(x), negafibonacci_bits(y)), less(x, y)) << x << " " << y;
  }
  EXPECT_FALSE(phi_fraction_less(negafibonacci_bits(5), negafibonacci_bits(5)));
}

// ---- floors ------------------------------------------------------------------------

TEST(Floors, IsqrtAtTheBoundaries) {
  for (const auto& n : boundary_values()) {
    mpz_class r = isqrt<mpz_class>(n);
    EXPECT_TRUE(r * r <= n && (r + 1) * (r + 1) > n);
    if (n <= kU128Max) {
      EXPECT_EQ(to_mpz(isqrt<u128>(to_u128(n))), r);
    }
    if (n <= kU64Max) {
      EXPECT_EQ(big(isqrt<uint64_t>(n.get_ui())), r);
    }
  }
  for (uint64_t n = 0; n < 100000; ++n) {
    const uint64_t r = isqrt<uint64_t>(n);
    ASSERT_TRUE(r * r <= n && (r + 1) * (r + 1) > n) << n;
  }
  EXPECT_EQ(isqrt<uint64_t>(UINT64_MAX), 4294967295u);
}

TEST(Floors, PhiExhaustivelyAgainstSquares) {
  // A000201, A001950 and floor(n/φ) by comparing m² with 5n² directly.
  for (uint64_t n = 1; n < 1000000 / kScale; ++n) {
    const uint64_t m = floor_n_phi<uint64_t>(n);
    const int64_t low = 2 * static_cast<int64_t>(m) - static_cast<int64_t>(n);
    ASSERT_TRUE(static_cast<u128>(low) * low < u128{5} * n * n) << n;
    ASSERT_GT(static_cast<u128>(low + 2) * (low + 2), u128{5} * n * n) << n;
    ASSERT_EQ(floor_n_phi2<uint64_t>(n), m + n);
    ASSERT_EQ(floor_n_over_phi<uint64_t>(n), m - n);
  }
  EXPECT_EQ(floor_n_phi<uint64_t>(0), 0u);
}

TEST(Floors, PhiAllWidthsAgainstGmp) {
  std::vector<mpz_class> values = boundary_values();
  std::mt19937_64 rng(4);
  for (int i = 0; i < 20000; ++i) {
    mpz_class v = (mpz_class(static_cast<unsigned long>(rng())) << 64) + static_cast<unsigned long>(rng());
    values.push_back(v >> static_cast<unsigned>(rng() % 128));
  }
  values.push_back(mpz_class("11400714819323198485"));
  values.push_back(mpz_class("11400714819323198486"));
  values.push_back(mpz_class("7046029254386353130"));
  values.push_back(mpz_class("7046029254386353131"));
  values.push_back(mpz_class("210306068529402873165736369884012333108"));
  values.push_back(mpz_class("210306068529402873165736369884012333109"));
  values.push_back(mpz_class("129976298391535590297638237547755878347"));
  values.push_back(mpz_class("129976298391535590297638237547755878348"));
  for (const auto& n : values) {
    const mpz_class m = floor_n_phi<mpz_class>(n);
    if (n > 0) expect_phi_floor(n, m);
    EXPECT_EQ(floor_n_phi2<mpz_class>(n), m + n);
    EXPECT_EQ(floor_n_over_phi<mpz_class>(n), m - n);
    if (n <= kU128Max) {
      const u128 u = to_u128(n);
      EXPECT_EQ(to_mpz(floor_n_over_phi<u128>(u)), m - n);
      if (m <= kU128Max) {
        EXPECT_EQ(to_mpz(floor_n_phi<u128>(u)), m);
      } else {
        expect_range_error([u] { floor_n_phi<u128>(u); }, "n must be ≤ 210306068529402873165736369884012333108");
      }
      if (m + n <= kU128Max) {
        EXPECT_EQ(to_mpz(floor_n_phi2<u128>(u)), m + n);
      } else {
        expect_range_error([u] { floor_n_phi2<u128>(u); }, "floor_n_phi2<u128>");
      }
    }
    if (n <= kU64Max) {
      const uint64_t u = n.get_ui();
      EXPECT_EQ(big(floor_n_over_phi<uint64_t>(u)), m - n);
      if (m <= kU64Max) {
        EXPECT_EQ(big(floor_n_phi<uint64_t>(u)), m);
      } else
        expect_range_error([u] { floor_n_phi<uint64_t>(u); },
                           "floor_n_phi<uint64_t>: n must be ≤ 11400714819323198485");
      if (m + n <= kU64Max) {
        EXPECT_EQ(big(floor_n_phi2<uint64_t>(u)), m + n);
      } else {
        expect_range_error([u] { floor_n_phi2<uint64_t>(u); }, "n must be ≤ 7046029254386353130");
      }
    }
  }
  // floor(2^100 φ), the tour's example, by the formula itself.
  EXPECT_EQ(floor_n_phi<mpz_class>(pow2(100)).get_str(), "2051101757028480383117165331973");
  EXPECT_THROW(floor_n_phi<mpz_class>(mpz_class(-1)), RangeError);
}

TEST(Floors, PsiExhaustivelyAgainstTheCubics) {
  for (const auto& c : kPsiConstants) {
    unsigned k = c.back() == 'i' ? 1 : static_cast<unsigned>(c.back() - '0');
    const bool inverse = c[0] == '1';
    uint64_t previous = 0;
    for (uint64_t n = 0; n < 30000 / kScale; ++n) {
      const uint64_t m = inverse ? floor_n_over_psi<uint64_t>(n, k) : floor_n_psi<uint64_t>(n, k);
      if (n % 97 == 0) expect_cubic_floor(c, big(n), big(m));
      ASSERT_GE(m, previous);  // monotone, and steps by floor(c) or floor(c) + 1
      previous = m;
    }
  }
  // Seed 000 Theorem 16 at n = 1..11 against Table 2: floor(ψn) − 1 ≤ A_n ≤ floor(ψn) + 1.
  const uint64_t a[] = {1, 3, 5, 7, 8, 10, 12, 14, 16, 18, 20};
  for (uint64_t n = 1; n <= 11; ++n) {
    EXPECT_LE(a[n - 1], floor_n_psi<uint64_t>(n, 1) + 1);
    EXPECT_GE(a[n - 1] + 1, floor_n_psi<uint64_t>(n, 1));
  }
}

TEST(Floors, PsiAllWidthsAgainstGmpAndTheCubics) {
  std::vector<mpz_class> values = boundary_values();
  std::mt19937_64 rng(5);
  for (int i = 0; i < 3000; ++i) {
    mpz_class v = (mpz_class(static_cast<unsigned long>(rng())) << 64) + static_cast<unsigned long>(rng());
    values.push_back(v >> static_cast<unsigned>(rng() % 128));
  }
  values.push_back(pow2(1000) + 12345);  // Newton's steps
  const char* max64[] = {"10029292072818556814", "5452815905071189176", "2964636095819805624"};
  const char* max128[] = {"185007784107767897718562326254780980711", "100586699481901143923512642095294178880",
                          "54687883331269421821299639081693051864"};
  for (int k = 0; k < 3; ++k)
    for (const char* m : {max64[k], max128[k]}) values.push_back(mpz_class(m)), values.push_back(mpz_class(m) + 1);
  for (const auto& n : values)
    for (const auto& c : kPsiConstants) {
      const unsigned k = c.back() == 'i' ? 1 : static_cast<unsigned>(c.back() - '0');
      const bool inverse = c[0] == '1';
      const mpz_class m = psi_floor(c, n);
      expect_cubic_floor(c, n, m);
      if (n <= kU128Max) {
        const u128 u = to_u128(n);
        auto f = [u, k, inverse] { return inverse ? floor_n_over_psi<u128>(u, k) : floor_n_psi<u128>(u, k); };
        if (m <= kU128Max) {
          EXPECT_EQ(to_mpz(f()), m) << c << " " << n;
        } else {
          expect_range_error(f, std::string("n must be ≤ ") + max128[k - 1]);
        }
      }
      if (n <= kU64Max) {
        const uint64_t u = n.get_ui();
        auto f = [u, k, inverse] { return inverse ? floor_n_over_psi<uint64_t>(u, k) : floor_n_psi<uint64_t>(u, k); };
        if (m <= kU64Max) {
          EXPECT_EQ(big(f()), m) << c << " " << n;
        } else {
          expect_range_error(f, std::string("floor_n_psi<uint64_t>: n must be ≤ ") + max64[k - 1]);
        }
      }
    }
  EXPECT_THROW(floor_n_psi<uint64_t>(5, 4), InputError);
  EXPECT_THROW(floor_n_over_psi<mpz_class>(mpz_class(5), 0), InputError);
  EXPECT_THROW(floor_n_psi<mpz_class>(mpz_class(-5), 1), RangeError);
}

// ---- Theorem 15 and the claims -------------------------------------------------------

TEST(Theorem15, ExtremesBelowT19AsInTheProof) {
  // Seed 000 §5.5, proof of Theorem 15: for n < T_19 = 121415 the minimum of
  // [(n)_T 0]_T − ψn is at n = 65915 (−0.587 rounded down), the maximum at n = 78748 (0.847
  // rounded up).
  const auto e = tribonacci_shift_extremes(121415);
  EXPECT_EQ(e[0].argmin, 65915u);
  EXPECT_EQ(e[0].argmax, 78748u);
  EXPECT_GE(e[0].min, -0.587);
  EXPECT_LT(e[0].min, -0.586);
  EXPECT_GT(e[0].max, 0.846);
  EXPECT_LE(e[0].max, 0.847);
  // Brute force over the window in long double: the same arguments.
  uint64_t argmin = 0, argmax = 0;
  long double lo = 0, hi = 0;
  for (uint64_t n = 1; n < 121415; ++n) {
    long double d = static_cast<long double>(tribonacci_bits_value(tribonacci_bits(n) << 1)) - kPsi * n;
    if (d < lo) lo = d, argmin = n;
    if (d > hi) hi = d, argmax = n;
  }
  EXPECT_EQ(argmin, 65915u);
  EXPECT_EQ(argmax, 78748u);
  EXPECT_THROW(tribonacci_shift_extremes(0), RangeError);
}

TEST(Claims, Lemma3RemarkNeedsBinaryDigits) {
  // After Lemma 3: with the digit 2 the lemma fails: [20]_T = [100]_T but [200]_T ≠ [1000]_T.
  EXPECT_EQ(tribonacci_value<uint64_t>("20"), tribonacci_value<uint64_t>("100"));
  EXPECT_NE(tribonacci_value<uint64_t>("200"), tribonacci_value<uint64_t>("1000"));
}

// ---- catalogued sequences --------------------------------------------------------------

namespace {
std::vector<int64_t> terms(const std::string& anumber, uint64_t count) {
  for (const auto& s : numeration_sequences())
    if (s.anumber == anumber) {
      std::vector<int64_t> out;
      s.generate(count, [&](int64_t t) { out.push_back(t); }, {});
      return out;
    }
  ADD_FAILURE() << anumber << " not catalogued";
  return {};
}
}  // namespace

TEST(Catalog, FirstTermsAsOeisPrintsThem) {
  EXPECT_EQ(terms("A000201", 30), (std::vector<int64_t>{1,  3,  4,  6,  8,  9,  11, 12, 14, 16, 17, 19, 21, 22, 24,
                                                        25, 27, 29, 30, 32, 33, 35, 37, 38, 40, 42, 43, 45, 46, 48}));
  EXPECT_EQ(terms("A001950", 30), (std::vector<int64_t>{2,  5,  7,  10, 13, 15, 18, 20, 23, 26, 28, 31, 34, 36, 39,
                                                        41, 44, 47, 49, 52, 54, 57, 60, 62, 65, 68, 70, 73, 75, 78}));
  EXPECT_EQ(terms("A000073", 30),
            (std::vector<int64_t>{0,     0,     1,      1,      2,      4,      7,       13,      24,      44,
                                  81,    149,   274,    504,    927,    1705,   3136,    5768,    10609,   19513,
                                  35890, 66012, 121415, 223317, 410744, 755476, 1389537, 2555757, 4700770, 8646064}));
  for (const auto& s : numeration_sequences()) EXPECT_GT(s.max_terms, 0u);
}

TEST(Catalog, WythoffPairsAgainstTheMexConstruction) {
  // Independent of φ: a(n) = mex{a(i), b(i) : i < n}, b(n) = a(n) + n (Wythoff).
  const uint64_t count = 1000000 / kScale;
  const auto lower = terms("A000201", count), upper = terms("A001950", count);
  std::vector<bool> used(3 * count + 10, false);
  uint64_t mex = 1;
  for (uint64_t n = 1; n <= count; ++n) {
    while (used[mex]) ++mex;
    ASSERT_EQ(lower[n - 1], static_cast<int64_t>(mex)) << n;
    ASSERT_EQ(upper[n - 1], static_cast<int64_t>(mex + n)) << n;
    used[mex] = used[mex + n] = true;
  }
}

TEST(Catalog, TribonacciNumbersToTheLastThatFits) {
  const auto s = numeration_sequences()[2];
  ASSERT_EQ(s.anumber, "A000073");
  const auto all = terms("A000073", s.max_terms);
  mpz_class a = 0, b = 0, c = 1;  // a(0), a(1), a(2)
  for (uint64_t n = 0; n < all.size(); ++n) {
    EXPECT_EQ(mpz_class(static_cast<long>(all[n])), a) << n;
    mpz_class next = a + b + c;
    a = b, b = c, c = next;
  }
  EXPECT_GE(a, pow2(63));  // the next term would not fit an int64_t
}

TEST(Catalog, MaxTermsAreTheLastThatFitInt64) {
  for (const auto& s : numeration_sequences()) {
    if (s.anumber == "A000073") continue;
    const bool upper = s.anumber == "A001950";
    const mpz_class n = big(s.max_terms);
    const mpz_class last = upper ? floor_n_phi2<mpz_class>(n) : floor_n_phi<mpz_class>(n);
    const mpz_class next = upper ? floor_n_phi2<mpz_class>(n + 1) : floor_n_phi<mpz_class>(n + 1);
    EXPECT_LT(last, pow2(63)) << s.anumber;
    EXPECT_GE(next, pow2(63)) << s.anumber;
  }
}
