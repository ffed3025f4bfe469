// Grundy tables of two-pile rulesets: the fast route (per-line bitsets, tiles in parallel) and
// the straightforward one (enumerate the options, take the mex).
#include <algorithm>
#include <atomic>
#include <optional>

#include <fmt/format.h>

#include "core/filled.hpp"
#include "core/team.hpp"
#include "queengames/boards.hpp"
#include "queengames/io.hpp"
#include "value_sets.hpp"

namespace qg::boards {

std::string TableSummary::line() const {
  Sum64 s{width, sum64};
  return fmt::format("size {}x{} max {} zeros {} sum64 {}", width, height, max, zeros, s.hex());
}

TableSummary summarize(const Table& table) {
  TableSummary summary{table.width, table.height, 0, 0, 0};
  Sum64 sum{table.width};
  for (std::uint64_t y = 0; y < table.height; ++y)
    for (std::uint64_t x = 0; x < table.width; ++x) {
      const std::uint32_t v = table.at(x, y);
      if (v == Table::kNone) continue;
      sum.add(x, y, v);
      summary.max = std::max<std::uint64_t>(summary.max, v);
      summary.zeros += v == 0;
    }
  summary.sum64 = sum.sum;
  return summary;
}

namespace {

constexpr std::uint64_t kMaxSide = std::uint64_t{1} << 20;
constexpr std::uint64_t kMaxBruteSide = std::uint64_t{1} << 12;
constexpr std::uint64_t kTile = 64;

void check_size(std::uint64_t width, std::uint64_t height, std::uint64_t max, const char* route) {
  if (width < 1 || height < 1 || width > max || height > max)
    throw RangeError(
        fmt::format("{} table size {}x{} is out of range: each side must be in 1..{}", route, width, height, max));
}

// How the fast route treats each move family: rook and Wythoff's diagonal become line sets,
// jumps are looked up, and everything else is enumerated through a ruleset of its own.
struct Plan {
  bool rows = false, columns = false, diagonals = false;
  std::uint64_t terminal = 0;  // positions with x + y ≤ terminal have no options: value 0
  std::vector<twopile::Position> jumps;
  std::optional<twopile::Ruleset> rest;
};

Plan plan_of(const twopile::Ruleset& ruleset) {
  Plan plan;
  plan.terminal = ruleset.terminal();
  std::vector<twopile::MoveFamily> rest;
  for (const twopile::MoveFamily& family : ruleset.families()) {
    if (std::holds_alternative<twopile::Rook>(family)) {
      plan.rows = plan.columns = true;
    } else if (const auto* w = std::get_if<twopile::Widened>(&family); w && *w == twopile::Widened{}) {
      plan.diagonals = true;
    } else if (const auto* j = std::get_if<twopile::Jumps>(&family)) {
      plan.jumps.insert(plan.jumps.end(), j->moves.begin(), j->moves.end());
    } else {
      rest.push_back(family);
    }
  }
  if (!rest.empty()) plan.rest.emplace(ruleset.name() + " (enumerated)", std::move(rest));
  return plan;
}

// The region computed: the corner itself for a monotone ruleset; otherwise every position of
// Manhattan distance below W + H − 1, which holds every option of every corner position.
struct Region {
  std::uint64_t width, height;
  bool by_antidiagonals;
};

Region region_of(const twopile::Ruleset& ruleset, std::uint64_t width, std::uint64_t height) {
  if (ruleset.monotone()) return {width, height, false};
  return {width + height - 1, width + height - 1, true};
}

class TableEngine {
 public:
  TableEngine(const twopile::Ruleset& ruleset, Region region, const ProgressFn& progress)
      : plan_(plan_of(ruleset)),
        region_(region),
        values_(filled<std::uint32_t>(region.width * region.height, Table::kNone, progress)) {
    if (plan_.rows) rows_.resize(region.height);
    if (plan_.columns) columns_.resize(region.width);
    if (plan_.diagonals) diagonals_.resize(region.width + region.height - 1);
  }

