// Seed 003, Larsson, Wästlund, Maharaja Nim: Figs. 1–12. (0, 0) at the bottom left.
#include <algorithm>
#include <cmath>
#include <map>
#include <numbers>
#include <optional>
#include <set>

#include <fmt/format.h>

#include "parts.hpp"
#include "queengames/dictionary.hpp"
#include "queengames/numeration.hpp"

namespace qg::figures::parts {
namespace {

using twopile::Position;
using twopile::Ruleset;

constexpr Rgb kErased{185, 185, 185}, kSector{214, 238, 214}, kColumn{200, 200, 232}, kKnown{90, 90, 90};

// The P-positions (a, b), a ≤ b, with a < columns.
std::vector<Position> p_positions(const Ruleset& ruleset, std::uint64_t columns) {
  std::vector<Position> out;
  twopile::sweep_p_positions(ruleset, columns + 1, [&](std::uint64_t, std::uint64_t a, std::uint64_t b) {
    if (a >= columns) return false;
    out.push_back({a, b});
    return true;
  });
  return out;
}

plot::Series squares(const std::string& label, Rgb colour, double extent) {
  plot::Series s;
  s.label = label;
  s.colour = colour;
  s.extent = extent;
  return s;
}

void put(plot::Series& s, std::uint64_t x, std::uint64_t y) {
  s.x.push_back(static_cast<double>(x));
  s.y.push_back(static_cast<double>(y));
  s.points = s.x.size();
}

// §2's construction at column X of Maharaja Nim: the upper P-positions of the columns ≤ X
// are known; an upper position right of X is erased when it moves to one of them. The rest
// is a perfect sector when it is every position above one diagonal y = x + C.
struct Sector {
  std::uint64_t column = 0, width = 0, height = 0;
  std::vector<Position> known;     // the P-positions of the columns ≤ X, both sides
  std::vector<Position> mirrored;  // lower P-positions right of X known by symmetry
  std::set<Position> erased, remaining;
  std::optional<std::uint64_t> diagonal;  // C, when perfect
};

Sector sector(std::uint64_t column, std::uint64_t width, std::uint64_t height) {
  const Ruleset maharaja = Ruleset::parse("maharaja");
  Sector s;
  s.column = column, s.width = width, s.height = height;
  std::vector<Position> upper;
  for (const Position& p : p_positions(maharaja, column + 1)) {
    if (p.y > p.x) upper.push_back(p);
    s.known.push_back(p);
    if (p.y != p.x) {
      if (p.y <= column) s.known.push_back({p.y, p.x});
      else s.mirrored.push_back({p.y, p.x});
    }
  }
  for (std::uint64_t x = column + 1; x < width; ++x)
    for (std::uint64_t y = x + 1; y < height; ++y) {
      const bool erase = std::any_of(upper.begin(), upper.end(), [&](const Position& p) {
        return maharaja.is_move({x, y}, p);
      });
      (erase ? s.erased : s.remaining).insert({x, y});
    }
  // Perfect: every remaining position lies above C = (lowest remaining y − x) − 1, and nothing
  // above that diagonal is erased.
  std::uint64_t c = UINT64_MAX;
  for (const Position& p : s.remaining) c = std::min(c, p.y - p.x - 1);
  if (c != UINT64_MAX &&
      std::none_of(s.erased.begin(), s.erased.end(), [&](const Position& p) { return p.y - p.x > c; }))
    s.diagonal = c;
  return s;
}

}  // namespace

plot::Figure maharaja_fig1(std::span<const std::uint64_t> v, const Options&) {
  const Position from{v[0], v[1]};
  const Ruleset wythoff = Ruleset::parse("wythoff"), maharaja = Ruleset::parse("maharaja");
  const Moves w = moves(wythoff, nullptr, from), m = moves(maharaja, &wythoff, from);
  plot::Figure f;
  f.title = title(3, "Fig. 1");
  f.subtitle = fmt::format(
      "the move options from ({}, {}) of Wythoff Nim's Queen and of the Maharaja (Queen and Knight)", from.x, from.y);
  f.columns = 2;
  f.panels.push_back(moves_panel("Wythoff Nim", from, {{"Queen", w.extra}}, {kBlack}));
  f.panels.push_back(moves_panel("Maharaja Nim", from, {{"Queen", m.common}, {"Knight", m.extra}}, {kBlack, kBlue}));
  return f;
}

plot::Figure maharaja_fig2(std::span<const std::uint64_t> v, const Options& o) {
  const std::uint64_t n = v[0];
  plot::Panel p = board(0, static_cast<double>(n), 0, static_cast<double>(n), false);
  p.lines.push_back(golden_line(true, static_cast<double>(n) + 0.5));
  p.lines.push_back(golden_line(false, static_cast<double>(n) + 0.5));
  // As the paper's Maple code (A1) draws them: Wythoff's P-positions as full squares, Maharaja's
  // as smaller squares inside.
  plot::Series w = squares("Wythoff Nim", kRed, 1), m = squares("Maharaja Nim", kBlue, 0.6);
  for (auto [series, rules] : {std::pair{&w, "wythoff"}, std::pair{&m, "maharaja"}}) {
    plot::SeriesBuilder add(*series, p, o.resolution);
    for (const Position& q : p_positions(Ruleset::parse(rules), n + 1))
      if (q.y <= n) {
        add.add(static_cast<double>(q.x), static_cast<double>(q.y));
        if (q.x != q.y) add.add(static_cast<double>(q.y), static_cast<double>(q.x));
      }
  }
  p.series.push_back(std::move(w));
  p.series.push_back(std::move(m));
  plot::Figure f;
  f.title = title(3, "Fig. 2");
  f.subtitle = fmt::format("the initial P-positions of Wythoff Nim and Maharaja Nim, coordinates 0 … {}", n);
  f.panels.push_back(std::move(p));
  return f;
}

plot::Figure maharaja_fig3(std::span<const std::uint64_t> v, const Options& o) {
  const std::uint64_t n = v[0];
  plot::Figure f;
  f.title = title(3, "Fig. 3");
  f.subtitle = fmt::format(
      "P-positions with coordinates below {}: Wythoff's on the lines φx, x/φ, Maharaja's within "
      "bands φx + O(1), x/φ + O(1) (Theorem 1.2)",
      n);
  f.columns = 2;
  const char* names[] = {"wythoff", "maharaja"};
  const char* titles[] = {"Wythoff Nim", "Maharaja Nim"};
  for (int i = 0; i < 2; ++i) f.panels.push_back(game_panel(Ruleset::parse(names[i]), n, true, o, titles[i]));
  // Below, the departure from the line: b − ⌊aφ⌋ for each upper P-position (a, b), exactly.
  for (int i = 0; i < 2; ++i) {
    plot::Panel p;
    p.title = std::string(titles[i]) + ": the band";
    p.x_label = std::string("a"), p.y_label = std::string("b − ⌊aφ⌋");
    p.x_min = 0, p.x_max = static_cast<double>(n);
    std::vector<std::pair<std::uint64_t, std::int64_t>> points;
    for (const Position& q : p_positions(Ruleset::parse(names[i]), n))
      if (q.y > q.x && q.y < n)
        points.push_back({q.x, static_cast<std::int64_t>(q.y) -
                                   static_cast<std::int64_t>(numeration::floor_n_phi<std::uint64_t>(q.x))});
    std::int64_t lo = points.empty() ? 0 : points.front().second, hi = lo;
    for (auto [a, d] : points) lo = std::min(lo, d), hi = std::max(hi, d);
    p.x_max = std::ceil(static_cast<double>(n) / std::numbers::phi);  // a < n/φ when b < n
    p.y_min = static_cast<double>(lo) - 1.5, p.y_max = static_cast<double>(hi) + 1.5;
    for (std::int64_t y = lo - 1; y <= hi + 1; ++y) p.y_ticks.push_back(static_cast<double>(y));
    // Wythoff's band is one line (b − ⌊aφ⌋ = 1 for every upper P-position): one entry in its key.
    const std::vector<std::int64_t> bounds = lo == hi ? std::vector{lo} : std::vector{lo, hi};
    for (std::int64_t bound : bounds) {
      plot::Line l;
      l.colour = kGrey;
      l.dashed = true;
      l.x = {0, p.x_max};
      l.y = {static_cast<double>(bound), static_cast<double>(bound)};
      if (bound == lo)
        l.label = lo == hi ? fmt::format("the band: {}", plot::tick_label(static_cast<double>(lo), 1))
                           : fmt::format("the band: {} … {}", plot::tick_label(static_cast<double>(lo), 1), hi);
      p.lines.push_back(std::move(l));
    }
    plot::Series s;
    s.size = 1.8;
    {
      plot::SeriesBuilder add(s, p, o.resolution, 0.62);
      for (auto [a, d] : points) add.add(static_cast<double>(a), static_cast<double>(d));
    }
    p.series.push_back(std::move(s));
    f.panels.push_back(std::move(p));
  }
  return f;
}

// Figs. 4–6: a sector at column X (Fig. 4: not perfect; Fig. 5: perfect; Fig. 6: its columns
// holding a lower P-position erased as well).
plot::Figure maharaja_sector(int figure, std::span<const std::uint64_t> v, const Options&) {
  const std::uint64_t column = v[0], width = column + 13;
  const auto height = static_cast<std::uint64_t>(std::ceil(std::numbers::phi * static_cast<double>(width))) + 3;
  const Sector s = sector(column, width, height);
  plot::Panel p = board(0, static_cast<double>(width - 1), 0, static_cast<double>(height - 1), false);
  p.cell_grid = true;
  std::set<std::uint64_t> lower_columns;
  for (const Position& q : s.mirrored) lower_columns.insert(q.x);
  plot::Cells erased, remaining, columns;
  erased.label = std::string("erased: a move to a known upper P-position");
  erased.colour.push_back(kErased);
  remaining.label = s.diagonal ? fmt::format("the perfect sector, above y = x + {}", *s.diagonal) : "not erased";
  remaining.colour.push_back(kSector);
  columns.label = std::string("column erased: a lower P-position");
  columns.colour.push_back(kColumn);
  for (const Position& q : s.erased) {
    erased.x.push_back(static_cast<double>(q.x)), erased.y.push_back(static_cast<double>(q.y));
  }
  for (const Position& q : s.remaining) {
    plot::Cells& into = figure == 6 && lower_columns.count(q.x) ? columns : remaining;
    into.x.push_back(static_cast<double>(q.x)), into.y.push_back(static_cast<double>(q.y));
  }
  erased.colour.assign(erased.x.size(), kErased);
  remaining.colour.assign(remaining.x.size(), kSector);
  columns.colour.assign(columns.x.size(), kColumn);
  p.cells.push_back(std::move(erased));
  p.cells.push_back(std::move(remaining));
  if (figure == 6) p.cells.push_back(std::move(columns));
  plot::Line diagonal, boundary;
  diagonal.colour = kGrey;
  diagonal.x = {-0.5, static_cast<double>(width) - 0.5}, diagonal.y = diagonal.x;
  diagonal.label = std::string("the main diagonal");
  boundary.colour = kBlack;
  boundary.dashed = true;
  boundary.x = {static_cast<double>(column) + 0.5, static_cast<double>(column) + 0.5};
  boundary.y = {-0.5, static_cast<double>(height) - 0.5};
  boundary.label = fmt::format("column X = {}", column);
  p.lines.push_back(std::move(diagonal));
  p.lines.push_back(std::move(boundary));
  plot::Series known = squares("P-positions of the columns ≤ X", kBlack, 0.7),
               mirrored = squares("lower P-positions right of X (by symmetry)", kKnown, 0.7);
  for (const Position& q : s.known) put(known, q.x, q.y);
  for (const Position& q : s.mirrored)
    if (q.x < width) put(mirrored, q.x, q.y);
  p.series.push_back(std::move(known));
  p.series.push_back(std::move(mirrored));
  plot::Figure f;
  f.title = title(3, fmt::format("Fig. {}", figure));
  f.subtitle = figure == 4 ? fmt::format(
                                 "right of column {}, the upper positions that move to an upper P-position erased: "
                                 "the rest is {}a perfect sector",
                                 column, s.diagonal ? "" : "not ")
               : figure == 5
                   ? fmt::format("(step 1) the {}perfect sector right of column {} and the P-positions known",
                                 s.diagonal ? "" : "(not) ", column)
                   : fmt::format("(step 2) right of column {}, the columns holding a lower P-position erased", column);
  f.panels.push_back(std::move(p));
  return f;
}

plot::Figure maharaja_fig7(std::span<const std::uint64_t>, const Options&) {
  const std::string bits = dictionary::game_bit_string(1, 2, 40);
  plot::Figure f;
  f.title = title(3, "Fig. 7");
  f.subtitle =
      std::string("the words read at perfect sectors, the upper P-positions they hold and their translates (§2.2)");
  f.columns = 2;
  // The words of §2.2: columns 8–12 and 14–20 (column 13's word "1" translates to "0").
  for (auto [first, last] : {std::pair<std::uint64_t, std::uint64_t>{8, 12}, {14, 20}}) {
    const std::string word = bits.substr(first, last - first + 1);
    const dictionary::SectorTranslation t = dictionary::translate_in_perfect_sector(word, 1, 2);
    const Sector s = sector(first - 1, last + 2, static_cast<std::uint64_t>(2 * last + 8));
    const std::uint64_t k = first + s.diagonal.value_or(0);  // the last row below the sector
    const std::uint64_t top = k + t.translate.size() + 1;
    plot::Panel p = board(static_cast<double>(first) - 2, static_cast<double>(last) + 1, static_cast<double>(k) - 1,
                          static_cast<double>(top), false);
    p.title = fmt::format("{} → {}", word, t.translate);
    p.cell_grid = true;
    plot::Series upper = squares("upper P-positions of the word", kBlack, 0.7);
    for (auto [i, j] : t.upper) put(upper, first + i, k + j + 1);
    p.series.push_back(std::move(upper));
    // The word's bits under its columns, the translate's beside its rows.
    for (std::uint64_t x = first; x <= last; ++x)
      p.labels.push_back(
          {std::string(1, word[x - first]), static_cast<double>(x), static_cast<double>(k) - 1, 0.5, 0.5, 1, kBlue});
    for (std::size_t i = 0; i < t.translate.size(); ++i)
      p.labels.push_back({std::string(1, t.translate[i]), static_cast<double>(first) - 2,
                          static_cast<double>(k + i + 1), 0.5, 0.5, 1, kRed});
    plot::Line diagonal;
    diagonal.colour = kGrey;
    diagonal.dashed = true;
    diagonal.label = fmt::format("y = x + {}: the sector's edge", s.diagonal.value_or(0));
    diagonal.x = {static_cast<double>(first) - 0.5, static_cast<double>(last) + 1.5};
    diagonal.y = {static_cast<double>(k) + 0.5, static_cast<double>(k + last - first) + 2.5};
    p.lines.push_back(std::move(diagonal));
    f.panels.push_back(std::move(p));
  }
  f.note =
      "The word's bits (blue) are under its columns, '0' for an upper P-position; the translate's bits (red) beside "
      "the "
      "rows from the sector's lowest row up, '1' for a row holding an upper P-position.";
  return f;
}

plot::Figure maharaja_fig8(std::span<const std::uint64_t> v, const Options& o) {
  plot::Figure f;
  f.title = title(3, "Fig. 8");
  f.subtitle = fmt::format(
      "the initial P-positions (coordinates below {}) of (k, l)-Maharaja Nim; their ratios near φ "
      "(Conjecture 4.1)",
      v[0]);
  f.columns = 3;
  for (auto [k, l] : {std::pair{3, 5}, {4, 6}, {4, 7}, {5, 8}, {6, 10}, {7, 11}})
    f.panels.push_back(game_panel(Ruleset::parse(fmt::format("kl-maharaja:{},{}", k, l)), v[0], false, o,
                                  fmt::format("({}, {})-Maharaja Nim", k, l)));
  return f;
}

plot::Figure maharaja_fig9(std::span<const std::uint64_t> v, const Options& o) {
  const std::uint64_t n = v[0];
  plot::Figure f;
  f.title = title(3, "Fig. 9");
  f.subtitle = fmt::format("Wythoff Nim with the moves (t, 2t), (2t, t) adjoined, coordinates below {}", n);
  f.columns = 2;
  // Every t: from a position below n a move (t, 2t) has 2t < n, so t ≤ ⌈n/2⌉ is every t here.
  for (std::uint64_t t : {std::uint64_t{10}, std::uint64_t{50}, std::uint64_t{100}, (n + 1) / 2})
    f.panels.push_back(game_panel(Ruleset::parse(fmt::format("t2t:{}", t)), n, true, o,
                                  t == (n + 1) / 2 ? "t ∈ ℕ" : fmt::format("t ∈ {{1, …, {}}}", t)));
  return f;
}

plot::Figure maharaja_fig10(std::span<const std::uint64_t> v, const Options&) {
  const dictionary::Telescope telescope(dictionary::game_dictionary("maharaja"));
  dictionary::TelescopeTrace trace;
  const std::uint64_t x = v[0], y = telescope.p_row(x, &trace);
  // Outermost first: each window is translated from words read near its columns / φ.
  std::vector<std::pair<std::uint64_t, std::uint64_t>> windows = trace.windows;
  std::sort(windows.begin(), windows.end(), [](auto& a, auto& b) { return a.first > b.first; });
  plot::Figure f;
  f.title = title(3, "Fig. 10");
  f.subtitle = fmt::format(
      "the telescope deciding the column {}: its P-position is ({}, {}); {} windows translated, "
      "reflected along the lines φn and n/φ",
      x, x, y, windows.size());
  f.columns = 2;
  plot::Panel where, focus;
  where.title = std::string("where: each level's columns ≈ the last's / φ");
  where.x_label = std::string("level"), where.y_label = std::string("log₁₀ of the window's first column");
  focus.title = std::string("the focus: a bounded window");
  focus.x_label = std::string("level"), focus.y_label = std::string("bits in the window");
  const double levels = static_cast<double>(std::max<std::size_t>(windows.size(), 1));
  where.x_min = focus.x_min = -0.5, where.x_max = focus.x_max = levels - 0.5;
  where.y_min = 0, where.y_max = std::ceil(std::log10(static_cast<double>(std::max<std::uint64_t>(x, 10)))) + 0.5;
  plot::Series columns, widths;
  columns.colour = widths.colour = kBlue;
  columns.marker = widths.marker = plot::Marker::disc;
  columns.size = widths.size = 4;
  std::uint64_t widest = 1;
  for (std::size_t i = 0; i < windows.size(); ++i) {
    const auto [lo, hi] = windows[i];
    columns.x.push_back(static_cast<double>(i)),
        columns.y.push_back(std::log10(static_cast<double>(std::max<std::uint64_t>(lo, 1))));
    widths.x.push_back(static_cast<double>(i)), widths.y.push_back(static_cast<double>(hi - lo));
    widest = std::max(widest, hi - lo);
  }
  columns.points = columns.x.size(), widths.points = widths.x.size();
  plot::Line slope;
  slope.label = std::string("log₁₀ x − level · log₁₀ φ");
  slope.colour = kGrey;
  slope.dashed = true;
  slope.x = {0, levels - 1};
  slope.y = {std::log10(static_cast<double>(x)),
             std::log10(static_cast<double>(x)) - (levels - 1) * std::log10(std::numbers::phi)};
  where.lines.push_back(std::move(slope));
  where.series.push_back(std::move(columns));
  focus.y_min = 0, focus.y_max = static_cast<double>(widest) * 1.25;
  focus.series.push_back(std::move(widths));
  f.panels.push_back(std::move(where));
  f.panels.push_back(std::move(focus));
  f.aspect = 0.8;
  return f;
}

plot::Figure maharaja_fig11(std::span<const std::uint64_t> v, const Options&) {
  const Position from{v[0], v[1]};
  const Ruleset wythoff = Ruleset::parse("wythoff"), game = Ruleset::parse("kl-maharaja:2,3");
  const Moves m = moves(game, &wythoff, from);
  plot::Figure f;
  f.title = title(3, "Fig. 11");
  f.subtitle = fmt::format("the move options from ({}, {}) of (2, 3)-Maharaja Nim", from.x, from.y);
  f.panels.push_back(moves_panel("", from, {{"Queen", m.common}, {"(2, 3) jumps", m.extra}}, {kBlack, kBlue}));
  return f;
}

plot::Figure maharaja_fig12(std::span<const std::uint64_t> v, const Options&) {
  const std::uint64_t n = v[0];
  const std::vector<Position> ps = p_positions(Ruleset::parse("kl-maharaja:2,3"), n + 1);
  plot::Panel p = board(-1, static_cast<double>(n), -1, static_cast<double>(n), false);
  p.cell_grid = true;
  plot::Series upper = squares("upper P-positions", kBlack, 0.75), lower = squares("lower P-positions", kGrey, 0.75);
  std::map<std::uint64_t, char> column_bit, row_bit;
  for (const Position& q : ps) {
    if (q.x == 0) continue;
    if (q.y <= n) put(upper, q.x, q.y), put(lower, q.y, q.x);
    column_bit[q.x] = '0', column_bit[q.y] = '1';  // '0': an upper P-position in the column
    row_bit[q.y] = '1', row_bit[q.x] = '0';        // '1': an upper P-position in the row
  }
  // The bits of §5.1: the columns 1 … 8 and the rows 1 … 13, up to the first word's (9, 14).
  std::string on_x, on_y;
  for (std::uint64_t c = 1; c <= std::min<std::uint64_t>(8, n); ++c) {
    on_x += column_bit[c];
    p.labels.push_back({std::string(1, column_bit[c]), static_cast<double>(c), -1, 0.5, 0.5, 1, kBlue});
  }
  for (std::uint64_t r = 1; r <= std::min<std::uint64_t>(13, n); ++r) {
    const char bit = row_bit.count(r) && row_bit[r] == '1' ? '1' : '0';
    on_y += bit;
    p.labels.push_back({std::string(1, bit), -1, static_cast<double>(r), 0.5, 0.5, 1, kRed});
  }
  p.series.push_back(std::move(upper));
  p.series.push_back(std::move(lower));
  plot::Figure f;
  f.title = title(3, "Fig. 12");
  f.subtitle = fmt::format(
      "the initial P-positions of (2, 3)-Maharaja Nim with its initial bit-string: {} on the x-axis, "
      "{} on the y-axis",
      on_x, on_y);
  f.panels.push_back(std::move(p));
  return f;
}

}  // namespace qg::figures::parts
