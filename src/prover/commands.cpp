// Walnut's commands on automata, beside the statement commands of session.cpp:
//   union NAME A B …, intersect NAME A B …   the relations' union and intersection
//   star NAME A, concat NAME A B …           the words' star and concatenation
//   leftquo NAME A B, rightquo NAME A B      {w : uw ∈ A for some u ∈ B}, {w : wu ∈ A …}
//   reverse NAME [$]A                        the words read backwards (msd ↔ lsd)
//   minimize NAME W, fixleadzero NAME $A, fixtrailzero NAME $A
//   combine NAME A B=2 …                     a word automaton: the value of the first that accepts
//   inf NAME, test NAME N                    infinitely many accepted? the first N accepted
//   convert NEW msd_k OLD                    OLD (one input, base b) read in base k: b, k powers of one root
//   split NEW OLD[+][-][], rsplit NEW[+][-][] OLD   negative base ↔ positive base, sign by sign
//   join NEW A[a][b] B[b][c] …               the first nonzero output of A(a,b), B(b,c), …
//   alphabet NEW SYSTEM… [$]OLD               OLD's digit strings read in other systems or alphabets
//   first [$]NAME, describe [$]NAME            (ours) the shortest accepted and rejected inputs; a summary
//                                            with the automaton as a regular expression
//   export [$]NAME FORMAT, help [COMMAND]    Result/NAME.FORMAT (txt, gv, re); the commands
//   transduce NEW TRANSDUCER [$]OLD          Transducer Library/TRANSDUCER.txt run over OLD's letters
// A name with `$` (or an acceptor command) is read from the automata, otherwise from the word
// automata, as Walnut does. The word operations (star, concat, quotients) work on the words the
// operands spell (Session::spelled), as Walnut's; on number tracks their result stands, as every
// automaton here, for the tuples some padding of which it accepts (automata.hpp).
#include <algorithm>
#include <deque>
#include <map>
#include <optional>
#include <tuple>
#include <unordered_map>

#include <fmt/format.h>

#include "automata/internal.hpp"
#include "prover/combine.hpp"
#include "prover/describe.hpp"
#include "prover/reader.hpp"
#include "prover/regex.hpp"
#include "prover/transduce.hpp"
#include "queengames/io.hpp"
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

// The automaton of x = s·y (s = ±1) for x in base k and y in base −k, over tracks named
// `x` and `y`, read least significant digit first: after m digits the difference of the
// values read, Σ (d_i − s·(−1)^i·e_i)·k^i, is c·k^m; the state is (c, m mod 2) and accepts
// when c = 0. |c| ≤ 2 throughout, since |c'| ≤ (|c| + 2k − 2)/k.
Automaton signed_equality(const std::string& x, std::shared_ptr<const automata::NumberSystem> positive,
                          const std::string& y, std::shared_ptr<const automata::NumberSystem> negative, int sign) {
  const int k = static_cast<int>(positive->base());
  std::vector<automata::Track> tracks{{x, positive->base(), positive}, {y, negative->base(), negative}};
  const bool swapped = y < x;  // tracks in name order
  if (swapped) std::swap(tracks[0], tracks[1]);
  std::map<std::pair<int, int>, std::uint32_t> id;
  std::vector<std::pair<int, int>> states{{0, 0}};
  id[{0, 0}] = 0;
  std::vector<std::vector<std::uint32_t>> next;  // dead state: UINT32_MAX for now
  for (std::size_t i = 0; i < states.size(); ++i) {
    auto [c, parity] = states[i];
    std::vector<std::uint32_t> row(static_cast<std::size_t>(k) * k, UINT32_MAX);
    for (int d = 0; d < k; ++d)
      for (int e = 0; e < k; ++e) {
        int t = c + d - sign * (parity ? -1 : 1) * e;
        if (t % k != 0) continue;
        std::pair<int, int> to{t / k, 1 - parity};
        auto [it, fresh] = id.emplace(to, static_cast<std::uint32_t>(states.size()));
        if (fresh) states.push_back(to);
        row[swapped ? static_cast<std::size_t>(e + k * d) : static_cast<std::size_t>(d + k * e)] = it->second;
      }
    next.push_back(std::move(row));
  }
  const auto dead = static_cast<std::uint32_t>(states.size());
  Automaton a(tracks, dead + 1);
  for (std::uint32_t q = 0; q <= dead; ++q) {
    a.set_output(q, q < dead && states[q].first == 0);
    for (std::uint32_t l = 0; l < a.letters(); ++l)
      a.set_next(q, l, q < dead && next[q][l] != UINT32_MAX ? next[q][l] : dead);
  }
  return a;
}

