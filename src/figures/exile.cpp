// Seed 000, Dekking, Shallit, Sloane, Queens in exile: Figs. 2–6, and Sprague-Grundy tables
// of any board or ruleset (`draw grundy`).
#include <algorithm>
#include <cmath>
#include <numbers>

#include <fmt/format.h>

#include "parts.hpp"
#include "queengames/boards.hpp"
#include "queengames/spiral.hpp"

namespace qg::figures {
namespace {

using parts::title;

// Text of about 9 points fits `digits` digits into a cell of `cell` points at this size.
double digits_size(double cell, std::size_t digits) {
  return std::min(1.0, 0.8 * cell / (0.62 * 9 * static_cast<double>(std::max<std::size_t>(digits, 1))));
}

// The value's colour code: 0 (black) for zero, 1 … 254 from red to blue up to vmax, 255 (white)
// off the board. The smallest code wins a decimation, so zeros (P-positions) survive.
std::uint16_t grundy_code(std::uint32_t v, std::uint32_t vmax) {
  if (v == boards::Table::kNone) return 255;
  if (v == 0) return 0;
  return static_cast<std::uint16_t>(1 + (vmax > 1 ? std::lround(253.0 * (v - 1) / (vmax - 1)) : 0));
}

std::vector<Rgb> grundy_palette() {
  std::vector<Rgb> palette{{0, 0, 0}};
  for (const Rgb& c : plot::gradient(plot::red_to_blue, 254)) palette.push_back(c);
  palette.push_back({255, 255, 255});
  return palette;
}

// A Sprague-Grundy table as a panel: cell (x, y) of the table at (col0 + x, row0 + y), rows
// down; hexagonal boards as hexagons in their sheared coordinates; values written when the
// cells are large enough to hold them.
plot::Panel grundy_panel(const boards::Table& t, std::int64_t col0, std::int64_t row0, bool hexagonal,
                         const std::string& x_label, const std::string& y_label) {
  std::uint32_t vmax = 1;
  bool off = false;
  for (std::uint32_t v : t.values) {
    if (v == boards::Table::kNone) off = true;
    else vmax = std::max(vmax, v);
  }
  const std::vector<Rgb> palette = grundy_palette();
  plot::ColourBar bar;
  bar.label = std::string("Sprague-Grundy value");
  bar.gradient.assign(palette.begin() + 1, palette.end() - 1);
  bar.vmin = 1, bar.vmax = vmax;
  bar.swatches.push_back({"0 (P-positions)", palette.front()});
  if (off && !hexagonal) bar.swatches.push_back({"not a cell", palette.back()});
  const double side = static_cast<double>(std::max(t.width, t.height));
  const std::size_t digits = std::to_string(vmax).size();
  const bool written = side <= 25;
  plot::Panel p;
  p.x_label = x_label, p.y_label = y_label;
  p.y_down = true;
  p.equal_aspect = true;
  if (hexagonal) {
    // Sheared (row, col) to the plane: the three lines are rows, columns and row − col.
    plot::Cells cells;
    cells.shape = plot::Shape::hexagon;
    cells.outline = side <= 80;
    double x0 = 1e300, x1 = -1e300, y0 = 1e300, y1 = -1e300;
    for (std::uint64_t y = 0; y < t.height; ++y)
      for (std::uint64_t x = 0; x < t.width; ++x) {
        const std::uint32_t v = t.at(x, y);
        if (v == boards::Table::kNone) continue;
        const double r = static_cast<double>(row0) + static_cast<double>(y),
                     c = static_cast<double>(col0) + static_cast<double>(x);
        const double cx = c - r / 2, cy = r * std::sqrt(3.0) / 2;
        cells.x.push_back(cx), cells.y.push_back(cy);
        cells.colour.push_back(palette[grundy_code(v, vmax)]);
        x0 = std::min(x0, cx), x1 = std::max(x1, cx), y0 = std::min(y0, cy), y1 = std::max(y1, cy);
        if (written)
          p.labels.push_back({std::to_string(v), cx, cy, 0.5, 0.5, digits_size(330 / side, digits),
                              v == 0 || grundy_code(v, vmax) > 150 ? Rgb{255, 255, 255} : Rgb{0, 0, 0}});
      }
    p.x_min = x0 - 0.7, p.x_max = x1 + 0.7, p.y_min = y0 - 0.7, p.y_max = y1 + 0.7;
    cells.bar = bar;
    p.cells.push_back(std::move(cells));
    return p;
  }
  plot::Raster r;
  r.x0 = static_cast<double>(col0), r.y0 = static_cast<double>(row0);
  r.columns = static_cast<std::uint32_t>(t.width), r.rows = static_cast<std::uint32_t>(t.height);
  r.code.resize(t.values.size());
  for (std::size_t i = 0; i < t.values.size(); ++i) r.code[i] = grundy_code(t.values[i], vmax);
  r.palette = palette;
  r.bar = bar;
  r.decimation = plot::Decimation::minimum;
  const std::uint32_t block = plot::block_for(std::max(t.width, t.height), plot::kMaxRasterSide);
  p.x_min = r.x0 - 0.5, p.x_max = r.x0 + static_cast<double>(t.width) - 0.5;
  p.y_min = r.y0 - 0.5, p.y_max = r.y0 + static_cast<double>(t.height) - 0.5;
  if (written)
    for (std::uint64_t y = 0; y < t.height; ++y)
      for (std::uint64_t x = 0; x < t.width; ++x) {
        const std::uint32_t v = t.at(x, y);
        if (v == boards::Table::kNone) continue;
        p.labels.push_back({std::to_string(v), r.x0 + static_cast<double>(x), r.y0 + static_cast<double>(y), 0.5, 0.5,
                            digits_size(330 / side, digits),
                            v == 0 || grundy_code(v, vmax) > 150 ? Rgb{255, 255, 255} : Rgb{0, 0, 0}});
      }
  p.rasters.push_back(block > 1 ? plot::decimate(r, block) : std::move(r));
  return p;
}

}  // namespace

namespace parts {

plot::Figure exile_fig2(std::span<const std::uint64_t> v, const Options&) {
  const auto r = static_cast<std::int64_t>(v[0]);
  const std::uint64_t count = v[1];
  plot::Figure f;
  f.title = title(0, "Fig. 2");
  f.subtitle = fmt::format(
      "the cells with max(|x|, |y|) ≤ {} numbered along the square spiral; the first {} queens circled", r, count);
  plot::Panel p = board(static_cast<double>(-r), static_cast<double>(r), static_cast<double>(-r),
                        static_cast<double>(r), true, "y (East)", "x (South)");
  p.cell_grid = true;
  const std::uint64_t cells = static_cast<std::uint64_t>(2 * r + 1) * static_cast<std::uint64_t>(2 * r + 1);
  const double size = digits_size(360.0 / static_cast<double>(2 * r + 1), std::to_string(cells - 1).size());
  plot::Line path;
  path.label = std::string("the spiral");
  path.colour = kLight;
  path.width = 1.2;
  for (std::uint64_t i = 0; i < cells; ++i) {
    const spiral::Point q = spiral::cell_point(i);
    path.x.push_back(static_cast<double>(q.y));
    path.y.push_back(static_cast<double>(q.x));
    p.labels.push_back({std::to_string(i), static_cast<double>(q.y), static_cast<double>(q.x), 0.5, 0.5, size});
  }
  p.lines.push_back(std::move(path));
  plot::Series queens;
  queens.label = fmt::format("the first {} queens", count);
  queens.colour = kRed;
  queens.marker = plot::Marker::ring;
  queens.extent = 0.9;
  {
    plot::SeriesBuilder add(queens, p, 64);
    spiral::generate_queens(count, [&](std::uint64_t, std::span<const spiral::QueenCell> block) {
      for (const spiral::QueenCell& q : block) add.add(static_cast<double>(q.y), static_cast<double>(q.x));
    });
  }
  p.series.push_back(std::move(queens));
  f.panels.push_back(std::move(p));
  return f;
}

plot::Figure exile_fig3(std::span<const std::uint64_t> v, const Options& o) {
  const std::uint64_t radius = v[0];
  const auto r = static_cast<double>(radius);
  plot::Panel p;
  p.x_label = std::string("y (East)"), p.y_label = std::string("x (South)");
  p.x_min = -r, p.x_max = r, p.y_min = -r, p.y_max = r;
  p.y_down = true;  // x points South (Fig. 2)
  p.equal_aspect = true;
  plot::Series queens;
  queens.size = 1.6;
  {
    plot::SeriesBuilder add(queens, p, o.resolution);
    spiral::queens_within(
        radius, [&](spiral::Point q) { add.add(static_cast<double>(q.y), static_cast<double>(q.x)); }, o.progress);
  }
  plot::Figure f;
  f.title = title(0, "Fig. 3");
  f.subtitle =
      fmt::format("the {} queens with max(|x|, |y|) ≤ {}, on four lines of slopes ±ψ, ±1/ψ", queens.points, radius);
  p.series.push_back(std::move(queens));
  f.panels.push_back(std::move(p));
  note_binned(f);
  return f;
}

plot::Figure exile_fig4(std::span<const std::uint64_t> v, const Options& o) {
  const std::uint64_t side = 2 * v[0] + 1;
  const boards::Table t = boards::board_window_table(boards::BoardKind::spiral, boards::Piece::queen, side, side,
                                                     {.force = o.force, .progress = o.progress});
  const boards::Board b(boards::BoardKind::spiral, side);
  plot::Figure f;
  f.title = title(0, "Fig. 4");
  f.subtitle = fmt::format(
      "Sprague-Grundy values (A274641) on the spiral, max(|x|, |y|) ≤ {}; the zeros are the exiled queens", v[0]);
  f.panels.push_back(grundy_panel(t, b.col0(), b.row0(), false, "y (East)", "x (South)"));
  return f;
}

plot::Figure exile_fig5(std::span<const std::uint64_t> v, const Options& o) {
  const std::uint64_t side = v[0];
  const boards::Table t = boards::board_window_table(boards::BoardKind::quadrant, boards::Piece::queen, side, side,
                                                     {.force = o.force, .progress = o.progress});
  plot::Panel p = grundy_panel(t, 0, 0, false, "column", "row");
  // The first five queens, circled (A275897: Table 5's indices d(d + 1)/2 + c, d = r + c).
  // Magenta, a colour outside the red-to-blue map, so that a ring shows on a zero's black cell
  // as on the others; 1.6 cells across where a cell is wider than the 7-point ring (a panel
  // about 320 points wide).
  plot::Series circles;
  circles.label = std::string("the first five queens (A275897)");
  circles.marker = plot::Marker::ring;
  circles.colour = kMagenta;
  circles.size = 7;
  if (320.0 / static_cast<double>(side) > circles.size) circles.extent = 1.6;
  for (std::uint64_t i : boards::quadrant_queen_indices(5)) {
    std::uint64_t d = 0;
    while ((d + 1) * (d + 2) / 2 <= i) ++d;
    const std::uint64_t c = i - d * (d + 1) / 2;
    if (c < side && d - c < side) {
      circles.x.push_back(static_cast<double>(c));
      circles.y.push_back(static_cast<double>(d - c));
    }
  }
  circles.points = circles.x.size();
  p.series.push_back(std::move(circles));
  plot::Figure f;
  f.title = title(0, "Fig. 5");
  f.subtitle = fmt::format(
      "the top {0}×{0} corner of the quadrant's Sprague-Grundy values (A274528), red near 0 to blue near {1}", side,
      p.rasters.empty() ? p.cells.front().bar.vmax : p.rasters.front().bar.vmax);
  f.panels.push_back(std::move(p));
  return f;
}

plot::Figure exile_fig6(std::span<const std::uint64_t> v, const Options& o) {
  const std::uint64_t count = v[0];
  plot::Panel p;
  p.x_label = std::string("column c"), p.y_label = std::string("row $S_c$");
  p.x_min = 0, p.x_max = static_cast<double>(std::max<std::uint64_t>(count, 1));
  // S_c < φ(c + 1) (Knuth's bound q_n − nφ < 1, seed 002): the rows fit under φ·count.
  p.y_min = 0, p.y_max = std::ceil(std::numbers::phi * static_cast<double>(count)) + 1;
  p.y_down = true;  // rows counted down from the top left corner (§8)
  p.equal_aspect = true;
  // The caption's ticks: columns at 0, 2000, …, 10000 and rows at 0, 5000, 10000, 15000.
  p.x_ticks = plot::ticks(p.x_min, p.x_max, 6);
  p.y_ticks = plot::ticks(p.y_min, p.y_max, 4);
  p.lines.push_back(parts::golden_line(true, p.x_max));
  p.lines.push_back(parts::golden_line(false, p.x_max));
  p.lines[0].label = std::string("$S_c$ = φc"), p.lines[1].label = std::string("$S_c$ = c/φ");
  plot::Series queens;
  queens.label = std::string("the queens (c, $S_c$)");
  queens.size = 1;
  {
    plot::SeriesBuilder add(queens, p, o.resolution);
    // The ∞-queens engine (seed 002): q_n = S_{n−1} + 1 (seed 000 eq. (48)).
    parts::infty_terms(count, o.progress, [&](std::uint64_t n, std::uint64_t q) {
      add.add(static_cast<double>(n - 1), static_cast<double>(q - 1));
    });
  }
  plot::Figure f;
  f.title = title(0, "Fig. 6");
  f.subtitle = fmt::format("the first {} queens on the single quadrant, column c across, row $S_c$ down", count);
  p.series.push_back(std::move(queens));
  f.panels.push_back(std::move(p));
  note_binned(f);
  return f;
}

}  // namespace parts

plot::Figure grundy_figure(std::string_view name, std::string_view piece, std::uint64_t size,
                           const boards::Table& table) {
  plot::Figure f;
  const auto kind = boards::parse_board_kind(name);
  if (!kind) {
    f.title = fmt::format("Sprague-Grundy values of {}", name);
    f.subtitle = fmt::format("the {}×{} corner, x across and y down from (0, 0); the zeros are the P-positions",
                             table.width, table.height);
    f.panels.push_back(grundy_panel(table, 0, 0, false, "x", "y (down)"));
  } else {
    const boards::Board b(*kind, size);
    const bool hexagonal = b.geometry() == boards::Geometry::hexagonal, queen = piece == "queen";
    f.title = queen && kind == boards::BoardKind::spiral ? parts::title(0, "Fig. 4")
              : queen && kind == boards::BoardKind::quadrant
                  ? parts::title(0, "Fig. 5")
                  : fmt::format("Sprague-Grundy values of the {} on the {} board", piece, name);
    std::uint64_t cells = 0;
    for (std::uint32_t v : table.values) cells += v != boards::Table::kNone;
    f.subtitle = kind == boards::BoardKind::spiral
                     ? fmt::format("the {0}×{0} window around the origin, x South down, y East across", size)
                 : hexagonal ? fmt::format("{} {} ({} cells)", size,
                                           kind == boards::BoardKind::hex_spiral ? "rings" : "rows", cells)
                             : fmt::format("the {}×{} corner, rows down from the top left", table.width, table.height);
    if (queen && (kind == boards::BoardKind::spiral || kind == boards::BoardKind::quadrant))
      f.subtitle = "the " + std::string(piece) + "'s values: " + f.subtitle;
    const bool spiral = kind == boards::BoardKind::spiral;
    f.panels.push_back(grundy_panel(table, b.col0(), b.row0(), hexagonal,
                                    spiral      ? "y (East)"
                                    : hexagonal ? "x (cell widths)"
                                                : "column",
                                    spiral      ? "x (South)"
                                    : hexagonal ? "y (cell widths, down)"
                                                : "row"));
  }
  return f;
}

}  // namespace qg::figures
