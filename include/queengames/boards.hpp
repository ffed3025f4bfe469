// queengames — Sprague-Grundy tables and greedy pieces on numbered boards (seed 000 §1, §7, §8).
//
// Two kinds of game share one engine.
//   * Two-pile rulesets (twopile.hpp): the W×H corner of the table of Sprague-Grundy values,
//     Wythoff's A004481 first.
//   * Numbered boards: the cells of a board are numbered 0, 1, 2, …; a piece standing on a cell
//     may move to any lower-numbered cell it reaches (seed 000 §7). Its Sprague-Grundy values,
//     in numbering order, are the OEIS "greedy" arrays (A274641, A274528, …), and the cells of
//     value 0 are where the exiled pieces settle (the greedy placement).
//
// The engine keeps, for every line a piece moves along (row, column, diagonal, antidiagonal),
// the set of values already on it as a bitset with a summary bitset of its full words, and
// takes the mex of the union of a cell's lines a word at a time, skipping every word that one
// line already fills. A line piece sees every lower-numbered cell of its lines: on every board
// here those cells form unbroken runs next to the piece, so seeing is moving.
//
// Coordinates. Tables are x the column, y the row, both from 0 (as in the summary line's sum64).
// Board cells are Squares (row, col): on the square spiral row = x (South) and col = y (East)
// of seed 000 §2, so a table drawn row by row shows North at the top; on the quadrant row and
// col are Table 5's. Hexagonal boards use sheared coordinates in which the three lines of
// edge-adjacent cells are the rows, the columns and the diagonals (row − col constant).
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "queengames/common.hpp"
#include "queengames/twopile.hpp"

namespace qg::boards {

// ---- tables and their summary line ----------------------------------------------------

// A W×H table (x the column, y the row); kNone marks a place that is not a cell of the board.
struct Table {
  static constexpr std::uint32_t kNone = UINT32_MAX;
  std::uint64_t width = 0, height = 0;
  std::vector<std::uint32_t> values;  // row-major: values[y * width + x]
  std::uint32_t at(std::uint64_t x, std::uint64_t y) const { return values[y * width + x]; }
};

// `size WxH max M zeros Z sum64 HHHHHHHHHHHHHHHH` over the cells of a table (kNone skipped);
// sum64 = Σ (v(x,y) + 1)·(2·(y·W + x) + 1) mod 2^64 (qg::Sum64).
struct TableSummary {
  std::uint64_t width = 0, height = 0, max = 0, zeros = 0, sum64 = 0;
  std::string line() const;
};
TableSummary summarize(const Table& table);

struct GrundyOptions {
  unsigned threads = 2;  // threads for two-pile tables and for line pieces on the quadrants
  bool force = false;    // skip the memory check (qg::require_memory)
  ProgressFn progress;   // cells done out of cells
};

// ---- Grundy tables of two-pile rulesets --------------------------------------------------

// The fast route. Rook and diagonal moves are kept as per-line bitsets, jumps are looked up,
// and any other family (widened diagonals, bounce, reflection) is enumerated per cell. A
// monotone ruleset is computed on the W×H corner in 64×64 tiles, the tiles of one tile
// antidiagonal in parallel; the others, whose moves may leave the corner, on every position
// of Manhattan distance below W + H − 1, one antidiagonal at a time in parallel.
// RangeError for W or H outside 1..2^20 or beyond the machine's memory (unless force).
Table grundy_table(const twopile::Ruleset& ruleset, std::uint64_t width, std::uint64_t height,
                   const GrundyOptions& options = {});
// The straightforward route: enumerate each position's options (Ruleset::options), take the
// mex. O(W·H·(W + H)) for line moves; for tests and the speed ratio. RangeError past 2^12.
Table grundy_table_brute_force(const twopile::Ruleset& ruleset, std::uint64_t width, std::uint64_t height);
// Whether grundy_table enumerates some of the ruleset's moves cell by cell (widened diagonals,
// bounce, reflection): then a W×H corner costs O(W·H·(W + H)), not O(W·H) — kqueen:2's 4096²
// corner about 15 minutes on two cores.
bool grundy_table_enumerates(const twopile::Ruleset& ruleset);
// An estimate of the memory grundy_table needs (a little above what it uses).
std::uint64_t grundy_table_bytes(const twopile::Ruleset& ruleset, std::uint64_t width, std::uint64_t height);

// ---- numbered boards ---------------------------------------------------------------------

enum class Geometry { square, hexagonal };

enum class BoardKind {
  spiral,                   // Z×Z counter-clockwise square spiral (seed 000 Fig. 2): side N window
  quadrant,                 // N×N quadrant by upward antidiagonals (Table 5): N antidiagonals
  quadrant_by_columns,      // the same cells scanned column by column (Knuth, seed 000 §8)
  sector45,                 // 45° sector (row ≥ col ≥ 0) by rows: N rows
  square_by_rows,           // the finite N×N board filled by rows
  square_by_antidiagonals,  // the finite N×N board filled by upward antidiagonals
  hex_spiral,               // triangular-net (hexagonal-cell) spiral: N rings around the centre
  hex_sector,               // 60° sector of hexagonal cells by antidiagonals: N rows
};

struct Square {
  std::int64_t row = 0, col = 0;
  friend bool operator==(const Square&, const Square&) = default;
};

// "spiral", "quadrant", "quadrant-columns", "sector45", "square-rows", "square-antidiagonals",
// "hex-spiral", "hex-sector".
const char* to_string(BoardKind kind);
std::optional<BoardKind> parse_board_kind(std::string_view name);
std::vector<BoardKind> all_board_kinds();

// A finite window of a numbered board: its first cells() cells, closed under the moves of every
// piece to lower-numbered cells, so that the values computed on it are the infinite board's.
class Board {
 public:
  // `size` as in BoardKind's comments; with `limit`, only the first `limit` cells of that window
  // (again a prefix of the numbering: the first C columns of the column-scanned quadrant, say).
  // RangeError for 0 or a window past 2^32 cells.
  Board(BoardKind kind, std::uint64_t size, std::uint64_t limit = UINT64_MAX);

