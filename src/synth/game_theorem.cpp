// From a ruleset to a theorem (synth.hpp): a game's P-positions learned as synchronized
// automata and certified by the game's own rule in first-order logic.
//
// Why a certificate is a proof for all positions: every move decreases x + y, so a game's
// P-positions are the unique set P such that a position is in P iff none of its moves reaches P
// (induction on x + y). The certification states exactly that about the learned pairs — with
// the moves written from the same ruleset the sweep plays (rules.hpp) — so TRUE everywhere makes
// the automata the P-positions, whatever window they were learned from.
#include <algorithm>
#include <cctype>
#include <set>
#include <tuple>

#include <fmt/format.h>

#include "queengames/io.hpp"
#include "queengames/prover.hpp"
#include "queengames/synth.hpp"
#include "queengames/twopile.hpp"
#include "queengames/words.hpp"
#include "synth/rules.hpp"
#include "synth/sequences.hpp"

namespace qg::synth {
namespace {

// "wythoff+jumps:(1,2),(2,1)" → "wythoff_jumps_1_2_2_1": a name Walnut takes for an automaton.
std::string stem_of(const std::string& ruleset) {
  std::string stem;
  for (char c : ruleset) {
    const bool word = std::isalnum(static_cast<unsigned char>(c));
    if (word) stem.push_back(static_cast<char>(std::tolower(static_cast<unsigned char>(c))));
    else if (!stem.empty() && stem.back() != '_') stem.push_back('_');
  }
  while (!stem.empty() && stem.back() == '_') stem.pop_back();
  return stem;
}

// "a->aba,b->a" → "a->aab,b->a": the images' letters in order. A morphism's numeration
// (Dumont–Thomas) needs every image's proper prefixes to be powers of the start letter; sorting
// keeps the incidence matrix, hence the weights |μ^k(a)| (the limited k-Queen's a→a^(k−j) b a^j
// becomes the k-Queen's a→a^k b, the system the catalogue certifies it in).
std::string sorted_images(const std::string& morphism) {
  std::string out = morphism;
  for (std::size_t at = 0; (at = out.find("->", at)) != std::string::npos;) {
    at += 2;
    const std::size_t end = std::min(out.find(',', at), out.size());
    std::sort(out.begin() + static_cast<std::ptrdiff_t>(at), out.begin() + static_cast<std::ptrdiff_t>(end));
  }
  return out;
}

// Walnut's own system for a morphism's numeration, when it has one: msd_fib, msd_trib, and msd_k
// for a k-uniform morphism (the Queen Bee's period-doubling a→ab, b→aa is base 2, where the
// adder generated from its recurrence does not close: its conjugate root −1 is on the unit circle).
std::optional<std::string> walnut_system_of(const std::string& morphism) {
  for (const char* name : {"fibonacci", "tribonacci"})
    if (morphism == words::Morphism::named(name).to_string()) return name[0] == 'f' ? "msd_fib" : "msd_trib";
  const words::Morphism m = words::Morphism::parse(morphism);
  std::set<std::size_t> lengths;
  for (char letter : m.alphabet()) lengths.insert(m.image(letter).size());
  if (lengths.size() == 1 && *lengths.begin() >= 2) return fmt::format("msd_{}", *lengths.begin());
  return std::nullopt;
}

GameRules twopile_rules(const std::string& text, const LearnOptions& options) {
  const auto ruleset = twopile::Ruleset::parse(text);
  if (std::none_of(ruleset.families().begin(), ruleset.families().end(),
                   [](const twopile::MoveFamily& f) { return std::holds_alternative<twopile::Rook>(f); }))
    throw InputError(
        fmt::format("{}: a ruleset without rook moves may have two P-positions in a row, so they are "
                    "no pairs (a_n, b_n); --prove needs rook moves",
                    text));
  GameRules g{text,
              stem_of(text),
              "since every move decreases x + y, the P-positions are the only set P in which a position lies iff "
              "none of its moves reaches P.",
              {},
              {},
              {},
              {},
              {}};
  // The papers' coding gives any a_n at once; without one, the sweep (the certification vouches
  // for the automata either way).
  const auto coding = twopile::morphic_coding(ruleset);
  g.a = coding ? sequences::morphic(*coding, false)
               : sequences::swept(ruleset, false, options.memory_limit, options.progress);
  g.b = coding ? sequences::morphic(*coding, true)
               : sequences::swept(ruleset, true, options.memory_limit, options.progress);
  const rules::Reach reach = rules::reach(ruleset);
  const std::string a = g.stem + "a", b = g.stem + "b";
  g.certification = [reach, a, b](const std::string& system) {
    return rules::functional(system, a) + rules::functional(system, b) + rules::kernel(system, a, b, reach);
  };
  // The papers' morphic coding of the P-positions suggests its own numeration first (Walnut's
  // msd_fib and msd_trib where it is theirs).
  if (coding) {
    std::vector<std::pair<std::string, std::string>> candidates{{g.stem, coding->morphism}};
    if (const std::string sorted = sorted_images(coding->morphism); sorted != coding->morphism)
      candidates.emplace_back(g.stem + "_weights", sorted);
    for (const auto& [name, morphism] : candidates)
      if (auto builtin = walnut_system_of(morphism)) g.systems.push_back(*builtin);
      else g.morphism_systems.emplace_back(name, morphism), g.systems.push_back("msd_" + name);
  }
  for (const char* s : {"msd_fib", "msd_trib", "msd_2"})
    if (std::find(g.systems.begin(), g.systems.end(), s) == g.systems.end()) g.systems.emplace_back(s);
  return g;
}

GameRules blocking_rules(const std::string& text, const LearnOptions& options) {
  unsigned k = 0;
  try {
    k = static_cast<unsigned>(parse_u64(text.substr(text.find(':') + 1), 1, 1000));
  } catch (const InputError& e) {
    throw InputError(fmt::format("ruleset '{}': blocking:K needs 1 ≤ K ≤ 1000: {}", text, e.what()));
  }
  GameRules g{text,
              fmt::format("blocking_{}", k),
              fmt::format("seed 004 §1: a position is a palace iff it sees fewer than {} palaces due north, west or "
                          "north-west; each line looks back (x + y decreases along it), so the palaces are the only "
                          "set with that property.",
                          k),
              {},
              {},
              {},
              {"msd_fib", "msd_trib", "msd_2"},
              {},
              // The window: every word of up to 18 Zeckendorf digits (6765 palaces), as the shipped
              // blocking2a/b were learned; palace n costs about 0.6·n² cells of the table for game 2, 0.16·n²
              // for game 4 (sequences::palaces).
              10000};
  std::tie(g.a, g.b) = sequences::palaces(k, options.memory_limit, options.progress);
  const std::string a = g.stem + "a", b = g.stem + "b";
  g.certification = [k, a, b](const std::string& system) {
    return rules::functional(system, a) + rules::functional(system, b) + rules::palace_rule(system, a, b, k);
  };
  return g;
}

// What stopped a certification: its first FALSE statement and the smallest counterexample.
std::string first_false(const std::vector<prover::Result>& results) {
  for (const auto& r : results)
    if (r.truth && !*r.truth) {
      std::vector<std::string> at;
      for (const auto& [variable, value] : r.counterexample) at.push_back(fmt::format("{}={}", variable, value));
      return fmt::format("{} is FALSE{}", r.name,
                         at.empty() ? std::string() : fmt::format(", first at {}", fmt::join(at, ", ")));
    }
  return "no statement was evaluated";
}

// One system: learn, then certify. Returns the reason it did not prove, or nothing.
std::optional<std::string> try_system(const GameRules& game, const std::string& system, prover::Session& session,
                                      const LearnOptions& options, GameTheorem& t) {
  t.system = system;
  try {
    const auto numeration = session.system(system);
    Learned a = learn_synchronized(game.a, numeration, options);
    Learned b = learn_synchronized(game.b, numeration, options);
    t.a = std::move(a.automaton);
    t.b = std::move(b.automaton);
    t.terms = std::min(a.terms, b.terms);
  } catch (const RangeError& e) {
    return fmt::format("learning: {}", e.what());
  }
  session.define(t.stem + "a", t.a);
  session.define(t.stem + "b", t.b);
  t.proof = game.certification(system);
  try {
    t.results = session.run(t.proof, "certification of " + game.name);
  } catch (const RangeError& e) {
    t.results.clear();
    return fmt::format("certifying the {}- and {}-state automata: {}", t.a.states(), t.b.states(), e.what());
  }
  if (certified(t.results)) return std::nullopt;
  return fmt::format("the {}- and {}-state automata (agreeing with the first {} P-positions): {}", t.a.states(),
                     t.b.states(), t.terms, first_false(t.results));
}

}  // namespace

GameRules game_rules(const std::string& ruleset, const LearnOptions& options) {
  if (ruleset.starts_with("blocking:")) return blocking_rules(ruleset, options);
  return twopile_rules(ruleset, options);
}

GameTheorem prove_game(const GameRules& game, const std::vector<std::string>& systems, prover::Session& session,
                       LearnOptions options) {
  if (game.max_terms && options.max_length == 0) options.max_terms = std::min(options.max_terms, game.max_terms);
  GameTheorem t;
  t.ruleset = game.name;
  t.stem = game.stem;
  t.rule = game.rule;
  for (const auto& [name, morphism] : game.morphism_systems) try {
      session.define_system(name, morphism);
    } catch (const InputError& e) {
      t.attempts.emplace_back("msd_" + name, fmt::format("no numeration system from {}: {}", morphism, e.what()));
    }
  for (const auto& system : systems.empty() ? game.systems : systems) {
    if (std::any_of(t.attempts.begin(), t.attempts.end(), [&](const auto& a) { return a.first == system; })) continue;
    auto why = try_system(game, system, session, options, t);
    if (!why) {
      t.proved = true;
      return t;
    }
    t.attempts.emplace_back(system, *why);
  }
  return t;
}

std::vector<std::pair<std::string, std::string>> walnut_folder(const GameTheorem& t, prover::Session& session) {
  std::vector<std::pair<std::string, std::string>> files{
      {fmt::format("Automata Library/{}a.txt", t.stem), prover::write_automaton(t.a)},
      {fmt::format("Automata Library/{}b.txt", t.stem), prover::write_automaton(t.b)},
      {fmt::format("Command Files/{}.txt", t.stem), t.proof},
  };
  for (auto& file : prover::walnut_custom_bases(session, t.system)) files.push_back(std::move(file));
  files.emplace_back(
      "README.txt",
      fmt::format("The P-positions of the two-pile game {0} are the pairs ({1}a(n), {1}b(n)) and their mirrors, for\n"
                  "all n, in the numeration system {2}: Automata Library/{1}a.txt and {1}b.txt.\n\n"
                  "Proof: Command Files/{1}.txt, whose every eval is TRUE. It states that {1}a and {1}b are\n"
                  "functions, and the game's rule: {3}\n\n"
                  "Rerun it (this folder as the Walnut folder):\n"
                  "  queengames prove --walnut-home DIR \"DIR/Command Files/{1}.txt\"\n"
                  "or with Walnut, from this folder as its home, load {1}.txt;\n"
                  "Written by queengames game {0} --prove.\n",
                  t.ruleset, t.stem, t.system, t.rule));
  return files;
}

}  // namespace qg::synth