// The digits of base b = r^i written in base r (lsd, i digits each, the first least
// significant): a state is (state of `a`, the block's value so far, digits read in it); a
// word that stops inside a block has the output of the block completed by zeros.
Automaton lsd_to_root(const Automaton& a, std::shared_ptr<const automata::NumberSystem> root, unsigned exponent,
                      const automata::Context& ctx) {
  const unsigned r = root->base();
  std::map<std::tuple<std::uint32_t, unsigned, unsigned>, std::uint32_t> id;
  std::vector<std::tuple<std::uint32_t, unsigned, unsigned>> states{{a.initial(), 0, 0}};
  id[states[0]] = 0;
  std::vector<std::uint32_t> delta;
  for (std::size_t i = 0; i < states.size(); ++i) {
    auto [q, v, c] = states[i];
    unsigned weight = 1;
    for (unsigned j = 0; j < c; ++j) weight *= r;
    for (unsigned d = 0; d < r; ++d) {
      std::tuple<std::uint32_t, unsigned, unsigned> to{q, v + d * weight, c + 1};
      if (c + 1 == exponent) to = {a.next(q, v + d * weight), 0, 0};
      auto [it, fresh] = id.emplace(to, static_cast<std::uint32_t>(states.size()));
      if (fresh) states.push_back(to);
      delta.push_back(it->second);
    }
  }
  automata::Track t = a.tracks()[0];
  t.base = r;
  t.system = root;
  Automaton w({t}, static_cast<std::uint32_t>(states.size()));
  for (std::uint32_t s = 0; s < w.states(); ++s) {
    auto [q, v, c] = states[s];
    w.set_output(s, a.output(c == 0 ? q : a.next(q, v)));
    for (std::uint32_t d = 0; d < r; ++d) w.set_next(s, d, delta[std::size_t{s} * r + d]);
  }
  return automata::minimize(w, ctx);
}

// The digits of base r read in base r^j, msd: a digit D is j digits of base r, the first most
// significant.
Automaton msd_to_power(const Automaton& a, std::shared_ptr<const automata::NumberSystem> power, unsigned exponent,
                       const automata::Context& ctx) {
  const unsigned r = a.tracks()[0].base, b = power->base();
  automata::Track t = a.tracks()[0];
  t.base = b;
  t.system = power;
  Automaton w({t}, a.states());
  for (std::uint32_t q = 0; q < a.states(); ++q) {
    w.set_output(q, a.output(q));
    for (unsigned D = 0; D < b; ++D) {
      std::uint32_t p = q;
      unsigned place = b / r;
      for (unsigned j = 0; j < exponent; ++j, place /= r) p = a.next(p, D / place % r);
      w.set_next(q, D, p);
    }
  }
  w.set_initial(a.initial());
  return automata::minimize(w, ctx);
}

// b = root^i: the exponent i, or 0 when b is no power of root.
unsigned exponent_of(unsigned b, unsigned root) {
  unsigned i = 0;
  for (unsigned long long p = 1; p < b; p *= root) ++i;
  unsigned long long p = 1;
  for (unsigned j = 0; j < i; ++j) p *= root;
  return p == b ? i : 0;
}

// The same digit strings over new tracks (Walnut's alphabet command): a letter whose values are
// not all letters of the old tracks leads to the dead state, and words invalid in a new system
// are rejected (no letter, for a word automaton). Track names are kept.
Automaton with_alphabets(const Automaton& a, std::vector<automata::Track> tracks, bool word,
                         const automata::Context& ctx) {
  for (std::size_t i = 0; i < tracks.size(); ++i) tracks[i].name = a.tracks()[i].name;
  std::vector<Automaton> valid;
  for (const auto& t : tracks) valid.push_back(t.system && !t.system->all_valid() ? t.system->validity() : Automaton());
  Automaton shape(tracks, 0);
  // Old letter of each new letter, or none.
  std::vector<std::uint32_t> old(shape.letters(), UINT32_MAX);
  for (std::uint32_t l = 0; l < shape.letters(); ++l) {
    const auto d = shape.digits(l);
    std::vector<unsigned> e(d.size());
    bool ok = true;
    for (std::size_t i = 0; i < d.size() && ok; ++i) {
      e[i] = a.tracks()[i].digit(tracks[i].value(d[i]));
      ok = e[i] < a.tracks()[i].base;
    }
    if (ok) old[l] = a.letter(e);
  }
  // The product with each new track's validity; state 0 of the result is the dead state.
  const int dead_output = word ? automata::kNoLetter : 0;
  std::map<std::vector<std::uint32_t>, std::uint32_t> id;
  std::vector<std::vector<std::uint32_t>> states{{}};  // [0]: dead
  std::vector<std::uint32_t> delta;
  auto intern = [&](std::vector<std::uint32_t> x) {
    auto [it, fresh] = id.emplace(x, static_cast<std::uint32_t>(states.size()));
    if (fresh) states.push_back(std::move(x));
    return it->second;
  };
  std::vector<std::uint32_t> start{a.initial()};
  for (const auto& v : valid) start.push_back(v.states() ? v.initial() : 0);
  intern(start);
  for (std::size_t k = 0; k < states.size(); ++k)
    for (std::uint32_t l = 0; l < shape.letters(); ++l) {
      if (k == 0 || old[l] == UINT32_MAX) {
        delta.push_back(0);
        continue;
      }
      std::vector<std::uint32_t> next{a.next(states[k][0], old[l])};
      const auto d = shape.digits(l);
      for (std::size_t i = 0; i < valid.size(); ++i)
        next.push_back(valid[i].states() ? valid[i].next(states[k][i + 1], d[i]) : 0);
      delta.push_back(intern(std::move(next)));
    }
  Automaton r(tracks, static_cast<std::uint32_t>(states.size()));
  for (std::uint32_t q = 0; q < r.states(); ++q) {
    int out = dead_output;
    if (q) {
      bool ok = true;
      for (std::size_t i = 0; i < valid.size() && ok; ++i)
        ok = !valid[i].states() || valid[i].accepting(states[q][i + 1]);
      out = ok ? a.output(states[q][0]) : dead_output;
    }
    r.set_output(q, out);
    for (std::uint32_t l = 0; l < r.letters(); ++l) r.set_next(q, l, delta[std::size_t{q} * r.letters() + l]);
  }
  r.set_initial(1);
  return automata::minimize(r, ctx);
}

}  // namespace