  BoardKind kind() const { return kind_; }
  std::uint64_t size() const { return size_; }
  Geometry geometry() const;
  std::uint64_t cells() const { return cells_; }

  Square cell(std::uint64_t index) const;              // RangeError past cells()
  std::optional<std::uint64_t> index(Square s) const;  // nullopt off the window
  // The bounding box of the window: rows row0 … row0 + height − 1, columns col0 … .
  std::int64_t row0() const { return row0_; }
  std::int64_t col0() const { return col0_; }
  std::uint64_t width() const { return width_; }
  std::uint64_t height() const { return height_; }

  // Visits every cell once with its index: in numbering order, or (lines_only, the quadrant
  // boards) strip by strip — an order that also puts every cell after the lower-numbered cells
  // on its lines, and keeps those lines in cache.
  void walk(const std::function<void(std::uint64_t index, Square s)>& visit, bool lines_only = false) const;
  // The quadrant boards' strips (0 for the other boards): strip k holds the columns
  // 64k … 64k + 63 and is walked by antidiagonals d, each upward, calling antidiagonal(d) (if
  // set) before each. A cell's lower-numbered cells on its lines lie in earlier strips, on
  // earlier antidiagonals of its strip, or lower on its own antidiagonal (Table 5's moves); so
  // strip k may run antidiagonal d as soon as strip k − 1 is done with it.
  std::uint64_t strips() const;
  void walk_strip(std::uint64_t k, const std::function<void(std::int64_t d)>& antidiagonal,
                  const std::function<void(std::uint64_t index, Square s)>& visit) const;

