// Figures drawn with cairo (include/queengames/plot.hpp). One layout for the three formats:
// cairo draws the same calls into an SVG, a PDF or an image surface. Sizes are in points
// times u, the device units per point (1 for SVG and PDF, pixels per point for PNG), so a
// figure keeps its proportions and its 9-point text at any size, as matplotlib's do. The
// canvas is a whole number of units (a fractional page leaves a grey last row in a PNG).
#include <cairo-pdf.h>
#include <cairo-svg.h>
#include <cairo.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <memory>
#include <numbers>
#include <ostream>
#include <stdexcept>

#include <fmt/format.h>

#include "queengames/io.hpp"
#include "queengames/plot.hpp"

namespace qg::plot {
namespace {

constexpr double kFont = 9, kTitleFont = 11, kPanelTitleFont = 9.5;

cairo_status_t write_to_stream(void* closure, const unsigned char* data, unsigned int length) {
  auto* out = static_cast<std::ostream*>(closure);
  out->write(reinterpret_cast<const char*>(data), static_cast<std::streamsize>(length));
  return *out ? CAIRO_STATUS_SUCCESS : CAIRO_STATUS_WRITE_ERROR;
}

struct SurfaceDeleter {
  void operator()(cairo_surface_t* s) const { cairo_surface_destroy(s); }
};
struct ContextDeleter {
  void operator()(cairo_t* c) const { cairo_destroy(c); }
};
using Surface = std::unique_ptr<cairo_surface_t, SurfaceDeleter>;
using Context = std::unique_ptr<cairo_t, ContextDeleter>;

void check(cairo_status_t status) {
  if (status == CAIRO_STATUS_WRITE_ERROR) throw InputError("the picture could not be written");
  if (status == CAIRO_STATUS_NO_MEMORY) throw std::bad_alloc();
  if (status != CAIRO_STATUS_SUCCESS) throw std::runtime_error(std::string("cairo: ") + cairo_status_to_string(status));
}

void set_colour(cairo_t* cr, Rgb c, double alpha = 1) {
  cairo_set_source_rgba(cr, c.r / 255.0, c.g / 255.0, c.b / 255.0, alpha);
}

// ---- text with $…$ math ---------------------------------------------------------------------

struct Run {
  std::string text;
  double scale = 1, rise = 0;  // of the font size; rise upwards
  bool italic = false;
};

void push(std::vector<Run>& runs, std::string_view text, double scale, double rise, bool italic) {
  if (!runs.empty() && runs.back().scale == scale && runs.back().rise == rise && runs.back().italic == italic)
    runs.back().text += text;
  else runs.push_back({std::string(text), scale, rise, italic});
}

std::size_t utf8_length(unsigned char lead) { return lead < 0x80 ? 1 : lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4; }

void parse_math(std::string_view s, std::size_t& i, double scale, double rise, std::vector<Run>& runs);

// One character of math (letters italic, spaces dropped as mathtext drops them), or a group.
void parse_math_atom(std::string_view s, std::size_t& i, double scale, double rise, std::vector<Run>& runs) {
  if (s[i] == '{') {
    ++i;
    parse_math(s, i, scale, rise, runs);
    if (i < s.size() && s[i] == '}') ++i;
    return;
  }
  const std::size_t n = std::min(utf8_length(static_cast<unsigned char>(s[i])), s.size() - i);
  if (s[i] != ' ') push(runs, s.substr(i, n), scale, rise, std::isalpha(static_cast<unsigned char>(s[i])) != 0);
  i += n;
}

// Math up to the closing '$' or '}': x_a, x_{…} subscripts and x^a, x^{…} superscripts.
void parse_math(std::string_view s, std::size_t& i, double scale, double rise, std::vector<Run>& runs) {
  while (i < s.size() && s[i] != '$' && s[i] != '}') {
    if (s[i] == '_' || s[i] == '^') {
      const double up = s[i] == '_' ? -0.22 : 0.42;
      if (++i < s.size()) parse_math_atom(s, i, scale * 0.7, rise + up * scale, runs);
      continue;
    }
    parse_math_atom(s, i, scale, rise, runs);
  }
}

std::vector<Run> runs_of(std::string_view s) {
  std::vector<Run> runs;
  for (std::size_t i = 0; i < s.size();) {
    if (s[i] == '$') {
      ++i;
      parse_math(s, i, 1, 0, runs);
      while (i < s.size() && s[i] != '$') ++i;  // a stray '}' ends nothing
      ++i;
      continue;
    }
    const std::size_t end = std::min(s.find('$', i), s.size());
    push(runs, s.substr(i, end - i), 1, 0, false);
    i = end;
  }
  return runs;
}

struct Extent {
  double width = 0, ascent = 0, descent = 0;
  double height() const { return ascent + descent; }
};

// Measures and draws text; every box drawn is recorded in the layout (tests check that text
// stays on the canvas).
class Typesetter {
 public:
  Typesetter(cairo_t* cr, std::vector<Box>* boxes) : cr_(cr), boxes_(boxes) {}

  Extent measure(const std::string& s, double size) const {
    Extent e;
    for (const Run& run : runs_of(s)) e.width += advance(run, size);
    select(false, size);
    cairo_font_extents_t fe;
    cairo_font_extents(cr_, &fe);
    e.ascent = fe.ascent;
    e.descent = fe.descent;
    return e;
  }

  // Text with its anchor (ax, ay) of its box at (x, y), turned by angle (0 or ±π/2).
  Box draw(const std::string& s, double size, double x, double y, double ax, double ay, double angle = 0,
           Rgb colour = {0, 0, 0}) const {
    const Extent e = measure(s, size);
    cairo_save(cr_);
    cairo_translate(cr_, x, y);
    cairo_rotate(cr_, angle);
    set_colour(cr_, colour);
    double pen = -ax * e.width;
    const double baseline = -ay * e.height() + e.ascent;
    for (const Run& run : runs_of(s)) {
      select(run.italic, size * run.scale);
      cairo_move_to(cr_, pen, baseline - run.rise * size);
      cairo_show_text(cr_, run.text.c_str());
      pen += advance(run, size);
    }
    cairo_restore(cr_);
    const bool turned = std::abs(std::sin(angle)) > 0.5;
    const double w = turned ? e.height() : e.width, h = turned ? e.width : e.height();
    // The box of the turned text: its anchor point stays at (x, y).
    const double bx = turned ? (angle > 0 ? x - (1 - ay) * w : x - ay * w) : x - ax * w;
    const double by = turned ? (angle > 0 ? y - ax * h : y - (1 - ax) * h) : y - ay * h;
    const Box box{bx, by, w, h};
    if (boxes_) boxes_->push_back(box);
    return box;
  }

