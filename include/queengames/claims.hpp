// queengames — the papers' checkable statements.
//
// Each theorem, lemma, equation and conjecture of the seed papers that a computation can
// test is a Claim: an id ("exile.theorem20"), its source ("seed 000, Theorem 20"), a one-line
// statement and a checker that tests it up to a bound. A conjecture that passes "holds to
// the bound". The claims of a seed system live next to its code (src/<module>/claims.cpp)
// and are gathered by all_claims().
#pragma once

#include <chrono>
#include <cstdint>
#include <functional>
#include <string>
#include <utility>
#include <vector>

#include "queengames/common.hpp"

namespace qg {

enum class ClaimKind { theorem, lemma, corollary, proposition, equation, conjecture, remark, table, observation };
const char* to_string(ClaimKind kind);

struct ClaimOutcome {
  bool pass = false;
  std::uint64_t bound_reached = 0;  // in the claim's own unit (terms, rows, positions …)
  std::string detail;               // on FAIL the first counterexample; on PASS what was measured
};

// The two verdicts, for the checkers: the bound reached and what was measured or found.
inline ClaimOutcome passed(std::uint64_t reached, std::string detail) { return {true, reached, std::move(detail)}; }
inline ClaimOutcome failed(std::uint64_t reached, std::string detail) { return {false, reached, std::move(detail)}; }

// A claim's bounds, each in the claim's own unit.
struct ClaimBounds {
  std::uint64_t tour = 0;      // a second or so: `queengames tour` and the tests
  std::uint64_t standard = 0;  // `queengames check`: all claims together within two minutes
  std::uint64_t deep = 0;      // `queengames check --deep`: the record bounds of the docs
  std::uint64_t max = 0;       // the largest bound the checker supports
};

// Which of a claim's own bounds a run of several claims uses.
enum class ClaimDepth { tour, standard, deep };

using ClaimCheck = std::function<ClaimOutcome(std::uint64_t bound, const ProgressFn& progress)>;

// Declared in each module's claims.cpp as
//   Claim{.id = …, .source = …, .kind = …, .statement = …, .unit = …,
//         .bounds = {.tour = …, .standard = …, .deep = …, .max = …}, .check = check_…}
// with the checker defined just above.
struct Claim {
  std::string id;      // "<system>.<item>", e.g. "exile.theorem1"
  std::string source;  // "seed 000, Theorem 1 (eq. (3))"
  ClaimKind kind = ClaimKind::theorem;
  std::string statement;  // one line
  std::string unit;       // what the bound counts: "queens", "rows", "n", "bits" …
  ClaimBounds bounds;
  ClaimCheck check;
  // A proof, when the claim is first-order over an automatic structure: Walnut commands
  // (docs/PROVER.md) whose every `eval` must be TRUE; the last `eval` states the claim. Empty
  // for a claim that can only be checked to a bound (the statement says why).
  std::string proof = {};

  std::uint64_t bound(ClaimDepth depth) const;
};

// Every registered claim, in a stable order.
std::vector<Claim> all_claims();

// The claims whose id equals or starts with one of the patterns ("exile" selects
// "exile.*"); all claims for no patterns. InputError for a pattern that selects nothing.
std::vector<Claim> select_claims(const std::vector<std::string>& patterns);

struct ClaimReport {
  std::string id;
  ClaimKind kind;
  ClaimOutcome outcome;
  std::uint64_t bound_asked = 0;
  double seconds = 0;
};

// Runs one claim at `bound` (0: its standard bound), timing it. RangeError beyond bounds.max.
ClaimReport run_claim(const Claim& claim, std::uint64_t bound, const ProgressFn& progress = {});

// The claims of each module, gathered by all_claims().
std::vector<Claim> numeration_claims();
std::vector<Claim> words_claims();
std::vector<Claim> spiral_claims();
std::vector<Claim> twopile_claims();
std::vector<Claim> infty_claims();
std::vector<Claim> blocking_claims();
std::vector<Claim> boards_claims();
std::vector<Claim> dictionary_claims();
std::vector<Claim> morphic_claims();

}  // namespace qg
