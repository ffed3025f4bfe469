// The palace count by column slabs (the distributed engine's library part): slabs that pass
// their edges row by row count exactly summary()'s table (seed 004 §1: a line needs only the
// line before), also when stopped, saved and resumed part way; checkpoints' bookkeeping.
#include <gtest/gtest.h>

#include <unistd.h>

#include <fstream>

#include "queengames/blocking.hpp"

namespace qg::blocking {
namespace {

namespace fs = std::filesystem;

// R slabs side by side over rows [0, H), each row passing slab i's edge to slab i + 1; the
// slabs are saved to `dir` after row `stop` and restored from there when dir is given.
Summary by_slabs(std::uint64_t k, std::uint64_t W, std::uint64_t H, std::uint64_t R, const fs::path& dir = {},
                 std::uint64_t stop = 0) {
  std::vector<Slab> slabs;
  for (std::uint64_t i = 0; i < R; ++i) {
    auto [x0, x1] = slab_columns(W, R, i);
    slabs.emplace_back(k, W, x0, x1);
  }
  for (std::uint64_t y = 0; y < H; ++y) {
    if (!dir.empty() && y == stop) {
      for (std::uint64_t i = 0; i < R; ++i) slabs[i].save(slab_checkpoint(dir, R, i, y));
      mark_checkpoint(dir, R, y);
      std::vector<Slab> resumed;
      for (std::uint64_t i = 0; i < R; ++i) {
        auto [x0, x1] = slab_columns(W, R, i);
        const std::uint64_t row = *last_checkpoint(dir, R);
        resumed.push_back(Slab::restore(slab_checkpoint(dir, R, i, row), k, W, x0, x1, row));
      }
      slabs = std::move(resumed);
    }
    SlabEdge edge;
    for (auto& slab : slabs) edge = slab.row(edge);
  }
  Summary total = slabs[0].summary();
  for (std::uint64_t i = 1; i < R; ++i) total = combine(total, slabs[i].summary());
  return total;
}

TEST(BlockingSlabs, EqualTheSingleProcessSummary) {
  struct Case {
    std::uint64_t k, W, H;
  };
  // k = 20000 takes the 32-bit counters; widths not divisible by R, slabs of one column.
  for (Case c :
       {Case{1, 97, 80}, Case{3, 300, 211}, Case{100, 1000, 700}, Case{500, 1601, 1203}, Case{20000, 300, 200}})
    for (std::uint64_t R : {1, 2, 3, 5, 8}) {
      SCOPED_TRACE(::testing::Message() << "k = " << c.k << " " << c.W << "x" << c.H << " R = " << R);
      EXPECT_EQ(by_slabs(c.k, c.W, c.H, R), summary(c.k, c.W, c.H, Engine::plain));
    }
  EXPECT_EQ(by_slabs(2, 5, 9, 5), summary(2, 5, 9, Engine::plain));
}

TEST(BlockingSlabs, ResumedFromCheckpoints) {
  const fs::path dir = fs::temp_directory_path() / ("qg-slabs-" + std::to_string(::getpid()));
  fs::remove_all(dir);
  fs::create_directories(dir);
  EXPECT_FALSE(last_checkpoint(dir, 3).has_value());
  for (std::uint64_t stop : {1, 57, 300})
    EXPECT_EQ(by_slabs(300, 1000, 400, 3, dir, stop), summary(300, 1000, 400)) << stop;
  EXPECT_EQ(last_checkpoint(dir, 3), 300u);
  EXPECT_EQ(by_slabs(20000, 100, 50, 2, dir, 20), summary(20000, 100, 50));

  // Marking row 300 removed the files of rows 1 and 57; a later row's files stay.
  EXPECT_FALSE(fs::exists(slab_checkpoint(dir, 3, 0, 57)));
  EXPECT_TRUE(fs::exists(slab_checkpoint(dir, 3, 2, 300)));
  Slab later(300, 1000, 0, 333);
  later.row({});
  later.save(slab_checkpoint(dir, 3, 0, 400));
  mark_checkpoint(dir, 3, 350);
  EXPECT_TRUE(fs::exists(slab_checkpoint(dir, 3, 0, 400)));
  EXPECT_FALSE(fs::exists(slab_checkpoint(dir, 3, 0, 300)));

  // A checkpoint of other columns, another game or another row is refused, as is a cut file.
  const auto file = slab_checkpoint(dir, 3, 0, 400);
  EXPECT_THROW(Slab::restore(file, 300, 1000, 0, 334, 1), InputError);
  EXPECT_THROW(Slab::restore(file, 301, 1000, 0, 333, 1), InputError);
  EXPECT_THROW(Slab::restore(file, 300, 1000, 0, 333, 2), InputError);
  EXPECT_EQ(Slab::restore(file, 300, 1000, 0, 333, 1).rows_done(), 1u);
  fs::resize_file(file, fs::file_size(file) - 1);
  EXPECT_THROW(Slab::restore(file, 300, 1000, 0, 333, 1), InputError);
  fs::remove_all(dir);
}

std::string slurp(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), {}};
}
void spit(const fs::path& path, const std::string& bytes) { std::ofstream(path, std::ios::binary) << bytes; }

