// queengames — k-Blocking Wythoff Nim (seed 004, Cook, Larsson, Neary): palace numbers at
// scale, the fourth-order diamond-grid cellular automaton of §2, play, pictures and the
// measurements behind the self-organised regions of §3.
//
// Conventions of seed 004 §1: (0,0) is the upper-left corner, x the column, y the row; the
// queen moves north (y decreases), west (x decreases) or north-west. The palace number
// v(x, y) is the number of palaces the cell sees due north, due west and due north-west; the
// cell is a palace (a P-position) iff v(x, y) < k. A W×H table holds 0 ≤ x < W, 0 ≤ y < H.
#pragma once

#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "queengames/common.hpp"
#include "queengames/rgb.hpp"

namespace qg::blocking {

// Palace numbers lie in 0..3k (each line holds at most k palaces), so k ≤ 10^9 keeps them
// in 32 bits and the CA states (v − k) in a signed 32-bit range.
inline constexpr std::uint64_t kMaxK = 1'000'000'000;
// The streaming engines keep O(width) counters; a table side above 2^31 is refused.
inline constexpr std::uint64_t kMaxSide = std::uint64_t{1} << 31;
// RangeError unless 1 ≤ k ≤ kMaxK / 1 ≤ side ≤ kMaxSide (what names the quantity).
void require_k(std::uint64_t k);
void require_side(std::uint64_t side, const char* what);

// How the palace numbers are computed. All three give the same table.
//   definition: the streaming count (one counter per column and per diagonal, a running
//               count along the row) with a SIMD scan that skips the cells that are not
//               palaces, split over threads by columns;
//   plain:      the same count, one cell at a time (the reference loop);
//   ca:         the fourth-order diamond-grid CA of §2 (Theorem 2.1), state = v − k.
enum class Engine { definition, plain, ca };
Engine parse_engine(std::string_view name);  // InputError naming the choices
const char* to_string(Engine engine);

namespace detail {
// An array from calloc (its zero pages are touched only when the row scan reaches them).
template <class T>
using Zeroed = std::unique_ptr<T[], void (*)(void*)>;
}  // namespace detail

// Bytes of memory the engines hold for a table `width` cells wide: summary() (the counters:
// 3 per column of 16 bits when 2k ≤ 32767, else 32; the CA's four rows of 32-bit states) and
// PalaceRows (those and the row it hands out, 32 bits a cell).
std::uint64_t summary_bytes(std::uint64_t k, std::uint64_t width, Engine engine);
std::uint64_t palace_rows_bytes(std::uint64_t k, std::uint64_t width, Engine engine);

// The palace numbers row by row, in O(width) memory (palace_rows_bytes: MemoryError beyond
// this machine's unless force); each next() costs O(width).
class PalaceRows {
 public:
  PalaceRows(std::uint64_t k, std::uint64_t width, Engine engine = Engine::definition, bool force = false);
  PalaceRows(PalaceRows&&) noexcept;
  PalaceRows& operator=(PalaceRows&&) noexcept;
  ~PalaceRows();
  // The W palace numbers of row y = rows_done(); valid until the next call. The row ticks
  // `poller` (with done = y) as it goes, so that a row of 2^31 cells answers a signal;
  // next() without one is for narrow tables.
  std::span<const std::uint32_t> next(Poller& poller);
  std::span<const std::uint32_t> next();
  // The same row's palaces only: their columns, left to right (4 bytes each), valid until
  // the next call. Still O(width), but the row's numbers are not written out: several times
  // faster than next() and a scan of its row when the caller only looks for palaces.
  std::span<const std::uint32_t> next_palaces(Poller& poller);
  std::span<const std::uint32_t> next_palaces();

