// Two-pile queen games: the papers' tables (seed 001 Tables 1–4, seed 003 Figure 2 and §5),
// brute force = sweep on the 300×300 corner for every named ruleset, sweep = morphic, the
// readings of garbled passages, and bad ruleset strings.
#include <gtest/gtest.h>

#include <fmt/format.h>

#include <algorithm>
#include <string>
#include <vector>

#include "queengames/catalog.hpp"
#include "queengames/twopile.hpp"
#include "test_support.hpp"

namespace {

using qg::twopile::Position;
using qg::twopile::Ruleset;

#ifdef QG_SANITIZED
constexpr std::uint64_t kCorner = 120;
constexpr std::uint64_t kMorphic = 200000;
#else
constexpr std::uint64_t kCorner = 300;
constexpr std::uint64_t kMorphic = 10000000;
#endif

const std::vector<std::string> kNamed = {"wythoff",
                                         "kqueen:2",
                                         "kqueen:3",
                                         "st-wythoff:2,1",
                                         "st-wythoff:3,2",
                                         "st-wythoff:1,3",
                                         "queen-bee",
                                         "queen-dee",
                                         "kqueen-dee:2",
                                         "kqueen-dee:3",
                                         "limited-kqueen:3,0",
                                         "limited-kqueen:3,1",
                                         "limited-kqueen:4,2",
                                         "maharaja",
                                         "kl-maharaja:2,3",
                                         "kl-maharaja:3,5",
                                         "t2t:3",
                                         "wythoff+jumps:(1,3),(3,1)",
                                         "queen-bee+kqueen:2"};

// Upper P-positions n = 1..count (the tables never list (0, 0)).
std::vector<Position> table(const std::string& rules, std::size_t count) {
  auto p = qg::twopile::sweep_p_positions(Ruleset::parse(rules), count + 1);
  return {p.begin() + 1, p.end()};
}

std::vector<Position> zip(const std::vector<std::uint64_t>& a, const std::vector<std::uint64_t>& b) {
  std::vector<Position> out;
  for (std::size_t i = 0; i < a.size(); ++i) out.push_back({a[i], b[i]});
  return out;
}

TEST(Twopile, Table1QueenBee) {  // seed 001 Table 1
  EXPECT_EQ(table("queen-bee", 15), zip({1, 3, 4, 5, 7, 9, 11, 12, 13, 15, 16, 17, 19, 20, 21},
                                        {2, 6, 8, 10, 14, 18, 22, 24, 26, 30, 32, 34, 38, 40, 42}));
}

TEST(Twopile, Table2TwoQueenDee) {  // seed 001 Table 2
  EXPECT_EQ(table("kqueen-dee:2", 15), zip({1, 2, 4, 5, 6, 7, 9, 10, 11, 13, 14, 15, 16, 18, 19},
                                           {3, 8, 12, 17, 20, 25, 29, 34, 39, 43, 48, 51, 56, 60, 65}));
}

TEST(Twopile, Table3QueenDee) {  // seed 001 Table 3
  EXPECT_EQ(table("queen-dee", 15), zip({1, 3, 4, 6, 7, 9, 10, 12, 14, 15, 17, 18, 20, 21, 23},
                                        {2, 5, 8, 11, 13, 16, 19, 22, 25, 28, 31, 33, 36, 39, 42}));
}

TEST(Twopile, Table4TwoOneWythoff) {  // seed 001 Table 4: (2,1)-Wythoff, b_n = 2a_n + n
  EXPECT_EQ(table("st-wythoff:2,1", 15), zip({1, 2, 4, 5, 7, 8, 9, 10, 12, 13, 15, 16, 17, 18, 20},
                                             {3, 6, 11, 14, 19, 22, 25, 28, 33, 36, 41, 44, 47, 50, 55}));
}

TEST(Twopile, WythoffIsFloorNPhi) {  // seed 003 (1): a_n = ⌊nφ⌋, b_n = a_n + n
  auto p = qg::twopile::sweep_p_positions(Ruleset::parse("wythoff"), 2000);
  for (std::uint64_t n = 0; n < p.size(); ++n) {
    // ⌊nφ⌋ = (n + ⌊√(5n²)⌋) / 2, the integer square root by bisection on exact squares.
    std::uint64_t lo = 0, hi = 5 * n + 1;
    while (lo + 1 < hi)
      (lo + (hi - lo) / 2) * (lo + (hi - lo) / 2) <= 5 * n* n ? lo = lo + (hi - lo) / 2 : hi = lo + (hi - lo) / 2;
    ASSERT_EQ(p[n], (Position{(n + lo) / 2, (n + lo) / 2 + n})) << n;
  }
}

TEST(Twopile, MaharajaFigure2) {  // seed 003 Figure 2 and §2.2: (8,13), (9,16), (10,7), (11,19), (12,18)
  auto p = qg::twopile::sweep_p_positions(Ruleset::parse("maharaja"), 12);
  for (Position q : {Position{8, 13}, Position{9, 16}, Position{7, 10}, Position{11, 19}, Position{12, 18}})
    EXPECT_NE(std::find(p.begin(), p.end(), q), p.end()) << q.x << "," << q.y;
  EXPECT_TRUE(qg::twopile::is_p_position(Ruleset::parse("maharaja"), {10, 7}));
  EXPECT_FALSE(qg::twopile::is_p_position(Ruleset::parse("maharaja"), {10, 8}));
  // Past the sweep's 32-bit reach by the pilot's slope (φ): refused before the sweep starts.
  EXPECT_THROW(qg::twopile::is_p_position(Ruleset::parse("maharaja"), {3'000'000'000, 3'000'000'000}), qg::RangeError);
}

TEST(Twopile, TwoThreeMaharajaSection5) {  // seed 003 §5: (1,2),(2,1),(3,6),(4,8),(5,7),(6,3),(7,5),(8,4)
  auto rules = Ruleset::parse("kl-maharaja:2,3");
  for (Position q : {Position{1, 2}, Position{2, 1}, Position{3, 6}, Position{4, 8}, Position{5, 7}, Position{6, 3},
                     Position{7, 5}, Position{8, 4}})
    EXPECT_TRUE(qg::twopile::is_p_position(rules, q)) << q.x << "," << q.y;
  // and they are the only ones in columns 1..8
  auto p = qg::twopile::sweep_p_positions(rules, 6);
  EXPECT_EQ(p, (std::vector<Position>{{0, 0}, {1, 2}, {3, 6}, {4, 8}, {5, 7}, {9, 14}}));
}

TEST(Twopile, BruteEqualsSweepOnTheCorner) {  // every named ruleset, kCorner × kCorner
  for (const auto& name : kNamed) {
    auto rules = Ruleset::parse(name);
    auto brute = qg::twopile::brute_force_p_positions(rules, kCorner);
    std::vector<Position> swept;
    qg::twopile::sweep_p_positions(rules, kCorner, [&](std::uint64_t, std::uint64_t a, std::uint64_t b) {
      if (a >= kCorner) return false;
      if (b < kCorner) swept.push_back({a, b});
      return true;
    });
    EXPECT_EQ(brute, swept) << name;
    EXPECT_GT(brute.size(), kCorner / 8) << name;
  }
}

// Wythoff with the terminal set x + y ≤ K (Komaki–Miyadera–Murakami, arXiv 2605.01435): the
// terminal positions have no moves, so they are P-positions; the sweep lists the pairs outside
// the set after (a_0, b_0) = (0, 0), and equals the brute force (the definition) for several K.
// K = 0 is Wythoff exactly.
TEST(Twopile, TerminalSetSweepIsTheBruteForce) {
  EXPECT_EQ(qg::twopile::sweep_p_positions(Ruleset::parse("terminal:0"), 1000),
            qg::twopile::sweep_p_positions(Ruleset::parse("wythoff"), 1000));
  constexpr std::uint64_t corner = kCorner / 2;
  for (std::uint64_t k : {1, 2, 3, 4, 7, 12, 20, 33}) {
    // b_n = a_n + n + K outside the set: a few pairs need 2K + 12 below the corner (the
    // sanitizers' corner is 60, so K = 33 is left to the Release build).
    if (2 * k + 12 >= corner) continue;
    const auto rules = Ruleset::parse(fmt::format("terminal:{}", k));
    const auto brute = qg::twopile::brute_force_p_positions(rules, corner);
    std::vector<Position> swept;
    qg::twopile::sweep_p_positions(rules, corner, [&](std::uint64_t, std::uint64_t a, std::uint64_t b) {
      if (a >= corner) return false;
      if (b < corner) swept.push_back({a, b});
      return true;
    });
    EXPECT_EQ(brute, swept) << k;
    ASSERT_GT(brute.size(), 3u) << k;
    // The first pair outside the set, and the set itself: no options, P-positions.
    EXPECT_EQ(brute[1], (Position{k + 1, 2 * k + 2})) << k;
    std::vector<Position> options;
    for (std::uint64_t x = 0; x <= k; ++x) {
      rules.options({x, k - x}, options);
      EXPECT_TRUE(options.empty()) << k;
      EXPECT_TRUE(qg::twopile::is_p_position(rules, {x, k - x})) << k;
    }
    rules.options({k + 1, 0}, options);
    EXPECT_EQ(options.size(), k + 1) << k;  // (0, 0) … (k, 0): into the set, so an N-position
    EXPECT_FALSE(qg::twopile::is_p_position(rules, {k + 1, 0})) << k;
    EXPECT_TRUE(qg::twopile::is_p_position(rules, {2 * k + 2, k + 1})) << k;
  }
  // Only Wythoff's moves: another family would reach the set along lines the sweep and the
  // first-order rule do not look at.
  EXPECT_NE(input_error([] { Ruleset::parse("terminal:2+kqueen:2"); }).find("composes with Wythoff's moves only"),
            std::string::npos);
  EXPECT_NE(input_error([] { Ruleset::parse("terminal:2+terminal:3"); }).find("two terminal sets"), std::string::npos);
  EXPECT_EQ(Ruleset::parse("wythoff+terminal:2").terminal(), 2u);
  EXPECT_THROW(Ruleset::parse("terminal:2000000000"), qg::RangeError);
}

TEST(Twopile, SweepRefusesWhatItCannotCertify) {
  // Knight jumps break the Queen Dee's order by Manhattan distance: the sweep cannot decide
  // reflections column by column there and says so; the brute force still works.
  auto rules = Ruleset::parse("queen-dee+jumps:(1,2),(2,1)");
  EXPECT_THROW(qg::twopile::sweep_p_positions(rules, 100), qg::RangeError);
  EXPECT_FALSE(qg::twopile::brute_force_p_positions(rules, 60).empty());
}

TEST(Twopile, OptionsAgreeWithIsMove) {  // the enumeration issue 5 relies on = the definition
  for (const auto& name : kNamed) {
    auto rules = Ruleset::parse(name);
    std::vector<Position> options;
    for (std::uint64_t x = 0; x < 14; ++x)
      for (std::uint64_t y = 0; y < 14; ++y) {
        rules.options({x, y}, options);
        std::sort(options.begin(), options.end());
        options.erase(std::unique(options.begin(), options.end()), options.end());
        std::vector<Position> expected;
        for (std::uint64_t s = 0; s < x + y; ++s)
          for (std::uint64_t i = 0; i <= s; ++i)
            if (rules.is_move({x, y}, {i, s - i})) expected.push_back({i, s - i});
        std::sort(expected.begin(), expected.end());
        ASSERT_EQ(options, expected) << name << " from (" << x << "," << y << ")";
      }
  }
}

TEST(Twopile, QueenBeeBounceReach) {  // seed 001 proof of Theorem 1: (a, y) reaches (a', y − a), a' < 2a
  auto rules = Ruleset::parse("queen-bee");
  EXPECT_TRUE(rules.is_move({3, 10}, {5, 7}));
  EXPECT_FALSE(rules.is_move({3, 10}, {6, 7}));  // Manhattan distance 13 = 13 does not decrease
  EXPECT_TRUE(rules.is_move({3, 10}, {0, 7}));   // the plain diagonal
  EXPECT_FALSE(rules.is_move({3, 10}, {4, 6}));
}

TEST(Twopile, QueenDeeReflection) {  // seed 001 Lemma 2: the 2-Queen Dee reaches antidiagonals y−x−1..y−x+1
  auto dee = Ruleset::parse("queen-dee"), dee2 = Ruleset::parse("kqueen-dee:2");
  EXPECT_TRUE(dee.is_move({2, 10}, {8, 0}));
  EXPECT_TRUE(dee.is_move({2, 10}, {5, 3}));
  EXPECT_FALSE(dee.is_move({2, 10}, {5, 2}));
  EXPECT_TRUE(dee2.is_move({2, 10}, {5, 2}));  // antidiagonal 7 = y − x − 1
  EXPECT_TRUE(dee2.is_move({2, 10}, {5, 4}));  // antidiagonal 9 = y − x + 1
  EXPECT_FALSE(dee2.is_move({2, 10}, {5, 5}));
}

// The reading of Fraenkel's (s,t)-Wythoff (seed 001 §4): removing u, v ≥ 1 with
// |u − v| < (s−1)·min(u,v) + t. Under it the brute force gives b_n = s·a_n + t·n and the
// P-positions of the morphism a → a^{s+t−1} b, b → a^s, i.e. the text's "(j, 1+k−j)-Wythoff
// ↔ a → a^k b, b → a^j" with j = s, k = s + t − 1; and a (1,k)-Queen is the k-Queen.
TEST(Twopile, FraenkelReadingConfirmed) {
  for (std::uint64_t s = 1; s <= 3; ++s)
    for (std::uint64_t t = 1; t <= 3; ++t) {
      auto rules = Ruleset::parse("st-wythoff:" + std::to_string(s) + "," + std::to_string(t));
      auto brute = qg::twopile::brute_force_p_positions(rules, 150);
      for (std::uint64_t n = 0; n < brute.size(); ++n) EXPECT_EQ(brute[n].y, s * brute[n].x + t * n);
      auto coding = qg::twopile::morphic_coding(rules);
      ASSERT_TRUE(coding);
      EXPECT_EQ(coding->morphism, "a->" + std::string(s + t - 1, 'a') + "b,b->" + std::string(s, 'a'));
      qg::twopile::MorphicPPositions route(*coding);
      for (std::uint64_t n = 0; n < brute.size(); ++n) EXPECT_EQ(route.nth(n), brute[n]);
    }
  EXPECT_EQ(qg::twopile::sweep_p_positions(Ruleset::parse("st-wythoff:1,3"), 500),
            qg::twopile::sweep_p_positions(Ruleset::parse("kqueen:3"), 500));
}

// The limited k-Queen (seed 001 §4): the game barred from strolling into the band
// |x − y| ≤ J is the one of a → a^{k−j} b a^j, b → a with j = k − 1 − J (not j = J as the
// letters suggest), and b_n = a_n + kn − j.
TEST(Twopile, LimitedKQueenReading) {
  for (std::uint64_t k = 1; k <= 5; ++k)
    for (std::uint64_t band = 0; band < k; ++band) {
      auto rules = Ruleset::parse("limited-kqueen:" + std::to_string(k) + "," + std::to_string(band));
      auto brute = qg::twopile::brute_force_p_positions(rules, 120);
      std::uint64_t j = k - 1 - band;
      std::string morphism = "a->" + std::string(k - j, 'a') + "b" + std::string(j, 'a') + ",b->a";
      qg::twopile::MorphicPPositions route({morphism, 'a', 'b', "", ""});
      for (std::uint64_t n = 1; n < brute.size(); ++n) {
        EXPECT_EQ(route.nth(n), brute[n]) << k << "," << band << " n=" << n;
        EXPECT_EQ(brute[n].y, brute[n].x + k * n - j);
      }
      // The literal reading j = band fails as soon as the two differ.
      if (band != k - 1 - band) {
        std::string literal = "a->" + std::string(k - band, 'a') + "b" + std::string(band, 'a') + ",b->a";
        qg::twopile::MorphicPPositions wrong({literal, 'a', 'b', "", ""});
        bool differs = false;
        for (std::uint64_t n = 1; n < brute.size(); ++n) differs |= !(wrong.nth(n) == brute[n]);
        EXPECT_TRUE(differs) << k << "," << band;
      }
    }
}

TEST(Twopile, SweepEqualsMorphic) {  // seed 001 §3–4, kMorphic P-positions (10^6 for the cones)
  for (const std::string name :
       {"wythoff", "kqueen:3", "queen-bee", "queen-dee", "kqueen-dee:2", "limited-kqueen:3,1", "st-wythoff:2,1"}) {
    auto rules = Ruleset::parse(name);
    auto coding = qg::twopile::morphic_coding(rules);
    ASSERT_TRUE(coding) << name;
    std::uint64_t count = name.starts_with("st-") ? kMorphic / 10 : kMorphic;
    std::vector<std::uint64_t> a, b;
    a.reserve(count), b.reserve(count);
    qg::twopile::MorphicPPositions route(*coding);
    route.stream(count, [&](std::uint64_t, std::uint64_t x, std::uint64_t y) {
      a.push_back(x), b.push_back(y);
      return true;
    });
    std::uint64_t mismatches = 0;
    qg::twopile::sweep_p_positions(rules, count, [&](std::uint64_t n, std::uint64_t x, std::uint64_t y) {
      mismatches += a[n] != x || b[n] != y;
      return true;
    });
    EXPECT_EQ(mismatches, 0u) << name;
    for (std::uint64_t n : {std::uint64_t{1}, count / 3, count - 1})
      EXPECT_EQ(route.nth(n), (Position{a[n], b[n]})) << name << " n=" << n;
  }
}

TEST(Twopile, MorphicRandomAccessFarOut) {  // O(log n): the 10^15-th Wythoff P-position
  qg::twopile::MorphicPPositions route(*qg::twopile::morphic_coding(Ruleset::parse("wythoff")));
  // ⌊10^15 φ⌋ = 1618033988749894 (φ = 1.6180339887498948482…)
  EXPECT_EQ(route.nth(1000000000000000ULL), (Position{1618033988749894ULL, 2618033988749894ULL}));
}

TEST(Twopile, ComplementaryPairs) {  // seed 001 §4; A184117 for f(n) = 2n + 1
  std::vector<std::uint64_t> a;
  qg::twopile::complementary_pair([](std::uint64_t n) { return 2 * n + 1; }, 11,
                                  [&](std::uint64_t, std::uint64_t x, std::uint64_t) {
                                    a.push_back(x);
                                    return true;
                                  });
  EXPECT_EQ(a, (std::vector<std::uint64_t>{0, 1, 2, 3, 5, 6, 8, 9, 11, 12, 13}));
  // f(n) = kn − j is the limited k-Queen's difference (seed 001 §4).
  auto limited = qg::twopile::sweep_p_positions(Ruleset::parse("limited-kqueen:4,1"), 3000);
  std::uint64_t n_seen = 0;
  qg::twopile::complementary_pair([](std::uint64_t n) { return 4 * n - 2; }, 3000,
                                  [&](std::uint64_t n, std::uint64_t x, std::uint64_t y) {
                                    EXPECT_EQ(limited[n], (Position{x, y}));
                                    ++n_seen;
                                    return true;
                                  });
  EXPECT_EQ(n_seen, 3000u);
  EXPECT_THROW(qg::twopile::complementary_pair([](std::uint64_t) { return std::uint64_t{0}; }, 5,
                                               [](std::uint64_t, std::uint64_t, std::uint64_t) { return true; }),
               qg::InputError);
}

TEST(Twopile, BadRulesets) {
  auto message = [](const std::string& text) { return input_error([&] { Ruleset::parse(text); }); };
  EXPECT_NE(message("wythof").find("unknown ruleset 'wythof'"), std::string::npos);
  EXPECT_NE(message("kqueen").find("kqueen takes 1 parameter: write kqueen:K"), std::string::npos);
  EXPECT_NE(message("kqueen:-2").find("negative"), std::string::npos);
  EXPECT_NE(message("kqueen:0").find("K must be a natural number ≥ 1"), std::string::npos);
  EXPECT_NE(message("st-wythoff:2").find("st-wythoff takes 2 parameters"), std::string::npos);
  EXPECT_NE(message("limited-kqueen:2,2").find("K > J"), std::string::npos);
  EXPECT_NE(message("wythoff:3").find("takes no parameters"), std::string::npos);
  EXPECT_NE(message("wythoff+jumps:(0,0)").find("does not decrease"), std::string::npos);
  EXPECT_NE(message("wythoff+jumps:(1,-2),(-2,1)").find("negative"), std::string::npos);
  EXPECT_NE(message("wythoff+jumps:(1,2)").find("needs its mirror (2,1)"), std::string::npos);
  EXPECT_NE(message("wythoff+jumps:(1,2").find("jump list"), std::string::npos);
  EXPECT_NE(message("wythoff+").find("empty term"), std::string::npos);
  EXPECT_NE(message("").find("empty ruleset"), std::string::npos);
  EXPECT_EQ(message("wythoff+jumps:\"(1,2),(2,1)\""), "no error");  // shell quotes are tolerated
  EXPECT_THROW(qg::twopile::sweep_p_positions(Ruleset("nim", {qg::twopile::Rook{}}), 3), qg::InputError);
  EXPECT_THROW(qg::twopile::brute_force_p_positions(Ruleset::parse("wythoff"), 0), qg::RangeError);
}

TEST(Twopile, ComposedRulesetsAreOneLine) {
  auto maharaja = Ruleset::parse("wythoff+jumps:(1,2),(2,1)");
  EXPECT_EQ(qg::twopile::sweep_p_positions(maharaja, 300),
            qg::twopile::sweep_p_positions(Ruleset::parse("maharaja"), 300));
  Ruleset custom("custom", {qg::twopile::Rook{}, qg::twopile::Widened{}, qg::twopile::Jumps{{{1, 3}, {3, 1}}}});
  EXPECT_EQ(qg::twopile::sweep_p_positions(custom, 300),
            qg::twopile::sweep_p_positions(Ruleset::parse("wythoff+jumps:(1,3),(3,1)"), 300));
  EXPECT_EQ(qg::twopile::describe(qg::twopile::Widened{2, 1, {}}),
            "widened diagonal (s,t)=(2,1): |u-v| < 1*min(u,v)+1");
}

TEST(Twopile, Catalog) {  // OEIS offsets and first terms
  auto find = [](const char* anumber) {
    for (const auto& s : qg::twopile_sequences())
      if (s.anumber == anumber) return s;
    throw std::runtime_error(std::string("not catalogued: ") + anumber);
  };
  auto first = [&](const char* anumber, std::size_t count) { return qg::sequence_terms(find(anumber), count); };
  using V = std::vector<std::int64_t>;
  EXPECT_EQ(find("A002251").offset, 0);
  EXPECT_EQ(first("A002251", 10), (V{0, 2, 1, 5, 7, 3, 10, 4, 13, 15}));  // seed 000 (53)
  EXPECT_EQ(first("A003159", 8), (V{1, 3, 4, 5, 7, 9, 11, 12}));
  EXPECT_EQ(first("A036554", 8), (V{2, 6, 8, 10, 14, 18, 22, 24}));
  EXPECT_EQ(first("A026367", 8), (V{1, 2, 4, 5, 7, 8, 9, 10}));
  EXPECT_EQ(first("A026368", 8), (V{3, 6, 11, 14, 19, 22, 25, 28}));
  EXPECT_EQ(first("A184117", 10), (V{1, 2, 3, 5, 6, 8, 9, 11, 12, 13}));
  EXPECT_EQ(find("A307281").offset, 0);
  EXPECT_EQ(find("A308883").offset, 1);
  auto maharaja = first("A307281", 14);
  EXPECT_EQ(maharaja, (V{0, 3, 6, 1, 5, 4, 2, 10, 13, 16, 7, 19, 18, 8}));  // seed 003 Figure 2
  auto plus_one = first("A308883", 14);
  for (std::size_t i = 0; i < plus_one.size(); ++i) EXPECT_EQ(plus_one[i], maharaja[i] + 1);
}

}  // namespace

