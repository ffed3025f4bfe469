// The claims of seed 001 (Corner the empress) about its two-pile games, checked along the sweep
// and proved over the shipped automata.
#include <algorithm>
#include <array>
#include <bit>
#include <functional>
#include <initializer_list>
#include <map>
#include <optional>
#include <string>

#include <fmt/format.h>

#include "papers/exile/walnut.hpp"
#include "papers/papers.hpp"
#include "queengames/numeration.hpp"
#include "queengames/spiral.hpp"
#include "queengames/twopile.hpp"
#include "queengames/words.hpp"

namespace qg::papers::empress_twopile {

using namespace twopile;  // the engine these claims check

namespace {

std::string pos(Position p) { return fmt::format("({}, {})", p.x, p.y); }

// The Queen Dee's n-th P-position beside the 2-Queen Dee's, for n < bound: `check` returns
// what is wrong with a pair, or nothing; the first failure ends the sweep.
ClaimOutcome dee_pairs(std::uint64_t bound, const ProgressFn& progress, const char* holds,
                       const std::function<std::optional<std::string>(Position dee, Position two)>& check) {
  auto dee = sweep_p_positions(Ruleset::parse("queen-dee"), bound);
  ClaimOutcome out{true, bound, holds};
  sweep_p_positions(
      Ruleset::parse("kqueen-dee:2"), bound,
      [&](std::uint64_t n, std::uint64_t a, std::uint64_t b) {
        if (auto wrong = check(dee[n], {a, b})) {
          out = {false, n, fmt::format("n = {}: {}", n, *wrong)};
          return false;
        }
        return true;
      },
      progress);
  return out;
}

// A seed 001 table: its first row a_1..a_15, second row b_1..b_15.
Claim table_claim(int number, const char* rules, const char* game, std::vector<std::uint64_t> a,
                  std::vector<std::uint64_t> b) {
  return Claim{.id = fmt::format("empress.table{}", number),
               .source = fmt::format("seed 001, Table {}", number),
               .kind = ClaimKind::table,
               .statement = fmt::format("the first P-positions of {} are the table's 15 columns", game),
               .unit = "P-positions",
               .bounds = {.tour = 15, .standard = 15, .deep = 15, .max = 15},
               .check = [rules, a, b](std::uint64_t bound, const ProgressFn&) -> ClaimOutcome {
                 auto p = sweep_p_positions(Ruleset::parse(rules), bound + 1);
                 for (std::uint64_t n = 1; n <= bound; ++n)
                   if (p[n] != Position{a[n - 1], b[n - 1]})
                     return failed(n, fmt::format("n = {}: the game gives {}, the table ({}, {})", n, pos(p[n]),
                                                  a[n - 1], b[n - 1]));
                 return passed(bound, "all columns agree");
               }};
}

// a_{b_n} − a_n − b_n for n = 1..bound (seed 001 eq. (1)), with the first n reaching each
// value. The sweep runs on to the P-position of index max b_n (n ≤ bound), so every n up to
// the bound is checked; b_n < 6n for the games asked (b_n/n tends to 2.8–4.4).
struct Eq1 {
  std::int64_t low = 0, high = 0;
  std::map<std::int64_t, std::uint64_t> first;
};
Eq1 eq1(const char* rules, std::uint64_t bound, const ProgressFn& progress) {
  std::vector<std::uint32_t> a, b;  // a_i for every i swept (coordinates stay below 2^32), b_n for n ≤ bound
  std::uint64_t needed = UINT64_MAX, highest_b = 0;
  const std::uint64_t limit = 6 * bound + 16;
  sweep_p_positions(
      Ruleset::parse(rules), limit,
      [&](std::uint64_t n, std::uint64_t x, std::uint64_t y) {
        a.push_back(static_cast<std::uint32_t>(x));
        if (n <= bound) b.push_back(static_cast<std::uint32_t>(y)), highest_b = std::max(highest_b, y);
        if (n == bound) needed = highest_b;
        return n < needed;
      },
      progress);
  if (needed == UINT64_MAX || a.size() <= needed)
    throw RangeError(fmt::format("{}: b_n passes 6n below n = {}", rules, bound));
  Eq1 e;
  for (std::uint64_t n = 1; n <= bound; ++n) {
    std::int64_t d = std::int64_t{a[b[n]]} - std::int64_t{a[n]} - std::int64_t{b[n]};
    if (d < e.low || d > e.high || !e.first.count(d)) e.first.emplace(d, n);
    e.low = std::min(e.low, d), e.high = std::max(e.high, d);
  }
  return e;
}

ClaimOutcome check_theorem1(std::uint64_t bound, const ProgressFn& progress) {
  std::vector<bool> used;
  std::uint64_t last_a = 0;
  ClaimOutcome bad{true, 0, ""};
  sweep_p_positions(
      Ruleset::parse("queen-bee"), bound,
      [&](std::uint64_t i, std::uint64_t a, std::uint64_t b) {
        last_a = a;
        if (b != 2 * a) bad = {false, i, fmt::format("P-position {} has b ≠ 2a", pos({a, b}))};
        if (used.size() <= b) used.resize(2 * b + 2);
        if (i > 0 && (used[a] || used[b])) bad = {false, i, fmt::format("{} reuses a coordinate", pos({a, b}))};
        used[a] = used[b] = true;
        return bad.pass;
      },
      progress);
  if (!bad.pass) return bad;
  for (std::uint64_t v = 1; v <= last_a; ++v)
    if (!used[v]) return failed(bound, fmt::format("{} is not a coordinate", v));
  return passed(bound, fmt::format("b = 2a, and 1..{} each occur once", last_a));
}

ClaimOutcome check_lemma2(std::uint64_t bound, const ProgressFn& progress) {
  auto rules = Ruleset::parse("kqueen-dee:2");
  auto p = sweep_p_positions(Ruleset::parse("kqueen-dee:2"), bound + 1);
  Poller poller(progress, bound);  // x by x
  for (std::uint64_t x = 1; x < bound; ++x)
    for (std::uint64_t y = x; y < bound; ++y) {
      // P_n: the P-positions of smaller Manhattan distance (their sums increase).
      bool lemma = false, moves = false;
      for (auto q : p) {
        if (q.x + q.y >= x + y) break;
        lemma |= x == q.x || x == q.y || y == q.x || y == q.y;
        for (std::uint64_t v : {q.y - q.x, q.x + q.y}) lemma |= y - x + 1 == v || y - x == v || y - x == v + 1;
        moves |= rules.is_move({x, y}, q) || rules.is_move({x, y}, {q.y, q.x});
      }
      if (lemma != moves)
        return failed(x, fmt::format("({}, {}): the lemma says {}, the moves say {}", x, y, lemma, moves));
      poller.tick(x);
    }
  return passed(bound, fmt::format("all (x, y), 0 < x ≤ y < {}", bound));
}

ClaimOutcome check_lemma3(std::uint64_t bound, const ProgressFn& progress) {
  std::vector<bool> coords(16), evens(16);
  std::uint64_t mex = 1, mex2 = 2;
  ClaimOutcome out{true, bound, "both mex rules hold"};
  sweep_p_positions(
      Ruleset::parse("kqueen-dee:2"), bound,
      [&](std::uint64_t n, std::uint64_t a, std::uint64_t b) {
        if (n == 0) return true;
        while (mex < coords.size() && coords[mex]) ++mex;
        while (mex2 < evens.size() && evens[mex2]) mex2 += 2;
        if (a != mex || b - a != mex2) {
          out = {false, n, fmt::format("n = {}: {} but mex = {}, mex_2 = {}", n, pos({a, b}), mex, mex2)};
          return false;
        }
        if (coords.size() <= 2 * b + 2) coords.resize(4 * b + 4), evens.resize(4 * b + 4);
        coords[a] = coords[b] = true;
        evens[b - a] = evens[a + b] = true;
        return true;
      },
      progress);
  return out;
}

ClaimOutcome check_lemma4(std::uint64_t bound, const ProgressFn& progress) {
  return dee_pairs(bound, progress, "all four equalities hold",
                   [](Position greek, Position two) -> std::optional<std::string> {
                     auto [al, be] = greek;
                     auto [a, b] = two;
                     if (a == be - al && b == al + be && b - a == 2 * al && a + b == 2 * be) return {};
                     return fmt::format("{} vs Queen Dee {}", pos(two), pos(greek));
                   });
}

ClaimOutcome check_table3_exile(std::uint64_t bound, const ProgressFn& progress) {
  spiral::XympRecurrence exile;
  return dee_pairs(bound, progress, "both games equal the XYMP table row by row",
                   [&](Position dee, Position two) -> std::optional<std::string> {
                     const auto& r = exile.row();
                     if (dee != Position{r.x, r.y} || two != Position{r.m, r.p})
                       return fmt::format("Queen Dee {}, 2-Queen Dee {}, XYMP ({}, {}, {}, {})", pos(dee), pos(two),
                                          r.x, r.y, r.m, r.p);
                     exile.advance();
                     return {};
                   });
}

ClaimOutcome check_theorem5(std::uint64_t bound, const ProgressFn& progress) {
  auto rules = Ruleset::parse("kqueen-dee:2");
  auto coding = *morphic_coding(rules);
  std::vector<Position> word;
  word.reserve(bound);
  MorphicPPositions(coding).stream(bound, [&](std::uint64_t, std::uint64_t a, std::uint64_t b) {
    word.push_back({a, b});
    return true;
  });
  ClaimOutcome out{true, bound, "sweep = t_b coding"};
  sweep_p_positions(
      rules, bound,
      [&](std::uint64_t n, std::uint64_t a, std::uint64_t b) {
        if (word[n] != Position{a, b})
          out = {false, n, fmt::format("n = {}: game {}, t_b {}", n, pos({a, b}), pos(word[n]))};
        return out.pass;
      },
      progress);
  return out;
}

// eq. (1) for one game: a_{b_n} − a_n − b_n ∈ [lowest, 0] for n = 1..bound.
ClaimCheck check_eq1(const char* rules, std::int64_t lowest) {
  return [rules, lowest](std::uint64_t bound, const ProgressFn& progress) {
    auto e = eq1(rules, bound, progress);
    if (e.low < lowest || e.high > 0)
      return failed(bound, fmt::format("{}: a_(b_n) − a_n − b_n reaches {} at n = {}", rules,
                                       e.low < lowest ? e.low : e.high, e.first[e.low < lowest ? e.low : e.high]));
    return passed(bound, fmt::format("n = 1..{}", bound));
  };
}

// The proofs' Walnut text is data/proofs/empress/*.txt; seed 001's own statements (§5–6:
// fokkink, theorem5, theorem6, wythoff) word for word as the paper prints them, but for Theorem
// 5's check3 (below; the CLI tests run those files through `queengames prove`). $xaut,
// $yaut, $triba, $tribc, $tribe, $wytha, $wythb are the certified automata shipped with the
// prover (data/walnut/, qg::synth).
// Lemma 4 and Table 3 with the same automata: the 2-Queen Dee's a_n, b_n ($uaut, $vaut) against
// the Queen Dee's α_n, β_n ($xaut, $yaut); and the two games' P-positions against seed 000's
// XYMP table, built and certified by recurrence (2) in papers/exile/walnut.hpp.
const std::string kLemma4Proof = proof_text("empress/lemma4");
const std::string kTable3ExileProof = walnut::kXymp + proof_text("empress/table3_exile");

// Lemmas 2 and 3 for the 2-Queen Dee's $uaut, $vaut, in the reading of their bounded checks:
// P_n is the P-positions nearer the origin (in Manhattan distance) than (x, y). Its moves from
// (f, g) to (p, q), as kqueen-dee:2 makes them (twopile/ruleset.cpp): the rook's; the 2-Queen's
// strolls, u = f − p ≥ 1 and v = g − q ≥ 1 with |u − v| ≤ 1; and the reflections to every
// point of an antidiagonal d = p + q, 1 ≤ d < f + g, that a 2-Queen's stroll from (f, g) meets on
// a side: (0, d) when d ≤ g and |d + f − g| ≤ 1, (d, 0) when d ≤ f and |d + g − f| ≤ 1. One
// def for each family keeps every automaton over four tracks small (a single def of the move
// relation, quantified over P_n, needs more than 20 GB).
const std::string kLemma2Proof = proof_text("empress/lemma2");
const std::string kLemma3Proof = proof_text("empress/lemma3");

const std::string kFokkinkProof = proof_text("empress/fokkink");
const std::string kTheorem6Proof = proof_text("empress/theorem6");
// Theorem 5's check3 as printed reads "Eb $uaut(n,b) & y>=b",
// which b = a (already in its hypothesis) satisfies: it says only y >= a_n, which good's y > x
// gives — TRUE and vacuous (the vacuity guard's witness_b_a). Check (3) of the text is b_n <= y:
// $vaut, as below; otherwise the proof is the paper's word for word.
const std::string kTheorem5Proof = proof_text("empress/theorem5");
// The Queen Bee in base 2. Her a_n and b_n are not synchronized (Rampersad–Stipulanti), but
// the set of her P-positions is 2-automatic: seed 001 §4 codes them by the period-doubling word,
// a_n being the position (1-based) of its n-th a, so P = {(0, 0)} ∪ {(x, 2x), (2x, x) : PD[x−1]
// = a}. The kernel argument (seed 001 §6, as qg::synth certifies the games' automata) proves
// that this set is the P-positions — with her bounce, from (x, y), y > x > 0, to (i, y − x),
// 1 ≤ i < 2x (twopile::Bounce) — and then Theorem 1 is a statement about the set: b_n = 2a_n
// holds by its shape, and A and 2A partition the positive numbers.
const std::string kQueenBeeKernel = proof_text("empress/queen_bee_kernel");
const std::string kQueenBeeTheorem1Proof = kQueenBeeKernel + proof_text("empress/queen_bee_theorem1");
// Table 1's caption: the a_n end (in binary) with an even number of zeros, the b_n with an odd one.
const std::string kTable1CaptionProof = kQueenBeeKernel + proof_text("empress/table1_caption");

// (2,1)-Wythoff's a_n, b_n as queen2_1a, queen2_1b in msd_queen2_1, the numeration system of its
// morphism a→aab, b→aa (weights 1, 3, 8, 22, …), shipped and certified by the kernel of its
// moves (qg::synth: the rook's and the cone u ≤ v ≤ 2u).
const std::string kQueen21Proof = proof_text("empress/queen21");
const std::string kTable4StepsProof = proof_text("empress/table4_steps");
const std::string kWythoffProof = proof_text("empress/wythoff");

// ---- what seed 001 says of its games' P-positions, with the shipped automata -------------------

// The Queen Dee's P-positions coded by the Tribonacci word with c's deleted (t_c: the n-th a at
// a_n, the n-th b at b_n, seed 001 §3) or with a's deleted (t_a: the n-th b, the n-th c). The
// n-th letter x of T stands at the position p with TR[p−1] = x that has n x's before it and
// itself; it stands in the word with d's deleted at p − N_d(p).
const std::string kTcCodesProof = proof_text("empress/tc_codes");
const std::string kTaCodesProof = proof_text("empress/ta_codes");
// The 2-Queen Dee's differences D and sums S (n ≥ 1), and its inductive hypothesis (§3): A_n ∪ B_n
// holds every number up to a_n, D_n ∪ S_n every even number up to d_n.
const std::string kDifferencesSums = proof_text("empress/differences_sums");
const std::string kDsPartitionProof = kDifferencesSums + proof_text("empress/ds_partition");
const std::string kAbFillsProof = proof_text("empress/ab_fills");

// §1: for every game of the paper {a_n} and {b_n} are complementary (but for (0, 0)) and b_n
// increases — for those whose automata ship: Wythoff, Holladay's 2-, 3-, 4-Queen, the Queen Dee,
// the 2-Queen Dee, (2,1)-Wythoff and the limited 3- and 4-Queens.
std::string complementary_proof() {
  std::string out;
  for (auto [system, a, b] :
       std::initializer_list<std::array<const char*, 3>>{{"msd_fib", "wytha", "wythb"},
                                                         {"msd_kqueen2", "kqueen2a", "kqueen2b"},
                                                         {"msd_kqueen3", "kqueen3a", "kqueen3b"},
                                                         {"msd_kqueen4", "kqueen4a", "kqueen4b"},
                                                         {"msd_trib", "xaut", "yaut"},
                                                         {"msd_trib", "uaut", "vaut"},
                                                         {"msd_queen2_1", "queen2_1a", "queen2_1b"},
                                                         {"msd_kqueen3", "limqueen3_0a", "limqueen3_0b"},
                                                         {"msd_kqueen4", "limqueen4_2a", "limqueen4_2b"}})
    out += fmt::format(
        "eval {1}_{2}_complementary \"?{0} Am m>=1 => ((En ${1}(n,m)) <=> ~(En ${2}(n,m)))\":\n"
        "eval {2}_increasing \"?{0} An,b,d (${2}(n,b) & ${2}(n+1,d)) => b<d\":\n",
        system, a, b);
  return out;
}

// b_n as the paper gives it from a_n and n, for one game's shipped pair (n ≥ 1).
std::string b_formula_proof(const char* system, const char* stem, const char* formula) {
  return fmt::format("eval {1}_b \"?{0} An,a,b (n>=1 & ${1}a(n,a) & ${1}b(n,b)) => {2}\":\n", system, stem, formula);
}

// §4: the k-Queen's consecutive P-positions differ by (1, k + 1) or (2, k + 2), the table of
// a → a^k b, b → a ((1, k + 1) and (2, j + k + 1) with j = 1).
const std::string kKQueenStepsProof = proof_text("empress/kqueen_steps");

// §5, Gardner: the consecutive Fibonacci numbers (F_i, F_(i+1)), i odd (F_1 = 1, F_2 = 2), are
// P-positions of Wythoff: in Zeckendorf digits, 1(00)^k beside 10(00)^k.
const std::string kGardnerProof = proof_text("empress/gardner");

// The P-positions of one game, n = 0 … count − 1, with (a_0, b_0) = (0, 0).
using PFormula = std::function<bool(std::uint64_t n, Position p)>;

// b_n = f(a_n, n) for n = 1 … bound (the formula) along the sweep.
ClaimCheck check_b_formula(const char* rules, const char* formula, PFormula holds) {
  return [=](std::uint64_t bound, const ProgressFn& progress) {
    ClaimOutcome out = passed(bound, fmt::format("{} for n = 1..{}", formula, bound));
    sweep_p_positions(
        Ruleset::parse(rules), bound + 1,
        [&](std::uint64_t n, std::uint64_t a, std::uint64_t b) {
          if (n > 0 && !holds(n, {a, b}))
            out = failed(n, fmt::format("n = {}: {} against {}", n, pos({a, b}), formula));
          return out.pass;
        },
        progress);
    return out;
  };
}

// b_n as the paper gives it from a_n and n, for a game whose automata ship (NAMEa, NAMEb in
// `system`): checked along the sweep, proved over the certified automata.
Claim b_formula_claim(const char* id, const char* source, const char* statement, const char* rules, const char* formula,
                      PFormula holds, const char* system, const char* stem, const char* walnut) {
  return Claim{.id = id,
               .source = source,
               .kind = ClaimKind::theorem,
               .statement = statement,
               .unit = "P-positions",
               .bounds = {.tour = 100'000, .standard = 2'000'000, .deep = 10'000'000, .max = 1'000'000'000},
               .check = check_b_formula(rules, formula, std::move(holds)),
               .proof = b_formula_proof(system, stem, walnut)};
}

// {a_n} and {b_n} complementary and b_n increasing, n = 1 … bound, for each game.
ClaimOutcome check_complementary_games(std::uint64_t bound, const ProgressFn& progress) {
  const char* games[] = {"wythoff",      "kqueen:2",       "kqueen:3",           "kqueen:4",          "queen-dee",
                         "kqueen-dee:2", "st-wythoff:2,1", "limited-kqueen:3,0", "limited-kqueen:4,2"};
  for (const char* name : games) {
    std::vector<bool> used;
    std::uint64_t last_b = 0, last_a = 0;
    ClaimOutcome bad = passed(bound, "");
    sweep_p_positions(
        Ruleset::parse(name), bound + 1,
        [&](std::uint64_t n, std::uint64_t a, std::uint64_t b) {
          if (n == 0) return true;
          if (used.size() <= b) used.resize(2 * b + 2);
          if (used[a] || used[b] || a == b) bad = failed(n, fmt::format("{}: {} repeats a number", name, pos({a, b})));
          else if (b <= last_b) bad = failed(n, fmt::format("{}: b_{} = {} after {}", name, n, b, last_b));
          used[a] = used[b] = true;
          last_a = a, last_b = b;
          return bad.pass;
        },
        progress);
    if (!bad.pass) return bad;
    for (std::uint64_t v = 1; v <= last_a; ++v)
      if (!used[v]) return failed(bound, fmt::format("{}: {} is neither an a_n nor a b_n", name, v));
  }
  return passed(bound,
                fmt::format("{} games: each number 1..a_n once, b_n increasing, n ≤ {}", std::size(games), bound));
}

// The Queen Dee's P-positions against t_c or t_a (the Tribonacci word with one letter deleted):
// the n-th `first` letter of the shortened word stands at a_n, the n-th other letter at b_n.
ClaimCheck check_coded_by_deletion(char deleted, char first) {
  return [=](std::uint64_t bound, const ProgressFn& progress) {
    const auto dee = sweep_p_positions(Ruleset::parse("queen-dee"), bound + 1, progress);
    words::FixedPointStream t(words::Morphism::named("tribonacci"));
    std::uint64_t location = 0, firsts = 0, seconds = 0;
    while (firsts < bound || seconds < bound) {
      const char letter = t.next();
      if (letter == deleted) continue;
      ++location;
      std::uint64_t& k = letter == first ? firsts : seconds;
      ++k;
      if (k > bound) continue;
      const std::uint64_t expected = letter == first ? dee[k].x : dee[k].y;
      if (location != expected)
        return failed(k, fmt::format("the {}-th {} of the word without {}'s stands at {}, the Queen Dee's {}_{} = {}",
                                     k, letter, deleted, location, letter == first ? 'a' : 'b', k, expected));
    }
    return passed(bound, fmt::format("n = 1..{}", bound));
  };
}

// The 2-Queen Dee's D_n = b_n − a_n and S_n = a_n + b_n (n ≥ 1): even, disjoint, and together
// every even number up to d_bound (ds_partition); A_n ∪ B_n ⊇ [0, a_n], D_n ∪ S_n ⊇ the even
// numbers up to d_n, for n ≤ bound (ab_fills).
ClaimOutcome check_differences_sums(std::uint64_t bound, const ProgressFn& progress, bool fills) {
  const auto p = sweep_p_positions(Ruleset::parse("kqueen-dee:2"), bound + 1, progress);
  std::vector<char> ds(4 * p[bound].y + 8, 0), ab(2 * p[bound].y + 8, 0);
  std::uint64_t mex = 1, mex2 = 2;  // the least number not in A_n ∪ B_n, even one not in D_n ∪ S_n
  ab[0] = ds[0] = 1;
  for (std::uint64_t n = 1; n <= bound; ++n) {
    const std::uint64_t d = p[n].y - p[n].x, sum = p[n].x + p[n].y;
    if (d % 2 || sum % 2) return failed(n, fmt::format("{} has an odd difference or sum", pos(p[n])));
    if (ds[d] || ds[sum]) return failed(n, fmt::format("{}: {} or {} met before", pos(p[n]), d, sum));
    ds[d] = ds[sum] = ab[p[n].x] = ab[p[n].y] = 1;
    while (ab[mex]) ++mex;
    while (ds[mex2]) mex2 += 2;
    if (fills && (mex <= p[n].x || mex2 <= d))
      return failed(n, fmt::format("n = {}: {} or {} is missing below a_n = {}, d_n = {}", n, mex, mex2, p[n].x, d));
  }
  return passed(bound, fills ? fmt::format("A_n ∪ B_n ⊇ [0, a_n], D_n ∪ S_n ⊇ even [0, d_n] for n ≤ {}", bound)
                             : fmt::format("D, S even and disjoint, together every even number below {}", mex2));
}

// Table 1's caption along the sweep: a_n ends in binary with an even number of zeros, b_n odd.
ClaimOutcome check_table1_caption(std::uint64_t bound, const ProgressFn& progress) {
  ClaimOutcome out = passed(bound, fmt::format("n = 1..{}", bound));
  sweep_p_positions(
      Ruleset::parse("queen-bee"), bound + 1,
      [&](std::uint64_t n, std::uint64_t a, std::uint64_t b) {
        if (n > 0 && (std::countr_zero(a) % 2 != 0 || std::countr_zero(b) % 2 != 1))
          out = failed(n, fmt::format("{}: the zeros ending a_n, b_n are {}, {}", pos({a, b}), std::countr_zero(a),
                                      std::countr_zero(b)));
        return out.pass;
      },
      progress);
  return out;
}

// Gardner's pairs (F_i, F_(i+1)), i odd, F_1 = 1, F_2 = 2, below 2^63: P-positions of Wythoff,
// (x, y) with y − x = n and x = ⌊nφ⌋.
ClaimOutcome check_gardner(std::uint64_t bound, const ProgressFn&) {
  std::uint64_t f = 1, g = 2;  // F_i, F_(i+1)
  std::uint64_t i = 1;
  for (; i <= bound; i += 2) {
    if (numeration::floor_n_phi<std::uint64_t>(g - f) != f)
      return failed(i, fmt::format("(F_{}, F_{}) = ({}, {}) is not a Wythoff pair", i, i + 1, f, g));
    const std::uint64_t h = f + g;
    f = h, g = h + g;
  }
  return passed(bound, fmt::format("(F_i, F_(i+1)) for odd i ≤ {}", bound));
}

// The steps of Table 4 and the covering, along the sweep: a_n is the least number not yet used
// (the P-positions are sorted by a_n), so every number is used once iff each a_n is the least
// unused number and no b_n has been used before.
ClaimOutcome check_table4_steps(std::uint64_t bound, const ProgressFn& progress) {
  ClaimOutcome out{true, bound, fmt::format("n = 0..{}", bound - 1)};
  std::vector<bool> used;
  std::uint64_t least = 1;  // the least number ≥ 1 not yet used
  Position last{};
  sweep_p_positions(
      Ruleset::parse("st-wythoff:2,1"), bound,
      [&](std::uint64_t n, std::uint64_t a, std::uint64_t b) {
        if (n == 0) return true;
        const Position step{a - last.x, b - last.y};
        if (step != Position{1, 3} && step != Position{2, 5})
          out = failed(bound, fmt::format("P-position {} is {} after {}", n, pos({a, b}), pos(last)));
        else if (a != least || (b < used.size() && used[b]))
          out = failed(bound, fmt::format("P-position {} = {} uses a number twice or skips {}", n, pos({a, b}), least));
        if (!out.pass) return false;
        if (used.size() <= b) used.resize(2 * b + 1);
        used[a] = used[b] = true;
        while (least < used.size() && used[least]) ++least;
        last = {a, b};
        return true;
      },
      progress);
  return out;
}

ClaimOutcome check_prop7(std::uint64_t bound, const ProgressFn& progress) {
  ClaimOutcome out{true, bound, "n = f(a_n) for every n"};
  sweep_p_positions(
      Ruleset::parse("queen-bee"), bound,
      [&](std::uint64_t n, std::uint64_t a, std::uint64_t) {
        std::uint64_t f = 0;
        for (unsigned m = 1; m < 64 && (std::uint64_t{1} << (m - 1)) <= a; m += 2)
          f += (a + (std::uint64_t{1} << (m - 1))) >> m;  // [a/2^m] = ⌊(a + 2^(m−1))/2^m⌋
        if (f != n) out = {false, n, fmt::format("n = {}: a_n = {} but f(a_n) = {}", n, a, f)};
        return out.pass;
      },
      progress);
  return out;
}

ClaimOutcome check_theorem8(std::uint64_t bound, const ProgressFn& progress) {
  auto e = eq1("queen-bee", bound, progress);
  std::string firsts;
  for (auto [value, n] : e.first)
    if (value <= -2 || value >= 1) firsts += fmt::format(" {}@{}", value, n);
  auto five = e.first.find(-5);
  bool figure3 = five != e.first.end() && five->second == 310691;
  bool reached = bound >= 310691;
  return {figure3 || !reached, bound,
          fmt::format("range [{}, {}] over n = 1..{}; first n per value:{}{}", e.low, e.high, bound, firsts,
                      reached && !figure3 ? " — Figure 3's n = 310691 not reproduced" : "")};
}

ClaimOutcome check_aaa(std::uint64_t bound, const ProgressFn&) {
  MorphicPPositions code({"a->ab,b->aaa", 'a', 'b', "", ""});
  std::vector<Position> p;  // the coded P-positions and mirrors with coordinates < 4·bound
  for (std::uint64_t n = 0; code.nth(n).x < 4 * bound; ++n) {
    Position q = code.nth(n);
    if (q.y < 4 * bound) p.push_back(q), p.push_back({q.y, q.x});
  }
  std::sort(p.begin(), p.end());
  auto coded = [&](Position q) { return std::binary_search(p.begin(), p.end(), q); };
  auto joins = [&](Position move) {  // the move joins two coded P-positions
    return std::any_of(p.begin(), p.end(), [&](Position r) { return coded({r.x + move.x, r.y + move.y}); });
  };
  for (std::uint64_t n = 1; n <= 5; ++n)
    if (code.nth(n) != std::vector<Position>{{1, 2}, {3, 7}, {4, 9}, {5, 11}, {6, 13}}[n - 1])
      return failed(n, fmt::format("the coding gives {} at n = {}", pos(code.nth(n)), n));
  if (!joins({3, 6}) || !joins({2, 4}))
    return failed(0, "a move from (3,6) to (0,0) or (1,2) joins no two coded P-positions");
  // The text overlooks (3,6) → (2,1): is there an N-position in the corner with
  // every move to a coded P-position joining two of them (a real conflict)?
  for (std::uint64_t x = 0; x < bound; ++x)
    for (std::uint64_t y = 0; y < bound; ++y) {
      if (coded({x, y})) continue;
      bool free_move = std::any_of(p.begin(), p.end(), [&](Position q) {
        return q.x <= x && q.y <= y && !(q == Position{x, y}) && !joins({x - q.x, y - q.y});
      });
      if (!free_move)
        return passed(bound, fmt::format("conflict at {}: every move to a coded P-position joins two", pos({x, y})));
    }
  return passed(bound, fmt::format("the text's two conflicts hold, but (3,6) → (2,1) by (1,5) joins no "
                                   "two coded P-positions, and no N-position in the {}×{} corner lacks "
                                   "such a free move: the argument is incomplete",
                                   bound, bound));
}

ClaimOutcome check_morphic(std::uint64_t bound, const ProgressFn& progress) {
  const char* games[] = {
      "wythoff",      "kqueen:2",       "kqueen:3",       "queen-bee",          "queen-dee",
      "kqueen-dee:2", "st-wythoff:2,1", "st-wythoff:3,2", "limited-kqueen:3,0", "limited-kqueen:4,2"};
  for (const char* name : games) {
    auto rules = Ruleset::parse(name);
    MorphicPPositions route(*morphic_coding(rules));
    std::vector<Position> word;
    route.stream(bound, [&](std::uint64_t, std::uint64_t a, std::uint64_t b) {
      word.push_back({a, b});
      return true;
    });
    auto game = sweep_p_positions(Ruleset::parse(name), bound, progress);
    auto [g, w] = std::mismatch(game.begin(), game.end(), word.begin());
    if (g != game.end())
      return failed(static_cast<std::uint64_t>(g - game.begin()),
                    fmt::format("{}: game {} vs morphism {}", name, pos(*g), pos(*w)));
  }
  return passed(bound, fmt::format("{} rulesets agree", std::size(games)));
}

}  // namespace

std::vector<Claim> claims() {
  return {
      Claim{.id = "empress.theorem1",
            .source = "seed 001, Theorem 1",
            .kind = ClaimKind::theorem,
            .statement = "Queen Bee: b_n = 2a_n and every natural number occurs once as a coordinate (proved in "
                         "base 2 through the set of P-positions, which the period-doubling word makes 2-automatic)",
            .unit = "P-positions",
            .bounds = {.tour = 100'000, .standard = 5'000'000, .deep = 10'000'000, .max = 2'000'000'000},
            .check = check_theorem1,
            .proof = kQueenBeeTheorem1Proof},
      table_claim(1, "queen-bee", "the Queen Bee", {1, 3, 4, 5, 7, 9, 11, 12, 13, 15, 16, 17, 19, 20, 21},
                  {2, 6, 8, 10, 14, 18, 22, 24, 26, 30, 32, 34, 38, 40, 42}),
      table_claim(2, "kqueen-dee:2", "the 2-Queen Dee", {1, 2, 4, 5, 6, 7, 9, 10, 11, 13, 14, 15, 16, 18, 19},
                  {3, 8, 12, 17, 20, 25, 29, 34, 39, 43, 48, 51, 56, 60, 65}),
      table_claim(3, "queen-dee", "the Queen Dee", {1, 3, 4, 6, 7, 9, 10, 12, 14, 15, 17, 18, 20, 21, 23},
                  {2, 5, 8, 11, 13, 16, 19, 22, 25, 28, 31, 33, 36, 39, 42}),
      table_claim(4, "st-wythoff:2,1", "(2,1)-Wythoff", {1, 2, 4, 5, 7, 8, 9, 10, 12, 13, 15, 16, 17, 18, 20},
                  {3, 6, 11, 14, 19, 22, 25, 28, 33, 36, 41, 44, 47, 50, 55}),
      Claim{.id = "empress.lemma2",
            .source = "seed 001, Lemma 2",
            .kind = ClaimKind::lemma,
            .statement = "2-Queen Dee: (x, y), x ≤ y, moves to an earlier P-position iff {x,y} meets A∪B or "
                         "{y−x−1, y−x, y−x+1} meets D∪S",
            .unit = "corner side",
            .bounds = {.tour = 40, .standard = 200, .deep = 200, .max = 2000},
            .check = check_lemma2,
            .proof = kLemma2Proof},
      Claim{.id = "empress.lemma3",
            .source = "seed 001, Lemma 3",
            .kind = ClaimKind::lemma,
            .statement = "2-Queen Dee: a_{n+1} = mex(A_n ∪ B_n), b_{n+1} − a_{n+1} = mex_2(D_n ∪ S_n)",
            .unit = "P-positions",
            .bounds = {.tour = 100'000, .standard = 2'000'000, .deep = 10'000'000, .max = 1'000'000'000},
            .check = check_lemma3,
            .proof = kLemma3Proof},
      Claim{.id = "empress.lemma4",
            .source = "seed 001, Lemma 4",
            .kind = ClaimKind::lemma,
            .statement = "2-Queen Dee (a, b) and Queen Dee (α, β): a_n = β_n − α_n, b_n = α_n + β_n, b_n − a_n = 2α_n, "
                         "a_n + b_n = 2β_n",
            .unit = "P-positions",
            .bounds = {.tour = 100'000, .standard = 2'000'000, .deep = 5'000'000, .max = 200'000'000},
            .check = check_lemma4,
            .proof = kLemma4Proof},
      Claim{.id = "empress.table3_exile",
            .source = "seed 001, Table 3 (A140100–A140103); seed 000, eq. (2)",
            .kind = ClaimKind::table,
            .statement = "the Queen Dee's P-positions are the queens in exile's (X_n, Y_n) and the 2-Queen Dee's their "
                         "(M_n, P_n): the sweep of either game equals the XYMP mex recurrence",
            .unit = "P-positions",
            .bounds = {.tour = 100'000, .standard = 2'000'000, .deep = 10'000'000, .max = 500'000'000},
            .check = check_table3_exile,
            .proof = kTable3ExileProof},
      Claim{.id = "empress.theorem5",
            .source = "seed 001, Theorem 5",
            .kind = ClaimKind::theorem,
            .statement = "the P-positions of the 2-Queen Dee are the locations of the a's and c's in t_b",
            .unit = "P-positions",
            .bounds = {.tour = 100'000, .standard = 2'000'000, .deep = 10'000'000, .max = 1'000'000'000},
            .check = check_theorem5,
            .proof = kTheorem5Proof},
      Claim{.id = "empress.eq1",
            .source = "seed 001, eq. (1) (the fokkink statement of §5, Shallit [20])",
            .kind = ClaimKind::equation,
            .statement = "a_{b_n} − a_n − b_n ∈ {0, −1} for the Queen Dee",
            .unit = "n",
            .bounds = {.tour = 30'000, .standard = 300'000, .deep = 5'000'000, .max = 100'000'000},
            .check = check_eq1("queen-dee", -1),
            .proof = kFokkinkProof},
      Claim{.id = "empress.theorem6",
            .source = "seed 001, Theorem 6 (the table2 statement of §5)",
            .kind = ClaimKind::theorem,
            .statement = "a_{b_n} − a_n − b_n ∈ {0, −1} for the 2-Queen Dee",
            .unit = "n",
            .bounds = {.tour = 30'000, .standard = 300'000, .deep = 5'000'000, .max = 100'000'000},
            .check = check_eq1("kqueen-dee:2", -1),
            .proof = kTheorem6Proof},
      Claim{.id = "empress.eq1_21",
            .source = "seed 001, §5 (eq. (1) for the (2,1)-Queen, Shallit [19])",
            .kind = ClaimKind::equation,
            .statement = "a_{b_n} − a_n − b_n ∈ {0, −1} for (2,1)-Wythoff",
            .unit = "n",
            .bounds = {.tour = 30'000, .standard = 300'000, .deep = 5'000'000, .max = 100'000'000},
            .check = check_eq1("st-wythoff:2,1", -1),
            .proof = kQueen21Proof},
      Claim{.id = "empress.table4_steps",
            .source = "seed 001, §4 (Table 4)",
            .kind = ClaimKind::remark,
            .statement = "consecutive P-positions of (2,1)-Wythoff differ by (1, 3) or (2, 5), and every natural "
                         "number ≥ 1 occurs once as an a_n or a b_n",
            .unit = "P-positions",
            .bounds = {.tour = 100'000, .standard = 2'000'000, .deep = 10'000'000, .max = 1'000'000'000},
            .check = check_table4_steps,
            .proof = kTable4StepsProof},
      Claim{.id = "empress.wythoff_eq1",
            .source = "seed 001, §5 (Corner the Lady: a_{b_n} = a_n + b_n, Gardner [10])",
            .kind = ClaimKind::equation,
            .statement = "a_{b_n} − a_n − b_n = 0 for Wythoff",
            .unit = "n",
            .bounds = {.tour = 30'000, .standard = 300'000, .deep = 5'000'000, .max = 100'000'000},
            .check = check_eq1("wythoff", 0),
            .proof = kWythoffProof},
      Claim{.id = "empress.table1_caption",
            .source = "seed 001, Table 1 (caption)",
            .kind = ClaimKind::table,
            .statement = "Queen Bee: the a_n are the numbers whose binary representation ends with an even number of "
                         "zeros, the b_n those ending with an odd number",
            .unit = "P-positions",
            .bounds = {.tour = 100'000, .standard = 5'000'000, .deep = 10'000'000, .max = 2'000'000'000},
            .check = check_table1_caption,
            .proof = kTable1CaptionProof},
      Claim{.id = "empress.tc_codes",
            .source = "seed 001, §3 ([7], [14])",
            .kind = ClaimKind::theorem,
            .statement =
                "the Queen Dee's P-positions are coded by t_c, the Tribonacci word without its c's: a_n is the "
                "location of its n-th a, b_n of its n-th b",
            .unit = "P-positions",
            .bounds = {.tour = 100'000, .standard = 2'000'000, .deep = 10'000'000, .max = 200'000'000},
            .check = check_coded_by_deletion('c', 'a'),
            .proof = kTcCodesProof},
      Claim{.id = "empress.ta_codes",
            .source = "seed 001, §3 (after Theorem 5)",
            .kind = ClaimKind::remark,
            .statement = "t_a, the Tribonacci word without its a's, codes the same table: a_n is the location of its "
                         "n-th b, b_n of its n-th c",
            .unit = "P-positions",
            .bounds = {.tour = 100'000, .standard = 2'000'000, .deep = 10'000'000, .max = 200'000'000},
            .check = check_coded_by_deletion('a', 'b'),
            .proof = kTaCodesProof},
      Claim{.id = "empress.ds_partition",
            .source = "seed 001, §3 (Table 2)",
            .kind = ClaimKind::observation,
            .statement =
                "2-Queen Dee: the differences b_n − a_n and the sums a_n + b_n (n ≥ 1) are even and together "
                "every positive even number exactly once (the P-positions skip the diagonals y − x = a_i + b_i)",
            .unit = "P-positions",
            .bounds = {.tour = 100'000, .standard = 2'000'000, .deep = 10'000'000, .max = 200'000'000},
            .check = [](std::uint64_t b, const ProgressFn& p) { return check_differences_sums(b, p, false); },
            .proof = kDsPartitionProof},
      Claim{.id = "empress.ab_fills",
            .source = "seed 001, §3 (the inductive hypothesis)",
            .kind = ClaimKind::observation,
            .statement = "2-Queen Dee: A_n ∪ B_n contains every number up to a_n, and D_n ∪ S_n every even number up "
                         "to d_n = b_n − a_n",
            .unit = "P-positions",
            .bounds = {.tour = 100'000, .standard = 2'000'000, .deep = 10'000'000, .max = 200'000'000},
            .check = [](std::uint64_t b, const ProgressFn& p) { return check_differences_sums(b, p, true); },
            .proof = kAbFillsProof},
      Claim{.id = "empress.complementary",
            .source = "seed 001, §1",
            .kind = ClaimKind::observation,
            .statement = "for the games of the paper {a_n} and {b_n} (n ≥ 1) are complementary and b_n increases: "
                         "Wythoff, the 2-, 3- and 4-Queen, the Queen Dee, the 2-Queen Dee, (2,1)-Wythoff, the limited "
                         "3-Queen (band 0) and 4-Queen (band 2)",
            .unit = "P-positions each",
            .bounds = {.tour = 20'000, .standard = 500'000, .deep = 5'000'000, .max = 100'000'000},
            .check = check_complementary_games,
            .proof = complementary_proof()},
      b_formula_claim(
          "empress.wythoff", "seed 001, §1 (Wythoff [22])", "Wythoff: b_n = a_n + n", "wythoff", "b_n = a_n + n",
          [](std::uint64_t n, Position p) { return p.y == p.x + n; }, "msd_fib", "wyth", "b=a+n"),
      b_formula_claim(
          "empress.kqueen2", "seed 001, §1 (Holladay [11]), §3",
          "Holladay's 2-Queen: b_n = a_n + 2n (consecutive even diagonals)", "kqueen:2", "b_n = a_n + 2n",
          [](std::uint64_t n, Position p) { return p.y == p.x + 2 * n; }, "msd_kqueen2", "kqueen2", "b=a+2*n"),
      b_formula_claim(
          "empress.kqueen3", "seed 001, §1 (Holladay [11])", "Holladay's 3-Queen: b_n = a_n + 3n", "kqueen:3",
          "b_n = a_n + 3n", [](std::uint64_t n, Position p) { return p.y == p.x + 3 * n; }, "msd_kqueen3", "kqueen3",
          "b=a+3*n"),
      b_formula_claim(
          "empress.kqueen4", "seed 001, §1 (Holladay [11])", "Holladay's 4-Queen: b_n = a_n + 4n", "kqueen:4",
          "b_n = a_n + 4n", [](std::uint64_t n, Position p) { return p.y == p.x + 4 * n; }, "msd_kqueen4", "kqueen4",
          "b=a+4*n"),
      Claim{.id = "empress.kqueen_steps",
            .source = "seed 001, §4",
            .kind = ClaimKind::remark,
            .statement = "the k-Queen's consecutive P-positions differ by (1, k + 1) or (2, k + 2), the table of a → "
                         "a^k b, b → a (k = 2, 3, 4)",
            .unit = "P-positions each",
            .bounds = {.tour = 100'000, .standard = 2'000'000, .deep = 10'000'000, .max = 1'000'000'000},
            .check =
                [](std::uint64_t bound, const ProgressFn& progress) {
                  for (std::uint64_t k = 2; k <= 4; ++k) {
                    auto p =
                        sweep_p_positions(Ruleset::parse(fmt::format("kqueen:{}", k).c_str()), bound + 1, progress);
                    for (std::uint64_t n = 0; n < bound; ++n) {
                      const Position step{p[n + 1].x - p[n].x, p[n + 1].y - p[n].y};
                      if (step != Position{1, k + 1} && step != Position{2, k + 2})
                        return failed(n, fmt::format("{}-Queen: {} after {}", k, pos(p[n + 1]), pos(p[n])));
                    }
                  }
                  return passed(bound, fmt::format("k = 2, 3, 4, n = 0..{}", bound));
                },
            .proof = kKQueenStepsProof},
      b_formula_claim(
          "empress.queen21", "seed 001, §4 (Table 4)", "(2,1)-Wythoff: b_n = 2a_n + n", "st-wythoff:2,1",
          "b_n = 2a_n + n", [](std::uint64_t n, Position p) { return p.y == 2 * p.x + n; }, "msd_queen2_1", "queen2_1",
          "b=2*a+n"),
      b_formula_claim(
          "empress.limqueen3_0", "seed 001, §4",
          "the limited 3-Queen with band 0 (a → a b a a, b → a; k = 3, j = 2 in the reading of "
          "docs/TWOPILE.md): b_n = a_n + kn − j = a_n + 3n − 2",
          "limited-kqueen:3,0", "b_n = a_n + 3n − 2",
          [](std::uint64_t n, Position p) { return p.y + 2 == p.x + 3 * n; }, "msd_kqueen3", "limqueen3_0",
          "b+2=a+3*n"),
      b_formula_claim(
          "empress.limqueen4_2", "seed 001, §4",
          "the limited 4-Queen with band 2 (a → a a a b a, b → a; k = 4, j = 1): b_n = a_n + 4n − 1",
          "limited-kqueen:4,2", "b_n = a_n + 4n − 1",
          [](std::uint64_t n, Position p) { return p.y + 1 == p.x + 4 * n; }, "msd_kqueen4", "limqueen4_2",
          "b+1=a+4*n"),
      Claim{.id = "empress.gardner",
            .source = "seed 001, §5 (Gardner [10])",
            .kind = ClaimKind::remark,
            .statement = "consecutive Fibonacci numbers (F_i, F_(i+1)), i odd (F_1 = 1, F_2 = 2), are P-positions of "
                         "Wythoff (Corner the Lady)",
            .unit = "i",
            .bounds = {.tour = 85, .standard = 85, .deep = 85, .max = 85},
            .check = check_gardner,
            .proof = kGardnerProof},
      Claim{.id = "empress.prop7",
            .source = "seed 001, Proposition 7",
            .kind = ClaimKind::proposition,
            .statement = "Queen Bee: n = Σ_j [a_n / 2^(2j+1)] (nearest integer, halves up)",
            .unit = "P-positions",
            .bounds = {.tour = 100'000, .standard = 10'000'000, .deep = 10'000'000, .max = 2'000'000'000},
            .check = check_prop7},
      Claim{.id = "empress.theorem8",
            .source = "seed 001, Theorem 8 and Figure 3",
            .kind = ClaimKind::theorem,
            .statement = "Queen Bee: a_{b_n} − a_n − b_n is unbounded (evidence: the first n reaching each new value; "
                         "Figure 3: a difference of size 5 first at n = 310691). No automaton proof: a_n and b_n "
                         "are not synchronized (Rampersad–Stipulanti [15], seed 001 §5)",
            .unit = "n",
            .bounds = {.tour = 400'000, .standard = 3'000'000, .deep = 30'000'000, .max = 300'000'000},
            .check = check_theorem8},
      Claim{.id = "empress.aaa",
            .source = "seed 001, §4",
            .kind = ClaimKind::remark,
            .statement =
                "a→ab, b→aaa codes (1,2), (3,7), (4,9), (5,11), (6,13); from the N-position (3,6) the moves to (0,0) "
                "and (1,2) also join two coded P-positions",
            .unit = "corner side",
            .bounds = {.tour = 30, .standard = 60, .deep = 60, .max = 400},
            .check = check_aaa},
      Claim{.id = "empress.morphic",
            .source = "seed 001, §3–4",
            .kind = ClaimKind::theorem,
            .statement =
                "sweep = morphic route for Wythoff, k-Queens, Queen Bee, Queen Dees, (s,t)-Wythoff, limited k-Queens",
            .unit = "P-positions",
            .bounds = {.tour = 20'000, .standard = 500'000, .deep = 1'000'000, .max = 100'000'000},
            .check = check_morphic},
  };
}

}  // namespace qg::papers::empress_twopile
