// An automaton shown other ways: a regular expression in Walnut's `reg` syntax (state
// elimination, Brzozowski and McCluskey 1963) and a GraphViz graph.
#include <algorithm>
#include <map>
#include <optional>

#include <fmt/format.h>

#include "prover/describe.hpp"
#include "queengames/prover.hpp"

namespace qg::prover {

using automata::Automaton;

namespace {

// Regular expressions as text; "" is the empty word, nullopt the empty language.
using Re = std::optional<std::string>;

// Whether `x` has a '|' outside parentheses and brackets (it then needs parentheses to be
// concatenated or starred).
bool top_level_union(const std::string& x) {
  int depth = 0;
  for (char c : x) {
    if (c == '(' || c == '[') ++depth;
    else if (c == ')' || c == ']') --depth;
    else if (c == '|' && depth == 0) return true;
  }
  return false;
}

// One letter, or a group that its parentheses enclose whole: a star applies to it directly.
bool atomic(const std::string& x) {
  if (x.size() == 1) return true;
  char open = x.front(), close = open == '(' ? ')' : open == '[' ? ']' : '\0';
  if (!close || x.back() != close) return false;
  int depth = 0;
  for (std::size_t i = 0; i < x.size(); ++i) {
    if (x[i] == '(' || x[i] == '[') ++depth;
    else if (x[i] == ')' || x[i] == ']') --depth;
    if (depth == 0 && i + 1 < x.size()) return false;
  }
  return true;
}

Re either(const Re& a, const Re& b) {
  if (!a) return b;
  if (!b || *a == *b) return a;
  return (a->empty() ? "()" : *a) + "|" + (b->empty() ? "()" : *b);
}

Re then(const Re& a, const Re& b) {
  if (!a || !b) return std::nullopt;
  if (a->empty()) return b;
  if (b->empty()) return a;
  auto wrap = [](const std::string& x) { return top_level_union(x) ? "(" + x + ")" : x; };
  return wrap(*a) + wrap(*b);
}

Re star(const Re& a) {
  if (!a || a->empty()) return std::string();
  return atomic(*a) ? *a + "*" : "(" + *a + ")*";
}

}  // namespace

std::string detail::letter_text(const Automaton& a, std::uint32_t l) {
  const auto d = a.digits(l);
  std::vector<int> v;
  for (std::size_t i = 0; i < d.size(); ++i) v.push_back(a.tracks()[i].value(d[i]));
  if (v.size() == 1 && v[0] >= 0 && v[0] <= 9) return std::to_string(v[0]);
  return fmt::format("[{}]", fmt::join(v, ","));
}

std::optional<std::string> regular_expression(const Automaton& a, std::size_t max_length) {
  // Live states: reachable from the start and able to reach an accepting state.
  const std::uint32_t n = a.states();
  std::vector<std::uint8_t> live(n, 0);
  for (std::uint32_t q = 0; q < n; ++q) live[q] = a.accepting(q);
  for (bool changed = true; changed;) {
    changed = false;
    for (std::uint32_t q = 0; q < n; ++q)
      for (std::uint32_t l = 0; l < a.letters() && !live[q]; ++l)
        if (live[a.next(q, l)]) live[q] = 1, changed = true;
  }
  if (!live[a.initial()]) return std::nullopt;
  // The generalized automaton: states 0 … n−1, a start n and an end n + 1.
  const std::uint32_t start = n, end = n + 1;
  std::map<std::pair<std::uint32_t, std::uint32_t>, Re> edge;
  auto add = [&](std::uint32_t p, std::uint32_t q, const Re& r) {
    auto& e = edge[{p, q}];
    e = either(e, r);
  };
  add(start, a.initial(), std::string());
  for (std::uint32_t q = 0; q < n; ++q) {
    if (!live[q]) continue;
    if (a.accepting(q)) add(q, end, std::string());
    for (std::uint32_t l = 0; l < a.letters(); ++l)
      if (live[a.next(q, l)]) add(q, a.next(q, l), detail::letter_text(a, l));
  }
  // Eliminate the states, those with the fewest edges first.
  std::vector<std::uint32_t> order;
  for (std::uint32_t q = 0; q < n; ++q)
    if (live[q]) order.push_back(q);
  auto degree = [&](std::uint32_t q) {
    std::size_t d = 0;
    for (const auto& [pq, r] : edge) d += (pq.first == q) + (pq.second == q);
    return d;
  };
  std::vector<std::pair<std::size_t, std::uint32_t>> ranked;
  for (auto q : order) ranked.emplace_back(degree(q), q);
  std::sort(ranked.begin(), ranked.end());
  for (auto [d, k] : ranked) {
    Re loop = edge.count({k, k}) ? edge[{k, k}] : std::nullopt;
    std::vector<std::pair<std::uint32_t, Re>> in, out;
    for (const auto& [pq, r] : edge) {
      if (pq.second == k && pq.first != k) in.emplace_back(pq.first, r);
      if (pq.first == k && pq.second != k) out.emplace_back(pq.second, r);
    }
    for (auto it = edge.begin(); it != edge.end();)
      it = it->first.first == k || it->first.second == k ? edge.erase(it) : std::next(it);
    const Re middle = star(loop);
    for (const auto& [p, rp] : in)
      for (const auto& [q, rq] : out) {
        add(p, q, then(then(rp, middle), rq));
        if (edge[{p, q}] && edge[{p, q}]->size() > max_length)
          throw InputError(fmt::format("the regular expression would exceed {} characters", max_length));
      }
  }
  Re r = edge.count({start, end}) ? edge[{start, end}] : std::nullopt;
  if (!r) return std::nullopt;
  return r->empty() ? "()" : *r;
}

std::string write_graphviz(const Automaton& a, const std::string& name, bool word_automaton) {
  // An acceptor's rejecting states that only loop: the sink that a complete table has.
  std::vector<std::uint8_t> sink(a.states(), 0);
  for (std::uint32_t q = 0; q < a.states() && !word_automaton; ++q) {
    bool loops = !a.accepting(q) && q != a.initial();
    for (std::uint32_t l = 0; l < a.letters() && loops; ++l) loops = a.next(q, l) == q;
    sink[q] = loops;
  }
  std::vector<std::string> inputs;
  for (const auto& t : a.tracks()) inputs.push_back(t.system ? t.system->name() : "alphabet");
  std::string out =
      fmt::format("digraph \"{}\" {{\n  rankdir = LR;\n  label = \"{} ({})\";\n", name, name, fmt::join(inputs, " "));
  out += "  node [shape = circle];\n  start [shape = point];\n";
  for (std::uint32_t q = 0; q < a.states(); ++q) {
    if (sink[q]) continue;
    if (!word_automaton)
      out += fmt::format("  {} [label = \"{}\"{}];\n", q, q, a.accepting(q) ? ", shape = doublecircle" : "");
    else
      out += fmt::format("  {} [label = \"{}/{}\"];\n", q, q,
                         a.output(q) == automata::kNoLetter ? std::string("-") : std::to_string(a.output(q)));
  }
  out += fmt::format("  start -> {};\n", a.initial());
  for (std::uint32_t q = 0; q < a.states(); ++q) {
    if (sink[q]) continue;
    std::map<std::uint32_t, std::vector<std::string>> by_target;
    for (std::uint32_t l = 0; l < a.letters(); ++l)
      if (!sink[a.next(q, l)]) by_target[a.next(q, l)].push_back(detail::letter_text(a, l));
    for (const auto& [t, letters] : by_target)
      out += fmt::format("  {} -> {} [label = \"{}\"];\n", q, t, fmt::join(letters, ", "));
  }
  return out + "}\n";
}

std::string write_ba(const Automaton& a) {
  std::string out = fmt::format("[{}]\n", a.initial());
  for (std::uint32_t q = 0; q < a.states(); ++q)
    for (std::uint32_t l = 0; l < a.letters(); ++l) out += fmt::format("{},[{}]->[{}]\n", l, q, a.next(q, l));
  for (std::uint32_t q = 0; q < a.states(); ++q)
    if (a.accepting(q)) out += fmt::format("[{}]\n", q);
  return out;
}

}  // namespace qg::prover
