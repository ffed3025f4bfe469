// Seed 002 (INFTY-QUEENS): the claims of the papers layer's knuth room.
#include <gtest/gtest.h>

#include <set>
#include <string>
#include <vector>

#include "papers/papers.hpp"
#include "queengames/claims.hpp"

namespace qg {
namespace {

#ifdef QG_SANITIZED
constexpr std::uint64_t kScale = 20;  // the sanitizer build runs ~20× slower
#else
constexpr std::uint64_t kScale = 1;
#endif

TEST(InftyQueens, ClaimsPassAtTheirTourBounds) {
  for (const qg::Claim& claim : qg::knuth_claims()) {
    auto report = qg::run_claim(claim, claim.bounds.tour);
    EXPECT_TRUE(report.outcome.pass) << claim.id << ": " << report.outcome.detail;
    EXPECT_EQ(report.outcome.bound_reached, claim.bounds.tour) << claim.id;  // the whole bound, in its unit
  }
}

// Seed 000 (49)–(50), Knuth's bounds for his 1-based q_n and n, hold to 10^6 (test_infty.cpp's
// InftyQueens.ConjectureTwentyFiveIsKnuthsOneBasedReading shows the 0-based reading fails).
TEST(InftyQueens, ConjectureTwentyFiveHoldsToAMillion) {
  for (const qg::Claim& claim : qg::knuth_claims()) {
    if (claim.id != "knuth.conjecture25") continue;
    auto report = qg::run_claim(claim, 1'000'000 / kScale);
    EXPECT_TRUE(report.outcome.pass) << report.outcome.detail;
  }
}

}  // namespace
}  // namespace qg
