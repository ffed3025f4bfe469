// The boards module's claims (seed 000 §7–8) at their tour bounds, and Conjecture 26's failure.
#include <gtest/gtest.h>

#include <set>

#include "queengames/boards.hpp"
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
    const qg::ClaimOutcome o = qg::run_claim(c, c.bounds.tour).outcome;
    EXPECT_TRUE(o.pass) << c.id << ": " << o.detail;
    EXPECT_EQ(o.bound_reached, c.bounds.tour) << c.id;
    EXPECT_LE(c.bounds.tour, c.bounds.standard) << c.id;
    EXPECT_LE(c.bounds.standard, c.bounds.max) << c.id;
  }
}

TEST(BoardsClaims, Conjecture26FailsAtColumn9) {
  // Seed 000 Conjecture 26 says every column has period 16 (denominator (1 − x)(1 − x^16)).
  // Column 9 (A269526's column 10) has period 64 instead: SG(9, r + 64) − SG(9, r) = 64 from
  // row 139 on, while SG(9, r + 16) − SG(9, r) keeps changing.
  // No window refutes an eventual period: EVIDENCE AGAINST, with the window.
  const qg::ClaimReport r = qg::run_claim(claim("exile.conjecture26"), 10);
  EXPECT_EQ(r.status, qg::ClaimStatus::evidence_against);
  EXPECT_EQ(r.outcome.detail,
            "columns 0–8 have period 16; column 9 has period 64, not 16: SG(c, r + 64) − SG(c, r) = 64 on rows "
            "139–14335 (see exile.conjecture26_periods; no window refutes an eventual period)");
  EXPECT_EQ(claim("exile.conjecture26").status(), qg::ClaimStatus::evidence_against);
  EXPECT_EQ(qg::run_claim(claim("exile.conjecture26"), 9).status, qg::ClaimStatus::pass);
}

TEST(BoardsClaims, Column9HasPeriod64ByBruteForce) {
  // The failure of Conjecture 26 rests on the fast route; the brute force (enumerate the moves,
  // take the mex) on the first 10 columns of 1400 antidiagonals (700 under the sanitizers) finds the same: in column 9
  // SG(9, r + 64) − SG(9, r) = 64 from row 139 on, while SG(9, r + 16) − SG(9, r) still varies
  // near the bottom of the window.
  namespace b = qg::boards;
#ifdef QG_SANITIZED
  constexpr std::int64_t d = 700;
#else
  constexpr std::int64_t d = 1400;
#endif
  constexpr std::int64_t columns = 10, rows = d - columns;
  const b::Board board(b::BoardKind::quadrant_by_columns, d, columns * d - columns * (columns - 1) / 2);
  const std::vector<std::uint32_t> v = b::board_grundy_brute_force(board, b::Piece::queen);
  auto delta = [&](std::int64_t r, std::int64_t p) {
    return static_cast<std::int64_t>(v[*board.index({r + p, 9})]) - static_cast<std::int64_t>(v[*board.index({r, 9})]);
  };
  for (std::int64_t r = 139; r + 64 < rows; ++r) EXPECT_EQ(delta(r, 64), 64) << r;
  EXPECT_NE(delta(138, 64), 64);
  std::set<std::int64_t> differences;
  for (std::int64_t r = rows / 2; r + 16 < rows; ++r) differences.insert(delta(r, 16));
  EXPECT_GT(differences.size(), 1u);
}
