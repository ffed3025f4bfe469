// The arm's skin at every level n (seed 004 §3.4, §4 Q1–Q2): arm_skin against the skin read
// straight off the plain engine's table, the step word's morphism 2 → 23, 3 → 233, and the
// paper's figures for game 1000 (thickening after about 200 and 7700 columns).
#include <gtest/gtest.h>

#include "queengames/blocking.hpp"
#include "queengames/numeration.hpp"
#include "test_support.hpp"

namespace qg::blocking {
namespace {

constexpr bool sanitized = kSanitized;  // test_support.hpp

std::uint64_t fib(unsigned i) { return numeration::fibonacci<std::uint64_t>(i); }

TEST(BlockingSkin, StepWordsAreTheMorphismsImages) {
  EXPECT_EQ(skin_steps(0), "2");
  EXPECT_EQ(skin_steps(1), "23");
  EXPECT_EQ(skin_steps(2), "23233");
  EXPECT_EQ(skin_steps(3), "2323323233233");
  for (unsigned n = 0; n <= 12; ++n) {
    const std::string w = skin_steps(n);
    // f_2n+1 steps (the vertical period) covering f_2n+3 columns (the horizontal period)
    EXPECT_EQ(w.size(), fib(2 * n + 1)) << n;
    std::uint64_t columns = 0;
    for (char c : w) columns += static_cast<std::uint64_t>(c - '0');
    EXPECT_EQ(columns, fib(2 * n + 3)) << n;
  }
  EXPECT_THROW(skin_steps(13), RangeError);
}

// Column x's first palace and the run from it, straight from the plain engine's table.
struct Column {
  std::int64_t top = -1;
  std::uint64_t run = 0;
};

TEST(BlockingSkin, AgreesWithTheTableReadByHand) {
  for (std::uint64_t k : {20, 37}) {
    const std::uint64_t columns = 700, W = k + columns + 64, H = columns / 2 + 64;
    const auto v = palace_table(k, W, H, Engine::plain);
    std::vector<Column> c(columns);
    for (std::uint64_t i = 0; i < columns; ++i) {
      const std::uint64_t x = k + i;
      std::uint64_t y = 0;
      while (y < H && v[y * W + x] >= k) ++y;
      if (y == H) continue;
      c[i].top = static_cast<std::int64_t>(y);
      while (y < H && v[y * W + x] < k) ++y, ++c[i].run;
    }
    const auto skin = arm_skin(k, columns);
    ASSERT_GE(skin.levels.size(), 2u) << k;
    for (const auto& l : skin.levels) {
      ASSERT_LT(l.end, columns);
      EXPECT_EQ(static_cast<std::int64_t>(l.first_row), c[l.first].top);
      // the least period, trying every p against every column of the level
      std::uint64_t period = 0, drop = 0;
      for (std::uint64_t p = 1; 2 * p <= l.end - l.first && period == 0; ++p) {
        bool repeats = c[l.first + p].top >= c[l.first].top;
        for (std::uint64_t i = l.first; i + p < l.end; ++i)
          repeats =
              repeats && c[i + p].run == c[i].run && c[i + p].top - c[i].top == c[l.first + p].top - c[l.first].top;
        if (repeats) period = p, drop = static_cast<std::uint64_t>(c[l.first + p].top - c[l.first].top);
      }
      EXPECT_EQ(l.period, period) << k << " n = " << l.n;
      EXPECT_EQ(l.drop, drop) << k << " n = " << l.n;
      std::uint64_t thick = 0, plus = 0;
      for (std::uint64_t i = l.first; i < l.end; ++i)
        thick += c[i].run == fib(2 * l.n), plus += c[i].run == fib(2 * l.n) + 1;
      EXPECT_EQ(l.thick, thick);
      EXPECT_EQ(l.thick_plus, plus);
      // the steps: widths of the columns of equal top, one period from the first step begun
      std::uint64_t s = l.first + 1;
      while (c[s].top == c[s - 1].top) ++s;
      std::string steps;
      std::uint64_t width = 0;
      for (std::uint64_t i = s; i < s + period; ++i)
        if (++width, i + 1 == s + period || c[i + 1].top != c[i].top)
          steps += static_cast<char>('0' + width), width = 0;
      EXPECT_EQ(l.steps, steps);
      EXPECT_TRUE(l.steps_match) << k << " n = " << l.n << " " << l.steps;
      EXPECT_TRUE(l.fibonacci) << k << " n = " << l.n;
    }
  }
}

TEST(BlockingSkin, GameThousandThickensAtTheColumnsOfThePaper) {
  // §3.4: "after about 200 pixels (horizontally, about 80 vertically) it changes to the form
  // with n = 2, then after about 7700 pixels … n = 3". Measured: from column 197, row 80, and
  // from column 7826; at each level thickness f_2n (f_2n + 1 where a line leaves), diagonal
  // f_2n+1, horizontal f_2n+2, period f_2n+3 columns × f_2n+1 rows, steps μ^n(2).
  const std::uint64_t k = sanitized ? 100 : 1000, columns = sanitized ? 1000 : 12000;
  const auto skin = arm_skin(k, columns);
  ASSERT_EQ(skin.levels.size(), sanitized ? 2u : 3u);
  for (unsigned n = 1; n <= skin.levels.size(); ++n) {
    const auto& l = skin.levels[n - 1];
    EXPECT_EQ(l.n, n);
    EXPECT_EQ(l.horizontal, fib(2 * n + 2));
    EXPECT_EQ(l.diagonal, fib(2 * n + 1));
    EXPECT_EQ(l.period, fib(2 * n + 3));
    EXPECT_EQ(l.drop, fib(2 * n + 1));
    EXPECT_GT(l.thick_plus, 0u);
    EXPECT_TRUE(l.steps_match) << l.steps;
    EXPECT_TRUE(l.fibonacci);
  }
  if (!sanitized) {
    EXPECT_EQ(skin.levels[0].first, 4u);
    EXPECT_EQ(skin.levels[1].first, 197u);
    EXPECT_EQ(skin.levels[1].first_row, 80u);
    EXPECT_EQ(skin.levels[2].first, 7826u);
    EXPECT_EQ(skin.levels[2].first_row, 3014u);
    EXPECT_EQ(skin.levels[2].steps, "3232332332323");
  }
}

TEST(BlockingSkin, BadRequestsAreRefusedUpFront) {
  EXPECT_THROW(arm_skin(5, 15), RangeError);
  EXPECT_THROW(arm_skin(5, (std::uint64_t{1} << 24) + 1), RangeError);
  EXPECT_THROW(arm_skin(0, 100), RangeError);
  if (palace_rows_bytes(kMaxK, kMaxK + (std::uint64_t{1} << 24), Engine::definition) > usable_memory()) {
    EXPECT_THROW(arm_skin(kMaxK, std::uint64_t{1} << 24), MemoryError);  // before anything is allocated
  }
}

}  // namespace
}  // namespace qg::blocking
