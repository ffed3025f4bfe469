// Measurements behind the self-organised regions of seed 004 §3 (used by the claims and the
// tests; not public API). Tables are n×n palace-number tables from palace_table().
#pragma once

#include <array>
#include <cstdint>
#include <vector>

#include "queengames/blocking.hpp"

namespace qg::blocking::detail {

// The regions that can be delimited exactly:
//   hood:        2·min(x,y) + max(x,y) < k (the casing runs from the nose (k/3, k/3) to the
//                shoulders (0, k) and (k, 0)), in two halves: x ≥ y and x < y;
//   épaulettes:  the cells periodic with the épaulette's periods, connected to the casing —
//                the lower one (below the hood) with periods (5,1) and (4,3), the upper one
//                with the transposed periods (1,5) and (3,4);
//   outer space: cells that see no palace north and north-west (upper, x > y) or west and
//                north-west (lower, y > x);
//   other:       arms, fabric, warps, inner sector.
enum Area : std::uint8_t {
  hood_upper,
  hood_lower,
  upper_epaulette,
  lower_epaulette,
  upper_outer,
  lower_outer,
  other,
  area_count
};
const char* area_name(Area r);

struct RegionMap {
  std::uint64_t k = 0, n = 0;
  std::vector<std::uint8_t> region;  // n×n
  std::array<std::uint64_t, area_count> cells{};
  Area at(std::uint64_t x, std::uint64_t y) const { return static_cast<Area>(region[y * n + x]); }
};
RegionMap classify_regions(std::uint64_t k, const std::vector<std::uint32_t>& table, std::uint64_t n);

// An épaulette's content: cells by value (k−1, k, k+1, other), and its horizontal runs of 11
// cells (a fundamental domain of the period lattice, whose determinant is 5·3 − 1·4 = 11),
// how many hold k−1 five times and k, k+1 three times each.
struct EpauletteReport {
  std::uint64_t cells = 0, runs = 0, good_runs = 0;
  std::array<std::uint64_t, 4> by_value{};
};
EpauletteReport epaulette_report(const RegionMap& map, const std::vector<std::uint32_t>& table, Area which);

// Game k1 against game k2 shifted by (dx, dy): cell (x, y) matches when
// v_k2(x + dx, y + dy) = v_k1(x, y) + k2 − k1. Counts per region of game k1, and how far
// along the main diagonal every cell matches (the fabric runs along it from the nose).
struct ShiftReport {
  std::array<std::uint64_t, area_count> cells{}, matched{};
  std::uint64_t diagonal_reach = 0;  // cells (d, d), d < reach, all match
  // Upper arm: for each column x ≥ k, how many cells from the column's first palace down
  // match before the first mismatch (capped at the table).
  std::vector<std::uint64_t> arm_depth;
};
ShiftReport compare_shifted(std::uint64_t k1, std::uint64_t k2, std::uint64_t dx, std::uint64_t dy, std::uint64_t n);

// The skin of the upper arm (§3.4), column by column from the shoulder (k, 0): the first
// palace of each column (top) and the length of the run of palaces starting there
// (vertical thickness). Stage n (n = 1, 2, 3, …) is a run of columns where thickness is
// f_2n or f_2n + 1 and the pattern repeats with horizontal period f_2n+3 and vertical period
// f_2n+1 (the top drops f_2n+1 rows every f_2n+3 columns). Horizontal thickness: the run of
// palaces ending a row at the outer space; diagonal thickness: the first run along a
// diagonal from the top row.
struct SkinStage {
  unsigned n = 0;
  std::uint64_t first = 0, end = 0;         // columns past the shoulder: [first, end)
  std::uint64_t first_row = 0;              // the top of column first
  std::uint64_t thick = 0, thick_plus = 0;  // columns of thickness f_2n and f_2n + 1
  std::uint64_t horizontal_mode = 0, vertical_period = 0, horizontal_period = 0, diagonal_mode = 0;
};
struct SkinReport {
  std::uint64_t k = 0, columns = 0;
  std::vector<SkinStage> stages;  // the longest periodic run of each stage found, in order
};
// Streams (k + columns + 64) × (columns/2 + 64) cells in O(k + columns) memory, polling
// `progress` (rows) within each row.
SkinReport measure_skin(std::uint64_t k, std::uint64_t columns, const ProgressFn& progress = {});

// What measure_skin reads from the rows, column by column from the shoulder: top[x] the first
// palace of column x (−1: none), run[x] the palaces from there down, `measured` the columns
// past the shoulder whose run ended inside the rows; the diagonals' first runs from (d, 0);
// each row's last run of palaces before the outer space. The stages are found from it
// (skin_stages), so arm_skin measures more on the same profile without streaming it again.
struct SkinProfile {
  std::uint64_t k = 0, columns = 0, width = 0, measured = 0;
  std::vector<std::int64_t> top, diagonal_top;
  std::vector<std::uint64_t> run, diagonal_run;
  std::vector<char> diagonal_done;
  struct RowRun {
    std::uint64_t y, end, length;  // the row's last run of palaces: its last column and length
  };
  std::vector<RowRun> row_runs;
};
// Bytes the profile holds (about 50 per column of the width k + columns + 64).
std::uint64_t skin_profile_bytes(std::uint64_t k, std::uint64_t columns);
SkinProfile skin_profile(std::uint64_t k, std::uint64_t columns, const ProgressFn& progress = {}, bool force = false);
SkinReport skin_stages(const SkinProfile& profile);

// The range of v − k outside the hood on an n×n table (streamed).
struct StateRange {
  std::int64_t min = 0, max = 0;
  std::uint64_t cells = 0;
  Cell first_min, first_max;  // where each extreme first appears, row by row
};
StateRange states_outside_hood(std::uint64_t k, std::uint64_t n);

}  // namespace qg::blocking::detail
