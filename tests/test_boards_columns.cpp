// The certificates of the quadrant's columns (seed 000 §8, Conjecture 26; docs/CONJECTURE26.md)
// against a brute force of their own, the boards engine, Table 6 and eq. (56).
#include <gtest/gtest.h>

#include <algorithm>
#include <vector>

#include "queengames/boards.hpp"

namespace b = qg::boards;

namespace {

#ifdef QG_SANITIZED
constexpr std::uint64_t kBruteRows = 260;  // past column 9's second state row, 212
constexpr std::uint64_t kEngineRows = 3500;
#else
constexpr std::uint64_t kBruteRows = 700;
constexpr std::uint64_t kEngineRows = 8000;
#endif

// The quadrant's values on columns 0 … C − 1, rows 0 … R − 1, from the moves as the note's §1
// reads them off Table 5's numbering: up the column, left along the row, down-left along the
// diagonal (r − j, c − j), and down-left along the antidiagonal (r + j, c − j), which reaches
// rows below R: they are computed too, C − 1 − c of them in column c.
std::vector<std::vector<std::uint64_t>> brute_force_columns(std::uint64_t columns, std::uint64_t rows) {
  std::vector<std::vector<std::uint64_t>> g(columns);
  for (std::uint64_t c = 0; c < columns; ++c) {
    const std::uint64_t height = rows + columns - 1 - c;
    for (std::uint64_t r = 0; r < height; ++r) {
      std::vector<std::uint64_t> seen;
      for (std::uint64_t s = 0; s < r; ++s) seen.push_back(g[c][s]);
      for (std::uint64_t j = 1; j <= c; ++j) {
        seen.push_back(g[c - j][r]);
        seen.push_back(g[c - j][r + j]);
        if (j <= r) seen.push_back(g[c - j][r - j]);
      }
      std::sort(seen.begin(), seen.end());
      std::uint64_t mex = 0;
      for (std::uint64_t v : seen) mex += v == mex;
      g[c].push_back(mex);
    }
  }
  return g;
}

}  // namespace

TEST(QuadrantColumns, MovesAsReadAgreeWithTheNumbering) {
  // The brute force above against the board engine's brute force, which moves to every
  // lower-numbered cell of the queen's lines in Table 5's numbering: the same game.
  constexpr std::uint64_t d = 60;
  const b::Board board(b::BoardKind::quadrant, d);
  const std::vector<std::uint32_t> v = b::board_grundy_brute_force(board, b::Piece::queen);
  const auto g = brute_force_columns(20, 40);
  for (std::uint64_t c = 0; c < 20; ++c)
    for (std::uint64_t r = 0; r < 40; ++r)
      ASSERT_EQ(g[c][r], v[*board.index({static_cast<std::int64_t>(r), static_cast<std::int64_t>(c)})])
          << r << ", " << c;
  // Without the antidiagonal move SG(0, 1) would be 1: Table 6's row 0 reads 0 2 1 5 3.
  EXPECT_EQ(g[1][0], 2u);
  EXPECT_EQ((std::vector<std::uint64_t>{g[0][0], g[1][0], g[2][0], g[3][0], g[4][0]}),
            (std::vector<std::uint64_t>{0, 2, 1, 5, 3}));
}

TEST(QuadrantColumns, CertificatesPredictTheBruteForce) {
  // Every value of columns 0–9 on kBruteRows rows, most of them past the rows the certificates
  // computed: the periodicity the certificates prove, seen on rows they never looked at.
  const auto certified = b::certify_quadrant_columns(10);
  const auto g = brute_force_columns(10, kBruteRows);
  for (std::uint64_t c = 0; c < 10; ++c) {
    EXPECT_LT(certified[c].second_row, kBruteRows) << c;
    for (std::uint64_t r = 0; r < kBruteRows; ++r) ASSERT_EQ(certified[c].value(r), g[c][r]) << r << ", " << c;
  }
}

TEST(QuadrantColumns, CertificatesPredictTheEngine) {
  // Columns 0–23 on kEngineRows rows of the column-scanned quadrant (the fast route).
  constexpr std::int64_t columns = 24;
  const auto certified = b::certify_quadrant_columns(columns);
  const std::int64_t d = static_cast<std::int64_t>(kEngineRows) + columns;
  const b::Board board(b::BoardKind::quadrant_by_columns, static_cast<std::uint64_t>(d),
                       static_cast<std::uint64_t>(columns * d - columns * (columns - 1) / 2));
  const std::vector<std::uint32_t> v = b::board_grundy(board, b::Piece::queen);
  for (std::int64_t c = 0; c < columns; ++c)
    for (std::int64_t r = 0; r < static_cast<std::int64_t>(kEngineRows); ++r)
      ASSERT_EQ(certified[static_cast<std::size_t>(c)].value(static_cast<std::uint64_t>(r)), v[*board.index({r, c})])
          << r << ", " << c;
}

