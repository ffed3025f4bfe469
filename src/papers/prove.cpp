// A claim's proof: the prover's one call, with the certifications qg::synth writes for the
// shipped automata (synth::certification_plan).
#include "queengames/papers.hpp"
#include "queengames/prover.hpp"
#include "queengames/synth.hpp"

namespace qg {

ClaimReport prove_claim(const Claim& claim, const ProgressFn& progress, const prover::ProofOptions& options) {
  if (claim.proof.empty()) throw InputError(claim.id + " has no proof: it is checked to a bound");
  prover::ProofOptions run = options;
  if (!run.certification_plan) run.certification_plan = synth::certification_plan;
  auto proof = std::make_shared<const prover::ProofReport>(prover::run_proof(claim.proof, claim.id, progress, run));
  ClaimReport report{claim.id, claim.kind, {}, 0, proof->seconds};
  report.route = ClaimRoute::proof;
  report.largest_automaton = proof->largest_automaton;
  report.peak_bytes = proof->peak_bytes;
  report.status = proof->verdict == prover::ProofVerdict::proved    ? ClaimStatus::proved
                  : proof->verdict == prover::ProofVerdict::vacuous ? ClaimStatus::vacuous
                                                                    : ClaimStatus::fail;
  report.outcome = report.status == ClaimStatus::proved ? passed(0, proof->detail) : failed(0, proof->detail);
  report.outcome.status = report.status;
  report.proof = std::move(proof);
  return report;
}

std::vector<std::string> shipped_dependencies(const Claim& claim) { return prover::proof_dependencies(claim.proof); }

std::pair<std::string, std::string> stating_eval(const Claim& claim) { return prover::stating_eval(claim.proof); }

}  // namespace qg
