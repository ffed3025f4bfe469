// queengames sweep and blocking --checkpoint on one process (no mpirun; tests/mpi/check.sh runs
// them under mpirun): the tables and what the command reports, a resumed run, bad input.
#include <gtest/gtest.h>

#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "cli_runner.hpp"

namespace fs = std::filesystem;

namespace {

std::string slurp(const fs::path& p) {
  std::ifstream in(p);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

struct Dir {
  fs::path path;
  explicit Dir(const std::string& name)
      : path(fs::temp_directory_path() / ("qg-cli-sweep-" + std::to_string(::getpid()) + "-" + name)) {
    fs::remove_all(path);
  }
  ~Dir() { fs::remove_all(path); }
};

TEST(CliSweep, TablesAndResume) {
  Dir d("t2t");
  auto r = run_cli("sweep t2t --range 1..5 --size 500 --shard 2 --out " + d.path.string() + " --json");
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.out.find("\"computed\":3"), std::string::npos) << r.out;
  const std::string csv = slurp(d.path / "sweep.csv");
  EXPECT_EQ(csv.substr(0, csv.find('\n')), "# queengames sweep t2t --range 1..5 --size 500 --shard 2");
  // T = 1 is Maharaja Nim (seed 003 §1), which differs from Wythoff Nim from its first
  // P-position on ((1,2) is a move): first difference 1, as the kl-maharaja (1,2) member.
  EXPECT_NE(csv.find("\n1,t2t:1,500,1,"), std::string::npos) << csv;
  EXPECT_NE(slurp(d.path / "sweep.json").find("\"rows\": ["), std::string::npos);
  fs::remove(d.path / "shard-0000001.csv");
  auto again = run_cli("sweep t2t --range 1..5 --size 500 --shard 2 --out " + d.path.string());
  ASSERT_EQ(again.status, 0) << again.err;
  EXPECT_NE(again.out.find("1 computed now on 1 rank, 2 resumed"), std::string::npos) << again.out;
  EXPECT_EQ(slurp(d.path / "sweep.csv"), csv);
}

TEST(CliSweep, BadInput) {
  Dir d("bad");
  for (const char* args :
       {"sweep nosuch --range 1..3", "sweep blocking --range 4..3", "sweep blocking --range 1..3 --size 2"}) {
    auto r = run_cli(std::string(args) + " --out " + d.path.string());
    EXPECT_EQ(r.status, 2) << args;
    EXPECT_EQ(r.err.rfind("queengames: ", 0), 0u) << r.err;
  }
  std::ofstream(d.path.string() + "-file") << "x";
  auto r = run_cli("sweep blocking --range 1..3 --out " + d.path.string() + "-file/sub");
  EXPECT_EQ(r.status, 2);
  EXPECT_NE(r.err.find("cannot make the directory"), std::string::npos) << r.err;
  fs::remove(d.path.string() + "-file");
}

// One slab on one process with checkpoints: the summary of the plain engine, and a run of 300
// rows continued to 500 from its checkpoint.
TEST(CliSweep, PalaceCountWithCheckpoints) {
  Dir d("ck");
  auto want = run_cli("blocking 50 --size 700x500 --engine plain");
  auto first = run_cli("blocking 50 --size 700x300 --checkpoint " + d.path.string());
  ASSERT_EQ(first.status, 0) << first.err;
  EXPECT_EQ(slurp(d.path / "checkpoint-of-1").substr(0, 4), "300\n");  // then its checksum line
  auto resumed = run_cli("blocking 50 --size 700x500 --checkpoint " + d.path.string());
  ASSERT_EQ(resumed.status, 0) << resumed.err;
  EXPECT_EQ(resumed.out, want.out);
  auto past = run_cli("blocking 50 --size 700x200 --checkpoint " + d.path.string());
  EXPECT_EQ(past.status, 2);
  EXPECT_NE(past.err.find("past the height 200"), std::string::npos) << past.err;
  auto table = run_cli("blocking 50 --size 70 --table --checkpoint " + d.path.string());
  EXPECT_EQ(table.status, 2);
  // Issue 28 §1: one byte of the slab changed was resumed from, to another sum64; refused now.
  const fs::path slab = d.path / "slab-0-of-1-row-500.bin";
  std::string bytes = slurp(slab);
  ASSERT_GT(bytes.size(), 200u);
  bytes[150] = static_cast<char>(bytes[150] ^ 1);
  std::ofstream(slab, std::ios::binary) << bytes;
  auto damaged = run_cli("blocking 50 --size 700x600 --checkpoint " + d.path.string());
  EXPECT_EQ(damaged.status, 2);
  EXPECT_NE(damaged.err.find("checksum mismatch"), std::string::npos) << damaged.err;
}

// Issue 28 §1: in a finished sweep, a shard cut short and one given an extra row were merged
// (a row of 5 of its 17 columns); now each is named and computed again, and the tables are
// those of an undisturbed run.
TEST(CliSweep, DamagedShardsAreComputedAgain) {
  Dir d("damaged");
  const std::string args = "sweep blocking --range 1..6 --size 60 --out " + d.path.string();
  ASSERT_EQ(run_cli(args).status, 0);
  const std::string csv = slurp(d.path / "sweep.csv");
  fs::remove(d.path / "sweep.csv");
  fs::resize_file(d.path / "shard-0000004.csv", 50);
  std::ofstream(d.path / "shard-0000002.csv", std::ios::app) << "999,1,2\n";
  auto r = run_cli(args);
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.err.find("shard 4 in "), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("shard 2 in "), std::string::npos) << r.err;
  EXPECT_NE(r.out.find("(2 computed now"), std::string::npos) << r.out;
  EXPECT_EQ(slurp(d.path / "sweep.csv"), csv);
}

}  // namespace
