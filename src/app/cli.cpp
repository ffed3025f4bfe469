#include "cli.hpp"

#include <signal.h>
#include <unistd.h>

#include <atomic>
#include <cctype>
#include <cerrno>
#include <chrono>
#include <csignal>
#include <cstdio>
#include <cstring>
#include <iostream>
#include <string_view>

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

std::uint64_t parse_bytes(const std::string& text, std::uint64_t bare_unit) {
  static const std::pair<const char*, std::uint64_t> units[] = {
      {"KiB", 1ull << 10}, {"MiB", 1ull << 20}, {"GiB", 1ull << 30}, {"TiB", 1ull << 40},
      {"KB", 1000},        {"MB", 1000000},     {"GB", 1000000000},  {"TB", 1000000000000}};
  for (auto [suffix, unit] : units)
    if (text.size() > std::strlen(suffix) && text.ends_with(suffix))
      return qg::parse_u64(text.substr(0, text.size() - std::strlen(suffix)), 1, UINT64_MAX / unit) * unit;
  if (text.empty() || !(std::isdigit(static_cast<unsigned char>(text.back())) || text.back() == ')'))
    throw qg::InputError(fmt::format("'{}' is not an amount of memory (write e.g. 2GiB, 512MiB, 3GB or a number of {})",
                                     text, bare_unit == 1 ? "bytes" : "MiB"));
  return qg::parse_u64(text, 1, UINT64_MAX / bare_unit) * bare_unit;
}

Size parse_size(const std::string& text, std::uint64_t max_side) {
  if (text.empty() || text.find_first_of(",*") != std::string::npos)
    throw qg::InputError("'" + text + "' is not a size: write N for N×N or WxH, e.g. 500 or 500x300");
  const std::size_t x = text.find('x');
  const std::uint64_t w = qg::parse_u64(text.substr(0, x), 1, max_side);
  const std::uint64_t h = x == std::string::npos ? w : qg::parse_u64(text.substr(x + 1), 1, max_side);
  return {w, h};
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

namespace {

// Optimal string alignment distance: a swapped pair of letters counts once (bfiel → bfile).
std::size_t edit_distance(std::string_view a, std::string_view b) {
  std::vector<std::vector<std::size_t>> d(a.size() + 1, std::vector<std::size_t>(b.size() + 1));
  for (std::size_t i = 0; i <= a.size(); ++i) d[i][0] = i;
  for (std::size_t j = 0; j <= b.size(); ++j) d[0][j] = j;
  for (std::size_t i = 1; i <= a.size(); ++i)
    for (std::size_t j = 1; j <= b.size(); ++j) {
      d[i][j] = std::min({d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + (a[i - 1] != b[j - 1])});
      if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1])
        d[i][j] = std::min(d[i][j], d[i - 2][j - 2] + 1);
    }
  return d[a.size()][b.size()];
}

// The candidate closest to `word`, if it is close: at most 2 edits, and fewer than half its letters.
std::string closest(const std::string& word, const std::vector<std::string>& candidates) {
  std::string best;
  std::size_t best_distance = 3;
  for (const auto& c : candidates)
    if (std::size_t d = edit_distance(word, c); d < best_distance && 2 * d < c.size()) best = c, best_distance = d;
  return best;
}

// "did you mean X?" when a name is close, else the nearest by edit distance (ties: the first in
// order) and where they are listed: every mistyped name is answered with a correct one.
std::string nearest_phrase(const std::string& word, const std::vector<std::string>& names, const std::string& help) {
  if (const std::string close = closest(word, names); !close.empty()) return "did you mean " + close + "?";
  std::string nearest;
  std::size_t best = SIZE_MAX;
  for (const auto& n : names)
    if (std::size_t d = edit_distance(word, n); d < best) nearest = n, best = d;
  return fmt::format("the nearest is {} ({} lists them all)", nearest, help);
}

