// The automaton table and the first-order operations on it.
#include <algorithm>
#include <deque>
#include <map>
#include <unordered_map>

#include <fmt/format.h>

#include "automata/internal.hpp"

namespace qg::automata {

using detail::guard;
using detail::StepTimer;

Automaton::Automaton(std::vector<Track> tracks, std::uint32_t states) : tracks_(std::move(tracks)) {
  std::uint64_t letters = 1;
  for (const Track& t : tracks_) {
    if (t.base < 1) throw InputError(fmt::format("track {} has no digits", t.name));
    letters *= t.base;
    if (letters > (1u << 24)) throw RangeError("an automaton's alphabet is limited to 2^24 letters");
  }
  letters_ = static_cast<std::uint32_t>(letters);
  delta_.assign(std::uint64_t{states} * letters_, 0);
  output_.assign(states, 0);
}

int Automaton::track_index(std::string_view name) const {
  for (std::size_t i = 0; i < tracks_.size(); ++i)
    if (tracks_[i].name == name) return static_cast<int>(i);
  return -1;
}

void Automaton::rename(const std::vector<std::string>& names) {
  if (names.size() != tracks_.size()) throw InputError("rename: one name per track");
  for (std::size_t i = 0; i < names.size(); ++i) tracks_[i].name = names[i];
}

void Automaton::set_system(std::size_t i, std::shared_ptr<const NumberSystem> system) {
  if (system && system->base() != tracks_.at(i).base)
    throw InputError(fmt::format("track {} has {} digits, {} has {}", tracks_[i].name, tracks_[i].base, system->name(),
                                 system->base()));
  tracks_.at(i).system = std::move(system);
}

std::vector<unsigned> Automaton::digits(std::uint32_t letter) const {
  std::vector<unsigned> d(tracks_.size());
  for (std::size_t i = 0; i < tracks_.size(); ++i) {
    d[i] = letter % tracks_[i].base;
    letter /= tracks_[i].base;
  }
  return d;
}

std::uint32_t Automaton::letter(const std::vector<unsigned>& digits) const {
  std::uint32_t l = 0;
  for (std::size_t i = tracks_.size(); i-- > 0;) l = l * tracks_[i].base + digits[i];
  return l;
}

int Automaton::run(const std::vector<std::uint32_t>& word) const {
  std::uint32_t q = initial_;
  for (std::uint32_t l : word) q = next(q, l);
  return output(q);
}

namespace {

// For each letter of `to`, the letter of `from` reading the same digits on the tracks of
// `from` (all of which `to` has, by name).
std::vector<std::uint32_t> letter_map(const std::vector<Track>& from, const Automaton& to_shape) {
  std::vector<int> where(from.size());
  for (std::size_t i = 0; i < from.size(); ++i) where[i] = to_shape.track_index(from[i].name);
  std::vector<std::uint32_t> map(to_shape.letters());
  for (std::uint32_t l = 0; l < to_shape.letters(); ++l) {
    auto d = to_shape.digits(l);
    std::uint32_t m = 0;
    for (std::size_t i = from.size(); i-- > 0;) m = m * from[i].base + d[where[i]];
    map[l] = m;
  }
  return map;
}

// The tracks of a product: a's, then b's new names, sorted by name. A name on both keeps a's
// track; with different number systems (or a number meeting a word track) it is refused, unless
// the context reads digits across systems (Walnut's reading) and both have the same digits.
std::vector<Track> merged_tracks(const std::vector<Track>& a, const std::vector<Track>& b,
                                 const Context* context = nullptr) {
  std::vector<Track> all(a);
  auto system_name = [](const Track& t) { return t.system ? t.system->name() : fmt::format("base {}", t.base); };
  for (const Track& t : b) {
    auto it = std::find_if(all.begin(), all.end(), [&](const Track& u) { return u.name == t.name; });
    if (it == all.end()) {
      all.push_back(t);
      continue;
    }
    // A number and a word (a track without a system) are not one variable either: padding
    // changes the word's value and not the number's.
    if (it->base == t.base && !it->system == !t.system && (!t.system || it->system->name() == t.system->name()))
      continue;
    // '#' names the value of a term (the prover's fresh variables)
    std::string what = t.name.starts_with('#') ? "a term" : "variable " + t.name;
    if (context && context->read_digits_across_systems && it->base == t.base && it->values == t.values) {
      if (!it->system) {  // Walnut's cross product takes the other's system when the first has none
        it->system = t.system;
        it->values = t.values;
      }
      if (context->on_note)
        context->on_note(fmt::format("{} is read as digits in two number systems ({} and {}), as Walnut reads it", what,
                                     system_name(*it), system_name(t)));
      continue;
    }
    throw InputError(
        fmt::format("{} is read in two number systems ({} and {})", what, system_name(*it), system_name(t)));
  }
  std::sort(all.begin(), all.end(), [](const Track& x, const Track& y) { return x.name < y.name; });
  return all;
}

bool combine(BoolOp op, bool x, bool y) {
  switch (op) {
    case BoolOp::and_:
      return x && y;
    case BoolOp::or_:
      return x || y;
    case BoolOp::implies:
      return !x || y;
    case BoolOp::iff:
      return x == y;
    case BoolOp::xor_:
      return x != y;
  }
  return false;
}

// The reachable part of the product, unminimized.
Automaton raw_product(const Automaton& a, const Automaton& b, BoolOp op, const Context& context) {
  Automaton shape(merged_tracks(a.tracks(), b.tracks(), &context), 0);
  auto la = letter_map(a.tracks(), shape), lb = letter_map(b.tracks(), shape);
  std::uint32_t letters = shape.letters();
  std::uint64_t nb = b.states();
  std::unordered_map<std::uint64_t, std::uint32_t> index;
  std::vector<std::uint64_t> pairs;
  std::vector<std::uint32_t> delta;
  auto id = [&](std::uint32_t p, std::uint32_t q) {
    auto [it, fresh] = index.try_emplace(p * nb + q, static_cast<std::uint32_t>(pairs.size()));
    if (fresh) pairs.push_back(p * nb + q);
    return it->second;
  };
  id(a.initial(), b.initial());
  Poller poller(context.progress, 0);
  for (std::size_t i = 0; i < pairs.size(); ++i) {
    if (delta.capacity() < (i + 1) * letters) {
      std::uint64_t want = std::max<std::uint64_t>(delta.capacity() * 2, (i + 64) * letters);
      guard(context, want * 4 + pairs.size() * 40, "the product of two automata");
      delta.reserve(want);
    }
    auto p = static_cast<std::uint32_t>(pairs[i] / nb), q = static_cast<std::uint32_t>(pairs[i] % nb);
    for (std::uint32_t l = 0; l < letters; ++l) delta.push_back(id(a.next(p, la[l]), b.next(q, lb[l])));
    poller.tick(i);
  }
  Automaton r(shape.tracks(), static_cast<std::uint32_t>(pairs.size()));
  for (std::uint32_t s = 0; s < r.states(); ++s) {
    for (std::uint32_t l = 0; l < letters; ++l) r.set_next(s, l, delta[std::uint64_t{s} * letters + l]);
    auto p = static_cast<std::uint32_t>(pairs[s] / nb), q = static_cast<std::uint32_t>(pairs[s] % nb);
    r.set_output(s, combine(op, a.accepting(p), b.accepting(q)));
  }
  return r;
}

// The automaton restricted to valid representations on every track.
Automaton restrict_valid(Automaton r, const Context& context) {
  const std::vector<Track> tracks = r.tracks();  // r is replaced inside the loop
  for (const Track& t : tracks) {
    if (!t.system || t.system->all_valid()) continue;
    Automaton v = t.system->validity();
    v.rename({t.name});
    r = raw_product(r, v, BoolOp::and_, context);
  }
  return r;
}

}  // namespace

Automaton product(const Automaton& a, const Automaton& b, BoolOp op, const Context& context) {
  const char* names[] = {"∧", "∨", "→", "↔", "⊕"};
  StepTimer timer(context, fmt::format("product {}", names[static_cast<int>(op)]), a.states() + b.states());
  Automaton r = raw_product(a, b, op, context);
  std::uint64_t peak = r.bytes();
  if (op != BoolOp::and_) r = restrict_valid(std::move(r), context);
  r = minimize(r, context);
  timer.finish(r, peak);
  return r;
}

Automaton complement(const Automaton& a, const Context& context) {
  StepTimer timer(context, "complement", a.states());
  Automaton r = a;
  for (std::uint32_t s = 0; s < r.states(); ++s) r.set_output(s, !a.accepting(s));
  r = minimize(restrict_valid(std::move(r), context), context);
  timer.finish(r, a.bytes());
  return r;
}

namespace {

// Dropping track t of an automaton: its letters without that digit, and for each new letter
// and digit d of the dropped track the old letter.
struct Projection {
  Projection(const Automaton& a, std::string_view name) {
    int i = a.track_index(name);
    if (i < 0) throw InputError(fmt::format("no variable {} to quantify", name));
    t = static_cast<std::size_t>(i);
    rest = a.tracks();
    rest.erase(rest.begin() + i);
    letters = Automaton(rest, 0).letters();
    base = a.tracks()[t].base;
    for (std::size_t j = 0; j < t; ++j) below *= a.tracks()[j].base;
  }
  std::uint32_t old_letter(std::uint32_t l, unsigned d) const { return (l / below * base + d) * below + l % below; }