  // Per-thread scratch: the values of the jumps and enumerated moves of one position.
  struct Scratch {
    detail::ValueSet extra;
    std::vector<std::uint32_t> inserted;
    std::vector<twopile::Position> options;
  };

  void compute(std::uint64_t x, std::uint64_t y, Scratch& scratch) {
    const detail::ValueSet* sets[4];
    std::size_t count = 0;
    detail::ValueSet* row = plan_.rows ? &rows_[y] : nullptr;
    detail::ValueSet* column = plan_.columns ? &columns_[x] : nullptr;
    detail::ValueSet* diagonal = plan_.diagonals ? &diagonals_[x + region_.height - 1 - y] : nullptr;
    for (detail::ValueSet* s : {row, column, diagonal})
      if (s) sets[count++] = s;
    auto add_extra = [&](std::uint64_t px, std::uint64_t py) {
      const std::uint32_t v = values_[py * region_.width + px];
      if (!scratch.extra.contains(v)) scratch.extra.insert(v), scratch.inserted.push_back(v);
    };
    for (const twopile::Position& j : plan_.jumps)
      if (x >= j.x && y >= j.y) add_extra(x - j.x, y - j.y);
    if (plan_.rest) {
      plan_.rest->options({x, y}, scratch.options);
      for (const twopile::Position& o : scratch.options) add_extra(o.x, o.y);
    }
    sets[count++] = &scratch.extra;
    const std::uint32_t value = x + y <= plan_.terminal ? 0 : detail::mex_of_union(sets, count);
    for (std::uint32_t v : scratch.inserted) scratch.extra.erase(v);
    scratch.inserted.clear();
    values_[y * region_.width + x] = value;
    for (detail::ValueSet* s : {row, column, diagonal})
      if (s) s->insert(value);
  }

  void run(unsigned threads, const ProgressFn& progress) {
    const std::uint64_t total =
        region_.by_antidiagonals ? region_.width * (region_.width + 1) / 2 : region_.width * region_.height;
    std::atomic<std::uint64_t> next{0};
    std::uint64_t done = 0;
    std::vector<Scratch> scratch(threads);
    if (region_.by_antidiagonals) {
      // Positions of one antidiagonal have no move between them: share them out in chunks.
      constexpr std::uint64_t kChunk = 256;
      run_rounds(
          threads, region_.width,
          [&](std::uint64_t s, unsigned thread) {
            Scratch& local = scratch[thread];
            for (std::uint64_t first; (first = next.fetch_add(kChunk)) <= s;)
              for (std::uint64_t x = first; x <= std::min(s, first + kChunk - 1); ++x) compute(x, s - x, local);
          },
          [&](std::uint64_t s) {
            next = 0;
            done += s + 1;
            if (progress) progress(done, total);
          });
      return;
    }
    // Tiles: tile (I, J) only moves into tiles (I', J') with I' ≤ I, J' ≤ J, and no line of a
    // monotone family meets two tiles of one tile antidiagonal, so those run in parallel.
    const std::uint64_t tiles_x = (region_.width + kTile - 1) / kTile, tiles_y = (region_.height + kTile - 1) / kTile;
    run_rounds(
        threads, tiles_x + tiles_y - 1,
        [&](std::uint64_t t, unsigned thread) {
          Scratch& local = scratch[thread];
          const std::uint64_t i0 = t >= tiles_y ? t - tiles_y + 1 : 0, i1 = std::min(tiles_x - 1, t);
          for (std::uint64_t i; (i = i0 + next.fetch_add(1)) <= i1;) {
            const std::uint64_t j = t - i;
            for (std::uint64_t y = j * kTile; y < std::min(region_.height, (j + 1) * kTile); ++y)
              for (std::uint64_t x = i * kTile; x < std::min(region_.width, (i + 1) * kTile); ++x) compute(x, y, local);
          }
        },
        [&](std::uint64_t t) {
          next = 0;
          const std::uint64_t i0 = t >= tiles_y ? t - tiles_y + 1 : 0, i1 = std::min(tiles_x - 1, t);
          for (std::uint64_t i = i0; i <= i1; ++i)
            done += (std::min(region_.width, (i + 1) * kTile) - i * kTile) *
                    (std::min(region_.height, (t - i + 1) * kTile) - (t - i) * kTile);
          if (progress) progress(done, total);
        });
  }

