// Words and morphisms: parsing, the fixed-point stream and index against brute force
// (iterate the morphism on a string, then scan it), seed 000's words and tables, the
// catalogued sequences (the claims: tests/test_papers_exile.cpp).
#include <gtest/gtest.h>

#include <algorithm>
#include <complex>
#include <numbers>
#include <random>
#include <string>

#include "queengames/catalog.hpp"
#include "queengames/words.hpp"
#include "test_support.hpp"

namespace {

#ifdef QG_SANITIZED
constexpr std::uint64_t big = 100'000;
#else
constexpr std::uint64_t big = 1'000'000;
#endif

// The brute-force route: apply the morphism to a string until it has `length` letters.
std::string brute_prefix(const qg::words::Morphism& m, std::uint64_t length) {
  std::string w(1, m.start());
  while (w.size() < length) w = m.apply(w);
  w.resize(length);
  return w;
}

// The same for slowly growing morphisms (where iterating takes quadratic time): the fixed
// point satisfies w = μ(w), so write μ(w) while reading w.
std::string self_reading_prefix(const qg::words::Morphism& m, std::uint64_t length) {
  std::string w = m.image(m.start());
  for (std::size_t i = 1; w.size() < length; ++i) w += m.image(w[i]);
  w.resize(length);
  return w;
}

bool mentions(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

// ---- parsing ----------------------------------------------------------------------------

TEST(Morphism, ParsesTheWrittenForms) {
  for (const char* text : {"a->ab,b->ac,c->a", "a → ab, b → ac, c → a", "a↦ab,b↦ac,c↦a", " a -> ab ,\tb->ac ,c->a "}) {
    auto m = qg::words::Morphism::parse(text);
    EXPECT_EQ(m.alphabet(), "abc") << text;
    EXPECT_EQ(m.image('a'), "ab");
    EXPECT_EQ(m.image('b'), "ac");
    EXPECT_EQ(m.image('c'), "a");
    EXPECT_EQ(m.start(), 'a');
    EXPECT_EQ(m.to_string(), "a->ab,b->ac,c->a");
  }
  // The rule listed first gives the start letter; digits are letters too.
  auto digits = qg::words::Morphism::parse("0->01,1->02,2->0");
  EXPECT_EQ(digits.start(), '0');
  EXPECT_EQ(digits.index('2'), 2);
  EXPECT_EQ(digits.index('a'), -1);
  EXPECT_EQ(qg::words::Morphism::parse(digits.to_string()).to_string(), digits.to_string());
}

TEST(Morphism, RefusesBadTextWithTheReason) {
  struct Case {
    const char* text;
    const char* reason;
  };
  for (const Case& c : std::initializer_list<Case>{
           {"", "empty morphism"},
           {"   ", "empty morphism"},
           {"a->ab,,b->a", "rule 2 of the morphism 'a->ab,,b->a' is empty"},
           {"a->ab,b->a,", "rule 3"},
           {"a=ab,b->a", "rule 1 'a=ab' of the morphism has no arrow"},
           {"ab->a,b->a", "the left side must be a single ASCII letter or digit"},
           {"->a", "the left side must be a single"},
           {"a->a-b,b->a", "'-' in the image of 'a' is not an ASCII letter or digit"},
           {"a->ab->c", "'-' in the image of 'a'"},
           {"a->a\xC3\xA9,b->a", "byte 0xc3 in the image of 'a'"},
           {"a->ab,b->a,a->b", "letter 'a' is mapped twice in the morphism (rules 1 and 3)"},
           {"a->ab,b->ac", "letter 'c' occurs in the image of 'b' (rule 2) but has no rule of its own"},
           {"a->ab,b->", "the morphism erases 'b' (rule 2): a morphism must be non-erasing"},
       }) {
    std::string message = input_error([&] { qg::words::Morphism::parse(c.text); });
    EXPECT_TRUE(mentions(message, c.reason)) << "'" << c.text << "' gave: " << message;
  }
}

TEST(Morphism, NamedWordsAndNames) {
  EXPECT_EQ(qg::words::Morphism::named("fibonacci").to_string(), "a->ab,b->a");
  EXPECT_EQ(qg::words::Morphism::named("tribonacci").to_string(), "a->ab,b->ac,c->a");  // seed 000 (8)
  auto theta = qg::words::Morphism::named("theme-song");                                // seed 000 (6)
  EXPECT_EQ(theta.start(), 'c');
  EXPECT_EQ(theta.image('a'), "cabaaba");
  EXPECT_EQ(theta.image('b'), "cababa");
  EXPECT_EQ(theta.image('c'), "caba");
  EXPECT_EQ(qg::words::Morphism::named("period-doubling").to_string(), "a->ab,b->aa");
  for (const auto& name : qg::words::Morphism::names()) {
    EXPECT_NO_THROW(qg::words::Morphism::named(name).require_prolongable()) << name;
    EXPECT_EQ(qg::words::Morphism::from_name_or_text(name).to_string(), qg::words::Morphism::named(name).to_string());
  }
  EXPECT_EQ(qg::words::Morphism::from_name_or_text("a->aab,b->a").image('a'), "aab");
  std::string message = input_error([] { qg::words::Morphism::from_name_or_text("fibonaci"); });
  EXPECT_TRUE(mentions(message, "unknown word 'fibonaci'")) << message;
  EXPECT_TRUE(mentions(message, "tribonacci, theme-song")) << message;
}

// Seed 001 §4's families by their parameters: a→a^K b, b→a (Holladay's K-Queen) and
// a→a^(S+T−1) b, b→a^S (Fraenkel's (S,T)-Wythoff: (2,1) is Table 4's a→aab, b→aa).
TEST(Morphism, TheQueenFamiliesByName) {
  using qg::words::Morphism;
  EXPECT_EQ(Morphism::named("kqueen2").to_string(), "a->aab,b->a");
  EXPECT_EQ(Morphism::named("kqueen7").to_string(), "a->aaaaaaab,b->a");
  EXPECT_EQ(Morphism::named("queen2_1").to_string(), "a->aab,b->aa");
  EXPECT_EQ(Morphism::named("queen3_2").to_string(), "a->aaaab,b->aaa");
  EXPECT_EQ(Morphism::named("queen1_4").to_string(), Morphism::named("kqueen4").to_string());
  EXPECT_TRUE(Morphism::is_named("queen8_1"));
  for (const char* other : {"kqueen", "kqueen07", "kqueen3x", "queen2", "queen2_", "queen_1", "queen2_1_1", "queen21"})
    EXPECT_FALSE(Morphism::is_named(other)) << other;
  std::string message = input_error([] { Morphism::named("kqueen9"); });
  EXPECT_TRUE(mentions(message, "kqueenK needs 2 ≤ K ≤ 8")) << message;
  message = input_error([] { Morphism::named("queen0_3"); });
  EXPECT_TRUE(mentions(message, "queenS_T needs S, T ≥ 1")) << message;
}

TEST(Morphism, ProlongableOnItsFirstLetterOnly) {
  EXPECT_TRUE(mentions(input_error([] { qg::words::Morphism::parse("a->ba,b->a").require_prolongable(); }),
                       "not prolongable on 'a': the image of its first letter must begin with that letter"));
  EXPECT_TRUE(mentions(input_error([] { qg::words::Morphism::parse("a->a,b->ab").require_prolongable(); }),
                       "a->a has no infinite fixed point"));
  EXPECT_TRUE(mentions(input_error([] { qg::words::FixedPointStream s(qg::words::Morphism::parse("b->ab,a->ab")); }),
                       "not prolongable on 'b'"));
  EXPECT_TRUE(mentions(input_error([] { qg::words::FixedPointIndex i(qg::words::Morphism::parse("a->a,b->ab")); }),
                       "not prolongable"));
  // Listing b first makes the same morphism prolongable on b.
  EXPECT_NO_THROW(qg::words::Morphism::parse("b->ba,a->ab").require_prolongable());
}

TEST(Morphism, ApplyIterateAndLengths) {
  auto tau = qg::words::Morphism::named("tribonacci");
  // Seed 000, proof of Theorem 2: α = τ³ maps a → abacaba, b → abacab, and c → abac (the
  // text prints "c → abacab", a misprint: τ³(c) = τ²(a) = abac, as (11) requires:
  // α(c)·aba = abacaba = aba·θ(c)).
  EXPECT_EQ(tau.iterate('a', 3), "abacaba");
  EXPECT_EQ(tau.iterate('b', 3), "abacab");
  EXPECT_EQ(tau.iterate('c', 3), "abac");
  EXPECT_EQ(tau.iterate('c', 3) + "aba", "aba" + qg::words::Morphism::named("theme-song").image('c'));
  EXPECT_EQ(tau.apply("cab"), "aabac");
  EXPECT_EQ(tau.iterate('a', 0), "a");
  EXPECT_TRUE(mentions(input_error([&] { tau.apply("abd"); }), "'d' is not a letter of the morphism"));
  // |τ^n(a)| = T_n (seed 000 Lemma 8): 1, 2, 4, 7, 13, 24, …; T_72 < 2^64 ≤ T_73.
  EXPECT_EQ(tau.iterate_length('a', 4), 13u);
  EXPECT_EQ(tau.iterate_length('a', 72), 12'903'063'846'126'135'669ull);
  EXPECT_EQ(tau.iterate_length('a', 73), UINT64_MAX);
  EXPECT_EQ(tau.iterate_length('c', 1000), UINT64_MAX);
  EXPECT_EQ(qg::words::Morphism::parse("a->ab,b->b").iterate_length('a', 1000), 1001u);
  EXPECT_THROW(tau.iterate('a', 40), qg::RangeError);  // T_40 > 2^30
  EXPECT_THROW(tau.iterate('a', 10, 503), qg::RangeError);
  EXPECT_EQ(tau.iterate('a', 10, 504).size(), 504u);
}

TEST(Coding, MapsDeletesAndLeavesTheRest) {
  auto tau = qg::words::Morphism::named("tribonacci");
  auto prefix = brute_prefix(tau, 40);
  // Seed 001 §3: deleting the c's of the Tribonacci word gives t_c = abaabaabaababaabaabaab…,
  // deleting the b's gives t_b = aacaaaacaaacaaaaca….
  EXPECT_EQ(qg::words::Coding::parse("c->").apply(prefix).substr(0, 22), "abaabaabaababaabaabaab");
  EXPECT_EQ(qg::words::Coding::parse("b->").apply(prefix).substr(0, 18), "aacaaaacaaacaaaaca");
  // Seed 001, proof of Theorem 5: κ = λ∘τ with κ: a→a, b→ac, c→a and λ: b→ε.
  auto kappa = qg::words::Coding::parse("a->a,b->ac,c->a"), lambda = qg::words::Coding::parse("b->");
  EXPECT_EQ(kappa.apply(prefix), lambda.apply(tau.apply(prefix)));
  EXPECT_EQ(qg::words::Coding::parse("a->0,b->1,c->2").apply("abacab"), "010201");
  EXPECT_EQ(qg::words::Coding::parse("a->x").apply("abc"), "xbc");  // unmentioned letters stay
  EXPECT_TRUE(qg::words::Coding().is_identity());
  EXPECT_EQ(qg::words::Coding().apply("ab0"), "ab0");
  EXPECT_TRUE(
      mentions(input_error([] { qg::words::Coding::parse("a->0,a->1"); }), "letter 'a' is mapped twice in the coding"));
  EXPECT_TRUE(mentions(input_error([] { qg::words::Coding::parse("a0"); }), "rule 1 'a0' of the coding has no arrow"));
  EXPECT_TRUE(mentions(input_error([] { qg::words::Coding::parse(""); }), "empty coding"));
}

// ---- the stream -------------------------------------------------------------------------

// Named words and awkward ones: slow (polynomial) growth, one-letter images that cycle,
// long images, letters unreachable from the start.
std::vector<std::string> test_morphisms() {
  std::vector<std::string> out;
  for (const auto& name : qg::words::Morphism::names()) out.push_back(qg::words::Morphism::named(name).to_string());
  for (const char* m : {"a->ab,b->b", "a->abc,b->bc,c->c", "a->ab,b->c,c->d,d->b", "a->aab,b->aa", "a->aaab,b->a",
                        "a->ab,b->cb,c->c", "x->xyz,y->z,z->y,q->q", "a->aab,b->bbc,c->cccccca",
                        "a->abbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb,b->b"})
    out.push_back(m);
  return out;
}

TEST(FixedPointStream, AgreesWithBruteForceLetterByLetterAndInBulk) {
  for (const auto& text : test_morphisms()) {
    auto m = qg::words::Morphism::parse(text);
    std::uint64_t n = big / 4;
    std::string expected = self_reading_prefix(m, n);
    if (m.iterate_length(m.start(), 40) > n) {
      EXPECT_EQ(brute_prefix(m, n), expected) << text;
    }
    qg::words::FixedPointStream by_letter(m), in_bulk(m), mixed(m);
    std::string got(n, '\0');
    for (std::uint64_t i = 0; i < n; ++i) got[i] = by_letter.next();
    EXPECT_EQ(got, expected) << text;
    EXPECT_EQ(by_letter.position(), n);
    in_bulk.read(got.data(), n);
    EXPECT_EQ(got, expected) << text;
    // Chunks of every size up to 5000, interleaved with next().
    std::mt19937_64 rng(7);
    std::uint64_t at = 0;
    while (at < n) {
      if (rng() % 3 == 0) {
        ASSERT_EQ(mixed.next(), expected[at]) << text << " at " << at;
        ++at;
      } else {
        std::size_t k = std::min<std::uint64_t>(rng() % 5000, n - at);
        mixed.read(got.data(), k);
        ASSERT_EQ(got.substr(0, k), expected.substr(at, k)) << text << " at " << at;
        at += k;
      }
      ASSERT_EQ(mixed.position(), at);
    }
  }
}

TEST(FixedPointStream, PaperPrefixes) {
  auto read = [](const char* name, std::size_t n) {
    qg::words::FixedPointStream s(qg::words::Morphism::named(name));
    std::string w(n, '\0');
    s.read(w.data(), n);
    return w;
  };
  // Seed 000 (9): T(a,b,c) and (7): Θ(a,b,c).
  EXPECT_EQ(read("tribonacci", 25), "abacabaabacababacabaabaca");
  EXPECT_EQ(read("theme-song", 25), "cabacabaabacababacabaabac");
  // Seed 000 Table 2, column t_n for n = 0..28.
  EXPECT_EQ(read("theme-song", 29), "cabacabaabacababacabaabacabac");
  EXPECT_EQ(read("fibonacci", 13), "abaababaabaab");
  EXPECT_EQ(read("period-doubling", 16), "abaaabababaaabaa");
  EXPECT_EQ(read("thue-morse", 16), "abbabaabbaababba");
}

TEST(FixedPointStream, MemoryStaysLogarithmic) {
  auto m = qg::words::Morphism::named("tribonacci");
  qg::words::FixedPointStream s(m);
  std::string buffer(1 << 16, '\0');
  std::size_t deepest = 0;
  for (std::uint64_t done = 0; done < 100 * big; done += buffer.size()) {
    s.read(buffer.data(), buffer.size());
    deepest = std::max(deepest, s.depth());
  }
  // The inner stream runs K = 13 levels above the letters: depth ≈ log_ψ(n / T_13) + 1.
  EXPECT_LE(deepest, 30u);
  EXPECT_GE(deepest, 5u);
  // Slow growth: a→ab, b→b streams abbb… with a single stored frame; its one-letter
  // images are jumped over, not stacked.
  qg::words::FixedPointStream slow(qg::words::Morphism::parse("a->ab,b->b"));
  for (int i = 0; i < 100000; ++i) slow.next();
  EXPECT_LE(slow.depth(), 2u);
}

TEST(FixedPointStream, CopiesContinueIndependently) {
  qg::words::FixedPointStream a(qg::words::Morphism::named("tribonacci"));
  std::string skip(12345, '\0');
  a.read(skip.data(), skip.size());
  qg::words::FixedPointStream b = a;
  std::string x(5000, '\0'), y(5000, '\0');
  a.read(x.data(), x.size());
  b.read(y.data(), y.size());
  EXPECT_EQ(x, y);
  EXPECT_EQ(a.position(), 17345u);
  b = qg::words::FixedPointStream(qg::words::Morphism::named("fibonacci"));
  EXPECT_EQ(b.next(), 'a');
  EXPECT_EQ(b.next(), 'b');
  EXPECT_EQ(b.position(), 2u);
}

// ---- the index --------------------------------------------------------------------------

TEST(FixedPointIndex, AgreesWithBruteForce) {
  for (const auto& text : test_morphisms()) {
    auto m = qg::words::Morphism::parse(text);
    qg::words::FixedPointIndex index(m);
    // Polynomially growing words have deep derivation trees (depth ≈ √n for a→abc, b→bc,
    // c→c), so each query is slower there: fewer of them.
    bool exponential = index.supported_length() == UINT64_MAX;
    std::uint64_t n = std::min<std::uint64_t>(exponential ? big / 4 : big / 40, index.supported_length());
    std::string w = self_reading_prefix(m, n);
    std::vector<std::uint64_t> seen(m.alphabet().size(), 0);
    for (std::uint64_t i = 0; i < n; ++i) {
      ASSERT_EQ(index.letter(i), w[i]) << text << " at " << i;
      for (std::size_t x = 0; x < m.alphabet().size(); ++x) {
        ASSERT_EQ(index.count(m.alphabet()[x], i), seen[x]) << text << " N_" << m.alphabet()[x] << "(" << i << ")";
      }
      auto x = static_cast<std::size_t>(m.index(w[i]));
      ++seen[x];
      ASSERT_EQ(index.occurrence(w[i], seen[x]), i) << text << " occurrence " << seen[x] << " of " << w[i];
    }
  }
}

TEST(FixedPointIndex, SeedTable2AndSection5) {
  qg::words::FixedPointIndex t(qg::words::Morphism::named("tribonacci"));
  // Seed 000 Table 2: A_n, B_n, C_n (1-based positions of the n-th a, b, c in T).
  const std::uint64_t A[] = {1,  3,  5,  7,  8,  10, 12, 14, 16, 18, 20, 21, 23, 25,
                             27, 29, 31, 32, 34, 36, 38, 40, 42, 44, 45, 47, 49, 51};
  const std::uint64_t B[] = {2,  6,  9,  13, 15, 19, 22, 26, 30, 33, 37, 39, 43, 46,
                             50, 53, 57, 59, 63, 66, 70, 74, 77, 81, 83, 87, 90, 94};
  const std::uint64_t C[] = {4,  11, 17,  24,  28,  35,  41,  48,  55,  61,  68,  72,  79,  85,
                             92, 98, 105, 109, 116, 122, 129, 136, 142, 149, 153, 160, 166, 173};
  for (std::uint64_t n = 1; n <= 28; ++n) {
    EXPECT_EQ(t.occurrence('a', n) + 1, A[n - 1]) << n;
    EXPECT_EQ(t.occurrence('b', n) + 1, B[n - 1]) << n;
    EXPECT_EQ(t.occurrence('c', n) + 1, C[n - 1]) << n;
  }
  // §5.4: A_5 = 8 while N_a(8) = 5; proof of Theorem 20: N_a(10) = 6, N_b(10) = 3, N_c(10) = 1.
  EXPECT_EQ(t.count('a', 8), 5u);
  EXPECT_EQ(t.count('a', 10), 6u);
  EXPECT_EQ(t.count('b', 10), 3u);
  EXPECT_EQ(t.count('c', 10), 1u);
}

TEST(FixedPointIndex, FarPositionsAndTheEdgeOf64Bits) {
  auto tau = qg::words::Morphism::named("tribonacci");
  qg::words::FixedPointIndex t(tau);
  EXPECT_EQ(t.supported_length(), UINT64_MAX);
  // Lemma 9 at the largest 64-bit Tribonacci number: T_72 has T_71 a's, T_70 b's, T_69 c's.
  const std::uint64_t T72 = 12'903'063'846'126'135'669ull, T71 = 7'015'254'043'203'144'209ull,
                      T70 = 3'814'116'544'533'214'284ull, T69 = 2'073'693'258'389'777'176ull;
  EXPECT_EQ(t.count('a', T72), T71);
  EXPECT_EQ(t.count('b', T72), T70);
  EXPECT_EQ(t.count('c', T72), T69);
  // Prefix counts add up and occurrences invert them, near 2^64 too.
  std::mt19937_64 rng(42);
  for (int i = 0; i < 2000; ++i) {
    std::uint64_t n = i == 0 ? UINT64_MAX : rng() >> (rng() % 64);
    EXPECT_EQ(t.count('a', n) + t.count('b', n) + t.count('c', n), n);
    char x = t.letter(n);
    if (n < UINT64_MAX) {
      EXPECT_EQ(t.count(x, n + 1), t.count(x, n) + 1);
    }
    std::uint64_t k = t.count(x, n) + 1;
    EXPECT_EQ(t.occurrence(x, k), n);
  }
  // The last a of the first 2^64 letters is found; the one after it lies beyond 2^64.
  std::uint64_t last = t.count('a', UINT64_MAX) + (t.letter(UINT64_MAX) == 'a');
  EXPECT_LE(t.occurrence('a', last), UINT64_MAX);
  EXPECT_THROW(t.occurrence('a', last + 1), qg::RangeError);
  EXPECT_THROW(t.occurrence('a', UINT64_MAX), qg::RangeError);
  EXPECT_THROW(t.occurrence('a', 0), qg::RangeError);
  EXPECT_TRUE(mentions(input_error([&] { t.count('d', 5); }), "'d' is not a letter of the word"));
}

TEST(FixedPointIndex, SlowGrowthIsCutOffWithTheRange) {
  // a→ab, b→b: |μ^k(a)| = k + 1, far too slow to tabulate up to 2^64.
  qg::words::FixedPointIndex slow(qg::words::Morphism::parse("a->ab,b->b"));
  std::uint64_t L = slow.supported_length();
  EXPECT_GE(L, 1000u);
  EXPECT_EQ(slow.letter(L - 1), 'b');
  EXPECT_EQ(slow.count('b', L), L - 1);
  EXPECT_EQ(slow.occurrence('a', 1), 0u);
  std::string message = input_error([&] { slow.letter(L); });
  EXPECT_TRUE(mentions(message, "beyond the supported range 0.." + std::to_string(L - 1))) << message;
  EXPECT_TRUE(mentions(input_error([&] { slow.occurrence('a', 2); }), "only 1 occurrences")) << "a occurs once";
}

// ---- the catalog ------------------------------------------------------------------------

std::vector<std::int64_t> terms(const qg::Sequence& s, std::uint64_t count) {
  std::vector<std::int64_t> out;
  s.generate(count, [&](std::int64_t t) { out.push_back(t); }, {});
  return out;
}

const qg::Sequence& sequence(const std::vector<qg::Sequence>& all, const std::string& anumber) {
  auto it = std::find_if(all.begin(), all.end(), [&](const auto& s) { return s.anumber == anumber; });
  EXPECT_NE(it, all.end()) << anumber;
  return *it;
}

TEST(Sequences, AgreeWithBruteForceAndOeis) {
  auto all = qg::words_sequences();
  ASSERT_EQ(all.size(), 4u);
  // The brute force: τ iterated on a string, scanned.
  std::string t = brute_prefix(qg::words::Morphism::named("tribonacci"), 7 * big);
  auto word = terms(sequence(all, "A080843"), big);
  ASSERT_EQ(word.size(), big);
  for (std::uint64_t n = 0; n < big; ++n) ASSERT_EQ(word[n], t[n] - 'a') << "A080843(" << n << ")";
  EXPECT_EQ(sequence(all, "A080843").offset, 0);
  // OEIS A080843: 0, 1, 0, 2, 0, 1, 0, 0, 1, 0, 2, 0, 1, 0, 1, 0, 2, …
  EXPECT_EQ(std::vector<std::int64_t>(word.begin(), word.begin() + 17),
            (std::vector<std::int64_t>{0, 1, 0, 2, 0, 1, 0, 0, 1, 0, 2, 0, 1, 0, 1, 0, 2}));
  for (auto [anumber, letter] : {std::pair{"A003144", 'a'}, {"A003145", 'b'}, {"A003146", 'c'}}) {
    const auto& s = sequence(all, anumber);
    EXPECT_EQ(s.offset, 1) << anumber;
    auto got = terms(s, big);
    ASSERT_EQ(got.size(), big);
    std::uint64_t k = 0;
    for (std::uint64_t i = 0; i < t.size() && k < big; ++i)
      if (t[i] == letter) {
        ASSERT_EQ(got[k++], static_cast<std::int64_t>(i + 1)) << anumber << "(" << k << ")";
      }
    EXPECT_EQ(k, big) << "the brute-force prefix was too short for " << anumber;
  }
  // Seed 000 Table 2: A_n, B_n, C_n start 1, 3, 5, 7, 8 / 2, 6, 9, 13, 15 / 4, 11, 17, 24, 28.
  EXPECT_EQ(terms(sequence(all, "A003144"), 5), (std::vector<std::int64_t>{1, 3, 5, 7, 8}));
  EXPECT_EQ(terms(sequence(all, "A003145"), 5), (std::vector<std::int64_t>{2, 6, 9, 13, 15}));
  EXPECT_EQ(terms(sequence(all, "A003146"), 5), (std::vector<std::int64_t>{4, 11, 17, 24, 28}));
  EXPECT_TRUE(terms(sequence(all, "A003146"), 0).empty());
}

// ---- the claims -------------------------------------------------------------------------

TEST(Claims, ImageLemmasFailForAWrongMorphism) {
  // Lemma 18's τ' with its images swapped round (a→ab instead of ba) must not pass: the
  // checker can fail.
  auto tau = qg::words::Morphism::named("tribonacci");
  auto wrong = qg::words::Morphism::parse("a->ab,b->ac,c->a");
  qg::words::FixedPointStream t(tau);
  std::string prefix(100, '\0');
  t.read(prefix.data(), prefix.size());
  EXPECT_NE(wrong.apply("c" + prefix).substr(0, 100), prefix);
  EXPECT_EQ(qg::words::Morphism::parse("a->ba,b->ca,c->a").apply("c" + prefix).substr(0, 100), prefix);
  EXPECT_EQ(qg::words::Morphism::parse("a->acab,b->aab,c->ab").apply("c" + prefix).substr(0, 100), prefix);
}

}  // namespace

// Library messages name no CLI flag (issue 15 §3): the CLI adds "--coding" when it reports.
TEST(Morphism, ErasingRuleMessageNamesNoCliFlag) {
  try {
    qg::words::Morphism::parse("a->ab,b->");
    FAIL() << "an erasing morphism is refused";
  } catch (const qg::InputError& e) {
    EXPECT_NE(std::string(e.what()).find("erases 'b'"), std::string::npos) << e.what();
    EXPECT_EQ(std::string(e.what()).find("--"), std::string::npos) << e.what();
  }
}

// The pictures' discrepancies (moved from the CLI, issue 15 §3). Fibonacci: d(n) = N_a(n) − n/φ
// stays in [−1/φ², 1/φ) and t_n = a exactly when d(n) < 1/φ³ (a rotation by 1/φ).
TEST(Discrepancy, FibonacciWordIsARotation) {
  constexpr double phi = std::numbers::phi;
  const std::size_t count = 10000;
  const auto d = qg::words::letter_discrepancies(qg::words::Morphism::named("fibonacci"), 'a', 1 / phi, count);
  std::string w(count, '\0');
  qg::words::FixedPointStream(qg::words::Morphism::named("fibonacci")).read(w.data(), count);
  for (std::size_t n = 0; n < count; ++n) {
    ASSERT_GE(d[n], -1 / (phi * phi)) << n;
    ASSERT_LT(d[n], 1 / phi) << n;
    ASSERT_EQ(w[n] == 'a', d[n] < 1 / (phi * phi * phi)) << n;
  }
}

// Rauzy: the eigenvector turns the prefix τ^k(a), of Tribonacci length 1, 2, 4, 7, 13, …, into
// β^k exactly (v·M^k·e_a = β^k); β found here by Newton's method on x³ − x² − x − 1, not from ψ.
TEST(Discrepancy, RauzyPointsOfTheTribonacciPrefixesArePowersOfBeta) {
  std::complex<double> beta(-0.4, 0.6);
  for (int i = 0; i < 50; ++i)
    beta -= (beta * beta * beta - beta * beta - beta - 1.0) / (3.0 * beta * beta - 2.0 * beta - 1.0);
  const auto z = qg::words::tribonacci_rauzy_points(100000);
  std::size_t length[3] = {1, 2, 4};  // |τ^k(a)| for k, k + 1, k + 2: 1, 2, 4, 7, 13, …
  std::complex<double> power = 1;     // β^k
  for (int k = 0; length[0] < z.size(); ++k) {
    EXPECT_NEAR(std::abs(z[length[0]] - power), 0, 1e-9) << k;
    power *= beta;
    std::size_t next = length[0] + length[1] + length[2];
    length[0] = length[1], length[1] = length[2], length[2] = next;
  }
  for (const auto& p : z) ASSERT_LT(std::abs(p), 3.0);  // the fractal is bounded
}
