// The morphism commands: morphism, promote, image, numsys and ost (commands.hpp).
#include <algorithm>
#include <cctype>
#include <charconv>

#include <fmt/format.h>

#include "prover/commands.hpp"
#include "prover/evaluate.hpp"
#include "queengames/words.hpp"

namespace qg::prover {

using automata::Automaton;
using detail::located;

namespace {

// Walnut's rules "0->01 1->10" (separated by white space) as the words module's
// "0->01,1->10"; rules already separated by commas are kept.
std::string morphism_rules(std::string_view rules) {
  std::string text;
  for (std::size_t k = 0; k < rules.size();) {
    while (k < rules.size() && std::isspace(static_cast<unsigned char>(rules[k]))) ++k;
    std::size_t e = k;
    while (e < rules.size() && !std::isspace(static_cast<unsigned char>(rules[e]))) ++e;
    if (e > k) {
      if (!text.empty()) text += ',';
      text.append(rules.substr(k, e - k));
    }
    k = e;
  }
  return text;
}

// Whether NumberSystem::make knows the system (a built-in or a morphism's).
bool built_in(const std::string& name, const automata::Context& context) {
  try {
    automata::NumberSystem::make(name, context);
  } catch (const InputError&) {
    return false;
  }
  return true;
}

}  // namespace

// morphism NAME "0->01 1->10": rules separated by white space, letters single digits.
void Session::Commands::morphism() {
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
void Session::Commands::promote_or_image(bool promote) {
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
        s.define_word(r.name, automata::first_accepting(parts, s.context_));
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

// numsys NAME "a->aab,b->aa": (an extension; Walnut reads such systems from files) msd_NAME
// and lsd_NAME, the numeration systems of the morphism (define_system).
void Session::Commands::numsys() {
  std::size_t nat = (in.skip(), in.pos());
  r.name = in.word("a name");
  std::size_t start;
  std::string_view rules = in.quoted(start);
  in.end();
  if (built_in("msd_" + r.name, s.context_) || s.systems_.count("msd_" + r.name))
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
void Session::Commands::ost() {
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
  if (built_in("msd_" + r.name, s.context_)) in.fail(at, fmt::format("msd_{} is already a number system", r.name));
  try {
    auto msd = automata::NumberSystem::ostrowski("msd_" + r.name, lists[0], lists[1], s.context_);
    s.systems_["msd_" + r.name] = msd;
    s.systems_.erase("lsd_" + r.name);  // msd_NAME read backwards when first used
    if (!s.write_folder().empty()) {
      for (auto [file, a] : {std::pair{"", msd->validity()}, std::pair{"_addition", msd->adder()}}) {
        for (std::size_t i = 0; i < a.tracks().size(); ++i) a.set_system(i, nullptr);
        write_text(s.write_folder() / "Custom Bases", fmt::format("msd_{}{}.txt", r.name, file), write_automaton(a));
      }
    }
  } catch (const RangeError& e) {
    throw RangeError(located(in.file(), in.text(), at, e.what()));
  } catch (const InputError& e) {
    in.fail(at, e.what());
  }
}

}  // namespace qg::prover
