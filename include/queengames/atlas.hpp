// queengames — the atlas: every table of the library as square tiles for a deep-zoom viewer,
// and the facts of any one cell (`queengames serve`, docs/ATLAS.md).
//
// A table is named "KIND.PARAMETER":
//   grundy.RULESET   Sprague-Grundy values of a two-pile ruleset (twopile.hpp's names:
//                    grundy.wythoff, grundy.maharaja, grundy.kqueen:3 …), the side × side
//                    corner computed once by boards::grundy_table;
//   p.RULESET        its P-positions: drawn from random access to the n-th P-position where
//                    the papers give a morphic coding (far out, to 2^60), else from the sweep;
//   palace.K         k-Blocking Wythoff's palace numbers (seed 004), the side × side corner
//                    computed once by blocking::palace_table; v − k is the CA's state;
//   bits.GAME        the bit-string of a game's dictionary process (seed 003 §2–5: bits.maharaja,
//                    bits.maharaja23), bit i in cell (i mod side, i div side), run once.
// Cells are (x, y), x the column and y the row from the top left, both from 0.
//
// Tiles follow a deep-zoom viewer's scheme: at zoom z a tile is kTileSide pixels a side, tile
// (X, Y) covers the cells whose pixels fall in it, and a cell is 2^z pixels a side (z ≥ 0) or
// a pixel covers 2^−z × 2^−z cells (z < 0). A pixel covering several cells shows an honest
// aggregate of them (their minimum, maximum, mean, or the share that are P-positions or
// multiples of m), never one sampled cell.
//
// An Atlas is shared by the server's threads: every member function may be called from many
// threads at once. The memory a table's engine needs is estimated up front (TableInfo::bytes);
// once computed, the region counts what it holds (memory()). The regions together stay within
// Options::memory: one that does not fit evicts the least recently read regions (computed again
// when next asked for), and one larger than the cap alone is refused (MemoryError).
//
// Overlays are what the papers draw over a table — the lines y = φx and y = x/φ, the P-beams,
// seed 004's regions and landmarks — located by the library from the table's own data and
// returned as shapes in cell coordinates for the page to draw.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "queengames/common.hpp"

