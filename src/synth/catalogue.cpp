// The sequences the synthesizer is asked for, and the statements that certify each guess.
#include <algorithm>
#include <optional>

#include <fmt/format.h>

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
// (a reflection reaches a whole antidiagonal, so it only needs the sum).
std::string kernel(const std::string& system, const std::string& a, const std::string& b, std::string reach) {
  const std::string p = a + "_" + b + "_p", sums = a + "_" + b + "_sums", r = a + "_" + b + "_reach";
  for (auto [from, to] : {std::pair<std::string, std::string>{"$P", "$" + p}, {"$S", "$" + sums}})
    for (std::size_t at; (at = reach.find(from)) != std::string::npos;) reach.replace(at, from.size(), to);
  return fmt::format(
      "def {3} \"?{0} En (${1}(n,x) & ${2}(n,y)) | (${1}(n,y) & ${2}(n,x))\":\n"
      "def {4} \"?{0} Eu,v ${3}(u,v) & u+v=d\":\n"
      "def {5} \"?{0} {6}\":\n"
      "eval {1}_increasing \"?{0} An,a,c (${1}(n,a) & ${1}(n+1,c)) => a<c\":\n"
      "eval {1}_{2}_ordered \"?{0} An,a,b (${1}(n,a) & ${2}(n,b)) => a<=b\":\n"
      "eval {1}_{2}_kernel \"?{0} Ax,y ${3}(x,y) <=> ~${5}(x,y)\":\n",
      system, a, b, p, sums, r, reach);
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

// A game's two coordinates, a_n as NAMEa and b_n as NAMEb, certified together by its kernel.
void game_pair(std::vector<Synthesizable>& c, const std::string& name, const std::string& system,
               const std::string& ruleset, const std::string& reach, std::string a_description,
               std::string b_description) {
  const std::string a = name + "a", b = name + "b", k = kernel(system, a, b, reach);
  c.push_back({a,
               {ruleset + ":a"},
               system,
               std::move(a_description),
               game_coordinate(ruleset.c_str(), false),
               functional(system, a) + k,
               b});
  c.push_back({b,
               {ruleset + ":b"},
               system,
               std::move(b_description),
               game_coordinate(ruleset.c_str(), true),
               functional(system, b) + k,
               a});
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
  game_pair(c, "kqueen2", "msd_kqueen2", "kqueen:2", kRookDiagonal + strolls(2),
            "a_n of Holladay's 2-Queen's P-positions (seed 001 §4: a→aab, b→a, its numeration system)",
            "b_n = a_n + 2n of Holladay's 2-Queen's P-positions (seed 001 §4)");
  game_pair(c, "kqueen3", "msd_kqueen3", "kqueen:3", kRookDiagonal + strolls(3),
            "a_n of Holladay's 3-Queen's P-positions (seed 001 §4: a→aaab, b→a, its numeration system)",
            "b_n = a_n + 3n of Holladay's 3-Queen's P-positions (seed 001 §4)");
  // Its morphism a→abaa, b→a has the 3-Queen's weights (1, 4, 13, 43, …), and its coordinates
  // are synchronized in msd_kqueen3 (a→abaa's own system would need digits for the prefix ab).
  game_pair(c, "limqueen30", "msd_kqueen3", "limited-kqueen:3,0", kRookDiagonal + strolls(3, 0),
            "a_n of the limited 3-Queen's P-positions, j = 0 (seed 001 §4: a→abaa, b→a)",
            "b_n of the limited 3-Queen's P-positions, j = 0 (seed 001 §4)");
  game_pair(c, "kqueen4", "msd_kqueen4", "kqueen:4", kRookDiagonal + strolls(4),
            "a_n of Holladay's 4-Queen's P-positions (seed 001 §4: a→aaaab, b→a, its numeration system)",
            "b_n = a_n + 4n of Holladay's 4-Queen's P-positions (seed 001 §4)");
  // a→aaaba, b→a: the 4-Queen's weights again (1, 5, 21, 89, …).
  game_pair(c, "limqueen42", "msd_kqueen4", "limited-kqueen:4,2", kRookDiagonal + strolls(4, 2),
            "a_n of the limited 4-Queen's P-positions, j = 2 (seed 001 §4: a→aaaba, b→a)",
            "b_n of the limited 4-Queen's P-positions, j = 2 (seed 001 §4)");
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

const Synthesizable& find_synthesizable(const std::string& name) {
  std::vector<std::string> names;
  for (const auto& s : synthesizable()) {
    if (s.name == name || std::find(s.aliases.begin(), s.aliases.end(), name) != s.aliases.end()) return s;
    names.push_back(s.name);
  }
  throw InputError(fmt::format("no synthesizable sequence named '{}' (one of {}, or their A-numbers)", name,
                               fmt::join(names, ", ")));
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
