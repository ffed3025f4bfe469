#include "cli.hpp"

#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <csignal>
#include <cstdio>
#include <cstring>
#include <iostream>

#include <fmt/format.h>

namespace qg::app {

std::vector<Command>& commands() {
  static std::vector<Command> all;
  return all;
}

std::vector<DrawKind>& draw_kinds() {
  static std::vector<DrawKind> all;
  return all;
}

std::vector<TourSection>& tour_sections() {
  static std::vector<TourSection> all;
  return all;
}

Output::Output(const std::string& path) : file_(std::make_unique<qg::AtomicFile>(path.empty() ? "-" : path)) {}
std::ostream& Output::stream() { return file_->stream(); }
void Output::commit() { file_->commit(); }

void report_stale_temporaries(CLI::App& app) {
  for (CLI::App* sub : app.get_subcommands([](CLI::App*) { return true; })) report_stale_temporaries(*sub);
  if (CLI::Option* out = app.get_option_no_throw("--out"))
    out->each([](const std::string& path) {
      if (path == "-") return;
      for (const auto& stale : qg::remove_stale_temporaries(path))
        std::cerr << "queengames: removed stale temporary " << stale.string() << " (left by a killed run)\n";
    });
}

int close_stdout(int status) {
  std::cout.exceptions(std::ios::goodbit);
  std::cout.flush();
  errno = 0;
  bool ok = !std::cout.fail() && std::fflush(stdout) == 0;
  int error = errno;
  if (std::fclose(stdout) != 0 && ok) ok = false, error = errno;
  if (ok) return status;
  std::cerr << "queengames: write error: " << (error ? std::strerror(error) : "the output could not be written")
            << "\n";
  return 2;
}

bool& quiet() {
  static bool q = false;
  return q;
}

namespace {
volatile std::sig_atomic_t signal_seen = 0;
extern "C" void on_signal(int) { signal_seen = 1; }
}  // namespace

void install_signal_handlers() {
  std::signal(SIGINT, on_signal);
  std::signal(SIGTERM, on_signal);
}
bool interrupted() { return signal_seen != 0; }

qg::ProgressFn progress_line(std::string label) {
  bool show = !quiet() && ::isatty(STDERR_FILENO);
  auto start = std::chrono::steady_clock::now();
  auto last = start;
  auto drawn = std::make_shared<bool>(false);
  return [=](std::uint64_t done, std::uint64_t total) mutable {
    if (signal_seen) {
      if (*drawn) std::cerr << "\n";
      throw Interrupted();
    }
    if (!show) return;
    auto now = std::chrono::steady_clock::now();
    double elapsed = std::chrono::duration<double>(now - start).count();
    if (elapsed < 1.0 || now - last < std::chrono::milliseconds(200)) {
      if (done < total || !*drawn) return;
    }
    last = now;
    *drawn = true;
    double fraction = total ? static_cast<double>(done) / static_cast<double>(total) : 0;
    double eta = fraction > 0 ? elapsed * (1 - fraction) / fraction : 0;
    std::cerr << fmt::format("\r{}: {}/{} ({:.1f}%) {:.1e}/s, eta {:.0f}s   ", label, done, total, 100 * fraction,
                             done / std::max(elapsed, 1e-9), eta);
    if (done >= total) std::cerr << "\n";
    std::cerr.flush();
  };
}

void print_bfile_line(std::ostream& out, std::int64_t n, std::int64_t value) {
  out << fmt::format("{} {}\n", n, value);
}

}  // namespace qg::app
