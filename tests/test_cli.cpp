// The CLI conventions every command shares (DEVELOPERS.md): --help, exit statuses,
// "queengames: <message>" errors, numbers like 1e9, atomic --out files.
#include <gtest/gtest.h>

#include <filesystem>

#include <nlohmann/json.hpp>

#include "cli_runner.hpp"

namespace fs = std::filesystem;

TEST(Cli, HelpAndVersionSucceed) {
  auto help = run_cli("--help");
  EXPECT_EQ(help.status, 0);
  EXPECT_NE(help.out.find("bfile"), std::string::npos);
  EXPECT_NE(help.out.find("check"), std::string::npos);
  EXPECT_NE(help.out.find("tour"), std::string::npos);
  for (const char* command : {"bfile", "check", "tour", "draw"}) {
    auto r = run_cli(std::string(command) + " --help");
    EXPECT_EQ(r.status, 0) << command;
    EXPECT_NE(r.out.find("Usage"), std::string::npos) << command;
  }
  auto version = run_cli("--version");
  EXPECT_EQ(version.status, 0);
  EXPECT_NE(version.out.find("queengames"), std::string::npos);
}

TEST(Cli, BadUsageIsExitTwoWithAMessage) {
  for (const char* args : {"", "no-such-command", "bfile --no-such-option", "check no.such.claim", "bfile A999999 10",
                           "bfile A000201 0", "bfile A000201 -5", "bfile A000201 ten", "bfile A000201"}) {
    auto r = run_cli(args);
    EXPECT_EQ(r.status, 2) << args;
    EXPECT_EQ(r.err.rfind("queengames: ", 0), 0u) << args << " printed: " << r.err;
    EXPECT_EQ(r.err.find("terminate"), std::string::npos) << args;
  }
}

TEST(Cli, BfileUsesTheOeisOffsetAndAcceptsPowerNotation) {
  auto r = run_cli("bfile A000201 5");
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.out, "1 1\n2 3\n3 4\n4 6\n5 8\n");  // floor(nφ) from n = 1
  auto big = run_cli("bfile A000201 10^3");
  ASSERT_EQ(big.status, 0) << big.err;
  EXPECT_NE(big.out.find("\n1000 1618\n"), std::string::npos);
}

TEST(Cli, OutFileIsAtomicAndUnwritablePathsAreRefused) {
  fs::path p = fs::temp_directory_path() / "qg_cli_bfile.txt";
  fs::remove(p);
  auto r = run_cli("bfile A000201 3 --out " + p.string());
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_TRUE(fs::exists(p));
  fs::remove(p);
  auto bad = run_cli("bfile A000201 3 --out /nonexistent-dir/x.txt");
  EXPECT_EQ(bad.status, 2);
  EXPECT_NE(bad.err.find("cannot write /nonexistent-dir/x.txt"), std::string::npos) << bad.err;
}

TEST(Cli, CheckListsClaimsAndExitsZeroWhenTheyPass) {
  auto list = run_cli("check --list");
  ASSERT_EQ(list.status, 0) << list.err;
  auto json = run_cli("check --list --json");
  ASSERT_EQ(json.status, 0) << json.err;
  EXPECT_EQ(json.out.front(), '[');
}

// Each claim's bounds are in its own unit: tour ≤ standard ≤ deep ≤ max, shown by --list.
TEST(Cli, CheckListShowsEachClaimsUnitAndBounds) {
  auto json = run_cli("check --list --json");
  ASSERT_EQ(json.status, 0) << json.err;
  auto number = [](const nlohmann::json& v) {  // bounds beyond 2^53 come as strings
    return v.is_string() ? std::stoull(v.get<std::string>()) : v.get<std::uint64_t>();
  };
  const auto list = nlohmann::json::parse(json.out);
  ASSERT_GT(list.size(), 70u);
  for (const auto& c : list) {
    const std::string id = c.at("id");
    EXPECT_FALSE(c.at("unit").get<std::string>().empty()) << id;
    EXPECT_LE(number(c.at("tour_bound")), number(c.at("default_bound"))) << id;
    EXPECT_LE(number(c.at("default_bound")), number(c.at("deep_bound"))) << id;
    EXPECT_LE(number(c.at("deep_bound")), number(c.at("max_bound"))) << id;
  }
  auto text = run_cli("check exile.theorem20 --list");
  ASSERT_EQ(text.status, 0) << text.err;
  EXPECT_NE(text.out.find("rows: 5000000 by default, 1000000000 with --deep"), std::string::npos) << text.out;
}

// --bound is one claim's, in its unit; a group takes --deep (README's examples).
TEST(Cli, CheckBoundAppliesToOneClaimAndDeepToAGroup) {
  auto group = run_cli("check exile --bound 1e7");
  EXPECT_EQ(group.status, 2);
  EXPECT_NE(group.err.find("--bound applies to one claim"), std::string::npos) << group.err;
  EXPECT_NE(run_cli("check exile.slope --bound 10 --deep").status, 0);
  auto one = run_cli("check exile.theorem20 --bound 1e5");
  ASSERT_EQ(one.status, 0) << one.err;
  EXPECT_EQ(one.out.rfind("PASS exile.theorem20 bound 100000 rows ", 0), 0u) << one.out;
  auto deep = run_cli("check exile.lemma8 exile.lemma9 --deep");
  ASSERT_EQ(deep.status, 0) << deep.err;
  EXPECT_NE(deep.out.find("PASS exile.lemma8 bound 72 n"), std::string::npos) << deep.out;
  EXPECT_NE(deep.out.find("PASS exile.lemma9 bound 72 n"), std::string::npos) << deep.out;
}
