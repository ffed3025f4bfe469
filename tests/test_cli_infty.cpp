// queengames infty-queens: b-files, statistics, bad input, and checkpoints through the CLI.
#include <gtest/gtest.h>

#include <csignal>
#include <filesystem>
#include <fstream>
#include <regex>

#include <nlohmann/json.hpp>

#include "cli_runner.hpp"

namespace fs = std::filesystem;

namespace {

#ifdef QG_SANITIZED
const std::string kRun = "30000", kPart = "10000";
#else
const std::string kRun = "3000000", kPart = "1000000";
#endif

fs::path scratch(const std::string& name) {
  fs::path dir = fs::temp_directory_path() / ("qg_cli_infty_" + std::to_string(::getpid()));
  fs::create_directories(dir);
  return dir / name;
}

// The statistics of a --json run, without what depends on the run's timing and history.
nlohmann::json results(const std::string& out) {
  nlohmann::json j = nlohmann::json::parse(out);
  for (const char* key : {"seconds", "cpu_seconds", "peak_engine_bytes", "max_rss_bytes", "resumed_from"}) j.erase(key);
  return j;
}

}  // namespace

TEST(CliInfty, BfileStartsWithSeed000Eq48PlusOne) {
  auto r = run_cli("infty-queens 12 --bfile --quiet");
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.out, "1 1\n2 3\n3 5\n4 2\n5 4\n6 9\n7 11\n8 13\n9 15\n10 6\n11 8\n12 19\n");
  auto catalog = run_cli("bfile A275895 5");  // the same sequence from 0, 0-based (eq. (48))
  ASSERT_EQ(catalog.status, 0) << catalog.err;
  EXPECT_EQ(catalog.out, "0 0\n1 2\n2 4\n3 1\n4 3\n");
}

TEST(CliInfty, JsonHasKnuthsStatistics) {
  auto r = run_cli("infty-queens 1e5 --json");
  ASSERT_EQ(r.status, 0) << r.err;
  auto j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j["terms"], 100000);
  EXPECT_EQ(j["high_terms"].get<int>() + j["low_terms"].get<int>(), 100000);
  EXPECT_EQ(j["records"]["high_min"][0]["n"], 1);
  EXPECT_EQ(j["records"]["high_min"][0]["value"], "-0.618033989");
  EXPECT_EQ(j["records"]["high_min"][0]["exact"], "1 - φ");
  EXPECT_FALSE(j["histograms"]["low_floor"].empty());
  EXPECT_EQ(j["probes"]["8"].get<int>() > 0, true);
  EXPECT_LE(j["windows"]["max_scan"].get<int>(), 8);
  auto table = run_cli("infty-queens 1e5");
  ASSERT_EQ(table.status, 0) << table.err;
  EXPECT_NE(table.out.find("Knuth's records"), std::string::npos) << table.out;
  EXPECT_NE(table.out.find("-0.618033989"), std::string::npos) << table.out;
}

TEST(CliInfty, BadInputIsExitTwoWithAMessage) {
  for (const char* args :
       {"infty-queens", "infty-queens 0", "infty-queens -5", "infty-queens abc", "infty-queens 2^63",
        "infty-queens 10 --bfile --json", "infty-queens 10 --stats --json",
        "infty-queens 10 --resume /nonexistent/x.ckpt", "infty-queens 10 --checkpoint-every 0", "infty-queens 2^62"}) {
    auto r = run_cli(args);
    EXPECT_EQ(r.status, 2) << args;
    EXPECT_EQ(r.err.rfind("queengames: ", 0), 0u) << args << " printed: " << r.err;
  }
  auto range = run_cli("infty-queens 2^63");
  EXPECT_NE(range.err.find("1..4611686018427387904"), std::string::npos) << range.err;
}

TEST(CliInfty, ResumeGivesTheStraightRunsResults) {
  fs::path part = scratch("part.ckpt"), whole = scratch("whole.ckpt");
  auto straight = run_cli("infty-queens " + kRun + " --json --checkpoint " + whole.string());
  ASSERT_EQ(straight.status, 0) << straight.err;
  ASSERT_TRUE(fs::exists(whole));
  auto first = run_cli("infty-queens " + kPart + " --quiet --checkpoint " + part.string());
  ASSERT_EQ(first.status, 0) << first.err;
  auto second =
      run_cli("infty-queens " + kRun + " --json --resume " + part.string() + " --checkpoint " + part.string());
  ASSERT_EQ(second.status, 0) << second.err;
  EXPECT_EQ(results(second.out), results(straight.out));
  EXPECT_EQ(nlohmann::json::parse(second.out)["resumed_from"], std::stoi(kPart));
  // Both runs end in the same checkpoint, byte for byte.
  std::ifstream a(whole, std::ios::binary), b(part, std::ios::binary);
  EXPECT_TRUE(std::equal(std::istreambuf_iterator<char>(a), {}, std::istreambuf_iterator<char>(b), {}));
  // A b-file resumes where the checkpoint stands.
  auto tail = run_cli("infty-queens " + std::to_string(std::stoi(kPart) + 3) + " --bfile --resume " + part.string());
  EXPECT_EQ(tail.status, 2) << "the checkpoint now holds more terms than asked";
  auto more = run_cli("infty-queens " + std::to_string(std::stoi(kRun) + 2) + " --bfile --resume " + whole.string());
  ASSERT_EQ(more.status, 0) << more.err;
  EXPECT_EQ(more.out.rfind(std::to_string(std::stoi(kRun) + 1) + " ", 0), 0u) << more.out;
  fs::remove_all(part.parent_path());
}

