#include "serve/sockets.hpp"

#include <arpa/inet.h>
#include <netinet/in.h>
#include <poll.h>
#include <sys/socket.h>

#include <atomic>
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <memory>

#include <fmt/format.h>

#include "app/cli.hpp"

namespace qg::serve {

namespace {

// A socket's address as text and its port (-1 for other families).
std::string address(const sockaddr_storage& s, int& port) {
  char text[INET6_ADDRSTRLEN] = "";
  port = -1;
  if (s.ss_family == AF_INET) {
    const auto* a = reinterpret_cast<const sockaddr_in*>(&s);
    port = ntohs(a->sin_port);
    inet_ntop(AF_INET, &a->sin_addr, text, sizeof text);
  } else if (s.ss_family == AF_INET6) {
    const auto* a = reinterpret_cast<const sockaddr_in6*>(&s);
    port = ntohs(a->sin6_port);
    inet_ntop(AF_INET6, &a->sin6_addr, text, sizeof text);
  }
  return text;
}

// The descriptors of this process's sockets on port: connected ones (with peer) or listening ones.
template <class F>
void each_socket(F&& f) {
  std::error_code ec;
  for (const auto& entry : std::filesystem::directory_iterator("/proc/self/fd", ec)) {
    const int fd = std::atoi(entry.path().filename().c_str());
    sockaddr_storage local{};
    socklen_t l = sizeof local;
    if (getsockname(fd, reinterpret_cast<sockaddr*>(&local), &l) != 0) continue;
    f(fd, local);
  }
}

}  // namespace

// cpp-httplib 0.11 does not hand a handler its socket, so a request finds its own among the
// process's descriptors by the client's address and port, to poll whether the client went away;
// at a stop every client socket is shut down, so that threads waiting on kept-alive connections
// return at once.
std::vector<Client> clients(int port) {
  std::vector<Client> found;
  each_socket([&](int fd, const sockaddr_storage& local) {
    sockaddr_storage remote{};
    socklen_t r = sizeof remote;
    if (getpeername(fd, reinterpret_cast<sockaddr*>(&remote), &r) != 0) return;
    int lp = -1, rp = -1;
    address(local, lp);
    std::string ra = address(remote, rp);
    if (lp == port) found.push_back({fd, std::move(ra), rp});
  });
  return found;
}

void shut_down(const Client& client) {
  // The descriptor may have been closed and reused since it was listed: only the same peer's.
  sockaddr_storage remote{};
  socklen_t r = sizeof remote;
  if (getpeername(client.fd, reinterpret_cast<sockaddr*>(&remote), &r) != 0) return;
  int rp = -1;
  if (address(remote, rp) == client.address && rp == client.port) ::shutdown(client.fd, SHUT_RDWR);
}

std::vector<int> client_sockets(int port, const std::string& peer, int peer_port) {
  std::vector<int> found;
  for (const Client& c : clients(port))
    if (peer_port < 0 || (c.port == peer_port && c.address == peer)) found.push_back(c.fd);
  return found;
}

ProgressFn request_progress(const httplib::Request& req, int port) {
  // -2: not looked up yet; atomic, for the handler polls while a worker computes.
  auto fd = std::make_shared<std::atomic<int>>(-2);
  return [&req, port, fd](std::uint64_t, std::uint64_t) {
    if (app::interrupted()) throw Cancelled();
    if (*fd == -2) {
      const auto fds = client_sockets(port, req.remote_addr, req.remote_port);
      *fd = fds.size() == 1 ? fds[0] : -1;
    }
    if (*fd < 0) return;
    pollfd p{fd->load(), POLLRDHUP, 0};
    if (::poll(&p, 1, 0) > 0 && (p.revents & (POLLRDHUP | POLLHUP | POLLERR))) throw Cancelled();
  };
}

int listen_on(httplib::Server& server, const std::string& bind, int port) {
  // cpp-httplib's default sets SO_REUSEPORT, under which a second server binds the same port and
  // the kernel splits the connections between the two. SO_REUSEADDR alone still lets a restarted
  // server bind while its old connections linger in TIME_WAIT, but never beside a listener.
  server.set_socket_options([](socket_t sock) {
    const int yes = 1;
    ::setsockopt(sock, SOL_SOCKET, SO_REUSEADDR, &yes, sizeof yes);
  });
  errno = 0;
  const int bound = port ? (server.bind_to_port(bind, port) ? port : -1) : server.bind_to_any_port(bind);
  if (bound < 0) {
    // The errno of the failed bind() (or of getaddrinfo's socket calls): cpp-httplib keeps no other.
    const int reason = errno;
    throw InputError(fmt::format("cannot listen on {}: {}", authority(bind, port),
                                 reason ? std::strerror(reason) : "not an address of this machine"));
  }
  // cpp-httplib (compiled by Debian) listens with a queue of 5: connections beyond it wait for
  // the client's SYN retries (1, 3, 7 s …). listen() again on the bound socket sets the system's
  // largest queue.
  each_socket([&](int fd, const sockaddr_storage& local) {
    int accepting = 0, lp = -1;
    socklen_t size = sizeof accepting;
    address(local, lp);
    if (lp == bound && ::getsockopt(fd, SOL_SOCKET, SO_ACCEPTCONN, &accepting, &size) == 0 && accepting)
      ::listen(fd, SOMAXCONN);
  });
  return bound;
}

std::string authority(const std::string& bind, int port) {
  return bind.find(':') != std::string::npos ? fmt::format("[{}]:{}", bind, port) : fmt::format("{}:{}", bind, port);
}

bool loopback(const std::string& bind) {
  in_addr v4{};
  in6_addr v6{};
  if (::inet_pton(AF_INET, bind.c_str(), &v4) == 1) return (ntohl(v4.s_addr) >> 24) == 127;
  if (::inet_pton(AF_INET6, bind.c_str(), &v6) == 1) return IN6_IS_ADDR_LOOPBACK(&v6);
  return bind == "localhost";
}

}  // namespace qg::serve
