// queengames — figures: one description of a figure (its panels, their axes and what is drawn
// in them, with the data), computed by the library and drawn by either front end — cairo here
// (SVG, PDF, PNG), matplotlib in the Python module (python/queengames/plot.py) — so that the
// two cannot drift. Each module builds its figures from these types; src/figures/ lists the
// papers' figures (figures.hpp).
//
// Pictures only: coordinates are doubles here, and nothing drawn decides a result.
//
// Text (titles, labels, legends) is UTF-8 with TeX-style math between dollars: inside $…$,
// x_c or x_{…} is a subscript and x^2 or x^{…} a superscript (nested once, as in $a_{b_n}$);
// matplotlib's mathtext reads the same strings.
#pragma once

#include <cstdint>
#include <filesystem>
#include <iosfwd>
#include <string>
#include <string_view>
#include <vector>

#include "queengames/common.hpp"
#include "queengames/rgb.hpp"

namespace qg::plot {

struct Figure;

enum class Format { svg, pdf, png };
// The format a file name asks for by its extension (.svg, .pdf, .png, any case). A target
// written in place that names none — "-" (standard output), a device such as /dev/null, a FIFO
// — is a PNG, the default picture; InputError naming the three for any other.
Format format_of(const std::filesystem::path& path);

// ---- what a panel holds, drawn in this order: rasters, cells, lines, series, labels --------

// A table of categories: code[r·columns + c] indexes `palette`. Cell (c, r) is centred at
// (x0 + c·cell, y0 + r·cell) in data coordinates; a table with fewer pixels than cells is
// decimated by blocks of block × block cells (decimate()), and says so in its figure's note.
struct Swatch {
  std::string label;
  Rgb colour{0, 0, 0};
};
// The key beside a panel: a continuous scale (gradient, for values vmin … vmax) and/or
// labelled swatches (a palette's categories, or special values such as the zeros).
struct ColourBar {
  std::string label;
  std::vector<Rgb> gradient;  // colours for vmin … vmax, evenly spaced (empty: no scale)
  double vmin = 0, vmax = 1;
  std::vector<Swatch> swatches;
};
enum class Decimation : std::uint8_t {
  majority,  // a block shows its most frequent code (ties: the smallest): categorical tables
  minimum,   // a block shows its smallest code (codes ordered so that the smallest matters most)
};
struct Raster {
  double x0 = 0, y0 = 0, cell = 1;
  std::uint32_t columns = 0, rows = 0;
  std::vector<std::uint16_t> code;
  std::vector<Rgb> palette;
  ColourBar bar;
  Decimation decimation = Decimation::majority;
  std::uint32_t block = 1;  // cells of the table per raster cell a side (1: every cell)
};
// Fills a raster from a table of width × height cells given row by row, merging blocks of
// block × block cells by the raster's rule as the rows arrive (the last blocks of a row or
// column may be partial): O(width·codes) memory besides the result. The raster's palette, bar,
// rule and the first cell's centre and size are set by the caller; columns, rows, block and
// the code are set here (x0, y0, cell move to the blocks').
class RasterBuilder {
 public:
  RasterBuilder(Raster& raster, std::uint32_t width, std::uint32_t height, std::uint32_t block);
  void add_row(const std::uint16_t* codes);  // `width` codes

