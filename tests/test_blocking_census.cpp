// The census (issue 39 §3): the digest is partition-invariant, a damaged record is found and
// redone to the same bytes, the second engines agree, bad requests are refused up front.
#include <gtest/gtest.h>

#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <random>
#include <sstream>

#include <fmt/format.h>

#include "blocking/census.hpp"
#include "core/checksum.hpp"
#include "queengames/blocking.hpp"
#include "test_support.hpp"

namespace fs = std::filesystem;
using namespace qg::blocking;

namespace {

std::string slurp(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

struct Dir {
  fs::path path;
  explicit Dir(const std::string& name)
      : path(fs::temp_directory_path() / ("qg-census-" + std::to_string(::getpid()) + "-" + name)) {
    fs::remove_all(path);
  }
  ~Dir() { fs::remove_all(path); }
};

// Every game of the census, then census.json.
std::string run_all(const Census& census, const fs::path& dir) {
  census.prepare(dir);
  for (std::uint64_t k = census.spec().first; k <= census.spec().last; ++k) census.run_game(dir, k);
  census.merge(dir, "test");
  return slurp(census_json_path(dir));
}

// The digest straight from its definition, cell by cell in row-major order (y·W + x).
std::uint64_t digest_by_definition(const std::vector<std::uint32_t>& table) {
  std::uint64_t sum = 0, power = 1;
  for (auto v : table) sum = detail::add61(sum, detail::mul61(v + 1, power)), power = detail::mul61(power, kDigestBase);
  return sum;
}

}  // namespace

TEST(BlockingCensus, DigestIsPartitionInvariant) {
  const std::uint64_t k = 7, w = 61, h = 45;
  const auto table = palace_table(k, w, h);
  const std::uint64_t want = digest_by_definition(table);
  Digest61 rows(w);
  for (std::uint64_t y = 0; y < h; ++y) rows.add_row(y, std::span(table).subspan(y * w, w));
  EXPECT_EQ(rows.value(), want);
  // Cut into random pieces of rows (column ranges), added in a random order, each piece its
  // own digest combined at the end.
  std::mt19937_64 random(39);
  struct Piece {
    std::uint64_t y, x0, x1;
  };
  std::vector<Piece> pieces;
  for (std::uint64_t y = 0; y < h; ++y)
    for (std::uint64_t x0 = 0; x0 < w;) {
      const std::uint64_t x1 = std::min(w, x0 + 1 + random() % 17);
      pieces.push_back({y, x0, x1}), x0 = x1;
    }
  std::shuffle(pieces.begin(), pieces.end(), random);
  Digest61 whole(w);
  for (const auto& p : pieces) {
    Digest61 part(w);
    part.add_row(p.y, std::span(table).subspan(p.y * w + p.x0, p.x1 - p.x0), p.x0);
    whole.add(part.value());
  }
  EXPECT_EQ(whole.value(), want);
  // One changed cell changes it.
  auto changed = table;
  ++changed[5 * w + 9];
  EXPECT_NE(digest_by_definition(changed), want);
}

// One unit a game and many, in the census: the same digest and measures (the records differ only
// in how many units and which were spot-checked).
TEST(BlockingCensus, OneUnitOrManyGiveTheSameGame) {
  Dir a("one"), b("many");
  const std::uint64_t depth = kSanitized ? 120 : 400;
  const Census one({3, 6, depth, depth, 0}), many({3, 6, depth, 7, 0});
  auto games = [](const std::string& json) {
    std::string lines;
    std::istringstream in(json);
    for (std::string line; std::getline(in, line);)
      if (line.find("\"k\": ") != std::string::npos) lines += line.substr(line.find("\"palaces\"")) + "\n";
    return lines;
  };
  const std::string x = run_all(one, a.path), y = run_all(many, b.path);
  EXPECT_EQ(games(x), games(y));
  // And the summary engine's palaces and sum64 for game 5.
  const auto s = summary(5, depth, depth);
  EXPECT_NE(x.find(fmt::format("\"palaces\": {}, \"min\": 0, \"max\": {}, \"sum64\": \"{:016x}\"", s.palaces, s.max,
                               s.sum64)),
            std::string::npos)
      << x;
}

TEST(BlockingCensus, DamagedRecordsAreFoundAndRedone) {
  Dir d("damaged");
  const Census census({10, 12, kSanitized ? 200 : 300, 40, 3});  // units 0–4 are row units
  const std::string want = run_all(census, d.path);
  const auto units = census.units(11);
  const fs::path dir11 = d.path / "k11";
  // Truncated, one byte changed, copied from another unit, removed; and the window files a
  // finished game no longer needs are gone.
  fs::resize_file(dir11 / "unit-1.txt", 30);
  std::string bytes = slurp(dir11 / "unit-3.txt");
  bytes[bytes.size() / 2] ^= 1;
  std::ofstream(dir11 / "unit-3.txt", std::ios::binary) << bytes;
  fs::copy_file(dir11 / "unit-0.txt", dir11 / "unit-4.txt", fs::copy_options::overwrite_existing);
  fs::remove(d.path / "k12" / "unit-2.txt");
  EXPECT_EQ(census.record_problem(d.path, units[1]), "damaged (its checksum line is missing or does not match)");
  EXPECT_EQ(census.record_problem(d.path, units[3]), "damaged (its checksum line is missing or does not match)");
  EXPECT_EQ(census.record_problem(d.path, units[4]), "damaged (it is the record of another unit)");
  EXPECT_EQ(census.record_problem(d.path, census.units(12)[2]), "missing");
  EXPECT_THROW(census.merge(d.path, "test"), qg::InputError);
  for (const auto& entry : fs::recursive_directory_iterator(d.path))
    EXPECT_EQ(entry.path().filename().string().find("window-"), std::string::npos) << entry.path();
  // Redone from row 0 (no window is left): the units before a damaged one are computed again
  // and must give their records again.
  EXPECT_EQ(census.run_game(d.path, 11), 3u);
  EXPECT_EQ(census.run_game(d.path, 12), 1u);
  EXPECT_EQ(census.run_game(d.path, 10), 0u);
  census.merge(d.path, "test");
  EXPECT_EQ(slurp(census_json_path(d.path)), want);
  // A whole record whose numbers were changed by hand (checksum recomputed) is found when a
  // later unit needs the rows again.
  fs::remove(dir11 / "unit-4.txt");
  std::string record = slurp(dir11 / "unit-2.txt");
  record = record.substr(0, record.rfind("# checksum"));
  record.replace(record.find("palaces sum ") + 12, 1, "9");
  std::ofstream(dir11 / "unit-2.txt", std::ios::binary) << record << qg::checksum_line(record);
  EXPECT_THROW(census.run_game(d.path, 11), CensusViolation);
}

TEST(BlockingCensus, SecondEnginesAgree) {
  const std::uint64_t k = 30, depth = kSanitized ? 100 : 260;
  auto window = detail::fresh_window(k, depth);
  qg::Poller poller({}, depth);
  detail::measure_rows(k, depth, 50, window, poller);
  auto record = detail::measure_rows(k, depth, 130, window, poller);
  detail::spot_check(k, depth, 50, 130, Engine::plain, record, poller);
  detail::spot_check(k, depth, 50, 130, Engine::ca, record, poller);
  for (auto& f : record)
    if (f.name == "digest") f.values[0] ^= 1;
  EXPECT_THROW(detail::spot_check(k, depth, 50, 130, Engine::plain, record, poller), CensusViolation);
  // The spot checks are about one unit in spot_every.
  std::uint64_t checked = 0;
  for (std::uint64_t u = 0; u < 6400; ++u)
    checked += detail::spot_engine({1 + u / 64, u % 64, 0, 1, false}, 64).has_value();
  EXPECT_GT(checked, 60u);
  EXPECT_LT(checked, 140u);
}

// A window saved and restored continues to the same rows; a damaged one is refused.
TEST(BlockingCensus, WindowsResume) {
  Dir d("window");
  fs::create_directories(d.path);
  const std::uint64_t k = 20, depth = 150;
  qg::Poller poller({}, depth);
  auto straight = detail::fresh_window(k, depth);
  detail::measure_rows(k, depth, 60, straight, poller);
  const auto want = detail::measure_rows(k, depth, 150, straight, poller);
  auto first = detail::fresh_window(k, depth);
  detail::measure_rows(k, depth, 60, first, poller);
  detail::save_window(first, d.path / "w.slab", d.path / "w.rows");
  auto resumed = detail::restore_window(k, depth, 60, d.path / "w.slab", d.path / "w.rows");
  EXPECT_EQ(detail::measure_rows(k, depth, 150, resumed, poller), want);
  EXPECT_THROW(detail::restore_window(k, depth, 59, d.path / "w.slab", d.path / "w.rows"), qg::InputError);
  fs::resize_file(d.path / "w.rows", fs::file_size(d.path / "w.rows") - 3);
  EXPECT_THROW(detail::restore_window(k, depth, 60, d.path / "w.slab", d.path / "w.rows"), qg::InputError);
}

TEST(BlockingCensus, BadRequestsAreRefusedUpFront) {
  EXPECT_NE(input_error([] { Census({5, 4, 100}); }).find("empty"), std::string::npos);
  EXPECT_NE(input_error([] { Census({0, 4, 100}); }), "no error");
  EXPECT_NE(input_error([] { Census({1, 4, 2}); }).find("depth"), std::string::npos);
  EXPECT_NE(input_error([] { Census({1, 4, 100, 101}); }).find("rows"), std::string::npos);
  EXPECT_NE(input_error([] { Census({1, 1'000'000, 10'000, 100}); }).find("at most"), std::string::npos);
  // 2^31 columns: about 170 GB for one unit, refused before anything is allocated.
  EXPECT_THROW(Census({1, 1, std::uint64_t{1} << 31, 1 << 30}), qg::MemoryError);
  Dir d("prepare");
  fs::create_directories(d.path);
  std::ofstream(d.path / "keep.txt") << "the user's";
  EXPECT_NE(input_error([&] { Census({1, 2, 50}).prepare(d.path); }).find("holds no census"), std::string::npos);
  fs::remove(d.path / "keep.txt");
  Census({1, 2, 50}).prepare(d.path);
  Census({1, 2, 50}).prepare(d.path);  // the same census: resumed
  EXPECT_NE(input_error([&] { Census({1, 3, 50}).prepare(d.path); }).find("holds another census"), std::string::npos);
  EXPECT_EQ(slurp(d.path / "manifest.txt").substr(0, 40), "# queengames census blocking k=1..2 dept");
}
