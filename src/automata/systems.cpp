// Number systems: validity, adder, order and constants for msd_k/lsd_k, Zeckendorf and
// greedy Tribonacci.
#include <algorithm>
#include <bit>
#include <charconv>
#include <functional>
#include <map>
#include <set>

#include <fmt/format.h>

#include "automata/internal.hpp"
#include "queengames/numeration.hpp"
#include "queengames/words.hpp"

namespace qg::automata {

namespace {

// The most states recurrence_adder explores before giving up.
constexpr std::size_t kAdderStates = std::size_t{1} << 15;
// The largest k of NumberSystem::multiplication (its coefficients stay far inside 64 bits).
constexpr std::uint64_t kMaxMultiplier = std::uint64_t{1} << 40;
// The longest image of a morphism whose numeration system is generated (from_morphism).
constexpr unsigned kMaxImage = 9;

const char* const kSystemNames =
    "msd_k, lsd_k with k ≥ 2, msd_fib, msd_trib, lsd_fib, lsd_trib, msd_neg_k, lsd_neg_k, msd_neg_fib, lsd_neg_fib";

std::vector<Track> tracks_of(const std::vector<std::string>& names, unsigned base) {
  std::vector<Track> t;
  for (const auto& n : names) t.push_back({n, base, nullptr});
  return t;
}

// The automaton with no number system on its tracks (see NumberSystem::attach).
Automaton strip(Automaton a) {
  for (std::size_t i = 0; i < a.tracks().size(); ++i) a.set_system(i, nullptr);
  return a;
}

// x + y = z in base k, most significant digit first: the state is the carry the lower digits
// must bring into the digits read so far (0 or 1); accepting when no carry is owed.
Automaton msd_k_adder(unsigned k) {
  Automaton a(tracks_of({"x", "y", "z"}, k), 3);
  for (std::uint32_t c = 0; c < 2; ++c)
    for (std::uint32_t l = 0; l < a.letters(); ++l) {
      auto d = a.digits(l);
      long next = long{d[2]} + long{k} * c - d[0] - d[1];
      a.set_next(c, l, next == 0 || next == 1 ? static_cast<std::uint32_t>(next) : 2);
    }
  for (std::uint32_t l = 0; l < a.letters(); ++l) a.set_next(2, l, 2);
  a.set_output(0, 1);
  return a;
}

// x < y on representations of equal length, most significant digit first: lexicographic.
// Right for base k and for the greedy systems (their order on valid words is lexicographic).
Automaton msd_less(unsigned base) {
  Automaton a(tracks_of({"x", "y"}, base), 3);  // 0 equal so far, 1 less, 2 greater
  for (std::uint32_t l = 0; l < a.letters(); ++l) {
    auto d = a.digits(l);
    a.set_next(0, l, d[0] == d[1] ? 0 : d[0] < d[1] ? 1 : 2);
    a.set_next(1, l, 1);
    a.set_next(2, l, 2);
  }
  a.set_output(1, 1);
  return a;
}

// x < y in base −k, most significant digit first. The state is c, the value of the prefix
// of y − x in units of the place about to be read: reading digits (dx, dy) makes it
// c' = −k·c + (dy − dx), and at the end y − x = c. Once c ≠ 0, |c'| ≥ k|c| − (k − 1) ≥ |c|
// and the sign alternates, so c never returns to 0 and every |c| ≥ 2 behaves alike: the
// states 0, ±1 and "≥ 2", "≤ −2" (each of which goes to the other); accepting when c > 0.
Automaton negative_less(unsigned k) {
  Automaton a(tracks_of({"x", "y"}, k), 5);  // 0: c = 0, 1: c = 1, 2: c = −1, 3: c ≥ 2, 4: c ≤ −2
  auto state = [](long c) -> std::uint32_t { return c == 0 ? 0 : c == 1 ? 1 : c == -1 ? 2 : c >= 2 ? 3 : 4; };
  for (std::uint32_t l = 0; l < a.letters(); ++l) {
    auto d = a.digits(l);
    long delta = long{d[1]} - long{d[0]};
    for (long c : {0L, 1L, -1L}) a.set_next(state(c), l, state(-long{k} * c + delta));
    a.set_next(3, l, 4);
    a.set_next(4, l, 3);
  }
  a.set_output(1, 1);
  a.set_output(3, 1);
  return a;
}

Automaton equal_digits(unsigned base) {
  Automaton a(tracks_of({"x", "y"}, base), 2);
  for (std::uint32_t l = 0; l < a.letters(); ++l) {
    auto d = a.digits(l);
    a.set_next(0, l, d[0] == d[1] ? 0 : 1);
    a.set_next(1, l, 1);
  }
  a.set_output(0, 1);
  return a;
}

// Words over {0,1} without m consecutive 1s: the valid Zeckendorf (m = 2) and greedy
// Tribonacci (m = 3) representations, with any number of leading zeros.
Automaton no_run_of_ones(unsigned m) {
  Automaton a(tracks_of({"x"}, 2), m + 1);
  for (std::uint32_t r = 0; r < m; ++r) {
    a.set_next(r, 0, 0);
    a.set_next(r, 1, r + 1);
    a.set_output(r, 1);
  }
  a.set_next(m, 0, m);
  a.set_next(m, 1, m);
  return a;
}

// The first bound on the adder's carries worth trying: it must admit one column's own value
// d_x + d_y − d_z (up to 2(base − 1)), or bounds too small to carry anything may agree with
// their doubles by accident and end the search early (base 6, msd_kqueen5: the adders of
// bounds 2 and 4 were equal, and both lacked 1 + 5 = 10).
std::int64_t first_adder_bound(unsigned base) {
  std::int64_t bound = 2;
  while (bound < 2 * (std::int64_t{base} - 1)) bound *= 2;
  return bound;
}

// The automaton of Σ_t k_t Σ_i d_{t,i} U_i = 0 over tracks t (the adder: x + y − z, tracks x, y,
// z with k = 1, 1, −1; multiplication: k·y − x) for the linear recurrence
// U_{n+m} = a_1 U_{n+m-1} + … + a_m U_n, read most significant digit first (Frougny: for a
// Pisot recurrence the states on accepting paths are bounded). After reading a prefix with n
// digits still to come, its value is Σ_j c_j U_{n+j}, j < m; reading the column of digits d_t
// rewrites U_{n-1+m} by the recurrence:
//     c'_0 = Σ_t k_t d_t + a_m c_{m-1},   c'_j = c_{j-1} + a_{m-j} c_{m-1}   (1 ≤ j < m),
// and the word is accepted when Σ_j c_j U_j = 0 at its end. States with a coefficient
// beyond ±bound go to the dead state: the result accepts a subset of the solutions, all of them
// once the bound exceeds every state on an accepting path. RangeError past max_states states;
// `grown`, if given, is told the number of states at each power of two from 4096 on (and may
// throw to stop).
Automaton recurrence_relation(const std::vector<std::int64_t>& a, const std::vector<std::int64_t>& initial,
                              unsigned digits, std::int64_t bound, const std::vector<std::string>& names,
                              const std::vector<std::int64_t>& weights, std::size_t max_states,
                              const std::function<void(std::size_t)>& grown = {}) {
  std::size_t m = a.size();
  std::map<std::vector<std::int64_t>, std::uint32_t> id;
  std::vector<std::vector<std::int64_t>> states{std::vector<std::int64_t>(m, 0)};
  id[states[0]] = 0;
  std::vector<std::uint32_t> delta;
  Automaton shape(tracks_of(names, digits), 0);
  std::uint32_t L = shape.letters();
  const std::uint32_t dead = UINT32_MAX;
  for (std::size_t i = 0; i < states.size(); ++i) {
    for (std::uint32_t l = 0; l < L; ++l) {
      auto d = shape.digits(l);
      auto c = states[i];
      std::int64_t top = c[m - 1];
      std::vector<std::int64_t> n(m);
      n[0] = a[m - 1] * top;
      for (std::size_t t = 0; t < names.size(); ++t) n[0] += weights[t] * std::int64_t{d[t]};
      for (std::size_t j = 1; j < m; ++j) n[j] = c[j - 1] + a[m - 1 - j] * top;
      bool out = std::any_of(n.begin(), n.end(), [&](std::int64_t v) { return v > bound || v < -bound; });
      if (out) {
        delta.push_back(dead);
        continue;
      }
      auto [it, fresh] = id.try_emplace(n, static_cast<std::uint32_t>(states.size()));
      if (fresh) {
        states.push_back(n);
        if (states.size() > max_states) throw RangeError(fmt::format("more than {} states", max_states));
        if (grown && states.size() >= 4096 && std::has_single_bit(states.size())) grown(states.size());
      }
      delta.push_back(it->second);
    }
  }
  auto n = static_cast<std::uint32_t>(states.size());
  Automaton r(shape.tracks(), n + 1);
  for (std::uint32_t s = 0; s < n; ++s) {
    for (std::uint32_t l = 0; l < L; ++l) {
      std::uint32_t t = delta[std::uint64_t{s} * L + l];
      r.set_next(s, l, t == dead ? n : t);
    }
    std::int64_t value = 0;
    for (std::size_t j = 0; j < m; ++j) value += states[s][j] * initial[j];
    r.set_output(s, value == 0);
  }
  for (std::uint32_t l = 0; l < L; ++l) r.set_next(n, l, n);
  return r;
}

// The adder x + y = z of a recurrence at one bound. A Pisot recurrence closes with far fewer
// states than kAdderStates (Tribonacci: hundreds); beyond it the doubling bound will not reach a
// fixed point either.
Automaton recurrence_adder(const std::vector<std::int64_t>& a, const std::vector<std::int64_t>& initial,
                           unsigned digits, std::int64_t bound) {
  try {
    return recurrence_relation(a, initial, digits, bound, {"x", "y", "z"}, {1, 1, -1}, kAdderStates);
  } catch (const RangeError&) {
    throw RangeError("the adder does not close (is the dominant root a Pisot number?)");
  }
}

// x > 0 in negaFibonacci, most significant digit first. A valid word with its highest 1 at
// place j is w_j + r with r the value of a valid word on the places below j − 1, and
// |r| ≤ F_j < |w_j| = F_{j+1} (j ≥ 2; r = 0 below): its sign is w_j's, positive for even j (an even number of
// digits after the first 1).
Automaton neg_fib_positive() {
  Automaton a(tracks_of({"x"}, 2), 3);  // 0 only zeros read; 1 even, 2 odd count after the first 1
  a.set_next(0, 0, 0);
  a.set_next(0, 1, 1);
  for (std::uint32_t d = 0; d < 2; ++d) a.set_next(1, d, 2), a.set_next(2, d, 1);
  a.set_output(1, 1);
  return a;
}

Automaton restrict_tracks(Automaton a, const Automaton& validity, const Context& context) {
  for (const Track& t : std::vector<Track>(a.tracks())) {
    Automaton v = validity;
    v.rename({t.name});
    a = product(a, v, BoolOp::and_, context);
  }
  return a;
}

// The digits z (most significant first, no leading zeros) with x + y = z by the adder `add`
// (a function of x and y; tracks x, y, z), read in reading order `msd`: a search through the
// adder's states, one layer per letter, z's digits chosen, with a few digits more than x and y
// for the carry. Nothing when no such z fits.
std::optional<std::vector<unsigned>> adder_sum(const Automaton& add, bool msd, std::vector<unsigned> x,
                                               std::vector<unsigned> y) {
  const unsigned k = add.tracks()[0].base;
  for (std::size_t slack = 1; slack <= 8; ++slack) {
    const std::size_t m = std::max(x.size(), y.size()) + slack;
    auto padded = [&](std::vector<unsigned> v) {
      v.insert(v.begin(), m - v.size(), 0);
      if (!msd) std::reverse(v.begin(), v.end());
      return v;
    };
    const std::vector<unsigned> px = padded(x), py = padded(y);
    // How state q was first reached after i letters: from[i·S + q] (the previous state) and z's
    // digit; the letter (x, y, z) is x + k(y + kz).
    const std::uint32_t S = add.states(), none = UINT32_MAX;
    std::vector<std::uint32_t> from((m + 1) * S, none), reached{add.initial()}, next;
    std::vector<unsigned> digit((m + 1) * S, 0);
    from[add.initial()] = add.initial();
    for (std::size_t i = 0; i < m; ++i) {
      next.clear();
      for (std::uint32_t q : reached)
        for (unsigned d = 0; d < k; ++d) {
          const std::uint32_t t = add.next(q, px[i] + k * (py[i] + k * d));
          if (from[(i + 1) * S + t] != none) continue;
          from[(i + 1) * S + t] = q;
          digit[(i + 1) * S + t] = d;
          next.push_back(t);
        }
      reached.swap(next);
    }
    for (std::uint32_t q : reached) {
      if (!add.accepting(q)) continue;
      std::vector<unsigned> z(m);
      std::uint32_t at = q;
      for (std::size_t i = m; i-- > 0;) {
        z[i] = digit[(i + 1) * S + at];
        at = from[(i + 1) * S + at];
      }
      if (!msd) std::reverse(z.begin(), z.end());
      z.erase(z.begin(), std::find_if(z.begin(), z.end(), [](unsigned d) { return d != 0; }));
      return z;
    }
  }
  return std::nullopt;
}

// Σ d_i w_i, d_i the digits from the least significant, w_i the weights; nothing when it leaves
// T or the digits outnumber the weights.
template <class T>
std::optional<T> weighted_sum(const std::vector<unsigned>& msd_digits, const std::vector<T>& weights) {
  T v = 0;
  const std::size_t n = msd_digits.size();
  for (std::size_t i = 0; i < n; ++i) {
    const unsigned d = msd_digits[n - 1 - i];
    if (d == 0) continue;
    T term;
    if (i >= weights.size() || __builtin_mul_overflow(weights[i], T{d}, &term) || __builtin_add_overflow(v, term, &v))
      return std::nullopt;
  }
  return v;
}

}  // namespace

struct SystemBuilder {
  // An lsd system is its msd partner read backwards.
  static std::shared_ptr<const NumberSystem> lsd_partner(const std::shared_ptr<const NumberSystem>& msd,
                                                         const Context& context) {
    auto l = std::shared_ptr<NumberSystem>(new NumberSystem(*msd));
    l->name_ = "lsd_" + msd->name_.substr(4);
    l->msd_ = false;
    auto rev = [&](const Automaton& a) {
      std::vector<std::shared_ptr<const NumberSystem>> systems(a.tracks().size(), msd);
      return strip(reverse(msd->attach(a), systems, context));
    };
    l->validity_ = rev(msd->validity_);
    l->adder_ = rev(msd->adder_);
    l->less_ = rev(msd->less_);
    l->equal_ = rev(msd->equal_);
    return l;
  }

