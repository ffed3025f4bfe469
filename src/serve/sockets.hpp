// The server's sockets (src/serve/): binding and its limits, finding a client's connection,
// and a request's cancellation when its client goes away.
#pragma once

#include <stdexcept>
#include <string>
#include <vector>

#include <httplib.h>

#include "queengames/common.hpp"

namespace qg::serve {

// This server's connections on port: each socket and its client's address and port.
struct Client {
  int fd = -1;
  std::string address;
  int port = -1;
};
std::vector<Client> clients(int port);
// Shuts the connection down (its thread sees the stream end) if its socket still is that client's.
void shut_down(const Client& client);
// The sockets of this server's clients on port (all, or the one of the given peer).
std::vector<int> client_sockets(int port, const std::string& peer = "", int peer_port = -1);

struct Cancelled : std::runtime_error {
  Cancelled() : std::runtime_error("the client went away") {}
};

// A request's ProgressFn: throws Cancelled once the server stops or the client has closed its
// connection.
ProgressFn request_progress(const httplib::Request& req, int port);

// Binds server to bind:port (port 0: any free port) alone — no second server shares the port —
// and lengthens the listen queue; returns the port. Throws InputError naming the system's reason.
int listen_on(httplib::Server& server, const std::string& bind, int port);

// bind:port as a URL's authority: an IPv6 address in brackets.
std::string authority(const std::string& bind, int port);

// Whether bind is a loopback address (only this machine reaches the server).
bool loopback(const std::string& bind);

}  // namespace qg::serve
