// Grundy tables and numbered boards (seed 000 §1, §7, §8): the papers' tables and equations,
// the OEIS data, and the fast routes against brute force.
#include <gtest/gtest.h>

#include <algorithm>
#include <cctype>
#include <numeric>
#include <set>

#include "queengames/boards.hpp"
#include "queengames/io.hpp"

namespace b = qg::boards;
using qg::twopile::Ruleset;

namespace {

#ifdef QG_SANITIZED
constexpr std::uint64_t kBruteSide = 40;
constexpr std::uint64_t kStripsSide = 300;  // antidiagonals: 5 strips of 64 columns
#else
constexpr std::uint64_t kBruteSide = 200;
constexpr std::uint64_t kStripsSide = 700;  // antidiagonals: 11 strips of 64 columns
#endif

std::vector<std::uint32_t> values_of(b::BoardKind kind, std::uint64_t size, b::Piece piece = b::Piece::queen) {
  return b::board_grundy(b::Board(kind, size), piece);
}

template <class T>
std::vector<T> first(const std::vector<T>& v, std::size_t n) {
  return {v.begin(), v.begin() + static_cast<std::ptrdiff_t>(n)};
}

}  // namespace

// ---- summary line ------------------------------------------------------------------------------

TEST(Summary, SmallWythoffTableCheckedByHand) {
  // The 3×2 corner of Wythoff's table (A004481): row y = 0: 0 1 2; row y = 1: 1 2 0.
  // sum64 = Σ (v+1)(2(yW + x) + 1) = 1·1 + 2·3 + 3·5 + 2·7 + 3·9 + 1·11 = 74 = 0x4a.
  const b::Table t = b::grundy_table(Ruleset::parse("wythoff"), 3, 2);
  EXPECT_EQ(t.values, (std::vector<std::uint32_t>{0, 1, 2, 1, 2, 0}));
  EXPECT_EQ(b::summarize(t).line(), "size 3x2 max 2 zeros 2 sum64 000000000000004a");
}

// ---- two-pile tables ---------------------------------------------------------------------------

TEST(TwoPile, WythoffCornerIsA004481) {
  // A004481's table (OEIS example), rows 0–4.
  const std::vector<std::vector<std::uint32_t>> rows{{0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12},
                                                     {1, 2, 0, 4, 5, 3, 7, 8, 6, 10, 11, 9},
                                                     {2, 0, 1, 5, 3, 4, 8, 6, 7, 11, 9},
                                                     {3, 4, 5, 6, 2, 0, 1, 9, 10, 12},
                                                     {4, 5, 3, 2, 7, 6, 9, 0, 1}};
  const b::Table t = b::grundy_table(Ruleset::parse("wythoff"), 13, 5);
  for (std::size_t y = 0; y < rows.size(); ++y)
    for (std::size_t x = 0; x < rows[y].size(); ++x) EXPECT_EQ(t.at(x, y), rows[y][x]) << x << "," << y;
}

TEST(TwoPile, WythoffZerosAreEq53) {
  // Seed 000 eq. (53): W_c, the row of the P-position in column c (A002251).
  const std::vector<std::uint64_t> w{0, 2, 1, 5, 7, 3, 10, 4, 13, 15, 6, 18, 20, 8, 23, 9, 26, 28, 11, 31, 12, 34};
  const b::Table t = b::grundy_table(Ruleset::parse("wythoff"), 22, 40);
  for (std::uint64_t c = 0; c < w.size(); ++c) {
    std::uint64_t zeros = 0;
    for (std::uint64_t y = 0; y < t.height; ++y) zeros += t.at(c, y) == 0;
    EXPECT_EQ(zeros, 1u) << c;
    EXPECT_EQ(t.at(c, w[c]), 0u) << c;
  }
}

// Every named ruleset of twopile.hpp (jumps through wythoff+jumps), fast = brute force on the
// 200×200 corner, on 2 threads and on 1; and on a corner that is not square, to catch a
// transposed index. The bouncing and reflecting queens' moves leave the corner, and the
// widened diagonals are enumerated per position: those exercise the fast route's other paths.
class TwoPileFastEqualsBruteForce : public testing::TestWithParam<const char*> {};