TEST(QuadrantColumns, PeriodsPreperiodsAndSlopes) {
  // Column 0 is r, column 1 is r ⊕ 2 (eq. (56)): periods 1 and 4. Columns 2–8 have period 16
  // from rows 1, 7, 16, 51, 90, 91, 131 (A269526's onsets, M. F. Hasler, 1-based there); column
  // 9 has period 64 from row 139 (docs/BOARDS.md), columns 10–18 period 256, 19–23 period 512.
  const auto certified = b::certify_quadrant_columns(24);
  const std::vector<std::uint64_t> period{1,   4,   16,  16,  16,  16,  16,  16,  16,  64,  256, 256,
                                          256, 256, 256, 256, 256, 256, 256, 512, 512, 512, 512, 512};
  const std::vector<std::uint64_t> preperiod{0,   0,   1,   7,    16,   51,   90,   91,   131,  139,  198,  326,
                                             461, 788, 908, 1117, 1234, 1405, 1557, 1710, 2166, 2261, 2347, 2483};
  for (std::uint64_t c = 0; c < 24; ++c) {
    const b::QuadrantColumn& q = certified[c];
    EXPECT_EQ(q.column, c);
    EXPECT_EQ(q.period, period[c]) << c;
    EXPECT_EQ(q.preperiod, preperiod[c]) << c;
    EXPECT_EQ(q.slope, q.period) << c;  // Lemma 3 (i)
    // Theorem 1's rows: n1 from the row R_c = max_j (r_{c−j} + j) of Lemma 2 on, n2 − n1 a
    // multiple of the period.
    std::uint64_t start = 0;
    for (std::uint64_t j = 1; j <= c; ++j) start = std::max(start, certified[c - j].preperiod + j);
    EXPECT_GE(q.first_row, start) << c;
    EXPECT_EQ((q.second_row - q.first_row) % q.period, 0u) << c;
    // Least preperiod: the relation fails on the row before it.
    if (q.preperiod > 0) {
      EXPECT_NE(q.value(q.preperiod - 1 + q.period), q.value(q.preperiod - 1) + q.period) << c;
    }
    // Least period: each proper divisor fails somewhere on a period from r0.
    for (std::uint64_t d = 1; d < q.period; ++d) {
      if (q.period % d) continue;
      bool fails = false;
      for (std::uint64_t r = q.preperiod; r < q.preperiod + q.period && !fails; ++r)
        fails = q.value(r + d) != q.value(r) + d;
      EXPECT_TRUE(fails) << c << " has period " << d;
    }
    EXPECT_EQ(q.excess.size(), q.preperiod + q.period) << c;
  }
  for (std::uint64_t r = 0; r < 1000; ++r) EXPECT_EQ(certified[1].value(r), r ^ 2);
  EXPECT_EQ(certified[0].value(std::uint64_t{1} << 40), std::uint64_t{1} << 40);
}

TEST(QuadrantColumns, Errors) {
  EXPECT_THROW(b::certify_quadrant_columns((std::uint64_t{1} << 16) + 1), qg::RangeError);
  // Column 9 needs 212 rows.
  EXPECT_THROW(b::certify_quadrant_columns(10, {.max_rows = 200}), qg::RangeError);
  EXPECT_NO_THROW(b::certify_quadrant_columns(10, {.max_rows = 212}));
  EXPECT_THROW(b::certify_quadrant_columns(1)[0].value(std::uint64_t{1} << 62), qg::RangeError);
  // Progress counts columns, and a throwing ProgressFn stops the run.
  std::uint64_t last = 0, total = 0;
  b::certify_quadrant_columns(12,
                              {.progress = [&](std::uint64_t done, std::uint64_t all) { last = done, total = all; }});
  EXPECT_EQ(last, 12u);
  EXPECT_EQ(total, 12u);
  EXPECT_THROW(b::certify_quadrant_columns(
                   200, {.progress = [](std::uint64_t, std::uint64_t) { throw std::runtime_error("stop"); }}),
               std::runtime_error);
}
