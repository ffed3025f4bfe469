// The claims of seed 004 (Cook, Larsson, Neary): Theorem 2.1, the reversed rule of §2.3 and
// the observations of §2.2 and §3 about the self-organised regions, each measured.
#include "papers/papers.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <functional>
#include <map>
#include <random>
#include <string>

#include "blocking/regions.hpp"
#include "queengames/blocking.hpp"
#include "queengames/numeration.hpp"

namespace qg::papers::blocking_paper {

namespace {

using namespace qg::blocking;
using namespace qg::blocking::detail;

std::string percent(std::uint64_t part, std::uint64_t whole) {
  return whole ? fmt::format("{:.2f}%", 100.0 * static_cast<double>(part) / static_cast<double>(whole)) : "-";
}

// Theorem 2.1: the CA from the initial condition gives v − k at every cell (so a cell is a
// P-position iff the CA is negative there), for k = 1..50 and some larger games.
ClaimOutcome check_theorem2_1(std::uint64_t n, const ProgressFn& progress) {
  std::vector<std::uint64_t> games;
  for (std::uint64_t k = 1; k <= 50; ++k) games.push_back(k);
  for (std::uint64_t k : {100, 333, 334, 497, 500, 1000}) games.push_back(k);
  std::uint64_t done = 0;
  for (std::uint64_t k : games) {
    PalaceRows rows(k, n);
    CaRows ca(k, n);
    for (std::uint64_t y = 0; y < n; ++y) {
      const auto& v = rows.next();
      auto s = ca.next();
      for (std::uint64_t x = 0; x < n; ++x)
        if (static_cast<std::int64_t>(v[x]) - static_cast<std::int64_t>(k) != s[x])
          return failed(n, fmt::format("k = {}: CA({},{}) = {} but v − k = {}", k, x, y, s[x],
                                       static_cast<std::int64_t>(v[x]) - static_cast<std::int64_t>(k)));
    }
    if (progress) progress(++done, games.size());
  }
  return passed(n, fmt::format("CA = v − k cell for cell on {}×{} for k = 1..50, 100, 333, 334, 497, 500, 1000", n, n));
}

// §2.3: the reversed rule a + p_a = g − f − e + c + b − p_bcdef has one or two solutions for
// every b..g, each of which the forward rule maps back to g (no Garden of Eden); on true
// evolutions the actual a is among them.
ClaimOutcome check_reverse(std::uint64_t samples, const ProgressFn& progress) {
  std::mt19937_64 random(2004);
  std::uniform_int_distribution<std::int64_t> state(-40, 40);
  std::uint64_t two = 0;
  Poller poller(progress, samples);
  for (std::uint64_t i = 0; i < samples; ++i) {
    std::int64_t b = state(random), c = state(random), d = state(random), e = state(random), f = state(random),
                 g = state(random);
    auto p = ca_reverse(b, c, d, e, f, g);
    if (p.count < 1 || p.count > 2) return failed(i, fmt::format("{} predecessors", p.count));
    for (int j = 0; j < p.count; ++j)
      if (ca_rule(p.value[j], b, c, d, e, f) != g)
        return failed(i, fmt::format("a = {} does not map back to g = {}", p.value[j], g));
    two += p.count == 2;
    poller.tick(i);
  }
  // True evolutions (k = 5 and 100 on 300×300): reverse every cell with a full neighbourhood.
  std::uint64_t cells = 0, ambiguous = 0;
  for (std::uint64_t k : {5, 100}) {
    const std::uint64_t n = 300;
    auto t = palace_table(k, n, n, Engine::ca);
    auto s = [&](std::uint64_t x, std::uint64_t y) {
      return static_cast<std::int64_t>(t[y * n + x]) - static_cast<std::int64_t>(k);
    };
    for (std::uint64_t y = 2; y < n; ++y)
      for (std::uint64_t x = 2; x < n; ++x) {
        auto p = ca_reverse(s(x - 1, y - 2), s(x - 2, y - 1), s(x - 1, y - 1), s(x, y - 1), s(x - 1, y), s(x, y));
        std::int64_t a = s(x - 2, y - 2);
        if (p.value[0] != a && (p.count < 2 || p.value[1] != a))
          return failed(samples, fmt::format("k = {}: the reversed rule misses a = {} at ({},{})", k, a, x - 2, y - 2));
        ++cells, ambiguous += p.count == 2;
      }
  }
  return {true, samples,
          fmt::format("{} random neighbourhoods in −40..40: every one has a predecessor ({} two); "
                      "{} cells of games 5 and 100 reversed, {} of them with a free choice",
                      samples, percent(two, samples), cells, percent(ambiguous, cells))};
}

// §2.2: "when k = 500, only eight states are needed, ranging between −4 and 3" (after the
// hood). Measured on n×n for several k; the claim is checked for k = 500.
ClaimOutcome check_states(std::uint64_t n, const ProgressFn& progress) {
  std::string detail;
  bool pass = true;
  const std::uint64_t games[] = {100, 500, 1000, 2000};
  for (std::size_t i = 0; i < std::size(games); ++i) {
    auto r = states_outside_hood(games[i], n);
    detail += fmt::format("{}k = {}: {}..{} ({} first at ({},{}), {} at ({},{}))", i ? "; " : "", games[i], r.min,
                          r.max, r.min, r.first_min.x, r.first_min.y, r.max, r.first_max.x, r.first_max.y);
    if (games[i] == 500 && (r.min < -4 || r.max > 3)) pass = false;
    if (progress) progress(i + 1, std::size(games));
  }
  return {pass, n, fmt::format("states v − k outside the hood on {}×{}: {}", n, n, detail)};
}

// §3.2: in the hood, v = 2·min(x,y) + max(x,y) (one more per step along the higher
// coordinate, two along the lower), and the hood ends at the casing 2·min + max = k, the line
// from the nose (k/3, k/3) to the shoulders (0, k) and (k, 0), where v = k.
ClaimOutcome check_hood(std::uint64_t top, const ProgressFn& progress) {
  std::uint64_t hood_cells = 0, casing_cells = 0;
  for (std::uint64_t k = 1; k <= top; ++k) {
    const std::uint64_t n = k + 3;
    auto t = palace_table(k, n, n);
    for (std::uint64_t y = 0; y < n; ++y)
      for (std::uint64_t x = 0; x < n; ++x) {
        std::uint64_t h = 2 * std::min(x, y) + std::max(x, y), v = t[y * n + x];
        if (h < k && v != h)
          return failed(k - 1, fmt::format("k = {}: v({},{}) = {} in the hood, not 2·min + max = {}", k, x, y, v, h));
        if (h == k && v != k)
          return failed(k - 1, fmt::format("k = {}: v({},{}) = {} on the casing, not k", k, x, y, v));
        hood_cells += h < k, casing_cells += h == k;
      }
    if (progress) progress(k, top);
  }
  return passed(top, fmt::format("k = 1..{}: {} hood cells have v = 2·min + max, {} casing cells v = k", top,
                                 hood_cells, casing_cells));
}

// §3.2: the épaulettes are periodic with periods (5,1) and (4,3); in a period of 11 cells
// k − 1 appears five times, k and k + 1 three times each. 11 consecutive cells of a row are
// a period (the lattice has determinant 11 and (11, 0) is its shortest horizontal vector).
ClaimOutcome check_epaulette(std::uint64_t top, const ProgressFn& progress) {
  std::string detail;
  std::uint64_t reached = 0;
  for (std::uint64_t k : {100, 101, 102, 200, 500, 1000}) {
    if (k > top) break;
    const std::uint64_t n = 3 * k;
    auto t = palace_table(k, n, n);
    auto map = classify_regions(k, t, n);
    for (Area which : {lower_epaulette, upper_epaulette}) {
      auto r = epaulette_report(map, t, which);
      if (r.runs == 0 || r.good_runs != r.runs || r.by_value[3] != 0)
        return {false, reached,
                fmt::format("k = {}, {}: {} of {} runs of 11 have 5·(k−1) + 3·k + 3·(k+1); {} cells outside k−1..k+1",
                            k, area_name(which), r.good_runs, r.runs, r.by_value[3])};
      if (k == 1000 || k == top || detail.empty())
        detail +=
            fmt::format("{}k = {}, {}: {} cells ({:.3f}k²), k−1 {}, k {}, k+1 {}, all {} runs of 11 are 5+3+3",
                        detail.empty() ? "" : "; ", k, area_name(which), r.cells,
                        static_cast<double>(r.cells) / static_cast<double>(k * k), percent(r.by_value[0], r.cells),
                        percent(r.by_value[1], r.cells), percent(r.by_value[2], r.cells), r.runs);
    }
    reached = k;
    if (progress) progress(k, top);
  }
  return {reached > 0, reached, detail.empty() ? "no game within the bound (k ≥ 100)" : detail};
}

std::string region_fractions(const ShiftReport& r) {
  std::string s;
  for (int i = 0; i < area_count; ++i)
    s += fmt::format("{}{} {}", i ? ", " : "", area_name(static_cast<Area>(i)), percent(r.matched[i], r.cells[i]));
  return s;
}

bool all_match(const ShiftReport& r, std::initializer_list<Area> regions) {
  for (Area g : regions)
    if (r.cells[g] == 0 || r.matched[g] != r.cells[g]) return false;
  return true;
}

// Figure 4 (left): v_{k+3}(x+1, y+1) = v_k(x, y) + 3 in the hood, the épaulettes and the
// fabric (which runs down the main diagonal from the nose, beyond k/3); the other regions'
// fractions are reported.
ClaimOutcome check_shift3(std::uint64_t top, const ProgressFn& progress) {
  std::string detail;
  std::uint64_t reached = 0;
  for (std::uint64_t k : {97, 497}) {
    if (k > top) break;
    auto r = compare_shifted(k, k + 3, 1, 1, 3 * k);
    bool pass = all_match(r, {hood_upper, hood_lower, upper_epaulette, lower_epaulette}) && 3 * r.diagonal_reach > k;
    detail += fmt::format("{}k = {} vs {} on {}²: {}; the main diagonal matches up to ({},{}) ≈ {:.2f}k",
                          detail.empty() ? "" : "; ", k, k + 3, 3 * k, region_fractions(r), r.diagonal_reach,
                          r.diagonal_reach, static_cast<double>(r.diagonal_reach) / static_cast<double>(k));
    if (!pass) return failed(reached, detail);
    reached = k;
    if (progress) progress(k, top);
  }
  return {reached > 0, reached, detail.empty() ? "no game within the bound (k ≥ 97)" : detail};
}

// Figure 4 (right): v_{k+1}(x+1, y) = v_k(x, y) + 1 on the upper épaulette and arm, and on
// half of the hood (x ≥ y).
ClaimOutcome check_shift1(std::uint64_t top, const ProgressFn& progress) {
  std::string detail;
  std::uint64_t reached = 0;
  for (std::uint64_t k : {99, 499}) {
    if (k > top) break;
    auto r = compare_shifted(k, k + 1, 1, 0, 3 * k);
    bool pass = all_match(r, {hood_upper, upper_epaulette, upper_outer});
    auto depth = r.arm_depth;
    std::sort(depth.begin(), depth.end());
    detail += fmt::format(
        "{}k = {} vs {} on {}²: {}; upper arm (columns x ≥ k) matches from its first palace "
        "down to depth ≥ {} (median {} ≈ {:.2f}k)",
        detail.empty() ? "" : "; ", k, k + 1, 3 * k, region_fractions(r), depth.front(), depth[depth.size() / 2],
        static_cast<double>(depth[depth.size() / 2]) / static_cast<double>(k));
    if (!pass) return failed(reached, detail);
    reached = k;
    if (progress) progress(k, top);
  }
  return {reached > 0, reached, detail.empty() ? "no game within the bound (k ≥ 99)" : detail};
}

// §3.3: the fabric depends on k mod 3 only. Window: the k/2 × k/2 cells below-right of the
// nose (fabric and the épaulettes' flanks). For k' = k + j, j = 1..6: with j ≡ 0 (mod 3) the
// window of game k shifted by (j/3, j/3) matches exactly; otherwise no shift (s, t) with
// 0 ≤ s, t ≤ 4 makes it match (best fraction reported).
ClaimOutcome check_fabric_mod3(std::uint64_t top, const ProgressFn& progress) {
  std::string detail;
  std::uint64_t reached = 0;
  for (std::uint64_t k : {60, 300}) {
    if (k > top) break;
    const std::uint64_t n = 2 * k, lo = k / 3 + 2, hi = k / 3 + k / 2;
    auto a = palace_table(k, n, n);
    std::string line = fmt::format("k = {}:", k);
    for (std::uint64_t j = 1; j <= 6; ++j) {
      const std::uint64_t m = n + 6;
      auto b = palace_table(k + j, m, m);
      auto fraction = [&](std::uint64_t s, std::uint64_t t) {
        std::uint64_t matched = 0;
        for (std::uint64_t y = lo; y < hi; ++y)
          for (std::uint64_t x = lo; x < hi; ++x)
            matched += static_cast<std::int64_t>(b[(y + t) * m + x + s]) ==
                       static_cast<std::int64_t>(a[y * n + x]) + static_cast<std::int64_t>(j);
        return static_cast<double>(matched) / static_cast<double>((hi - lo) * (hi - lo));
      };
      if (j % 3 == 0) {
        double f = fraction(j / 3, j / 3);
        line += fmt::format(" k+{} at ({},{}) {:.2f}%", j, j / 3, j / 3, 100 * f);
        if (f != 1.0) return failed(reached, line);
      } else {
        double best = 0;
        for (std::uint64_t s = 0; s <= 4; ++s)
          for (std::uint64_t t = 0; t <= 4; ++t) best = std::max(best, fraction(s, t));
        line += fmt::format(" k+{} best {:.2f}%", j, 100 * best);
        if (best == 1.0) return failed(reached, line);
      }
    }
    detail += (detail.empty() ? "" : "; ") + line;
    reached = k;
    if (progress) progress(k, top);
  }
  return {reached > 0, reached, detail.empty() ? "no game within the bound (k ≥ 60)" : detail};
}

// §3.4 and §4: the skin of the arm. Stage n has vertical thickness f_2n (f_2n + 1 where a
// line is emitted), diagonal thickness f_2n+1, horizontal thickness f_2n+2, horizontal period
// f_2n+3 and vertical period f_2n+1; it thickens after about 200 columns (80 rows) and again
// after about 7700. Measured on the upper arm from the shoulder (k, 0) of game 1000.
ClaimOutcome check_skin(std::uint64_t columns, const ProgressFn& progress) {
  auto report = measure_skin(1000, columns);
  if (progress) progress(1, 1);
  std::string detail;
  unsigned expected = 1;
  for (const auto& s : report.stages) {
    const std::uint64_t f2n = numeration::fibonacci<std::uint64_t>(2 * s.n);
    detail += fmt::format(
        "{}n = {}: columns {}..{} past the shoulder (top row {}), vertical thickness {} ({} columns) "
        "or {} ({}), horizontal {}, diagonal {}, periods {}×{}",
        detail.empty() ? "" : "; ", s.n, s.first, s.end, s.first_row, f2n, s.thick, f2n + 1, s.thick_plus,
        s.horizontal_mode, s.diagonal_mode, s.horizontal_period, s.vertical_period);
    bool ok = s.n == expected++ && s.horizontal_mode == numeration::fibonacci<std::uint64_t>(2 * s.n + 2) &&
              s.diagonal_mode == numeration::fibonacci<std::uint64_t>(2 * s.n + 1) && s.thick_plus > 0;
    if (!ok) return failed(columns, detail);
  }
  return {!report.stages.empty(), columns, detail.empty() ? "no stage fits in the bound" : detail};
}

// §1: game 1 is Wythoff Nim — its palaces are the pairs (⌊nφ⌋, ⌊nφ²⌋) and their mirrors.
// Every row holds exactly one (each natural number is in exactly one Beatty pair), so the
// check is per row against the partner from the exact floors of the numeration module.
// (a, b) or (b, a) is a P-position of Wythoff Nim: b − a = i and a = ⌊iφ⌋ for a ≤ b.
bool is_wythoff(std::uint64_t a, std::uint64_t b) {
  if (a > b) std::swap(a, b);
  return numeration::floor_n_phi<std::uint64_t>(b - a) == a;
}

// The palaces of game k on the n×n corner against a closed form (the claims' bounded route).
ClaimOutcome check_closed_form(std::uint64_t k, std::uint64_t n, const ProgressFn& progress, const char* form,
                               const std::function<bool(std::uint64_t x, std::uint64_t y)>& palace) {
  PalaceRows rows(k, n);
  std::uint64_t palaces = 0;
  Poller poller(progress, n);
  for (std::uint64_t y = 0; y < n; ++y) {
    const auto r = rows.next(poller);
    for (std::uint64_t x = 0; x < n; ++x) {
      const bool expected = palace(x, y);
      if ((r[x] < k) != expected)
        return failed(y, fmt::format("({},{}) is {} in game {} but {} by {}", x, y, r[x] < k ? "a palace" : "no palace",
                                     k, expected ? "one" : "not", form));
      palaces += expected;
    }
    poller.tick(y + 1);
  }
  poller.finish();
  return passed(n, fmt::format("the {} palaces of game {} on {}×{} are {}", palaces, k, n, n, form));
}

// Seed 004 §1: game 1 is Wythoff Nim, and games 2 and 3 are solved in closed form ([Lar11]). Game
// 1's rule is Wythoff's kernel: a palace sees no palace due north, west or north-west. Games 2
// and 3 through the automata learned from their palaces and certified by the rule (qg::synth's
// blocking2a/b, blocking3a/b, certified when a proof reads them): their sets are the closed
// forms, (n, 2n + 1) beside (2⌊mφ⌋ + 2, 2⌊mφ²⌋ + 2) — Wythoff's P-positions doubled and moved
// by (2, 2) — for k = 2, and (n, 2n + 1), (n, 2n + 2) for k = 3, with (0, 0) and the mirrors.
const std::string kWythoffPalaces = proof_text("blocking/wythoff_palaces");
const std::string kK1Proof = std::string(kWythoffPalaces) + proof_text("blocking/k1");
const std::string kK2Proof = std::string(kWythoffPalaces) + proof_text("blocking/k2");
const std::string kK3Proof = proof_text("blocking/k3");

ClaimOutcome check_k1(std::uint64_t n, const ProgressFn& progress) {
  std::vector<std::uint64_t> partner(n, UINT64_MAX);
  for (std::uint64_t i = 0;; ++i) {
    std::uint64_t a = numeration::floor_n_phi<std::uint64_t>(i), b = a + i;
    if (a >= n) break;
    partner[a] = b;
    if (b < n) partner[b] = a;
  }
  PalaceRows rows(1, n);
  std::uint64_t palaces = 0;
  Poller poller(progress, n);
  for (std::uint64_t y = 0; y < n; ++y) {
    const auto r = rows.next(poller);
    for (std::uint64_t x = 0; x < n; ++x) {
      bool wythoff = partner[y] == x;
      if ((r[x] < 1) != wythoff)
        return failed(y, fmt::format("({},{}) is {} for k = 1 but {} in Wythoff Nim", x, y,
                                     r[x] < 1 ? "a palace" : "no palace", wythoff ? "a P-position" : "not"));
      palaces += wythoff;
    }
    poller.tick(y + 1);
  }
  poller.finish();
  return passed(n, fmt::format("the {} palaces of game 1 on {}×{} are Wythoff's P-positions", palaces, n, n));
}

// ---- the regions as data (§3–4; issue 39 §1): P-threads, warp, skin, the queen's view ----------

// The upper threads of game k to depth D, the classifier's defaults.
ThreadReport threads_to(std::uint64_t k, std::uint64_t depth) {
  ThreadOptions options;
  options.depth = depth;
  return p_threads(k, options);
}

std::uint64_t non_periodic(const ThreadReport& report) {
  std::uint64_t n = 0;
  for (const auto& t : report.upper) n += !t.periodic;
  return n;
}

// §1: game 1 (Wythoff Nim) has one upper thread, Wythoff's (⌊nφ²⌋, ⌊nφ⌋) for n ≥ 1 run by run,
// not periodic; its mirror is the other.
ClaimOutcome check_threads_k1(std::uint64_t depth, const ProgressFn& progress) {
  const auto report = threads_to(1, depth);
  if (progress) progress(1, 1);
  if (report.upper.size() != 1) return failed(0, fmt::format("{} upper threads, not one", report.upper.size()));
  const auto& t = report.upper[0];
  std::vector<ThreadRun> wythoff;
  for (std::uint64_t n = 1; numeration::floor_n_phi<std::uint64_t>(n) + n < depth; ++n)
    wythoff.push_back({numeration::floor_n_phi<std::uint64_t>(n) + n, numeration::floor_n_phi<std::uint64_t>(n), 1});
  if (t.runs != wythoff || t.periodic)
    return failed(0, fmt::format("the thread is {}Wythoff's, {}", t.runs == wythoff ? "" : "not ",
                                 t.periodic ? "periodic" : "not periodic"));
  return passed(depth, fmt::format("to depth {}: one upper thread, the {} Wythoff pairs (⌊nφ²⌋, ⌊nφ⌋), not periodic, "
                                   "slope in [{}, {}]; the lower thread its mirror",
                                   depth, t.runs.size(), t.slope_low.text(), t.slope_high.text()));
}

// [Lar11]'s closed forms as threads: game 2 has two upper threads, (2n + 1, n) periodic of slope
// 1/2 and Wythoff's doubled (2⌊mφ²⌋ + 2, 2⌊mφ⌋ + 2) not periodic; game 3 one, periodic of slope 1/2.
ClaimOutcome check_threads_k2_k3(std::uint64_t depth, const ProgressFn& progress) {
  const auto two = threads_to(2, depth);
  if (progress) progress(1, 2);
  if (two.upper.size() != 2) return failed(0, fmt::format("game 2: {} upper threads, not two", two.upper.size()));
  const auto &line = two.upper[0], &doubled = two.upper[1];
  bool on_line = line.periodic && line.period_slope == Fraction{1, 2};
  for (const auto& run : line.runs) on_line = on_line && run.x == 2 * run.y + 1 && run.thickness == 1;
  if (!on_line) return failed(0, "game 2's outer thread is not (2n + 1, n), periodic of slope 1/2");
  bool wythoff = !doubled.periodic;
  for (const auto& run : doubled.runs)
    wythoff = wythoff && run.x % 2 == 0 && run.y % 2 == 0 && run.y >= 2 && run.thickness == 1 &&
              is_wythoff(run.x / 2 - 1, run.y / 2 - 1);
  if (!wythoff) return failed(0, "game 2's inner thread is not Wythoff's doubled and moved by (2, 2), not periodic");
  const auto three = threads_to(3, depth);
  if (progress) progress(2, 2);
  if (three.upper.size() != 1 || !three.upper[0].periodic || three.upper[0].period_slope != Fraction{1, 2})
    return failed(0, fmt::format("game 3: {} upper threads, not one periodic of slope 1/2", three.upper.size()));
  for (const auto& run : three.upper[0].runs)
    if (run.x != 2 * run.y + 1 && run.x != 2 * run.y + 2)
      return failed(0, fmt::format("game 3's thread holds ({},{}), off (2n + 1, n) and (2n + 2, n)", run.x, run.y));
  return passed(depth,
                fmt::format("to depth {}: game 2's threads (2n + 1, n) ({} runs, period slope 1/2) and "
                            "Wythoff's doubled ({} runs, not periodic); game 3's one thread ({} runs, period {}, "
                            "slope 1/2)",
                            depth, line.runs.size(), doubled.runs.size(), three.upper[0].runs.size(),
                            three.upper[0].period));
}

// §4 Q6: game 46 has exactly two non-periodic upper threads, and they are its two innermost.
ClaimOutcome check_threads_k46(std::uint64_t depth, const ProgressFn& progress) {
  const auto report = threads_to(46, depth);
  if (progress) progress(1, 1);
  const std::uint64_t n = report.upper.size(), irregular = non_periodic(report);
  bool inner = n >= 2 && !report.upper[n - 1].periodic && !report.upper[n - 2].periodic;
  std::string windows;
  for (const auto& t : report.upper)
    if (!t.periodic)
      windows += fmt::format("{}[{}, {}]", windows.empty() ? "" : ", ", t.slope_low.text(), t.slope_high.text());
  const std::string detail = fmt::format("to depth {}: {} upper threads, {} not periodic (slopes in {})", depth, n,
                                         irregular, windows.empty() ? "-" : windows);
  return irregular == 2 && inner ? passed(depth, detail + ", the two innermost") : failed(0, detail);
}

// §4 Q6 for every k ≤ K to depth 10^4: at most two non-periodic upper threads, and no periodic
// thread inside a non-periodic one.
constexpr std::uint64_t kThreadDepth = 10000;
ClaimOutcome check_threads_q6(std::uint64_t top, const ProgressFn& progress) {
  std::array<std::uint64_t, 3> games{};  // games with 0, 1, 2 non-periodic upper threads
  for (std::uint64_t k = 1; k <= top; ++k) {
    const auto report = threads_to(k, kThreadDepth);
    const std::uint64_t irregular = non_periodic(report);
    bool inner = true;
    for (std::size_t i = 0; i + irregular < report.upper.size(); ++i) inner = inner && report.upper[i].periodic;
    if (irregular > 2 || !inner)
      return failed(k - 1, fmt::format("game {}: {} non-periodic upper threads to depth {}{}", k, irregular,
                                       kThreadDepth, inner ? "" : ", not all inside the periodic ones"));
    ++games[irregular];
    if (progress) progress(k, top);
  }
  return passed(top, fmt::format("k = 1..{} to depth {}: {} games with no non-periodic upper thread, {} with one, {} "
                                 "with two, always the innermost",
                                 top, kThreadDepth, games[0], games[1], games[2]));
}

// §3.2, §4 Q7: every warp thread of a measurable (integer) thickness — per row (the left-hand
// warp's vertical one, mirrored), per column or per diagonal — has a Fibonacci thickness.
ClaimOutcome check_warp_fibonacci(std::uint64_t top, const ProgressFn& progress) {
  std::uint64_t threads = 0, integer = 0;
  std::map<std::uint64_t, std::uint64_t> thicknesses;
  for (std::uint64_t k = 1; k <= top; ++k) {
    ThreadOptions options;
    options.depth = kThreadDepth;
    for (const auto& w : warp(k, options).warp) {
      ++threads;
      if (w.thickness == 0) continue;
      ++integer, ++thicknesses[w.thickness];
      if (!w.fibonacci)
        return failed(k - 1, fmt::format("game {}: a warp thread from ({},{}) of thickness {} ({})", k,
                                         w.thread.runs.front().x, w.thread.runs.front().y, w.thickness, w.direction));
    }
    if (progress) progress(k, top);
  }
  std::string seen;
  for (auto [t, n] : thicknesses) seen += fmt::format("{}{} ×{}", seen.empty() ? "" : ", ", t, n);
  return passed(top, fmt::format("k = 1..{} to depth {}: {} warp threads, {} of an integer thickness, all Fibonacci "
                                 "({}); {} of no integer thickness in any direction",
                                 top, kThreadDepth, threads, integer, seen.empty() ? "-" : seen, threads - integer));
}

// §3.4, §4 Q2: at every level n of the upper arm's skin found within 10^4 columns past the
// shoulder, the measured figures are the paper's — vertical thickness f_2n (f_2n + 1 where a line
// leaves), diagonal f_2n+1, horizontal f_2n+2, least period f_2n+3 columns × f_2n+1 rows — and
// its steps are μ^n(2) for μ: 2 → 23, 3 → 233.
constexpr std::uint64_t kSkinColumns = 10000;
ClaimOutcome check_skin_levels(std::uint64_t top, const ProgressFn& progress) {
  std::map<unsigned, std::uint64_t> levels;
  for (std::uint64_t k = 1; k <= top; ++k) {
    for (const auto& l : arm_skin(k, kSkinColumns).levels) {
      if (!l.fibonacci || !l.steps_match)
        return failed(k - 1,
                      fmt::format("game {}, level {}: thickness f_2n {} / +1 {}, horizontal {}, diagonal {}, "
                                  "period {} × {}, steps {}",
                                  k, l.n, l.thick, l.thick_plus, l.horizontal, l.diagonal, l.period, l.drop, l.steps));
      ++levels[l.n];
    }
    if (progress) progress(k, top);
  }
  std::string seen;
  for (auto [n, games] : levels) seen += fmt::format("{}n = {} in {} games", seen.empty() ? "" : ", ", n, games);
  return passed(top, fmt::format("k = 1..{}, {} columns past the shoulder: {}; every level with the paper's figures "
                                 "and steps μ^n(2)",
                                 top, kSkinColumns, seen.empty() ? "no level" : seen));
}

// §4 Q4 ("Are the armpits the unique regions from which the queen views the most palaces?"):
// not so — game 55 sees its most, 58 palaces, from (439, 220) and its mirror only, outside the
// armpit's window (k < x ≤ 2k, k/3 < y < k), whose largest is 57.
ClaimOutcome check_queen_view(std::uint64_t depth, const ProgressFn& progress) {
  QueenViewOptions options;
  options.depth = depth;
  const auto view = queen_view(55, options, progress);
  const std::string where = view.first.empty() ? "-" : fmt::format("({},{})", view.first[0].x, view.first[0].y);
  const std::string detail = fmt::format(
      "game 55 to depth {}: the most palaces seen is {}, from {} cell(s) x ≥ y (first {}), {} in the armpit "
      "window, whose largest is {}",
      depth, view.max, view.cells, where, view.in_armpit, view.armpit_max);
  return view.in_armpit == 0 && view.armpit_max < view.max ? passed(depth, detail) : failed(0, detail);
}

}  // namespace

std::vector<Claim> claims() {
  const std::string paper = "seed 004";
  return {
      Claim{.id = "blocking.theorem2_1",
            .source = paper + ", Theorem 2.1 (Figure 2)",
            .kind = ClaimKind::theorem,
            .statement =
                "the diamond-grid CA g = a − b − c + e + f + p from the initial condition k / 0 / 0 gives v − k: "
                "(x, y) is a P-position iff CA(x, y) < 0",
            .unit = "cells a side",
            .bounds = {.tour = 100, .standard = 1000, .deep = 5000, .max = 20000},
            .check = check_theorem2_1},
      Claim{.id = "blocking.reverse",
            .source = paper + ", §2.3",
            .kind = ClaimKind::remark,
            .statement = "the reversed rule always finds one or two predecessors (no Garden of Eden over the integers)",
            .unit = "random neighbourhoods",
            .bounds = {.tour = 20000, .standard = 1000000, .deep = 1000000, .max = UINT64_C(1) << 40},
            .check = check_reverse},
      Claim{.id = "blocking.states",
            .source = paper + ", §2.2",
            .kind = ClaimKind::observation,
            .statement = "for k = 500, after the hood the CA states lie in −4..3 (ranges for other k reported)",
            .unit = "cells a side",
            .bounds = {.tour = 1200, .standard = 10000, .deep = 20000, .max = 100000},
            .check = check_states},
      Claim{.id = "blocking.hood",
            .source = paper + ", §3.2",
            .kind = ClaimKind::observation,
            .statement = "in the hood v = 2·min(x,y) + max(x,y); the casing 2·min + max = k (nose (k/3, k/3) to "
                         "shoulder (0, k)) has v = k",
            .unit = "k",
            .bounds = {.tour = 40, .standard = 300, .deep = 300, .max = 3000},
            .check = check_hood},
      Claim{
          .id = "blocking.epaulette",
          .source = paper + ", §3.2",
          .kind = ClaimKind::observation,
          .statement =
              "épaulettes: periods (5,1) and (4,3); per period of 11 cells k−1 five times, k and k+1 three times each",
          .unit = "k",
          .bounds = {.tour = 100, .standard = 1000, .deep = 1000, .max = 1000},
          .check = check_epaulette},
      Claim{.id = "blocking.shift3",
            .source = paper + ", Figure 4 (left)",
            .kind = ClaimKind::observation,
            .statement = "v_{k+3}(x+1, y+1) = v_k(x, y) + 3 on the hood, épaulettes and fabric (497 vs 500)",
            .unit = "k",
            .bounds = {.tour = 97, .standard = 497, .deep = 497, .max = 497},
            .check = check_shift3},
      Claim{.id = "blocking.shift1",
            .source = paper + ", Figure 4 (right)",
            .kind = ClaimKind::observation,
            .statement =
                "v_{k+1}(x+1, y) = v_k(x, y) + 1 on an épaulette and its arm and on half of the hood (499 vs 500)",
            .unit = "k",
            .bounds = {.tour = 99, .standard = 499, .deep = 499, .max = 499},
            .check = check_shift1},
      Claim{.id = "blocking.fabric_mod3",
            .source = paper + ", §3.1, §3.3 (Figure 7)",
            .kind = ClaimKind::observation,
            .statement = "the fabric depends on k mod 3 only",
            .unit = "k",
            .bounds = {.tour = 60, .standard = 300, .deep = 300, .max = 300},
            .check = check_fabric_mod3},
      Claim{.id = "blocking.skin",
            .source = paper + ", §3.4, §4",
            .kind = ClaimKind::observation,
            .statement =
                "the skin: vertical thickness f_2n, diagonal f_2n+1, horizontal f_2n+2, periods f_2n+3 × f_2n+1; "
                "thickening after about 200 and 7700 columns",
            .unit = "columns past the shoulder",
            .bounds = {.tour = 400, .standard = 12000, .deep = 12000, .max = 100000},
            .check = check_skin},
      Claim{.id = "blocking.k1",
            .source = paper + ", §1",
            .kind = ClaimKind::theorem,
            .statement = "game 1 is Wythoff Nim: its palaces are (⌊nφ⌋, ⌊nφ²⌋) and (⌊nφ²⌋, ⌊nφ⌋)",
            .unit = "cells a side",
            .bounds = {.tour = 1000, .standard = 10000, .deep = 10000, .max = 1000000},
            .check = check_k1,
            .proof = kK1Proof},
      Claim{.id = "blocking.k2",
            .source = paper + ", §1 ([Lar11])",
            .kind = ClaimKind::theorem,
            .statement = "game 2 is solved in closed form: its palaces are (0, 0), (n, 2n + 1) and (2⌊mφ⌋ + 2, "
                         "2⌊mφ²⌋ + 2) (Wythoff's P-positions doubled, moved by (2, 2)), and their mirrors",
            .unit = "cells a side",
            .bounds = {.tour = 500, .standard = 4000, .deep = 20000, .max = 1000000},
            .check =
                [](std::uint64_t n, const ProgressFn& progress) {
                  return check_closed_form(2, n, progress, "(n, 2n + 1), (2⌊mφ⌋ + 2, 2⌊mφ²⌋ + 2), mirrors, (0, 0)",
                                           [](std::uint64_t x, std::uint64_t y) {
                                             return (x == 0 && y == 0) || y == 2 * x + 1 || x == 2 * y + 1 ||
                                                    (x >= 2 && y >= 2 && x % 2 == 0 && y % 2 == 0 &&
                                                     is_wythoff(x / 2 - 1, y / 2 - 1));
                                           });
                },
            .proof = kK2Proof},
      Claim{.id = "blocking.k3",
            .source = paper + ", §1 ([Lar11])",
            .kind = ClaimKind::theorem,
            .statement = "game 3 is solved in closed form: its palaces are (0, 0), (n, 2n + 1), (n, 2n + 2) and their "
                         "mirrors",
            .unit = "cells a side",
            .bounds = {.tour = 500, .standard = 4000, .deep = 20000, .max = 1000000},
            .check =
                [](std::uint64_t n, const ProgressFn& progress) {
                  return check_closed_form(3, n, progress, "(n, 2n + 1), (n, 2n + 2), mirrors, (0, 0)",
                                           [](std::uint64_t x, std::uint64_t y) {
                                             return (x == 0 && y == 0) || y == 2 * x + 1 || y == 2 * x + 2 ||
                                                    x == 2 * y + 1 || x == 2 * y + 2;
                                           });
                },
            .proof = kK3Proof},
      Claim{.id = "blocking.threads_k1",
            .source = paper + ", §1, §3.1",
            .kind = ClaimKind::observation,
            .statement = "game 1 has exactly two P-threads, Wythoff's (⌊nφ²⌋, ⌊nφ⌋) and its mirror, not periodic "
                         "(holds to depth D)",
            .unit = "depth",
            .bounds = {.tour = 2000, .standard = 10000, .deep = 100000, .max = 1000000},
            .check = check_threads_k1},
      Claim{.id = "blocking.threads_k2_k3",
            .source = paper + ", §1 ([Lar11]), §3.1",
            .kind = ClaimKind::observation,
            .statement = "game 2's upper threads are (2n + 1, n), periodic of slope 1/2, and Wythoff's doubled (2⌊mφ²⌋ "
                         "+ 2, 2⌊mφ⌋ + 2), not periodic; game 3's one thread is periodic of slope 1/2 (holds to "
                         "depth D)",
            .unit = "depth",
            .bounds = {.tour = 2000, .standard = 10000, .deep = 100000, .max = 1000000},
            .check = check_threads_k2_k3},
      Claim{.id = "blocking.threads_k46",
            .source = paper + ", §4 (question 6)",
            .kind = ClaimKind::observation,
            .statement =
                "game 46 has exactly two non-periodic upper P-threads, its two innermost (holds at depth D; at depths "
                "up to 8000 the inner bands have not yet parted: one)",
            .unit = "depth",
            .bounds = {.tour = 10000, .standard = 20000, .deep = 100000, .max = 1000000},
            .check = check_threads_k46},
      Claim{.id = "blocking.threads_q6",
            .source = paper + ", §4 (question 6)",
            .kind = ClaimKind::conjecture,
            .statement = "at most two non-periodic upper P-threads, the innermost ones, to depth 10^4 for k ≤ K (at "
                         "this depth it fails at k = 39: a periodic band inside a non-periodic thread)",
            .unit = "k",
            .bounds = {.tour = 6, .standard = 20, .deep = 38, .max = 38},
            .check = check_threads_q6},
      Claim{.id = "blocking.warp_fibonacci",
            .source = paper + ", §3.2, §4 (question 7)",
            .kind = ClaimKind::conjecture,
            .statement = "every warp thread of an integer thickness (per row, column or diagonal) has a Fibonacci "
                         "thickness, to depth 10^4 for k ≤ K",
            .unit = "k",
            .bounds = {.tour = 4, .standard = 20, .deep = 100, .max = 1000},
            .check = check_warp_fibonacci},
      Claim{.id = "blocking.skin_levels",
            .source = paper + ", §3.4, §4 (question 2)",
            .kind = ClaimKind::conjecture,
            .statement = "at every skin level n found within 10^4 columns past the shoulder: thicknesses f_2n (+1), "
                         "f_2n+1, f_2n+2, least period f_2n+3 × f_2n+1, steps μ^n(2) for 2 → 23, 3 → 233, for k ≤ K",
            .unit = "k",
            .bounds = {.tour = 4, .standard = 20, .deep = 300, .max = 10000},
            .check = check_skin_levels},
      Claim{.id = "blocking.queen_view",
            .source = paper + ", §3.1, §4 (question 4)",
            .kind = ClaimKind::observation,
            .statement = "the armpits are not the unique regions of the queen's largest view: game 55 sees its most "
                         "palaces (58) from (439, 220) and its mirror only, outside the armpit window (holds to depth "
                         "D)",
            .unit = "depth",
            .bounds = {.tour = 1000, .standard = 4000, .deep = 10000, .max = 100000},
            .check = check_queen_view},
  };
}

}  // namespace qg::papers::blocking_paper