TEST_P(TwoPileFastEqualsBruteForce, On200x200) {
  const Ruleset ruleset = Ruleset::parse(GetParam());
  EXPECT_EQ(b::grundy_table(ruleset, kBruteSide, kBruteSide).values,
            b::grundy_table_brute_force(ruleset, kBruteSide, kBruteSide).values);
  // One thread, and a corner that is not square, on a smaller corner (the (2,1) widened
  // diagonal costs O(N⁴) on either route).
  const std::uint64_t w = kBruteSide / 2, h = kBruteSide / 3;
  const b::Table slow = b::grundy_table_brute_force(ruleset, w, h);
  EXPECT_EQ(b::grundy_table(ruleset, w, h).values, slow.values) << w << "x" << h;
  b::GrundyOptions one;
  one.threads = 1;
  EXPECT_EQ(b::grundy_table(ruleset, w, h, one).values, slow.values) << w << "x" << h << " on one thread";
}

INSTANTIATE_TEST_SUITE_P(EveryRuleset, TwoPileFastEqualsBruteForce,
                         testing::Values("wythoff", "maharaja", "kqueen:2", "limited-kqueen:3,1", "kl-maharaja:1,3",
                                         "t2t:2", "wythoff+jumps:(1,3),(3,1)", "queen-bee", "queen-dee", "kqueen-dee:2",
                                         "st-wythoff:2,1", "terminal:5"),
                         [](const testing::TestParamInfo<const char*>& info) {
                           std::string name;
                           for (const char* c = info.param; *c; ++c) name += std::isalnum(*c) ? *c : '_';
                           return name;
                         });

TEST(TwoPile, BadSizesAreRefused) {
  EXPECT_THROW(b::grundy_table(Ruleset::parse("wythoff"), 0, 5), qg::RangeError);
  EXPECT_THROW(b::grundy_table(Ruleset::parse("wythoff"), 5, (1u << 20) + 1), qg::RangeError);
  EXPECT_THROW(b::grundy_table_brute_force(Ruleset::parse("wythoff"), 5000, 5), qg::RangeError);
  // 2^20 × 2^20 needs terabytes: refused by the memory check, not attempted.
  EXPECT_THROW(b::grundy_table(Ruleset::parse("wythoff"), 1u << 20, 1u << 20), qg::RangeError);
}

TEST(TwoPile, ProgressCanInterrupt) {
  b::GrundyOptions o;
  o.progress = [](std::uint64_t done, std::uint64_t) {
    if (done > 0) throw std::runtime_error("stop");
  };
  EXPECT_THROW(b::grundy_table(Ruleset::parse("wythoff"), 300, 300, o), std::runtime_error);
}

// ---- boards: numbering ------------------------------------------------------------------------------

TEST(Boards, IndexAndCellAreInverse) {
  for (b::BoardKind kind : b::all_board_kinds())
    for (std::uint64_t size : {1u, 2u, 5u, 8u}) {
      const b::Board board(kind, size);
      std::set<std::pair<std::int64_t, std::int64_t>> seen;
      std::uint64_t visited = 0;
      board.walk([&](std::uint64_t n, b::Square s) {
        EXPECT_EQ(n, visited++);
        EXPECT_EQ(board.cell(n), s);
        EXPECT_EQ(board.index(s), n);
        EXPECT_GE(s.row, board.row0());
        EXPECT_GE(s.col, board.col0());
        EXPECT_LT(s.row, board.row0() + static_cast<std::int64_t>(board.height()));
        EXPECT_LT(s.col, board.col0() + static_cast<std::int64_t>(board.width()));
        seen.insert({s.row, s.col});
      });
      EXPECT_EQ(visited, board.cells());
      EXPECT_EQ(seen.size(), board.cells()) << b::to_string(kind);
      EXPECT_THROW(board.cell(board.cells()), qg::RangeError);
    }
}