 private:
  void select(bool italic, double size) const {
    cairo_select_font_face(cr_, "DejaVu Sans", italic ? CAIRO_FONT_SLANT_ITALIC : CAIRO_FONT_SLANT_NORMAL,
                           CAIRO_FONT_WEIGHT_NORMAL);
    cairo_set_font_size(cr_, size);
  }
  double advance(const Run& run, double size) const {
    select(run.italic, size * run.scale);
    cairo_text_extents_t te;
    cairo_text_extents(cr_, run.text.c_str(), &te);
    return te.x_advance;
  }
  cairo_t* cr_;
  std::vector<Box>* boxes_;
};

// Greedy word wrap of s into lines no wider than width at this size.
std::vector<std::string> wrap(const Typesetter& t, const std::string& s, double size, double width) {
  std::vector<std::string> lines;
  std::string line;
  std::size_t at = 0;
  while (at < s.size()) {
    std::size_t end = s.find(' ', at);
    if (end == std::string::npos) end = s.size();
    const std::string word = s.substr(at, end - at);
    const std::string longer = line.empty() ? word : line + " " + word;
    if (!line.empty() && t.measure(longer, size).width > width) {
      lines.push_back(line);
      line = word;
    } else {
      line = longer;
    }
    at = end + 1;
  }
  if (!line.empty()) lines.push_back(line);
  return lines;
}

// ---- layout ---------------------------------------------------------------------------------

struct KeyEntry {
  enum Kind { dot, line, patch } kind = dot;
  Rgb colour{0, 0, 0};
  Marker marker = Marker::square;
  bool dashed = false;
  std::string label;
  std::vector<std::string> lines{};  // the label wrapped
  double width = 0, x = 0, y = 0;    // its place, from the key's top left
};

struct PanelPlan {
  Box frame;
  std::vector<std::string> title;  // the panel's title, wrapped
  double dx = 1, dy = 1;           // the data ranges
  std::vector<double> x_ticks, y_ticks;
  std::vector<std::string> x_labels, y_labels;
  std::vector<Raster> rasters;  // as drawn: decimated further to fit a PNG's pixels
  std::uint32_t raster_pixels = 0;
  std::vector<std::string> key_title;
  std::vector<KeyEntry> key;
  const ColourBar* bar = nullptr;  // the gradient's
  double key_width = 0, key_left = 0, key_top = 0;
  bool key_below = false;
};

struct Plan {
  double u = 1, width = 0, height = 0;
  struct TitleLine {
    std::string text;
    double size = 0, top = 0;
  };
  std::vector<TitleLine> title;
  std::vector<PanelPlan> panels;
  bool shared = false;
  PanelPlan shared_key;  // the key all panels share, below them
  std::vector<std::string> notes;
  double notes_top = 0;
};

// An axis's ticks and their texts: the given ones inside the range, or round numbers.
void axis_ticks(const std::vector<double>& given, const std::vector<std::string>& texts, double lo, double hi,
                double length, double font, std::vector<double>& at, std::vector<std::string>& labels) {
  at.clear();
  labels.clear();
  const double slack = 1e-9 * std::abs(hi - lo);
  for (std::size_t i = 0; i < given.size(); ++i)
    if (given[i] >= lo - slack && given[i] <= hi + slack) {
      at.push_back(given[i]);
      if (i < texts.size()) labels.push_back(texts[i]);
    }
  if (given.empty()) at = ticks(lo, hi, std::clamp(static_cast<int>(length / (5 * font)), 3, 8));
  if (labels.size() != at.size()) {
    labels.clear();
    const double step = at.size() > 1 ? at[1] - at[0] : std::max(std::abs(hi - lo), 1.0);
    for (double v : at) labels.push_back(tick_label(v, step));
  }
}

double step_of(const std::vector<double>& at, double lo, double hi) {
  return at.size() > 1 ? at[1] - at[0] : std::max(std::abs(hi - lo), 1.0);
}

// What the key beside a panel lists: labelled series, lines and cells, and the swatches of its
// rasters (titled by the raster's label when there is no gradient to carry it).
void plan_key(const Panel& p, PanelPlan& plan) {
  auto bar = [&](const ColourBar& b) {
    if (!b.gradient.empty()) plan.bar = &b;
    else if (!b.label.empty() && !b.swatches.empty()) plan.key_title.push_back(b.label);
    for (const Swatch& s : b.swatches) plan.key.push_back({KeyEntry::patch, s.colour, Marker::square, false, s.label});
  };
  for (const Raster& r : p.rasters) bar(r.bar);
  for (const Cells& c : p.cells) {
    bar(c.bar);
    if (!c.label.empty() && !c.colour.empty())
      plan.key.push_back({KeyEntry::patch, c.colour.front(), Marker::square, false, c.label});
  }
  for (const Line& l : p.lines)
    if (!l.label.empty()) plan.key.push_back({KeyEntry::line, l.colour, Marker::square, l.dashed, l.label});
  for (const Series& s : p.series)
    if (!s.label.empty()) plan.key.push_back({KeyEntry::dot, s.colour, s.marker, false, s.label});
}

// Places a key's entries in rows of at most `room` filled left to right, below its title;
// returns its height.
double flow_key(PanelPlan& pp, double room, double F) {
  double x = 0, row = static_cast<double>(pp.key_title.size()) * 1.3 * F, row_h = 0;
  for (KeyEntry& e : pp.key) {
    if (x > 0 && x + e.width > room) x = 0, row += row_h, row_h = 0;
    e.x = x, e.y = row;
    x += e.width + 1.2 * F;
    row_h = std::max(row_h, 0.1 * F + 1.25 * F * static_cast<double>(e.lines.size()));
  }
  return row + row_h + 0.3 * F;
}

// A figure's layout, in the order it is decided: the title; the keys (one shared below all
// panels when they are the same); each panel's margins, then its frame, aligned with the other
// panels of its column; the rows of panels; the shared key; the notes. `y` is the height used so
// far.
class Planner {
 public:
  Planner(const Typesetter& t, const Figure& f, double u, bool png)
      : t_(t),
        f_(f),
        png_(png),
        F(kFont * u),
        pad(6 * u),
        tick(3.5 * u),
        W(std::round(f.width * 72 * u)),
        n(f.panels.size()),
        columns(std::clamp<std::size_t>(f.columns, 1, std::max<std::size_t>(n, 1))),
        cell_w((W - 2 * pad) / static_cast<double>(columns)),
        margins_(n),
        lefts_(columns, 0),
        rights_(columns, 0),
        cell_heights_(n) {
    plan_.u = u;
    plan_.width = W;
  }

  Plan plan() && {
    plan_title();
    plan_keys();
    for (std::size_t i = 0; i < n; ++i) plan_margins(i);
    for (std::size_t i = 0; i < n; ++i) plan_frame(i);
    place_rows();
    if (plan_.shared) plan_shared_key();
    plan_notes();
    plan_.height = std::ceil(y_ + pad);
    return std::move(plan_);
  }

 private:
  struct Margins {
    double left = 0, right = 0, top = 0, bottom = 0;
  };

