// The server's guard against slow clients (src/serve/): connections that hold one of cpp-httplib's
// threads without ever finishing a request's header (slowloris).
#pragma once

#include <chrono>
#include <map>
#include <mutex>
#include <string>
#include <utility>

#include <httplib.h>

namespace qg::serve {

// cpp-httplib 0.11 limits each read of a header (5 s) but not the header as a whole, and gives a
// thread to every connection it accepts: 100 clients sending a header line a second held all its
// threads and starved every other request for a minute. The guard watches the connections from
// outside. A connection is busy from the end of a request's header (the pre-routing handler) to
// its response (the post-routing handler); otherwise it waits, and its header must be in within
// kHeaderLimit of the connection's first sight or of its last response, or it is shut down. A
// client address may hold kWaitingPerAddress waiting connections: beyond that its newest are shut
// down. A connection whose whole header already sits in its socket's buffer is only waiting for a
// thread (a burst of parallel requests) and is neither timed nor counted.
class SlowClients {
 public:
  static constexpr std::chrono::seconds kHeaderLimit{10};
  static constexpr std::size_t kWaitingPerAddress = 32;

  explicit SlowClients(int port) : port_(port) {}
  // From the pre-routing handler (busy) and the post-routing handler (waiting again).
  void mark(const httplib::Request& req, bool busy);
  // Shuts down the connections past the limits; from the server's watcher, every half second.
  void sweep();

 private:
  struct Seen {
    std::chrono::steady_clock::time_point since;
    bool busy = false;
  };
  std::mutex mutex_;
  std::map<std::pair<std::string, int>, Seen> seen_;  // by the client's address and port
  int port_;
};

}  // namespace qg::serve
