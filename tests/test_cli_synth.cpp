// Seed 001's own Walnut statements (§5–6) run through `queengames prove` with the shipped
// automata, the empress claims carrying them as proofs, and `prove --synthesize`.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <utility>

#include <nlohmann/json.hpp>

#include "cli_runner.hpp"
#include "queengames/claims.hpp"
#include "queengames/prover.hpp"

namespace {

std::string seed001(const std::string& name) {
  std::ifstream in(std::string(QG_SOURCE_DIR) + "/tests/walnut/seed001/" + name + ".txt");
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

// Every eval of the file is TRUE (the paper: "Walnut returns TRUE"), and the claim's proof is
// the file word for word — but for `misprint`, replaced by its correction.
void expect_proved(const std::string& file, const std::string& claim, std::size_t evals,
                   std::pair<std::string, std::string> misprint = {}) {
  auto r = run_cli("prove --json " + std::string(QG_SOURCE_DIR) + "/tests/walnut/seed001/" + file + ".txt");
  ASSERT_EQ(r.status, 0) << r.err;
  auto j = nlohmann::json::parse(r.out);
  std::size_t seen = 0;
  for (const auto& step : j)
    if (step.contains("truth")) {
      EXPECT_EQ(step["truth"], true) << file << ": " << step["name"];
      ++seen;
    }
  EXPECT_EQ(seen, evals) << file;
  auto claims = qg::select_claims({claim});
  ASSERT_EQ(claims.size(), 1u);
  std::string text = seed001(file);
  if (!misprint.first.empty()) {
    ASSERT_NE(text.find(misprint.first), std::string::npos) << file;
    text.replace(text.find(misprint.first), misprint.first.size(), misprint.second);
  }
  EXPECT_EQ(claims[0].proof, text) << claim;
}

// Seed 001 §5, eq. (1) for the Queen Dee: Shallit's one-liner `fokkink`.
TEST(Seed001Walnut, FokkinkEq1QueenDee) { expect_proved("fokkink", "empress.eq1", 1); }
// Seed 001 §5, Theorem 6: `table2`, with uaut, vaut defined from triba, tribc, tribe.
TEST(Seed001Walnut, Theorem6Table2) { expect_proved("theorem6", "empress.theorem6", 1); }
// Seed 001 §6, Theorem 5: `good` and check1–check3. The printed check3 is TRUE but vacuous (it
// reads $uaut for $vaut: Misprints.Seed001Theorem5Check3ReadsUautForVaut); the claim corrects it.
TEST(Seed001Walnut, Theorem5GoodAndThreeChecks) {
  expect_proved("theorem5", "empress.theorem5", 3, {"(Eb $uaut(n,b) & y>=b)", "(Eb $vaut(n,b) & y>=b)"});
}
// Seed 001 §5: Wythoff's a_{b_n} = a_n + b_n (Gardner), in msd_fib.
TEST(Seed001Walnut, WythoffExactlyZero) { expect_proved("wythoff", "empress.wythoff_eq1", 1); }

// The Queen Bee's claim says why it has no proof (Rampersad–Stipulanti).
TEST(Seed001Walnut, QueenBeeSaysWhyNotProved) {
  auto claims = qg::select_claims({"empress.theorem8"});
  ASSERT_EQ(claims.size(), 1u);
  EXPECT_TRUE(claims[0].proof.empty());
  EXPECT_NE(claims[0].statement.find("not synchronized (Rampersad–Stipulanti"), std::string::npos);
}

TEST(CliSynthesize, WritesTheCertifiedAutomaton) {
  auto path = std::filesystem::temp_directory_path() / "qg_cli_synth_triba.txt";
  auto r = run_cli("prove --synthesize A003144 --system msd_trib --out " + path.string());
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.err.find("triba: 11 states in msd_trib, agrees with s(n) for n < 755476"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("eval triba_next: TRUE"), std::string::npos) << r.err;
  std::ifstream in(path);
  std::stringstream text;
  text << in.rdbuf();
  EXPECT_EQ(text.str(), qg::prover::shipped_automaton("triba"));
  std::filesystem::remove(path);
  auto j = run_cli("prove --synthesize wytha --json --longest 16");
  ASSERT_EQ(j.status, 0) << j.err;
  auto o = nlohmann::json::parse(j.out);
  EXPECT_EQ(o["certified"], true);
  EXPECT_EQ(o["states"], 8);
  EXPECT_EQ(o["terms"], "2584");  // F_18: every n of at most 16 Zeckendorf digits
  EXPECT_EQ(o["automaton"], qg::prover::shipped_automaton("wytha"));
}

TEST(CliSynthesize, Errors) {
  auto unknown = run_cli("prove --synthesize A000045");
  EXPECT_EQ(unknown.status, 2);
  EXPECT_NE(unknown.err.find("queengames: no synthesizable sequence named 'A000045'"), std::string::npos)
      << unknown.err;
  auto both = run_cli("prove --synthesize xaut -e 'eval x \"Ax x=x\":'");
  EXPECT_EQ(both.status, 2);
  auto out_alone = run_cli("prove -e 'eval x \"Ax x=x\":' --out /tmp/x");
  EXPECT_EQ(out_alone.status, 2);
  // The Queen Dee's a_n is not synchronized in base 2: no table of ≤ 12 letters closes.
  auto base2 = run_cli("prove --synthesize xaut --system msd_2 --longest 12");
  EXPECT_EQ(base2.status, 2);
  EXPECT_NE(base2.err.find("no hypothesis agrees"), std::string::npos) << base2.err;
}

}  // namespace