  void plan_title() {
    y_ = pad;
    for (const auto& [text, size] : {std::pair{f_.title, kTitleFont}, std::pair{f_.subtitle, kFont}}) {
      if (text.empty()) continue;
      for (const std::string& line : wrap(t_, text, size * plan_.u, W - 2 * pad)) {
        // A single word wider than the canvas is set smaller.
        const double fits = std::min(1.0, (W - 2 * pad) / std::max(t_.measure(line, size * plan_.u).width, 1e-9));
        plan_.title.push_back({line, size * plan_.u * fits, y_});
        y_ += size * plan_.u * 1.3;
      }
    }
    if (!plan_.title.empty()) y_ += 0.4 * F;
  }

  // Each panel's key; panels that all have the same key share one, below them all.
  void plan_keys() {
    plan_.panels.resize(n);
    for (std::size_t i = 0; i < n; ++i) plan_key(f_.panels[i], plan_.panels[i]);
    const auto same_key = [](const PanelPlan& a, const PanelPlan& b) {
      if (a.bar || b.bar || a.key_title != b.key_title || a.key.size() != b.key.size()) return false;
      for (std::size_t j = 0; j < a.key.size(); ++j)
        if (a.key[j].label != b.key[j].label || a.key[j].kind != b.key[j].kind || a.key[j].marker != b.key[j].marker ||
            a.key[j].colour.r != b.key[j].colour.r || a.key[j].colour.g != b.key[j].colour.g ||
            a.key[j].colour.b != b.key[j].colour.b)
          return false;
      return true;
    };
    bool shared = n > 1 && !plan_.panels[0].key.empty();
    for (std::size_t i = 1; shared && i < n; ++i) shared = same_key(plan_.panels[0], plan_.panels[i]);
    if (shared) {
      plan_.shared = true;
      plan_.shared_key.key = plan_.panels[0].key;
      plan_.shared_key.key_title = plan_.panels[0].key_title;
      plan_.shared_key.key_below = true;
      for (PanelPlan& pp : plan_.panels) pp.key.clear(), pp.key_title.clear();
    }
  }

  // A panel's key wrapped: beside the panel (a third of its width) or below it (its whole width,
  // when beside it would take more than a third).
  void wrap_key(PanelPlan& pp) const {
    double widest_entry = 0;
    for (const KeyEntry& e : pp.key) widest_entry = std::max(widest_entry, 2.0 * F + t_.measure(e.label, F).width);
    for (const std::string& s : pp.key_title) widest_entry = std::max(widest_entry, t_.measure(s, F).width);
    pp.key_below = !pp.bar && widest_entry + 1.4 * F > cell_w / 3;
    const double room = pp.key_below ? cell_w - 3.5 * F : 0.32 * cell_w;
    std::vector<std::string> title_lines;
    for (const std::string& s : pp.key_title)
      for (const std::string& line : wrap(t_, s, F, room)) title_lines.push_back(line);
    pp.key_title = title_lines;
    for (const std::string& s : pp.key_title) pp.key_width = std::max(pp.key_width, t_.measure(s, F).width);
    for (KeyEntry& e : pp.key) {
      e.lines = wrap(t_, e.label, F, room - 2.0 * F);
      for (const std::string& line : e.lines) e.width = std::max(e.width, 2.0 * F + t_.measure(line, F).width);
      pp.key_width = std::max(pp.key_width, e.width);
    }
    if (pp.bar) {
      double widest = 0;
      for (double v : ticks(pp.bar->vmin, pp.bar->vmax, 5))
        widest = std::max(widest, t_.measure(tick_label(v, 1), F).width);
      pp.key_width = std::max(pp.key_width, 1.1 * F + tick + 0.3 * F + widest + (pp.bar->label.empty() ? 0 : 1.6 * F));
    }
  }

  // A panel's margins: tick labels and axis labels left and below, its title above, its key
  // right (or below).
  void plan_margins(std::size_t i) {
    const Panel& p = f_.panels[i];
    PanelPlan& pp = plan_.panels[i];
    pp.dx = p.x_max - p.x_min;
    pp.dy = p.y_max - p.y_min;
    wrap_key(pp);
    const double guess_w = cell_w * 0.75;
    axis_ticks(p.y_ticks, p.y_tick_labels, p.y_min, p.y_max,
               guess_w * std::min(1.5, p.equal_aspect ? pp.dy / pp.dx : f_.aspect), F, pp.y_ticks, pp.y_labels);
    axis_ticks(p.x_ticks, p.x_tick_labels, p.x_min, p.x_max, guess_w, F, pp.x_ticks, pp.x_labels);
    double widest_y = 0;
    for (const std::string& l : pp.y_labels) widest_y = std::max(widest_y, t_.measure(l, F).width);
    const double first_x = pp.x_labels.empty() ? 0 : t_.measure(pp.x_labels.front(), F).width;
    const double last_x = pp.x_labels.empty() ? 0 : t_.measure(pp.x_labels.back(), F).width;
    Margins& m = margins_[i];
    m.left = std::max(tick + 0.4 * F + widest_y + (p.y_label.empty() ? 0.3 * F : 2.0 * F), first_x / 2 + 0.3 * F);
    m.bottom = tick + 0.4 * F + 1.2 * F + (p.x_label.empty() ? 0.3 * F : 1.6 * F) + 0.3 * F;
    pp.title =
        p.title.empty() ? std::vector<std::string>{} : wrap(t_, p.title, kPanelTitleFont * plan_.u, cell_w - 1.0 * F);
    m.top = pp.title.empty() ? 0.8 * F : kPanelTitleFont * plan_.u * (1.3 * static_cast<double>(pp.title.size()) + 0.4);
    m.right = std::max(pp.key_width > 0 && !pp.key_below ? pp.key_width + 1.4 * F : 0.8 * F, last_x / 2 + 0.4 * F);
    lefts_[i % columns] = std::max(lefts_[i % columns], m.left);
    rights_[i % columns] = std::max(rights_[i % columns], m.right);
  }

  // The rasters as drawn. A PNG never shows fewer pixels than cells: a table larger than its
  // frame is decimated by its rule. Where the frame holds a whole number of pixels a cell without
  // losing much, it shrinks to it, so that every cell is a square of equal pixels.
  void fit_rasters(const Panel& p, PanelPlan& pp, double& fw, double& fh) const {
    pp.rasters = p.rasters;
    for (Raster& r : pp.rasters) {
      std::uint32_t block = 1;
      if (png_) {
        const double cells_x = pp.dx / r.cell, cells_y = pp.dy / r.cell;
        block = static_cast<std::uint32_t>(std::ceil(std::max(cells_x / fw, cells_y / fh) - 1e-9));
      } else {
        // cairo compresses an embedded image when the file is finished, a step nothing can poll:
        // it stays at most kMaxRasterSide a side.
        block = block_for(std::max(r.columns, r.rows), kMaxRasterSide);
      }
      if (block > 1) r = decimate(r, block);
    }
    if (png_ && p.equal_aspect && !pp.rasters.empty()) {
      const Raster& r = pp.rasters.front();
      const double scale = std::min(fw * r.cell / pp.dx, fh * r.cell / pp.dy), whole = std::floor(scale + 1e-9);
      if (whole >= 1 && whole >= 0.85 * scale) {
        pp.raster_pixels = static_cast<std::uint32_t>(whole);
        fw = pp.dx / r.cell * whole;
        fh = pp.dy / r.cell * whole;
      }
    }
  }

