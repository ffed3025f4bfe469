// queengames game --from-morphism / --from-bfile / --from-catalog / --find-morphism (seed 001 §4)
// through the command line.
#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>

#include <nlohmann/json.hpp>

#include "cli_runner.hpp"

namespace {

TEST(CliMorphic, FromMorphismAbaaa) {  // seed 001 §4: (3,6) with (6,13) − (3,7) and (5,11) − (3,7)
  auto r = run_cli("game --from-morphism 'a->ab,b->aaa' --window 64 --json");
  ASSERT_EQ(r.status, 0) << r.err;
  auto j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j["invariant_game"], "realised");
  EXPECT_EQ(j["queen"], "rook + diagonal");
  ASSERT_GE(j["queen_witnesses"].size(), 3u);
  EXPECT_EQ(j["queen_witnesses"][2]["position"], nlohmann::json({3, 6}));
  EXPECT_EQ(j["queen_witnesses"][2]["blocked"][0]["upper"], nlohmann::json({6, 13}));
  auto text = run_cli("game --from-morphism 'a->ab,b->aaa' --window 64");
  EXPECT_NE(text.out.find("to (1,2) by (2,4) (diagonal c=2): (2,4) = (5,11) − (3,7)"), std::string::npos) << text.out;
}

TEST(CliMorphic, FromCatalogAndBfile) {  // seed 001 Table 4 and Table 1
  auto r = run_cli("game --from-catalog A026367 A026368 --window 128");
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.out.find("named rulesets with these P-positions in the window: st-wythoff:2,1"), std::string::npos)
      << r.out;
  auto dir = std::filesystem::temp_directory_path() / ("qg_morphic_" + std::to_string(::getpid()));
  std::filesystem::create_directories(dir);
  ASSERT_EQ(run_cli("bfile A003159 200 --out " + (dir / "a.txt").string()).status, 0);
  ASSERT_EQ(run_cli("bfile A036554 200 --out " + (dir / "b.txt").string()).status, 0);
  auto b = run_cli("game --from-bfile " + (dir / "a.txt").string() + " " + (dir / "b.txt").string() + " --window 128");
  std::filesystem::remove_all(dir);
  ASSERT_EQ(b.status, 0) << b.err;
  EXPECT_NE(b.out.find("named rulesets with these P-positions in the window: queen-bee"), std::string::npos) << b.out;
}

TEST(CliMorphic, FindMorphism) {
  auto r = run_cli("game queen-bee --find-morphism --guess-letters 2^14 --verify 1e5");
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.out.substr(0, r.out.find('\n')), "queen-bee: morphic with a->ab,b->aa, verified to 100000 letters" +
                                                   r.out.substr(r.out.find(" ("), r.out.find('\n') - r.out.find(" (")));
  EXPECT_EQ(run_cli("game --find-morphism").status, 2);
  EXPECT_EQ(run_cli("game --from-morphism 'a->ab,b->a' --census").status, 2);
  EXPECT_EQ(run_cli("game --from-morphism 'a->ab,b->a' --window 2^20").status, 2);
}

}  // namespace
