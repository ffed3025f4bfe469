// Seed 003 (Maharaja Nim): the claims of the papers layer's maharaja room at their tour bounds —
// §1 and §4 on the two-pile sweep, §2–5 and Appendix B on dictionary processes.
#include <gtest/gtest.h>

#include <set>
#include <string>
#include <vector>

#include "papers/papers.hpp"
#include "queengames/claims.hpp"

namespace qg {
namespace {

TEST(Twopile, MaharajaClaimsPassAtTourBound) {
  for (const auto& claim : papers::maharaja_twopile::claims()) {
    auto report = qg::run_claim(claim, claim.bounds.tour);
    EXPECT_TRUE(report.outcome.pass) << claim.id << ": " << report.outcome.detail;
    EXPECT_EQ(report.outcome.bound_reached, claim.bounds.tour) << claim.id;  // the whole bound, in its unit
  }
}

TEST(DictionaryClaims, PassAtTheirTourBounds) {
  for (const auto& claim : papers::maharaja_dictionary::claims()) {
    auto report = qg::run_claim(claim, claim.bounds.tour);
    EXPECT_TRUE(report.outcome.pass) << claim.id << ": " << report.outcome.detail;
    EXPECT_EQ(report.outcome.bound_reached, claim.bounds.tour) << claim.id;  // the whole bound, in its unit
  }
}

}  // namespace
}  // namespace qg
