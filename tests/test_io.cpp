// The foundation's I/O: number parsing, atomic files, PNG, checksums.
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <thread>

#include "queengames/io.hpp"

namespace fs = std::filesystem;

TEST(ParseNatural, AcceptsTheNotationsOfTheCli) {
  EXPECT_EQ(qg::parse_natural("1000"), 1000);
  EXPECT_EQ(qg::parse_natural("1e9"), 1000000000);
  EXPECT_EQ(qg::parse_natural("10^9"), 1000000000);
  EXPECT_EQ(qg::parse_natural("2^40"), mpz_class("1099511627776"));
  EXPECT_EQ(qg::parse_natural("3*10^6"), 3000000);
  EXPECT_EQ(qg::parse_natural("1_000_000"), 1000000);
  EXPECT_EQ(qg::parse_natural("010"), 10);  // decimal, never octal (found by fuzz_number)
  EXPECT_EQ(qg::parse_natural("09"), 9);
  EXPECT_EQ(qg::parse_natural("2^120").get_str(), "1329227995784915872903807060280344576");
  // issue 21 §3: a decimal mantissa that makes an integer, sums and differences.
  EXPECT_EQ(qg::parse_natural("1.5e9"), 1500000000);
  EXPECT_EQ(qg::parse_natural("2.50E1"), 25);
  EXPECT_EQ(qg::parse_natural("2^62-1"), mpz_class("4611686018427387903"));
  EXPECT_EQ(qg::parse_natural("10^9 + 7"), 1000000007);
  EXPECT_EQ(qg::parse_natural("2^64-1"), mpz_class("18446744073709551615"));
  EXPECT_EQ(qg::parse_natural("1e00004"), 10000);
}

TEST(ParseNatural, RefusesWhatIsNotANaturalNumber) {
  for (const char* bad : {"",   "-5",   "1.5", "abc",   "1e",  "^3",    "2^",   "1e9x", "0x10", "2**3", "1.5e0",
                          "1.", ".5e1", "5,6", "1,000", "5 6", "2^3^2", "1__0", "_1",   "3-",   "1-2"})
    EXPECT_THROW(qg::parse_natural(bad), qg::InputError) << bad;
  try {
    qg::parse_natural("1.5e0");
    FAIL();
  } catch (const qg::InputError& e) {
    EXPECT_NE(std::string(e.what()).find("not an integer"), std::string::npos) << e.what();
  }
  try {
    qg::parse_natural("5,6");  // was read as 56
    FAIL();
  } catch (const qg::InputError& e) {
    EXPECT_NE(std::string(e.what()).find("WxH"), std::string::npos) << e.what();
  }
  EXPECT_THROW(qg::parse_natural("10^100000"), qg::RangeError);
  EXPECT_THROW(qg::parse_natural(std::string(4000, '9') + "^10000"), qg::RangeError);  // refused at once
  EXPECT_EQ(qg::parse_natural("9^10000").get_str(3).size(), 20001u);                   // 3^20000: within 2^20 bits
}

TEST(ParseU64, NamesTheRangeItRefuses) {
  EXPECT_EQ(qg::parse_u64("18446744073709551615"), UINT64_MAX);
  EXPECT_EQ(qg::parse_u64("2^63"), 1ull << 63);
  try {
    qg::parse_u64("2^64");
    FAIL() << "2^64 does not fit 64 bits";
  } catch (const qg::RangeError& e) {
    EXPECT_NE(std::string(e.what()).find("0..18446744073709551615"), std::string::npos) << e.what();
  }
  try {
    qg::parse_u64("0", 1, 100);
    FAIL() << "0 is below the minimum";
  } catch (const qg::RangeError& e) {
    EXPECT_NE(std::string(e.what()).find("1..100"), std::string::npos) << e.what();
  }
  // Issue 36 §5: a number of thousands of digits (Python's 2**10000) is echoed by its ends.
  const std::string huge = mpz_class(mpz_class(1) << 10000).get_str();
  ASSERT_EQ(huge.size(), 3011u);
  try {
    qg::parse_u64(huge);
    FAIL() << "2^10000 does not fit 64 bits";
  } catch (const qg::RangeError& e) {
    EXPECT_EQ(std::string(e.what()),
              "19950631168807583848…2596709376 (3011 characters) is out of range: the supported "
              "range is 0..18446744073709551615");
  }
  EXPECT_EQ(qg::echo_number("2^62+1"), "2^62+1");
  EXPECT_EQ(qg::echo_number(std::string(40, '7')), std::string(40, '7'));  // 40 characters stay whole
  try {
    qg::parse_natural(huge + "x");
    FAIL() << "not a number";
  } catch (const qg::InputError& e) {
    EXPECT_EQ(
        std::string(e.what()).rfind("'19950631168807583848…596709376x (3012 characters)' is not a natural number", 0),
        0u)
        << e.what();
  }
}

