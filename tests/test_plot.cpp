// Charts with axes (src/plot/): the files are what their extensions say, hold the points given,
// and are refused for bad ranges and unknown extensions.
#include <gtest/gtest.h>

#include <cstring>
#include <sstream>
#include <string>

#include "queengames/plot.hpp"

namespace {

using qg::plot::Chart;
using qg::plot::Format;

// A PNG's size from its IHDR chunk (bytes 16..23, big-endian).
std::pair<std::uint32_t, std::uint32_t> png_size(const std::string& png) {
  auto be32 = [&](std::size_t at) {
    return (std::uint32_t{static_cast<unsigned char>(png[at])} << 24) |
           (std::uint32_t{static_cast<unsigned char>(png[at + 1])} << 16) |
           (std::uint32_t{static_cast<unsigned char>(png[at + 2])} << 8) | static_cast<unsigned char>(png[at + 3]);
  };
  EXPECT_EQ(png.substr(1, 3), "PNG");
  EXPECT_EQ(png.substr(12, 4), "IHDR");
  return {be32(16), be32(20)};
}

// The dots of a chart in an SVG: the closed subpaths (one rectangle "M … Z" per dot) of the
// filled paths in the series' colour (cairo writes "fill:rgb(100%,0%,0%)").
std::size_t dots_in_svg(const std::string& svg, const std::string& colour) {
  std::size_t dots = 0;
  for (std::size_t at = svg.find("<path"); at != std::string::npos; at = svg.find("<path", at + 1)) {
    const std::string element = svg.substr(at, svg.find('>', at) - at);
    if (element.find(colour) == std::string::npos || element.find("stroke:none") == std::string::npos) continue;
    const auto d = element.find(" d=\"");
    for (std::size_t i = d; i < element.size(); ++i) dots += element[i] == 'Z';
  }
  return dots;
}

Chart square_of_points(std::int64_t n) {
  Chart c;
  // std::string(…): GCC 12 warns falsely (-Wrestrict) on assigning a literal.
  c.title = std::string("test");
  c.x_label = std::string("x");
  c.y_label = std::string("y");
  c.x_min = 0, c.x_max = static_cast<double>(n), c.y_min = 0, c.y_max = static_cast<double>(n);
  c.equal_aspect = true;
  c.pixels = 512;
  qg::plot::Series s;
  s.colour = {255, 0, 0};
  s.points = [n](const std::function<void(double, double)>& emit) {
    for (std::int64_t i = 0; i <= n + 5; ++i) emit(static_cast<double>(i), static_cast<double>(n - i));  // 5 outside
  };
  c.series.push_back(s);
  return c;
}

TEST(Plot, TicksAreRoundNumbers) {
  EXPECT_EQ(qg::plot::ticks(0, 10000), (std::vector<double>{0, 2000, 4000, 6000, 8000, 10000}));  // seed 000 Fig. 6
  EXPECT_EQ(qg::plot::ticks(-1000, 1000), (std::vector<double>{-1000, -500, 0, 500, 1000}));
  EXPECT_EQ(qg::plot::ticks(0.5, 1.3, 4), (std::vector<double>{0.6, 0.8, 1.0, 1.2}));
  EXPECT_EQ(qg::plot::ticks(3, 3), (std::vector<double>{3}));
}

TEST(Plot, FormatFromTheExtension) {
  EXPECT_EQ(qg::plot::format_of("a.svg"), Format::svg);
  EXPECT_EQ(qg::plot::format_of("dir/a.PDF"), Format::pdf);
  EXPECT_EQ(qg::plot::format_of("a.png"), Format::png);
  EXPECT_THROW(qg::plot::format_of("a.jpg"), qg::InputError);
  EXPECT_THROW(qg::plot::format_of("a"), qg::InputError);
}

TEST(Plot, SvgHoldsEveryPointInRangeAndTheLabels) {
  std::ostringstream out;
  qg::plot::write_chart(out, Format::svg, square_of_points(300));
  const std::string svg = out.str();
  ASSERT_EQ(svg.rfind("<?xml", 0), 0u);
  EXPECT_NE(svg.find("</svg>"), std::string::npos);
  EXPECT_EQ(dots_in_svg(svg, "fill:rgb(100%,0%,0%)"), 301u);  // 0 … 300; the 5 points beyond are left out
}

TEST(Plot, PngAndPdf) {
  std::ostringstream png, pdf;
  qg::plot::write_chart(png, Format::png, square_of_points(100));
  const auto [w, h] = png_size(png.str());
  EXPECT_EQ(std::max(w, h), 512u);  // the longer side is the pixels asked for
  EXPECT_GT(std::min(w, h), 480u);  // equal aspect, a square range: nearly square (the margins differ)
  qg::plot::write_chart(pdf, Format::pdf, square_of_points(100));
  EXPECT_EQ(pdf.str().rfind("%PDF-", 0), 0u);
}

TEST(Plot, RefusesEmptyRangesAndTinyPictures) {
  std::ostringstream out;
  Chart c = square_of_points(10);
  c.x_max = c.x_min;
  EXPECT_THROW(qg::plot::write_chart(out, Format::svg, c), qg::RangeError);
  c = square_of_points(10);
  c.pixels = 50;
  EXPECT_THROW(qg::plot::write_chart(out, Format::png, c), qg::RangeError);
}

TEST(Plot, RasterChartFramesTheRaster) {
  qg::TablePicture table;
  table.width = 40;
  table.height = 30;
  table.vmax = 69;
  table.max_side = 400;
  table.value = [](std::uint64_t x, std::uint64_t y) { return static_cast<std::int64_t>(x + y); };
  qg::plot::RasterChart c;
  c.width = table.width;
  c.height = table.height;
  c.raster = qg::table_raster(table);
  EXPECT_EQ(c.raster.width, 400u);  // 10 pixels a cell
  EXPECT_EQ(c.raster.height, 300u);
  c.bar.colour = qg::red_to_blue;
  c.bar.vmax = 69;
  c.bar.swatches = {{"0", qg::Rgb{0, 0, 0}}};
  std::ostringstream out;
  qg::plot::write_raster_chart(out, c);
  const auto [w, h] = png_size(out.str());
  EXPECT_GT(w, c.raster.width + 100);  // the raster, the axes' labels and the colour bar
  EXPECT_GT(h, c.raster.height + 50);
  // Many swatches make the picture taller than the raster.
  c.bar.colour = nullptr;
  c.bar.swatches.assign(40, {"v", qg::Rgb{0, 0, 0}});
  std::ostringstream tall;
  qg::plot::write_raster_chart(tall, c);
  EXPECT_GT(png_size(tall.str()).second, 40 * 14u);
  EXPECT_THROW(qg::plot::write_raster_chart("t.svg", c), qg::InputError);
}

}  // namespace