  // Growing the table as it streams. Every row of the infinite table holds exactly k palaces
  // (past its last palace a cell sees k). With D the largest x − y of a palace so far, no
  // cell (x, y) with x > y + D sees a palace north or north-west, so row y = rows_done()'s
  // palaces lie left of complete_width() = y + D + k + 1 (its last ones, at worst, in the k
  // cells right of column y + D). InputError when a row done holds fewer than k palaces in
  // the table (the palaces right of it are unknown).
  std::uint64_t complete_width() const;
  // From row rows_done() on, the table is `width` columns wide: the rows are then those of a
  // table that wide from row 0. The new columns start with zero counts, which is exact when
  // every row done holds its k palaces in the old columns and every palace (x, y) so far has
  // x − y ≤ width() − rows_done() (no diagonal through a new column holds one); InputError
  // otherwise, and for the ca engine (its rows hold states, not counts). Widening before
  // each row to at least complete_width() keeps both true. RangeError below width(), above
  // kMaxSide; MemoryError as the constructor's. O(width).
  void widen(std::uint64_t width, bool force = false);

  std::uint64_t rows_done() const;
  std::uint64_t k() const;
  std::uint64_t width() const;

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

// A whole W×H table in memory (row-major, v[y·W + x]), for small tables and the region
// measurements: O(W·H) time, 4·W·H bytes; RangeError above kMaxTableCells. Progress in rows.
inline constexpr std::uint64_t kMaxTableCells = std::uint64_t{1} << 28;
std::vector<std::uint32_t> palace_table(std::uint64_t k, std::uint64_t width, std::uint64_t height,
                                        Engine engine = Engine::definition, const ProgressFn& progress = {});

// The summary line of the issue: "size WxH palaces Z min m max M sum64 HHHHHHHHHHHHHHHH",
// sum64 = Σ (v(x,y) + 1)·(2·(y·W + x) + 1) mod 2^64 as qg::Sum64 defines it.
struct Summary {
  std::uint64_t width = 0, height = 0;
  std::uint64_t palaces = 0;
  std::uint64_t min = 0, max = 0;
  std::uint64_t sum64 = 0;
  std::string line() const;
  bool operator==(const Summary&) const = default;
};
// O(W·H) time, O(W) memory (summary_bytes: MemoryError beyond this machine's unless force). threads > 1 splits the
// columns into bands, one thread each, pipelined over the rows (a band needs from its left neighbour only the row's
// running palace count and one diagonal count per row); the definition engine only. Progress in rows.
Summary summary(std::uint64_t k, std::uint64_t width, std::uint64_t height, Engine engine = Engine::definition,
                unsigned threads = 2, const ProgressFn& progress = {}, bool force = false);

// ---- the palace count by column slabs (one per rank of a distributed run) --------------
//
// The columns [x0, x1) of the W×H table, advanced row by row in O(x1 − x0) memory. What
// crosses a slab's right boundary in row y is its edge: the row's running palace count there
// and the count of the diagonal through the slab's last cell (it enters the next slab in row
// y + 1). Slabs 0, 1, …, R − 1 given their left neighbours' edges row by row count exactly
// summary()'s table (the first slab's left edge is {0, 0}); their summaries combine into it.
struct SlabEdge {
  std::uint64_t row = 0, diagonal = 0;
};
// Slab i of R: columns [W·i/R, W·(i + 1)/R). RangeError unless 1 ≤ R ≤ W.
std::pair<std::uint64_t, std::uint64_t> slab_columns(std::uint64_t width, std::uint64_t slabs, std::uint64_t i);
class Slab {
 public:
  // RangeError for k, W out of range or an empty slab (x0 ≥ x1 or x1 > W).
  Slab(std::uint64_t k, std::uint64_t width, std::uint64_t x0, std::uint64_t x1);
  Slab(Slab&&) noexcept;
  Slab& operator=(Slab&&) noexcept;
  ~Slab();
  // Row rows_done() of the slab, given the left neighbour's edge of the same row; O(x1 − x0).
  SlabEdge row(SlabEdge left);
  // The same, writing the row's palace numbers of the slab's columns into `values` (x1 − x0
  // of them; RangeError otherwise).
  SlabEdge row(SlabEdge left, std::span<std::uint32_t> values);
  std::uint64_t rows_done() const;
  // This slab's part of the summary of rows 0 … rows_done() − 1 (width W, height rows_done()).
  Summary summary() const;
  // The whole state after rows_done() rows, written atomically (about 2·(x1 − x0)·4 bytes)
  // with a checksum, and read back by a slab of the same k, W, x0, x1 after `row` rows:
  // InputError for any other file, and for a damaged one (its size, its checksum, a count no
  // table of game k can hold), which is never resumed from.
  void save(const std::filesystem::path& path) const;
  static Slab restore(const std::filesystem::path& path, std::uint64_t k, std::uint64_t width, std::uint64_t x0,
                      std::uint64_t x1, std::uint64_t row);

