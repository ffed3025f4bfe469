// Pictures (Figures 1, 3–6 of seed 004) and Golly exports of palace-number tables.
#include <algorithm>
#include <cmath>
#include <functional>
#include <string>

#include <fmt/format.h>

#include "queengames/blocking.hpp"
#include "queengames/io.hpp"
#include "queengames/plot.hpp"

namespace qg::blocking {

Rgb palace_colour(std::uint64_t v, std::uint64_t k) {
  // Figure 1 (k = 5): 0 dark brown, 1 dark olive, 2 olive, 3 light olive, 4 yellow, 5 black,
  // 6 blue, 7 indigo — i.e. by v − k: ≤ −5 brown, −4 … −1 the olives and yellow, 0 black,
  // +1 blue, +2 indigo. The hood (down to −k) shades from that brown towards black.
  if (v < k) {
    std::uint64_t below = k - v;
    switch (below) {
      case 1:
        return {255, 221, 0};  // yellow
      case 2:
        return {189, 183, 107};  // light olive
      case 3:
        return {128, 128, 0};  // olive
      case 4:
        return {85, 107, 47};  // dark olive
      default: {
        double t = k > 5 ? static_cast<double>(below - 5) / static_cast<double>(k - 5) : 0.0;
        auto mix = [t](double from, double to) {
          return static_cast<std::uint8_t>(std::lround(from + (to - from) * t));
        };
        return {mix(101, 40), mix(67, 24), mix(33, 8)};  // dark brown → almost black
      }
    }
  }
  switch (v - k) {
    case 0:
      return {0, 0, 0};  // black: outer space and most non-palaces
    case 1:
      return {40, 90, 255};  // blue
    case 2:
      return {75, 0, 150};  // indigo
    case 3:
      return {160, 40, 220};  // violet
    case 4:
      return {255, 0, 200};  // magenta
    default:
      return {255, 200, 240};  // the armpits' hot spots
  }
}

std::uint8_t rle_state(std::uint64_t v, std::uint64_t k) {
  if (v == k) return 0;
  if (v < k) return static_cast<std::uint8_t>(std::min<std::uint64_t>(k - v, 120));
  return static_cast<std::uint8_t>(120 + std::min<std::uint64_t>(v - k, 135));
}

namespace {

void require_region(const Region& r) {
  require_side(r.width, "region width");
  require_side(r.height, "region height");
  require_side(r.x0 + r.width, "region's right end");
  require_side(r.y0 + r.height, "region's bottom end");
}

// Pixel geometry shared by the pictures: cells per pixel (downsampling) or pixels per cell.
struct Scale {
  std::uint64_t cells_per_pixel = 1, pixels_per_cell = 1;
  std::uint32_t width = 0, height = 0;
  Scale(const Region& r, std::uint32_t max_side) {
    if (max_side == 0) throw RangeError("a picture needs at least one pixel a side");
    std::uint64_t side = std::max(r.width, r.height);
    cells_per_pixel = (side + max_side - 1) / max_side;
    pixels_per_cell = cells_per_pixel > 1 ? 1 : std::max<std::uint64_t>(1, max_side / side);
    width = static_cast<std::uint32_t>((r.width + cells_per_pixel - 1) / cells_per_pixel * pixels_per_cell);
    height = static_cast<std::uint32_t>((r.height + cells_per_pixel - 1) / cells_per_pixel * pixels_per_cell);
  }
};

// Streams the rows of the region: skips the rows above it, then hands out row y0 + i.
class RegionRows {
 public:
  RegionRows(std::uint64_t k, const Region& r, Engine engine, bool force)
      : rows_(k, r.x0 + r.width, engine, force), region_(r) {}
  // The poller counts rows computed, those above the region included.
  std::span<const std::uint32_t> next(Poller& poller) {
    while (rows_.rows_done() < region_.y0) rows_.next(poller);
    return rows_.next(poller);
  }
  std::uint64_t rows_done() const { return rows_.rows_done(); }

