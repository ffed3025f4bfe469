#include "rounds.hpp"

#include <algorithm>
#include <atomic>
#include <barrier>
#include <exception>
#include <mutex>
#include <system_error>
#include <thread>
#include <vector>

namespace qg::boards::detail {

void run_rounds(unsigned threads, std::uint64_t rounds, const std::function<void(std::uint64_t round, unsigned thread)>& work,
                const std::function<void(std::uint64_t round)>& between) {
  threads = std::max(1u, threads);
  std::atomic<bool> stop{false};
  std::exception_ptr error;
  std::mutex error_mutex;
  auto fail = [&] {
    std::lock_guard lock(error_mutex);
    if (!error) error = std::current_exception();
    stop = true;
  };
  std::barrier sync(static_cast<std::ptrdiff_t>(threads));
  // Every thread passes the same barriers and reads `stop` only between the two barriers of a
  // round, after `between` has run, so all threads leave after the same round.
  auto body = [&](unsigned thread) {
    const bool main_thread = thread == 0;
    for (std::uint64_t round = 0; round < rounds; ++round) {
      if (!stop) {
        try {
          work(round, thread);
        } catch (...) {
          fail();
        }
      }
      sync.arrive_and_wait();
      if (main_thread && !stop) {
        try {
          between(round);
        } catch (...) {
          fail();
        }
      }
      sync.arrive_and_wait();
      if (stop) return;
    }
  };
  std::vector<std::jthread> workers;
  for (unsigned t = 1; t < threads; ++t) {
    try {
      workers.emplace_back([&, t] { body(t); });
    } catch (const std::system_error&) {
      // No more threads to be had: carry on with those running, dropping the missing places.
      for (unsigned missing = t; missing < threads; ++missing) sync.arrive_and_drop();
      break;
    }
  }
  body(0);
  workers.clear();  // joins
  if (error) std::rethrow_exception(error);
}

}  // namespace qg::boards::detail
