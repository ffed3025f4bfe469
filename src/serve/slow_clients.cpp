#include "serve/slow_clients.hpp"

#include <sys/socket.h>

#include <algorithm>
#include <set>
#include <string_view>
#include <vector>

#include "serve/sockets.hpp"

namespace qg::serve {

namespace {

// Whether a request's whole header waits in the socket's buffer, unread (MSG_PEEK takes nothing).
bool header_queued(int fd) {
  char buffer[8192];
  const ssize_t n = ::recv(fd, buffer, sizeof buffer, MSG_PEEK | MSG_DONTWAIT);
  return n > 0 && std::string_view(buffer, static_cast<std::size_t>(n)).find("\r\n\r\n") != std::string_view::npos;
}

}  // namespace

void SlowClients::mark(const httplib::Request& req, bool busy) {
  std::lock_guard lock(mutex_);
  seen_[{req.remote_addr, req.remote_port}] = {std::chrono::steady_clock::now(), busy};
}

void SlowClients::sweep() {
  const auto now = std::chrono::steady_clock::now();
  const std::vector<Client> open = clients(port_);
  struct Waiting {
    std::chrono::steady_clock::time_point since;
    Client client;
  };
  std::map<std::string, std::vector<Waiting>> by_address;
  std::set<std::pair<std::string, int>> present;
  std::vector<Client> slow;
  {
    std::lock_guard lock(mutex_);
    for (const Client& c : open) {
      const std::pair<std::string, int> key{c.address, c.port};
      present.insert(key);
      const Seen& seen = seen_.try_emplace(key, Seen{now, false}).first->second;
      if (seen.busy || header_queued(c.fd)) continue;
      if (now - seen.since > kHeaderLimit) slow.push_back(c);
      else by_address[c.address].push_back({seen.since, c});
    }
    // Connections gone since the last sweep (their ports may come back as new connections).
    std::erase_if(seen_, [&](const auto& entry) { return !present.contains(entry.first); });
  }
  for (auto& [address, waiting] : by_address) {
    if (waiting.size() <= kWaitingPerAddress) continue;
    std::sort(waiting.begin(), waiting.end(), [](const Waiting& a, const Waiting& b) { return a.since < b.since; });
    for (std::size_t i = kWaitingPerAddress; i < waiting.size(); ++i) slow.push_back(waiting[i].client);
  }
  // The thread reading the header sees the end of its stream and closes the connection.
  for (const Client& c : slow) shut_down(c);
}

}  // namespace qg::serve