 private:
  void emit();
  Raster& r_;
  std::uint32_t width_, height_, block_, rows_in_ = 0, rows_total_ = 0;
  std::vector<std::uint32_t> histogram_;  // columns × codes (majority) or columns (minimum)
};
// The raster with blocks of `block` × `block` of its cells merged by its rule.
Raster decimate(const Raster& raster, std::uint32_t block);
// A description keeps a table's cells up to this many a side (a larger one comes decimated by
// its rule): the drawing decimates it further to the pixels it gets, by the same rule.
inline constexpr std::uint32_t kMaxRasterSide = 4096;
// What a reader must know of decimated tables: "Each pixel of a table shows the most frequent
// class of its block of up to B×B cells …" (the largest block), or "" when none is decimated.
// Both front ends print it below the figure.
std::string decimation_note(const std::vector<const Raster*>& rasters);
std::string decimation_note(const Figure& figure);
// The block that fits `cells` cells into `pixels`: ⌈cells / pixels⌉ (1 when they fit).
std::uint32_t block_for(std::uint64_t cells, std::uint32_t pixels);

// Filled shapes of data size `size` centred at (x[i], y[i]), each in its colour: a board's
// cells (squares) or a hexagonal board's (hexagons, pointy side up, `size` across the flats).
enum class Shape : std::uint8_t { square, hexagon };
struct Cells {
  std::string label;  // a legend entry in the first cell's colour (none when empty)
  ColourBar bar;      // the key of the colours, if they stand for values
  Shape shape = Shape::square;
  double size = 1;
  bool outline = false;  // a thin grey edge around each shape
  std::vector<double> x, y;
  std::vector<Rgb> colour;
};

struct Line {
  std::string label;
  Rgb colour{0, 0, 0};
  double width = 0.8;  // points
  bool dashed = false;
  std::vector<double> x, y;  // a polyline in data coordinates, clipped to the frame
};

// Points, each a marker `size` points across, or — past kMaxDots points — counted on a grid
// of bins over the panel's ranges and drawn as an image inside the frame (the density raster):
// bounded memory and file size for any number of points.
enum class Marker : std::uint8_t { square, disc, ring };
inline constexpr std::uint64_t kMaxDots = std::uint64_t{1} << 17;
struct Series {
  std::string label;
  Rgb colour{0, 0, 0};
  Marker marker = Marker::square;
  double size = 2;    // points
  double extent = 0;  // when positive, the marker's size in data units (a board's cell: 1)
  std::vector<double> x, y;
  // binned: count[r·bin_columns + c] points in bin (c, r), row 0 at the frame's top.
  bool binned = false;
  std::uint32_t bin_columns = 0, bin_rows = 0;
  std::vector<std::uint32_t> count;
  std::uint64_t points = 0;  // every point given, drawn one by one or binned
};

// Text at (x, y) in data coordinates; (ax, ay) ∈ [0, 1]² is the anchor within the text's box
// (0.5, 0.5: centred); size relative to the figure's text.
struct Label {
  std::string text;
  double x = 0, y = 0, ax = 0.5, ay = 0.5, size = 1;
  Rgb colour{0, 0, 0};
};

struct Panel {
  std::string title, x_label, y_label;
  double x_min = 0, x_max = 1, y_min = 0, y_max = 1;
  bool y_down = false;                                    // y grows downwards (board rows, the spiral's South)
  bool equal_aspect = false;                              // a unit as long on both axes
  std::vector<double> x_ticks, y_ticks;                   // empty: multiples of 1, 2 or 5 × 10^k (ticks())
  std::vector<std::string> x_tick_labels, y_tick_labels;  // with given ticks: their texts (empty: the values)
  bool cell_grid = false;                                 // thin lines between the integer cells (board diagrams)
  std::vector<Raster> rasters;
  std::vector<Cells> cells;
  std::vector<Line> lines;
  std::vector<Series> series;
  std::vector<Label> labels;
};

struct Figure {
  std::string title;     // the paper and the figure it redraws
  std::string subtitle;  // what this drawing shows
  std::string note;      // below the panels (how a table was decimated), or empty
  std::vector<Panel> panels;
  std::uint32_t columns = 1;  // panels per row
  double width = 6.4;         // inches; text is 9 pt whatever the width, as in matplotlib
  double aspect = 0.62;       // a frame's height / width when its panel is not equal_aspect
};

// Builds a Series point by point: the points outside the panel's ranges are left out, and at
// kMaxDots + 1 points the series turns into bins, `resolution` of them (at most 2048) along the
// frame's longer side (whose shape is the data's for an equal_aspect panel, else `aspect`).
// Memory: at most 2 MiB of points and 16 MiB of bins, for any number of points.
class SeriesBuilder {
 public:
  SeriesBuilder(Series& series, const Panel& panel, std::uint32_t resolution, double aspect = 0.62);
  void add(double x, double y);

 private:
  void bin(double x, double y);
  Series& s_;
  double x_min_, x_max_, y_min_, y_max_, aspect_;
  bool y_down_;
  std::uint32_t resolution_;
};

// ---- drawing ----------------------------------------------------------------------------

struct RenderOptions {
  std::uint32_t pixels = 0;  // PNG: the longer side in pixels, 64..16384 (0: 150 pixels an inch)
  double width = 0;          // inches, instead of the figure's own (1..40)
  ProgressFn progress{};     // polled while drawing and encoding (it may throw to abandon)
};

// Where things landed on the canvas (device units: pixels for PNG, points otherwise).
struct Box {
  double left = 0, top = 0, width = 0, height = 0;
};
struct Layout {
  std::uint32_t width = 0, height = 0;       // the canvas, whole units
  std::vector<Box> frames;                   // each panel's frame (its data area)
  std::vector<Box> text;                     // every piece of text drawn (titles, labels, ticks, keys)
  Box title;                                 // the title and subtitle
  std::vector<std::uint32_t> raster_pixels;  // per panel: whole device pixels per cell of its first raster
                                             // as drawn (0: no raster, or not a whole number)
  std::vector<std::uint32_t> raster_blocks;  // per panel: the table's cells a side per cell of that raster
};
// The data point (x, y) of panel p in device units, by the layout.
std::pair<double, double> to_device(const Layout& layout, const Figure& figure, std::size_t panel, double x, double y);

// The figure into a file whose extension names the format, atomically (AtomicFile): the file
// appears only when the whole picture is written, never after an interrupt. RangeError for an
// empty range or pixels outside 64..16384.
void write_figure(const std::filesystem::path& path, const Figure& figure, const RenderOptions& options = {});
void write_figure(std::ostream& out, Format format, const Figure& figure, const RenderOptions& options = {});
// The PNG's pixels and layout before encoding (tests, and the Python module's checks).
struct Image {
  std::uint32_t width = 0, height = 0;
  std::vector<Rgb> pixels;  // row-major
  Layout layout;
};
Image render_image(const Figure& figure, const RenderOptions& options = {});

// Tick positions for an axis from lo to hi: the multiples of 1, 2 or 5 × 10^k in [lo, hi]
// spaced so that there are about `target` of them (at least two for lo < hi).
std::vector<double> ticks(double lo, double hi, int target = 6);
// A tick's text: integers without decimals, others with as many as the step needs.
std::string tick_label(double value, double step);

// Colour maps: red (0) → yellow → green → blue (1), seed 000 Fig. 5; sampled n times.
Rgb red_to_blue(double t);
std::vector<Rgb> gradient(Rgb (*map)(double), std::size_t n);

}  // namespace qg::plot
