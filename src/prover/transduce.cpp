// Walnut's transducers (Transducer Library/NAME.txt) applied to a word automaton: the letter at n
// of the result is the transducer's output on reading the word's letter at n, from the state
// its letters 0 … n−1 led to (RUNSUM2: the running sum mod 2).
//
// The state after the prefix w[0, n) is read off the digits of n, most significant first (after
// Zavyalov and Shallit's construction for automatic sequences): the numbers below n of the same
// length are, position by position, those sharing n's higher digits with a smaller digit e there,
// followed by every valid continuation in order. Such a block is the whole subtree of the word
// automaton's state δ(q, e) at the level of the digits left, and its effect on the transducer is a
// map G_level(state) from transducer states to transducer states: G_0(q) reads the letter of q,
// G_j(q) = G_{j−1}(δ(q, 0)) then … G_{j−1}(δ(q, k−1)). The tuples (G_j(q))_q repeat (a
// preperiod and a period), so a finite automaton can carry the level's index; reading most
// significant digit first it does not know how many digits are left, so it guesses the index
// and the subset construction keeps the one guess that ends at level 0.
#include <algorithm>
#include <fstream>
#include <map>
#include <sstream>

#include <fmt/format.h>

#include "automata/internal.hpp"
#include "prover/reader.hpp"
#include "prover/transduce.hpp"

