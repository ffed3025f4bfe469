// Walnut's `reg`: a regular expression over digit tuples to an automaton. Letters are digits
// (one track) or tuples [d1,d2,…]; | alternation, * + ? repetition, parentheses.
#include <algorithm>
#include <cctype>
#include <functional>
#include <map>
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
  // One fork and one join for all the branches: nested pairs would chain the joins, and the
  // ε-closure of every branch's end would read the whole chain (4,000 alternatives: 15 GB).
  Fragment alternation() {
    Fragment f = concatenation();
    skip();
    if (i_ >= s_.size() || s_[i_] != '|') return f;
    const std::uint32_t fork = t_.add(), join = t_.add();
    auto branch = [&](Fragment g) {
      t_.eps[fork].push_back(g.start);
      t_.eps[g.end].push_back(join);
    };
    branch(f);
    while (i_ < s_.size() && s_[i_] == '|') {
      ++i_;
      branch(concatenation());
      skip();
    }
    return {fork, join};
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
  // A signed integer (one digit unless written in a tuple): the letter value.
  long long value(bool several_digits) {
    skip();
    bool negative = false;
    if (i_ < s_.size() && (s_[i_] == '-' || s_[i_] == '+')) {
      negative = s_[i_++] == '-';
      skip();
    }
    if (i_ >= s_.size() || !std::isdigit(static_cast<unsigned char>(s_[i_]))) fail("expected a digit");
    long long v = 0;
    do {
      v = v * 10 + (s_[i_++] - '0');
      if (v > 1'000'000) fail("a letter beyond 10^6");
    } while (several_digits && i_ < s_.size() && std::isdigit(static_cast<unsigned char>(s_[i_])));
    return negative ? -v : v;
  }
  // Whether a tuple [d1,d2 …] (or a signed single digit [-1]) starts at i_, rather than a class.
  bool tuple_ahead() const {
    std::size_t j = i_ + 1;
    auto ws = [&] {
      while (j < s_.size() && std::isspace(static_cast<unsigned char>(s_[j]))) ++j;
    };
    for (;;) {
      ws();
      if (j < s_.size() && (s_[j] == '+' || s_[j] == '-')) ++j, ws();
      if (j >= s_.size() || !std::isdigit(static_cast<unsigned char>(s_[j]))) return false;
      while (j < s_.size() && std::isdigit(static_cast<unsigned char>(s_[j]))) ++j;
      ws();
      if (j < s_.size() && s_[j] == ']') return true;
      if (j >= s_.size() || s_[j] != ',') return false;
      ++j;
    }
  }
  // A fragment reading one of the letters (none: it matches nothing).
  Fragment letters(const std::vector<std::uint32_t>& ls) {
    std::uint32_t a = t_.add(), b = t_.add();
    for (std::uint32_t l : ls) t_.moves[a].emplace_back(l, b);
    return {a, b};
  }
  // The letter of these values, if every value is a letter of its input.
  std::vector<std::uint32_t> letter_of(const std::vector<long long>& values) {
    const auto& tracks = shape_.tracks();
    if (values.size() != tracks.size())
      fail(fmt::format("a letter of {} digits for {} inputs", values.size(), tracks.size()));
    std::vector<unsigned> d;
    for (std::size_t k = 0; k < values.size(); ++k) {
      unsigned digit = tracks[k].digit(values[k]);
      if (digit >= tracks[k].base) return {};
      d.push_back(digit);
    }
    return {shape_.letter(d)};
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
    if (s_[i_] == '.') {  // any letter
      ++i_;
      std::vector<std::uint32_t> all(shape_.letters());
      for (std::uint32_t l = 0; l < all.size(); ++l) all[l] = l;
      return letters(all);
    }
    if (s_[i_] == '[' && tuple_ahead()) {
      ++i_;
      std::vector<long long> values;
      do {
        if (!values.empty()) ++i_;
        values.push_back(value(true));
        skip();
      } while (i_ < s_.size() && s_[i_] == ',');
      if (i_ >= s_.size() || s_[i_] != ']') fail("expected ']'");
      ++i_;
      return letters(letter_of(values));
    }
    if (s_[i_] == '[') {
      // A class of one-digit letters: [5-9], [0246], [3-46].
      ++i_;
      std::vector<std::uint32_t> ls;
      while (true) {
        skip();
        if (i_ < s_.size() && s_[i_] == ']') break;
        long long lo = value(false), hi = lo;
        skip();
        bool range = i_ < s_.size() && s_[i_] == '-';
        if (range) {
          ++i_;
          hi = value(false);
        }
        if (range && shape_.tracks().size() == 1) {
          // Walnut ranges over the letters' places in the alphabet as written, a letter outside
          // it placed before them all: over {0,4,6,7} [5-6] is {0,4,6}; over msd_5 [4-9] is empty.
          const automata::Track& t = shape_.tracks()[0];
          unsigned from = t.digit(lo), to = t.digit(hi);
          if (from == t.base) from = 0;
          for (unsigned d = from; to < t.base && d <= to; ++d) ls.push_back(d);
          continue;
        }
        for (long long v = lo; v <= hi; ++v)
          for (std::uint32_t l : letter_of({v})) ls.push_back(l);
      }
      ++i_;
      return letters(ls);
    }
    return letters(letter_of({value(false)}));
  }

  std::string_view s_;
  std::size_t offset_, i_ = 0;
  int depth_ = 0;
  const automata::Automaton& shape_;
  Thompson& t_;
};

