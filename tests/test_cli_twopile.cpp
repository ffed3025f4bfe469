// queengames game … and draw game (seed 001, seed 003) through the command line.
#include <gtest/gtest.h>

#include <filesystem>
#include <string>

#include <nlohmann/json.hpp>

#include "cli_runner.hpp"

namespace fs = std::filesystem;

namespace {

TEST(CliGame, PPositionsByEveryRoute) {  // seed 001 Table 3: the Queen Dee, A140100/A140101
  const char* queen_dee = "0 0 0\n1 1 2\n2 3 5\n3 4 8\n4 6 11\n5 7 13\n6 9 16\n";
  for (const char* via : {"", " --via sweep", " --via brute", " --via morphic"}) {
    auto r = run_cli(std::string("game queen-dee --p-positions 7") + via);
    ASSERT_EQ(r.status, 0) << via << ": " << r.err;
    EXPECT_EQ(r.out, queen_dee) << via;
  }
  // seed 003 Figure 2: (8,13), (9,16), (10,7), (11,19), (12,18); (10,7) is listed as (7,10).
  auto maharaja = run_cli("game maharaja --p-positions 10^1");
  ASSERT_EQ(maharaja.status, 0) << maharaja.err;
  EXPECT_EQ(maharaja.out, "0 0 0\n1 1 3\n2 2 6\n3 4 5\n4 7 10\n5 8 13\n6 9 16\n7 11 19\n8 12 18\n9 14 23\n");
}

TEST(CliGame, NthAndIsP) {
  EXPECT_EQ(run_cli("game wythoff --nth 10").out, "10 16 26\n");  // (⌊10φ⌋, ⌊10φ²⌋)
  EXPECT_EQ(run_cli("game wythoff --nth 1e18").out, "1000000000000000000 1618033988749894848 2618033988749894848\n");
  EXPECT_EQ(run_cli("game maharaja --is-p 11 19").out, "(11, 19) is a P-position of maharaja\n");
  EXPECT_EQ(run_cli("game maharaja --is-p 11 18").out, "(11, 18) is an N-position of maharaja\n");
  EXPECT_EQ(run_cli("game maharaja23 --is-p 3 6").status, 2);  // (2,3)-Maharaja is kl-maharaja:2,3
  EXPECT_EQ(run_cli("game kl-maharaja:2,3 --is-p 6 3").out, "(6, 3) is a P-position of kl-maharaja:2,3\n");
}

// Issue 36 §3: the sweep to column 2^32 − 3 failed after 55 s and 0.9 GB saying "ask for fewer
// P-positions". Maharaja's P-positions lie near y = φx: the column is refused at once (a few CPU
// seconds at most), with the columns the sweep reaches.
TEST(CliGame, IsPBeyondTheSweepsReachIsRefusedAtOnce) {
  auto r = run_cli("game maharaja --is-p 4294967293 4294967293", "ulimit -t 10;");
  EXPECT_EQ(r.status, 2);
  EXPECT_EQ(r.err,
            "queengames: the sweep to column 4294967293 of maharaja would reach coordinates of about 6.98e+09 (its "
            "P-positions lie near y = 1.6240x), past the 4294967294 it stores in 32 bits: it answers for min(x, y) up "
            "to about 2644663713\n");
  // A large column of the other coordinate is no reason: min(X, Y) decides.
  EXPECT_EQ(run_cli("game maharaja --is-p 4294967293 5").out, "(4294967293, 5) is an N-position of maharaja\n");
}

// Wythoff with the terminal set x + y ≤ 3 (arXiv 2605.01435): the set stands as (0, 0), then the
// pairs outside it, by the sweep and the brute force; its positions are P-positions; another
// family composed with it is refused (exit 2).
TEST(CliGame, TerminalSet) {
  for (const char* via : {"", " --via brute"}) {
    auto r = run_cli(std::string("game terminal:3 --p-positions 6") + via);
    ASSERT_EQ(r.status, 0) << via << ": " << r.err;
    EXPECT_EQ(r.out, "0 0 0\n1 4 8\n2 5 10\n3 6 12\n4 7 14\n5 9 17\n") << via;
  }
  EXPECT_EQ(run_cli("game terminal:3 --is-p 1 2").out, "(1, 2) is a P-position of terminal:3\n");
  EXPECT_EQ(run_cli("game terminal:3 --is-p 2 4").out, "(2, 4) is an N-position of terminal:3\n");
  auto bad = run_cli("game terminal:3+maharaja --p-positions 3");
  EXPECT_EQ(bad.status, 2);
  EXPECT_NE(bad.err.find("composes with Wythoff's moves only"), std::string::npos) << bad.err;
}

TEST(CliGame, Json) {
  auto p = nlohmann::json::parse(run_cli("game queen-bee --p-positions 4 --json").out);
  EXPECT_EQ(p["ruleset"], "queen-bee");
  EXPECT_EQ(p["p_positions"], nlohmann::json::parse("[[0,0],[1,2],[3,6],[4,8]]"));  // seed 001 Table 1
  auto q = nlohmann::json::parse(run_cli("game wythoff --is-p 3 5 --json").out);
  EXPECT_EQ(q["p_position"], true);
  auto n = nlohmann::json::parse(run_cli("game wythoff --nth 2 --json").out);
  EXPECT_EQ(n["a"], 3);
  EXPECT_EQ(n["b"], 5);
}

TEST(CliGame, BadInputIsExitTwoWithTheReason) {
  for (const char* args :
       {"game foo --p-positions 3", "game kqueen --p-positions 3", "game kqueen:-1 --p-positions 3",
        "game 'wythoff+jumps:(0,0)' --p-positions 3", "game wythoff --p-positions 0",
        "game wythoff --p-positions 3 --via magic", "game maharaja --nth 5", "game wythoff --p-positions 3 --nth 3",
        "game wythoff --is-p 1", "game wythoff --p-positions 3 --out /nonexistent/dir/f.txt"}) {
    auto r = run_cli(args);
    EXPECT_EQ(r.status, 2) << args;
    EXPECT_EQ(r.err.rfind("queengames: ", 0), 0u) << args << ": " << r.err;
  }
}

TEST(CliGame, DrawWritesAPng) {
  fs::path png = fs::temp_directory_path() / ("qg_draw_game_" + std::to_string(::getpid()) + ".png");
  auto r = run_cli("draw game maharaja --size 64 --lines --out " + png.string());
  ASSERT_EQ(r.status, 0) << r.err;
  ASSERT_TRUE(fs::exists(png));
  EXPECT_GT(fs::file_size(png), 100u);
  std::ifstream in(png, std::ios::binary);
  char magic[8];
  in.read(magic, 8);
  EXPECT_EQ(std::string(magic + 1, 3), "PNG");
  fs::remove(png);
  EXPECT_EQ(run_cli("draw game maharaja --size 64 --out /nonexistent/dir/f.png").status, 2);
}

}  // namespace
