// Operations on the words an automaton spells (Walnut's star, concat and quotients), and word
// automata made from acceptors and back (Walnut's combine and the letters of a word automaton).
// These read an automaton as a language of words over its letters, not as a relation on
// numbers: the caller reads the numbers off the result (the prover's numbers_of_words).
#include <algorithm>
#include <deque>
#include <map>

#include "automata/internal.hpp"

namespace qg::automata {

using detail::guard;

namespace {

// An NFA from per-state, per-letter target lists.
detail::Nfa build(std::uint32_t states, std::uint32_t letters, const std::vector<std::vector<std::uint32_t>>& cells,
                  std::vector<std::uint32_t> initial, std::vector<std::uint8_t> accepting) {
  detail::Nfa n;
  n.states = states;
  n.letters = letters;
  n.offset.push_back(0);
  for (auto c : cells) {
    std::sort(c.begin(), c.end());
    c.erase(std::unique(c.begin(), c.end()), c.end());
    n.target.insert(n.target.end(), c.begin(), c.end());
    n.offset.push_back(n.target.size());
  }
  n.initial = std::move(initial);
  n.accepting = std::move(accepting);
  return n;
}

// The cells of an NFA of `states` states over `letters` letters: refused up front past the
// memory limit (a list header per cell, and at least one target in most).
std::vector<std::vector<std::uint32_t>> cells_for(std::uint64_t states, std::uint32_t letters, const Context& ctx,
                                                  const char* what) {
  guard(ctx, states * letters * (sizeof(std::vector<std::uint32_t>) + 8), what);
  return std::vector<std::vector<std::uint32_t>>(states * letters);
}

// Pairs (p, q) of A × B reachable from the starts, as one flag per pair (p·|B| + q).
std::vector<std::uint8_t> reachable_pairs(const Automaton& a, const Automaton& b, const Context& ctx) {
  const std::uint64_t nb = b.states();
  guard(ctx, a.states() * nb * 9, "the pairs of a quotient");
  std::vector<std::uint8_t> seen(a.states() * nb, 0);
  std::deque<std::uint64_t> queue{std::uint64_t{a.initial()} * nb + b.initial()};
  seen[queue.front()] = 1;
  while (!queue.empty()) {
    std::uint64_t x = queue.front();
    queue.pop_front();
    for (std::uint32_t l = 0; l < a.letters(); ++l) {
      std::uint64_t y = std::uint64_t{a.next(static_cast<std::uint32_t>(x / nb), l)} * nb +
                        b.next(static_cast<std::uint32_t>(x % nb), l);
      if (!seen[y]) seen[y] = 1, queue.push_back(y);
    }
  }
  return seen;
}

}  // namespace

// A·B: B's start follows every accepting state of A (which accepts when B accepts ε).
Automaton concatenation(const Automaton& a, const Automaton& b, const Context& ctx) {
  const std::uint32_t L = a.letters(), na = a.states(), nb = b.states();
  auto cells = cells_for(std::uint64_t{na} + nb, L, ctx, "a concatenation");
  std::vector<std::uint8_t> accepting(na + nb, 0);
  for (std::uint32_t q = 0; q < na; ++q) {
    for (std::uint32_t l = 0; l < L; ++l) {
      cells[std::size_t{q} * L + l].push_back(a.next(q, l));
      if (a.accepting(q)) cells[std::size_t{q} * L + l].push_back(na + b.next(b.initial(), l));
    }
    accepting[q] = a.accepting(q) && b.accepting(b.initial());
  }
  for (std::uint32_t q = 0; q < nb; ++q) {
    for (std::uint32_t l = 0; l < L; ++l) cells[std::size_t{na + q} * L + l].push_back(na + b.next(q, l));
    accepting[na + q] = b.accepting(q);
  }
  return detail::determinize_minimal(build(na + nb, L, cells, {a.initial()}, accepting), a.tracks(), ctx);
}

// A*: a new accepting start reads as A's start does, and every accepting state may start again.
Automaton kleene_star(const Automaton& a, const Context& ctx) {
  const std::uint32_t L = a.letters(), n = a.states();
  auto cells = cells_for(std::uint64_t{n} + 1, L, ctx, "a Kleene star");
  std::vector<std::uint8_t> accepting(n + 1, 0);
  for (std::uint32_t q = 0; q <= n; ++q)
    for (std::uint32_t l = 0; l < L; ++l) {
      auto& c = cells[std::size_t{q} * L + l];
      if (q < n) c.push_back(a.next(q, l));
      if (q == n || a.accepting(q)) c.push_back(a.next(a.initial(), l));
    }
  for (std::uint32_t q = 0; q < n; ++q) accepting[q] = a.accepting(q);
  accepting[n] = 1;
  return detail::determinize_minimal(build(n + 1, L, cells, {n}, accepting), a.tracks(), ctx);
}

// B\A: A started from every state some word of B leads to.
Automaton left_quotient(const Automaton& a, const Automaton& b, const Context& ctx) {
  auto seen = reachable_pairs(a, b, ctx);
  detail::Nfa n = detail::to_nfa(a);
  n.initial.clear();
  for (std::uint32_t p = 0; p < a.states(); ++p)
    for (std::uint32_t q = 0; q < b.states(); ++q)
      if (b.accepting(q) && seen[std::uint64_t{p} * b.states() + q]) {
        n.initial.push_back(p);
        break;
      }
  return detail::determinize_minimal(n, a.tracks(), ctx);
}

// A/B: A accepting where some word of B leads on to acceptance (pairs that reach both
// acceptances, found backwards from them).
Automaton right_quotient(const Automaton& a, const Automaton& b, const Context& ctx) {
  const std::uint64_t na = a.states(), nb = b.states();
  guard(ctx, na * nb * (sizeof(std::vector<std::uint64_t>) + 8ull * a.letters() + 1), "the pairs of a quotient");
  std::vector<std::vector<std::uint64_t>> back(na * nb);
  for (std::uint64_t x = 0; x < na * nb; ++x)
    for (std::uint32_t l = 0; l < a.letters(); ++l)
      back[std::uint64_t{a.next(static_cast<std::uint32_t>(x / nb), l)} * nb +
           b.next(static_cast<std::uint32_t>(x % nb), l)]
          .push_back(x);
  std::vector<std::uint8_t> live(na * nb, 0);
  std::vector<std::uint64_t> stack;
  for (std::uint64_t x = 0; x < na * nb; ++x)
    if (a.accepting(static_cast<std::uint32_t>(x / nb)) && b.accepting(static_cast<std::uint32_t>(x % nb)))
      live[x] = 1, stack.push_back(x);
  while (!stack.empty()) {
    std::uint64_t x = stack.back();
    stack.pop_back();
    for (std::uint64_t y : back[x])
      if (!live[y]) live[y] = 1, stack.push_back(y);
  }
  Automaton r = a;
  for (std::uint32_t p = 0; p < a.states(); ++p) r.set_output(p, live[std::uint64_t{p} * nb + b.initial()]);
  return minimize(r, ctx);
}

// Their product, each state's output the first accepting part's value.
Automaton first_accepting(const std::vector<std::pair<Automaton, int>>& parts, const Context& ctx) {
  if (parts.empty()) throw InputError("first_accepting needs at least one automaton");
  std::map<std::vector<std::uint32_t>, std::uint32_t> index;
  std::vector<std::vector<std::uint32_t>> tuples;
  std::vector<std::uint32_t> delta;
  const Automaton& first = parts.front().first;
  auto id = [&](std::vector<std::uint32_t> t) {
    auto [it, fresh] = index.emplace(t, static_cast<std::uint32_t>(tuples.size()));
    if (fresh) {
      // A tuple's key, its copy and its row of transitions, checked a block of tuples ahead
      // (the guard reads the process's memory: not once per tuple).
      if (tuples.size() % 4096 == 0)
        guard(ctx, (tuples.size() + 4096) * (8 * parts.size() + 4 * first.letters() + 96),
              "a product of word automata");
      tuples.push_back(std::move(t));
    }
    return it->second;
  };
  std::vector<std::uint32_t> start;
  for (const auto& p : parts) start.push_back(p.first.initial());
  id(start);
  Poller poller(ctx.progress, 0);
  for (std::size_t i = 0; i < tuples.size(); ++i) {
    poller.tick(i);
    for (std::uint32_t l = 0; l < first.letters(); ++l) {
      std::vector<std::uint32_t> next(parts.size());
      for (std::size_t k = 0; k < parts.size(); ++k) next[k] = parts[k].first.next(tuples[i][k], l);
      delta.push_back(id(std::move(next)));
    }
  }
  Automaton w(first.tracks(), static_cast<std::uint32_t>(tuples.size()));
  for (std::uint32_t q = 0; q < w.states(); ++q) {
    int out = 0;
    for (std::size_t k = 0; k < parts.size() && out == 0; ++k)
      if (parts[k].first.accepting(tuples[q][k])) out = parts[k].second;
    w.set_output(q, out);
    for (std::uint32_t l = 0; l < first.letters(); ++l) w.set_next(q, l, delta[std::size_t{q} * first.letters() + l]);
  }
  return minimize(w, ctx);
}

std::vector<std::pair<Automaton, int>> letters_of(const Automaton& w) {
  std::vector<int> outputs;
  for (std::uint32_t q = 0; q < w.states(); ++q)
    if (w.output(q) != 0 && w.output(q) != kNoLetter) outputs.push_back(w.output(q));
  std::sort(outputs.begin(), outputs.end());
  outputs.erase(std::unique(outputs.begin(), outputs.end()), outputs.end());
  std::vector<std::pair<Automaton, int>> parts;
  for (int v : outputs) {
    Automaton a = w;
    for (std::uint32_t q = 0; q < a.states(); ++q) a.set_output(q, w.output(q) == v);
    parts.emplace_back(std::move(a), v);
  }
  return parts;
}

}  // namespace qg::automata
