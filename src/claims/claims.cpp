#include <algorithm>
#include <chrono>

#include "queengames/claims.hpp"

namespace qg {

const char* to_string(ClaimKind kind) {
  switch (kind) {
    case ClaimKind::theorem:
      return "theorem";
    case ClaimKind::lemma:
      return "lemma";
    case ClaimKind::corollary:
      return "corollary";
    case ClaimKind::proposition:
      return "proposition";
    case ClaimKind::equation:
      return "equation";
    case ClaimKind::conjecture:
      return "conjecture";
    case ClaimKind::remark:
      return "remark";
    case ClaimKind::table:
      return "table";
    case ClaimKind::observation:
      return "observation";
  }
  return "claim";
}

const char* to_string(ClaimRoute route) { return route == ClaimRoute::proof ? "proof" : "bounded"; }

const char* to_string(ClaimStatus status) {
  switch (status) {
    case ClaimStatus::proved:
      return "PROVED";
    case ClaimStatus::refuted:
      return "REFUTED";
    case ClaimStatus::evidence_against:
      return "EVIDENCE AGAINST";
    case ClaimStatus::pass:
      return "PASS";
    case ClaimStatus::fail:
      return "FAIL";
    case ClaimStatus::vacuous:
      return "VACUOUS";
  }
  return "FAIL";
}

std::uint64_t Claim::bound(ClaimDepth depth) const {
  switch (depth) {
    case ClaimDepth::tour:
      return bounds.tour;
    case ClaimDepth::standard:
      return bounds.standard;
    case ClaimDepth::deep:
      return bounds.deep;
  }
  return bounds.standard;
}

ClaimReport run_claim(const Claim& claim, std::uint64_t bound, const ProgressFn& progress) {
  if (bound == 0) bound = claim.bounds.standard;
  if (claim.bounds.max != 0 && bound > claim.bounds.max)
    throw RangeError(claim.id + ": bound " + std::to_string(bound) + " is beyond the supported range 1.." +
                     std::to_string(claim.bounds.max) + " " + claim.unit);
  ClaimReport report{claim.id, claim.kind, {}, bound, 0};
  auto start = std::chrono::steady_clock::now();
  report.outcome = claim.check(bound, progress);
  report.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  // A bounded check proves nothing for every n: it passes, finds against, or fails — unless its
  // checker checked a certificate of the whole statement (proved_by_certificate).
  const ClaimStatus found = report.outcome.status;
  report.status =
      !report.outcome.pass ? ClaimStatus::fail
      : found == ClaimStatus::evidence_against || found == ClaimStatus::refuted || found == ClaimStatus::proved
          ? found
          : ClaimStatus::pass;
  report.outcome.status = report.status;
  return report;
}

}  // namespace qg
