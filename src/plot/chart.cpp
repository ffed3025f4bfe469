// Charts with axes through cairo (include/queengames/plot.hpp). One layout for the three
// formats: cairo draws the same calls into an SVG, a PDF or an image surface, so a picture
// differs between them only in how it is encoded. Sizes are in device units — pixels for
// PNG, points for SVG and PDF — and the text scales with the picture.
#include <cairo-pdf.h>
#include <cairo-svg.h>
#include <cairo.h>

#include <algorithm>
#include <cctype>
#include <cmath>
#include <memory>
#include <ostream>
#include <stdexcept>

#include <fmt/format.h>

#include "queengames/plot.hpp"

namespace qg::plot {
namespace {

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

// A rectangle of whole pixels of a PNG that its caller fills itself (a raster).
struct Hole {
  int x = 0, y = 0, width = 0, height = 0;
};

// The picture's surface: SVG and PDF stream into `out` as they are drawn; the PNG's image
// surface is encoded into `out` by finish().
class Canvas {
 public:
  // The background is painted white around `hole`: painting a large raster's area first
  // would be a second of work that nothing can interrupt, all of it overwritten.
  Canvas(std::ostream& out, Format format, double width, double height, Hole hole = {}) : out_(out), format_(format) {
    if (format == Format::svg)
      surface_.reset(cairo_svg_surface_create_for_stream(write_to_stream, &out, width, height));
    else if (format == Format::pdf)
      surface_.reset(cairo_pdf_surface_create_for_stream(write_to_stream, &out, width, height));
    else {
      const auto w = static_cast<std::uint64_t>(std::ceil(width)), h = static_cast<std::uint64_t>(std::ceil(height));
      require_memory(w * h * 4, fmt::format("a {}×{} picture", w, h));
      surface_.reset(cairo_image_surface_create(CAIRO_FORMAT_RGB24, static_cast<int>(w), static_cast<int>(h)));
    }
    check(cairo_surface_status(surface_.get()));
    cr_.reset(cairo_create(surface_.get()));
    check(cairo_status(cr_.get()));
    cairo_set_source_rgb(cr_.get(), 1, 1, 1);
    cairo_rectangle(cr_.get(), 0, 0, width, height);
    cairo_rectangle(cr_.get(), hole.x, hole.y, hole.width, hole.height);
    cairo_set_fill_rule(cr_.get(), CAIRO_FILL_RULE_EVEN_ODD);
    cairo_fill(cr_.get());
    cairo_set_fill_rule(cr_.get(), CAIRO_FILL_RULE_WINDING);
  }
  cairo_t* cr() const { return cr_.get(); }
  // The PNG's pixels from (x, y) on, 0x00RRGGBB, `stride` bytes a row, for the caller to write
  // between begin_pixels() and end_pixels() (cairo's own drawing must not be pending).
  std::uint32_t* begin_pixels(const Hole& at, int& stride) {
    cairo_surface_flush(surface_.get());
    stride = cairo_image_surface_get_stride(surface_.get());
    unsigned char* data = cairo_image_surface_get_data(surface_.get());
    return reinterpret_cast<std::uint32_t*>(data + static_cast<std::ptrdiff_t>(at.y) * stride) + at.x;
  }
  void end_pixels() { cairo_surface_mark_dirty(surface_.get()); }
  // The PNG is encoded row by row with libpng (qg::write_png), which polls between rows:
  // cairo's own encoder would run the seconds of a 16384² picture with no poll.
  void finish(const ProgressFn& progress = nullptr) {
    check(cairo_status(cr_.get()));
    cr_.reset();
    if (format_ == Format::png) {
      cairo_surface_flush(surface_.get());
      const unsigned char* data = cairo_image_surface_get_data(surface_.get());
      const int stride = cairo_image_surface_get_stride(surface_.get());
      const auto width = static_cast<std::uint32_t>(cairo_image_surface_get_width(surface_.get()));
      const auto height = static_cast<std::uint32_t>(cairo_image_surface_get_height(surface_.get()));
      write_png(
          out_, width, height,
          [&](std::uint32_t y, Rgb* pixels) {
            const auto* line = reinterpret_cast<const std::uint32_t*>(data + static_cast<std::ptrdiff_t>(y) * stride);
            for (std::uint32_t x = 0; x < width; ++x)
              pixels[x] = {static_cast<std::uint8_t>(line[x] >> 16), static_cast<std::uint8_t>(line[x] >> 8),
                           static_cast<std::uint8_t>(line[x])};
          },
          progress);
    }
    cairo_surface_finish(surface_.get());
    check(cairo_surface_status(surface_.get()));
    out_.flush();
  }