// Every long option name of `app` and, recursively, of its subcommands.
void all_option_names(CLI::App& app, std::vector<std::string>& names) {
  for (const CLI::Option* opt : app.get_options())
    for (const auto& l : opt->get_lnames()) names.push_back("--" + l);
  for (CLI::App* sub : app.get_subcommands([](CLI::App*) { return true; })) all_option_names(*sub, names);
}

}  // namespace

std::string parse_error(CLI::App& app, const CLI::ParseError& error, int argc, char** argv) {
  std::vector<CLI::App*> chain{&app};
  auto path = [&] {
    std::string p;
    for (std::size_t i = 1; i < chain.size(); ++i) p += (p.empty() ? "" : " ") + chain[i]->get_name();
    return p.empty() ? std::string("queengames") : p;
  };
  auto help = [&] { return chain.size() == 1 ? std::string("queengames --help") : "queengames " + path() + " --help"; };
  for (int i = 1; i < argc; ++i) {
    std::string word = argv[i];
    if (word == "--") break;
    if (word.rfind("--", 0) == 0) {
      const bool has_value = word.find('=') != std::string::npos;
      word = word.substr(0, word.find('='));
      std::vector<std::string> names;
      const CLI::Option* known = nullptr;
      for (CLI::App* a : chain)  // a command's options and, by fallthrough, its parents'
        for (const CLI::Option* opt : a->get_options())
          for (const auto& l : opt->get_lnames()) {
            names.push_back("--" + l);
            if (names.back() == word) known = opt;
          }
      if (known != nullptr) {
        if (!has_value) i += std::max(known->get_items_expected_min(), 0);  // its values are no names
        continue;
      }
      if (chain.size() > 1) {
        if (const std::string close = closest(word, names); !close.empty())
          return fmt::format("{} is not an option of {}; did you mean {}?", word, path(), close);
        // Far from every name: the nearest of the command's own options (not its parents', nor --help).
        std::vector<std::string> own;
        for (const CLI::Option* opt : chain.back()->get_options())
          for (const auto& l : opt->get_lnames())
            if (l != "help") own.push_back("--" + l);
        return fmt::format("{} is not an option of {}; {}", word, path(),
                           nearest_phrase(word, own.empty() ? names : own, help()));
      }
      // No command yet: the option may be one of a command's, written before the command.
      std::vector<std::string> everywhere;
      all_option_names(app, everywhere);
      const std::string close = closest(word, everywhere);
      if (!close.empty() && std::find(names.begin(), names.end(), close) == names.end())
        return fmt::format(
            "{} is not an option of queengames; did you mean {}? It goes after a command "
            "(queengames --help lists them)",
            word, close);
      return fmt::format("{} is not an option of queengames; {}", word, nearest_phrase(word, names, help()));
    }
    if (word.rfind("-", 0) == 0) continue;
    CLI::App* current = chain.back();
    if (auto subs = current->get_subcommands([&](CLI::App* sub) { return sub->check_name(word); }); !subs.empty()) {
      chain.push_back(subs.front());
      continue;
    }
    // A word that is no subcommand: an argument, or a mistyped command when nothing else fits.
    std::vector<std::string> names;
    for (const CLI::App* sub : current->get_subcommands([](CLI::App*) { return true; })) {
      names.push_back(sub->get_name());
      for (const std::string& alias : sub->get_aliases()) names.push_back(alias);  // draw spiral-queens …
    }
    if (const std::string best = closest(word, names); !best.empty())
      return "'" + word + "' is not a command" + (current == &app ? "" : " of " + current->get_name()) +
             "; did you mean " + best + "?";
  }
  if (dynamic_cast<const CLI::ExtrasError*>(&error) != nullptr) {
    // CLI11 lists the extra words last first: named here in the order they were given.
    const std::string what = error.what();
    std::vector<std::string> extras;
    for (std::size_t at = what.find(": ") + 2, next; at < what.size(); at = next + 1) {
      next = std::min(what.find(' ', at), what.size());
      extras.insert(extras.begin(), what.substr(at, next - at));
    }
    std::string list;
    for (const auto& e : extras) list += (list.empty() ? "" : " ") + e;
    return fmt::format("{}: unexpected argument{} {} ({} shows what it takes)", path(), extras.size() > 1 ? "s" : "",
                       list, help());
  }
  if (chain.size() == 1 && dynamic_cast<const CLI::RequiredError*>(&error) != nullptr &&
      std::string_view(error.what()).find("subcommand") != std::string_view::npos)
    return "a command is needed: queengames COMMAND … (queengames --help lists them)";
  return error.what();
}

