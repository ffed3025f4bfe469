// Tiles: each pixel an honest aggregate of the cells it covers, coloured by the table's palette.
#include <algorithm>
#include <cmath>
#include <sstream>

#include <fmt/format.h>

#include "atlas/internal.hpp"
#include "queengames/blocking.hpp"
#include "queengames/io.hpp"
#include "queengames/plot.hpp"

namespace qg::atlas {
namespace {

using detail::Kind;

// The cells of one tile: `blocks` × `blocks` blocks of `cell` × `cell` cells from (x0, y0), each
// block drawn as `pixels` × `pixels` pixels (cell = 1 when zoomed in, pixels = 1 when out).
struct Geometry {
  u128 x0 = 0, y0 = 0, cell = 1;
  std::uint32_t blocks = kTileSide, pixels = 1;
};

Geometry geometry(int z, std::uint64_t tx, std::uint64_t ty) {
  if (z < kMinZoom || z > kMaxZoom) throw InputError(fmt::format("zoom {} is outside {} … {}", z, kMinZoom, kMaxZoom));
  Geometry g;
  if (z >= 0) {
    g.pixels = 1u << z;
    g.blocks = kTileSide >> z;
  } else {
    g.cell = u128{1} << -z;
  }
  g.x0 = u128{tx} * g.blocks * g.cell;
  g.y0 = u128{ty} * g.blocks * g.cell;
  return g;
}

// What the cells of one block hold: how many lie in the served region, their extremes and sum,
// and how many are P-positions (or, for the residue view, multiples of m).
struct Block {
  u128 cells = 0, hits = 0;
  std::uint64_t min = UINT64_MAX, max = 0;
  u128 sum = 0;
};

std::uint32_t pack(Rgb c) { return std::uint32_t{c.r} << 16 | std::uint32_t{c.g} << 8 | c.b; }

// The share of P-positions on a logarithmic grey scale, so that one P-position among 2^80 cells
// still shows: none is white, one light grey, all black.
std::uint32_t density_colour(u128 hits, u128 cells) {
  if (hits == 0 || cells == 0) return 0xffffff;
  const double t = 0.25 + 0.75 * std::log1p(static_cast<double>(hits)) / std::log1p(static_cast<double>(cells));
  const auto level = static_cast<std::uint8_t>(std::lround(255 * (1 - t)));
  return pack(Rgb{level, level, level});
}

std::uint32_t value_colour(const detail::Table& table, double v, std::uint64_t vmax) {
  if (table.kind == Kind::palace)
    return pack(blocking::palace_colour(static_cast<std::uint64_t>(std::llround(v)), table.info.k));
  if (v == 0) return 0x000000;  // P-positions black, as in seed 000 Fig. 5
  return pack(plot::red_to_blue(vmax ? v / static_cast<double>(vmax) : 0.0));
}

std::uint32_t colour(const detail::Table& table, const detail::Region& region, const Block& b, const View& view,
                     std::uint64_t vmax) {
  if (b.cells == 0) return kOutside;
  switch (view.aggregate) {
    case Aggregate::min:
      return region.values->palette[b.min];
    case Aggregate::max:
      return region.values->palette[b.max];
    case Aggregate::mean:
      return value_colour(table, static_cast<double>(b.sum) / static_cast<double>(b.cells), vmax);
    case Aggregate::p:
    case Aggregate::residue:
      return density_colour(b.hits, b.cells);
  }
  return kOutside;
}

// The cells [lo, hi) of one axis clipped to the region [0, side).
std::pair<std::uint64_t, std::uint64_t> clip(u128 lo, u128 hi, std::uint64_t side) {
  return {static_cast<std::uint64_t>(std::min<u128>(lo, side)), static_cast<std::uint64_t>(std::min<u128>(hi, side))};
}

// Zoomed out to kCoarse cells a pixel or more: the blocks from the coarse summaries.
void coarse_blocks(const detail::Values& values, const Geometry& g, std::vector<Block>& blocks, Poller& poller) {
  const u128 per = g.cell / detail::Values::kCoarse;  // coarse blocks a pixel covers a side
  const u128 cx0 = g.x0 / detail::Values::kCoarse, cy0 = g.y0 / detail::Values::kCoarse;
  for (std::uint32_t i = 0; i < g.blocks; ++i) {
    auto [ylo, yhi] = clip(cy0 + u128{i} * per, cy0 + u128{i + 1} * per, values.coarse_side);
    for (std::uint64_t y = ylo; y < yhi; ++y) {
      for (std::uint32_t j = 0; j < g.blocks; ++j) {
        auto [xlo, xhi] = clip(cx0 + u128{j} * per, cx0 + u128{j + 1} * per, values.coarse_side);
        if (xlo >= xhi) break;
        Block& b = blocks[std::size_t{i} * g.blocks + j];
        for (std::uint64_t x = xlo; x < xhi; ++x) {
          const detail::Summary& s = values.coarse[y * values.coarse_side + x];
          b.cells += s.cells;
          b.hits += s.p;
          b.sum += s.sum;
          b.min = std::min<std::uint64_t>(b.min, s.min);
          b.max = std::max<std::uint64_t>(b.max, s.max);
        }
      }
      poller.tick(y);
    }
  }
}

void value_blocks(const detail::Values& values, const detail::Table& table, const Geometry& g, const View& view,
                  std::vector<Block>& blocks, Poller& poller) {
  if (g.cell >= detail::Values::kCoarse && view.aggregate != Aggregate::residue)
    return coarse_blocks(values, g, blocks, poller);
  // Which values count, looked up: a division per cell took 6 ns, the lookup a fraction of that.
  const std::uint64_t k = table.info.k;
  const bool palace = table.kind == Kind::palace;
  std::vector<std::uint8_t> counts(values.vmax + 1);
  for (std::uint64_t v = 0; v <= values.vmax; ++v)
    counts[v] = view.aggregate == Aggregate::residue ? v % view.modulus == 0 : palace ? v < k : v == 0;
  for (std::uint32_t i = 0; i < g.blocks; ++i) {
    auto [ylo, yhi] = clip(g.y0 + u128{i} * g.cell, g.y0 + u128{i + 1} * g.cell, values.side);
    for (std::uint64_t y = ylo; y < yhi; ++y) {
      const std::uint32_t* row = &values.cells[y * values.side];
      for (std::uint32_t j = 0; j < g.blocks; ++j) {
        auto [xlo, xhi] = clip(g.x0 + u128{j} * g.cell, g.x0 + u128{j + 1} * g.cell, values.side);
        if (xlo >= xhi) break;
        Block& b = blocks[std::size_t{i} * g.blocks + j];
        std::uint64_t hits = 0, sum = 0;
        std::uint32_t lo = UINT32_MAX, hi = 0;
        std::uint64_t cells = 0;
        for (std::uint64_t x = xlo; x < xhi; ++x) {
          const std::uint32_t v = row[x];
          if (v == detail::Values::kNone) continue;  // no cell of the board
          ++cells;
          lo = std::min(lo, v);
          hi = std::max(hi, v);
          sum += v;
          hits += counts[v];
        }
        b.cells += cells;
        b.hits += hits;
        b.sum += sum;
        b.min = std::min<std::uint64_t>(b.min, lo);
        b.max = std::max<std::uint64_t>(b.max, hi);
      }
      poller.tick(y);
    }
  }
}

// The cells (a, b) and (b, a) of the listed P-positions that fall in the tile.
void list_blocks(const detail::PList& list, std::uint64_t side, const Geometry& g, std::vector<Block>& blocks,
                 Poller& poller) {
  const u128 span = u128{g.blocks} * g.cell;
  for (int mirror = 0; mirror < 2; ++mirror) {
    const auto& cells = mirror ? list.by_b : list.by_a;  // (x, y) pairs sorted by x
    auto it = std::lower_bound(
        cells.begin(), cells.end(),
        std::pair<std::uint32_t, std::uint32_t>(static_cast<std::uint32_t>(std::min<u128>(g.x0, UINT32_MAX)), 0));
    for (; it != cells.end() && u128{it->first} < g.x0 + span; ++it) {
      const auto [x, y] = *it;
      if (mirror && x == y) continue;  // (0, 0) once
      if (u128{y} < g.y0 || u128{y} >= g.y0 + span) continue;
      blocks[static_cast<std::size_t>((y - g.y0) / g.cell) * g.blocks + static_cast<std::size_t>((x - g.x0) / g.cell)]
          .hits += 1;
      poller.tick(0);
    }
  }
  for (std::uint32_t i = 0; i < g.blocks; ++i) {
    auto [ylo, yhi] = clip(g.y0 + u128{i} * g.cell, g.y0 + u128{i + 1} * g.cell, side);
    for (std::uint32_t j = 0; j < g.blocks; ++j) {
      auto [xlo, xhi] = clip(g.x0 + u128{j} * g.cell, g.x0 + u128{j + 1} * g.cell, side);
      blocks[std::size_t{i} * g.blocks + j].cells = u128{xhi - xlo} * (yhi - ylo);
    }
  }
}

// The telescope (seed 003 §4): each column's one P-position (Proposition 1.1), decided far out.
void telescope_blocks(const dictionary::Telescope& telescope, std::uint64_t side, const Geometry& g,
                      std::vector<Block>& blocks, Poller& poller) {
  const auto [x0, x1] = clip(g.x0, g.x0 + u128{g.blocks} * g.cell, side);
  for (std::uint64_t x = x0; x < x1; ++x) {
    const std::uint64_t y = telescope.p_row(x);
    if (u128{y} >= g.y0 && u128{y} < g.y0 + u128{g.blocks} * g.cell)
      blocks[static_cast<std::size_t>((y - g.y0) / g.cell) * g.blocks + static_cast<std::size_t>((x - g.x0) / g.cell)]
          .hits += 1;
    poller.tick(x - x0);
  }
  for (std::uint32_t i = 0; i < g.blocks; ++i) {
    auto [ylo, yhi] = clip(g.y0 + u128{i} * g.cell, g.y0 + u128{i + 1} * g.cell, side);
    for (std::uint32_t j = 0; j < g.blocks; ++j) {
      auto [xlo, xhi] = clip(g.x0 + u128{j} * g.cell, g.x0 + u128{j + 1} * g.cell, side);
      blocks[std::size_t{i} * g.blocks + j].cells = u128{xhi - xlo} * (yhi - ylo);
    }
  }
}

// Random access: with A(x) the first n ≥ 1 with a_n ≥ x and B(y) the first with b_n ≥ y, the
// P-positions (a_n, b_n) of a block [x, x') × [y, y') are the n in [A(x), A(x')) ∩ [B(y), B(y'))
// (both sequences increase), and the mirrored ones likewise; (0, 0) is added once.
void analytic_blocks(const twopile::MorphicPPositions& morphic, const detail::Slopes& slopes, std::uint64_t side,
                     const Geometry& g, std::vector<Block>& blocks, Poller& poller) {
  std::vector<std::uint64_t> xs(g.blocks + 1), ys(g.blocks + 1);
  for (std::uint32_t j = 0; j <= g.blocks; ++j) {
    xs[j] = clip(g.x0 + u128{j} * g.cell, 0, side).first;
    ys[j] = clip(g.y0 + u128{j} * g.cell, 0, side).first;
  }
  // Boundaries in increasing order; at most one n has a_n (or b_n) at each integer, so the
  // next boundary's index is at most the previous one's plus the distance between them.
  auto firsts = [&](const std::vector<std::uint64_t>& at, bool b) {
    const long double slope = b ? slopes.b : slopes.a;
    std::vector<std::uint64_t> n(at.size());
    n[0] = detail::first_index(morphic, b, at[0], 1, at[0], static_cast<std::uint64_t>(at[0] / slope));
    for (std::size_t j = 1; j < at.size(); ++j) {
      const auto step = static_cast<std::uint64_t>((at[j] - at[j - 1]) / slope);
      n[j] = detail::first_index(morphic, b, at[j], n[j - 1], n[j - 1] + (at[j] - at[j - 1]), n[j - 1] + step);
      poller.tick(j);
    }
    return n;
  };
  const auto ax = firsts(xs, false), bx = firsts(xs, true), ay = firsts(ys, false), by = firsts(ys, true);
  auto overlap = [](std::uint64_t lo1, std::uint64_t hi1, std::uint64_t lo2, std::uint64_t hi2) -> u128 {
    const std::uint64_t lo = std::max(lo1, lo2), hi = std::min(hi1, hi2);
    return hi > lo ? hi - lo : 0;
  };
  for (std::uint32_t i = 0; i < g.blocks; ++i)
    for (std::uint32_t j = 0; j < g.blocks; ++j) {
      Block& b = blocks[std::size_t{i} * g.blocks + j];
      b.cells = u128{xs[j + 1] - xs[j]} * (ys[i + 1] - ys[i]);
      b.hits = overlap(ax[j], ax[j + 1], by[i], by[i + 1]) + overlap(bx[j], bx[j + 1], ay[i], ay[i + 1]);
      if (xs[j] == 0 && ys[i] == 0 && b.cells) b.hits += 1;
    }
}

}  // namespace

namespace detail {

void summarize(Values& values, const Table& table) {
  const std::uint64_t k = table.info.k, side = values.side, n = (side + Values::kCoarse - 1) / Values::kCoarse;
  const bool palace = table.kind == Kind::palace;
  values.coarse_side = n;
  values.coarse.assign(n * n, Summary{});
  for (std::uint64_t y = 0; y < side; ++y)
    for (std::uint64_t x = 0; x < side; ++x) {
      const std::uint32_t v = values.at(x, y);
      if (v == Values::kNone) continue;
      Summary& s = values.coarse[(y / Values::kCoarse) * n + x / Values::kCoarse];
      s.min = std::min(s.min, v);
      s.max = std::max(s.max, v);
      s.sum += v;
      s.cells += 1;
      s.p += palace ? v < k : v == 0;
    }
  values.palette.resize(values.vmax + 1);
  for (std::uint64_t v = 0; v <= values.vmax; ++v)
    values.palette[v] = value_colour(table, static_cast<double>(v), values.vmax);
}

}  // namespace detail

std::vector<std::uint32_t> Atlas::tile_pixels(std::string_view name, int z, std::uint64_t tx, std::uint64_t ty,
                                              const View& view, const ProgressFn& progress) {
  detail::Table& table = impl_->table(name, progress);
  const TableInfo& info = table.info;
  if (std::find(info.aggregates.begin(), info.aggregates.end(), view.aggregate) == info.aggregates.end())
    throw InputError(fmt::format("{} has no aggregate '{}'", info.name, to_string(view.aggregate)));
  if (view.aggregate == Aggregate::residue && (view.modulus < 2 || view.modulus > 1000))
    throw InputError(fmt::format("the modulus m is 2..1000 (got {})", view.modulus));
  const Geometry g = geometry(z, tx, ty);
  if (g.x0 >= info.side || g.y0 >= info.side)
    throw RangeError(fmt::format("tile {}/{}/{} starts at cell ({}, {}), outside {}'s region x, y < {}: {}", z, tx, ty,
                                 qg::to_string(g.x0), qg::to_string(g.y0), info.name, info.side, info.region));
  const detail::Region region = detail::compute(table, impl_->regions, impl_->options, progress);

  std::vector<Block> blocks(std::size_t{g.blocks} * g.blocks);
  Poller poller(progress, 0);
  std::uint64_t vmax = 0;
  if (region.values) {
    value_blocks(*region.values, table, g, view, blocks, poller);
    vmax = region.values->vmax;
  } else if (table.telescope && z >= detail::Table::kTelescopeZoom) {
    telescope_blocks(*table.telescope, info.side, g, blocks, poller);
  } else if (region.plist) {
    if (g.x0 >= region.plist->side || g.y0 >= region.plist->side)
      throw RangeError(
          fmt::format("tile {}/{}/{} of {} is zoomed out beyond {} cells a pixel and starts outside the "
                      "swept corner x, y < {}: {}",
                      z, tx, ty, info.name, 1 << -detail::Table::kTelescopeZoom, region.plist->side, info.region));
    list_blocks(*region.plist, region.plist->side, g, blocks, poller);
  } else {
    analytic_blocks(*table.morphic, table.slopes, info.side, g, blocks, poller);
  }
  std::vector<std::uint32_t> pixels(std::size_t{kTileSide} * kTileSide);
  for (std::uint32_t py = 0; py < kTileSide; ++py)
    for (std::uint32_t px = 0; px < kTileSide; ++px)
      pixels[std::size_t{py} * kTileSide + px] =
          colour(table, region, blocks[std::size_t{py / g.pixels} * g.blocks + px / g.pixels], view, vmax);
  return pixels;
}

std::string Atlas::tile_png(std::string_view name, int z, std::uint64_t tx, std::uint64_t ty, const View& view,
                            const ProgressFn& progress) {
  const std::vector<std::uint32_t> pixels = tile_pixels(name, z, tx, ty, view, progress);
  std::ostringstream out;
  write_png(
      out, kTileSide, kTileSide,
      [&](std::uint32_t y, Rgb* row) {
        for (std::uint32_t x = 0; x < kTileSide; ++x) {
          const std::uint32_t c = pixels[std::size_t{y} * kTileSide + x];
          row[x] = {static_cast<std::uint8_t>(c >> 16), static_cast<std::uint8_t>(c >> 8),
                    static_cast<std::uint8_t>(c)};
        }
      },
      {}, 1);  // zlib's fastest level: a tile is sent at once, and the cache keeps it
  return std::move(out).str();
}

Legend Atlas::legend(std::string_view name, const View& view, const ProgressFn& progress) {
  detail::Table& table = impl_->table(name, progress);
  Legend legend;
  if (view.aggregate == Aggregate::p || view.aggregate == Aggregate::residue) {
    legend.density = true;
    // The shares of one block of 255 cells: 0, 1, … 255 hits.
    for (unsigned hits = 0; hits < 256; ++hits) legend.colours.push_back(density_colour(hits, 255));
    return legend;
  }
  const detail::Region region = detail::compute(table, impl_->regions, impl_->options, progress);
  if (!region.values)
    throw InputError(fmt::format("{} has no values, only P-positions (aggregate p)", table.info.name));
  legend.vmax = region.values->vmax;
  const auto& palette = region.values->palette;
  legend.colours.assign(palette.begin(),
                        palette.begin() + static_cast<std::ptrdiff_t>(std::min(legend.vmax, Legend::kMaxLegend) + 1));
  return legend;
}

}  // namespace qg::atlas
