// The learner of synth.hpp: a Myhill–Nerode observation table filled from the sequence.
#include <algorithm>
#include <unordered_map>

#include <fmt/format.h>

#include "queengames/synth.hpp"

namespace qg::synth {
namespace {

using automata::Automaton;
using automata::NumberSystem;

std::uint64_t mix(std::uint64_t x) {  // splitmix64's finaliser
  x += 0x9e3779b97f4a7c15ULL;
  x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
  x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
  return x ^ (x >> 31);
}
struct U128Hash {
  std::size_t operator()(u128 k) const {
    return mix(static_cast<std::uint64_t>(k) ^ mix(static_cast<std::uint64_t>(k >> 64)));
  }
};

// A row: the set of accepted continuations of one prefix, kept as two independent 64-bit sums
// of hashes (order-free, so the continuations may arrive in any order) and its size. Two rows
// are taken as equal when all three agree; a false merge could only make a wrong hypothesis,
// which the comparison with the sequence and then the prover refuse.
struct Row {
  std::uint64_t h1 = 0, h2 = 0, size = 0;
  unsigned depth = 0;
  bool accepting = false;  // the empty continuation: the prefix is itself an accepted word
  bool operator==(const Row& o) const { return h1 == o.h1 && h2 == o.h2 && size == o.size; }
};
struct RowHash {
  std::size_t operator()(const Row& r) const { return mix(r.h1 ^ mix(r.h2 ^ mix(r.size))); }
};

struct Terms {
  std::vector<std::uint64_t> s;        // s(n), n < U_L
  std::vector<std::uint64_t> weights;  // U_0 … U_L: the values of length ≤ ℓ
  std::shared_ptr<const NumberSystem> system;
  unsigned base = 2, letters = 4;
};

enum class TableState { ok, not_closed, inconsistent };

struct Table {
  TableState state = TableState::ok;
  Automaton hypothesis;
};

// Fills the table with rows = prefixes of ≤ p + 1 letters and columns = suffixes of ≤ q
// letters, from every accepted word of ≤ p + q + 1 letters, and builds the hypothesis when it
// is closed and consistent.
Table build_table(const Terms& t, unsigned p, unsigned q, std::uint32_t max_states, Poller& poller,
                  std::uint64_t& ticks) {
  const unsigned longest = p + q + 1;
  std::vector<u128> power(longest + 2, 1);
  for (unsigned k = 1; k < power.size(); ++k) power[k] = power[k - 1] * t.letters;
  std::unordered_map<u128, Row, U128Hash> rows;
  std::vector<unsigned> rn, rm;
  std::vector<std::uint32_t> w(longest);
  std::vector<u128> prefix(longest + 1), suffix(longest + 1);
  for (std::uint64_t n = 0; n < t.weights[longest]; ++n) {
    poller.tick(++ticks);
    const std::uint64_t m = t.s[n];
    if (m >= t.weights[longest]) continue;
    rn = t.system->representation(n);
    rm = t.system->representation(m);
    const std::size_t shortest = std::max(rn.size(), rm.size());
    for (std::size_t len = shortest; len <= longest; ++len) {
      // [n, m] padded with leading zeros to len letters (letter = digit of n + base·digit of m)
      for (std::size_t j = 0; j < len; ++j) {
        const std::size_t from_end = len - 1 - j;
        const unsigned dn = from_end < rn.size() ? rn[rn.size() - 1 - from_end] : 0;
        const unsigned dm = from_end < rm.size() ? rm[rm.size() - 1 - from_end] : 0;
        w[j] = dn + t.base * dm;
      }
      // Keys carry a leading 1 (a sentinel letter) so that lengths are told apart.
      prefix[0] = 1;
      for (std::size_t j = 0; j < len; ++j) prefix[j + 1] = prefix[j] * t.letters + w[j];
      suffix[len] = 0;
      for (std::size_t j = len; j-- > 0;) suffix[j] = w[j] * power[len - 1 - j] + suffix[j + 1];
      const std::size_t lo = len > q ? len - q : 0, hi = std::min<std::size_t>(len, p + 1);
      for (std::size_t i = lo; i <= hi; ++i) {
        const u128 key = power[len - i] + suffix[i];
        const std::uint64_t a = U128Hash{}(key), b = mix(a ^ 0x5bd1e995u);
        Row& r = rows[prefix[i]];
        r.h1 += a;
        r.h2 += b;
        r.size += 1;
        r.depth = static_cast<unsigned>(i);
        if (i == len) r.accepting = true;
      }
    }
  }
  // States: the distinct rows of depth ≤ p, the empty row (no accepted continuation) first.
  std::unordered_map<Row, std::uint32_t, RowHash> ids;
  ids.emplace(Row{}, 0);
  for (const auto& [key, row] : rows) {
    if (row.depth > p) continue;
    auto [it, fresh] = ids.emplace(row, static_cast<std::uint32_t>(ids.size()));
    if (fresh && ids.size() > max_states)
      throw RangeError(fmt::format("the observation table has more than {} distinct rows", max_states));
  }
  auto row_of = [&](u128 key) -> const Row& {
    static const Row empty{};
    auto it = rows.find(key);
    return it == rows.end() ? empty : it->second;
  };
  Table table;
  const auto states = static_cast<std::uint32_t>(ids.size());
  std::vector<std::uint32_t> delta(static_cast<std::size_t>(states) * t.letters, 0);
  std::vector<bool> seen(states, false);
  for (const auto& [key, row] : rows) {
    if (row.depth > p) continue;
    const std::uint32_t from = ids.at(row);
    for (std::uint32_t a = 0; a < t.letters; ++a) {
      auto it = ids.find(row_of(key * t.letters + a));
      if (it == ids.end()) {
        table.state = TableState::not_closed;
        return table;
      }
      std::uint32_t& to = delta[static_cast<std::size_t>(from) * t.letters + a];
      if (seen[from] && to != it->second) {
        table.state = TableState::inconsistent;
        return table;
      }
      to = it->second;
    }
    seen[from] = true;
  }
  std::vector<automata::Track> tracks{{"n", t.base, t.system}, {"m", t.base, t.system}};
  Automaton h(tracks, states);
  for (const auto& [row, id] : ids) {
    (void)row;
    for (std::uint32_t a = 0; a < t.letters; ++a)
      h.set_next(id, a, delta[static_cast<std::size_t>(id) * t.letters + a]);
  }
  for (const auto& [key, row] : rows)
    if (row.depth <= p && row.accepting) h.set_output(ids.at(row), 1);
  h.set_initial(ids.at(row_of(1)));
  table.hypothesis = std::move(h);
  return table;
}

}  // namespace

Learned learn_synchronized(const Sequence& s, std::shared_ptr<const NumberSystem> system, const LearnOptions& options) {
  if (!system || !system->msd()) throw InputError("a synchronized automaton is learned in an msd number system");
  Terms t;
  t.system = system;
  t.base = system->base();
  t.letters = t.base * t.base;
  auto weight = [&](unsigned k) {  // U_k: the words of k letters are the values below it
    std::vector<unsigned> one(k + 1, 0);
    one[0] = 1;
    return system->value(one);
  };
  unsigned L = options.max_length;
  if (L == 0)
    while (L < 60 && weight(L + 1) <= options.max_terms) ++L;
  if (L < 3 || L > 60) throw RangeError("the longest word compared is 3 to 60 letters");
  for (unsigned k = 0; k <= L; ++k) t.weights.push_back(weight(k));
  {
    u128 total = 1;
    for (unsigned k = 0; k < L + 2; ++k) {
      if (total > (~u128{0}) / t.letters) throw RangeError(fmt::format("words of {} letters of {} digits", L, t.base));
      total *= t.letters;
    }
  }
  const std::uint64_t count = t.weights[L];
  // The terms, the table's rows (at most a few per word) and the hypothesis's counts.
  const std::uint64_t bytes = count * 8 + count * 6 * (sizeof(Row) + 48);
  const std::string what = fmt::format("learning a synchronized automaton from {} terms", count);
  if (options.memory_limit != 0 && bytes > options.memory_limit)
    throw RangeError(
        fmt::format("{} needs about {} MB, above the limit of {} MB", what, bytes >> 20, options.memory_limit >> 20));
  require_memory(bytes, what);
  Poller poller(options.progress, 0);
  std::uint64_t ticks = 0;
  t.s.resize(count);
  for (std::uint64_t n = 0; n < count; ++n) {
    poller.tick(++ticks);
    t.s[n] = s(n);
  }
  // E_ℓ: the pairs [n, s(n)] written with ℓ letters.
  std::vector<std::uint64_t> expected(L + 1, 0);
  for (std::uint64_t n = 0; n < count; ++n) {
    const std::uint64_t big = std::max(n, t.s[n]);
    for (unsigned l = 0; l <= L; ++l)
      if (big < t.weights[l]) ++expected[l];
  }
  Learned out;
  out.terms = count;
  unsigned p = 1, q = 1;
  for (;;) {
    if (p + q + 1 > L)
      throw RangeError(
          fmt::format("no hypothesis agrees with the {} terms read (prefixes of {} and suffixes of {} "
                      "letters need longer words; raise the longest word)",
                      count, p, q));
    Table table = build_table(t, p, q, options.max_states, poller, ticks);
    if (table.state == TableState::not_closed) {
      ++p;
      continue;
    }
    if (table.state == TableState::inconsistent) {
      ++q;
      continue;
    }
    ++out.rounds;
    automata::Context ctx;
    ctx.progress = options.progress;
    Automaton h = automata::minimize(table.hypothesis, ctx);
    // The equivalence query, answered by the terms: leading zeros change nothing, every
    // [n, s(n)] is accepted, and no other word of ≤ L letters (counted per length).
    bool agrees = h.next(h.initial(), 0) == h.initial();
    for (std::uint64_t n = 0; agrees && n < count; ++n) {
      poller.tick(++ticks);
      agrees = automata::accepts(h, {n, t.s[n]});
    }
    std::vector<u128> ways(h.states(), 0), next(h.states());
    ways[h.initial()] = 1;
    for (unsigned l = 0; agrees && l <= L; ++l) {
      u128 accepted = 0;
      for (std::uint32_t st = 0; st < h.states(); ++st)
        if (h.accepting(st)) accepted += ways[st];
      agrees = accepted == expected[l];
      std::fill(next.begin(), next.end(), 0);
      for (std::uint32_t st = 0; st < h.states(); ++st)
        if (ways[st] != 0)
          for (std::uint32_t a = 0; a < t.letters; ++a) next[h.next(st, a)] += ways[st];
      ways.swap(next);
    }
    if (agrees) {
      out.automaton = std::move(h);
      out.prefix_length = p;
      out.suffix_length = q;
      return out;
    }
    ++q;  // a counterexample: longer continuations tell the rows apart
  }
}

}  // namespace qg::synth