namespace qg::atlas {

inline constexpr std::uint32_t kTileSide = 256;
// A cell at most 256 pixels a side; a pixel at most 2^60 cells a side.
inline constexpr int kMinZoom = -60, kMaxZoom = 8;
// Analytic tables serve coordinates below 2^60 (random access reaches the 2^62-th P-position).
inline constexpr std::uint64_t kAnalyticSide = std::uint64_t{1} << 60;

// What a pixel shows of the cells it covers. value tables (grundy, palace) take all five;
// p tables only p.
enum class Aggregate { min, max, mean, p, residue };
Aggregate parse_aggregate(std::string_view name);  // "min", "max", "mean", "p", "mod"; InputError
const char* to_string(Aggregate aggregate);

struct View {
  Aggregate aggregate = Aggregate::min;
  std::uint32_t modulus = 2;  // residue: the share of cells whose value is ≡ 0 (mod modulus), 2..1000
};

struct TableInfo {
  std::string name;         // "grundy.wythoff"
  std::string kind;         // "grundy", "p", "palace", "board", "infty", "bits"
  std::string title;        // what the cells hold, in the papers' words
  std::string source;       // which paper and section
  std::uint64_t side = 0;   // cells (x, y) with x, y < side are served
  bool analytic = false;    // tiles from random access, no table held
  std::string region;       // how the region is computed and why it ends there
  std::uint64_t bytes = 0;  // memory held once computed (estimated before computing)
  bool computed = false;    // whether the region is in memory now
  std::vector<Aggregate> aggregates;
  std::uint64_t k = 0;  // palace tables: the game's k
};

// The colour of every value a table's pixels may show for a view, for the colour bar: density
// views from white (no P-position) to black (all); value views by the paper's palette (seed 004
// Fig. 1 for palace numbers) or red → blue over 0 … vmax with 0 black (seed 000 Fig. 5).
struct Legend {
  bool density = false;                // colours index the share 0 … 1 in steps of 1/(colours − 1)
  std::uint64_t vmax = 0;              // value views: the largest value in the table
  std::vector<std::uint32_t> colours;  // 0xRRGGBB for value 0 … min(vmax, kMaxLegend) (or the shares)
  static constexpr std::uint64_t kMaxLegend = 4095;
};

// A cell's facts: its value, whether it is a P-position, its options (up to kMaxOptions of
// them), and what the papers say of it.
struct CellFacts {
  std::string table;
  std::uint64_t x = 0, y = 0;
  std::optional<std::uint64_t> value;  // Grundy value or palace number
  bool p_position = false;
  std::optional<std::uint64_t> index;  // n when the cell is (a_n, b_n) or (b_n, a_n)
  std::uint64_t option_count = 0;      // every option of the cell (moves of the queen)
  struct Option {
    std::uint64_t x = 0, y = 0;
    std::optional<std::uint64_t> value;  // grundy and palace tables
    std::optional<bool> p_position;      // where the table knows it
  };
  std::vector<Option> options;  // the first kMaxOptions, with their values where known
  static constexpr std::size_t kMaxOptions = 64;
  std::vector<std::string> notes;  // why the cell is what it is: the rule, lemma or theorem
};

// A shape of an overlay, in cell coordinates (x, y), doubles: overlays are pictures, nothing
// is decided from them.
struct Shape {
  enum class Kind { line, polygon, point };
  Kind kind = Kind::line;
  std::string label;
  std::vector<std::pair<double, double>> points;  // a line's vertices, a polygon's boundary, a point
};
const char* to_string(Shape::Kind kind);

struct Overlay {
  std::string name;   // "phi", "diagonal", "beams", "regions", "landmarks"
  std::string title;  // what it shows, for the page's checkbox
  std::string source;
  std::vector<Shape> shapes;
  std::vector<std::string> notes;  // how it was located, what was measured
};

// The P-beams of a two-pile ruleset: the rays near which its upper P-positions (a_n, b_n),
// b_n > a_n, lie (seed 003 Theorem 1.2: within a bounded distance of y = φx; Fig. 9's "bounded
// split"; seed 004 §3.1's beams "whose slopes are generally quadratic irrationals"). Measured on
// the P-positions with from ≤ a_n < to: their slopes b/a sorted and cut where consecutive ones
// differ by more than kSlopeGap, then each cluster's offsets b − s·a cut where they differ by
// more than kOffsetGap; a cluster with fewer than 1% of the P-positions is no beam.
struct Beam {
  double slope = 0;               // s: least squares of b against a (with an intercept)
  double low = 0, high = 0;       // every member has low ≤ b − s·a ≤ high
  std::uint64_t p_positions = 0;  // members
};
struct Beams {
  std::uint64_t from = 0, to = 0, measured = 0, strays = 0;  // strays: upper P-positions in no beam
  std::vector<Beam> beams;
  static constexpr double kSlopeGap = 0.01, kOffsetGap = 4;
};
Beams find_beams(const std::vector<std::pair<std::uint64_t, std::uint64_t>>& upper, std::uint64_t from,
                 std::uint64_t to);

struct Options {
  std::uint64_t side = 4096;           // the corner computed for grundy and palace tables
  std::uint64_t sweep_side = 1 << 22;  // the corner of p tables without random access and of infty.queens
  std::uint64_t memory = 0;            // bytes the computed regions may hold together (0: physical memory)
  unsigned threads = 2;                // for boards::grundy_table
};

class Atlas {
 public:
  explicit Atlas(Options options = {});
  ~Atlas();
  Atlas(const Atlas&) = delete;
  Atlas& operator=(const Atlas&) = delete;

  // The tables listed for a picker: a few of each kind (any other name is served too).
  std::vector<TableInfo> catalogue() const;
  // Any table by name; InputError naming the kinds for a malformed or unknown name. Describing a
  // table the first time may take seconds (t2t:T's pilot sweep with 2T jumps): progress polls.
  TableInfo info(std::string_view name, const ProgressFn& progress = {}) const;

  // Tile (X, Y) at zoom z as an RGB PNG of kTileSide² pixels. Computes the table's region
  // first if need be (progress: its engine's; then the tile's rows). InputError for a zoom
  // outside kMinZoom … kMaxZoom or an aggregate the table does not take; RangeError for a tile
  // wholly outside the served region (cells outside it in a tile that overlaps are grey).
  std::string tile_png(std::string_view table, int z, std::uint64_t tx, std::uint64_t ty, const View& view,
                       const ProgressFn& progress = {});
  // The same as one colour 0xRRGGBB per pixel, row by row (for tests and the PNG).
  std::vector<std::uint32_t> tile_pixels(std::string_view table, int z, std::uint64_t tx, std::uint64_t ty,
                                         const View& view, const ProgressFn& progress = {});
  // The colours of a view (computes the region to know vmax).
  Legend legend(std::string_view table, const View& view, const ProgressFn& progress = {});
  // RangeError outside the served region.
  CellFacts cell(std::string_view table, std::uint64_t x, std::uint64_t y, const ProgressFn& progress = {});

  // The overlays of a table (computed once, then kept): the lines for every table on the quadrant;
  // the P-beams of grundy and p tables; seed 004's regions and landmarks of palace tables (the
  // latter computes the region first).
  std::vector<Overlay> overlays(std::string_view table, const ProgressFn& progress = {});

  // Bytes the computed regions hold now.
  std::uint64_t memory() const;

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

// Colour of grey cells: outside the served region.
inline constexpr std::uint32_t kOutside = 0xd8d8d8;

}  // namespace qg::atlas