  // Tick labels that would touch their neighbours: every second one, every third … is kept.
  void thin_x_ticks(PanelPlan& pp, double fw) const {
    if (pp.x_ticks.size() <= 2) return;
    double widest = 0;
    for (const std::string& l : pp.x_labels) widest = std::max(widest, t_.measure(l, F).width);
    const double spacing = (pp.x_ticks[1] - pp.x_ticks[0]) / pp.dx * fw;
    const auto keep = static_cast<std::size_t>(std::ceil((widest + 0.8 * F) / std::max(spacing, 1e-9)));
    if (keep <= 1) return;
    std::vector<double> at;
    std::vector<std::string> labels;
    for (std::size_t j = 0; j < pp.x_ticks.size(); j += keep)
      at.push_back(pp.x_ticks[j]), labels.push_back(pp.x_labels[j]);
    pp.x_ticks = at, pp.x_labels = labels;
  }

  // A panel's frame in its cell, aligned with its column's margins, and the cell's height.
  void plan_frame(std::size_t i) {
    const Panel& p = f_.panels[i];
    PanelPlan& pp = plan_.panels[i];
    const double left = lefts_[i % columns], right = rights_[i % columns];
    double fw = cell_w - left - right;
    if (fw < 4 * F) throw RangeError("the figure is too narrow for its panels: give it more width");
    double fh = p.equal_aspect ? fw * pp.dy / pp.dx : fw * f_.aspect;
    if (p.equal_aspect && fh > 1.5 * fw) {  // a tall panel: its height is bounded, its width follows
      fh = 1.5 * fw;
      fw = fh * pp.dx / pp.dy;
    }
    fit_rasters(p, pp, fw, fh);
    pp.frame = {left + (cell_w - left - right - fw) / 2, margins_[i].top, fw, fh};
    thin_x_ticks(pp, fw);
    // The key's entries: a column beside the frame, or rows below it filled left to right.
    if (pp.key_below) {
      cell_heights_[i] = margins_[i].top + fh + margins_[i].bottom + flow_key(pp, cell_w - 1.0 * F, F);
    } else {
      double row = static_cast<double>(pp.key_title.size()) * 1.3 * F;
      for (KeyEntry& e : pp.key) e.x = 0, e.y = row, row += 0.1 * F + 1.25 * F * static_cast<double>(e.lines.size());
      cell_heights_[i] = margins_[i].top + std::max(fh, row + (pp.bar ? 6 * F : 0)) + margins_[i].bottom;
    }
  }

  // Rows of panels, each as tall as its tallest; frames placed in their cells.
  void place_rows() {
    for (std::size_t row = 0; row * columns < n; ++row) {
      const std::size_t first = row * columns, end = std::min(n, (row + 1) * columns);
      double h = 0;
      for (std::size_t i = first; i < end; ++i) h = std::max(h, cell_heights_[i]);
      for (std::size_t i = first; i < end; ++i) {
        PanelPlan& pp = plan_.panels[i];
        Box& fr = pp.frame;
        const double cell_left = pad + cell_w * static_cast<double>(i % columns);
        fr.left += cell_left;
        fr.top += y_;
        if (png_) fr.left = std::round(fr.left), fr.top = std::round(fr.top);
        pp.key_left = pp.key_below ? cell_left + 0.5 * F : fr.left + fr.width + 1.0 * F;
        pp.key_top = pp.key_below ? fr.top + fr.height + margins_[i].bottom : fr.top;
      }
      y_ += h;
    }
  }

  void plan_shared_key() {
    PanelPlan& k = plan_.shared_key;
    std::vector<std::string> title_lines;
    for (const std::string& s : k.key_title)
      for (const std::string& line : wrap(t_, s, F, W - 2 * pad - 1.0 * F)) title_lines.push_back(line);
    k.key_title = title_lines;
    for (KeyEntry& e : k.key) {
      e.lines = wrap(t_, e.label, F, W - 2 * pad - 3.5 * F);
      for (const std::string& line : e.lines) e.width = std::max(e.width, 2.0 * F + t_.measure(line, F).width);
    }
    k.key_left = pad + 0.5 * F;
    k.key_top = y_;
    y_ += flow_key(k, W - 2 * pad - 1.0 * F, F);
  }

  // Notes: the figure's own, then how its tables were decimated (here or before).
  void plan_notes() {
    if (!f_.note.empty()) plan_.notes.push_back(f_.note);
    std::vector<const Raster*> drawn;
    for (const PanelPlan& pp : plan_.panels)
      for (const Raster& r : pp.rasters) drawn.push_back(&r);
    if (std::string note = decimation_note(drawn); !note.empty()) plan_.notes.push_back(note);
    std::vector<std::string> wrapped;
    for (const std::string& note : plan_.notes)
      for (const std::string& line : wrap(t_, note, F * 0.9, W - 2 * pad)) wrapped.push_back(line);
    plan_.notes = wrapped;
    plan_.notes_top = y_;
    y_ += static_cast<double>(plan_.notes.size()) * 1.25 * F * 0.9;
  }

  const Typesetter& t_;
  const Figure& f_;
  const bool png_;
  const double F, pad, tick, W;  // the font size, the canvas's padding, a tick's length, its width
  const std::size_t n, columns;  // panels, and panels a row
  const double cell_w;           // a panel's cell
  std::vector<Margins> margins_;
  std::vector<double> lefts_, rights_;  // each column's widest margins
  std::vector<double> cell_heights_;
  Plan plan_;
  double y_ = 0;
};

Plan plan_figure(const Typesetter& t, const Figure& f, double u, bool png) { return Planner(t, f, u, png).plan(); }

// ---- drawing ----------------------------------------------------------------------------

// Pixel rows in a band of about 2^20 pixels of a PNG `width` pixels wide: the long fills are
// done a band at a time, polled between (a few milliseconds each).
double band_rows(double width) {
  return std::max(1.0, std::floor(static_cast<double>(1 << 20) / std::max(width, 1.0)));
}

struct Mapper {
  const Panel& p;
  const PanelPlan& pp;
  double x(double v) const { return pp.frame.left + (v - p.x_min) / pp.dx * pp.frame.width; }
  double y(double v) const {
    const double t = (v - p.y_min) / pp.dy * pp.frame.height;
    return p.y_down ? pp.frame.top + t : pp.frame.top + pp.frame.height - t;
  }
};

// The surface of a picture: SVG and PDF stream into `out` as they are drawn; a PNG's image
// surface is read back by the caller.
class Canvas {
 public:
  Canvas(std::ostream* out, Format format, std::uint32_t width, std::uint32_t height) {
    if (format == Format::svg) {
      surface_.reset(cairo_svg_surface_create_for_stream(write_to_stream, out, width, height));
    } else if (format == Format::pdf) {
      surface_.reset(cairo_pdf_surface_create_for_stream(write_to_stream, out, width, height));
    } else {
      require_memory(std::uint64_t{width} * height * 4, fmt::format("a {}×{} picture", width, height));
      surface_.reset(cairo_image_surface_create(CAIRO_FORMAT_RGB24, static_cast<int>(width), static_cast<int>(height)));
    }
    check(cairo_surface_status(surface_.get()));
    cr_.reset(cairo_create(surface_.get()));
    check(cairo_status(cr_.get()));
    if (format != Format::png) {
      cairo_set_source_rgb(cr_.get(), 1, 1, 1);
      cairo_paint(cr_.get());
    }
  }
  cairo_t* cr() const { return cr_.get(); }
  cairo_surface_t* surface() const { return surface_.get(); }
  void finish() {
    check(cairo_status(cr_.get()));
    cr_.reset();
    cairo_surface_flush(surface_.get());
  }
  void close() {
    cairo_surface_finish(surface_.get());
    check(cairo_surface_status(surface_.get()));
  }

