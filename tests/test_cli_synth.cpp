// Seed 001's own Walnut statements (§5–6) run through `queengames prove` with the shipped
// automata, the empress claims carrying them as proofs, and `prove --synthesize`.
#include <gtest/gtest.h>
#include <sys/resource.h>
#include <unistd.h>

#include <algorithm>
#include <csignal>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <regex>
#include <sstream>
#include <utility>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "cli_runner.hpp"
#include "queengames/claims.hpp"
#include "queengames/papers.hpp"
#include "queengames/prover.hpp"
#include "queengames/synth.hpp"
#include "test_support.hpp"

namespace {

std::string seed001(const std::string& name) {
  std::ifstream in(std::string(QG_SOURCE_DIR) + "/data/proofs/empress/" + name + ".txt");
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

// Every eval of the paper's statements, as the claim's proof file holds them (data/proofs/empress/,
// the one copy), is TRUE (the paper: "Walnut returns TRUE") when `prove` runs the file alone, and
// the claim's proof is the file word for word.
void expect_proved(const std::string& file, const std::string& claim, std::size_t evals) {
  auto r = run_cli("prove --json " + std::string(QG_SOURCE_DIR) + "/data/proofs/empress/" + file + ".txt");
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
  EXPECT_EQ(claims[0].proof, seed001(file)) << claim;
}

// Seed 001 §5, eq. (1) for the Queen Dee: Shallit's one-liner `fokkink`.
TEST(Seed001Walnut, FokkinkEq1QueenDee) { expect_proved("fokkink", "empress.eq1", 1); }
// Seed 001 §5, Theorem 6: `table2`, with uaut, vaut defined from triba, tribc, tribe.
TEST(Seed001Walnut, Theorem6Table2) { expect_proved("theorem6", "empress.theorem6", 1); }
// Seed 001 §6, Theorem 5: `good` and check1–check3, check3 corrected: the printed one is TRUE but
// vacuous (it reads $uaut for $vaut: Misprints.Seed001Theorem5Check3ReadsUautForVaut).
TEST(Seed001Walnut, Theorem5GoodAndThreeChecks) {
#ifdef QG_SANITIZED
  // 103,644 states inside `good`: a minute and a half under the sanitizers, whose build runs the
  // same constructions in the smaller proofs of this file.
  GTEST_SKIP() << "proved in the Release run";
#endif
  expect_proved("theorem5", "empress.theorem5", 3);
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

// game RULESET --prove (issue 38): the theorem as a new Walnut folder that reruns TRUE, here and
// (by its README) in Walnut; the 2-Queen in its own system, a→aab, b→a, written to Custom Bases/.
// The sanitizers' build proves 3-Blocking Wythoff instead (msd_fib, by the palace rule: seconds
// there, where learning the 2-Queen takes half a minute and more).
TEST(CliGameProve, WritesAWalnutFolderThatRerunsTrue) {
  namespace fs = std::filesystem;
  struct Case {
    std::string ruleset, system, stem;
    std::size_t evals;
    bool custom_bases;
  };
  const Case c = kSanitized ? Case{"blocking:3", "msd_fib", "blocking_3", 6, false}
                            : Case{"kqueen:2", "msd_kqueen_2", "kqueen_2", 7, true};
  const fs::path dir = fs::temp_directory_path() / fmt::format("qg_game_prove_{}", ::getpid());
  fs::remove_all(dir);
  auto r = run_cli(fmt::format("game {} --prove --json --out {}", c.ruleset, dir.string()));
  ASSERT_EQ(r.status, 0) << r.err;
  auto j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j["status"], "PROVED");
  EXPECT_EQ(j["system"], c.system);
  EXPECT_EQ(j["certification"].size(), c.evals);
  for (const std::string& file : {"Automata Library/" + c.stem + "a.txt", "Automata Library/" + c.stem + "b.txt",
                                  "Command Files/" + c.stem + ".txt", std::string("README.txt")})
    EXPECT_TRUE(fs::is_regular_file(dir / file)) << file;
  EXPECT_EQ(fs::is_regular_file(dir / "Custom Bases" / (c.system + ".txt")), c.custom_bases);
  EXPECT_EQ(fs::is_regular_file(dir / "Custom Bases" / (c.system + "_addition.txt")), c.custom_bases);
  auto again = run_cli(fmt::format("prove --json --walnut-home {0} '{0}/Command Files/{1}.txt'", dir.string(), c.stem));
  ASSERT_EQ(again.status, 0) << again.err;
  std::size_t evals = 0;
  for (const auto& result : nlohmann::json::parse(again.out))
    if (result["command"] == "eval") {
      EXPECT_EQ(result["truth"], true) << result["name"];
      ++evals;
    }
  EXPECT_EQ(evals, c.evals);
  // A folder that holds something is never written into; an empty one is filled.
  auto busy = run_cli("game wythoff --prove --out " + dir.string());
  EXPECT_EQ(busy.status, 2);
  EXPECT_NE(busy.err.find("is not empty"), std::string::npos) << busy.err;
  EXPECT_FALSE(fs::exists(dir / "Command Files/wythoff.txt"));
  fs::remove_all(dir);
  if (kSanitized) return;  // a second proof is most of a minute there; the Release build runs it
  fs::create_directories(dir);
  auto empty = run_cli("game wythoff --prove --out " + dir.string());
  ASSERT_EQ(empty.status, 0) << empty.err;
  EXPECT_NE(empty.out.find("wythoff: PROVED in msd_fib"), std::string::npos) << empty.out;
  EXPECT_TRUE(fs::is_regular_file(dir / "Command Files/wythoff.txt"));
  EXPECT_FALSE(fs::exists(dir / "Custom Bases"));  // Walnut has msd_fib
  fs::remove_all(dir);
}

TEST(CliGameProve, Refusals) {
  auto no_rook = run_cli("game 'jumps:(1,2),(2,1)' --prove");
  EXPECT_EQ(no_rook.status, 2);
  EXPECT_NE(no_rook.err.find("--prove needs rook moves"), std::string::npos) << no_rook.err;
  auto two_modes = run_cli("game wythoff --prove --p-positions 5");
  EXPECT_EQ(two_modes.status, 2);
  EXPECT_NE(two_modes.err.find("--prove takes none of"), std::string::npos) << two_modes.err;
  auto alone = run_cli("game wythoff --system msd_fib --p-positions 5");
  EXPECT_EQ(alone.status, 2);
  EXPECT_NE(alone.err.find("go with --prove"), std::string::npos) << alone.err;
  // The Queen Bee's P-positions are not synchronized (seed 001 Theorem 8): each system says why,
  // and nothing is written.
  auto bee = run_cli("game queen-bee --prove --out /tmp/qg_never_written");
  EXPECT_EQ(bee.status, 2);
  EXPECT_NE(bee.out.find("msd_2: learning: no hypothesis agrees"), std::string::npos) << bee.out;
  EXPECT_NE(bee.err.find("queen-bee: not proved in any system tried (above); nothing was written"), std::string::npos)
      << bee.err;
  EXPECT_FALSE(std::filesystem::exists("/tmp/qg_never_written"));
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

// ---- docs/FAMILIES.md's table ----------------------------------------------------

// Every member of the three game families (qg::synth::game_family_members) as `prove
// --synthesize NAME` leaves it under a cap of kFamilyCpu seconds of CPU time (ulimit -t; CPU,
// not wall-clock, time, so that a loaded machine gives the same table) and kFamilyMemory. The
// learner compares its guess with the terms below a length (`--longest`); when it asks for a
// longer one ("raise the longest word") or the certification finds the guess FALSE, the member
// is run again one letter longer, while the CPU time spent on it stays within the cap.
//
// Running every member takes hours: the table is regenerated by hand (make family-table, which
// sets QG_FAMILY_TABLE=1; QG_FAMILY_TABLE=kqueen5a,queen3_1 reruns only the members beginning
// with those names). In CI the test checks that the table lists exactly the families' members in
// their systems, and reruns its cheapest rows: kFamilyRechecked certified and as many refused,
// among those that took at most kFamilyRecheckCpu seconds.
constexpr unsigned kFamilyCpu = 120;
constexpr const char* kFamilyMemory = "4GiB";
constexpr std::size_t kFamilyRechecked = 2;
constexpr double kFamilyRecheckCpu = 5;
constexpr const char* kNotRun = "not run yet";
constexpr const char* kFamilyBegin = "<!-- family table: generated, do not edit (make family-table) -->";
constexpr const char* kFamilyEnd = "<!-- end of the family table -->";
constexpr const char* kFamilyHeader =
    "| member | system | learned: states (`--longest`) | certified, or why not | CPU s |\n"
    "|---|---|---|---|---|\n";

double children_cpu_seconds() {
  rusage u{};
  ::getrusage(RUSAGE_CHILDREN, &u);
  return static_cast<double>(u.ru_utime.tv_sec + u.ru_stime.tv_sec) +
         static_cast<double>(u.ru_utime.tv_usec + u.ru_stime.tv_usec) / 1e6;
}

struct FamilyRow {
  std::string claim;  // the row without its CPU time: "| member | system | learned | certified |"
  double cpu = 0;
};

// One run of `prove --synthesize member` at `longest` (0: the default) under `cpu_cap` seconds.
struct FamilyRun {
  std::string learned, certified;
  unsigned longest = 0;
  bool again = false;  // refused for a length the next --longest may pass
};

FamilyRun family_run(const std::string& member, unsigned longest, unsigned cpu_cap) {
  std::string command = fmt::format("prove --synthesize {} --memory-limit {}", member, kFamilyMemory);
  if (longest) command += fmt::format(" --longest {}", longest);
  // The shell applies the cap to the CLI it starts; SIGXCPU ends it (128 + 24).
  const auto r = run_cli(command, fmt::format("ulimit -t {};", cpu_cap));
  FamilyRun run;
  std::smatch m;
  const std::regex learned(
      member + ": ([0-9]+) states in \\S+, agrees with s\\(n\\) for n < [0-9]+ \\(words of up to ([0-9]+) letters\\)");
  if (std::regex_search(r.err, m, learned)) {
    run.learned = fmt::format("{} (`--longest {}`)", m[1].str(), m[2].str());
    run.longest = static_cast<unsigned>(std::stoul(m[2].str()));
  }
  std::string why;
  if (r.status == 128 + SIGXCPU || r.status == 128 + SIGKILL) {
    why = fmt::format("stopped at the CPU cap of {} s{}", kFamilyCpu, run.learned.empty() ? " while learning" : "");
  } else if (r.status != 0) {
    const std::regex error("queengames: ([^\\n]*)");
    why = std::regex_search(r.err, m, error) ? m[1].str() : fmt::format("exit {}", r.status);
    const std::regex is_false("eval (\\S+): FALSE");
    if (std::regex_search(r.err, m, is_false)) why = fmt::format("the guess is wrong: eval {} is FALSE", m[1].str());
    run.again = why.find("raise the longest word") != std::string::npos || why.rfind("the guess is wrong", 0) == 0;
    const std::regex compared("longer than the ([0-9]+) compared");
    if (std::regex_search(why, m, compared)) run.longest = static_cast<unsigned>(std::stoul(m[1].str()));
  }
  if (run.learned.empty()) {
    run.learned = "no: " + why;
    run.certified = "—";
  } else {
    run.certified = r.status == 0 ? "yes" : "no: " + why;
  }
  return run;
}

FamilyRow family_row(const std::string& member) {
  const auto& s = qg::synth::find_synthesizable(member);
  const double start = children_cpu_seconds();
  FamilyRun run = family_run(member, 0, kFamilyCpu);
  for (;;) {
    const double spent = children_cpu_seconds() - start;
    if (!run.again || run.longest == 0 || spent + 1 >= kFamilyCpu) break;
    FamilyRun longer = family_run(member, run.longest + 1, static_cast<unsigned>(kFamilyCpu - spent));
    if (longer.certified.rfind("no: stopped at the CPU cap", 0) == 0 && run.certified != "—") break;
    run = longer;
  }
  // Cells hold no '|' (the markdown's separator).
  for (std::string* cell : {&run.learned, &run.certified})
    for (auto& c : *cell)
      if (c == '|') c = '/';
  return {fmt::format("| {} | {} | {} | {} |", member, s.system, run.learned, run.certified),
          children_cpu_seconds() - start};
}

std::string slurp_file(const std::string& path) {
  std::ifstream in(path);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

// The table's rows by member, read from docs/FAMILIES.md, in order.
std::vector<std::pair<std::string, FamilyRow>> family_table(const std::string& doc) {
  std::vector<std::pair<std::string, FamilyRow>> rows;
  const auto b = doc.find(kFamilyBegin), e = doc.find(kFamilyEnd);
  if (b == std::string::npos || e == std::string::npos) return rows;
  std::stringstream lines(doc.substr(b + std::string(kFamilyBegin).size(), e - b - std::string(kFamilyBegin).size()));
  const std::regex row("(\\| (\\S+) \\|.*\\|) ([0-9.]+) \\|");
  std::smatch m;
  for (std::string line; std::getline(lines, line);)
    if (std::regex_match(line, m, row)) rows.push_back({m[2].str(), {m[1].str(), std::stod(m[3].str())}});
  return rows;
}

TEST(FamilyTable, ListsEveryMemberAndItsRowsHold) {
  const std::string path = QG_SOURCE_DIR "/docs/FAMILIES.md";
  const auto members = qg::synth::game_family_members();
  if (const char* only = std::getenv("QG_FAMILY_TABLE")) {
    std::vector<std::string> wanted;
    std::stringstream list(only);
    for (std::string w; std::getline(list, w, ',');) wanted.push_back(w);
    // Written after each member, the file read afresh (runs over other members may share it); a
    // member not run yet says so.
    auto write = [&](const std::string& member, const FamilyRow& fresh) {
      const std::string now = slurp_file(path);
      auto kept = family_table(now);
      std::map<std::string, FamilyRow> by_member(kept.begin(), kept.end());
      if (!member.empty()) by_member[member] = fresh;
      std::string table = kFamilyHeader;
      for (const auto& m : members)
        table += by_member.count(m) ? fmt::format("{} {:.1f} |\n", by_member[m].claim, by_member[m].cpu)
                                    : fmt::format("| {} | {} | {} | {} | 0.0 |\n", m,
                                                  qg::synth::find_synthesizable(m).system, kNotRun, kNotRun);
      const auto b = now.find(kFamilyBegin), e = now.find(kFamilyEnd);
      ASSERT_NE(b, std::string::npos) << "docs/FAMILIES.md has no family table";
      ASSERT_NE(e, std::string::npos);
      const std::string temporary = path + "." + std::to_string(::getpid());
      std::ofstream(temporary) << now.substr(0, b) + kFamilyBegin + "\n" + table + now.substr(e);
      std::filesystem::rename(temporary, path);
    };
    for (const auto& member : members) {
      bool rerun = wanted == std::vector<std::string>{"1"};
      for (const auto& w : wanted) rerun = rerun || member.rfind(w, 0) == 0;
      if (!rerun) continue;
      const FamilyRow fresh = family_row(member);
      std::fprintf(stderr, "%s %.1f\n", fresh.claim.c_str(), fresh.cpu);
      write(member, fresh);
    }
    write({}, {});
    return;
  }
  const auto rows = family_table(slurp_file(path));
  ASSERT_EQ(rows.size(), members.size()) << "docs/FAMILIES.md's table is stale: make family-table";
  for (std::size_t i = 0; i < members.size(); ++i) {
    ASSERT_EQ(rows[i].first, members[i]) << "docs/FAMILIES.md's table is stale: make family-table";
    EXPECT_EQ(rows[i].second.claim.rfind(
                  fmt::format("| {} | {} |", members[i], qg::synth::find_synthesizable(members[i]).system), 0),
              0u)
        << rows[i].second.claim;
  }
  // The cheapest rows certified and refused are what the CLI does now (under the sanitizers,
  // where each run is many times slower, the Release run checks them).
#ifndef QG_SANITIZED
  for (bool certified : {true, false}) {
    std::vector<std::pair<std::string, FamilyRow>> cheapest;
    for (const auto& row : rows)
      if ((row.second.claim.find("| yes |") != std::string::npos) == certified && row.second.cpu <= kFamilyRecheckCpu &&
          row.second.claim.find(kNotRun) == std::string::npos)
        cheapest.push_back(row);
    std::sort(cheapest.begin(), cheapest.end(), [](auto& x, auto& y) { return x.second.cpu < y.second.cpu; });
    if (certified) {
      EXPECT_GE(cheapest.size(), kFamilyRechecked);
    }
    for (std::size_t i = 0; i < std::min(cheapest.size(), kFamilyRechecked); ++i)
      EXPECT_EQ(family_row(cheapest[i].first).claim, cheapest[i].second.claim);
  }
#endif
}

}  // namespace
