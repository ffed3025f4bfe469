// The claims of seed 003 §1 and §4 (Maharaja Nim) on the two-pile sweep, and (k, l)-Maharaja
// over Wythoff's certified automata.
#include <algorithm>
#include <initializer_list>
#include <string>

#include <fmt/format.h>

#include "papers/papers.hpp"
#include "queengames/numeration.hpp"
#include "queengames/twopile.hpp"

namespace qg::papers::maharaja_twopile {

using namespace twopile;  // the engine these claims check

namespace {

ClaimOutcome check_prop1_1(std::uint64_t bound, const ProgressFn& progress) {
  std::vector<std::uint8_t> seen;
  std::uint64_t last_a = 0;
  ClaimOutcome out{true, bound, ""};
  sweep_p_positions(
      Ruleset::parse("maharaja"), bound,
      [&](std::uint64_t n, std::uint64_t a, std::uint64_t b) {
        if (seen.size() <= b) seen.resize(2 * b + 2);
        if (n > 0 && (seen[a] || seen[b])) out = {false, n, fmt::format("({}, {}) shares a line", a, b)};
        seen[a] = seen[b] = 1;
        last_a = a;
        return out.pass;
      },
      progress);
  if (!out.pass) return out;
  for (std::uint64_t v = 0; v <= last_a; ++v)
    if (!seen[v]) return failed(bound, fmt::format("column {} has no P-position", v));
  out.detail = fmt::format("columns and rows 0..{} hold one each", last_a);
  return out;
}

ClaimOutcome check_theorem1_2(std::uint64_t bound, const ProgressFn& progress) {
  std::int64_t low = 0, high = 0;
  std::uint64_t at_low = 0, at_high = 0;
  sweep_p_positions(
      Ruleset::parse("maharaja"), bound,
      [&](std::uint64_t n, std::uint64_t a, std::uint64_t b) {
        std::int64_t d = static_cast<std::int64_t>(b - a) - static_cast<std::int64_t>(n);
        if (d < low) low = d, at_low = n;
        if (d > high) high = d, at_high = n;
        return true;
      },
      progress);
  return {low >= -4 && high <= 3, bound,
          fmt::format("b_n − a_n − n ranges over [{}, {}], first reached at n = {} and n = {}", low, high, at_low,
                      at_high)};
}

ClaimOutcome check_eq4(std::uint64_t bound, const ProgressFn& progress) {
  std::vector<std::uint8_t> used;
  std::uint64_t mex = 0, holds = 0, lag = 0;
  ClaimOutcome out{true, bound, ""};
  sweep_p_positions(
      Ruleset::parse("maharaja"), bound,
      [&](std::uint64_t n, std::uint64_t a, std::uint64_t b) {
        if (used.size() <= b - a) used.resize(2 * (b - a) + 2);
        if (used[b - a]) out = {false, n, fmt::format("diagonal {} is used twice", b - a)};
        used[b - a] = 1;
        while (mex < used.size() && used[mex]) ++mex;
        holds += mex == n + 1;  // {0..n} are exactly the first n+1 differences
        lag = std::max(lag, n + 1 - mex);
        return out.pass;
      },
      progress);
  if (!out.pass) return out;
  out.pass = lag <= 8;
  out.detail = fmt::format(
      "no diagonal twice; (4) holds for {} of {} n ({:.1f}%); the least unused "
      "diagonal lags n + 1 by at most {}",
      holds, bound, 100.0 * static_cast<double>(holds) / static_cast<double>(bound), lag);
  return out;
}

ClaimOutcome check_kl_pairs(std::uint64_t bound, const ProgressFn& progress) {
  const std::uint64_t count = 40 * bound;
  auto wythoff = sweep_p_positions(Ruleset::parse("wythoff"), count);
  // Wythoff and dual Wythoff pairs from the game itself: the extreme differences
  // (a_{i+m} − a_i, b_{i+m} − b_i) of its P-positions (seed 003 (1)).
  std::vector<Position> pairs, all;
  for (std::uint64_t m = 1; m <= bound; ++m) {
    std::uint64_t lo = UINT64_MAX, hi = 0;
    for (std::uint64_t i = 0; i + m < wythoff.size(); ++i)
      lo = std::min(lo, wythoff[i + m].x - wythoff[i].x), hi = std::max(hi, wythoff[i + m].x - wythoff[i].x);
    pairs.push_back({lo, lo + m});  // (⌊mφ⌋, ⌊mφ²⌋)
    pairs.push_back({hi, hi + m});  // (⌈mφ⌉, ⌈mφ²⌉)
  }
  for (auto p : wythoff) all.push_back(p), all.push_back({p.y, p.x});
  std::sort(all.begin(), all.end());
  auto is_p = [&](Position q) { return std::binary_search(all.begin(), all.end(), q); };
  std::uint64_t differ = 0, extra = 0;
  std::string extras;
  Poller poller(progress, bound);  // l by l
  for (std::uint64_t l = 2; l < bound; ++l)
    for (std::uint64_t k = 1; k < l; ++k) {
      auto game = sweep_p_positions(Ruleset::parse(fmt::format("kl-maharaja:{},{}", k, l)), count);
      bool differs = game != wythoff;
      bool pair = std::find(pairs.begin(), pairs.end(), Position{k, l}) != pairs.end();
      bool joins = false;  // some P-position (x, y) with (x + k, y + l) a P-position too
      for (auto p : all)
        if (p.x + k < count && p.y + l < count) joins |= is_p({p.x + k, p.y + l});
      differ += differs;
      if (pair && !differs) return failed(l, fmt::format("({},{}) is a (dual) Wythoff pair but changes nothing", k, l));
      if (differs != joins)
        return failed(l, fmt::format("({},{}): differs = {}, joins two P-positions = {}", k, l, differs, joins));
      if (differs && !pair && extra++ < 6) extras += fmt::format(" ({},{})", k, l);
      poller.tick(l);
    }
  return passed(bound, fmt::format("{} of the pairs k < l < {} change the P-positions: the {} (dual) "
                                   "Wythoff pairs and {} more that join an upper and a lower P-position, "
                                   "e.g.{} (the text's 'only if' fails)",
                                   differ, bound, differ - extra, extra, extras));
}

// Seed 003 §4 ([La]) over Wythoff's certified automata (msd_fib). Wythoff's P-positions W are
// the kernel of its moves; adding the jumps (k, l) and (l, k) keeps W absorbing, so W stays the
// P-positions (the only kernel: moves decrease x + y) iff it stays independent, iff no jump joins
// two members of W.
const std::string kWythoffSet = proof_text("maharaja/wythoff_set");
const std::string kKlPairsProof = std::string(kWythoffSet) + proof_text("maharaja/kl_pairs");
// The (dual) Wythoff pairs (⌊nφ⌋, ⌊nφ²⌋) and (⌈nφ⌉, ⌈nφ²⌉) = (a_n + 1, b_n + 1), n ≥ 1.
const std::string kKlWythoffPairsProof = std::string(kWythoffSet) + proof_text("maharaja/kl_wythoff_pairs");
// Seed 003 (2)–(4) for Wythoff Nim: one P-position on every diagonal y − x = c, and
// {0, …, n} = {b_i − a_i : i ≤ n}.
const std::string kWythoffDiagonalsProof = std::string(kWythoffSet) + proof_text("maharaja/wythoff_diagonals");

// (1,4) joins (2,1) and (3,5), and every (dual) Wythoff pair with l < bound joins two Wythoff
// P-positions, by ⌊nφ⌋ (numeration::floor_n_phi) and the sweep's P-positions.
ClaimOutcome check_kl_wythoff_pairs(std::uint64_t bound, const ProgressFn& progress) {
  auto wythoff = sweep_p_positions(Ruleset::parse("wythoff"), 40 * bound, progress);
  std::vector<Position> all;
  for (auto p : wythoff) all.push_back(p), all.push_back({p.y, p.x});
  std::sort(all.begin(), all.end());
  auto is_p = [&](Position q) { return std::binary_search(all.begin(), all.end(), q); };
  auto joins = [&](std::uint64_t k, std::uint64_t l) {
    return std::any_of(all.begin(), all.end(), [&](Position p) {
      return p.y < 30 * bound && is_p({p.x + k, p.y + l});
    });
  };
  if (!joins(1, 4) || !is_p({2, 1}) || !is_p({3, 5})) return failed(0, "(1,4) does not join (2,1) and (3,5)");
  std::uint64_t pairs = 0;
  for (std::uint64_t n = 1;; ++n) {
    const std::uint64_t a = numeration::floor_n_phi<std::uint64_t>(n), b = a + n;
    if (b + 1 >= bound) break;
    for (auto [k, l] : {std::pair{a, b}, std::pair{a + 1, b + 1}}) {
      if (!joins(k, l)) return failed(l, fmt::format("the (dual) Wythoff pair ({},{}) joins no two P-positions", k, l));
      ++pairs;
    }
  }
  return passed(bound, fmt::format("{} (dual) Wythoff pairs with l < {} join two P-positions; so does (1,4), which is "
                                   "neither: (2,1) → (3,5)",
                                   pairs, bound));
}

// (2)–(4) for Wythoff Nim along its sweep: b_i − a_i = i, so every diagonal is met once.
ClaimOutcome check_wythoff_diagonals(std::uint64_t bound, const ProgressFn& progress) {
  ClaimOutcome out = passed(bound, fmt::format("b_i − a_i = i for i < {}: (4), one P-position per diagonal", bound));
  sweep_p_positions(
      Ruleset::parse("wythoff"), bound,
      [&](std::uint64_t n, std::uint64_t a, std::uint64_t b) {
        if (b - a != n) out = failed(n, fmt::format("b_{} − a_{} = {}", n, n, b - a));
        return out.pass;
      },
      progress);
  return out;
}

}  // namespace

std::vector<Claim> claims() {
  return {
      Claim{.id = "maharaja.prop1_1",
            .source = "seed 003, Proposition 1.1",
            .kind = ClaimKind::proposition,
            .statement = "Maharaja Nim has exactly one P-position in every row and column",
            .unit = "P-positions",
            .bounds = {.tour = 200'000, .standard = 10'000'000, .deep = 50'000'000, .max = 2'000'000'000},
            .check = check_prop1_1},
      Claim{.id = "maharaja.theorem1_2",
            .source = "seed 003, Theorem 1.2 (§2: b_n − a_n − n bounded)",
            .kind = ClaimKind::theorem,
            .statement = "Maharaja Nim's upper P-positions satisfy −4 ≤ b_n − a_n − n ≤ 3",
            .unit = "P-positions",
            .bounds = {.tour = 200'000, .standard = 10'000'000, .deep = 50'000'000, .max = 2'000'000'000},
            .check = check_theorem1_2},
      Claim{.id = "maharaja.eq4",
            .source = "seed 003, (2), (4) and §2",
            .kind = ClaimKind::observation,
            .statement =
                "Maharaja Nim uses every diagonal y − x = C exactly once; (4) {0..n} = {b_i − a_i : i ≤ n} holds "
                "for most n",
            .unit = "P-positions",
            .bounds = {.tour = 200'000, .standard = 10'000'000, .deep = 50'000'000, .max = 2'000'000'000},
            .check = check_eq4},
      Claim{.id = "maharaja.kl_pairs",
            .source = "seed 003, §4 (citing [La])",
            .kind = ClaimKind::theorem,
            .statement =
                "(k,l)-Maharaja's P-positions are Wythoff's exactly when the jump (k,l) joins no two Wythoff "
                "P-positions (proved: Wythoff's P-positions are the kernel of the (k,l)-game iff no jump joins "
                "two; checked: differs iff joins, game by game)",
            .unit = "largest l",
            .bounds = {.tour = 12, .standard = 30, .deep = 30, .max = 200},
            .check = check_kl_pairs,
            .proof = kKlPairsProof},
      Claim{.id = "maharaja.kl_wythoff_pairs",
            .source = "seed 003, §4 (citing [La])",
            .kind = ClaimKind::remark,
            .statement = "every Wythoff pair (⌊nφ⌋,⌊nφ²⌋) and dual pair (⌈nφ⌉,⌈nφ²⌉) joins two Wythoff P-positions, so "
                         "its (k,l)-Maharaja differs from Wythoff (the text's 'if'); the 'only if' fails: (1,4) joins "
                         "(2,1) and (3,5) but is neither",
            .unit = "largest l",
            .bounds = {.tour = 200, .standard = 2000, .deep = 20000, .max = 100000},
            .check = check_kl_wythoff_pairs,
            .proof = kKlWythoffPairsProof},
      Claim{.id = "maharaja.wythoff_diagonals",
            .source = "seed 003, (1)–(4)",
            .kind = ClaimKind::equation,
            .statement =
                "Wythoff Nim has exactly one P-position on every diagonal y − x = c, and {0, …, n} = {b_i − a_i "
                ": i ≤ n} (4)",
            .unit = "P-positions",
            .bounds = {.tour = 100'000, .standard = 5'000'000, .deep = 10'000'000, .max = 1'000'000'000},
            .check = check_wythoff_diagonals,
            .proof = kWythoffDiagonalsProof},
  };
}

}  // namespace qg::papers::maharaja_twopile