 private:
  std::ostream& out_;
  Format format_;
  Surface surface_;
  Context cr_;
};

void set_colour(cairo_t* cr, Rgb c) { cairo_set_source_rgb(cr, c.r / 255.0, c.g / 255.0, c.b / 255.0); }

std::string tick_label(double value, double step) {
  if (std::abs(value) < step * 1e-9) value = 0;  // no "-0"
  if (step >= 1) return fmt::format("{:.0f}", value);
  const int decimals = static_cast<int>(std::ceil(-std::log10(step) - 1e-9));
  return fmt::format("{:.{}f}", value, decimals);
}

// Text at (x, y) with its anchor: ax, ay ∈ {0, 0.5, 1} of its width and height.
void text(cairo_t* cr, const std::string& s, double x, double y, double ax, double ay, double angle = 0) {
  cairo_text_extents_t e;
  cairo_text_extents(cr, s.c_str(), &e);
  cairo_save(cr);
  cairo_translate(cr, x, y);
  cairo_rotate(cr, angle);
  cairo_move_to(cr, -e.x_bearing - ax * e.width, -e.y_bearing - ay * e.height);
  cairo_show_text(cr, s.c_str());
  cairo_restore(cr);
}

// The frame of a plot area and what is written around it.
struct Frame {
  double left, top, width, height, font;
};

struct Axis {
  double lo, hi;
  std::vector<double> at;  // tick values
  double step;
};

Axis axis(double lo, double hi) {
  Axis a{lo, hi, ticks(lo, hi), 0};
  a.step = a.at.size() > 1 ? a.at[1] - a.at[0] : std::max(std::abs(hi - lo), 1.0);
  return a;
}

// Axes, ticks, labels and the title around `f`; map_x / map_y take data to device units.
void draw_axes(cairo_t* cr, const Frame& f, const Axis& xa, const Axis& ya, const std::function<double(double)>& map_x,
               const std::function<double(double)>& map_y, const std::string& title, const std::string& x_label,
               const std::string& y_label) {
  const double tick = f.font * 0.45;
  cairo_set_source_rgb(cr, 0, 0, 0);
  cairo_set_line_width(cr, std::max(1.0, f.font / 13));
  cairo_rectangle(cr, f.left, f.top, f.width, f.height);
  cairo_stroke(cr);
  cairo_set_font_size(cr, f.font);
  for (double v : xa.at) {
    const double x = map_x(v);
    cairo_move_to(cr, x, f.top + f.height);
    cairo_line_to(cr, x, f.top + f.height + tick);
    cairo_stroke(cr);
    text(cr, tick_label(v, xa.step), x, f.top + f.height + tick * 1.6, 0.5, 0);
  }
  double widest = 0;
  for (double v : ya.at) {
    const double y = map_y(v);
    cairo_move_to(cr, f.left - tick, y);
    cairo_line_to(cr, f.left, y);
    cairo_stroke(cr);
    const std::string s = tick_label(v, ya.step);
    cairo_text_extents_t e;
    cairo_text_extents(cr, s.c_str(), &e);
    widest = std::max(widest, e.width);
    text(cr, s, f.left - tick * 1.6, y, 1, 0.5);
  }
  text(cr, x_label, f.left + f.width / 2, f.top + f.height + tick * 1.6 + f.font * 1.6, 0.5, 0);
  // The y label reads upwards, left of the widest tick label.
  text(cr, y_label, f.left - tick * 1.6 - widest - f.font * 0.6, f.top + f.height / 2, 0.5, 1, -M_PI / 2);
  cairo_set_font_size(cr, f.font * 1.15);
  text(cr, title, f.left + f.width / 2, f.top - f.font * 0.8, 0.5, 1);
}

}  // namespace

Format format_of(const std::filesystem::path& path) {
  std::string ext = path.extension().string();
  std::transform(ext.begin(), ext.end(), ext.begin(), [](unsigned char c) { return std::tolower(c); });
  if (ext == ".svg") return Format::svg;
  if (ext == ".pdf") return Format::pdf;
  if (ext == ".png") return Format::png;
  throw InputError(
      fmt::format("'{}': the picture's format is taken from its extension: .svg, .pdf or .png", path.string()));
}

std::vector<double> ticks(double lo, double hi, int target) {
  if (!(hi > lo) || target < 1) return {lo};
  // step = m · 10^e, m ∈ {1, 2, 5}: the smallest at least (hi − lo)/target.
  const double raw = (hi - lo) / target;
  int e = static_cast<int>(std::floor(std::log10(raw)));
  double m = 10;
  for (double candidate : {1.0, 2.0, 5.0})
    if (candidate * std::pow(10.0, e) >= raw) {
      m = candidate;
      break;
    }
  if (m == 10) m = 1, ++e;
  // A tick k·m·10^e is computed as k·m divided (or multiplied) by an exact power of ten, so
  // that 0.6 is the double nearest 0.6, not 3 · 0.2.
  const double scale = std::pow(10.0, std::abs(e));
  auto value = [&](double k) { return e < 0 ? k * m / scale : k * m * scale; };
  const double step = value(1);
  std::vector<double> at;
  for (double k = std::ceil(lo / step - 1e-9); value(k) <= hi + step * 1e-9; ++k) at.push_back(value(k));
  return at;
}

void write_chart(std::ostream& out, Format format, const Chart& c) {
  if (!(c.x_max > c.x_min) || !(c.y_max > c.y_min))
    throw RangeError(fmt::format("a chart needs x_min < x_max and y_min < y_max (got [{}, {}] × [{}, {}])", c.x_min,
                                 c.x_max, c.y_min, c.y_max));
  if (c.pixels < 64 || c.pixels > 16384) throw RangeError("a chart must be 64..16384 pixels on its longer side");
  // Text of 9 pixels at least, but small pictures keep room for their plot.
  const double side = c.pixels, font = std::clamp(side / 70, std::min(9.0, side / 28), 48.0);
  const double left = font * 6, right = font * 2, top = font * 3.2, bottom = font * 4;
  const double dx = c.x_max - c.x_min, dy = c.y_max - c.y_min;
  double w = side - left - right, h = w * 0.6;
  if (c.equal_aspect) {
    h = w * dy / dx;
    if (h + top + bottom > side) {  // a tall chart: its height is the longer side
      h = side - top - bottom;
      w = h * dx / dy;
    }
  }
  Canvas canvas(out, format, left + w + right, top + h + bottom);
  cairo_t* cr = canvas.cr();
  cairo_select_font_face(cr, "sans-serif", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_NORMAL);
  const Frame f{left, top, w, h, font};
  auto map_x = [&](double x) { return left + (x - c.x_min) / dx * w; };
  auto map_y = [&](double y) { return c.y_down ? top + (y - c.y_min) / dy * h : top + h - (y - c.y_min) / dy * h; };

  // The points, clipped to the frame; dots are batched into one path per few thousand (a
  // fill per dot would make an SVG element of each).
  const double dot = c.dot > 0         ? c.dot
                     : c.dot_units > 0 ? std::max(1.0, c.dot_units * w / dx)
                                       : std::clamp(w / 400, 1.0, 6.0);
  cairo_save(cr);
  cairo_rectangle(cr, left, top, w, h);
  cairo_clip(cr);
  cairo_set_line_width(cr, std::max(1.0, font / 10));
  for (const Series& s : c.series) {
    set_colour(cr, s.colour);
    std::uint64_t pending = 0;
    bool first = true;
    s.points([&](double x, double y) {
      if (!s.curve && (x < c.x_min || x > c.x_max || y < c.y_min || y > c.y_max)) return;
      const double px = map_x(x), py = map_y(y);
      if (s.curve) {
        if (first) cairo_move_to(cr, px, py);
        else cairo_line_to(cr, px, py);
        first = false;
        return;
      }
      cairo_rectangle(cr, px - dot / 2, py - dot / 2, dot, dot);
      if (++pending == 4096) {
        cairo_fill(cr);
        pending = 0;
      }
    });
    if (s.curve) cairo_stroke(cr);
    else if (pending > 0) cairo_fill(cr);
  }
  cairo_restore(cr);

  draw_axes(cr, f, axis(c.x_min, c.x_max), axis(c.y_min, c.y_max), map_x, map_y, c.title, c.x_label, c.y_label);

  // The legend, in the top left corner of the frame, for the series that have a label.
  cairo_set_font_size(cr, font);
  double row = top + font * 0.8;
  for (const Series& s : c.series) {
    if (s.label.empty()) continue;
    set_colour(cr, s.colour);
    if (s.curve) {
      cairo_move_to(cr, left + font * 0.6, row + font / 2);
      cairo_line_to(cr, left + font * 2, row + font / 2);
      cairo_stroke(cr);
    } else {
      cairo_rectangle(cr, left + font * 1.3 - font / 4, row + font / 4, font / 2, font / 2);
      cairo_fill(cr);
    }
    cairo_set_source_rgb(cr, 0, 0, 0);
    text(cr, s.label, left + font * 2.4, row + font / 2, 0, 0.5);
    row += font * 1.4;
  }
  canvas.finish();
}

void write_chart(const std::filesystem::path& path, const Chart& chart) {
  const Format format = format_of(path);
  AtomicFile file(path, true);
  write_chart(file.stream(), format, chart);
  file.commit();
}

void write_raster_chart(std::ostream& out, const RasterChart& c) {
  const Raster& raster = c.raster;
  if (c.width == 0 || c.height == 0 || raster.width == 0 || raster.height == 0)
    throw RangeError("an empty table cannot be drawn");
  const ColourBar& bar = c.bar;
  const double font = std::clamp(std::max(raster.width, raster.height) / 70.0, 10.0, 40.0);
  std::size_t longest = 4;
  for (const auto& [label, colour] : bar.swatches) longest = std::max(longest, label.size());
  const double swatch = font * 1.4,
               gradient = bar.colour ? std::max(font * 6, raster.height - swatch * bar.swatches.size()) : 0;
  // The raster starts at a whole pixel: its rows are written straight into the picture.
  const double left = std::round(font * 6), right = font * (5 + 0.6 * static_cast<double>(longest)),
               top = std::round(font * 3.2), bottom = font * 4;
  const double w = raster.width, h = raster.height;
  const double bar_height = gradient + swatch * static_cast<double>(bar.swatches.size());
  const Hole table{static_cast<int>(left), static_cast<int>(top), static_cast<int>(raster.width),
                   static_cast<int>(raster.height)};
  Canvas canvas(out, Format::png, left + w + right, top + std::max(h, bar_height) + bottom, table);
  cairo_t* cr = canvas.cr();
  cairo_select_font_face(cr, "sans-serif", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_NORMAL);

  // The table's pixels, row by row.
  {
    int stride = 0;
    std::uint32_t* data = canvas.begin_pixels(table, stride);
    std::vector<Rgb> pixels(raster.width);
    Poller poller(c.progress, raster.height);
    for (std::uint32_t y = 0; y < raster.height; ++y) {
      std::fill(pixels.begin(), pixels.end(), Rgb{255, 255, 255});
      raster.row(y, pixels.data());
      std::uint32_t* line = data + static_cast<std::ptrdiff_t>(y) * (stride / 4);
      for (std::uint32_t x = 0; x < raster.width; ++x)
        line[x] = (std::uint32_t{pixels[x].r} << 16) | (std::uint32_t{pixels[x].g} << 8) | pixels[x].b;
      poller.tick(y + 1);
    }
    poller.finish();
    canvas.end_pixels();
  }

  // Axes in cell coordinates at the cells' centres; the first and last cells are always labelled.
  const double per_cell = static_cast<double>(raster.pixels_per_cell) / static_cast<double>(raster.cells_per_pixel);
  auto map_x = [&](double x) { return left + (x - static_cast<double>(c.x0) + 0.5) * per_cell; };
  auto map_y = [&](double y) { return top + (y - static_cast<double>(c.y0) + 0.5) * per_cell; };
  auto corners = [](std::int64_t first, std::uint64_t cells) {
    const double lo = static_cast<double>(first), hi = static_cast<double>(first) + static_cast<double>(cells) - 1;
    Axis a = axis(lo, hi);
    std::vector<double> at{lo};
    for (double v : a.at)
      if (v - lo > (hi - lo) * 0.12 && hi - v > (hi - lo) * 0.12) at.push_back(v);
    if (hi > lo) at.push_back(hi);
    a.at = at;
    a.step = std::max(a.step, 1.0);
    return a;
  };
  const Frame f{left, top, w, h, font};
  draw_axes(cr, f, corners(c.x0, c.width), corners(c.y0, c.height), map_x, map_y, c.title, c.x_label, c.y_label);

  // The colour bar: the gradient, value v at height v/vmax from its bottom, then the swatches.
  const double bx = left + w + font * 1.5, bw = font * 1.2;
  cairo_set_line_width(cr, 1);
  cairo_set_font_size(cr, font * 0.9);
  if (bar.colour) {
    const int steps = static_cast<int>(std::max(2.0, gradient));
    for (int i = 0; i < steps; ++i) {
      set_colour(cr, bar.colour((i + 0.5) / steps));
      cairo_rectangle(cr, bx, top + gradient - gradient * (i + 1) / steps, bw, gradient / steps + 0.5);
      cairo_fill(cr);
    }
    cairo_set_source_rgb(cr, 0, 0, 0);
    cairo_rectangle(cr, bx, top, bw, gradient);
    cairo_stroke(cr);
    const double vmax = static_cast<double>(std::max<std::int64_t>(1, bar.vmax));
    const Axis values = axis(0, vmax);
    for (double v : values.at) {
      const double y = top + gradient - gradient * v / vmax;
      cairo_move_to(cr, bx + bw, y);
      cairo_line_to(cr, bx + bw + font * 0.4, y);
      cairo_stroke(cr);
      text(cr, tick_label(v, std::max(values.step, 1.0)), bx + bw + font * 0.6, y, 0, 0.5);
    }
  }
  double y = top + gradient + (bar.colour ? font * 0.4 : 0);
  for (const auto& [label, colour] : bar.swatches) {
    set_colour(cr, colour);
    cairo_rectangle(cr, bx, y, bw, swatch - font * 0.2);
    cairo_fill_preserve(cr);
    cairo_set_source_rgb(cr, 0, 0, 0);
    cairo_stroke(cr);
    text(cr, label, bx + bw + font * 0.6, y + (swatch - font * 0.2) / 2, 0, 0.5);
    y += swatch;
  }
  cairo_set_font_size(cr, font);
  text(cr, bar.label, left + w + right - font * 0.8, top + std::max(h, bar_height) / 2, 0.5, 0, M_PI / 2);
  // The encoding polls as the last row did: the progress line stays at 100 %.
  canvas.finish(c.progress ? ProgressFn([&](std::uint64_t, std::uint64_t) { c.progress(raster.height, raster.height); })
                           : nullptr);
}

void write_raster_chart(const std::filesystem::path& path, const RasterChart& chart) {
  if (format_of(path) != Format::png)
    throw InputError(fmt::format("'{}': a table is drawn as a PNG raster (.png)", path.string()));
  AtomicFile file(path, true);
  write_raster_chart(file.stream(), chart);
  file.commit();
}

}  // namespace qg::plot
