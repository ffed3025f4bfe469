// The CLI's own plumbing: self-registering commands and tour sections, number options,
// output files, progress lines. No mathematics here.
#pragma once

#include <CLI/CLI.hpp>
#include <nlohmann/json.hpp>

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

// An amount of memory, "2GiB", "512MiB", "3GB" (binary suffixes KiB … TiB, decimal KB … TB),
// or a bare number (1e9) counted in `bare_unit` bytes: the one reader of every memory option.
std::uint64_t parse_bytes(const std::string& text, std::uint64_t bare_unit = 1);

// A size given as N (N×N) or WxH, each side read by qg::parse_u64 within 1..max_side: the one
// way to give two sizes (5,6 and 5*6 are refused, not read as 56 or 30).
struct Size {
  std::uint64_t width, height;
};
Size parse_size(const std::string& text, std::uint64_t max_side);

// The size of a PNG: --pixels in every command that draws (src/app/draw.hpp reads it).
inline constexpr const char* kPixelsHelp = "a PNG's longer side in pixels (64..16384)";

// Where a command's text output goes: stdout ("" or "-"), or --out FILE through qg::AtomicFile
// (a regular file atomically, a device or FIFO in place). A failed write throws
// std::ios_base::failure, which main reports as a write error.
class Output {
 public:
  explicit Output(const std::string& path);
  std::ostream& stream();
  void commit();  // renames the file into place, or flushes stdout; throws on a write error
 private:
  std::unique_ptr<qg::AtomicFile> file_;
};
// Gives every --out option of `app` and its subcommands a check that removes the stale
// temporaries of killed runs to that file (qg::remove_stale_temporaries), saying so on stderr.
void report_stale_temporaries(CLI::App& app);

// A progress line on stderr for work that lasts more than about a second, only when stderr
// is a terminal and --quiet was not given. Throws Interrupted once SIGINT or SIGTERM arrived,
// which unwinds the library's computation (it only uses RAII) without writing partial output.
struct Interrupted : std::runtime_error {
  Interrupted() : std::runtime_error("interrupted") {}
};
bool& quiet();
qg::ProgressFn progress_line(std::string label);
// Clears a progress line left open by work of unknown length (total 0), before other output.
void end_progress_line();
// The first SIGINT or SIGTERM sets a flag (polled by progress_line's callback) and restores the
// default actions, so that a second signal kills at once.
void install_signal_handlers();
bool interrupted();

// What a parse error says, in one line: for the first option of argv that its command does not
// know, "X is not an option of C; did you mean Y?" (or, when no name is close, the nearest and
// where all are listed); a mistyped command likewise; else CLI11's message, its extra arguments
// in the order given.
std::string parse_error(CLI::App& app, const CLI::ParseError& error, int argc, char** argv);
// Before parsing: "'X' is not a command; …" naming the nearest command, when a word of argv
// stands where only a command can (at the top, after `draw`); "" otherwise.
std::string unknown_command(CLI::App& app, int argc, char** argv);

// Refuses an option given where the command would ignore it: unless `used`, "OPTION goes with
// WHAT" (`--pixels goes with --out F.png`).
inline void goes_with(const CLI::App& command, const std::string& option, bool used, const std::string& what) {
  if (!used && command.count(option) > 0) throw qg::InputError(option + " goes with " + what);
}

// Calls f; an InputError it throws gets `hint` (the command or option that helps, words the
// library does not know) added to its message.
template <class F>
auto with_hint(const std::string& hint, F&& f) -> decltype(f()) {
  try {
    return f();
  } catch (const qg::RangeError& e) {
    throw qg::RangeError(std::string(e.what()) + " " + hint);
  } catch (const qg::InputError& e) {
    throw qg::InputError(std::string(e.what()) + " " + hint);
  }
}

// Flushes and closes stdout, whose last buffered lines may fail to be written: a write error
// is reported as `queengames: write error: …` and the exit status becomes 2.
int close_stdout(int status);

// Thrown by a command to end with this exit status after printing its output normally
// (e.g. `check` exits 1 when a claim fails).
struct ExitStatus {
  int code;
};

// An integer in JSON: a number while a double holds it exactly (|v| ≤ 2^53), a string beyond,
// so that no reader rounds it.
inline nlohmann::json json_integer(std::int64_t v) {
  constexpr std::int64_t exact = std::int64_t{1} << 53;
  return v >= -exact && v <= exact ? nlohmann::json(v) : nlohmann::json(std::to_string(v));
}
inline nlohmann::json json_integer(std::uint64_t v) {
  return v <= (std::uint64_t{1} << 53) ? nlohmann::json(v) : nlohmann::json(std::to_string(v));
}

// Prints `a(n)` lines of a b-file: "n a(n)".
void print_bfile_line(std::ostream& out, std::int64_t n, std::int64_t value);

}  // namespace qg::app
