// queengames dictionary / is-p: output formats, the papers' examples, and bad input.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "cli_runner.hpp"

namespace fs = std::filesystem;

namespace {

fs::path write_temp(const std::string& name, const std::string& text) {
  fs::path p = fs::temp_directory_path() / (std::to_string(::getpid()) + "_" + name);
  std::ofstream(p) << text;
  return p;
}

}  // namespace

TEST(CliDictionary, NamedGamesPrintTheirColumns) {
  // Seed 003 §2.2: from column 8, 00100100101100010010011000; columns 0–7 from the game.
  auto r = run_cli("dictionary maharaja --bits 34");
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.out,
            "10010110"
            "00100100101100010010011000\n");
  // §5.1: column 0, then 01000111000001010101010001100.
  auto m23 = run_cli("dictionary maharaja23 --bits 30");
  ASSERT_EQ(m23.status, 0) << m23.err;
  EXPECT_EQ(m23.out,
            "1"
            "01000111000001010101010001100\n");
  auto counts = run_cli("dictionary maharaja --bits 20000 --counts");
  ASSERT_EQ(counts.status, 0) << counts.err;
  EXPECT_NE(counts.out.find("(36)"), std::string::npos);
  EXPECT_NE(counts.out.find("0010110   -> 10010011000"), std::string::npos);
  auto json = run_cli("dictionary maharaja23 --bits 10 --json");
  ASSERT_EQ(json.status, 0) << json.err;
  EXPECT_NE(json.out.find("\"bits\":\"1010001110\""), std::string::npos);
}

TEST(CliDictionary, FilesRunAndReportWhereTheyStop) {
  auto ok = write_temp("m.dict",
                       "rule: longest-match\nstart: 01000111|00000\n0 -> 10\n1 -> 0\n01000 -> 100011100\n"
                       "01010 -> 10001100\n");
  auto r = run_cli("dictionary " + ok.string() + " --bits 29");
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.out, "01000111000001010101010001100\n");
  auto stops = write_temp("s.dict", "start: 0\n0 -> 1\n");
  auto s = run_cli("dictionary " + stops.string() + " --bits 10");
  EXPECT_EQ(s.status, 0) << s.err;
  EXPECT_EQ(s.out, "01\nstopped at bit 1: the read head found no word in '1'\n");
  fs::remove(ok);
  fs::remove(stops);
}

TEST(CliDictionary, BadFilesAndArgumentsExitTwo) {
  const std::vector<std::pair<std::string, std::string>> files = {
      {"start: 1\n1 -> 0\n0a1 -> 1\n", ":3: word '0a1': 'a' is not a bit"},
      {"start: 1\n -> 0\n", ":2: empty word"},
      {"start: 1\n1 -> 0\n1 -> 00\n", ":3: duplicate word '1' (first on line 2)"},
      {"start: 1\n01 -> 0\n0 -> 1\n", ":3: '0' is a prefix of '01' (line 2)"},
      {"1 -> 0\n", ":1: no 'start: BITS' line"},
  };
  for (const auto& [text, message] : files) {
    auto p = write_temp("bad.dict", text);
    auto r = run_cli("dictionary " + p.string() + " --bits 10");
    EXPECT_EQ(r.status, 2) << text;
    EXPECT_EQ(r.err.rfind("queengames: " + p.string() + message, 0), 0u) << r.err;
    fs::remove(p);
  }
  for (const char* args :
       {"dictionary nosuch --bits 3", "dictionary maharaja", "dictionary maharaja --bits 0", "is-p wythoff 1 2",
        "is-p maharaja23 2^62 2^63", "is-p maharaja23 -1 2", "dictionary from-table /no/such/table"}) {
    auto r = run_cli(args);
    EXPECT_EQ(r.status, 2) << args;
    EXPECT_EQ(r.err.rfind("queengames: ", 0), 0u) << args << ": " << r.err;
  }
}

TEST(CliDictionary, IsPAt10To18AndTheFirstPositions) {
  // Figure 12: (3, 6) is a P-position of (2,3)-Maharaja Nim, (3, 5) is not.
  EXPECT_EQ(run_cli("is-p maharaja23 3 6").out, "P\n");
  EXPECT_EQ(run_cli("is-p maharaja23 6 3").out, "P\n");
  EXPECT_EQ(run_cli("is-p maharaja23 3 5").out, "N\n");
  EXPECT_EQ(run_cli("is-p maharaja 8 13").out, "P\n");  // seed 003 Figure 7
  EXPECT_EQ(run_cli("is-p maharaja 0 0").out, "P\n");
  auto r = run_cli("is-p maharaja23 10^18 1618033988749894847 --explain");
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.out.substr(0, 2), "P\n");
  EXPECT_NE(r.out.find("(1000000000000000000, 1618033988749894847)"), std::string::npos);
  EXPECT_EQ(run_cli("is-p maharaja23 10^18 1618033988749894848").out, "N\n");
  EXPECT_EQ(run_cli("is-p maharaja 10^18 1618033988749894848").out, "P\n");
  EXPECT_EQ(run_cli("is-p maharaja 10^18 10^30").out, "N\n");  // beyond 2^64: never the row
}

TEST(CliDictionary, FromTableReproducesAppendixB) {
  auto r = run_cli(std::string("dictionary from-table ") + QG_SOURCE_DIR + "/data/dictionaries/appendixB.table");
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.out.find("SS SAAS SBBCCS SBBCCAAS SBBCCAACCS SBBCCAAAAAAS ..."), std::string::npos);
  EXPECT_NE(r.out.find("AS -> CCS      0100 -> 111100"), std::string::npos);
  // --binary prints a dictionary file that runs.
  auto b =
      run_cli(std::string("dictionary from-table --binary ") + QG_SOURCE_DIR + "/data/dictionaries/appendixB.table");
  ASSERT_EQ(b.status, 0) << b.err;
  auto p = write_temp("table.dict", b.out);
  auto run = run_cli("dictionary " + p.string() + " --bits 12");
  EXPECT_EQ(run.out, "000000010100\n");  // SS SAAS: 00 00 | 00 01 01 00
  fs::remove(p);
}
