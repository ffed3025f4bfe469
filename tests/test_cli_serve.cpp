// queengames serve: its options' errors, a few requests over loopback (statuses, bodies), and
// SIGINT. The page in a browser and the load are tests/browser/'s.
#include <arpa/inet.h>
#include <netinet/in.h>
#include <signal.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include <gtest/gtest.h>

#include <cstdio>
#include <regex>
#include <string>

#include "cli_runner.hpp"

namespace {

TEST(CliServe, BadOptionsExitTwo) {
  const CliResult cache = run_cli("serve --cache lots");
  EXPECT_EQ(cache.status, 2);
  EXPECT_NE(cache.err.find("queengames: 'lots' is not an amount of memory (write e.g. 2GiB"), std::string::npos)
      << cache.err;
  const CliResult side = run_cli("serve --side 100");
  EXPECT_EQ(side.status, 2);
  EXPECT_NE(side.err.find("256..16384"), std::string::npos) << side.err;
  const CliResult web = run_cli("serve --web /nonexistent");
  EXPECT_EQ(web.status, 2);
  EXPECT_NE(web.err.find("no page in /nonexistent"), std::string::npos) << web.err;
}

// The server on a free port, its stdout's first line read for the address; SIGINT at the end.
class Server {
 public:
  Server() {
    int out[2];
    if (::pipe(out) != 0) throw std::runtime_error("pipe");
    pid_ = ::fork();
    if (pid_ == 0) {
      ::dup2(out[1], STDOUT_FILENO);
      ::close(out[0]);
      ::close(out[1]);
      ::execl(QG_CLI, QG_CLI, "serve", "--port", "0", "--side", "256", "--cache", "256MiB",
              static_cast<char*>(nullptr));
      ::_exit(127);
    }
    ::close(out[1]);
    std::string line;
    char c;
    while (::read(out[0], &c, 1) == 1 && c != '\n') line += c;
    ::close(out[0]);
    std::smatch m;
    if (std::regex_search(line, m, std::regex(R"(http://127\.0\.0\.1:(\d+)/)"))) port_ = std::stoi(m[1]);
  }
  ~Server() {
    if (pid_ > 0 && !stopped_) {
      ::kill(pid_, SIGKILL);
      ::waitpid(pid_, nullptr, 0);
    }
  }
  int port() const { return port_; }
  // SIGINT, as Ctrl-C; the exit status.
  int stop() {
    ::kill(pid_, SIGINT);
    int status = 0;
    ::waitpid(pid_, &status, 0);
    stopped_ = true;
    return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
  }

 private:
  pid_t pid_ = -1;
  int port_ = -1;
  bool stopped_ = false;
};

struct Reply {
  int status = 0;
  std::string body;
};

// One request written by hand on a fresh connection (Connection: close), the whole reply read —
// or, with wait false, none: the client goes away at once.
Reply get(int port, const std::string& path, bool wait = true) {
  const int s = ::socket(AF_INET, SOCK_STREAM, 0);
  sockaddr_in address{};
  address.sin_family = AF_INET;
  address.sin_port = htons(static_cast<std::uint16_t>(port));
  address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  Reply reply;
  if (::connect(s, reinterpret_cast<sockaddr*>(&address), sizeof address) != 0) {
    ::close(s);
    return reply;
  }
  const std::string request = "GET " + path + " HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n";
  if (::write(s, request.data(), request.size()) != static_cast<ssize_t>(request.size()) || !wait) {
    ::close(s);
    return reply;
  }
  std::string all;
  char buffer[4096];
  for (ssize_t n; (n = ::read(s, buffer, sizeof buffer)) > 0;) all.append(buffer, static_cast<std::size_t>(n));
  ::close(s);
  if (all.rfind("HTTP/1.1 ", 0) == 0) reply.status = std::stoi(all.substr(9, 3));
  const std::size_t body = all.find("\r\n\r\n");
  if (body != std::string::npos) reply.body = all.substr(body + 4);
  return reply;
}

TEST(CliServe, AnswersAndStopsOnSigint) {
  Server server;
  ASSERT_GT(server.port(), 0);
  const int port = server.port();
  const Reply tile = get(port, "/tile/grundy.wythoff/0/0/0.png");
  EXPECT_EQ(tile.status, 200);
  EXPECT_EQ(tile.body.substr(0, 4), "\x89PNG");
  const Reply palace = get(port, "/cell/palace.3/10/7");
  EXPECT_EQ(palace.status, 200);
  EXPECT_NE(palace.body.find("\"value\":4"), std::string::npos) << palace.body;
  const Reply tables = get(port, "/tables");
  EXPECT_EQ(tables.status, 200);
  EXPECT_NE(tables.body.find("\"name\":\"grundy.wythoff\""), std::string::npos);
  const Reply page = get(port, "/");
  EXPECT_EQ(page.status, 200);
  EXPECT_NE(page.body.find("leaflet/leaflet.js"), std::string::npos);
  // Each bad request its status and the library's reason.
  const Reply outside = get(port, "/tile/grundy.wythoff/0/1/0.png");
  EXPECT_EQ(outside.status, 422);
  EXPECT_NE(outside.body.find("outside grundy.wythoff's region x, y < 256"), std::string::npos) << outside.body;
  const Reply unknown = get(port, "/tile/nope/0/0/0.png");
  EXPECT_EQ(unknown.status, 404);
  EXPECT_NE(unknown.body.find("no table 'nope'"), std::string::npos) << unknown.body;
  EXPECT_EQ(get(port, "/tile/grundy.wythoff/z/0/0.png").status, 400);
  EXPECT_EQ(get(port, "/tile/grundy.wythoff/0/0/0.png?mode=median").status, 400);
  EXPECT_EQ(get(port, "/cell/grundy.wythoff/1").status, 400);
  EXPECT_EQ(get(port, "/tables/%ff").status, 404);
  // Overlays: the library's shapes as JSON.
  const Reply beams = get(port, "/overlay/p.wythoff");
  EXPECT_EQ(beams.status, 200);
  EXPECT_NE(beams.body.find("\"name\":\"beams\""), std::string::npos) << beams.body;
  EXPECT_NE(beams.body.find("beam: y = 1.61803"), std::string::npos) << beams.body;
  EXPECT_EQ(get(port, "/overlay/nope").status, 404);
  // Clients that go away while their tiles are computed (the telescope far out, 1024 columns a
  // tile, about 0.1 s each) or wait for a worker: their work stops, and the server goes on.
  for (int i = 0; i < 8; ++i)
    get(port, "/tile/p.maharaja/-2/" + std::to_string(600'000'000'000'000 + i) + "/0.png?mode=p", false);
  EXPECT_EQ(get(port, "/tile/grundy.wythoff/0/0/0.png").status, 200);  // still serving
  EXPECT_EQ(server.stop(), 130);
}

}  // namespace