namespace qg::prover::detail {

using automata::Automaton;

Transducer read_transducer(std::string_view text, std::string_view file) {
  Transducer t;
  std::istringstream in{std::string(text)};
  std::string line;
  std::size_t number = 0;
  std::map<long, std::uint32_t> state_of;                                       // the file's state numbers
  std::vector<std::tuple<std::uint32_t, long, long, long, std::size_t>> edges;  // from, letter, to, out, line
  long current = -1;
  bool alphabet = false;
  auto fail = [&](const std::string& what) { throw InputError(fmt::format("{}:{}: {}", file, number, what)); };
  auto integers = [&](std::string s, bool& ok) {
    for (char& c : s)
      if (c == ',' || c == '{' || c == '}' || c == '/' || c == '>') c = ' ';
    for (std::size_t p = s.find('-'); p != std::string::npos; p = s.find('-', p + 1))
      if (p + 1 < s.size() && s[p + 1] == ' ') s[p] = ' ';  // the '-' of "->"
    std::istringstream ss(s);
    std::vector<long> v;
    std::string w;
    ok = true;
    while (ss >> w) {
      try {
        std::size_t used = 0;
        v.push_back(std::stol(w, &used));
        ok = ok && used == w.size();
      } catch (const std::exception&) {
        ok = false;
      }
    }
    return v;
  };
  while (std::getline(in, line)) {
    ++number;
    if (auto c = line.find("//"); c != std::string::npos) line.erase(c);
    if (comment_line(line) || line.find_first_not_of(" \t\r") == std::string::npos) continue;
    bool ok = true;
    if (!alphabet) {
      if (line.find('{') == std::string::npos) fail("expected the transducer's alphabet, such as {0, 1}");
      t.letters = integers(line, ok);
      if (!ok || t.letters.empty()) fail("an alphabet is a list of integers {0, 1}");
      alphabet = true;
      continue;
    }
    auto v = integers(line, ok);
    if (!ok) fail("expected a state number, or a transition 'letter -> state / output'");
    if (line.find("->") == std::string::npos) {
      if (v.size() != 1) fail("a state is declared by its number alone");
      current = v[0];
      if (state_of.count(current)) fail(fmt::format("state {} is declared twice", current));
      state_of.emplace(current, static_cast<std::uint32_t>(state_of.size()));
      continue;
    }
    if (current < 0 && state_of.empty()) fail("a transition before any state");
    if (v.size() != 3 || line.find('/') == std::string::npos) fail("a transition is 'letter -> state / output'");
    edges.emplace_back(state_of[current], v[0], v[1], v[2], number);
  }
  if (state_of.empty()) throw InputError(fmt::format("{}: a transducer needs at least one state", file));
  const std::size_t L = t.letters.size(), n = state_of.size();
  t.next.assign(n * L, UINT32_MAX);
  t.output.assign(n * L, 0);
  for (auto [from, letter, to, out, line_number] : edges) {
    number = line_number;
    auto l = std::find(t.letters.begin(), t.letters.end(), letter);
    if (l == t.letters.end()) fail(fmt::format("letter {} is not in the transducer's alphabet", letter));
    auto target = state_of.find(to);
    if (target == state_of.end()) fail(fmt::format("no state {}", to));
    std::size_t cell = from * L + static_cast<std::size_t>(l - t.letters.begin());
    if (t.next[cell] != UINT32_MAX) fail("two transitions on one letter: the transducer must be deterministic");
    t.next[cell] = target->second;
    t.output[cell] = static_cast<int>(out);
  }
  t.states = static_cast<std::uint32_t>(n);
  return t;
}

Automaton transduce(const Transducer& t, const Automaton& w, const automata::Context& context) {
  if (w.tracks().size() != 1 || !w.tracks()[0].system || !w.tracks()[0].system->msd())
    throw InputError("transduce reads a word automaton of one input, most significant digit first");
  const std::uint32_t Q = w.states(), k = w.letters(), T = t.states;
  const std::size_t L = t.letters.size();
  // The letter index of each state's letter; states without a letter (invalid digits) must
  // stay without one, so that their subtrees are empty blocks.
  std::vector<std::int64_t> letter(Q, -1);
  for (std::uint32_t q = 0; q < Q; ++q) {
    if (w.output(q) == automata::kNoLetter) {
      for (std::uint32_t d = 0; d < k; ++d)
        if (w.output(w.next(q, d)) != automata::kNoLetter)
          throw InputError("transduce needs a word automaton whose invalid representations stay invalid");
      continue;
    }
    auto l = std::find(t.letters.begin(), t.letters.end(), w.output(q));
    if (l == t.letters.end())
      throw InputError(fmt::format("letter {} of the word is not in the transducer's alphabet", w.output(q)));
    letter[q] = l - t.letters.begin();
    for (std::uint32_t s = 0; s < T; ++s)
      if (t.next[s * L + letter[q]] == UINT32_MAX)
        throw InputError(
            fmt::format("the transducer has no transition from its state {} on letter {}", s, w.output(q)));
  }
  // Levels: G_j as one table of Q maps of T entries; stop at the first repeated table.
  using Table = std::vector<std::uint32_t>;
  std::vector<Table> levels;
  std::map<Table, std::size_t> seen;
  Table g(std::size_t{Q} * T);
  for (std::uint32_t q = 0; q < Q; ++q)
    for (std::uint32_t s = 0; s < T; ++s)
      g[std::size_t{q} * T + s] = letter[q] < 0 ? s : t.next[s * L + static_cast<std::size_t>(letter[q])];
  std::size_t preperiod = 0;
  Poller poller(context.progress, 0);
  while (true) {
    if (auto it = seen.find(g); it != seen.end()) {
      preperiod = it->second;
      break;
    }
    if (levels.size() >= 4096) throw RangeError("transduce: the transducer's effects on the blocks do not repeat");
    poller.tick(levels.size());
    seen.emplace(g, levels.size());
    levels.push_back(g);
    Table h(std::size_t{Q} * T);
    for (std::uint32_t q = 0; q < Q; ++q)
      for (std::uint32_t s = 0; s < T; ++s) {
        std::uint32_t x = s;
        for (std::uint32_t e = 0; e < k; ++e) x = g[std::size_t{w.next(q, e)} * T + x];
        h[std::size_t{q} * T + s] = x;
      }
    g = std::move(h);
  }
  const auto I = static_cast<std::uint32_t>(levels.size()), end = I;  // index `end`: no digit left
  auto successor = [&](std::uint32_t i) { return i + 1 < I ? i + 1 : static_cast<std::uint32_t>(preperiod); };
  std::vector<std::vector<std::uint32_t>> pred(I);
  for (std::uint32_t i = 0; i < I; ++i) pred[successor(i)].push_back(i);
  pred[0].push_back(end);
  // NFA states (q, level index of the next digit's blocks or `end`, transducer state).
  auto id = [&](std::uint32_t q, std::uint32_t i, std::uint32_t s) { return (q * (I + 1) + i) * T + s; };
  const std::uint64_t states = std::uint64_t{Q} * (I + 1) * T, bytes = states * k * 8;
  if (states > UINT32_MAX / 2 || (context.memory_limit && bytes > context.memory_limit))
    throw RangeError(
        fmt::format("transduce: the automaton guessing the levels would have {} states ({} MB)", states, bytes >> 20));
  const auto N = static_cast<std::uint32_t>(states);
  automata::detail::Nfa nfa;
  nfa.states = N;
  nfa.letters = k;
  nfa.offset.push_back(0);
  std::vector<int> out(N, 0);
  for (std::uint32_t q = 0; q < Q; ++q)
    for (std::uint32_t i = 0; i <= I; ++i)
      for (std::uint32_t s = 0; s < T; ++s) {
        if (i == end)
          out[id(q, i, s)] =
              letter[q] < 0 ? automata::kNoLetter : t.output[s * L + static_cast<std::size_t>(letter[q])];
        for (std::uint32_t d = 0; d < k; ++d) {
          if (i != end) {
            std::uint32_t x = s;
            for (std::uint32_t e = 0; e < d; ++e) x = levels[i][std::size_t{w.next(q, e)} * T + x];
            for (std::uint32_t j : pred[i]) nfa.target.push_back(id(w.next(q, d), j, x));
          }
          nfa.offset.push_back(nfa.target.size());
        }
      }
  for (std::uint32_t i = 0; i <= I; ++i) nfa.initial.push_back(id(w.initial(), i, 0));
  // One acceptor per letter of the result (the guess that ends at level 0 is the only one left
  // at the end), then combined.
  std::vector<int> values(out.begin(), out.end());
  std::sort(values.begin(), values.end());
  values.erase(std::unique(values.begin(), values.end()), values.end());
  std::vector<std::pair<Automaton, int>> parts;
  for (int v : values) {
    if (v == 0) continue;
    nfa.accepting.assign(N, 0);
    for (std::uint32_t q = 0; q < Q; ++q)
      for (std::uint32_t s = 0; s < T; ++s) nfa.accepting[id(q, end, s)] = out[id(q, end, s)] == v;
    parts.emplace_back(automata::detail::determinize_minimal(nfa, w.tracks(), context), v);
  }
  if (parts.empty()) return Automaton(w.tracks(), 1);  // every letter 0
  return automata::first_accepting(parts, context);
}

}  // namespace qg::prover::detail
