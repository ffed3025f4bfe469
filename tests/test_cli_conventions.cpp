// One set of CLI conventions (issue 21 §3, docs/CLI.md): one number reader for arguments and
// options alike, WxH as the one way to give two sizes, one name per option, global options
// before or after the command, suggestions for mistyped names.
#include <gtest/gtest.h>

#include <gmpxx.h>
#include <sys/wait.h>
#include <nlohmann/json.hpp>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>

#include "cli_runner.hpp"
#include "test_support.hpp"

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
  // An option's value is not taken for a mistyped command: the gallery's folder is the error.
  expect_error("-q draw --gallery /dev/null/x", "cannot create /dev/null/x/figures");
  auto r = run_cli("zzzzzz");
  EXPECT_EQ(r.status, 2);
  EXPECT_EQ(r.err.find("did you mean"), std::string::npos) << r.err;  // nothing close: no guess
  // Issue 36 §5: every unknown option is named with its command's nearest option, never with
  // CLI11's raw text ("The following arguments were not expected: 5 --size").
  r = run_cli("draw exile-fig3 --size 5");
  EXPECT_EQ(r.status, 2);
  EXPECT_EQ(r.err,
            "queengames: --size is not an option of draw exile-fig3; the nearest is --out (queengames draw exile-fig3 "
            "--help lists them all)\n");
  expect_error("draw exile-fig3 --pixel 100", "--pixel is not an option of draw exile-fig3; did you mean --pixels?");
  expect_error("bfile A000201 3 --quite", "did you mean --quiet?");  // a global option, after the command
  // No command yet: a command's option written before it ("A subcommand is required" before).
  r = run_cli("--jsn");
  EXPECT_EQ(r.status, 2);
  EXPECT_EQ(r.err,
            "queengames: --jsn is not an option of queengames; did you mean --json? It goes after a command "
            "(queengames --help lists them)\n");
  expect_error("-q", "a command is needed: queengames COMMAND … (queengames --help lists them)");
  // Extra arguments in the order given (CLI11 lists them last first).
  r = run_cli("bfile A000201 3 4 5");
  EXPECT_EQ(r.status, 2);
  EXPECT_EQ(r.err, "queengames: bfile: unexpected arguments 4 5 (queengames bfile --help shows what it takes)\n");
  // An option's values are not names: 1 and 2 are --is-p's, --jsn is the error.
  expect_error("game maharaja --is-p 1 2 --jsn", "--jsn is not an option of game; did you mean --json?");
}

// `bfile --check FILE` (issue 21 §3): a researcher checks a b-file before submitting it.
TEST(CliConventions, BfileCheckFindsTheFirstDifferenceAndOffsetErrors) {
  fs::path dir = fs::temp_directory_path() / ("qg_bfile_check_" + std::to_string(::getpid()));
  fs::remove_all(dir);
  fs::create_directories(dir);
  auto write = [&](const std::string& name, const std::string& text) {
    std::ofstream(dir / name) << text;
    return (dir / name).string();
  };
  // A274616 from its offset 0 (OEIS DATA): 0, 1, 1, 2, 2, 3, 4, 5, 5.
  std::string good = write("b274616.txt", "# A274616\n0 0\n1 1\n2 1\n3 2\n4 2\n5 3\n\n6 4\n7 5\n8 5\n");
  auto r = run_cli("bfile --check " + good);
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.out.find("agrees: 9 terms, n = 0..8"), std::string::npos) << r.out;
  // ⌊(2·4 + 1)/3⌋ = 3 is the formula's answer at n = 4, but the board holds only 2.
  r = run_cli("bfile A274616 --check " + write("formula.txt", "0 0\n1 1\n2 1\n3 2\n4 3\n5 3\n"));
  EXPECT_EQ(r.status, 1);
  EXPECT_NE(r.out.find("differs first at line 5 (n = 4): the file has 3, A274616(4) = 2"), std::string::npos) << r.out;
  // Numbered from 0 although OEIS's offset of A000201 is 1.
  r = run_cli("bfile A000201 --check " + write("from0.txt", "0 1\n1 3\n2 4\n3 6\n"));
  EXPECT_EQ(r.status, 1);
  EXPECT_NE(r.out.find("it starts at n = 0, A000201's offset is 1; its line n holds A000201(n + 1)"), std::string::npos)
      << r.out;
  // Right for each n, but the first term is missing.
  r = run_cli("bfile A000201 --check " + write("from2.txt", "2 3\n3 4\n4 6\n") + " --json");
  EXPECT_EQ(r.status, 1);
  EXPECT_NE(r.out.find("\"shift\":1"), std::string::npos) << r.out;
  r = run_cli("bfile A000201 --check " + write("gap.txt", "1 1\n3 4\n"));
  EXPECT_EQ(r.status, 2);
  EXPECT_NE(r.err.find("line 2: n = 3 follows n = 1"), std::string::npos) << r.err;
  r = run_cli("bfile --check " + write("terms.txt", "1 1\n"));
  EXPECT_EQ(r.status, 2);
  EXPECT_NE(r.err.find("bNNNNNN.txt"), std::string::npos) << r.err;
  fs::remove_all(dir);
}

