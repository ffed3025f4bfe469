// queengames serve: the atlas (qg::atlas) over HTTP with Debian's cpp-httplib — the page, the
// catalogue, tiles and cells. Parse, call, send: the tables, tiles and facts are the library's.
//
// The server runs as a program of its own, queengames-serve (this file compiled with QG_SERVER,
// main.cpp and cli.cpp): only it links cpp-httplib, whose OpenSSL, brotli and zlib cost every
// other command about 15 ms to load. `queengames serve` passes its options on to it by exec.
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "cli.hpp"

#ifdef QG_SERVER
#include <arpa/inet.h>
#include <netinet/in.h>
#include <poll.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <sys/syscall.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <deque>
#include <functional>
#include <future>
#include <iostream>
#include <list>
#include <mutex>
#include <thread>
#include <unordered_map>

#include <httplib.h>
#include <nlohmann/json.hpp>

#include "queengames/atlas.hpp"
#endif

namespace {

namespace fs = std::filesystem;

struct ServeArgs {
  qg::app::NumberOption port{"8765"}, side{"4096"}, threads{"2"};
  std::string bind = "127.0.0.1", cache = "2GiB", web;
};

#ifdef QG_SERVER

using nlohmann::json;
using qg::app::json_integer;

// Tiles as PNG, least recently used first out, within a cap on what the atlas's regions and
// the tiles hold together.
class TileCache {
 public:
  TileCache(std::uint64_t cap, const qg::atlas::Atlas& atlas) : cap_(cap), atlas_(atlas) {}
  std::shared_ptr<const std::string> get(const std::string& key) {
    std::lock_guard lock(mutex_);
    auto it = index_.find(key);
    if (it == index_.end()) return nullptr;
    order_.splice(order_.begin(), order_, it->second);
    return it->second->second;
  }
  void put(const std::string& key, std::shared_ptr<const std::string> png) {
    std::lock_guard lock(mutex_);
    if (index_.count(key)) return;
    order_.emplace_front(key, std::move(png));
    index_[key] = order_.begin();
    bytes_ += entry_bytes(order_.front());
    while (!order_.empty() && bytes_ + atlas_.memory() > cap_) {
      bytes_ -= entry_bytes(order_.back());
      index_.erase(order_.back().first);
      order_.pop_back();
    }
  }

 private:
  using Entry = std::pair<std::string, std::shared_ptr<const std::string>>;
  static std::uint64_t entry_bytes(const Entry& e) { return 2 * e.first.size() + e.second->size() + 128; }
  std::mutex mutex_;
  std::list<Entry> order_;
  std::unordered_map<std::string, std::list<Entry>::iterator> index_;
  std::uint64_t bytes_ = 0, cap_;
  const qg::atlas::Atlas& atlas_;
};

// The sockets of this server's clients. cpp-httplib 0.11 does not hand a handler its socket,
// so a request finds its own among the process's descriptors by the client's address and port,
// to poll whether the client went away; at a stop every client socket is shut down, so that
// threads waiting on kept-alive connections return at once.
std::vector<int> client_sockets(int port, const std::string& peer = "", int peer_port = -1) {
  std::vector<int> found;
  std::error_code ec;
  for (const auto& entry : fs::directory_iterator("/proc/self/fd", ec)) {
    const int fd = std::atoi(entry.path().filename().c_str());
    sockaddr_storage local{}, remote{};
    socklen_t l = sizeof local, r = sizeof remote;
    if (getsockname(fd, reinterpret_cast<sockaddr*>(&local), &l) != 0) continue;
    if (getpeername(fd, reinterpret_cast<sockaddr*>(&remote), &r) != 0) continue;
    auto address = [](const sockaddr_storage& s, int& p) {
      char text[INET6_ADDRSTRLEN] = "";
      if (s.ss_family == AF_INET) {
        const auto* a = reinterpret_cast<const sockaddr_in*>(&s);
        p = ntohs(a->sin_port);
        inet_ntop(AF_INET, &a->sin_addr, text, sizeof text);
      } else if (s.ss_family == AF_INET6) {
        const auto* a = reinterpret_cast<const sockaddr_in6*>(&s);
        p = ntohs(a->sin6_port);
        inet_ntop(AF_INET6, &a->sin6_addr, text, sizeof text);
      } else {
        p = -1;
      }
      return std::string(text);
    };
    int lp = -1, rp = -1;
    address(local, lp);
    const std::string ra = address(remote, rp);
    if (lp == port && (peer_port < 0 || (rp == peer_port && ra == peer))) found.push_back(fd);
  }
  return found;
}

struct Cancelled : std::runtime_error {
  Cancelled() : std::runtime_error("the client went away") {}
};

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
  explicit Workers(unsigned n) {
    for (unsigned i = 0; i < n; ++i)
      threads_.emplace_back([this] {
        ::setpriority(PRIO_PROCESS, static_cast<id_t>(::syscall(SYS_gettid)), kWorkerNice);  // this thread only
        work();
      });
  }
  ~Workers() {
    {
      std::lock_guard lock(mutex_);
      stop_ = true;
    }
    wake_.notify_all();
    for (auto& t : threads_) t.join();
  }
  Workers(const Workers&) = delete;
  Workers& operator=(const Workers&) = delete;