 private:
  Surface surface_;
  Context cr_;
};

class Painter {
 public:
  Painter(cairo_t* cr, const Figure& f, const Plan& plan, bool png, Poller& poller, Layout& layout)
      : cr_(cr), f_(f), plan_(plan), png_(png), poller_(poller), t_(cr, &layout.text) {}

  void draw() {
    const double F = kFont * plan_.u, pad = 6 * plan_.u;
    if (png_) clear();
    for (const Plan::TitleLine& line : plan_.title) t_.draw(line.text, line.size, plan_.width / 2, line.top, 0.5, 0);
    for (std::size_t i = 0; i < f_.panels.size(); ++i) panel(f_.panels[i], plan_.panels[i]);
    if (plan_.shared) key(plan_.shared_key);
    double ny = plan_.notes_top;
    for (const std::string& note : plan_.notes) {
      t_.draw(note, F * 0.9, pad, ny, 0, 0, 0, {70, 70, 70});
      ny += 1.25 * F * 0.9;
    }
  }

 private:
  // A PNG's canvas is made white a band at a time between polls: a 16384² canvas is a gigabyte,
  // a second of writing that one paint would do with no poll.
  void clear() {
    cairo_surface_t* surface = cairo_get_target(cr_);
    cairo_surface_flush(surface);
    unsigned char* data = cairo_image_surface_get_data(surface);
    const auto stride = static_cast<std::size_t>(cairo_image_surface_get_stride(surface));
    const auto rows = static_cast<std::size_t>(cairo_image_surface_get_height(surface));
    const auto band = static_cast<std::size_t>(band_rows(cairo_image_surface_get_width(surface)));
    for (std::size_t y = 0; y < rows; y += band) {
      std::memset(data + y * stride, 0xff, std::min(band, rows - y) * stride);
      poller_.tick(++done_);
    }
    cairo_surface_mark_dirty(surface);
  }

  void panel(const Panel& p, const PanelPlan& pp) {
    const Mapper m{p, pp};
    cairo_save(cr_);
    cairo_rectangle(cr_, pp.frame.left, pp.frame.top, pp.frame.width, pp.frame.height);
    cairo_clip(cr_);
    for (const Raster& r : pp.rasters) raster(p, pp, r);
    for (const Cells& c : p.cells) cells(m, c);
    if (p.cell_grid) grid(p, m);
    for (const Line& l : p.lines) line(m, l);
    for (const Series& s : p.series) series(p, pp, m, s);
    cairo_restore(cr_);
    for (const Label& l : p.labels)
      t_.draw(l.text, kFont * plan_.u * l.size, m.x(l.x), m.y(l.y), l.ax, l.ay, 0, l.colour);
    axes(p, pp, m);
    key(pp);
  }

  void raster(const Panel& p, const PanelPlan& pp, const Raster& r) {
    Surface image(
        cairo_image_surface_create(CAIRO_FORMAT_RGB24, static_cast<int>(r.columns), static_cast<int>(r.rows)));
    check(cairo_surface_status(image.get()));
    cairo_surface_flush(image.get());
    unsigned char* data = cairo_image_surface_get_data(image.get());
    const int stride = cairo_image_surface_get_stride(image.get());
    for (std::uint32_t y = 0; y < r.rows; ++y) {
      auto* line = reinterpret_cast<std::uint32_t*>(data + static_cast<std::ptrdiff_t>(y) * stride);
      for (std::uint32_t x = 0; x < r.columns; ++x) {
        const std::uint16_t c = r.code[static_cast<std::size_t>(y) * r.columns + x];
        const Rgb rgb = c < r.palette.size() ? r.palette[c] : Rgb{255, 255, 255};
        line[x] = (std::uint32_t{rgb.r} << 16) | (std::uint32_t{rgb.g} << 8) | rgb.b;
      }
      poller_.tick(++done_);
    }
    cairo_surface_mark_dirty(image.get());
    const Mapper m{p, pp};
    cairo_save(cr_);
    cairo_translate(cr_, m.x(r.x0 - r.cell / 2), m.y(r.y0 - r.cell / 2));
    cairo_scale(cr_, r.cell / pp.dx * pp.frame.width, (p.y_down ? 1 : -1) * r.cell / pp.dy * pp.frame.height);
    cairo_set_source_surface(cr_, image.get(), 0, 0);
    cairo_pattern_set_filter(cairo_get_source(cr_), CAIRO_FILTER_NEAREST);
    if (!png_) {
      cairo_rectangle(cr_, 0, 0, r.columns, r.rows);
      cairo_fill(cr_);
      cairo_restore(cr_);
      return;
    }
    // A table enlarged to a huge frame is a long fill: it is filled in bands of whole pixel rows
    // (so that no band edge is antialiased into a seam), polled between. The source keeps the
    // table's scale, locked when it was set.
    const double left = m.x(r.x0 - r.cell / 2), right = m.x(r.x0 - r.cell / 2 + r.columns * r.cell);
    const double y_a = m.y(r.y0 - r.cell / 2), y_b = m.y(r.y0 - r.cell / 2 + r.rows * r.cell);
    const double top = std::min(y_a, y_b), bottom = std::max(y_a, y_b);
    cairo_identity_matrix(cr_);
    for (double y = std::floor(top); y < bottom; y += band_rows(right - left)) {
      const double from = std::max(y, top), to = std::min(bottom, y + band_rows(right - left));
      cairo_rectangle(cr_, std::min(left, right), from, std::abs(right - left), to - from);
      cairo_fill(cr_);
      poller_.tick(++done_);
    }
    cairo_restore(cr_);
  }

  void shape(Shape s, double cx, double cy, double w, double h) {
    if (s == Shape::square) {
      cairo_rectangle(cr_, cx - w / 2, cy - h / 2, w, h);
      return;
    }
    // A pointy-topped hexagon `w` across the flats.
    const double r = w / std::sqrt(3.0);
    for (int k = 0; k < 6; ++k) {
      const double a = std::numbers::pi / 3 * k + std::numbers::pi / 6;
      (k ? cairo_line_to : cairo_move_to)(cr_, cx + r * std::cos(a), cy + r * std::sin(a) * (h / w));
    }
    cairo_close_path(cr_);
  }

