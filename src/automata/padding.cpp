// Padding: which words of an automaton stand for the same numbers, and the closure that makes
// an automaton accept all of them or none.
//
// A tuple of numbers x = (x_1 … x_k) has one encoding of each length n ≥ n_min(x): track i holds
// the digits of x_i, padded with zeros at its own end — before the digits on an msd track, after
// them on an lsd track. So when n grows by one, msd tracks shift right against lsd tracks; only
// when every track pads at the same end is the longer encoding the shorter one with a zero letter
// (the all-zero tuple) put before it (msd) or after it (lsd).
//
// The first-order operations keep one invariant (automata.hpp): an automaton whose tracks all
// carry number systems is *padding-closed* — it accepts every encoding of a tuple or none. Then
// ∧ ∨ ¬ on such automata are the operations on the relations they define, and the relation is
// read off any one encoding. Projection breaks it: ∃a φ(a, x) is accepted at the lengths where
// some witness a fits, [N(x), ∞), which may start above n_min(x). `padding_closure` repairs it:
//
//   one direction  the classical leading-zero fix: w is accepted iff 0^i w (msd) or w 0^i (lsd)
//                  is accepted for some i, and 0^j w (or w 0^j) is then too;
//   both           the msd and lsd tracks of an encoding of length 2n + k whose n first letters
//                  hold the lsd digits (msd tracks zero) and whose n last letters hold the msd
//                  digits (lsd tracks zero) do not overlap; the relation is read off those
//                  "split" encodings, for any k ≥ 0 once the accepted lengths are upward closed
//                  (Lemma: the split encodings of one tuple are encodings of it, and an
//                  upward-closed language accepts all of a tuple's long encodings or none). A
//                  deterministic automaton reads w once and runs both halves at the same time:
//                  the lsd half from the initial state, the msd half from every state s it may
//                  start from, s guessed as a function G → Q (below).
//
// Tracks without a number system (an explicit alphabet {0,1}) are words, not numbers: their
// length is part of the value, nothing pads, and an automaton with such a track is left as it is.
#include <algorithm>
#include <span>
#include <unordered_map>
#include <unordered_set>

#include <fmt/format.h>

#include "automata/internal.hpp"