namespace detail {

// Their product, each state's output the first accepting part's value.
Automaton first_accepting(const std::vector<std::pair<Automaton, int>>& parts, const automata::Context& ctx) {
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
  return automata::minimize(w, ctx);
}

std::vector<std::pair<Automaton, int>> letters_of(const Automaton& w) {
  std::vector<int> outputs;
  for (std::uint32_t q = 0; q < w.states(); ++q)
    if (w.output(q) != 0 && w.output(q) != automata::kNoLetter) outputs.push_back(w.output(q));
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

}  // namespace detail

using detail::first_accepting;
using detail::letters_of;

bool Session::automaton_command(std::string_view command) {
  static const char* const kCommands[] = {
      "union",       "intersect",    "star",     "concat", "leftquo",  "rightquo", "reverse", "minimize",
      "fixleadzero", "fixtrailzero", "combine",  "inf",    "test",     "convert",  "split",   "rsplit",
      "join",        "transduce",    "alphabet", "first",  "describe", "export",   "help"};
  return std::find(std::begin(kCommands), std::end(kCommands), command) != std::end(kCommands);
}

bool Session::run_automaton_command(const std::string& command, detail::Reader& in, Result& r) {
  if (!automaton_command(command)) return false;
  // An operand: $NAME (or any name of an acceptor command) from the automata, else a word.
  // A word automaton by name; where there is none, the message says whether an automaton of
  // that name exists (Walnut reads only its Word Automata Library without `$`).
  auto word_operand = [&](const std::string& name, std::size_t at) -> const Automaton& {
    try {
      return word(name);
    } catch (const InputError& e) {
      try {
        automaton(name);
      } catch (const InputError&) {
        in.fail(at, e.what());
      }
      in.fail(at, fmt::format("{} (an automaton of that name exists: write ${})", e.what(), name));
    }
  };
  auto operand = [&](bool acceptors) -> std::pair<Automaton, bool> {
    std::size_t at = (in.skip(), in.pos());
    const bool dollar = in.accept('$');
    std::string name = in.word("an automaton name");
    if (!acceptors && !dollar) return {word_operand(name, at), false};
    try {
      return {automaton(name), true};
    } catch (const InputError& e) {
      in.fail(at, e.what());
    }
  };
  // An operand of these: a word automaton, else an automaton (Walnut looks in its Word
  // Automata Library first); `$NAME` an automaton.
  auto either = [&]() -> std::pair<Automaton, bool> {
    std::size_t at = (in.skip(), in.pos());
    if (in.accept('$')) {
      in.set_pos(at);
      return operand(true);
    }
    std::string name = in.word("an automaton name");
    try {
      return {word(name), false};
    } catch (const InputError&) {
    }
    try {
      return {automaton(name), true};
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
  // The numbers of words as spelled: the valid representations (words of a system with a
  // validity rule can be concatenated into invalid ones), with every padding (automata.hpp).
  auto close = [&](Automaton a) {
    try {
      return detail::numbers_of_words(std::move(a), in.pos(), context_);
    } catch (const detail::PositionedError& e) {
      in.fail(e.pos, e.what);
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
  if (command == "help") {
    // One line per command (docs/PROVER.md and docs/WALNUT.md have the details).
    static const std::pair<const char*, const char*> kHelp[] = {
        {"eval", "eval NAME [v1 v2 …] \"φ\": TRUE/FALSE, or the automaton of φ's free variables (and Result/NAME.mpl)"},
        {"def", "def NAME [v1 v2 …] \"φ\": the automaton of φ over its free variables (sorted by name), as $NAME"},
        {"reg", "reg NAME SYSTEM… \"REGEX\": the automaton of a regular expression over digits or tuples"},
        {"macro", "macro NAME \"TEXT\": #NAME(a,b) stands for TEXT with %0, %1 replaced"},
        {"morphism", "morphism NAME \"0->01 1->10\": a morphism on digit letters"},
        {"promote", "promote W MORPHISM: the morphism's fixed point as a word automaton"},
        {"image", "image W MORPHISM V: the word μ(V) of a uniform morphism or a coding"},
        {"load", "load FILE: the commands of a command file"},
        {"numsys", "numsys NAME \"a->aab,b->aa\": msd_NAME and lsd_NAME, the numeration systems of a morphism (ours)"},
        {"union", "union NEW A B …: the automata's union"},
        {"intersect", "intersect NEW A B …: their intersection"},
        {"star", "star NEW A: the Kleene star of the words"},
        {"concat", "concat NEW A B …: the words' concatenation"},
        {"leftquo", "leftquo NEW A B: {w : uw in A for some u in B}"},
        {"rightquo", "rightquo NEW A B: {w : wu in A for some u in B}"},
        {"reverse", "reverse NEW [$]OLD: the words read backwards (msd ↔ lsd)"},
        {"minimize", "minimize NEW W: the minimal word automaton"},
        {"fixleadzero", "fixleadzero NEW $OLD: every padding with leading zeros accepted"},
        {"fixtrailzero", "fixtrailzero NEW $OLD: every padding with trailing zeros accepted"},
        {"combine", "combine W A B=2 …: the value of the first automaton that accepts, 0 where none does"},
        {"inf", "inf $NAME: whether it accepts infinitely many values"},
        {"test", "test NAME N: its first N accepted values"},
        {"convert", "convert [$]NEW msd_k [$]OLD: one input in base r^i read in base k = r^j (msd or lsd)"},
        {"split", "split NEW OLD[+][-][]: a negative base read on the natural numbers, x or −x"},
        {"rsplit", "rsplit NEW[+][-][] OLD: a positive base read in the negative base, 0 elsewhere"},
        {"join", "join NEW A[a][b] B[b][c] …: the first nonzero letter of A(a,b), B(b,c), …"},
        {"transduce", "transduce NEW T [$]OLD: Transducer Library/T.txt run over OLD's letters"},
        {"alphabet", "alphabet NEW SYSTEM… [$]OLD: OLD's digit strings read in other systems or alphabets"},
        {"first", "first [$]NAME: the shortest accepted and the shortest rejected inputs (ours)"},
        {"describe", "describe [$]NAME: inputs, states, and the automaton as a regular expression (ours)"},
        {"export", "export [$]NAME FORMAT: Result/NAME.FORMAT, FORMAT one of txt, gv, re (ours)"},
        {"help", "help [COMMAND]: this list, or one command"},
    };
    std::string topic = in.peek() == ':' || in.peek() == ';' || in.at_end() ? "" : in.word("a command");
    in.end();
    r.name = topic.empty() ? "help" : topic;
    for (const auto& [c, text] : kHelp)
      if (topic.empty() || topic == c) r.lines.push_back(text);
    if (r.lines.empty()) in.fail(in.pos(), fmt::format("no command {}", topic));
    return true;
  }
  if (command == "first" || command == "describe" || command == "export") {
    std::size_t at = (in.skip(), in.pos());
    auto named = either();  // not a structured binding: the lambdas below capture it
    const Automaton& a = named.first;
    const bool is_acceptor = named.second;
    r.name = std::string(in.text().substr(at, in.pos() - at));
    if (r.name.front() == '$') r.name.erase(0, 1);
    std::string format;
    if (command == "export") format = in.word("a format (txt, gv, re)");
    in.end();
    const bool acceptor = is_acceptor;
    bool numbers = !a.tracks().empty();
    for (const auto& t : a.tracks()) numbers = numbers && t.system;
    // An input as text: the numbers (the shortest encoding's), or the letters of a word.
    auto shown = [&](const Automaton& x, const std::vector<std::uint32_t>& w) {
      std::vector<std::string> parts;
      if (numbers) {
        const auto v = automata::decode_integers(x, w);
        for (std::size_t i = 0; i < v.size(); ++i) parts.push_back(fmt::format("{} = {}", x.tracks()[i].name, v[i]));
        return fmt::format("{}", fmt::join(parts, ", "));
      }
      for (auto l : w) parts.push_back(detail::letter_text(x, l));
      return w.empty() ? std::string("the empty word") : fmt::format("the word {}", fmt::join(parts, ""));
    };
    auto as_regex = [&]() -> std::string {
      if (!acceptor) throw InputError("a word automaton has no regular expression (its outputs are letters)");
      auto re = detail::regular_expression(a, 1 << 20);
      return re ? *re : "";
    };
    if (command == "first" && !acceptor) in.fail(at, "first takes an automaton ($NAME), not a word automaton");
    if (command == "export" && format != "txt" && format != "gv" && format != "re")
      in.fail(in.pos(), fmt::format("unknown format {} (txt, gv, re)", format));
    try {
      if (command == "first") {
        // The shortest accepted and rejected inputs (rejected: among the valid representations).
        auto yes = automata::shortest_accepted(a);
        r.lines.push_back(yes ? "accepted: " + shown(a, *yes) : "accepts nothing");
        Automaton no = automata::complement(a, context_);
        auto not_ = automata::shortest_accepted(no);
        r.lines.push_back(not_ ? "rejected: " + shown(no, *not_) : "rejects nothing");
        return true;
      }
      if (command == "describe") {
        std::vector<std::string> inputs;
        for (const auto& t : a.tracks()) {
          std::vector<int> v;
          for (unsigned d = 0; d < t.base; ++d) v.push_back(t.value(d));
          inputs.push_back(
              fmt::format("{} in {}", t.name, t.system ? t.system->name() : fmt::format("{{{}}}", fmt::join(v, ","))));
        }
        r.lines.push_back(fmt::format("{} with {} states; inputs: {}", acceptor ? "an automaton" : "a word automaton",
                                      a.states(),
                                      inputs.empty() ? "none" : fmt::format("{}", fmt::join(inputs, ", "))));
        if (acceptor) {
          const std::string re = as_regex();
          r.lines.push_back(re.empty()          ? std::string("accepts no word")
                            : re.size() <= 2000 ? "words accepted: " + re
                                                : fmt::format("words accepted: a regular expression of {} characters "
                                                              "(export {} re)",
                                                              re.size(), r.name));
        }
        return true;
      }
      // export: Result/NAME.FORMAT.
      std::string text;
      if (format == "txt") text = write_automaton(a);
      else if (format == "gv") text = detail::write_graphviz(a, r.name);
      else text = as_regex() + "\n";
      const std::filesystem::path home = write_folder();
      if (home.empty()) {
        r.lines.push_back(text);
        return true;
      }
      std::filesystem::create_directories(home / "Result");
      AtomicFile f(home / "Result" / (r.name + "." + format));
      f.stream() << text;
      f.commit();
      r.lines.push_back(fmt::format("written to {}", (home / "Result" / (r.name + "." + format)).string()));
    } catch (const InputError& e) {
      in.fail(at, e.what());
    }
    return true;
  }
  if (command == "alphabet") {
    // alphabet NEW SYSTEM… [$]OLD: the systems or alphabets {…} of OLD's inputs replaced; the
    // last name is OLD's (a word automaton, or $ an automaton).
    r.name = in.word("a name for the result");
    struct Item {
      std::optional<automata::Track> alphabet;  // {…}
      std::string word;
      std::size_t at;
    };
    std::vector<Item> items;
    bool acceptor = false;
    while (in.peek() != ':' && in.peek() != ';' && !in.at_end()) {
      std::size_t at = (in.skip(), in.pos());
      if (in.peek() == '{') {
        std::size_t close = in.text().find('}', at);
        if (close == std::string_view::npos) in.fail(at, "an alphabet without '}'");
        auto values = detail::parse_alphabet(in.text().substr(at + 1, close - at - 1));
        if (!values || values->empty() || values->size() > 256)
          in.fail(at, "an alphabet is a list of distinct integers {0,1} or {-1,0,1}");
        automata::Track t{"", static_cast<unsigned>(values->size()), nullptr};
        if (!detail::natural_alphabet(*values)) t.values = *values;
        items.push_back({t, "", at});
        in.set_pos(close + 1);
        continue;
      }
      acceptor = in.accept('$');
      items.push_back({std::nullopt, in.word("a number system, an alphabet {…} or the automaton's name"), at});
      if (acceptor) break;
    }
    in.end();
    if (items.size() < 2 || items.back().alphabet)
      in.fail(in.pos(), "alphabet takes systems or alphabets, then the automaton's name");
    const Item name = items.back();
    items.pop_back();
    std::vector<automata::Track> tracks;
    for (const auto& item : items) {
      if (item.alphabet) {
        tracks.push_back(*item.alphabet);
        continue;
      }
      try {
        auto ns = system(detail::walnut_system_name(item.word));
        tracks.push_back({"", ns->base(), ns});
      } catch (const InputError& e) {
        in.fail(item.at, e.what());
      }
    }
    Automaton a;
    if (!acceptor) a = word_operand(name.word, name.at);
    else try {
        a = spelled(name.word);
      } catch (const InputError& e) {
        in.fail(name.at, e.what());
      }
    if (tracks.size() != a.tracks().size())
      in.fail(name.at, fmt::format("{} alphabets for an automaton of {} inputs", tracks.size(), a.tracks().size()));
    for (std::size_t i = 0; i < tracks.size(); ++i)
      if (a.tracks()[i].system && tracks[i].system && a.tracks()[i].system->msd() != tracks[i].system->msd())
        in.fail(items[i].at, fmt::format("input {} is read in {}: its padding would change ends; "
                                         "use reverse (or convert) to change the direction",
                                         i + 1, a.tracks()[i].system->name()));
    Automaton x = with_alphabets(a, tracks, !acceptor, context_);
    if (acceptor) {
      // Walnut reads the words the automaton spells; their numbers are read off them, as reg's.
      finish(close(x), Library::automata);
      spelled_[r.name] = std::move(x);
      return true;
    }
    // A word automaton's new reading has a letter at a number only when every padding of it
    // gets the same letter (Walnut keeps the words as they are).
    if (!automata::padding_closed(x, context_))
      in.fail(name.at,
              "read in the new systems, the word automaton gives some paddings of a number other letters than "
              "others: as a word it has no meaning");
    finish(std::move(x), Library::words);
    return true;
  }
  if (command == "transduce") {
    r.name = in.word("a name for the result");
    std::size_t tat = (in.skip(), in.pos());
    std::string tname = in.word("a transducer name");
    auto [w, is_acceptor] = operand(false);
    in.end();
    if (read_folders().empty()) in.fail(tat, "transduce reads Transducer Library/ of a Walnut folder");
    const auto path = find_file("Transducer Library", tname + ".txt");
    if (path.empty()) in.fail(tat, fmt::format("no transducer {} (Transducer Library/{}.txt)", tname, tname));
    const std::string text = detail::read_walnut_file(path, context_.progress);
    if (w.tracks().size() != 1 || !w.tracks()[0].system)
      in.fail(tat, "transduce reads a word automaton of one input in a number system");
    try {
      const detail::Transducer t = detail::read_transducer(text, path.string());
      const std::string n = w.tracks()[0].system->name();
      const bool lsd = !w.tracks()[0].system->msd();
      // Least significant digit first: the same word read the other way, transduced, and back.
      if (lsd) w = automata::reverse(w, {system("msd_" + n.substr(4))}, context_);
      Automaton x = detail::transduce(t, w, context_);
      if (lsd) x = automata::reverse(x, {system(n)}, context_);
      finish(std::move(x), Library::words);
    } catch (const InputError& e) {
      in.fail(tat, e.what());
    }
    return true;
  }
  if (command == "convert" || command == "split" || command == "rsplit" || command == "join") {
    auto signs = [&](std::size_t want) {
      std::vector<int> out;
      std::size_t at = (in.skip(), in.pos());
      while (in.accept('[')) {
        out.push_back(in.accept('+') ? 1 : in.accept('-') ? -1 : 0);
        if (!in.accept(']')) in.fail(in.pos(), "expected ']' after a sign [+], [-] or []");
      }
      if (want && out.size() != want)
        in.fail(at, fmt::format("{} signs for an automaton of {} inputs", out.size(), want));
      if (std::all_of(out.begin(), out.end(), [](int x) { return x == 0; }))
        in.fail(at, fmt::format("{} needs an input marked [+] or [-]", command));
      return out;
    };
    if (command == "join") {
      r.name = in.word("a name for the result");
      std::vector<Automaton> operands;
      bool word_result = false;
      while (in.peek() != ':' && in.peek() != ';' && !in.at_end()) {
        std::size_t at = (in.skip(), in.pos());
        auto [a, is_acceptor] = either();
        word_result = word_result || !is_acceptor;
        std::vector<std::string> labels;
        while (in.accept('[')) {
          labels.push_back(in.word("a variable"));
          if (!in.accept(']')) in.fail(in.pos(), "expected ']' after a variable");
        }
        if (labels.size() != a.tracks().size())
          in.fail(at, fmt::format("{} variables for an automaton of {} inputs", labels.size(), a.tracks().size()));
        try {
          operands.push_back(automata::bind(a, labels, context_));
        } catch (const InputError& e) {
          in.fail(at, e.what());
        }
      }
      in.end();
      if (operands.empty()) in.fail(in.pos(), "join needs at least one automaton");
      // Every variable over its one system; each operand's letters over all of them.
      std::vector<automata::Track> all;
      for (const auto& a : operands)
        for (const auto& t : a.tracks()) {
          auto same = std::find_if(all.begin(), all.end(), [&](const automata::Track& u) { return u.name == t.name; });
          if (same == all.end()) all.push_back(t);
          else if (same->base != t.base || !same->system != !t.system ||
                   (t.system && same->system->name() != t.system->name()))
            in.fail(in.pos(), fmt::format("variable {} is read in two number systems", t.name));
        }
      std::vector<std::pair<Automaton, int>> parts;
      for (const auto& a : operands)
        for (auto [part, value] : letters_of(a)) {
          for (const auto& t : all) part = automata::extend(part, t, context_);
          parts.emplace_back(std::move(part), value);
        }
      if (parts.empty()) {
        Automaton zero = operands.front();
        for (const auto& t : all) zero = automata::extend(zero, t, context_);
        for (std::uint32_t q = 0; q < zero.states(); ++q) zero.set_output(q, 0);
        parts.emplace_back(std::move(zero), 0);
      }
      finish(first_accepting(parts, context_), word_result ? Library::words : Library::automata);
      return true;
    }
    if (command == "convert") {
      // convert [$]NEW msd_k [$]OLD: a word automaton (or $ an automaton) of one input in base
      // b = r^i, read in base k = r^j (msd or lsd): the same sequence or set of numbers.
      const bool to_automaton = in.accept('$');
      r.name = in.word("a name for the result");
      std::size_t sat = (in.skip(), in.pos());
      std::string target = in.word("a number system msd_k or lsd_k");
      auto [a, is_acceptor] = either();
      in.end();
      if (to_automaton && !is_acceptor)
        in.fail(sat, "a word automaton converts into a word automaton (write the new name without $)");
      auto base_of = [](const std::string& n) -> unsigned {
        if (n.size() < 5 || (n.substr(0, 4) != "msd_" && n.substr(0, 4) != "lsd_") || n.size() > 10 ||
            !std::all_of(n.begin() + 4, n.end(), [](unsigned char c) { return std::isdigit(c); }))
          return 0;
        return static_cast<unsigned>(std::stoul(n.substr(4)));
      };
      const unsigned k = base_of(target);
      if (k < 2 || k > 64)
        in.fail(sat, fmt::format("convert takes a system msd_k or lsd_k with 2 ≤ k ≤ 64, not {}", target));
      if (a.tracks().size() != 1 || !a.tracks()[0].system)
        in.fail(sat, "convert takes an automaton of one input in a number system");
      const std::string from = a.tracks()[0].system->name();
      const unsigned b = base_of(from);
      if (b < 2) in.fail(sat, fmt::format("convert reads the systems msd_k and lsd_k, not {}", from));
      const bool target_msd = target[0] == 'm';
      bool msd = from[0] == 'm';
      if (b == k && msd == target_msd) in.fail(sat, fmt::format("the automaton is already in {}", target));
      unsigned root = 0;
      for (unsigned c = 2; c <= std::min(b, k) && !root; ++c)
        if (exponent_of(b, c) && exponent_of(k, c)) root = c;
      if (!root) in.fail(sat, fmt::format("bases {} and {} are not powers of one integer", b, k));
      auto named = [&](bool m, unsigned base) { return system(fmt::format("{}_{}", m ? "msd" : "lsd", base)); };
      Automaton x = a;
      unsigned base = b;
      if (b != root) {
        if (msd) x = automata::reverse(x, {named(false, b)}, context_);
        x = lsd_to_root(x, named(false, root), exponent_of(b, root), context_);
        msd = false;
        base = root;
      }
      if (k != root) {
        if (!msd) x = automata::reverse(x, {named(true, base)}, context_);
        x = msd_to_power(x, named(true, k), exponent_of(k, root), context_);
        msd = true;
        base = k;
      }
      if (msd != target_msd) x = automata::reverse(x, {named(target_msd, base)}, context_);
      finish(std::move(x), to_automaton ? Library::automata : Library::words);
      return true;
    }
    // split NEW OLD[±]…: OLD over a negative base, read on positive numbers (x = ±x');
    // rsplit NEW[±]… OLD: OLD over a positive base, read in the negative base (0 where x' has
    // no such x). Both are x = s·x' between a positive-base x and a negative-base x'. An input
    // in the other kind of base is read as Walnut reads it: its digits are taken for digits of
    // the partner base (split of msd_2: NEW[x] = OLD[y], y's binary digits those of s·x in
    // base −2), which is a relabelling of the track (the same digits, the same padding zeros).
    const bool reverse_split = command == "rsplit";
    r.name = in.word("a name for the result");
    std::vector<int> sign;
    if (reverse_split) sign = signs(0);
    std::size_t oat = (in.skip(), in.pos());
    auto [a, is_acceptor] = either();
    if (!reverse_split) sign = signs(a.tracks().size());
    in.end();
    if (sign.size() != a.tracks().size())
      in.fail(oat, fmt::format("{} signs for an automaton of {} inputs", sign.size(), a.tracks().size()));
    std::vector<std::pair<Automaton, int>> parts =
        is_acceptor ? std::vector<std::pair<Automaton, int>>{{a, 1}} : letters_of(a);
    for (std::size_t i = 0; i < sign.size(); ++i) {
      if (!sign[i]) continue;
      const automata::Track& t = a.tracks()[i];
      const std::string n = t.system ? t.system->name() : "an alphabet";
      const bool negative = t.system && t.system->negative();
      const std::string k = t.system ? n.substr(negative ? 8 : 4) : "";
      // Only the integer bases ±k: the relation x = s·x' is built for them (signed_equality).
      if (k.empty() || !std::all_of(k.begin(), k.end(), [](unsigned char c) { return std::isdigit(c); }))
        in.fail(oat, fmt::format("{} reads input {} in a base msd_k, lsd_k, msd_neg_k or lsd_neg_k; it is in {}",
                                 command, i + 1, n));
      const std::string dir = n.substr(0, 3);
      auto positive = system(dir + "_" + k), neg = system(dir + "_neg_" + k);
      const std::string hidden = fmt::format("#{}", i);
      Automaton eq =
          signed_equality(reverse_split ? hidden : t.name, positive, reverse_split ? t.name : hidden, neg, sign[i]);
      if (dir == "msd") {
        std::vector<std::shared_ptr<const automata::NumberSystem>> partners;
        for (const auto& u : eq.tracks()) partners.push_back(system("msd_" + u.system->name().substr(4)));
        eq = automata::reverse(eq, partners, context_);
      }
      for (auto& [part, value] : parts) {
        std::vector<std::string> names;
        for (const auto& u : part.tracks()) names.push_back(u.name == t.name ? hidden : u.name);
        part = automata::bind(part, names, context_);
        if (negative == reverse_split)
          part.set_system(static_cast<std::size_t>(part.track_index(hidden)), reverse_split ? positive : neg);
        part = automata::exists(automata::product(part, eq, BoolOp::and_, context_), hidden, context_);
      }
    }
    if (parts.empty()) {
      in.fail(oat, "the word automaton has no nonzero letter");
    }
    finish(first_accepting(parts, context_), is_acceptor ? Library::automata : Library::words);
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
    finish(first_accepting(parts, context_), Library::words);
    return true;
  }
  // The acceptor commands work, as Walnut's, on the words the operands spell (Session::spelled);
  // the result's numbers are read off its words. Union and intersection of the numbers are
  // also those of the operands' numbers, as every product here.
  std::vector<Automaton> numbers, words;
  std::vector<std::string> names;
  std::vector<std::size_t> where;
  bool respelled = false;  // some operand spells other words than its numbers' automaton
  while (in.peek() != ':' && in.peek() != ';' && !in.at_end()) {
    where.push_back((in.skip(), in.pos()));
    in.accept('$');
    names.push_back(in.word("an automaton name"));
    try {
      const Automaton& a = automaton(names.back());
      const Automaton& spelling = spelled(names.back());
      respelled = respelled || &spelling != &a;
      numbers.push_back(a);
      words.push_back(spelling);
    } catch (const InputError& e) {
      in.fail(where.back(), e.what());
    }
  }
  in.end();
  const std::size_t want = command == "star" ? 1 : command == "leftquo" || command == "rightquo" ? 2 : 0;
  if (numbers.empty() || (want && numbers.size() != want))
    in.fail(in.pos(), want ? fmt::format("{} takes {} automata", command, want)
                           : fmt::format("{} takes at least one automaton", command));
  // Words over explicit alphabets that differ ({0,1,2} and {2,0}) are read over the union of
  // the alphabets, the first operand's letters first (a letter an operand lacks is a dead end).
  std::vector<automata::Track> tracks = numbers.front().tracks();
  for (std::size_t k = 1; k < numbers.size(); ++k)
    for (std::size_t i = 0; i < tracks.size() && i < numbers[k].tracks().size(); ++i) {
      const auto& t = numbers[k].tracks()[i];
      if (tracks[i].system || t.system) continue;
      for (unsigned d = 0; d < t.base; ++d)
        if (tracks[i].digit(t.value(d)) >= tracks[i].base) {
          if (tracks[i].values.empty())
            for (unsigned e = 0; e < tracks[i].base; ++e) tracks[i].values.push_back(static_cast<int>(e));
          tracks[i].values.push_back(t.value(d));
          ++tracks[i].base;
        }
    }
  for (auto* ops : {&numbers, &words})
    for (std::size_t k = 0; k < ops->size(); ++k) try {
        Automaton& op = (*ops)[k];
        bool widen = false;
        for (std::size_t i = 0; i < tracks.size() && i < op.tracks().size(); ++i)
          widen = widen || (!tracks[i].system && !op.tracks()[i].system &&
                            (tracks[i].base != op.tracks()[i].base || tracks[i].values != op.tracks()[i].values));
        if (widen && op.tracks().size() == tracks.size()) op = with_alphabets(op, tracks, false, context_);
        if (k) op = like(ops->front(), op, "an operand");
      } catch (const InputError& e) {
        in.fail(where[k], e.what());
      }
  if (command == "union" || command == "intersect") {
    const BoolOp op = command == "union" ? BoolOp::or_ : BoolOp::and_;
    Automaton a = numbers.front(), w = words.front();
    for (std::size_t i = 1; i < numbers.size(); ++i) {
      a = automata::product(a, numbers[i], op, context_);
      if (respelled) w = automata::product(w, words[i], op, context_);
    }
    finish(std::move(a), Library::automata);
    if (respelled) spelled_[r.name] = std::move(w);
    return true;
  }
  if (command == "star" || command == "concat") {
    // Walnut reads the words in the plain base of as many digits (msd_fib → msd_2): a word
    // made of valid representations need not be one.
    for (auto& op : words)
      for (std::size_t i = 0; i < op.tracks().size(); ++i) {
        const auto& ns = op.tracks()[i].system;
        if (ns && !ns->all_valid())
          op.set_system(i, system(fmt::format("{}_{}", ns->msd() ? "msd" : "lsd", ns->base())));
      }
  }
  Automaton w = words.front();
  if (command == "star") {
    w = star(w, context_);
  } else if (command == "concat") {
    Automaton walnut = w;  // Walnut's concat: its accepting states stay accepting, A ∪ A·B
    for (std::size_t i = 1; i < words.size(); ++i) {
      w = concat(w, words[i], context_);
      walnut = automata::product(walnut, concat(walnut, words[i], context_), BoolOp::or_, context_);
    }
    if (!automata::equivalent(w, walnut, context_)) {
      const std::string what = fmt::format(
          "Walnut's concat also accepts the words of {} (A ∪ A·B: its accepting states stay accepting), and here "
          "that is not the concatenation",
          names.front());
      if (!context_.walnut_concat) in.fail(where.front(), what + "; refused");
      r.notes.push_back(what + ": the result is Walnut's");
      w = std::move(walnut);
    }
  } else {
    w = detail::valid_words(command == "leftquo" ? left_quotient(words[0], words[1], context_)
                                                 : right_quotient(words[0], words[1], context_),
                            context_);
  }
  finish(close(w), Library::automata);
  spelled_[r.name] = std::move(w);
  return true;
}

}  // namespace qg::prover
