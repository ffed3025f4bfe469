// The boards module's claims (seed 000 §7–8) at their tour bounds, and Conjecture 26's failure.
#include <gtest/gtest.h>

#include "queengames/claims.hpp"

namespace {

qg::Claim claim(const std::string& id) {
  for (const qg::Claim& c : qg::boards_claims())
    if (c.id == id) return c;
  throw std::runtime_error("no claim " + id);
}

}  // namespace

TEST(BoardsClaims, EveryClaimPassesAtItsTourBound) {
  for (const qg::Claim& c : qg::boards_claims()) {
    const qg::ClaimOutcome o = c.check(c.tour_bound, {});
    EXPECT_TRUE(o.pass) << c.id << ": " << o.detail;
    EXPECT_EQ(o.bound_reached, c.tour_bound) << c.id;
    EXPECT_LE(c.tour_bound, c.default_bound) << c.id;
    EXPECT_LE(c.default_bound, c.max_bound) << c.id;
  }
}

TEST(BoardsClaims, Conjecture26FailsAtColumn9) {
  // Seed 000 Conjecture 26 says every column has period 16 (denominator (1 − x)(1 − x^16)).
  // Column 9 (A269526's column 10) has period 64 instead: SG(9, r + 64) − SG(9, r) = 64 from
  // row 139 on, while SG(9, r + 16) − SG(9, r) keeps changing.
  const qg::ClaimOutcome o = claim("exile.conjecture26").check(10, {});
  EXPECT_FALSE(o.pass);
  EXPECT_EQ(o.bound_reached, 9u);
  EXPECT_NE(o.detail.find("column 9"), std::string::npos) << o.detail;
  EXPECT_TRUE(claim("exile.conjecture26").check(9, {}).pass);
}
