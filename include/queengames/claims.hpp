// queengames — the papers' checkable statements.
//
// Each theorem, lemma, equation and conjecture of the seed papers that a computation can
// test is a Claim: an id ("exile.theorem20"), its source ("seed 000, Theorem 20"), a one-line
// statement and a checker that tests it up to a bound. A conjecture that passes "holds to
// the bound". The claims of a paper live in its room of the papers layer (src/papers/), above
// the engines they check, and are gathered by all_claims() (queengames/papers.hpp).
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "queengames/common.hpp"

namespace qg {

namespace prover {
struct ProofReport;  // queengames/prover.hpp
}

enum class ClaimKind { theorem, lemma, corollary, proposition, equation, conjecture, remark, table, observation };
const char* to_string(ClaimKind kind);

// How a claim is established: by its proof (a decision by automata, for every n) or by its
// checker up to a bound.
enum class ClaimRoute { proof, bounded };
const char* to_string(ClaimRoute route);

// What a run of a claim showed, exactly:
//   PROVED            its proof ran, every eval TRUE and every implication in it not vacuous
//   REFUTED           a proof (or a checked certificate) of its negation ran
//   EVIDENCE AGAINST  data contradict a conjecture's finite reading in a window, not its eventual one
//   PASS              its check held up to the bound
//   FAIL              a counterexample, a FALSE eval, or a shipped automaton that fails its certification
//   VACUOUS           every eval TRUE, but an implication's hypothesis never holds, or its conclusion
//                     follows from the hypothesis alone (docs/PROVER.md, "Vacuity")
// REFUTED and EVIDENCE AGAINST are what the project found, not faults: only FAIL and VACUOUS make
// `queengames check` exit with status 1.
enum class ClaimStatus { proved, refuted, evidence_against, pass, fail, vacuous };
const char* to_string(ClaimStatus status);  // "PROVED", "REFUTED", "EVIDENCE AGAINST", "PASS", "FAIL", "VACUOUS"

struct ClaimOutcome {
  bool pass = false;                // no failure (FAIL and VACUOUS are the failures)
  std::uint64_t bound_reached = 0;  // in the claim's own unit (terms, rows, positions …)
  std::string detail;               // on FAIL the first counterexample; on PASS what was measured
  // A passing bounded check says PASS, or for a conjecture its check contradicts EVIDENCE AGAINST
  // (the detail gives the window) or REFUTED (a certificate of the negation was checked), or
  // PROVED when a checked certificate covers the whole statement.
  ClaimStatus status = ClaimStatus::pass;
};

// The verdicts, for the checkers: the bound reached and what was measured or found.
inline ClaimOutcome passed(std::uint64_t reached, std::string detail) { return {true, reached, std::move(detail)}; }
inline ClaimOutcome failed(std::uint64_t reached, std::string detail) {
  return {false, reached, std::move(detail), ClaimStatus::fail};
}
inline ClaimOutcome evidence_against(std::uint64_t reached, std::string window) {
  return {true, reached, std::move(window), ClaimStatus::evidence_against};
}
inline ClaimOutcome refuted(std::uint64_t reached, std::string certificate) {
  return {true, reached, std::move(certificate), ClaimStatus::refuted};
}
// A finite certificate that proves the claim's whole statement, not an automaton proof (Conjecture
// 26 for columns 0–8, docs/CONJECTURE26.md Theorem 1): only when `reached` covers the statement.
inline ClaimOutcome proved_by_certificate(std::uint64_t reached, std::string certificate) {
  return {true, reached, std::move(certificate), ClaimStatus::proved};
}

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

// Declared in a paper's file of src/papers/ as
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
  std::string proof{};  // {}: the claims without a proof may leave it out (-Wmissing-field-initializers)
  // What the bounded check of a claim without a proof finds at its standard bound: PASS, or for a
  // conjecture the data contradict EVIDENCE AGAINST or REFUTED (`check --list` shows it).
  ClaimStatus expected = ClaimStatus::pass;

  std::uint64_t bound(ClaimDepth depth) const;
  ClaimRoute route() const { return proof.empty() ? ClaimRoute::bounded : ClaimRoute::proof; }
  // PROVED for a claim with a proof, else `expected`.
  ClaimStatus status() const { return route() == ClaimRoute::proof ? ClaimStatus::proved : expected; }
};

struct ClaimReport {
  std::string id;
  ClaimKind kind;
  ClaimOutcome outcome;
  std::uint64_t bound_asked = 0;
  double seconds = 0;
  ClaimRoute route = ClaimRoute::bounded;
  std::uint64_t largest_automaton = 0;  // proof: states of the largest automaton built
  std::uint64_t peak_bytes = 0;         // proof: bytes of the largest table built
  ClaimStatus status = ClaimStatus::pass;
  // proof: what the prover's run of it reported — the certifications it made (those already made
  // in the run are not repeated), what it ran when a transcript was asked for (prove_claim,
  // queengames/papers.hpp); nullptr for a bounded check.
  std::shared_ptr<const prover::ProofReport> proof{};
};

// Runs one claim's checker at `bound` (0: its standard bound), timing it: status PASS, FAIL, or
// the finding of a passing check (EVIDENCE AGAINST, REFUTED). RangeError beyond bounds.max.
ClaimReport run_claim(const Claim& claim, std::uint64_t bound, const ProgressFn& progress = {});

}  // namespace qg
