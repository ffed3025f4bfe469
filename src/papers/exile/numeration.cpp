// The numeration facts of seed 000 §5.1, §5.3 and §5.5 as claims.
#include "papers/papers.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <string>

#include "papers/exile/walnut.hpp"
#include "queengames/numeration.hpp"

namespace qg::papers::exile_numeration {

using namespace numeration;  // the engine these claims check

namespace {

constexpr std::uint64_t kT19 = 121415;  // seed 000 §5.5: the proof of Theorem 15 computes to T_19

// x as a binary string of exactly `length` digits (x < 2^length).
std::string padded(u128 x, unsigned length) {
  std::string s = binary_representation<u128>(x);
  return std::string(length > s.size() ? length - s.size() : 0, '0') + s;
}

// Lemma 3 for all binary strings x, y of length ≤ L (leading zeros change neither [x]_T nor
// [x0]_T, so strings of length exactly L cover them). With g(v) = [(v)_T 0]_T, the lemma is:
// [x0]_T = g([x]_T) for every x (⇒), and g is injective on the values reached (⇐).
ClaimOutcome check_lemma3(std::uint64_t length, const ProgressFn& progress) {
  const auto n = static_cast<unsigned>(length);
  const std::uint64_t strings = std::uint64_t{1} << n;
  const std::uint64_t largest = tribonacci_bits_value(strings - 1);
  Poller poller(progress, strings + largest);  // the strings, then the values they reach
  for (std::uint64_t x = 0; x < strings; ++x) {
    const std::uint64_t v = tribonacci_bits_value(x), w = tribonacci_bits_value(static_cast<u128>(x) << 1);
    const u128 z = tribonacci_bits(v);
    if (w != tribonacci_bits_value(z << 1))
      return failed(length, fmt::format("[{}]_T = [{}]_T = {} but [{}0]_T = {} ≠ [{}0]_T = {}", padded(x, n),
                                        binary_representation<u128>(z), v, padded(x, n), w,
                                        binary_representation<u128>(z), tribonacci_bits_value(z << 1)));
    poller.tick(x);
  }
  for (std::uint64_t v = 1; v <= largest; ++v) {
    if (tribonacci_bits_value(tribonacci_bits(v) << 1) <= tribonacci_bits_value(tribonacci_bits(v - 1) << 1))
      return failed(length, fmt::format("[(v)_T 0]_T is not increasing at v = {}", v));
    poller.tick(strings + v);
  }
  poller.finish();
  return passed(length, fmt::format("all {} strings of length ≤ {}", strings, length));
}

// Corollary 5: [e_1 ⋯ e_{i−1}]_T + e_i is the same for every binary representation of n; we
// compare each string of length ≤ L with the canonical representation of its value.
ClaimOutcome check_corollary5(std::uint64_t length, const ProgressFn& progress) {
  const auto n = static_cast<unsigned>(length);
  const std::uint64_t strings = std::uint64_t{1} << n;
  auto quantity = [](u128 e) { return tribonacci_bits_value(e >> 1) + static_cast<std::uint64_t>(e & 1); };
  Poller poller(progress, strings);
  for (std::uint64_t x = 0; x < strings; ++x) {
    const u128 canonical = tribonacci_bits(tribonacci_bits_value(x));
    if (quantity(x) != quantity(canonical))
      return failed(length, fmt::format("{} gives {} but the canonical {} gives {}", padded(x, n), quantity(x),
                                        binary_representation<u128>(canonical), quantity(canonical)));
    poller.tick(x);
  }
  poller.finish();
  return passed(length, fmt::format("all {} strings of length ≤ {}", strings, length));
}

// Lemma 3 and Corollary 5 by automata. A binary string e_1 … e_i is read as the base-2
// number with those digits (msd_2: leading zeros change neither the string's number nor
// [e]_T), so appending 0 is doubling and dropping e_i is halving. $val(b,n) is n = [b]_T:
// the digits at places ≡ 0, 1, 2 (mod 3) from the right have no two 1s side by side, so each
// part is a canonical Tribonacci representation u, v, w, and [b]_T = u + v + w.
const std::string kBinaryValue = proof_text("exile/binary_value");

const std::string kLemma3 = proof_text("exile/lemma3");

// $lastsum(x,z): z = [e_1 … e_(i−1)]_T + e_i for the string x = e_1 … e_i.
const std::string kCorollary5 = proof_text("exile/corollary5");

// Lemma 10 by automata, for T_m = t (the numbers written 10…0, m ≥ 3) and T_(m−1), T_(m−2),
// T_(m−3) = a, b, c (t's representation without one, two, three digits): the padded strings of
// the n < t are those of the n < a (0U_(m−1)), those of a + u, u < b, written 10 then u's
// (10U_(m−2)), and those of a + b + u, u < c, written 110 then u's (110U_(m−3)); $disjoint(x,y,z)
// says z's digits are x's and y's, which share no place. The evals: T_m = a + b + c; every such
// string is the representation of an n < t; and every n < t is one of the three kinds.
const std::string kLemma10 = proof_text("exile/lemma10");

// Lemma 10: U_m = 0U_{m−1} ⊔ 10U_{m−2} ⊔ 110U_{m−3}. Listing U_m in increasing order, its
// first T_{m−1} strings must be 0U_{m−1}, the next T_{m−2} the strings 10u (u ∈ U_{m−2}, in
// order), the last T_{m−3} the strings 110u; the prefixes make the union disjoint.
ClaimOutcome check_lemma10(std::uint64_t bound, const ProgressFn& progress) {
  const auto top = static_cast<int>(bound);
  Poller poller(progress, bound);  // m by m
  for (int m = 3; m <= top; ++m) {
    const std::uint64_t t1 = tribonacci<std::uint64_t>(m - 1), t2 = tribonacci<std::uint64_t>(m - 2),
                        t3 = tribonacci<std::uint64_t>(m - 3);
    const u128 high = static_cast<u128>(1) << (m - 1), high2 = static_cast<u128>(1) << (m - 2);
    for (std::uint64_t n = 0; n < t1 + t2 + t3; ++n) {
      const u128 r = tribonacci_bits(n);
      u128 expected;
      u128 rest;
      int rest_length;
      if (n < t1) expected = rest = r, rest_length = m - 1;
      else if (n < t1 + t2) rest = tribonacci_bits(n - t1), expected = high | rest, rest_length = m - 2;
      else rest = tribonacci_bits(n - t1 - t2), expected = high | high2 | rest, rest_length = m - 3;
      if (r != expected || rest >> rest_length != 0)
        return failed(static_cast<std::uint64_t>(m - 1),
                      fmt::format("m = {}: (n)_T for n = {} is {}", m, n, padded(r, static_cast<unsigned>(m))));
      poller.tick(static_cast<std::uint64_t>(m));
    }
  }
  poller.finish();
  return passed(bound, fmt::format("m = 3..{} ({} strings in U_{})", bound, tribonacci<std::uint64_t>(top), bound));
}

// Whether D_k(n) = e − ψ^k·n exceeds num/den, exactly: den·e − num > ψ^k·den·n, and for
// n > 0 the right side is irrational, so this is den·e − num > floor(ψ^k·den·n).
bool exceeds(std::uint64_t e, std::uint64_t n, unsigned k, long num, long den) {
  mpz_class scaled_n = mpz_class(static_cast<unsigned long>(n)) * den;
  return mpz_class(static_cast<unsigned long>(e)) * den - num > floor_n_psi<mpz_class>(scaled_n, k);
}

std::uint64_t shifted(std::uint64_t n, unsigned k) { return tribonacci_bits_value(tribonacci_bits(n) << k); }

// Theorem 15 (27)–(29): −0.596 < D_1 < 0.856, −0.883 < D_2 < 1.460, −1.461 < D_3 < 2.298,
// checked at the exact extremes over n < bound; and the proof's computation: below T_19 the
// extremes of D_1 are at n = 65915 (−0.587 rounded down) and n = 78748 (0.847 rounded up).
ClaimOutcome check_theorem15(std::uint64_t bound, const ProgressFn& progress) {
  constexpr long kLower[3] = {-596, -883, -1461}, kUpper[3] = {856, 1460, 2298};
  const auto extremes = tribonacci_shift_extremes(bound, progress);
  std::string detail;
  for (unsigned k = 1; k <= 3; ++k) {
    const auto& e = extremes[k - 1];
    if (!exceeds(shifted(e.argmin, k), e.argmin, k, kLower[k - 1], 1000) ||
        exceeds(shifted(e.argmax, k), e.argmax, k, kUpper[k - 1], 1000))
      return failed(bound, fmt::format("({}) fails: min {:.6f} at n = {}, max {:.6f} at n = {}", 26 + k, e.min,
                                       e.argmin, e.max, e.argmax));
    detail += fmt::format("{}({}) min {:.5f} at n={}, max {:.5f} at n={}", k == 1 ? "" : "; ", 26 + k, e.min, e.argmin,
                          e.max, e.argmax);
  }
  if (bound >= kT19) {
    const auto e = tribonacci_shift_extremes(kT19)[0];
    const bool paper = e.argmin == 65915 && e.argmax == 78748 && !exceeds(shifted(65915, 1), 65915, 1, -586, 1000) &&
                       exceeds(shifted(65915, 1), 65915, 1, -587, 1000) &&
                       exceeds(shifted(78748, 1), 78748, 1, 846, 1000) &&
                       !exceeds(shifted(78748, 1), 78748, 1, 847, 1000);
    detail += fmt::format(
        "; below T_19 = {}: (27) min {:.5f} at n={}, max {:.5f} at n={} (paper: 65915 −0.587, "
        "78748 0.847)",
        kT19, e.min, e.argmin, e.max, e.argmax);
    if (!paper) return failed(bound, detail);
  }
  return passed(bound, detail);
}

}  // namespace

std::vector<Claim> claims() {
  return {
      Claim{.id = "exile.lemma3",
            .source = "seed 000, Lemma 3",
            .kind = ClaimKind::lemma,
            .statement = "for binary strings x, y: [x]_T = [y]_T iff [x0]_T = [y0]_T",
            .unit = "digits",
            .bounds = {.tour = 12, .standard = 22, .deep = 24, .max = 36},
            .check = check_lemma3,
            .proof = std::string(kBinaryValue) + kLemma3},
      Claim{.id = "exile.corollary5",
            .source = "seed 000, Corollary 5",
            .kind = ClaimKind::corollary,
            .statement = "[e_1…e_{i−1}]_T + e_i is the same for every binary Tribonacci representation e_1…e_i of n",
            .unit = "digits",
            .bounds = {.tour = 12, .standard = 22, .deep = 24, .max = 36},
            .check = check_corollary5,
            .proof = std::string(kBinaryValue) + kCorollary5},
      Claim{.id = "exile.lemma10",
            .source = "seed 000, Lemma 10",
            .kind = ClaimKind::lemma,
            .statement = "U_m = 0U_{m−1} ⊔ 10U_{m−2} ⊔ 110U_{m−3} for the padded representations of 0..T_m − 1",
            .unit = "m",
            .bounds = {.tour = 14, .standard = 25, .deep = 26, .max = 40},
            .check = check_lemma10,
            .proof = walnut::kDigits + walnut::kTribonacciNumbers + kLemma10},
      Claim{.id = "exile.theorem15",
            .source = "seed 000, Theorem 15 (eqs. (27)–(29))",
            .kind = ClaimKind::theorem,
            .statement = "−0.596 < [(n)_T 0]_T − ψn < 0.856, −0.883 < [(n)_T 00]_T − ψ²n < 1.460, "
                         "−1.461 < [(n)_T 000]_T − ψ³n < 2.298"
                         " (to a bound: real constants against ψ^k n; ψn < m is not first-order over msd_trib, as n ↦ "
                         "⌊ψn⌋ is not Tribonacci-synchronized: Shallit 2025)",
            .unit = "n",
            .bounds = {.tour = kT19, .standard = 10'000'000, .deep = 10'000'000, .max = std::uint64_t{1} << 32},
            .check = check_theorem15},
  };
}

}  // namespace qg::papers::exile_numeration
