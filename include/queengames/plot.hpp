// queengames — charts with axes, drawn with cairo: point sets and curves with axes, ticks,
// labels, a title and a legend as SVG, PDF or PNG; tables as PNG rasters framed by the
// coordinates of their corners and a colour bar.
//
// Pictures only: coordinates are doubles here, and nothing drawn decides a result.
#pragma once

#include <cstdint>
#include <filesystem>
#include <functional>
#include <iosfwd>
#include <string>
#include <utility>
#include <vector>

#include "queengames/common.hpp"
#include "queengames/io.hpp"
#include "queengames/rgb.hpp"

namespace qg::plot {

enum class Format { svg, pdf, png };
// The format a file name asks for by its extension (.svg, .pdf, .png, any case); InputError
// naming the three for any other.
Format format_of(const std::filesystem::path& path);

// One set of points of a chart, streamed: points(emit) calls emit(x, y) for each point in
// data coordinates. Dots are filled squares; a curve joins its points in order.
struct Series {
  std::string label;  // the legend's entry (no entry when empty)
  Rgb colour{0, 0, 0};
  bool curve = false;
  std::function<void(const std::function<void(double x, double y)>& emit)> points;
};

struct Chart {
  std::string title, x_label, y_label;
  double x_min = 0, x_max = 1, y_min = 0, y_max = 1;  // the axes' ranges: dots outside are left out, curves clipped
  bool y_down = false;                                // y grows downwards (rows of a board, the spiral's South)
  bool equal_aspect = false;                          // one unit is as long on both axes
  double dot = 0;               // a dot's side in pixels (points); 0: dot_units, else from the plot's width
  double dot_units = 0;         // a dot's side in x's data units (a board's cell: 1), at least a pixel
  std::uint32_t pixels = 1024;  // the longer side of the whole picture, pixels (PNG) or points (SVG, PDF)
  std::vector<Series> series;
};

// The chart into a file whose extension names the format, atomically (AtomicFile), or into a
// stream. RangeError for an empty range or pixels outside 64..16384.
void write_chart(const std::filesystem::path& path, const Chart& chart);
void write_chart(std::ostream& out, Format format, const Chart& chart);

// A colour bar: a gradient colour(t), t ∈ [0, 1], for the values 0 … vmax (none when colour is
// null), and below it labelled swatches (the zeros' black, or a palette's colours).
struct ColourBar {
  std::string label;
  Rgb (*colour)(double) = nullptr;
  std::int64_t vmax = 1;
  std::vector<std::pair<std::string, Rgb>> swatches;
};

// A table's raster (io.hpp's Raster: its pixels, rows streamed, and its scale) framed by axes
// that name the coordinates of its corners, a colour bar and a title. PNG only.
struct RasterChart {
  std::string title, x_label = "x", y_label = "y";
  std::int64_t x0 = 0, y0 = 0;          // the coordinates of the top left cell: x grows rightwards, y downwards
  std::uint64_t width = 0, height = 0;  // the table's size in cells
  Raster raster;
  ColourBar bar;
  ProgressFn progress;  // rows of pixels drawn
};
void write_raster_chart(const std::filesystem::path& path, const RasterChart& chart);
void write_raster_chart(std::ostream& out, const RasterChart& chart);

// Tick positions for an axis from lo to hi: the multiples of 1, 2 or 5 × 10^k in [lo, hi]
// spaced so that there are about `target` of them (at least two for lo < hi).
std::vector<double> ticks(double lo, double hi, int target = 6);

}  // namespace qg::plot
