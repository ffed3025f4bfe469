// Where the CLI's output goes (issue 21 §1): --out never replaces what it writes into, stale
// temporaries of killed runs are removed, and a failed write on stdout is an error.
#include <gtest/gtest.h>

#include <sys/wait.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include "cli_runner.hpp"

namespace fs = std::filesystem;

namespace {

fs::path fresh_dir(const std::string& name) {
  fs::path dir = fs::temp_directory_path() / ("qg_cli_output_" + name + "_" + std::to_string(::getpid()));
  fs::remove_all(dir);
  fs::create_directories(dir);
  return dir;
}

std::string slurp(const fs::path& p) {
  std::ifstream in(p);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

// Runs a shell command line; returns its exit status.
int shell(const std::string& line) {
  int raw = std::system(line.c_str());
  return WIFEXITED(raw) ? WEXITSTATUS(raw) : 128 + WTERMSIG(raw);
}

}  // namespace

TEST(CliOutput, AWriteErrorOnStdoutIsExitTwo) {
  fs::path dir = fresh_dir("full");
  // 10^5 lines fill stdio's buffer many times over: the failure shows at a write, not only at exit.
  int status = shell(std::string(QG_CLI) + " bfile A000201 1e5 >/dev/full 2>" + (dir / "err").string());
  EXPECT_EQ(status, 2);
  EXPECT_EQ(slurp(dir / "err"), "queengames: write error: No space left on device\n");
  // Short output stays in the buffer until exit: the final flush is checked too.
  status = shell(std::string(QG_CLI) + " bfile A000201 3 >/dev/full 2>" + (dir / "err").string());
  EXPECT_EQ(status, 2);
  EXPECT_EQ(slurp(dir / "err"), "queengames: write error: No space left on device\n");
  fs::remove_all(dir);
}

TEST(CliOutput, OutDashIsStdout) {
  auto r = run_cli("bfile A000201 3 --out -");
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.out, "1 1\n2 3\n3 4\n");
  EXPECT_FALSE(fs::exists("-"));
}

TEST(CliOutput, OutFollowsSymlinksAndWritesDevicesInPlace) {
  fs::path dir = fresh_dir("links");
  fs::create_symlink("/dev/null", dir / "null");  // a link of our own, never /dev/null itself
  auto r = run_cli("bfile A000201 100 --out " + (dir / "null").string());
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_TRUE(fs::is_symlink(dir / "null")) << "the link to /dev/null was replaced by a regular file";
  fs::create_symlink("real.txt", dir / "link.txt");
  r = run_cli("bfile A000201 2 --out " + (dir / "link.txt").string());
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_TRUE(fs::is_symlink(dir / "link.txt"));
  EXPECT_EQ(slurp(dir / "real.txt"), "1 1\n2 3\n");
  // Never name a system device directly: a regression would replace it (as root).
  fs::create_symlink("/dev/full", dir / "full");
  r = run_cli("bfile A000201 2 --out " + (dir / "full").string());
  EXPECT_EQ(r.status, 2);
  EXPECT_NE(r.err.find("No space left on device"), std::string::npos) << r.err;
  fs::remove_all(dir);
}

