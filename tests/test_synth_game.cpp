// From a ruleset to a theorem (issue 38): the first-order moves written from a ruleset against
// the ruleset's own move test, the theorems `game RULESET --prove` makes against brute force,
// and a wrong automaton refused by the same certification.
#include <gtest/gtest.h>

#include <random>
#include <set>

#include <fmt/format.h>

#include "queengames/blocking.hpp"
#include "queengames/numeration.hpp"
#include "queengames/prover.hpp"
#include "queengames/synth.hpp"
#include "queengames/twopile.hpp"
#include "synth/rules.hpp"
#include "synth/sequences.hpp"
#include "test_support.hpp"

namespace {

using qg::automata::accepts;
using qg::twopile::Position;
using qg::twopile::Ruleset;

// Every move family of twopile.hpp, alone and together (seed 001 §1–4, seed 003 §1).
const char* kRulesets[] = {"wythoff",        "kqueen:3",  "limited-kqueen:3,1", "st-wythoff:2,1",
                           "st-wythoff:3,2", "queen-bee", "queen-dee",          "kqueen-dee:2",
                           "kqueen-dee:3",   "maharaja",  "kl-maharaja:1,3",    "wythoff+jumps:(0,2),(2,0)",
                           "t2t:2",          "terminal:3"};

// A finite set P as a statement: the disjunction of its points.
std::string points(const std::set<Position>& p) {
  std::string out;
  for (auto q : p) out += fmt::format("{}(x={} & y={})", out.empty() ? "" : " | ", q.x, q.y);
  return out.empty() ? "x<0" : out;
}

// For random sets P of positions with x + y < N, the reach written from the ruleset (rules.hpp)
// holds at (x, y) exactly when one of the options the ruleset lists (Ruleset::options, its
// definition) lies in P — every (x, y) with x + y < N, whose options all lie there too.
class Reach : public ::testing::TestWithParam<const char*> {};

TEST_P(Reach, IsTheRulesetsOwnMoves) {
  const Ruleset ruleset = Ruleset::parse(GetParam());
  const auto reach = qg::synth::rules::reach(ruleset);
  constexpr std::uint64_t N = 14;
  std::mt19937_64 random(std::hash<std::string>{}(GetParam()));
  for (int trial = 0; trial < 4; ++trial) {
    std::set<Position> p;
    for (int i = 0; i < 6; ++i) {
      const std::uint64_t s = random() % N, x = random() % (s + 1);
      p.insert({x, s - x});
    }
    qg::prover::Session session;
    session.run(fmt::format("def tp \"?msd_2 {}\":\n", points(p)) +
                qg::synth::rules::reach_definitions("msd_2", "tp", "t", reach));
    const auto& automaton = session.automaton("t_reach");
    std::vector<Position> options;
    for (std::uint64_t x = 0; x < N; ++x)
      for (std::uint64_t y = 0; x + y < N; ++y) {
        ruleset.options({x, y}, options);
        const bool brute = std::any_of(options.begin(), options.end(), [&](Position o) { return p.count(o) > 0; });
        ASSERT_EQ(accepts(automaton, {x, y}), brute)
            << GetParam() << " at (" << x << ", " << y << "), P = " << points(p);
      }
  }
}

INSTANTIATE_TEST_SUITE_P(Rulesets, Reach, ::testing::ValuesIn(kRulesets));

// The proved automata give the brute force's P-positions (twopile::brute_force_p_positions, the
// definition) in a 256×256 corner: (a_n, b_n) for the n whose a_n < 64 (so that b_n, below
// 4·a_n + 4 in these games, is in the corner and the brute force's list is complete up to it).
void expect_the_brute_force(const qg::synth::GameTheorem& t, const char* ruleset) {
  const auto brute = qg::twopile::brute_force_p_positions(Ruleset::parse(ruleset), 256);
  std::uint64_t n = 0;
  for (; n < brute.size() && brute[n].x < 64; ++n) {
    EXPECT_TRUE(accepts(t.a, {n, brute[n].x})) << ruleset << " a_" << n;
    EXPECT_TRUE(accepts(t.b, {n, brute[n].y})) << ruleset << " b_" << n;
    EXPECT_FALSE(accepts(t.b, {n, brute[n].y + 1})) << ruleset << " b_" << n;
  }
  EXPECT_GT(n, 20u) << ruleset;
}

// Wythoff in msd_fib (seed 001 §1), the Queen Dee in msd_trib (Table 3), the 3-Queen in its
// own system a→aaab, b→a (§4), the limited 3-Queen in the 3-Queen's weights, the (2,1)-Queen
// (Table 4): proved, and equal to the brute force.
// The sanitizers' build proves one (a system of its own, the learner's slowest part there being
// its many small allocations); the Release build all five.
TEST(GameTheorem, TheNamedGamesAreProvedAndAreTheBruteForce) {
  const std::vector<std::pair<const char*, const char*>> games = {
      {"kqueen:3", "msd_kqueen_3"},
      {"wythoff", "msd_fib"},
      {"queen-dee", "msd_trib"},
      {"limited-kqueen:3,0", "msd_limited_kqueen_3_0_weights"},
      {"st-wythoff:2,1", "msd_st_wythoff_2_1"}};
  for (std::size_t i = 0; i < (kSanitized ? 1 : games.size()); ++i) {
    const auto [ruleset, system] = games[i];
    qg::prover::Session session;
    const auto t = qg::synth::prove_game(qg::synth::game_rules(ruleset), {}, session);
    ASSERT_TRUE(t.proved) << ruleset;
    EXPECT_EQ(t.system, system);
    for (const auto& r : t.results) EXPECT_TRUE(r.truth.value_or(true)) << ruleset << ": " << r.name;
    expect_the_brute_force(t, ruleset);
  }
}

// Wythoff with the terminal set x + y ≤ 4 (arXiv 2605.01435): proved in msd_fib by the rule with
// the set counted in P (it has no moves), and equal to the brute force, which lists the set as
// (0, 0) only. On the proved automata, for all n ≥ 1: b_n = a_n + n + 4 (measured for K ≤ 50 on
// 2·10^5 P-positions; the pairs outside the set are Wythoff's recursion shifted past K).
TEST(GameTheorem, TerminalSetIsProvedAndIsTheBruteForce) {
  // Its sequences come from the sweep (8·10^5 P-positions), slow under the sanitizers; there the
  // Reach test checks the rule.
  if (kSanitized) GTEST_SKIP() << "the Release build proves terminal:4";
  const char* ruleset = "terminal:4";
  qg::prover::Session session;
  const auto t = qg::synth::prove_game(qg::synth::game_rules(ruleset), {"msd_fib"}, session);
  ASSERT_TRUE(t.proved) << ruleset;
  EXPECT_NE(t.proof.find("x+y<=4 | "), std::string::npos);
  expect_the_brute_force(t, ruleset);
  const auto shift = session.run(
      "eval terminal_shift \"?msd_fib An,a,b (n>=1 & $terminal_4a(n,a) & $terminal_4b(n,b)) => b=a+n+4\":\n"
      "eval terminal_shift_wrong \"?msd_fib An,a,b (n>=1 & $terminal_4a(n,a) & $terminal_4b(n,b)) => b=a+n+3\":\n");
  ASSERT_EQ(shift.size(), 2u);
  EXPECT_EQ(shift[0].truth, std::optional<bool>(true));
  EXPECT_EQ(shift[1].truth, std::optional<bool>(false));
  // The rule reads K: the same automata are refused as the P-positions of terminal:3 and :5.
  for (std::uint64_t k : {3, 5}) {
    const auto other = qg::synth::game_rules(fmt::format("terminal:{}", k));
    session.define(other.stem + "a", t.a);
    session.define(other.stem + "b", t.b);
    EXPECT_FALSE(qg::synth::certified(session.run(other.certification("msd_fib")))) << k;
  }
}

// The Queen Bee's P-positions are not synchronized (Rampersad–Stipulanti; seed 001 Theorem 8):
// no system proves them, and each says why.
TEST(GameTheorem, TheQueenBeeIsNotProvedAndSaysWhy) {
  qg::prover::Session session;
  const auto t = qg::synth::prove_game(qg::synth::game_rules("queen-bee"), {}, session);
  EXPECT_FALSE(t.proved);
  ASSERT_EQ(t.attempts.size(), 3u);
  EXPECT_EQ(t.attempts[0].first, "msd_2");  // the period-doubling morphism is 2-uniform
  for (const auto& [system, why] : t.attempts) EXPECT_NE(why.find("learning: "), std::string::npos) << system;
}

// The certification rests on its automata: Wythoff's b with any one accepting state made
// rejecting fails it. Release only: under the sanitizers the same certification runs in the test
// above, and the mutants cost a minute there.
TEST(GameTheorem, AWrongAutomatonIsRefused) {
  if (kSanitized) GTEST_SKIP() << "the Release build checks the mutants";
  qg::prover::Session session;
  const auto game = qg::synth::game_rules("wythoff");
  const auto t = qg::synth::prove_game(game, {"msd_fib"}, session);
  ASSERT_TRUE(t.proved);
  auto run = [&](const qg::automata::Automaton& b) {
    session.define(t.stem + "b", b);
    return qg::synth::certified(session.run(game.certification("msd_fib")));
  };
  EXPECT_TRUE(run(t.b));
  int refused = 0, mutants = 0;
  for (std::uint32_t q = 0; q < t.b.states(); ++q) {
    if (!t.b.accepting(q)) continue;
    auto b = t.b;
    b.set_output(q, 0);
    ++mutants;
    refused += !run(b);
  }
  EXPECT_GT(mutants, 0);
  EXPECT_EQ(refused, mutants);
}

TEST(GameTheorem, RefusesWhatItCannotState) {
  EXPECT_THROW(qg::synth::game_rules("jumps:(1,2),(2,1)"), qg::InputError);  // no rook: no pairs (a_n, b_n)
  EXPECT_THROW(qg::synth::game_rules("blocking:0"), qg::InputError);
  EXPECT_THROW(qg::synth::game_rules("blocking:x"), qg::InputError);
  EXPECT_THROW(qg::synth::rules::reach(Ruleset::parse("st-wythoff:2,1+st-wythoff:3,1")), qg::InputError);
}

// Seed 004's 3-Blocking Wythoff, certified by its palace rule; the brute force of the palaces is
// blocking::palace_table (its own tests check it against seed 004's figures).
TEST(GameTheorem, ThreeBlockingWythoffIsProvedByThePalaceRule) {
  qg::prover::Session session;
  const auto t = qg::synth::prove_game(qg::synth::game_rules("blocking:3"), {}, session);
  ASSERT_TRUE(t.proved);
  EXPECT_EQ(t.system, "msd_fib");
  EXPECT_NE(t.proof.find("palace_rule"), std::string::npos);
}

// The learner's palace stream (rows of the widening table, read through the symmetry
// v(x, y) = v(y, x)) against the palaces of a whole table read column by column, the other way
// round: the pairs (x, y), x ≤ y, of the first 150 columns, where the table's 900 rows hold
// every one of them (the stream's pairs of those columns all lie above row 900).
TEST(GameTheorem, ThePalaceStreamIsTheTableReadByColumns) {
  constexpr std::uint64_t X = 150, H = 900;
  for (unsigned k : {1u, 2u, 4u, 5u, 9u}) {
    const auto table = qg::blocking::palace_table(k, X, H, qg::blocking::Engine::plain);
    std::vector<std::pair<std::uint64_t, std::uint64_t>> expected;
    for (std::uint64_t x = 0; x < X; ++x)
      for (std::uint64_t y = x; y < H; ++y)
        if (table[y * X + x] < k) expected.emplace_back(x, y);
    auto [a, b] = qg::synth::sequences::palaces(k);
    std::vector<std::pair<std::uint64_t, std::uint64_t>> streamed;
    for (std::uint64_t n = 0; a(n) < X; ++n) streamed.emplace_back(a(n), b(n));
    EXPECT_LT(streamed.back().second, H) << k;
    EXPECT_EQ(streamed, expected) << k;
  }
  // Game 2 in closed form ([Lar11]; docs/BLOCKING.md): the palaces x ≤ y are (0, 0), (n, 2n + 1)
  // and (2⌊mφ⌋ + 2, 2⌊mφ²⌋ + 2). Palaces 19999–20001: (15277, 30555) = (n, 2n + 1), then column
  // 15278 = 2⌊4721φ⌋ + 2 holds (15278, 2⌊4721φ²⌋ + 2 = 24720) and (15278, 30557).
  auto [a, b] = qg::synth::sequences::palaces(2);
  using qg::numeration::floor_n_phi;
  using qg::numeration::floor_n_phi2;
  EXPECT_EQ(std::make_pair(a(19999), b(19999)), std::make_pair(std::uint64_t{15277}, std::uint64_t{2 * 15277 + 1}));
  EXPECT_EQ(a(20000), 2 * floor_n_phi<std::uint64_t>(4721) + 2);
  EXPECT_EQ(b(20000), 2 * floor_n_phi2<std::uint64_t>(4721) + 2);
  EXPECT_EQ(std::make_pair(a(20001), b(20001)), std::make_pair(std::uint64_t{15278}, std::uint64_t{2 * 15278 + 1}));
  // A palace past the rows the stream may compute, or past the memory it may hold.
  auto [c, d] = qg::synth::sequences::palaces(2, 0, {}, 10000);
  EXPECT_EQ(c(100), 76u);
  EXPECT_THROW(c(1000), qg::RangeError);
  auto [e, f] = qg::synth::sequences::palaces(2, 1 << 20);
  EXPECT_THROW(e(std::uint64_t{1} << 20), qg::RangeError);
}

}  // namespace
