// The prover against brute force: random statements in Walnut's language over every number
// system, each automaton compared with a direct evaluation of its formula on every assignment
// of its free variables in a box, on every padding of their encodings. Used by
// tests/test_prover_random.cpp (fixed seeds and the regressions, in CI) and by
// tests/prover_differential.cpp (long runs, `make differential`).
//
// Exactness: the brute force evaluates quantifiers only in the form the generator writes them,
// guarded — `E v ((v <= t) & φ)`, `A v ((v <= t) => φ)` (also `<` and `=`; in a negative base
// `((v >= t1) & (v <= t2))`) — iterating v over the guard's range, so that its value is the
// formula's value over all of ℕ (ℤ). A statement with an unguarded quantifier is not in the
// class and is skipped (the shrinker keeps to the class).
#pragma once

#include <cstdint>
#include <random>
#include <string>
#include <vector>

#include "prover/statement.hpp"
#include "queengames/prover.hpp"

namespace qg::prover::oracle {

// The systems statements are drawn from, with a weight each (the generated systems are slow to
// build, so they come less often). Negative bases range over ℤ.
struct SystemChoice {
  std::string name;
  unsigned weight;
  unsigned max_term_depth = 2;  // arithmetic nesting (tetranacci's adders make sums of sums slow)
};
std::vector<SystemChoice> all_systems();

struct GeneratorOptions {
  unsigned max_depth = 3;    // formula nesting (connectives, quantifiers)
  unsigned max_free = 3;     // free variables
  unsigned max_systems = 3;  // systems in one statement
  std::vector<SystemChoice> systems = all_systems();
};

// Random cases, fully parenthesized, each relation prefixed by its own ?system. A case is a
// statement, sometimes after definitions it calls: "g1-statement ;; statement" (the first is
// defined as g1, and `$g1(…)` in the last calls it, each argument in its track's system).
class Generator {
 public:
  Generator(std::uint64_t seed, GeneratorOptions options = {});
  std::string next();

 private:
  struct Var {
    std::string name;
    std::string system;
  };
  detail::FormulaPtr formula(unsigned depth, std::vector<Var>& scope);
  detail::FormulaPtr atom(const std::vector<Var>& scope);
  detail::FormulaPtr call(const std::vector<Var>& scope);
  detail::FormulaPtr relation_atom(const std::vector<Var>& scope);
  detail::TermPtr letter_term(const std::string& system, const std::vector<Var>& vars, unsigned depth);
  detail::TermPtr term(const std::string& system, const std::vector<Var>& scope, unsigned depth);
  detail::FormulaPtr quantifier(unsigned depth, std::vector<Var>& scope);
  std::string pick_system();
  unsigned below(unsigned n) { return static_cast<unsigned>(rng_() % n); }
  unsigned term_depth(const std::string& system, unsigned wanted) const;
  std::mt19937_64 rng_;
  GeneratorOptions options_;
  std::vector<std::string> chosen_;  // this statement's systems
  unsigned next_bound_ = 0;          // quantified names used so far
  std::vector<Var> callee_;          // g1's free variables in track order (none: no g1)
};

// The statement as text (the generator's fully parenthesized form).
std::string print(const detail::Formula& f);

struct Bounds {
  std::int64_t free_box[4] = {0, 40, 14, 7};  // by number of free variables: [0, B] (ℤ: [−B, B])
  std::uint64_t max_range = 4096;             // a guard wider than this: skipped
  unsigned extra_padding = 2;                 // encodings this many letters longer are checked too
};

struct Outcome {
  enum Kind {
    agree,     // every assignment in the box
    wrong,     // a wrong answer: an assignment where the automaton and brute force differ
    refused,   // the prover refused a statement of the language
    unparsed,  // the parser refused it, or printing and parsing again changed it
    skipped,   // outside what brute force decides exactly, or past a budget
  } kind = agree;
  std::string detail;             // where and how, or why skipped
  std::uint64_t assignments = 0;  // assignments compared
};

// A session whose steps are refused past 256 MiB of tables — deterministically, unlike a time
// limit: the rare statement whose automata grow that large is skipped, not waited for.
automata::Context bounded_context();
// A session in that context with the systems a command defines: Walnut's Ostrowski system
// msd_ost, lsd_ost of [0; 3, 1, 1, 2, 1, 2, …] (its representations and constants go through
// its adder, as every system from Walnut's Custom Bases).
Session session();

// Compares the prover's automaton of the case's statement (def for a statement with free
// variables, eval for a closed one) with brute force. The session keeps its number systems
// between calls.
Outcome compare(Session& session, const std::string& text, const Bounds& bounds = {});

// The smallest statement (by a greedy search over subformulas, subterms and constants) that
// still disagrees, with its outcome.
std::pair<std::string, Outcome> shrink(Session& session, const std::string& text, const Bounds& bounds = {});

}  // namespace qg::prover::oracle
