// queengames spiral … and draw spiral-queens (seed 000 §1–6) through the command line.
#include <gtest/gtest.h>

#include <filesystem>
#include <sstream>
#include <string>

#include "cli_runner.hpp"
#include "queengames/spiral.hpp"

namespace fs = std::filesystem;

namespace {

// Sequence (1) of seed 000 as "n cell x y" lines, the coordinates from §2 and Theorem 1.
const char* kFirstQueens =
    "0 0 0 0\n1 9 1 2\n2 13 -2 1\n3 17 -1 -2\n4 21 2 -1\n5 82 3 5\n6 92 -5 3\n7 102 -3 -5\n8 112 5 -3\n";

TEST(CliSpiral, QueensByEitherRoute) {
  for (const char* via : {"", " --via closed", " --via direct"}) {
    auto r = run_cli(std::string("spiral queens 9") + via);
    ASSERT_EQ(r.status, 0) << r.err;
    EXPECT_EQ(r.out, kFirstQueens) << via;
  }
  auto many = run_cli("spiral queens 1e4 --via direct");
  ASSERT_EQ(many.status, 0) << many.err;
  EXPECT_EQ(many.out, run_cli("spiral queens 10^4").out);
}

TEST(CliSpiral, NthAndXympAtSmallAndHugeN) {
  auto r = run_cli("spiral nth 5");
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.out, "5 82 3 5\n");
  EXPECT_EQ(run_cli("spiral xymp 11").out, "11 17 31 14 48\n");  // Table 1's last row
  EXPECT_EQ(run_cli("spiral xymp 0").out, "0 0 0 0 0\n");
  auto big = run_cli("spiral nth 2^100");
  ASSERT_EQ(big.status, 0) << big.err;
  const auto q = qg::spiral::queen(qg::u128{1} << 100);
  EXPECT_EQ(big.out, "1267650600228229401496703205376 " + q.cell.get_str() + " " + qg::to_string(q.x) + " " +
                         qg::to_string(q.y) + "\n");
  auto json = run_cli("spiral xymp 2 --json");
  ASSERT_EQ(json.status, 0) << json.err;
  EXPECT_EQ(json.out, "{\"M\":\"2\",\"P\":\"8\",\"X\":\"3\",\"Y\":\"5\",\"n\":\"2\"}\n");
  auto last = run_cli("spiral nth 1329227995784915872903807060280344575");  // 2^120 − 1
  EXPECT_EQ(last.status, 0);
  EXPECT_EQ(run_cli("spiral nth 2^120-1").out, last.out);  // differences are read (docs/CLI.md)
}

TEST(CliSpiral, TableGivesTable2) {
  auto r = run_cli("spiral table 29");
  ASSERT_EQ(r.status, 0) << r.err;
  std::istringstream lines(r.out);
  std::string line, last;
  int count = 0;
  while (std::getline(lines, line)) last = line, ++count;
  EXPECT_EQ(count, 30);  // a header and rows 0..28
  EXPECT_EQ(r.out.substr(0, r.out.find('\n')), "# n t X Y M P dX dY dM dP A B C");
  EXPECT_EQ(last, "28 c 43 79 36 122 1 2 1 3 51 94 173");  // Table 2's last row
}

TEST(CliSpiral, DrawFigure3) {
  fs::path p = fs::temp_directory_path() / "qg_spiral_queens.png";
  fs::remove(p);
  auto r = run_cli("draw spiral-queens --radius 300 --pixels 256 --out " + p.string());
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_TRUE(fs::exists(p));
  EXPECT_GT(fs::file_size(p), 100u);
  fs::remove(p);
}

TEST(CliSpiral, OutOfRangeAndMalformedInputAreRefused) {
  struct Case {
    const char* args;
    const char* message;
  };
  for (const Case& c :
       {Case{"spiral nth 2^120", "0..2^120 - 1"}, Case{"spiral xymp 1e40", "0..2^120 - 1"},
        Case{"spiral nth -3", "not a natural number"}, Case{"spiral nth ten", "not a natural number"},
        Case{"spiral queens 0", "1..9223372036854775808"}, Case{"spiral queens 2^31+1 --via direct", "1..2147483648"},
        Case{"spiral queens 2147483649 --via direct", "1..2147483648"},
        Case{"spiral queens 5 --via sideways", "sideways"}, Case{"spiral table 2^51", "1..1125899906842624"},
        Case{"spiral queens", "N is required"}, Case{"draw spiral-queens --radius 0", "1..2147483647"},
        Case{"spiral queens 3 --out /nonexistent-dir/q.txt", "/nonexistent-dir/q.txt"}}) {
    auto r = run_cli(c.args);
    EXPECT_EQ(r.status, 2) << c.args;
    EXPECT_EQ(r.err.rfind("queengames: ", 0), 0u) << c.args << " printed: " << r.err;
    EXPECT_NE(r.err.find(c.message), std::string::npos) << c.args << " printed: " << r.err;
  }
}

}  // namespace