  void cells(const Mapper& m, const Cells& c) {
    const double w = std::abs(m.x(c.size) - m.x(0)), h = std::abs(m.y(c.size) - m.y(0));
    for (std::size_t i = 0; i < c.x.size(); ++i) {
      shape(c.shape, m.x(c.x[i]), m.y(c.y[i]), w, h);
      set_colour(cr_, i < c.colour.size() ? c.colour[i] : Rgb{0, 0, 0});
      if (c.outline) {
        cairo_fill_preserve(cr_);
        cairo_set_source_rgb(cr_, 0.55, 0.55, 0.55);
        cairo_set_line_width(cr_, 0.4 * plan_.u);
        cairo_stroke(cr_);
      } else {
        cairo_fill(cr_);
      }
      poller_.tick(++done_);
    }
  }

  void grid(const Panel& p, const Mapper& m) {
    cairo_set_source_rgb(cr_, 0.8, 0.8, 0.8);
    cairo_set_line_width(cr_, 0.4 * plan_.u);
    for (double x = std::ceil(p.x_min - 0.5) + 0.5; x < p.x_max; ++x) {
      cairo_move_to(cr_, m.x(x), m.y(p.y_min));
      cairo_line_to(cr_, m.x(x), m.y(p.y_max));
    }
    for (double y = std::ceil(p.y_min - 0.5) + 0.5; y < p.y_max; ++y) {
      cairo_move_to(cr_, m.x(p.x_min), m.y(y));
      cairo_line_to(cr_, m.x(p.x_max), m.y(y));
    }
    cairo_stroke(cr_);
  }

  void line(const Mapper& m, const Line& l) {
    if (l.x.empty()) return;
    set_colour(cr_, l.colour);
    cairo_set_line_width(cr_, l.width * plan_.u);
    const double dash[] = {3.5 * plan_.u, 2 * plan_.u};
    cairo_set_dash(cr_, dash, l.dashed ? 2 : 0, 0);
    for (std::size_t i = 0; i < l.x.size(); ++i) (i ? cairo_line_to : cairo_move_to)(cr_, m.x(l.x[i]), m.y(l.y[i]));
    cairo_stroke(cr_);
    cairo_set_dash(cr_, dash, 0, 0);
  }

  void marker(Marker k, double x, double y, double s) {
    if (k == Marker::square) cairo_rectangle(cr_, x - s / 2, y - s / 2, s, s);
    else {
      cairo_new_sub_path(cr_);
      cairo_arc(cr_, x, y, s / 2, 0, 2 * std::numbers::pi);
    }
  }

  void series(const Panel& p, const PanelPlan& pp, const Mapper& m, const Series& s) {
    if (s.binned) return density(p, pp, s);
    const double size = std::max(s.extent > 0 ? s.extent / pp.dx * pp.frame.width : s.size * plan_.u, png_ ? 1.0 : 0.3);
    set_colour(cr_, s.colour);
    cairo_set_line_width(cr_, std::max(0.8 * plan_.u, size / 14));
    std::uint64_t pending = 0;
    auto flush = [&] {
      if (s.marker == Marker::ring) cairo_stroke(cr_);
      else cairo_fill(cr_);
      pending = 0;
    };
    for (std::size_t i = 0; i < s.x.size(); ++i) {
      if (png_ && s.marker == Marker::square && size < 4) {
        // A small square on whole pixels: crisp, its centre pixel in its colour.
        const double side = std::max(1.0, std::round(size));
        cairo_rectangle(cr_, std::round(m.x(s.x[i]) - side / 2), std::round(m.y(s.y[i]) - side / 2), side, side);
      } else {
        marker(s.marker, m.x(s.x[i]), m.y(s.y[i]), size);
      }
      if (++pending == 4096) flush();
      poller_.tick(++done_);
    }
    if (pending) flush();
  }

  // Bins drawn as an image over the frame, each in the series' colour with an opacity that grows
  // with the log of its count. The bins are first summed into cells of the marker's size (at
  // least a pixel), so that no point is lost however the two grids meet and a point stays as
  // large as it would be drawn alone.
  void density(const Panel& p, const PanelPlan& pp, const Series& s) {
    const double dot = std::max(s.size * plan_.u, png_ ? 1.0 : 0.5);
    const auto columns =
        std::min(s.bin_columns, static_cast<std::uint32_t>(std::max(1.0, std::round(pp.frame.width / dot))));
    const auto rows =
        std::min(s.bin_rows, static_cast<std::uint32_t>(std::max(1.0, std::round(pp.frame.height / dot))));
    std::vector<std::uint32_t> summed(static_cast<std::size_t>(columns) * rows, 0);
    for (std::uint32_t r = 0; r < s.bin_rows; ++r)
      for (std::uint32_t c = 0; c < s.bin_columns; ++c) {
        const std::uint32_t v = s.count[static_cast<std::size_t>(r) * s.bin_columns + c];
        if (!v) continue;
        const auto x = std::min(columns - 1, static_cast<std::uint32_t>((c + 0.5) * columns / s.bin_columns));
        const auto y = std::min(rows - 1, static_cast<std::uint32_t>((r + 0.5) * rows / s.bin_rows));
        summed[static_cast<std::size_t>(y) * columns + x] += v;
      }
    const std::vector<std::uint32_t>* count = &summed;
    const double top = std::log1p(static_cast<double>(*std::max_element(count->begin(), count->end())));
    Surface image(cairo_image_surface_create(CAIRO_FORMAT_ARGB32, static_cast<int>(columns), static_cast<int>(rows)));
    check(cairo_surface_status(image.get()));
    cairo_surface_flush(image.get());
    unsigned char* data = cairo_image_surface_get_data(image.get());
    const int stride = cairo_image_surface_get_stride(image.get());
    for (std::uint32_t y = 0; y < rows; ++y) {
      auto* line = reinterpret_cast<std::uint32_t*>(data + static_cast<std::ptrdiff_t>(y) * stride);
      for (std::uint32_t x = 0; x < columns; ++x) {
        const std::uint32_t v = (*count)[static_cast<std::size_t>(y) * columns + x];
        const double a = v ? 0.5 + 0.5 * std::log1p(v) / std::max(top, 1e-9) : 0;
        auto pre = [a](std::uint8_t c) { return static_cast<std::uint32_t>(std::lround(c * a)); };  // premultiplied
        line[x] = (static_cast<std::uint32_t>(std::lround(255 * a)) << 24) | (pre(s.colour.r) << 16) |
                  (pre(s.colour.g) << 8) | pre(s.colour.b);
      }
      poller_.tick(++done_);
    }
    cairo_surface_mark_dirty(image.get());
    cairo_save(cr_);
    cairo_translate(cr_, pp.frame.left, pp.frame.top);
    cairo_scale(cr_, pp.frame.width / columns, pp.frame.height / rows);
    cairo_set_source_surface(cr_, image.get(), 0, 0);
    cairo_pattern_set_filter(cairo_get_source(cr_), CAIRO_FILTER_NEAREST);
    cairo_rectangle(cr_, 0, 0, columns, rows);
    cairo_fill(cr_);
    cairo_restore(cr_);
    (void)p;
  }

