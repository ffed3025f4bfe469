// `queengames grundy` and `queengames draw grundy`: the summary line, the files, and bad input.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "cli_runner.hpp"

namespace fs = std::filesystem;

namespace {

std::string slurp(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

bool is_png(const fs::path& path) { return slurp(path).rfind("\x89PNG\r\n\x1a\n", 0) == 0; }

}  // namespace

TEST(CliBoards, SummaryLineOfASmallTable) {
  // Wythoff's 3×2 corner 0 1 2 / 1 2 0: sum64 = 1·1 + 2·3 + 3·5 + 2·7 + 3·9 + 1·11 = 74.
  const auto r = run_cli("grundy wythoff --size 3x2");
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.out, "size 3x2 max 2 zeros 2 sum64 000000000000004a\n");
  const auto json = run_cli("grundy wythoff --size 3x2 --json");
  ASSERT_EQ(json.status, 0) << json.err;
  EXPECT_EQ(json.out, "{\"height\":2,\"max\":2,\"sum64\":\"000000000000004a\",\"width\":3,\"zeros\":2}\n");
}

TEST(CliBoards, SummaryLineSkipsPlacesOffTheBoard) {
  // The 45° sector's first 2 rows (A274650: 0; 1, 2) in a 2×2 box whose (x 1, y 0) is no cell:
  // sum64 = 1·(2·0 + 1) + 2·(2·2 + 1) + 3·(2·3 + 1) = 1 + 10 + 21 = 32.
  const auto r = run_cli("grundy sector45 --size 2");
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.out, "size 2x2 max 2 zeros 1 sum64 0000000000000020\n");
  // A rook on the spiral's 3×3 window (A308896: 0 1 0 1 2 3 0 2 3 on cells 0 … 8, cell 1 East
  // of 0, 3 North of it), North up as in A308896's illustration: 2 1 0 / 3 0 1 / 0 2 3.
  const fs::path csv = fs::temp_directory_path() / "qg_cli_rook_spiral.csv";
  ASSERT_EQ(run_cli("grundy spiral --size 3 --piece rook --out " + csv.string()).status, 0);
  EXPECT_EQ(slurp(csv), "2,1,0\n3,0,1\n0,2,3\n");
  fs::remove(csv);
}

TEST(CliBoards, CsvAndPng) {
  const fs::path csv = fs::temp_directory_path() / "qg_cli_table6.csv";
  auto r = run_cli("grundy quadrant --size 4x3 --out " + csv.string());
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(slurp(csv), "0,2,1,5\n1,3,4,0\n2,0,5,1\n");  // seed 000 Table 6
  fs::remove(csv);
  const fs::path png = fs::temp_directory_path() / "qg_cli_fig4.png";
  for (const std::string args : {"draw grundy spiral --size 41", "draw grundy wythoff --size 64x32",
                                 "draw grundy quadrant --queens 100", "grundy maharaja --size 20"}) {
    r = run_cli(args + " --out " + png.string());
    ASSERT_EQ(r.status, 0) << args << ": " << r.err;
    EXPECT_TRUE(is_png(png)) << args;
    fs::remove(png);
  }
}

TEST(CliBoards, ColumnCertificates) {
  // docs/CONJECTURE26.md: column 9 has least period 64 from row 139, slope 64, its states
  // agreeing after rows 148 and 212.
  const auto r = run_cli("grundy quadrant --periods 10");
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.out.rfind("column,period,preperiod,slope,first_row,second_row\n0,1,0,1,0,1\n1,4,0,4,1,5\n", 0), 0u)
      << r.out;
  EXPECT_TRUE(r.out.ends_with("\n8,16,131,16,140,156\n9,64,139,64,148,212\n")) << r.out;
  const auto json = run_cli("grundy quadrant --periods 1 --json");
  ASSERT_EQ(json.status, 0) << json.err;
  EXPECT_EQ(json.out, "[{\"column\":0,\"first_row\":0,\"period\":1,\"preperiod\":0,\"second_row\":1,\"slope\":1}]\n");
}

TEST(CliBoards, BadInputIsExitTwo) {
  const fs::path png = fs::temp_directory_path() / "qg_cli_never.png";
  for (const std::string& args : std::vector<std::string>{
           "grundy wythoff", "grundy wythoff --size 0", "grundy wythoff --size 4x", "grundy nosuch --size 5",
           "grundy spiral --size 5x7", "grundy hex-spiral --size 3 --piece knight",
           "grundy wythoff --size 4 --out t.txt", "grundy wythoff --size 4 --piece rook",
           "grundy wythoff --size 4 --threads 0", "grundy wythoff --size 4 --out /nonexistent-dir/t.csv",
           "draw grundy wythoff --size 4 --out t.csv", "draw grundy spiral --queens 10 --out " + png.string(),
           "draw grundy quadrant --queens 10 --size 5 --out " + png.string(),
           "draw grundy quadrant --out " + png.string(), "draw-grundy quadrant --size 5 --out " + png.string(),
           "grundy wythoff --periods 3", "grundy quadrant --periods 3 --size 4", "grundy quadrant --periods 0",
           "grundy quadrant --periods 3 --out t.txt"}) {
    const auto r = run_cli(args);
    EXPECT_EQ(r.status, 2) << args;
    EXPECT_EQ(r.err.rfind("queengames: ", 0), 0u) << args << ": " << r.err;
    EXPECT_FALSE(fs::exists(png)) << args;
  }
}
