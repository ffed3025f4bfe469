// Issue 28 §2–3: docs/CLI.md's table of bounds and its table of peak memory are what the CLI
// does. Each row names a command just past its bound, or one whose memory is past a limit; the
// test runs every row's command and expects it refused up front: exit 2, the row's message (for
// memory, both figures). The docs cannot promise a refusal the CLI does not make.
#include <fcntl.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "cli_runner.hpp"

namespace {

namespace fs = std::filesystem;

// The `…`-quoted pieces of each row of the table under the heading `title` in docs/CLI.md.
std::vector<std::vector<std::string>> table(const std::string& title) {
  std::ifstream in(fs::path(QG_SOURCE_DIR) / "docs" / "CLI.md");
  std::vector<std::vector<std::string>> rows;
  bool inside = false;
  for (std::string line; std::getline(in, line);) {
    if (line.rfind("## ", 0) == 0) inside = line == "## " + title;
    if (!inside || line.rfind("| ", 0) != 0 || line.rfind("|---", 0) == 0) continue;
    std::vector<std::string> quoted;
    for (std::size_t at = line.find('`'); at != std::string::npos; at = line.find('`', at)) {
      const std::size_t end = line.find('`', at + 1);
      quoted.push_back(line.substr(at + 1, end - at - 1));
      at = end + 1;
    }
    rows.push_back(quoted);
  }
  return rows;
}

// The command of a row: its quoted piece that starts with "queengames ".
std::string command_of(const std::vector<std::string>& row) {
  for (const auto& q : row)
    if (q.rfind("queengames ", 0) == 0) return q.substr(11);
  return "";
}

// `queengames args` (through the shell, for its quoting) with its address space limited to
// `limit` bytes: status and stderr.
CliResult run_limited(const std::string& args, std::uint64_t limit) {
  const fs::path err = fs::temp_directory_path() / ("qg_bounds_err_" + std::to_string(::getpid()));
  const pid_t pid = ::fork();
  if (pid == 0) {
    const struct rlimit r { limit, limit };
    ::setrlimit(RLIMIT_AS, &r);
    const int null = ::open("/dev/null", O_RDWR), e = ::open(err.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    ::dup2(null, 0), ::dup2(null, 1), ::dup2(e, 2);
    const std::string line = std::string(QG_CLI) + " " + args;
    ::execl("/bin/sh", "sh", "-c", line.c_str(), static_cast<char*>(nullptr));
    ::_exit(127);
  }
  int raw = 0;
  ::waitpid(pid, &raw, 0);
  std::ifstream in(err);
  std::stringstream s;
  s << in.rdbuf();
  fs::remove(err);
  return {WIFEXITED(raw) ? WEXITSTATUS(raw) : 128 + WTERMSIG(raw), "", s.str()};
}

}  // namespace

// Every bound of the table: the command past it exits 2 with the row's message.
TEST(CliBounds, EveryBoundOfTheDocsIsRefused) {
  const auto rows = table("Bounds");
  ASSERT_GE(rows.size(), 20u) << "docs/CLI.md: no table under '## Bounds'";
  fs::current_path(QG_SOURCE_DIR);  // the docs' paths are the checkout's
  for (const auto& row : rows) {
    if (row.empty()) continue;  // the header
    const std::string command = command_of(row);
    ASSERT_FALSE(command.empty()) << "a row without a `queengames …` command";
    ASSERT_GE(row.size(), 2u);
    const std::string& says = row.back();
    const auto r = run_cli("-q " + command);
    EXPECT_EQ(r.status, 2) << command << ": " << r.err;
    EXPECT_NE(r.err.find(says), std::string::npos) << command << " should say '" << says << "': " << r.err;
  }
}

// Every row of the memory table: its example needs more than 4 GiB, and under a 4 GiB limit
// on the address space (ulimit -v) it is refused up front with both figures, exit 2. (Under
// the sanitizers the shadow memory needs terabytes of address space: not limited there.)
TEST(CliBounds, EveryMemoryEstimateOfTheDocsRefusesUpFront) {
#ifdef QG_SANITIZED
  GTEST_SKIP() << "AddressSanitizer reserves more address space than the limit";
#endif
  const auto rows = table("Peak memory");
  ASSERT_GE(rows.size(), 10u) << "docs/CLI.md: no table under '## Peak memory'";
  for (const auto& row : rows) {
    const std::string command = command_of(row);
    if (command.empty()) continue;  // a row without an estimate of its own (bounded, or streamed)
    const auto r = run_limited("-q " + command, std::uint64_t{4} << 30);
    EXPECT_EQ(r.status, 2) << command << ": " << r.err;
    EXPECT_NE(r.err.find(" needs "), std::string::npos) << command << ": " << r.err;
    EXPECT_NE(r.err.find(" GiB, this process may use "), std::string::npos) << command << ": " << r.err;
  }
}
