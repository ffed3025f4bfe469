// Automata read in other bases (Walnut's convert, split, rsplit and alphabet): the same numbers
// or words spelled with other digits.
#include <map>
#include <tuple>

#include <fmt/format.h>

#include "automata/internal.hpp"

namespace qg::automata {

// The automaton of x = s·y (s = ±1) for x in base k and y in base −k, over tracks named
// `x` and `y`, read least significant digit first: after m digits the difference of the
// values read, Σ (d_i − s·(−1)^i·e_i)·k^i, is c·k^m; the state is (c, m mod 2) and accepts
// when c = 0. |c| ≤ 2 throughout, since |c'| ≤ (|c| + 2k − 2)/k.
Automaton signed_equality(const std::string& x, std::shared_ptr<const NumberSystem> positive, const std::string& y,
                          std::shared_ptr<const NumberSystem> negative, int sign) {
  const int k = static_cast<int>(positive->base());
  std::vector<Track> tracks{{x, positive->base(), positive}, {y, negative->base(), negative}};
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

// A state is (state of `a`, the block's value so far, digits read in it); a word that stops
// inside a block has the output of the block completed by zeros.
Automaton lsd_to_root(const Automaton& a, std::shared_ptr<const NumberSystem> root, unsigned exponent,
                      const Context& ctx) {
  const unsigned r = root->base();
  std::map<std::tuple<std::uint32_t, unsigned, unsigned>, std::uint32_t> id;
  std::vector<std::tuple<std::uint32_t, unsigned, unsigned>> states{{a.initial(), 0, 0}};
  id[states[0]] = 0;
  std::vector<std::uint32_t> delta;
  // At most a.states() · b states (b = r^exponent = a's base: a block's value and its length).
  detail::guard(ctx, std::uint64_t{a.states()} * a.tracks()[0].base * (4ull * r + 64), "a conversion of bases");
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
  Track t = a.tracks()[0];
  t.base = r;
  t.system = root;
  Automaton w({t}, static_cast<std::uint32_t>(states.size()));
  for (std::uint32_t s = 0; s < w.states(); ++s) {
    auto [q, v, c] = states[s];
    w.set_output(s, a.output(c == 0 ? q : a.next(q, v)));
    for (std::uint32_t d = 0; d < r; ++d) w.set_next(s, d, delta[std::size_t{s} * r + d]);
  }
  return minimize(w, ctx);
}

Automaton msd_to_power(const Automaton& a, std::shared_ptr<const NumberSystem> power, unsigned exponent,
                       const Context& ctx) {
  const unsigned r = a.tracks()[0].base, b = power->base();
  Track t = a.tracks()[0];
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
  return minimize(w, ctx);
}

std::vector<std::shared_ptr<const NumberSystem>> partner_systems(const Automaton& a, const SystemLookup& system) {
  std::vector<std::shared_ptr<const NumberSystem>> partners;
  for (const auto& t : a.tracks()) {
    const std::string n = t.system ? t.system->name() : "";
    partners.push_back(t.system ? system((n.starts_with("msd_") ? "lsd_" : "msd_") + n.substr(4)) : nullptr);
  }
  return partners;
}

unsigned power_exponent(unsigned b, unsigned root) {
  if (root < 2) return 0;
  unsigned i = 0;
  for (unsigned long long p = 1; p < b; p *= root) ++i;
  unsigned long long p = 1;
  for (unsigned j = 0; j < i; ++j) p *= root;
  return p == b ? i : 0;
}

Automaton convert_base(const Automaton& a, unsigned k, bool msd, const SystemLookup& system, const Context& ctx) {
  if (a.tracks().size() != 1 || !a.tracks()[0].system)
    throw InputError("convert takes an automaton of one input in a number system");
  const std::string& from = a.tracks()[0].system->name();
  const unsigned b = a.tracks()[0].system->base();
  bool from_msd = a.tracks()[0].system->msd();
  if (from != fmt::format("{}_{}", from_msd ? "msd" : "lsd", b))
    throw InputError(fmt::format("convert reads the systems msd_k and lsd_k, not {}", from));
  const std::string target = fmt::format("{}_{}", msd ? "msd" : "lsd", k);
  if (b == k && from_msd == msd) throw InputError(fmt::format("the automaton is already in {}", target));
  unsigned root = 0;
  for (unsigned c = 2; c <= std::min(b, k) && !root; ++c)
    if (power_exponent(b, c) && power_exponent(k, c)) root = c;
  if (!root) throw InputError(fmt::format("bases {} and {} are not powers of one integer", b, k));
  auto named = [&](bool m, unsigned base) { return system(fmt::format("{}_{}", m ? "msd" : "lsd", base)); };
  // Through the root base r: b = r^i read lsd as i digits each, then r digits read msd as k = r^j.
  Automaton x = a;
  unsigned base = b;
  if (b != root) {
    if (from_msd) x = reverse(x, {named(false, b)}, ctx);
    x = lsd_to_root(x, named(false, root), power_exponent(b, root), ctx);
    from_msd = false;
    base = root;
  }
  if (k != root) {
    if (!from_msd) x = reverse(x, {named(true, base)}, ctx);
    x = msd_to_power(x, named(true, k), power_exponent(k, root), ctx);
    from_msd = true;
    base = k;
  }
  if (from_msd != msd) x = reverse(x, {named(msd, base)}, ctx);
  return x;
}

// A letter whose values are not all letters of the old tracks leads to the dead state, and
// words invalid in a new system are rejected (no letter, for a word automaton).
Automaton with_alphabets(const Automaton& a, std::vector<Track> tracks, bool word, const Context& ctx) {
  if (tracks.size() != a.tracks().size())
    throw InputError(fmt::format("{} alphabets for an automaton of {} inputs", tracks.size(), a.tracks().size()));
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
  const int dead_output = word ? kNoLetter : 0;
  std::map<std::vector<std::uint32_t>, std::uint32_t> id;
  std::vector<std::vector<std::uint32_t>> states{{}};  // [0]: dead
  std::vector<std::uint32_t> delta;
  Poller poller(ctx.progress, 0);
  auto intern = [&](std::vector<std::uint32_t> x) {
    auto [it, fresh] = id.emplace(x, static_cast<std::uint32_t>(states.size()));
    if (fresh) {
      if (states.size() % 4096 == 0)
        detail::guard(ctx, (states.size() + 4096) * (4ull * shape.letters() + 8 * (valid.size() + 1) + 96),
                      "an automaton read in other alphabets");
      states.push_back(std::move(x));
    }
    return it->second;
  };
  std::vector<std::uint32_t> start{a.initial()};
  for (const auto& v : valid) start.push_back(v.states() ? v.initial() : 0);
  intern(start);
  for (std::size_t k = 0; k < states.size(); ++k) {
    poller.tick(k);
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
  return minimize(r, ctx);
}

}  // namespace qg::automata