TEST(Boards, Table5NumbersTheQuadrantByUpwardAntidiagonals) {
  // Seed 000 Table 5, rows 0–2.
  const b::Board q(b::BoardKind::quadrant, 10);
  const std::vector<std::vector<std::uint64_t>> rows{
      {0, 2, 5, 9, 14, 20, 27, 35, 44}, {1, 4, 8, 13, 19, 26, 34, 43}, {3, 7, 12, 18, 25, 33, 42}};
  for (std::size_t r = 0; r < rows.size(); ++r)
    for (std::size_t c = 0; c < rows[r].size(); ++c)
      EXPECT_EQ(q.index({static_cast<std::int64_t>(r), static_cast<std::int64_t>(c)}), rows[r][c]);
  EXPECT_FALSE(q.index({5, 5}).has_value());  // antidiagonal 10: outside the window
}

TEST(Boards, SpiralIsSeed000Figure2) {
  // Seed 000 §2: x South, y East; cell 1 East of 0, cells 9 = (1, 2) = q_1 and 13, 17, 21.
  const b::Board s(b::BoardKind::spiral, 5);
  EXPECT_EQ(s.cell(1), (b::Square{0, 1}));
  EXPECT_EQ(s.cell(3), (b::Square{-1, 0}));
  EXPECT_EQ(s.cell(9), (b::Square{1, 2}));
  EXPECT_EQ(s.cell(13), (b::Square{-2, 1}));
  EXPECT_EQ(s.cell(17), (b::Square{-1, -2}));
  EXPECT_EQ(s.cell(21), (b::Square{2, -1}));
  EXPECT_EQ(b::Board(b::BoardKind::spiral, 4).cells(), 16u);
}

TEST(Boards, UnsupportedPiecesAreRefused) {
  EXPECT_THROW(b::board_grundy(b::Board(b::BoardKind::hex_spiral, 3), b::Piece::knight), qg::InputError);
  EXPECT_THROW(b::board_grundy(b::Board(b::BoardKind::quadrant_by_columns, 3), b::Piece::maharaja), qg::InputError);
  EXPECT_THROW(b::parse_piece("archbishop"), qg::InputError);
  EXPECT_THROW(b::Board(b::BoardKind::quadrant, 0), qg::RangeError);
  EXPECT_THROW(b::board_window_table(b::BoardKind::spiral, b::Piece::queen, 5, 7), qg::InputError);
}

// ---- boards: the paper's values ------------------------------------------------------------------------

TEST(Boards, Table6IsTheQuadrantCorner) {
  // Seed 000 Table 6 (A274528). The paper's text is garbled past the first few columns; these
  // rows are the legible entries, completed from A274528's example, which agrees with them.
  const std::vector<std::vector<std::uint32_t>> rows{{0, 2, 1, 5, 3, 4, 9, 10, 12, 7, 13, 17},
                                                     {1, 3, 4, 0, 7, 2, 5, 11, 13, 15, 6},
                                                     {2, 0, 5, 1, 8, 6, 4, 3, 14, 16},
                                                     {3, 1, 2, 4, 0, 7, 8, 6, 15},
                                                     {4, 6, 0, 3, 1, 5, 2, 14},
                                                     {5, 7, 8, 6, 4, 9, 3},
                                                     {6, 4, 3, 2, 5, 13},
                                                     {7, 5, 6, 8, 10},
                                                     {8, 10, 7, 9},
                                                     {9, 11, 12},
                                                     {10, 8},
                                                     {11}};
  const b::Table t = b::board_window_table(b::BoardKind::quadrant, b::Piece::queen, 12, 12);
  for (std::size_t r = 0; r < rows.size(); ++r)
    for (std::size_t c = 0; c < rows[r].size(); ++c) EXPECT_EQ(t.at(c, r), rows[r][c]) << r << "," << c;
}

TEST(Boards, Column1IsRXor2Eq56) {
  // Seed 000 (56): column 1 is r ⊕ 2 (the paper cites A004482 there, which is Wythoff's row 1
  // (tersum n + 1); the column is A004443, nimsum n + 2).
  // Columns 0 and 1 over R rows: the first 2 columns of the column-scanned quadrant of R + 2
  // antidiagonals, a prefix of its numbering holding every move of their cells.
  constexpr std::uint32_t rows = 3000;
  const b::Board board(b::BoardKind::quadrant_by_columns, rows + 2, 2 * rows + 3);
  const std::vector<std::uint32_t> v = b::board_grundy(board, b::Piece::queen);
  auto at = [&](std::uint32_t r, std::uint32_t c) { return v[*board.index({r, c})]; };
  for (std::uint32_t r = 0; r < rows; ++r) EXPECT_EQ(at(r, 1), r ^ 2u) << r;
  // Its generating function (56), (2 − x − 2x² + 3x³)/((1 − x)²(1 + x²)): coefficients by the
  // recurrence of the denominator 1 − 2x + 2x² − 2x³ + x⁴.
  std::vector<std::int64_t> a{2, 3, 0, 1};
  for (std::size_t n = 4; n < 200; ++n) a.push_back(2 * a[n - 1] - 2 * a[n - 2] + 2 * a[n - 3] - a[n - 4]);
  for (std::size_t n = 0; n < 200; ++n)
    EXPECT_EQ(a[n], static_cast<std::int64_t>(at(static_cast<std::uint32_t>(n), 1))) << n;
}