  void axes(const Panel& p, const PanelPlan& pp, const Mapper& m) {
    const double u = plan_.u, F = kFont * u, tick = 3.5 * u;
    const Box& fr = pp.frame;
    cairo_set_source_rgb(cr_, 0, 0, 0);
    cairo_set_line_width(cr_, 0.8 * u);
    cairo_rectangle(cr_, fr.left, fr.top, fr.width, fr.height);
    cairo_stroke(cr_);
    for (std::size_t i = 0; i < pp.x_ticks.size(); ++i) {
      const double x = m.x(pp.x_ticks[i]);
      cairo_move_to(cr_, x, fr.top + fr.height);
      cairo_line_to(cr_, x, fr.top + fr.height + tick);
      cairo_stroke(cr_);
      t_.draw(pp.x_labels[i], F, x, fr.top + fr.height + tick + 0.3 * F, 0.5, 0);
    }
    double widest = 0;
    for (std::size_t i = 0; i < pp.y_ticks.size(); ++i) {
      const double y = m.y(pp.y_ticks[i]);
      cairo_move_to(cr_, fr.left - tick, y);
      cairo_line_to(cr_, fr.left, y);
      cairo_stroke(cr_);
      widest = std::max(widest, t_.draw(pp.y_labels[i], F, fr.left - tick - 0.3 * F, y, 1, 0.5).width);
    }
    if (!p.x_label.empty()) t_.draw(p.x_label, F, fr.left + fr.width / 2, fr.top + fr.height + tick + 1.7 * F, 0.5, 0);
    if (!p.y_label.empty())
      t_.draw(p.y_label, F, fr.left - tick - 0.8 * F - widest, fr.top + fr.height / 2, 0.5, 1, -std::numbers::pi / 2);
    for (std::size_t i = 0; i < pp.title.size(); ++i)
      t_.draw(pp.title[i], kPanelTitleFont * u, fr.left + fr.width / 2,
              fr.top - 0.45 * F - kPanelTitleFont * u * 1.3 * static_cast<double>(pp.title.size() - 1 - i), 0.5, 1);
  }

  void key(const PanelPlan& pp) {
    if (pp.key_title.empty() && pp.key.empty() && !pp.bar) return;
    const double u = plan_.u, F = kFont * u, tick = 3.5 * u;
    const double x = pp.key_left;
    double y = pp.key_top;
    for (const std::string& line : pp.key_title) {
      t_.draw(line, F, x, y, 0, 0);
      y += 1.3 * F;
    }
    for (const KeyEntry& e : pp.key) {
      const double ex = pp.key_left + e.x, cy = pp.key_top + e.y + 0.65 * F;
      if (e.kind == KeyEntry::line) {
        set_colour(cr_, e.colour);
        cairo_set_line_width(cr_, 1.2 * u);
        const double dash[] = {3 * u, 1.5 * u};
        cairo_set_dash(cr_, dash, e.dashed ? 2 : 0, 0);
        cairo_move_to(cr_, ex, cy);
        cairo_line_to(cr_, ex + 1.5 * F, cy);
        cairo_stroke(cr_);
        cairo_set_dash(cr_, dash, 0, 0);
      } else {
        set_colour(cr_, e.colour);
        const double s = e.kind == KeyEntry::patch ? 0.9 * F : 0.6 * F;
        marker(e.marker, ex + 0.75 * F, cy, s);
        if (e.kind == KeyEntry::dot && e.marker == Marker::ring) {
          cairo_set_line_width(cr_, 0.9 * u);
          cairo_stroke(cr_);
        } else {
          cairo_fill_preserve(cr_);
          cairo_set_source_rgb(cr_, 0.4, 0.4, 0.4);
          cairo_set_line_width(cr_, 0.4 * u);
          cairo_stroke(cr_);
        }
      }
      for (std::size_t i = 0; i < e.lines.size(); ++i)
        t_.draw(e.lines[i], F, ex + 2.0 * F, cy + 1.25 * F * static_cast<double>(i), 0, 0.5);
      y = std::max(y, pp.key_top + e.y + 0.1 * F + 1.25 * F * static_cast<double>(e.lines.size()));
    }
    if (!pp.bar) return;
    const ColourBar& bar = *pp.bar;
    y += 0.3 * F;
    const double h = std::max(6 * F, pp.frame.top + pp.frame.height - y), w = 1.1 * F;
    const std::size_t n = bar.gradient.size();
    for (std::size_t i = 0; i < n; ++i) {
      set_colour(cr_, bar.gradient[i]);
      const double y0 = y + h - h * static_cast<double>(i + 1) / static_cast<double>(n);
      cairo_rectangle(cr_, x, y0, w, h / static_cast<double>(n) + 0.5 * u);
      cairo_fill(cr_);
    }
    cairo_set_source_rgb(cr_, 0, 0, 0);
    cairo_set_line_width(cr_, 0.6 * u);
    cairo_rectangle(cr_, x, y, w, h);
    cairo_stroke(cr_);
    const std::vector<double> at = ticks(bar.vmin, bar.vmax, 5);
    const double step = step_of(at, bar.vmin, bar.vmax);
    double widest = 0;
    for (double v : at) {
      const double ty = y + h - h * (v - bar.vmin) / std::max(bar.vmax - bar.vmin, 1e-9);
      cairo_move_to(cr_, x + w, ty);
      cairo_line_to(cr_, x + w + tick, ty);
      cairo_stroke(cr_);
      widest = std::max(widest, t_.draw(tick_label(v, step), F, x + w + tick + 0.3 * F, ty, 0, 0.5).width);
    }
    if (!bar.label.empty())
      t_.draw(bar.label, F, x + w + tick + 0.6 * F + widest, y + h / 2, 0.5, 1, std::numbers::pi / 2);
  }

