// One set of CLI conventions (issue 21 §3, docs/CLI.md): one number reader for arguments and
// options alike, WxH as the one way to give two sizes, one name per option, global options
// before or after the command, suggestions for mistyped names.
#include <gtest/gtest.h>

#include <filesystem>
#include <string>

#include "cli_runner.hpp"

namespace fs = std::filesystem;

namespace {

void expect_error(const std::string& args, const std::string& message) {
  auto r = run_cli(args);
  EXPECT_EQ(r.status, 2) << args;
  EXPECT_EQ(r.err.rfind("queengames: ", 0), 0u) << args << ": " << r.err;
  EXPECT_NE(r.err.find(message), std::string::npos) << args << " printed: " << r.err;
}

}  // namespace

TEST(CliConventions, OptionsReadNumbersLikeArguments) {
  // --threads and --pixels refused 1e3-style numbers before.
  auto r = run_cli("grundy wythoff --size 1.5e1 --threads 1e0");
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.out.rfind("size 15x15 ", 0), 0u) << r.out;
  expect_error("blocking 5 --size 10 --threads 1e3", "1..256");
  fs::path png = fs::temp_directory_path() / ("qg_conventions_" + std::to_string(::getpid()) + ".png");
  r = run_cli("draw blocking 5 --size 11 --pixels 1.1e2 --out " + png.string());
  EXPECT_EQ(r.status, 0) << r.err;
  fs::remove(png);
}

TEST(CliConventions, IntegersInScientificNotationAndDifferences) {
  auto r = run_cli("bfile A000201 1.5e1");
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.out.find("\n15 24\n"), std::string::npos) << r.out;  // ⌊15φ⌋ = 24
  expect_error("bfile A000201 1.5e0", "not an integer");
  r = run_cli("game wythoff --nth 2^10-1");
  ASSERT_EQ(r.status, 0) << r.err;
  expect_error("game wythoff --nth 2^62+1", "out of range: the supported range is 0..4611686018427387904");
}

TEST(CliConventions, TwoSizesAreWrittenWxHOnly) {
  expect_error("grundy wythoff --size 5,6", "WxH");  // was read as 56
  expect_error("grundy wythoff --size 5*6", "WxH");  // was read as 30
  expect_error("blocking 3 --size 5,6", "WxH");
  auto r = run_cli("grundy wythoff --size 5x6");
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.out.rfind("size 5x6 ", 0), 0u) << r.out;
}

TEST(CliConventions, PictureSizeIsPixelsEverywhere) {
  fs::path png = fs::temp_directory_path() / ("qg_conventions_px_" + std::to_string(::getpid()) + ".png");
  for (std::string args : {"draw grundy quadrant --size 20 --pixels 64", "draw spiral-queens --radius 20 --pixels 64",
                                  "draw blocking 5 --size 11 --pixels 64"}) {
    auto r = run_cli(args + " --out " + png.string());
    EXPECT_EQ(r.status, 0) << args << ": " << r.err;
  }
  fs::remove(png);
  expect_error("draw grundy quadrant --size 20 --max-side 64 --out " + png.string(), "--max-side");
}

TEST(CliConventions, GlobalOptionsBeforeOrAfterTheCommand) {
  for (const char* args : {"-q bfile A000201 2", "bfile A000201 2 -q", "bfile -q A000201 2 --quiet"}) {
    auto r = run_cli(args);
    EXPECT_EQ(r.status, 0) << args << ": " << r.err;
    EXPECT_EQ(r.out, "1 1\n2 3\n") << args;
  }
}

TEST(CliConventions, MistypedNamesGetASuggestion) {
  expect_error("bfiel A000201 3", "did you mean bfile?");
  expect_error("bfile A000201 3 --jsn", "did you mean --json?");
  expect_error("draw spiral-queen", "did you mean spiral-queens?");
  expect_error("blocking 5 --size 3 --tabel", "did you mean --table?");
  auto r = run_cli("zzzzzz");
  EXPECT_EQ(r.status, 2);
  EXPECT_EQ(r.err.find("did you mean"), std::string::npos) << r.err;  // nothing close: no guess
}
