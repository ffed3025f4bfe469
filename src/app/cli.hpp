// The CLI's own plumbing: self-registering commands and tour sections, number options,
// output files, progress lines. No mathematics here.
#pragma once

#include <CLI/CLI.hpp>

#include <algorithm>
#include <cstdint>
#include <functional>
#include <iosfwd>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "queengames/common.hpp"
#include "queengames/io.hpp"

namespace qg::app {

// A command adds its subcommand to the app and sets its callback.
struct Command {
  const char* name;
  std::function<void(CLI::App& app)> setup;
};
std::vector<Command>& commands();
struct RegisterCommand {
  RegisterCommand(const char* name, std::function<void(CLI::App&)> setup) {
    commands().push_back({name, std::move(setup)});
  }
};
// A registry's entries by name: the order of registration follows how the command files were
// compiled together (one unity batch or many files).
template <class Entry>
std::vector<Entry> by_name(std::vector<Entry> entries) {
  std::sort(entries.begin(), entries.end(),
            [](const Entry& a, const Entry& b) { return std::string_view(a.name) < std::string_view(b.name); });
  return entries;
}
#define QG_CONCAT2(a, b) a##b
#define QG_CONCAT(a, b) QG_CONCAT2(a, b)
#define QG_COMMAND(name, ...) static ::qg::app::RegisterCommand QG_CONCAT(qg_command_, __COUNTER__)(name, __VA_ARGS__)

// `queengames draw <kind> …`: each kind of picture adds its own subcommand to `draw`.
struct DrawKind {
  const char* name;
  std::function<void(CLI::App& draw)> setup;
};
std::vector<DrawKind>& draw_kinds();
struct RegisterDrawKind {
  RegisterDrawKind(const char* name, std::function<void(CLI::App&)> setup) {
    draw_kinds().push_back({name, std::move(setup)});
  }
};
#define QG_DRAW(name, ...) static ::qg::app::RegisterDrawKind QG_CONCAT(qg_draw_, __COUNTER__)(name, __VA_ARGS__)

// A section of `queengames tour`: prints its headline results (each with the command that
// reproduces it) to `out` and writes its pictures under `dir`. Sections run in `order`.
struct TourSection {
  int order;
  const char* title;
  std::function<void(std::ostream& out, const std::string& dir)> run;
};
std::vector<TourSection>& tour_sections();
struct RegisterTourSection {
  RegisterTourSection(int order, const char* title, std::function<void(std::ostream&, const std::string&)> run) {
    tour_sections().push_back({order, title, std::move(run)});
  }
};
#define QG_TOUR_SECTION(order, title, ...) \
  static ::qg::app::RegisterTourSection QG_CONCAT(qg_tour_, __COUNTER__)(order, title, __VA_ARGS__)

// An option holding a natural number written as 1e9, 10^9, 2^40 …; parsed with
// qg::parse_u64 when the command runs, so that errors name the supported range.
struct NumberOption {
  std::string text;
  std::uint64_t value(std::uint64_t min = 0, std::uint64_t max = UINT64_MAX) const {
    return qg::parse_u64(text, min, max);
  }
};

// Where a command's text output goes: stdout, or --out FILE written atomically.
class Output {
 public:
  explicit Output(const std::string& path);  // "" or "-" for stdout
  std::ostream& stream();
  void commit();  // renames the file into place; no-op for stdout
 private:
  std::unique_ptr<qg::AtomicFile> file_;
};

// A progress line on stderr for work that lasts more than about a second, only when stderr
// is a terminal and --quiet was not given. Throws Interrupted once SIGINT or SIGTERM arrived,
// which unwinds the library's computation (it only uses RAII) without writing partial output.
struct Interrupted : std::runtime_error {
  Interrupted() : std::runtime_error("interrupted") {}
};
bool& quiet();
qg::ProgressFn progress_line(std::string label);
// The first SIGINT or SIGTERM sets a flag (polled by progress_line's callback) and restores the
// default actions, so that a second signal kills at once.
void install_signal_handlers();
bool interrupted();

// Thrown by a command to end with this exit status after printing its output normally
// (e.g. `check` exits 1 when a claim fails).
struct ExitStatus {
  int code;
};

// Prints `a(n)` lines of a b-file: "n a(n)".
void print_bfile_line(std::ostream& out, std::int64_t n, std::int64_t value);

}  // namespace qg::app
