#include "core/team.hpp"

#include <algorithm>
#include <system_error>
#include <thread>
#include <vector>

namespace qg {

void Team::fail(std::exception_ptr error) {
  {
    std::lock_guard lock(error_mutex_);
    if (!error_) error_ = std::move(error);
  }
  stopped_.store(true);
  moved();  // wakes every sleeping member, which then sees the stop
}

void Team::run(unsigned threads, const std::function<void(Team&, unsigned)>& member) {
  threads = std::max(1u, threads);
  Team team;
  // A member that leaves, having thrown or not, drops out of the barrier: the others never
  // wait for it. The stop is set before the drop, so whoever passes the barrier sees it.
  auto body = [&](unsigned m) {
    try {
      member(team, m);
    } catch (const Stopped&) {
    } catch (...) {
      team.fail(std::current_exception());
    }
    team.barrier_->arrive_and_drop();
  };
  team.barrier_.emplace(static_cast<std::ptrdiff_t>(threads));
  std::vector<std::jthread> workers;
  workers.reserve(threads - 1);  // so that only starting a thread can throw below
  for (unsigned m = 1; m < threads; ++m) {
    try {
      workers.emplace_back([&, m] {
        team.size_.wait(0, std::memory_order_acquire);  // until the team is complete
        body(m);
      });
    } catch (const std::system_error&) {
      // No more threads to be had: the team is those started, the missing places dropped.
      for (unsigned missing = m; missing < threads; ++missing) team.barrier_->arrive_and_drop();
      break;
    }
  }
  const auto size = static_cast<unsigned>(workers.size()) + 1;
  team.size_.store(size, std::memory_order_release);
  team.size_.notify_all();
  body(0);
  workers.clear();  // joins
  if (team.error_) std::rethrow_exception(team.error_);
}

void run_rounds(unsigned threads, std::uint64_t rounds, const std::function<void(std::uint64_t, unsigned)>& work,
                const std::function<void(std::uint64_t)>& between) {
  Team::run(threads, [&](Team& team, unsigned member) {
    for (std::uint64_t round = 0; round < rounds; ++round) {
      work(round, member);
      team.sync();
      if (team.stopped()) return;
      if (member == 0) between(round);
      team.sync();
      if (team.stopped()) return;
    }
  });
}

}  // namespace qg
