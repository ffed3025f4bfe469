// `queengames draw`: the papers' figures from the catalogue (--list, one subcommand each) and the
// general pictures, as SVG, PDF or PNG by --out's extension; an interrupted drawing publishes
// nothing; a huge point set is binned, so its vector file stays small.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include <nlohmann/json.hpp>

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

// Closed subpaths (a dot is a rectangle "M … Z") of the SVG's filled paths in a colour (the
// text is glyphs used by reference, the key's samples are outlined: neither counts), and where
// the first of them is in the file.
std::size_t dots(const std::string& svg, const std::string& fill, std::size_t* first = nullptr) {
  std::size_t n = 0;
  for (std::size_t at = svg.find("<path"); at != std::string::npos; at = svg.find("<path", at + 1)) {
    const std::string element = svg.substr(at, svg.find('>', at) - at);
    if (element.find("stroke:none") == std::string::npos || element.find(fill) == std::string::npos) continue;
    if (first && n == 0) *first = at;
    for (char c : element) n += c == 'Z';
  }
  return n;
}

TEST(CliPlot, TheListNamesEveryFigureWithItsCommandAndPythonCall) {
  auto r = run_cli("draw --list --json");
  ASSERT_EQ(r.status, 0) << r.err;
  const auto list = nlohmann::json::parse(r.out);
  ASSERT_EQ(list.size(), 30u);  // seeds 000 … 004: 6 (the engraving too) + 3 + 1 + 12 + 8
  for (const auto& e : list) {
    if (!e.at("drawn").get<bool>()) continue;
    EXPECT_EQ(e.at("command").get<std::string>().rfind("queengames draw " + e.at("id").get<std::string>(), 0), 0u);
    EXPECT_EQ(e.at("python").get<std::string>().rfind("queengames.plot.figure('", 0), 0u);
  }
  r = run_cli("draw --list");
  ASSERT_EQ(r.status, 0);
  EXPECT_NE(r.out.find("queengames draw blocking-fig5 --k 9999 --size 4000"), std::string::npos);
  EXPECT_NE(r.out.find("queengames.plot.figure('exile-fig3', radius=1000)"), std::string::npos);
}

TEST(CliPlot, SpiralQueensInEachFormat) {
  const fs::path svg = temp("q.svg"), pdf = temp("q.pdf"), png = temp("q.png");
  for (const fs::path& p : {svg, pdf, png}) {
    auto r = run_cli("draw spiral-queens --radius " + std::string(p == svg ? "1000" : "100") + " --pixels 600 --out " +
                     p.string());
    ASSERT_EQ(r.status, 0) << p << ": " << r.err;
  }
  const std::string s = slurp(svg);
  EXPECT_EQ(s.rfind("<?xml", 0), 0u);
  EXPECT_EQ(dots(s, "fill:rgb(0%,0%,0%)"), 1409u);  // seed 000 Fig. 3: 1409 queens with max(|x|, |y|) ≤ 1000
  EXPECT_EQ(slurp(pdf).rfind("%PDF-", 0), 0u);
  const auto [w, h] = png_size(slurp(png));
  EXPECT_EQ(std::max(w, h), 600u);  // --pixels is the longer side
  for (const fs::path& p : {svg, pdf, png}) fs::remove(p);
}

TEST(CliPlot, GamePointsAreDrawnOverTheLines) {
  const fs::path svg = temp("g.svg");
  auto r = run_cli("draw game maharaja --size 20 --lines --out " + svg.string());
  ASSERT_EQ(r.status, 0) << r.err;
  // The P-positions with both coordinates below 20, on both sides of the diagonal.
  auto listed = run_cli("game maharaja --p-positions 20");
  std::istringstream lines(listed.out);
  std::size_t expected = 0;
  for (std::uint64_t n, a, b; lines >> n >> a >> b;)
    if (a < 20 && b < 20) expected += a == b ? 1 : 2;
  const std::string s = slurp(svg);
  std::size_t first_dot = 0;
  EXPECT_EQ(dots(s, "fill:rgb(0%,0%,0%)", &first_dot), expected);
  // The lines come first in the file, so the points are painted over them.
  EXPECT_LT(s.find("stroke:rgb(96.078431%,62.745098%"), first_dot);
  fs::remove(svg);
}

// Tables are rasters inside the vector frame too (a PNG's are checked by tests/test_figures.cpp).
TEST(CliPlot, TablesAreDrawnInVectorFormats) {
  for (const std::string ext : {"svg", "pdf"}) {
    const fs::path out = temp("t." + ext);
    auto r = run_cli("draw grundy spiral --size 11 --out " + out.string());
    ASSERT_EQ(r.status, 0) << ext << ": " << r.err;
    EXPECT_GT(fs::file_size(out), 1000u);
    fs::remove(out);
  }
}

// 280 000 queens in a vector file: binned into a raster inside the vector frame, not a path
// each (issue 28: the SVG of radius 10^6 was 135 MB).
TEST(CliPlot, HugePointSetsStaySmallInVectorFiles) {
  const fs::path svg = temp("big.svg");
  auto r = run_cli("draw spiral-queens --radius 2e5 --out " + svg.string());
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_LT(fs::file_size(svg), 500'000u);
  EXPECT_NE(slurp(svg).find("<image"), std::string::npos);  // the density raster
  fs::remove(svg);
}

// An interrupted drawing exits 130 and publishes nothing (issue 28: `draw infty-queens
// --count 1e8 --out o.pdf` renamed its file into place after SIGINT).
TEST(CliPlot, AnInterruptedDrawingPublishesNothing) {
  const fs::path pdf = temp("o.pdf");
  fs::remove(pdf);
  // SIGINT half a second in, by the shell that started it.
  const std::string command = std::string("sh -c '") + QG_CLI + " -q draw infty-queens --count 1e9 --out " +
                              pdf.string() + " 2>/dev/null & p=$!; sleep 0.5; kill -INT $p; wait $p'";
  const int raw = std::system(command.c_str());
  EXPECT_EQ(WIFEXITED(raw) ? WEXITSTATUS(raw) : -1, 130);
  EXPECT_FALSE(fs::exists(pdf));
  for (const auto& entry : fs::directory_iterator(pdf.parent_path()))
    EXPECT_EQ(entry.path().filename().string().find(pdf.filename().string() + ".tmp"), std::string::npos);
}

TEST(CliPlot, BadInputIsExitTwo) {
  for (const std::string args : {"draw spiral-queens --out q.jpg", "draw spiral-queens --pixels 20 --out q.png",
                                 "draw infty-queens --count 10 --out /nonexistent/dir/q.svg",
                                 "draw exile-fig2 --radius 13", "draw", "draw exile-fig1"}) {
    auto r = run_cli(args);
    EXPECT_EQ(r.status, 2) << args;
    EXPECT_EQ(r.err.rfind("queengames: ", 0), 0u) << args << ": " << r.err;
  }
  EXPECT_FALSE(fs::exists("q.jpg"));
}

}  // namespace
