// Rulesets: move families, their options and the parser of ruleset names.
#include <algorithm>
#include <cctype>

#include <fmt/format.h>

#include "queengames/io.hpp"
#include "queengames/twopile.hpp"

namespace qg::twopile {
namespace {

template <class... F>
struct Overloaded : F... {
  using F::operator()...;
};
template <class... F>
Overloaded(F...) -> Overloaded<F...>;

std::uint64_t absdiff(std::uint64_t a, std::uint64_t b) { return a > b ? a - b : b - a; }

// Fraenkel's condition on the amounts u, v ≥ 1 taken from the two piles (seed 001 §4).
bool widened_amounts(const Widened& w, std::uint64_t u, std::uint64_t v) {
  if (u == 0 || v == 0) return false;
  return absdiff(u, v) < (w.s - 1) * std::min(u, v) + w.t;
}

bool widened_move(const Widened& w, Position f, Position t) {
  if (t.x > f.x || t.y > f.y || !widened_amounts(w, f.x - t.x, f.y - t.y)) return false;
  // The limited k-Queen may not stroll from outside the band |x − y| ≤ j into it.
  if (w.limit && f.x - t.x != f.y - t.y && absdiff(f.x, f.y) > *w.limit && absdiff(t.x, t.y) <= *w.limit) return false;
  return true;
}

// The antidiagonals d (x + y = d) a k-Queen Dee reaches from (x, y) by reflection.
template <class F>
void reflected_antidiagonals(std::uint64_t k, Position f, F&& each) {
  auto within = [&](std::uint64_t d, std::uint64_t c) { return absdiff(d, c) <= k - 1; };
  for (std::uint64_t d = 1; d < f.x + f.y; ++d) {
    // Side point (0, d): reached with u = x, v = y − d; side point (d, 0) with u = x − d, v = y.
    bool left = d <= f.y && within(d + f.x, f.y);    // |u − v| = |x − y + d|
    bool bottom = d <= f.x && within(d + f.y, f.x);  // |u − v| = |x − d − y|
    if (left || bottom) each(d);
  }
}

bool reflect_move(const Reflect& r, Position f, Position t) {
  std::uint64_t d = t.x + t.y;
  if (d == 0 || d >= f.x + f.y) return false;
  bool left = d <= f.y && absdiff(d + f.x, f.y) <= r.k - 1;
  bool bottom = d <= f.x && absdiff(d + f.y, f.x) <= r.k - 1;
  return left || bottom;
}

bool bounce_move(Position f, Position t) {
  // The diagonal from (x, y), y > x > 0, meets the side at (0, y − x); she then runs along
  // that row while the Manhattan distance decreases: i + (y − x) < x + y, i.e. i < 2x.
  if (f.y > f.x && f.x > 0) return t.y == f.y - f.x && t.x >= 1 && t.x < 2 * f.x;
  if (f.x > f.y && f.y > 0) return t.x == f.x - f.y && t.y >= 1 && t.y < 2 * f.y;
  return false;
}

[[noreturn]] void bad_ruleset(std::string_view text, const std::string& why) {
  throw InputError(fmt::format("ruleset '{}': {}", text, why));
}

std::string trim_quotes(std::string_view text) {
  std::string out;
  for (char c : text)
    if (!std::isspace(static_cast<unsigned char>(c)) && c != '"' && c != '\'') out.push_back(c);
  return out;
}

// "(1,2),(2,1)" → {(1,2), (2,1)}.
std::vector<Position> parse_jumps(std::string_view list, std::string_view whole) {
  std::vector<Position> jumps;
  std::size_t i = 0;
  auto number = [&](char end) {
    std::size_t j = list.find(end, i);
    if (j == std::string_view::npos || j == i)
      bad_ruleset(whole, fmt::format("a jump list is written (P,Q),(Q,P),… with natural numbers P, Q"));
    std::string_view digits = list.substr(i, j - i);
    if (digits.front() == '-')
      bad_ruleset(whole, fmt::format("the jump coordinate {} is negative: a jump must not increase a pile", digits));
    std::uint64_t v = 0;
    try {
      v = parse_u64(digits, 0, std::uint64_t{1} << 31);
    } catch (const InputError& e) {
      bad_ruleset(whole, fmt::format("bad jump coordinate: {}", e.what()));
    }
    i = j + 1;
    return v;
  };
  if (list.empty()) bad_ruleset(whole, "the jump list is empty; write e.g. jumps:(1,2),(2,1)");
  while (i < list.size()) {
    if (list[i] != '(') bad_ruleset(whole, "a jump list is written (P,Q),(Q,P),… with natural numbers P, Q");
    ++i;
    std::uint64_t p = number(',');
    std::uint64_t q = number(')');
    jumps.push_back({p, q});
    if (i < list.size()) {
      if (list[i] != ',') bad_ruleset(whole, "jumps are separated by commas: (P,Q),(Q,P)");
      ++i;
    }
  }
  return jumps;
}

std::vector<std::uint64_t> parse_params(std::string_view params, std::string_view whole, std::string_view name,
                                        const std::vector<std::pair<const char*, std::uint64_t>>& spec) {
  std::vector<std::string_view> parts;
  if (!params.empty()) {
    std::size_t i = 0;
    while (true) {
      std::size_t j = params.find(',', i);
      parts.push_back(params.substr(i, j == std::string_view::npos ? std::string_view::npos : j - i));
      if (j == std::string_view::npos) break;
      i = j + 1;
    }
  }
  std::string usage(name);
  for (std::size_t k = 0; k < spec.size(); ++k)
    fmt::format_to(std::back_inserter(usage), "{}{}", k ? ',' : ':', spec[k].first);
  if (parts.size() != spec.size())
    bad_ruleset(
        whole, fmt::format("{} takes {} parameter{}: write {}", name, spec.size(), spec.size() == 1 ? "" : "s", usage));
  std::vector<std::uint64_t> values;
  for (std::size_t k = 0; k < spec.size(); ++k) {
    auto [label, min] = spec[k];
    if (!parts[k].empty() && parts[k].front() == '-')
      bad_ruleset(whole,
                  fmt::format("{} = {} is negative: {} must be a natural number ≥ {}", label, parts[k], label, min));
    try {
      values.push_back(parse_u64(parts[k], min, std::uint64_t{1} << 31));
    } catch (const InputError& e) {
      bad_ruleset(whole, fmt::format("{} must be a natural number ≥ {}: {}", label, min, e.what()));
    }
  }
  return values;
}

constexpr std::uint64_t kMaxT2t = 1'000'000;
// The sweep tries every stroll d < T at each cell, so its time grows with T (30 P-positions:
// T = 1000 in 0.08 s, 10^4 in 3.9 s); past the diagonals a game reaches, T changes nothing.
// The same holds for the K-Queen's stroll |u − v| ≤ K − 1 (kqueen, limited-kqueen):
// kqueen:10^5 took 52 s for 5 P-positions, kqueen:1000 takes 0.17 s for 30. Reflecting the
// stroll also tries 2K antidiagonals at each cell, and the sweep runs on until the sums
// certify the columns: kqueen-dee:100 takes 0.47 s for 30 P-positions, 200 2.4 s, 1000 250 s.
constexpr std::uint64_t kMaxStroll = 1000, kMaxReflectedStroll = 100, kMaxSlope = 1000;

// One term of a ruleset name: its families.
std::vector<MoveFamily> parse_term(std::string_view term, std::string_view whole) {
  auto colon = term.find(':');
  std::string_view name = term.substr(0, colon);
  std::string_view params = colon == std::string_view::npos ? std::string_view{} : term.substr(colon + 1);
  auto params_of = [&](const std::vector<std::pair<const char*, std::uint64_t>>& spec) {
    if (colon != std::string_view::npos && spec.empty())
      bad_ruleset(whole, fmt::format("{} takes no parameters", name));
    return parse_params(params, whole, name, spec);
  };
  auto knight = [](std::uint64_t k, std::uint64_t l) { return Jumps{{{k, l}, {l, k}}}; };
  if (name == "wythoff") return params_of({}), std::vector<MoveFamily>{Rook{}, Widened{}};
  // The stroll's reach (K or T) within its bound.
  auto stroll = [&](const char* form, char letter, std::uint64_t reach, std::uint64_t max = kMaxStroll) {
    if (reach > max)
      throw RangeError(
          fmt::format("ruleset '{}': {} supports {} ≤ {} (got {}): the sweep tries every stroll up to {} at each cell",
                      whole, form, letter, max, reach, letter));
    return reach;
  };
  if (name == "kqueen") {
    auto v = params_of({{"K", 1}});
    return {Rook{}, Widened{1, stroll("kqueen:K", 'K', v[0]), {}}};
  }
  if (name == "st-wythoff") {
    auto v = params_of({{"S", 1}, {"T", 1}});
    // b_n ≥ S·a_n, and the sweep keeps a table entry per diagonal y − x it reaches: with S in
    // the millions a pilot of a few thousand P-positions filled gigabytes (found by fuzzing).
    if (v[0] > kMaxSlope)
      throw RangeError(
          fmt::format("ruleset '{}': st-wythoff:S,T supports S ≤ {} (got {}): its P-positions have "
                      "b ≥ S·a, and the sweep keeps an entry per diagonal it reaches",
                      whole, kMaxSlope, v[0]));
    return {Rook{}, Widened{v[0], stroll("st-wythoff:S,T", 'T', v[1]), {}}};
  }
  if (name == "queen-bee") return params_of({}), std::vector<MoveFamily>{Rook{}, Widened{}, Bounce{}};
  if (name == "queen-dee") return params_of({}), std::vector<MoveFamily>{Rook{}, Widened{}, Reflect{1}};
  if (name == "kqueen-dee") {
    auto v = params_of({{"K", 1}});
    return {Rook{}, Widened{1, stroll("kqueen-dee:K", 'K', v[0], kMaxReflectedStroll), {}}, Reflect{v[0]}};
  }
  if (name == "limited-kqueen") {
    auto v = params_of({{"K", 1}, {"J", 0}});
    if (v[1] >= v[0])
      bad_ruleset(whole, fmt::format("limited-kqueen:K,J needs K > J ≥ 0 (got K={}, J={})", v[0], v[1]));
    return {Rook{}, Widened{1, stroll("limited-kqueen:K,J", 'K', v[0]), v[1]}};
  }
  if (name == "maharaja") return params_of({}), std::vector<MoveFamily>{Rook{}, Widened{}, knight(1, 2)};
  if (name == "kl-maharaja") {
    auto v = params_of({{"K", 0}, {"L", 0}});
    if (v[0] + v[1] == 0) bad_ruleset(whole, "kl-maharaja:K,L needs K + L > 0");
    return {Rook{}, Widened{}, knight(v[0], v[1])};
  }
  if (name == "t2t") {
    auto v = params_of({{"T", 1}});
    // The sweep tries every jump (t, 2t) with t up to the column at each candidate row, so
    // columns past 10^6 take hours whatever T is; a larger T only costs memory (68 bytes a t).
    if (v[0] > kMaxT2t)
      throw RangeError(
          fmt::format("ruleset '{}': t2t:T supports T ≤ 10^6 (got {}): the jump (t,2t) first matters in column t, "
                      "and the sweep does not reach column 10^6 in reasonable time with that many jumps",
                      whole, v[0]));
    Jumps jumps;
    for (std::uint64_t t = 1; t <= v[0]; ++t) {
      jumps.moves.push_back({t, 2 * t});
      jumps.moves.push_back({2 * t, t});
    }
    return {Rook{}, Widened{}, jumps};
  }
  if (name == "jumps") {
    if (colon == std::string_view::npos) bad_ruleset(whole, "jumps needs a list: jumps:(1,2),(2,1)");
    return {Jumps{parse_jumps(params, whole)}};
  }
  bad_ruleset(whole, fmt::format("unknown ruleset '{}'; known: wythoff, kqueen:K, st-wythoff:S,T, queen-bee, "
                                 "queen-dee, kqueen-dee:K, limited-kqueen:K,J, maharaja, kl-maharaja:K,L, t2t:T, "
                                 "jumps:(P,Q),…, terminal:K",
                                 name));
}

}  // namespace

std::string describe(const MoveFamily& family) {
  return std::visit(
      Overloaded{
          [](const Rook&) -> std::string { return "rook"; },
          [](const Widened& w) -> std::string {
            std::string limit = w.limit ? fmt::format(", limited to the band |x-y| <= {}", *w.limit) : "";
            if (w.s == 1 && w.t == 1) return "diagonal";
            if (w.s == 1) return fmt::format("{}-queen stroll (|u-v| <= {}){}", w.t, w.t - 1, limit);
            return fmt::format("widened diagonal (s,t)=({},{}): |u-v| < {}*min(u,v)+{}", w.s, w.t, w.s - 1, w.t);
          },
          [](const Bounce&) -> std::string { return "bounce (Queen Bee)"; },
          [](const Reflect& r) -> std::string {
            return r.k == 1 ? "reflection (Queen Dee)" : fmt::format("reflection of the {}-queen stroll", r.k);
          },
          [](const Jumps& j) -> std::string {
            std::string out = "jumps";
            for (std::size_t i = 0; i < j.moves.size(); ++i)
              out += fmt::format("{}({},{})", i ? "," : " ", j.moves[i].x, j.moves[i].y);
            return out;
          },
      },
      family);
}

Ruleset::Ruleset(std::string name, std::vector<MoveFamily> families, std::uint64_t terminal)
    : name_(std::move(name)), families_(std::move(families)), terminal_(terminal) {
  if (terminal_ > kMaxTerminal)
    throw InputError(fmt::format("{}: a terminal set x + y ≤ K supports K ≤ 10^6 (got {})", name_, terminal_));
  // The sweep and the first-order rule know the terminal set with Wythoff's own moves only:
  // another family would reach it along lines they do not look at.
  const auto foreign = std::find_if(families_.begin(), families_.end(), [](const MoveFamily& f) {
    return !std::holds_alternative<Rook>(f) && f != MoveFamily{Widened{}};
  });
  if (terminal_ > 0 && foreign != families_.end())
    throw InputError(
        fmt::format("{}: a terminal set x + y ≤ K composes with Wythoff's moves only (wythoff), not with {}", name_,
                    describe(*foreign)));
  for (auto& f : families_) {
    if (auto* w = std::get_if<Widened>(&f)) {
      if (w->s == 0 || w->t == 0) throw InputError(name_ + ": a widened diagonal needs s, t ≥ 1");
      if (w->limit && w->s != 1) throw InputError(name_ + ": a limit applies to the k-Queen stroll only (s = 1)");
    }
    if (auto* r = std::get_if<Reflect>(&f); r && r->k == 0) throw InputError(name_ + ": a reflection needs k ≥ 1");
    if (auto* j = std::get_if<Jumps>(&f)) {
      // Sorted and without repeats, so that the mirror test here and is_move() are binary
      // searches: t2t:T has 2T jumps, and a linear search per jump made set-up quadratic.
      std::sort(j->moves.begin(), j->moves.end());
      j->moves.erase(std::unique(j->moves.begin(), j->moves.end()), j->moves.end());
      for (auto m : j->moves) {
        if (m.x == 0 && m.y == 0) throw InputError(name_ + ": the jump (0,0) does not decrease the position");
        if (!std::binary_search(j->moves.begin(), j->moves.end(), Position{m.y, m.x}))
          throw InputError(fmt::format("{}: the jump ({},{}) needs its mirror ({},{}): the games here are symmetric",
                                       name_, m.x, m.y, m.y, m.x));
      }
    }
  }
}

Ruleset Ruleset::parse(std::string_view text) {
  std::string clean = trim_quotes(text);
  if (clean.empty()) bad_ruleset(text, "empty ruleset name");
  std::vector<MoveFamily> families;
  std::optional<std::uint64_t> terminal;
  std::size_t start = 0;
  int depth = 0;
  for (std::size_t i = 0; i <= clean.size(); ++i) {
    if (i < clean.size() && clean[i] == '(') ++depth;
    if (i < clean.size() && clean[i] == ')') --depth;
    if (i == clean.size() || (clean[i] == '+' && depth == 0)) {
      if (i == start) bad_ruleset(text, "empty term around '+'");
      const std::string_view term = std::string_view(clean).substr(start, i - start);
      if (term.starts_with("terminal:") || term == "terminal") {
        // Wythoff's moves with the terminal set x + y ≤ K (arXiv 2605.01435).
        const auto colon = term.find(':');
        const auto k = parse_params(colon == std::string_view::npos ? std::string_view{} : term.substr(colon + 1), text,
                                    "terminal", {{"K", 0}})[0];
        if (k > kMaxTerminal)
          throw RangeError(fmt::format(
              "ruleset '{}': terminal:K supports K ≤ 10^6 (got {}): its P-positions outside the set begin at "
              "(K+1, 2K+2), and the sweep walks the columns up to K one at a time",
              text, k));
        if (terminal && *terminal != k) bad_ruleset(text, "two terminal sets");
        terminal = k;
        for (MoveFamily f : {MoveFamily{Rook{}}, MoveFamily{Widened{}}})
          if (std::find(families.begin(), families.end(), f) == families.end()) families.push_back(std::move(f));
      } else {
        for (auto& f : parse_term(term, text))
          if (std::find(families.begin(), families.end(), f) == families.end()) families.push_back(std::move(f));
      }
      start = i + 1;
    }
  }
  if (depth != 0) bad_ruleset(text, "unbalanced parentheses");
  try {
    return Ruleset(clean, std::move(families), terminal.value_or(0));
  } catch (const InputError& e) {
    bad_ruleset(text, e.what());
  }
}

std::vector<std::string> Ruleset::syntax() {
  return {
      "wythoff             Wythoff Nim: rook + diagonal (Corner the Lady)",
      "kqueen:K            Holladay's k-Queen: rook + stroll |u-v| <= K-1, K <= 1000 (seed 001 §1)",
      "st-wythoff:S,T      Fraenkel's (S,T)-Wythoff: rook + |u-v| < (S-1)min(u,v)+T, S, T <= 1000 (seed 001 §4)",
      "queen-bee           rook + diagonal + bounce (seed 001 §2)",
      "queen-dee           rook + diagonal + reflection (seed 001 §3)",
      "kqueen-dee:K        K-Queen + reflection of her stroll; K=2 is the 2-Queen Dee, K <= 100 (seed 001 §3)",
      "limited-kqueen:K,J  K-Queen that may not stroll into the band |x-y| <= J from outside, K <= 1000 (seed 001 §4)",
      "maharaja            Maharaja Nim: Wythoff + knight jumps (1,2),(2,1) (seed 003 §1)",
      "kl-maharaja:K,L     Wythoff + jumps (K,L),(L,K) (seed 003 §4)",
      "t2t:T               Wythoff + jumps (t,2t),(2t,t) for t = 1..T, T <= 10^6 (seed 003 Figure 9)",
      "jumps:(P,Q),...     a finite jump set; compose with '+', e.g. wythoff+jumps:(1,2),(2,1)",
      "terminal:K          Wythoff whose positions x+y <= K are terminal (P-positions), K <= 10^6; composes with "
      "wythoff only (arXiv 2605.01435)",
  };
}

bool Ruleset::monotone() const {
  return std::none_of(families_.begin(), families_.end(), [](const MoveFamily& f) {
    return std::holds_alternative<Bounce>(f) || std::holds_alternative<Reflect>(f);
  });
}

bool Ruleset::is_move(Position f, Position t) const {
  if (t == f || is_terminal(f)) return false;
  for (const auto& family : families_) {
    bool hit =
        std::visit(Overloaded{
                       [&](const Rook&) { return (t.x == f.x && t.y < f.y) || (t.y == f.y && t.x < f.x); },
                       [&](const Widened& w) { return widened_move(w, f, t); },
                       [&](const Bounce&) { return bounce_move(f, t); },
                       [&](const Reflect& r) { return reflect_move(r, f, t); },
                       [&](const Jumps& j) {
                         return t.x <= f.x && t.y <= f.y &&
                                std::binary_search(j.moves.begin(), j.moves.end(), Position{f.x - t.x, f.y - t.y});
                       },
                   },
                   family);
    if (hit) return true;
  }
  return false;
}

void Ruleset::options(Position f, std::vector<Position>& out) const {
  out.clear();
  if (is_terminal(f)) return;  // the game ends in its terminal set
  for (const auto& family : families_) {
    std::visit(Overloaded{
                   [&](const Rook&) {
                     for (std::uint64_t x = 0; x < f.x; ++x) out.push_back({x, f.y});
                     for (std::uint64_t y = 0; y < f.y; ++y) out.push_back({f.x, y});
                   },
                   [&](const Widened& w) {
                     // For each u the allowed v form the interval (u − t)/s < v < s·u + t.
                     for (std::uint64_t u = 1; u <= f.x; ++u) {
                       std::uint64_t lo = u >= w.t ? (u - w.t) / w.s + 1 : 1;
                       std::uint64_t hi = std::min(f.y, w.s * u + w.t - 1);
                       for (std::uint64_t v = lo; v <= hi; ++v)
                         if (widened_move(w, f, {f.x - u, f.y - v})) out.push_back({f.x - u, f.y - v});
                     }
                   },
                   [&](const Bounce&) {
                     if (f.y > f.x && f.x > 0)
                       for (std::uint64_t i = 1; i < 2 * f.x; ++i) out.push_back({i, f.y - f.x});
                     if (f.x > f.y && f.y > 0)
                       for (std::uint64_t j = 1; j < 2 * f.y; ++j) out.push_back({f.x - f.y, j});
                   },
                   [&](const Reflect& r) {
                     reflected_antidiagonals(r.k, f, [&](std::uint64_t d) {
                       for (std::uint64_t i = 0; i <= d; ++i) out.push_back({i, d - i});
                     });
                   },
                   [&](const Jumps& j) {
                     // The jumps are sorted by x (the constructor): those with x > f.x come
                     // last, so a position near the corner looks at a few of t2t's 2T jumps.
                     for (auto m : j.moves) {
                       if (m.x > f.x) break;
                       if (m.y <= f.y) out.push_back({f.x - m.x, f.y - m.y});
                     }
                   },
               },
               family);
  }
}

}  // namespace qg::twopile