  // The nondeterministic automaton over the other tracks (initial and accepting states kept).
  detail::Nfa apply(const detail::Nfa& n, const Context& context, std::string_view name) const {
    detail::Nfa r;
    r.states = n.states;
    r.letters = letters;
    guard(context, std::uint64_t{n.states} * letters * (8 + 4 * base), fmt::format("projecting {} away", name));
    r.offset.reserve(std::uint64_t{n.states} * letters + 1);
    r.offset.push_back(0);
    std::vector<std::uint32_t> cell;
    for (std::uint32_t q = 0; q < n.states; ++q)
      for (std::uint32_t l = 0; l < letters; ++l) {
        cell.clear();
        for (unsigned d = 0; d < base; ++d) {
          std::uint64_t c = std::uint64_t{q} * n.letters + old_letter(l, d);
          cell.insert(cell.end(), n.target.begin() + static_cast<std::ptrdiff_t>(n.offset[c]),
                      n.target.begin() + static_cast<std::ptrdiff_t>(n.offset[c + 1]));
        }
        std::sort(cell.begin(), cell.end());
        cell.erase(std::unique(cell.begin(), cell.end()), cell.end());
        r.target.insert(r.target.end(), cell.begin(), cell.end());
        r.offset.push_back(r.target.size());
      }
    r.initial = n.initial;
    r.accepting = n.accepting;
    return r;
  }