 private:
  struct Impl;
  explicit Slab(std::unique_ptr<Impl> impl);
  std::unique_ptr<Impl> impl_;
};
// The summary of two sets of cells of the same rows (two slabs): counts and sum64 add, the
// extremes meet, the widths are the table's.
Summary combine(const Summary& a, const Summary& b);

// Checkpoints of R slabs in one directory: slab i's state after row y is slab_checkpoint(dir,
// R, i, y); mark_checkpoint(dir, R, y) records that every slab has saved row y (and removes
// the files of earlier rows), last_checkpoint(dir, R) reads it back (nullopt when there is
// none, InputError when the record is damaged: it carries a checksum too). A checkpoint holds
// no height: a run of any height ≥ y resumes from it.
std::filesystem::path slab_checkpoint(const std::filesystem::path& dir, std::uint64_t slabs, std::uint64_t i,
                                      std::uint64_t y);
void mark_checkpoint(const std::filesystem::path& dir, std::uint64_t slabs, std::uint64_t y);
std::optional<std::uint64_t> last_checkpoint(const std::filesystem::path& dir, std::uint64_t slabs);

// ---- the fourth-order diamond-grid CA (§2, Figure 2, Theorem 2.1) ---------------------
//
// In board coordinates the red cell g = (x, y) is computed from the six blue cells
//   a = (x−2, y−2), b = (x−1, y−2), c = (x−2, y−1), d = (x−1, y−1), e = (x, y−1), f = (x−1, y)
// by g = a − b − c + e + f + p, where p adds the palace compensation weight of every
// negative (palace) blue cell: a +3, b −2, c −2, d −1, e +1, f +1 (derived in docs/BLOCKING.md).
std::int64_t ca_compensation(std::int64_t a, std::int64_t b, std::int64_t c, std::int64_t d, std::int64_t e,
                             std::int64_t f);
std::int64_t ca_rule(std::int64_t a, std::int64_t b, std::int64_t c, std::int64_t d, std::int64_t e, std::int64_t f);
// The initial condition of Theorem 2.1 outside the game quadrant (x < 0 or y < 0): k in the
// opposite quadrant, 0 in the two others. InputError for a cell of the game quadrant.
std::int64_t ca_initial(std::uint64_t k, std::int64_t x, std::int64_t y);

// The reversed rule of §2.3: the values of a compatible with b, c, d, e, f, g, from
// a + p_a = g − f − e + c + b − p_bcdef (p_a = 3 when a < 0). One or two values, never none:
// no Garden of Eden when every integer is an allowed state.
struct Predecessors {
  int count = 0;
  std::int64_t value[2] = {0, 0};
};
Predecessors ca_reverse(std::int64_t b, std::int64_t c, std::int64_t d, std::int64_t e, std::int64_t f, std::int64_t g);

// The CA run row by row from the initial condition: the states CA(x, y) (= v(x, y) − k by
// Theorem 2.1) of row y = rows_done(). 16·(width + 2) bytes; next(poller) ticks it within
// the row (done = y).
class CaRows {
 public:
  CaRows(std::uint64_t k, std::uint64_t width);
  std::span<const std::int32_t> next(Poller& poller);
  std::span<const std::int32_t> next();
  std::uint64_t rows_done() const { return y_; }

