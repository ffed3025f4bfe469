#include "blocking/regions.hpp"

#include <algorithm>
#include <deque>
#include <map>

#include "queengames/numeration.hpp"

namespace qg::blocking::detail {

const char* area_name(Area r) {
  switch (r) {
    case hood_upper:
      return "hood (x >= y)";
    case hood_lower:
      return "hood (x < y)";
    case upper_epaulette:
      return "upper épaulette";
    case lower_epaulette:
      return "lower épaulette";
    case upper_outer:
      return "upper outer space";
    case lower_outer:
      return "lower outer space";
    case other:
      return "arms, fabric, warps, inner sector";
    case area_count:
      break;
  }
  return "?";
}

namespace {

bool in_hood(std::uint64_t k, std::uint64_t x, std::uint64_t y) { return 2 * std::min(x, y) + std::max(x, y) < k; }

}  // namespace

RegionMap classify_regions(std::uint64_t k, const std::vector<std::uint32_t>& table, std::uint64_t n) {
  RegionMap map;
  map.k = k, map.n = n;
  map.region.assign(n * n, other);
  auto v = [&](std::uint64_t x, std::uint64_t y) { return table[y * n + x]; };
  // Outer space: what a cell sees north, west and north-west, as flags.
  std::vector<char> column_seen(n, 0), diagonal_seen(2 * n, 0);  // diagonal x − y + n
  for (std::uint64_t y = 0; y < n; ++y) {
    bool row_seen = false;
    for (std::uint64_t x = 0; x < n; ++x) {
      char& diagonal = diagonal_seen[x + n - y];
      auto& r = map.region[y * n + x];
      if (in_hood(k, x, y)) r = x >= y ? hood_upper : hood_lower;
      else if (x > y && !column_seen[x] && !diagonal) r = upper_outer;
      else if (y > x && !row_seen && !diagonal) r = lower_outer;
      if (v(x, y) < k) column_seen[x] = diagonal = 1, row_seen = true;
    }
  }
  // Épaulettes: flood the periodic cells from the casing (2·min + max = k, k + 1, k + 2).
  auto grow = [&](Area which, std::uint64_t px1, std::uint64_t py1, std::uint64_t px2, std::uint64_t py2) {
    auto periodic = [&](std::uint64_t x, std::uint64_t y) {
      if (x + std::max(px1, px2) >= n || y + std::max(py1, py2) >= n || map.region[y * n + x] != other) return false;
      return v(x, y) == v(x + px1, y + py1) && v(x, y) == v(x + px2, y + py2);
    };
    std::deque<std::pair<std::uint64_t, std::uint64_t>> queue;
    auto visit = [&](std::uint64_t x, std::uint64_t y) {
      if (periodic(x, y)) map.region[y * n + x] = which, queue.push_back({x, y});
    };
    for (std::uint64_t a = 0; a < n; ++a)
      for (std::uint64_t s = k; s < k + 3; ++s) {
        // the lower épaulette lies below the casing segment y = s − 2x (x < y), the upper
        // one right of x = s − 2y (y < x)
        if (s < 2 * a) continue;
        std::uint64_t b = s - 2 * a;
        if (b <= a || b >= n) continue;
        if (which == lower_epaulette) visit(a, b);
        else visit(b, a);
      }
    while (!queue.empty()) {
      auto [x, y] = queue.front();
      queue.pop_front();
      if (x + 1 < n) visit(x + 1, y);
      if (x > 0) visit(x - 1, y);
      if (y + 1 < n) visit(x, y + 1);
      if (y > 0) visit(x, y - 1);
    }
  };
  grow(lower_epaulette, 5, 1, 4, 3);
  grow(upper_epaulette, 1, 5, 3, 4);
  for (auto r : map.region) ++map.cells[r];
  return map;
}

EpauletteReport epaulette_report(const RegionMap& map, const std::vector<std::uint32_t>& table, Area which) {
  EpauletteReport report;
  const std::uint64_t n = map.n;
  auto bucket = [&](std::uint32_t v) -> std::size_t {
    if (v + 1 == map.k) return 0;
    if (v == map.k) return 1;
    return v == map.k + 1 ? 2 : 3;
  };
  for (std::uint64_t y = 0; y < n; ++y) {
    std::uint64_t in_run = 0;  // consecutive cells of the épaulette ending at x
    for (std::uint64_t x = 0; x < n; ++x) {
      if (map.at(x, y) != which) {
        in_run = 0;
        continue;
      }
      ++report.cells;
      ++report.by_value[bucket(table[y * n + x])];
      if (++in_run < 11) continue;
      std::array<std::uint64_t, 4> count{};
      for (std::uint64_t i = x - 10; i <= x; ++i) ++count[bucket(table[y * n + i])];
      ++report.runs;
      report.good_runs += count[0] == 5 && count[1] == 3 && count[2] == 3;
    }
  }
  return report;
}

ShiftReport compare_shifted(std::uint64_t k1, std::uint64_t k2, std::uint64_t dx, std::uint64_t dy, std::uint64_t n) {
  auto a = palace_table(k1, n, n);
  auto b = palace_table(k2, n + dx, n + dy);
  auto map = classify_regions(k1, a, n);
  const auto offset = static_cast<std::int64_t>(k2) - static_cast<std::int64_t>(k1);
  auto match = [&](std::uint64_t x, std::uint64_t y) {
    return static_cast<std::int64_t>(b[(y + dy) * (n + dx) + x + dx]) ==
           static_cast<std::int64_t>(a[y * n + x]) + offset;
  };
  ShiftReport report;
  for (std::uint64_t y = 0; y < n; ++y)
    for (std::uint64_t x = 0; x < n; ++x) {
      ++report.cells[map.at(x, y)];
      report.matched[map.at(x, y)] += match(x, y);
    }
  while (report.diagonal_reach < n && match(report.diagonal_reach, report.diagonal_reach)) ++report.diagonal_reach;
  for (std::uint64_t x = k1; x < n; ++x) {
    std::uint64_t y = 0;
    while (y < n && a[y * n + x] >= k1) ++y;
    std::uint64_t depth = 0;
    while (y + depth < n && match(x, y + depth)) ++depth;
    report.arm_depth.push_back(depth);
  }
  return report;
}

std::uint64_t skin_profile_bytes(std::uint64_t k, std::uint64_t columns) {
  const std::uint64_t W = k + columns + 64;
  // top, run, diagonal top and run (8 bytes each), two flags, a row run per row (24 bytes)
  return palace_rows_bytes(k, W, Engine::definition) + 34 * W + 24 * (columns / 2 + 64);
}

SkinProfile skin_profile(std::uint64_t k, std::uint64_t columns, const ProgressFn& progress, bool force) {
  // The skin's top drops about 0.4 rows per column: columns/2 rows hold it, and a margin of
  // columns on the right keeps the rows' right ends in the outer space.
  const std::uint64_t W = k + columns + 64, H = columns / 2 + 64;
  PalaceRows rows(k, W, Engine::definition, force);
  SkinProfile p;
  p.k = k, p.columns = columns, p.width = W;
  p.top.assign(W, -1), p.run.assign(W, 0);
  std::vector<char> done(W, 0);
  p.diagonal_top.assign(W, -1), p.diagonal_run.assign(W, 0), p.diagonal_done.assign(W, 0);
  Poller poller(progress, H);
  for (std::uint64_t y = 0; y < H; ++y) {
    const auto& r = rows.next(poller);
    for (std::uint64_t x = k; x < W; ++x) {
      if (done[x]) continue;
      bool palace = r[x] < k;
      if (p.top[x] < 0) {
        if (palace) p.top[x] = static_cast<std::int64_t>(y), p.run[x] = 1;
      } else if (palace) {
        ++p.run[x];
      } else {
        done[x] = 1;
      }
    }
    for (std::uint64_t d = k; d + y < W; ++d) {  // the diagonal from (d, 0) down-right
      if (p.diagonal_done[d]) continue;
      bool palace = r[d + y] < k;
      if (p.diagonal_top[d] < 0) {
        if (palace) p.diagonal_top[d] = static_cast<std::int64_t>(y), p.diagonal_run[d] = 1;
      } else if (palace) {
        ++p.diagonal_run[d];
      } else {
        p.diagonal_done[d] = 1;
      }
    }
    std::uint64_t x = W - 1;
    while (x > k && r[x] >= k) --x;
    std::uint64_t end = x, length = 0;
    while (x >= k && r[x] < k) ++length, --x;
    if (x >= k && length) p.row_runs.push_back({y, end, length});
    poller.tick(y + 1);
  }
  poller.finish();
  // Columns (relative to the shoulder) whose run finished inside the table.
  while (p.measured < columns && done[k + p.measured]) ++p.measured;
  return p;
}

SkinReport measure_skin(std::uint64_t k, std::uint64_t columns, const ProgressFn& progress) {
  return skin_stages(skin_profile(k, columns, progress));
}

SkinReport skin_stages(const SkinProfile& p) {
  const std::uint64_t k = p.k, W = p.width, measured = p.measured;
  const auto &top = p.top, &diagonal_top = p.diagonal_top;
  const auto &run = p.run, &diagonal_run = p.diagonal_run;
  SkinReport report;
  report.k = k, report.columns = p.columns;

  for (unsigned n = 1;; ++n) {
    const std::uint64_t thick = numeration::fibonacci<std::uint64_t>(2 * n),
                        period_h = numeration::fibonacci<std::uint64_t>(2 * n + 3),
                        period_v = numeration::fibonacci<std::uint64_t>(2 * n + 1);
    if (3 * period_h > measured) break;
    // Column s is in stage n when the pattern repeats from s one period on, and the period
    // starting at s has the stage's thicknesses with exactly one f_2n + 1.
    auto in_stage = [&](std::uint64_t s) {
      if (s + 2 * period_h > measured) return false;
      std::uint64_t plus = 0;
      for (std::uint64_t i = s; i < s + period_h; ++i) {
        std::uint64_t x = k + i;
        if (top[x + period_h] != top[x] + static_cast<std::int64_t>(period_v) || run[x + period_h] != run[x])
          return false;
        if (run[x] == thick + 1) ++plus;
        else if (run[x] != thick) return false;
      }
      return plus == 1;
    };
    SkinStage best;
    for (std::uint64_t s = 0; s < measured;) {
      if (!in_stage(s)) {
        ++s;
        continue;
      }
      std::uint64_t e = s;
      while (e < measured && in_stage(e)) ++e;
      // the run of columns [s, e) starts periods that repeat; the stage covers [s, e + period)
      if (e - s > best.end - best.first) best.first = s, best.end = e + period_h;
      s = e;
    }
    if (best.end == best.first) continue;
    best.n = static_cast<unsigned>(n);
    best.first_row = static_cast<std::uint64_t>(top[k + best.first]);
    best.horizontal_period = period_h, best.vertical_period = period_v;
    for (std::uint64_t i = best.first; i < best.end; ++i) {
      best.thick += run[k + i] == thick;
      best.thick_plus += run[k + i] == thick + 1;
    }
    // The most frequent horizontal and diagonal thickness among the rows and diagonals that
    // meet the skin within the stage's columns.
    auto mode = [](const std::map<std::uint64_t, std::uint64_t>& counts) {
      std::uint64_t best_value = 0, best_count = 0;
      for (auto [value, count] : counts)
        if (count > best_count) best_value = value, best_count = count;
      return best_value;
    };
    std::map<std::uint64_t, std::uint64_t> horizontal, diagonal;
    // Only rows above the skin's top in the last column end in the outer space.
    for (auto [y, end, length] : p.row_runs)
      if (static_cast<std::int64_t>(y) < top[W - 1] && end >= k + best.first && end < k + best.end)
        ++horizontal[length];
    for (std::uint64_t d = k; d < W; ++d)
      if (p.diagonal_done[d]) {
        std::uint64_t column = d + static_cast<std::uint64_t>(diagonal_top[d]);
        if (column >= k + best.first && column < k + best.end) ++diagonal[diagonal_run[d]];
      }
    best.horizontal_mode = mode(horizontal), best.diagonal_mode = mode(diagonal);
    report.stages.push_back(best);
  }
  return report;
}

StateRange states_outside_hood(std::uint64_t k, std::uint64_t n) {
  StateRange range{INT64_MAX, INT64_MIN, 0, {}, {}};
  PalaceRows rows(k, n);
  for (std::uint64_t y = 0; y < n; ++y) {
    const auto& r = rows.next();
    for (std::uint64_t x = 0; x < n; ++x) {
      if (in_hood(k, x, y)) continue;
      auto s = static_cast<std::int64_t>(r[x]) - static_cast<std::int64_t>(k);
      if (s < range.min) range.min = s, range.first_min = {x, y};
      if (s > range.max) range.max = s, range.first_max = {x, y};
      ++range.cells;
    }
  }
  return range;
}

}  // namespace qg::blocking::detail