 private:
  PalaceRows rows_;
  Region region_;
};

// The colour bar of the palette: one swatch per palace number k − 5 … k + 5 (the ends stand
// for everything beyond them), as palace_colour draws them.
plot::ColourBar palette_bar(std::uint64_t k) {
  plot::ColourBar bar;
  bar.label = fmt::format("palace number v (palaces: v < k = {})", k);
  for (int d = -5; d <= 5; ++d) {
    if (d < 0 && static_cast<std::uint64_t>(-d) > k) continue;
    const std::uint64_t v = d < 0 ? k - static_cast<std::uint64_t>(-d) : k + static_cast<std::uint64_t>(d);
    std::string label = d == -5 ? fmt::format("≤ {} (hood)", v) : d == 5 ? fmt::format("≥ {}", v) : std::to_string(v);
    bar.swatches.emplace_back(std::move(label), palace_colour(v, k));
  }
  return bar;
}

// The picture of a region: its raster framed by the coordinates of its corners and the bar.
// The chart polls once a row of pixels and during the encoding; `progress` then reports the
// rows of cells computed (the poller inside a row ticks per cell, a unit a thousand times
// smaller: one poller for both would grow its stride on cells and then wait seconds on rows).
void write_region(const std::filesystem::path& path, const Region& region, const Scale& scale, std::string title,
                  plot::ColourBar bar, const std::function<void(std::uint32_t, Rgb*)>& row, ProgressFn progress) {
  plot::RasterChart chart;
  chart.title = std::move(title);
  chart.x0 = static_cast<std::int64_t>(region.x0), chart.y0 = static_cast<std::int64_t>(region.y0);
  chart.width = region.width, chart.height = region.height;
  chart.x_label = std::string("x");  // std::string(…): GCC 12 warns falsely (-Wrestrict) on assigning a literal
  chart.y_label = std::string("y (down)");
  chart.raster = {scale.width, scale.height, scale.cells_per_pixel, scale.pixels_per_cell, row};
  chart.bar = std::move(bar);
  chart.progress = std::move(progress);
  plot::write_raster_chart(path, chart);
}

}  // namespace

void draw_palaces(const std::filesystem::path& path, std::uint64_t k, const Region& region, std::uint32_t max_side,
                  Engine engine, const ProgressFn& progress, bool force) {
  require_k(k);
  require_region(region);
  Scale scale(region, max_side);
  RegionRows rows(k, region, engine, force);
  const std::uint64_t total = region.y0 + region.height, columns = scale.width / scale.pixels_per_cell;
  std::vector<std::uint32_t> block_min(columns);
  std::uint64_t next_cell_row = 0;
  Poller poller(progress, total);
  const std::string title = fmt::format("Blocking queen games: game {}, palace numbers", k);
  const auto cell_rows = [&](std::uint64_t, std::uint64_t) { progress(rows.rows_done(), total); };
  write_region(
      path, region, scale, title, palette_bar(k),
      [&](std::uint32_t py, Rgb* pixels) {
        if (py % scale.pixels_per_cell == 0) {
          // A pixel shows the smallest palace number of its block, so palaces survive.
          std::fill(block_min.begin(), block_min.end(), UINT32_MAX);
          for (std::uint64_t i = 0; i < scale.cells_per_pixel && next_cell_row < region.height; ++i, ++next_cell_row) {
            const auto row = rows.next(poller);
            for (std::uint64_t x = 0; x < region.width; ++x) {
              auto& m = block_min[x / scale.cells_per_pixel];
              m = std::min(m, row[region.x0 + x]);
              poller.tick(rows.rows_done());
            }
          }
        }
        for (std::uint32_t px = 0; px < scale.width; ++px)
          pixels[px] = palace_colour(block_min[px / scale.pixels_per_cell], k);
      },
      progress ? ProgressFn(cell_rows) : nullptr);
  poller.finish();
}

double draw_comparison(const std::filesystem::path& path, const Comparison& comparison, const ProgressFn& progress) {
  const std::uint64_t k1 = comparison.k1, k2 = comparison.k2, dx = comparison.shift.x, dy = comparison.shift.y;
  const Region& region = comparison.region;
  require_k(k1);
  require_k(k2);
  require_region(region);
  Region shifted{region.x0 + dx, region.y0 + dy, region.width, region.height};
  require_region(shifted);
  Scale scale(region, comparison.max_side);
  // Both row sources at once: one estimate for both, then neither checks alone.
  require_memory(palace_rows_bytes(k1, region.x0 + region.width, Engine::definition) +
                     palace_rows_bytes(k2, shifted.x0 + shifted.width, Engine::definition),
                 fmt::format("the comparison of {}x{} cells", region.width, region.height), comparison.force);
  RegionRows rows1(k1, region, Engine::definition, true), rows2(k2, shifted, Engine::definition, true);
  const std::uint64_t total = region.y0 + region.height, columns = scale.width / scale.pixels_per_cell;
  const auto offset = static_cast<std::int64_t>(k2) - static_cast<std::int64_t>(k1);
  std::vector<std::uint32_t> block_min(columns);
  std::vector<std::uint64_t> matched(columns), cells(columns);
  std::uint64_t next_cell_row = 0, all_matched = 0;
  Poller poller(progress, total);  // progress follows the first region's rows
  plot::ColourBar bar = palette_bar(k1);
  bar.swatches.emplace_back("no match", Rgb{255, 255, 255});
  const std::string title =
      fmt::format("Blocking queen games: game {} against game {} shifted by ({}, {})", k1, k2, dx, dy);
  const auto cell_rows = [&](std::uint64_t, std::uint64_t) { progress(rows1.rows_done(), total); };
  write_region(
      path, region, scale, title, std::move(bar),
      [&](std::uint32_t py, Rgb* pixels) {
        if (py % scale.pixels_per_cell == 0) {
          std::fill(block_min.begin(), block_min.end(), UINT32_MAX);
          std::fill(matched.begin(), matched.end(), 0);
          std::fill(cells.begin(), cells.end(), 0);
          for (std::uint64_t i = 0; i < scale.cells_per_pixel && next_cell_row < region.height; ++i, ++next_cell_row) {
            const auto a = rows1.next(poller);
            const auto b = rows2.next(poller);
            for (std::uint64_t x = 0; x < region.width; ++x) {
              poller.tick(rows1.rows_done());
              std::uint64_t p = x / scale.cells_per_pixel;
              std::int64_t va = a[region.x0 + x], vb = b[region.x0 + dx + x];
              ++cells[p];
              if (vb == va + offset)
                ++matched[p], ++all_matched, block_min[p] = std::min<std::uint32_t>(block_min[p], a[region.x0 + x]);
            }
          }
        }
        for (std::uint32_t px = 0; px < scale.width; ++px) {
          std::uint64_t p = px / scale.pixels_per_cell;
          // A pixel is masked white when most of its cells differ.
          pixels[px] = 2 * matched[p] >= cells[p] && matched[p] ? palace_colour(block_min[p], k1) : Rgb{255, 255, 255};
        }
      },
      progress ? ProgressFn(cell_rows) : nullptr);
  poller.finish();
  return static_cast<double>(all_matched) / static_cast<double>(region.width * region.height);
}

void write_rle(const std::filesystem::path& path, std::uint64_t k, const Region& region, Engine engine,
               const ProgressFn& progress, bool force) {
  require_k(k);
  require_region(region);
  RegionRows rows(k, region, engine, force);
  AtomicFile file(path);
  std::ostream& out = file.stream();
  out << fmt::format("#N k-Blocking Wythoff Nim, k = {}: palace numbers of x in [{}, {}), y in [{}, {})\n", k,
                     region.x0, region.x0 + region.width, region.y0, region.y0 + region.height);
  out << "#C queengames (seed 004, Cook, Larsson, Neary). State 0 is palace number k (outer space);\n"
         "#C state s in 1..120 is palace number k - s (a palace); 121..255 is k + (s - 120).\n";
  out << fmt::format("#CXRLE Pos={},{}\n", region.x0, region.y0);
  out << fmt::format("x = {}, y = {}, rule = /2/256\n", region.width, region.height);
  std::string line;
  auto emit = [&](std::uint64_t run, const std::string& token) {
    std::string piece = (run > 1 ? std::to_string(run) : std::string()) + token;
    if (line.size() + piece.size() > 70) out << line << '\n', line.clear();
    line += piece;
  };
  auto token = [](std::uint8_t s) {
    if (s == 0) return std::string(".");
    if (s <= 24) return std::string(1, static_cast<char>('A' + s - 1));
    return std::string{static_cast<char>('p' + (s - 1) / 24 - 1), static_cast<char>('A' + (s - 1) % 24)};
  };
  const std::uint64_t total = region.y0 + region.height;
  std::uint64_t pending_rows = 0;  // row ends not yet written: "n$" covers blank rows
  Poller poller(progress, total);
  for (std::uint64_t y = 0; y < region.height; ++y) {
    const auto row = rows.next(poller);
    std::uint64_t end = region.width;  // trailing state-0 cells are implied
    while (end > 0 && rle_state(row[region.x0 + end - 1], k) == 0) --end, poller.tick(y);
    if (end > 0) {
      if (pending_rows) emit(pending_rows, "$"), pending_rows = 0;
      for (std::uint64_t x = 0; x < end;) {
        std::uint8_t s = rle_state(row[region.x0 + x], k);
        std::uint64_t run = 1;
        while (x + run < end && rle_state(row[region.x0 + x + run], k) == s) ++run, poller.tick(y);
        emit(run, token(s));
        x += run;
        poller.tick(y);
      }
    }
    ++pending_rows;
  }
  out << line << "!\n";
  file.commit();
  poller.finish();
}

}  // namespace qg::blocking
