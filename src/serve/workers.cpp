#include "serve/workers.hpp"

#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>

namespace qg::serve {

Workers::Workers(unsigned n) {
  for (unsigned i = 0; i < n; ++i)
    threads_.emplace_back([this] {
      ::setpriority(PRIO_PROCESS, static_cast<id_t>(::syscall(SYS_gettid)), kWorkerNice);  // this thread only
      work();
    });
}

Workers::~Workers() {
  {
    std::lock_guard lock(mutex_);
    stop_ = true;
  }
  wake_.notify_all();
  for (auto& t : threads_) t.join();
}

std::string Workers::run(std::function<std::string()> job, const ProgressFn& progress) {
  auto task = std::make_shared<Task>();
  task->job = std::move(job);
  std::future<std::string> done = task->done.get_future();
  {
    std::lock_guard lock(mutex_);
    queue_.push_back(task);
  }
  wake_.notify_one();
  try {
    while (done.wait_for(std::chrono::milliseconds(20)) != std::future_status::ready) progress(0, 1);
  } catch (...) {
    std::unique_lock lock(mutex_);
    if (auto it = std::find(queue_.begin(), queue_.end(), task); it != queue_.end()) {
      queue_.erase(it);
    } else {
      lock.unlock();
      done.wait();
    }
    throw;
  }
  return done.get();
}

void Workers::work() {
  for (;;) {
    std::shared_ptr<Task> task;
    {
      std::unique_lock lock(mutex_);
      wake_.wait(lock, [&] { return stop_ || !queue_.empty(); });
      if (queue_.empty()) return;
      task = queue_.front();
      queue_.pop_front();
    }
    try {
      task->done.set_value(task->job());
    } catch (...) {
      task->done.set_exception(std::current_exception());
    }
  }
}

}  // namespace qg::serve