  // Runs job on a worker, polling the request's progress while it waits: a request cancelled in
  // the queue leaves it; one cancelled while its job runs waits for the job, which polls the same
  // progress and stops at once (it refers to the request).
  std::string run(std::function<std::string()> job, const qg::ProgressFn& progress) {
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

 private:
  struct Task {
    std::function<std::string()> job;
    std::promise<std::string> done;
  };
  void work() {
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
  std::mutex mutex_;
  std::condition_variable wake_;
  std::deque<std::shared_ptr<Task>> queue_;
  bool stop_ = false;
  std::vector<std::thread> threads_;
};

// A request's ProgressFn: throws once the server stops or the client has closed its connection.
qg::ProgressFn request_progress(const httplib::Request& req, int port) {
  // -2: not looked up yet; atomic, for the handler polls while a worker computes.
  auto fd = std::make_shared<std::atomic<int>>(-2);
  return [&req, port, fd](std::uint64_t, std::uint64_t) {
    if (qg::app::interrupted()) throw Cancelled();
    if (*fd == -2) {
      const auto fds = client_sockets(port, req.remote_addr, req.remote_port);
      *fd = fds.size() == 1 ? fds[0] : -1;
    }
    if (*fd < 0) return;
    pollfd p{fd->load(), POLLRDHUP, 0};
    if (::poll(&p, 1, 0) > 0 && (p.revents & (POLLRDHUP | POLLHUP | POLLERR))) throw Cancelled();
  };
}

json info_json(const qg::atlas::TableInfo& t) {
  json aggregates = json::array();
  for (auto a : t.aggregates) aggregates.push_back(qg::atlas::to_string(a));
  return {{"name", t.name},
          {"kind", t.kind},
          {"title", t.title},
          {"source", t.source},
          {"side", json_integer(t.side)},
          {"analytic", t.analytic},
          {"region", t.region},
          {"bytes", json_integer(t.bytes)},
          {"computed", t.computed},
          {"aggregates", aggregates},
          {"k", json_integer(t.k)}};
}

json cell_json(const qg::atlas::CellFacts& c) {
  json options = json::array();
  for (const auto& o : c.options) {
    json j = {{"x", json_integer(o.x)}, {"y", json_integer(o.y)}};
    if (o.value) j["value"] = json_integer(*o.value);
    if (o.p_position) j["p"] = *o.p_position;
    options.push_back(j);
  }
  json j = {{"table", c.table},
            {"x", json_integer(c.x)},
            {"y", json_integer(c.y)},
            {"p", c.p_position},
            {"option_count", json_integer(c.option_count)},
            {"options", options},
            {"notes", c.notes}};
  if (c.value) j["value"] = json_integer(*c.value);
  if (c.index) j["n"] = json_integer(*c.index);
  return j;
}

json overlay_json(const qg::atlas::Overlay& o) {
  json shapes = json::array();
  for (const auto& s : o.shapes) {
    json points = json::array();
    for (auto [x, y] : s.points) points.push_back({x, y});
    shapes.push_back({{"kind", qg::atlas::to_string(s.kind)}, {"label", s.label}, {"points", points}});
  }
  return {{"name", o.name}, {"title", o.title}, {"source", o.source}, {"shapes", shapes}, {"notes", o.notes}};
}

// JSON text; bytes that are no UTF-8 (a table name from a URL such as %ff) are replaced.
std::string dump(const json& j) { return j.dump(-1, ' ', false, json::error_handler_t::replace); }

void send_error(httplib::Response& res, int status, const std::string& what) {
  res.status = status;
  res.set_content(dump(json{{"error", what}}), "application/json");
}

// The library's errors as HTTP statuses: a malformed request 400, a table that does not exist
// 404, a region the atlas cannot serve (outside, or beyond its memory) 422.
template <class F>
void answer(httplib::Response& res, F&& f) {
  try {
    f();
  } catch (const Cancelled&) {
    send_error(res, 503, "cancelled");
  } catch (const qg::RangeError& e) {
    send_error(res, 422, e.what());
  } catch (const qg::InputError& e) {
    send_error(res, 400, e.what());
  } catch (const std::exception& e) {
    send_error(res, 500, std::string("internal error: ") + e.what());
  }
}

// Splits "/a/b/c" after a prefix into its segments.
std::vector<std::string> segments(const std::string& path, std::size_t prefix) {
  std::vector<std::string> out;
  std::size_t i = prefix;
  while (i <= path.size()) {
    const std::size_t j = std::min(path.find('/', i), path.size());
    out.push_back(path.substr(i, j - i));
    i = j + 1;
  }
  return out;
}

int parse_zoom(const std::string& text) {
  const bool negative = text.starts_with('-');
  const std::uint64_t magnitude = qg::parse_u64(negative ? text.substr(1) : text, 0, 64);
  return negative ? -static_cast<int>(magnitude) : static_cast<int>(magnitude);
}

qg::atlas::View parse_view(const httplib::Request& req) {
  qg::atlas::View view;
  if (req.has_param("mode")) view.aggregate = qg::atlas::parse_aggregate(req.get_param_value("mode"));
  if (req.has_param("m")) view.modulus = static_cast<std::uint32_t>(qg::parse_u64(req.get_param_value("m"), 2, 1000));
  return view;
}

// The table a request names: 404 when there is none of that name.
bool known_table(qg::atlas::Atlas& atlas, const std::string& name, httplib::Response& res) {
  try {
    atlas.info(name);
    return true;
  } catch (const qg::InputError& e) {
    send_error(res, 404, e.what());
    return false;
  }
}

fs::path web_directory(const std::string& given) {
  if (!given.empty()) return given;
  std::error_code ec;
  const fs::path exe = fs::read_symlink("/proc/self/exe", ec);
  const fs::path installed = exe.parent_path().parent_path() / QG_WEB_INSTALL_DIR;
  if (!ec && fs::exists(installed / "index.html")) return installed;
  return QG_WEB_BUILD_DIR;
}

void run_serve(const ServeArgs& o) {
  const fs::path web = web_directory(o.web);
  if (!fs::exists(web / "index.html"))
    throw qg::InputError(
        fmt::format("no page in {} (build the target queengames_web, or give --web DIR)", web.string()));
  qg::atlas::Options options;
  options.side = o.side.value(qg::atlas::kTileSide, 16384);
  options.memory = qg::app::parse_bytes(o.cache);
  options.threads = static_cast<unsigned>(o.threads.value(1, 64));
  qg::atlas::Atlas atlas(options);
  TileCache cache(options.memory, atlas);
  // As many tiles computed at once as there are cores: the others wait, and a cached tile is
  // answered between them instead of sharing the cores with every computation in flight.
  Workers computing(std::max(1u, std::thread::hardware_concurrency()));

  httplib::Server server;
  // Threads wait on kept-alive connections: more of them than the clients a load brings.
  server.new_task_queue = [] { return new httplib::ThreadPool(48); };
  server.set_keep_alive_max_count(1000);
  server.set_tcp_nodelay(true);  // a response is headers and body in two writes: no Nagle delay between them
  server.set_keep_alive_timeout(2);
  if (!server.set_mount_point("/", web.string()))
    throw qg::InputError(fmt::format("cannot serve the directory {}", web.string()));
  int port = -1;

  server.Get("/tables", [&](const httplib::Request&, httplib::Response& res) {
    answer(res, [&] {
      json list = json::array();
      for (const auto& t : atlas.catalogue()) list.push_back(info_json(t));
      res.set_content(dump(list), "application/json");
    });
  });
  server.Get(R"(/tables/(.*))", [&](const httplib::Request& req, httplib::Response& res) {
    if (!known_table(atlas, req.matches[1], res)) return;
    answer(res, [&] { res.set_content(dump(info_json(atlas.info(req.matches[1].str()))), "application/json"); });
  });
  server.Get(R"(/legend/(.*))", [&](const httplib::Request& req, httplib::Response& res) {
    if (!known_table(atlas, req.matches[1], res)) return;
    answer(res, [&] {
      const qg::atlas::Legend legend = atlas.legend(req.matches[1].str(), parse_view(req), request_progress(req, port));
      json colours = json::array();
      for (auto c : legend.colours) colours.push_back(fmt::format("#{:06x}", c));
      res.set_content(
          dump(json{{"density", legend.density}, {"vmax", json_integer(legend.vmax)}, {"colours", colours}}),
          "application/json");
    });
  });
  server.Get(R"(/overlay/(.*))", [&](const httplib::Request& req, httplib::Response& res) {
    if (!known_table(atlas, req.matches[1], res)) return;
    answer(res, [&] {
      json list = json::array();
      for (const auto& o : atlas.overlays(req.matches[1].str(), request_progress(req, port)))
        list.push_back(overlay_json(o));
      res.set_content(dump(list), "application/json");
    });
  });
  server.Get(R"(/tile/(.*))", [&](const httplib::Request& req, httplib::Response& res) {
    const auto parts = segments(req.path, 6);
    if (parts.size() != 4 || !parts[3].ends_with(".png"))
      return send_error(res, 400, "a tile is /tile/TABLE/Z/X/Y.png");
    if (!known_table(atlas, parts[0], res)) return;
    answer(res, [&] {
      const int z = parse_zoom(parts[1]);
      const std::uint64_t x = qg::parse_u64(parts[2]), y = qg::parse_u64(parts[3].substr(0, parts[3].size() - 4));
      const qg::atlas::View view = parse_view(req);
      const std::string key = fmt::format("{}/{}/{}/{}/{}/{}", parts[0], z, x, y, qg::atlas::to_string(view.aggregate),
                                          view.aggregate == qg::atlas::Aggregate::residue ? view.modulus : 0);
      auto png = cache.get(key);
      res.set_header("X-Atlas-Cache", png ? "hit" : "miss");  // for the load test's two latencies
      if (!png) {
        const qg::ProgressFn progress = request_progress(req, port);
        png = std::make_shared<const std::string>(
            computing.run([&] { return atlas.tile_png(parts[0], z, x, y, view, progress); }, progress));
        cache.put(key, png);
      }
      res.set_content(*png, "image/png");
    });
  });
  server.Get(R"(/cell/(.*))", [&](const httplib::Request& req, httplib::Response& res) {
    const auto parts = segments(req.path, 6);
    if (parts.size() != 3) return send_error(res, 400, "a cell is /cell/TABLE/X/Y");
    if (!known_table(atlas, parts[0], res)) return;
    answer(res, [&] {
      const qg::atlas::CellFacts facts =
          atlas.cell(parts[0], qg::parse_u64(parts[1]), qg::parse_u64(parts[2]), request_progress(req, port));
      res.set_content(dump(cell_json(facts)), "application/json");
    });
  });

  const std::uint64_t wanted = o.port.value(0, 65535);
  port = wanted ? (server.bind_to_port(o.bind, static_cast<int>(wanted)) ? static_cast<int>(wanted) : -1)
                : server.bind_to_any_port(o.bind);
  if (port < 0) throw qg::InputError(fmt::format("cannot listen on {}:{}", o.bind, wanted));
  std::cout << fmt::format("queengames: serving the atlas at http://{}:{}/ (Ctrl-C stops)", o.bind, port) << std::endl;

  // SIGINT/SIGTERM set the CLI's flag; a watcher stops the server and closes its clients'
  // connections, so that the process ends well within a second.
  std::atomic<bool> done = false;
  std::thread watcher([&] {
    while (!done && !qg::app::interrupted()) std::this_thread::sleep_for(std::chrono::milliseconds(50));
    server.stop();
    for (int fd : client_sockets(port)) ::shutdown(fd, SHUT_RDWR);
  });
  const bool ok = server.listen_after_bind();
  done = true;
  watcher.join();
  if (!ok && !qg::app::interrupted()) throw qg::InputError(fmt::format("the server on {}:{} failed", o.bind, port));
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