TEST(Boards, SpiralAxisIsEq46) {
  // Seed 000 (46): the horizontal axis x = 0 of Fig. 4, West … 0 … East (A324778, A324774).
  const std::vector<std::uint32_t> west{0, 2, 4, 5, 6, 14, 9, 16, 12, 24};
  const std::vector<std::uint32_t> east{0, 1, 3, 7, 10, 11, 15, 8, 18, 23, 21};
  const b::Board s(b::BoardKind::spiral, 23);
  const std::vector<std::uint32_t> v = b::board_grundy(s, b::Piece::queen);
  for (std::size_t k = 0; k < west.size(); ++k)
    EXPECT_EQ(v[*s.index({0, -static_cast<std::int64_t>(k)})], west[k]) << k;
  for (std::size_t k = 0; k < east.size(); ++k) EXPECT_EQ(v[*s.index({0, static_cast<std::int64_t>(k)})], east[k]) << k;
}

TEST(Boards, SpiralZerosAreTheQueensOfEq1) {
  // Seed 000 (1): the exiled queens on the spiral (A273059), the zeros of Fig. 4.
  const std::vector<std::uint64_t> queens{0,   9,   13,  17,  21,  82,  92,  102, 112,
                                          228, 244, 260, 276, 445, 467, 489, 511, 630};
  const b::Board s(b::BoardKind::spiral, 26);
  const std::vector<std::uint32_t> v = b::board_grundy(s, b::Piece::queen);
  std::vector<std::uint64_t> zeros;
  for (std::uint64_t n = 0; n <= 630; ++n)
    if (v[n] == 0) zeros.push_back(n);
  EXPECT_EQ(zeros, queens);
  EXPECT_EQ(first(b::greedy_placement(s, b::Piece::queen), 18), queens);
}

// ---- boards: fast = brute force, greedy = zeros ----------------------------------------------------------

// Every board × piece: fast = brute force (enumerate the moves, take the mex) on a 200×200
// box (the quadrants' 200×200 corner: 399 antidiagonals; the hexagonal spiral: 100 rings),
// and the zeros = the greedy placement.
class BoardFastEqualsBruteForce : public testing::TestWithParam<b::BoardKind> {};

TEST_P(BoardFastEqualsBruteForce, EveryPiece) {
  const b::BoardKind kind = GetParam();
  std::uint64_t size = kBruteSide;
  if (kind == b::BoardKind::quadrant || kind == b::BoardKind::quadrant_by_columns) size = 2 * kBruteSide - 1;
  if (kind == b::BoardKind::hex_spiral) size = kBruteSide / 2;
  const b::Board board(kind, size);
  std::uint64_t pieces = 0;
  for (b::Piece piece : b::all_pieces()) {
    if (!b::supports(kind, piece)) continue;
    ++pieces;
    const std::vector<std::uint32_t> fast = b::board_grundy(board, piece);
    EXPECT_EQ(fast, b::board_grundy_brute_force(board, piece)) << b::to_string(piece);
    std::vector<std::uint64_t> zeros;
    for (std::uint64_t n = 0; n < fast.size(); ++n)
      if (fast[n] == 0) zeros.push_back(n);
    EXPECT_EQ(zeros, b::greedy_placement(board, piece)) << b::to_string(piece);
  }
  // Square boards take all six pieces; hexagonal ones queen and king; the column scan no jumps.
  const std::uint64_t expected = board.geometry() == b::Geometry::hexagonal  ? 2
                                 : kind == b::BoardKind::quadrant_by_columns ? 4
                                                                             : 6;
  EXPECT_EQ(pieces, expected);
}

