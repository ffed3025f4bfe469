// The session: Walnut commands, named automata, word automata, the library directory.
#include <algorithm>
#include <cctype>
#include <charconv>
#include <chrono>

#include <fmt/format.h>

#include "prover/combine.hpp"
#include "prover/evaluate.hpp"
#include "prover/reader.hpp"
#include "prover/regex.hpp"
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
  return fmt::format("{}:{}:{}: {}", file, line, col, what);
}

}  // namespace detail

using automata::Automaton;
using detail::located;

namespace {

// The command text after macro expansion: #NAME(a,b) becomes NAME's text with %0, %1 …
// replaced by a, b. Positions inside an expansion are reported at the '#'.
std::string expand_macros(std::string_view text, std::size_t offset, const std::map<std::string, std::string>& macros,
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
    auto it = macros.find(name);
    if (it == macros.end()) throw detail::PositionedError{offset + i, fmt::format("unknown macro #{}", name)};
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
    std::string body = it->second;
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

// Walnut's rules "0->01 1->10" (separated by white space) as the words module's
// "0->01,1->10"; rules already separated by commas are kept.
std::string morphism_rules(std::string_view rules) {
  std::string text;
  for (std::size_t k = 0; k < rules.size();) {
    while (k < rules.size() && std::isspace(static_cast<unsigned char>(rules[k]))) ++k;
    std::size_t e = k;
    while (e < rules.size() && !std::isspace(static_cast<unsigned char>(rules[e]))) ++e;
    if (e > k) text += (text.empty() ? "" : ",") + std::string(rules.substr(k, e - k));
    k = e;
  }
  return text;
}

}  // namespace

Session::Session(automata::Context context) : context_(std::move(context)) {}

std::shared_ptr<const automata::NumberSystem> Session::system(const std::string& name) {
  auto it = systems_.find(name);
  if (it != systems_.end()) return it->second;
  try {
    return systems_[name] = automata::NumberSystem::make(name, context_);
  } catch (const InputError&) {
    auto custom = custom_system(name);
    if (!custom) throw;
    return systems_[name] = custom;
  }
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
      if (!std::filesystem::is_regular_file(path)) return std::nullopt;
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

// ---- the commands ----------------------------------------------------------------------------

// The handlers of the commands, one each; nested in Session for its private members.
struct Session::Commands {
  Session& s;
  detail::Reader& in;
  Result& r;

  // eval NAME ["v1 v2 …"] "φ": and def: the automaton of φ; TRUE/FALSE when φ is closed. The
  // names before the statement (Walnut's incidence-matrix variables) must be free in φ.
  void statement(bool is_def) {
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
      std::string expanded = expand_macros(statement, start, s.macros_, origin);
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
            for (std::size_t k = 0; k < values.size(); ++k)
              r.counterexample.emplace_back(c.tracks()[k].name, values[k]);
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
  void reg() {
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
      for (const auto& t : a.tracks()) r.variables.push_back(t.name);
      r.automaton = std::make_shared<const Automaton>(a);
      s.publish(r, Library::automata);
      s.define(r.name, std::move(a));
      s.spelled_[r.name] = std::move(words);
    } catch (const detail::PositionedError& e) {
      in.fail(e.pos, e.what);
    }
  }

  // morphism NAME "0->01 1->10": rules separated by white space, letters single digits.
  void morphism() {
    r.name = in.word("a name");
    std::size_t start;
    std::string_view rules = in.quoted(start);
    in.end();
    // A letter of an image may have no rule of its own (Walnut's morphism_image_tests.txt): it
    // gets a placeholder rule, the letter repeated as long as the first image, and is recorded,
    // so that image refuses a word with that letter and promote refuses the morphism.
    std::string text = morphism_rules(rules), gaps;
    {
      std::string ruled, used;
      std::size_t first = 0;
      for (std::size_t k = 0; k < text.size();) {
        std::size_t comma = std::min(text.find(',', k), text.size()), arrow = text.find("->", k);
        if (arrow < comma) {
          ruled += text.substr(k, arrow - k);
          used += text.substr(arrow + 2, comma - arrow - 2);
          if (!first) first = comma - arrow - 2;
        }
        k = comma + 1;
      }
      for (char c : used)
        if (ruled.find(c) == std::string::npos && gaps.find(c) == std::string::npos) gaps += c;
      for (char c : gaps) text += fmt::format(",{}->{}", c, std::string(std::max<std::size_t>(first, 1), c));
    }
    words::Morphism m;
    try {
      m = words::Morphism::parse(text);
    } catch (const InputError& e) {
      in.fail(start, e.what());
    }
    for (char x : m.alphabet())
      if (!std::isdigit(static_cast<unsigned char>(x))) in.fail(start, fmt::format("letter '{}' is not a digit", x));
    s.morphisms_[r.name] = m.to_string();
    s.morphism_gaps_[r.name] = gaps;
  }

  // promote NAME MORPHISM: the fixed point of a morphism as a word automaton (msd_k for a
  // k-uniform one, else the morphism's own system); image NAME MORPHISM WORD: the word μ(W) for
  // a k-uniform morphism or a coding.
  void promote_or_image(bool promote) {
    r.name = in.word("a name");
    std::size_t mat = (in.skip(), in.pos());
    std::string mname = in.word("a morphism name");
    auto it = s.morphisms_.find(mname);
    if (it == s.morphisms_.end()) in.fail(mat, fmt::format("no morphism named {}", mname));
    words::Morphism m = words::Morphism::parse(it->second);
    const std::string& gaps = s.morphism_gaps_[mname];
    if (promote && !gaps.empty())
      in.fail(mat, fmt::format("morphism {} has no rule for letter '{}' of its images: its fixed point is not defined",
                               mname, gaps[0]));
    std::size_t k = m.image(m.start()).size();
    bool uniform = true;
    for (char x : m.alphabet()) uniform = uniform && m.image(x).size() == k;
    if (!uniform && !promote) in.fail(mat, fmt::format("morphism {} is not uniform", mname));
    auto digit = [](char c) { return static_cast<int>(c - '0'); };
    if (promote) {
      in.end();
      if (uniform && k < 2) in.fail(mat, fmt::format("morphism {} maps letters to single letters", mname));
      try {
        m.require_prolongable();
      } catch (const InputError& e) {
        in.fail(mat, e.what());
      }
      std::shared_ptr<const automata::NumberSystem> sys;
      if (uniform) {
        sys = s.system(fmt::format("msd_{}", k));
      } else {
        auto own = s.numsys_morphisms_.find(mname);
        if (own == s.numsys_morphisms_.end() || own->second != it->second) {
          if (s.systems_.count("msd_" + mname) || own != s.numsys_morphisms_.end())
            in.fail(mat, fmt::format("msd_{} is already a number system (of another morphism)", mname));
          bool known = true;
          try {
            automata::NumberSystem::make("msd_" + mname, s.context_);
          } catch (const InputError&) {
            known = false;
          }
          if (known) in.fail(mat, fmt::format("msd_{} is already a number system: name the morphism otherwise", mname));
          try {
            s.define_system(mname, it->second);
          } catch (const RangeError& e) {
            throw RangeError(located(in.file(), in.text(), mat, e.what()));
          } catch (const InputError& e) {
            in.fail(mat, e.what());
          }
        }
        sys = s.system("msd_" + mname);
      }
      auto n = static_cast<std::uint32_t>(m.alphabet().size());
      Automaton a({automata::Track{"n", sys->base(), sys}}, n + 1);  // n: past an image's end
      for (std::uint32_t q = 0; q <= n; ++q) {
        a.set_output(q, q < n ? digit(m.alphabet()[q]) : automata::kNoLetter);
        for (std::uint32_t d = 0; d < sys->base(); ++d) {
          std::uint32_t to = n;
          if (q < n && d < m.image(m.alphabet()[q]).size())
            to = static_cast<std::uint32_t>(m.index(m.image(m.alphabet()[q])[d]));
          a.set_next(q, d, to);
        }
      }
      s.define_word(r.name, automata::minimize(a, s.context_));
    } else {
      std::size_t wat = (in.skip(), in.pos());
      std::string wname = in.word("a word automaton name");
      in.end();
      Automaton old;
      try {
        old = s.word(wname);
      } catch (const InputError& e) {
        in.fail(wat, e.what());
      }
      for (std::uint32_t q = 0; q < old.states(); ++q) {
        int out = old.output(q);
        if (out != automata::kNoLetter && (out < 0 || out > 9 || !m.contains(static_cast<char>('0' + out)) ||
                                           gaps.find(static_cast<char>('0' + out)) != std::string::npos))
          in.fail(mat, fmt::format("morphism {} does not map letter {} of {}", mname, out, wname));
      }
      auto image_of = [&](int out, std::uint32_t rr) {
        return out == automata::kNoLetter ? automata::kNoLetter : digit(m.image(static_cast<char>('0' + out))[rr]);
      };
      if (k == 1) {
        for (std::uint32_t q = 0; q < old.states(); ++q) old.set_output(q, image_of(old.output(q), 0));
        s.define_word(r.name, automata::minimize(old, s.context_));
      } else {
        const auto& sys = old.tracks()[0].system;
        if (old.tracks().size() != 1 || !sys) in.fail(wat, "image needs a word automaton of one input");
        if (sys->name() != fmt::format("msd_{}", k)) {
          // In any other system, μ(W)[n] = μ(W[m])[r] for n = k·m + r, r < k, as a statement
          // for each letter of the images (the first accepting one gives the letter).
          std::vector<std::pair<Automaton, int>> parts;
          auto evaluate = [&](const std::string& text) {
            detail::Evaluator ev(s, s.context_);
            return ev.evaluate(*detail::parse_statement(text, 0, nullptr));
          };
          for (char v : m.alphabet()) {
            std::string cases;
            for (char x : m.alphabet())
              for (std::size_t rr = 0; rr < k; ++rr)
                if (m.image(x)[rr] == v && gaps.find(x) == std::string::npos)
                  cases += fmt::format("{}(r={} & {}[q]=@{})", cases.empty() ? "" : " | ", rr, wname, x);
            if (cases.empty() || v == '0') continue;
            parts.emplace_back(evaluate(fmt::format("?{} Eq,r n={}*q+r & r<{} & ({})", sys->name(), k, k, cases)),
                               digit(v));
          }
          if (parts.empty()) parts.emplace_back(evaluate(fmt::format("?{} n=n", sys->name())), 0);  // all 0
          s.define_word(r.name, detail::first_accepting(parts, s.context_));
        } else {
          // State (q, r): q after all digits but the last, r the last digit (n = k·m + r).
          std::uint32_t states = old.states() * static_cast<std::uint32_t>(k);
          Automaton a(old.tracks(), states);
          for (std::uint32_t q = 0; q < old.states(); ++q)
            for (std::uint32_t rr = 0; rr < k; ++rr) {
              std::uint32_t id = q * static_cast<std::uint32_t>(k) + rr;
              a.set_output(id, image_of(old.output(q), rr));
              for (std::uint32_t d = 0; d < k; ++d)
                a.set_next(id, d, old.next(q, rr) * static_cast<std::uint32_t>(k) + d);
            }
          a.set_initial(old.initial() * static_cast<std::uint32_t>(k));
          s.define_word(r.name, automata::minimize(a, s.context_));
        }
      }
    }
    const Automaton& made = s.words_[r.name];
    r.states = r.largest = made.states();
    for (const auto& t : made.tracks()) r.variables.push_back(t.name);
    r.automaton = std::make_shared<const Automaton>(made);
    s.publish(r, Library::words);
  }

  // Whether NumberSystem::make knows the system (a built-in or a morphism's).
  bool built_in(const std::string& name) {
    try {
      automata::NumberSystem::make(name, s.context_);
    } catch (const InputError&) {
      return false;
    }
    return true;
  }

  // numsys NAME "a->aab,b->aa": (an extension; Walnut reads such systems from files) msd_NAME
  // and lsd_NAME, the numeration systems of the morphism (define_system).
  void numsys() {
    std::size_t nat = (in.skip(), in.pos());
    r.name = in.word("a name");
    std::size_t start;
    std::string_view rules = in.quoted(start);
    in.end();
    if (built_in("msd_" + r.name) || s.systems_.count("msd_" + r.name))
      in.fail(nat, fmt::format("msd_{} is already a number system", r.name));
    try {
      s.define_system(r.name, morphism_rules(rules));
    } catch (const RangeError& e) {
      throw RangeError(located(in.file(), in.text(), start, e.what()));
    } catch (const InputError& e) {
      in.fail(start, e.what());
    }
  }

  // ost NAME [a_0 a_1 …] [period]: Walnut's Ostrowski system msd_NAME (and lsd_NAME) of the
  // continued fraction, written to Custom Bases/ as Walnut writes it.
  void ost() {
    std::size_t at = (in.skip(), in.pos());
    r.name = in.word("a name");
    std::vector<std::vector<unsigned>> lists;
    for (int list = 0; list < 2; ++list) {
      if (!in.accept('[')) in.fail(in.pos(), "expected '[' and the continued fraction's quotients");
      std::vector<unsigned> v;
      while (!in.accept(']')) {
        std::size_t p = (in.skip(), in.pos());
        std::string digits = in.word("a quotient or ']'");
        unsigned x = 0;
        auto [end, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), x);
        if (ec != std::errc() || end != digits.data() + digits.size()) in.fail(p, "expected a quotient or ']'");
        v.push_back(x);
      }
      lists.push_back(std::move(v));
    }
    in.end();
    if (built_in("msd_" + r.name)) in.fail(at, fmt::format("msd_{} is already a number system", r.name));
    try {
      auto msd = automata::NumberSystem::ostrowski("msd_" + r.name, lists[0], lists[1], s.context_);
      s.systems_["msd_" + r.name] = msd;
      s.systems_.erase("lsd_" + r.name);  // msd_NAME read backwards when first used
      if (!s.write_folder().empty()) {
        const auto dir = s.write_folder() / "Custom Bases";
        std::filesystem::create_directories(dir);
        for (auto [file, a] : {std::pair{"", msd->validity()}, std::pair{"_addition", msd->adder()}}) {
          for (std::size_t i = 0; i < a.tracks().size(); ++i) a.set_system(i, nullptr);
          AtomicFile f(dir / fmt::format("msd_{}{}.txt", r.name, file));
          f.stream() << write_automaton(a);
          f.commit();
        }
      }
    } catch (const RangeError& e) {
      throw RangeError(located(in.file(), in.text(), at, e.what()));
    } catch (const InputError& e) {
      in.fail(at, e.what());
    }
  }

  void macro() {
    r.name = in.word("a name");
    std::size_t start;
    s.macros_[r.name] = std::string(in.quoted(start));
    in.end();
  }

  // load FILE: the commands of a command file (Walnut's Command Files/ folder, the folder of
  // the file being run, or the working directory), run in this session.
  void load(std::vector<Result>& results) {
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
    for (const auto& path : candidates)
      if (std::filesystem::is_regular_file(path)) {
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
    in.fail(at, fmt::format("no command file {}", name));
  }
};

std::vector<Result> Session::run_file(const std::filesystem::path& path, const ErrorFn& keep_going) {
  // The text stays alive for the run: errors quote positions in it.
  const std::string text = detail::read_walnut_file(path, context_.progress);
  return run(text, path.string(), keep_going);
}

std::vector<Result> Session::run(std::string_view text, std::string_view file, const ErrorFn& keep_going) {
  std::vector<Result> results;
  detail::Reader in(text, file);
  static const char* const kCommands =
      "eval, def, reg, macro, morphism, promote, image, load, numsys, ost, or an automaton command (docs/PROVER.md)";
  auto command_name = [](std::string_view w) {
    return w == "eval" || w == "def" || w == "reg" || w == "morphism" || w == "promote" || w == "image" ||
           w == "numsys" || w == "ost" || w == "macro" || w == "load" || automaton_command(w);
  };
  std::size_t ended = std::string_view::npos;  // where the last command's ':' or ';' was read
  while (!in.at_end()) {
    std::size_t at = in.pos();
    // Walnut reads a command up to the first ':' or ';' of its line and ignores the rest of
    // the line (a remark: `reg e lsd_2 "(0|1)*00"; all binary strings ending in 00`); here
    // the rest of the line is a further command when it begins with a command's name.
    if (ended != std::string_view::npos && text.substr(ended, at - ended).find('\n') == std::string_view::npos) {
      std::size_t j = at;
      while (j < text.size() && (std::isalnum(static_cast<unsigned char>(text[j])) || text[j] == '_')) ++j;
      if (!command_name(text.substr(at, j - at))) {
        const std::size_t eol = std::min(text.find('\n', at), text.size());
        // Said under the command before, so that a mistyped command there is seen.
        std::string_view remark = text.substr(at, eol - at);
        while (!remark.empty() && std::isspace(static_cast<unsigned char>(remark.back()))) remark.remove_suffix(1);
        if (!results.empty())
          results.back().notes.push_back(fmt::format("the rest of its line is a remark (as in Walnut): {}", remark));
        in.set_pos(eol);
        ended = std::string_view::npos;
        continue;
      }
    }
    try {
      std::string command = in.word(fmt::format("a command ({})", kCommands).c_str());
      Result r;
      r.command = command;
      auto started = std::chrono::steady_clock::now();
      Commands c{*this, in, r};
      if (command == "eval" || command == "def") c.statement(command == "def");
      else if (command == "reg") c.reg();
      else if (command == "morphism") c.morphism();
      else if (command == "promote" || command == "image") c.promote_or_image(command == "promote");
      else if (command == "numsys") c.numsys();
      else if (command == "ost") c.ost();
      else if (command == "macro") c.macro();
      else if (command == "load") c.load(results);
      else if (!run_automaton_command(command, in, r))
        in.fail(at, fmt::format("unknown command '{}' ({})", command, kCommands));
      ended = in.pos();
      r.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
      if (command != "load") results.push_back(std::move(r));
    } catch (const InputError& e) {
      if (!keep_going) throw;
      keep_going(e);
      // Resume after the failed command's end (a ':' or ';' outside quotes).
      in.set_pos(at);
      bool quoted = false;
      std::size_t i = at;
      for (; i < text.size(); ++i) {
        if (text[i] == '"') quoted = !quoted;
        else if (!quoted && (text[i] == ':' || text[i] == ';')) break;
      }
      while (i < text.size() && (text[i] == ':' || text[i] == ';')) ++i;
      in.set_pos(i);
      ended = i;
    }
  }
  return results;
}

// Where Walnut writes what a command made: Result/NAME.txt always, and the library the name is
// then found in.
std::vector<std::filesystem::path> Session::read_folders() const {
  std::vector<std::filesystem::path> out;
  for (const auto& dir : {session_dir_, home_})
    if (!dir.empty()) out.push_back(dir);
  return out;
}

std::filesystem::path Session::write_folder() const {
  return !session_dir_.empty() ? session_dir_ : write_home_ ? home_ : std::filesystem::path{};
}

std::filesystem::path Session::find_file(const std::string& sub, const std::string& file) const {
  for (const auto& dir : read_folders())
    if (std::filesystem::is_regular_file(dir / sub / file)) return dir / sub / file;
  return {};
}

void Session::publish(const Result& r, Library library) {
  const std::filesystem::path home = write_folder();
  if (home.empty() || !r.automaton) return;
  // A statement without free variables is written as Walnut writes it: the word true or false.
  const std::string text = r.automaton->tracks().empty()
                               ? (r.automaton->accepting(r.automaton->initial()) ? "true" : "false")
                               : write_automaton(*r.automaton);
  auto write = [&](const std::filesystem::path& dir) {
    std::filesystem::create_directories(dir);
    AtomicFile f(dir / (r.name + ".txt"));
    f.stream() << text;
    f.commit();
  };
  write(home / "Result");
  if (!r.matrix_variables.empty()) {
    AtomicFile f(home / "Result" / (r.name + ".mpl"));
    f.stream() << write_matrices(*r.automaton, r.matrix_variables);
    f.commit();
  }
  if (library == Library::automata) write(home / "Automata Library");
  if (library == Library::words) write(home / "Word Automata Library");
}

}  // namespace qg::prover
