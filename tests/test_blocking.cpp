// k-Blocking Wythoff Nim (seed 004): the engines against the definition, the paper's
// Figure 1 and example game, Wythoff's P-positions for k = 1, and bad input.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <fstream>
#include <map>
#include <random>
#include <set>
#include <tuple>

#include "blocking/detail.hpp"
#include "blocking/regions.hpp"
#include "queengames/blocking.hpp"
#include "queengames/io.hpp"
#include "queengames/numeration.hpp"
#include "test_support.hpp"

namespace qg::blocking {
namespace {

constexpr bool sanitized = kSanitized;  // test_support.hpp

// The definition, literally: walk north, west and north-west from every cell and count the
// palaces met (seed 004 §1). O(W·H·(W + H)).
std::vector<std::uint32_t> brute_force(std::uint64_t k, std::uint64_t W, std::uint64_t H) {
  std::vector<std::uint32_t> v(W * H);
  auto palace = [&](std::uint64_t x, std::uint64_t y) { return v[y * W + x] < k; };
  for (std::uint64_t y = 0; y < H; ++y)
    for (std::uint64_t x = 0; x < W; ++x) {
      std::uint32_t n = 0;
      for (std::uint64_t j = 0; j < y; ++j) n += palace(x, j);
      for (std::uint64_t i = 0; i < x; ++i) n += palace(i, y);
      for (std::uint64_t d = 1; d <= std::min(x, y); ++d) n += palace(x - d, y - d);
      v[y * W + x] = n;
    }
  return v;
}

// The checksum cell by cell, as qg::Sum64 defines it.
Summary summary_of(const std::vector<std::uint32_t>& v, std::uint64_t k, std::uint64_t W, std::uint64_t H) {
  Summary s{W, H, 0, UINT64_MAX, 0, 0};
  Sum64 sum{W};
  for (std::uint64_t y = 0; y < H; ++y)
    for (std::uint64_t x = 0; x < W; ++x) {
      std::uint64_t value = v[y * W + x];
      sum.add(x, y, static_cast<std::int64_t>(value));
      s.palaces += value < k;
      s.min = std::min(s.min, value), s.max = std::max(s.max, value);
    }
  s.sum64 = sum.sum;
  return s;
}

// Seed 004, Figure 1: game 5 on the 11×11 board. The figure's colours are palace numbers
// 0 (dark brown) … 7 (indigo); this table is the brute force above, and the assertions
// below check it against everything the figure's caption and the example game state.
const std::uint32_t figure1[11][11] = {
    {0, 1, 2, 3, 4, 5, 5, 5, 5, 5, 5}, {1, 3, 4, 5, 5, 4, 4, 5, 5, 5, 5}, {2, 4, 6, 5, 4, 5, 6, 4, 4, 5, 5},
    {3, 5, 5, 4, 6, 5, 4, 6, 6, 4, 4}, {4, 5, 4, 6, 7, 5, 6, 5, 5, 5, 5}, {5, 4, 5, 5, 5, 5, 5, 4, 5, 5, 5},
    {5, 4, 6, 4, 6, 5, 7, 6, 6, 5, 5}, {5, 5, 4, 6, 5, 4, 6, 7, 5, 6, 5}, {5, 5, 4, 6, 5, 5, 6, 5, 5, 4, 6},
    {5, 5, 5, 4, 5, 5, 5, 6, 4, 7, 6}, {5, 5, 5, 4, 5, 5, 5, 5, 6, 6, 5}};

TEST(Blocking, Figure1Game5) {
  auto brute = brute_force(5, 11, 11);
  for (Engine e : {Engine::definition, Engine::plain, Engine::ca}) {
    auto t = palace_table(5, 11, 11, e);
    for (std::uint64_t y = 0; y < 11; ++y)
      for (std::uint64_t x = 0; x < 11; ++x) {
        ASSERT_EQ(t[y * 11 + x], figure1[y][x]) << to_string(e) << " at (" << x << "," << y << ")";
        ASSERT_EQ(brute[y * 11 + x], figure1[y][x]);
      }
  }
  // The legend runs from 0 (dark brown) to 7 (indigo); (0,0) is dark brown.
  auto [lo, hi] = std::minmax_element(&figure1[0][0], &figure1[0][0] + 121);
  EXPECT_EQ(*lo, 0u);
  EXPECT_EQ(*hi, 7u);
  // The example game: the queen at (3,3) is yellow (4); the blocked (0,0) is dark brown and
  // (1,1), (0,3), (3,0) light olive (3); the options (3,1), (3,2), (2,2), (2,3), (1,3) are
  // black or blue (5 or 6).
  EXPECT_EQ(figure1[3][3], 4u);
  EXPECT_EQ(figure1[0][0], 0u);
  for (auto [x, y] : {std::pair{1, 1}, {0, 3}, {3, 0}}) EXPECT_EQ(figure1[y][x], 3u);
  for (auto [x, y] : {std::pair{3, 1}, {3, 2}, {2, 2}, {2, 3}, {1, 3}}) {
    EXPECT_GE(figure1[y][x], 5u);
    EXPECT_LE(figure1[y][x], 6u);
  }
}

TEST(Blocking, ExampleGameAt33) {
  // Seed 004 §1: k = 5, queen at (3,3), B blocks {(0,0),(1,1),(0,3),(3,0)}: A's options are
  // {(3,1),(3,2),(2,2),(2,3),(1,3)}, none a palace, so B wins.
  std::vector<Cell> blocks = {{0, 0}, {1, 1}, {0, 3}, {3, 0}};
  auto a = play(5, {3, 3}, blocks);
  EXPECT_EQ(a.palace_number, 4u);
  EXPECT_FALSE(a.winning());
  std::set<std::pair<std::uint64_t, std::uint64_t>> options, expected = {{3, 1}, {3, 2}, {2, 2}, {2, 3}, {1, 3}};
  for (auto [cell, v] : a.options) {
    options.insert({cell.x, cell.y});
    EXPECT_GE(v, 5u);
  }
  EXPECT_EQ(options, expected);
  std::set<std::pair<std::uint64_t, std::uint64_t>> visible;
  for (auto c : a.visible_palaces) visible.insert({c.x, c.y});
  EXPECT_EQ(visible, (std::set<std::pair<std::uint64_t, std::uint64_t>>{{0, 0}, {1, 1}, {0, 3}, {3, 0}}));
  // "Regardless of which of these A chooses, B will then have at least five winning moves."
  for (auto [x, y] : expected) {
    auto b = play(5, {x, y});
    EXPECT_TRUE(b.winning());
    EXPECT_GE(b.visible_palaces.size(), 5u) << x << "," << y;
  }
  // Without pawns given, the opponent who moved to the palace (3,3) blocks its 4 palaces.
  auto best = play(5, {3, 3});
  EXPECT_FALSE(best.winning());
  EXPECT_EQ(best.blocked.size(), 4u);
  EXPECT_EQ(best.moves, 5u);
  // With only three of them blocked, moving to the fourth wins.
  auto open = play(5, {3, 3}, std::vector<Cell>{{0, 0}, {1, 1}, {0, 3}});
  ASSERT_TRUE(open.winning());
  EXPECT_EQ(*open.move, (Cell{3, 0}));
  EXPECT_EQ(open.pawns.size(), 3u);  // (3,0) sees (0,0), (1,0), (2,0)
}

TEST(Blocking, PlayFindsAWinningMoveAndItsPawns) {
  auto a = play(5, {4, 4});  // v = 7 ≥ 5: at least 7 − 4 palaces stay unblocked
  ASSERT_TRUE(a.winning());
  EXPECT_EQ(a.palace_number, 7u);
  EXPECT_EQ(a.visible_palaces.size(), 7u);
  auto t = brute_force(5, 5, 5);
  EXPECT_LT(t[a.move->y * 5 + a.move->x], 5u);
  EXPECT_EQ(a.pawns.size(), t[a.move->y * 5 + a.move->x]);  // the palaces the target sees
  EXPECT_LE(a.pawns.size(), 4u);
  EXPECT_FALSE(play(3, {0, 0}).winning());  // no move at all
  using Cells = std::vector<Cell>;
  EXPECT_THROW(play(5, {3, 3}, Cells{{3, 4}}), InputError);          // not a move
  EXPECT_THROW(play(5, {3, 3}, Cells{{0, 0}, {0, 0}}), InputError);  // twice
  EXPECT_THROW(play(2, {3, 3}, Cells{{0, 0}, {1, 1}}), InputError);  // k − 1 = 1 pawn
  EXPECT_EQ(parse_cell("12,7"), (Cell{12, 7}));
  for (const char* bad : {"12", "1,", ",2", "a,b", "-1,2", "1,2,3"}) EXPECT_THROW(parse_cell(bad), InputError) << bad;
}

TEST(Blocking, EnginesAgreeWithTheDefinition) {
  for (std::uint64_t k : {1, 2, 3, 4, 7, 12, 25}) {
    for (auto [W, H] : {std::pair<std::uint64_t, std::uint64_t>{1, 1}, {1, 40}, {40, 1}, {37, 53}, {90, 61}}) {
      auto brute = brute_force(k, W, H);
      auto expected = summary_of(brute, k, W, H);
      for (Engine e : {Engine::definition, Engine::plain, Engine::ca}) {
        ASSERT_EQ(palace_table(k, W, H, e), brute) << to_string(e) << " k=" << k << " " << W << "x" << H;
        for (unsigned threads : {1u, 2u}) EXPECT_EQ(summary(k, W, H, e, threads), expected) << to_string(e);
      }
    }
  }
}

TEST(Blocking, SummaryHashByHand) {
  // k = 1 on 3×2: row 0 is 0 1 1, row 1 is 1 1 0 ((0,0) and (2,1) are Wythoff's P-positions).
  // sum64 = Σ (v+1)(2(3y+x)+1) = 1·1 + 2·3 + 2·5 + 2·7 + 2·9 + 1·11 = 60 = 0x3c.
  auto s = summary(1, 3, 2);
  EXPECT_EQ(s.line(), "size 3x2 palaces 2 min 0 max 1 sum64 000000000000003c");
  // k = 2 on 2×2: 0 1 / 1 3: 1·1 + 2·3 + 2·5 + 4·7 = 45 = 0x2d.
  EXPECT_EQ(summary(2, 2, 2).line(), "size 2x2 palaces 3 min 0 max 3 sum64 000000000000002d");
}

TEST(Blocking, BandsAndWideCountersAgree) {
  // Bands of at least 2048 columns, up to four per thread: 5000, 6200 and 17000 columns give
  // 2, 3 and up to 8 bands. The 32-bit counters (used for k > 16383) are run on small games
  // through the test hook.
  const std::uint64_t tall = sanitized ? 200 : 1100;
  for (auto [k, W, H] : {std::tuple<std::uint64_t, std::uint64_t, std::uint64_t>{37, 5000, 300},
                         {300, 6200, tall},
                         {2, 4100, 50},
                         {1000, 4096, tall},
                         {37, 17000, 300}}) {
    auto reference = summary(k, W, H, Engine::plain);
    for (unsigned threads : {1u, 2u, 3u, 4u}) {
      EXPECT_EQ(summary(k, W, H, Engine::definition, threads), reference) << k << " " << W << " " << threads;
      EXPECT_EQ(detail::summary_wide_counters(k, W, H, threads), reference) << k << " " << W << " " << threads;
    }
  }
  // 16383 is the largest k with 16-bit counters; 16384 switches to 32-bit ones.
  for (std::uint64_t k : {16383, 16384}) EXPECT_EQ(summary(k, 700, 500), summary(k, 700, 500, Engine::plain));
}

TEST(Blocking, AnInterruptStopsTheThreads) {
  // The CLI's progress callback throws on SIGINT: the other threads, possibly asleep waiting
  // for their neighbour band, must wake, stop and be joined, and the exception come through.
  struct Interrupted {};
  for (unsigned threads : {2u, 3u}) {
    std::uint64_t calls = 0;
    auto progress = [&](std::uint64_t, std::uint64_t) {
      if (++calls == 2) throw Interrupted{};
    };
    EXPECT_THROW(summary(37, 9000, 3000, Engine::definition, threads, progress), Interrupted) << threads;
    EXPECT_EQ(calls, 2u);
  }
}

TEST(Blocking, Theorem2_1CaEqualsDefinition) {
  // Seed 004, Theorem 2.1: the CA's state is v − k everywhere (hence negative iff P-position),
  // for k = 1..50 and six larger games (the claim itself: tests/test_papers_blocking.cpp).
  const std::uint64_t big = sanitized ? 1000 : 3000;
  EXPECT_EQ(summary(1000, big, big, Engine::ca), summary(1000, big, big));
}

// The compensation weights of Figure 2, re-derived from the definition: a 3×3 block
// a b · / c d e / · f g with random palace counts from outside the block (v1..v3 columns,
// h1..h3 rows, three diagonals) and the palaces inside it decided cell by cell.
TEST(Blocking, CompensationWeightsFromTheDefinition) {
  std::mt19937_64 random(4);
  for (int trial = 0; trial < 200000; ++trial) {
    const std::int64_t k = 1 + static_cast<std::int64_t>(random() % 8);
    std::int64_t col[3], row[3], diag[5];  // diag index (x − y) + 2 over the block
    for (auto& c : col) c = static_cast<std::int64_t>(random() % 5);
    for (auto& r : row) r = static_cast<std::int64_t>(random() % 5);
    for (auto& d : diag) d = static_cast<std::int64_t>(random() % 5);
    std::int64_t v[3][3];
    for (int y = 0; y < 3; ++y)
      for (int x = 0; x < 3; ++x) {
        v[y][x] = col[x] + row[y] + diag[x - y + 2] - k;  // the CA state: palace number − k
        if (v[y][x] < 0) ++col[x], ++row[y], ++diag[x - y + 2];
      }
    ASSERT_EQ(ca_rule(v[0][0], v[0][1], v[1][0], v[1][1], v[1][2], v[2][1]), v[2][2]) << "trial " << trial;
  }
  // The weights one by one: a +3, b −2, c −2, d −1, e +1, f +1.
  EXPECT_EQ(ca_compensation(-1, 0, 0, 0, 0, 0), 3);
  EXPECT_EQ(ca_compensation(0, -1, 0, 0, 0, 0), -2);
  EXPECT_EQ(ca_compensation(0, 0, -1, 0, 0, 0), -2);
  EXPECT_EQ(ca_compensation(0, 0, 0, -1, 0, 0), -1);
  EXPECT_EQ(ca_compensation(0, 0, 0, 0, -1, 0), 1);
  EXPECT_EQ(ca_compensation(0, 0, 0, 0, 0, -1), 1);
  EXPECT_EQ(ca_rule(7, 7, 7, 7, 0, 0), -7);  // g(0,0) = −k for k = 7
  EXPECT_EQ(ca_initial(9, -1, -2), 9);
  EXPECT_EQ(ca_initial(9, -1, 4), 0);
  EXPECT_EQ(ca_initial(9, 3, -2), 0);
  EXPECT_THROW(ca_initial(9, 0, 0), InputError);
}

TEST(Blocking, ReversedRule) {
  // Seed 004 §2.3: a + p_a = g − f − e + c + b − p_bcdef =: R; R ≥ 3 → a = R; R < 0 →
  // a = R − 3; 0 ≤ R ≤ 2 → both.
  auto p = ca_reverse(0, 0, 0, 0, 0, 5);  // R = 5
  EXPECT_EQ(p.count, 1);
  EXPECT_EQ(p.value[0], 5);
  p = ca_reverse(0, 0, 0, 0, 0, 1);  // R = 1
  ASSERT_EQ(p.count, 2);
  EXPECT_EQ(p.value[0], 1);
  EXPECT_EQ(p.value[1], -2);
  p = ca_reverse(0, 0, 0, 0, 0, -2);  // R = −2
  ASSERT_EQ(p.count, 1);
  EXPECT_EQ(p.value[0], -5);
  for (std::int64_t g = -6; g <= 6; ++g)
    for (std::int64_t e = -2; e <= 2; ++e) {
      auto q = ca_reverse(1, -1, -1, e, 2, g);
      for (int i = 0; i < q.count; ++i) EXPECT_EQ(ca_rule(q.value[i], 1, -1, -1, e, 2), g);
    }
}

TEST(Blocking, ReversedRuleOnWindows) {
  // §2.3, "no Garden of Eden": any pattern of four time steps of the diamond grid, with
  // arbitrary integer states, has a history. Time t = x + y and space u = x − y; the red cell
  // g = (t, u) has a = (t−4, u), b = (t−3, u+1), c = (t−3, u−1), d = (t−2, u),
  // e = (t−1, u+1), f = (t−1, u−1). Random windows are run back m steps (each step loses one
  // cell at each end), choosing among the predecessors at random, then forward again by the
  // rule: the four given steps come back wherever the window is still complete.
  std::mt19937_64 random(23);
  const int L = 30, m = 8;  // space −L..L, m steps back
  const int trials = sanitized ? 40 : 300;
  for (int trial = 0; trial < trials; ++trial) {
    std::map<std::pair<int, int>, std::int64_t> s;  // (t, u) with t ≡ u (mod 2)
    const std::int64_t spread = trial % 3 == 0 ? 40 : 6;
    for (int t = 0; t < 4; ++t)
      for (int u = -L; u <= L; ++u)
        if ((t - u) % 2 == 0) s[{t, u}] = static_cast<std::int64_t>(random() % (2 * spread + 1)) - spread;
    auto has = [&](int t, int u) { return s.count({t, u}) > 0; };
    for (int t = 3; t - 4 >= -m; --t)
      for (int u = -L; u <= L; ++u) {
        if ((t - u) % 2 != 0 || !has(t, u) || !has(t - 3, u + 1) || !has(t - 3, u - 1) || !has(t - 1, u + 1) ||
            !has(t - 1, u - 1))
          continue;
        auto p = ca_reverse(s[{t - 3, u + 1}], s[{t - 3, u - 1}], s[{t - 2, u}], s[{t - 1, u + 1}], s[{t - 1, u - 1}],
                            s[{t, u}]);
        ASSERT_GE(p.count, 1);
        s[{t - 4, u}] = p.value[random() % static_cast<unsigned>(p.count)];
      }
    // Forward from the four earliest steps: the rule recomputes everything after them.
    std::map<std::pair<int, int>, std::int64_t> f;
    for (const auto& [cell, v] : s)
      if (cell.first < -m + 4) f[cell] = v;
    std::uint64_t compared = 0;
    for (int t = -m + 4; t <= 3; ++t)
      for (int u = -L; u <= L; ++u) {
        auto at = [&](int tt, int uu) { return f.find({tt, uu}); };
        if ((t - u) % 2 != 0 || at(t - 4, u) == f.end() || at(t - 3, u + 1) == f.end() || at(t - 3, u - 1) == f.end() ||
            at(t - 2, u) == f.end() || at(t - 1, u + 1) == f.end() || at(t - 1, u - 1) == f.end())
          continue;
        const std::pair<int, int> g{t, u};
        f[g] = ca_rule(f[{t - 4, u}], f[{t - 3, u + 1}], f[{t - 3, u - 1}], f[{t - 2, u}], f[{t - 1, u + 1}],
                       f[{t - 1, u - 1}]);
        ASSERT_EQ(f[g], s.at(g)) << "trial " << trial << " (t, u) = (" << t << ", " << u << ")";
        compared += t >= 0;
      }
    ASSERT_GT(compared, 50u);  // the given window's centre was reproduced
  }
}

TEST(Blocking, PlayAgreesWithBruteForce) {
  for (std::uint64_t k : {1, 2, 3, 7}) {
    const std::uint64_t n = 12;
    auto t = brute_force(k, n, n);
    for (std::uint64_t y = 0; y < n; ++y)
      for (std::uint64_t x = 0; x < n; ++x) {
        auto a = play(k, {x, y});
        ASSERT_EQ(a.palace_number, t[y * n + x]);
        ASSERT_EQ(a.winning(), t[y * n + x] >= k) << k << " (" << x << "," << y << ")";
        if (!a.winning()) continue;
        auto m = *a.move;
        EXPECT_LT(t[m.y * n + m.x], k);
        EXPECT_EQ(a.pawns.size(), t[m.y * n + m.x]);
        for (auto c : a.pawns) EXPECT_LT(t[c.y * n + c.x], k);
      }
  }
}

// Golly's RLE, read back: runs, '$' row ends, '.', 'A'..'X' and the two-letter states.
std::vector<std::vector<int>> read_rle(const std::string& path, std::uint64_t& x0, std::uint64_t& y0) {
  std::ifstream in(path);
  std::string line, body;
  std::uint64_t w = 0, h = 0;
  while (std::getline(in, line)) {
    if (line.rfind("#CXRLE Pos=", 0) == 0) std::sscanf(line.c_str(), "#CXRLE Pos=%lu,%lu", &x0, &y0);
    else if (line.rfind("x = ", 0) == 0) std::sscanf(line.c_str(), "x = %lu, y = %lu", &w, &h);
    else if (line[0] != '#') body += line;
  }
  std::vector<std::vector<int>> cells(h, std::vector<int>(w, 0));
  std::uint64_t x = 0, y = 0, run = 0;
  for (std::size_t i = 0; i < body.size(); ++i) {
    char c = body[i];
    if (c >= '0' && c <= '9') {
      run = run * 10 + static_cast<std::uint64_t>(c - '0');
      continue;
    }
    std::uint64_t count = run ? run : 1;
    run = 0;
    if (c == '!') break;
    if (c == '$') {
      y += count, x = 0;
      continue;
    }
    int state = 0;
    if (c >= 'A' && c <= 'X') state = c - 'A' + 1;
    else if (c >= 'p' && c <= 'y') state = 24 * (c - 'p' + 1) + (body[++i] - 'A' + 1);
    for (std::uint64_t j = 0; j < count; ++j) cells[y][x++] = state;
  }
  return cells;
}

TEST(Blocking, GollyRleRoundTrip) {
  const std::string path = testing::TempDir() + "blocking_test.rle";
  for (auto [k, region] : {std::pair<std::uint64_t, Region>{5, {0, 0, 11, 11}}, {100, {20, 30, 170, 130}}}) {
    write_rle(path, k, region);
    std::uint64_t x0 = 99, y0 = 99;
    auto cells = read_rle(path, x0, y0);
    EXPECT_EQ(x0, region.x0);
    EXPECT_EQ(y0, region.y0);
    auto t = palace_table(k, region.x0 + region.width, region.y0 + region.height);
    ASSERT_EQ(cells.size(), region.height);
    for (std::uint64_t y = 0; y < region.height; ++y)
      for (std::uint64_t x = 0; x < region.width; ++x)
        ASSERT_EQ(cells[y][x], rle_state(t[(region.y0 + y) * (region.x0 + region.width) + region.x0 + x], k))
            << k << " (" << x << "," << y << ")";
  }
  EXPECT_EQ(rle_state(5, 5), 0);
  EXPECT_EQ(rle_state(4, 5), 1);
  EXPECT_EQ(rle_state(0, 500), 120);
  EXPECT_EQ(rle_state(6, 5), 121);
  EXPECT_EQ(rle_state(5000, 5), 255);
  std::remove(path.c_str());
}

TEST(Blocking, ThePaletteOfFigureOne) {
  // Figure 1's legend (k = 5): eight distinct colours for 0..7, black for k.
  std::set<std::tuple<int, int, int>> colours;
  for (std::uint64_t v = 0; v < 8; ++v) {
    Rgb c = palace_colour(v, 5);
    colours.insert({c.r, c.g, c.b});
  }
  EXPECT_EQ(colours.size(), 8u);
  Rgb black = palace_colour(5, 5), yellow = palace_colour(4, 5);
  EXPECT_EQ(black.r + black.g + black.b, 0);
  EXPECT_GT(yellow.r, 200);
}

TEST(Blocking, SkinStages) {
  // §3.4: stage n has vertical thickness f_2n, or f_2n + 1 where the line is emitted (the
  // text's "f_2n+1" read as f_{2n} + 1: the measured 4 at n = 2 is not f_5 = 5), diagonal
  // f_2n+1, horizontal f_2n+2, periods f_2n+3 × f_2n+1; the first thickening comes after
  // about 200 columns (80 rows).
  auto skin = detail::measure_skin(1000, 420);
  ASSERT_EQ(skin.stages.size(), 2u);
  const auto& one = skin.stages[0];
  const auto& two = skin.stages[1];
  EXPECT_EQ(one.n, 1u);
  EXPECT_EQ(one.horizontal_mode, 3u);
  EXPECT_EQ(one.diagonal_mode, 2u);
  EXPECT_EQ(two.n, 2u);
  EXPECT_EQ(two.first, 197u);
  EXPECT_EQ(two.first_row, 80u);
  EXPECT_EQ(two.horizontal_mode, 8u);
  EXPECT_EQ(two.diagonal_mode, 5u);
  EXPECT_EQ(two.horizontal_period, 13u);
  EXPECT_EQ(two.vertical_period, 5u);
  EXPECT_GT(two.thick_plus, 0u);  // columns of thickness 4 = f_4 + 1
  // The arm does not depend on k: game 700 thickens at the same column.
  EXPECT_EQ(detail::measure_skin(700, 420).stages.at(1).first, 197u);
}

TEST(Blocking, ShiftsOfFigure4) {
  // Figure 4: k vs k + 3 shifted (1,1) matches on the hood and the épaulettes; k vs k + 1
  // shifted (1,0) on the upper épaulette and the hood's half x ≥ y, not the other half (the
  // claims: tests/test_papers_blocking.cpp). What they do not assert: the other half of the hood
  // never matches by (1,0).
  auto one = detail::compare_shifted(99, 100, 1, 0, 297);
  EXPECT_EQ(one.matched[detail::hood_lower], 0u);
  EXPECT_LT(one.matched[detail::lower_epaulette], one.cells[detail::lower_epaulette]);
}

// PalaceRows widened as it streams — before each row to complete_width() and a few columns
// more, as the learner's palace stream does — against the CA engine's table of the final
// width (Theorem 2.1, an independent route), byte for byte on the columns each row had;
// next_palaces() against the palaces of that table; and every row holding all k palaces of
// the final table's row inside the columns it had, as complete_width() promises.
TEST(Blocking, WidenedRowsAreTheTableRows) {
  const std::uint64_t H = sanitized ? 120 : 400;
  for (std::uint64_t k : {1, 2, 3, 4, 7, 25})
    for (Engine e : {Engine::definition, Engine::plain}) {
      PalaceRows rows(k, k + 1, e);
      std::vector<std::uint64_t> width(H);
      std::vector<std::vector<std::uint32_t>> got(H);
      for (std::uint64_t y = 0; y < H; ++y) {
        if (rows.width() < rows.complete_width()) rows.widen(rows.complete_width() + y % 5);
        width[y] = rows.width();
        const auto row = y % 2 ? rows.next_palaces() : rows.next();
        got[y].assign(row.begin(), row.end());
      }
      ASSERT_GT(rows.width(), H + H / 2) << k;  // the palaces near x = φy (and beyond) made it grow
      const auto table = palace_table(k, rows.width(), H, Engine::ca);
      for (std::uint64_t y = 0; y < H; ++y) {
        const auto* row = table.data() + y * rows.width();
        std::vector<std::uint32_t> palaces;
        for (std::uint64_t x = 0; x < rows.width(); ++x)
          if (row[x] < k) palaces.push_back(static_cast<std::uint32_t>(x));
        ASSERT_EQ(palaces.size(), k) << "k=" << k << " y=" << y;
        ASSERT_LT(palaces.back(), width[y]) << "k=" << k << " y=" << y;
        if (y % 2) {
          ASSERT_EQ(got[y], palaces) << "k=" << k << " y=" << y;
        } else {
          ASSERT_TRUE(std::equal(got[y].begin(), got[y].end(), row)) << "k=" << k << " y=" << y;
        }
      }
    }
  // Real rows: game 1's row 3 holds Wythoff's (3, 5); game 2's row 10 its palaces (10, 16)
  // and (10, 21) ([Lar11]: (n, 2n + 1) and (2⌊mφ⌋ + 2, 2⌊mφ²⌋ + 2) at m = 3).
  PalaceRows one(1, 2), two(2, 3);
  for (std::uint64_t y = 0; y <= 10; ++y) {
    one.widen(one.complete_width()), two.widen(two.complete_width());
    const auto a = one.next_palaces();
    const auto b = two.next_palaces();
    if (y == 3) {
      EXPECT_EQ(std::vector<std::uint32_t>(a.begin(), a.end()), std::vector<std::uint32_t>{5});
    }
    if (y == 10) {
      EXPECT_EQ(std::vector<std::uint32_t>(b.begin(), b.end()), (std::vector<std::uint32_t>{16, 21}));
    }
  }
}

TEST(Blocking, WideningRefusesWhatItCannotKnow) {
  // Game 2, one column: row 0's second palace, (1, 0), lies outside the table.
  PalaceRows narrow(2, 1);
  narrow.next();
  EXPECT_THROW((void)narrow.complete_width(), InputError);
  EXPECT_THROW(narrow.widen(8), InputError);
  // Game 1, three columns: after rows 0..2 the palace (2, 1) lies on the diagonal through
  // (3, 2), a new column's cell, whose count a widened table would start at zero.
  PalaceRows wythoff(1, 3);
  for (int y = 0; y < 3; ++y) wythoff.next();
  EXPECT_EQ(wythoff.complete_width(), 3u + 1 + 1 + 1);
  EXPECT_THROW(wythoff.widen(8), InputError);
  EXPECT_THROW(wythoff.widen(2), RangeError);
  PalaceRows ca(1, 3, Engine::ca);
  ca.next();
  EXPECT_THROW(ca.widen(8), InputError);
  EXPECT_THROW(PalaceRows(1, 3).widen(kMaxSide + 1), RangeError);
}

TEST(Blocking, BadInput) {
  EXPECT_THROW(summary(0, 10, 10), RangeError);
  EXPECT_THROW(summary(kMaxK + 1, 10, 10), RangeError);
  EXPECT_THROW(summary(5, 0, 10), RangeError);
  EXPECT_THROW(summary(5, 10, 0), RangeError);
  EXPECT_THROW(summary(5, kMaxSide + 1, 10), RangeError);
  EXPECT_THROW(PalaceRows(5, 0), RangeError);
  EXPECT_THROW(palace_table(5, 1 << 15, 1 << 15), RangeError);
  EXPECT_THROW(parse_engine("fast"), InputError);
  EXPECT_EQ(parse_engine("ca"), Engine::ca);
}

}  // namespace
}  // namespace qg::blocking