// Issue 36 §5: a picture goes to standard output and devices as any output does (a PNG, as no
// extension names a format), never into a new file in /dev; every picture says where it went.
TEST(CliOutput, PicturesGoToStdoutAndDevicesAndSayWhereTheyWent) {
  fs::path dir = fresh_dir("pictures");
  auto r = run_cli("draw exile-fig3 --radius 20 --out -");
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.out.substr(0, 8), "\x89PNG\r\n\x1a\n");
  // Not inside the picture; the first line of stderr (under the sanitizers LeakSanitizer's
  // report of its suppressions for fontconfig may follow).
  EXPECT_EQ(r.err.substr(0, r.err.find('\n') + 1), "wrote the picture to standard output\n") << r.err;
  fs::create_symlink("/dev/null", dir / "null");  // a link of our own, never /dev/null itself
  r = run_cli("draw exile-fig3 --radius 20 --out " + (dir / "null").string());
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.out, "wrote " + (dir / "null").string() + "\n");
  EXPECT_TRUE(fs::is_symlink(dir / "null"));
  const std::string stray = "/dev/qg_cli_output_" + std::to_string(::getpid()) + ".svg";
  r = run_cli("draw exile-fig3 --radius 20 --out " + stray);
  EXPECT_EQ(r.status, 2);
  EXPECT_EQ(r.err, "queengames: cannot write " + stray + ": no such device (in /dev only devices are written)\n");
  EXPECT_FALSE(fs::exists(stray));
  fs::remove(stray);
  r = run_cli("draw exile-fig3 --radius 20 --out " + (dir / "x").string());
  EXPECT_EQ(r.status, 2);  // a regular file still names its format
  EXPECT_NE(r.err.find("the picture's format is taken from its extension"), std::string::npos) << r.err;
  // Every command that draws says "wrote F" on stdout, as draw blocking did alone.
  const std::string f = (dir / "f").string();
  for (const std::string& args :
       {"draw exile-fig3 --radius 20 --out " + f + ".png", "draw game wythoff --size 10 --out " + f + ".svg",
        "draw grundy wythoff --size 10 --out " + f + ".pdf", "draw grundy quadrant --queens 10 --out " + f + ".png",
        "draw blocking 3 --size 10 --out " + f + ".png", "grundy wythoff --size 10 --out " + f + ".png",
        "blocking 3 --size 10 --out " + f + ".svg"}) {
    r = run_cli(args);
    ASSERT_EQ(r.status, 0) << args << ": " << r.err;
    EXPECT_EQ(r.out, "wrote " + f + args.substr(args.size() - 4) + "\n") << args;
  }
  r = run_cli("draw blocking 3 --size 10 --compare 4 --out " + f + ".png");
  EXPECT_EQ(r.out, "wrote " + f + ".png: 41.00% of the cells match\n");
  fs::remove_all(dir);
}

TEST(CliOutput, OutWritesIntoAFifo) {
  fs::path dir = fresh_dir("fifo");
  fs::path fifo = dir / "pipe";
  ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
  // A reader in the background, as `--out >(…)` or a named pipe to another program would be.
  int status = shell("cat " + fifo.string() + " >" + (dir / "read").string() + " & " + std::string(QG_CLI) +
                     " bfile A000201 3 --out " + fifo.string() + "; s=$?; wait; exit $s");
  EXPECT_EQ(status, 0);
  EXPECT_TRUE(fs::is_fifo(fs::symlink_status(fifo))) << "the FIFO was replaced by a regular file";
  EXPECT_EQ(slurp(dir / "read"), "1 1\n2 3\n3 4\n");
  fs::remove_all(dir);
}

TEST(CliOutput, TheNextRunRemovesTheTemporaryOfAKilledRunAndSaysSo) {
  fs::path dir = fresh_dir("killed");
  fs::path target = dir / "a.txt";
  // SIGKILL while the temporary is being written (10^9 terms take minutes).
  int status = shell(std::string(QG_CLI) + " -q bfile A000201 1e9 --out " + target.string() +
                     " & pid=$!; for i in $(seq 200); do ls " + dir.string() +
                     " | grep -q tmp && break; sleep 0.05; done; kill -9 $pid; wait $pid; exit 0");
  ASSERT_EQ(status, 0);
  int temporaries = 0;
  for (const auto& e : fs::directory_iterator(dir))
    temporaries += e.path().filename().string().find(".tmp.") != std::string::npos;
  ASSERT_EQ(temporaries, 1) << "the killed run left no temporary to clean";
  auto r = run_cli("bfile A000201 2 --out " + target.string());
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.err.find("queengames: removed stale temporary " + target.string() + ".tmp."), std::string::npos) << r.err;
  EXPECT_EQ(std::distance(fs::directory_iterator(dir), fs::directory_iterator()), 1);
  EXPECT_EQ(slurp(target), "1 1\n2 3\n");
  fs::remove_all(dir);
}