  std::size_t t = 0;
  std::vector<Track> rest;
  std::uint32_t letters = 1, below = 1;
  unsigned base = 2;
};

}  // namespace

Automaton exists(const Automaton& a, std::string_view name, const Context& context) {
  Projection p(a, name);
  StepTimer timer(context, fmt::format("exists {}", name), a.states());
  detail::Nfa n = p.apply(detail::to_nfa(a), context, name);
  // The witness may need more digits than the numbers that remain: they are then accepted only
  // at the longer lengths, which padding_closure extends to all of their encodings, at the ends
  // where the remaining tracks pad (not where the witness's track did). When `a` is padding-
  // closed over numbers, the accepted lengths of each remaining tuple are upward closed.
  const bool numbers = std::all_of(a.tracks().begin(), a.tracks().end(), [](const Track& t) { return t.system; });
  Automaton r = detail::padding_closure(n, p.rest, numbers, context);
  timer.finish(r, n.bytes());
  return r;
}

Automaton exists_all(const Automaton& a, const std::vector<std::string>& names, const Context& context) {
  const bool every = !a.tracks().empty() && std::all_of(a.tracks().begin(), a.tracks().end(), [&](const Track& t) {
    return t.system && std::find(names.begin(), names.end(), t.name) != names.end();
  });
  for (const std::string& name : names)
    if (a.track_index(name) < 0) throw InputError(fmt::format("no variable {} to quantify", name));
  if (!every) {
    Automaton r = a;
    for (const std::string& name : names) r = exists(r, name, context);
    return r;
  }
  // Each projection keeps the tuples of the others that some witness completes, and the last
  // leaves no track: accepted exactly when `a` accepts a word. An acceptor accepts valid
  // representations only, so an accepted word is a tuple of numbers.
  StepTimer timer(context, fmt::format("exists {} (an accepted word)", fmt::join(names, ",")), a.states());
  Automaton r({}, 1);
  r.set_output(0, shortest_accepted(a).has_value());
  timer.finish(r, a.bytes());
  return r;
}

Automaton infinitely_many(const Automaton& a, std::string_view name, const Context& context) {
  Projection p(a, name);
  StepTimer timer(context, fmt::format("infinitely many {}", name), a.states());
  // Walnut's decision: the words whose track `name` has a nonzero most significant digit — the
  // first letter's digit (msd) or the last letter's (lsd); any word on a track without a
  // system — are infinitely many iff a cycle lies on a path from the initial state to
  // acceptance. Nodes (q, m): m = 0 nothing read, 1 the first digit was nonzero, 2 it was zero
  // (msd); for lsd, m = 1 when the last digit read is nonzero. Acceptance: q accepts and m = 1.
  const Track& track = a.tracks()[p.t];
  const int kind = !track.system ? 0 : track.system->msd() ? 1 : 2;  // none, msd, lsd
  const std::uint32_t S = a.states(), L = a.letters();
  std::vector<std::uint8_t> digit_nonzero(L);
  for (std::uint32_t l = 0; l < L; ++l) digit_nonzero[l] = a.digits(l)[p.t] != 0;
  auto node_next = [&](std::uint32_t node, std::uint32_t l) {
    std::uint32_t q = node / 3, m = node % 3;
    const bool nonzero = digit_nonzero[l] != 0;
    if (kind == 1) m = m == 0 ? (nonzero ? 1 : 2) : m;
    else if (kind == 2) m = nonzero ? 1 : 0;
    return a.next(q, l) * 3 + m;
  };
  auto accepting = [&](std::uint32_t node) { return a.accepting(node / 3) && (kind == 0 || node % 3 == 1); };
  guard(context, std::uint64_t{S} * 3 * (L * 8 + 16), fmt::format("deciding I {}", name));
  const std::uint32_t start = a.initial() * 3 + (kind == 0 ? 1 : 0);
  std::vector<std::uint8_t> reached(std::size_t{S} * 3, 0), live(std::size_t{S} * 3, 0);
  std::vector<std::uint32_t> order{start};
  reached[start] = 1;
  Poller poller(context.progress, 0);
  for (std::size_t i = 0; i < order.size(); ++i) {
    for (std::uint32_t l = 0; l < L; ++l) {
      std::uint32_t v = node_next(order[i], l);
      if (!reached[v]) reached[v] = 1, order.push_back(v);
    }
    poller.tick(i);
  }
  // Live: reached nodes from which acceptance is reachable (backwards over the reached edges).
  std::vector<std::vector<std::uint32_t>> preds(std::size_t{S} * 3);
  for (std::uint32_t u : order)
    for (std::uint32_t l = 0; l < L; ++l) preds[node_next(u, l)].push_back(u);
  std::vector<std::uint32_t> stack;
  for (std::uint32_t u : order)
    if (accepting(u)) live[u] = 1, stack.push_back(u);
  while (!stack.empty()) {
    std::uint32_t v = stack.back();
    stack.pop_back();
    for (std::uint32_t u : preds[v])
      if (!live[u]) live[u] = 1, stack.push_back(u);
  }
  // A cycle among the live nodes: Kahn's peeling leaves one exactly when there is one.
  std::vector<std::uint32_t> indegree(std::size_t{S} * 3, 0);
  std::size_t alive = 0;
  for (std::uint32_t u : order)
    if (live[u]) {
      ++alive;
      for (std::uint32_t l = 0; l < L; ++l)
        if (live[node_next(u, l)]) ++indegree[node_next(u, l)];
    }
  for (std::uint32_t u : order)
    if (live[u] && indegree[u] == 0) stack.push_back(u);
  std::size_t peeled = 0;
  while (!stack.empty()) {
    std::uint32_t u = stack.back();
    stack.pop_back();
    ++peeled;
    for (std::uint32_t l = 0; l < L; ++l) {
      std::uint32_t v = node_next(u, l);
      if (live[v] && --indegree[v] == 0) stack.push_back(v);
    }
  }
  Automaton out({}, 1);
  out.set_output(0, peeled < alive);
  timer.finish(out, std::uint64_t{S} * 3 * L * 8);
  return out;
}

Automaton minimize(const Automaton& in, const Context& context) {
  // Reachable states, renumbered in BFS order.
  std::uint32_t L = in.letters();
  std::vector<std::uint32_t> order{in.initial()}, number(in.states(), UINT32_MAX);
  number[in.initial()] = 0;
  for (std::size_t i = 0; i < order.size(); ++i)
    for (std::uint32_t l = 0; l < L; ++l) {
      std::uint32_t t = in.next(order[i], l);
      if (number[t] == UINT32_MAX) {
        number[t] = static_cast<std::uint32_t>(order.size());
        order.push_back(t);
      }
    }
  auto n = static_cast<std::uint32_t>(order.size());
  std::uint64_t cells = std::uint64_t{n} * L;
  guard(context, cells * 16 + n * 24ULL, "minimizing an automaton");
  // Inverse transitions, grouped by (target, letter).
  std::vector<std::uint64_t> inv_start(cells + 1, 0);
  std::vector<std::uint32_t> inv(cells);
  for (std::uint32_t s = 0; s < n; ++s)
    for (std::uint32_t l = 0; l < L; ++l) ++inv_start[std::uint64_t{number[in.next(order[s], l)]} * L + l + 1];
  for (std::uint64_t c = 0; c < cells; ++c) inv_start[c + 1] += inv_start[c];
  {
    std::vector<std::uint64_t> fill(inv_start.begin(), inv_start.end() - 1);
    for (std::uint32_t s = 0; s < n; ++s)
      for (std::uint32_t l = 0; l < L; ++l) inv[fill[std::uint64_t{number[in.next(order[s], l)]} * L + l]++] = s;
  }
  // Hopcroft's refinement on a refinable partition: each block is a contiguous range of
  // `elems`; marked states are moved to the front of their block. Splitting a block keeps
  // the larger part under the old number; the smaller is a new block and goes to the work
  // list whether or not the old block was waiting there (if it was, both parts are needed;
  // if not, Hopcroft's lemma says the smaller suffices).
  std::vector<std::uint32_t> elems(n), loc(n), block(n), first, end, mid, touched, work;
  {
    std::vector<std::pair<int, std::uint32_t>> by_output(n);
    for (std::uint32_t s = 0; s < n; ++s) by_output[s] = {in.output(order[s]), s};
    std::sort(by_output.begin(), by_output.end());
    for (std::uint32_t i = 0; i < n; ++i) {
      if (i == 0 || by_output[i].first != by_output[i - 1].first) {
        if (i) end.push_back(i);
        first.push_back(i);
      }
      elems[i] = by_output[i].second;
      loc[elems[i]] = i;
      block[elems[i]] = static_cast<std::uint32_t>(first.size() - 1);
    }
    end.push_back(n);
    mid = first;
    std::uint32_t largest = 0;
    for (std::uint32_t b = 0; b < first.size(); ++b)
      if (end[b] - first[b] > end[largest] - first[largest]) largest = b;
    for (std::uint32_t b = 0; b < first.size(); ++b)
      if (b != largest) work.push_back(b);
  }
  auto mark = [&](std::uint32_t s) {
    std::uint32_t b = block[s], i = loc[s];
    if (i < mid[b]) return;
    if (mid[b] == first[b]) touched.push_back(b);
    std::uint32_t j = mid[b]++, other = elems[j];
    elems[j] = s, loc[s] = j;
    elems[i] = other, loc[other] = i;
  };
  auto split = [&]() {
    for (std::uint32_t b : touched) {
      if (mid[b] == end[b]) {
        mid[b] = first[b];
        continue;
      }
      auto nb = static_cast<std::uint32_t>(first.size());
      if (mid[b] - first[b] <= end[b] - mid[b]) {
        first.push_back(first[b]);
        end.push_back(mid[b]);
        first[b] = mid[b];
      } else {
        first.push_back(mid[b]);
        end.push_back(end[b]);
        end[b] = mid[b];
      }
      mid.push_back(first[nb]);
      mid[b] = first[b];
      for (std::uint32_t i = first[nb]; i < end[nb]; ++i) block[elems[i]] = nb;
      work.push_back(nb);
    }
    touched.clear();
  };
  Poller poller(context.progress, 0);
  std::vector<std::uint32_t> splitter;
  std::uint64_t rounds = 0;
  while (!work.empty()) {
    std::uint32_t b = work.back();
    work.pop_back();
    splitter.assign(elems.begin() + first[b], elems.begin() + end[b]);
    for (std::uint32_t l = 0; l < L; ++l) {
      for (std::uint32_t t : splitter)
        for (std::uint64_t i = inv_start[std::uint64_t{t} * L + l]; i < inv_start[std::uint64_t{t} * L + l + 1]; ++i)
          mark(inv[i]);
      split();
    }
    poller.tick(++rounds);
  }
  auto blocks = static_cast<std::uint32_t>(first.size());
  Automaton r(in.tracks(), blocks);
  for (std::uint32_t b = 0; b < blocks; ++b) {
    std::uint32_t s = elems[first[b]];
    r.set_output(b, in.output(order[s]));
    for (std::uint32_t l = 0; l < L; ++l) r.set_next(b, l, block[number[in.next(order[s], l)]]);
  }
  r.set_initial(block[0]);
  return r;
}

Automaton reverse(const Automaton& a, const std::vector<std::shared_ptr<const NumberSystem>>& systems,
                  const Context& context) {
  if (systems.size() != a.tracks().size()) throw InputError("reverse: one number system per track");
  StepTimer timer(context, "reverse", a.states());
  std::vector<Track> tracks = a.tracks();
  for (std::size_t i = 0; i < tracks.size(); ++i) {
    if (systems[i] && systems[i]->base() != tracks[i].base)
      throw InputError("reverse: the number systems' digits differ");
    tracks[i].system = systems[i];  // none for a track of words
  }
  std::vector<int> outputs;
  for (std::uint32_t q = 0; q < a.states(); ++q) outputs.push_back(a.output(q));
  std::sort(outputs.begin(), outputs.end());
  outputs.erase(std::unique(outputs.begin(), outputs.end()), outputs.end());
  auto reversed_acceptor = [&](const Automaton& x) {
    Automaton out;
    detail::determinize(detail::reversed(detail::to_nfa(x), context), tracks, 0, context, out);
    return out;
  };
  Automaton out;
  if (outputs.size() <= 2 && outputs.front() >= 0 && outputs.back() <= 1) {
    out = reversed_acceptor(a);
  } else {
    // A word automaton: its outputs partition the words, so the reversed word has the letter
    // whose reversed indicator accepts it — exactly one. The indicators run side by side.
    std::vector<Automaton> parts;
    for (int letter : outputs) {
      Automaton indicator = a;
      for (std::uint32_t q = 0; q < a.states(); ++q) indicator.set_output(q, a.output(q) == letter);
      parts.push_back(minimize(reversed_acceptor(indicator), context));
    }
    std::map<std::vector<std::uint32_t>, std::uint32_t> index;
    std::vector<std::vector<std::uint32_t>> tuples;
    std::vector<std::uint32_t> delta;
    auto id = [&](std::vector<std::uint32_t> t) {
      auto [it, fresh] = index.emplace(t, static_cast<std::uint32_t>(tuples.size()));
      if (fresh) {
        guard(context, (tuples.size() + 1) * (parts.size() * 4 + a.letters() * 4 + 48), "reversing a word automaton");
        tuples.push_back(std::move(t));
      }
      return it->second;
    };
    std::vector<std::uint32_t> start;
    for (const auto& p : parts) start.push_back(p.initial());
    id(start);
    Poller poller(context.progress, 0);
    for (std::size_t i = 0; i < tuples.size(); ++i) {
      for (std::uint32_t l = 0; l < a.letters(); ++l) {
        std::vector<std::uint32_t> next(parts.size());
        for (std::size_t k = 0; k < parts.size(); ++k) next[k] = parts[k].next(tuples[i][k], l);
        delta.push_back(id(std::move(next)));
      }
      poller.tick(i);
    }
    out = Automaton(tracks, static_cast<std::uint32_t>(tuples.size()));
    for (std::uint32_t q = 0; q < out.states(); ++q) {
      int letter = kNoLetter;
      for (std::size_t k = 0; k < parts.size(); ++k)
        if (parts[k].accepting(tuples[q][k])) letter = outputs[k];
      out.set_output(q, letter);
      for (std::uint32_t l = 0; l < a.letters(); ++l) out.set_next(q, l, delta[std::size_t{q} * a.letters() + l]);
    }
  }
  out = minimize(out, context);
  timer.finish(out, out.bytes());
  return out;
}

Automaton bind(const Automaton& a, const std::vector<std::string>& names, const Context& context) {
  if (names.size() != a.tracks().size()) throw InputError("bind: one name per track");
  std::vector<Track> tracks;
  for (std::size_t i = 0; i < names.size(); ++i) {
    Track t = a.tracks()[i];
    t.name = names[i];
    tracks = merged_tracks(tracks, {t}, &context);
  }
  Automaton r(tracks, a.states());
  std::vector<Track> renamed = a.tracks();
  for (std::size_t i = 0; i < names.size(); ++i) renamed[i].name = names[i];
  // Old letter for each new letter: each old track reads the digit of its new name.
  std::vector<std::uint32_t> map(r.letters());
  for (std::uint32_t l = 0; l < r.letters(); ++l) {
    auto d = r.digits(l);
    std::uint32_t m = 0;
    for (std::size_t i = renamed.size(); i-- > 0;) m = m * renamed[i].base + d[r.track_index(renamed[i].name)];
    map[l] = m;
  }
  for (std::uint32_t s = 0; s < a.states(); ++s) {
    r.set_output(s, a.output(s));
    for (std::uint32_t l = 0; l < r.letters(); ++l) r.set_next(s, l, a.next(s, map[l]));
  }
  r.set_initial(a.initial());
  return minimize(r, context);
}

Automaton extend(const Automaton& a, const Track& track, const Context& context) {
  if (a.track_index(track.name) >= 0) return a;
  Automaton shape(merged_tracks(a.tracks(), {track}, &context), 0);
  auto map = letter_map(a.tracks(), shape);
  Automaton r(shape.tracks(), a.states());
  for (std::uint32_t s = 0; s < a.states(); ++s) {
    r.set_output(s, a.output(s));
    for (std::uint32_t l = 0; l < r.letters(); ++l) r.set_next(s, l, a.next(s, map[l]));
  }
  r.set_initial(a.initial());
  return minimize(restrict_valid(std::move(r), context), context);
}

std::optional<std::vector<std::uint32_t>> shortest_accepted(const Automaton& a) {
  // Breadth first, letters in increasing order: the first path found to each state is the
  // shortest and, among those, lexicographically first.
  std::vector<std::uint32_t> parent(a.states(), UINT32_MAX), via(a.states(), 0);
  std::deque<std::uint32_t> queue{a.initial()};
  parent[a.initial()] = a.initial();
  while (!queue.empty()) {
    std::uint32_t q = queue.front();
    queue.pop_front();
    if (a.accepting(q)) {
      std::vector<std::uint32_t> word;
      for (; q != a.initial(); q = parent[q]) word.push_back(via[q]);
      std::reverse(word.begin(), word.end());
      return word;
    }
    for (std::uint32_t l = 0; l < a.letters(); ++l) {
      std::uint32_t t = a.next(q, l);
      if (parent[t] == UINT32_MAX) {
        parent[t] = q;
        via[t] = l;
        queue.push_back(t);
      }
    }
  }
  return std::nullopt;
}

bool equivalent(const Automaton& a, const Automaton& b, const Context& context) {
  return !shortest_accepted(raw_product(a, b, BoolOp::xor_, context)).has_value();
}

namespace {

// The word of digit strings (most significant first), padded to a common length: leading
// zeros for msd, trailing for lsd.
std::vector<std::uint32_t> padded_word(const Automaton& a, const std::vector<std::vector<unsigned>>& reps) {
  std::size_t length = 0;
  for (const auto& r : reps) length = std::max(length, r.size());
  std::vector<std::uint32_t> word(length);
  std::vector<unsigned> d(reps.size());
  for (std::size_t j = 0; j < length; ++j) {
    for (std::size_t i = 0; i < reps.size(); ++i) {
      const auto& r = reps[i];
      std::size_t pad = length - r.size();
      // msd: position j reads digit j of the padded word; lsd: the reversed padded word.
      std::size_t k = a.tracks()[i].system->msd() ? j : length - 1 - j;
      d[i] = k < pad ? 0 : r[k - pad];
    }
    word[j] = a.letter(d);
  }
  return word;
}

const NumberSystem& system_of(const Automaton& a, std::size_t i, const char* what) {
  if (!a.tracks()[i].system) throw InputError(fmt::format("{}: a track without a number system", what));
  return *a.tracks()[i].system;
}

// Track i's digits of the word, most significant first.
std::vector<unsigned> track_digits(const Automaton& a, std::size_t i, const std::vector<std::uint32_t>& word) {
  bool msd = a.tracks()[i].system->msd();
  std::vector<unsigned> digits(word.size());
  for (std::size_t j = 0; j < word.size(); ++j) digits[msd ? j : word.size() - 1 - j] = a.digits(word[j])[i];
  return digits;
}

}  // namespace

std::vector<std::uint32_t> encode(const Automaton& a, const std::vector<std::uint64_t>& values) {
  if (values.size() != a.tracks().size()) throw InputError("encode: one value per track");
  std::vector<std::vector<unsigned>> reps;
  for (std::size_t i = 0; i < values.size(); ++i) reps.push_back(system_of(a, i, "encode").representation(values[i]));
  return padded_word(a, reps);
}

std::vector<std::uint32_t> encode_integers(const Automaton& a, const std::vector<std::int64_t>& values) {
  if (values.size() != a.tracks().size()) throw InputError("encode: one value per track");
  std::vector<std::vector<unsigned>> reps;
  for (std::size_t i = 0; i < values.size(); ++i)
    reps.push_back(system_of(a, i, "encode").integer_representation(values[i]));
  return padded_word(a, reps);
}

std::vector<std::uint64_t> decode(const Automaton& a, const std::vector<std::uint32_t>& word) {
  std::vector<std::uint64_t> values;
  for (std::size_t i = 0; i < a.tracks().size(); ++i)
    values.push_back(system_of(a, i, "decode").value(track_digits(a, i, word)));
  return values;
}

std::vector<std::int64_t> decode_integers(const Automaton& a, const std::vector<std::uint32_t>& word) {
  std::vector<std::int64_t> values;
  for (std::size_t i = 0; i < a.tracks().size(); ++i)
    values.push_back(system_of(a, i, "decode").integer_value(track_digits(a, i, word)));
  return values;
}

bool accepts(const Automaton& a, const std::vector<std::uint64_t>& values) { return a.run(encode(a, values)) != 0; }

bool accepts_integers(const Automaton& a, const std::vector<std::int64_t>& values) {
  return a.run(encode_integers(a, values)) != 0;
}

}  // namespace qg::automata