namespace qg::automata::detail {

namespace {

// Each letter split into its msd digits (lsd tracks read 0) and its lsd digits (msd tracks
// read 0); a letter is the sum of its two halves (the tracks are disjoint places of its radix).
struct Halves {
  explicit Halves(const Automaton& a) : msd(a.letters()), lsd(a.letters()) {
    for (std::uint32_t l = 0; l < a.letters(); ++l) {
      auto m = a.digits(l), s = m;
      for (std::size_t i = 0; i < a.tracks().size(); ++i) (a.tracks()[i].system->msd() ? s : m)[i] = 0;
      msd[l] = a.letter(m);
      lsd[l] = a.letter(s);
    }
  }
  std::vector<std::uint32_t> msd, lsd;
};

enum class Padding { none, msd, lsd, mixed };

Padding padding_of(const std::vector<Track>& tracks) {
  bool msd = false, lsd = false;
  for (const Track& t : tracks) {
    if (!t.system) return Padding::none;
    (t.system->msd() ? msd : lsd) = true;
  }
  return msd && lsd ? Padding::mixed : lsd ? Padding::lsd : Padding::msd;  // no tracks: either fix
}

std::span<const std::uint32_t> targets(const Nfa& n, std::uint32_t q, std::uint32_t letter) {
  std::uint64_t c = std::uint64_t{q} * n.letters + letter;
  return {n.target.data() + n.offset[c], n.target.data() + n.offset[c + 1]};
}

// msd: the language 0*·{w : 0^i w ∈ L for some i}. Z, the states reachable from the initial
// ones by zero letters, is closed under zero letters, and starting from Z gives the second
// factor. When L's lengths are upward closed that is all (it then holds 0w with w). Otherwise
// a new initial state z0 reads zeros into itself and else moves as Z does, accepting when Z
// does.
Nfa msd_closure(const Nfa& n, bool upward_closed, const Context& context) {
  std::vector<std::uint8_t> in_z(n.states, 0);
  std::vector<std::uint32_t> z;
  for (std::uint32_t q : n.initial)
    if (!in_z[q]) in_z[q] = 1, z.push_back(q);
  for (std::size_t i = 0; i < z.size(); ++i)
    for (std::uint32_t t : targets(n, z[i], 0))
      if (!in_z[t]) in_z[t] = 1, z.push_back(t);
  if (upward_closed) {
    Nfa r = n;
    r.initial = z;
    return r;
  }
  Nfa r;
  r.states = n.states + 1;
  r.letters = n.letters;
  const std::uint32_t z0 = n.states;
  guard(context, n.bytes() + std::uint64_t{n.letters} * (8 + 4ULL * z.size()), "closing an automaton under padding");
  r.offset = n.offset;
  r.target = n.target;
  std::vector<std::uint32_t> cell;
  for (std::uint32_t l = 0; l < n.letters; ++l) {
    cell.clear();
    for (std::uint32_t q : z) cell.insert(cell.end(), targets(n, q, l).begin(), targets(n, q, l).end());
    if (l == 0) cell.push_back(z0);
    std::sort(cell.begin(), cell.end());
    cell.erase(std::unique(cell.begin(), cell.end()), cell.end());
    r.target.insert(r.target.end(), cell.begin(), cell.end());
    r.offset.push_back(r.target.size());
  }
  r.accepting = n.accepting;
  bool accepts = false;
  for (std::uint32_t q : z) accepts = accepts || n.accepting[q];
  r.accepting.push_back(accepts);
  r.initial = {z0};
  return r;
}

// lsd: the language {w : w 0^i ∈ L for some i}·0*. The states from which zeros reach
// acceptance accept. Unless L's lengths are upward closed, each of them may also read zeros
// into a new accepting sink z1 (an upward-closed L needs no sink, and the sink would double the
// subsets of the determinization).
Nfa lsd_closure(const Nfa& n, bool upward_closed, const Context& context) {
  Nfa r = n;
  for (bool changed = true; changed;) {
    changed = false;
    for (std::uint32_t q = 0; q < n.states; ++q) {
      if (r.accepting[q]) continue;
      for (std::uint32_t t : targets(n, q, 0))
        if (r.accepting[t]) {
          r.accepting[q] = 1, changed = true;
          break;
        }
    }
  }
  if (upward_closed) return r;
  guard(context, 2 * n.bytes(), "closing an automaton under padding");
  const std::uint32_t z1 = n.states;
  r.states = n.states + 1;
  r.offset.assign(1, 0);
  r.target.clear();
  for (std::uint32_t q = 0; q <= n.states; ++q)
    for (std::uint32_t l = 0; l < n.letters; ++l) {
      if (q < n.states) r.target.insert(r.target.end(), targets(n, q, l).begin(), targets(n, q, l).end());
      if (l == 0 && (q == z1 || r.accepting[q])) r.target.push_back(z1);
      r.offset.push_back(r.target.size());
    }
  r.accepting.push_back(1);
  return r;
}

// Both directions, on a deterministic automaton D whose accepted lengths are upward closed for
// every tuple. The result accepts w = (m_i, l_i)_{i ≤ n} (m the msd digits, l the lsd digits)
// iff D accepts (0, l_1) … (0, l_n) 0^k (m_1, 0) … (m_n, 0) for some k ≥ 0. Its state after a
// prefix of w is (p, f): p the state of D after the lsd half (letters (0, l_i)), and for every
// state s of G — the states the lsd half and zeros can reach, where the msd half may start —
// f(s) the state of D after the msd half (letters (m_i, 0)) from s. It accepts when some s ∈ G
// is reachable from p by zeros and f(s) accepts.
Automaton mixed_closure(const Automaton& d, const Context& context) {
  StepTimer timer(context, "padding (msd and lsd tracks)", d.states());
  const std::uint32_t L = d.letters();
  const Halves half(d);
  // G: reachable from the initial state by letters with zero msd digits (zero letters among them).
  std::vector<std::uint8_t> in_g(d.states(), 0);
  std::vector<std::uint32_t> g{d.initial()};
  in_g[d.initial()] = 1;
  for (std::size_t i = 0; i < g.size(); ++i)
    for (std::uint32_t l = 0; l < L; ++l)
      if (half.lsd[l] == l && !in_g[d.next(g[i], l)]) in_g[d.next(g[i], l)] = 1, g.push_back(d.next(g[i], l));
  // zeros[q]: the states reachable from q by zero letters (a path that ends in a cycle).
  auto reachable_by_zeros = [&](std::uint32_t p, std::uint32_t s) {
    for (std::uint32_t q = p, steps = 0; steps <= d.states(); q = d.next(q, 0), ++steps)
      if (q == s) return true;
    return false;
  };
  const std::size_t width = g.size() + 1;  // p, then f(s) for s in g
  std::vector<std::uint32_t> pool;         // the states' tuples, one after another
  std::unordered_map<std::uint64_t, std::vector<std::uint32_t>> buckets;
  auto hash = [&](const std::uint32_t* t) {
    std::uint64_t h = 0x9e3779b97f4a7c15ULL;
    for (std::size_t i = 0; i < width; ++i) h = (h ^ t[i]) * 0x100000001b3ULL + (h >> 29);
    return h;
  };
  std::vector<std::uint32_t> delta;
  auto find_or_insert = [&](const std::vector<std::uint32_t>& t) {
    auto& bucket = buckets[hash(t.data())];
    for (std::uint32_t id : bucket)
      if (std::equal(t.begin(), t.end(), pool.begin() + static_cast<std::ptrdiff_t>(id * width))) return id;
    auto id = static_cast<std::uint32_t>(pool.size() / width);
    guard(context, (pool.size() + width) * 4 * 2 + (std::uint64_t{id} + 1) * L * 4,
          "closing an automaton with msd and lsd tracks under padding");
    pool.insert(pool.end(), t.begin(), t.end());
    bucket.push_back(id);
    return id;
  };
  std::vector<std::uint32_t> t(width);
  t[0] = d.initial();
  for (std::size_t i = 0; i < g.size(); ++i) t[i + 1] = g[i];
  find_or_insert(t);
  Poller poller(context.progress, 0);
  for (std::uint32_t s = 0; s < pool.size() / width; ++s) {
    for (std::uint32_t l = 0; l < L; ++l) {
      const std::uint32_t* from = pool.data() + std::size_t{s} * width;
      t[0] = d.next(from[0], half.lsd[l]);
      for (std::size_t i = 1; i < width; ++i) t[i] = d.next(from[i], half.msd[l]);
      delta.push_back(find_or_insert(t));
    }
    poller.tick(s);
  }
  auto states = static_cast<std::uint32_t>(pool.size() / width);
  Automaton r(d.tracks(), states);
  for (std::uint32_t s = 0; s < states; ++s) {
    const std::uint32_t* tuple = pool.data() + std::size_t{s} * width;
    bool accept = false;
    for (std::size_t i = 0; i < g.size() && !accept; ++i)
      accept = d.accepting(tuple[i + 1]) && reachable_by_zeros(tuple[0], g[i]);
    r.set_output(s, accept);
    for (std::uint32_t l = 0; l < L; ++l) r.set_next(s, l, delta[std::size_t{s} * L + l]);
  }
  r = minimize(r, context);
  timer.finish(r, pool.size() * 4 + delta.size() * 4);
  return r;
}

}  // namespace

Automaton padding_closure(const Nfa& n, const std::vector<Track>& tracks, bool upward_closed, const Context& context) {
  switch (padding_of(tracks)) {
    case Padding::none:
      return determinize_minimal(n, tracks, context);
    case Padding::msd:
      return determinize_minimal(msd_closure(n, upward_closed, context), tracks, context);
    case Padding::lsd:
      return determinize_minimal(lsd_closure(n, upward_closed, context), tracks, context);
    case Padding::mixed:
      break;
  }
  if (!upward_closed) {
    std::vector<std::string> names;
    for (const Track& t : tracks) names.push_back(fmt::format("{} ({})", t.name, t.system->name()));
    throw InputError(
        fmt::format("the numbers {} are read in msd and lsd order at once by an automaton that does not accept every "
                    "padding of what it accepts: such a relation has no meaning as numbers",
                    fmt::join(names, ", ")));
  }
  return mixed_closure(determinize_minimal(n, tracks, context), context);
}

}  // namespace qg::automata::detail