std::string unknown_command(CLI::App& app, int argc, char** argv) {
  CLI::App* current = &app;
  for (int i = 1; i < argc; ++i) {
    const std::string word = argv[i];
    if (word == "--") break;
    if (word.rfind("-", 0) == 0) {
      // An option's value is no command (draw --gallery DIR).
      const CLI::Option* option = word.find('=') == std::string::npos ? current->get_option_no_throw(word) : nullptr;
      if (option != nullptr && option->get_items_expected_min() > 0) ++i;
      continue;
    }
    std::vector<std::string> names;
    CLI::App* next = nullptr;
    for (CLI::App* sub : current->get_subcommands([](CLI::App*) { return true; })) {
      names.push_back(sub->get_name());
      for (const std::string& alias : sub->get_aliases()) names.push_back(alias);  // draw spiral-queens …
      if (sub->check_name(word)) next = sub;
    }
    if (next != nullptr) {
      current = next;
      // A command with arguments of its own reads the words after it (CLI11 names what is wrong).
      if (!current->get_options([](const CLI::Option* o) { return o->get_positional(); }).empty()) break;
      continue;
    }
    if (names.empty()) break;
    const std::string where = current == &app ? "" : " of " + current->get_name();
    const std::string help = current == &app ? "queengames --help" : "queengames " + current->get_name() + " --help";
    return fmt::format("'{}' is not a command{}; {}", word, where, nearest_phrase(word, names, help));
  }
  return "";
}

int close_stdout(int status) {
  // A write that already failed (text written with the stream's exceptions off, as help is)
  // left its reason in errno.
  const int earlier = std::cout.fail() ? errno : 0;
  std::cout.exceptions(std::ios::goodbit);
  errno = 0;
  std::cout.flush();
  bool ok = !std::cout.fail() && std::fflush(stdout) == 0;
  int error = errno ? errno : earlier;
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

namespace {
// Whether a progress line of unknown length is on stderr without its newline (end_progress_line).
std::atomic<bool> line_open = false;
}  // namespace

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
      if (total == 0 || done < total || !*drawn) return;
    }
    last = now;
    *drawn = true;
    if (total == 0) {
      // Work of unknown length, in steps that count in their own units (the prover's count the
      // states they explore): the time so far and the current step's count, left open until
      // end_progress_line clears it.
      std::cerr << fmt::format("\r{}: {:.0f} s, the current step at {}\033[K", label, elapsed, done);
      std::cerr.flush();
      line_open = true;
      return;
    }
    double fraction = static_cast<double>(done) / static_cast<double>(total);
    double eta = fraction > 0 ? elapsed * (1 - fraction) / fraction : 0;
    std::cerr << fmt::format("\r{}: {}/{} ({:.1f}%) {:.1e}/s, eta {:.0f}s   ", label, done, total, 100 * fraction,
                             done / std::max(elapsed, 1e-9), eta);
    line_open = done < total;
    if (done >= total) std::cerr << "\n";
    std::cerr.flush();
  };
}

void end_progress_line() {
  if (line_open.exchange(false)) std::cerr << "\r\033[K" << std::flush;
}

void print_bfile_line(std::ostream& out, std::int64_t n, std::int64_t value) {
  out << fmt::format("{} {}\n", n, value);
}

}  // namespace qg::app
