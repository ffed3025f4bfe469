// The session: Walnut commands, named automata, word automata, the library directory.
#include <algorithm>
#include <cctype>
#include <chrono>
#include <fstream>
#include <sstream>

#include <fmt/format.h>

#include "prover/evaluate.hpp"
#include "prover/regex.hpp"
#include "queengames/words.hpp"

namespace qg::prover {

using automata::Automaton;

namespace {

// "FILE:LINE:COL: what" for an offset into `text`.
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

std::string read_text(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw InputError(fmt::format("cannot read {}", path.string()));
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

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
  return systems_[name] = automata::NumberSystem::make(name, context_);
}

void Session::define_system(const std::string& name, std::string_view morphism) {
  auto msd = automata::NumberSystem::from_morphism("msd_" + name, morphism, true, context_);
  auto lsd = automata::NumberSystem::from_morphism("lsd_" + name, morphism, false, context_);
  systems_["msd_" + name] = msd;
  systems_["lsd_" + name] = lsd;
  numsys_morphisms_[name] = words::Morphism::parse(morphism).to_string();
}

void Session::define(const std::string& name, Automaton a) { automata_[name] = std::move(a); }
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
  if (!library_.empty()) {
    auto path = library_ / "Automata Library" / (name + ".txt");
    if (std::filesystem::exists(path)) {
      Automaton a = read_automaton(read_text(path), *this, path.string());
      return automata_[name] = numbers_of_file(std::move(a), path.string(), false, context_);
    }
  }
  const auto shipped = shipped_automata();
  if (std::find(shipped.begin(), shipped.end(), name) != shipped.end())
    return automata_[name] = read_automaton(shipped_automaton(name), *this, name + ".txt");
  throw InputError(fmt::format("no automaton named {}", name));
}

const Automaton& Session::word(const std::string& name) {
  auto it = words_.find(name);
  if (it != words_.end()) return it->second;
  if (!library_.empty()) {
    auto path = library_ / "Word Automata Library" / (name + ".txt");
    if (std::filesystem::exists(path)) {
      Automaton a = read_automaton(read_text(path), *this, path.string());
      return words_[name] = numbers_of_file(std::move(a), path.string(), true, context_);
    }
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
  a.set_output(letters, -1);  // invalid representations (11 in Zeckendorf): no letter
  a.set_initial(0);
  return automata::minimize(a, session.context());
}

std::vector<Result> Session::run_file(const std::filesystem::path& path) { return run(read_text(path), path.string()); }

std::vector<Result> Session::run(std::string_view text, std::string_view file) {
  std::vector<Result> results;
  std::size_t i = 0;
  auto fail = [&](std::size_t pos, const std::string& what) -> void {
    throw InputError(located(file, text, pos, what));
  };
  auto skip = [&]() {
    while (i < text.size()) {
      if (std::isspace(static_cast<unsigned char>(text[i]))) ++i;
      else if (text.substr(i, 2) == "//") {
        while (i < text.size() && text[i] != '\n') ++i;
      } else {
        break;
      }
    }
  };
  auto word = [&](const char* what) {
    skip();
    std::size_t j = i;
    while (j < text.size() && (std::isalnum(static_cast<unsigned char>(text[j])) || text[j] == '_')) ++j;
    if (j == i) fail(i, fmt::format("expected {}", what));
    std::string w(text.substr(i, j - i));
    i = j;
    return w;
  };
  auto quoted = [&](std::size_t& start) {
    skip();
    if (i >= text.size() || text[i] != '"') fail(i, "expected a quoted statement");
    start = i + 1;
    std::size_t close = text.find('"', start);
    if (close == std::string_view::npos) fail(i, "the quoted statement has no closing '\"'");
    i = close + 1;
    return text.substr(start, close - start);
  };
  auto end = [&]() {
    skip();
    if (i >= text.size() || (text[i] != ':' && text[i] != ';'))
      fail(i, "expected ':' or ';' at the end of the command");
    ++i;
  };
  while (true) {
    skip();
    if (i >= text.size()) break;
    std::size_t at = i;
    std::string command = word("a command (eval, def, reg, macro, morphism, promote, image, numsys)");
    Result r;
    r.command = command;
    auto started = std::chrono::steady_clock::now();
    if (command == "eval" || command == "def") {
      r.name = word("a name");
      std::size_t start;
      std::string_view statement = quoted(start);
      end();
      std::vector<std::size_t> origin;
      automata::Context ctx = context_;
      ctx.on_step = [&](const automata::StepStats& st) {
        if (!st.abandoned) r.largest = std::max(r.largest, st.states_out);
        r.peak_bytes = std::max(r.peak_bytes, st.bytes);
        if (context_.on_step) context_.on_step(st);
      };
      try {
        std::string expanded = expand_macros(statement, start, macros_, origin);
        detail::FormulaPtr f;
        try {
          std::vector<std::pair<std::string, std::size_t>> systems;
          f = detail::parse_statement(expanded, 0, &systems);
          for (const auto& [name, pos] : systems) try {
              system(name);
            } catch (const InputError& e) {
              throw detail::PositionedError{pos, e.what()};
            }
        } catch (detail::PositionedError& e) {
          e.pos = origin[std::min(e.pos, origin.size() - 1)];
          throw;
        }
        detail::Evaluator ev(*this, ctx);
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
        if (command == "eval") {
          if (!a.tracks().empty())
            fail(start, fmt::format("eval needs a closed statement; free variables: {}", fmt::join(r.variables, ", ")));
          r.truth = a.accepting(a.initial());
          if (!*r.truth && ev.counterexamples()) {
            const Automaton& c = *ev.counterexamples();
            if (auto w = automata::shortest_accepted(c)) {
              auto values = automata::decode_integers(c, *w);
              for (std::size_t k = 0; k < values.size(); ++k)
                r.counterexample.emplace_back(c.tracks()[k].name, values[k]);
            }
          }
        } else {
          define(r.name, a);
        }
      } catch (const detail::PositionedError& e) {
        fail(e.pos, e.what);
      }
    } else if (command == "reg") {
      // reg NAME SYSTEM… "REGEX": one number system (or alphabet {0,…,k−1}) per input.
      r.name = word("a name");
      std::vector<automata::Track> tracks;
      while (true) {
        skip();
        if (i >= text.size() || text[i] == '"') break;
        std::size_t sat = i;
        std::string name = tracks.size() < 26 ? std::string(1, static_cast<char>('a' + tracks.size())) : "";
        if (name.empty()) fail(sat, "more than 26 inputs");
        if (text[i] == '{') {
          std::size_t close = text.find('}', i);
          if (close == std::string_view::npos) fail(i, "an alphabet without '}'");
          std::string_view inner = text.substr(i + 1, close - i - 1);
          unsigned k = 0;
          for (std::size_t a = 0; a <= inner.size();) {
            std::size_t comma = std::min(inner.find(',', a), inner.size());
            std::string item(inner.substr(a, comma - a));
            item.erase(std::remove_if(item.begin(), item.end(), [](unsigned char c) { return std::isspace(c); }),
                       item.end());
            if (item != std::to_string(k) || k >= 10) fail(sat, "an alphabet {0,1,…,k−1} with k ≤ 10 is supported");
            ++k;
            a = comma + 1;
          }
          tracks.push_back({name, k, nullptr});
          i = close + 1;
        } else {
          std::string sys = word("a number system");
          try {
            auto ns = system(sys);
            tracks.push_back({name, ns->base(), ns});
          } catch (const InputError& e) {
            fail(sat, e.what());
          }
        }
      }
      if (tracks.empty()) fail(i, "reg needs a number system for each input");
      std::size_t start;
      std::string_view regex = quoted(start);
      end();
      try {
        Automaton a = detail::regex_automaton(regex, start, tracks, context_);
        r.states = a.states();
        for (const auto& t : a.tracks()) r.variables.push_back(t.name);
        define(r.name, std::move(a));
      } catch (const detail::PositionedError& e) {
        fail(e.pos, e.what);
      }
    } else if (command == "morphism") {
      // morphism NAME "0->01 1->10": rules separated by white space, letters single digits.
      r.name = word("a name");
      std::size_t start;
      std::string_view rules = quoted(start);
      end();
      words::Morphism m;
      try {
        m = words::Morphism::parse(morphism_rules(rules));
      } catch (const InputError& e) {
        fail(start, e.what());
      }
      for (char x : m.alphabet())
        if (!std::isdigit(static_cast<unsigned char>(x))) fail(start, fmt::format("letter '{}' is not a digit", x));
      morphisms_[r.name] = m.to_string();
    } else if (command == "promote" || command == "image") {
      // promote NAME MORPHISM: the fixed point of a k-uniform morphism as a word automaton in
      // msd_k. image NAME MORPHISM WORD: the word μ(W) (μ k-uniform, or a coding, k = 1).
      r.name = word("a name");
      std::size_t mat = (skip(), i);
      std::string mname = word("a morphism name");
      auto it = morphisms_.find(mname);
      if (it == morphisms_.end()) fail(mat, fmt::format("no morphism named {}", mname));
      words::Morphism m = words::Morphism::parse(it->second);
      std::size_t k = m.image(m.start()).size();
      bool uniform = true;
      for (char x : m.alphabet()) uniform = uniform && m.image(x).size() == k;
      if (!uniform && command == "image") fail(mat, fmt::format("morphism {} is not uniform", mname));
      auto digit = [](char c) { return static_cast<int>(c - '0'); };
      if (command == "promote") {
        end();
        if (uniform && k < 2) fail(mat, fmt::format("morphism {} maps letters to single letters", mname));
        try {
          m.require_prolongable();
        } catch (const InputError& e) {
          fail(mat, e.what());
        }
        // k-uniform: msd_k. Otherwise the morphism's own numeration system (Dumont–Thomas),
        // msd_MORPHISM as numsys would make it: the digits of n lead from the start letter
        // through the images to the letter at n.
        std::shared_ptr<const automata::NumberSystem> sys;
        if (uniform) {
          sys = system(fmt::format("msd_{}", k));
        } else {
          auto own = numsys_morphisms_.find(mname);
          if (own == numsys_morphisms_.end() || own->second != it->second) {
            if (systems_.count("msd_" + mname) || own != numsys_morphisms_.end())
              fail(mat, fmt::format("msd_{} is already a number system (of another morphism)", mname));
            bool known = true;
            try {
              automata::NumberSystem::make("msd_" + mname, context_);
            } catch (const InputError&) {
              known = false;
            }
            if (known) fail(mat, fmt::format("msd_{} is already a number system: name the morphism otherwise", mname));
            try {
              define_system(mname, it->second);
            } catch (const RangeError& e) {
              throw RangeError(located(file, text, mat, e.what()));
            } catch (const InputError& e) {
              fail(mat, e.what());
            }
          }
          sys = system("msd_" + mname);
        }
        auto n = static_cast<std::uint32_t>(m.alphabet().size());
        Automaton a({automata::Track{"n", sys->base(), sys}}, n + 1);  // n: past an image's end
        for (std::uint32_t q = 0; q <= n; ++q) {
          a.set_output(q, q < n ? digit(m.alphabet()[q]) : -1);
          for (std::uint32_t d = 0; d < sys->base(); ++d) {
            std::uint32_t to = n;
            if (q < n && d < m.image(m.alphabet()[q]).size())
              to = static_cast<std::uint32_t>(m.index(m.image(m.alphabet()[q])[d]));
            a.set_next(q, d, to);
          }
        }
        define_word(r.name, automata::minimize(a, context_));
      } else {
        std::size_t wat = (skip(), i);
        std::string wname = word("a word automaton name");
        end();
        Automaton old;
        try {
          old = this->word(wname);
        } catch (const InputError& e) {
          fail(wat, e.what());
        }
        for (std::uint32_t q = 0; q < old.states(); ++q) {
          int out = old.output(q);
          if (out >= 0 && (out > 9 || !m.contains(static_cast<char>('0' + out))))
            fail(mat, fmt::format("morphism {} does not map letter {} of {}", mname, out, wname));
        }
        auto image_of = [&](int out, std::uint32_t r) {
          return out < 0 ? -1 : digit(m.image(static_cast<char>('0' + out))[r]);
        };
        if (k == 1) {
          for (std::uint32_t q = 0; q < old.states(); ++q) old.set_output(q, image_of(old.output(q), 0));
          define_word(r.name, automata::minimize(old, context_));
        } else {
          const auto& sys = old.tracks()[0].system;
          if (old.tracks().size() != 1 || !sys || sys->name() != fmt::format("msd_{}", k))
            fail(wat, fmt::format("image of a {}-uniform morphism needs a word automaton in msd_{}", k, k));
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
          define_word(r.name, automata::minimize(a, context_));
        }
      }
      const Automaton& made = words_[r.name];
      r.states = r.largest = made.states();
      for (const auto& t : made.tracks()) r.variables.push_back(t.name);
    } else if (command == "numsys") {
      // numsys NAME "a->aab,b->aa": (an extension; Walnut reads such systems from files)
      // msd_NAME and lsd_NAME, the numeration systems of the morphism (define_system).
      std::size_t nat = (skip(), i);
      r.name = word("a name");
      std::size_t start;
      std::string_view rules = quoted(start);
      end();
      bool known = true;
      try {
        automata::NumberSystem::make("msd_" + r.name, context_);
      } catch (const InputError&) {
        known = false;
      }
      if (known || systems_.count("msd_" + r.name)) fail(nat, fmt::format("msd_{} is already a number system", r.name));
      try {
        define_system(r.name, morphism_rules(rules));
      } catch (const RangeError& e) {
        throw RangeError(located(file, text, start, e.what()));
      } catch (const InputError& e) {
        fail(start, e.what());
      }
    } else if (command == "macro") {
      r.name = word("a name");
      std::size_t start;
      macros_[r.name] = std::string(quoted(start));
      end();
    } else {
      fail(at, fmt::format("unknown command '{}' (eval, def, reg, macro, morphism, promote, image, numsys)", command));
    }
    r.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
    results.push_back(std::move(r));
  }
  return results;
}

}  // namespace qg::prover
