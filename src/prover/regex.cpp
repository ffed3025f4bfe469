// Walnut's `reg`: a regular expression over digit tuples to an automaton. Letters are digits
// (one track) or tuples [d1,d2,…]; | alternation, * + ? repetition, parentheses.
#include <cctype>
#include <functional>
#include <span>

#include <fmt/format.h>

#include "automata/internal.hpp"
#include "prover/regex.hpp"

namespace qg::prover::detail {

namespace {

// Thompson's construction: states with ε-moves and lettered moves.
struct Thompson {
  std::vector<std::vector<std::uint32_t>> eps;
  std::vector<std::vector<std::pair<std::uint32_t, std::uint32_t>>> moves;  // (letter, target)
  std::uint32_t add() {
    eps.emplace_back();
    moves.emplace_back();
    return static_cast<std::uint32_t>(eps.size() - 1);
  }
};

struct Fragment {
  std::uint32_t start, end;
};

class RegexParser {
 public:
  RegexParser(std::string_view text, std::size_t offset, const automata::Automaton& shape, Thompson& t)
      : s_(text), offset_(offset), shape_(shape), t_(t) {}

  Fragment parse() {
    Fragment f = alternation();
    skip();
    if (i_ < s_.size()) fail(fmt::format("unexpected '{}'", s_[i_]));
    return f;
  }

 private:
  [[noreturn]] void fail(const std::string& what) const { throw PositionedError{offset_ + i_, what}; }
  void skip() {
    while (i_ < s_.size() && std::isspace(static_cast<unsigned char>(s_[i_]))) ++i_;
  }
  Fragment alternation() {
    Fragment f = concatenation();
    skip();
    while (i_ < s_.size() && s_[i_] == '|') {
      ++i_;
      Fragment g = concatenation();
      std::uint32_t a = t_.add(), b = t_.add();
      t_.eps[a] = {f.start, g.start};
      t_.eps[f.end].push_back(b);
      t_.eps[g.end].push_back(b);
      f = {a, b};
      skip();
    }
    return f;
  }
  Fragment concatenation() {
    std::uint32_t a = t_.add();
    Fragment f{a, a};
    while (true) {
      skip();
      if (i_ >= s_.size() || s_[i_] == '|' || s_[i_] == ')') return f;
      Fragment g = repetition();
      t_.eps[f.end].push_back(g.start);
      f.end = g.end;
    }
  }
  Fragment repetition() {
    Fragment f = atom();
    while (true) {
      skip();
      if (i_ >= s_.size() || (s_[i_] != '*' && s_[i_] != '+' && s_[i_] != '?')) return f;
      char op = s_[i_++];
      std::uint32_t a = t_.add(), b = t_.add();
      t_.eps[a].push_back(f.start);
      t_.eps[f.end].push_back(b);
      if (op != '+') t_.eps[a].push_back(b);
      if (op != '?') t_.eps[f.end].push_back(f.start);
      f = {a, b};
    }
  }
  unsigned digit(unsigned track) {
    skip();
    if (i_ >= s_.size() || !std::isdigit(static_cast<unsigned char>(s_[i_]))) fail("expected a digit");
    unsigned d = static_cast<unsigned>(s_[i_++] - '0');
    if (track < shape_.tracks().size() && d >= shape_.tracks()[track].base)
      throw PositionedError{offset_ + i_ - 1, fmt::format("{} is not a digit of input {}", d, track + 1)};
    return d;
  }
  Fragment atom() {
    skip();
    if (i_ >= s_.size()) fail("the expression ends where a letter is expected");
    if (depth_ > 200) fail("expression nested more than 200 deep");
    if (s_[i_] == '(') {
      ++i_;
      ++depth_;
      Fragment f = alternation();
      --depth_;
      skip();
      if (i_ >= s_.size() || s_[i_] != ')') fail("expected ')'");
      ++i_;
      return f;
    }
    std::vector<unsigned> d;
    if (s_[i_] == '[') {
      ++i_;
      do {
        if (!d.empty()) ++i_;
        d.push_back(digit(static_cast<unsigned>(d.size())));
        skip();
      } while (i_ < s_.size() && s_[i_] == ',');
      if (i_ >= s_.size() || s_[i_] != ']') fail("expected ']'");
      ++i_;
    } else {
      d.push_back(digit(0));
    }
    if (d.size() != shape_.tracks().size())
      fail(fmt::format("a letter of {} digits for {} inputs", d.size(), shape_.tracks().size()));
    std::uint32_t a = t_.add(), b = t_.add();
    t_.moves[a].emplace_back(shape_.letter(d), b);
    return {a, b};
  }

  std::string_view s_;
  std::size_t offset_, i_ = 0;
  int depth_ = 0;
  const automata::Automaton& shape_;
  Thompson& t_;
};

}  // namespace

automata::Automaton regex_automaton(std::string_view regex, std::size_t offset,
                                    const std::vector<automata::Track>& tracks, const automata::Context& context) {
  automata::Automaton shape(tracks, 0);
  Thompson t;
  Fragment f = RegexParser(regex, offset, shape, t).parse();
  const std::uint32_t start = f.start, end = f.end;
  auto n = static_cast<std::uint32_t>(t.eps.size());
  // ε-closures, then an ε-free automaton on the same states.
  std::vector<std::vector<std::uint32_t>> closure(n);
  for (std::uint32_t q = 0; q < n; ++q) {
    std::vector<std::uint8_t> seen(n, 0);
    std::vector<std::uint32_t> stack{q};
    seen[q] = 1;
    while (!stack.empty()) {
      std::uint32_t x = stack.back();
      stack.pop_back();
      closure[q].push_back(x);
      for (std::uint32_t y : t.eps[x])
        if (!seen[y]) seen[y] = 1, stack.push_back(y);
    }
  }
  automata::detail::Nfa nfa;
  nfa.states = n;
  nfa.letters = shape.letters();
  automata::detail::guard(context, std::uint64_t{n} * nfa.letters * 8, "the automaton of a regular expression");
  std::vector<std::vector<std::uint32_t>> cell(std::size_t{n} * nfa.letters);
  nfa.accepting.assign(n, 0);
  for (std::uint32_t q = 0; q < n; ++q)
    for (std::uint32_t x : closure[q]) {
      if (x == end) nfa.accepting[q] = 1;
      for (auto [l, y] : t.moves[x])
        for (std::uint32_t z : closure[y]) cell[std::size_t{q} * nfa.letters + l].push_back(z);
    }
  nfa.offset.push_back(0);
  for (auto& c : cell) {
    std::sort(c.begin(), c.end());
    c.erase(std::unique(c.begin(), c.end()), c.end());
    nfa.target.insert(nfa.target.end(), c.begin(), c.end());
    nfa.offset.push_back(nfa.target.size());
  }
  nfa.initial = {start};
  // The expression may spell numbers with or without their padding ((0|1)*011 and 11 both
  // hold 3): it stands for the tuples some encoding of which it matches (automata.hpp's
  // convention; on tracks without a number system, words as spelled).
  automata::Automaton a = automata::detail::determinize_minimal(nfa, tracks, context);
  // Only valid representations (Zeckendorf: no 11 …), then every padding of what remains.
  for (const auto& tr : tracks)
    if (tr.system && !tr.system->all_valid()) {
      automata::Automaton v = tr.system->validity();
      v.rename({tr.name});
      a = automata::product(a, v, automata::BoolOp::and_, context);
    }
  try {
    a = automata::close_padding(a, context);
  } catch (const InputError& e) {
    throw PositionedError{offset, e.what()};
  }
  return a;
}

}  // namespace qg::prover::detail
