// The server's tile computations (src/serve/): a pool of niced threads, as many as there are cores.
#pragma once

#include <condition_variable>
#include <deque>
#include <functional>
#include <future>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "queengames/common.hpp"

namespace qg::serve {

// The tile computations run on threads of their own, as many as there are cores, at nice
// kWorkerNice; a request waits for its tile on a future. Under the load test (16 clients, the
// machine loaded by other work too) the cached tiles' p99 was 52 ms while the requests waiting for
// a core each polled a std::counting_semaphore (try_acquire_for in 20 ms steps); waiting on a
// future instead, 3 ms; with the workers niced, so that a cached tile (a lookup and a send, on the
// server's threads at the ordinary priority) goes first when the cores are busy computing, 1.3–1.6
// ms (docs/PERFORMANCE.md).
class Workers {
 public:
  static constexpr int kWorkerNice = 8;
  explicit Workers(unsigned n);
  ~Workers();
  Workers(const Workers&) = delete;
  Workers& operator=(const Workers&) = delete;

  // Runs job on a worker, polling the request's progress while it waits: a request cancelled in
  // the queue leaves it; one cancelled while its job runs waits for the job, which polls the same
  // progress and stops at once (it refers to the request).
  std::string run(std::function<std::string()> job, const ProgressFn& progress);

 private:
  struct Task {
    std::function<std::string()> job;
    std::promise<std::string> done;
  };
  void work();
  std::mutex mutex_;
  std::condition_variable wake_;
  std::deque<std::shared_ptr<Task>> queue_;
  bool stop_ = false;
  std::vector<std::thread> threads_;
};

}  // namespace qg::serve
