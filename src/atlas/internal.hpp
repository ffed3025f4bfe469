// The atlas's tables inside: what each kind holds once computed, shared by tiles.cpp and cells.cpp.
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "queengames/atlas.hpp"
#include "queengames/boards.hpp"
#include "queengames/dictionary.hpp"
#include "queengames/twopile.hpp"

namespace qg::atlas::detail {

enum class Kind { grundy, p, palace, board, infty, bits };

// What the cells of a square block hold: their extremes, sum, how many lie in the region and how
// many are P-positions (value 0, or a palace).
struct Summary {
  std::uint32_t min = UINT32_MAX, max = 0;
  std::uint64_t sum = 0;
  std::uint32_t cells = 0, p = 0;
};

// A value table's side × side corner, row-major (grundy, palace and board tables; kNone marks a
// place that is no cell of the board, shown as outside the region), with its summaries
// by kCoarse × kCoarse blocks (so that a tile zoomed out that far reads 1/256 of the cells) and
// the colour of each value.
struct Values {
  static constexpr std::uint64_t kCoarse = 16;
  static constexpr std::uint32_t kNone = boards::Table::kNone;
  std::int64_t row0 = 0, col0 = 0;  // board tables: the board coordinates of cell (0, 0)
  std::uint64_t side = 0;
  std::vector<std::uint32_t> cells;
  std::uint64_t vmax = 0;
  std::uint64_t coarse_side = 0;
  std::vector<Summary> coarse;
  std::vector<std::uint32_t> palette;  // 0xRRGGBB of the values 0 … vmax
  std::uint32_t at(std::uint64_t x, std::uint64_t y) const { return cells[y * side + x]; }
};

// Points of a table held as a list: a p table's P-positions (a_n, b_n), a_n < side, in order of n
// (so by a and, mirrored, kept sorted by b for the cells (b_n, a_n)) on the sweep's route; the
// ∞-queens (n, q_n) by n, with by_b empty (they have no mirror images).
struct PList {
  std::uint64_t side = 0;                                           // the cells it covers: x, y < side
  std::vector<std::pair<std::uint32_t, std::uint32_t>> by_a, by_b;  // (a, b) by a; (b, a) by b
};

// The first n ≥ 1 with a_n ≥ x (b = false) or b_n ≥ x (b = true), known to lie in [lo, hi]; a_n
// and b_n are the places of the n-th letters in the fixed point, so both increase with n. The
// search gallops out from `guess` and bisects the bracket it finds: a guess off by d costs about
// 2·log2(d) positions (a_n/n tends to a letter frequency's inverse, so x/ratio is off by little).
std::uint64_t first_index(const twopile::MorphicPPositions& morphic, bool b, std::uint64_t x, std::uint64_t lo,
                          std::uint64_t hi, std::uint64_t guess);
// a_n/n and b_n/n at n = 2^50: the guesses' slopes.
struct Slopes {
  long double a = 1, b = 1;
};
Slopes slopes(const twopile::MorphicPPositions& morphic);

// A computed region. A reader holds a copy while it reads: evicting a table's region (to make room
// for another under the cap) drops only the table's copy, and the memory goes with the last reader.
struct Region {
  std::shared_ptr<const Values> values;  // grundy, palace, board, bits
  std::shared_ptr<const PList> plist;    // p without random access, infty
  explicit operator bool() const { return values || plist; }
};

// One table: what its name says, and its region while computed and not evicted.
struct Table {
  TableInfo info;
  Kind kind = Kind::grundy;
  std::optional<twopile::Ruleset> ruleset;  // grundy and p tables
  std::optional<boards::BoardKind> board;   // board tables, with their piece
  boards::Piece piece = boards::Piece::queen;
  std::optional<twopile::MorphicPPositions> morphic;  // p tables with random access
  Slopes slopes;                                      // of the morphic route
  std::timed_mutex computing;                         // held while the region is computed
  // Guarded by Regions::mutex: the region, the bytes it holds and when a request last read it.
  Region region;
  std::uint64_t held = 0, used = 0;
  // p tables of the games with a dictionary (seed 003 §4): the telescope decides a column's
  // P-position far out; zoomed out further than kTelescopeZoom the swept list serves instead.
  std::optional<dictionary::Telescope> telescope;
  static constexpr int kTelescopeZoom = -2;
  std::optional<dictionary::GameDictionary> game;  // bits tables: the process (and its telescope)
  std::mutex overlays_mutex;                       // guards overlays, computed once
  std::shared_ptr<const std::vector<Overlay>> overlays;
};

// The regions in memory, held together under a cap: a region that would not fit evicts the least
// recently used ones first (their tables compute them again when next asked for).
struct Regions {
  std::mutex mutex;
  std::uint64_t held = 0, cap = 0;  // held: the regions kept and the reservations of those being computed
  std::uint64_t clock = 0;          // counts the reads, for Table::used
  std::vector<Table*> holding;      // the tables whose regions are kept (the Atlas never drops a table)
};
// The table's region, computed on first use (by one thread; the others wait, polling their own
// progress so that they too can be cancelled); empty for tables drawn by random access alone.
Region compute(Table& table, Regions& regions, const Options& options, const ProgressFn& progress);
// Whether the table's region is in memory now.
bool holds(Table& table, Regions& regions);
// The coarse summaries and the palette of a table just computed (tiles.cpp, beside the colours).
void summarize(Values& values, const Table& table);

}  // namespace qg::atlas::detail

namespace qg::atlas {

struct Atlas::Impl {
  static constexpr std::size_t kMaxTables = 1024;
  Options options;
  std::mutex mutex;  // guards the map; each table guards its own region
  std::map<std::string, std::unique_ptr<detail::Table>, std::less<>> tables;
  detail::Regions regions;
  // The table of that name, made (not computed) on first use; InputError for a bad name. Making it
  // may take a while (a ruleset's pilot sweep for its estimate), polling progress.
  detail::Table& table(std::string_view name, const ProgressFn& progress);
};

}  // namespace qg::atlas
