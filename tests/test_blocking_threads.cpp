// P-threads of k-Blocking Wythoff Nim (seed 004 §3.1–3.2, §4; issue 39 §1): the fast classifier
// against the reading done the slow way on the plain engine's table, against Wythoff's
// P-positions (game 1), and against the facts the paper states (game 46's two non-periodic
// upper threads, the inner ones).
#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <numeric>
#include <random>

#include "queengames/blocking.hpp"
#include "queengames/numeration.hpp"

namespace qg::blocking {
namespace {

constexpr std::uint64_t kNone = ~std::uint64_t{0};

// p/q < 1/φ = (√5 − 1)/2 ⟺ 2p + q < q√5 ⟺ (2p + q)² < 5q²; p/q > φ = (1 + √5)/2 ⟺ (2p − q)² > 5q²
// with 2p > q. Exact: no floating point decides it.
bool below_inverse_phi(const Fraction& f) {
  const u128 l = 2 * f.num + f.den;
  return l * l < 5 * static_cast<u128>(f.den) * f.den;
}
bool below_phi(const Fraction& f) {
  if (2 * f.num <= f.den) return true;
  const u128 l = 2 * f.num - f.den;
  return l * l < 5 * static_cast<u128>(f.den) * f.den;
}

// ⌊nφ⌋ by integers (the numeration module's (n + isqrt(5n²))/2).
std::uint64_t floor_n_phi(std::uint64_t n) { return qg::numeration::floor_n_phi<std::uint64_t>(n); }

// The reading of threads.cpp done the obvious slow way: the runs straight from a table
// computed cell by cell (Engine::plain), each run's nearest ahead and behind by looking at
// every run, the bands by comparing every pair.
std::vector<std::vector<ThreadRun>> slow_threads(std::uint64_t k, std::uint64_t D, std::uint64_t G,
                                                 std::uint64_t min_runs, std::vector<ThreadShape>& shapes) {
  const auto v = palace_table(k, D, D, Engine::plain);
  std::vector<ThreadRun> runs;  // by column, then row
  for (std::uint64_t x = 0; x < D; ++x)
    for (std::uint64_t y = 0; y < x; ++y)
      if (v[y * D + x] < k) {
        if (!runs.empty() && runs.back().x == x && runs.back().y + runs.back().thickness == y) ++runs.back().thickness;
        else runs.push_back({x, y, 1});
      }
  const std::uint64_t n = runs.size();
  auto better_ahead = [](const ThreadRun& a, const ThreadRun& b) { return a.x != b.x ? a.x < b.x : a.y < b.y; };
  std::vector<std::uint64_t> ahead(n, kNone), behind(n, kNone);
  for (std::uint64_t i = 0; i < n; ++i)
    for (std::uint64_t j = 0; j < n; ++j) {
      const auto &p = runs[i], &q = runs[j];
      if (q.x > p.x && q.x - p.x <= G && q.y >= p.y && q.y - p.y <= q.x - p.x &&
          (ahead[i] == kNone || better_ahead(q, runs[ahead[i]])))
        ahead[i] = j;
      if (q.x < p.x && p.x - q.x <= G && q.y <= p.y && p.y - q.y <= p.x - q.x &&
          (behind[i] == kNone || better_ahead(runs[behind[i]], q)))
        behind[i] = j;
    }
  std::vector<std::uint64_t> next(n, kNone);
  std::vector<char> has_previous(n, 0), chained(n, 0);
  for (std::uint64_t i = 0; i < n; ++i)
    if (ahead[i] != kNone && behind[ahead[i]] == i) next[i] = ahead[i], has_previous[ahead[i]] = 1;
  std::vector<std::vector<ThreadRun>> threads;
  const ThreadRun* inner_end = nullptr;
  std::vector<ThreadRun> inner;
  for (std::uint64_t i = 0; i < n; ++i) {
    if (has_previous[i] || runs[i].x > D / 2) continue;
    std::vector<std::uint64_t> chain;
    for (std::uint64_t j = i; j != kNone; j = next[j]) chain.push_back(j);
    if (chain.size() < min_runs || runs[chain.back()].x + G < D - 1) continue;
    threads.emplace_back();
    for (auto j : chain) threads.back().push_back(runs[j]), chained[j] = 1;
    shapes.push_back(ThreadShape::chain);
    const ThreadRun& end = threads.back().back();
    // the innermost: the greatest direction y/x of the last run (ties: the later start)
    if (!inner_end || u128{end.y} * inner_end->x >= u128{inner_end->y} * end.x) inner = threads.back();
    inner_end = &inner.back();
  }
  std::uint64_t deviation = 0;
  if (!inner.empty()) {
    PThread t;
    t.runs = inner;
    measure_thread(t, 1);
    deviation = t.deviation;
  }
  auto inside = [&](const ThreadRun& r) {
    if (inner.empty()) return true;
    const ThreadRun* last = nullptr;  // the innermost chain's last run at or before column r.x
    for (const auto& s : inner)
      if (s.x <= r.x) last = &s;
    return last && r.y > last->y + last->thickness - 1 + deviation;
  };
  std::vector<std::uint64_t> component(n);
  std::iota(component.begin(), component.end(), 0);
  std::vector<char> candidate(n);
  for (std::uint64_t i = 0; i < n; ++i) candidate[i] = !chained[i] && 2 * runs[i].x >= D && inside(runs[i]);
  for (bool changed = true; changed;) {  // the least index of each component, by relaxation
    changed = false;
    for (std::uint64_t i = 0; i < n; ++i)
      for (std::uint64_t j = 0; j < n; ++j)
        if (candidate[i] && candidate[j] && component[j] < component[i] &&
            std::max(runs[i].x, runs[j].x) - std::min(runs[i].x, runs[j].x) <= 2 * G &&
            std::max(runs[i].y, runs[j].y) - std::min(runs[i].y, runs[j].y) <= 2 * G)
          component[i] = component[j], changed = true;
  }
  std::map<std::uint64_t, std::vector<ThreadRun>> bands;
  for (std::uint64_t i = 0; i < n; ++i)
    if (candidate[i]) bands[component[i]].push_back(runs[i]);
  for (auto& [c, band] : bands)
    if (band.size() >= min_runs && band.front().x <= D / 2 + G && band.back().x + G >= D - 1)
      threads.push_back(band), shapes.push_back(ThreadShape::band);
  return threads;
}

TEST(BlockingThreads, AgreesWithTheSlowReading) {
  // Small games, where the pictures of Figure 3's size already show the arm, warp and inner
  // threads; depth 240 and the reach 4k + 16 of the default.
  for (std::uint64_t k : {1, 2, 3, 4, 5, 7, 10, 13, 20, 29, 46}) {
    const std::uint64_t D = 240, G = 4 * k + 16;
    std::vector<ThreadShape> shapes;
    auto slow = slow_threads(k, D, G, 8, shapes);
    ThreadOptions options;
    options.depth = D;
    const auto fast = p_threads(k, options);
    EXPECT_EQ(fast.reach, G);
    ASSERT_EQ(fast.upper.size(), slow.size()) << "k = " << k;
    std::vector<std::pair<ThreadShape, std::vector<ThreadRun>>> a, b;
    auto order = [](const auto& p, const auto& q) {
      if (p.first != q.first) return p.first < q.first;
      const auto &r = p.second.front(), &s = q.second.front();
      return r.x != s.x ? r.x < s.x : r.y < s.y;
    };
    for (const auto& t : fast.upper) a.emplace_back(t.shape, t.runs);
    for (std::size_t i = 0; i < slow.size(); ++i) b.emplace_back(shapes[i], slow[i]);
    std::sort(a.begin(), a.end(), order), std::sort(b.begin(), b.end(), order);
    EXPECT_TRUE(a == b) << "k = " << k;
  }
}

TEST(BlockingThreads, EnginesAgree) {
  ThreadOptions options;
  options.depth = 600;
  const auto a = p_threads(7, options);
  options.engine = Engine::ca;  // Theorem 2.1
  const auto b = p_threads(7, options);
  ASSERT_EQ(a.upper.size(), b.upper.size());
  for (std::size_t i = 0; i < a.upper.size(); ++i) EXPECT_EQ(a.upper[i].runs, b.upper[i].runs);
  EXPECT_EQ(a.runs, b.runs);
  EXPECT_EQ(a.chains, b.chains);
}

TEST(BlockingThreads, WythoffHasOneThreadOfSlopeOneOverPhi) {
  // Game 1 is Wythoff Nim: the palaces above the diagonal are (⌊nφ²⌋, ⌊nφ⌋), n ≥ 1 — one thread
  // of slope 1/φ, its mirror of slope φ ("Wythoff k = 1's two threads of slopes φ and 1/φ").
  for (std::uint64_t D : {100, 1000, 10000}) {
    ThreadOptions options;
    options.depth = D;
    const auto report = p_threads(1, options);
    ASSERT_EQ(report.upper.size(), 1u);
    const auto& t = report.upper[0];
    EXPECT_EQ(t.shape, ThreadShape::chain);
    EXPECT_FALSE(t.periodic);  // 1/φ is irrational: no period can hold
    std::vector<ThreadRun> wythoff;
    for (std::uint64_t n = 1; floor_n_phi(n) + n < D; ++n) wythoff.push_back({floor_n_phi(n) + n, floor_n_phi(n), 1});
    EXPECT_EQ(t.runs, wythoff);
    EXPECT_EQ(report.chains, 1u);
    EXPECT_EQ(report.runs, wythoff.size());
    // the window holds 1/φ; the mirror's window [1/slope_high, 1/slope_low] holds φ
    EXPECT_TRUE(below_inverse_phi(t.slope_low));
    EXPECT_FALSE(below_inverse_phi(t.slope_high));
    EXPECT_TRUE(below_phi({t.slope_high.den, t.slope_high.num}));
    EXPECT_FALSE(below_phi({t.slope_low.den, t.slope_low.num}));
  }
  ThreadOptions options;
  options.depth = 10000;
  const auto t = p_threads(1, options).upper[0];
  EXPECT_EQ(t.deviation, 2u);
  EXPECT_EQ(t.slope_low, (Fraction{21, 34}));  // (6178 − 4)/9996, reduced
  EXPECT_EQ(t.slope_high, (Fraction{3091, 4998}));
}

TEST(BlockingThreads, GamesTwoAndThreeByTheirClosedForms) {
  // [Lar11] (claims blocking.k2, blocking.k3): game 2's palaces above the diagonal are
  // (2n + 1, n) and Wythoff's doubled and moved, (2⌊mφ²⌋ + 2, 2⌊mφ⌋ + 2); game 3's are
  // (2n + 1, n) and (2n + 2, n). So game 2 has a periodic thread of slope 1/2 and a non-periodic
  // one of slope 1/φ, game 3 one periodic thread of slope 1/2 (two runs a period).
  ThreadOptions options;
  options.depth = 4000;
  const auto two = p_threads(2, options);
  ASSERT_EQ(two.upper.size(), 2u);
  EXPECT_TRUE(two.upper[0].periodic);
  EXPECT_EQ(two.upper[0].period_slope, (Fraction{1, 2}));
  for (const auto& run : two.upper[0].runs) EXPECT_EQ(run.x, 2 * run.y + 1);
  EXPECT_FALSE(two.upper[1].periodic);
  EXPECT_TRUE(below_inverse_phi(two.upper[1].slope_low));
  EXPECT_FALSE(below_inverse_phi(two.upper[1].slope_high));
  std::vector<ThreadRun> doubled;  // from the thread's start on, to the last column
  for (std::uint64_t m = 1; 2 * (floor_n_phi(m) + m) + 2 < 4000; ++m)
    if (2 * (floor_n_phi(m) + m) + 2 >= two.upper[1].runs.front().x)
      doubled.push_back({2 * (floor_n_phi(m) + m) + 2, 2 * floor_n_phi(m) + 2, 1});
  EXPECT_EQ(two.upper[1].runs, doubled);
  const auto three = p_threads(3, options);
  ASSERT_EQ(three.upper.size(), 1u);
  EXPECT_TRUE(three.upper[0].periodic);
  EXPECT_EQ(three.upper[0].period, 2u);
  EXPECT_EQ(three.upper[0].period_slope, (Fraction{1, 2}));
  EXPECT_EQ(three.upper[0].cells, three.upper[0].runs.size());
}

TEST(BlockingThreads, GameTenScalesWythoffsThread) {
  // Game 10's innermost upper thread is Wythoff's scaled by 10: its steps are 10·(2, 1) and
  // 10·(3, 2) in Wythoff's order, so not periodic, of slope 1/φ; the arm's two threads have
  // slope 2/5 and the warp's thread 1/2, all periodic.
  ThreadOptions options;
  options.depth = 10000;
  const auto report = p_threads(10, options);
  ASSERT_EQ(report.upper.size(), 4u);
  EXPECT_EQ(report.upper[0].period_slope, (Fraction{2, 5}));
  EXPECT_EQ(report.upper[1].period_slope, (Fraction{2, 5}));
  EXPECT_EQ(report.upper[2].period_slope, (Fraction{1, 2}));
  EXPECT_TRUE(report.upper[0].periodic && report.upper[1].periodic && report.upper[2].periodic);
  EXPECT_EQ(report.upper[0].period, 5u);
  EXPECT_EQ(report.upper[0].period_dx, 5u);
  EXPECT_EQ(report.upper[0].period_dy, 2u);
  const auto& inner = report.upper[3];
  EXPECT_EQ(inner.shape, ThreadShape::chain);
  EXPECT_FALSE(inner.periodic);
  EXPECT_EQ(inner.runs.front(), (ThreadRun{82, 62, 1}));
  EXPECT_TRUE(below_inverse_phi(inner.slope_low));
  EXPECT_FALSE(below_inverse_phi(inner.slope_high));
  // From its 12th run on, step i is 10 × Wythoff's step i + c for one offset c.
  std::vector<std::pair<std::uint64_t, std::uint64_t>> steps, wythoff;
  for (std::size_t i = 12; i + 1 < inner.runs.size(); ++i)
    steps.push_back({inner.runs[i + 1].x - inner.runs[i].x, inner.runs[i + 1].y - inner.runs[i].y});
  for (std::uint64_t n = 1; n < 2000; ++n)
    wythoff.push_back({10 * (floor_n_phi(n + 1) + 1 - floor_n_phi(n)), 10 * (floor_n_phi(n + 1) - floor_n_phi(n))});
  bool found = false;
  for (std::size_t c = 0; c + steps.size() <= wythoff.size() && !found; ++c)
    found = std::equal(steps.begin(), steps.end(), wythoff.begin() + static_cast<std::ptrdiff_t>(c));
  EXPECT_TRUE(found);
}

TEST(BlockingThreads, GameFortySixHasTwoNonPeriodicUpperThreadsTheInnerOnes) {
  // §4: "How many non-periodic threads can there be for a given k? We conjecture at most two
  // upper ones (as occurs for k = 46), which must be the inner ones". To depth 10^4: 11 periodic
  // chains (ten of slope 5/13 in the arm, the warp's of slope 1/2) and two ragged bands inside.
  ThreadOptions options;
  options.depth = 10000;
  const auto report = p_threads(46, options);
  ASSERT_EQ(report.upper.size(), 13u);
  for (std::size_t i = 0; i < 11; ++i) {
    EXPECT_TRUE(report.upper[i].periodic) << i;
    EXPECT_EQ(report.upper[i].shape, ThreadShape::chain);
    EXPECT_EQ(report.upper[i].period_slope, i < 10 ? (Fraction{5, 13}) : (Fraction{1, 2})) << i;
    EXPECT_GE(report.upper[i].repeats, 357u);
  }
  for (std::size_t i = 11; i < 13; ++i) {
    EXPECT_FALSE(report.upper[i].periodic);
    EXPECT_EQ(report.upper[i].shape, ThreadShape::band);
  }
  // the two bands' windows lie inside the warp: slopes above 1/2, below 1
  for (std::size_t i = 11; i < 13; ++i) {
    const auto& t = report.upper[i];
    EXPECT_GT(2 * t.slope_low.num, t.slope_low.den);
    EXPECT_LT(t.slope_high.num, t.slope_high.den);
  }
}

TEST(BlockingThreads, PeriodAgainstTheDefinition) {
  // measure_thread's period and preperiod against trying every (p, m) in order.
  std::mt19937_64 random(39);
  for (int trial = 0; trial < 300; ++trial) {
    PThread t;
    const std::uint64_t p0 = 1 + random() % 6, pre = random() % 9, n = 4 + random() % 60;
    std::vector<std::pair<std::uint64_t, std::uint64_t>> pattern(p0), steps;
    for (auto& s : pattern) s = {1 + random() % 3, random() % 2};
    for (std::uint64_t i = 0; i < n; ++i)
      steps.push_back(i < pre ? std::pair<std::uint64_t, std::uint64_t>{1 + random() % 3, random() % 2}
                              : pattern[(i - pre) % p0]);
    t.runs.push_back({0, 0, 1});
    for (auto [dx, dy] : steps) t.runs.push_back({t.runs.back().x + dx, t.runs.back().y + dy, 1});
    measure_thread(t, 4096);
    bool expected = false;
    std::uint64_t ep = 0, em = 0;
    for (std::uint64_t p = 1; p <= n / 4 && !expected; ++p)
      for (std::uint64_t m = 0; m < n && !expected; ++m) {
        bool repeats = true;
        for (std::uint64_t i = m; i + p < n; ++i) repeats = repeats && steps[i] == steps[i + p];
        if (repeats && n - m >= 4 * p && 2 * (n - m) >= n) expected = true, ep = p, em = m;
      }
    ASSERT_EQ(t.periodic, expected) << trial;
    if (!expected) continue;
    EXPECT_EQ(t.period, ep);
    EXPECT_EQ(t.preperiod, em);
    std::uint64_t dx = 0, dy = 0;
    for (std::uint64_t i = em; i < em + ep; ++i) dx += steps[i].first, dy += steps[i].second;
    EXPECT_EQ(t.period_dx, dx);
    EXPECT_EQ(t.period_dy, dy);
    const std::uint64_t g = std::gcd(dx, dy);
    EXPECT_EQ(t.period_slope, (Fraction{dy / g, dx / g}));
  }
}

TEST(BlockingThreads, SlopeWindowHoldsTheLineOfAPeriodicThread) {
  // A thread repeating (5, 2), (5, 3) from (0, 0): its line has slope 1/2 and the window holds it;
  // with the steps' band known, deviation = ⌈max distance from the chord⌉ + 1.
  PThread t;
  t.runs.push_back({0, 0, 1});
  for (int i = 0; i < 100; ++i) {
    const auto& last = t.runs.back();
    t.runs.push_back({last.x + 5, last.y + (i % 2 ? 3 : 2), 1});
  }
  measure_thread(t, 16);
  EXPECT_TRUE(t.periodic);
  EXPECT_EQ(t.period, 2u);
  EXPECT_EQ(t.period_slope, (Fraction{1, 2}));
  // chord (0,0)–(500,250): every run within 1/2 row of it, so deviation 1 + 1
  EXPECT_EQ(t.deviation, 2u);
  EXPECT_EQ(t.slope_low, (Fraction{123, 250}));   // (250 − 4)/500
  EXPECT_EQ(t.slope_high, (Fraction{127, 250}));  // (250 + 4)/500
  PThread one;
  one.runs = {{3, 1, 1}, {3, 5, 2}};
  EXPECT_THROW(measure_thread(one, 4), InputError);
}

TEST(BlockingThreads, BadRequestsAreRefusedUpFront) {
  ThreadOptions options;
  options.depth = 15;
  EXPECT_THROW(p_threads(5, options), RangeError);
  options.depth = 100;
  EXPECT_THROW(p_threads(0, options), RangeError);
  options.reach = (std::uint64_t{1} << 20) + 1;
  EXPECT_THROW(p_threads(5, options), RangeError);
  options.reach = 0, options.max_period = 0;
  EXPECT_THROW(p_threads(5, options), RangeError);
  options.max_period = 8, options.depth = std::uint64_t{1} << 31;
  EXPECT_THROW(p_threads(1'000'000, options), MemoryError);  // before anything is allocated
  EXPECT_GT(p_threads_bytes(1'000'000, options), usable_memory());
  EXPECT_EQ(p_threads_bytes(kMaxK, options), UINT64_MAX);  // 176·10^9·2^31 bytes: saturated, not wrapped
  EXPECT_THROW(p_threads(kMaxK, options), MemoryError);
}

TEST(BlockingThreads, ProgressReachesTheEnd) {
  ThreadOptions options;
  options.depth = 300;
  std::uint64_t last_done = 0, last_total = 0;
  p_threads(5, options, [&](std::uint64_t done, std::uint64_t total) { last_done = done, last_total = total; });
  EXPECT_EQ(last_done, last_total);
  EXPECT_GE(last_total, 300u);
}

}  // namespace
}  // namespace qg::blocking