INSTANTIATE_TEST_SUITE_P(EveryBoard, BoardFastEqualsBruteForce, testing::ValuesIn(b::all_board_kinds()),
                         [](const testing::TestParamInfo<b::BoardKind>& info) {
                           std::string name = b::to_string(info.param);
                           std::replace(name.begin(), name.end(), '-', '_');
                           return name;
                         });

TEST(Boards, ColumnScanEqualsAntidiagonalScan) {
  // Seed 000 §8: scanning the quadrant by columns or by antidiagonals gives the same game for
  // every piece without knight moves, cell by cell.
  const b::Board by_antidiagonals(b::BoardKind::quadrant, 120), by_columns(b::BoardKind::quadrant_by_columns, 120);
  for (b::Piece piece : {b::Piece::queen, b::Piece::rook, b::Piece::bishop, b::Piece::king}) {
    const std::vector<std::uint32_t> a = b::board_grundy(by_antidiagonals, piece),
                                     c = b::board_grundy(by_columns, piece);
    std::uint64_t differ = 0;
    by_antidiagonals.walk([&](std::uint64_t n, b::Square s) { differ += a[n] != c[*by_columns.index(s)]; });
    EXPECT_EQ(differ, 0u) << b::to_string(piece);
  }
}

TEST(Boards, QuadrantCornerEqualsBruteForce) {
  // `grundy quadrant --size WxH` computes the corner on the first W columns of the column scan
  // (on the whole triangle of W + H − 1 antidiagonals for knight moves): the corner of the
  // brute force on the whole triangle.
  for (std::uint64_t w : {37u, 70u})
    for (b::Piece piece : b::all_pieces()) {
      const std::uint64_t h = 107 - w;
      const b::Board board(b::BoardKind::quadrant, w + h - 1);
      const b::Table whole = b::board_table(board, b::board_grundy_brute_force(board, piece));
      const b::Table corner = b::board_window_table(b::BoardKind::quadrant, piece, w, h);
      ASSERT_EQ(corner.width, w);
      ASSERT_EQ(corner.height, h);
      std::uint64_t differ = 0;
      for (std::uint64_t y = 0; y < h; ++y)
        for (std::uint64_t x = 0; x < w; ++x) differ += corner.at(x, y) != whole.at(x, y);
      EXPECT_EQ(differ, 0u) << b::to_string(piece) << " on " << w << "x" << h;
      if (b::supports(b::BoardKind::quadrant_by_columns, piece)) {
        EXPECT_EQ(b::board_window_table(b::BoardKind::quadrant_by_columns, piece, w, h).values, corner.values);
      }
    }
}

TEST(Boards, QuadrantStripsGiveTheSameValuesOnAnyNumberOfThreads) {
  for (b::BoardKind kind : {b::BoardKind::quadrant, b::BoardKind::quadrant_by_columns}) {
    const b::Board board(kind, kStripsSide);
    b::GrundyOptions one, three;
    one.threads = 1;
    three.threads = 3;
    const std::vector<std::uint32_t> v = b::board_grundy(board, b::Piece::queen, one);
    EXPECT_EQ(b::board_grundy(board, b::Piece::queen), v) << b::to_string(kind);
    EXPECT_EQ(b::board_grundy(board, b::Piece::queen, three), v) << b::to_string(kind);
    // A shortened window: the first 100 columns.
    const b::Board prefix(b::BoardKind::quadrant_by_columns, kStripsSide, 100 * kStripsSide - 100 * 99 / 2);
    const std::vector<std::uint32_t> p = b::board_grundy(prefix, b::Piece::queen);
    const b::Board whole(b::BoardKind::quadrant_by_columns, kStripsSide);
    const std::vector<std::uint32_t> w = b::board_grundy(whole, b::Piece::queen, one);
    EXPECT_EQ(p, std::vector<std::uint32_t>(w.begin(), w.begin() + static_cast<std::ptrdiff_t>(p.size())));
  }
}

