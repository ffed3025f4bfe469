// Morphic and invariant games (issue 19, seed 001 §4): both directions against brute force
// and against the seed's Tables 1–4.
#include <gtest/gtest.h>

#include <random>
#include <set>
#include <sstream>

#include "queengames/morphic.hpp"

namespace qg {
using namespace morphic;
using twopile::Position;
using twopile::Ruleset;
using words::Coding;
using words::FixedPointStream;
using words::Morphism;
namespace {

#ifdef QG_SANITIZED
constexpr std::uint64_t kWindow = 256;  // the sanitizers make the window scans ~40 times slower
#else
constexpr std::uint64_t kWindow = 1024;
#endif

struct Table {
  const char* ruleset;
  std::vector<std::uint64_t> a, b;
};

// Seed 001 Tables 1–4 (the first fifteen P-positions each).
const std::vector<Table>& seed_tables() {
  static const std::vector<Table> tables = {
      {"queen-bee",  // Table 1
       {1, 3, 4, 5, 7, 9, 11, 12, 13, 15, 16, 17, 19, 20, 21},
       {2, 6, 8, 10, 14, 18, 22, 24, 26, 30, 32, 34, 38, 40, 42}},
      {"kqueen-dee:2",  // Table 2
       {1, 2, 4, 5, 6, 7, 9, 10, 11, 13, 14, 15, 16, 18, 19},
       {3, 8, 12, 17, 20, 25, 29, 34, 39, 43, 48, 51, 56, 60, 65}},
      {"queen-dee",  // Table 3
       {1, 3, 4, 6, 7, 9, 10, 12, 14, 15, 17, 18, 20, 21, 23},
       {2, 5, 8, 11, 13, 16, 19, 22, 25, 28, 31, 33, 36, 39, 42}},
      {"st-wythoff:2,1",  // Table 4
       {1, 2, 4, 5, 7, 8, 9, 10, 12, 13, 15, 16, 17, 18, 20},
       {3, 6, 11, 14, 19, 22, 25, 28, 33, 36, 41, 44, 47, 50, 55}},
  };
  return tables;
}

// The word a guess generates, built by iterating the morphism on strings (not streamed).
std::string generated_word(const MorphicGuess& g, std::size_t length) {
  std::string fixed(1, g.morphism.start());
  while (g.coding.apply(fixed).size() + g.head.size() < length) fixed = g.morphism.apply(fixed);
  return (g.head + g.coding.apply(fixed)).substr(0, length);
}

// 1-based locations of the n-th letter.
std::vector<std::uint64_t> locations(const std::string& word, char letter, std::size_t count) {
  std::vector<std::uint64_t> out;
  for (std::size_t i = 0; i < word.size() && out.size() < count; ++i)
    if (word[i] == letter) out.push_back(i + 1);
  return out;
}

// The largest invariant game by its definition: every vector of the window that joins no two
// candidate P-positions (P ≥ P' componentwise), every position checked against every target.
std::optional<Position> brute_witness(const std::vector<Position>& pairs, std::uint64_t w) {
  std::set<Position> s = {{0, 0}};
  for (Position p : pairs)
    if (p.y < w) s.insert(p), s.insert({p.y, p.x});
  auto joins = [&](Position v) {
    for (Position p : s)
      if (s.count({p.x + v.x, p.y + v.y})) return true;
    return false;
  };
  for (std::uint64_t sum = 1; sum + 1 < 2 * w; ++sum)
    for (std::uint64_t x = sum < w ? 0 : sum - w + 1; x <= std::min(sum, w - 1); ++x) {
      Position q{x, sum - x};
      if (s.count(q)) continue;
      bool move = false;
      for (Position p : s) move = move || (p.x <= q.x && p.y <= q.y && !joins({q.x - p.x, q.y - p.y}));
      if (!move) return q;
    }
  return std::nullopt;
}

TEST(Morphic, RecoveredMorphismsReproduceSeedTables1To4) {
  // seed 001 Tables 1–4: the morphism found from each game's sweep generates the table.
  for (const Table& t : seed_tables()) {
    SCOPED_TRACE(t.ruleset);
    auto search = find_morphism(characteristic_word(Ruleset::parse(t.ruleset), 1 << 16));
    ASSERT_TRUE(search.guess) << search.evidence;
    std::string word = generated_word(*search.guess, 200);
    EXPECT_EQ(locations(word, 'a', 15), t.a);
    EXPECT_EQ(locations(word, 'b', 15), t.b);
  }
}

TEST(Morphic, FibonacciIsItsOwnMorphism) {
  // Wythoff's characteristic word is the Fibonacci word: found as a->ab, b->a itself.
  auto search = find_morphism(characteristic_word(Ruleset::parse("wythoff"), 1 << 14));
  ASSERT_TRUE(search.guess);
  EXPECT_EQ(search.guess->morphism.to_string(), "a->ab,b->a");
  EXPECT_TRUE(search.guess->coding.is_identity());
}

TEST(Morphic, SeedMorphismsAreFoundAsTheyArePrinted) {
  // seed 001 §4: the k-Queen a→a^k b, b→a; the Queen Bee a→ab, b→aa; (2,1)-Wythoff a→aab, b→aa.
  for (auto [game, morphism] : {std::pair{"kqueen:2", "a->aab,b->a"},
                                {"kqueen:3", "a->aaab,b->a"},
                                {"queen-bee", "a->ab,b->aa"},
                                {"st-wythoff:2,1", "a->aab,b->aa"}}) {
    auto search = find_morphism(characteristic_word(Ruleset::parse(game), 1 << 14));
    ASSERT_TRUE(search.guess) << game;
    EXPECT_EQ(search.guess->morphism.to_string(), morphism) << game;
  }
}

TEST(Morphic, QueenDeeIsTheTribonacciMorphism) {
  // seed 001 §3: the Queen Dee is coded by τ: a->ab, b->ac, c->a (the derived sequence).
  auto search = find_morphism(characteristic_word(Ruleset::parse("queen-dee"), 1 << 16));
  ASSERT_TRUE(search.guess);
  EXPECT_EQ(search.guess->morphism.to_string(), "a->ab,b->ac,c->a");
}

TEST(Morphic, RandomWordHasNoMorphism) {
  std::mt19937_64 random(19);
  std::string word;
  for (int i = 0; i < 1 << 16; ++i) word.push_back(random() & 1 ? 'a' : 'b');
  auto search = find_morphism(word, 40, 0);
  EXPECT_FALSE(search.guess);
  EXPECT_NE(search.evidence.find("pairwise distinct"), std::string::npos);
}

TEST(Morphic, VerificationFindsAWrongGuess) {
  // The Fibonacci word is not the 2-Queen's word a→aab, b→a: they differ first at letter 2
  // (0-based; Fibonacci abaab…, the 2-Queen aabaa…, seed 001 §4).
  MorphicGuess fibonacci{Morphism::parse("a->ab,b->a"), Coding(), "", 1, 2, 0};
  auto v = verify_morphism(fibonacci, Ruleset::parse("kqueen:2"), 1000);
  EXPECT_FALSE(v.pass);
  EXPECT_EQ(v.letters, 1u);
  EXPECT_TRUE(verify_morphism(fibonacci, Ruleset::parse("wythoff"), 100000).pass);
}

TEST(Morphic, PairsFromTribonacciAreTable3) {
  // t_c of seed 001 §3 (delete c from the Tribonacci word) codes Table 3.
  auto c = pairs_from_morphism(Morphism::named("tribonacci"), Coding::parse("c->"), 'a', 'b', 50);
  ASSERT_GE(c.pairs.size(), 15u);
  for (std::size_t n = 0; n < 15; ++n) {
    EXPECT_EQ(c.pairs[n].x, seed_tables()[2].a[n]);
    EXPECT_EQ(c.pairs[n].y, seed_tables()[2].b[n]);
  }
}

TEST(Morphic, AbaaaWitnessIsThePapers) {
  // seed 001 §4: a→ab, b→aaa codes (1,2), (3,7), (4,9), (5,11), (6,13); from the N-position
  // (3,6) the moves to (0,0) and (1,2) are (6,13) − (3,7) and (5,11) − (3,7).
  auto c = pairs_from_morphism(Morphism::parse("a->ab,b->aaa"), Coding(), 'a', 'b', 256);
  std::vector<Position> first(c.pairs.begin(), c.pairs.begin() + 5);
  EXPECT_EQ(first, (std::vector<Position>{{1, 2}, {3, 7}, {4, 9}, {5, 11}, {6, 13}}));
  auto a = analyse_invariant(c, 256);
  // The move (1,5) from (3,6) to (2,1) joins no two of them: the largest invariant game has
  // exactly these P-positions in the window, but no Queen does.
  EXPECT_FALSE(a.witness);
  EXPECT_EQ(a.queen, "rook + diagonal");
  ASSERT_GE(a.queen_witnesses.size(), 3u);
  EXPECT_EQ(a.queen_witnesses[0].position, (Position{3, 5}));
  const GameWitness& w = a.queen_witnesses[2];
  ASSERT_EQ(w.position, (Position{3, 6}));
  ASSERT_EQ(w.blocked.size(), 3u);
  EXPECT_EQ(w.blocked[0].target, (Position{0, 0}));
  EXPECT_EQ(w.blocked[0].vector, (Position{3, 6}));
  EXPECT_EQ(w.blocked[0].upper, (Position{6, 13}));
  EXPECT_EQ(w.blocked[0].lower, (Position{3, 7}));
  EXPECT_EQ(w.blocked[1].target, (Position{1, 2}));
  EXPECT_EQ(w.blocked[1].vector, (Position{2, 4}));
  EXPECT_EQ(w.blocked[1].upper, (Position{5, 11}));
  EXPECT_EQ(w.blocked[1].lower, (Position{3, 7}));
  EXPECT_EQ(w.blocked[2].target, (Position{2, 1}));
  EXPECT_EQ(w.blocked[2].vector, (Position{1, 5}));
  EXPECT_EQ(w.blocked[2].family, "diagonal c=4");
  EXPECT_EQ(w.blocked[2].upper, (Position{3, 7}));  // (3,7) − (0,0) lies on the same diagonal
  EXPECT_EQ(w.blocked[2].lower, (Position{0, 0}));
}

TEST(Morphic, WythoffFromItsBeattyPairs) {
  // a_n = ⌊nφ⌋ = ⌊(n + √(5n²))/2⌋, b_n = a_n + n (Wythoff): the largest invariant game has
  // them, its Queen is rook + diagonal, and the named ruleset found is wythoff.
  std::vector<std::uint64_t> a = {0}, b = {0};
  for (std::uint64_t n = 1; n < 700; ++n) {
    std::uint64_t r = 0;
    while ((r + 1) * (r + 1) <= 5 * n * n) ++r;
    a.push_back((n + r) / 2);
    b.push_back(a.back() + n);
  }
  auto c = pairs_from_terms(a, b, kWindow, "Beatty pairs");
  auto an = analyse_invariant(c, kWindow);
  EXPECT_FALSE(an.witness);
  EXPECT_TRUE(an.queen_witnesses.empty());
  EXPECT_TRUE(an.rook);
  EXPECT_EQ(an.diagonals, (std::vector<std::uint64_t>{0}));
  EXPECT_EQ(an.queen_ruleset, "wythoff");
  EXPECT_EQ(an.matching_rulesets, (std::vector<std::string>{"wythoff"}));
}

TEST(Morphic, TwoQueenFromItsMorphism) {
  // Holladay's 2-Queen, a→aab, b→a (seed 001 §4): the Queen inside M_W is the 2-Queen stroll.
  auto an = analyse_invariant(pairs_from_morphism(Morphism::parse("a->aab,b->a"), Coding(), 'a', 'b', kWindow / 2),
                              kWindow / 2);
  // b_n − a_n = 2n: every difference of two P-positions lies on an even diagonal, so M_W holds
  // every odd diagonal too; the core (rook + stroll c ≤ 1) alone is the 2-Queen.
  EXPECT_EQ(an.diagonals.front(), 0u);
  EXPECT_EQ(an.diagonals[1], 1u);
  for (std::size_t i = 2; i < an.diagonals.size(); ++i) EXPECT_EQ(an.diagonals[i] % 2, 1u);
  EXPECT_EQ(an.queen_ruleset, "kqueen:2");
  EXPECT_TRUE(an.queen_witnesses.empty());
  // The limited 2-Queen with band 1 is coded by a→a^{k−j} b a^j with j = k − 1 − 1 = 0
  // (docs/TWOPILE.md reading 2): the same P-positions.
  EXPECT_EQ(an.matching_rulesets, (std::vector<std::string>{"kqueen:2", "limited-kqueen:2,1"}));
}

TEST(Morphic, WitnessAgreesWithBruteForce) {
  // A set with a witness: (1,3) and (2,4) differ by (1,1), the only move from (1,1) to S.
  auto an = analyse_invariant({{{1, 3}, {2, 4}}, "two pairs"}, 16);
  ASSERT_TRUE(an.witness);
  EXPECT_EQ(an.witness->position, (Position{1, 1}));
  EXPECT_EQ(brute_witness({{1, 3}, {2, 4}}, 16), (Position{1, 1}));
  // Random increasing pairs: the fast route and the definition agree.
  std::mt19937_64 random(7);
  for (int trial = 0; trial < 40; ++trial) {
    std::vector<Position> pairs;
    std::uint64_t x = 0;
    for (int n = 0; n < 8; ++n) {
      x += 1 + random() % 3;
      pairs.push_back({x, x + random() % 12});
    }
    auto fast = analyse_invariant({pairs, "random"}, 24);
    auto brute = brute_witness(pairs, 24);
    ASSERT_EQ(fast.witness.has_value(), brute.has_value()) << trial;
    if (brute) {
      EXPECT_EQ(fast.witness->position, *brute) << trial;
    }
  }
}

TEST(Morphic, BfileValues) {
  std::istringstream good("# comment\n1 1\n2 3\n\n3 4\n");
  EXPECT_EQ(read_bfile_values(good, "a", 10), (std::vector<std::uint64_t>{1, 3, 4}));
  std::istringstream bad("1 1\n2 -3\n");
  EXPECT_THROW(read_bfile_values(bad, "b", 10), InputError);
  std::istringstream extra("1 1 1\n");
  EXPECT_THROW(read_bfile_values(extra, "c", 10), InputError);
  EXPECT_THROW(pairs_from_terms({1, 2}, {0, 5}, 100, "x"), InputError);  // a_n > b_n
  EXPECT_THROW(analyse_invariant({{}, ""}, 4), InputError);
  EXPECT_THROW(analyse_invariant({{}, ""}, 1 << 15), RangeError);
}

}  // namespace
}  // namespace qg
