// The sequences the synthesizer is asked for, and the statements that certify each guess.
#include <algorithm>
#include <optional>

#include <fmt/format.h>

#include "queengames/common.hpp"
#include "queengames/numeration.hpp"
#include "queengames/synth.hpp"
#include "queengames/twopile.hpp"
#include "queengames/words.hpp"
#include "synth/rules.hpp"
#include "synth/sequences.hpp"

namespace qg::synth {
namespace {

// a_n or b_n of a named game's P-positions by the papers' morphic coding.
Sequence game_coordinate(const char* ruleset, bool b) {
  return sequences::morphic(*twopile::morphic_coding(twopile::Ruleset::parse(ruleset)), b);
}

// The Tribonacci word t = abacaba… (seed 000 (8), seed 001 §3) by random access.
std::shared_ptr<const words::FixedPointIndex> tribonacci_word() {
  return std::make_shared<words::FixedPointIndex>(words::Morphism::named("tribonacci"));
}

using rules::functional;

// The reach of a named ruleset, as the game's certification states it.
rules::Reach reach_of(const char* ruleset) { return rules::reach(twopile::Ruleset::parse(ruleset)); }

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
               const std::string& ruleset, const rules::Reach& reach, std::string a_description,
               std::string b_description) {
  coordinate_pair(c, name, system, ruleset, game_coordinate(ruleset.c_str(), false),
                  game_coordinate(ruleset.c_str(), true), rules::kernel(system, name + "a", name + "b", reach),
                  std::move(a_description), std::move(b_description));
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
    game_pair(c, stem, "msd_" + stem, fmt::format("kqueen:{}", K), reach_of(fmt::format("kqueen:{}", K).c_str()),
              fmt::format("a_n of Holladay's {}-Queen's P-positions (seed 001 §4: {}, its numeration system)", K, m),
              fmt::format("b_n = a_n + {}n of Holladay's {}-Queen's P-positions (seed 001 §4)", K, K));
  } else if (auto st = name_parameters(stem, "queen", 2)) {
    const unsigned S = (*st)[0], T = (*st)[1];
    const std::string m = morphism(stem);
    game_pair(c, stem, "msd_" + stem, fmt::format("st-wythoff:{},{}", S, T), rules::rook_and_cone(S, T),
              fmt::format("a_n of ({},{})-Wythoff's P-positions (seed 001 §4: {}, its numeration system)", S, T, m),
              fmt::format("b_n = {}a_n + {}n of ({},{})-Wythoff's P-positions (seed 001 §4)", S, T, S, T));
  } else if (auto k = name_parameters(stem, "blocking", 1)) {
    const unsigned K = (*k)[0];
    if (K < 1 || K > 8) throw InputError(fmt::format("{}: k-Blocking Wythoff blockingK needs 1 ≤ K ≤ 8", stem));
    auto [a, b] = sequences::palaces(K);
    coordinate_pair(
        c, stem, "msd_fib", fmt::format("blocking:{}", K), std::move(a), std::move(b),
        rules::palace_rule("msd_fib", stem + "a", stem + "b", K),
        fmt::format("a_n of {}-Blocking Wythoff's palaces (x ≤ y, in the order of x, then y; seed 004 §1)", K),
        fmt::format("b_n of {}-Blocking Wythoff's palaces (seed 004 §1)", K));
  } else if (auto kj = name_parameters(stem, "limqueen", 2)) {
    const unsigned K = (*kj)[0], J = (*kj)[1];
    if (J >= K) throw InputError(fmt::format("{}: the limited K-Queen limqueenK_J needs K > J ≥ 0", stem));
    const std::string system = fmt::format("msd_kqueen{}", K);
    morphism(system.substr(4));  // K in range
    game_pair(c, stem, system, fmt::format("limited-kqueen:{},{}", K, J),
              reach_of(fmt::format("limited-kqueen:{},{}", K, J).c_str()),
              fmt::format("a_n of the limited {}-Queen's P-positions, band {} (seed 001 §4)", K, J),
              fmt::format("b_n of the limited {}-Queen's P-positions, band {} (seed 001 §4)", K, J));
  }
  return c;
}

std::vector<Synthesizable> make_catalogue() {
  std::vector<Synthesizable> c;
  const std::string qd = rules::kernel("msd_trib", "xaut", "yaut", reach_of("queen-dee"));
  const std::string qd2 = rules::kernel("msd_trib", "uaut", "vaut", reach_of("kqueen-dee:2"));
  const std::string wy = rules::kernel("msd_fib", "wytha", "wythb", reach_of("wythoff"));
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

prover::CertificationPlan certification_plan(const std::string& name) {
  const Synthesizable s = find_synthesizable(name);
  prover::CertificationPlan plan{{s.name}, s.certification};
  if (!s.partner.empty()) {
    plan.automata.push_back(s.partner);
    plan.commands += find_synthesizable(s.partner).certification;
  }
  return plan;
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
