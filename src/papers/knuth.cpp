// The claims of seed 002 (Knuth's INFTY-QUEENS), and his q_n against seed 000 §8's single quadrant
// (the boards engine), checked with the ∞-queens engine.
#include <algorithm>
#include <numbers>

#include <fmt/format.h>

#include "papers/papers.hpp"
#include "queengames/boards.hpp"
#include "queengames/infty.hpp"
#include "queengames/numeration.hpp"

namespace qg::papers::knuth_infty {

using namespace infty;  // the engine these claims check

namespace {

// "a < value < b" with the records that come closest, for the claims' details.
std::string bounds_seen(const std::vector<InftyTerm>& min, const std::vector<InftyTerm>& max, bool high) {
  auto value = [&](const std::vector<InftyTerm>& list) {
    return list.empty() ? std::string("none")
                        : fmt::format("{} (n = {})", infty_discrepancy_decimal(list.back(), high), list.back().n);
  };
  return fmt::format("{} ≤ q_n − {} ≤ {}", value(min), high ? "nφ" : "n/φ", value(max));
}

// The histogram bins outside [lo, hi) of floor(discrepancy) are empty.
bool floors_within(const std::array<std::uint64_t, InftyStats::kHistBins>& histogram, std::int64_t lo,
                   std::int64_t hi) {
  for (int bin = 0; bin < InftyStats::kHistBins; ++bin)
    if (histogram[bin] != 0 && (infty_histogram_floor(bin) < lo || infty_histogram_floor(bin) >= hi)) return false;
  return true;
}

// Advances the engine to `terms` terms in chunks (q stored from out on when given), ticking
// the poller between them: one call of step() runs for seconds at 10^9 terms.
void step_to(InftyQueens& engine, std::uint64_t terms, Poller& poller, std::uint64_t* out = nullptr) {
  constexpr std::uint64_t kChunk = std::uint64_t{1} << 22;
  while (engine.terms() < terms) {
    const std::uint64_t before = engine.terms(), count = std::min(kChunk, terms - before);
    engine.step(count, out ? out + before : nullptr);
    poller.tick(engine.terms());
  }
}

ClaimOutcome conjecture25(std::uint64_t bound, const ProgressFn& progress) {
  InftyStats stats = infty_queens(bound, {}, progress);
  // −2 < d < 1 ⟺ −2 ≤ floor(d) ≤ 0, as d is irrational; likewise −3 < d < 5.
  bool high_ok = floors_within(stats.high_histogram, -2, 1), low_ok = floors_within(stats.low_histogram, -3, 5);
  return {high_ok && low_ok, bound,
          fmt::format("{}{}; {}{}", bounds_seen(stats.high_min, stats.high_max, true),
                      high_ok ? "" : " (outside (−2, 1))", bounds_seen(stats.low_min, stats.low_max, false),
                      low_ok ? "" : " (outside (−3, 5))")};
}

ClaimOutcome fibonacci_columns(std::uint64_t bound, const ProgressFn& progress) {
  InftyQueens engine;
  Poller poller(progress, bound);
  std::string exact, other;
  bool f40_ok = true;
  for (unsigned k = 2; numeration::fibonacci<std::uint64_t>(k) <= bound; ++k) {
    std::uint64_t n = numeration::fibonacci<std::uint64_t>(k), q = 0;
    if (n <= engine.terms()) continue;  // F_1 = F_2
    step_to(engine, n - 1, poller);
    engine.step(1, &q);
    (q == numeration::fibonacci<std::uint64_t>(k + 1) ? exact : other) += fmt::format(" {}", k);
    if (k == 40) f40_ok = q == numeration::fibonacci<std::uint64_t>(41);
  }
  std::string detail = fmt::format("q_(F_k) = F_(k+1) for k ={}; not for k ={}", exact.empty() ? " none" : exact,
                                   other.empty() ? " none" : other);
  if (bound < numeration::fibonacci<std::uint64_t>(40)) detail += " (q_(F_40) needs a bound ≥ F_40 = 102334155)";
  return {f40_ok, bound, detail};
}

ClaimOutcome windows(std::uint64_t bound, const ProgressFn& progress) {
  InftyQueens engine;
  Poller poller(progress, bound);
  try {
    step_to(engine, bound, poller);
  } catch (const RangeError& e) {
    return failed(engine.terms(), e.what());
  }
  const InftyStats& stats = engine.stats();
  // The memory plan: the record of high columns from ≈ n/φ² to n, n/φ bits, plus two
  // 512 KiB blocks of slack and the engine's fixed part.
  double planned = static_cast<double>(bound) / (8 * std::numbers::phi) + (std::uint64_t{5} << 19);
  bool memory_ok = static_cast<double>(engine.peak_memory_bytes()) <= planned;
  return {memory_ok, bound,
          fmt::format("scans ≤ {} rows, steps of s ≤ {} (reach {}); peak memory {} bytes = {:.4f} bytes/term{}",
                      stats.max_scan, stats.max_s_step, infty_window_reach(), engine.peak_memory_bytes(),
                      static_cast<double>(engine.peak_memory_bytes()) / static_cast<double>(bound),
                      memory_ok ? "" : fmt::format(" (plan: {:.0f})", planned))};
}

// Seed 000 §8: the greedy queens of the single quadrant (S_c, 0-based, by the boards module's
// column scan; its claim on eqs. (47)–(48) ties that scan to Table 5's antidiagonal one) are
// Knuth's q_n − 1.
ClaimOutcome same_as_quadrant(std::uint64_t bound, const ProgressFn& progress) {
  const std::vector<std::uint64_t> s = boards::quadrant_queens(bound, progress);
  std::vector<std::uint64_t> q(bound);
  InftyQueens engine;
  Poller poller(progress, bound);
  step_to(engine, bound, poller, q.data());
  for (std::uint64_t c = 0; c < bound; ++c)
    if (q[c] != s[c] + 1)
      return failed(c, fmt::format("n = {}: q_n = {}, but the quadrant gives S_{} + 1 = {}", c + 1, q[c], c, s[c] + 1));
  return passed(bound,
                fmt::format("q_n = S_(n−1) + 1 for n ≤ {} (S: the quadrant's greedy queens, column scan)", bound));
}

ClaimOutcome brute_force(std::uint64_t bound, const ProgressFn& progress) {
  auto slow = infty_queens_brute_force(bound, progress);
  std::uint64_t n = 0;
  std::string mismatch;
  infty_queens(
      bound,
      [&](std::uint64_t q) {
        if (mismatch.empty() && q != slow[n])
          mismatch = fmt::format("n = {}: engine {}, brute force {}", n + 1, q, slow[n]);
        ++n;
      },
      progress);
  return {mismatch.empty(), bound, mismatch.empty() ? "every q_n agrees" : mismatch};
}

}  // namespace

std::vector<Claim> claims() {
  return {
      Claim{
          .id = "knuth.conjecture25",
          .source = "seed 000, Conjecture 25 and eqs. (49)–(50); seed 002 §8",
          .kind = ClaimKind::conjecture,
          .statement =
              "−2 < q_n − nφ < 1 when q_n ≥ n and −3 < q_n − n/φ < 5 when q_n < n (Knuth's 1-based q_n = S_{n−1} + 1)",
          .unit = "terms",
          .bounds = {.tour = 100'000, .standard = 100'000'000, .deep = 1'000'000'000, .max = kInftyMaxTerms},
          .check = conjecture25},
      Claim{.id = "knuth.fibonacci",
            .source = "seed 002 §1",
            .kind = ClaimKind::remark,
            .statement =
                "q_{F_40} = F_41 = φF_40 + φ^{−40}; the Fibonacci columns n = F_k with q_n = F_{k+1} are listed",
            .unit = "terms",
            .bounds = {.tour = 1'000'000, .standard = 110'000'000, .deep = 1'000'000'000, .max = kInftyMaxTerms},
            .check = fibonacci_columns},
      Claim{.id = "knuth.windows",
            .source = "seed 002 §1 (only a bounded number of bits is looked at)",
            .kind = ClaimKind::observation,
            .statement = "every scan and step of s stays within the engine's 32-row windows, and memory within n/(8φ) "
                         "bytes + 2.5 MiB",
            .unit = "terms",
            .bounds = {.tour = 100'000, .standard = 100'000'000, .deep = 1'000'000'000, .max = kInftyMaxTerms},
            .check = windows},
      Claim{.id = "knuth.same_as_quadrant",
            .source = "seed 000 §8 (eqs. (47)–(48), Table 5)",
            .kind = ClaimKind::observation,
            .statement = "q_n = S_{n−1} + 1, S_c the greedy queens of the single quadrant (boards::quadrant_queens)",
            .unit = "terms",
            .bounds = {.tour = 10'000, .standard = 200'000, .deep = 1'000'000, .max = 10'000'000},
            .check = same_as_quadrant},
      Claim{.id = "knuth.brute_force",
            .source = "seed 002 §1 (the definition of q_n)",
            .kind = ClaimKind::observation,
            .statement = "the engine equals the column-by-column brute-force placement of the queens",
            .unit = "terms",
            .bounds = {.tour = 10'000, .standard = 100'000, .deep = 100'000, .max = 1'000'000},
            .check = brute_force},
  };
}

}  // namespace qg::papers::knuth_infty
