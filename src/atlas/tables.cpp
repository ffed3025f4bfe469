// The atlas's tables: their names, what each serves and why, and their regions computed once.
#include <algorithm>
#include <chrono>
#include <map>

#include <fmt/format.h>

#include "atlas/internal.hpp"
#include "queengames/blocking.hpp"
#include "queengames/boards.hpp"
#include "queengames/dictionary.hpp"
#include "queengames/infty.hpp"
#include "queengames/io.hpp"

namespace qg::atlas {
namespace detail {
namespace {

// The columns the ∞-queens engine runs to for the queens of rows below `side`: q_n ≥ n/φ − 3
// (Conjecture 25's band, checked by the claims), so columns past side·φ + 8 hold none.
std::uint64_t infty_terms(std::uint64_t side) { return side + side * 5 / 8 + 8; }

// The game of seed 003 whose dictionary describes this ruleset's P-positions, if any: Maharaja Nim
// and (2,3)-Maharaja Nim, Wythoff's moves and the jumps (k, l), (l, k).
std::optional<dictionary::GameDictionary> telescope_game(const twopile::Ruleset& ruleset) {
  auto same = [&](const twopile::Ruleset& other) {
    auto sorted = [](std::vector<twopile::MoveFamily> families) {
      for (auto& f : families)
        if (auto* jumps = std::get_if<twopile::Jumps>(&f)) std::sort(jumps->moves.begin(), jumps->moves.end());
      return families;
    };
    return sorted(other.families()) == sorted(ruleset.families()) && other.terminal() == ruleset.terminal();
  };
  for (const std::string& name : dictionary::game_dictionary_names()) {
    dictionary::GameDictionary game = dictionary::game_dictionary(name);
    if (same(twopile::Ruleset::parse(fmt::format("kl-maharaja:{},{}", game.k, game.l)))) return game;
  }
  return std::nullopt;
}

// The quadrant boards show their W×H corner; the others a window around their first cell.
bool corner(boards::BoardKind kind) {
  return kind == boards::BoardKind::quadrant || kind == boards::BoardKind::quadrant_by_columns;
}

// The corner of a Grundy table whose moves are enumerated cell by cell (boards::grundy_table_enumerates).
constexpr std::uint64_t kEnumeratedSide = 1024;

std::string megabytes(std::uint64_t bytes) { return fmt::format("{:.0f} MB", static_cast<double>(bytes) / 1e6); }

// A table named "KIND.PARAMETER" (see atlas.hpp), its region's size and cost stated up front.
std::unique_ptr<Table> make_table(std::string_view name, const Options& options, const ProgressFn& progress) {
  const std::size_t dot = name.find('.');
  const std::string_view kind = name.substr(0, dot),
                         parameter = dot == std::string_view::npos ? "" : name.substr(dot + 1);
  if (dot == std::string_view::npos || parameter.empty() ||
      (kind != "grundy" && kind != "p" && kind != "palace" && kind != "board" && kind != "infty" && kind != "bits"))
    throw InputError(
        fmt::format("no table '{}': a table is grundy.RULESET, p.RULESET, palace.K, board.BOARD[:PIECE], "
                    "infty.queens or bits.GAME (grundy.wythoff, p.maharaja, palace.3, board.spiral, bits.maharaja)",
                    name));
  auto table = std::make_unique<Table>();
  TableInfo& info = table->info;
  info.name = std::string(name);
  info.kind = std::string(kind);
  const std::uint64_t side = options.side;
  if (kind == "palace") {
    info.k = parse_u64(parameter, 1, blocking::kMaxK);
    table->kind = Kind::palace;
    info.title = fmt::format("palace numbers v(x, y) of {}-Blocking Wythoff Nim (palaces: v < {})", info.k, info.k);
    info.source = "seed 004 §1 (Fig. 1); §2, Theorem 2.1: v − k is the state of the diamond-grid CA";
    info.side = side;
    info.bytes = 4 * side * side + blocking::palace_rows_bytes(info.k, side, blocking::Engine::definition);
    info.region = fmt::format("the {0}×{0} corner, counted once row by row by the streaming engine (O(W·H) time; {1})",
                              side, megabytes(info.bytes));
    info.aggregates = {Aggregate::min, Aggregate::max, Aggregate::mean, Aggregate::p, Aggregate::residue};
    return table;
  }
  if (kind == "bits") {
    table->game.emplace(dictionary::game_dictionary(parameter));
    table->telescope.emplace(*table->game);
    table->kind = Kind::bits;
    const dictionary::GameDictionary& game = *table->game;
    info.title = fmt::format(
        "the bit-string of {}: bit i (cell (i mod {}, i div {})) is 1 iff column i holds a lower P-position (y < x)",
        game.title, side, side);
    info.source = "seed 003 §2–3 (the bit-string, words and translates), §5.1 ((2,3)-Maharaja's dictionary)";
    info.side = side;
    const std::uint64_t bits = side * side;
    info.bytes = 4 * bits + dictionary::dictionary_bytes(game.dictionary, bits);
    info.region = fmt::format(
        "the first {} bits, {} a row, written once by the dictionary process (the read head reads a word and the "
        "writer appends its translate: each bit needs the words before it; {})",
        bits, side, megabytes(info.bytes));
    info.aggregates = {Aggregate::min, Aggregate::max, Aggregate::mean, Aggregate::p};
    return table;
  }
  if (kind == "infty") {
    if (parameter != "queens") throw InputError(fmt::format("no table '{}': the ∞-queens are infty.queens", name));
    table->kind = Kind::infty;
    info.title =
        "the lexicographically first solution of the ∞-queens problem: the queen (n, q_n) of each column n ≥ 1";
    info.source = "seed 002 (Knuth, INFTY-QUEENS); seed 000 §8, Conjecture 25 (q_n − nφ and q_n − n/φ bounded)";
    info.side = std::min<std::uint64_t>(options.sweep_side, std::uint64_t{1} << 31);
    // A queen in a row below side may stand in a column up to about side·φ (the low queens,
    // q_n ≈ n/φ): the engine runs that far; at most one queen a row is kept.
    const std::uint64_t terms = infty_terms(info.side);
    info.bytes = infty::infty_memory_estimate(terms) + 8 * info.side;
    info.region = fmt::format(
        "the queens with n, q_n < {}: Knuth's engine run to column {} once (each queen needs every earlier one, so "
        "there is no random access; {})",
        info.side, terms, megabytes(info.bytes));
    info.aggregates = {Aggregate::p};
    return table;
  }
  if (kind == "board") {
    const std::size_t colon = parameter.find(':');
    const std::string_view board = parameter.substr(0, colon);
    table->board = boards::parse_board_kind(board);
    if (!table->board || boards::Board(*table->board, 1).geometry() != boards::Geometry::square)
      throw InputError(
          fmt::format("no board '{}' in the atlas: spiral, quadrant, quadrant-columns, sector45, "
                      "square-rows, square-antidiagonals",
                      board));
    if (colon != std::string_view::npos) table->piece = boards::parse_piece(parameter.substr(colon + 1));
    if (!boards::supports(*table->board, table->piece))
      throw InputError(fmt::format("the {} board takes no {}", board, boards::to_string(table->piece)));
    table->kind = Kind::board;
    const bool quadrant = corner(*table->board);
    info.title = fmt::format("Sprague-Grundy values of the {} on the {} board (value 0: the greedy {}s, seed 000 §1)",
                             boards::to_string(table->piece), board, boards::to_string(table->piece));
    info.source = quadrant ? "seed 000 §7–8 (Table 5: the quadrant by antidiagonals)"
                           : "seed 000 §1, §7 (Fig. 2's spiral; Figs. 4, 5)";
    info.side = side;
    info.bytes = 4 * side * side +
                 boards::board_grundy_bytes(boards::Board(*table->board, quadrant ? 2 * side - 1 : side), table->piece);
    info.region = fmt::format(
        "the {0}×{0} {1}, computed once by the board engine (a piece's value is the mex over the lower-numbered cells "
        "it reaches, so every earlier cell is needed; {2})",
        side, quadrant ? "corner" : "window around the first cell", megabytes(info.bytes));
    info.aggregates = {Aggregate::min, Aggregate::max, Aggregate::mean, Aggregate::p, Aggregate::residue};
    return table;
  }
  table->ruleset.emplace(twopile::Ruleset::parse(parameter));
  const twopile::Ruleset& ruleset = *table->ruleset;
  if (kind == "grundy") {
    table->kind = Kind::grundy;
    info.title = fmt::format("Sprague-Grundy values of {} (P-positions: value 0)", ruleset.name());
    info.source = "seed 000 §7 (Wythoff's table, A004481); seed 001 §1–4; seed 003 §1";
    // Moves the engine enumerates cell by cell cost O(side³): the corner shrinks to one that answers
    // in seconds (kqueen:2's 1024² about 10 s on two cores, its 4096² 15 minutes).
    const bool enumerated = boards::grundy_table_enumerates(ruleset);
    info.side = enumerated ? std::min<std::uint64_t>(side, kEnumeratedSide) : side;
    info.bytes = boards::grundy_table_bytes(ruleset, info.side, info.side);
    info.region = fmt::format(
        "the {0}×{0} corner, computed once by the Grundy engine ({1}; {2}): a value depends on every cell of smaller "
        "Manhattan distance, so there is no random access",
        info.side,
        enumerated ? "some of its moves are enumerated cell by cell, O(side³), so the corner is at most 1024 cells"
                   : "mex over per-line bitsets, O(side²)",
        megabytes(info.bytes));
    info.aggregates = {Aggregate::min, Aggregate::max, Aggregate::mean, Aggregate::p, Aggregate::residue};
    return table;
  }
  table->kind = Kind::p;
  info.title = fmt::format("P-positions of {}", ruleset.name());
  info.aggregates = {Aggregate::p};
  if (auto coding = twopile::morphic_coding(ruleset)) {
    table->morphic.emplace(*coding);
    table->slopes = slopes(*table->morphic);
    info.analytic = true;
    info.side = kAnalyticSide;
    info.source = coding->source;
    info.region = fmt::format(
        "every cell below 2^60, drawn without a table by random access to the n-th P-position (the coding {}, "
        "O(log n) a position): a pixel counts the n with (a_n, b_n) or (b_n, a_n) in its block",
        coding->morphism);
    return table;
  }
  if (auto game = telescope_game(ruleset)) {
    table->telescope.emplace(*game);
    info.analytic = true;
    info.side = kAnalyticSide;
    info.source = game->title + "; the telescope of seed 003 §4, §5.2";
    info.bytes = twopile::sweep_bytes(ruleset, options.sweep_side, progress) + 16 * options.sweep_side;
    info.region = fmt::format(
        "at zooms ≥ {0} every cell below 2^60: the telescope decides each column's P-position from the dictionary "
        "(about 150 µs a column at 10^18, so a tile spans at most {1} columns); zoomed out further, the P-positions "
        "with a_n < {2} swept once ({3})",
        Table::kTelescopeZoom, kTileSide << -Table::kTelescopeZoom, options.sweep_side, megabytes(info.bytes));
    return table;
  }
  info.source = "seed 001 §1; seed 003 §1 (the sweep: column by column, per-line bookkeeping)";
  info.side = std::min<std::uint64_t>(options.sweep_side, std::uint64_t{1} << 31);
  // a_n ≥ n, so at most side P-positions have a_n < side; each is kept twice, 8 bytes a copy.
  info.bytes = twopile::sweep_bytes(ruleset, info.side, progress) + 16 * info.side;
  info.region = fmt::format(
      "the P-positions with a_n < {}, swept once (no morphic coding is known, so there is no random access; {})",
      info.side, megabytes(info.bytes));
  return table;
}

// Frees its reservation unless the region was kept.
struct Reservation {
  Regions& regions;
  std::uint64_t bytes;
  bool kept = false;
  ~Reservation() {
    if (kept) return;
    std::lock_guard lock(regions.mutex);
    regions.held -= bytes;
  }
};

std::uint64_t largest(const std::vector<std::uint32_t>& cells) {
  std::uint32_t top = 0;
  for (std::uint32_t v : cells)
    if (v != Values::kNone) top = std::max(top, v);
  return top;
}

// The cells of a value table's region from its engine (a board's window also sets where it lies).
std::vector<std::uint32_t> region_cells(const Table& table, const Options& options, const ProgressFn& progress,
                                        Values& values) {
  const TableInfo& info = table.info;
  if (table.kind == Kind::palace)
    return blocking::palace_table(info.k, info.side, info.side, blocking::Engine::definition, progress);
  if (table.kind == Kind::bits) {
    const std::uint64_t bits = info.side * info.side;
    std::vector<std::uint32_t> cells;
    cells.reserve(bits);
    dictionary::DictionaryRunOptions run;
    run.bits = bits;
    run.progress = progress;
    run.sink = [&](std::string_view chunk) {
      for (char c : chunk) cells.push_back(c == '1');
    };
    const dictionary::DictionaryRun done = dictionary::run_game_dictionary(*table.game, run);
    if (cells.size() < bits)
      throw RangeError(fmt::format("{}'s process stopped at bit {} of {}", info.name, done.stop_position, bits));
    cells.resize(bits);
    return cells;
  }
  boards::GrundyOptions grundy;
  grundy.threads = options.threads;
  grundy.progress = progress;
  if (table.kind == Kind::grundy) return boards::grundy_table(*table.ruleset, info.side, info.side, grundy).values;
  if (!corner(*table.board)) {
    const boards::Board board(*table.board, info.side);
    values.row0 = board.row0();
    values.col0 = board.col0();
  }
  return boards::board_window_table(*table.board, table.piece, info.side, info.side, grundy).values;
}

// The region in memory, marked as just read; empty if it is not. Under regions.mutex.
Region kept_region(Table& table, Regions& regions) {
  if (table.region) table.used = ++regions.clock;
  return table.region;
}

// Reserves `bytes` for the table's region, evicting the least recently used regions of other tables
// while they do not fit. Under regions.mutex.
void make_room(const Table& table, Regions& regions, std::uint64_t bytes) {
  const TableInfo& info = table.info;
  if (bytes > regions.cap) throw MemoryError(fmt::format("{}'s region", info.name), bytes, regions.cap);
  while (regions.held + bytes > regions.cap && !regions.holding.empty()) {
    auto lru = std::min_element(regions.holding.begin(), regions.holding.end(),
                                [](const Table* a, const Table* b) { return a->used < b->used; });
    Table& evicted = **lru;
    regions.held -= evicted.held;
    evicted.region = {};
    evicted.held = 0;
    regions.holding.erase(lru);
  }
  // What is left is reserved by regions being computed now, which cannot be evicted.
  if (regions.held + bytes > regions.cap)
    throw MemoryError(
        fmt::format("{}'s region with the {} of regions being computed now", info.name, megabytes(regions.held)),
        regions.held + bytes, regions.cap);
  regions.held += bytes;
}

Region compute_region(const Table& table, const Options& options, const ProgressFn& progress) {
  const TableInfo& info = table.info;
  Region region;
  if (table.kind != Kind::p && table.kind != Kind::infty) {
    auto values = std::make_shared<Values>();
    values->side = info.side;
    values->cells = region_cells(table, options, progress, *values);
    values->vmax = largest(values->cells);
    summarize(*values, table);
    region.values = std::move(values);
  } else if (table.kind == Kind::infty) {
    auto list = std::make_shared<PList>();
    std::uint64_t n = 0;
    infty::infty_queens(
        infty_terms(info.side),
        [&](std::uint64_t q) {
          ++n;
          if (n < info.side && q < info.side)
            list->by_a.emplace_back(static_cast<std::uint32_t>(n), static_cast<std::uint32_t>(q));
        },
        progress);
    list->side = info.side;
    region.plist = std::move(list);
  } else {
    // The sweep's corner: the table's region, or for the telescope's games the zoomed-out views.
    const std::uint64_t sweep_side =
        table.telescope ? std::min<std::uint64_t>(options.sweep_side, std::uint64_t{1} << 31) : info.side;
    auto list = std::make_shared<PList>();
    twopile::sweep_p_positions(
        *table.ruleset, UINT64_MAX,
        [&](std::uint64_t, std::uint64_t a, std::uint64_t b) {
          if (a >= sweep_side) return false;
          list->by_a.emplace_back(static_cast<std::uint32_t>(a), static_cast<std::uint32_t>(b));
          return true;
        },
        progress);
    list->side = sweep_side;
    list->by_b.reserve(list->by_a.size());
    for (auto [a, b] : list->by_a) list->by_b.emplace_back(b, a);
    std::sort(list->by_b.begin(), list->by_b.end());
    region.plist = std::move(list);
  }
  return region;
}

}  // namespace

Region compute(Table& table, Regions& regions, const Options& options, const ProgressFn& progress) {
  if (table.kind == Kind::p && table.morphic) return {};
  {
    std::lock_guard guard(regions.mutex);
    if (Region kept = kept_region(table, regions)) return kept;
  }
  // One thread computes; the others wait here, polling their own progress (a cancelled request
  // stops waiting). If the computing request is cancelled, a waiting one computes instead.
  std::unique_lock lock(table.computing, std::defer_lock);
  while (!lock.try_lock_for(std::chrono::milliseconds(20)))
    if (progress) progress(0, 1);
  const TableInfo& info = table.info;
  {
    std::lock_guard guard(regions.mutex);
    if (Region kept = kept_region(table, regions)) return kept;
    make_room(table, regions, info.bytes);
  }
  Reservation reservation{regions, info.bytes};
  require_memory(info.bytes, info.name);
  Region region = compute_region(table, options, progress);
  // The estimate covered the engine at its peak; what stays is the region itself.
  std::uint64_t held = 0;
  if (region.values)
    held = 4 * (region.values->cells.size() + region.values->palette.size()) +
           sizeof(Summary) * region.values->coarse.size();
  if (region.plist) held = 8 * (region.plist->by_a.size() + region.plist->by_b.size());
  std::lock_guard guard(regions.mutex);
  regions.holding.push_back(&table);
  regions.held = regions.held - info.bytes + held;
  reservation.kept = true;
  table.region = region;
  table.held = held;
  table.used = ++regions.clock;
  return region;
}

bool holds(Table& table, Regions& regions) {
  std::lock_guard guard(regions.mutex);
  return static_cast<bool>(table.region);
}

std::uint64_t first_index(const twopile::MorphicPPositions& morphic, bool b, std::uint64_t x, std::uint64_t lo,
                          std::uint64_t hi, std::uint64_t guess) {
  lo = std::max<std::uint64_t>(lo, 1);
  hi = std::max(hi, lo);
  auto reaches = [&](std::uint64_t n) {
    const twopile::Position p = morphic.nth(n);
    return (b ? p.y : p.x) >= x;
  };
  // A bracket [l, h] holding the answer, found by steps 1, 2, 4, … from the guess.
  std::uint64_t l = lo, h = hi;
  const std::uint64_t g = std::clamp(guess, lo, hi);
  if (reaches(g)) {
    h = g;
    for (std::uint64_t step = 1; h > lo; step *= 2) {
      const std::uint64_t probe = h - lo > step ? h - step : lo;
      if (!reaches(probe)) {
        l = probe + 1;
        break;
      }
      h = probe;
    }
  } else {
    l = g + 1;
    for (std::uint64_t step = 1; l < hi; step *= 2) {
      const std::uint64_t probe = hi - l > step ? l + step : hi;
      if (reaches(probe)) {
        h = probe;
        break;
      }
      l = probe + 1;
    }
  }
  while (l < h) {
    const std::uint64_t mid = l + (h - l) / 2;
    if (reaches(mid)) h = mid;
    else l = mid + 1;
  }
  return l;
}

Slopes slopes(const twopile::MorphicPPositions& morphic) {
  constexpr std::uint64_t n = std::uint64_t{1} << 50;
  const twopile::Position p = morphic.nth(n);
  return {static_cast<long double>(p.x) / n, static_cast<long double>(p.y) / n};
}

}  // namespace detail

detail::Table& Atlas::Impl::table(std::string_view name, const ProgressFn& progress) {
  // A name from a URL may hold any byte: one the message could not show (a NUL would end it) is
  // refused by its code.
  for (unsigned char c : name)
    if (c < 0x20 || c == 0x7f) throw InputError(fmt::format("no table: a table's name holds byte 0x{:02x}", c));
  {
    std::lock_guard lock(mutex);
    if (auto it = tables.find(name); it != tables.end()) return *it->second;
  }
  // Describing a table may compute (a ruleset's parameters), so it runs outside the lock: other
  // requests go on meanwhile. Two requests describing the same new table keep the first entry.
  auto made = detail::make_table(name, options, progress);
  std::lock_guard lock(mutex);
  auto it = tables.find(name);
  if (it != tables.end()) return *it->second;
  // Each name asked for keeps a small entry (its region only once computed): a bound on them
  // keeps a client that asks for palace.1, palace.2, … from growing the map without end.
  if (tables.size() >= kMaxTables)
    throw RangeError(fmt::format("the atlas holds at most {} tables; '{}' would be one more", kMaxTables, name));
  it = tables.emplace(std::string(name), std::move(made)).first;
  return *it->second;
}

Aggregate parse_aggregate(std::string_view name) {
  if (name == "min") return Aggregate::min;
  if (name == "max") return Aggregate::max;
  if (name == "mean") return Aggregate::mean;
  if (name == "p") return Aggregate::p;
  if (name == "mod") return Aggregate::residue;
  throw InputError(fmt::format("no aggregate '{}': min, max, mean, p (the share of P-positions) or mod", name));
}

const char* to_string(Aggregate aggregate) {
  switch (aggregate) {
    case Aggregate::min:
      return "min";
    case Aggregate::max:
      return "max";
    case Aggregate::mean:
      return "mean";
    case Aggregate::p:
      return "p";
    case Aggregate::residue:
      return "mod";
  }
  return "?";
}

Atlas::Atlas(Options options) : impl_(std::make_unique<Impl>()) {
  if (options.side < kTileSide || options.side > (std::uint64_t{1} << 14))
    throw RangeError(fmt::format("an atlas region side is {}..16384 cells (got {})", kTileSide, options.side));
  impl_->options = options;
  impl_->regions.cap = options.memory ? options.memory : physical_memory();
}

Atlas::~Atlas() = default;

std::vector<TableInfo> Atlas::catalogue() const {
  std::vector<TableInfo> list;
  for (const char* name : {"grundy.wythoff",
                           "p.wythoff",
                           "palace.5",
                           "palace.3",
                           "palace.2",
                           "grundy.maharaja",
                           "p.maharaja",
                           "p.kqueen:2",
                           "grundy.kqueen:2",
                           "p.queen-bee",
                           "grundy.queen-bee",
                           "p.queen-dee",
                           "p.st-wythoff:2,1",
                           "grundy.kl-maharaja:2,3",
                           "p.kl-maharaja:2,3",
                           "grundy.t2t:2",
                           "board.quadrant",
                           "board.spiral",
                           "board.quadrant:rook",
                           "board.sector45",
                           "bits.maharaja",
                           "bits.maharaja23"})
    list.push_back(info(name));
  return list;
}

TableInfo Atlas::info(std::string_view name, const ProgressFn& progress) const {
  detail::Table& table = impl_->table(name, progress);
  TableInfo info = table.info;
  info.computed = info.analytic || detail::holds(table, impl_->regions);
  return info;
}

std::uint64_t Atlas::memory() const {
  std::lock_guard lock(impl_->regions.mutex);
  return impl_->regions.held;
}

}  // namespace qg::atlas
