// core/team.hpp: the engines' one thread facility, and its stop on the first exception.
#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <stdexcept>
#include <thread>
#include <vector>

#include "core/team.hpp"

namespace {

struct Interrupted {};

}  // namespace

TEST(Team, EveryMemberRunsOnceAndAgreesOnTheSize) {
  for (unsigned threads : {1u, 2u, 4u}) {
    std::vector<std::atomic<int>> ran(threads);
    std::atomic<unsigned> sizes{0};
    qg::Team::run(threads, [&](qg::Team& team, unsigned m) {
      ++ran[m];
      sizes += team.size();
    });
    for (unsigned m = 0; m < threads; ++m) EXPECT_EQ(ran[m].load(), 1) << threads;
    EXPECT_EQ(sizes.load(), threads * threads);
  }
}

TEST(Team, AThrowWakesTheSleepersAndIsRethrownOnce) {
  // Members 1 … 3 sleep until member 0 moves, which it never does: it throws. Each must wake,
  // see the stop and leave; run() rethrows member 0's exception after all have returned.
  std::atomic<int> left{0};
  const auto start = std::chrono::steady_clock::now();
  EXPECT_THROW(qg::Team::run(4,
                             [&](qg::Team& team, unsigned m) {
                               if (m == 0) {
                                 std::this_thread::sleep_for(std::chrono::milliseconds(20));
                                 throw Interrupted{};
                               }
                               while (!team.stopped()) team.wait(team.epoch());
                               ++left;
                               team.check();  // throws Stopped, swallowed by the team
                               ADD_FAILURE() << "check() let a member of a stopped team go on";
                             }),
               Interrupted);
  EXPECT_EQ(left.load(), 3);
  EXPECT_LT(std::chrono::steady_clock::now() - start, std::chrono::seconds(5));
}

TEST(Team, RoundsStopAfterTheRoundThatThrew) {
  // A member throwing in round 3 ends the rounds there: no member starts round 4, and the
  // between-rounds step of round 3 does not run.
  std::atomic<int> max_round{-1};
  std::vector<std::uint64_t> between;
  EXPECT_THROW(qg::run_rounds(
                   3, 100,
                   [&](std::uint64_t round, unsigned member) {
                     int seen = max_round.load();
                     while (seen < static_cast<int>(round) &&
                            !max_round.compare_exchange_weak(seen, static_cast<int>(round))) {
                     }
                     if (round == 3 && member == 1) throw std::runtime_error("stop");
                   },
                   [&](std::uint64_t round) { between.push_back(round); }),
               std::runtime_error);
  EXPECT_EQ(max_round.load(), 3);
  EXPECT_EQ(between, (std::vector<std::uint64_t>{0, 1, 2}));
  // An exception between rounds (the progress callback) stops the rounds the same way.
  int rounds_run = 0;
  EXPECT_THROW(qg::run_rounds(
                   2, 100, [&](std::uint64_t, unsigned member) { rounds_run += member == 0; },
                   [&](std::uint64_t round) {
                     if (round == 5) throw Interrupted{};
                   }),
               Interrupted);
  EXPECT_EQ(rounds_run, 6);
}
