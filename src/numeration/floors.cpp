// Exact floors: isqrt, floor(nφ), floor(nφ²), floor(n/φ), floor(nψ^k), floor(n/ψ^k).
//
// 64-bit route: n·c = n·(integer part) + n·f, and n·f is read off the 192-bit product of n
// with F = floor(f·2^128). As F ≤ f·2^128 < F + 1, n·f·2^128 lies in [n·F, n·F + n), so
// floor(n·f) is the high part q unless the low 128 bits exceed 2^128 − n; only then is
// q + 1 possible, and an exact integer comparison decides (for φ in 128-bit arithmetic,
// for ψ^k by the sign of a cubic in GMP — a case that needs frac(n·f) < n/2^128).
// GMP route: (n + isqrt(5n²))/2 for φ; for ψ^k an estimate refined by Newton's method on the
// cubic, then settled by the signs of the cubic at m and m + 1.
#include "detail.hpp"

namespace qg::numeration {

using namespace numeration_detail;

namespace {

// The constants c whose floors we take: integer part, F = floor(frac(c)·2^128), and the
// monic minimal polynomial x³ + c2·x² + c1·x + c0 (single real root, so for n > 0 the sign
// of m³ + c2·m²n + c1·mn² + c0·n³ is the sign of m − nc). The 128-bit fractions were
// computed with exact integer arithmetic; the tests check the floors they give against the cubics.
struct Constant {
  unsigned integer_part;
  u128 fraction;
  int c2, c1, c0;
  std::uint64_t max_n64;  // the largest n with floor(n·c) < 2^64 (0: every n)
  const char* max_n128;   // the same below 2^128, in decimal (nullptr: every n)
};

constexpr u128 fixed(std::uint64_t high, std::uint64_t low) { return (static_cast<u128>(high) << 64) | low; }
constexpr u128 decimal(const char* text) {
  u128 value = 0;
  for (; *text; ++text) value = value * 10 + static_cast<unsigned>(*text - '0');
  return value;
}

constexpr u128 kInvPhiFraction = fixed(0x9e3779b97f4a7c15, 0xf39cc0605cedc834);  // floor(2^128/φ)
constexpr Constant kPsiPowers[3] = {
    {1, fixed(0xd6db7f2d9c5c0c47, 0x047822a5e9088427), -1, -1, -1, 10029292072818556814ULL,
     "185007784107767897718562326254780980711"},
    {3, fixed(0x620ab32e5159cbd5, 0x71f5dc3aa139220e), -3, -1, -1, 5452815905071189176ULL,
     "100586699481901143923512642095294178880"},
    {6, fixed(0x38e6325bedb5d81c, 0x766dfee08a41a635), -7, 5, -1, 2964636095819805624ULL,
     "54687883331269421821299639081693051864"},
};
constexpr Constant kInvPsiPowers[3] = {
    {0, fixed(0x8b2f3400b4fdbf8e, 0x6d7db994b8309de7), 1, 1, -1, 0, nullptr},
    {0, fixed(0x4bac4b2ce75e4cb8, 0x96fa691130d7e640), 1, 3, -1, 0, nullptr},
    {0, fixed(0x292480d263a3f3b8, 0xfb87dd5a16f77bd8), -5, 7, -1, 0, nullptr},
};
constexpr std::uint64_t kPhiMax64 = 11400714819323198485ULL, kPhi2Max64 = 7046029254386353130ULL;
constexpr const char* kPhiMax128 = "210306068529402873165736369884012333108";
constexpr const char* kPhi2Max128 = "129976298391535590297638237547755878347";
constexpr u128 kPhiMax128Value = decimal(kPhiMax128), kPhi2Max128Value = decimal(kPhi2Max128);
constexpr u128 kPsiMax128[3] = {decimal(kPsiPowers[0].max_n128), decimal(kPsiPowers[1].max_n128),
                                decimal(kPsiPowers[2].max_n128)};

// floor(n·f) for the fraction F: q and whether q + 1 is possible.
struct FixedFloor {
  std::uint64_t q;
  bool maybe_more;
};
FixedFloor fixed_floor(std::uint64_t n, u128 fraction) {
  const u128 p0 = static_cast<u128>(n) * static_cast<std::uint64_t>(fraction);
  const u128 p1 = static_cast<u128>(n) * static_cast<std::uint64_t>(fraction >> 64);
  const u128 middle = p1 + (p0 >> 64);  // n·F = middle·2^64 + (p0 mod 2^64)
  const u128 low = (middle << 64) | static_cast<std::uint64_t>(p0);
  return {static_cast<std::uint64_t>(middle >> 64), n != 0 && low > static_cast<u128>(0) - n};
}

// The cubic's sign at (m, n), exactly.
int cubic_sign(const Constant& c, const mpz_class& m, const mpz_class& n) {
  mpz_class v = ((m + c.c2 * n) * m + c.c1 * n * n) * m + c.c0 * n * n * n;
  return sgn(v);
}

// floor(n·c) for n ≥ 0 in GMP, for a cubic constant.
mpz_class floor_cubic(const mpz_class& n, const Constant& c) {
  if (n == 0) return 0;
  mpz_class m = c.integer_part * n + ((n * to_mpz(c.fraction)) >> 128);
  // The estimate is off by less than n/2^128 + 1; beyond 2^120 close in by Newton steps on
  // g(m) = m³ + c2·m²n + c1·mn² + c0·n³, g'(m) = 3m² + 2c2·mn + c1·n² (> 0 near the root).
  if (mpz_sizeinbase(n.get_mpz_t(), 2) > 120) {
    const mpz_class n2 = n * n, n3 = n2 * n;
    for (int i = 0; i < 64; ++i) {
      mpz_class g = ((m + c.c2 * n) * m + c.c1 * n2) * m + c.c0 * n3;
      mpz_class dg = (3 * m + 2 * c.c2 * n) * m + c.c1 * n2;
      mpz_class step;
      mpz_fdiv_q(step.get_mpz_t(), g.get_mpz_t(), dg.get_mpz_t());
      if (abs(step) <= 1) break;
      m -= step;
    }
  }
  while (cubic_sign(c, m, n) > 0) --m;
  while (cubic_sign(c, m + 1, n) < 0) ++m;
  return m;
}

// floor(n/φ) for 64-bit n: m ≤ n/φ ⟺ n(n − m) > m² (for 0 ≤ m ≤ n), all below 2^128.
std::uint64_t floor_over_phi64(std::uint64_t n) {
  auto [q, maybe_more] = fixed_floor(n, kInvPhiFraction);
  if (maybe_more) {
    const u128 m = static_cast<u128>(q) + 1;
    if (static_cast<u128>(n) * (n - m) > m * m) ++q;
  }
  return q;
}

std::uint64_t floor_cubic64(std::uint64_t n, const Constant& c) {
  auto [q, maybe_more] = fixed_floor(n, c.fraction);
  std::uint64_t m = c.integer_part * n + q;
  if (maybe_more &&
      cubic_sign(c, mpz_class(static_cast<unsigned long>(m)) + 1, mpz_class(static_cast<unsigned long>(n))) < 0)
    ++m;
  return m;
}

template <class Int>
const Constant& psi_constant(unsigned power, bool inverse, const char* name) {
  if (power < 1 || power > 3)
    throw InputError(fn_name<Int>(name) + ": the power of ψ must be 1, 2 or 3, not " + std::to_string(power));
  return inverse ? kInvPsiPowers[power - 1] : kPsiPowers[power - 1];
}

template <class Int>
[[noreturn]] void too_large(const char* name, const std::string& max_n) {
  range_error(fn_name<Int>(name), "n must be ≤ " + max_n + " (the result must fit)");
}

mpz_class floor_phi_mpz(const mpz_class& n) {
  mpz_class root;
  mpz_class five_n2 = 5 * n * n;
  mpz_sqrt(root.get_mpz_t(), five_n2.get_mpz_t());
  return (n + root) / 2;
}

}  // namespace

template <class Int>
Int isqrt(const Int& n) {
  if constexpr (std::is_same_v<Int, mpz_class>) {
    require_natural(n, "isqrt");
    mpz_class r;
    mpz_sqrt(r.get_mpz_t(), n.get_mpz_t());
    return r;
  } else {
    if (n < 2) return n;
    // Newton's method from above: x = 2^ceil(bits/2) ≥ √n, and each step keeps x ≥ floor(√n).
    int bits = 0;
    for (Int t = n; t; t >>= 1) ++bits;
    Int x = static_cast<Int>(1) << ((bits + 1) / 2);
    for (;;) {
      Int y = (x + n / x) / 2;
      if (y >= x) return x;
      x = y;
    }
  }
}

template <class Int>
Int floor_n_over_phi(const Int& n) {
  if constexpr (std::is_same_v<Int, std::uint64_t>) {
    return floor_over_phi64(n);
  } else if constexpr (std::is_same_v<Int, u128>) {
    if (n >> 64 == 0) return floor_over_phi64(static_cast<std::uint64_t>(n));
    return to_u128(floor_phi_mpz(to_mpz(n)) - to_mpz(n));
  } else {
    require_natural(n, "floor_n_over_phi");
    return floor_phi_mpz(n) - n;
  }
}

template <class Int>
Int floor_n_phi(const Int& n) {
  if constexpr (std::is_same_v<Int, std::uint64_t>) {
    if (n > kPhiMax64) too_large<Int>("floor_n_phi", std::to_string(kPhiMax64));
    return n + floor_over_phi64(n);
  } else if constexpr (std::is_same_v<Int, u128>) {
    if (n > kPhiMax128Value) too_large<Int>("floor_n_phi", kPhiMax128);
    return n + floor_n_over_phi(n);
  } else {
    require_natural(n, "floor_n_phi");
    return floor_phi_mpz(n);
  }
}

template <class Int>
Int floor_n_phi2(const Int& n) {
  if constexpr (std::is_same_v<Int, std::uint64_t>) {
    if (n > kPhi2Max64) too_large<Int>("floor_n_phi2", std::to_string(kPhi2Max64));
    return 2 * n + floor_over_phi64(n);
  } else if constexpr (std::is_same_v<Int, u128>) {
    if (n > kPhi2Max128Value) too_large<Int>("floor_n_phi2", kPhi2Max128);
    return 2 * n + floor_n_over_phi(n);
  } else {
    require_natural(n, "floor_n_phi2");
    return floor_phi_mpz(n) + n;
  }
}

template <class Int>
Int floor_n_psi(const Int& n, unsigned power) {
  const Constant& c = psi_constant<Int>(power, false, "floor_n_psi");
  if constexpr (std::is_same_v<Int, std::uint64_t>) {
    if (n > c.max_n64) too_large<Int>("floor_n_psi", std::to_string(c.max_n64) + " for power " + std::to_string(power));
    return floor_cubic64(n, c);
  } else if constexpr (std::is_same_v<Int, u128>) {
    if (n <= c.max_n64) return floor_cubic64(static_cast<std::uint64_t>(n), c);
    if (n > kPsiMax128[power - 1])
      too_large<Int>("floor_n_psi", std::string(c.max_n128) + " for power " + std::to_string(power));
    return to_u128(floor_cubic(to_mpz(n), c));
  } else {
    require_natural(n, "floor_n_psi");
    return floor_cubic(n, c);
  }
}

template <class Int>
Int floor_n_over_psi(const Int& n, unsigned power) {
  const Constant& c = psi_constant<Int>(power, true, "floor_n_over_psi");
  if constexpr (std::is_same_v<Int, std::uint64_t>) {
    return floor_cubic64(n, c);
  } else if constexpr (std::is_same_v<Int, u128>) {
    if (n >> 64 == 0) return floor_cubic64(static_cast<std::uint64_t>(n), c);
    return to_u128(floor_cubic(to_mpz(n), c));
  } else {
    require_natural(n, "floor_n_over_psi");
    return floor_cubic(n, c);
  }
}

#define QG_FLOORS(Int)                                 \
  template Int isqrt<Int>(const Int&);                 \
  template Int floor_n_phi<Int>(const Int&);           \
  template Int floor_n_phi2<Int>(const Int&);          \
  template Int floor_n_over_phi<Int>(const Int&);      \
  template Int floor_n_psi<Int>(const Int&, unsigned); \
  template Int floor_n_over_psi<Int>(const Int&, unsigned);
QG_FLOORS(std::uint64_t)
QG_FLOORS(u128)
QG_FLOORS(mpz_class)
#undef QG_FLOORS

}  // namespace qg::numeration