// The subset construction on the ε-automaton itself, each subset ε-closed: no closure of a
// single state is stored, so (0|1)*(0|1)*… with 3,000 factors — whose ε-free automaton is
// quadratic, every branch's end reaching every later branch — costs its one subset per letter.
// False, with `out` untouched, past the context's subset budget (the ε-free route then tries
// Brzozowski's); the subsets grow under the memory guard, checked each time they double.
bool closed_subsets(const Thompson& t, Fragment f, const automata::Automaton& shape, const automata::Context& context,
                    automata::Automaton& out) {
  const auto n = static_cast<std::uint32_t>(t.eps.size());
  const std::uint32_t letters = shape.letters();
  std::vector<std::uint64_t> mark(n, UINT64_MAX);
  std::uint64_t stamp = 0, entries = 0, checked = 1 << 16;
  auto close = [&](std::vector<std::uint32_t>& set) {
    ++stamp;
    for (std::uint32_t x : set) mark[x] = stamp;
    for (std::size_t i = 0; i < set.size(); ++i)
      for (std::uint32_t y : t.eps[set[i]])
        if (mark[y] != stamp) mark[y] = stamp, set.push_back(y);
    std::sort(set.begin(), set.end());
  };
  std::map<std::vector<std::uint32_t>, std::uint32_t> ids;
  std::vector<const std::vector<std::uint32_t>*> subsets;
  std::vector<std::uint32_t> delta;
  auto id = [&](std::vector<std::uint32_t> set) {
    auto [it, fresh] = ids.emplace(std::move(set), static_cast<std::uint32_t>(subsets.size()));
    if (fresh) {
      subsets.push_back(&it->first);
      entries += it->first.size() + 16;  // the set, and the map's node
      if (entries + subsets.size() * letters > checked) {
        automata::detail::guard(context, (entries + subsets.size() * letters) * 8,
                                "the automaton of a regular expression");
        checked = 2 * (entries + subsets.size() * letters);
      }
    }
    return it->second;
  };
  std::vector<std::uint32_t> first{f.start};
  close(first);
  id(std::move(first));
  const std::uint32_t dead = id({});
  Poller poller(context.progress, 0);
  automata::detail::guard(context, std::uint64_t{letters} * (sizeof(std::vector<std::uint32_t>) + 8),
                          "the automaton of a regular expression");
  std::vector<std::vector<std::uint32_t>> next(letters);
  std::vector<std::uint32_t> used;  // the letters with a move from the subset
  for (std::size_t i = 0; i < subsets.size(); ++i) {
    if (context.subset_budget && subsets.size() > context.subset_budget) return false;
    poller.tick(i);
    for (std::uint32_t x : *subsets[i])
      for (auto [l, y] : t.moves[x]) {
        if (next[l].empty()) used.push_back(l);
        next[l].push_back(y);
      }
    const std::size_t row = delta.size();
    delta.resize(row + letters, dead);
    for (std::uint32_t l : used) {
      close(next[l]);
      next[l].erase(std::unique(next[l].begin(), next[l].end()), next[l].end());
      delta[row + l] = id(std::move(next[l]));
      next[l].clear();
    }
    used.clear();
  }
  out = automata::Automaton(shape.tracks(), static_cast<std::uint32_t>(subsets.size()));
  for (std::uint32_t q = 0; q < out.states(); ++q) {
    out.set_output(q, std::binary_search(subsets[q]->begin(), subsets[q]->end(), f.end));
    for (std::uint32_t l = 0; l < letters; ++l) out.set_next(q, l, delta[std::size_t{q} * letters + l]);
  }
  return true;
}

