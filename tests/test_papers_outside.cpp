// Games of papers outside the seeds: Wythoff with the terminal set x + y ≤ K (arXiv 2605.01435),
// the papers layer's outside room at its tour bound, and its detail.
#include <gtest/gtest.h>

#include <string>

#include "papers/papers.hpp"
#include "queengames/claims.hpp"

namespace qg {
namespace {

TEST(Outside, TerminalSetClaimPassesAtTourBoundAndHoldsToN) {
  const auto claims = papers::outside_twopile::claims();
  ASSERT_EQ(claims.size(), 1u);
  const Claim& claim = claims.front();
  EXPECT_EQ(claim.id, "outside.terminal.shift");
  EXPECT_EQ(claim.route(), ClaimRoute::bounded);  // no proof runs at check time: "holds to N"
  auto report = run_claim(claim, claim.bounds.tour);
  EXPECT_TRUE(report.outcome.pass) << report.outcome.detail;
  EXPECT_EQ(report.status, ClaimStatus::pass);
  EXPECT_EQ(report.outcome.bound_reached, claim.bounds.tour);
  EXPECT_EQ(report.outcome.detail, "K = 0…50, n < 10000 each");
}

}  // namespace
}  // namespace qg
