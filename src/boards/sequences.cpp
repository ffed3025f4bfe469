// The OEIS sequences of Grundy tables and greedy pieces on numbered boards (seed 000 §1, §7,
// §8), each with OEIS's offset and reading order (checked against the OEIS data in
// tests/test_boards_catalog.cpp).
#include <algorithm>

#include <fmt/format.h>

#include "queengames/boards.hpp"
#include "queengames/catalog.hpp"

namespace qg {
namespace {

using boards::Board;
using boards::BoardKind;
using boards::Piece;

// A board's values in numbering order (plus `shift`: the 1-based OEIS versions). Windows are
// prefixes of the numbering, so the first `count` values of one are the infinite board's.
Sequence board_values(std::string anumber, std::string name, std::int64_t offset, BoardKind kind, Piece piece,
                      std::uint32_t shift, std::uint64_t max_terms) {
  std::string route = fmt::format("{} on the {} board, Grundy values in numbering order{}", boards::to_string(piece),
                                  boards::to_string(kind), shift ? " plus 1" : "");
  return {std::move(anumber),
          std::move(name),
          offset,
          max_terms,
          std::move(route),
          [kind, piece, shift](std::uint64_t count, const TermSink& sink, const ProgressFn& progress) {
            const Board board = boards::smallest_window(kind, count);
            const std::vector<std::uint32_t> v = boards::board_grundy(board, piece, {.progress = progress});
            for (std::uint64_t n = 0; n < count; ++n) sink(static_cast<std::int64_t>(v[n]) + shift);
          }};
}

// A spoke of the spiral of A274641: the cells (0, k·east) for k = 0, 1, … (row x = 0 of Fig. 4).
Sequence spoke(std::string anumber, std::string name, std::int64_t east) {
  return {std::move(anumber),
          std::move(name),
          0,
          2001,
          "queen on the spiral window of side 2N − 1, read along the axis x = 0",
          [east](std::uint64_t count, const TermSink& sink, const ProgressFn& progress) {
            const Board board(BoardKind::spiral, 2 * count - 1);
            const std::vector<std::uint32_t> v = boards::board_grundy(board, Piece::queen, {.progress = progress});
            for (std::uint64_t k = 0; k < count; ++k) sink(v[*board.index({0, east * static_cast<std::int64_t>(k)})]);
          }};
}

// The finite k×k boards, k = 1, 2, …, each read across its rows, concatenated.
Sequence squares(std::string anumber, std::string name, BoardKind kind) {
  return {std::move(anumber),
          std::move(name),
          1,
          10000000,
          fmt::format("queen on the {} board of side k = 1, 2, …, each read by rows", boards::to_string(kind)),
          [kind](std::uint64_t count, const TermSink& sink, const ProgressFn& progress) {
            std::uint64_t emitted = 0;
            for (std::uint64_t k = 1; emitted < count; ++k) {
              const Board board(kind, k);
              const boards::Table t = boards::board_table(board, boards::board_grundy(board, Piece::queen));
              for (std::uint64_t i = 0; i < t.values.size() && emitted < count; ++i, ++emitted) sink(t.values[i]);
              if (progress) progress(emitted, count);
            }
          }};
}

// Maharajas' exiles on the spiral (A307283), widening the window (a prefix of the spiral, so
// the exiles found are final) until `enough` is satisfied.
using ExileTest = std::function<bool(const Board& board, const std::vector<std::uint64_t>& exiles)>;
std::vector<std::uint64_t> maharaja_spiral_exiles(const ExileTest& enough, const ProgressFn& progress) {
  for (std::uint64_t side = 64;; side *= 2) {
    const Board board(BoardKind::spiral, side);
    std::vector<std::uint64_t> exiles = boards::greedy_placement(board, Piece::maharaja, progress);
    if (enough(board, exiles)) return exiles;
  }
}

// A307284–A307287: the exiled maharajas in the quadrant x ≥ 0 (South), y ≥ 0 (East) lie near
// two lines; `upper` takes those with y ≥ x (upper line), the other those with x ≥ y, each in
// spiral order, which is also increasing x. (0, 0) starts both. The OEIS comments say
// "X_lower(n) ≤ Y_lower(n)", but A307286 ≥ A307287 term by term: the lower line has x > y.
Sequence maharaja_line(std::string anumber, std::string name, bool upper, bool want_x, std::uint64_t max_terms) {
  return {std::move(anumber),
          std::move(name),
          0,
          max_terms,
          "maharaja greedy placement on the spiral, exiles with x, y ≥ 0 split by y ≥ x, in spiral order",
          [upper, want_x](std::uint64_t count, const TermSink& sink, const ProgressFn& progress) {
            std::vector<boards::Square> line;
            maharaja_spiral_exiles(
                [&](const Board& board, const std::vector<std::uint64_t>& exiles) {
                  line.clear();
                  for (std::uint64_t n : exiles) {
                    const boards::Square s = board.cell(n);
                    if (s.row >= 0 && s.col >= 0 && ((s.row == 0 && s.col == 0) || (s.col > s.row) == upper))
                      line.push_back(s);
                  }
                  return line.size() >= count;
                },
                progress);
            for (std::uint64_t i = 0; i < count; ++i) sink(want_x ? line[i].row : line[i].col);
          }};
}

}  // namespace

std::vector<Sequence> boards_sequences() {
  constexpr std::uint64_t kBoardTerms = 100000000;
  std::vector<Sequence> s;
  s.push_back({"A004481", "Sprague-Grundy values of Wythoff's game, table read by antidiagonals", 0,
               std::uint64_t{8192} * 8193 / 2, "the Wythoff Grundy table (per-line bitsets), read by antidiagonals",
               [](std::uint64_t count, const TermSink& sink, const ProgressFn& progress) {
                 std::uint64_t d = 0;
                 while ((d + 1) * (d + 2) / 2 < count) ++d;
                 const boards::Table t =
                     boards::grundy_table(twopile::Ruleset::parse("wythoff"), d + 1, d + 1, {.progress = progress});
                 std::uint64_t emitted = 0;
                 for (std::uint64_t a = 0; a <= d; ++a)
                   for (std::uint64_t x = 0; x <= a && emitted < count; ++x, ++emitted) sink(t.at(x, a - x));
               }});
  s.push_back({"A004482", "Tersum n + 1: row 1 of Wythoff's Grundy table (A004481)", 0, std::uint64_t{1} << 20,
               "the Wythoff Grundy table of 2 rows, row 1",
               [](std::uint64_t count, const TermSink& sink, const ProgressFn& progress) {
                 const boards::Table t =
                     boards::grundy_table(twopile::Ruleset::parse("wythoff"), count, 2, {.progress = progress});
                 for (std::uint64_t x = 0; x < count; ++x) sink(t.at(x, 1));
               }});
  s.push_back(board_values("A269526", "Quadrant queens array (1-based), read by upward antidiagonals", 1,
                           BoardKind::quadrant, Piece::queen, 1, kBoardTerms));
  s.push_back(board_values("A274528", "Sprague-Grundy values of the quadrant queen game, by upward antidiagonals", 0,
                           BoardKind::quadrant, Piece::queen, 0, kBoardTerms));
  s.push_back({"A275897", "Table 5 indices of the exiled queens of the quadrant (seed 000 eq. (47))", 1, 100000,
               "Knuth's column scan S_c, indices d(d+1)/2 + c sorted",
               [](std::uint64_t count, const TermSink& sink, const ProgressFn& progress) {
                 for (std::uint64_t i : boards::quadrant_queen_indices(count, progress))
                   sink(static_cast<std::int64_t>(i));
               }});
  s.push_back({"A274616", "Most non-attacking queens on a right triangular board with n cells on each side", 0,
               std::uint64_t{1} << 62, "closed form floor((2n+1)/3), 2 for n = 4 (Problem 252; search for n <= 14)",
               [](std::uint64_t count, const TermSink& sink, const ProgressFn& progress) {
                 Poller poller(progress, count);
                 for (std::uint64_t n = 0; n < count; ++n) {
                   sink(static_cast<std::int64_t>(boards::triangle_queens(n)));
                   poller.tick(n + 1);
                 }
                 poller.finish();
               }});
  s.push_back(board_values("A274630", "Quadrant maharajas array (1-based), read by upward antidiagonals", 1,
                           BoardKind::quadrant, Piece::maharaja, 1, kBoardTerms));
  s.push_back(board_values("A274640", "Spiral queens array (1-based), counterclockwise square spiral", 0,
                           BoardKind::spiral, Piece::queen, 1, kBoardTerms));
  s.push_back(board_values("A274641", "Sprague-Grundy values of the queen on the square spiral (seed 000 Fig. 4)", 0,
                           BoardKind::spiral, Piece::queen, 0, kBoardTerms));
  s.push_back(board_values("A274650", "Greedy queens triangle (45-degree sector) read by rows", 0, BoardKind::sector45,
                           Piece::queen, 0, kBoardTerms));
  s.push_back(board_values("A274820", "Greedy spiral on the triangular net (hexagonal cells)", 0, BoardKind::hex_spiral,
                           Piece::queen, 0, kBoardTerms));
  s.push_back(board_values("A275609", "Kings on the square spiral: mex of the earlier neighbours", 0, BoardKind::spiral,
                           Piece::king, 0, kBoardTerms));
  s.push_back(board_values("A296339", "Greedy 60-degree sector of hexagonal cells, by antidiagonals", 0,
                           BoardKind::hex_sector, Piece::queen, 0, kBoardTerms));
  s.push_back(board_values("A307282", "Sprague-Grundy values of Maharaja Nim on the square spiral", 0,
                           BoardKind::spiral, Piece::maharaja, 0, kBoardTerms));
  s.push_back({"A307283", "Indices of the zeros of A307282 (exiled maharajas on the spiral)", 1, 5000,
               "maharaja greedy placement on the spiral",
               [](std::uint64_t count, const TermSink& sink, const ProgressFn& progress) {
                 const std::vector<std::uint64_t> zeros = maharaja_spiral_exiles(
                     [count](const Board&, const std::vector<std::uint64_t>& e) { return e.size() >= count; },
                     progress);
                 for (std::uint64_t i = 0; i < count; ++i) sink(static_cast<std::int64_t>(zeros[i]));
               }});
  s.push_back(maharaja_line("A307284", "X_upper: exiled maharajas on the spiral, upper line, x", true, true, 1000));
  s.push_back(maharaja_line("A307285", "Y_upper: exiled maharajas on the spiral, upper line, y", true, false, 1000));
  s.push_back(maharaja_line("A307286", "X_lower: exiled maharajas on the spiral, lower line, x", false, true, 200));
  s.push_back(maharaja_line("A307287", "Y_lower: exiled maharajas on the spiral, lower line, y", false, false, 200));
  s.push_back(board_values("A308201", "Sprague-Grundy values of Maharaja Nim on the quadrant, by upward antidiagonals",
                           0, BoardKind::quadrant, Piece::maharaja, 0, kBoardTerms));
  s.push_back(squares("A308880", "k X k squares filled greedily by rows, read by rows", BoardKind::square_by_rows));
  s.push_back(squares("A308881", "k X k squares filled greedily by upward antidiagonals, read by rows",
                      BoardKind::square_by_antidiagonals));
  s.push_back({"A308882", "Row 0 of the quadrant maharajas' Sprague-Grundy array A308201", 0, 5000,
               "maharaja on the quadrant board of N antidiagonals, row 0",
               [](std::uint64_t count, const TermSink& sink, const ProgressFn& progress) {
                 const Board board(BoardKind::quadrant, count);
                 const std::vector<std::uint32_t> v =
                     boards::board_grundy(board, Piece::maharaja, {.progress = progress});
                 for (std::uint64_t k = 0; k < count; ++k) sink(v[*board.index({0, static_cast<std::int64_t>(k)})]);
               }});
  s.push_back(board_values("A308884", "Knights on the square spiral: mex of the earlier cells a knight's move away", 0,
                           BoardKind::spiral, Piece::knight, 0, kBoardTerms));
  s.push_back(board_values("A308896", "Rooks on the square spiral: mex of the earlier cells a rook's move away", 0,
                           BoardKind::spiral, Piece::rook, 0, kBoardTerms));
  s.push_back(spoke("A324774", "East spoke of the spiral A274641", 1));
  s.push_back(spoke("A324778", "West spoke of the spiral A274641", -1));
  return s;
}

}  // namespace qg
