// The exile room's claims of seed 000 §7–8 (boards) at their tour bounds, and Conjecture 26 refuted.
#include <gtest/gtest.h>

#include "papers/papers.hpp"
#include "queengames/claims.hpp"

namespace {

qg::Claim claim(const std::string& id) {
  for (const qg::Claim& c : qg::papers::exile_boards::claims())
    if (c.id == id) return c;
  throw std::runtime_error("no claim " + id);
}

}  // namespace

TEST(BoardsClaims, EveryClaimPassesAtItsTourBound) {
  for (const qg::Claim& c : qg::papers::exile_boards::claims()) {
    const qg::ClaimOutcome o = qg::run_claim(c, c.bounds.tour).outcome;
    EXPECT_TRUE(o.pass) << c.id << ": " << o.detail;
    EXPECT_EQ(o.bound_reached, c.bounds.tour) << c.id;
    EXPECT_LE(c.bounds.tour, c.bounds.standard) << c.id;
    EXPECT_LE(c.bounds.standard, c.bounds.deep) << c.id;
    EXPECT_LE(c.bounds.deep, c.bounds.max) << c.id;
  }
}

TEST(BoardsClaims, Conjecture26RefutedByColumn9) {
  // Seed 000 Conjecture 26 says every column has period 16 (denominator (1 − x)(1 − x^16)).
  // Column 9 (A269526's column 10) is certified with least period 64 from row 139 on, and
  // SG(9, r + 16) − SG(9, r) = 163 − 151 = 12 at r = 139, again every 64 rows: refuted, not
  // merely unobserved: REFUTED, a finding (check exits 0), listed so.
  const qg::ClaimReport r = qg::run_claim(claim("exile.conjecture26"), 10);
  const qg::ClaimOutcome& o = r.outcome;
  EXPECT_EQ(r.status, qg::ClaimStatus::refuted);
  EXPECT_TRUE(o.pass);
  EXPECT_EQ(o.bound_reached, 10u);
  EXPECT_EQ(claim("exile.conjecture26").status(), qg::ClaimStatus::refuted);
  EXPECT_NE(o.detail.find("by certificate"), std::string::npos) << o.detail;
  EXPECT_NE(o.detail.find("least period 64"), std::string::npos) << o.detail;
  EXPECT_NE(o.detail.find("= 12 ≠ 16 at r = 139"), std::string::npos) << o.detail;
  // Columns 0–8 satisfy it, proved by their certificates.
  EXPECT_EQ(qg::run_claim(claim("exile.conjecture26"), 9).status, qg::ClaimStatus::pass);
  const qg::ClaimReport proved = qg::run_claim(claim("exile.conjecture26_columns"), 9);
  const qg::ClaimOutcome& columns = proved.outcome;
  EXPECT_TRUE(columns.pass) << columns.detail;
  // The certificates of all nine columns prove the statement; of eight, they check it to a bound.
  EXPECT_EQ(proved.status, qg::ClaimStatus::proved);
  EXPECT_EQ(claim("exile.conjecture26_columns").status(), qg::ClaimStatus::proved);
  EXPECT_EQ(qg::run_claim(claim("exile.conjecture26_columns"), 8).status, qg::ClaimStatus::pass);
  EXPECT_NE(columns.detail.find("for every r from rows 0, 0, 1, 7, 16, 51, 90, 91, 131 on"), std::string::npos)
      << columns.detail;
}
