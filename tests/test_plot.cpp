// Figures drawn with cairo (src/plot/): the files are what their extensions say and hold the
// points given; tables are decimated by their rule; large point sets turn into bins without
// losing a point; an abandoned drawing leaves no file.
#include <gtest/gtest.h>

#include <filesystem>
#include <sstream>
#include <string>

#include "queengames/plot.hpp"

namespace {

namespace pl = qg::plot;
namespace fs = std::filesystem;

// The dots of a figure in an SVG: the closed subpaths (one rectangle "M … Z" per dot) of the
// filled paths in the series' colour (cairo writes "fill:rgb(100%,0%,0%)").
std::size_t dots_in_svg(const std::string& svg, const std::string& colour) {
  std::size_t dots = 0;
  for (std::size_t at = svg.find("<path"); at != std::string::npos; at = svg.find("<path", at + 1)) {
    const std::string element = svg.substr(at, svg.find('>', at) - at);
    if (element.find(colour) == std::string::npos || element.find("stroke:none") == std::string::npos) continue;
    for (std::size_t i = element.find(" d=\""); i < element.size(); ++i) dots += element[i] == 'Z';
  }
  return dots;
}

// A panel of n + 1 red points on a line, and 5 beyond its ranges.
pl::Figure line_of_points(std::int64_t n) {
  pl::Figure fig;
  fig.title = std::string("A test of $S_c$");  // std::string(…): GCC 12 warns falsely (-Wrestrict) on a literal
  pl::Panel p;
  p.x_max = p.y_max = static_cast<double>(n);
  p.equal_aspect = true;
  pl::Series s;
  s.colour = {255, 0, 0};
  {
    pl::SeriesBuilder add(s, p, 1024);
    for (std::int64_t i = 0; i <= n + 5; ++i) add.add(static_cast<double>(i), static_cast<double>(n - i));
  }
  p.series.push_back(s);
  fig.panels.push_back(p);
  return fig;
}

TEST(Plot, TicksAreRoundNumbersWithMinusSigns) {
  EXPECT_EQ(pl::ticks(0, 10000), (std::vector<double>{0, 2000, 4000, 6000, 8000, 10000}));  // seed 000 Fig. 6
  EXPECT_EQ(pl::ticks(-1000, 1000), (std::vector<double>{-1000, -500, 0, 500, 1000}));
  EXPECT_EQ(pl::ticks(0.5, 1.3, 4), (std::vector<double>{0.6, 0.8, 1.0, 1.2}));
  EXPECT_EQ(pl::ticks(3, 3), (std::vector<double>{3}));
  EXPECT_EQ(pl::tick_label(-500, 500), "−500");  // a minus sign, not a hyphen
  EXPECT_EQ(pl::tick_label(0.6000000001, 0.2), "0.6");
}

TEST(Plot, FormatFromTheExtension) {
  EXPECT_EQ(pl::format_of("a.svg"), pl::Format::svg);
  EXPECT_EQ(pl::format_of("dir/a.PDF"), pl::Format::pdf);
  EXPECT_EQ(pl::format_of("a.png"), pl::Format::png);
  EXPECT_THROW(pl::format_of("a.jpg"), qg::InputError);
  EXPECT_THROW(pl::format_of("a"), qg::InputError);
  // Targets written in place name no extension: a PNG, the default picture (docs/CLI.md).
  EXPECT_EQ(pl::format_of("-"), pl::Format::png);
  EXPECT_EQ(pl::format_of("/dev/null"), pl::Format::png);
  EXPECT_THROW(pl::format_of("/dev"), qg::InputError);  // a folder is no picture
}

TEST(Plot, SvgHoldsEveryPointInRangeAndPdfIsAPdf) {
  std::ostringstream svg, pdf;
  pl::write_figure(svg, pl::Format::svg, line_of_points(300));
  ASSERT_EQ(svg.str().rfind("<?xml", 0), 0u);
  EXPECT_EQ(dots_in_svg(svg.str(), "fill:rgb(100%,0%,0%)"), 301u);  // 0 … 300; the 5 beyond are left out
  pl::write_figure(pdf, pl::Format::pdf, line_of_points(10));
  EXPECT_EQ(pdf.str().rfind("%PDF-", 0), 0u);
}

TEST(Plot, APngIsWholePixelsWithWhiteEdges) {
  const pl::Image image = pl::render_image(line_of_points(100), {.pixels = 437});
  EXPECT_EQ(std::max(image.width, image.height), 437u);  // the longer side, whole pixels
  for (std::uint32_t x = 0; x < image.width; ++x) {
    const qg::Rgb last = image.pixels[static_cast<std::size_t>(image.height - 1) * image.width + x];
    EXPECT_EQ(last.r + last.g + last.b, 3 * 255) << x;  // no grey last row
  }
  // Text scales with the picture: the figure at twice the pixels is twice the size.
  const pl::Image twice = pl::render_image(line_of_points(100), {.pixels = 874});
  EXPECT_NEAR(twice.layout.title.width, 2 * image.layout.title.width, 0.08 * twice.layout.title.width);
  EXPECT_THROW(pl::render_image(line_of_points(10), {.pixels = 50}), qg::RangeError);
  pl::Figure empty = line_of_points(10);
  empty.panels[0].x_max = empty.panels[0].x_min;
  EXPECT_THROW(pl::render_image(empty), qg::RangeError);
}

TEST(Plot, ManyPointsTurnIntoBinsAndNoneIsLost) {
  pl::Panel p;
  p.x_max = 1000, p.y_max = 10;
  pl::Series s;
  pl::SeriesBuilder add(s, p, 256, 0.5);
  const std::uint64_t n = pl::kMaxDots + 1000;
  for (std::uint64_t i = 0; i < n; ++i) add.add(static_cast<double>(i % 1000), static_cast<double>(i % 7));
  add.add(2000, 1);  // out of range
  EXPECT_TRUE(s.binned);
  EXPECT_TRUE(s.x.empty());
  EXPECT_EQ(s.points, n);
  EXPECT_EQ(s.bin_columns, 256u);
  EXPECT_EQ(s.bin_rows, 128u);  // the frame's shape: half as high as wide
  std::uint64_t counted = 0;
  for (std::uint32_t c : s.count) counted += c;
  EXPECT_EQ(counted, n);
}

TEST(Plot, TablesAreDecimatedByMajorityOrMinimum) {
  // 4×3 codes in blocks of 2: majority (ties to the smallest code) and minimum.
  pl::Raster r;
  r.columns = 4, r.rows = 3;
  r.code = {1, 1, 2, 0,  //
            2, 1, 2, 2,  //
            3, 3, 1, 0};
  r.palette.resize(4);
  const pl::Raster m = pl::decimate(r, 2);
  EXPECT_EQ(m.columns, 2u);
  EXPECT_EQ(m.rows, 2u);
  EXPECT_EQ(m.block, 2u);
  EXPECT_EQ(m.code, (std::vector<std::uint16_t>{1, 2, 3, 0}));
  EXPECT_DOUBLE_EQ(m.x0, 0.5);  // the first block's centre
  r.decimation = pl::Decimation::minimum;
  EXPECT_EQ(pl::decimate(r, 2).code, (std::vector<std::uint16_t>{1, 0, 3, 0}));
  // Streamed row by row, the same.
  pl::Raster streamed;
  streamed.palette.resize(4);
  {
    pl::RasterBuilder add(streamed, 4, 3, 2);
    for (std::uint32_t y = 0; y < 3; ++y) add.add_row(r.code.data() + 4 * y);
  }
  EXPECT_EQ(streamed.code, m.code);
  EXPECT_NE(pl::decimation_note(std::vector<const pl::Raster*>{&m}).find("most frequent class"), std::string::npos);
  EXPECT_EQ(pl::decimation_note(std::vector<const pl::Raster*>{&r}), "");
}

// A small table enlarged to a large picture is filled in bands of whole pixel rows, polled
// between: no seam where two bands meet, and the progress never passes its total.
TEST(Plot, AnEnlargedTableIsFilledInBandsWithoutSeams) {
  pl::Figure fig;
  pl::Panel p;
  p.x_min = p.y_min = -0.5, p.x_max = 2.5, p.y_max = 6.5;  // 3×7 cells of fractional pixels
  pl::Raster r;
  r.columns = 3, r.rows = 7;
  for (std::uint16_t i = 0; i < 21; ++i) r.code.push_back(i % 2);
  r.palette = {{200, 0, 0}, {0, 0, 200}};
  p.rasters.push_back(r);
  fig.panels.push_back(p);
  std::uint64_t polls = 0, over = 0;
  pl::RenderOptions o{.pixels = 2400};
  o.progress = [&](std::uint64_t done, std::uint64_t total) { ++polls, over += done > total; };
  const pl::Image image = pl::render_image(fig, o);
  EXPECT_GT(polls, 0u);
  EXPECT_EQ(over, 0u);
  const pl::Box& fr = image.layout.frames[0];
  ASSERT_GT(fr.height, 1000);  // bands of 2^20 pixels: several meet inside the cells
  std::size_t other = 0;
  // Clear of the frame's line, 0.8 pt: 4 pixels here.
  for (auto y = static_cast<std::uint32_t>(fr.top + 8); y < fr.top + fr.height - 8; ++y)
    for (auto x = static_cast<std::uint32_t>(fr.left + 8); x < fr.left + fr.width - 8; x += 7) {
      const qg::Rgb c = image.pixels[static_cast<std::size_t>(y) * image.width + x];
      other += !((c.r == 200 || c.b == 200) && c.g == 0 && c.r + c.b == 200);
    }
  EXPECT_EQ(other, 0u);
}

TEST(Plot, AnAbandonedDrawingLeavesNoFile) {
  const fs::path path = fs::temp_directory_path() / ("qg_plot_abandoned_" + std::to_string(::getpid()) + ".pdf");
  fs::remove(path);
  struct Stop {};
  int polls = 0;
  pl::RenderOptions o;
  o.progress = [&](std::uint64_t, std::uint64_t) {
    if (++polls >= 1) throw Stop{};
  };
  EXPECT_THROW(pl::write_figure(path, line_of_points(2000), o), Stop);
  EXPECT_FALSE(fs::exists(path));
  for (const auto& entry : fs::directory_iterator(fs::temp_directory_path()))
    EXPECT_EQ(entry.path().filename().string().find(path.filename().string() + ".tmp"), std::string::npos);
}

}  // namespace