  // `message` with the name `from` replaced by `to`.
  static std::string renamed(std::string message, const std::string& from, std::string_view to) {
    for (std::size_t p = message.find(from); p != std::string::npos; p = message.find(from, p + to.size()))
      message.replace(p, from.size(), to);
    return message;
  }

  static std::shared_ptr<const NumberSystem> build(std::string_view name, const Context& context) {
    if (name.size() < 5 || (name.substr(0, 4) != "msd_" && name.substr(0, 4) != "lsd_"))
      throw InputError(fmt::format("unknown number system '{}' ({})", printable(name, 40), kSystemNames));
    bool msd = name[0] == 'm';
    std::string_view kind = name.substr(4);
    if (!msd) {
      // lsd_X is msd_X read backwards: a refusal of msd_X names the system asked for.
      const std::string partner = fmt::format("msd_{}", kind);
      try {
        return lsd_partner(build(partner, context), context);
      } catch (const RangeError& e) {
        throw RangeError(renamed(e.what(), partner, name));
      } catch (const InputError& e) {
        throw InputError(renamed(e.what(), partner, name));
      }
    }
    auto s = std::shared_ptr<NumberSystem>(new NumberSystem());
    s->name_ = std::string(name);
    std::shared_ptr<const NumberSystem> me = s;
    if (kind == "fib" || kind == "trib") {
      unsigned m = kind == "fib" ? 2 : 3;
      s->base_ = 2;
      s->all_valid_ = false;
      s->weights_ = {1, 2};
      if (m == 3) s->weights_.push_back(4);
      while (true) {
        std::uint64_t next = 0;
        bool overflow = false;
        for (std::size_t j = s->weights_.size() - m; j < s->weights_.size(); ++j)
          overflow |= __builtin_add_overflow(next, s->weights_[j], &next);
        if (overflow) break;
        s->weights_.push_back(next);
      }
      Automaton valid = (no_run_of_ones(m));
      s->validity_ = valid;
      s->equal_ = restrict_tracks((equal_digits(2)), valid, context);
      s->less_ = restrict_tracks((msd_less(2)), valid, context);
      std::vector<std::int64_t> rec(m, 1);
      std::vector<std::int64_t> init(s->weights_.begin(), s->weights_.begin() + m);
      Automaton previous;
      for (std::int64_t bound = 2;; bound *= 2) {
        Automaton adder = restrict_tracks((recurrence_adder(rec, init, 2, bound)), valid, context);
        if (bound > 2 && equivalent(adder, previous, context)) break;
        if (bound > 1024) throw std::logic_error("recurrence adder: no fixed point");
        previous = std::move(adder);
      }
      s->adder_ = previous;
      s->recurrence_ = rec;
      s->recurrence_initial_ = init;
      return me;
    }
    if (kind == "neg_fib") {
      // NegaFibonacci (Walnut's msd_neg_fib): digits 0, 1 at weights w_i = (−1)^i F_{i+1}
      // (1, −1, 2, −3, 5, …), no two adjacent 1s. The weights follow w_{i+2} = −w_{i+1} + w_i,
      // whose dominant root −φ has its conjugate inside the unit circle: the adder closes.
      s->base_ = 2;
      s->all_valid_ = false;
      s->negative_ = true;
      s->signed_weights_ = {1, -1};
      while (true) {
        std::int64_t next = 0, w1 = s->signed_weights_.end()[-1], w0 = s->signed_weights_.end()[-2];
        if (__builtin_sub_overflow(w0, w1, &next)) break;
        s->signed_weights_.push_back(next);
      }
      Automaton valid = no_run_of_ones(2);
      s->validity_ = valid;
      s->equal_ = restrict_tracks(equal_digits(2), valid, context);
      Automaton previous;
      for (std::int64_t bound = 2;; bound *= 2) {
        Automaton adder = restrict_tracks(recurrence_adder({-1, 1}, {1, -1}, 2, bound), valid, context);
        if (bound > 2 && equivalent(adder, previous, context)) break;
        if (bound > 1024) throw std::logic_error("negaFibonacci adder: no fixed point");
        previous = std::move(adder);
      }
      s->adder_ = previous;
      s->recurrence_ = {-1, 1};
      s->recurrence_initial_ = {1, -1};
      // x < y iff y = x + z for some z > 0.
      Automaton positive = s->attach(restrict_tracks(neg_fib_positive(), valid, context));
      positive.rename({"z"});
      Automaton sum = bind(s->adder(), {"x", "z", "y"}, context);
      s->less_ = strip(minimize(exists(product(sum, positive, BoolOp::and_, context), "z", context), context));
      return me;
    }
    bool negative = kind.substr(0, 4) == "neg_";
    if (negative) kind = kind.substr(4);
    unsigned k = 0;
    auto [p, ec] = std::from_chars(kind.data(), kind.data() + kind.size(), k);
    if (ec != std::errc() || p != kind.data() + kind.size() || k < 2)
      throw InputError(fmt::format("unknown number system '{}' ({})", printable(name, 40), kSystemNames));
    if (k > 64) throw RangeError(fmt::format("number system '{}': bases 2 to 64 are supported", name));
    s->base_ = k;
    Automaton valid(tracks_of({"x"}, k), 1);
    valid.set_output(0, 1);
    s->validity_ = (valid);
    s->equal_ = (equal_digits(k));
    if (negative) {
      // Base −k: digits 0 … k−1 at places (−k)^i; every integer, negative ones too, has
      // exactly one representation up to leading zeros (so variables range over ℤ). The
      // adder from the recurrence U_{i+1} = −k·U_i.
      s->negative_ = true;
      for (std::int64_t w = 1;;) {
        s->signed_weights_.push_back(w);
        if (__builtin_mul_overflow(w, -std::int64_t{k}, &w)) break;
      }
      s->less_ = negative_less(k);
      // Here the state is the value c of the prefix read, c' = −k·c + d with |d| ≤ 2(k − 1),
      // and once |c| ≥ 2 also |c'| ≥ 2: no state beyond ±1 is ever accepted, so the small
      // bounds are exact (unlike the vector states of the generated systems below).
      Automaton previous;
      for (std::int64_t bound = 2;; bound *= 2) {
        Automaton adder = recurrence_adder({-std::int64_t{k}}, {1}, k, bound);
        if (bound > 2 && equivalent(adder, previous, context)) break;
        if (bound > 1024) throw std::logic_error("negative base adder: no fixed point");
        previous = std::move(adder);
      }
      s->adder_ = minimize(previous, context);
      return me;
    }
    for (std::uint64_t w = 1;;) {
      s->weights_.push_back(w);
      if (__builtin_mul_overflow(w, k, &w)) break;
    }
    s->less_ = (msd_less(k));
    s->adder_ = minimize((msd_k_adder(k)), context);
    return me;
  }
};

std::optional<Automaton> NumberSystem::multiplication(std::uint64_t k, const Context& context) const {
  if (!msd_ || recurrence_.empty() || k < 2 || k > kMaxMultiplier) return std::nullopt;
  const auto factor = static_cast<std::int64_t>(k);
  Automaton y_valid = attach(validity_);
  y_valid.rename({"y"});
  // Each state explored holds a transition row and a map entry: the memory limit is asked as
  // they double.
  const std::uint64_t row = 4 * std::uint64_t{base_} * base_ + 96 + 8 * recurrence_.size();
  auto grown = [&](std::size_t states) {
    detail::guard(context, 2 * states * row,
                  fmt::format("the automaton of x = {}·y in {} (more than {} states)", k, name_, states));
  };
  // A state's coefficients are about k·(base − 1) times a constant of the recurrence: the bound
  // starts there and doubles.
  const std::int64_t first = factor * (base_ - 1) + base_;
  for (std::int64_t bound = first; bound <= 64 * first; bound *= 2) {
    Automaton relation =
        recurrence_relation(recurrence_, recurrence_initial_, base_, bound, {"x", "y"}, {-1, factor}, SIZE_MAX, grown);
    relation = attach(minimize(restrict_tracks(std::move(relation), validity_, context), context));
    // Pruning only drops states, so the relation holds only pairs (k·y, y) of valid words (a
    // number has one representation here, up to leading zeros). If every valid y has its pair,
    // it holds all of them.
    if (equivalent(exists(relation, "x", context), y_valid, context)) return relation;
  }
  return std::nullopt;
}

std::shared_ptr<const NumberSystem> NumberSystem::make(std::string_view name, const Context& context) {
  if (name.size() > 4 && (name.substr(0, 4) == "msd_" || name.substr(0, 4) == "lsd_")) {
    std::string kind(name.substr(4));
    if (kind != "fibonacci" && kind != "tribonacci" && words::Morphism::is_named(kind))
      return from_morphism(std::string(name), words::Morphism::named(kind).to_string(), name[0] == 'm', context);
  }
  return SystemBuilder::build(name, context);
}

std::shared_ptr<const NumberSystem> NumberSystem::from_morphism(const std::string& name, std::string_view text,
                                                                bool msd, const Context& context) {
  words::Morphism m = words::Morphism::parse(text);
  m.require_prolongable();
  const std::string& alphabet = m.alphabet();
  std::size_t letters = alphabet.size();
  unsigned base = 0;
  for (char x : alphabet) {
    const std::string& image = m.image(x);
    base = std::max<unsigned>(base, static_cast<unsigned>(image.size()));
    for (std::size_t d = 0; d + 1 < image.size(); ++d)
      if (image[d] != m.start())
        throw InputError(
            fmt::format("morphism {}: the proper prefixes of every image must be powers of {} (the image of {} is {})",
                        m.to_string(), m.start(), x, image));
  }
  // The adder reads base³ letters and its search starts at a carry bound of 2(base − 1)
  // (first_adder_bound): images of 9 letters build it in 3 s and 0.8 GB (msd_queen8_1), of 17
  // in 40 s and 7 GB (msd_queen8_9).
  if (base > kMaxImage)
    throw RangeError(
        fmt::format("morphisms with images of at most {} letters are supported (this one has {})", kMaxImage, base));
  // The recurrence of U_k = |μ^k(s)| = e_s M^k 1: Cayley–Hamilton on the incidence matrix
  // M (M[x][y] = occurrences of y in μ(x)); the characteristic polynomial's coefficients by
  // Faddeev–LeVerrier, whose divisions are exact.
  std::vector<std::vector<std::int64_t>> M(letters, std::vector<std::int64_t>(letters, 0)), B(M), AB(M);
  for (std::size_t x = 0; x < letters; ++x)
    for (char y : m.image(alphabet[x])) ++M[x][static_cast<std::size_t>(m.index(y))];
  std::vector<std::int64_t> c(letters + 1, 0);  // x^n + c_1 x^{n-1} + … + c_n
  c[0] = 1;
  for (std::size_t k = 1; k <= letters; ++k) {
    // B_k = M B_{k-1} + c_{k-1} I, c_k = −tr(M B_k)/k, with B_0 = 0.
    for (std::size_t i = 0; i < letters; ++i)
      for (std::size_t j = 0; j < letters; ++j) {
        std::int64_t v = 0;
        for (std::size_t t = 0; t < letters; ++t) v += M[i][t] * B[t][j];
        AB[i][j] = v + (i == j ? c[k - 1] : 0);
      }
    B = AB;
    std::int64_t trace = 0;
    for (std::size_t i = 0; i < letters; ++i)
      for (std::size_t t = 0; t < letters; ++t) trace += M[i][t] * B[t][i];
    c[k] = -trace / static_cast<std::int64_t>(k);
  }
  // U_{k+n} = a_1 U_{k+n-1} + … + a_n U_k with a_i = −c_i; trailing zero coefficients dropped.
  std::vector<std::int64_t> rec;
  for (std::size_t i = 1; i <= letters; ++i) rec.push_back(-c[i]);
  while (rec.size() > 1 && rec.back() == 0) rec.pop_back();
  auto s = std::shared_ptr<NumberSystem>(new NumberSystem());
  s->name_ = fmt::format("msd_{}", name.size() > 4 ? name.substr(4) : name);
  s->base_ = base;
  s->all_valid_ = false;
  s->greedy_ = true;
  for (unsigned k = 0; k < 128; ++k) {
    std::uint64_t u = m.iterate_length(m.start(), k);
    if (u == UINT64_MAX) break;
    s->weights_.push_back(u);
  }
  // The digits of n lead from s through the letters of the images: the validity automaton
  // is μ itself read as an automaton (state x, digit d → the d-th letter of μ(x)).
  auto n = static_cast<std::uint32_t>(letters);
  Automaton valid(tracks_of({"x"}, base), n + 1);
  for (std::uint32_t x = 0; x <= n; ++x) {
    for (std::uint32_t d = 0; d < base; ++d) {
      std::uint32_t to = n;
      if (x < n && d < m.image(alphabet[x]).size()) to = static_cast<std::uint32_t>(m.index(m.image(alphabet[x])[d]));
      valid.set_next(x, d, to);
    }
    valid.set_output(x, x < n);
  }
  valid = minimize(valid, context);
  s->validity_ = valid;
  s->equal_ = restrict_tracks(equal_digits(base), valid, context);
  s->less_ = restrict_tracks(msd_less(base), valid, context);
  std::vector<std::int64_t> init(s->weights_.begin(), s->weights_.begin() + static_cast<std::ptrdiff_t>(rec.size()));
  // The recurrence must hold from U_0 on for the adder's end condition Σ c_j U_j = 0.
  for (std::size_t k = rec.size(); k < std::min<std::size_t>(s->weights_.size(), 40); ++k) {
    i128 v = 0;  // weights below 2^64 times coefficients of a few bits: no overflow in 128 bits
    for (std::size_t i = 0; i < rec.size(); ++i) v += i128{rec[i]} * i128{s->weights_[k - 1 - i]};
    if (v != i128{s->weights_[k]})
      throw InputError(fmt::format("morphism {}: |μ^k(s)| does not follow one recurrence from k = 0", m.to_string()));
  }
  Automaton previous;
  const std::int64_t first = first_adder_bound(base);
  for (std::int64_t bound = first;; bound *= 2) {
    Automaton adder;
    try {
      adder = restrict_tracks(recurrence_adder(rec, init, base, bound), valid, context);
    } catch (const RangeError&) {
      // A Pisot root is not enough in practice: a conjugate near the unit circle needs large
      // carries (a→a^8 b, b→a^8: λ² = 8λ + 8, conjugate −0.899; its adder closes at carries
      // ±512 with 2^20 states, 4.4 GB).
      throw RangeError(fmt::format(
          "morphism {}: the adder needs more than {} states at carries ±{} (it closes only for a Pisot dominant "
          "root, and needs many states when a conjugate lies near the unit circle)",
          m.to_string(), kAdderStates, bound));
    }
    if (bound > first && equivalent(adder, previous, context)) break;
    if (bound > 32 * first)
      throw RangeError(
          fmt::format("morphism {}: the adder does not close (is the dominant root a Pisot number?)", m.to_string()));
    previous = std::move(adder);
  }
  s->adder_ = previous;
  s->recurrence_ = rec;
  s->recurrence_initial_ = init;
  std::shared_ptr<const NumberSystem> me = s;
  return msd ? me : SystemBuilder::lsd_partner(me, context);
}

std::shared_ptr<const NumberSystem> NumberSystem::from_automata(const std::string& name,
                                                                std::optional<Automaton> validity, Automaton adder,
                                                                std::optional<Automaton> less, const Context& context,
                                                                std::uint64_t checked) {
  auto fail = [&](const std::string& what) { throw InputError(fmt::format("number system {}: {}", name, what)); };
  if (name.size() < 5 || (!name.starts_with("msd_") && !name.starts_with("lsd_")))
    fail("a name msd_NAME or lsd_NAME is expected");
  if (adder.tracks().size() != 3) fail("the addition automaton must have 3 inputs");
  const unsigned k = adder.tracks()[0].base;
  auto check_tracks = [&](const Automaton& a, std::size_t count, const char* what) {
    if (a.tracks().size() != count) fail(fmt::format("the {} automaton must have {} inputs", what, count));
    for (const Track& t : a.tracks())
      if (t.base != k || !t.values.empty())
        fail(fmt::format("the {} automaton's inputs must all have the digits 0 … {}", what, k - 1));
  };
  check_tracks(adder, 3, "addition");
  if (k < 2) fail("at least the digits 0 and 1 are needed");
  if (validity) check_tracks(*validity, 1, "validity");
  if (less) check_tracks(*less, 2, "less-than");
  auto s = std::shared_ptr<NumberSystem>(new NumberSystem());
  s->name_ = "msd_" + name.substr(4);
  s->base_ = k;
  s->custom_ = true;
  s->all_valid_ = !validity;
  std::shared_ptr<const NumberSystem> me = s;
  auto own = [&](Automaton a, const std::vector<std::string>& names) {
    for (std::size_t i = 0; i < a.tracks().size(); ++i) a.set_system(i, nullptr);
    a.rename(names);
    return minimize(a, context);
  };
  Automaton valid(tracks_of({"x"}, k), 1);
  valid.set_output(0, 1);
  if (validity) valid = own(*validity, {"x"});
  // Walnut's files may spell 0 as "0" only (its Ostrowski files do): valid are the words
  // some padding of which the file accepts.
  valid = strip(close_padding(s->attach(valid), context));
  s->validity_ = valid;
  if (!valid.run({}) || !valid.run({1})) fail("0 and 1 must be valid representations");
  s->adder_ = strip(minimize(
      close_padding(s->attach(restrict_tracks(own(std::move(adder), {"x", "y", "z"}), valid, context)), context),
      context));
  s->equal_ = restrict_tracks(equal_digits(k), valid, context);
  // The axioms of (ℕ, +) the rest relies on, for all operands.
  const Automaton add = s->adder(), eq = s->equal();
  auto empty = [&](const Automaton& a) { return !shortest_accepted(a).has_value(); };
  auto equation = [&](const std::string& x, const std::string& y, const std::string& z) {
    return bind(add, {x, y, z}, context);
  };
  auto conj = [&](const Automaton& a, const Automaton& b) { return product(a, b, BoolOp::and_, context); };
  if (!empty(conj(conj(add, equation("x", "y", "w")), complement(bind(eq, {"z", "w"}, context), context))))
    fail("the addition automaton gives two sums for some x + y");
  if (!empty(complement(exists(add, "z", context), context)))
    fail("the addition automaton gives no sum for some x + y");
  Automaton zero = s->digits_constant({}, context);
  zero.rename({"y"});
  if (!empty(conj(conj(add, zero), complement(bind(eq, {"x", "z"}, context), context))))
    fail("x + 0 = x fails for some x");
  if (!empty(conj(add, complement(equation("y", "x", "z"), context)))) fail("the addition is not commutative");
  Automaton one = s->digits_constant({1}, context);
  one.rename({"o"});
  // S(x, y): y = x + 1. With x + 0 = x, x + S(y) = S(x + y) makes x + n (n reached from 0 by
  // S) the n-th successor of x, so that the adder is addition on 0, 1, 2, … (and it costs a
  // product with S, not the k⁴-letter product of associativity).
  Automaton succ = exists(conj(equation("a", "o", "b"), one), "o", context);
  auto successor = [&](const std::string& x, const std::string& y) { return bind(succ, {x, y}, context); };
  Automaton left = exists(conj(successor("y", "u"), equation("x", "u", "w")), "u", context);
  Automaton right = exists(conj(equation("x", "y", "v"), successor("v", "w")), "v", context);
  if (!equivalent(left, right, context)) fail("x + (y + 1) = (x + y) + 1 fails for some x, y");
  zero.rename({"x"});
  // Every x ≠ 0 is some y + 1 (with the count below: no valid word beyond 0, 1, 2, …).
  if (!empty(conj(complement(zero, context), complement(exists(successor("y", "x"), "y", context), context))))
    fail("some x ≠ 0 is not y + 1 for any y");
  zero.rename({"z"});
  Automaton order =
      strip(minimize(exists(conj(equation("x", "z", "y"), complement(zero, context)), "z", context), context));
  if (less &&
      !equivalent(s->attach(order),
                  close_padding(s->attach(restrict_tracks(own(std::move(*less), {"x", "y"}), valid, context)), context),
                  context))
    fail("the less-than automaton is not the order of the addition (x < y iff x + z = y for some z ≠ 0)");
  s->less_ = order;
  // 0, 1, 2, … from 0 by adding 1: distinct, valid, counted back by value(); and every valid word
  // shorter than the last is among them.
  std::set<std::vector<unsigned>> seen;
  std::vector<unsigned> r;
  std::map<std::size_t, std::uint64_t> by_length;
  for (std::uint64_t n = 0; n <= checked; ++n) {
    if (n > 0) {
      auto z = adder_sum(s->adder_, true, r, {1});
      if (!z) fail(fmt::format("no sum {} + 1 by the addition automaton", n - 1));
      r = *z;
    }
    std::vector<std::uint32_t> word(r.begin(), r.end());
    if (!valid.run(word) || !seen.insert(r).second || s->value(r) != n)
      fail(fmt::format("{} is not counted right by the order (x < y) of the addition", n));
    ++by_length[r.size()];
  }
  // The valid words of L digits are the numbers of at most L digits.
  std::map<std::uint32_t, std::uint64_t> words{{valid.initial(), 1}}, next;
  std::uint64_t numbers = by_length[0];
  for (std::size_t len = 1; len < r.size(); ++len) {
    next.clear();
    for (const auto& [q, c] : words)
      for (unsigned d = 0; d < k; ++d) next[valid.next(q, d)] += c;
    words.swap(next);
    numbers += by_length[len];
    std::uint64_t valid_words = 0;
    for (const auto& [q, c] : words) valid_words += valid.accepting(q) ? c : 0;
    if (valid_words != numbers) fail(fmt::format("valid words of {} digits that are no number 0, 1, 2, …", len));
  }
  return name.starts_with("msd_") ? me : SystemBuilder::lsd_partner(me, context);
}

std::shared_ptr<const NumberSystem> NumberSystem::ostrowski(const std::string& name, std::vector<unsigned> preperiod,
                                                            std::vector<unsigned> period, const Context& context) {
  // Walnut's normal form: α = [0; a_1, a_2, …], leading zeros of the preperiod dropped, an
  // empty preperiod taken as one period, and a_1 = 1 (q_0 = q_1 = 1) replaced by the system of
  // 1 − α = [0; a_2 + 1, a_3, …].
  preperiod.erase(preperiod.begin(), std::find_if(preperiod.begin(), preperiod.end(), [](unsigned a) { return a; }));
  if (preperiod.empty()) preperiod = period;
  auto positive = [](const std::vector<unsigned>& v) {
    return !v.empty() && std::all_of(v.begin(), v.end(), [](unsigned a) { return a > 0 && a <= 9; });
  };
  if (!positive(preperiod) || !positive(period))
    throw InputError(fmt::format("ost {}: the continued fraction needs a nonempty period and quotients 1 … 9",
                                 name.substr(std::min<std::size_t>(4, name.size()))));
  if (preperiod[0] == 1) {
    if (preperiod.size() > 1) {
      preperiod[0] = preperiod[1] + 1;
      preperiod.erase(preperiod.begin() + 1);
    } else {
      preperiod[0] = period[0] + 1;
      std::rotate(period.begin(), period.begin() + 1, period.end());
    }
  }
  // a[i], i ≥ 1: the partial quotients; places beyond the list repeat the period. A digit at
  // place i weighs q_{i−1} (q_{−1} = 0, q_0 = 1, q_i = a_i q_{i−1} + q_{i−2}); read msd first,
  // the place of the first digit is unknown, so the automata guess it and count down, a place
  // at the period's start also possibly preceded by the period's end.
  std::vector<unsigned> a{0};
  a.insert(a.end(), preperiod.begin(), preperiod.end());
  const auto period_start = static_cast<unsigned>(a.size());
  a.insert(a.end(), period.begin(), period.end());
  const auto last = static_cast<unsigned>(a.size() - 1);
  unsigned top = a[1] - 1;  // b_1 ≤ a_1 − 1, b_i ≤ a_i
  for (unsigned i = 2; i <= last; ++i) top = std::max(top, a[i]);
  const unsigned k = top + 1;
  auto below = [&](unsigned place) {
    std::vector<unsigned> p;
    if (place > 1) p.push_back(place - 1);
    if (place == period_start) p.push_back(last);
    return p;
  };
  // An NFA over states found from its initial one: `step(state, letter, emit)` emits targets.
  auto explore = [&](const std::vector<Track>& tracks, std::vector<std::int64_t> start, auto step, auto accept) {
    Automaton shape(tracks, 0);
    std::map<std::vector<std::int64_t>, std::uint32_t> id{{start, 0}};
    std::vector<std::vector<std::int64_t>> states{start};
    detail::Nfa n;
    n.letters = shape.letters();
    n.offset.push_back(0);
    for (std::size_t q = 0; q < states.size(); ++q) {
      for (std::uint32_t l = 0; l < n.letters; ++l) {
        const std::vector<std::int64_t> from = states[q];  // emit may grow `states`
        step(from, shape.digits(l), [&](std::vector<std::int64_t> t) {
          auto [it, fresh] = id.try_emplace(t, static_cast<std::uint32_t>(states.size()));
          if (fresh) states.push_back(std::move(t));
          n.target.push_back(it->second);
        });
        n.offset.push_back(n.target.size());
      }
      detail::guard(context, n.bytes(), "the automata of an Ostrowski system");
    }
    n.states = static_cast<std::uint32_t>(states.size());
    n.initial = {0};
    for (const auto& q : states) n.accepting.push_back(accept(q));
    return detail::determinize_minimal(n, tracks, context);
  };
  // Validity: b_i ≤ a_i, b_1 < a_1, and b_i = a_i forces b_{i−1} = 0. State (place, b = a), or
  // the start (place 0, where 0 is the empty word).
  Automaton valid = explore(
      tracks_of({"x"}, k), {0, 0},
      [&](const std::vector<std::int64_t>& q, const std::vector<unsigned>& d, auto emit) {
        std::vector<unsigned> next;
        if (q[0] == 0)
          for (unsigned i = 1; i <= last; ++i) next.push_back(i);
        else next = below(static_cast<unsigned>(q[0]));
        for (unsigned t : next) {
          const unsigned most = t == 1 ? a[1] - 1 : a[t];
          if (d[0] <= (q[1] ? 0 : most)) emit({t, t > 1 && d[0] == a[t]});
        }
      },
      [](const std::vector<std::int64_t>& q) { return q[0] <= 1; });
  // The adder: Σ (x_i + y_i − z_i) q_{i−1} = 0. After the digits down to place i the prefix is
  // A q_{i−1} + B q_{i−2}; a digit difference d at place i − 1 makes it
  // (A a_{i−1} + B + d) q_{i−2} + A q_{i−3}, and at place 1 the sum is A. States beyond
  // ±bound are dropped; the bound doubles until the adder stops changing (Ostrowski's adders
  // are finite: Baranwal, Schaeffer, Shallit).
  Automaton previous;
  for (std::int64_t bound = 2;; bound *= 2) {
    Automaton adder = explore(
        tracks_of({"x", "y", "z"}, k), {0, 0, 0},
        [&](const std::vector<std::int64_t>& q, const std::vector<unsigned>& d, auto emit) {
          std::vector<unsigned> next;
          if (q[0] == 0)
            for (unsigned i = 1; i <= last; ++i) next.push_back(i);
          else next = below(static_cast<unsigned>(q[0]));
          const std::int64_t diff = std::int64_t{d[0]} + d[1] - d[2];
          for (unsigned t : next) {
            const std::int64_t A = q[1] * a[t] + q[2] + diff, B = q[1];
            if (A >= -bound && A <= bound && B >= -bound && B <= bound) emit({t, A, B});
          }
        },
        [](const std::vector<std::int64_t>& q) { return q[0] == 0 || (q[0] == 1 && q[1] == 0); });
    adder = restrict_tracks(adder, valid, context);
    if (bound > 2 && equivalent(adder, previous, context)) break;
    if (bound > 4096) throw RangeError(fmt::format("ost {}: the adder does not close", name.substr(4)));
    previous = std::move(adder);
  }
  return from_automata(name, valid, previous, std::nullopt, context);
}

std::shared_ptr<const NumberSystem> NumberSystem::lsd_of(const std::shared_ptr<const NumberSystem>& msd,
                                                         const Context& context) {
  if (!msd->msd()) throw InputError(fmt::format("{} is already read least significant digit first", msd->name()));
  return SystemBuilder::lsd_partner(msd, context);
}

std::vector<unsigned> NumberSystem::integer_representation(std::int64_t n) const {
  if (!negative_) {
    if (n < 0) throw RangeError(fmt::format("{} has no representation of the negative number {}", name_, n));
    return representation(static_cast<std::uint64_t>(n));
  }
  std::vector<unsigned> d;
  if (name_.ends_with("_neg_fib")) {
    std::string text = numeration::negafibonacci_representation<std::int64_t>(n);
    if (text != "0")
      for (char c : text) d.push_back(static_cast<unsigned>(c - '0'));
    return d;
  }
  // Base −k: the last digit is n mod k (in 0 … k−1), and the rest represents (n − d)/(−k).
  auto k = static_cast<std::int64_t>(base_);
  while (n != 0) {
    std::int64_t r = ((n % k) + k) % k;
    d.push_back(static_cast<unsigned>(r));
    n = (n - r) / -k;
  }
  std::reverse(d.begin(), d.end());
  return d;
}

std::int64_t NumberSystem::integer_value(const std::vector<unsigned>& msd_digits) const {
  if (!negative_) {
    std::uint64_t v = value(msd_digits);
    if (v > static_cast<std::uint64_t>(INT64_MAX)) throw RangeError(fmt::format("a {} value beyond 2^63", name_));
    return static_cast<std::int64_t>(v);
  }
  if (auto v = weighted_sum(msd_digits, signed_weights_)) return *v;
  throw RangeError(fmt::format("a {} value beyond ±2^63", name_));
}

std::vector<unsigned> NumberSystem::representation(std::uint64_t n) const {
  if (negative_) {
    if (n > static_cast<std::uint64_t>(INT64_MAX)) throw RangeError(fmt::format("{}: a number beyond 2^63", name_));
    return integer_representation(static_cast<std::int64_t>(n));
  }
  std::vector<unsigned> d;
  if (custom_) {
    // Through the adder, as Walnut builds constants: n = ⌊n/2⌋ + ⌈n/2⌉, 1 = 0*1; the pair
    // (n, n + 1) from the pair (⌊n/2⌋, ⌊n/2⌋ + 1), so that each level costs two sums.
    auto sum = [&](const std::vector<unsigned>& x, const std::vector<unsigned>& y) {
      auto z = adder_sum(adder_, msd_, x, y);
      if (!z) throw RangeError(fmt::format("{}: the adder gives no sum for {}", name_, n));
      return *z;
    };
    std::vector<unsigned> low, high{1};  // the representations of m and m + 1, m = 0
    for (int bit = 63; bit >= 0; --bit) {
      if ((n >> bit) == 0) continue;
      // m → 2m or 2m + 1, by n's next bit.
      std::vector<unsigned> middle = sum(low, high);
      if ((n >> bit) & 1) low = middle, high = sum(high, high);
      else high = middle, low = sum(low, low);
    }
    return low;
  }
  std::string_view kind = std::string_view(name_).substr(4);
  std::string text;
  if (greedy_) {
    // Greedy on the weights: the largest digit at each place that keeps the rest below it.
    std::size_t top = 0;
    while (top < weights_.size() && weights_[top] <= n) ++top;
    for (std::size_t k = top; k-- > 0;) {
      auto q = static_cast<unsigned>(std::min<std::uint64_t>(n / weights_[k], base_ - 1));
      d.push_back(q);
      n -= q * weights_[k];
    }
    if (n != 0) throw RangeError(fmt::format("{}: no greedy representation of this number", name_));
    return d;
  }
  if (kind == "fib") text = numeration::zeckendorf_representation<std::uint64_t>(n);
  else if (kind == "trib") text = numeration::tribonacci_representation<std::uint64_t>(n);
  else {
    for (; n > 0; n /= base_) d.push_back(static_cast<unsigned>(n % base_));
    std::reverse(d.begin(), d.end());
    return d;
  }
  if (text == "0") return d;
  for (char c : text) d.push_back(static_cast<unsigned>(c - '0'));
  return d;
}

std::uint64_t NumberSystem::value(const std::vector<unsigned>& msd_digits) const {
  if (negative_) {
    std::int64_t v = integer_value(msd_digits);
    if (v < 0) throw RangeError(fmt::format("a negative {} value where a natural number is expected", name_));
    return static_cast<std::uint64_t>(v);
  }
  if (custom_) {
    // The numbers below w: the words u of w's length with u < w (the order is a bijection with
    // ℕ on valid words; from_automata checks that this count inverts representation()).
    std::vector<unsigned> w = msd_digits;
    if (!msd_) std::reverse(w.begin(), w.end());
    std::map<std::uint32_t, std::uint64_t> count{{less_.initial(), 1}}, next;
    for (unsigned wd : w) {
      next.clear();
      for (const auto& [q, c] : count)
        for (unsigned d = 0; d < base_; ++d) {
          auto& to = next[less_.next(q, less_.letter({d, wd}))];
          if (__builtin_add_overflow(to, c, &to)) throw RangeError(fmt::format("a {} value beyond 2^64", name_));
        }
      count.swap(next);
    }
    std::uint64_t v = 0;
    for (const auto& [q, c] : count)
      if (less_.accepting(q)) v += c;
    return v;
  }
  if (auto v = weighted_sum(msd_digits, weights_)) return *v;
  throw RangeError(fmt::format("a {} value beyond 2^64", name_));
}

Automaton NumberSystem::constant(std::uint64_t n, const Context& context) const {
  return digits_constant(representation(n), context);
}

Automaton NumberSystem::integer_constant(std::int64_t n, const Context& context) const {
  return digits_constant(integer_representation(n), context);
}

Automaton NumberSystem::digits_constant(std::vector<unsigned> rep, const Context& context) const {
  if (!msd_) std::reverse(rep.begin(), rep.end());
  auto len = static_cast<std::uint32_t>(rep.size());
  Automaton a({Track{"x", base_, nullptr}}, len + 2);  // states 0 … len, len + 1 dead
  std::uint32_t dead = len + 1;
  for (std::uint32_t q = 0; q <= dead; ++q)
    for (std::uint32_t d = 0; d < base_; ++d) a.set_next(q, d, dead);
  for (std::uint32_t i = 0; i < len; ++i) a.set_next(i, rep[i], i + 1);
  // Padding zeros: before the digits (msd), after them (lsd).
  if (msd_) a.set_next(0, 0, 0);
  else a.set_next(len, 0, len);
  a.set_output(len, 1);
  return attach(minimize(a, context));
}

Automaton NumberSystem::attach(Automaton a) const {
  for (std::size_t i = 0; i < a.tracks().size(); ++i) a.set_system(i, shared_from_this());
  return a;
}

}  // namespace qg::automata
