// core: 128-bit printing and the memory guard every large table goes through.
#include <gtest/gtest.h>

#include <chrono>
#include <thread>
#include <vector>

#include "queengames/common.hpp"

TEST(Core, PrintsTheExtremes128BitValues) {
  qg::u128 max = ~static_cast<qg::u128>(0);
  EXPECT_EQ(qg::to_string(max), "340282366920938463463374607431768211455");  // 2^128 − 1
  EXPECT_EQ(qg::to_string(static_cast<qg::u128>(0)), "0");
  qg::i128 min = static_cast<qg::i128>(static_cast<qg::u128>(1) << 127);
  EXPECT_EQ(qg::to_string(min), "-170141183460469231731687303715884105728");  // −2^127
  EXPECT_EQ(qg::to_string(static_cast<qg::i128>(-42)), "-42");
}

TEST(Core, ReadsTheParametersOfAFamilyMembersName) {
  using V = std::vector<unsigned>;
  EXPECT_EQ(qg::name_parameters("queen2_1", "queen", 2), V({2, 1}));
  EXPECT_EQ(qg::name_parameters("kqueen16", "kqueen", 1), V({16}));
  EXPECT_EQ(qg::name_parameters("limqueen3_0", "limqueen", 2), V({3, 0}));
  for (const char* other : {"queen21", "queen2_", "queen_1", "queen02_1", "queen2_1_", "queen100_1", "queenx_1"})
    EXPECT_FALSE(qg::name_parameters(other, "queen", 2)) << other;
  EXPECT_FALSE(qg::name_parameters("kqueen2_1", "kqueen", 1));
}

TEST(Core, RefusesATableLargerThanTheMachineUnlessForced) {
  ASSERT_GT(qg::physical_memory(), 0u);
  ASSERT_GT(qg::usable_memory(), 0u);
  ASSERT_LE(qg::usable_memory(), qg::physical_memory());
  std::uint64_t too_much = qg::physical_memory() * 2;
  try {
    qg::require_memory(too_much, "a 10^6 x 10^6 table");
    FAIL() << "should refuse";
  } catch (const qg::MemoryError& e) {
    // Issue 21 §2: both figures, and no CLI flag (the CLI adds "(use --force to try)").
    std::string m = e.what();
    EXPECT_NE(m.find("a 10^6 x 10^6 table needs "), std::string::npos) << m;
    EXPECT_NE(
        m.find(qg::usable_memory() < qg::physical_memory() ? "GiB, this process may use " : "GiB, this machine has "),
        std::string::npos)
        << m;
    EXPECT_EQ(m.find("--force"), std::string::npos) << m;
    EXPECT_EQ(e.needed(), too_much);
    EXPECT_EQ(e.available(), qg::usable_memory());
  }
  EXPECT_NO_THROW(qg::require_memory(too_much, "forced", true));
  EXPECT_NO_THROW(qg::require_memory(1 << 20, "a small table"));
}

// The prover counts what it already holds against the machine: the resident set grows by
// what a process touches (64 MB here) and stays below physical memory.
TEST(Core, ResidentMemoryFollowsWhatIsTouched) {
  const std::uint64_t before = qg::resident_memory();
  ASSERT_GT(before, 0u);
  std::vector<char> touched(std::size_t{64} << 20, 1);
  const std::uint64_t after = qg::resident_memory();
  EXPECT_GE(after, before + (std::uint64_t{60} << 20));
  EXPECT_LT(after, qg::physical_memory());
  EXPECT_EQ(touched[12345], 1);
}

// The poller: the first tick already polls (so a signal that came before the loop stops it at
// once), and a throwing ProgressFn ends the loop at that tick.
TEST(Poller, FirstTickPollsAndAThrowStopsTheLoop) {
  int calls = 0;
  qg::Poller poller(
      [&](std::uint64_t, std::uint64_t) {
        if (++calls == 1) throw std::runtime_error("stop");
      },
      1000);
  std::uint64_t i = 0;
  EXPECT_THROW(for (; i < 1000; ++i) poller.tick(i), std::runtime_error);
  EXPECT_EQ(i, 0u);
  EXPECT_EQ(calls, 1);
}

// Slow iterations (2 ms each) are polled at least every 40 ms: 100 of them (200 ms) give
// at least 4 polls, and fast ones (10^7 cheap ticks) far fewer polls than ticks.
TEST(Poller, PollsSlowLoopsOftenAndFastLoopsRarely) {
  std::uint64_t calls = 0, last_done = 0;
  qg::Poller slow(
      [&](std::uint64_t done, std::uint64_t) {
        ++calls;
        last_done = done;
      },
      100);
  for (std::uint64_t i = 0; i < 100; ++i) {
    std::this_thread::sleep_for(std::chrono::milliseconds(2));
    slow.tick(i);
  }
  EXPECT_GE(calls, 4u);
  slow.finish();
  EXPECT_EQ(last_done, 100u);

  calls = 0;
  qg::Poller fast([&](std::uint64_t, std::uint64_t) { ++calls; }, 10'000'000);
  for (std::uint64_t i = 0; i < 10'000'000; ++i) fast.tick(i);
  EXPECT_GE(calls, 1u);
  EXPECT_LT(calls, 10'000u);
}

// What a message quotes of an input: control bytes and bytes that are no UTF-8 escaped, valid
// UTF-8 kept, cut at a character's start past the bound.
TEST(Core, PrintableEscapesAndCaps) {
  EXPECT_EQ(qg::printable("msd_2"), "msd_2");
  EXPECT_EQ(qg::printable("\x1b]0;title\x07\x1b[41m"), "\\x1b]0;title\\x07\\x1b[41m");
  EXPECT_EQ(qg::printable("a\xff\xc0\x80z"), "a\\xff\\xc0\\x80z");  // a stray byte, an overlong NUL
  EXPECT_EQ(qg::printable("ψ→…"), "ψ→…");
  EXPECT_EQ(qg::printable(std::string_view("a\0b", 3)), "a\\x00b");
  EXPECT_EQ(qg::printable("abcdef", 4), "abcd…");
  EXPECT_EQ(qg::printable("abψ", 3), "ab…");  // ψ is two bytes: not cut inside
  EXPECT_EQ(qg::printable(std::string(1000, 'x')).size(), 240 + std::string("…").size());
}