  Table crop(std::uint64_t width, std::uint64_t height, const ProgressFn& progress) const {
    Table table{width, height, filled<std::uint32_t>(width * height, 0, progress)};
    Poller poller(progress, height);
    for (std::uint64_t y = 0; y < height; ++y) {
      std::copy_n(values_.begin() + static_cast<std::ptrdiff_t>(y * region_.width), width,
                  table.values.begin() + static_cast<std::ptrdiff_t>(y * width));
      poller.tick(y);
    }
    return table;
  }

 private:
  Plan plan_;
  Region region_;
  std::vector<std::uint32_t> values_;
  std::vector<detail::ValueSet> rows_, columns_, diagonals_;
};

}  // namespace

bool grundy_table_enumerates(const twopile::Ruleset& ruleset) { return plan_of(ruleset).rest.has_value(); }

std::uint64_t grundy_table_bytes(const twopile::Ruleset& ruleset, std::uint64_t width, std::uint64_t height) {
  const Region r = region_of(ruleset, width, height);
  // The values (4 bytes a cell) and the cropped copy returned; a line set per row, column and
  // diagonal costs about 190 bytes however short (the set, its words from a cache line, its
  // summary) plus its span of values: the values on a line are distinct and, measured, lie
  // within about twice its length (doubling growth: 4 bits a cell of each of the 3 lines
  // through it). The old bound, 3(W + H) bits for every line, asked 126 GiB for the
  // 300000×2 table of A004482 that takes 113 MB (tests/test_cli_memory.cpp).
  (void)ruleset;
  const std::uint64_t lines = r.width + r.height + (r.width + r.height - 1);
  return 8 * r.width * r.height + 12 * r.width * r.height / 8 + 192 * lines + (std::uint64_t{8} << 20);
}

Table grundy_table(const twopile::Ruleset& ruleset, std::uint64_t width, std::uint64_t height,
                   const GrundyOptions& options) {
  check_size(width, height, kMaxSide, "Grundy");
  require_threads(options.threads);
  require_memory(grundy_table_bytes(ruleset, width, height),
                 fmt::format("the {}x{} Grundy table of {}", width, height, ruleset.name()), options.force);
  TableEngine engine(ruleset, region_of(ruleset, width, height), options.progress);
  engine.run(std::max(1u, options.threads), options.progress);
  return engine.crop(width, height, options.progress);
}

Table grundy_table_brute_force(const twopile::Ruleset& ruleset, std::uint64_t width, std::uint64_t height) {
  check_size(width, height, kMaxBruteSide, "brute-force Grundy");
  // Positions by increasing Manhattan distance: every option comes before its position.
  const std::uint64_t side = width + height - 1;
  std::vector<std::uint32_t> values(side * side, Table::kNone);
  std::vector<twopile::Position> options;
  std::vector<std::uint32_t> seen;
  std::vector<bool> marked;
  for (std::uint64_t s = 0; s < side; ++s)
    for (std::uint64_t x = 0; x <= s; ++x) {
      const std::uint64_t y = s - x;
      if (ruleset.monotone() && (x >= width || y >= height)) continue;
      ruleset.options({x, y}, options);
      seen.clear();
      for (const twopile::Position& o : options) seen.push_back(values[o.y * side + o.x]);
      values[y * side + x] = detail::mex_of(seen, marked);
    }
  Table table{width, height, std::vector<std::uint32_t>(width * height)};
  for (std::uint64_t y = 0; y < height; ++y)
    for (std::uint64_t x = 0; x < width; ++x) table.values[y * width + x] = values[y * side + x];
  return table;
}

}  // namespace qg::boards
