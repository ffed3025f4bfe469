// The claims of seed 000 §7–8 about Grundy values on numbered boards, and the greedy placement.
#include <algorithm>
#include <array>
#include <cstdlib>

#include <fmt/format.h>

#include "papers/papers.hpp"
#include "queengames/boards.hpp"

namespace qg::papers::exile_boards {
namespace {

using boards::Board;
using boards::BoardKind;
using boards::Piece;
using boards::Square;

// Reads lines of a board's values: `line(k, t)` is the t-th cell of line k (nullopt past its
// end); for every line k < lines, the position t by which each value below `below` has first
// appeared. Returns the worst such position, or the first line missing a value.
struct LineScan {
  std::uint64_t worst = 0;
  std::string missing;
};
LineScan scan_lines(const Board& board, const std::vector<std::uint32_t>& values, std::uint64_t lines,
                    std::uint64_t below,
                    const std::function<std::optional<Square>(std::uint64_t k, std::uint64_t t)>& line,
                    const char* what) {
  LineScan scan;
  std::vector<std::uint64_t> first(below);
  for (std::uint64_t k = 0; k < lines; ++k) {
    std::fill(first.begin(), first.end(), UINT64_MAX);
    std::uint64_t t = 0;
    for (std::optional<Square> s; (s = line(k, t)); ++t)
      if (auto n = board.index(*s)) {
        const std::uint32_t v = values[*n];
        if (v < below) first[v] = std::min(first[v], t);
      }
    for (std::uint64_t v = 0; v < below; ++v) {
      if (first[v] == UINT64_MAX) {
        scan.missing =
            fmt::format("value {} does not appear in {} {} within its {} cells in the window", v, what, k, t);
        return scan;
      }
      scan.worst = std::max(scan.worst, first[v]);
    }
  }
  return scan;
}

std::optional<Square> cell(std::uint64_t r, std::uint64_t c) {
  return Square{static_cast<std::int64_t>(r), static_cast<std::int64_t>(c)};
}

// ---- seed 000 §8: the quadrant ------------------------------------------------------------

// A window of 8R antidiagonals: every value below R turned up within 2.1R cells of each of the
// first R rows, columns and diagonals in every run (R ≤ 1000), so 7R cells of line leave room.
ClaimOutcome check_theorem23(std::uint64_t bound, const ProgressFn& progress) {
  const std::uint64_t d = 8 * bound;
  const Board board(BoardKind::quadrant, d);
  const std::vector<std::uint32_t> v = boards::board_grundy(board, Piece::queen, {.progress = progress});
  auto in = [&](std::uint64_t r, std::uint64_t c) { return r + c < d ? cell(r, c) : std::nullopt; };
  const LineScan rows = scan_lines(
      board, v, bound, bound, [&](auto k, auto t) { return in(k, t); }, "row");
  if (!rows.missing.empty()) return failed(0, rows.missing);
  const LineScan cols = scan_lines(
      board, v, bound, bound, [&](auto k, auto t) { return in(t, k); }, "column");
  if (!cols.missing.empty()) return failed(0, cols.missing);
  return passed(bound,
                fmt::format("every value < {} appears in each of rows 0..{} within its first {} cells and in each "
                            "of columns 0..{} within {} ({} antidiagonals)",
                            bound, bound - 1, rows.worst + 1, bound - 1, cols.worst + 1, d));
}

ClaimOutcome check_conjecture24(std::uint64_t bound, const ProgressFn& progress) {
  const std::uint64_t d = 8 * bound;
  const Board board(BoardKind::quadrant, d);
  const std::vector<std::uint32_t> v = boards::board_grundy(board, Piece::queen, {.progress = progress});
  auto in = [&](std::uint64_t r, std::uint64_t c) { return r + c < d ? cell(r, c) : std::nullopt; };
  // Diagonal r − c = k from its top cell (k, 0), and c − r = k from (0, k).
  const LineScan below = scan_lines(
      board, v, bound, bound, [&](auto k, auto t) { return in(t + k, t); }, "diagonal r − c =");
  if (!below.missing.empty()) return failed(0, below.missing);
  const LineScan above = scan_lines(
      board, v, bound, bound, [&](auto k, auto t) { return in(t, t + k); }, "diagonal c − r =");
  if (!above.missing.empty()) return failed(0, above.missing);
  return passed(bound,
                fmt::format("every value < {} appears on each diagonal |r − c| < {} within its first {} cells ({} "
                            "antidiagonals)",
                            bound, bound, std::max(below.worst, above.worst) + 1, d));
}

// Column c as far as row `rows`: the first C columns of the column-scanned quadrant over
// rows + C antidiagonals, a prefix of its numbering that holds every move of those cells.
struct Columns {
  Board board;
  std::vector<std::uint32_t> values;
  std::uint32_t at(std::uint64_t r, std::uint64_t c) const { return values[*board.index(*cell(r, c))]; }
};
Columns quadrant_columns(std::uint64_t columns, std::uint64_t rows, const ProgressFn& progress) {
  const std::uint64_t d = rows + columns;
  const Board board(BoardKind::quadrant_by_columns, d, columns * d - columns * (columns - 1) / 2);
  return {board, boards::board_grundy(board, Piece::queen, {.progress = progress})};
}

ClaimOutcome check_column1(std::uint64_t bound, const ProgressFn& progress) {
  const Columns q = quadrant_columns(2, bound, progress);
  for (std::uint64_t r = 0; r < bound; ++r)
    if (q.at(r, 1) != (r ^ 2))
      return failed(r, fmt::format("SG(row {}, column 1) = {}, not {} ⊕ 2 = {}", r, q.at(r, 1), r, r ^ 2));
  return passed(
      bound, fmt::format("column 1 is r ⊕ 2 for r < {} (eq. (56); A004443, not the A004482 the paper cites)", bound));
}

// Conjecture 26 and what the columns do, by the certificates of docs/CONJECTURE26.md.

std::string column_list(const std::vector<boards::QuadrantColumn>& columns) {
  std::string list;
  for (const boards::QuadrantColumn& q : columns)
    list += fmt::format("{}{}:{}@{}", q.column ? ", " : "", q.column, q.period, q.preperiod);
  return list;
}

// Conjecture 26 for column c is 16 ∈ Π_c (Lemma 3), that is p_c | 16; then SG(c, r + 16) −
// SG(c, r) = 16 from the row this returns on (the least such row).
std::uint64_t onset16(const boards::QuadrantColumn& q) {
  std::uint64_t r = q.preperiod;
  while (r > 0 && q.value(r - 1 + 16) == q.value(r - 1) + 16) --r;
  return r;
}

// Columns 0–8: those with a period dividing 16 (column 9's is 64).
constexpr std::uint64_t kConjecture26Columns = 9;

ClaimOutcome check_conjecture26_columns(std::uint64_t bound, const ProgressFn& progress) {
  const auto columns = boards::certify_quadrant_columns(bound, {.progress = progress});
  std::string onsets;
  for (const boards::QuadrantColumn& q : columns) {
    if (16 % q.period)
      return failed(q.column,
                    fmt::format("column {} has least period {}, which does not divide 16", q.column, q.period));
    onsets += fmt::format("{}{}", q.column ? ", " : "", onset16(q));
  }
  // The statement is about columns 0–8: at bound 9 the certificates prove all of it.
  auto detail = fmt::format(
      "by certificate (docs/CONJECTURE26.md): column:period@preperiod = {}; so SG(c, r + 16) = "
      "SG(c, r) + 16 for every r from rows {} on",
      column_list(columns), onsets);
  return bound == kConjecture26Columns ? proved_by_certificate(bound, std::move(detail))
                                       : passed(bound, "columns 0.." + std::to_string(bound - 1) + " " + detail);
}

// Each column's SG values are certified eventually periodic (preperiod and least period exact),
// so a column whose SG(c, r + 16) − SG(c, r) differs from 16 on a row of its period differs there
// forever: the conjecture is REFUTED, by that column.
ClaimOutcome check_conjecture26(std::uint64_t bound, const ProgressFn& progress) {
  const auto columns = boards::certify_quadrant_columns(bound, {.progress = progress});
  for (const boards::QuadrantColumn& q : columns) {
    if (16 % q.period == 0) continue;
    // Lemma 3: an eventual SG(c, r + 16) − SG(c, r) = K would have K = 16; but this difference
    // repeats with period p from r0 on, so a row of [r0, r0 + p) where it is not 16 repeats forever.
    std::uint64_t r = q.preperiod;
    while (r < q.preperiod + q.period && q.value(r + 16) - q.value(r) == 16) ++r;
    if (r == q.preperiod + q.period)
      return failed(q.column, fmt::format("column {}: least period {} but SG(c, r + 16) = SG(c, r) + 16 on a whole "
                                          "period: the certificate contradicts Lemma 3",
                                          q.column, q.period));
    const auto difference = static_cast<std::int64_t>(q.value(r + 16)) - static_cast<std::int64_t>(q.value(r));
    return refuted(bound,
                   fmt::format("by certificate (docs/CONJECTURE26.md): column {} satisfies SG(c, r + {}) = "
                               "SG(c, r) + {} for every r ≥ {} (its states agree after rows {} and {}), with least "
                               "period {}; SG({}, r + 16) − SG({}, r) = {} ≠ 16 at r = {}, and again at r + {}k for "
                               "every k, so the column is not eventually quasi-periodic with period 16",
                               q.column, q.period, q.period, q.preperiod, q.first_row, q.second_row, q.period, q.column,
                               q.column, difference, r, q.period));
  }
  return passed(bound, fmt::format("proved by certificate for columns 0..{}: column:period@preperiod = {}", bound - 1,
                                   column_list(columns)));
}

// What the columns do (our finding, docs/CONJECTURE26.md): the least period of each column,
// as runs {first column, period}; the certificates find them, this table guards them.
struct PeriodRun {
  std::uint64_t first, period;
};
constexpr std::array<PeriodRun, 12> kPeriodRuns{{{0, 1},
                                                 {1, 4},
                                                 {2, 16},
                                                 {9, 64},
                                                 {10, 256},
                                                 {19, 512},
                                                 {39, 1024},
                                                 {50, 2048},
                                                 {54, 4096},
                                                 {64, 8192},
                                                 {120, 16384},
                                                 {127, 49152}}};
constexpr std::uint64_t kPeriodsKnown = 200;  // the runs are known for the columns below this

std::uint64_t known_period(std::uint64_t c) {
  std::uint64_t p = 0;
  for (const PeriodRun& run : kPeriodRuns)
    if (run.first <= c) p = run.period;
  return p;
}

ClaimOutcome check_column_periods(std::uint64_t bound, const ProgressFn& progress) {
  const auto columns = boards::certify_quadrant_columns(bound, {.progress = progress});
  std::string runs;
  for (const boards::QuadrantColumn& q : columns) {
    if (q.column < kPeriodsKnown && q.period != known_period(q.column))
      return failed(q.column,
                    fmt::format("column {} has least period {}, not {}", q.column, q.period, known_period(q.column)));
    if (q.column == 0 || q.period != columns[q.column - 1].period)
      runs += fmt::format("{}{} from column {} (r0 = {})", q.column ? ", " : "", q.period, q.column, q.preperiod);
  }
  const boards::QuadrantColumn& last = columns.back();
  return passed(bound, fmt::format("proved by certificate: SG(c, r + p) = SG(c, r) + p for r ≥ r0, least periods {}; "
                                   "column {}: r0 = {}, certified on {} rows",
                                   runs, last.column, last.preperiod, last.second_row));
}

// ---- seed 000 §7: the spiral ----------------------------------------------------------------

ClaimOutcome check_conjecture22(std::uint64_t bound, const ProgressFn& progress) {
  // Window of half-side 4R: every value below R turned up within 2.4R of the axis in every run.
  const auto h = static_cast<std::int64_t>(4 * bound);
  const Board board(BoardKind::spiral, static_cast<std::uint64_t>(2 * h + 1));
  const std::vector<std::uint32_t> v = boards::board_grundy(board, Piece::queen, {.progress = progress});
  const auto r = static_cast<std::int64_t>(bound);
  // Lines k = 0 … 2R stand for offsets −R … R; cell t = 0, 1, 2, … alternates outward from the
  // line's middle (0, +1, −1, +2, …), so t/2 is the distance from it.
  auto along = [&](int family, std::uint64_t k, std::uint64_t t) -> std::optional<Square> {
    const std::int64_t o = static_cast<std::int64_t>(k) - r,
                       u = t % 2 ? static_cast<std::int64_t>(t + 1) / 2 : -static_cast<std::int64_t>(t / 2);
    if (std::abs(u) > h) return std::nullopt;
    switch (family) {
      case 0:
        return Square{o, u};  // row x = o
      case 1:
        return Square{u, o};  // column y = o
      case 2:
        return Square{u, u + o};  // diagonal y − x = o
      default:
        return Square{u, o - u};  // antidiagonal x + y = o
    }
  };
  std::uint64_t worst = 0;
  const char* names[] = {"row x = −R + ", "column y = −R + ", "diagonal y − x = −R + ", "antidiagonal x + y = −R + "};
  for (int family = 0; family < 4; ++family) {
    const LineScan s = scan_lines(
        board, v, 2 * bound + 1, bound, [&](auto k, auto t) { return along(family, k, t); }, names[family]);
    if (!s.missing.empty()) return failed(0, s.missing);
    worst = std::max(worst, s.worst);
  }
  return passed(bound, fmt::format("every value < {} appears on each row, column and diagonal within {} of the centre "
                                   "lines, at most {} cells from the axis (window {}×{})",
                                   bound, bound, (worst + 1) / 2, 2 * h + 1, 2 * h + 1));
}

ClaimOutcome check_eq46(std::uint64_t bound, const ProgressFn& progress) {
  // Seed 000 (46): the axis x = 0 of Fig. 4, West and East of the centre (A324778, A324774).
  static constexpr std::array<std::uint32_t, 10> kWest{0, 2, 4, 5, 6, 14, 9, 16, 12, 24};
  static constexpr std::array<std::uint32_t, 11> kEast{0, 1, 3, 7, 10, 11, 15, 8, 18, 23, 21};
  const Board board(BoardKind::spiral, 2 * bound + 1);
  const std::vector<std::uint32_t> v = boards::board_grundy(board, Piece::queen, {.progress = progress});
  for (std::uint64_t k = 0; k <= bound; ++k) {
    const auto y = static_cast<std::int64_t>(k);
    if (k < kWest.size() && v[*board.index({0, -y})] != kWest[k])
      return failed(k, fmt::format("cell (0, −{}) has {}, (46) prints {}", k, v[*board.index({0, -y})], kWest[k]));
    if (k < kEast.size() && v[*board.index({0, y})] != kEast[k])
      return failed(k, fmt::format("cell (0, {}) has {}, (46) prints {}", k, v[*board.index({0, y})], kEast[k]));
  }
  return passed(bound, fmt::format("the axis agrees with (46) from −{} to {}", std::min<std::uint64_t>(bound, 9),
                                   std::min<std::uint64_t>(bound, 10)));
}

ClaimOutcome check_eq47_48(std::uint64_t bound, const ProgressFn& progress) {
  static constexpr std::array<std::uint64_t, 16> kEq47{0,   7,   13,  23,  32,  96,  114, 142,
                                                       163, 183, 197, 261, 290, 446, 484, 581};
  static constexpr std::array<std::uint64_t, 22> kEq48{0,  2, 4,  1, 3,  8,  10, 12, 14, 5,  7,
                                                       18, 6, 21, 9, 24, 26, 28, 30, 11, 13, 34};
  const std::vector<std::uint64_t> s = boards::quadrant_queens(std::max<std::uint64_t>(bound, kEq48.size()));
  for (std::uint64_t c = 0; c < kEq48.size(); ++c)
    if (s[c] != kEq48[c]) return failed(c, fmt::format("S_{} = {}, (48) prints {}", c, s[c], kEq48[c]));
  const std::vector<std::uint64_t> idx = boards::quadrant_queen_indices(kEq47.size());
  for (std::uint64_t i = 0; i < kEq47.size(); ++i)
    if (idx[i] != kEq47[i])
      return failed(0, fmt::format("queen {} has index {}, (47) prints {}", i + 1, idx[i], kEq47[i]));
  const std::vector<std::uint64_t> by_antidiagonals = boards::quadrant_queens_by_antidiagonals(bound);
  for (std::uint64_t c = 0; c < bound; ++c)
    if (by_antidiagonals[c] != s[c])
      return failed(c,
                    fmt::format("column {}: the antidiagonal scan puts its queen in row {}, the column scan in row {}",
                                c, by_antidiagonals[c], s[c]));
  // The queens are the zeros of the Grundy table (Table 6): checked for the first columns.
  const std::uint64_t checked = std::min<std::uint64_t>(bound, 1000);
  std::uint64_t d = 0;
  for (std::uint64_t c = 0; c < checked; ++c) d = std::max(d, s[c] + c + 1);
  const Board board(BoardKind::quadrant, d);
  const std::vector<std::uint32_t> v = boards::board_grundy(board, Piece::queen, {.progress = progress});
  for (std::uint64_t c = 0; c < checked; ++c)
    if (v[*board.index(*cell(s[c], c))] != 0) return failed(c, fmt::format("SG(S_{}, {}) is not 0", c, c));
  return passed(bound,
                fmt::format("(47) and (48) as printed; the antidiagonal and column scans agree on S_c for c < {}; "
                            "the queens of columns < {} are zeros of the Grundy table",
                            bound, checked));
}

// ---- seed 000 §1, §7: greedy placement ------------------------------------------------------------

ClaimOutcome check_greedy_is_p(std::uint64_t bound, const ProgressFn& progress) {
  std::uint64_t pairs = 0, total = 0;
  for (BoardKind kind : boards::all_board_kinds())
    for (Piece piece : boards::all_pieces()) total += boards::supports(kind, piece);
  for (BoardKind kind : boards::all_board_kinds())
    for (Piece piece : boards::all_pieces()) {
      if (!boards::supports(kind, piece)) continue;
      const Board board = boards::smallest_window(kind, bound);
      const std::vector<std::uint32_t> v = boards::board_grundy(board, piece);
      const std::vector<std::uint64_t> placed = boards::greedy_placement(board, piece);
      std::uint64_t next = 0;
      for (std::uint64_t n = 0; n < v.size(); ++n) {
        const bool is_placed = next < placed.size() && placed[next] == n;
        if (is_placed != (v[n] == 0))
          return failed(pairs, fmt::format("{} on the {} board: cell {} has value {} but is {}greedily occupied",
                                           boards::to_string(piece), boards::to_string(kind), n, v[n],
                                           is_placed ? "" : "not "));
        next += is_placed;
      }
      ++pairs;
      if (progress) progress(pairs, total);
    }
  return passed(bound, fmt::format("the greedy placement is the set of zeros on {} board × piece pairs, {}+ cells each",
                                   pairs, bound));
}

}  // namespace

std::vector<Claim> claims() {
  return {
      Claim{.id = "exile.conjecture22",
            .source = "seed 000, Conjecture 22 (§7, Fig. 4)",
            .kind = ClaimKind::conjecture,
            .statement =
                "every row, column and diagonal of the spiral's Grundy values is a permutation of N "
                "(checked: each value < R on the lines within R of the centre) (to a bound: Grundy values are "
                "unbounded and no automatic structure for the table is known, so not first-order over a numeration)",
            .unit = "lines each way",
            .bounds = {.tour = 25, .standard = 250, .deep = 250, .max = 1000},
            .check = check_conjecture22},
      Claim{.id = "exile.theorem23",
            .source = "seed 000, Theorem 23 (§8)",
            .kind = ClaimKind::theorem,
            .statement =
                "every row and column of the quadrant's Grundy table is a permutation of N "
                "(checked: each value < R in each of the first R rows and columns) (to a bound: Grundy values are "
                "unbounded and no automatic structure for the table is known, so not first-order over a numeration)",
            .unit = "rows and columns",
            .bounds = {.tour = 60, .standard = 500, .deep = 2000, .max = 2000},
            .check = check_theorem23},
      Claim{.id = "exile.conjecture24",
            .source = "seed 000, Conjecture 24 (§8)",
            .kind = ClaimKind::conjecture,
            .statement = "every diagonal of the quadrant's Grundy table is a permutation of N (checked: each value < R "
                         "on |r − c| < R) (to a bound: Grundy values are unbounded and no automatic structure for the "
                         "table is known, so not first-order over a numeration)",
            .unit = "diagonals each way",
            .bounds = {.tour = 60, .standard = 500, .deep = 2000, .max = 2000},
            .check = check_conjecture24},
      Claim{.id = "exile.conjecture26_columns",
            .source = "seed 000, Conjecture 26 (§8) for columns 0–8 (the paper: it holds for columns 0 and 1)",
            .kind = ClaimKind::theorem,
            .statement = "columns 0–8 of the quadrant's table have generating functions with denominator (1 − x)(1 − "
                         "x^16): each is certified eventually additively periodic with a least period (1, 4, 16) "
                         "dividing 16 (docs/CONJECTURE26.md, Theorem 1; column 9 is not: exile.conjecture26)",
            .unit = "columns",
            .bounds = {.tour = kConjecture26Columns,
                       .standard = kConjecture26Columns,
                       .deep = kConjecture26Columns,
                       .max = kConjecture26Columns},
            .check = check_conjecture26_columns,
            .expected = ClaimStatus::proved},
      Claim{.id = "exile.conjecture26",
            .source = "seed 000, Conjecture 26 (§8)",
            .kind = ClaimKind::conjecture,
            .statement = "every column of the quadrant's table has generating function with denominator (1 − x)(1 − "
                         "x^16), i.e. SG(c, r + 16) − SG(c, r) is eventually constant — refuted by column 9, certified "
                         "to have least period 64 (docs/CONJECTURE26.md, Corollary 5)",
            .unit = "columns",
            .bounds = {.tour = 10, .standard = 10, .deep = 10, .max = 65536},
            .check = check_conjecture26,
            .expected = ClaimStatus::refuted},
      Claim{.id = "exile.conjecture26_periods",
            .source = "seed 000, Conjecture 26 (§8): what the columns do (docs/CONJECTURE26.md, Theorem 2)",
            .kind = ClaimKind::theorem,
            .statement = "every column c of the quadrant's table is eventually additively periodic, SG(c, r + p) = "
                         "SG(c, r) + p for r ≥ r0; certified column by column, the least p is 1, 4, 16 (2 ≤ c ≤ 8), "
                         "64 (c = 9), 256 (10–18), 512 (19–38), 1024 (39–49), 2048 (50–53), 4096 (54–63), 8192 "
                         "(64–119), 16384 (120–126), 49152 = 3·2^14 (127–199)",
            .unit = "columns",
            .bounds = {.tour = 24, .standard = 65, .deep = 200, .max = 65536},
            .check = check_column_periods},
      Claim{.id = "exile.column1",
            .source = "seed 000, eq. (56)",
            .kind = ClaimKind::equation,
            .statement =
                "column 1 of the quadrant's table is r ⊕ 2, generating function (2 − x − 2x² + 3x³)/((1 − x)²(1 + x²))",
            .unit = "rows",
            .bounds = {.tour = 10000, .standard = 100000, .deep = 100000, .max = 4000000},
            .check = check_column1},
      Claim{.id = "exile.eq46",
            .source = "seed 000, eq. (46)",
            .kind = ClaimKind::equation,
            .statement = "the spiral's horizontal axis reads …, 24, 12, 16, 9, 14, 6, 5, 4, 2, 0, 1, 3, 7, 10, 11, 15, "
                         "8, 18, 23, 21, …",
            .unit = "cells",
            .bounds = {.tour = 10, .standard = 10, .deep = 10, .max = 10},
            .check = check_eq46},
      Claim{.id = "exile.eq47_48",
            .source = "seed 000, eqs. (47), (48) and §8",
            .kind = ClaimKind::equation,
            .statement = "the quadrant queens: Table 5 indices (47), rows S_c (48); the antidiagonal and column scans "
                         "give the same S_c",
            .unit = "columns",
            .bounds = {.tour = 500, .standard = 10000, .deep = 10000, .max = 30000},
            .check = check_eq47_48},
      Claim{.id = "exile.greedy_is_p",
            .source = "seed 000, §1 and §7",
            .kind = ClaimKind::theorem,
            .statement = "on every board and for every piece the greedily placed pieces stand exactly on the cells of "
                         "Grundy value 0",
            .unit = "cells",
            .bounds = {.tour = 3000, .standard = 100000, .deep = 100000, .max = 10000000},
            .check = check_greedy_is_p},
  };
}

}  // namespace qg::papers::exile_boards