 private:
  std::uint64_t k_, width_, y_ = 0;
  // rows y−2, y−1 and y, each with two cells of the initial condition on the left, and the
  // row's terms other than f (see ca.cpp): four rows of width + 2 in one block
  detail::Zeroed<std::int32_t> cells_{nullptr, &std::free};
  std::int32_t* rows_[3] = {};
  std::int32_t* part32_ = nullptr;
};

// ---- play (Formulation 2 of §1) ---------------------------------------------------------

struct Cell {
  std::uint64_t x = 0, y = 0;
  bool operator==(const Cell&) const = default;
};
// InputError unless "x,y".
Cell parse_cell(std::string_view text);

// The queen at `queen`, the player to move. The opponent has just moved her there and placed
// the k − 1 pawns: either the cells in `blocked` (each a move of the queen), or, when none
// are given, the opponent's best choice — all the palaces the queen sees when there are
// fewer than k of them (a palace is lost for the player to move), else any k − 1 cells
// (at least v − k + 1 palaces stay open; the analysis then assumes no pawn).
struct PlayAnalysis {
  std::uint64_t k = 0;
  Cell queen;
  std::uint64_t palace_number = 0;    // v(queen)
  std::vector<Cell> visible_palaces;  // the palaces the queen sees (north, west, north-west)
  std::vector<Cell> blocked;          // the pawns assumed
  bool blocks_given = false;
  std::uint64_t moves = 0;  // unblocked moves
  // Every unblocked move with its palace number, when there are at most kMaxListedMoves.
  static constexpr std::uint64_t kMaxListedMoves = 64;
  std::vector<std::pair<Cell, std::uint64_t>> options;
  // Winning: an unblocked palace to move to (the one seeing the fewest palaces) and the
  // palaces it sees, which the k − 1 pawns then block so that the opponent cannot reach one.
  std::optional<Cell> move;
  std::uint64_t move_palace_number = 0;
  std::vector<Cell> pawns;
  bool winning() const { return move.has_value(); }
};
// O(x·y) time, O(x) memory (play_bytes; MemoryError beyond this machine's unless force).
// RangeError for coordinates above kMaxSide, InputError for a blocked cell that is no move
// of the queen, blocked twice, or more than k − 1 of them.
std::uint64_t play_bytes(Cell queen);
PlayAnalysis play(std::uint64_t k, Cell queen, const std::optional<std::vector<Cell>>& blocked = std::nullopt,
                  const ProgressFn& progress = {}, bool force = false);

// ---- pictures and exports ---------------------------------------------------------------

// The palette of Figure 1, by palace number relative to k: palaces (v < k) are yellow (k−1),
// light olive, olive, dark olive (k−4) and dark brown below, shading to near-black brown deep
// in the hood; non-palaces are black (k), blue (k+1), indigo (k+2), then violet, magenta
// and white for the hot spots.
Rgb palace_colour(std::uint64_t v, std::uint64_t k);

// A window of the table: the cells x0 ≤ x < x0 + width, y0 ≤ y < y0 + height. Exporting it
// computes every row above it too: O((x0 + width)·(y0 + height)) time and O(x0 + width)
// memory. (Pictures: qg::figures::palaces_figure.)
struct Region {
  std::uint64_t x0 = 0, y0 = 0, width = 0, height = 0;
};
// RangeError unless the region is inside the supported tables.
void require_region(const Region& region);
// Golly's extended RLE, one state per cell (Golly allows 256): state 0 (".") is v = k, the
// outer space; a palace v < k is state min(k − v, 120) ("A" = k−1, "B" = k−2, …); a
// non-palace v > k is state 120 + min(v − k, 135). "#CXRLE Pos=x0,y0" keeps the position;
// the rule is the 256-state Generations rule "/2/256" so that Golly accepts the states
// (the fourth-order CA itself is no Golly rule).
std::uint8_t rle_state(std::uint64_t v, std::uint64_t k);
void write_rle(const std::filesystem::path& path, std::uint64_t k, const Region& region,
               Engine engine = Engine::definition, const ProgressFn& progress = {}, bool force = false);

// ---- landmarks of the self-organised regions (§3.1), located from the data -----------------
//
// The nose (k/3, k/3) and the shoulders (k, 0), (0, k) are where the hood's casing
// 2·min(x, y) + max(x, y) = k turns; the armpit and the prism are found in the table:
//   armpit: the hottest cell — the largest palace number, the first in row order — with
//           x > k and k/3 < y < k, right of the shoulder and below the nose ("often a hotspot
//           of highly positive palace numbers"); game 9999: (12777, 6988), v = k + 9;
//   prism:  the first cell (d, d) of the main diagonal past the nose where game k + 3, shifted
//           by (1, 1), no longer matches game k: the end of the fabric, which depends on k mod 3
//           alone (§3.3) and ends where it meets the warps and the inner sector; game 9999: d = 16111.
// Each streams the rows it needs (about 2k² and (1.7k)² cells: game 40003's prism takes a minute
// or two), in O(k) memory; RangeError when the feature is not found within 2.5k.
Cell locate_armpit(std::uint64_t k, const ProgressFn& progress = {}, bool force = false);
Cell locate_prism(std::uint64_t k, const ProgressFn& progress = {}, bool force = false);
// Where stage n of the upper arm's skin (§3.4) begins: its first column and that column's top
// row, searched within `columns` columns past the shoulder; nullopt when not found.
std::optional<Cell> locate_skin(std::uint64_t k, unsigned n, std::uint64_t columns);

// ---- P-threads (§3.1–3.2, §4; issue 39 §1): the palaces' near-lines ------------------
//
// The table is symmetric (v(x, y) = v(y, x)), so the threads below the main diagonal are the
// mirrors of those above it: only the upper half y < x is classified. Its palaces come as
// column runs — a maximal set of vertically consecutive palaces (x, y), …, (x, y + t − 1),
// with t the run's vertical thickness (§3.2: "each thread has a fixed number of P-positions
// that occur in every column"). A thread is a chain of runs, each the next one's nearest
// run ahead and the next one's nearest run behind; the reading in full: p_threads (threads.cpp).
struct ThreadOptions {
  std::uint64_t depth = 0;          // D: the D×D table, 16..2^31
  std::uint64_t reach = 0;          // G: the widest gap in columns between two runs of a thread; 0: 4k + 16
  std::uint64_t min_runs = 8;       // a thread has at least this many runs
  std::uint64_t max_period = 4096;  // periods of the steps tried: 1..max_period
  Engine engine = Engine::definition;
};
// A nonnegative fraction num/den in lowest terms; text() is "num/den" ("3/1" for 3).
struct Fraction {
  std::uint64_t num = 0, den = 1;
  std::string text() const;
  bool operator==(const Fraction&) const = default;
};
// The palaces (x, y), …, (x, y + thickness − 1) of one column.
struct ThreadRun {
  std::uint64_t x = 0, y = 0, thickness = 1;
  bool operator==(const ThreadRun&) const = default;
};
// chain: runs linked one to the next (each the other's nearest); band: the runs of the far
// half of the table inside the innermost chain, within 2G of each other (a thread too
// ragged to chain: game 46's inner threads), from column D/2 on.
enum class ThreadShape { chain, band };
struct PThread {
  ThreadShape shape = ThreadShape::chain;
  std::vector<ThreadRun> runs;  // by column, then row; runs.front() is the thread's start
  std::uint64_t cells = 0;      // palaces: the runs' thicknesses added
  // The slope (rows per column) lies in [slope_low, slope_high]: exact, given that the whole
  // thread stays within `deviation` rows of a line (the argument: measure_thread, threads.cpp).
  std::uint64_t deviation = 0;
  Fraction slope_low, slope_high;
  // Periodic to the depth: the steps between consecutive runs (dx, dy) repeat with the least
  // period `period` from step `preperiod` on, to the thread's last run, over `repeats` ≥ 4
  // whole periods and at least half of the steps; one period advances (period_dx, period_dy),
  // so its slope is period_dy/period_dx exactly. Otherwise periodic is false: "not periodic
  // to depth D".
  bool periodic = false;
  std::uint64_t period = 0, preperiod = 0, repeats = 0, period_dx = 0, period_dy = 0;
  Fraction period_slope;
};
struct ThreadReport {
  std::uint64_t k = 0, depth = 0, reach = 0;
  std::uint64_t runs = 0, chains = 0;  // all column runs of the upper half, all chains
  // The threads of depth D, from the outermost (the arm) to the innermost (nearest the main
  // diagonal) by the direction y/x of their last run: the chains of at least min_runs runs
  // that start at or before column D/2 and end within G of the last column (they cross the
  // table's second half), then the bands of at least min_runs runs from within G of column
  // D/2 to within G of the last column.
  std::vector<PThread> upper;
};
// Bytes held: the rows of the engine, two words a column and, per run, its cells, links and
// component (at most min(k, D) palaces a row in the upper half).
std::uint64_t p_threads_bytes(std::uint64_t k, const ThreadOptions& options);
// O(D²) to stream the table, O(runs · G · log k) to link (more for bands crowded within 2G). RangeError for k, D, G
// (1..2^20) or max_period (1..2^20) out of range; MemoryError beyond this machine's memory unless force. Progress in
// rows of the table.
ThreadReport p_threads(std::uint64_t k, const ThreadOptions& options, const ProgressFn& progress = {},
                       bool force = false);
// Fills a thread's cells, deviation, slope window and periodicity from its runs (what p_threads
// does for each thread; periods 1..max_period). InputError for runs all in one column.
void measure_thread(PThread& thread, std::uint64_t max_period);

// ---- the warp (§3.1–3.2, §4 Q7): the threads between the arm and the inner sector ----------
//
// The reading (warp.cpp; docs/BLOCKING.md, "The warp"): the arm is where game k + 1 shifted by
// (1, 0) matches game k (Figure 4, right: v_{k+1}(x + 1, y) = v_k(x, y) + 1, "the épaulette
// and arm match perfectly"), the warp lies inside it and depends on k. So a thread of
// p_threads is the arm's when more than half of its runs' top cells match so, and the warp of
// depth D is the periodic chain threads that are not the arm's (the non-periodic innermost
// threads and the bands are the inner sector's). A thread's
// thicknesses are its cells per line over its repeating part, exact fractions: per column
// (vertical), per row (horizontal: the left-hand warp's vertical thickness, by the mirror
// (x, y) → (y, x)) and per diagonal x − y. The steps of a thread settle before its thickness
// does (threads merge into it after its steps repeat), so the cells of a period are those the
// last whole periods share (at least half of them). Merges: along a warp thread, the cells of
// every window of period_dy consecutive rows (one period's rows); the maximal stretches of
// rows where that count stays the same, at least period_dy rows long, are its plateaus, and a
// rise from one plateau to the next is a merge.
struct WarpPlateau {
  std::uint64_t row = 0, rows = 0;  // the windows starting at rows [row, row + rows)
  std::uint64_t cells = 0;          // cells of the thread in each window of period_dy rows
};
struct WarpThread {
  PThread thread;                           // as p_threads classified it (periodic, chain)
  std::uint64_t period_cells = 0;           // cells of each of the last whole periods (0: no half of them agree)
  std::uint64_t settled = 0;                // the first whole period from which they do
  Fraction vertical, horizontal, diagonal;  // period_cells / period_dx, / period_dy, / (period_dx − period_dy)
  // The first integer among horizontal, vertical and diagonal (direction 'h', 'v', 'd'; 0: none, thickness 0)
  // and whether it is a Fibonacci number.
  char direction = 0;
  std::uint64_t thickness = 0;
  bool fibonacci = false;
  std::vector<WarpPlateau> plateaus;  // from the thread's first row
};
struct WarpReport {
  std::uint64_t k = 0, depth = 0, reach = 0;
  std::uint64_t threads = 0;      // all upper threads of p_threads
  std::uint64_t arm_threads = 0;  // of them, the arm's (outermost first, before the warp's)
  std::vector<WarpThread> warp;   // outermost first
};
// p_threads (its bytes and errors; k ≤ kMaxK − 1), then game k and game k + 1 streamed again
// side by side (O(D) memory) and O(runs of the threads) more.
WarpReport warp(std::uint64_t k, const ThreadOptions& options, const ProgressFn& progress = {}, bool force = false);

// ---- the arm's skin at every level n (§3.4, §4 Q1–Q2) --------------------------------------
//
// The upper arm's skin column by column past the shoulder (k, 0): its top row and vertical
// thickness (the run of palaces from the top). Stage n is found where the columns have
// thickness f_2n or f_2n + 1 and repeat with horizontal period f_2n+3, the top dropping
// f_2n+1 rows a period (the search of detail::measure_skin). Then, measured and not assumed:
// the least horizontal period of the stage's columns (thickness and the top's steps), the rows
// it drops, and the boundary with the outer space as a word of step widths (columns of equal
// top), one period of it, which §3.4 says is μ^n(2) for μ: 2 → 23, 3 → 233 (up to rotation).
struct SkinLevel {
  unsigned n = 0;
  std::uint64_t first = 0, end = 0, first_row = 0;  // columns past the shoulder [first, end), the top of first
  std::uint64_t thick = 0, thick_plus = 0;          // columns of thickness f_2n and of f_2n + 1
  std::uint64_t horizontal = 0, diagonal = 0;       // the modes of the rows' and diagonals' thicknesses
  std::uint64_t period = 0, drop = 0;               // least horizontal period measured, rows dropped in it
  std::string steps;                                // one period of step widths from column first
  bool steps_match = false;                         // steps is a rotation of μ^n(2)
  // The paper's figures f_2n, f_2n+1, f_2n+2, f_2n+3 met: vertical thickness f_2n (f_2n + 1 where a line
  // leaves), diagonal f_2n+1, horizontal f_2n+2, periods f_2n+3 × f_2n+1.
  bool fibonacci = false;
};
struct ArmSkin {
  std::uint64_t k = 0, columns = 0;
  std::vector<SkinLevel> levels;  // n = 1, 2, … as found, in order
};
// μ^n("2") over {2, 3}: "2", "23", "23233", … (length f_2n+3); RangeError beyond n = 12.
std::string skin_steps(unsigned n);
// Streams (k + columns + 64) × (columns/2 + 64) cells in O(k + columns) memory (MemoryError
// beyond this machine's unless force); RangeError for columns outside 16..2^24.
ArmSkin arm_skin(std::uint64_t k, std::uint64_t columns, const ProgressFn& progress = {}, bool force = false);

// ---- the queen's view (§3.1 armpits, §4 Q4) -------------------------------------------------
//
// The palace number v(x, y) is the count of palaces the queen sees from (x, y) along the three
// lines. On the D×D table (symmetric: the cells x ≥ y are reported), the largest v, every cell
// holding it (the first max_cells of them in row order), and how many lie in the armpit's
// window of locate_armpit (k < x ≤ 2k, k/3 < y < k, clipped to D) with the window's own
// largest value; the cells holding each value above k.
struct QueenViewOptions {
  std::uint64_t depth = 0;       // D: 3..2^31
  std::uint64_t max_cells = 64;  // cells of the maximum listed
  Engine engine = Engine::definition;
};
struct QueenView {
  std::uint64_t k = 0, depth = 0;
  std::uint64_t max = 0;             // the largest palace number of the table
  std::uint64_t cells = 0;           // cells x ≥ y holding it
  std::vector<Cell> first;           // the first of them, row by row
  std::uint64_t in_armpit = 0;       // of them, in the armpit window
  std::uint64_t armpit_max = 0;      // the largest v in the armpit window (0: the window is empty)
  std::vector<std::uint64_t> above;  // above[i]: cells x ≥ y with v = k + 1 + i, up to max
  bool armpits_unique() const { return cells > 0 && in_armpit == cells; }
};
// O(D²) time, O(D) memory (palace_rows_bytes; MemoryError beyond this machine's unless force).
QueenView queen_view(std::uint64_t k, const QueenViewOptions& options, const ProgressFn& progress = {},
                     bool force = false);

// ---- the census: many games to a depth, in work units a referee can check (issue 39) ------
//
// The digest of a table W cells wide: Σ (v(x, y) + 1)·r^(y·W + x) mod p, p = 2^61 − 1 and r =
// kDigestBase. It is the table read as the coefficients of a polynomial evaluated at r, so the
// digest of any cut of the cells into parts (rows, column slabs, units, ranks) is the sum of the
// parts' digests mod p, in any order; two different tables of N cells have the same digest
// only when r is a root of their difference, a nonzero polynomial of degree < N: for r chosen
// without regard to the tables, probability below N/p (10^10 cells: 4.4·10^−9).
inline constexpr std::uint64_t kDigestPrime = (std::uint64_t{1} << 61) - 1;
inline constexpr std::uint64_t kDigestBase = 0x1b873593cc9e2d51 % kDigestPrime;
class Digest61 {
 public:
  explicit Digest61(std::uint64_t width) : width_(width) {}
  // The cells (x0 + i, y) holding values[i]; O(values.size()) multiplications mod p.
  void add_row(std::uint64_t y, std::span<const std::uint32_t> values, std::uint64_t x0 = 0);
  void add(std::uint64_t digest);  // another part's digest
  std::uint64_t value() const { return value_; }

