// The sequences the synthesizer is asked for, and the statements that certify each guess.
#include <algorithm>
#include <optional>

#include <fmt/format.h>

#include "queengames/blocking.hpp"
#include "queengames/common.hpp"
#include "queengames/numeration.hpp"
#include "queengames/synth.hpp"
#include "queengames/twopile.hpp"
#include "queengames/words.hpp"

namespace qg::synth {
namespace {

// a_n or b_n of a game's P-positions by the papers' morphic coding (seed 001 §3–4), with
// (a_0, b_0) = (0, 0); O(log n) per term.
Sequence game_coordinate(const char* ruleset, bool b) {
  auto index = std::make_shared<twopile::MorphicPPositions>(*twopile::morphic_coding(twopile::Ruleset::parse(ruleset)));
  return [index, b](std::uint64_t n) -> std::uint64_t {
    if (n == 0) return 0;
    auto p = index->nth(n);
    return b ? p.y : p.x;
  };
}

// The Tribonacci word t = abacaba… (seed 000 (8), seed 001 §3) by random access.
std::shared_ptr<const words::FixedPointIndex> tribonacci_word() {
  return std::make_shared<words::FixedPointIndex>(words::Morphism::named("tribonacci"));
}

// The functional part of every certification: one m for every n.
std::string functional(const std::string& system, const std::string& name) {
  return fmt::format(
      "eval {0}_total \"?{1} An Em ${0}(n,m)\":\n"
      "eval {0}_unique \"?{1} An,m,p (${0}(n,m) & ${0}(n,p)) => m=p\":\n",
      name, system);
}

// The kernel argument (seed 001 §6 generalised): the moves decrease x + y, so the game is well
// founded and its P-positions are the only set P that is independent (no position of P has a
// move into P) and absorbing (every other position has a move into P): both say at once that
// (x, y) ∈ P ⇔ (x, y) has no move into P. P is the set of the pairs (a_n, b_n) and their
// mirrors; a_n ≤ b_n and a_n increasing fix the numbering. `reach` says that (x, y) has a move
// into P, one disjunct per move family, with $P for P and $S for the sums {a + b : (a, b) ∈ P}
// (a reflection reaches a whole antidiagonal, so it only needs the sum), and $C(p,q,x,y) for
// "(x, y) reaches (p, q) by taking u = x − p and v = y − q with `cone`(u, v)", `cone` being a
// formula over (u, v) that says which amounts may be taken from the two piles together.
//
// $C is built in two steps, u then v, so that no automaton reads more than five tracks: the
// one formula ∃u,v (u + p = x ∧ v + q = y ∧ cone) reads six, whose 5^6 letters in msd_queen3_2
// (digits 0…4) exhausted 7 GB, where the two steps take 65 s (and 0.2 s for the (2,1)-Queen).
std::string kernel(const std::string& system, const std::string& a, const std::string& b, std::string reach,
                   const std::string& cone = {}) {
  const std::string stem = a + "_" + b, p = stem + "_p", sums = stem + "_sums", c = stem + "_cone", r = stem + "_reach";
  for (auto [from, to] :
       {std::pair<std::string, std::string>{"$P", "$" + p}, {"$S", "$" + sums}, {"$C", "$" + c + "_xy"}})
    for (std::size_t at; (at = reach.find(from)) != std::string::npos;) reach.replace(at, from.size(), to);
  const std::string cone_defs = cone.empty() ? std::string()
                                             : fmt::format(
                                                   "def {1} \"?{0} {2}\":\n"
                                                   "def {1}_x \"?{0} Eu ${1}(u,v) & p+u=x\":\n"
                                                   "def {1}_xy \"?{0} Ev ${1}_x(p,v,x) & q+v=y\":\n",
                                                   system, c, cone);
  return fmt::format(
      "def {3} \"?{0} En (${1}(n,x) & ${2}(n,y)) | (${1}(n,y) & ${2}(n,x))\":\n"
      "def {4} \"?{0} Eu,v ${3}(u,v) & u+v=d\":\n"
      "{7}"
      "def {5} \"?{0} {6}\":\n"
      "eval {1}_increasing \"?{0} An,a,c (${1}(n,a) & ${1}(n+1,c)) => a<c\":\n"
      "eval {1}_{2}_ordered \"?{0} An,a,b (${1}(n,a) & ${2}(n,b)) => a<=b\":\n"
      "eval {1}_{2}_kernel \"?{0} Ax,y ${3}(x,y) <=> ~${5}(x,y)\":\n",
      system, a, b, p, sums, r, reach, cone_defs);
}

// The moves into P, written from twopile's families (Rook, Widened{1, k, j}, Reflect{k}): the
// rook; the k-Queen's diagonal and strolls, u ≥ 1 from x and v ≥ 1 from y with |u − v| ≤ k − 1;
// the reflection onto the antidiagonal d, 0 < d < x + y, from the side point (0, d) when d ≤ y
// and |d + x − y| ≤ k − 1, or from (d, 0) when d ≤ x and |d + y − x| ≤ k − 1.
const char* kRookDiagonal = "(Ev v<y & $P(x,v)) | (Eu u<x & $P(u,y)) | (Et t>0 & t<=x & t<=y & $P(x-t,y-t))";

// "v+c" without "+0".
std::string plus(const char* v, unsigned c) { return c ? fmt::format("{}+{}", v, c) : std::string(v); }

// The strolls with u ≠ v: (u, v) = (t + e, t) and (t, t + e) for e = 1 … k − 1. With a limit j
// (the limited k-Queen) such a stroll may not enter the band |x − y| ≤ j from outside it; the
// target's x − y is (x − y) − e, or (x − y) + e for the mirror.
std::string strolls(unsigned k, std::optional<unsigned> j = {}) {
  std::string out;
  for (unsigned e = 1; e < k; ++e)
    for (bool x_side : {true, false}) {
      const char *big = x_side ? "x" : "y", *small = x_side ? "y" : "x";
      std::string limit;
      if (j)  // outside: |x − y| > j; inside after the stroll: −j ≤ (big − small) − e ≤ j
        limit = fmt::format(" & ~((x>{} | y>{}) & {}<={} & {}<={})", plus("y", *j), plus("x", *j), big,
                            plus(small, e + *j), plus(small, e), plus(big, *j));
      out += x_side ? fmt::format(" | (Et t>0 & t+{0}<=x & t<=y & $P(x-(t+{0}),y-t){1})", e, limit)
                    : fmt::format(" | (Et t>0 & t<=x & t+{0}<=y & $P(x-t,y-(t+{0})){1})", e, limit);
    }
  return out;
}

const std::string kWythoffReach = kRookDiagonal;
const std::string kQueenDeeReach = std::string(kRookDiagonal) + " | (x>0 & y>x & $S(y-x)) | (y>0 & x>y & $S(x-y))";
const std::string kTwoQueenDeeReach =
    std::string(kRookDiagonal) + strolls(2) +
    " | (Ed d>0 & d<x+y & ((d<=y & (d+x=y | d+x=y+1 | d+x+1=y)) | (d<=x & (d+y=x | d+y=x+1 | d+y+1=x))) & $S(d))";

// Fraenkel's (s,t)-Wythoff (Widened{s, t}): u, v ≥ 1 taken together with |u − v| <
// (s − 1)·min(u, v) + t, i.e. v < s·u + t when u ≤ v.
std::string cone(unsigned s, unsigned t) {
  return fmt::format("u>0 & v>0 & ((u<=v & v<{0}*u+{1}) | (v<=u & u<{0}*v+{1}))", s, t);
}
const char* kRookCone = "(Ev v<y & $P(x,v)) | (Eu u<x & $P(u,y)) | (Ep,q $P(p,q) & $C(p,q,x,y))";

// The positions of the n-th `letter` (1-based, seed 000 §5.3: A_n, B_n, C_n) are characterised
// by induction: the first is where the word first has that letter, and the next one after
// position a is the first letter-position beyond a.
std::string tribonacci_positions(const std::string& name, int letter, unsigned first) {
  return functional("msd_trib", name) +
         fmt::format(
             "eval {0}_zero \"?msd_trib ${0}(0,0)\":\n"
             "eval {0}_first \"?msd_trib ${0}(1,{2}) & (Ai i+1<{2} => TR[i]!=@{1})\":\n"
             "eval {0}_letter \"?msd_trib An,a (n>=1 & ${0}(n,a)) => TR[a-1]=@{1}\":\n"
             "eval {0}_next \"?msd_trib An,a,c (n>=1 & ${0}(n,a) & ${0}(n+1,c)) => (a<c & (Ai (i>=a & i+1<c) => "
             "TR[i]!=@{1}))\":\n",
             name, letter, first);
}

// Two coordinates, a_n as NAMEa and b_n as NAMEb (aliases ALIAS:a, ALIAS:b), certified together:
// each is a function, and `certification` (with $NAMEa, $NAMEb) holds.
void coordinate_pair(std::vector<Synthesizable>& c, const std::string& name, const std::string& system,
                     const std::string& alias, Sequence a_sequence, Sequence b_sequence,
                     const std::string& certification, std::string a_description, std::string b_description) {
  const std::string a = name + "a", b = name + "b";
  c.push_back({a,
               {alias + ":a"},
               system,
               std::move(a_description),
               std::move(a_sequence),
               functional(system, a) + certification,
               b});
  c.push_back({b,
               {alias + ":b"},
               system,
               std::move(b_description),
               std::move(b_sequence),
               functional(system, b) + certification,
               a});
}

// A game's two coordinates, certified together by its kernel.
void game_pair(std::vector<Synthesizable>& c, const std::string& name, const std::string& system,
               const std::string& ruleset, const std::string& reach, std::string a_description,
               std::string b_description, const std::string& cone = {}) {
  coordinate_pair(c, name, system, ruleset, game_coordinate(ruleset.c_str(), false),
                  game_coordinate(ruleset.c_str(), true), kernel(system, name + "a", name + "b", reach, cone),
                  std::move(a_description), std::move(b_description));
}

// k-Blocking Wythoff Nim (seed 004 §1): its palaces (x, y), x ≤ y, in the order of x, then y, as
// (a_n, b_n). A W×W palace table is taken as complete for the columns x < (W − 3)/2.62 (the
// palaces of the games shipped lie on or below y = φ²x + 2); the certification is what vouches
// for the automaton. RangeError past a 2^14-wide table (2^28 cells, 1 GiB): a smaller --longest.
Sequence blocking_coordinate(unsigned k, bool b) {
  struct Palaces {
    std::uint64_t width = 0;
    std::vector<std::pair<std::uint64_t, std::uint64_t>> sorted;  // the complete columns' palaces
  };
  auto state = std::make_shared<Palaces>();
  return [state, k, b](std::uint64_t n) -> std::uint64_t {
    while (n >= state->sorted.size()) {
      state->width = std::max<std::uint64_t>(64, 2 * state->width);
      if (state->width > (std::uint64_t{1} << 14))
        throw RangeError(fmt::format("blocking{}: palace {} needs a table wider than 2^14", k, n));
      const std::uint64_t w = state->width;
      const std::vector<std::uint32_t> v = blocking::palace_table(k, w, w);
      state->sorted.clear();
      for (std::uint64_t x = 0; x < (w - 3) * 100 / 262; ++x)
        for (std::uint64_t y = x; y < w; ++y)
          if (v[y * w + x] < k) state->sorted.emplace_back(x, y);
    }
    return b ? state->sorted[n].second : state->sorted[n].first;
  };
}

// Seed 004 §1's rule for the set P of the pairs (a_n, b_n) and their mirrors: a position is a
// palace iff it sees fewer than k palaces due north, west or north-west. Each line looks back
// (x + y decreases along it), so the palaces are the only set with P(x, y) ⇔ (x, y) sees fewer
// than k members of P. "Sees at least k" is at least i members due north, j due west and l
// north-west with i + j + l = k (distinct positions: the lines meet only at (x, y)); "at least
// i due north" is a member (x, v), v < y, with at least i − 1 more north of it. The pairs come in
// the order of x, then y, with x ≤ y, which fixes the numbering.
std::string palace_rule(const std::string& system, const std::string& a, const std::string& b, unsigned k) {
  const std::string stem = a + "_" + b, p = stem + "_p";
  std::string out = fmt::format(
      "def {1} \"?{0} En (${2}(n,x) & ${3}(n,y)) | (${2}(n,y) & ${3}(n,x))\":\n"
      "eval {2}_{3}_ordered \"?{0} An,a,b,c,d (${2}(n,a) & ${3}(n,b) & ${2}(n+1,c) & ${3}(n+1,d)) => (a<=b & "
      "(a<c | (a=c & b<d)))\":\n",
      system, p, a, b);
  for (unsigned i = 1; i <= k; ++i) {
    const bool first = i == 1;
    out += fmt::format(
        "def {1}_north{2} \"?{0} Ev v<y & ${1}(x,v){3}\":\n"
        "def {1}_west{2} \"?{0} Eu u<x & ${1}(u,y){4}\":\n"
        "def {1}_diagonal{2} \"?{0} Et t>=1 & t<=x & t<=y & ${1}(x-t,y-t){5}\":\n",
        system, p, i, first ? "" : fmt::format(" & ${}_north{}(x,v)", p, i - 1),
        first ? "" : fmt::format(" & ${}_west{}(u,y)", p, i - 1),
        first ? "" : fmt::format(" & ${}_diagonal{}(x-t,y-t)", p, i - 1));
  }
  std::vector<std::string> ways;
  for (unsigned i = 0; i <= k; ++i)
    for (unsigned j = 0; i + j <= k; ++j) {
      const unsigned l = k - i - j;
      std::vector<std::string> parts;
      if (i) parts.push_back(fmt::format("${}_north{}(x,y)", p, i));
      if (j) parts.push_back(fmt::format("${}_west{}(x,y)", p, j));
      if (l) parts.push_back(fmt::format("${}_diagonal{}(x,y)", p, l));
      ways.push_back(fmt::format("({})", fmt::join(parts, " & ")));
    }
  return out + fmt::format(
                   "def {1}_sees \"?{0} {2}\":\n"
                   "eval {3}_{4}_palace_rule \"?{0} Ax,y ${1}(x,y) <=> ~${1}_sees(x,y)\":\n",
                   system, p, fmt::join(ways, " | "), a, b);
}

// The three game families of seed 001 §4 by name, each as its two coordinates NAMEa, NAMEb:
//  - kqueenK, Holladay's K-Queen, in msd_kqueenK (the system of a→a^K b, b→a);
//  - queenS_T, Fraenkel's (S,T)-Wythoff, in msd_queenS_T (a→a^(S+T−1) b, b→a^S); queen2_1 is
//    the (2,1)-Queen of Table 4;
//  - limqueenK_J, the limited K-Queen with band J, also in msd_kqueenK: its morphism
//    a→a^(K−j) b a^j, b→a (j = K − 1 − J, twopile::morphic_coding) has the K-Queen's weights,
//    and its own system would need digits for the prefix a^(K−j) b;
// and seed 004's blockingK, k-Blocking Wythoff (1 ≤ K ≤ 8), in msd_fib, certified by its palace rule.
// Empty for any other name; InputError for a member whose parameters are out of range.
std::vector<Synthesizable> game_family(const std::string& stem) {
  std::vector<Synthesizable> c;
  auto morphism = [](const std::string& name) { return words::Morphism::named(name).to_string(); };
  if (auto k = name_parameters(stem, "kqueen", 1)) {
    const unsigned K = (*k)[0];
    const std::string m = morphism(stem);
    game_pair(c, stem, "msd_" + stem, fmt::format("kqueen:{}", K), kRookDiagonal + strolls(K),
              fmt::format("a_n of Holladay's {}-Queen's P-positions (seed 001 §4: {}, its numeration system)", K, m),
              fmt::format("b_n = a_n + {}n of Holladay's {}-Queen's P-positions (seed 001 §4)", K, K));
  } else if (auto st = name_parameters(stem, "queen", 2)) {
    const unsigned S = (*st)[0], T = (*st)[1];
    const std::string m = morphism(stem);
    game_pair(c, stem, "msd_" + stem, fmt::format("st-wythoff:{},{}", S, T), kRookCone,
              fmt::format("a_n of ({},{})-Wythoff's P-positions (seed 001 §4: {}, its numeration system)", S, T, m),
              fmt::format("b_n = {}a_n + {}n of ({},{})-Wythoff's P-positions (seed 001 §4)", S, T, S, T), cone(S, T));
  } else if (auto k = name_parameters(stem, "blocking", 1)) {
    const unsigned K = (*k)[0];
    if (K < 1 || K > 8) throw InputError(fmt::format("{}: k-Blocking Wythoff blockingK needs 1 ≤ K ≤ 8", stem));
    coordinate_pair(
        c, stem, "msd_fib", fmt::format("blocking:{}", K), blocking_coordinate(K, false), blocking_coordinate(K, true),
        palace_rule("msd_fib", stem + "a", stem + "b", K),
        fmt::format("a_n of {}-Blocking Wythoff's palaces (x ≤ y, in the order of x, then y; seed 004 §1)", K),
        fmt::format("b_n of {}-Blocking Wythoff's palaces (seed 004 §1)", K));
  } else if (auto kj = name_parameters(stem, "limqueen", 2)) {
    const unsigned K = (*kj)[0], J = (*kj)[1];
    if (J >= K) throw InputError(fmt::format("{}: the limited K-Queen limqueenK_J needs K > J ≥ 0", stem));
    const std::string system = fmt::format("msd_kqueen{}", K);
    morphism(system.substr(4));  // K in range
    game_pair(c, stem, system, fmt::format("limited-kqueen:{},{}", K, J), kRookDiagonal + strolls(K, J),
              fmt::format("a_n of the limited {}-Queen's P-positions, band {} (seed 001 §4)", K, J),
              fmt::format("b_n of the limited {}-Queen's P-positions, band {} (seed 001 §4)", K, J));
  }
  return c;
}

std::vector<Synthesizable> make_catalogue() {
  std::vector<Synthesizable> c;
  const std::string qd = kernel("msd_trib", "xaut", "yaut", kQueenDeeReach);
  const std::string qd2 = kernel("msd_trib", "uaut", "vaut", kTwoQueenDeeReach);
  const std::string wy = kernel("msd_fib", "wytha", "wythb", kWythoffReach);
  c.push_back({"xaut",
               {"A140100", "queen-dee:a", "xymp:X"},
               "msd_trib",
               "a_n of the Queen Dee's P-positions (seed 001 §3, Table 3; the n-th a of t_c)",
               game_coordinate("queen-dee", false),
               functional("msd_trib", "xaut") + qd,
               "yaut"});
  c.push_back({"yaut",
               {"A140101", "queen-dee:b", "xymp:Y"},
               "msd_trib",
               "b_n of the Queen Dee's P-positions (seed 001 §3, Table 3; the n-th b of t_c)",
               game_coordinate("queen-dee", true),
               functional("msd_trib", "yaut") + qd,
               "xaut"});
  c.push_back({"uaut",
               {"A140102", "kqueen-dee:2:a", "xymp:M"},
               "msd_trib",
               "a_n of the 2-Queen Dee's P-positions (seed 001 Theorem 5, Table 2; the n-th a of t_b)",
               game_coordinate("kqueen-dee:2", false),
               functional("msd_trib", "uaut") + qd2,
               "vaut"});
  c.push_back({"vaut",
               {"A140103", "kqueen-dee:2:b", "xymp:P"},
               "msd_trib",
               "b_n of the 2-Queen Dee's P-positions (seed 001 Theorem 5, Table 2; the n-th c of t_b)",
               game_coordinate("kqueen-dee:2", true),
               functional("msd_trib", "vaut") + qd2,
               "uaut"});
  auto t = tribonacci_word();
  c.push_back(
      {"triba",
       {"A003144", "tribonacci:A"},
       "msd_trib",
       "A(n): the position (1-based) of the n-th a of the Tribonacci word, A(0) = 0 (Shallit's A; seed 000's A_n)",
       [t](std::uint64_t n) { return n == 0 ? 0 : t->occurrence('a', n) + 1; },
       tribonacci_positions("triba", 0, 1)});
  c.push_back(
      {"tribc",
       {"A003146", "tribonacci:C"},
       "msd_trib",
       "C(n): the position (1-based) of the n-th c of the Tribonacci word, C(0) = 0 (Shallit's C; seed 000's C_n)",
       [t](std::uint64_t n) { return n == 0 ? 0 : t->occurrence('c', n) + 1; },
       tribonacci_positions("tribc", 2, 4)});
  c.push_back(
      {"tribe",
       {"tribonacci:E", "N_b"},
       "msd_trib",
       "E(n): the number of b's among the first n letters of the Tribonacci word (Shallit's E; seed 000 §5.3's N_b(n))",
       [t](std::uint64_t n) { return t->count('b', n); },
       functional("msd_trib", "tribe") + "eval tribe_zero \"?msd_trib $tribe(0,0)\":\n"
                                         "eval tribe_step \"?msd_trib An,e,f ($tribe(n,e) & $tribe(n+1,f)) => "
                                         "((TR[n]=@1 & f=e+1) | (TR[n]!=@1 & f=e))\":\n"});
  c.push_back({"tribna",
               {"N_a"},
               "msd_trib",
               "N_a(n): the number of a's among the first n letters of the Tribonacci word (seed 000 §5.3)",
               [t](std::uint64_t n) { return t->count('a', n); },
               functional("msd_trib", "tribna") +
                   "eval tribna_zero \"?msd_trib $tribna(0,0)\":\n"
                   "eval tribna_step \"?msd_trib An,e,f ($tribna(n,e) & $tribna(n+1,f)) => "
                   "((TR[n]=@0 & f=e+1) | (TR[n]!=@0 & f=e))\":\n"});
  c.push_back({"tribnc",
               {"N_c"},
               "msd_trib",
               "N_c(n): the number of c's among the first n letters of the Tribonacci word (seed 000 §5.3)",
               [t](std::uint64_t n) { return t->count('c', n); },
               functional("msd_trib", "tribnc") +
                   "eval tribnc_zero \"?msd_trib $tribnc(0,0)\":\n"
                   "eval tribnc_step \"?msd_trib An,e,f ($tribnc(n,e) & $tribnc(n+1,f)) => "
                   "((TR[n]=@2 & f=e+1) | (TR[n]!=@2 & f=e))\":\n"});
  // The families' members whose automata ship in data/walnut (each family takes any member
  // by name: game_family).
  for (const char* stem :
       {"kqueen2", "kqueen3", "kqueen4", "limqueen3_0", "limqueen4_2", "queen2_1", "blocking2", "blocking3"})
    for (auto& member : game_family(stem)) c.push_back(std::move(member));
  c.push_back({"wytha",
               {"A000201", "wythoff:a"},
               "msd_fib",
               "a_n = floor(nφ) of Wythoff's P-positions (seed 001 §1, §5)",
               [](std::uint64_t n) { return numeration::floor_n_phi<std::uint64_t>(n); },
               functional("msd_fib", "wytha") + wy,
               "wythb"});
  c.push_back({"wythb",
               {"A001950", "wythoff:b"},
               "msd_fib",
               "b_n = floor(nφ²) of Wythoff's P-positions (seed 001 §1, §5)",
               [](std::uint64_t n) { return numeration::floor_n_phi2<std::uint64_t>(n); },
               functional("msd_fib", "wythb") + wy,
               "wytha"});
  return c;
}

}  // namespace

const std::vector<Synthesizable>& synthesizable() {
  static const std::vector<Synthesizable> catalogue = make_catalogue();
  return catalogue;
}

Synthesizable find_synthesizable(const std::string& name) {
  std::vector<std::string> names;
  for (const auto& s : synthesizable()) {
    if (s.name == name || std::find(s.aliases.begin(), s.aliases.end(), name) != s.aliases.end()) return s;
    names.push_back(s.name);
  }
  if (!name.empty() && (name.back() == 'a' || name.back() == 'b'))
    for (auto& member : game_family(name.substr(0, name.size() - 1)))
      if (member.name == name) return member;
  throw InputError(fmt::format(
      "no synthesizable sequence named '{}' (one of {}, their A-numbers, or a member of a game family: kqueenKa, "
      "queenS_Ta, limqueenK_Ja, blockingKa and their b)",
      name, fmt::join(names, ", ")));
}

std::vector<std::string> game_family_members() {
  constexpr unsigned top = words::Morphism::kMaxQueenPower;
  std::vector<std::string> stems;
  for (unsigned k = 2; k <= top; ++k) stems.push_back(fmt::format("kqueen{}", k));
  for (unsigned s = 1; s <= top; ++s)
    for (unsigned t = 1; s + t - 1 <= top; ++t) stems.push_back(fmt::format("queen{}_{}", s, t));
  for (unsigned k = 2; k <= top; ++k)
    for (unsigned j = 0; j < k; ++j) stems.push_back(fmt::format("limqueen{}_{}", k, j));
  std::vector<std::string> members;
  for (const auto& stem : stems)
    for (const char* coordinate : {"a", "b"}) members.push_back(stem + coordinate);
  return members;
}

namespace {
void define_in(prover::Session& session, const std::string& name, const std::string& system_name,
               const automata::Automaton& a) {
  auto system = session.system(system_name);
  automata::Automaton tracked = a;
  for (std::size_t i = 0; i < tracked.tracks().size(); ++i) {
    const auto& track = tracked.tracks()[i];
    if (!track.system || track.system->name() != system_name)
      throw InputError(fmt::format("{} is certified in {}, not in {}", name, system_name,
                                   track.system ? track.system->name() : "an explicit alphabet"));
    tracked.set_system(i, system);
  }
  session.define(name, std::move(tracked));
}
}  // namespace

std::vector<prover::Result> certify(const Synthesizable& s, const automata::Automaton& a, prover::Session& session,
                                    const LearnOptions& options) {
  define_in(session, s.name, s.system, a);
  if (!s.partner.empty()) {
    const auto& partner = find_synthesizable(s.partner);
    define_in(session, partner.name, partner.system,
              learn_synchronized(partner.sequence, session.system(partner.system), options).automaton);
  }
  return session.run(s.certification, "certification of " + s.name);
}

bool certified(const std::vector<prover::Result>& results) {
  bool any = false;
  for (const auto& r : results)
    if (r.truth) {
      if (!*r.truth) return false;
      any = true;
    }
  return any;
}

}  // namespace qg::synth
