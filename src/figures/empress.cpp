// Seed 001, Fokkink, Ortega, Rust, Corner the empress: Figs. 1–3; and seed 002's discrepancies.
#include <algorithm>
#include <cmath>
#include <numbers>

#include <fmt/format.h>

#include "parts.hpp"

namespace qg::figures::parts {
namespace {

using twopile::Position;
using twopile::Ruleset;

bool rook_move(Position from, Position to) { return to.x == from.x || to.y == from.y; }

std::vector<Position> without_rook(const std::vector<Position>& moves, Position from) {
  std::vector<Position> kept;
  for (const Position& to : moves)
    if (!rook_move(from, to)) kept.push_back(to);
  return kept;
}

}  // namespace

plot::Figure empress_fig1(std::span<const std::uint64_t> v, const Options&) {
  const Position from{v[0], v[1]};
  const Ruleset bee = Ruleset::parse("queen-bee"), queen = Ruleset::parse("wythoff");
  const Moves m = moves(bee, &queen, from);
  plot::Figure f;
  f.title = title(1, "Fig. 1");
  f.subtitle = fmt::format(
      "the moves of the Queen Bee from ({}, {}): her bounce off the side (black) beside the Queen's moves (grey)",
      from.x, from.y);
  f.panels.push_back(
      moves_panel("", from, {{"the Queen's moves", m.common}, {"the bounce", m.extra}}, {kLight, kBlack}));
  return f;
}

plot::Figure empress_fig2(std::span<const std::uint64_t> v, const Options&) {
  const Position from{v[0], v[1]};
  const Ruleset queen = Ruleset::parse("wythoff"), two = Ruleset::parse("kqueen:2"), dee = Ruleset::parse("queen-dee"),
                two_dee = Ruleset::parse("kqueen-dee:2");
  const Moves left = moves(two, &queen, from), right = moves(two_dee, &dee, from);
  const std::vector<Rgb> colours{kBlack, Rgb{150, 170, 230}};
  plot::Figure f;
  f.title = title(1, "Fig. 2");
  f.subtitle = fmt::format(
      "diagonal moves from ({}, {}) of a Queen (black) and a 2-Queen (light); right, extended by reflection", from.x,
      from.y);
  f.columns = 2;
  f.panels.push_back(
      moves_panel("Queen and 2-Queen", from,
                  {{"Queen", without_rook(left.common, from)}, {"2-Queen", without_rook(left.extra, from)}}, colours));
  f.panels.push_back(moves_panel(
      "Queen Dee and 2-Queen Dee", from,
      {{"Queen Dee", without_rook(right.common, from)}, {"2-Queen Dee", without_rook(right.extra, from)}}, colours));
  return f;
}

plot::Figure empress_fig3(std::span<const std::uint64_t> v, const Options& o) {
  const std::uint64_t n = v[0];
  // The P-positions by the morphic route (period doubling): a_{b_k} by random access.
  const twopile::MorphicPPositions bee(*twopile::morphic_coding(Ruleset::parse("queen-bee")));
  std::vector<std::int8_t> d(n);
  Poller poller(o.progress, n);
  bee.stream(n + 1, [&](std::uint64_t k, std::uint64_t a, std::uint64_t b) {
    if (k == 0) return true;
    d[k - 1] = static_cast<std::int8_t>(static_cast<std::int64_t>(bee.nth(b).x) - static_cast<std::int64_t>(a + b));
    poller.tick(k);
    return true;
  });
  const auto [lo, hi] = std::minmax_element(d.begin(), d.end());
  plot::Panel p;
  p.x_label = std::string("n"), p.y_label = std::string("$a_{b_n}$ − $a_n$ − $b_n$");
  p.x_min = 0, p.x_max = static_cast<double>(n);
  p.y_min = std::min(*lo, std::int8_t{-1}) - 0.6, p.y_max = std::max(*hi, std::int8_t{1}) + 0.6;
  for (int y = static_cast<int>(std::ceil(p.y_min)); y <= p.y_max; ++y) p.y_ticks.push_back(y);
  plot::Series s;
  s.size = 1.2;
  {
    plot::SeriesBuilder add(s, p, o.resolution);
    for (std::uint64_t k = 0; k < n; ++k) add.add(static_cast<double>(k + 1), d[k]);
  }
  p.series.push_back(std::move(s));
  plot::Figure f;
  f.title = title(1, "Fig. 3");
  f.subtitle = fmt::format("$a_{{b_n}}$ − $a_n$ − $b_n$ for Corner the Queen Bee, n = 1 … {}", n);
  // The caption's first difference "equal to 5" is −5 (the conversion lost the sign).
  const auto five = std::find_if(d.begin(), d.end(), [](std::int8_t x) { return std::abs(x) >= 5; });
  if (five != d.end()) {
    const auto at = static_cast<std::uint64_t>(five - d.begin()) + 1;
    plot::Series mark;
    mark.label = fmt::format("the first of absolute value 5: n = {}", at);
    mark.colour = kRed;
    mark.marker = plot::Marker::ring;
    mark.size = 8;
    mark.x = {static_cast<double>(at)};
    mark.y = {static_cast<double>(*five)};
    mark.points = 1;
    p.series.push_back(std::move(mark));
  }
  f.aspect = 0.45;
  f.panels.push_back(std::move(p));
  note_binned(f);
  return f;
}

plot::Figure knuth_discrepancies(std::span<const std::uint64_t> v, const Options& o) {
  const std::uint64_t count = v[0];
  const double phi = std::numbers::phi;
  // Seed 000 (49)–(50): Knuth's bounds for c < 10^9, dashed.
  auto panel = [&](bool high) {
    plot::Panel p;
    p.title = high ? "high terms, $q_n$ ≥ $n$" : "low terms, $q_n$ < $n$";
    p.x_label = std::string("n"), p.y_label = high ? "$q_n$ − $n$φ" : "$q_n$ − $n$/φ";
    p.x_min = 0, p.x_max = static_cast<double>(count);
    p.y_min = high ? -2.4 : -3.4, p.y_max = high ? 1.4 : 5.4;
    for (int y = high ? -2 : -3; y <= (high ? 1 : 5); ++y) p.y_ticks.push_back(y);
    for (double bound : high ? std::vector<double>{-2, 1} : std::vector<double>{-3, 5}) {
      plot::Line l;
      l.colour = kGrey;
      l.dashed = true;
      l.x = {0, p.x_max};
      l.y = {bound, bound};
      if (bound < 0) l.label = high ? "−2, 1: seed 000 (49)" : "−3, 5: seed 000 (50)";
      p.lines.push_back(std::move(l));
    }
    return p;
  };
  plot::Panel high = panel(true), low = panel(false);
  plot::Series hs, ls;
  hs.colour = kRed, ls.colour = kBlue;
  hs.size = ls.size = 1.2;
  {
    plot::SeriesBuilder add_high(hs, high, o.resolution, 0.3), add_low(ls, low, o.resolution, 0.3);
    infty_terms(count, o.progress, [&](std::uint64_t n, std::uint64_t q) {
      // Drawn in floating point; the exact values are `queengames infty-queens --stats`.
      const auto x = static_cast<double>(n), value = static_cast<double>(q);
      if (q >= n) add_high.add(x, value - x * phi);
      else add_low.add(x, value - x / phi);
    });
  }
  high.series.push_back(std::move(hs));
  low.series.push_back(std::move(ls));
  plot::Figure f;
  f.title = paper(2) + " (no figure): the discrepancies it computes";
  f.subtitle =
      fmt::format("$q_n$ = A065188(n) against the lines nφ and n/φ, n = 1 … {} (seed 000 Conjecture 25)", count);
  f.aspect = 0.3;
  f.panels.push_back(std::move(high));
  f.panels.push_back(std::move(low));
  note_binned(f);
  return f;
}

}  // namespace qg::figures::parts
