// The parts the papers' figures share, and the general picture of a game's P-positions.
#include "parts.hpp"

#include "queengames/infty.hpp"

#include <algorithm>
#include <numbers>
#include <set>

#include <fmt/format.h>

namespace qg::figures {
namespace parts {

std::string title(int seed, const std::string& figure) { return paper(seed) + ", " + figure; }

plot::Line golden_line(bool above, double x_max, bool label) {
  const double slope = above ? std::numbers::phi : 1 / std::numbers::phi;
  plot::Line line;
  if (label) line.label = above ? "y = φx" : "y = x/φ";
  // Light and wider than the points drawn over them, so that it shows around them.
  line.colour = above ? Rgb{245, 160, 160} : Rgb{150, 185, 235};
  line.width = 3;
  line.x = {0, x_max};
  line.y = {0, slope * x_max};
  return line;
}

plot::Panel board(double x0, double x1, double y0, double y1, bool y_down, const std::string& x_label,
                  const std::string& y_label) {
  plot::Panel p;
  p.x_min = x0 - 0.5, p.x_max = x1 + 0.5, p.y_min = y0 - 0.5, p.y_max = y1 + 0.5;
  p.y_down = y_down;
  p.equal_aspect = true;
  p.x_label = x_label;
  p.y_label = y_label;
  // A small board has a tick on every cell, a larger one on every fifth or tenth.
  const double span = std::max(x1 - x0, y1 - y0);
  const double step = span <= 12 ? 1 : span <= 25 ? 2 : span <= 60 ? 5 : 0;
  if (step > 0) {
    for (double x = std::ceil(x0 / step) * step; x <= x1; x += step) p.x_ticks.push_back(x);
    for (double y = std::ceil(y0 / step) * step; y <= y1; y += step) p.y_ticks.push_back(y);
  }
  return p;
}

plot::Panel game_panel(const twopile::Ruleset& ruleset, std::uint64_t bound, bool lines, const Options& options,
                       const std::string& title) {
  if (bound < 2 || bound > (std::uint64_t{1} << 20))
    throw RangeError(fmt::format("a game's corner of side {} is outside the supported range 2..2^20", bound));
  plot::Panel p = board(0, static_cast<double>(bound - 1), 0, static_cast<double>(bound - 1), false);
  p.title = title;
  if (lines) {
    p.lines.push_back(golden_line(true, static_cast<double>(bound)));
    p.lines.push_back(golden_line(false, static_cast<double>(bound)));
  }
  plot::Series s;
  s.label = std::string("P-positions");
  if (bound <= 400) s.extent = 1;  // a board's cells, as the paper draws them
  else s.size = 1.5;
  {
    plot::SeriesBuilder add(s, p, options.resolution);
    // a_n ≥ n: the first bound + 1 P-positions hold every a_n < bound.
    twopile::sweep_p_positions(
        ruleset, bound + 1,
        [&](std::uint64_t, std::uint64_t a, std::uint64_t b) {
          if (a >= bound) return false;
          if (b < bound) {
            add.add(static_cast<double>(a), static_cast<double>(b));
            if (b != a) add.add(static_cast<double>(b), static_cast<double>(a));
          }
          return true;
        },
        options.progress, options.force);
  }
  p.series.push_back(std::move(s));
  return p;
}

Moves moves(const twopile::Ruleset& ruleset, const twopile::Ruleset* base, twopile::Position from) {
  std::vector<twopile::Position> all;
  ruleset.options(from, all);
  const std::set<twopile::Position> distinct(all.begin(), all.end());
  Moves m;
  for (const twopile::Position& to : distinct) (base && base->is_move(from, to) ? m.common : m.extra).push_back(to);
  return m;
}

plot::Panel moves_panel(const std::string& title, twopile::Position from,
                        const std::vector<std::pair<std::string, std::vector<twopile::Position>>>& sets,
                        const std::vector<Rgb>& colours) {
  // The board holds the piece and every move, with a free row and column beyond.
  std::uint64_t side = std::max(from.x, from.y);
  for (const auto& set : sets)
    for (const twopile::Position& q : set.second) side = std::max({side, q.x, q.y});
  plot::Panel p = board(0, static_cast<double>(side + 1), 0, static_cast<double>(side + 1), false);
  p.title = title;
  p.cell_grid = true;
  for (std::size_t i = 0; i < sets.size(); ++i) {
    plot::Series s;
    s.label = sets[i].first;
    s.colour = colours[i % colours.size()];
    s.marker = plot::Marker::disc;
    s.extent = 0.55;
    for (const twopile::Position& q : sets[i].second) {
      s.x.push_back(static_cast<double>(q.x));
      s.y.push_back(static_cast<double>(q.y));
    }
    s.points = s.x.size();
    p.series.push_back(std::move(s));
  }
  plot::Series piece;
  piece.label = fmt::format("the piece at ({}, {})", from.x, from.y);
  piece.colour = kRed;
  piece.marker = plot::Marker::ring;
  piece.extent = 0.85;
  piece.x = {static_cast<double>(from.x)};
  piece.y = {static_cast<double>(from.y)};
  piece.points = 1;
  p.series.push_back(std::move(piece));
  return p;
}

void note_binned(plot::Figure& f) {
  for (const plot::Panel& p : f.panels)
    for (const plot::Series& s : p.series)
      if (s.binned) {
        f.note =
            "More points than can be drawn one by one: the shade of a pixel grows with the log of the points in it.";
        return;
      }
}

plot::Series mark(const std::string& label, double x, double y) {
  plot::Series s;
  s.label = label;
  s.colour = {0, 230, 255};  // cyan
  s.marker = plot::Marker::ring;
  s.size = 12;
  s.x = {x}, s.y = {y};
  s.points = 1;
  return s;
}

void infty_terms(std::uint64_t count, const ProgressFn& progress,
                 const std::function<void(std::uint64_t n, std::uint64_t q)>& visit) {
  infty::InftyQueens engine;
  std::vector<std::uint64_t> q(std::min<std::uint64_t>(count, 1 << 16));
  Poller poller(progress, count);
  for (std::uint64_t done = 0; done < count;) {
    const std::uint64_t k = std::min<std::uint64_t>(count - done, q.size());
    engine.step(k, q.data());
    for (std::uint64_t i = 0; i < k; ++i) visit(done + i + 1, q[i]);
    done += k;
    poller.tick(done);
  }
}

}  // namespace parts

plot::Figure game_figure(const twopile::Ruleset& ruleset, std::uint64_t size, bool lines, const Options& options) {
  plot::Figure f;
  f.title = fmt::format("The P-positions of {}", ruleset.name());
  f.subtitle = fmt::format("x, y < {}, (0, 0) at the bottom left{}", size,
                           lines ? "; the lines y = φx and y = x/φ beneath them" : "");
  f.panels.push_back(parts::game_panel(ruleset, size, lines, options, ""));
  return f;
}

}  // namespace qg::figures