 private:
  std::uint64_t width_, value_ = 0;
};

// The census of games k = first..last to depth D: each game's D×D table (the table is
// symmetric, v(x, y) = v(y, x), so D rows of D cells hold both arms to depth D), cut into row
// units of `rows` consecutive rows and one skin unit (§3.4: the upper arm's skin stages over
// the D − k columns past the shoulder, by detail::measure_skin). A unit of game k is (k, its
// row range, kCensusEngine) — the manifest lists them — and writes one record, a text file
// ending with its checksum line; a unit is done iff its record is whole. Row unit j resumes
// from the counters and last two rows saved by unit j − 1 (kept until unit j's record is
// written), so a game's row units run in order while games are independent. Each record holds
// the measures of its rows (palaces, min, max, sum64, digest, the hottest cell, the armpit
// window's hottest cell, …); combining a game's records in order gives the game's line of
// census.json, which is therefore the same byte for byte whoever computed the units, in
// whatever order, across whatever interruptions.
//
// Checked while the rows stream, each failure a CensusViolation (the unit is not recorded):
// Theorem 2.1's CA rule at 64 sampled cells a row (pseudo-random columns from k and y), §3.2's
// hood (every cell with 2·min + max < k has v = 2·min + max), at most k palaces a row. A spot
// check recomputes one row unit in spot_every (chosen by a hash of k and j) by the plain or
// the CA engine from row 0 and compares digest, palaces, extremes and sum64.
inline constexpr const char* kCensusEngine = "census-1 definition/sse2";
inline constexpr std::uint64_t kMaxCensusUnits = 1'000'000;
struct CensusSpec {
  std::uint64_t first = 1, last = 1;  // the games k
  std::uint64_t depth = 0;            // D: rows and columns of each game's table, 3..2^31
  std::uint64_t rows = 0;             // rows per unit; 0: min(D, max(1024, D/16))
  std::uint64_t spot_every = 64;      // one row unit in spot_every recomputed (0: none)
};
struct CensusUnit {
  std::uint64_t k = 0, index = 0;
  std::uint64_t y0 = 0, y1 = 0;  // the rows [y0, y1) of a row unit
  bool skin = false;             // the game's skin unit (its last)
  bool operator==(const CensusUnit&) const = default;
};
class CensusViolation : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};
// Bytes a process holds while computing a unit of depth D for games up to k (census_bytes;
// the census refuses beyond this machine's memory unless force).
std::uint64_t census_bytes(std::uint64_t k, std::uint64_t depth);

class Census {
 public:
  // InputError/RangeError for an empty range, k or D out of range, more than kMaxCensusUnits
  // units; MemoryError when census_bytes exceeds this machine's memory (unless force).
  explicit Census(CensusSpec spec, bool force = false);
  const CensusSpec& spec() const { return spec_; }
  std::uint64_t games() const { return spec_.last - spec_.first + 1; }
  std::vector<CensusUnit> units(std::uint64_t k) const;
  std::uint64_t unit_count() const;
  // The manifest: a heading line naming the census, then one line per unit.
  std::string manifest() const;
  // Creates dir and its manifest.txt, or accepts a dir whose manifest.txt is this census's.
  // InputError for a directory that cannot be written, one holding another census, or an
  // existing non-empty directory without a manifest (nothing of the user's is overwritten).
  void prepare(const std::filesystem::path& dir) const;
  // "" when the unit's record is whole; otherwise "missing" or "damaged (why)".
  std::string record_problem(const std::filesystem::path& dir, const CensusUnit& unit) const;
  // Computes every unit of game k whose record is not whole (and the units before them whose
  // saved state is lost: a recomputed record must equal the whole one, else CensusViolation).
  // Progress in rows of the game; returns the units whose records were written.
  std::uint64_t run_game(const std::filesystem::path& dir, std::uint64_t k, const ProgressFn& progress = {}) const;
  // Writes dir/census.json from the records, game by game (InputError naming the first unit
  // whose record is missing or damaged). `command` heads it.
  void merge(const std::filesystem::path& dir, const std::string& command) const;

 private:
  CensusSpec spec_;
};
std::filesystem::path census_json_path(const std::filesystem::path& dir);

}  // namespace qg::blocking
