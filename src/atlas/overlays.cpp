// Overlays: what the papers draw over a table, located from the table's own data — the lines
// y = φx and y = x/φ, the P-beams (seed 003, seed 004 §3.1), seed 004's regions (the
// classification of blocking/regions.hpp) and its landmarks (the blocking module's locators).
#include <algorithm>
#include <cmath>
#include <numbers>

#include <fmt/format.h>

#include "atlas/internal.hpp"
#include "blocking/regions.hpp"
#include "queengames/blocking.hpp"

namespace qg::atlas {
namespace {

using detail::Kind;

// The P-beams are measured on the P-positions with a_n < 2^16, past the first quarter (where
// the start's interference is, seed 003 Figure 2).
constexpr std::uint64_t kBeamColumns = std::uint64_t{1} << 16;

Shape line(std::string label, std::vector<std::pair<double, double>> points) {
  return {Shape::Kind::line, std::move(label), std::move(points)};
}
Shape point(std::string label, double x, double y) { return {Shape::Kind::point, std::move(label), {{x, y}}}; }

std::vector<Overlay> lines(const TableInfo& info) {
  const double far = static_cast<double>(std::min(info.side, kAnalyticSide));
  Overlay phi{"phi",
              "y = φx, y = x/φ",
              "seed 003 Theorem 1.2 (Maharaja Nim's P-positions within a bounded distance of them); seed 000 "
              "Conjecture 25 (the ∞-queens: q_n − nφ, q_n − n/φ in −3 … 5)",
              {line("y = φx", {{0, 0}, {far / std::numbers::phi, far}}),
               line("y = x/φ", {{0, 0}, {far, far / std::numbers::phi}})},
              {}};
  Overlay diagonal{
      "diagonal", "y = x", "the symmetry of every two-pile ruleset", {line("y = x", {{0, 0}, {far, far}})}, {}};
  return {phi, diagonal};
}

// The upper P-positions (a_n, b_n), b_n > a_n, with a_n < to: streamed from the coding's fixed
// point where there is one, else swept.
std::vector<std::pair<std::uint64_t, std::uint64_t>> upper_p_positions(const detail::Table& table, std::uint64_t to,
                                                                       const ProgressFn& progress) {
  std::vector<std::pair<std::uint64_t, std::uint64_t>> upper;
  const twopile::PPositionSink sink = [&](std::uint64_t, std::uint64_t a, std::uint64_t b) {
    if (a >= to) return false;
    if (b > a) upper.emplace_back(a, b);
    return true;
  };
  if (table.morphic) {
    // a_n ≥ n, so the first `to` P-positions hold every a_n < to.
    table.morphic->stream(to, sink, progress);
  } else {
    twopile::sweep_p_positions(*table.ruleset, UINT64_MAX, sink, progress);
  }
  return upper;
}

Overlay beams_overlay(const detail::Table& table, const ProgressFn& progress) {
  Overlay o{"beams",
            "P-beams",
            "seed 003 Theorem 1.2 and Fig. 9 (the P-positions near lines of slope φ, their 'bounded split'); seed 004 "
            "§3.1 (beams, 'whose slopes are generally quadratic irrationals')",
            {},
            {}};
  Beams found;
  try {
    found = find_beams(upper_p_positions(table, kBeamColumns, progress), kBeamColumns / 4, kBeamColumns);
  } catch (const InputError& e) {  // a ruleset the sweep does not take
    o.notes.push_back(fmt::format("no P-beams: {}", e.what()));
    return o;
  }
  const double far = static_cast<double>(std::min(table.info.side, kAnalyticSide));
  for (const Beam& b : found.beams) {
    const std::string label =
        fmt::format("beam: y = {:.6f}·x + [{:.2f}, {:.2f}] ({} upper P-positions with {} ≤ x < {})", b.slope, b.low,
                    b.high, b.p_positions, found.from, found.to);
    const double x0 = 0, x1 = far / std::max(b.slope, 1.0);
    // The band the members lie in, drawn as a ray from the origin to the region's edge, and its
    // mirror image.
    std::vector<std::pair<double, double>> band = {{x0, b.slope * x0 + b.low},
                                                   {x1, b.slope * x1 + b.low},
                                                   {x1, b.slope * x1 + b.high},
                                                   {x0, b.slope * x0 + b.high}};
    std::vector<std::pair<double, double>> mirror;
    for (auto [x, y] : band) mirror.emplace_back(y, x);
    o.shapes.push_back({Shape::Kind::polygon, label, band});
    o.shapes.push_back({Shape::Kind::polygon, "mirror image of the " + label, mirror});
    o.notes.push_back(label);
  }
  o.notes.push_back(fmt::format("{} upper P-positions measured, {} in no beam (a beam holds at least 1% of them)",
                                found.measured, found.strays));
  return o;
}

// An area of the classification as a polygon: each row's leftmost cells down, its rightmost up
// (the hood and the épaulettes are convex along rows; the outer spaces are not, and are left to
// the tiles' black), in at most 512 rows.
Shape area_shape(const blocking::detail::RegionMap& map, const std::vector<blocking::detail::Area>& areas,
                 std::string label) {
  const std::uint64_t n = map.n, step = std::max<std::uint64_t>(1, n / 512);
  std::vector<std::pair<double, double>> left, right;
  for (std::uint64_t y0 = 0; y0 < n; y0 += step) {
    std::uint64_t lo = UINT64_MAX, hi = 0;
    for (std::uint64_t y = y0; y < std::min(n, y0 + step); ++y)
      for (std::uint64_t x = 0; x < n; ++x)
        if (std::find(areas.begin(), areas.end(), map.at(x, y)) != areas.end()) lo = std::min(lo, x), hi = x + 1;
    if (lo == UINT64_MAX) continue;
    const double top = static_cast<double>(y0), bottom = static_cast<double>(std::min(n, y0 + step));
    left.insert(left.end(), {{static_cast<double>(lo), top}, {static_cast<double>(lo), bottom}});
    right.insert(right.end(), {{static_cast<double>(hi), top}, {static_cast<double>(hi), bottom}});
  }
  left.insert(left.end(), right.rbegin(), right.rend());
  return {Shape::Kind::polygon, std::move(label), std::move(left)};
}

Overlay regions_overlay(const detail::Table& table, const detail::Values& values) {
  using enum blocking::detail::Area;
  const std::uint64_t k = table.info.k, n = values.side;
  const auto map = blocking::detail::classify_regions(k, values.cells, n);
  Overlay o{"regions",
            "hood, épaulettes",
            "seed 004 §3.1–3.2: the hood inside the casing 2·min(x, y) + max(x, y) = k; the épaulettes, periodic with "
            "periods (5,1) and (4,3), grown from the casing",
            {},
            {}};
  const std::pair<std::vector<blocking::detail::Area>, const char*> areas[] = {
      {{hood_upper, hood_lower}, "the hood"},
      {{lower_epaulette}, "the lower épaulette"},
      {{upper_epaulette}, "the upper épaulette"}};
  for (const auto& [which, name] : areas) {
    std::uint64_t cells = 0;
    for (auto a : which) cells += map.cells[a];
    if (!cells) continue;
    o.shapes.push_back(area_shape(map, which, fmt::format("{} ({} cells of the {}×{} corner)", name, cells, n, n)));
    o.notes.push_back(o.shapes.back().label);
  }
  const double third = static_cast<double>(k) / 3, kd = static_cast<double>(k);
  o.shapes.push_back(point(fmt::format("the nose (k/3, k/3) = ({:.1f}, {:.1f})", third, third), third, third));
  o.shapes.push_back(point(fmt::format("the shoulder (k, 0) = ({}, 0)", k), kd, 0));
  o.shapes.push_back(point(fmt::format("the shoulder (0, k) = (0, {})", k), 0, kd));
  return o;
}

// The landmarks the blocking module locates, each with its mirror image (v(x, y) = v(y, x)),
// where their search stays inside the corner the atlas holds.
Overlay landmarks_overlay(const detail::Table& table, const detail::Values& values, const ProgressFn& progress) {
  const std::uint64_t k = table.info.k, n = values.side;
  Overlay o{"landmarks",
            "armpits, prism, skin",
            "seed 004 §3.1 (the armpit, 'often a hotspot'; the prism, where the fabric ends), §3.4 (the skin's stages)",
            {},
            {}};
  auto both = [&](const std::string& what, blocking::Cell c) {
    const std::string v =
        c.x < n && c.y < n
            ? fmt::format(", v − k = {}", static_cast<std::int64_t>(values.at(c.x, c.y)) - static_cast<std::int64_t>(k))
            : "";
    o.shapes.push_back(
        point(fmt::format("{} ({}, {}){}", what, c.x, c.y, v), static_cast<double>(c.x), static_cast<double>(c.y)));
    o.notes.push_back(o.shapes.back().label);
    if (c.x != c.y)
      o.shapes.push_back(point(fmt::format("{} ({}, {}), mirrored", what, c.y, c.x), static_cast<double>(c.y),
                               static_cast<double>(c.x)));
  };
  if (2 * k + 1 <= n) both("the armpit", blocking::locate_armpit(k, progress));
  else o.notes.push_back(fmt::format("the armpit's search (x ≤ 2k = {}) passes the {}×{} corner", 2 * k, n, n));
  try {
    if (5 * k / 2 + 8 < n) both("the prism", blocking::locate_prism(k, progress));
    else o.notes.push_back(fmt::format("the prism's search (d ≤ 5k/2) passes the {}×{} corner", n, n));
  } catch (const RangeError& e) {
    o.notes.push_back(e.what());
  }
  if (n > k + 64)
    for (unsigned stage = 1; stage <= 3; ++stage)
      if (auto at = blocking::locate_skin(k, stage, n - k)) both(fmt::format("the skin's stage {} begins", stage), *at);
  return o;
}

}  // namespace

const char* to_string(Shape::Kind kind) {
  switch (kind) {
    case Shape::Kind::line:
      return "line";
    case Shape::Kind::polygon:
      return "polygon";
    case Shape::Kind::point:
      return "point";
  }
  return "?";
}

Beams find_beams(const std::vector<std::pair<std::uint64_t, std::uint64_t>>& upper, std::uint64_t from,
                 std::uint64_t to) {
  Beams found;
  found.from = from;
  found.to = to;
  std::vector<std::pair<double, std::size_t>> slopes;
  for (std::size_t i = 0; i < upper.size(); ++i) {
    const auto [a, b] = upper[i];
    if (a >= from && a < to && a > 0 && b > a) slopes.emplace_back(static_cast<double>(b) / static_cast<double>(a), i);
  }
  found.measured = slopes.size();
  std::sort(slopes.begin(), slopes.end());
  // Groups of consecutive sorted values no two neighbours of which differ by more than gap.
  auto groups = [](const auto& sorted, double gap, auto&& each) {
    std::size_t begin = 0;
    for (std::size_t i = 1; i <= sorted.size(); ++i)
      if (i == sorted.size() || sorted[i].first - sorted[i - 1].first > gap) {
        each(begin, i);
        begin = i;
      }
  };
  // Least squares with an intercept: a fit through the origin would lean on the band's mean offset.
  auto fit = [&](const std::vector<std::size_t>& members) {
    long double sa = 0, sb = 0, m = static_cast<long double>(members.size());
    for (std::size_t i : members) sa += upper[i].first, sb += upper[i].second;
    long double ab = 0, aa = 0;
    for (std::size_t i : members) {
      const long double da = upper[i].first - sa / m;
      ab += da * (upper[i].second - sb / m);
      aa += da * da;
    }
    return aa > 0 ? static_cast<double>(ab / aa) : static_cast<double>(sb / sa);
  };
  groups(slopes, Beams::kSlopeGap, [&](std::size_t begin, std::size_t end) {
    std::vector<std::size_t> members;
    for (std::size_t i = begin; i < end; ++i) members.push_back(slopes[i].second);
    const double s = fit(members);
    std::vector<std::pair<double, std::size_t>> offsets;
    for (std::size_t i : members)
      offsets.emplace_back(static_cast<double>(upper[i].second) - s * static_cast<double>(upper[i].first), i);
    std::sort(offsets.begin(), offsets.end());
    groups(offsets, Beams::kOffsetGap, [&](std::size_t b0, std::size_t b1) {
      if (100 * (b1 - b0) < found.measured) {
        found.strays += b1 - b0;
        return;
      }
      std::vector<std::size_t> beam;
      for (std::size_t i = b0; i < b1; ++i) beam.push_back(offsets[i].second);
      Beam b;
      b.slope = fit(beam);
      b.low = INFINITY;
      b.high = -INFINITY;
      for (std::size_t i : beam) {
        const double o = static_cast<double>(upper[i].second) - b.slope * static_cast<double>(upper[i].first);
        b.low = std::min(b.low, o);
        b.high = std::max(b.high, o);
      }
      b.p_positions = beam.size();
      found.beams.push_back(b);
    });
  });
  return found;
}

std::vector<Overlay> Atlas::overlays(std::string_view name, const ProgressFn& progress) {
  detail::Table& table = impl_->table(name, progress);
  {
    std::lock_guard lock(table.overlays_mutex);
    if (table.overlays) return *table.overlays;
  }
  std::vector<Overlay> list;
  // The lines from the origin mean something where the origin is the board's corner.
  const bool quadrant =
      table.kind != Kind::bits && (table.kind != Kind::board || *table.board == boards::BoardKind::quadrant ||
                                   *table.board == boards::BoardKind::quadrant_by_columns);
  if (quadrant) list = lines(table.info);
  if (table.kind == Kind::grundy || table.kind == Kind::p) list.push_back(beams_overlay(table, progress));
  if (table.kind == Kind::palace) {
    const detail::Region region = detail::compute(table, impl_->regions, impl_->options, progress);
    list.push_back(regions_overlay(table, *region.values));
    list.push_back(landmarks_overlay(table, *region.values, progress));
  }
  std::lock_guard lock(table.overlays_mutex);
  if (!table.overlays) table.overlays = std::make_shared<const std::vector<Overlay>>(std::move(list));
  return *table.overlays;
}

}  // namespace qg::atlas
