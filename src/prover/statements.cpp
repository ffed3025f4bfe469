// The statement commands: eval, def, reg, macro and load (commands.hpp).
#include <algorithm>
#include <cctype>
#include <functional>

#include <fmt/format.h>

#include "prover/commands.hpp"
#include "prover/evaluate.hpp"
#include "prover/regex.hpp"

namespace qg::prover {

using automata::Automaton;

namespace {

// The command text after macro expansion: #NAME(a,b) becomes NAME's text with %0, %1 …
// replaced by a, b. Positions inside an expansion are reported at the '#'.
std::string expand_macros(std::string_view text, std::size_t offset,
                          const std::function<const std::string*(const std::string&)>& macro,
                          std::vector<std::size_t>& origin) {
  std::string out;
  origin.clear();
  for (std::size_t i = 0; i < text.size();) {
    if (text[i] != '#') {
      out += text[i];
      origin.push_back(offset + i);
      ++i;
      continue;
    }
    std::size_t j = i + 1;
    while (j < text.size() && (std::isalnum(static_cast<unsigned char>(text[j])) || text[j] == '_')) ++j;
    std::string name(text.substr(i + 1, j - i - 1));
    const std::string* found = macro(name);
    if (!found) throw detail::PositionedError{offset + i, fmt::format("unknown macro #{}", name)};
    std::vector<std::string> args;
    if (j < text.size() && text[j] == '(') {
      std::size_t close = text.find(')', j);
      if (close == std::string_view::npos) throw detail::PositionedError{offset + j, "macro arguments without ')'"};
      std::string_view inside = text.substr(j + 1, close - j - 1);
      for (std::size_t a = 0; a <= inside.size();) {
        std::size_t comma = inside.find(',', a);
        if (comma == std::string_view::npos) comma = inside.size();
        std::string arg(inside.substr(a, comma - a));
        arg.erase(0, arg.find_first_not_of(" \t\n"));
        arg.erase(arg.find_last_not_of(" \t\n") + 1);
        if (!arg.empty() || !inside.empty()) args.push_back(arg);
        a = comma + 1;
      }
      j = close + 1;
    }
    std::string body = *found;
    for (std::size_t k = args.size(); k-- > 0;) {
      std::string key = fmt::format("%{}", k);
      for (std::size_t p = body.find(key); p != std::string::npos; p = body.find(key, p + args[k].size()))
        body.replace(p, key.size(), args[k]);
    }
    out += body;
    origin.insert(origin.end(), body.size(), offset + i);
    i = j;
  }
  origin.push_back(offset + text.size());
  return out;
}

}  // namespace

// eval NAME ["v1 v2 …"] "φ": and def: the automaton of φ; TRUE/FALSE when φ is closed. The
// names before the statement (Walnut's incidence-matrix variables) must be free in φ.
void Session::Commands::statement(bool is_def) {
  r.name = in.word("a name");
  while (!in.quote_next()) {
    std::size_t at = (in.skip(), in.pos());
    r.matrix_variables.push_back(in.word("a variable or a quoted statement"));
    r.matrix_positions.push_back(at);
  }
  std::size_t start;
  std::string_view statement = in.quoted(start);
  r.matrices = in.end();
  std::vector<std::size_t> origin;
  automata::Context ctx = s.context_;
  ctx.on_step = [&](const automata::StepStats& st) {
    if (!st.abandoned) r.largest = std::max(r.largest, st.states_out);
    r.peak_bytes = std::max(r.peak_bytes, st.bytes);
    if (s.context_.on_step) s.context_.on_step(st);
  };
  ctx.on_note = [&](const std::string& note) {
    if (std::find(r.notes.begin(), r.notes.end(), note) == r.notes.end()) r.notes.push_back(note);
  };
  try {
    std::string expanded = expand_macros(
        statement, start, [&](const std::string& name) { return s.macro_text(name); }, origin);
    detail::FormulaPtr f;
    try {
      std::vector<std::pair<std::string, std::size_t>> systems;
      f = detail::parse_statement(expanded, 0, &systems);
      for (const auto& [name, pos] : systems) try {
          s.system(name);
        } catch (const InputError& e) {
          throw detail::PositionedError{pos, e.what()};
        }
    } catch (detail::PositionedError& e) {
      e.pos = origin[std::min(e.pos, origin.size() - 1)];
      throw;
    }
    detail::Evaluator ev(s, ctx);
    Automaton a;
    try {
      a = ev.evaluate(*f);
    } catch (detail::PositionedError& e) {
      e.pos = origin[std::min(e.pos, origin.size() - 1)];
      throw;
    }
    r.states = a.states();
    r.largest = std::max<std::uint64_t>(r.largest, a.states());
    for (const auto& t : a.tracks()) r.variables.push_back(t.name);
    for (std::size_t k = 0; k < r.matrix_variables.size(); ++k)
      if (std::find(r.variables.begin(), r.variables.end(), r.matrix_variables[k]) == r.variables.end())
        in.fail(r.matrix_positions[k],
                fmt::format("incidence matrices for the variable {} cannot be calculated, because {} is not a free "
                            "variable",
                            r.matrix_variables[k], r.matrix_variables[k]));
    if (a.tracks().empty()) {
      r.truth = a.accepting(a.initial());
      if (!*r.truth && ev.counterexamples()) {
        const Automaton& c = *ev.counterexamples();
        if (auto w = automata::shortest_accepted(c)) {
          auto values = automata::decode_integers(c, *w);
          for (std::size_t k = 0; k < values.size(); ++k) r.counterexample.emplace_back(c.tracks()[k].name, values[k]);
        }
      }
    }
    r.automaton = std::make_shared<const Automaton>(a);
    s.publish(r, is_def ? Library::automata : Library::none);
    if (is_def) s.define(r.name, std::move(a));
  } catch (const detail::PositionedError& e) {
    in.fail(e.pos, e.what);
  }
}

// reg NAME SYSTEM… "REGEX": one number system (or alphabet {0,…,k−1}) per input.
void Session::Commands::reg() {
  r.name = in.word("a name");
  std::vector<automata::Track> tracks;
  while (!in.quote_next()) {
    std::size_t sat = (in.skip(), in.pos());
    if (in.at_end()) in.fail(sat, "expected a quoted regular expression");
    std::string name = tracks.size() < 26 ? std::string(1, static_cast<char>('a' + tracks.size())) : "";
    if (name.empty()) in.fail(sat, "more than 26 inputs");
    if (in.peek() == '{') {
      std::size_t close = in.text().find('}', sat);
      if (close == std::string_view::npos) in.fail(sat, "an alphabet without '}'");
      auto values = detail::parse_alphabet(in.text().substr(sat + 1, close - sat - 1));
      if (!values || values->empty() || values->size() > 256)
        in.fail(sat, "an alphabet is a list of distinct integers {0,1} or {-1,0,1}");
      automata::Track t{name, static_cast<unsigned>(values->size()), nullptr};
      if (!detail::natural_alphabet(*values)) t.values = *values;
      tracks.push_back(t);
      in.set_pos(close + 1);
    } else {
      std::string sys = detail::walnut_system_name(in.word("a number system"));
      try {
        auto ns = s.system(sys);
        tracks.push_back({name, ns->base(), ns});
      } catch (const InputError& e) {
        in.fail(sat, e.what());
      }
    }
  }
  if (tracks.empty()) in.fail(in.pos(), "reg needs a number system for each input");
  std::size_t start;
  std::string_view regex = in.quoted(start);
  in.end();
  try {
    Automaton words = detail::regex_words(regex, start, tracks, s.context_);
    Automaton a = detail::numbers_of_words(words, start, s.context_);
    r.states = a.states();
    r.largest = std::max<std::uint64_t>({r.largest, a.states(), words.states()});
    for (const auto& t : a.tracks()) r.variables.push_back(t.name);
    r.automaton = std::make_shared<const Automaton>(a);
    s.publish(r, Library::automata);
    s.define(r.name, std::move(a));
    s.spelled_[r.name] = std::move(words);
  } catch (const detail::PositionedError& e) {
    in.fail(e.pos, e.what);
  }
}

void Session::Commands::macro() {
  r.name = in.word("a name");
  std::size_t start;
  s.macros_[r.name] = std::string(in.quoted(start));
  in.end();
}

// load FILE: the commands of a command file (Walnut's Command Files/ folder, the folder of
// the file being run, or the working directory), run in this session.
void Session::Commands::load() {
  std::size_t at = (in.skip(), in.pos());
  std::string name(in.until_end());
  while (!name.empty() && std::isspace(static_cast<unsigned char>(name.back()))) name.pop_back();
  in.end();
  if (name.empty()) in.fail(at, "load needs a file name");
  std::vector<std::filesystem::path> candidates;
  for (const auto& dir : s.read_folders()) candidates.push_back(dir / "Command Files" / name);
  if (in.file() != "-e" && in.file() != "<input>")
    candidates.push_back(std::filesystem::path(in.file()).parent_path() / name);
  candidates.push_back(name);
  for (const auto& candidate : candidates) {
    std::filesystem::path path;
    try {
      path = readable_file(candidate);
    } catch (const InputError& e) {
      in.fail(at, e.what());
    }
    if (!path.empty()) {
      if (++s.load_depth_ > 64) in.fail(at, "load nested more than 64 deep");
      try {
        auto more = s.run_file(path);
        results.insert(results.end(), more.begin(), more.end());
      } catch (...) {
        --s.load_depth_;
        throw;
      }
      --s.load_depth_;
      r.name = name;
      return;
    }
  }
  in.fail(at, fmt::format("no command file {}", name));
}

}  // namespace qg::prover
