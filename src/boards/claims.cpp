// The claims of seed 000 §7–8 about Grundy values on numbered boards, and the greedy placement.
#include <algorithm>
#include <array>
#include <cstdlib>

#include <fmt/format.h>

#include "queengames/boards.hpp"
#include "queengames/claims.hpp"

namespace qg {
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

// The onset of period p in column c: the least r0 with SG(c, r + p) − SG(c, r) the same for
// r0 ≤ r < rows − p, and that difference.
std::pair<std::uint64_t, std::int64_t> onset(const Columns& q, std::uint64_t c, std::uint64_t rows, std::uint64_t p) {
  auto delta = [&](std::uint64_t r) { return static_cast<std::int64_t>(q.at(r + p, c)) - q.at(r, c); };
  const std::int64_t k = delta(rows - p - 1);
  std::uint64_t r = rows - p - 1;
  while (r > 0 && delta(r - 1) == k) --r;
  return {r, k};
}

std::uint64_t period_rows(std::uint64_t columns) { return 4096 + 1024 * columns; }

// A column whose differences SG(c, r + 16) − SG(c, r) are not constant on the lower half of the
// window contradicts the conjecture's finite reading, not its eventual one (no window can):
// EVIDENCE AGAINST, with the window and the period the column shows instead.
ClaimOutcome check_conjecture26(std::uint64_t bound, const ProgressFn& progress) {
  const std::uint64_t rows = period_rows(bound);
  const Columns q = quadrant_columns(bound, rows, progress);
  std::string onsets;
  for (std::uint64_t c = 0; c < bound; ++c) {
    const auto [r0, k] = onset(q, c, rows, 16);
    if (r0 > rows / 2) {
      std::string instead = fmt::format("SG(c, r + 16) − SG(c, r) is not constant on rows {}–{}", rows / 2, rows - 1);
      for (std::uint64_t p = 32; p <= rows / 4; p *= 2)
        if (const auto o = onset(q, c, rows, p); o.first <= rows / 2) {
          instead = fmt::format("period {}, not 16: SG(c, r + {}) − SG(c, r) = {} on rows {}–{}", p, p, o.second,
                                o.first, rows - 1);
          break;
        }
      return evidence_against(bound, fmt::format("columns 0–{} have period 16; column {} has {} (see "
                                                 "exile.conjecture26_periods; no window refutes an eventual period)",
                                                 c - 1, c, instead));
    }
    onsets += fmt::format("{}{}:{}:{}", c ? ", " : "", c, r0, k);
  }
  return passed(bound, fmt::format("SG(c, r + 16) − SG(c, r) = K from row r0 on (checked to row {}), column:r0:K = {}",
                                   rows, onsets));
}

// What the columns do instead (our finding, not the paper's): power-of-two periods that grow.
constexpr std::array<std::uint64_t, 24> kColumnPeriod{16,  16,  16,  16,  16,  16,  16,  16,  16,  64,  256, 256,
                                                      256, 256, 256, 256, 256, 256, 256, 512, 512, 512, 512, 512};

ClaimOutcome check_column_periods(std::uint64_t bound, const ProgressFn& progress) {
  const std::uint64_t rows = period_rows(bound);
  const Columns q = quadrant_columns(bound, rows, progress);
  std::string found;
  for (std::uint64_t c = 0; c < bound; ++c) {
    std::uint64_t p = 16;
    std::pair<std::uint64_t, std::int64_t> o;
    for (; p <= rows / 4; p *= 2)
      if (o = onset(q, c, rows, p); o.first <= rows / 2) break;
    if (p > rows / 4)
      return failed(c, fmt::format("column {}: no period 16, 32, …, {} within {} rows", c, rows / 4, rows));
    if (static_cast<std::int64_t>(p) != o.second)
      return failed(c, fmt::format("column {}: SG(c, r + {}) − SG(c, r) = {}, not {}", c, p, o.second, p));
    if (c < kColumnPeriod.size() && p != kColumnPeriod[c])
      return failed(c, fmt::format("column {} has period {}, not {}", c, p, kColumnPeriod[c]));
    found += fmt::format("{}{}:{}@{}", c ? ", " : "", c, p, o.first);
  }
  return passed(bound,
                fmt::format("SG(c, r + P) − SG(c, r) = P from row r0 on (to row {}), column:P@r0 = {}", rows, found));
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

std::vector<Claim> boards_claims() {
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
      Claim{.id = "exile.conjecture26",
            .source = "seed 000, Conjecture 26 (§8)",
            .kind = ClaimKind::conjecture,
            .statement =
                "every column of the quadrant's table has generating function with denominator (1 − x)(1 − x^16), i.e. "
                "SG(c, r + 16) − SG(c, r) is eventually constant (evidence against: column 9 has period 64 from row "
                "139 on, see exile.conjecture26_periods)",
            .unit = "columns",
            .bounds = {.tour = 10, .standard = 10, .deep = 10, .max = 64},
            .check = check_conjecture26,
            .expected = ClaimStatus::evidence_against},
      Claim{
          .id = "exile.conjecture26_periods",
          .source = "seed 000, Conjecture 26 (§8): what the columns do",
          .kind = ClaimKind::observation,
          .statement =
              "column c is eventually quasi-periodic with period P = 16 for c ≤ 8, 64 for c = 9, 256 for 10 ≤ c ≤ 18, "
              "512 for 19 ≤ c ≤ 23: SG(c, r + P) − SG(c, r) = P from some row on",
          .unit = "columns",
          .bounds = {.tour = 10, .standard = 24, .deep = 24, .max = 64},
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

}  // namespace qg
