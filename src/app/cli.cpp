#include "cli.hpp"

#include <signal.h>
#include <unistd.h>

#include <chrono>
#include <csignal>
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

Output::Output(const std::string& path) {
  if (!path.empty() && path != "-") file_ = std::make_unique<qg::AtomicFile>(path);
}
std::ostream& Output::stream() { return file_ ? file_->stream() : std::cout; }
void Output::commit() {
  if (file_) file_->commit();
  else std::cout.flush();
}

bool& quiet() {
  static bool q = false;
  return q;
}

namespace {
volatile std::sig_atomic_t signal_seen = 0;
// The first SIGINT/SIGTERM only sets the flag, so that the next poll unwinds the computation
// and removes its temporary files; the default actions come back at once, so that a second
// signal kills a run that does not answer (or whose user does not want to wait).
extern "C" void on_signal(int) {
  signal_seen = 1;
  std::signal(SIGINT, SIG_DFL);
  std::signal(SIGTERM, SIG_DFL);
}
}  // namespace

void install_signal_handlers() {
  // Without SA_RESTART, so that a blocking open or read (a FIFO without a writer) fails with
  // EINTR instead of waiting on; main() then reports the interruption, not the failed read.
  struct sigaction action {};
  action.sa_handler = on_signal;
  sigemptyset(&action.sa_mask);
  action.sa_flags = 0;
  sigaction(SIGINT, &action, nullptr);
  sigaction(SIGTERM, &action, nullptr);
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