  cairo_t* cr_;
  const Figure& f_;
  const Plan& plan_;
  bool png_;
  Poller& poller_;
  Typesetter t_;
  std::uint64_t done_ = 0;
};

void validate(const Figure& f, const RenderOptions& o) {
  if (o.pixels != 0 && (o.pixels < 64 || o.pixels > 16384))
    throw RangeError("a picture must be 64..16384 pixels on its longer side");
  if (o.width != 0 && (o.width < 1 || o.width > 40)) throw RangeError("a figure must be 1..40 inches wide");
  if (f.panels.empty()) throw RangeError("a figure needs at least one panel");
  for (const Panel& p : f.panels)
    if (!(p.x_max > p.x_min) || !(p.y_max > p.y_min))
      throw RangeError(fmt::format("a panel needs x_min < x_max and y_min < y_max (got [{}, {}] × [{}, {}])", p.x_min,
                                   p.x_max, p.y_min, p.y_max));
}

// The ticks a drawing makes: the canvas's bands and each table's rows and bands (PNG), each
// cell, each point or row of bins.
std::uint64_t work_of(const Figure& f, const Plan& plan, const Layout& layout, bool png) {
  const auto bands = [](double width, double height) {
    return static_cast<std::uint64_t>(std::ceil(height / band_rows(width))) + 1;
  };
  std::uint64_t n = png ? bands(layout.width, layout.height) : 0;
  for (std::size_t i = 0; i < f.panels.size(); ++i) {
    const PanelPlan& pp = plan.panels[i];
    for (const Raster& r : pp.rasters) n += r.rows + (png ? bands(pp.frame.width, pp.frame.height) : 0);
    for (const Cells& c : f.panels[i].cells) n += c.x.size();
    for (const Series& s : f.panels[i].series) n += s.binned ? s.bin_rows : s.x.size();
  }
  return std::max<std::uint64_t>(n, 1);
}

// Lays the figure out at u device units per point and paints it onto a canvas made for it.
template <class MakeCanvas>
void paint(const Figure& figure, const RenderOptions& options, Format format, MakeCanvas make, Layout& layout) {
  validate(figure, options);
  Figure f = figure;
  if (options.width != 0) f.width = options.width;
  // Text is measured on a scratch surface before the canvas exists.
  Surface scratch(cairo_image_surface_create(CAIRO_FORMAT_RGB24, 1, 1));
  Context measure(cairo_create(scratch.get()));
  const Typesetter t(measure.get(), nullptr);
  double u = 1;
  std::uint32_t pixels = 0;
  if (format == Format::png) {
    const Plan at_one = plan_figure(t, f, 1, false);
    pixels = options.pixels
                 ? options.pixels
                 : static_cast<std::uint32_t>(std::lround(std::max(at_one.width, at_one.height) * 150.0 / 72.0));
    u = pixels / std::max(at_one.width, at_one.height);
  }
  Plan plan = plan_figure(t, f, u, format == Format::png);
  // Text is not exactly proportional to its size: a tall figure is laid out again until it fits
  // the pixels asked for, and its canvas then padded to them.
  for (int i = 0; i < 4 && pixels && plan.height > pixels; ++i) {
    u *= pixels / plan.height * 0.999;
    plan = plan_figure(t, f, u, true);
  }
  layout.width = static_cast<std::uint32_t>(plan.width);
  layout.height = static_cast<std::uint32_t>(plan.height);
  if (pixels && layout.height > layout.width) layout.height = std::max(layout.height, pixels);
  for (const PanelPlan& pp : plan.panels) {
    layout.frames.push_back(pp.frame);
    layout.raster_pixels.push_back(pp.raster_pixels);
    layout.raster_blocks.push_back(pp.rasters.empty() ? 0 : pp.rasters.front().block);
  }
  Poller poller(options.progress, work_of(f, plan, layout, format == Format::png));
  Canvas& canvas = make(layout.width, layout.height);
  Painter painter(canvas.cr(), f, plan, format == Format::png, poller, layout);
  painter.draw();
  layout.title = {0, 0, plan.width, 0};
  if (!layout.text.empty() && !plan.title.empty()) {
    Box b = layout.text.front();
    for (std::size_t i = 1; i < plan.title.size(); ++i) {
      const Box& n = layout.text[i];
      const double right = std::max(b.left + b.width, n.left + n.width),
                   bottom = std::max(b.top + b.height, n.top + n.height);
      b.left = std::min(b.left, n.left), b.top = std::min(b.top, n.top);
      b.width = right - b.left, b.height = bottom - b.top;
    }
    layout.title = b;
  }
}

// A PNG's canvas, painted and flushed, for encoding or reading back.
std::unique_ptr<Canvas> paint_png(const Figure& figure, const RenderOptions& options, Layout& layout) {
  std::unique_ptr<Canvas> canvas;
  paint(
      figure, options, Format::png,
      [&](std::uint32_t w, std::uint32_t h) -> Canvas& {
        canvas = std::make_unique<Canvas>(nullptr, Format::png, w, h);
        return *canvas;
      },
      layout);
  canvas->finish();
  return canvas;
}

// Row y of an RGB24 image surface as pixels.
void read_row(cairo_surface_t* surface, std::uint32_t y, Rgb* pixels) {
  const unsigned char* data = cairo_image_surface_get_data(surface);
  const int stride = cairo_image_surface_get_stride(surface);
  const auto width = static_cast<std::uint32_t>(cairo_image_surface_get_width(surface));
  const auto* line = reinterpret_cast<const std::uint32_t*>(data + static_cast<std::ptrdiff_t>(y) * stride);
  for (std::uint32_t x = 0; x < width; ++x)
    pixels[x] = {static_cast<std::uint8_t>(line[x] >> 16), static_cast<std::uint8_t>(line[x] >> 8),
                 static_cast<std::uint8_t>(line[x])};
}

}  // namespace

std::pair<double, double> to_device(const Layout& layout, const Figure& figure, std::size_t panel, double x, double y) {
  const Panel& p = figure.panels.at(panel);
  const Box& fr = layout.frames.at(panel);
  const double t = (y - p.y_min) / (p.y_max - p.y_min) * fr.height;
  return {fr.left + (x - p.x_min) / (p.x_max - p.x_min) * fr.width, p.y_down ? fr.top + t : fr.top + fr.height - t};
}

Image render_image(const Figure& figure, const RenderOptions& options) {
  Image image;
  const auto canvas = paint_png(figure, options, image.layout);
  image.width = image.layout.width;
  image.height = image.layout.height;
  image.pixels.resize(static_cast<std::size_t>(image.width) * image.height);
  for (std::uint32_t y = 0; y < image.height; ++y)
    read_row(canvas->surface(), y, image.pixels.data() + static_cast<std::size_t>(y) * image.width);
  return image;
}

void write_figure(std::ostream& out, Format format, const Figure& figure, const RenderOptions& options) {
  Layout layout;
  if (format == Format::png) {
    // Encoded row by row with libpng (qg::write_png), which polls between rows: cairo's own
    // encoder would run the seconds of a 16384² picture with no poll.
    const auto canvas = paint_png(figure, options, layout);
    write_png(
        out, layout.width, layout.height, [&](std::uint32_t y, Rgb* pixels) { read_row(canvas->surface(), y, pixels); },
        options.progress);
    out.flush();
    return;
  }
  std::unique_ptr<Canvas> canvas;
  paint(
      figure, options, format,
      [&](std::uint32_t w, std::uint32_t h) -> Canvas& {
        canvas = std::make_unique<Canvas>(&out, format, w, h);
        return *canvas;
      },
      layout);
  canvas->finish();
  canvas->close();
  out.flush();
}

void write_figure(const std::filesystem::path& path, const Figure& figure, const RenderOptions& options) {
  const Format format = format_of(path);
  validate(figure, options);  // before the file is created
  AtomicFile file(path, true);
  write_figure(file.stream(), format, figure, options);
  // An interrupt that arrived during the last steps (cairo finishing the file) is answered
  // here: the temporary is removed and the file never appears.
  if (options.progress) options.progress(1, 1);
  file.commit();
}

}  // namespace qg::plot
