// queengames census blocking through the CLI: --json, bad input refused up front, --out never
// overwriting what is not a census, and a run interrupted by SIGINT then resumed giving the
// same census.json byte for byte (tests/mpi/check.sh repeats it under mpirun).
#include <gtest/gtest.h>

#include <fcntl.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <thread>

#include <nlohmann/json.hpp>

#include "cli_runner.hpp"
#include "test_support.hpp"

namespace fs = std::filesystem;

namespace {

std::string slurp(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

struct Dir {
  fs::path path;
  explicit Dir(const std::string& name)
      : path(fs::temp_directory_path() / ("qg-census-cli-" + std::to_string(::getpid()) + "-" + name)) {
    fs::remove_all(path);
  }
  ~Dir() { fs::remove_all(path); }
};

// Whether the process catches SIGINT yet (its handlers are installed).
bool catches_sigint(pid_t pid) {
  std::ifstream in("/proc/" + std::to_string(pid) + "/status");
  for (std::string line; std::getline(in, line);)
    if (line.rfind("SigCgt:", 0) == 0) return (std::stoull(line.substr(7), nullptr, 16) >> (SIGINT - 1)) & 1;
  return false;
}

// Runs the CLI with `args`, sends SIGINT once it has worked `cpu` seconds, and returns its exit
// status and standard error.
std::pair<int, std::string> interrupted_run(const std::vector<std::string>& args, double cpu, const fs::path& err) {
  const pid_t pid = ::fork();
  if (pid == 0) {
    const int out = ::open("/dev/null", O_WRONLY), e = ::open(err.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    ::dup2(out, 1), ::dup2(e, 2);
    std::vector<char*> argv{const_cast<char*>(QG_CLI)};
    for (const auto& a : args) argv.push_back(const_cast<char*>(a.c_str()));
    argv.push_back(nullptr);
    ::execv(QG_CLI, argv.data());
    ::_exit(127);
  }
  const auto end = std::chrono::steady_clock::now() + std::chrono::seconds(120);
  bool signalled = false;
  int raw = 0;
  while (::waitpid(pid, &raw, WNOHANG) == 0) {
    if (std::chrono::steady_clock::now() > end) ::kill(pid, SIGKILL);
    if (!signalled && catches_sigint(pid) && cpu_seconds(pid) >= cpu) ::kill(pid, SIGINT), signalled = true;
    std::this_thread::sleep_for(std::chrono::milliseconds(2));
  }
  return {WIFEXITED(raw) ? WEXITSTATUS(raw) : 128 + WTERMSIG(raw), slurp(err)};
}

}  // namespace

TEST(BlockingCensusCli, JsonAndResume) {
  Dir d("json");
  const std::string args = "census blocking --k 4..6 --depth 200 --rows 50 --spot-every 3 --out " + d.path.string();
  auto r = run_cli(args + " --json");
  ASSERT_EQ(r.status, 0) << r.err;
  const auto j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j["command"], "queengames census blocking --k 4..6 --depth 200 --rows 50 --spot-every 3");
  EXPECT_EQ(j["units"], 15);
  EXPECT_EQ(j["computed"], 15);
  const std::string json = slurp(d.path / "census.json");
  const auto census = nlohmann::json::parse(json);
  ASSERT_EQ(census["games"].size(), 3u);
  EXPECT_EQ(census["games"][1]["k"], 5);
  EXPECT_EQ(census["games"][1]["ca_cells_checked"], 200 * 64);
  // A damaged record is named and computed again; the file is the same.
  fs::resize_file(d.path / "k5" / "unit-2.txt", 10);
  auto again = run_cli(args);
  ASSERT_EQ(again.status, 0) << again.err;
  EXPECT_NE(again.err.find("unit 2 of game 5 in " + d.path.string() + " is damaged"), std::string::npos) << again.err;
  EXPECT_NE(again.out.find("(1 computed now on 1 rank, 14 done before)"), std::string::npos) << again.out;
  EXPECT_EQ(slurp(d.path / "census.json"), json);
}

TEST(BlockingCensusCli, BadInputIsRefusedUpFront) {
  Dir d("bad");
  for (const std::string& args : {std::string("--k 5..4 --depth 100"), std::string("--k 1..2 --depth 2"),
                                  std::string("--k 1..2 --depth 1e30"), std::string("--k 1..2 --depth 100 --rows 0x"),
                                  std::string("--k 1..10^6 --depth 10^4"), std::string("--k 1 --depth 2^31")}) {
    auto r = run_cli("census blocking " + args + " --out " + d.path.string());
    EXPECT_EQ(r.status, 2) << args << ": " << r.err;
    EXPECT_EQ(r.err.rfind("queengames: ", 0), 0u) << args << ": " << r.err;
    EXPECT_FALSE(fs::exists(d.path)) << args;
  }
  // --out: a directory holding the user's files, or another census, is not written into.
  fs::create_directories(d.path);
  std::ofstream(d.path / "notes.txt") << "mine";
  auto r = run_cli("census blocking --k 1..2 --depth 50 --out " + d.path.string());
  EXPECT_EQ(r.status, 2);
  EXPECT_NE(r.err.find("holds no census"), std::string::npos) << r.err;
  EXPECT_EQ(slurp(d.path / "notes.txt"), "mine");
  fs::remove(d.path / "notes.txt");
  ASSERT_EQ(run_cli("census blocking --k 1..2 --depth 50 --out " + d.path.string()).status, 0);
  r = run_cli("census blocking --k 1..3 --depth 50 --out " + d.path.string());
  EXPECT_EQ(r.status, 2);
  EXPECT_NE(r.err.find("holds another census"), std::string::npos) << r.err;
}

// Interrupted part way (SIGINT, as in test_cli_interrupt.cpp) and run again: the census.json of
// an uninterrupted run, byte for byte.
TEST(BlockingCensusCli, InterruptedAndResumedIsTheSame) {
  Dir whole("whole"), cut("cut");
  const std::string depth = kSanitized ? "600" : "2000";
  const std::vector<std::string> args = {"census", "blocking", "--k", "30..45", "--depth",
                                         depth,    "--rows",   "250", "--out",  cut.path.string()};
  std::string straight;
  for (const auto& a : args) straight += (a == cut.path.string() ? whole.path.string() : a) + " ";
  ASSERT_EQ(run_cli(straight).status, 0);
  const auto [status, err] =
      interrupted_run(args, 0.1, fs::temp_directory_path() / ("qg-census-err-" + std::to_string(::getpid())));
  ASSERT_EQ(status, 130) << err;
  EXPECT_NE(err.find("queengames: interrupted; "), std::string::npos) << err;
  EXPECT_FALSE(fs::exists(cut.path / "census.json"));
  for (const auto& entry : fs::recursive_directory_iterator(cut.path))
    EXPECT_EQ(entry.path().filename().string().find(".tmp."), std::string::npos) << entry.path();
  std::string resumed;
  for (const auto& a : args) resumed += a + " ";
  auto r = run_cli(resumed);
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.out.find("(0 computed now"), std::string::npos) << r.out;
  EXPECT_EQ(slurp(cut.path / "census.json"), slurp(whole.path / "census.json"));
}