 private:
  BoardKind kind_;
  std::uint64_t size_, cells_ = 0;
  std::int64_t row0_ = 0, col0_ = 0;
  std::uint64_t width_ = 0, height_ = 0;
};

// The smallest window of a kind with at least `cells` cells (its size N grown until it holds
// them); for the quadrant boards N antidiagonals.
Board smallest_window(BoardKind kind, std::uint64_t cells);

// ---- pieces ------------------------------------------------------------------------------

enum class Piece { queen, rook, bishop, king, knight, maharaja };
const char* to_string(Piece piece);
Piece parse_piece(std::string_view name);  // InputError naming the pieces
std::vector<Piece> all_pieces();

// A piece's moves on a geometry: it sees every cell along ±line (any distance) and the cells
// at ±jump. Square: queen = rook + bishop, maharaja = queen + knight (seed 003). Hexagonal:
// the queen moves along the three lines of edge-adjacent cells (A274820, A296339), the king to
// the six neighbours; InputError for the other pieces there.
struct PieceMoves {
  std::vector<Square> lines;
  std::vector<Square> jumps;
};
PieceMoves piece_moves(Piece piece, Geometry geometry);
// Whether a piece is defined on a board: hexagonal boards take the queen and the king; the
// column-scanned quadrant no knight moves (from (r, c) it would reach (r + 2, c − 1), below the
// window, and its values would no longer be the quadrant's).
bool supports(BoardKind kind, Piece piece);

// ---- the game on a board -------------------------------------------------------------------

// Sprague-Grundy values in numbering order: value[n] = mex{value[m] : m < n, the piece on cell
// n reaches cell m}. Near O(1) amortised per cell for line pieces (see the file comment). One
// thread, except for line pieces on the quadrant boards (options.threads, strip by strip).
// RangeError beyond the machine's memory (unless options.force).
std::vector<std::uint32_t> board_grundy(const Board& board, Piece piece, const GrundyOptions& options = {});
// The same by enumerating every earlier cell (O(cells²)): the obviously correct route.
std::vector<std::uint32_t> board_grundy_brute_force(const Board& board, Piece piece);
std::uint64_t board_grundy_bytes(const Board& board, Piece piece);

// The greedy placement (seed 000 §1): cell n receives a piece when it attacks no piece on an
// earlier cell. Returns the indices of those cells, increasing. Independent of board_grundy:
// these are its zeros (claim exile.greedy_is_p). Progress in cells.
std::vector<std::uint64_t> greedy_placement(const Board& board, Piece piece, const ProgressFn& progress = {});

// Values laid out on the board's bounding box (kNone off the board).
Table board_table(const Board& board, std::span<const std::uint32_t> values);

// What `queengames grundy BOARD --size WxH` shows: for the quadrant boards the W×H corner (x the
// column c, y the row r; computed on W + H − 1 antidiagonals), for the other boards the whole
// window of size N = W = H (InputError when W ≠ H).
Table board_window_table(BoardKind kind, Piece piece, std::uint64_t width, std::uint64_t height,
                         const GrundyOptions& options = {});

// ---- single-quadrant greedy queens (seed 000 §8) ---------------------------------------------

// S_c, c < columns (eq. (48), A275895): the row of the queen in column c, by Knuth's column scan
// (column c gets the first row no earlier queen attacks), 64 rows a step: a queen above the
// diagonal costs about c/64 steps, so C columns O(C²/128): 10^5 columns in a fraction of a
// second (Knuth's algorithm, the infty module's engine, is the route for long runs).
// A065188(n) = S_{n−1} + 1.
// Progress counts columns.
std::vector<std::uint64_t> quadrant_queens(std::uint64_t columns, const ProgressFn& progress = {});
// The same S_c from the antidiagonal scan of Table 5 (seed 000 §8: "it makes no difference").
std::vector<std::uint64_t> quadrant_queens_by_antidiagonals(std::uint64_t columns);
// The inverse permutation: the column of the queen in row r, r < rows (A065189(n) − 1).
std::vector<std::uint64_t> quadrant_queen_columns(std::uint64_t rows);
// The Table 5 indices d(d+1)/2 + c (d = r + c) of the queens, increasing (eq. (47), A275897).
// Progress counts the columns scanned (the scan widens until the indices are final).
std::vector<std::uint64_t> quadrant_queen_indices(std::uint64_t count, const ProgressFn& progress = {});

// ---- the quadrant's columns are eventually additively periodic (seed 000 Conjecture 26) -----

// Column c of the quadrant's table, g_c(r) = SG(row r, column c), certified: g_c(r + p) =
// g_c(r) + p for every r ≥ r0, where p is the least period of any eventual additive periodicity
// (g_c(r + p') − g_c(r) constant from some row on) and r0 the least row from which p holds.
// docs/CONJECTURE26.md: Theorem 1 (the finite condition) proves it; Theorem 2 (every column
// has such a certificate) is why the search ends.
struct QuadrantColumn {
  std::uint64_t column = 0;
  std::uint64_t preperiod = 0;  // r0
  std::uint64_t period = 0;     // p
  std::uint64_t slope = 0;      // g_c(r0 + p) − g_c(r0), read off the values: p (Lemma 3)
  // The certificate: rows n1 < n2 of column c whose states agree (Theorem 1); the column was
  // computed on rows 0 … n2 − 1, columns c − j on rows 0 … n2 − 1 + j (from their certificates).
  std::uint64_t first_row = 0, second_row = 0;
  // g_c(r) − r for r < r0 + p: the column's values, every one of them through value().
  std::vector<std::int16_t> excess;
  std::uint64_t value(std::uint64_t r) const;  // g_c(r), for every r (RangeError past 2^62)
};

struct QuadrantColumnsOptions {
  std::uint64_t max_rows = std::uint64_t{1} << 32;  // per column; RangeError when a column needs more
  bool force = false;                               // skip the memory check (qg::require_memory)
  ProgressFn progress{};                            // columns done out of columns, polled every row
};

// Columns 0 … columns − 1, each certified from the certificates of the columns before it (its
// moves reach only those): column c costs O(c) per row on n2 rows (n2 ≈ 40c² near c = 100:
// 200 columns take 4 minutes, docs/PERFORMANCE.md). Memory: 2 bytes a row of every certified
// column's r0 + p and of the column at work, checked (qg::require_memory) each time the
// column's rows double. RangeError for more than 2^16 columns, for a column not certified
// within max_rows rows, or for g_c(r) − r outside 16 bits (|g_c(r) − r| ≤ 2c up to c = 199).
std::vector<QuadrantColumn> certify_quadrant_columns(std::uint64_t columns, const QuadrantColumnsOptions& options = {});

// ---- queens on a half chessboard (seed 000, proof of Theorem 23) -----------------------------

// The most mutually non-attacking queens on the right triangular board with n cells on each
// side (rows of n, n − 1, …, 1 cells; queens move along rows, columns and both diagonals), A274616.
// Closed form of Vaderlind, Guy and Larson's Problem 252 (Nivasch and Lev 2005): ⌊(2n + 1)/3⌋,
// but 2 for n = 4. The bound ≤ 2n/3 + 1 is what Theorem 23's proof uses.
std::uint64_t triangle_queens(std::uint64_t n);
// The same by exhaustive search (the second route; n ≤ 14, RangeError above).
std::uint64_t triangle_queens_by_search(std::uint64_t n);

}  // namespace qg::boards
