// Seed 000 (Queens in exile): each claim of the papers layer's exile room at its tour bound, by
// part (numeration, words, spiral; the boards' in test_papers_exile_boards.cpp).
#include <gtest/gtest.h>

#include <set>
#include <string>
#include <vector>

#include "papers/papers.hpp"
#include "queengames/claims.hpp"

namespace qg {
namespace {

TEST(Claims, PassAtTheirTourBounds) {
  for (const auto& claim : papers::exile_numeration::claims()) {
    auto outcome = qg::run_claim(claim, claim.bounds.tour).outcome;
    EXPECT_TRUE(outcome.pass) << claim.id << ": " << outcome.detail;
    EXPECT_EQ(outcome.bound_reached, claim.bounds.tour) << claim.id;
  }
  std::set<std::string> ids;
  for (const auto& claim : papers::exile_numeration::claims()) ids.insert(claim.id);
  EXPECT_EQ(ids, (std::set<std::string>{"exile.lemma3", "exile.corollary5", "exile.lemma10", "exile.theorem15"}));
}

TEST(Claims, AllPassAtTheirTourBoundsWithTheCatalogIds) {
  auto claims = papers::exile_words::claims();
  std::vector<std::string> ids;
  for (const auto& c : claims) {
    ids.push_back(c.id);
    EXPECT_LE(c.bounds.tour, c.bounds.standard) << c.id;
    EXPECT_LE(c.bounds.standard, c.bounds.max) << c.id;
    auto outcome = qg::run_claim(c, c.bounds.tour).outcome;
    EXPECT_TRUE(outcome.pass) << c.id << ": " << outcome.detail;
    EXPECT_EQ(outcome.bound_reached, c.bounds.tour) << c.id;
  }
  EXPECT_EQ(ids, (std::vector<std::string>{"exile.theorem2", "exile.theorem6", "exile.lemma7", "exile.lemma8",
                                           "exile.lemma9", "exile.lemma18", "exile.lemma19"}));
}

TEST(SpiralClaims, EachPassesAtItsTourBound) {
  const std::set<std::string> expected = {
      "exile.theorem1", "exile.theorem11", "exile.theorem12", "exile.theorem13", "exile.theorem14", "exile.theorem16",
      "exile.theorem17", "exile.theorem20", "exile.eq14_16", "exile.eq17", "exile.eq18_21", "exile.corollary21",
      "exile.remark_ii", "exile.remark_v", "exile.slope",
      // §2's complementary columns and the ranges of differences
      "exile.xy_complementary", "exile.mp_complementary", "exile.delta_x", "exile.delta_y", "exile.delta_m",
      "exile.delta_p", "exile.y_above_x", "exile.runs"};
  std::set<std::string> seen;
  for (const qg::Claim& claim : papers::exile_spiral::claims()) {
    seen.insert(claim.id);
    const auto report = qg::run_claim(claim, claim.bounds.tour);
    EXPECT_TRUE(report.outcome.pass) << claim.id << ": " << report.outcome.detail;
    EXPECT_EQ(report.outcome.bound_reached, claim.bounds.tour) << claim.id;
    EXPECT_LE(claim.bounds.tour, claim.bounds.standard);
    EXPECT_LE(claim.bounds.standard, claim.bounds.max);
  }
  EXPECT_EQ(seen, expected);
}

TEST(SpiralClaims, Theorem16SeesThePlusOneCases) {
  for (const qg::Claim& claim : papers::exile_spiral::claims())
    if (claim.id == "exile.theorem16") {
      const auto report = qg::run_claim(claim, 13000);
      ASSERT_TRUE(report.outcome.pass) << report.outcome.detail;
      EXPECT_NE(report.outcome.detail.find("first 12737"), std::string::npos) << report.outcome.detail;
      EXPECT_NE(report.outcome.detail.find("first 329"), std::string::npos);
      EXPECT_NE(report.outcome.detail.find("first 2047"), std::string::npos);
    }
}

}  // namespace
}  // namespace qg
