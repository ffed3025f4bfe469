// A claim's proof, run by the prover: every eval must be TRUE, the last states the claim.
#include <algorithm>
#include <chrono>

#include <fmt/format.h>

#include "queengames/claims.hpp"
#include "queengames/prover.hpp"

namespace qg {

ClaimReport prove_claim(const Claim& claim, const ProgressFn& progress) {
  if (claim.proof.empty()) throw InputError(claim.id + " has no proof: it is checked to a bound");
  automata::Context context;
  context.progress = progress;
  prover::Session session(std::move(context));
  ClaimReport report{claim.id, claim.kind, {}, 0, 0};
  report.route = ClaimRoute::proof;
  const auto start = std::chrono::steady_clock::now();
  const std::vector<prover::Result> results = session.run(claim.proof, claim.id);
  report.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  std::size_t evals = 0;
  for (const prover::Result& r : results) {
    report.largest_automaton = std::max({report.largest_automaton, r.largest, r.states});
    report.peak_bytes = std::max(report.peak_bytes, r.peak_bytes);
  }
  for (const prover::Result& r : results) {
    if (r.command != "eval") continue;
    ++evals;
    if (r.truth && *r.truth) continue;
    std::string detail = fmt::format("eval {} is FALSE", r.name);
    for (std::size_t i = 0; i < r.counterexample.size(); ++i)
      detail += fmt::format("{}{} = {}", i == 0 ? "; smallest counterexample: " : ", ", r.counterexample[i].first,
                            r.counterexample[i].second);
    report.outcome = failed(0, detail);
    return report;
  }
  if (evals == 0) throw InputError(claim.id + ": its proof has no eval");
  report.outcome = passed(0, fmt::format("{} eval{} TRUE, the last: {}", evals, evals == 1 ? "" : "s",
                                         std::find_if(results.rbegin(), results.rend(), [](const prover::Result& r) {
                                           return r.command == "eval";
                                         })->name));
  return report;
}

}  // namespace qg