// The ε-free automaton on Thompson's states, determinized by the context's strategy.
automata::Automaton epsilon_free(const Thompson& t, Fragment f, const automata::Automaton& shape,
                                 const automata::Context& context) {
  const std::vector<automata::Track>& tracks = shape.tracks();
  const std::uint32_t start = f.start, end = f.end;
  auto n = static_cast<std::uint32_t>(t.eps.size());
  automata::detail::Nfa nfa;
  nfa.states = n;
  nfa.letters = shape.letters();
  // ε-closures, then an ε-free automaton on the same states. Both may be quadratic in the
  // expression ((a|b|…)* reaches every branch from every end), so they grow under the memory
  // guard, checked each time they double, and the poller.
  const std::string what = "the automaton of a regular expression";
  std::uint64_t entries = 0, checked = 1 << 16;
  auto grew = [&](std::uint64_t more) {
    entries += more;
    if (entries > checked) {
      automata::detail::guard(context, (entries + std::uint64_t{n} * nfa.letters) * 8, what);
      checked = 2 * entries;
    }
  };
  automata::detail::guard(context, std::uint64_t{n} * nfa.letters * 8, what);
  Poller poller(context.progress, 2 * std::uint64_t{n});
  std::vector<std::vector<std::uint32_t>> closure(n);
  std::vector<std::uint64_t> mark(n, UINT64_MAX);  // the last closure (or cell) each state joined
  for (std::uint32_t q = 0; q < n; ++q) {
    poller.tick(q);
    std::vector<std::uint32_t> stack{q};
    mark[q] = q;
    while (!stack.empty()) {
      std::uint32_t x = stack.back();
      stack.pop_back();
      closure[q].push_back(x);
      for (std::uint32_t y : t.eps[x])
        if (mark[y] != q) mark[y] = q, stack.push_back(y);
    }
    grew(closure[q].size());
  }
  std::vector<std::vector<std::uint32_t>> cell(std::size_t{n} * nfa.letters);
  std::fill(mark.begin(), mark.end(), UINT64_MAX);
  nfa.accepting.assign(n, 0);
  for (std::uint32_t q = 0; q < n; ++q) {
    poller.tick(std::uint64_t{n} + q);
    for (std::uint32_t x : closure[q]) {
      if (x == end) nfa.accepting[q] = 1;
      for (auto [l, y] : t.moves[x]) {
        const std::uint64_t key = std::uint64_t{q} * nfa.letters + l;
        auto& c = cell[key];
        const std::size_t before = c.size();
        for (std::uint32_t z : closure[y])
          if (mark[z] != key) mark[z] = key, c.push_back(z);
        grew(c.size() - before);
      }
    }
  }
  closure.clear();
  nfa.offset.push_back(0);
  for (auto& c : cell) {
    std::sort(c.begin(), c.end());
    nfa.target.insert(nfa.target.end(), c.begin(), c.end());
    nfa.offset.push_back(nfa.target.size());
    std::vector<std::uint32_t>().swap(c);
  }
  nfa.initial = {start};
  return automata::detail::determinize_minimal(nfa, tracks, context);
}

}  // namespace

automata::Automaton regex_words(std::string_view regex, std::size_t offset, const std::vector<automata::Track>& tracks,
                                const automata::Context& context) {
  automata::Automaton shape(tracks, 0);
  Thompson t;
  Fragment f = RegexParser(regex, offset, shape, t).parse();
  automata::Automaton out;
  if (context.determinization != automata::Determinization::brzozowski && closed_subsets(t, f, shape, context, out))
    return automata::minimize(out, context);
  return epsilon_free(t, f, shape, context);
}

automata::Automaton valid_words(automata::Automaton a, const automata::Context& context) {
  const std::vector<automata::Track> tracks = a.tracks();
  for (const auto& tr : tracks)
    if (tr.system && !tr.system->all_valid()) {
      automata::Automaton v = tr.system->validity();
      v.rename({tr.name});
      a = automata::product(a, v, automata::BoolOp::and_, context);
    }
  return a;
}

automata::Automaton numbers_of_words(automata::Automaton a, std::size_t offset, const automata::Context& context) {
  // Words may spell numbers with or without their padding ((0|1)*011 and 11 both hold 3):
  // they stand for the tuples some encoding of which they spell (automata.hpp's convention; on
  // tracks without a number system, words as spelled).
  a = valid_words(std::move(a), context);
  try {
    a = automata::close_padding(a, context);
  } catch (const InputError& e) {
    throw PositionedError{offset, e.what()};
  }
  return a;
}

}  // namespace qg::prover::detail
