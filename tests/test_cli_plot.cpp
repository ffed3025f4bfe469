// The CLI's charts with axes (qg::plot): spiral queens, P-positions, the quadrant's queens and
// the ∞-queens' discrepancies as SVG, PDF or PNG by --out's extension; Grundy tables as PNG
// with a colour bar. The files hold what they should, and bad input is exit 2.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include "cli_runner.hpp"

namespace fs = std::filesystem;

namespace {

fs::path temp(const std::string& name) {
  return fs::temp_directory_path() / ("qg_cli_plot_" + std::to_string(::getpid()) + "_" + name);
}

std::string slurp(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  return std::string(std::istreambuf_iterator<char>(in), {});
}

std::pair<std::uint32_t, std::uint32_t> png_size(const std::string& png) {
  auto be32 = [&](std::size_t at) {
    std::uint32_t v = 0;
    for (std::size_t i = 0; i < 4; ++i) v = (v << 8) | static_cast<unsigned char>(png.at(at + i));
    return v;
  };
  EXPECT_EQ(png.substr(1, 3), "PNG");
  return {be32(16), be32(20)};
}

// Closed subpaths (a dot is a rectangle "M … Z") of the SVG's filled paths in a colour; the
// text's glyphs are defined without a fill and the frame is stroked, so only dots and legend
// swatches count.
std::size_t dots(const std::string& svg, const std::string& fill) {
  std::size_t n = 0;
  for (std::size_t at = svg.find("<path"); at != std::string::npos; at = svg.find("<path", at + 1)) {
    const std::string element = svg.substr(at, svg.find('>', at) - at);
    if (element.find("stroke:none") == std::string::npos || element.find(fill) == std::string::npos) continue;
    for (char c : element) n += c == 'Z';
  }
  return n;
}

const std::string kBlack = "fill:rgb(0%,0%,0%)";

TEST(CliPlot, SpiralQueensInEachFormat) {
  const fs::path svg = temp("q.svg"), pdf = temp("q.pdf"), png = temp("q.png");
  for (const fs::path& p : {svg, pdf, png}) {
    auto r = run_cli("draw spiral-queens --radius 1000 --pixels 600 --out " + p.string());
    ASSERT_EQ(r.status, 0) << p << ": " << r.err;
  }
  const std::string s = slurp(svg);
  EXPECT_EQ(s.rfind("<?xml", 0), 0u);
  EXPECT_EQ(dots(s, kBlack), 1409u);  // seed 000 Fig. 3: 1409 queens with max(|x|, |y|) ≤ 1000
  EXPECT_EQ(slurp(pdf).rfind("%PDF-", 0), 0u);
  const auto [w, h] = png_size(slurp(png));
  EXPECT_EQ(std::max(w, h), 600u);  // --pixels is the longer side
  EXPECT_GT(std::min(w, h), 500u);
  for (const fs::path& p : {svg, pdf, png}) fs::remove(p);
}

TEST(CliPlot, GamePPositionsAndTheLegend) {
  const fs::path svg = temp("g.svg");
  auto r = run_cli("draw game maharaja --size 20 --lines --out " + svg.string());
  ASSERT_EQ(r.status, 0) << r.err;
  // The P-positions with both coordinates below 20, on both sides of the diagonal, as the
  // game command lists them.
  auto listed = run_cli("game maharaja --p-positions 20");
  std::istringstream lines(listed.out);
  std::size_t expected = 0;
  for (std::uint64_t n, a, b; lines >> n >> a >> b;)
    if (a < 20 && b < 20) expected += a == b ? 1 : 2;
  const std::string s = slurp(svg);
  EXPECT_EQ(dots(s, kBlack), expected + 1);                  // and the legend's swatch
  EXPECT_NE(s.find("stroke:rgb(86.27"), std::string::npos);  // the red line y = φx
  fs::remove(svg);
}

TEST(CliPlot, QuadrantQueensAndDiscrepancies) {
  const fs::path svg = temp("f6.svg");
  auto r = run_cli("draw infty-queens --count 500 --out " + svg.string());
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(dots(slurp(svg), kBlack), 500u);
  r = run_cli("draw infty-discrepancies --count 1000 --out " + svg.string());
  ASSERT_EQ(r.status, 0) << r.err;
  const std::string s = slurp(svg);
  // Every term is high (q_n ≥ n, red) or low (blue), and each series has a legend swatch.
  const std::size_t high = dots(s, "fill:rgb(86.27451%,15.686275%"), low = dots(s, "fill:rgb(15.686275%,35.294118%");
  EXPECT_EQ(high + low, 1000u + 2);
  EXPECT_GT(high, low);  // q_n ≥ n for about 1/φ of the terms
  fs::remove(svg);
}

TEST(CliPlot, GrundyTableWithColourBar) {
  const fs::path png = temp("t.png");
  auto r = run_cli("draw grundy spiral --size 41 --pixels 400 --out " + png.string());
  ASSERT_EQ(r.status, 0) << r.err;
  // 41 cells of 9 pixels (369), framed by the axes' labels and, on the right, the colour bar.
  const auto [w, h] = png_size(slurp(png));
  EXPECT_GT(w, 369u + 100);
  EXPECT_LT(w, 369u + 300);
  EXPECT_GT(h, 369u + 50);
  EXPECT_LT(h, w);
  fs::remove(png);
}

TEST(CliPlot, BadInputIsExitTwo) {
  for (const std::string args :
       {"draw spiral-queens --out q.jpg", "draw spiral-queens --radius 0 --out q.svg",
        "draw spiral-queens --pixels 20 --out q.svg", "draw game maharaja --size 20 --out g.bmp",
        "draw grundy spiral --size 41 --out t.svg", "draw infty-discrepancies --count 0 --out d.svg",
        "draw infty-queens --count 10 --out /nonexistent/dir/q.svg"}) {
    auto r = run_cli(args);
    EXPECT_EQ(r.status, 2) << args;
    EXPECT_EQ(r.err.rfind("queengames: ", 0), 0u) << args << ": " << r.err;
  }
  EXPECT_FALSE(fs::exists("q.jpg"));
}

}  // namespace
