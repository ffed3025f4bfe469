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

// A claim with a proof is PROVED by automata (time and largest automaton); --bounded or
// --bound runs its checker instead; --list and --json say which route each claim takes.
TEST(Cli, CheckProvesClaimsThatHaveAProof) {
  auto proved = run_cli("check exile.theorem14 exile.theorem15 --bound 1000 --bounded");
  EXPECT_EQ(proved.status, 2) << "--bound is one claim's";
  proved = run_cli("check exile.theorem14 exile.theorem16");
  ASSERT_EQ(proved.status, 0) << proved.err;
  EXPECT_EQ(proved.out.rfind("PROVED exile.theorem14 ", 0), 0u) << proved.out;
  EXPECT_NE(proved.out.find("s, largest automaton "), std::string::npos) << proved.out;
  EXPECT_NE(proved.out.find("\nPASS exile.theorem16 bound 5000000 n "), std::string::npos) << proved.out;
  auto bounded = run_cli("check exile.theorem14 --bounded");
  ASSERT_EQ(bounded.status, 0) << bounded.err;
  EXPECT_EQ(bounded.out.rfind("PASS exile.theorem14 bound 5000000 n ", 0), 0u) << bounded.out;
  EXPECT_EQ(run_cli("check exile.theorem14 --bound 10 --bounded").status, 2);
  auto list = run_cli("check exile.theorem14 exile.theorem16 --list");
  EXPECT_NE(list.out.find("exile.theorem14              theorem     PROVED           seed 000"), std::string::npos)
      << list.out;
  EXPECT_NE(list.out.find("exile.theorem16              theorem     PASS             seed 000"), std::string::npos)
      << list.out;
  auto json = nlohmann::json::parse(run_cli("check exile.theorem14 --json").out);
  EXPECT_EQ(json.at(0).at("verdict"), "PROVED");
  EXPECT_EQ(json.at(0).at("route"), "proof");
  EXPECT_GT(json.at(0).at("largest_automaton").get<std::uint64_t>(), 1u);
  auto listed = nlohmann::json::parse(run_cli("check exile.theorem14 --list --json").out);
  EXPECT_EQ(listed.at(0).at("route"), "proof");
  EXPECT_NE(listed.at(0).at("proof").get<std::string>().find("eval positions_of_letters"), std::string::npos);
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
  auto deep = run_cli("check exile.lemma8 exile.theorem6 --deep");
  ASSERT_EQ(deep.status, 0) << deep.err;
  EXPECT_NE(deep.out.find("PASS exile.lemma8 bound 72 n"), std::string::npos) << deep.out;
  EXPECT_NE(deep.out.find("PASS exile.theorem6 bound 26 n"), std::string::npos) << deep.out;
}
