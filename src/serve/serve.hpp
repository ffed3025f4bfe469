// The atlas server, queengames-serve (src/serve/): qg::atlas over HTTP with Debian's cpp-httplib —
// the page, the catalogue, tiles and cells. Its own program: only it links cpp-httplib, whose
// OpenSSL, brotli and zlib cost every other command about 15 ms to load; `queengames serve`
// (src/app/cmd_serve.cpp) execs it with the same options.
//
// serve.cpp: the routes and the listening; workers.cpp: the tile computations; tile_cache.cpp:
// the tiles; sockets.cpp: binding, limits, and a request's cancellation.
#pragma once

#include <cstdint>
#include <string>

namespace qg::serve {

struct Options {
  int port = 8765;                 // 0: any free port
  std::string bind = "127.0.0.1";  // the address to listen on
  std::uint64_t memory = 0;        // the regions' and the tiles' cap in bytes
  std::uint64_t side = 4096;       // the atlas's region side
  unsigned threads = 2;            // the Grundy engine's threads
  std::string web;                 // the page's directory; empty: beside the binary
};

// Serves until SIGINT or SIGTERM (the CLI's interrupted()); prints the address on stdout.
// Throws InputError when the page is missing or the address cannot be bound (with the reason).
void run(const Options& options);

}  // namespace qg::serve
