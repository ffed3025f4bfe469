// Runs the queengames binary (QG_CLI) through the shell and captures what it prints; reads the
// CPU time a child process has used.
#pragma once

#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

struct CliResult {
  int status = -1;
  std::string out, err;
};

// `shell` goes before the command, e.g. "ulimit -t 120;" to cap the CLI's CPU time.
inline CliResult run_cli(const std::string& args, const std::string& shell = {}) {
  namespace fs = std::filesystem;
  static int counter = 0;
  fs::path dir = fs::temp_directory_path();
  std::string tag = std::to_string(::getpid()) + "_" + std::to_string(counter++);
  fs::path out = dir / ("qg_cli_out_" + tag), err = dir / ("qg_cli_err_" + tag);
  std::string command =
      shell + std::string(QG_CLI) + " " + args + " >" + out.string() + " 2>" + err.string() + " </dev/null";
  int raw = std::system(command.c_str());
  auto slurp = [](const fs::path& p) {
    std::ifstream in(p);
    std::stringstream s;
    s << in.rdbuf();
    return s.str();
  };
  CliResult r{WIFEXITED(raw) ? WEXITSTATUS(raw) : 128 + WTERMSIG(raw), slurp(out), slurp(err)};
  fs::remove(out);
  fs::remove(err);
  return r;
}

// The CPU seconds a running process has used (/proc/PID/stat: utime + stime of all threads).
inline double cpu_seconds(pid_t pid) {
  std::ifstream in("/proc/" + std::to_string(pid) + "/stat");
  std::string stat;
  std::getline(in, stat);
  const auto name_end = stat.rfind(')');  // the command's name may hold spaces
  if (name_end == std::string::npos) return -1;
  std::istringstream fields(stat.substr(name_end + 2));  // from field 3, the state
  std::string field;
  double ticks = 0;
  for (int i = 3; i <= 15 && fields >> field; ++i)
    if (i >= 14) ticks += std::stod(field);
  return ticks / static_cast<double>(::sysconf(_SC_CLK_TCK));
}