TEST(AtomicFile, CommitRenamesAndAbandonLeavesNothing) {
  fs::path dir = fs::temp_directory_path() / "qg_test_io";
  fs::create_directories(dir);
  fs::path target = dir / "out.txt";
  fs::remove(target);
  {
    qg::AtomicFile f(target);
    f.stream() << "half";
    EXPECT_TRUE(fs::exists(f.temporary_path()));
    EXPECT_FALSE(fs::exists(target));
  }  // destroyed uncommitted: an interrupted run
  EXPECT_FALSE(fs::exists(target));
  EXPECT_TRUE(fs::is_empty(dir));
  {
    qg::AtomicFile f(target);
    f.stream() << "whole\n";
    f.commit();
  }
  std::ifstream in(target);
  std::string line;
  std::getline(in, line);
  EXPECT_EQ(line, "whole");
  fs::remove_all(dir);
}

TEST(AtomicFile, UnwritablePathIsAnInputError) {
  EXPECT_THROW(qg::AtomicFile("/nonexistent-dir/x.txt"), qg::InputError);
}

// /dev holds devices: a name there that is none is refused, not created as a file among them.
TEST(AtomicFile, CreatesNoFileInDev) {
  const std::filesystem::path stray = "/dev/qg_atomic_" + std::to_string(::getpid()) + ".svg";
  try {
    qg::AtomicFile file(stray);
    ADD_FAILURE() << "accepted " << stray;
  } catch (const qg::InputError& e) {
    EXPECT_EQ(std::string(e.what()),
              "cannot write " + stray.string() + ": no such device (in /dev only devices are written)");
  }
  EXPECT_FALSE(std::filesystem::exists(stray));
  std::filesystem::remove(stray);
  qg::AtomicFile null("/dev/null");  // a device there is written in place
  null.stream() << "x";
  null.commit();
}

// issue 21 §1: --out must never replace what it writes into.
TEST(AtomicFile, WritesAFifoInPlaceInsteadOfReplacingIt) {
  fs::path dir = fs::temp_directory_path() / ("qg_test_io_fifo_" + std::to_string(::getpid()));
  fs::remove_all(dir);
  fs::create_directories(dir);
  fs::path fifo = dir / "pipe";
  ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
  int reader = ::open(fifo.c_str(), O_RDONLY | O_NONBLOCK);  // so that the writer's open does not block
  ASSERT_GE(reader, 0);
  {
    qg::AtomicFile f(fifo);
    EXPECT_TRUE(f.temporary_path().empty());
    f.stream() << "through the pipe\n";
    f.commit();
  }
  char buffer[64] = {};
  EXPECT_EQ(::read(reader, buffer, sizeof buffer - 1), 17);
  EXPECT_STREQ(buffer, "through the pipe\n");
  ::close(reader);
  EXPECT_TRUE(fs::is_fifo(fs::symlink_status(fifo)));
  EXPECT_EQ(std::distance(fs::directory_iterator(dir), fs::directory_iterator()), 1);
  fs::remove_all(dir);
}

TEST(AtomicFile, FollowsASymlinkToADeviceOrAFileAndKeepsTheLink) {
  fs::path dir = fs::temp_directory_path() / ("qg_test_io_link_" + std::to_string(::getpid()));
  fs::remove_all(dir);
  fs::create_directories(dir);
  fs::create_symlink("/dev/null", dir / "null");
  {
    qg::AtomicFile f(dir / "null");
    f.stream() << "discarded\n";
    f.commit();
  }
  EXPECT_TRUE(fs::is_symlink(dir / "null"));
  { std::ofstream(dir / "real") << "old\n"; }
  fs::permissions(dir / "real", fs::perms::owner_read | fs::perms::owner_write);
  fs::create_symlink("real", dir / "link");
  fs::create_symlink("later", dir / "dangling");
  for (const char* name : {"link", "dangling"}) {
    qg::AtomicFile f(dir / name);
    f.stream() << "new\n";
    f.commit();
  }
  EXPECT_TRUE(fs::is_symlink(dir / "link"));
  EXPECT_TRUE(fs::is_symlink(dir / "dangling"));
  std::string line;
  std::getline(std::ifstream(dir / "real") >> std::ws, line);
  EXPECT_EQ(line, "new");
  std::getline(std::ifstream(dir / "later") >> std::ws, line);
  EXPECT_EQ(line, "new");
  // The replacement keeps the permissions of the file it replaces.
  EXPECT_EQ(fs::status(dir / "real").permissions(), fs::perms::owner_read | fs::perms::owner_write);
  fs::remove_all(dir);
}

