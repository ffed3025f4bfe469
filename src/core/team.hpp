// Internal: the one thread facility of the engines, a team of threads on one job.
//
// The parallel engines are pipelines and wavefronts whose threads wait for one another (a
// strip for the strip before it, a band for the band to its left, a round for the last
// one), so they need threads that all run at once: a task scheduler that may run two
// tasks one after the other would deadlock them. A Team starts its threads up front, the
// caller being member 0, and gives them what they share: their number, a barrier, a way to
// sleep until another member has moved the work on, and one stop for everyone.
//
// Cancellation: the first exception a member throws (an interrupt from the ProgressFn of
// member 0 included) stops the team. Every other member sees stopped() at its next wait
// and leaves (check() throws Team::Stopped, which the team swallows); the barrier and wait()
// release them at once. run() rethrows the exception after every member has returned, so
// the caller's RAII frees whatever was half-built.
#pragma once

#include <atomic>
#include <barrier>
#include <cstdint>
#include <exception>
#include <functional>
#include <mutex>
#include <optional>

namespace qg {

class Team {
 public:
  // Thrown by check() in a stopped team: unwinds a member without being reported.
  struct Stopped {};

  // Runs member(team, m) on members m = 0 … size() − 1 at once (m = 0 on the calling
  // thread); size() is `threads` (at least 1), or fewer when the system cannot start more
  // threads. Rethrows the first exception of any member once all have returned.
  static void run(unsigned threads, const std::function<void(Team& team, unsigned member)>& member);

  unsigned size() const { return size_.load(std::memory_order_relaxed); }
  // True once a member has thrown.
  bool stopped() const { return stopped_.load(std::memory_order_relaxed); }
  // Throws Stopped once a member has thrown: for members deep in a callback.
  void check() const {
    if (stopped()) throw Stopped{};
  }

  // Every member waits here until all members still running have arrived.
  void sync() { barrier_->arrive_and_wait(); }

  // Sleeping until another member moves: read epoch() before looking for work; having found
  // none, wait(seen) returns once some member has called moved() since (or the team has
  // stopped). A sleeping member leaves the CPU to the one it waits for, which matters when
  // the machine is loaded.
  std::uint32_t epoch() const { return epoch_.load(std::memory_order_acquire); }
  void moved() {
    epoch_.fetch_add(1, std::memory_order_release);
    epoch_.notify_all();
  }
  void wait(std::uint32_t seen) const { epoch_.wait(seen, std::memory_order_acquire); }

 private:
  Team() = default;
  void fail(std::exception_ptr error);

  std::atomic<unsigned> size_{0};  // 0 until every member has been started
  std::atomic<bool> stopped_{false};
  std::atomic<std::uint32_t> epoch_{0};  // 32 bits: the futex width; compared only for change
  std::optional<std::barrier<>> barrier_;
  std::mutex error_mutex_;
  std::exception_ptr error_;
};

// Rounds 0 … rounds − 1 in order on a team: in each round work(round, member) runs on every
// member at once (it shares out the round's items itself, e.g. through an atomic counter);
// between rounds between(round) runs alone on member 0 (progress, resetting counters).
void run_rounds(unsigned threads, std::uint64_t rounds,
                const std::function<void(std::uint64_t round, unsigned member)>& work,
                const std::function<void(std::uint64_t round)>& between);

}  // namespace qg
