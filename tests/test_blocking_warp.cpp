// The warp of k-Blocking Wythoff Nim (seed 004 §3.1–3.2, §4 Q7: "Why is it that the threads of
// the warp merge in such a way that their thickness is always a Fibonacci number?"): the
// classifier against the same reading done on the plain engine's tables of games k and k + 1,
// and game 46's warp.
#include <gtest/gtest.h>

#include <map>

#include "queengames/blocking.hpp"

namespace qg::blocking {
namespace {

TEST(BlockingWarp, AgreesWithTheTablesReadByHand) {
  std::uint64_t warp_threads = 0, plateaus = 0;
  for (std::uint64_t k : {3, 14, 36, 47}) {
    ThreadOptions options;
    options.depth = 1200;
    const auto threads = p_threads(k, options);
    const auto report = warp(k, options);
    const std::uint64_t D = options.depth;
    const auto a = palace_table(k, D, D, Engine::plain), b = palace_table(k + 1, D + 1, D, Engine::plain);
    EXPECT_EQ(report.threads, threads.upper.size());
    std::uint64_t arm = 0;
    std::size_t w = 0;
    for (const auto& t : threads.upper) {
      // the arm: Figure 4 (right), game k + 1 at (x + 1, y) is game k's v + 1, at most runs' tops
      std::uint64_t matched = 0;
      for (const auto& run : t.runs) matched += b[run.y * (D + 1) + run.x + 1] == a[run.y * D + run.x] + 1;
      if (2 * matched > t.runs.size()) {
        ++arm;
        continue;
      }
      if (t.shape != ThreadShape::chain || !t.periodic) continue;
      ASSERT_LT(w, report.warp.size()) << k;
      const auto& got = report.warp[w++];
      EXPECT_EQ(got.thread.runs, t.runs);
      // every cell of the thread is a palace; its cells per row, per window of period_dy rows
      std::map<std::uint64_t, std::uint64_t> per_row;
      for (const auto& run : t.runs)
        for (std::uint64_t y = run.y; y < run.y + run.thickness; ++y) {
          EXPECT_LT(a[y * D + run.x], k);
          ++per_row[y];
        }
      // the cells of the last period, by its runs' thicknesses
      std::uint64_t last = 0;
      for (std::uint64_t i = t.preperiod + (t.repeats - 1) * t.period; i < t.preperiod + t.repeats * t.period; ++i)
        last += t.runs[i].thickness;
      if (got.period_cells > 0) {
        EXPECT_EQ(got.period_cells, last);
        EXPECT_EQ(got.horizontal.num * t.period_dy, got.period_cells * got.horizontal.den);
        EXPECT_EQ(got.vertical.num * t.period_dx, got.period_cells * got.vertical.den);
      }
      const std::uint64_t P = t.period_dy, first = t.runs.front().y, end = t.runs.back().y;
      for (const auto& p : got.plateaus)
        for (std::uint64_t r = p.row; r < p.row + p.rows; ++r) {
          ASSERT_LE(r + 2 * P, end);
          std::uint64_t cells = 0;
          for (std::uint64_t y = r; y < r + P; ++y) cells += per_row.count(y) ? per_row[y] : 0;
          EXPECT_EQ(cells, p.cells) << k << " row " << r;
        }
      if (!got.plateaus.empty()) {
        EXPECT_GE(got.plateaus.front().row, first);
      }
    }
    EXPECT_EQ(w, report.warp.size()) << k;
    EXPECT_EQ(report.arm_threads, arm) << k;
    warp_threads += w;
    for (const auto& t : report.warp) plateaus += t.plateaus.size();
  }
  EXPECT_GE(warp_threads, 8u);  // the comparison is not empty
  EXPECT_GE(plateaus, 3u);
}

TEST(BlockingWarp, GameFortySix) {
  // To depth 5000: 12 upper threads, 9 of them the arm's (the skin's and eight of slope 5/13);
  // the warp: a thread of slope 5/13 with 15 cells a period of (13, 5) — 3 a row, a Fibonacci
  // number (the left-hand warp's vertical thickness 3) — and one of slope 1/2 with 12 cells a
  // period of (26, 13), no integer thickness; the two non-periodic innermost are the inner sector's.
  ThreadOptions options;
  options.depth = 5000;
  const auto report = warp(46, options);
  EXPECT_EQ(report.threads, 12u);
  EXPECT_EQ(report.arm_threads, 9u);
  ASSERT_EQ(report.warp.size(), 2u);
  const auto &a = report.warp[0], &b = report.warp[1];
  EXPECT_EQ(a.thread.runs.front(), (ThreadRun{571, 239, a.thread.runs.front().thickness}));
  EXPECT_EQ(a.thread.period_slope, (Fraction{5, 13}));
  EXPECT_EQ(a.period_cells, 15u);
  EXPECT_EQ(a.horizontal, (Fraction{3, 1}));
  EXPECT_EQ(a.vertical, (Fraction{15, 13}));
  EXPECT_EQ(a.diagonal, (Fraction{15, 8}));
  EXPECT_EQ(a.direction, 'h');
  EXPECT_EQ(a.thickness, 3u);
  EXPECT_TRUE(a.fibonacci);
  EXPECT_EQ(b.thread.period_slope, (Fraction{1, 2}));
  EXPECT_EQ(b.period_cells, 12u);
  EXPECT_EQ(b.horizontal, (Fraction{12, 13}));
  EXPECT_EQ(b.direction, 0);
  EXPECT_FALSE(b.fibonacci);
}

TEST(BlockingWarp, ProgressCoversBothPassesToTheEnd) {
  // The threads' pass reports the first half, the arm test's the second, ending at the total.
  ThreadOptions options;
  options.depth = 300;
  std::uint64_t last_done = 0, last_total = 0, first_half = 0, second_half = 0;
  warp(5, options, [&](std::uint64_t done, std::uint64_t total) {
    (2 * done <= total ? first_half : second_half) += 1;
    last_done = done, last_total = total;
  });
  EXPECT_GT(first_half, 0u);
  EXPECT_GT(second_half, 0u);
  EXPECT_EQ(last_done, last_total);
}

TEST(BlockingWarp, BadRequestsAreRefusedUpFront) {
  ThreadOptions options;
  options.depth = 15;
  EXPECT_THROW(warp(5, options), RangeError);
  options.depth = 100;
  EXPECT_THROW(warp(kMaxK, options), RangeError);  // game k + 1 is needed
  options.depth = std::uint64_t{1} << 31;
  EXPECT_THROW(warp(1'000'000, options), MemoryError);
}

}  // namespace
}  // namespace qg::blocking