TEST(AtomicFile, RemovesTheStaleTemporaryOfAKilledRunButNotALiveOne) {
  fs::path dir = fs::temp_directory_path() / ("qg_test_io_stale_" + std::to_string(::getpid()));
  fs::remove_all(dir);
  fs::create_directories(dir);
  fs::path target = dir / "out.txt";
  { std::ofstream(dir / "out.txt.tmp.4194999") << "left by a SIGKILLed run"; }  // nobody holds its lock
  { std::ofstream(dir / "other.txt.tmp.4194999") << "another target's"; }
  { std::ofstream(dir / "out.txt.tmp.notes") << "not a temporary"; }
  qg::AtomicFile live(target);  // holds its own temporary's lock
  ASSERT_EQ(live.stale_removed().size(), 1u);
  EXPECT_EQ(live.stale_removed()[0], dir / "out.txt.tmp.4194999");
  EXPECT_FALSE(fs::exists(dir / "out.txt.tmp.4194999"));
  EXPECT_TRUE(fs::exists(dir / "other.txt.tmp.4194999"));
  EXPECT_TRUE(fs::exists(dir / "out.txt.tmp.notes"));
  EXPECT_TRUE(qg::remove_stale_temporaries(target).empty());  // the live one is kept
  EXPECT_TRUE(fs::exists(live.temporary_path()));
  live.stream() << "done\n";
  live.commit();
  EXPECT_TRUE(fs::exists(target));
  fs::remove_all(dir);
}

TEST(AtomicFile, DashIsStandardOutput) {
  testing::internal::CaptureStdout();
  {
    qg::AtomicFile f("-");
    f.stream() << "to stdout\n";
    f.commit();
  }
  EXPECT_EQ(testing::internal::GetCapturedStdout(), "to stdout\n");
  EXPECT_FALSE(fs::exists("-"));
}

TEST(AtomicFile, AFailedWriteIsReported) {
  // /dev/full is a device: written in place, and every write fails with ENOSPC. Reached through a
  // link of our own, so that a regression replaces the link and never the system's device.
  fs::path link = fs::temp_directory_path() / ("qg_test_io_full_" + std::to_string(::getpid()));
  fs::remove(link);
  fs::create_symlink("/dev/full", link);
  {
    qg::AtomicFile f(link);
    EXPECT_THROW(f.stream() << "1 1\n" << std::flush, std::ios_base::failure);
  }
  {
    qg::AtomicFile f(link);
    f.stream() << "1 1\n";
    EXPECT_THROW(f.commit(), qg::InputError);
  }
  EXPECT_TRUE(fs::is_symlink(link));
  fs::remove(link);
}

TEST(AtomicFile, ADirectoryIsRefused) { EXPECT_THROW(qg::AtomicFile{fs::temp_directory_path()}, qg::InputError); }

