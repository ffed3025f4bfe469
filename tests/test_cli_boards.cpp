// `queengames grundy` and `draw-grundy`: the summary line, the files, and bad input.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "cli_runner.hpp"

namespace fs = std::filesystem;

TEST(CliBoards, SummaryLineOfASmallTable) {
  // Wythoff's 3×2 corner 0 1 2 / 1 2 0: sum64 = 1·1 + 2·3 + 3·5 + 2·7 + 3·9 + 1·11 = 74.
  const auto r = run_cli("grundy wythoff --size 3x2");
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.out, "size 3x2 max 2 zeros 2 sum64 000000000000004a\n");
}

TEST(CliBoards, CsvAndPng) {
  const fs::path csv = fs::temp_directory_path() / "qg_cli_table6.csv";
  auto r = run_cli("grundy quadrant --size 4x3 --out " + csv.string());
  ASSERT_EQ(r.status, 0) << r.err;
  std::ifstream in(csv);
  std::stringstream text;
  text << in.rdbuf();
  EXPECT_EQ(text.str(), "0,2,1,5\n1,3,4,0\n2,0,5,1\n");  // seed 000 Table 6
  fs::remove(csv);
  const fs::path png = fs::temp_directory_path() / "qg_cli_fig4.png";
  r = run_cli("draw-grundy spiral --size 41 --out " + png.string());
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_GT(fs::file_size(png), 100u);
  fs::remove(png);
}

TEST(CliBoards, BadInputIsExitTwo) {
  for (const char* args : {"grundy wythoff", "grundy wythoff --size 0", "grundy nosuch --size 5", "grundy spiral --size 5x7",
                           "grundy hex-spiral --size 3 --piece knight", "grundy wythoff --size 4 --out t.txt",
                           "grundy wythoff --size 4 --piece rook", "draw-grundy wythoff --size 4 --out t.csv",
                           "draw-grundy spiral --queens 10 --out q.png"}) {
    const auto r = run_cli(args);
    EXPECT_EQ(r.status, 2) << args;
    EXPECT_EQ(r.err.rfind("queengames: ", 0), 0u) << args << ": " << r.err;
  }
}
