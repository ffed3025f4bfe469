// `queengames check` as a referee uses it: the statuses it prints and lists, the table of claims
// in docs/CLAIMS.md (generated from the registry), and a proof's transcript run back through
// `queengames prove`.
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include <nlohmann/json.hpp>

#include "cli_runner.hpp"

namespace {

namespace fs = std::filesystem;

std::string slurp(const fs::path& path) {
  std::ifstream in(path);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

// docs/CLAIMS.md's table is `check --list --markdown` between its markers: regenerate it with
// scripts/claims_table.py when this fails.
TEST(CliCheck, ClaimsTableIsCurrent) {
  const auto table = run_cli("check --list --markdown");
  ASSERT_EQ(table.status, 0) << table.err;
  const std::string doc = slurp(fs::path(QG_SOURCE_DIR) / "docs" / "CLAIMS.md");
  const std::string begin = "<!-- claims table: generated, do not edit (scripts/claims_table.py) -->\n",
                    end = "<!-- end of the claims table -->";
  const auto from = doc.find(begin), to = doc.find(end);
  ASSERT_NE(from, std::string::npos);
  ASSERT_NE(to, std::string::npos);
  EXPECT_EQ(doc.substr(from + begin.size(), to - from - begin.size()), table.out)
      << "docs/CLAIMS.md's table of claims is stale: run scripts/claims_table.py";
  EXPECT_NE(table.out.find("| `exile.conjecture26` | Conjecture 26 (§8) | REFUTED |"), std::string::npos);
  EXPECT_EQ(run_cli("check --markdown").status, 2);
}

// A conjecture refuted by a checked certificate is listed and checked as REFUTED, and `check`
// exits 0: a finding, not a fault.
TEST(CliCheck, ListsWhatEachClaimEstablishes) {
  const auto list = run_cli("check exile.conjecture26 exile.theorem14 --list");
  ASSERT_EQ(list.status, 0) << list.err;
  EXPECT_NE(list.out.find("exile.conjecture26           conjecture  REFUTED          seed 000"), std::string::npos)
      << list.out;
  EXPECT_NE(list.out.find("exile.theorem14              theorem     PROVED           seed 000"), std::string::npos)
      << list.out;
  const auto json = nlohmann::json::parse(run_cli("check exile.conjecture26 --list --json").out);
  EXPECT_EQ(json.at(0).at("status"), "REFUTED");
  const auto run = run_cli("check exile.conjecture26");
  EXPECT_EQ(run.status, 0) << run.err;
  EXPECT_EQ(run.out.rfind("REFUTED exile.conjecture26 to 10 columns ", 0), 0u) << run.out;
}

// The transcript of seed 001's eq. (1), a Walnut folder: the certification of xaut and yaut, the
// fokkink eval and its vacuity evals in Command Files/, the two automata in Automata Library/;
// `prove` reruns it, every eval TRUE (every proof's: test_cli_transcripts.cpp).
TEST(CliCheck, TranscriptRunsBackThroughProve) {
  const fs::path dir = fs::temp_directory_path() / ("qg_transcript_" + std::to_string(::getpid()));
  fs::remove_all(dir);
  const auto check = run_cli("check empress.eq1 --transcript " + dir.string());
  ASSERT_EQ(check.status, 0) << check.err;
  EXPECT_EQ(check.out.rfind("CERTIFIED xaut, yaut ", 0), 0u) << check.out;
  EXPECT_NE(check.out.find("\nPROVED empress.eq1 "), std::string::npos) << check.out;
  const std::string commands = slurp(dir / "Command Files" / "empress.eq1.txt");
  for (const char* part : {"eval xaut_total ", "eval xaut_yaut_kernel ", "eval fokkink ", "eval fokkink_hypothesis ",
                           "eval fokkink_every_n ", "eval fokkink_needs_automata "})
    EXPECT_NE(commands.find(part), std::string::npos) << part;
  EXPECT_TRUE(fs::exists(dir / "Automata Library" / "xaut.txt"));
  EXPECT_TRUE(fs::exists(dir / "Automata Library" / "yaut.txt"));
  const auto rerun =
      run_cli("prove --json '" + (dir / "Command Files" / "empress.eq1.txt").string() + "' --library " + dir.string());
  ASSERT_EQ(rerun.status, 0) << rerun.err;
  std::size_t evals = 0;
  for (const auto& step : nlohmann::json::parse(rerun.out))
    if (step.contains("truth")) {
      EXPECT_EQ(step["truth"], true) << step["name"];
      ++evals;
    }
  EXPECT_EQ(evals, 11u);  // 7 certifying xaut and yaut, fokkink, 3 vacuity evals
  const auto bounded = run_cli("check exile.theorem16 --transcript " + dir.string());
  EXPECT_EQ(bounded.status, 2);
  EXPECT_NE(bounded.err.find("has no proof"), std::string::npos) << bounded.err;
  fs::remove_all(dir);
}

}  // namespace
