// The session: Walnut commands, named automata, word automata, the library directory.
#include <algorithm>
#include <cctype>
#include <charconv>
#include <chrono>
#include <sstream>

#include <fmt/format.h>

#include "prover/commands.hpp"
#include "prover/script.hpp"
#include "queengames/io.hpp"
#include "queengames/words.hpp"

namespace qg::prover {

namespace detail {

std::string located(std::string_view file, std::string_view text, std::size_t pos, const std::string& what) {
  std::size_t line = 1, col = 1;
  for (std::size_t i = 0; i < pos && i < text.size(); ++i) {
    if (text[i] == '\n') {
      ++line;
      col = 1;
    } else {
      ++col;
    }
  }
  return fmt::format("{}:{}:{}: {}", printable(file), line, col, printable(what, 400));
}

}  // namespace detail

using automata::Automaton;

Session::Session(automata::Context context) : context_(std::move(context)) {}

std::shared_ptr<const automata::NumberSystem> Session::system(const std::string& name) {
  auto it = systems_.find(name);
  if (it != systems_.end()) return it->second;
  try {
    return systems_[name] = automata::NumberSystem::make(name, context_);
  } catch (const InputError&) {
    // A Custom Bases file whose tracks name the system it defines would read itself forever.
    if (std::find(systems_being_read_.begin(), systems_being_read_.end(), name) != systems_being_read_.end())
      throw InputError(fmt::format(
          "number system {}: its own Custom Bases files name it on a track; they must spell its digits ({{0,1}} …)",
          name));
    systems_being_read_.push_back(name);
    std::shared_ptr<const automata::NumberSystem> custom;
    try {
      custom = custom_system(name);
    } catch (...) {
      systems_being_read_.pop_back();
      throw;
    }
    systems_being_read_.pop_back();
    if (!custom) throw;
    return systems_[name] = custom;
  }
}

std::vector<std::string> Session::systems() const {
  std::vector<std::string> names;
  for (const auto& [name, system] : systems_) names.push_back(name);
  return names;
}

// Walnut's Custom Bases/msd_X.txt (validity), msd_X_addition.txt, msd_X_less_than.txt, or the
// lsd_X files reversed; the system's own names only (the built-in systems come first).
std::shared_ptr<const automata::NumberSystem> Session::custom_system(const std::string& name) {
  if (name.size() < 5 || (!name.starts_with("msd_") && !name.starts_with("lsd_"))) return nullptr;
  const std::string kind = name.substr(4);
  // lsd_X is msd_X read backwards (msd_X from ost, or from the files below), built once.
  if (name.starts_with("lsd_") && systems_.count("msd_" + kind))
    return automata::NumberSystem::lsd_of(system("msd_" + kind), context_);
  for (const char* direction : {"msd", "lsd"}) {
    const std::string base = fmt::format("{}_{}", direction, kind);
    const std::filesystem::path dir = find_file("Custom Bases", base + "_addition.txt").parent_path();
    if (dir.empty()) continue;
    if (kind.starts_with("neg_"))
      throw InputError(fmt::format("number system {}: negative bases from Custom Bases are not supported", name));
    auto read = [&](const std::string& file) -> std::optional<Automaton> {
      const auto path = dir / file;
      if (readable_file(path).empty()) return std::nullopt;
      Automaton a = read_automaton(detail::read_walnut_file(path, context_.progress), *this, path.string());
      // lsd files read backwards are the msd system's.
      if (direction[0] == 'l')
        a = automata::reverse(a, std::vector<std::shared_ptr<const automata::NumberSystem>>(a.tracks().size()),
                              context_);
      return a;
    };
    if (name.starts_with("lsd_")) return automata::NumberSystem::lsd_of(system("msd_" + kind), context_);
    return automata::NumberSystem::from_automata(name, read(base + ".txt"), *read(base + "_addition.txt"),
                                                 read(base + "_less_than.txt"), context_);
  }
  return nullptr;
}

const std::string* Session::macro_text(const std::string& name) {
  if (auto it = macros_.find(name); it != macros_.end()) return &it->second;
  const auto path = find_file("Macro Library", name + ".txt");
  if (path.empty()) return nullptr;
  // Walnut (Predicate.readMacroFile) joins the lines with nothing between them. Its 8.0 tree's
  // own palindrome.txt begins with "# Palindrome macro", which Walnut then fails to parse; we
  // leave such a line out, as Walnut 7+ does in its other files, except a line that begins with
  // a macro of its own (#NAME(…), no space after '#').
  const std::string text = detail::read_walnut_file(path, context_.progress);
  std::string body;
  for (std::size_t i = 0; i <= text.size();) {
    std::size_t e = std::min(text.find('\n', i), text.size());
    std::string_view line = std::string_view(text).substr(i, e - i);
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    const std::size_t first = line.find_first_not_of(" \t\f\v");
    const bool macro_call = first != std::string_view::npos && first + 1 < line.size() &&
                            (std::isalpha(static_cast<unsigned char>(line[first + 1])) || line[first + 1] == '_');
    if (!detail::comment_line(line) || macro_call) body += line;
    i = e + 1;
  }
  return &(macros_[name] = std::move(body));
}

void Session::define_system(const std::string& name, std::string_view morphism) {
  auto msd = automata::NumberSystem::from_morphism("msd_" + name, morphism, true, context_);
  auto lsd = automata::NumberSystem::from_morphism("lsd_" + name, morphism, false, context_);
  systems_["msd_" + name] = msd;
  systems_["lsd_" + name] = lsd;
  numsys_morphisms_[name] = words::Morphism::parse(morphism).to_string();
}

void Session::define(const std::string& name, Automaton a) {
  automata_[name] = std::move(a);
  spelled_.erase(name);
}

const Automaton& Session::spelled(const std::string& name) {
  const Automaton& a = automaton(name);
  auto it = spelled_.find(name);
  return it == spelled_.end() ? a : it->second;
}
void Session::define_word(const std::string& name, Automaton a) { words_[name] = std::move(a); }

namespace {

// An automaton file's numbers: a file may spell only some paddings of what it accepts (the
// shortest representations, say); it stands for the tuples some encoding of which it accepts,
// the convention every operation keeps (automata.hpp). A word automaton must give every
// padding of a number the same letter, or its letter at that number would be ambiguous.
Automaton numbers_of_file(Automaton a, const std::string& file, bool word, const automata::Context& context) {
  if (!word) {
    try {
      return automata::close_padding(a, context);
    } catch (const InputError& e) {
      throw InputError(fmt::format("{}: {}", file, e.what()));
    }
  }
  if (!automata::padding_closed(a, context))
    throw InputError(
        fmt::format("{}: the word automaton gives a number different letters with and without "
                    "padding zeros",
                    file));
  return a;
}

}  // namespace

const Automaton& Session::automaton(const std::string& name) {
  auto it = automata_.find(name);
  if (it != automata_.end()) return it->second;
  if (auto path = find_file("Automata Library", name + ".txt"); !path.empty()) {
    Automaton a = read_automaton(detail::read_walnut_file(path, context_.progress), *this, path.string());
    spelled_[name] = a;
    return automata_[name] = numbers_of_file(std::move(a), path.string(), false, context_);
  }
  const auto shipped = shipped_automata();
  if (std::find(shipped.begin(), shipped.end(), name) != shipped.end())
    return automata_[name] = read_automaton(shipped_automaton(name), *this, name + ".txt");
  throw InputError(fmt::format("no automaton named {}", name));
}

const Automaton& Session::word(const std::string& name) {
  auto it = words_.find(name);
  if (it != words_.end()) return it->second;
  if (auto path = find_file("Word Automata Library", name + ".txt"); !path.empty()) {
    Automaton a = read_automaton(detail::read_walnut_file(path, context_.progress), *this, path.string(), true);
    return words_[name] = numbers_of_file(std::move(a), path.string(), true, context_);
  }
  if (name == "T" || name == "F" || name == "TR" || name == "PD") return words_[name] = word_automaton(name, *this);
  throw InputError(fmt::format("no word automaton named {}", name));
}

Automaton word_automaton(std::string_view walnut_name, Session& session) {
  std::string morphism, system;
  if (walnut_name == "T") morphism = "thue-morse", system = "msd_2";
  else if (walnut_name == "PD") morphism = "period-doubling", system = "msd_2";
  else if (walnut_name == "F") morphism = "fibonacci", system = "msd_fib";
  else if (walnut_name == "TR") morphism = "tribonacci", system = "msd_trib";
  else throw InputError(fmt::format("no word automaton named {} (T, F, TR, PD)", walnut_name));
  // The fixed point's letter at n is read off the digits of n (msd first) by descending the
  // images: digit d in letter x leads to the d-th letter of μ(x) (Dumont–Thomas; for these
  // four morphisms their numeration is binary, Zeckendorf and greedy Tribonacci).
  words::Morphism m = words::Morphism::named(morphism);
  auto sys = session.system(system);
  const std::string& alphabet = m.alphabet();
  auto letters = static_cast<std::uint32_t>(alphabet.size());
  Automaton a({automata::Track{"n", sys->base(), sys}}, letters + 1);
  for (std::uint32_t q = 0; q < letters; ++q) {
    const std::string& image = m.image(alphabet[q]);
    for (std::uint32_t d = 0; d < sys->base(); ++d)
      a.set_next(q, d, d < image.size() ? static_cast<std::uint32_t>(m.index(image[d])) : letters);
    a.set_output(q, static_cast<int>(q));
  }
  for (std::uint32_t d = 0; d < sys->base(); ++d) a.set_next(letters, d, letters);
  a.set_output(letters, automata::kNoLetter);  // invalid representations (11 in Zeckendorf)
  a.set_initial(0);
  return automata::minimize(a, session.context());
}

std::vector<Result> Session::run_file(const std::filesystem::path& path, const ErrorFn& keep_going) {
  // The text stays alive for the run: errors quote positions in it.
  const std::string text = detail::read_walnut_file(path, context_.progress);
  return run(text, path.string(), keep_going);
}

std::vector<Result> Session::run(std::string_view original, std::string_view file, const ErrorFn& keep_going) {
  const std::string text = without_comment_lines(original);
  std::vector<Result> results;
  for (const Command& c : split_commands(text)) {
    try {
      run_command(text, file, c, results);
    } catch (const InputError& e) {
      if (!keep_going) throw;
      keep_going(e);  // and on with the next command
    }
    // Said under the command before, so that a mistyped command there is seen.
    if (!c.remark.empty() && !results.empty())
      results.back().notes.push_back(fmt::format("the rest of its line is a remark (as in Walnut): {}", c.remark));
  }
  return results;
}

namespace {

// Walnut 7's determinization strategies by their names and aliases, compared as Walnut compares
// them (without '_' and '-', any case).
bool walnut_strategy(std::string name) {
  std::erase_if(name, [](char ch) { return ch == '_' || ch == '-'; });
  std::ranges::transform(name, name.begin(), [](unsigned char ch) { return std::tolower(ch); });
  for (const char* known :
       {"sc", "brz", "brzozowski", "ccls", "brzccls", "brzozowskiccls", "ccl", "brzccl", "brzozowskiccl"})
    if (name == known) return true;
  return false;
}

// The metacommands before command `c` (Walnut 7's MetaCommands: `strategy N NAME`, `export N
// FMT`, `earlyExistTermination`; N a number or '*'), checked as Walnut checks them. They steer
// how Walnut builds the automaton, never which automaton it is: the command runs as without
// them, and a note says what was not done.
void read_metacommands(const Command& c, std::string_view text, const detail::Reader& in, Result& r) {
  if (c.metacommands.empty()) return;
  if (!text.substr(0, c.end).ends_with("::"))
    in.fail(c.metacommands.front().at,
            "metacommands are currently only supported for commands ending in :: (as in "
            "Walnut)");
  for (const Metacommand& m : c.metacommands) {
    std::vector<std::string> parts;
    std::istringstream words(m.text);
    for (std::string w; words >> w;) parts.push_back(w);
    if (parts.size() == 1 && parts[0] == "earlyExistTermination") continue;
    const bool index =
        parts.size() == 3 &&
        (parts[1] == "*" || std::ranges::all_of(parts[1], [](unsigned char ch) { return std::isdigit(ch) != 0; }));
    if (!index || (parts[0] != "strategy" && parts[0] != "export"))
      in.fail(m.at, fmt::format("unknown metacommand [{}] (strategy N NAME, export N FORMAT, earlyExistTermination; "
                                "N a number or *)",
                                printable(m.text, 80)));
    if (parts[0] == "strategy") {
      if (!walnut_strategy(parts[2]))
        in.fail(m.at, fmt::format("no strategy {} (Walnut's: SC, Brzozowski, CCL, CCLS, Brzozowski-CCL, "
                                  "Brzozowski-CCLS)",
                                  printable(parts[2], 40)));
      r.notes.push_back(
          fmt::format("[{}]: queengames determinizes by its own subset construction; Walnut's strategies "
                      "change its route, not the automaton",
                      printable(m.text, 80)));
    } else {
      std::string format = parts[2];
      std::ranges::transform(format, format.begin(), [](unsigned char ch) { return std::tolower(ch); });
      if (format != "ba" && format != "txt" && format != "gv")
        in.fail(m.at, fmt::format("unknown export format {} (BA, TXT, GV)", printable(parts[2], 40)));
      r.notes.push_back(
          fmt::format("[{}]: intermediate automata are not exported (Walnut numbers them by its own "
                      "steps); export NAME {} writes the result",
                      printable(m.text, 80), parts[2]));
    }
  }
}

}  // namespace

void Session::run_command(std::string_view text, std::string_view file, const Command& c,
                          std::vector<Result>& results) {
  // The reader sees the text up to the command's end, so that no handler reads into the next
  // one, and reports positions in the whole text.
  detail::Reader in(text.substr(0, c.end), file);
  Result r;
  read_metacommands(c, text, in, r);
  in.set_pos(c.begin);
  const std::string word = in.word(fmt::format("a command ({})", detail::command_list()).c_str());
  const detail::CommandRow* row = detail::find_command(word);
  if (!row) in.fail(c.begin, fmt::format("unknown command '{}' (the commands: {})", word, detail::command_list()));
  r.command = word;
  const auto started = std::chrono::steady_clock::now();
  Commands handler{*this, in, r, results};
  (handler.*row->run)();
  r.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
  if (row->run != &Commands::load) results.push_back(std::move(r));  // load added its file's results
}

// Where Walnut writes what a command made: Result/NAME.txt always, and the library the name is
// then found in.
std::vector<std::filesystem::path> Session::read_folders() const {
  std::vector<std::filesystem::path> out;
  for (const auto& dir : {session_dir_, home_})
    if (!dir.empty()) out.push_back(dir);
  return out;
}

std::filesystem::path walnut_folder(std::string_view what, const std::filesystem::path& dir, bool may_be_new) {
  std::error_code ec;
  const auto st = std::filesystem::status(dir, ec);
  if (ec == std::errc::no_such_file_or_directory && may_be_new) return dir;
  if (ec == std::errc::no_such_file_or_directory)
    throw InputError(fmt::format("{} {}: no such folder", what, dir.string()));
  if (ec) throw InputError(fmt::format("{} {}: {}", what, dir.string(), ec.message()));
  if (!std::filesystem::is_directory(st)) throw InputError(fmt::format("{} {}: not a folder", what, dir.string()));
  return dir;
}

std::filesystem::path Session::write_folder() const {
  return !session_dir_.empty() ? session_dir_ : write_home_ ? home_ : std::filesystem::path{};
}

std::filesystem::path Session::find_file(const std::string& sub, const std::string& file) const {
  for (const auto& dir : read_folders())
    if (auto path = readable_file(dir / sub / file); !path.empty()) return path;
  return {};
}

std::filesystem::path Session::readable_file(const std::filesystem::path& path) {
  std::error_code ec;
  const auto st = std::filesystem::status(path, ec);
  // Absent: no such file, or a file where a folder of the path belongs.
  if (ec == std::errc::no_such_file_or_directory || ec == std::errc::not_a_directory) return {};
  if (ec) throw InputError(fmt::format("cannot read {}: {}", path.string(), ec.message()));
  if (std::filesystem::is_directory(st))
    throw InputError(fmt::format("{} is a folder, not a Walnut file", path.string()));
  return path;  // a regular file, or a FIFO or device, read with a bound (read_walnut_file)
}

void Session::write_text(const std::filesystem::path& dir, const std::string& file, std::string_view text) {
  std::error_code ec;
  std::filesystem::create_directories(dir, ec);
  if (ec) throw InputError(fmt::format("cannot create the folder {}: {}", dir.string(), ec.message()));
  AtomicFile f(dir / file);
  f.stream() << text;
  f.commit();
}

void Session::publish(const Result& r, Library library) {
  const std::filesystem::path home = write_folder();
  if (home.empty() || !r.automaton) return;
  // A statement without free variables is written as Walnut writes it: the word true or false.
  const std::string text = r.automaton->tracks().empty()
                               ? (r.automaton->accepting(r.automaton->initial()) ? "true" : "false")
                               : write_automaton(*r.automaton);
  write_text(home / "Result", r.name + ".txt", text);
  if (!r.matrix_variables.empty())
    write_text(home / "Result", r.name + ".mpl", write_matrices(*r.automaton, r.matrix_variables));
  if (library == Library::automata) write_text(home / "Automata Library", r.name + ".txt", text);
  if (library == Library::words) write_text(home / "Word Automata Library", r.name + ".txt", text);
}

}  // namespace qg::prover