namespace qg::automata {

namespace {

// The automaton of {w : pad(w) ∈ L(a)}, pad(w) the encoding one letter longer of the numbers w
// encodes: the msd digits move one letter later, behind a zero, and the lsd digits stay, with a
// zero after them. It reads w with a delay on the msd tracks: state (q, c), c the msd digits of
// the previous letter (a letter whose lsd digits are zero); the final letter of pad(w) is c.
Automaton padded(const Automaton& a, const Context& context) {
  const std::uint32_t L = a.letters();
  const detail::Halves half(a);
  // The pairs (q, c) by number; c ranges over the letters with zero lsd digits.
  std::vector<std::uint32_t> halves;
  std::vector<std::uint32_t> index(L, UINT32_MAX);
  for (std::uint32_t l = 0; l < L; ++l)
    if (half.msd[l] == l) index[l] = static_cast<std::uint32_t>(halves.size()), halves.push_back(l);
  const std::uint64_t states = std::uint64_t{a.states()} * halves.size();
  detail::guard(context, states * L * 4, "checking an automaton's padding");
  if (states > UINT32_MAX) throw RangeError("checking an automaton's padding: too many states");
  Automaton r(a.tracks(), static_cast<std::uint32_t>(states));
  const auto H = static_cast<std::uint32_t>(halves.size());
  for (std::uint32_t q = 0; q < a.states(); ++q)
    for (std::uint32_t h = 0; h < H; ++h) {
      const std::uint32_t id = q * H + h, c = halves[h];
      r.set_output(id, a.output(a.next(q, c)));
      for (std::uint32_t l = 0; l < L; ++l) r.set_next(id, l, a.next(q, c + half.lsd[l]) * H + index[half.msd[l]]);
    }
  r.set_initial(a.initial() * H + index[0]);
  return minimize(r, context);
}

bool numbers_only(const Automaton& a) {
  return std::all_of(a.tracks().begin(), a.tracks().end(), [](const Track& t) { return t.system != nullptr; });
}

}  // namespace

bool padding_closed(const Automaton& a, const Context& context) {
  // out(w) = out(pad(w)) for every w: then, by induction, every encoding of a tuple has the
  // output of its shortest one. Words are their own values on tracks without a number system.
  if (!numbers_only(a)) return true;
  const Automaton p = padded(a, context);
  std::vector<std::uint64_t> queue{std::uint64_t{a.initial()} << 32 | p.initial()};
  std::unordered_set<std::uint64_t> known(queue.begin(), queue.end());
  Poller poller(context.progress, 0);
  for (std::size_t i = 0; i < queue.size(); ++i) {
    auto q = static_cast<std::uint32_t>(queue[i] >> 32), r = static_cast<std::uint32_t>(queue[i]);
    if (a.output(q) != p.output(r)) return false;
    for (std::uint32_t l = 0; l < a.letters(); ++l) {
      std::uint64_t next = std::uint64_t{a.next(q, l)} << 32 | p.next(r, l);
      if (known.insert(next).second) queue.push_back(next);
    }
    poller.tick(i);
  }
  return true;
}

Automaton close_padding(const Automaton& a, const Context& context) {
  if (padding_closed(a, context)) return a;
  return detail::padding_closure(detail::to_nfa(a), a.tracks(), false, context);
}

}  // namespace qg::automata