// Issue 21 §1: t2t:T lists 2T jumps; the constructor sorts them and finds each mirror by
// binary search (a linear search per jump made t2t:3777777 take minutes in the fuzzer).
// T is bounded by 10^6, what the sweep can use; repeats are removed, mirrors still required.
TEST(Twopile, T2tSetUpIsNearLinearAndBounded) {
  auto rules = qg::twopile::Ruleset::parse("t2t:1000000");
  const auto& jumps = std::get<qg::twopile::Jumps>(rules.families().back()).moves;
  EXPECT_EQ(jumps.size(), 2'000'000u);
  EXPECT_TRUE(std::is_sorted(jumps.begin(), jumps.end()));
  EXPECT_TRUE(rules.is_move({1'000'000, 2'000'000}, {0, 0}));
  EXPECT_FALSE(rules.is_move({1'000'001, 2'000'002}, {0, 0}));
  EXPECT_THROW(qg::twopile::Ruleset::parse("t2t:1000001"), qg::RangeError);
  // st-wythoff:S,T tries every stroll d < T at each cell: T is capped (a fuzz input, T = 22222221,
  // took minutes for 30 P-positions).
  EXPECT_NO_THROW(qg::twopile::Ruleset::parse("st-wythoff:4,1000"));
  EXPECT_THROW(qg::twopile::Ruleset::parse("st-wythoff:4,22222221"), qg::RangeError);
  // And S: b ≥ S·a, one sweep table entry per diagonal reached (a fuzz input, S = 42222222,
  // filled 2.3 GB in the pilot run); S = 1000 sweeps in kilobytes.
  EXPECT_THROW(qg::twopile::Ruleset::parse("st-wythoff:42222222,1"), qg::RangeError);
  EXPECT_THROW(qg::twopile::Ruleset::parse("st-wythoff:1001,1"), qg::RangeError);
  EXPECT_LT(qg::twopile::sweep_bytes(qg::twopile::Ruleset::parse("st-wythoff:1000,1"), 100), std::uint64_t{1} << 24);
  auto twice = qg::twopile::Ruleset::parse("jumps:(1,2),(2,1),(1,2)");
  EXPECT_EQ(std::get<qg::twopile::Jumps>(twice.families().back()).moves.size(), 2u);
  EXPECT_THROW(qg::twopile::Ruleset::parse("wythoff+jumps:(1,2)"), qg::InputError);
  // A jump far beyond the columns swept costs nothing (the ring of rows grows with the sweep).
  EXPECT_EQ(
      qg::twopile::sweep_p_positions(qg::twopile::Ruleset::parse("wythoff+jumps:(1,2000000000),(2000000000,1)"), 5),
      qg::twopile::sweep_p_positions(qg::twopile::Ruleset::parse("wythoff"), 5));
}