TEST(Boards, ProgressCanInterruptTheStrips) {
  b::GrundyOptions o;
  o.progress = [](std::uint64_t, std::uint64_t) { throw std::runtime_error("stop"); };
  EXPECT_THROW(b::board_window_table(b::BoardKind::quadrant, b::Piece::queen, 400, 400, o), std::runtime_error);
  EXPECT_THROW(b::board_grundy(b::Board(b::BoardKind::spiral, 400), b::Piece::queen, o), std::runtime_error);
}

// ---- single-quadrant queens -------------------------------------------------------------------------------

TEST(QuadrantQueens, Eq48AndBothScans) {
  // Seed 000 (48): S_c (A275895).
  const std::vector<std::uint64_t> s48{0, 2, 4, 1, 3, 8, 10, 12, 14, 5, 7, 18, 6, 21, 9, 24, 26, 28, 30, 11, 13, 34};
  EXPECT_EQ(b::quadrant_queens(22), s48);
  const std::uint64_t columns = 3000;
  const std::vector<std::uint64_t> s = b::quadrant_queens(columns);
  EXPECT_EQ(b::quadrant_queens_by_antidiagonals(columns), s);
  // The zeros of the Grundy table (Table 6) are the queens.
  const b::Table t = b::board_window_table(b::BoardKind::quadrant, b::Piece::queen, 100, 200);
  for (std::uint64_t c = 0; c < 100; ++c) EXPECT_EQ(t.at(c, s[c]), 0u) << c;
  // A065188 is S_c + 1 from n = 1: 1, 3, 5, 2, 4, 9, 11, 13, 15, 6, 8, 19, 7, 22, 10, 25.
  EXPECT_EQ(s[15] + 1, 25u);
}

TEST(QuadrantQueens, InverseAndEq47) {
  const std::vector<std::uint64_t> s = b::quadrant_queens(1000);
  const std::vector<std::uint64_t> column = b::quadrant_queen_columns(400);
  for (std::uint64_t r = 0; r < column.size(); ++r) EXPECT_EQ(s[column[r]], r);
  // The inverse of (48): row 0 is in column 0, row 1 in column 3, row 2 in column 1, … (A065189 − 1).
  EXPECT_EQ(first(column, 10), (std::vector<std::uint64_t>{0, 3, 1, 4, 2, 9, 12, 10, 5, 14}));
  // Seed 000 (47) = A275897.
  const std::vector<std::uint64_t> eq47{0, 7, 13, 23, 32, 96, 114, 142, 163, 183, 197, 261, 290, 446, 484, 581};
  EXPECT_EQ(b::quadrant_queen_indices(16), eq47);
  // The indices are the zeros of A274528 read in order (a window of D antidiagonals holds
  // about D/2 queens).
#ifdef QG_SANITIZED
  const std::vector<std::uint64_t> many = b::quadrant_queen_indices(200);
  const std::vector<std::uint32_t> v = values_of(b::BoardKind::quadrant, 600);
#else
  const std::vector<std::uint64_t> many = b::quadrant_queen_indices(1000);
  const std::vector<std::uint32_t> v = values_of(b::BoardKind::quadrant, 3000);
#endif
  std::vector<std::uint64_t> zeros;
  for (std::uint64_t n = 0; n < v.size() && zeros.size() < many.size(); ++n)
    if (v[n] == 0) zeros.push_back(n);
  EXPECT_EQ(zeros, many);
}

// A274616, the bound of seed 000's proof of Theorem 23 ("at most 2n/3 + 1 mutually
// non-attacking queens" on a right triangular half chessboard of side n): the closed form of
// Problem 252 against exhaustive search, and the bound itself.
TEST(TriangleQueens, ClosedFormAgreesWithSearchAndTheorem23sBound) {
  for (std::uint64_t n = 0; n <= 12; ++n) {
    EXPECT_EQ(b::triangle_queens(n), b::triangle_queens_by_search(n)) << n;
    EXPECT_LE(3 * b::triangle_queens(n), 2 * n + 3) << n;  // ≤ 2n/3 + 1
  }
  EXPECT_EQ(b::triangle_queens_by_search(4), 2u);  // the one exception to ⌊(2n + 1)/3⌋
  EXPECT_EQ(b::triangle_queens(1000), 667u);
  EXPECT_THROW(b::triangle_queens_by_search(15), qg::RangeError);
}
