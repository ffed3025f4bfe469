// queengames — the papers layer: each seed paper's claims (src/papers/<paper>/), above the
// engines they check, with their proofs (data/proofs/, compiled in) run by the prover.
//
//   for (const qg::Claim& c : qg::select_claims({"exile.theorem14"}))
//     qg::prove_claim(c).status;  // PROVED
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "queengames/claims.hpp"
#include "queengames/prover.hpp"

namespace qg {

// Every claim, in a stable order (the order `check --list` prints).
std::vector<Claim> all_claims();

// The claims whose id equals or starts with one of the patterns ("exile" selects
// "exile.*"); all claims for no patterns. InputError for a pattern that selects nothing.
std::vector<Claim> select_claims(const std::vector<std::string>& patterns);

// The claims of each paper, gathered by all_claims(). Ids start with the paper's name (maharaja
// also holds maharaja23.* and appendixB.*, seed 003's other sections).
std::vector<Claim> exile_claims();     // seed 000, Queens in exile
std::vector<Claim> empress_claims();   // seed 001, Corner the empress
std::vector<Claim> knuth_claims();     // seed 002, INFTY-QUEENS
std::vector<Claim> maharaja_claims();  // seed 003, Maharaja Nim
std::vector<Claim> blocking_claims();  // seed 004, blocking queen games

// Runs one claim's proof: the prover's one call (prover::run_proof, which says what PROVED, FAIL
// and VACUOUS mean), given the certifications of the shipped automata qg::synth writes unless
// `options` names its own. ClaimReport::proof holds the prover's report. InputError for a claim
// without a proof, or with one that does not parse or has no eval.
ClaimReport prove_claim(const Claim& claim, const ProgressFn& progress = {}, const prover::ProofOptions& options = {});

// The shipped automata a claim's proof reads ($name not defined by the proof itself), in order.
std::vector<std::string> shipped_dependencies(const Claim& claim);
// The eval that states the claim, its proof's last: name and statement ({} for no proof).
std::pair<std::string, std::string> stating_eval(const Claim& claim);

}  // namespace qg
