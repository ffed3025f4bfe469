// The queen's view of k-Blocking Wythoff Nim (seed 004 §3.1, §4 Q4: "Are the armpits the unique
// regions from which the queen views the most palaces?"): the classifier against counting the
// palaces along the three lines cell by cell, and the census's counterexamples.
#include <gtest/gtest.h>

#include "queengames/blocking.hpp"

namespace qg::blocking {
namespace {

// The view the slow way: the palaces of the plain engine's table, and for every cell x ≥ y the
// palaces due north, west and north-west counted by walking the lines.
QueenView slow_view(std::uint64_t k, std::uint64_t D) {
  const auto v = palace_table(k, D, D, Engine::plain);
  auto palace = [&](std::uint64_t x, std::uint64_t y) { return v[y * D + x] < k; };
  QueenView view;
  view.k = k, view.depth = D;
  for (std::uint64_t y = 0; y < D; ++y)
    for (std::uint64_t x = y; x < D; ++x) {
      std::uint64_t seen = 0;
      for (std::uint64_t i = 1; i <= y; ++i) seen += palace(x, y - i);
      for (std::uint64_t i = 1; i <= x; ++i) seen += palace(x - i, y);
      for (std::uint64_t i = 1; i <= y; ++i) seen += palace(x - i, y - i);
      EXPECT_EQ(seen, v[y * D + x]) << k << " " << x << " " << y;  // the palace number is the count
      const bool armpit = x > k && x <= 2 * k && y > k / 3 && y < k;
      if (armpit) view.armpit_max = std::max(view.armpit_max, seen);
      if (seen > k) {
        if (view.above.size() < seen - k) view.above.resize(seen - k, 0);
        ++view.above[seen - k - 1];
      }
      if (seen > view.max) view.max = seen, view.cells = 0, view.in_armpit = 0, view.first.clear();
      if (seen == view.max) view.cells++, view.in_armpit += armpit, view.first.push_back({x, y});
    }
  return view;
}

TEST(BlockingView, AgreesWithCountingAlongTheLines) {
  for (std::uint64_t k : {1, 2, 5, 10, 20, 33, 46, 55}) {
    const std::uint64_t D = 160;
    const auto slow = slow_view(k, D);
    QueenViewOptions options;
    options.depth = D, options.max_cells = 1 << 20;
    for (Engine engine : {Engine::definition, Engine::ca}) {
      options.engine = engine;
      const auto fast = queen_view(k, options);
      EXPECT_EQ(fast.max, slow.max) << k;
      EXPECT_EQ(fast.cells, slow.cells) << k;
      EXPECT_EQ(fast.first, slow.first) << k;
      EXPECT_EQ(fast.in_armpit, slow.in_armpit) << k;
      EXPECT_EQ(fast.armpit_max, slow.armpit_max) << k;
      EXPECT_EQ(fast.above, slow.above) << k;
    }
  }
}

TEST(BlockingView, ListsTheFirstCellsOnly) {
  QueenViewOptions options;
  options.depth = 200, options.max_cells = 3;
  const auto view = queen_view(5, options);
  options.max_cells = 1 << 20;
  const auto all = queen_view(5, options);
  EXPECT_EQ(view.cells, all.cells);
  ASSERT_EQ(view.first.size(), std::min<std::uint64_t>(3, all.cells));
  EXPECT_TRUE(std::equal(view.first.begin(), view.first.end(), all.first.begin()));
}

TEST(BlockingView, GameFiftyFiveSeesMostOutsideTheArmpit) {
  // The census to depth 10^4 (docs/BLOCKING.md): game 55's largest palace number, 58, is held
  // by (439, 220) and its mirror alone, while the armpit window's largest is 57 — Q4 fails.
  QueenViewOptions options;
  options.depth = 1000;
  const auto view = queen_view(55, options);
  EXPECT_EQ(view.max, 58u);
  EXPECT_EQ(view.cells, 1u);
  ASSERT_EQ(view.first.size(), 1u);
  EXPECT_EQ(view.first[0], (Cell{439, 220}));
  EXPECT_EQ(view.in_armpit, 0u);
  EXPECT_EQ(view.armpit_max, 57u);
  EXPECT_FALSE(view.armpits_unique());
  EXPECT_EQ(view.above.size(), 3u);  // k + 1, k + 2, k + 3
}

TEST(BlockingView, BadRequestsAreRefusedUpFront) {
  QueenViewOptions options;
  options.depth = 2;
  EXPECT_THROW(queen_view(5, options), RangeError);
  options.depth = 100;
  EXPECT_THROW(queen_view(0, options), RangeError);
  options.max_cells = (std::uint64_t{1} << 20) + 1;
  EXPECT_THROW(queen_view(5, options), RangeError);
  options.max_cells = 4, options.depth = std::uint64_t{1} << 31;
  if (palace_rows_bytes(kMaxK, options.depth, Engine::definition) > usable_memory()) {
    EXPECT_THROW(queen_view(kMaxK, options), MemoryError);  // before anything is allocated
  }
}

}  // namespace
}  // namespace qg::blocking
