// queengames blocking / draw blocking: the summary line, the table, play, pictures, exports
// and bad input (exit 2 with the reason).
#include <gtest/gtest.h>

#include <filesystem>

#include <nlohmann/json.hpp>

#include "cli_runner.hpp"

namespace fs = std::filesystem;

namespace {

TEST(CliBlocking, SummaryTableAndEngines) {
  auto s = run_cli("blocking 1 --size 3x2");  // k = 1 on 3×2: 0 1 1 / 1 1 0, sum64 = 60
  ASSERT_EQ(s.status, 0) << s.err;
  EXPECT_EQ(s.out, "size 3x2 palaces 2 min 0 max 1 sum64 000000000000003c\n");
  auto t = run_cli("blocking 5 --size 11 --table");  // seed 004 Figure 1
  ASSERT_EQ(t.status, 0) << t.err;
  EXPECT_EQ(t.out.substr(0, 44), "0 1 2 3 4 5 5 5 5 5 5\n1 3 4 5 5 4 4 5 5 5 5\n");
  auto definition = run_cli("blocking 37 --size 1e3x700");
  auto ca = run_cli("blocking 37 --size 1e3x700 --engine ca");
  auto plain = run_cli("blocking 37 --size 1e3x700 --engine plain");  // one thread: --threads is the definition's
  ASSERT_EQ(definition.status, 0) << definition.err;
  EXPECT_EQ(definition.out.rfind("size 1000x700 palaces ", 0), 0u) << definition.out;
  EXPECT_EQ(ca.out, definition.out);  // Theorem 2.1
  EXPECT_EQ(plain.out, definition.out);
  auto json = run_cli("blocking 1 --size 3x2 --json");
  EXPECT_NE(json.out.find("\"sum64\":\"000000000000003c\""), std::string::npos) << json.out;
}

TEST(CliBlocking, PlayTheExampleGame) {
  auto lost = run_cli("blocking 5 play 3 3 --blocked '0,0;1,1;0,3;3,0'");  // seed 004 §1
  ASSERT_EQ(lost.status, 0) << lost.err;
  EXPECT_NE(lost.out.find("palace number 4"), std::string::npos) << lost.out;
  EXPECT_NE(lost.out.find("(3,2):5 (3,1):5 (2,3):5 (1,3):5 (2,2):6"), std::string::npos) << lost.out;
  EXPECT_NE(lost.out.find("lost"), std::string::npos);
  auto win = run_cli("blocking 5 play 3 3 --blocked '0,0;1,1;0,3'");
  ASSERT_EQ(win.status, 0) << win.err;
  EXPECT_NE(win.out.find("win: move the queen to (3,0)"), std::string::npos) << win.out;
  auto bad = run_cli("blocking 5 play 3 3 --blocked '4,4'");
  EXPECT_EQ(bad.status, 2);
  EXPECT_EQ(bad.err.rfind("queengames: ", 0), 0u) << bad.err;
}

TEST(CliBlocking, PicturesAndExports) {
  fs::path dir = fs::temp_directory_path() / ("qg_cli_blocking_" + std::to_string(::getpid()));
  fs::create_directories(dir);
  auto png = run_cli("draw blocking 100 --size 300 --pixels 300 --out " + (dir / "a.png").string());
  ASSERT_EQ(png.status, 0) << png.err;
  EXPECT_GT(fs::file_size(dir / "a.png"), 1000u);
  auto cmp = run_cli("draw blocking 97 --size 300 --compare 100 --shift 1,1 --out " + (dir / "b.png").string());
  ASSERT_EQ(cmp.status, 0) << cmp.err;
  EXPECT_NE(cmp.out.find("% of the cells match"), std::string::npos);
  auto rle = run_cli("blocking 5 --size 11 --out " + (dir / "c.rle").string());
  ASSERT_EQ(rle.status, 0) << rle.err;
  std::ifstream in(dir / "c.rle");
  std::stringstream text;
  text << in.rdbuf();
  EXPECT_NE(text.str().find("#CXRLE Pos=0,0\nx = 11, y = 11, rule = /2/256\n"), std::string::npos) << text.str();
  fs::remove_all(dir);
}

TEST(CliBlocking, Threads) {
  // Game 1 (Wythoff): one upper thread, (⌊nφ²⌋, ⌊nφ⌋) from (2, 1), not periodic (issue 39 §1).
  auto text = run_cli("blocking 1 threads --depth 1000");
  ASSERT_EQ(text.status, 0) << text.err;
  EXPECT_NE(text.out.find("game 1: 1 upper P-threads to depth 1000 (1 not periodic)"), std::string::npos) << text.out;
  EXPECT_NE(text.out.find("thread 1 (chain): start (2,1) end (997,616), 381 runs"), std::string::npos) << text.out;
  auto json = run_cli("blocking 3 threads --depth 100 --json");
  ASSERT_EQ(json.status, 0) << json.err;
  auto j = nlohmann::json::parse(json.out);
  ASSERT_EQ(j["upper"].size(), 1u);
  EXPECT_EQ(j["upper"][0]["period_slope"], "1/2");  // (2n + 1, n), (2n + 2, n)
  EXPECT_EQ(j["non_periodic"], 0);
  for (const char* args : {"blocking 5 threads", "blocking 5 threads --depth 15", "blocking 5 threads --depth 1x",
                           "blocking 5 --size 9 threads --depth 100", "blocking 5 threads --depth 100 --reach 2^21"}) {
    auto r = run_cli(args);
    EXPECT_EQ(r.status, 2) << args;
    EXPECT_EQ(r.err.rfind("queengames: ", 0), 0u) << args << ": " << r.err;
  }
}

TEST(CliBlocking, WarpSkinView) {
  // Seed 004 §4 Q7, Q2, Q4 (issue 39 §1): game 46's warp thread of horizontal thickness 3, game
  // 100's skin levels 1 and 2, game 55's largest view outside the armpit.
  auto warp = run_cli("blocking 46 warp --depth 5000 --json");
  ASSERT_EQ(warp.status, 0) << warp.err;
  auto w = nlohmann::json::parse(warp.out);
  EXPECT_EQ(w["arm_threads"], 9);
  ASSERT_EQ(w["warp"].size(), 2u);
  EXPECT_EQ(w["warp"][0]["horizontal"], "3/1");
  EXPECT_EQ(w["warp"][0]["direction"], "h");
  auto skin = run_cli("blocking 100 skin --columns 1000");
  ASSERT_EQ(skin.status, 0) << skin.err;
  EXPECT_NE(skin.out.find("n = 2: columns 197.."), std::string::npos) << skin.out;
  EXPECT_NE(skin.out.find("period 13 columns × 5 rows, steps 23323 (= μ^2(2) rotated)"), std::string::npos) << skin.out;
  auto view = run_cli("blocking 55 view --depth 1000 --json");
  ASSERT_EQ(view.status, 0) << view.err;
  auto v = nlohmann::json::parse(view.out);
  EXPECT_EQ(v["max"], 58);
  EXPECT_EQ(v["first"][0], nlohmann::json({439, 220}));
  EXPECT_EQ(v["armpits_unique"], false);
  for (const char* args :
       {"blocking 5 warp", "blocking 5 warp --depth 15", "blocking 5 --size 9 skin --columns 100",
        "blocking 5 skin --columns 15", "blocking 5 skin --columns 2^25", "blocking 5 view",
        "blocking 5 view --depth 2", "blocking 5 view --depth 100 --cells 2^21", "blocking 1e9 warp --depth 100"}) {
    auto r = run_cli(args);
    EXPECT_EQ(r.status, 2) << args;
    EXPECT_EQ(r.err.rfind("queengames: ", 0), 0u) << args << ": " << r.err;
  }
}

TEST(CliBlocking, BadInput) {
  for (const char* args : {"blocking 0 --size 3", "blocking 5", "blocking 5 --size 0", "blocking 5 --size 3x",
                           "blocking 5 --size 3 --engine fast", "blocking 5 --size 3 --out x.txt",
                           "blocking 1e10 --size 3", "draw blocking 5 --size 3 --out x.jpg",
                           "draw-blocking 5 --size 3 --out x.png" /* the form is `draw blocking` */}) {
    auto r = run_cli(args);
    EXPECT_EQ(r.status, 2) << args;
    EXPECT_EQ(r.err.rfind("queengames: ", 0), 0u) << args << ": " << r.err;
  }
}

}  // namespace