// Issue 28 §1/§6: what cannot be a small text file is refused, and a FIFO without a writer is
// waited on with progress polled, so that a cancellation (the CLI's SIGINT) always gets in —
// even one that came before the file was opened (a blocking open() would never return).
TEST(ReadTextFile, RefusesWhatIsNoSmallFileAndPollsAFifoWithoutAWriter) {
  try {
    (void)qg::read_text_file("/dev/zero", std::size_t{1} << 20, 1000, "test file");
    ADD_FAILURE() << "/dev/zero was read";
  } catch (const qg::RangeError& e) {
    EXPECT_STREQ(e.what(), "/dev/zero: a line is longer than 1000 characters, which no test file needs");
  }
  fs::path dir = fs::temp_directory_path() / ("qg_test_io_read_" + std::to_string(::getpid()));
  fs::remove_all(dir);
  fs::create_directories(dir);
  {
    std::ofstream lines(dir / "lines");
    for (int i = 0; i < 3000; ++i) lines << "0123456789\n";
  }
  EXPECT_EQ(qg::read_text_file(dir / "lines", 1 << 20, 11, "test file").size(), 33000u);
  EXPECT_THROW((void)qg::read_text_file(dir / "lines", 1 << 20, 9, "test file"), qg::RangeError);  // 10 characters
  std::ofstream(dir / "inner") << "short\n" << std::string(30, 'x') << "\nshort\n";  // one chunk, a long line within
  EXPECT_THROW((void)qg::read_text_file(dir / "inner", 1 << 20, 20, "test file"), qg::RangeError);
  EXPECT_EQ(qg::read_text_file(dir / "inner", 1 << 20, 30, "test file").size(), 43u);
  try {
    (void)qg::read_text_file(dir / "lines", 1 << 14, 100, "test file");
    ADD_FAILURE() << "33,000 bytes were read under a limit of 16,384";
  } catch (const qg::RangeError& e) {
    EXPECT_NE(std::string(e.what()).find("is longer than 0 MiB, which no test file needs"), std::string::npos);
  }
  EXPECT_THROW((void)qg::read_text_file(dir / "absent", 100, 100, "test file"), qg::InputError);
  EXPECT_THROW((void)qg::read_text_file(dir, 100, 100, "test file"), qg::InputError);  // a directory

  const fs::path fifo = dir / "pipe";
  ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
  struct Cancelled {};
  int polls = 0;
  EXPECT_THROW((void)qg::read_text_file(fifo, 100, 100, "test file",
                                        [&](std::uint64_t done, std::uint64_t) {
                                          EXPECT_EQ(done, 0u);
                                          if (++polls == 3) throw Cancelled{};
                                        }),
               Cancelled);
  // A writer that comes later: its text, to the end it closes.
  std::thread writer([&] { std::ofstream(fifo) << "start: 1\n"; });
  EXPECT_EQ(qg::read_text_file(fifo, 100, 100, "test file"), "start: 1\n");
  writer.join();
  fs::remove_all(dir);
}

TEST(Png, WritesAValidImageOfTheRightSize) {
  fs::path p = fs::temp_directory_path() / "qg_test.png";
  qg::write_png(p, 100, 50, [](std::uint32_t y, qg::Rgb* pixels) {
    for (std::uint32_t x = 0; x < 100; ++x) pixels[x] = {static_cast<std::uint8_t>(x ^ y), 0, 0};
  });
  std::ifstream in(p, std::ios::binary);
  unsigned char header[24];
  in.read(reinterpret_cast<char*>(header), 24);
  ASSERT_TRUE(in);
  EXPECT_EQ(header[1], 'P');
  EXPECT_EQ(header[2], 'N');
  EXPECT_EQ(header[3], 'G');
  auto be32 = [&](int at) {
    return (header[at] << 24) | (header[at + 1] << 16) | (header[at + 2] << 8) | header[at + 3];
  };
  EXPECT_EQ(be32(16), 100);
  EXPECT_EQ(be32(20), 50);
  fs::remove(p);
}

TEST(Png, CompressionLevelsTradeSizeForSpeed) {
  // A smooth 256² gradient: stored (level 0) it takes at least its 196,608 raw bytes; level 9
  // packs it far smaller; a level outside 0..9 is refused.
  auto png = [](int level) {
    std::ostringstream out;
    qg::write_png(
        out, 256, 256,
        [](std::uint32_t y, qg::Rgb* row) {
          for (std::uint32_t x = 0; x < 256; ++x)
            row[x] = {static_cast<std::uint8_t>(x), static_cast<std::uint8_t>(y), 0};
        },
        {}, level);
    return std::move(out).str();
  };
  const std::string stored = png(0), fast = png(1), best = png(9);
  EXPECT_GE(stored.size(), 256u * 256u * 3u);
  EXPECT_LT(best.size(), stored.size() / 10);
  EXPECT_LT(fast.size(), stored.size() / 2);
  EXPECT_EQ(fast.substr(1, 3), "PNG");
  EXPECT_THROW(png(10), qg::RangeError);
}

TEST(Sum64, MatchesAHandComputation) {
  // The 2×2 table v = [[0, 1], [2, 3]] (rows y = 0, 1): Σ (v+1)(2(yW+x)+1)
  // = 1·1 + 2·3 + 3·5 + 4·7 = 50 = 0x32.
  qg::Sum64 s{2};
  s.add(0, 0, 0);
  s.add(1, 0, 1);
  s.add(0, 1, 2);
  s.add(1, 1, 3);
  EXPECT_EQ(s.sum, 50u);
  EXPECT_EQ(s.hex(), "0000000000000032");
}