// Issue 28 §1: one flipped byte anywhere in a slab file (the magic, the header, the statistics,
// a counter, the checksum) or in the checkpoint's record is refused, never resumed from.
TEST(BlockingSlabs, DamagedCheckpointsAreRefused) {
  const fs::path dir = fs::temp_directory_path() / ("qg-slabs-damage-" + std::to_string(::getpid()));
  fs::remove_all(dir);
  fs::create_directories(dir);
  Slab slab(5, 100, 0, 50);
  for (int y = 0; y < 30; ++y) slab.row({});
  const auto file = slab_checkpoint(dir, 2, 0, 30);
  slab.save(file);
  mark_checkpoint(dir, 2, 30);
  ASSERT_EQ(Slab::restore(file, 5, 100, 0, 50, 30).summary(), slab.summary());
  const std::string good = slurp(file);
  // 8 + 11·8 header bytes, 2·50 16-bit counters, the 8-byte checksum.
  ASSERT_EQ(good.size(), 8u + 88 + 200 + 8);
  for (std::size_t at : {0ul, 40ul, 60ul, 100ul, 150ul, good.size() - 1}) {
    std::string bad = good;
    bad[at] = static_cast<char>(bad[at] ^ 0x10);
    spit(file, bad);
    EXPECT_THROW(Slab::restore(file, 5, 100, 0, 50, 30), InputError) << "byte " << at;
  }
  spit(file, good + "x");
  EXPECT_THROW(Slab::restore(file, 5, 100, 0, 50, 30), InputError);

  // The record of the checkpoint's row carries its checksum too.
  const auto mark = dir / "checkpoint-of-2";
  const std::string record = slurp(mark);
  ASSERT_EQ(last_checkpoint(dir, 2), 30u);
  spit(mark, "31" + record.substr(2));
  EXPECT_THROW(last_checkpoint(dir, 2), InputError);
  spit(mark, "");
  EXPECT_THROW(last_checkpoint(dir, 2), InputError);
  fs::remove_all(dir);
}

TEST(BlockingSlabs, BadSlabs) {
  EXPECT_EQ(slab_columns(10, 3, 0), std::make_pair(std::uint64_t{0}, std::uint64_t{3}));
  EXPECT_EQ(slab_columns(10, 3, 2), std::make_pair(std::uint64_t{6}, std::uint64_t{10}));
  EXPECT_THROW(slab_columns(3, 4, 0), RangeError);
  EXPECT_THROW(slab_columns(10, 3, 3), RangeError);
  EXPECT_THROW(Slab(5, 10, 4, 4), RangeError);
  EXPECT_THROW(Slab(5, 10, 4, 11), RangeError);
  EXPECT_THROW(Slab(0, 10, 0, 10), RangeError);
}

}  // namespace
}  // namespace qg::blocking
