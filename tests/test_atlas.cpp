// The atlas (queengames serve's library): tiles against the engines' tables and against obviously
// correct counts, random access against the n-th P-position enumerated, a cell's facts, the errors.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <map>
#include <numeric>
#include <set>
#include <stdexcept>
#include <thread>

#include "queengames/atlas.hpp"
#include "queengames/blocking.hpp"
#include "queengames/boards.hpp"
#include "queengames/dictionary.hpp"
#include "queengames/infty.hpp"
#include "queengames/spiral.hpp"
#include "queengames/twopile.hpp"

namespace {

namespace a = qg::atlas;
using qg::u128;

constexpr std::uint64_t kSide = 256;  // the smallest region: every test here is cheap

a::Atlas& atlas() {
  static a::Atlas at(a::Options{.side = kSide, .sweep_side = 4096, .memory = 1ull << 30, .threads = 2});
  return at;
}

a::View view(const char* mode, std::uint32_t m = 2) { return {a::parse_aggregate(mode), m}; }

std::uint32_t colour_of(const a::Legend& legend, std::uint64_t v) { return legend.colours.at(v); }

TEST(Atlas, GrundyTileIsTheBruteForceTable) {
  // At zoom 0 a pixel is a cell: each shows its Grundy value's colour. The 100² corner against the
  // table by enumerating every option and taking the mex (the obviously correct route; larger is
  // seconds under the sanitizers), the rest of the tile against the engine's table.
  const auto ruleset = qg::twopile::Ruleset::parse("wythoff");
  constexpr std::uint64_t kBrute = 100;
  const qg::boards::Table brute = qg::boards::grundy_table_brute_force(ruleset, kBrute, kBrute);
  const qg::boards::Table fast = qg::boards::grundy_table(ruleset, kSide, kSide);
  const a::Legend legend = atlas().legend("grundy.wythoff", view("min"));
  EXPECT_EQ(legend.vmax, *std::max_element(fast.values.begin(), fast.values.end()));
  const auto pixels = atlas().tile_pixels("grundy.wythoff", 0, 0, 0, view("min"));
  for (std::uint64_t y = 0; y < kSide; ++y)
    for (std::uint64_t x = 0; x < kSide; ++x) {
      const std::uint32_t v = x < kBrute && y < kBrute ? brute.at(x, y) : fast.at(x, y);
      ASSERT_EQ(pixels[y * kSide + x], colour_of(legend, v)) << x << "," << y;
    }
  EXPECT_EQ(pixels[5 * kSide + 3], 0x000000u);  // (3, 5) = (a_2, b_2): value 0, black
}

TEST(Atlas, ZoomedInCellsAreBlocksOfPixels) {
  // Zoom 2: a cell is 4×4 pixels; tile (1, 0) starts at cell (64, 0).
  const a::Legend legend = atlas().legend("grundy.wythoff", view("max"));
  const auto ruleset = qg::twopile::Ruleset::parse("wythoff");
  const qg::boards::Table table = qg::boards::grundy_table(ruleset, 128, 64);
  const auto pixels = atlas().tile_pixels("grundy.wythoff", 2, 1, 0, view("max"));
  for (std::uint64_t py = 0; py < a::kTileSide; py += 3)
    for (std::uint64_t px = 0; px < a::kTileSide; px += 3)
      ASSERT_EQ(pixels[py * a::kTileSide + px], colour_of(legend, table.at(64 + px / 4, py / 4)));
}

TEST(Atlas, ZoomedOutPixelsAggregateTheirCells) {
  // Palace numbers of 3-Blocking Wythoff: at zoom −2 a pixel shows the min (max) of its 4×4 cells,
  // at zoom −4 (the coarse summaries) of its 16×16; the region's edge beyond 256 cells is grey.
  const std::vector<std::uint32_t> v = qg::blocking::palace_table(3, kSide, kSide);
  for (const char* mode : {"min", "max"}) {
    const a::Legend legend = atlas().legend("palace.3", view(mode));
    for (int z : {-2, -4}) {
      const std::uint64_t cell = std::uint64_t{1} << -z;
      const auto pixels = atlas().tile_pixels("palace.3", z, 0, 0, view(mode));
      for (std::uint64_t py = 0; py < a::kTileSide; ++py)
        for (std::uint64_t px = 0; px < a::kTileSide; ++px) {
          const std::uint32_t got = pixels[py * a::kTileSide + px];
          if (px * cell >= kSide || py * cell >= kSide) {
            ASSERT_EQ(got, a::kOutside);
            continue;
          }
          std::uint32_t lo = UINT32_MAX, hi = 0;
          for (std::uint64_t y = py * cell; y < (py + 1) * cell; ++y)
            for (std::uint64_t x = px * cell; x < (px + 1) * cell; ++x) {
              lo = std::min(lo, v[y * kSide + x]);
              hi = std::max(hi, v[y * kSide + x]);
            }
          ASSERT_EQ(got, colour_of(legend, std::string(mode) == "min" ? lo : hi)) << mode << " z " << z;
        }
    }
  }
}

TEST(Atlas, DensityIsWhiteExactlyWhereNoCellCounts) {
  // The share of palaces (v < 3) and of multiples of 4: white iff none, black iff all.
  const std::vector<std::uint32_t> v = qg::blocking::palace_table(3, kSide, kSide);
  for (auto [mode, hit] : {std::pair{"p", +[](std::uint32_t x) { return x < 3; }},
                           std::pair{"mod", +[](std::uint32_t x) { return x % 4 == 0; }}}) {
    const auto pixels = atlas().tile_pixels("palace.3", -3, 0, 0, view(mode, 4));
    for (std::uint64_t py = 0; py < kSide / 8; ++py)
      for (std::uint64_t px = 0; px < kSide / 8; ++px) {
        int hits = 0;
        for (std::uint64_t y = 8 * py; y < 8 * py + 8; ++y)
          for (std::uint64_t x = 8 * px; x < 8 * px + 8; ++x) hits += hit(v[y * kSide + x]);
        const std::uint32_t got = pixels[py * a::kTileSide + px];
        EXPECT_EQ(got == 0xffffff, hits == 0) << mode;
        EXPECT_EQ(got == 0x000000, hits == 64) << mode;
      }
  }
}

TEST(Atlas, RandomAccessTilesMatchTheGrundyZeros) {
  // p.wythoff (the Fibonacci coding, no table) against grundy.wythoff's zeros, pixel for pixel.
  for (int z : {0, -1}) {
    const auto p = atlas().tile_pixels("p.wythoff", z, 0, 0, view("p"));
    const auto g = atlas().tile_pixels("grundy.wythoff", z, 0, 0, view("p"));
    for (std::size_t i = 0; i < p.size(); ++i)
      if (g[i] != a::kOutside) {
        ASSERT_EQ(p[i], g[i]) << "z " << z << " pixel " << i;
      }
  }
}

TEST(Atlas, RandomAccessCountsEveryPPositionFarOut) {
  // A tile at zoom −3 near (10^12, φ·10^12): each pixel's count, read back through its shade,
  // against the P-positions enumerated one by one from the n-th (and binned by hand).
  const qg::twopile::MorphicPPositions wythoff(*qg::twopile::morphic_coding(qg::twopile::Ruleset::parse("wythoff")));
  const std::uint64_t n0 = 618033988750;  // a_n0 ≈ 10^12
  const qg::twopile::Position p0 = wythoff.nth(n0);
  const std::uint64_t tx = p0.x / 2048, ty = p0.y / 2048;  // 2048 cells a tile side at zoom −3
  std::vector<int> count(a::kTileSide * a::kTileSide);
  for (std::uint64_t n = n0 - 2000; n < n0 + 2000; ++n) {
    const qg::twopile::Position p = wythoff.nth(n);
    if (p.x / 2048 == tx && p.y / 2048 == ty) ++count[(p.y % 2048) / 8 * a::kTileSide + (p.x % 2048) / 8];
  }
  ASSERT_GT(std::count_if(count.begin(), count.end(), [](int c) { return c > 0; }), 100);
  const auto pixels = atlas().tile_pixels("p.wythoff", -3, tx, ty, view("p"));
  const a::Legend legend = atlas().legend("p.wythoff", view("p"));
  // White where a block holds none, one shade per count, darker with more.
  std::map<int, std::set<std::uint32_t>> shades;
  for (std::size_t i = 0; i < pixels.size(); ++i) shades[count[i]].insert(pixels[i]);
  EXPECT_EQ(shades[0], std::set<std::uint32_t>{0xffffff});
  ASSERT_EQ(shades[1].size(), 1u);
  ASSERT_EQ(shades[2].size(), 1u);
  EXPECT_LT(*shades[2].begin() & 0xff, *shades[1].begin() & 0xff);
  EXPECT_TRUE(legend.density);
}

TEST(Atlas, SweptAndTelescopedPPositionsMatchTheGrundyZeros) {
  // Maharaja Nim and (2,3)-Maharaja Nim: the telescope of seed 003 §4 (zoom ≥ −2) and the sweep
  // (zoomed out further) against the Grundy engine's zeros; t2t:2, with no dictionary, swept.
  for (const std::string game : {"maharaja", "kl-maharaja:2,3", "t2t:2"}) {
    EXPECT_EQ(atlas().info("p." + game).analytic, game != "t2t:2");
    for (int z : {0, -3}) {
      const auto p = atlas().tile_pixels("p." + game, z, 0, 0, view("p"));
      const auto g = atlas().tile_pixels("grundy." + game, z, 0, 0, view("p"));
      for (std::size_t i = 0; i < p.size(); ++i)
        if (g[i] != a::kOutside) {
          ASSERT_EQ(p[i], g[i]) << game << " z " << z << " pixel " << i;
        }
    }
  }
  const auto corner = atlas().tile_pixels("p.maharaja", 0, 0, 0, view("p"));
  EXPECT_EQ(std::count(corner.begin(), corner.end(), 0x000000u), 195);  // (a_n, b_n), (b_n, a_n) in the 256² corner
  // Far out the telescope alone: near (10^12, φ·10^12) every P-position lies within a few cells of
  // y = φx (seed 003 Theorem 1.2: −4 ≤ b_n − a_n − n ≤ 3), one per column at most in the tile.
  const std::uint64_t x0 = 1'000'000'000'000 / 256, y0 = 1'618'033'988'750 / 256;
  const auto far = atlas().tile_pixels("p.maharaja", 0, x0, y0, view("p"));
  int black = 0;
  for (std::uint64_t py = 0; py < a::kTileSide; ++py)
    for (std::uint64_t px = 0; px < a::kTileSide; ++px)
      if (far[py * a::kTileSide + px] == 0x000000) {
        ++black;
        const long double x = 256.0L * x0 + px, y = 256.0L * y0 + py;
        EXPECT_LT(std::fabs(static_cast<double>(y - x * 1.6180339887498948482L)), 8.0) << px << "," << py;
      }
  EXPECT_GT(black, 20);
  const a::CellFacts far_cell = atlas().cell("p.maharaja", 256 * x0, 0);
  EXPECT_FALSE(far_cell.p_position);
}

TEST(Atlas, BoardZerosAreTheGreedyQueens) {
  // board.quadrant's zeros against Knuth's column scan S_c (seed 000 §8), board.spiral's against the
  // direct placement on the spiral (seed 000 §1): both routes place the queens one by one.
  const auto quadrant = atlas().tile_pixels("board.quadrant", 0, 0, 0, view("p"));
  const std::vector<std::uint64_t> rows = qg::boards::quadrant_queens(kSide);
  std::set<std::pair<std::uint64_t, std::uint64_t>> queens;
  for (std::uint64_t c = 0; c < kSide; ++c)
    if (rows[c] < kSide) queens.insert({c, rows[c]});
  for (std::uint64_t y = 0; y < kSide; ++y)
    for (std::uint64_t x = 0; x < kSide; ++x)
      ASSERT_EQ(quadrant[y * kSide + x] == 0x000000, queens.count({x, y}) == 1) << x << "," << y;

  const auto spiral = atlas().tile_pixels("board.spiral", 0, 0, 0, view("p"));
  const qg::boards::Board window(qg::boards::BoardKind::spiral, kSide);
  std::uint64_t placed = 0;
  qg::spiral::queens_within(kSide / 2 - 1, [&](qg::spiral::Point q) {
    ++placed;
    EXPECT_EQ(spiral[(q.x - window.row0()) * kSide + (q.y - window.col0())], 0x000000u) << q.x << "," << q.y;
  });
  std::uint64_t black = 0;
  for (std::int64_t x = -static_cast<std::int64_t>(kSide / 2 - 1); x < static_cast<std::int64_t>(kSide / 2); ++x)
    for (std::int64_t y = -static_cast<std::int64_t>(kSide / 2 - 1); y < static_cast<std::int64_t>(kSide / 2); ++y)
      black += spiral[(x - window.row0()) * kSide + (y - window.col0())] == 0x000000;
  EXPECT_EQ(black, placed);
  EXPECT_GT(placed, 100u);
  const a::CellFacts first = atlas().cell("board.spiral", -window.col0(), -window.row0());
  EXPECT_EQ(first.index, 0u);
  EXPECT_TRUE(first.p_position);  // q_0 = (0, 0)
}

TEST(Atlas, InftyQueensAreTheBruteForcePlacement) {
  // infty.queens (Knuth's engine) against the queens placed column by column (seed 002), 1-based;
  // the same queens as board.quadrant's, one row and column further (q_n = S_{n−1} + 1).
  const std::vector<std::uint64_t> q = qg::infty::infty_queens_brute_force(450);
  const auto pixels = atlas().tile_pixels("infty.queens", 0, 0, 0, view("p"));
  const auto quadrant = atlas().tile_pixels("board.quadrant", 0, 0, 0, view("p"));
  std::set<std::pair<std::uint64_t, std::uint64_t>> queens;
  for (std::uint64_t n = 1; n <= q.size(); ++n)
    if (n < kSide && q[n - 1] < kSide) queens.insert({n, q[n - 1]});
  for (std::uint64_t y = 0; y < kSide; ++y)
    for (std::uint64_t x = 0; x < kSide; ++x) {
      const bool queen = pixels[y * kSide + x] == 0x000000;
      ASSERT_EQ(queen, queens.count({x, y}) == 1) << x << "," << y;
      if (x && y) {
        ASSERT_EQ(queen, quadrant[(y - 1) * kSide + x - 1] == 0x000000) << x << "," << y;
      }
    }
  const a::CellFacts first = atlas().cell("infty.queens", 1, 1);  // q_1 = 1 ≥ n: high, 1 − φ
  EXPECT_TRUE(first.p_position);
  EXPECT_EQ(first.index, 1u);
  ASSERT_EQ(first.notes.size(), 2u);
  EXPECT_NE(first.notes[1].find("-0.618033989 = 1 - φ"), std::string::npos) << first.notes[1];
}

TEST(Atlas, CellFacts) {
  const a::CellFacts w = atlas().cell("grundy.wythoff", 3, 5);
  EXPECT_EQ(w.value, 0u);
  EXPECT_TRUE(w.p_position);
  EXPECT_EQ(w.option_count, 11u);                                               // 3 + 5 rook moves, 3 diagonal
  for (const auto& o : w.options) EXPECT_NE(o.value, 0u) << o.x << "," << o.y;  // no P-position is an option
  const a::CellFacts far = atlas().cell("p.wythoff", 1'000'000'000'000'000, 1'618'033'988'749'894);
  EXPECT_FALSE(far.p_position);
  const qg::twopile::Position p =
      qg::twopile::MorphicPPositions(*qg::twopile::morphic_coding(qg::twopile::Ruleset::parse("wythoff")))
          .nth(618'033'988'749'895);
  const a::CellFacts mirrored = atlas().cell("p.wythoff", p.y, p.x);  // (b_n, a_n)
  EXPECT_TRUE(mirrored.p_position);
  EXPECT_EQ(mirrored.index, 618'033'988'749'895u);
  // Palace (10, 7) of game 3: 1 palace north, 1 west, 2 north-west; the CA's rule agrees.
  const a::CellFacts palace = atlas().cell("palace.3", 10, 7);
  EXPECT_EQ(palace.value, 4u);
  EXPECT_FALSE(palace.p_position);
  EXPECT_EQ(palace.option_count, 10u + 7u + 7u);
  ASSERT_GE(palace.notes.size(), 3u);
  EXPECT_NE(palace.notes[0].find("v = 4"), std::string::npos);
  EXPECT_EQ(palace.notes[2].find("differs"), std::string::npos) << palace.notes[2];
}

TEST(Atlas, ClearErrors) {
  EXPECT_THROW(atlas().info("wythoff"), qg::InputError);
  EXPECT_THROW(atlas().info("grundy.no-such-game"), qg::InputError);
  EXPECT_THROW(atlas().info("palace.0"), qg::RangeError);
  EXPECT_THROW(atlas().tile_pixels("grundy.wythoff", 9, 0, 0, view("min")), qg::InputError);     // zoom
  EXPECT_THROW(atlas().tile_pixels("grundy.wythoff", 0, 1, 0, view("min")), qg::RangeError);     // outside
  EXPECT_THROW(atlas().tile_pixels("p.wythoff", 0, 0, 0, view("min")), qg::InputError);          // no values
  EXPECT_THROW(atlas().tile_pixels("grundy.wythoff", 0, 0, 0, view("mod", 1)), qg::InputError);  // modulus
  EXPECT_THROW(atlas().tile_pixels("p.wythoff", -60, 1, 0, view("p")), qg::RangeError);          // past 2^60
  EXPECT_THROW(atlas().cell("grundy.wythoff", kSide, 0), qg::RangeError);
  EXPECT_THROW(a::parse_aggregate("median"), qg::InputError);
  // A region beyond the memory the atlas may hold is refused before it is computed.
  a::Atlas small(a::Options{.side = 1024, .memory = 1 << 20});
  try {
    small.tile_pixels("palace.2", 0, 0, 0, view("min"));
    ADD_FAILURE() << "palace.2's region was not refused";
  } catch (const qg::MemoryError& e) {
    EXPECT_NE(std::string(e.what()).find("palace.2's region needs 5.0 MiB, this process may use 1.0 MiB"),
              std::string::npos)
        << e.what();
  }
  EXPECT_EQ(small.memory(), 0u);
}

// Issue 36 §1: grundy.kqueen:2's 4096² corner took 15 minutes (its widened diagonals are
// enumerated cell by cell, O(side³)); such a table's corner is at most 1024, about 10 s.
TEST(Atlas, EnumeratedRulesetsGetACornerThatAnswers) {
  const a::Atlas wide(a::Options{.side = 4096});
  EXPECT_EQ(wide.info("grundy.wythoff").side, 4096u);
  EXPECT_EQ(wide.info("grundy.maharaja").side, 4096u);  // the knight's moves are jumps, looked up
  const a::TableInfo kqueen = wide.info("grundy.kqueen:2");
  EXPECT_EQ(kqueen.side, 1024u);
  EXPECT_NE(kqueen.region.find("enumerated cell by cell"), std::string::npos) << kqueen.region;
  EXPECT_EQ(wide.info("grundy.queen-dee").side, 1024u);    // reflection
  EXPECT_EQ(atlas().info("grundy.kqueen:2").side, kSide);  // a smaller corner stays
}

// Regions are held under the cap together: a region that does not fit evicts the least recently
// used ones, which are computed again when next asked for.
TEST(Atlas, EvictsTheLeastRecentlyUsedRegion) {
  a::Atlas probe(a::Options{.side = kSide, .memory = 1 << 30});
  probe.tile_pixels("palace.5", 0, 0, 0, view("min"));
  const std::uint64_t held = probe.memory(), estimate = probe.info("palace.5").bytes;
  // Room for two regions and the third's estimate, not for three.
  const std::uint64_t cap = held + estimate + held / 2;
  a::Atlas lru(a::Options{.side = kSide, .memory = cap});
  auto computed = [&](const char* name) { return lru.info(name).computed; };
  lru.tile_pixels("palace.2", 0, 0, 0, view("min"));
  lru.tile_pixels("palace.3", 0, 0, 0, view("min"));
  EXPECT_TRUE(computed("palace.2") && computed("palace.3"));
  lru.cell("palace.2", 5, 7);  // palace.3 is now the least recently used
  lru.tile_pixels("palace.4", 0, 0, 0, view("max"));
  EXPECT_TRUE(computed("palace.2"));
  EXPECT_FALSE(computed("palace.3"));
  EXPECT_TRUE(computed("palace.4"));
  EXPECT_LE(lru.memory(), cap);
  // The evicted region comes back the same; palace.2, read before palace.4 was made, makes room.
  EXPECT_EQ(lru.tile_pixels("palace.3", 0, 0, 0, view("min")), atlas().tile_pixels("palace.3", 0, 0, 0, view("min")));
  EXPECT_FALSE(computed("palace.2"));
  EXPECT_TRUE(computed("palace.3") && computed("palace.4"));
  EXPECT_LE(lru.memory(), cap);
}

// Readers keep the region they read while another request evicts it (under the sanitizers a
// reader of a freed region fails here): four threads read three tables where one region fits.
TEST(Atlas, ReadersOfAnEvictedRegionFinishWithTheirCopy) {
  a::Atlas probe(a::Options{.side = kSide, .memory = 1 << 30});
  probe.tile_pixels("palace.5", 0, 0, 0, view("min"));
  a::Atlas one(a::Options{.side = kSide, .memory = probe.info("palace.5").bytes + probe.memory() / 2});
  const std::vector<std::string> names = {"palace.2", "palace.3", "palace.4"};
  std::map<std::string, std::vector<std::uint32_t>> expected;
  std::map<std::string, a::CellFacts> facts;
  for (const auto& name : names) {
    expected[name] = atlas().tile_pixels(name, -1, 0, 0, view("mean"));
    facts[name] = atlas().cell(name, 9, 4);
  }
  std::vector<std::thread> readers;
  std::vector<int> wrong(4, 0), served(4, 0);
  for (int t = 0; t < 4; ++t)
    readers.emplace_back([&, t] {
      for (int i = 0; i < 6; ++i) {
        const std::string& name = names[(t + i) % names.size()];
        // A request may find the cap full of regions being computed: refused, asked again.
        try {
          wrong[t] += one.tile_pixels(name, -1, 0, 0, view("mean")) != expected[name];
          wrong[t] += one.cell(name, 9, 4).notes != facts[name].notes;
          ++served[t];
        } catch (const qg::MemoryError&) {
        }
      }
    });
  for (auto& r : readers) r.join();
  EXPECT_EQ(wrong, std::vector<int>(4, 0));
  EXPECT_GT(std::accumulate(served.begin(), served.end(), 0), 0);
  EXPECT_LE(one.memory(), probe.info("palace.5").bytes + probe.memory() / 2);
}

TEST(Atlas, ACancelledRegionIsComputedByTheNextRequest) {
  a::Atlas fresh(a::Options{.side = kSide, .memory = 1 << 30});
  struct Stop : std::runtime_error {
    Stop() : std::runtime_error("client gone") {}
  };
  EXPECT_THROW(fresh.tile_pixels("palace.4", 0, 0, 0, view("min"), [](std::uint64_t, std::uint64_t) { throw Stop(); }),
               Stop);
  EXPECT_EQ(fresh.memory(), 0u);
  EXPECT_FALSE(fresh.info("palace.4").computed);
  const auto pixels = fresh.tile_pixels("palace.4", 0, 0, 0, view("min"));
  EXPECT_TRUE(fresh.info("palace.4").computed);
  EXPECT_GT(fresh.memory(), 0u);
  EXPECT_EQ(pixels, atlas().tile_pixels("palace.4", 0, 0, 0, view("min")));
}

const a::Overlay& overlay(const std::vector<a::Overlay>& list, const std::string& name) {
  auto it = std::find_if(list.begin(), list.end(), [&](const a::Overlay& o) { return o.name == name; });
  if (it == list.end()) throw std::runtime_error("no overlay " + name);
  return *it;
}

TEST(Atlas, BeamsAreTheRaysOfThePPositions) {
  // Wythoff: b_n − φ·a_n = n − ⌊nφ⌋/φ lies in (0, 1/φ), so one beam of slope φ and that band.
  const double phi = (1 + std::sqrt(5.0)) / 2;
  const auto list = atlas().overlays("p.wythoff");
  const a::Overlay& wythoff = overlay(list, "beams");
  ASSERT_EQ(wythoff.shapes.size(), 2u);  // the band and its mirror image
  std::vector<std::pair<std::uint64_t, std::uint64_t>> upper;
  for (std::uint64_t n = 1; n < 40000; ++n) {
    const auto an = static_cast<std::uint64_t>(std::floor(static_cast<long double>(n) * phi));
    upper.emplace_back(an, an + n);
  }
  const a::Beams w = a::find_beams(upper, 10000, 60000);
  ASSERT_EQ(w.beams.size(), 1u);
  EXPECT_NEAR(w.beams[0].slope, phi, 1e-7);
  EXPECT_GT(w.beams[0].low, -0.01);
  EXPECT_LT(w.beams[0].high, 1 / phi + 0.01);
  EXPECT_EQ(w.strays, 0u);
  // Two rays of slopes 3/2 and 5/2, a parallel copy of the first 20 cells up, and a few strays.
  std::vector<std::pair<std::uint64_t, std::uint64_t>> rays;
  for (std::uint64_t a = 1000; a < 5000; ++a) {
    rays.emplace_back(a, 3 * a / 2);
    if (a % 2 == 0) rays.emplace_back(a, 3 * a / 2 + 20);
    rays.emplace_back(a, 5 * a / 2);
    if (a % 1000 == 0) rays.emplace_back(a, 4 * a);
  }
  const a::Beams r = a::find_beams(rays, 1000, 5000);
  ASSERT_EQ(r.beams.size(), 3u);
  EXPECT_NEAR(r.beams[0].slope, 1.5, 1e-3);
  EXPECT_NEAR(r.beams[1].slope, 1.5, 1e-3);
  EXPECT_NEAR(r.beams[1].low - r.beams[0].low, 20, 1);
  EXPECT_NEAR(r.beams[2].slope, 2.5, 1e-3);
  EXPECT_EQ(r.strays, 4u);
}

TEST(Atlas, PalaceRegionsAndLandmarks) {
  constexpr std::uint64_t k = 20;
  const auto list = atlas().overlays("palace.20");
  // The hood: row y < k/3 runs from 0 to the casing 2·min + max = k, x = k − 2y (seed 004 §3.2).
  const a::Overlay& regions = overlay(list, "regions");
  const a::Shape& hood = regions.shapes.at(0);
  ASSERT_EQ(hood.label.find("the hood"), 0u);
  for (std::uint64_t y = 0; 3 * y < k; ++y) {
    const std::pair<double, double> casing(static_cast<double>(k - 2 * y), static_cast<double>(y));
    EXPECT_NE(std::find(hood.points.begin(), hood.points.end(), casing), hood.points.end()) << y;
  }
  EXPECT_TRUE(std::any_of(regions.shapes.begin(), regions.shapes.end(),
                          [](const a::Shape& s) { return s.label.starts_with("the lower épaulette"); }));
  // The landmarks are the blocking module's, with their mirror images.
  const a::Overlay& landmarks = overlay(list, "landmarks");
  for (const qg::blocking::Cell c : {qg::blocking::locate_armpit(k), qg::blocking::locate_prism(k)}) {
    for (auto [x, y] : {std::pair(c.x, c.y), std::pair(c.y, c.x)}) {
      const std::pair<double, double> at(static_cast<double>(x), static_cast<double>(y));
      EXPECT_TRUE(std::any_of(landmarks.shapes.begin(), landmarks.shapes.end(),
                              [&](const a::Shape& s) { return s.points.at(0) == at; }))
          << x << "," << y;
    }
  }
  // Every table on the quadrant has the lines; a bit-string has none.
  EXPECT_NO_THROW(overlay(atlas().overlays("infty.queens"), "phi"));
  EXPECT_TRUE(atlas().overlays("bits.maharaja").empty());
}

TEST(Atlas, DictionaryBitsAreTheGamesColumns) {
  // The process's bits against the sweep's (a second route): bit i is 1 iff column i holds a
  // lower P-position.
  for (auto [name, k, l] : {std::tuple("bits.maharaja", 1u, 2u), std::tuple("bits.maharaja23", 2u, 3u)}) {
    const std::string swept = qg::dictionary::game_bit_string(k, l, kSide * kSide);
    const a::Legend legend = atlas().legend(name, view("min"));
    const auto pixels = atlas().tile_pixels(name, 0, 0, 0, view("min"));
    std::uint64_t wrong = 0;
    for (std::uint64_t i = 0; i < kSide * kSide; ++i) wrong += pixels[i] != colour_of(legend, swept[i] == '1');
    EXPECT_EQ(wrong, 0u) << name;
  }
  // Bit 13 of Maharaja Nim's string: the first bit of 00100's translate 100101100 (seed 003 §2.2).
  const a::CellFacts c = atlas().cell("bits.maharaja", 13, 0);
  EXPECT_EQ(c.value, 1u);
  std::string notes;
  for (const auto& n : c.notes) notes += n + "\n";
  EXPECT_NE(notes.find("bit 0 of the translate of 00100 → 100101100"), std::string::npos) << notes;
  EXPECT_NE(notes.find("read at column 8"), std::string::npos) << notes;
  EXPECT_EQ(notes.find("differs"), std::string::npos) << notes;
  EXPECT_NE(notes.find("read by the head in the word 1 → 0"), std::string::npos) << notes;  // column 13 (§2.2)
}

}  // namespace
