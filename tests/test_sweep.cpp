// Sweeps over families of games: the members and their figures against direct computations
// (the blocking summary and hood of seed 004 §3.2, brute-force P-positions of seed 003 §4),
// and the facility itself — shards resumed without recomputation, the merged tables the same
// however the members are sharded, bad input refused before any work.
#include <gtest/gtest.h>

#include <sys/stat.h>
#include <unistd.h>
#include <fstream>
#include <sstream>

#include "core/checksum.hpp"
#include "queengames/blocking.hpp"
#include "queengames/io.hpp"
#include "queengames/numeration.hpp"
#include "queengames/sweep.hpp"
#include "queengames/twopile.hpp"

namespace qg::sweep {
namespace {

namespace fs = std::filesystem;

std::string slurp(const fs::path& p) {
  std::ifstream in(p);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

// Everything after the first `skip` lines.
std::string tail(const std::string& text, int skip) {
  std::size_t at = 0;
  for (int i = 0; i < skip; ++i) at = text.find('\n', at) + 1;
  return text.substr(at);
}

struct TempDir {
  fs::path path;
  explicit TempDir(const std::string& name)
      : path(fs::temp_directory_path() / ("qg-sweep-" + std::to_string(::getpid()) + "-" + name)) {
    fs::remove_all(path);
  }
  ~TempDir() { fs::remove_all(path); }
};

TEST(Sweep, ParseRange) {
  EXPECT_EQ(parse_range("1..200"), std::make_pair(std::uint64_t{1}, std::uint64_t{200}));
  EXPECT_EQ(parse_range("7"), std::make_pair(std::uint64_t{7}, std::uint64_t{7}));
  EXPECT_EQ(parse_range("1..10^4"), std::make_pair(std::uint64_t{1}, std::uint64_t{10000}));
  EXPECT_THROW(parse_range("5..4"), InputError);
  EXPECT_THROW(parse_range("a..4"), InputError);
  EXPECT_THROW(parse_range(""), InputError);
}

TEST(Sweep, BadSpecs) {
  EXPECT_THROW(Sweep({"nosuch", 1, 2}), InputError);
  EXPECT_THROW(Sweep({"blocking", 3, 2}), InputError);
  EXPECT_THROW(Sweep({"blocking", 0, 2}), RangeError);            // k ≥ 1
  EXPECT_THROW(Sweep({"blocking", 1, 2, 1u << 15}), RangeError);  // side ≤ 2^14
  EXPECT_THROW(Sweep({"kl-maharaja", 1, 5}), RangeError);         // l ≥ 2
  EXPECT_THROW(Sweep({"t2t", 1, 2'000'000}), RangeError);         // t2t:T has T ≤ 10^6
  EXPECT_THROW(Sweep({"ruleset:kqueen:3", 1, 2}), InputError);    // no {}
  EXPECT_THROW(Sweep({"ruleset:nosuch:{}", 1, 2}), InputError);
}

// The (k, l) of a kl-maharaja sweep: every k < l, by l then k; l = 2..6 has 1+2+3+4+5 members.
TEST(Sweep, KlMaharajaMembers) {
  Sweep sweep({"kl-maharaja", 2, 6, 50, 4});
  EXPECT_EQ(sweep.members(), 15u);
  EXPECT_EQ(sweep.shards(), 4u);
  std::vector<std::pair<std::string, std::string>> got;
  for (std::uint64_t s = 0; s < sweep.shards(); ++s)
    for (const auto& row : sweep.compute_shard(s)) got.push_back({row[0], row[1]});
  std::vector<std::pair<std::string, std::string>> want;
  for (int l = 2; l <= 6; ++l)
    for (int k = 1; k < l; ++k) want.push_back({std::to_string(k), std::to_string(l)});
  EXPECT_EQ(got, want);
  EXPECT_EQ(Sweep({"kl-maharaja", 4, 30}).members(), 435u - 3u);  // (1,2), (1,3), (2,3) left out
}

// Seed 003 §4: (k,l)-Maharaja differs from Wythoff Nim when (k,l) is a Wythoff pair (1,2),
// (3,5) or a dual one (2,3), (4,6), and not for (1,3), (2,5) (no P-positions joined). The
// figures are checked against brute-force P-positions and exact floors computed here.
TEST(Sweep, KlMaharajaFiguresAgainstBruteForce) {
  const std::uint64_t n = 40;
  Sweep sweep({"kl-maharaja", 2, 6, n, 100});
  auto rows = sweep.compute_shard(0);
  ASSERT_EQ(rows.size(), 15u);
  for (const auto& row : rows) {
    const auto k = std::stoull(row[0]), l = std::stoull(row[1]);
    auto brute = twopile::brute_force_p_positions(
        twopile::Ruleset::parse("kl-maharaja:" + std::to_string(k) + "," + std::to_string(l)), 120);
    ASSERT_GE(brute.size(), n);
    std::string first = "none";
    std::uint64_t differing = 0;
    std::int64_t lo = 100, hi = -100;
    for (std::uint64_t i = 0; i < n; ++i) {
      auto [a, b] = brute[i];
      // Wythoff's i-th P-position (⌊iφ⌋, ⌊iφ²⌋) by (i + isqrt(5i²))/2.
      const std::uint64_t wa = (i + numeration::isqrt<std::uint64_t>(5 * i * i)) / 2;
      if (a != wa || b != wa + i) {
        ++differing;
        if (first == "none") first = std::to_string(i);
      }
      if (i > 0) {
        auto d = static_cast<std::int64_t>(b) -
                 static_cast<std::int64_t>((a + numeration::isqrt<std::uint64_t>(5 * a * a)) / 2);
        lo = std::min(lo, d), hi = std::max(hi, d);
      }
    }
    SCOPED_TRACE(row[0] + "," + row[1]);
    EXPECT_EQ(row[2], std::to_string(n));
    EXPECT_EQ(row[3], first);
    EXPECT_EQ(row[4], std::to_string(differing));
    EXPECT_EQ(row[6], std::to_string(lo));
    EXPECT_EQ(row[7], std::to_string(hi));
    EXPECT_EQ(row[9], std::to_string(brute[n - 1].x));
    EXPECT_EQ(row[10], std::to_string(brute[n - 1].y));
    const bool pair = (k == 1 && l == 2) || (k == 3 && l == 5) || (k == 2 && l == 3) || (k == 4 && l == 6);
    if (pair) {
      EXPECT_NE(row[3], "none");
    }
    if ((k == 1 && l == 3) || (k == 2 && l == 5)) {
      EXPECT_EQ(row[3], "none");
    }
  }
  // Wythoff's own departure: ⌊⌊iφ⌋φ⌋ = ⌊iφ²⌋ − 1, so b − ⌊aφ⌋ = 1 for every i ≥ 1.
  EXPECT_EQ(rows[1][6], "1");
  EXPECT_EQ(rows[1][7], "1");
  // b/a of Wythoff's 39th P-position (63, 102), nine decimals truncated.
  EXPECT_EQ(rows[1][11], "1.619047619");
}

// Seed 004 §3.2 and the summary: a blocking row repeats summary() and finds every hood cell
// equal to 2·min + max, and both épaulettes made of runs 5·(k−1) + 3·k + 3·(k+1) at k = 100.
TEST(Sweep, BlockingRow) {
  Sweep sweep({"blocking", 100, 101, 300});
  ASSERT_EQ(sweep.shards(), 2u);
  auto row = sweep.compute_shard(0).at(0);
  auto s = blocking::summary(100, 300, 300);
  EXPECT_EQ(row[0], "100");
  EXPECT_EQ(row[2], std::to_string(s.palaces));
  EXPECT_EQ(row[3], std::to_string(s.min));
  EXPECT_EQ(row[4], std::to_string(s.max));
  EXPECT_EQ(row[5], (Sum64{300, s.sum64}.hex()));
  EXPECT_EQ(row[6], "3400");  // #{(x, y) : 2·min + max < 100}
  EXPECT_EQ(row[7], row[6]);
  EXPECT_NE(row[10], "0");
  EXPECT_EQ(row[9], row[10]);
  EXPECT_EQ(row[12], row[13]);
  EXPECT_GE(std::stoll(row[14]), -4);  // §2.2: after the hood the states stay within −4..3
  EXPECT_LE(std::stoll(row[15]), 3);
  EXPECT_LT(std::stoll(row[14]), 0);
}

// The merged tables do not depend on the sharding; a finished shard is never recomputed, a
// missing one is; a directory holding another sweep is refused.
TEST(Sweep, ResumeAndShardingIndependence) {
  TempDir one("one"), three("three");
  Sweep a({"kl-maharaja", 2, 7, 200, 1}), b({"kl-maharaja", 2, 7, 200, 3});
  a.run(one.path, "A");
  b.run(three.path, "B");
  const std::string merged = slurp(csv_path(one.path));
  EXPECT_EQ(tail(merged, 1), tail(slurp(csv_path(three.path)), 1));
  EXPECT_EQ(merged.substr(0, 4), "# A\n");
  EXPECT_EQ(tail(slurp(json_path(one.path)), 3), tail(slurp(json_path(three.path)), 3));

  // Shard 4 removed: the rerun restores it and leaves shard 2's file as it was (the same inode:
  // a rewrite renames a new file into place).
  auto inode = [](const fs::path& p) {
    struct stat st {};
    return ::stat(p.c_str(), &st) == 0 ? st.st_ino : 0;
  };
  const auto shard2 = inode(shard_path(one.path, 2));
  fs::remove(shard_path(one.path, 4));
  fs::remove(csv_path(one.path));
  EXPECT_EQ(a.shard_problem(one.path, 4), "missing");
  EXPECT_TRUE(a.shard_done(one.path, 2));
  EXPECT_THROW(a.merge(one.path, "A"), InputError);  // shard 4 missing
  a.run(one.path, "A");
  EXPECT_EQ(slurp(csv_path(one.path)), merged);
  EXPECT_EQ(inode(shard_path(one.path, 2)), shard2);

  EXPECT_THROW(b.prepare(one.path), InputError);  // one.path holds shards of a
  EXPECT_NO_THROW(a.prepare(one.path));
  EXPECT_THROW(a.prepare("/proc/no/such/dir"), InputError);
}

// Issue 28 §1: a damaged shard — cut short, a row changed or added by hand, a row of another
// member, its checksum line edited — is named, refused by merge, and recomputed by a rerun,
// which then merges exactly the tables of an undisturbed run.
TEST(Sweep, DamagedShardsAreRecomputedNeverMerged) {
  TempDir dir("damaged");
  Sweep a({"kl-maharaja", 2, 5, 100, 2});
  a.run(dir.path, "A");
  const std::string merged = slurp(csv_path(dir.path)), good = slurp(shard_path(dir.path, 1));
  ASSERT_TRUE(a.shard_problem(dir.path, 1).empty());
  const std::string rows = good.substr(0, good.rfind("# checksum"));  // the fingerprint and 2 rows
  const std::string head = rows.substr(0, rows.find('\n') + 1), body = tail(rows, 1);
  const std::string first = body.substr(0, body.find('\n') + 1);
  std::string changed = good;
  changed[head.size()] = '9';
  const std::vector<std::pair<std::string, std::string>> damages = {
      {good.substr(0, 50), "damaged (its checksum line is missing or does not match)"},
      {good + "999,1,2\n", "damaged (its checksum line is missing or does not match)"},
      {changed, "damaged (its checksum line is missing or does not match)"},
      // Written with a valid checksum, but not this shard's rows: one too many, or the first twice.
      {rows + first + checksum_line(rows + first), "damaged (more than its 2 rows)"},
      {head + first + first + checksum_line(head + first + first), "damaged (row 1 is not member 1,4)"},
  };
  for (const auto& [bytes, problem] : damages) {
    std::ofstream(shard_path(dir.path, 1), std::ios::binary) << bytes;
    EXPECT_EQ(a.shard_problem(dir.path, 1), problem);
    EXPECT_THROW(a.merge(dir.path, "A"), InputError);
    a.run(dir.path, "A");
    EXPECT_EQ(slurp(csv_path(dir.path)), merged) << problem;
  }
}

}  // namespace
}  // namespace qg::sweep
