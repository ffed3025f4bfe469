// Seed 004, Cook, Larsson, Neary, A cellular automaton for blocking queen games: Figs. 1–8,
// and palace numbers of any window (`draw blocking`). Palace numbers are categories (v − k
// from ≤ −5 to ≥ 5, the palette of Fig. 1): a window with more cells than pixels is decimated
// by block majority, never by picking cells.
#include <algorithm>

#include <fmt/format.h>

#include "parts.hpp"
#include "queengames/blocking.hpp"

namespace qg::figures {
namespace {

using blocking::Cell;

constexpr std::uint16_t kNoMatch = 11;

std::uint16_t palace_code(std::uint32_t v, std::uint64_t k) {
  const auto d = static_cast<std::int64_t>(v) - static_cast<std::int64_t>(k);
  return static_cast<std::uint16_t>(std::clamp<std::int64_t>(d, -5, 5) + 5);
}

std::vector<Rgb> palace_palette(std::uint64_t k) {
  std::vector<Rgb> palette;
  for (int d = -5; d <= 5; ++d)
    palette.push_back(blocking::palace_colour(
        static_cast<std::uint64_t>(std::max<std::int64_t>(0, static_cast<std::int64_t>(k) + d)), k));
  return palette;
}

// The key: one swatch per class of v − k present in game k (v ≥ 0), the ends standing for
// beyond; relative to k, so that the panels of several games share it.
plot::ColourBar palace_bar(std::uint64_t k) {
  plot::ColourBar bar;
  bar.label = "palace number v (the palaces: v < k)";
  const std::vector<Rgb> palette = palace_palette(k);
  for (int d = -5; d <= 5; ++d) {
    if (static_cast<std::int64_t>(k) + d < 0) continue;
    std::string label = d == -5  ? "≤ k − 5 (the hood)"
                        : d == 5 ? "≥ k + 5"
                        : d == 0 ? "k"
                                 : fmt::format("k {} {}", d < 0 ? "−" : "+", std::abs(d));
    bar.swatches.push_back({std::move(label), palette[static_cast<std::size_t>(d + 5)]});
  }
  return bar;
}

plot::Raster palace_raster_frame(std::uint64_t k, const Window& w) {
  blocking::require_k(k);
  blocking::require_region({w.x0, w.y0, w.width, w.height});
  plot::Raster r;
  r.x0 = static_cast<double>(w.x0), r.y0 = static_cast<double>(w.y0);
  r.palette = palace_palette(k);
  r.bar = palace_bar(k);
  r.decimation = plot::Decimation::majority;
  return r;
}

plot::Panel raster_panel(plot::Raster r, const Window& w, const std::string& title) {
  plot::Panel p;
  p.title = title;
  p.x_label = std::string("x"), p.y_label = std::string("y (down)");
  p.x_min = static_cast<double>(w.x0) - 0.5, p.x_max = static_cast<double>(w.x0 + w.width) - 0.5;
  p.y_min = static_cast<double>(w.y0) - 0.5, p.y_max = static_cast<double>(w.y0 + w.height) - 0.5;
  p.y_down = true;
  p.equal_aspect = true;
  p.rasters.push_back(std::move(r));
  return p;
}

// Game k's palace numbers in the window, streamed row by row (the rows above it computed and
// dropped), decimated by block majority to the resolution.
plot::Panel palace_panel(std::uint64_t k, const Window& w, const Options& o, const std::string& title,
                         blocking::Engine engine = blocking::Engine::definition) {
  // The rows and a row of colour codes, estimated together before either is allocated (the
  // rows alone were checked, and a 2^31-wide picture ran out of memory at the codes).
  require_memory(blocking::palace_rows_bytes(k, w.x0 + w.width, engine) + sizeof(std::uint16_t) * w.width,
                 fmt::format("a picture of {}x{} palace numbers", w.width, w.height), o.force);
  plot::Raster r = palace_raster_frame(k, w);
  {
    blocking::PalaceRows rows(k, w.x0 + w.width, engine, true);
    plot::RasterBuilder add(r, static_cast<std::uint32_t>(w.width), static_cast<std::uint32_t>(w.height),
                            plot::block_for(std::max(w.width, w.height), plot::kMaxRasterSide));
    std::vector<std::uint16_t> codes(w.width);
    Poller poller(o.progress, w.y0 + w.height);
    for (std::uint64_t y = 0; y < w.y0 + w.height; ++y) {
      const auto row = rows.next(poller);
      if (y < w.y0) continue;
      for (std::uint64_t x = 0; x < w.width; ++x) codes[x] = palace_code(row[w.x0 + x], k);
      add.add_row(codes.data());
    }
    poller.finish();
  }
  return raster_panel(std::move(r), w, title);
}

// Game k1 in the window where game k2 at (x + dx, y + dy) has v + (k2 − k1), white elsewhere.
plot::Panel comparison_panel(std::uint64_t k1, std::uint64_t k2, std::uint64_t dx, std::uint64_t dy, const Window& w,
                             const Options& o, double* matched) {
  blocking::require_k(k2);
  blocking::require_region({w.x0 + dx, w.y0 + dy, w.width, w.height});
  // Both row sources at once: one estimate for both.
  require_memory(blocking::palace_rows_bytes(k1, w.x0 + w.width, blocking::Engine::definition) +
                     blocking::palace_rows_bytes(k2, w.x0 + dx + w.width, blocking::Engine::definition) +
                     sizeof(std::uint16_t) * w.width,
                 fmt::format("the comparison of {}x{} cells", w.width, w.height), o.force);
  plot::Raster r = palace_raster_frame(k1, w);
  r.palette.push_back({255, 255, 255});
  r.bar.swatches.push_back({"no match", {255, 255, 255}});
  std::uint64_t same = 0;
  {
    blocking::PalaceRows a(k1, w.x0 + w.width, blocking::Engine::definition, true),
        b(k2, w.x0 + dx + w.width, blocking::Engine::definition, true);
    plot::RasterBuilder add(r, static_cast<std::uint32_t>(w.width), static_cast<std::uint32_t>(w.height),
                            plot::block_for(std::max(w.width, w.height), plot::kMaxRasterSide));
    std::vector<std::uint16_t> codes(w.width);
    const auto offset = static_cast<std::int64_t>(k2) - static_cast<std::int64_t>(k1);
    Poller poller(o.progress, w.y0 + w.height);
    for (std::uint64_t y = 0; y < dy; ++y) b.next(poller);
    for (std::uint64_t y = 0; y < w.y0 + w.height; ++y) {
      const auto ra = a.next(poller);
      const auto rb = b.next(poller);
      if (y < w.y0) continue;
      for (std::uint64_t x = 0; x < w.width; ++x) {
        const std::int64_t va = ra[w.x0 + x], vb = rb[w.x0 + dx + x];
        const bool match = vb == va + offset;
        same += match;
        codes[x] = match ? palace_code(ra[w.x0 + x], k1) : kNoMatch;
      }
      add.add_row(codes.data());
    }
    poller.finish();
  }
  const double fraction = static_cast<double>(same) / static_cast<double>(w.width * w.height);
  if (matched) *matched = fraction;
  return raster_panel(
      std::move(r), w,
      fmt::format("game {} against game {} at (x + {}, y + {}): {:.1f}% match", k1, k2, dx, dy, 100 * fraction));
}

Window around(Cell c, std::uint64_t side, double before) {
  const auto back = static_cast<std::uint64_t>(before * static_cast<double>(side));
  return {c.x > back ? c.x - back : 0, c.y > back ? c.y - back : 0, side, side};
}

}  // namespace

plot::Figure palaces_figure(std::uint64_t k, const Window& window, const Options& options, std::string_view engine) {
  plot::Figure f;
  f.title = fmt::format("k-Blocking Wythoff Nim, game {}: palace numbers", k);
  f.subtitle = fmt::format("x {} … {}, y {} … {} (down), in the palette of {}", window.x0, window.x0 + window.width - 1,
                           window.y0, window.y0 + window.height - 1, parts::title(4, "Fig. 1"));
  f.panels.push_back(palace_panel(k, window, options, "", blocking::parse_engine(engine)));
  return f;
}

plot::Figure comparison_figure(std::uint64_t k1, std::uint64_t k2, std::uint64_t dx, std::uint64_t dy,
                               const Window& window, const Options& options, double* matched) {
  plot::Figure f;
  f.title = fmt::format("k-Blocking Wythoff Nim: game {} against game {} shifted by ({}, {})", k1, k2, dx, dy);
  f.subtitle =
      fmt::format("a cell (x, y) of game {} matches when game {} has v + {} at (x + {}, y + {}); the others white", k1,
                  k2, static_cast<std::int64_t>(k2) - static_cast<std::int64_t>(k1), dx, dy);
  f.panels.push_back(comparison_panel(k1, k2, dx, dy, window, options, matched));
  return f;
}

namespace parts {

plot::Figure blocking_fig1(std::span<const std::uint64_t> v, const Options& o) {
  const std::uint64_t k = v[0], side = v[1];
  plot::Panel p = palace_panel(k, {0, 0, side, side}, o, "");
  const std::vector<std::uint32_t> t = blocking::palace_table(k, side, side);
  if (side <= 25)
    for (std::uint64_t y = 0; y < side; ++y)
      for (std::uint64_t x = 0; x < side; ++x) {
        const std::uint16_t c = palace_code(t[y * side + x], k);
        const bool light = c >= 3 && c <= 4;  // light olive and yellow
        p.labels.push_back({std::to_string(t[y * side + x]), static_cast<double>(x), static_cast<double>(y), 0.5, 0.5,
                            std::min(1.0, 20.0 / static_cast<double>(side)),
                            light ? Rgb{0, 0, 0} : Rgb{255, 255, 255}});
      }
  p.x_ticks.clear();
  for (std::uint64_t i = 0; i < side; ++i) p.x_ticks.push_back(static_cast<double>(i));
  p.y_ticks = p.x_ticks;
  plot::Figure f;
  f.title = title(4, "Fig. 1");
  f.subtitle = fmt::format(
      "game {} on the {}×{} board from (0, 0) at the upper left: the palace number of each position, "
      "the palaces (v < {}) yellow, olive and brown",
      k, side, side, k);
  f.panels.push_back(std::move(p));
  return f;
}

plot::Figure blocking_fig2(std::span<const std::uint64_t>, const Options&) {
  // The neighbourhood of g = (x, y) in board coordinates and each blue cell's palace
  // compensation weight, the library's rule evaluated with that cell alone negative.
  struct Place {
    const char* name;
    int dx, dy;
  };
  const Place places[] = {{"a", -2, -2}, {"b", -1, -2}, {"c", -2, -1}, {"d", -1, -1},
                          {"e", 0, -1},  {"f", -1, 0},  {"g", 0, 0}};
  auto panel = [&](bool weights) {
    plot::Panel p = parts::board(-2, 0, -2, 0, true, "x", "y (down)");
    p.title = weights ? "palace compensation weights p" : "g = a − b − c + e + f + p";
    p.x_tick_labels = {"x − 2", "x − 1", "x"};
    p.y_tick_labels = {"y − 2", "y − 1", "y"};
    p.x_ticks = p.y_ticks = {-2, -1, 0};
    p.cell_grid = true;
    plot::Cells blue, red;
    blue.label = weights ? "added to g when the cell is a palace" : "the cells g depends on";
    red.label = weights ? "" : "g, the cell computed";
    for (const Place& q : places) {
      const bool g = q.name[0] == 'g';
      if (weights && g) continue;
      plot::Cells& into = g ? red : blue;
      into.x.push_back(q.dx), into.y.push_back(q.dy);
      into.colour.push_back(g ? Rgb{230, 80, 80} : weights ? Rgb{150, 215, 150} : Rgb{120, 160, 235});
      std::string text = q.name;
      if (weights) {
        std::int64_t s[6] = {0, 0, 0, 0, 0, 0};
        s[q.name[0] - 'a'] = -1;
        const std::int64_t w = blocking::ca_compensation(s[0], s[1], s[2], s[3], s[4], s[5]);
        text = fmt::format("{}: {}{}", q.name, w > 0 ? "+" : w < 0 ? "−" : "", std::abs(w));
      }
      p.labels.push_back({text, static_cast<double>(q.dx), static_cast<double>(q.dy), 0.5, 0.5, 1.4});
    }
    for (plot::Cells* c : {&blue, &red})
      if (!c->x.empty()) {
        c->size = 0.92;
        p.cells.push_back(std::move(*c));
      }
    return p;
  };
  plot::Figure f;
  f.title = title(4, "Fig. 2");
  f.subtitle = std::string(
      "the fourth-order CA's rule in board coordinates (time runs down and right): g from a, b, c, d, e, f");
  f.columns = 2;
  f.panels.push_back(panel(false));
  f.panels.push_back(panel(true));
  f.note = std::string(
      "A cell is a palace when its state v − k is negative; d enters g only through its weight, so only its sign "
      "matters.");
  return f;
}

plot::Figure blocking_fig3(std::span<const std::uint64_t> v, const Options& o) {
  const std::uint64_t ks[2] = {v[0], v[1]}, zoom = v[2];
  plot::Figure f;
  f.title = title(4, "Fig. 3");
  f.subtitle = fmt::format(
      "self-organised regions of games {0} and {1} ({2}×{2} and {3}×{3}); below, {4}×{4} windows by the "
      "nose and by the shoulder, alike in both",
      ks[0], ks[1], 3 * ks[0], 3 * ks[1], zoom);
  f.columns = 2;
  for (std::uint64_t k : ks) f.panels.push_back(palace_panel(k, {0, 0, 3 * k, 3 * k}, o, fmt::format("game {}", k)));
  // The nose (k/3, k/3) and the lower shoulder (0, k), where the hood's casing turns.
  for (std::uint64_t k : ks) {
    const std::uint64_t n = k / 3;
    f.panels.push_back(
        palace_panel(k, around({n, n}, zoom, 0.2), o, fmt::format("game {}: by the nose ({}, {})", k, n, n)));
  }
  for (std::uint64_t k : ks)
    f.panels.push_back(palace_panel(k, {0, k > zoom / 5 ? k - zoom / 5 : 0, zoom, zoom}, o,
                                    fmt::format("game {}: by the shoulder (0, {})", k, k)));
  return f;
}

plot::Figure blocking_fig4(std::span<const std::uint64_t> v, const Options& o) {
  const std::uint64_t side = v[0];
  plot::Figure f;
  f.title = title(4, "Fig. 4");
  f.subtitle = fmt::format(
      "left, game 497 against game 500 at (x + 1, y + 1); right, game 499 against game 500 at (x + 1, y); "
      "{0}×{0} cells, the cells that differ white",
      side);
  f.columns = 2;
  f.panels.push_back(comparison_panel(497, 500, 1, 1, {0, 0, side, side}, o, nullptr));
  f.panels.push_back(comparison_panel(499, 500, 1, 0, {0, 0, side, side}, o, nullptr));
  return f;
}

plot::Figure blocking_fig5(std::span<const std::uint64_t> v, const Options& o) {
  const std::uint64_t k = v[0], side = v[1];
  const Cell armpit = blocking::locate_armpit(k, o.progress, o.force);
  plot::Panel p = palace_panel(k, around(armpit, side, 0.15), o, "");
  p.series.push_back(mark(fmt::format("the armpit ({}, {}), located", armpit.x, armpit.y),
                          static_cast<double>(armpit.x), static_cast<double>(armpit.y)));
  plot::Figure f;
  f.title = title(4, "Fig. 5");
  f.subtitle = fmt::format(
      "game {}: the armpit, where the rift hits the seam and the fray begins; the armpit is the hottest "
      "cell right of the shoulder and below the nose",
      k);
  f.panels.push_back(std::move(p));
  return f;
}

plot::Figure blocking_fig6(std::span<const std::uint64_t> v, const Options& o) {
  const std::uint64_t k = v[0], side = v[1];
  const Cell prism = blocking::locate_prism(k, o.progress, o.force);
  plot::Panel p = palace_panel(k, around(prism, side, 0.3), o, "");
  p.series.push_back(mark(fmt::format("the prism ({}, {}), located", prism.x, prism.y), static_cast<double>(prism.x),
                          static_cast<double>(prism.y)));
  plot::Figure f;
  f.title = title(4, "Fig. 6");
  f.subtitle = fmt::format(
      "game {}: a prism and its light beam; the prism is where the fabric (game {} at (x + 1, y + 1) "
      "alike) ends on the main diagonal",
      k, k + 3);
  f.panels.push_back(std::move(p));
  return f;
}

plot::Figure blocking_fig7(std::span<const std::uint64_t> v, const Options& o) {
  const std::uint64_t k0 = v[0] - v[0] % 3, near = v[1], far = v[2];
  plot::Figure f;
  f.title = title(4, "Fig. 7");
  f.subtitle =
      fmt::format("the three fabrics below the nose: k = {} ≡ 0, {} ≡ 1, {} ≡ 2 (mod 3); above {}×{}, below {}×{}", k0,
                  k0 + 1, k0 + 2, near, near, far, far);
  f.columns = 3;
  for (std::uint64_t side : {near, far})
    for (std::uint64_t k = k0; k < k0 + 3; ++k) {
      const std::uint64_t n = k / 3;
      f.panels.push_back(palace_panel(k, around({n, n}, side, 0.1), o, fmt::format("k = {} (k mod 3 = {})", k, k % 3)));
    }
  return f;
}

plot::Figure blocking_fig8(std::span<const std::uint64_t> v, const Options& o) {
  const std::uint64_t k = v[0], stage = v[1], width = v[2];
  const auto at = blocking::locate_skin(k, static_cast<unsigned>(stage), 4 * k);
  if (!at)
    throw RangeError(fmt::format("game {}'s upper arm shows no skin of stage {} within {} columns", k, stage, 4 * k));
  const Window w{at->x > width / 6 ? at->x - width / 6 : 0, at->y > width / 6 ? at->y - width / 6 : 0, width,
                 width / 2};
  plot::Figure f;
  f.title = title(4, "Fig. 8");
  f.subtitle = fmt::format(
      "the skin of game {}'s upper arm, stage n = {}, from column {} (row {}) on: palaces k − 1, k − 2 "
      "against the outer space k",
      k, stage, at->x, at->y);
  f.panels.push_back(palace_panel(k, w, o, ""));
  return f;
}

}  // namespace parts
}  // namespace qg::figures
