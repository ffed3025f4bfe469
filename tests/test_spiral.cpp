// Queens in exile on the square spiral (seed 000 §1–6): the paper's tables, sequences and
// examples; direct placement against a cell-by-cell brute force; the closed forms against
// direct placement and against each other; the misprints, read by brute force; bad input.
#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "queengames/catalog.hpp"
#include "queengames/numeration.hpp"
#include "queengames/spiral.hpp"

namespace {

using namespace qg::spiral;
using qg::u128;

#ifdef QG_SANITIZED
constexpr std::uint64_t kRows = 100000, kQueens = 100000, kBruteForce = 250;
#else
constexpr std::uint64_t kRows = 10000000, kQueens = 1000000, kBruteForce = 600;
#endif

// Seed 000 (1) = A273059: the cells of the first 18 queens.
const std::vector<std::uint64_t> kSequence1 = {0,   9,   13,  17,  21,  82,  92,  102, 112,
                                               228, 244, 260, 276, 445, 467, 489, 511, 630};

// Seed 000 Table 2 (rows 0–28; rows 0–11 are Table 1): n, t_n, X, Y, M, P, ΔX, ΔY, ΔM, ΔP, A, B, C.
struct PaperRow {
  std::uint64_t n;
  char t;
  std::uint64_t x, y, m, p, dx, dy, dm, dp, a, b, c;
};
const std::vector<PaperRow> kTable2 = {
    {0, 'c', 0, 0, 0, 0, 1, 2, 1, 3, 0, 0, 0},           {1, 'a', 1, 2, 1, 3, 2, 3, 1, 5, 1, 2, 4},
    {2, 'b', 3, 5, 2, 8, 1, 3, 2, 4, 3, 6, 11},          {3, 'a', 4, 8, 4, 12, 2, 3, 1, 5, 5, 9, 17},
    {4, 'c', 6, 11, 5, 17, 1, 2, 1, 3, 7, 13, 24},       {5, 'a', 7, 13, 6, 20, 2, 3, 1, 5, 8, 15, 28},
    {6, 'b', 9, 16, 7, 25, 1, 3, 2, 4, 10, 19, 35},      {7, 'a', 10, 19, 9, 29, 2, 3, 1, 5, 12, 22, 41},
    {8, 'a', 12, 22, 10, 34, 2, 3, 1, 5, 14, 26, 48},    {9, 'b', 14, 25, 11, 39, 1, 3, 2, 4, 16, 30, 55},
    {10, 'a', 15, 28, 13, 43, 2, 3, 1, 5, 18, 33, 61},   {11, 'c', 17, 31, 14, 48, 1, 2, 1, 3, 20, 37, 68},
    {12, 'a', 18, 33, 15, 51, 2, 3, 1, 5, 21, 39, 72},   {13, 'b', 20, 36, 16, 56, 1, 3, 2, 4, 23, 43, 79},
    {14, 'a', 21, 39, 18, 60, 2, 3, 1, 5, 25, 46, 85},   {15, 'b', 23, 42, 19, 65, 1, 3, 2, 4, 27, 50, 92},
    {16, 'a', 24, 45, 21, 69, 2, 3, 1, 5, 29, 53, 98},   {17, 'c', 26, 48, 22, 74, 1, 2, 1, 3, 31, 57, 105},
    {18, 'a', 27, 50, 23, 77, 2, 3, 1, 5, 32, 59, 109},  {19, 'b', 29, 53, 24, 82, 1, 3, 2, 4, 34, 63, 116},
    {20, 'a', 30, 56, 26, 86, 2, 3, 1, 5, 36, 66, 122},  {21, 'a', 32, 59, 27, 91, 2, 3, 1, 5, 38, 70, 129},
    {22, 'b', 34, 62, 28, 96, 1, 3, 2, 4, 40, 74, 136},  {23, 'a', 35, 65, 30, 100, 2, 3, 1, 5, 42, 77, 142},
    {24, 'c', 37, 68, 31, 105, 1, 2, 1, 3, 44, 81, 149}, {25, 'a', 38, 70, 32, 108, 2, 3, 1, 5, 45, 83, 153},
    {26, 'b', 40, 73, 33, 113, 1, 3, 2, 4, 47, 87, 160}, {27, 'a', 41, 76, 35, 117, 2, 3, 1, 5, 49, 90, 166},
    {28, 'c', 43, 79, 36, 122, 1, 2, 1, 3, 51, 94, 173},
};

std::vector<QueenCell> direct(std::uint64_t count) {
  std::vector<QueenCell> all;
  place_queens_directly(count, [&](std::uint64_t first, std::span<const QueenCell> q) {
    EXPECT_EQ(first, all.size());
    all.insert(all.end(), q.begin(), q.end());
  });
  return all;
}

std::vector<QueenCell> closed(std::uint64_t count) {
  std::vector<QueenCell> all;
  generate_queens(count, [&](std::uint64_t first, std::span<const QueenCell> q) {
    EXPECT_EQ(first, all.size());
    all.insert(all.end(), q.begin(), q.end());
  });
  return all;
}

// The obviously correct placement: every cell in turn, tested against every earlier queen.
std::vector<QueenCell> brute_force(std::uint64_t count) {
  std::vector<QueenCell> queens;
  for (std::uint64_t cell = 0; queens.size() < count; ++cell) {
    const Point p = cell_point(cell);
    bool attacked = std::any_of(queens.begin(), queens.end(), [&](const QueenCell& q) {
      return q.x == p.x || q.y == p.y || q.x - q.y == p.x - p.y || q.x + q.y == p.x + p.y;
    });
    if (!attacked) queens.push_back({cell, p.x, p.y});
  }
  return queens;
}

// ---- the board (§2, Fig. 2) ------------------------------------------------------------

TEST(SpiralBoard, CellsFollowFigure2WithXSouthAndYEast) {
  // From the centre East, North, West, South: cell 1 is East of 0, cell 2 North of 1.
  const std::vector<Point> first = {{0, 0}, {0, 1}, {-1, 1}, {-1, 0}, {-1, -1}, {0, -1}, {1, -1},
                                    {1, 0}, {1, 1}, {1, 2},  {0, 2},  {-1, 2},  {-2, 2}, {-2, 1}};
  for (std::uint64_t i = 0; i < first.size(); ++i) {
    EXPECT_EQ(cell_point(i), first[i]) << i;
    EXPECT_EQ(cell_index(first[i]), i);
  }
}

TEST(SpiralBoard, ShellsAndEdgesAsInSection2) {
  for (std::int64_t k : {1, 2, 3, 10, 1000, 123456}) {
    const auto u = static_cast<std::uint64_t>(k);
    // Edge 1 (right) (2k−1)² … 4k²−2k, edge 2 (top) … 4k², edge 3 (left) … 4k²+2k, edge 4 … 4k(k+1).
    EXPECT_EQ(cell_point((2 * u - 1) * (2 * u - 1)), (Point{k - 1, k}));
    EXPECT_EQ(cell_point(4 * u * u - 2 * u), (Point{-k, k}));
    EXPECT_EQ(cell_point(4 * u * u - 2 * u + 1), (Point{-k, k - 1}));
    EXPECT_EQ(cell_point(4 * u * u), (Point{-k, -k}));
    EXPECT_EQ(cell_point(4 * u * u + 1), (Point{-k + 1, -k}));
    EXPECT_EQ(cell_point(4 * u * u + 2 * u), (Point{k, -k}));
    EXPECT_EQ(cell_point(4 * u * u + 2 * u + 1), (Point{k, -k + 1}));
    EXPECT_EQ(cell_point(4 * u * (u + 1)), (Point{k, k}));
  }
}

TEST(SpiralBoard, IndexAndPointAreInverse) {
  for (std::uint64_t i = 0; i < 200000; ++i) ASSERT_EQ(cell_index(cell_point(i)), i) << i;
  for (std::uint64_t i : {kMaxCell, kMaxCell - 1, std::uint64_t{1} << 62, std::uint64_t{1} << 40})
    EXPECT_EQ(cell_index(cell_point(i)), i);
  EXPECT_EQ(cell_point(kMaxCell), (Point{kMaxShell, kMaxShell}));
}

TEST(SpiralBoard, OutOfRangeIsRefusedWithTheRange) {
  EXPECT_THROW(cell_point(kMaxCell + 1), qg::RangeError);
  EXPECT_THROW(cell_index({kMaxShell + 1, 0}), qg::RangeError);
  EXPECT_THROW(cell_index({0, INT64_MIN}), qg::RangeError);
  try {
    cell_index({-kMaxShell - 1, 5});
    FAIL();
  } catch (const qg::RangeError& e) {
    EXPECT_NE(std::string(e.what()).find("0..2147483647"), std::string::npos) << e.what();
  }
}

// ---- direct placement (§1) -------------------------------------------------------------

TEST(SpiralDirect, Sequence1AndTheFirstQueensOfSection2) {
  const auto q = direct(kSequence1.size());
  for (std::size_t i = 0; i < kSequence1.size(); ++i) EXPECT_EQ(q[i].cell, kSequence1[i]) << i;
  // q_0 = (0,0), q_1 = (1,2), q_2 = (−2,1), q_3 = (−1,−2), q_4 = (2,−1), q_5 = (3,5).
  const std::vector<Point> paper = {{0, 0}, {1, 2}, {-2, 1}, {-1, -2}, {2, -1}, {3, 5}};
  for (std::size_t i = 0; i < paper.size(); ++i) EXPECT_EQ((Point{q[i].x, q[i].y}), paper[i]) << i;
}

TEST(SpiralDirect, EqualsTheCellByCellBruteForce) {
  const auto fast = direct(kBruteForce), slow = brute_force(kBruteForce);
  ASSERT_EQ(fast.size(), slow.size());
  for (std::size_t i = 0; i < slow.size(); ++i) ASSERT_EQ(fast[i], slow[i]) << "q_" << i;
}

TEST(SpiralDirect, CountsAndRange) {
  EXPECT_TRUE(direct(0).empty());
  EXPECT_EQ(direct(1).size(), 1u);
  EXPECT_EQ(direct(4097).size(), 4097u);  // a block boundary
  EXPECT_THROW(place_queens_directly(kDirectMaxQueens + 1, [](std::uint64_t, std::span<const QueenCell>) {}),
               qg::RangeError);
}

// Seed 000 Theorem 1, eq. (3), has two misprints which direct placement settles:
//  * the printed q_{4k+4} = (−Y_k, X_k) repeats q_{4k+2}; the proof's "(Y_{n+1}, −X_{n+1})" is right;
//  * with the printed indices q_{4k+1} = (X_k, Y_k) would give q_1 = (X_0, Y_0) = (0, 0); the
//    proof's q_{4n+5} = (X_{n+1}, Y_{n+1}) is right, i.e. row k+1 gives q_{4k+1} … q_{4k+4}.
TEST(SpiralDirect, Theorem1ReadAsItsProofSays) {
  const auto q = direct(9);
  XympRecurrence rows;
  rows.advance();                                      // row 1: X = 1, Y = 2
  EXPECT_EQ((Point{q[4].x, q[4].y}), (Point{2, -1}));  // (Y_1, −X_1)
  EXPECT_NE((Point{q[4].x, q[4].y}), (Point{-2, 1}));  // not the printed (−Y_1, X_1) = q_2
  EXPECT_NE((Point{q[1].x, q[1].y}), (Point{0, 0}));   // not the printed (X_0, Y_0)
  EXPECT_EQ((Point{q[1].x, q[1].y}), (Point{1, 2}));   // (X_1, Y_1)
  rows.advance();                                      // row 2: X = 3, Y = 5
  const auto x = static_cast<std::int64_t>(rows.row().x), y = static_cast<std::int64_t>(rows.row().y);
  const std::vector<Point> turns = {{x, y}, {-y, x}, {-x, -y}, {y, -x}};
  for (int r = 0; r < 4; ++r) EXPECT_EQ((Point{q[5 + r].x, q[5 + r].y}), turns[r]);
}

// ---- the XYMP table ------------------------------------------------------------------

TEST(SpiralXymp, RecurrenceGivesTables1And2) {
  XympRecurrence rows;
  for (const PaperRow& p : kTable2) {
    ASSERT_EQ(rows.n(), p.n);
    EXPECT_EQ(rows.row(), (Xymp{p.x, p.y, p.m, p.p})) << "row " << p.n;
    rows.advance();
  }
}

TEST(SpiralXymp, ThemeSongStreamGivesEveryColumnOfTable2) {
  TableStream table;
  for (const PaperRow& p : kTable2) {
    const TableRow& r = table.row();
    ASSERT_EQ(r.n, p.n);
    EXPECT_EQ(r.t, p.t) << p.n;
    EXPECT_EQ(r.xymp, (Xymp{p.x, p.y, p.m, p.p})) << p.n;
    EXPECT_EQ(r.delta, (Xymp{p.dx, p.dy, p.dm, p.dp})) << p.n;
    EXPECT_EQ(r.a, p.a) << p.n;
    EXPECT_EQ(r.b, p.b) << p.n;
    EXPECT_EQ(r.c, p.c) << p.n;
    table.advance();
  }
}

TEST(SpiralXymp, RandomAccessGivesTable2) {
  for (const PaperRow& p : kTable2) {
    EXPECT_EQ(xymp(p.n), (XympRow{p.x, p.y, p.m, p.p})) << p.n;
    EXPECT_EQ(abc(p.n), (Abc{p.a, p.b, p.c})) << p.n;
    if (p.n > 0) {
      EXPECT_EQ(tribonacci_letter(p.n), p.t) << p.n;
    }
  }
}

// (7) Θ and (9) T as printed; (4) ΔP and (5) ΔX agree with Table 2 for their first 17 and 21
// terms only: the text conversion garbled the rest of those two displays (Table 2 and
// Theorem 20 agree with each other and with the recurrence (2)).
TEST(SpiralXymp, DisplaysOfSections3And4) {
  const std::string theta = "cabacabaabacababacabaabac", t = "abacabaabacababacabaabaca";
  TableStream table;
  for (std::size_t n = 0; n < theta.size(); ++n, table.advance()) EXPECT_EQ(table.row().t, theta[n]) << n;
  for (std::size_t n = 1; n <= t.size(); ++n) EXPECT_EQ(tribonacci_letter(n), t[n - 1]) << n;
  const std::vector<std::uint64_t> printed4 = {3, 5, 4, 5, 3, 5, 4, 5, 5, 4, 5, 3, 5,
                                               4, 5, 4, 5, 5, 4, 5, 3, 5, 4, 5, 3};
  const std::vector<std::uint64_t> printed5 = {1, 2, 1, 2, 1, 2, 1, 2, 2, 1, 2, 1, 2, 1, 2,
                                               1, 2, 1, 2, 1, 2, 1, 2, 1, 2, 1, 2, 1, 2, 1};
  for (std::size_t n = 0; n < 17; ++n) EXPECT_EQ(kTable2[n].dp, printed4[n]) << n;
  EXPECT_NE(kTable2[17].dp, printed4[17]);
  for (std::size_t n = 0; n < 21; ++n) EXPECT_EQ(kTable2[n].dx, printed5[n]) << n;
  EXPECT_NE(kTable2[21].dx, printed5[21]);
}

// §5.3–5.4 examples: N_a(10) = 6, N_b(10) = 3, N_c(10) = 1 (proof of Theorem 20);
// A_5 = 8 while N_a(8) = 5; the numbers C_2 = 11 of Table 3.
TEST(SpiralClosedForms, ExamplesOfSection5) {
  EXPECT_EQ(letter_counts(10), (Abc{6, 3, 1}));
  EXPECT_EQ(abc(5).a, 8u);
  EXPECT_EQ(letter_counts(8).a, 5u);
  EXPECT_EQ(abc(2).c, 11u);
  EXPECT_EQ(letter_counts(0), (Abc{0, 0, 0}));
  EXPECT_EQ(letter_counts(1), (Abc{1, 0, 0}));
}

TEST(SpiralClosedForms, RandomAccessEqualsSequentialRows) {
  TableStream table;
  for (std::uint64_t n = 0; n < kRows; ++n, table.advance()) {
    const TableRow& r = table.row();
    const XympRow row = xymp(n);
    ASSERT_EQ(row, (XympRow{r.xymp.x, r.xymp.y, r.xymp.m, r.xymp.p})) << n;
    if (n % 64 == 0) {
      ASSERT_EQ(abc(n), (Abc{r.a, r.b, r.c})) << n;
    }
  }
}

TEST(SpiralClosedForms, RecurrenceEqualsThemeSongRows) {
  XympRecurrence rows;
  TableStream table;
  for (std::uint64_t n = 0; n < kRows / 10; ++n, rows.advance(), table.advance())
    ASSERT_EQ(rows.row(), table.row().xymp) << n;
}

TEST(SpiralClosedForms, DirectPlacementEqualsBothClosedRoutes) {
  const auto d = direct(kQueens), c = closed(kQueens);
  ASSERT_EQ(d.size(), kQueens);
  ASSERT_EQ(c.size(), kQueens);
  for (std::uint64_t n = 0; n < kQueens; ++n) {
    ASSERT_EQ(d[n], c[n]) << "q_" << n;
    ASSERT_EQ(queen_cell(n), d[n]) << "q_" << n;
  }
  const Queen big = queen(kQueens - 1);
  EXPECT_EQ(big.cell, qg::numeration::to_mpz(d.back().cell));
  EXPECT_EQ(big.x, d.back().x);
  EXPECT_EQ(big.y, d.back().y);
}

TEST(SpiralClosedForms, GenerateCutsAtAnyCount) {
  for (std::uint64_t count : {1, 2, 5, 4095, 4096, 4097, 10000}) {
    const auto q = closed(count);
    ASSERT_EQ(q.size(), count);
    EXPECT_EQ(q.back(), queen_cell(count - 1));
  }
}

// Near 2^64, where the greedy scan's remainder outgrows a word (src/spiral/tribonacci.hpp), and
// far beyond, each row still steps to the next by Θ(2,1,1), Θ(3,3,2), Θ(1,2,1), Θ(5,4,3)
// (Theorem 20).
TEST(SpiralClosedForms, LargeRowsStepByTheThemeSong) {
  const u128 starts[] = {u128{2900000000000000000u} - 3, u128{1} << 64, (u128{1} << 100) + 12345,
                         (u128{1} << 120) - 40};
  for (u128 start : starts)
    for (u128 n = start; n < start + 30; ++n) {
      const XympRow r = xymp(n), s = xymp(n + 1);
      const char t = tribonacci_letter(n);
      const int i = t - 'a';
      const std::uint64_t dx[] = {2, 1, 1}, dy[] = {3, 3, 2}, dm[] = {1, 2, 1}, dp[] = {5, 4, 3};
      ASSERT_EQ(s.x - r.x, dx[i]) << qg::to_string(n);
      ASSERT_EQ(s.y - r.y, dy[i]);
      ASSERT_EQ(s.m - r.m, dm[i]);
      ASSERT_EQ(s.p - r.p, dp[i]);
      ASSERT_EQ(r.y, r.x + r.m);
      ASSERT_EQ(r.p, r.x + r.y);
    }
}

TEST(SpiralClosedForms, QueenAtTwoToThe100) {
  const u128 n = u128{1} << 100;
  const Queen q = queen(n);
  const XympRow row = xymp((n - 1) / 4 + 1);  // n ≡ 0 mod 4: the fourth quarter turn, (Y, −X)
  EXPECT_EQ(q.x, static_cast<qg::i128>(row.y));
  EXPECT_EQ(q.y, -static_cast<qg::i128>(row.x));
  const mpz_class y = qg::numeration::to_mpz(row.y), x = qg::numeration::to_mpz(row.x);
  EXPECT_EQ(q.cell, (2 * y - 1) * (2 * y - 1) + y - 1 - x + 6 * y);
  // The coordinates grow like 2.84·n/4 and the cell like 4Y²: 101 and about 202 bits.
  EXPECT_EQ(mpz_sizeinbase(q.cell.get_mpz_t(), 2), 202u);
  // Over the 64-bit range queen() and queen_cell() agree.
  for (std::uint64_t m : {std::uint64_t{12345678901234567}, kQueenCellMax}) {
    const Queen a = queen(m);
    const QueenCell b = queen_cell(m);
    EXPECT_EQ(a.cell, qg::numeration::to_mpz(b.cell));
    EXPECT_EQ(a.x, b.x);
    EXPECT_EQ(a.y, b.y);
  }
}

// Theorem 16's remark: the "+1" on the right of (30)–(32) is first needed at n = 12737, 329, 2047.
TEST(SpiralClosedForms, FirstPlusOneCasesOfTheorem16) {
  const std::uint64_t first[3] = {12737, 329, 2047};
  for (unsigned k = 1; k <= 3; ++k)
    for (std::uint64_t n = 1; n <= first[k - 1]; ++n) {
      const Abc v = abc(n);
      const u128 value = k == 1 ? v.a : k == 2 ? v.b : v.c;
      const bool plus_one = value == qg::numeration::floor_n_psi<std::uint64_t>(n, k) + 1;
      ASSERT_EQ(plus_one, n == first[k - 1]) << "k = " << k << ", n = " << n;
    }
}

TEST(SpiralClosedForms, BadInput) {
  EXPECT_THROW(tribonacci_letter(0), qg::InputError);
  EXPECT_THROW(xymp(u128{1} << 120), qg::RangeError);
  EXPECT_THROW(abc(~u128{0}), qg::RangeError);
  EXPECT_THROW(letter_counts(u128{1} << 121), qg::RangeError);
  EXPECT_THROW(queen(u128{1} << 120), qg::RangeError);
  EXPECT_NO_THROW(queen((u128{1} << 120) - 1));
  EXPECT_THROW(queen_cell(kQueenCellMax + 1), qg::RangeError);
  EXPECT_THROW(generate_queens(kSequentialMaxQueens + 1, [](std::uint64_t, std::span<const QueenCell>) {}),
               qg::RangeError);
  EXPECT_THROW(queens_within(static_cast<std::uint64_t>(kMaxShell) + 1, [](Point) {}), qg::RangeError);
  try {
    xymp(u128{1} << 120);
  } catch (const qg::RangeError& e) {
    EXPECT_NE(std::string(e.what()).find("0..2^120 - 1"), std::string::npos) << e.what();
  }
}

TEST(SpiralClosedForms, Figure3Has1409Queens) {
  std::uint64_t count = 0;
  queens_within(1000, [&](Point p) {
    EXPECT_LE(std::max(std::abs(p.x), std::abs(p.y)), 1000);
    ++count;
  });
  EXPECT_EQ(count, 1409u);
}

// ---- catalog and claims ----------------------------------------------------------------

std::vector<std::int64_t> terms(const std::string& anumber, std::uint64_t count) {
  for (const qg::Sequence& s : qg::spiral_sequences())
    if (s.anumber == anumber) return qg::sequence_terms(s, count);
  ADD_FAILURE() << anumber << " is not catalogued";
  return {};
}

TEST(SpiralCatalog, OffsetsAndTermsAsInTheOeis) {
  std::vector<std::int64_t> cells(kSequence1.begin(), kSequence1.end());
  EXPECT_EQ(terms("A273059", 18), cells);
  EXPECT_EQ(terms("A140100", 11), (std::vector<std::int64_t>{1, 3, 4, 6, 7, 9, 10, 12, 14, 15, 17}));
  EXPECT_EQ(terms("A140101", 11), (std::vector<std::int64_t>{0, 2, 5, 8, 11, 13, 16, 19, 22, 25, 28}));
  EXPECT_EQ(terms("A140102", 21),
            (std::vector<std::int64_t>{0, 1, 2, 4, 5, 6, 7, 9, 10, 11, 13, 14, 15, 16, 18, 19, 21, 22, 23, 24, 26}));
  EXPECT_EQ(terms("A140103", 20),
            (std::vector<std::int64_t>{3, 8, 12, 17, 20, 25, 29, 34, 39, 43, 48, 51, 56, 60, 65, 69, 74, 77, 82, 86}));
  EXPECT_EQ(terms("A275158", 1), (std::vector<std::int64_t>{12737}));
  EXPECT_EQ(terms("A278352", 1), (std::vector<std::int64_t>{329}));
  EXPECT_EQ(terms("A278353", 1), (std::vector<std::int64_t>{2047}));
  const std::map<std::string, std::int64_t> offsets = {{"A273059", 0}, {"A140100", 1}, {"A140101", 0}, {"A140102", 0},
                                                       {"A140103", 1}, {"A275158", 1}, {"A278352", 1}, {"A278353", 1}};
  std::map<std::string, std::int64_t> catalogued;
  for (const qg::Sequence& s : qg::spiral_sequences()) catalogued[s.anumber] = s.offset;
  EXPECT_EQ(catalogued, offsets);
}

}  // namespace