TEST(CliConventions, JsonIntegersBeyondTwoToThe53AreStrings) {
  auto r = run_cli("bfile A000073 75 --json");  // Tribonacci: a(74) > 10^19 > 2^53
  ASSERT_EQ(r.status, 0) << r.err;
  const auto terms = nlohmann::json::parse(r.out).at("terms");
  ASSERT_EQ(terms.size(), 75u);
  EXPECT_EQ(terms[10], 81);  // a(10) = 81, a number
  for (std::size_t n = 0; n < terms.size(); ++n) {
    const bool big = terms[n].is_string();
    if (big) EXPECT_GT(mpz_class(terms[n].get<std::string>()), mpz_class(1) << 53) << n;
    else EXPECT_LE(terms[n].get<std::int64_t>(), std::int64_t{1} << 53) << n;
  }
  EXPECT_TRUE(terms[74].is_string());
}

TEST(CliConventions, JsonOnWordAndGameResults) {
  auto r = run_cli("word tribonacci --count a --prefix 1e18 --json");  // N_a(10^18) > 2^53
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_TRUE(nlohmann::json::parse(r.out).at("count").is_string()) << r.out;
  r = run_cli("word tribonacci --nth 10 --json");
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(nlohmann::json::parse(r.out).at("letter"), "c");  // seed 000 Table 2: t_11 = c
  r = run_cli("game wythoff --nth 2^62 --json");
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(nlohmann::json::parse(r.out).at("n"), "4611686018427387904");
  // The queens of the text output (`spiral queens 3`): q_2 on cell 13 at (−2, 1).
  r = run_cli("spiral queens 3 --json");
  ASSERT_EQ(r.status, 0) << r.err;
  const auto queens = nlohmann::json::parse(r.out).at("queens");
  ASSERT_EQ(queens.size(), 3u);
  EXPECT_EQ(queens[2], (nlohmann::json{{"n", 2}, {"cell", 13}, {"x", -2}, {"y", 1}}));
  r = run_cli("spiral table 2 --json");
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(nlohmann::json::parse(r.out).at("rows")[1][1], "a");
  // Seed 004 §1's example game: k = 5, queen at (3,3), four pawns: every option is a non-palace.
  r = run_cli("blocking 5 play 3 3 --blocked '0,0;1,1;0,3;3,0' --json");
  ASSERT_EQ(r.status, 0) << r.err;
  const auto play = nlohmann::json::parse(r.out);
  EXPECT_EQ(play.at("winning"), false);
  EXPECT_EQ(play.at("options").size(), 5u);
}

// Seed 000 Fig. 6 is one library picture (boards::draw_quadrant_queens) for both routes to S_c:
// Knuth's column scan (draw grundy quadrant --queens) and the ∞-queens engine.
TEST(CliConventions, FigureSixIsTheSamePictureByBothRoutes) {
  fs::path dir = fs::temp_directory_path() / ("qg_fig6_" + std::to_string(::getpid()));
  fs::remove_all(dir);
  fs::create_directories(dir);
  auto a = run_cli("draw grundy quadrant --queens 2000 --pixels 300 --out " + (dir / "a.png").string());
  auto b = run_cli("draw infty-queens --count 2000 --pixels 300 --out " + (dir / "b.png").string());
  ASSERT_EQ(a.status, 0) << a.err;
  ASSERT_EQ(b.status, 0) << b.err;
  auto slurp = [](const fs::path& p) {
    std::ifstream in(p, std::ios::binary);
    return std::string(std::istreambuf_iterator<char>(in), {});
  };
  EXPECT_GT(slurp(dir / "a.png").size(), 100u);
  EXPECT_EQ(slurp(dir / "a.png"), slurp(dir / "b.png"));
  fs::remove_all(dir);
}

// Library messages name no CLI flag or command (issue 15 §3); the CLI adds its own hint.
TEST(CliConventions, TheCliAddsItsHintsToLibraryErrors) {
  expect_error("bfile A999999 3", "not in the catalogue (see queengames bfile --list)");
  expect_error("game nope --nth 3", "(see queengames game --help)");
  expect_error("check no.such.claim", "no claim matches 'no.such.claim' (see queengames check --list)");
  expect_error("word 'a->ab,b->' --length 3", "(see queengames word --help)");
}

// Every `build/queengames …` line of the README runs (issue 21, "Done when").
TEST(CliConventions, TheReadmesExamplesRun) {
  std::ifstream readme(std::string(QG_SOURCE_DIR) + "/README.md");
  ASSERT_TRUE(readme) << "README.md not found";
  fs::path dir = fs::temp_directory_path() / ("qg_readme_" + std::to_string(::getpid()));
  fs::remove_all(dir);
  fs::create_directories(dir);
  int examples = 0;
  for (std::string line; std::getline(readme, line);) {
    if (line.rfind("build/queengames ", 0) != 0) continue;
    line = line.substr(0, line.find(" # "));  // the README's comments
    // Every claim of seed 000 at its default bound is minutes under the sanitizers, and the
    // synthesis, the morphism search and the check to 10^8 most of a minute each: the same code
    // runs there in their own tests at smaller sizes (CliSynthesize, CliMorphic, the claims'
    // tests), and these lines in the Release run.
    if (kSanitized &&
        (line.find("check exile ") != std::string::npos || line.find("--synthesize") != std::string::npos ||
         line.find("--find-morphism") != std::string::npos || line.find("--bound 1e8") != std::string::npos))
      continue;
    const std::string cli = QG_CLI;  // itself ends in build/queengames: replace left to right
    for (std::size_t at = 0; (at = line.find("build/queengames", at)) != std::string::npos; at += cli.size())
      line.replace(at, 16, cli);
    int raw = std::system(("cd " + dir.string() + " && " + line + " >/dev/null 2>&1 </dev/null").c_str());
    EXPECT_TRUE(WIFEXITED(raw) && WEXITSTATUS(raw) == 0) << line;
    ++examples;
  }
  EXPECT_GE(examples, 6);
  fs::remove_all(dir);
}
