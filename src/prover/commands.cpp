// Walnut's commands on automata, beside the statement commands of session.cpp:
//   union NAME A B …, intersect NAME A B …   the relations' union and intersection
//   star NAME A, concat NAME A B …           the words' star and concatenation
//   leftquo NAME A B, rightquo NAME A B      {w : uw ∈ A for some u ∈ B}, {w : wu ∈ A …}
//   reverse NAME [$]A                        the words read backwards (msd ↔ lsd)
//   minimize NAME W, fixleadzero NAME $A, fixtrailzero NAME $A
//   combine NAME A B=2 …                     a word automaton: the value of the first that accepts
//   inf NAME, test NAME N                    infinitely many accepted? the first N accepted
// A name with `$` (or an acceptor command) is read from the automata, otherwise from the word
// automata, as Walnut does. The word operations (star, concat, quotients) work on the words as
// spelled; on number tracks their result stands, as every automaton here, for the tuples some
// padding of which it accepts (automata.hpp).
#include <algorithm>
#include <deque>
#include <map>
#include <unordered_map>

#include <fmt/format.h>

#include "automata/internal.hpp"
#include "prover/reader.hpp"
#include "queengames/prover.hpp"

namespace qg::prover {

using automata::Automaton;
using automata::BoolOp;

namespace {

// `b` with `a`'s track names (Walnut matches inputs by position); InputError when their digits
// differ.
Automaton like(const Automaton& a, Automaton b, const std::string& name) {
  if (a.tracks().size() != b.tracks().size())
    throw InputError(fmt::format("{} has {} inputs, not {}", name, b.tracks().size(), a.tracks().size()));
  std::vector<std::string> names;
  for (std::size_t i = 0; i < a.tracks().size(); ++i) {
    const auto &x = a.tracks()[i], &y = b.tracks()[i];
    if (x.base != y.base || x.values != y.values || !x.system != !y.system ||
        (x.system && x.system->name() != y.system->name()))
      throw InputError(fmt::format("input {} of {} reads other digits than the first automaton's", i + 1, name));
    names.push_back(x.name);
  }
  b.rename(names);
  return b;
}

// An NFA from per-state, per-letter target lists.
automata::detail::Nfa build(std::uint32_t states, std::uint32_t letters,
                            const std::vector<std::vector<std::uint32_t>>& cells, std::vector<std::uint32_t> initial,
                            std::vector<std::uint8_t> accepting) {
  automata::detail::Nfa n;
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

// A·B: B's start follows every accepting state of A (which accepts when B accepts ε).
Automaton concat(const Automaton& a, const Automaton& b, const automata::Context& ctx) {
  const std::uint32_t L = a.letters(), na = a.states(), nb = b.states();
  std::vector<std::vector<std::uint32_t>> cells(std::size_t{na + nb} * L);
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
  return automata::detail::determinize_minimal(build(na + nb, L, cells, {a.initial()}, accepting), a.tracks(), ctx);
}

// A*: a new accepting start reads as A's start does, and every accepting state may start again.
Automaton star(const Automaton& a, const automata::Context& ctx) {
  const std::uint32_t L = a.letters(), n = a.states();
  std::vector<std::vector<std::uint32_t>> cells(std::size_t{n + 1} * L);
  std::vector<std::uint8_t> accepting(n + 1, 0);
  for (std::uint32_t q = 0; q <= n; ++q)
    for (std::uint32_t l = 0; l < L; ++l) {
      auto& c = cells[std::size_t{q} * L + l];
      if (q < n) c.push_back(a.next(q, l));
      if (q == n || a.accepting(q)) c.push_back(a.next(a.initial(), l));
    }
  for (std::uint32_t q = 0; q < n; ++q) accepting[q] = a.accepting(q);
  accepting[n] = 1;
  return automata::detail::determinize_minimal(build(n + 1, L, cells, {n}, accepting), a.tracks(), ctx);
}

// Pairs (p, q) of A × B reachable from the starts, as a set of A-states per B-state.
std::vector<std::uint8_t> reachable_pairs(const Automaton& a, const Automaton& b) {
  const std::uint64_t nb = b.states();
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

// B\A: A started from every state some word of B leads to.
Automaton left_quotient(const Automaton& a, const Automaton& b, const automata::Context& ctx) {
  auto seen = reachable_pairs(a, b);
  automata::detail::Nfa n = automata::detail::to_nfa(a);
  n.initial.clear();
  for (std::uint32_t p = 0; p < a.states(); ++p)
    for (std::uint32_t q = 0; q < b.states(); ++q)
      if (b.accepting(q) && seen[std::uint64_t{p} * b.states() + q]) {
        n.initial.push_back(p);
        break;
      }
  return automata::detail::determinize_minimal(n, a.tracks(), ctx);
}

// A/B: A accepting where some word of B leads on to acceptance (pairs that reach both
// acceptances, found backwards from them).
Automaton right_quotient(const Automaton& a, const Automaton& b, const automata::Context& ctx) {
  const std::uint64_t na = a.states(), nb = b.states();
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
  return automata::minimize(r, ctx);
}

}  // namespace

bool Session::run_automaton_command(const std::string& command, detail::Reader& in, Result& r) {
  static const char* const kAcceptorCommands[] = {"union", "intersect", "star", "concat", "leftquo", "rightquo"};
  const bool acceptor_command =
      std::find(std::begin(kAcceptorCommands), std::end(kAcceptorCommands), command) != std::end(kAcceptorCommands);
  const bool other = command == "reverse" || command == "minimize" || command == "fixleadzero" ||
                     command == "fixtrailzero" || command == "combine" || command == "inf" || command == "test";
  if (!acceptor_command && !other) return false;
  // An operand: $NAME (or any name of an acceptor command) from the automata, else a word.
  auto operand = [&](bool acceptors) -> std::pair<Automaton, bool> {
    std::size_t at = (in.skip(), in.pos());
    const bool dollar = in.accept('$');
    std::string name = in.word("an automaton name");
    try {
      if (acceptors || dollar) return {automaton(name), true};
      return {word(name), false};
    } catch (const InputError& e) {
      in.fail(at, e.what());
    }
  };
  auto finish = [&](Automaton a, Library library) {
    r.states = r.largest = a.states();
    for (const auto& t : a.tracks()) r.variables.push_back(t.name);
    r.automaton = std::make_shared<const Automaton>(a);
    publish(r, library);
    if (library == Library::words) define_word(r.name, std::move(a));
    else define(r.name, std::move(a));
  };
  auto close = [&](Automaton a) {
    try {
      return automata::close_padding(a, context_);
    } catch (const InputError& e) {
      in.fail(in.pos(), e.what());
    }
  };
  if (command == "inf" || command == "test") {
    r.name = in.word("an automaton name");
    std::uint64_t count = 0;
    if (command == "test") {
      std::string n = in.word("a count");
      if (n.empty() || n.size() > 6 ||
          !std::all_of(n.begin(), n.end(), [](unsigned char c) { return std::isdigit(c); }))
        in.fail(in.pos(), "test takes a count below 10^6");
      count = std::stoull(n);
    }
    in.end();
    const Automaton& a = automaton(r.name);
    if (command == "inf") {
      // Infinitely many tuples: infinitely many words with some track's most significant digit
      // nonzero (Walnut's `inf`).
      Automaton x = a;
      bool infinite = false;
      if (x.tracks().empty()) {
        infinite = false;
      } else {
        for (const auto& t : x.tracks()) {
          Automaton i = automata::infinitely_many(x, t.name, context_);
          infinite = infinite || i.accepting(i.initial());
        }
      }
      r.truth = infinite;
      r.lines.push_back(infinite ? fmt::format("{} accepts infinitely many values", r.name)
                                 : fmt::format("{} accepts finitely many values", r.name));
      return true;
    }
    // The first `count` accepted tuples, by their shortest encodings in order of length, then
    // digit order: lsd automata are read reversed, so that a shortest encoding is one whose first
    // letter is not all zeros (or the empty word), and states that cannot accept are pruned —
    // the search ends when the language of shortest encodings does.
    Automaton x = a;
    bool lsd = !x.tracks().empty(), numbers = true;
    for (const auto& t : x.tracks()) {
      numbers = numbers && t.system;
      lsd = lsd && t.system && !t.system->msd();
    }
    if (lsd) {
      std::vector<std::shared_ptr<const automata::NumberSystem>> partners;
      for (const auto& t : x.tracks()) partners.push_back(system("msd_" + t.system->name().substr(4)));
      x = automata::reverse(x, partners, context_);
    }
    std::vector<std::uint8_t> live(x.states(), 0);
    for (bool changed = true; changed;) {
      changed = false;
      for (std::uint32_t q = 0; q < x.states(); ++q) {
        if (live[q]) continue;
        bool l = x.accepting(q);
        for (std::uint32_t c = 0; c < x.letters() && !l; ++c) l = live[x.next(q, c)] != 0;
        if (l) live[q] = 1, changed = true;
      }
    }
    std::vector<std::vector<std::int64_t>> found;
    std::deque<std::pair<std::uint32_t, std::vector<std::uint32_t>>> queue;
    if (live[x.initial()]) queue.emplace_back(x.initial(), std::vector<std::uint32_t>{});
    for (std::size_t steps = 0; !queue.empty() && found.size() < count && steps < 1'000'000; ++steps) {
      auto [q, w] = queue.front();
      queue.pop_front();
      if (x.accepting(q)) {
        if (numbers) found.push_back(automata::decode_integers(x, w));
        else r.lines.push_back(fmt::format("{}", fmt::join(w, " ")));
      }
      for (std::uint32_t l = numbers && w.empty() ? 1 : 0; l < x.letters(); ++l)
        if (live[x.next(q, l)]) {
          auto v = w;
          v.push_back(l);
          queue.emplace_back(x.next(q, l), std::move(v));
        }
    }
    for (const auto& v : found)
      if (!v.empty()) r.lines.push_back(fmt::format("{}", fmt::join(v, " ")));
    return true;
  }
  r.name = in.word("a name for the result");
  if (command == "reverse" || command == "minimize" || command == "fixleadzero" || command == "fixtrailzero") {
    auto [a, is_acceptor] = operand(command == "fixleadzero" || command == "fixtrailzero");
    in.end();
    if (command == "reverse") {
      std::vector<std::shared_ptr<const automata::NumberSystem>> partners;
      for (const auto& t : a.tracks()) {
        if (!t.system) {
          partners.push_back(nullptr);
          continue;
        }
        const std::string& n = t.system->name();
        partners.push_back(system((n.starts_with("msd_") ? "lsd_" : "msd_") + n.substr(4)));
      }
      a = automata::reverse(a, partners, context_);
    } else if (command == "minimize") {
      a = automata::minimize(a, context_);
    } else {
      a = close(a);  // every automaton here already accepts every padding of what it accepts
    }
    finish(std::move(a), is_acceptor ? Library::automata : Library::words);
    return true;
  }
  if (command == "combine") {
    // combine NAME A B=2 C=-1 …: the value of the first automaton that accepts (1, 2, … unless
    // given), 0 where none does.
    std::vector<std::pair<Automaton, int>> parts;
    while (in.peek() != ':' && in.peek() != ';' && !in.at_end()) {
      auto [a, acc] = operand(true);
      int value = static_cast<int>(parts.size()) + 1;
      if (in.accept('=')) {
        bool negative = in.accept('-');
        std::string digits = in.word("a value");
        if (digits.size() > 6 ||
            !std::all_of(digits.begin(), digits.end(), [](unsigned char c) { return std::isdigit(c); }))
          in.fail(in.pos(), "a value of combine is an integer");
        value = (negative ? -1 : 1) * std::stoi(digits);
      }
      parts.emplace_back(parts.empty() ? a : like(parts.front().first, a, "an automaton of combine"), value);
    }
    in.end();
    if (parts.empty()) in.fail(in.pos(), "combine needs at least one automaton");
    // The product of all, each state's output the first accepting part's value.
    std::map<std::vector<std::uint32_t>, std::uint32_t> index;
    std::vector<std::vector<std::uint32_t>> tuples;
    std::vector<std::uint32_t> delta;
    const Automaton& first = parts.front().first;
    auto id = [&](std::vector<std::uint32_t> t) {
      auto [it, fresh] = index.emplace(t, static_cast<std::uint32_t>(tuples.size()));
      if (fresh) tuples.push_back(std::move(t));
      return it->second;
    };
    std::vector<std::uint32_t> start;
    for (const auto& p : parts) start.push_back(p.first.initial());
    id(start);
    for (std::size_t i = 0; i < tuples.size(); ++i)
      for (std::uint32_t l = 0; l < first.letters(); ++l) {
        std::vector<std::uint32_t> next(parts.size());
        for (std::size_t k = 0; k < parts.size(); ++k) next[k] = parts[k].first.next(tuples[i][k], l);
        delta.push_back(id(std::move(next)));
      }
    Automaton w(first.tracks(), static_cast<std::uint32_t>(tuples.size()));
    for (std::uint32_t q = 0; q < w.states(); ++q) {
      int out = 0;
      for (std::size_t k = 0; k < parts.size() && out == 0; ++k)
        if (parts[k].first.accepting(tuples[q][k])) out = parts[k].second;
      w.set_output(q, out);
      for (std::uint32_t l = 0; l < first.letters(); ++l) w.set_next(q, l, delta[std::size_t{q} * first.letters() + l]);
    }
    finish(automata::minimize(w, context_), Library::words);
    return true;
  }
  // The acceptor commands.
  std::vector<Automaton> ops;
  while (in.peek() != ':' && in.peek() != ';' && !in.at_end()) {
    auto [a, acc] = operand(true);
    ops.push_back(ops.empty() ? a : like(ops.front(), a, "an operand"));
  }
  in.end();
  const std::size_t want = command == "star" ? 1 : command == "leftquo" || command == "rightquo" ? 2 : 0;
  if (ops.empty() || (want && ops.size() != want))
    in.fail(in.pos(), want ? fmt::format("{} takes {} automata", command, want)
                           : fmt::format("{} takes at least one automaton", command));
  Automaton a = ops.front();
  if (command == "union" || command == "intersect") {
    for (std::size_t i = 1; i < ops.size(); ++i)
      a = automata::product(a, ops[i], command == "union" ? BoolOp::or_ : BoolOp::and_, context_);
  } else if (command == "star") {
    a = close(star(a, context_));
  } else if (command == "concat") {
    for (std::size_t i = 1; i < ops.size(); ++i) a = concat(a, ops[i], context_);
    a = close(a);
  } else if (command == "leftquo") {
    a = close(left_quotient(ops[0], ops[1], context_));
  } else {
    a = close(right_quotient(ops[0], ops[1], context_));
  }
  finish(std::move(a), Library::automata);
  return true;
}

}  // namespace qg::prover
