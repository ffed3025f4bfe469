// Seed 001 (Corner the empress): the claims of the papers layer's empress room at their tour
// bounds — the two-pile games' and §4's morphic Queens.
#include <gtest/gtest.h>

#include <set>
#include <string>
#include <vector>

#include "papers/papers.hpp"
#include "queengames/claims.hpp"

namespace qg {
namespace {

TEST(Twopile, ClaimsPassAtTourBound) {
  for (const auto& claim : papers::empress_twopile::claims()) {
    auto report = qg::run_claim(claim, claim.bounds.tour);
    EXPECT_TRUE(report.outcome.pass) << claim.id << ": " << report.outcome.detail;
    // A claim checks what its line says: every n up to the bound, in its own unit.
    EXPECT_EQ(report.outcome.bound_reached, claim.bounds.tour) << claim.id;
    // Seed 001 Figure 3: the difference −5 first at n = 310691, within the tour bound.
    if (claim.id == "empress.theorem8") {
      EXPECT_NE(report.outcome.detail.find(" -5@310691"), std::string::npos);
    }
  }
}

TEST(MorphicClaims, PassAtTheirTourBounds) {
  for (const auto& claim : papers::empress_morphic::claims()) {
    auto report = run_claim(claim, claim.bounds.tour);
    EXPECT_TRUE(report.outcome.pass) << claim.id << ": " << report.outcome.detail;
    EXPECT_LE(claim.bounds.tour, claim.bounds.standard) << claim.id;
  }
}

}  // namespace
}  // namespace qg
