// queengames serve: the atlas (docs/ATLAS.md) in a browser. Parse, call: the server is a program of
// its own, queengames-serve (src/serve/, with main.cpp, cli.cpp and this file compiled with
// QG_SERVER); `queengames serve` passes its options on to it by exec.
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "cli.hpp"

#ifdef QG_SERVER
#include "queengames/atlas.hpp"
#include "serve/serve.hpp"
#endif

namespace {

namespace fs = std::filesystem;

struct ServeArgs {
  qg::app::NumberOption port{"8765"}, side{"4096"}, threads{"2"};
  std::string bind = "127.0.0.1", cache = "2GiB", web;
};

#ifdef QG_SERVER

void run_serve(const ServeArgs& o) {
  if (o.bind.empty()) throw qg::InputError("an empty address: give one to listen on (127.0.0.1, ::1, 0.0.0.0)");
  qg::serve::Options options;
  options.port = static_cast<int>(o.port.value(0, 65535));
  options.bind = o.bind;
  options.memory = qg::app::parse_bytes(o.cache);
  // A cap beyond the machine would let the regions grow until the system kills the server.
  if (const std::uint64_t machine = qg::physical_memory(); machine && options.memory > machine)
    throw qg::InputError(fmt::format("--cache {} is more than this machine's memory ({:.1f} GiB)", o.cache,
                                     static_cast<double>(machine) / (1u << 30)));
  options.side = o.side.value(qg::atlas::kTileSide, 16384);
  options.threads = static_cast<unsigned>(o.threads.value(1, 64));
  options.web = o.web;
  qg::serve::run(options);
}

#else

// The server beside this binary, given the same options (and --quiet).
void run_serve(const ServeArgs& o) {
  std::error_code ec;
  const fs::path server = fs::read_symlink("/proc/self/exe", ec).parent_path() / "queengames-serve";
  if (ec || !fs::exists(server))
    throw qg::InputError(fmt::format("no server program {} (build the target queengames-serve)", server.string()));
  std::vector<std::string> args = {server.string(), "serve", "--port", o.port.text, "--bind",    o.bind,
                                   "--cache",       o.cache, "--side", o.side.text, "--threads", o.threads.text};
  if (!o.web.empty()) args.insert(args.end(), {"--web", o.web});
  if (qg::app::quiet()) args.push_back("--quiet");
  std::vector<char*> argv;
  for (std::string& a : args) argv.push_back(a.data());
  argv.push_back(nullptr);
  ::execv(server.c_str(), argv.data());
  throw qg::InputError(fmt::format("cannot run {}: {}", server.string(), std::strerror(errno)));
}

#endif

}  // namespace

QG_COMMAND("serve", [](CLI::App& app) {
  auto o = std::make_shared<ServeArgs>();
  auto* cmd = app.add_subcommand(
      "serve", "the atlas: every table as a deep-zoom map in a browser (tiles, cells, overlays; docs/ATLAS.md)");
  cmd->add_option("--port", o->port.text, "port to listen on (0: any free port, printed)")->capture_default_str();
  cmd->add_option("--bind", o->bind, "address to listen on (loopback by default)")->capture_default_str();
  cmd->add_option("--cache", o->cache, "memory for the computed regions and cached tiles together (2GiB, 512MiB, 1e9)")
      ->capture_default_str();
  cmd->add_option("--side", o->side.text,
                  "cells a side of the corner computed for grundy and palace tables (256..16384)")
      ->capture_default_str();
  cmd->add_option("--threads", o->threads.text, "threads of the Grundy engine")->capture_default_str();
  cmd->add_option("--web", o->web, "the page's directory (default: beside the binary)");
  cmd->callback([o] { run_serve(*o); });
});
