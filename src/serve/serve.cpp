#include "serve/serve.hpp"

#include <sys/socket.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <filesystem>
#include <iostream>
#include <thread>
#include <vector>

#include <fmt/format.h>
#include <httplib.h>
#include <nlohmann/json.hpp>

#include "app/cli.hpp"
#include "queengames/atlas.hpp"
#include "serve/slow_clients.hpp"
#include "serve/sockets.hpp"
#include "serve/tile_cache.hpp"
#include "serve/workers.hpp"

namespace qg::serve {

namespace {

namespace fs = std::filesystem;
using app::json_integer;
using nlohmann::json;

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
  } catch (const RangeError& e) {
    send_error(res, 422, e.what());
  } catch (const InputError& e) {
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

// A zoom, -60 … 8: a number beyond them is refused naming that range, not parse_u64's.
int parse_zoom(const std::string& text) {
  const bool negative = text.starts_with('-');
  const std::uint64_t magnitude = parse_u64(negative ? text.substr(1) : text);
  const std::uint64_t limit = negative ? -qg::atlas::kMinZoom : qg::atlas::kMaxZoom;
  if (magnitude > limit)
    throw InputError(fmt::format("zoom {} is outside {} … {}", text, qg::atlas::kMinZoom, qg::atlas::kMaxZoom));
  return negative ? -static_cast<int>(magnitude) : static_cast<int>(magnitude);
}

qg::atlas::View parse_view(const httplib::Request& req) {
  qg::atlas::View view;
  if (req.has_param("mode")) view.aggregate = qg::atlas::parse_aggregate(req.get_param_value("mode"));
  if (req.has_param("m")) view.modulus = static_cast<std::uint32_t>(parse_u64(req.get_param_value("m"), 2, 1000));
  return view;
}

// The table a request names: 404 when there is none of that name. Describing a table the first
// time may take seconds (a pilot sweep), which stops when the client leaves.
bool known_table(qg::atlas::Atlas& atlas, const std::string& name, const ProgressFn& progress, httplib::Response& res) {
  bool known = false;
  answer(res, [&] {
    try {
      atlas.info(name, progress);
      known = true;
    } catch (const InputError& e) {
      send_error(res, 404, e.what());
    }
  });
  return known;
}

fs::path web_directory(const std::string& given) {
  if (!given.empty()) return given;
  std::error_code ec;
  const fs::path exe = fs::read_symlink("/proc/self/exe", ec);
  const fs::path installed = exe.parent_path().parent_path() / QG_WEB_INSTALL_DIR;
  if (!ec && fs::exists(installed / "index.html")) return installed;
  return QG_WEB_BUILD_DIR;
}

}  // namespace

void run(const Options& o) {
  const fs::path web = web_directory(o.web);
  if (!fs::exists(web / "index.html"))
    throw InputError(fmt::format("no page in {} (build the target queengames_web, or give --web DIR)", web.string()));
  qg::atlas::Options options;
  options.side = o.side;
  options.memory = o.memory;
  options.threads = o.threads;
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
    throw InputError(fmt::format("cannot serve the directory {}", web.string()));
  int port = -1;

  server.Get("/tables", [&](const httplib::Request&, httplib::Response& res) {
    answer(res, [&] {
      json list = json::array();
      for (const auto& t : atlas.catalogue()) list.push_back(info_json(t));
      res.set_content(dump(list), "application/json");
    });
  });
  server.Get(R"(/tables/(.*))", [&](const httplib::Request& req, httplib::Response& res) {
    if (!known_table(atlas, req.matches[1], request_progress(req, port), res)) return;
    answer(res, [&] { res.set_content(dump(info_json(atlas.info(req.matches[1].str()))), "application/json"); });
  });
  server.Get(R"(/legend/(.*))", [&](const httplib::Request& req, httplib::Response& res) {
    if (!known_table(atlas, req.matches[1], request_progress(req, port), res)) return;
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
    if (!known_table(atlas, req.matches[1], request_progress(req, port), res)) return;
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
    if (!known_table(atlas, parts[0], request_progress(req, port), res)) return;
    answer(res, [&] {
      const int z = parse_zoom(parts[1]);
      const std::uint64_t x = parse_u64(parts[2]), y = parse_u64(parts[3].substr(0, parts[3].size() - 4));
      const qg::atlas::View view = parse_view(req);
      const std::string key = fmt::format("{}/{}/{}/{}/{}/{}", parts[0], z, x, y, qg::atlas::to_string(view.aggregate),
                                          view.aggregate == qg::atlas::Aggregate::residue ? view.modulus : 0);
      auto png = cache.get(key);
      res.set_header("X-Atlas-Cache", png ? "hit" : "miss");  // for the load test's two latencies
      if (!png) {
        const ProgressFn progress = request_progress(req, port);
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
    if (!known_table(atlas, parts[0], request_progress(req, port), res)) return;
    answer(res, [&] {
      const qg::atlas::CellFacts facts =
          atlas.cell(parts[0], parse_u64(parts[1]), parse_u64(parts[2]), request_progress(req, port));
      res.set_content(dump(cell_json(facts)), "application/json");
    });
  });

  port = listen_on(server, o.bind, o.port);
  SlowClients slow(port);
  server.set_pre_routing_handler([&](const httplib::Request& req, httplib::Response& res) {
    slow.mark(req, true);
    // Several byte ranges (500 overlapping ones returned 226 KB for a 19 KB file) are refused, as
    // RFC 9110 §14.2 allows; the page and its viewer ask for one range at most.
    if (req.ranges.size() > 1) {
      send_error(res, 416, "one byte range a request at most");
      return httplib::Server::HandlerResponse::Handled;
    }
    return httplib::Server::HandlerResponse::Unhandled;
  });
  server.set_post_routing_handler([&](const httplib::Request& req, httplib::Response&) { slow.mark(req, false); });
  std::cout << fmt::format("queengames: serving the atlas at http://{}/ (Ctrl-C stops)", authority(o.bind, port))
            << std::endl;
  if (!loopback(o.bind))
    std::cerr << fmt::format(
                     "queengames: warning: {} is not a loopback address: the atlas is reachable from the "
                     "network",
                     o.bind)
              << std::endl;

  // SIGINT/SIGTERM set the CLI's flag; a watcher stops the server and closes its clients'
  // connections, so that the process ends well within a second. Every half second it also shuts
  // down the connections too slow with their header.
  std::atomic<bool> done = false;
  std::thread watcher([&] {
    for (int tick = 1; !done && !app::interrupted(); ++tick) {
      std::this_thread::sleep_for(std::chrono::milliseconds(50));
      if (tick % 10 == 0) slow.sweep();
    }
    server.stop();
    for (int fd : client_sockets(port)) ::shutdown(fd, SHUT_RDWR);
  });
  const bool ok = server.listen_after_bind();
  done = true;
  watcher.join();
  if (!ok && !app::interrupted()) throw InputError(fmt::format("the server on {} failed", authority(o.bind, port)));
}

}  // namespace qg::serve