TEST(CliInfty, BadCheckpointFilesAreRefused) {
  fs::path good = scratch("good.ckpt"), foreign = scratch("foreign.ckpt"), cut = scratch("cut.ckpt");
  ASSERT_EQ(run_cli("infty-queens 1e5 --quiet --checkpoint " + good.string()).status, 0);
  std::ofstream(foreign) << "queengames b-file\n1 1\n";
  std::string bytes;
  {
    std::ifstream in(good, std::ios::binary);
    bytes.assign(std::istreambuf_iterator<char>(in), {});
  }
  std::ofstream(cut, std::ios::binary) << bytes.substr(0, bytes.size() - 100);
  auto f = run_cli("infty-queens 1e6 --resume " + foreign.string());
  EXPECT_EQ(f.status, 2);
  EXPECT_NE(f.err.find("not an infty-queens checkpoint"), std::string::npos) << f.err;
  auto c = run_cli("infty-queens 1e6 --resume " + cut.string());
  EXPECT_EQ(c.status, 2);
  EXPECT_NE(c.err.find("truncated"), std::string::npos) << c.err;
  auto small = run_cli("infty-queens 1000 --resume " + good.string());
  EXPECT_EQ(small.status, 2);
  EXPECT_NE(small.err.find("more than N = 1000"), std::string::npos) << small.err;
  // Issue 36 §5: a folder was "not an infty-queens checkpoint (wrong magic number)".
  auto folder = run_cli("infty-queens 3e6 --resume " + good.parent_path().string());
  EXPECT_EQ(folder.status, 2);
  EXPECT_EQ(folder.err,
            "queengames: cannot read " + good.parent_path().string() + ": it is a folder, not a checkpoint file\n");
  fs::remove_all(good.parent_path());
}

// Issue 36 §5: the text summary says it holds statistics (it announced q_n and printed none).
TEST(CliInfty, TheSummarySaysItHoldsStatistics) {
  auto r = run_cli("infty-queens 20");
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.out.substr(0, r.out.find('\n')),
            "∞-queens (seed 002): statistics of q_n for n = 1..20 (--bfile prints the terms)");
  EXPECT_NE(r.out.find("high terms (q_n ≥ n): 13   low terms (q_n < n): 7"), std::string::npos) << r.out;
}

// Issue 21 §4: a resumed run keeps checkpointing to the file it resumed from, so that a second
// interruption loses nothing since the resume; --checkpoint-every needs a file to write.
TEST(CliInfty, ResumedRunCheckpointsToItsFile) {
  fs::path file = scratch("again.ckpt");
  ASSERT_EQ(run_cli("infty-queens 1e5 --quiet --checkpoint " + file.string()).status, 0);
  auto resumed = run_cli("infty-queens 3e5 --quiet --json --resume " + file.string());
  ASSERT_EQ(resumed.status, 0) << resumed.err;
  auto again = run_cli("infty-queens 3e5 --json --resume " + file.string());
  ASSERT_EQ(again.status, 0) << again.err;
  EXPECT_EQ(nlohmann::json::parse(again.out)["resumed_from"], 300000) << "the resumed run left its end in the file";
  auto every = run_cli("infty-queens 1e5 --checkpoint-every 5");
  EXPECT_EQ(every.status, 2);
  EXPECT_NE(every.err.find("--checkpoint-every needs --checkpoint"), std::string::npos) << every.err;
  EXPECT_EQ(run_cli("infty-queens 1e5 --quiet --checkpoint-every 5 --resume " + file.string()).status, 2)
      << "the file holds more terms than asked";
  fs::remove_all(file.parent_path());
}

TEST(CliInfty, SigtermWritesACheckpointToResumeFrom) {
  fs::path file = scratch("signal.ckpt"), err = scratch("signal.err");
  std::string command = "sh -c '" + std::string(QG_CLI) + " infty-queens 1e12 --force --quiet --checkpoint " +
                        file.string() + " 2>" + err.string() + " & pid=$!; sleep 2; kill -TERM $pid; wait $pid'";
  int raw = std::system(command.c_str());
  ASSERT_TRUE(WIFEXITED(raw));
  EXPECT_EQ(WEXITSTATUS(raw), 130);
  std::ifstream in(err);
  std::string message((std::istreambuf_iterator<char>(in)), {});
  std::smatch m;
  ASSERT_TRUE(std::regex_search(message, m, std::regex("interrupted at n = (\\d+); checkpoint written to"))) << message;
  const std::string at = m[1];
  ASSERT_TRUE(fs::exists(file));
  const std::string to = std::to_string(std::stoull(at) + 1000);
  auto resumed = run_cli("infty-queens " + to + " --json --resume " + file.string());
  ASSERT_EQ(resumed.status, 0) << resumed.err;
  auto straight = run_cli("infty-queens " + to + " --json");
  ASSERT_EQ(straight.status, 0) << straight.err;
  EXPECT_EQ(results(resumed.out), results(straight.out));
  fs::remove_all(file.parent_path());
}
