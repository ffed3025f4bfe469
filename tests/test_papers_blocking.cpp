// Seed 004 (blocking queen games): the claims of the papers layer's blocking room, at the bounds
// the engine's tests (test_blocking.cpp) once ran them at and at their tour bounds.
#include <gtest/gtest.h>

#include <set>
#include <string>
#include <vector>

#include "papers/papers.hpp"
#include "queengames/claims.hpp"
#include "test_support.hpp"

namespace qg {
namespace {

constexpr bool sanitized = kSanitized;  // test_support.hpp

// Runs the blocking claim `id` at `bound` (as `queengames check` does) and expects it to pass
// there, reaching the whole bound.
void expect_claim_passes(const std::string& id, std::uint64_t bound) {
  for (const qg::Claim& claim : qg::blocking_claims())
    if (claim.id == id) {
      auto report = qg::run_claim(claim, bound);
      EXPECT_TRUE(report.outcome.pass) << id << ": " << report.outcome.detail;
      EXPECT_EQ(report.outcome.bound_reached, bound) << id;
      return;
    }
  ADD_FAILURE() << "no claim " << id;
}

// Seed 004 §1: game 1 is Wythoff Nim (the claim compares the palaces with the exact Beatty
// pairs of the numeration module, row by row).
TEST(Blocking, K1IsWythoffNim) { expect_claim_passes("blocking.k1", sanitized ? 300 : 2000); }
TEST(Blocking, HoodEpaulettesAndStates) {
  // §3.2: v = 2·min + max in the hood (k = 1..102); the épaulettes' 11-cell periods hold k−1
  // five times and k, k+1 three times (k = 100, 101, 102); §2.2: after the hood, game 500
  // uses the eight states −4..3 at most.
  expect_claim_passes("blocking.hood", 102);
  expect_claim_passes("blocking.epaulette", 102);
  expect_claim_passes("blocking.states", sanitized ? 900 : 1500);
}

TEST(Blocking, ClaimsPassAtTheirTourBounds) {
  for (const qg::Claim& claim : qg::blocking_claims()) expect_claim_passes(claim.id, claim.bounds.tour);
}

// Seed 004, Theorem 2.1: the CA's state is v − k everywhere (hence negative iff P-position), for
// k = 1..50 and six larger games.
TEST(Blocking, Theorem2_1Claim) { expect_claim_passes("blocking.theorem2_1", sanitized ? 120 : 500); }

// Figure 4: k vs k + 3 shifted (1,1) matches on the hood and the épaulettes; k vs k + 1 shifted
// (1,0) on the upper épaulette and the hood's half x ≥ y.
TEST(Blocking, ShiftsOfFigure4Claims) {
  expect_claim_passes("blocking.shift3", 97);
  expect_claim_passes("blocking.shift1", 99);
}

}  // namespace
}  // namespace qg
