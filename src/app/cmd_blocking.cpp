// queengames blocking / draw blocking: k-Blocking Wythoff Nim (seed 004) — palace-number
// summaries, tables, pictures, Golly exports and play.
#include <iostream>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "cli.hpp"
#include "queengames/blocking.hpp"

namespace qg::app {

namespace {

namespace bl = qg::blocking;

bool ends_with(const std::string& s, const std::string& suffix) {
  return s.size() >= suffix.size() && s.compare(s.size() - suffix.size(), suffix.size(), suffix) == 0;
}

std::string cell_list(const std::vector<bl::Cell>& cells) {
  std::string s;
  for (const auto& c : cells) s += fmt::format("{}({},{})", s.empty() ? "" : " ", c.x, c.y);
  return s.empty() ? "none" : s;
}

struct BlockingOptions {
  NumberOption k;
  std::string size, engine = "definition", out;
  bool table = false, json = false, force = false;
  NumberOption threads{"2"}, pixels{"1024"};
};

void run_blocking(const BlockingOptions& o) {
  std::uint64_t k = o.k.value(1, bl::kMaxK);
  if (o.size.empty()) throw qg::InputError("--size is required: N or WxH cells");
  auto [w, h] = parse_size(o.size, bl::kMaxSide);
  auto engine = bl::parse_engine(o.engine);
  if (!o.out.empty()) {
    bl::Region region{0, 0, w, h};
    auto progress = progress_line("blocking " + std::to_string(k));
    if (ends_with(o.out, ".png")) bl::draw_palaces(o.out, k, region, pixels_value(o.pixels), engine, progress, o.force);
    else if (ends_with(o.out, ".rle")) bl::write_rle(o.out, k, region, engine, progress, o.force);
    else throw qg::InputError("--out must name a .png picture or a .rle Golly pattern (got " + o.out + ")");
    std::cout << "wrote " << o.out << "\n";
    return;
  }
  if (o.table) {
    bl::PalaceRows rows(k, w, engine, o.force);
    std::string buffer;
    qg::Poller poller(progress_line("blocking " + std::to_string(k)), h);
    for (std::uint64_t y = 0; y < h; ++y) {
      const auto row = rows.next(poller);
      for (std::uint64_t x = 0; x < w; ++x) {
        fmt::format_to(std::back_inserter(buffer), "{}{}", x ? " " : "", row[x]);
        if (buffer.size() > (1 << 16)) std::cout << buffer, buffer.clear();
        poller.tick(y);
      }
      buffer += '\n';
    }
    poller.finish();
    std::cout << buffer;
    return;
  }
  auto s = bl::summary(k, w, h, engine, static_cast<unsigned>(o.threads.value(1, 256)),
                       progress_line("blocking " + std::to_string(k)), o.force);
  if (o.json)
    std::cout << nlohmann::json{{"k", k},
                                {"width", s.width},
                                {"height", s.height},
                                {"palaces", s.palaces},
                                {"min", s.min},
                                {"max", s.max},
                                {"sum64", qg::Sum64{s.width, s.sum64}.hex()},
                                {"engine", o.engine}}
                     .dump()
              << "\n";
  else std::cout << s.line() << "\n";
}

struct PlayOptions {
  std::string x, y, blocked;
  bool json = false;
  bool force = false;
};

nlohmann::json cells_json(const std::vector<bl::Cell>& cells) {
  nlohmann::json out = nlohmann::json::array();
  for (const auto& c : cells) out.push_back({c.x, c.y});
  return out;
}

void run_play(std::uint64_t k, const PlayOptions& o) {
  bl::Cell queen{qg::parse_u64(o.x, 0, bl::kMaxSide - 1), qg::parse_u64(o.y, 0, bl::kMaxSide - 1)};
  std::optional<std::vector<bl::Cell>> blocked;
  if (!o.blocked.empty()) {
    blocked.emplace();
    std::string_view rest = o.blocked;
    while (!rest.empty()) {
      auto end = rest.find(';');
      blocked->push_back(bl::parse_cell(rest.substr(0, end)));
      rest = end == std::string_view::npos ? std::string_view{} : rest.substr(end + 1);
    }
  }
  auto a = bl::play(k, queen, blocked, progress_line("play"), o.force);
  std::ostream& out = std::cout;
  if (o.json) {
    nlohmann::json options = nlohmann::json::array();
    for (const auto& [c, v] : a.options) options.push_back({{"cell", {c.x, c.y}}, {"palace_number", v}});
    nlohmann::json j{{"k", k},
                     {"queen", {queen.x, queen.y}},
                     {"palace_number", a.palace_number},
                     {"visible_palaces", cells_json(a.visible_palaces)},
                     {"pawns_given", a.blocks_given},
                     {"blocked", cells_json(a.blocked)},
                     {"options", options},
                     {"winning", a.winning()},
                     {"moves", a.moves}};
    if (a.winning()) {
      j["move"] = {a.move->x, a.move->y};
      j["move_palace_number"] = a.move_palace_number;
      j["block"] = cells_json(a.pawns);
    }
    out << j.dump() << "\n";
    return;
  }
  out << fmt::format("k = {}, queen at ({},{}): palace number {} ({}), sees {} palace(s): {}\n", k, queen.x, queen.y,
                     a.palace_number, a.palace_number < k ? "a palace" : "no palace", a.visible_palaces.size(),
                     cell_list(a.visible_palaces));
  out << fmt::format("pawns {}: {}\n", a.blocks_given ? "given" : "(the opponent's best)", cell_list(a.blocked));
  if (!a.options.empty()) {
    std::string list;
    for (const auto& [c, v] : a.options) list += fmt::format("{}({},{}):{}", list.empty() ? "" : " ", c.x, c.y, v);
    out << "options (cell:palace number): " << list << "\n";
  }
  if (a.winning()) {
    out << fmt::format("win: move the queen to ({},{}) (palace number {} < k)", a.move->x, a.move->y,
                       a.move_palace_number);
    if (!a.blocks_given && a.palace_number >= k)
      out << fmt::format(", or to any of the {} palaces seen that the opponent's {} pawns left open", a.palace_number,
                         k - 1);
    out << fmt::format("\nthen block the {} palace(s) it sees: {}{}\n", a.pawns.size(), cell_list(a.pawns),
                       a.pawns.size() < k - 1 ? fmt::format(" (the other {} pawns anywhere)", k - 1 - a.pawns.size())
                                              : "");
  } else if (a.moves == 0) {
    out << "lost: the queen cannot move\n";
  } else {
    out << fmt::format(
        "lost: all {} unblocked moves go to non-palaces (palace number ≥ {}), from which the "
        "opponent reaches a palace and blocks the rest\n",
        a.moves, k);
  }
}

struct DrawOptions {
  NumberOption k, compare;
  std::string size, at = "0,0", shift = "1,1", out, engine = "definition";
  NumberOption pixels{"1024"};
  bool force = false;
};

void run_draw(const DrawOptions& o) {
  std::uint64_t k = o.k.value(1, bl::kMaxK);
  if (o.size.empty()) throw qg::InputError("--size is required: N or WxH cells");
  auto [w, h] = parse_size(o.size, bl::kMaxSide);
  auto corner = bl::parse_cell(o.at);
  if (o.out.empty() || !ends_with(o.out, ".png")) throw qg::InputError("--out F.png is required");
  bl::Region region{corner.x, corner.y, w, h};
  if (o.compare.text.empty()) {
    bl::draw_palaces(o.out, k, region, pixels_value(o.pixels), bl::parse_engine(o.engine), progress_line("draw"),
                     o.force);
    std::cout << "wrote " << o.out << "\n";
  } else {
    bl::Comparison comparison{.k1 = k,
                              .k2 = o.compare.value(1, bl::kMaxK),
                              .shift = bl::parse_cell(o.shift),
                              .region = region,
                              .max_side = pixels_value(o.pixels),
                              .force = o.force};
    double f = bl::draw_comparison(o.out, comparison, progress_line("draw"));
    std::cout << fmt::format("wrote {}: {:.2f}% of the cells match\n", o.out, 100 * f);
  }
}

QG_DRAW("blocking", [](CLI::App& draw) {
  auto o = std::make_shared<DrawOptions>();
  auto* cmd = draw.add_subcommand("blocking",
                                  "draw palace numbers of k-Blocking Wythoff Nim in the palette of seed 004 Fig. 1");
  cmd->add_option("k", o->k.text, "the blocking number k (k − 1 pawns)")->required();
  cmd->add_option("--size", o->size, "the region: N or WxH cells")->required();
  cmd->add_option("--at", o->at, "the region's upper-left cell x,y (default 0,0)");
  cmd->add_option("--out", o->out, "the PNG file")->required();
  cmd->add_option("--pixels", o->pixels.text, kPixelsHelp);
  cmd->add_option("--engine", o->engine, "definition (default), plain or ca");
  cmd->add_option("--compare", o->compare.text, "Figure 4: compare with game K2, masking differing cells in white");
  cmd->add_option("--shift", o->shift, "with --compare: game K2's cell (x+dx, y+dy) against (x, y); default 1,1");
  cmd->add_flag("--force", o->force, "run even if the memory estimate exceeds this machine's memory");
  cmd->callback([o] { run_draw(*o); });
});

QG_COMMAND("blocking", [](CLI::App& app) {
  auto o = std::make_shared<BlockingOptions>();
  auto* cmd = app.add_subcommand("blocking", "k-Blocking Wythoff Nim (seed 004): palace numbers, pictures, play");
  cmd->add_option("k", o->k.text, "the blocking number k (k − 1 pawns); k = 1 is Wythoff Nim")->required();
  cmd->add_option("--size", o->size, "the table: W or WxH cells from (0,0)");
  cmd->add_flag("--table", o->table, "print the H rows of W palace numbers");
  cmd->add_option("--engine", o->engine, "definition (default; SIMD, threads), plain (one cell at a time) or ca");
  cmd->add_option("--threads", o->threads.text, "threads for the definition engine's summary (default 2; 1..256)");
  cmd->add_option("--out", o->out, "draw to F.png or export F.rle (Golly extended RLE)");
  cmd->add_option("--pixels", o->pixels.text, std::string("with --out F.png: ") + kPixelsHelp);
  cmd->add_flag("--json", o->json, "the summary as JSON");
  cmd->add_flag("--force", o->force, "run even if the memory estimate exceeds this machine's memory");
  auto p = std::make_shared<PlayOptions>();
  auto* play = cmd->add_subcommand("play", "from (X, Y): a winning move and the cells to block, or why it is lost");
  play->add_option("x", p->x, "the queen's column")->required();
  play->add_option("y", p->y, "the queen's row")->required();
  play->add_option("--blocked", p->blocked, "the opponent's pawns, \"x,y;x,y;…\" (default: the opponent's best)");
  play->add_flag("--json", p->json, "JSON instead of text");
  play->add_flag("--force", p->force, "run even if the memory estimate exceeds this machine's memory");
  play->callback([o, p] { run_play(o->k.value(1, bl::kMaxK), *p); });
  cmd->require_subcommand(0, 1);
  cmd->callback([o, play] {
    if (!play->parsed()) run_blocking(*o);
  });
});

void tour_blocking(std::ostream& out, const std::string& dir) {
  // Each step takes up to seconds: its progress callback answers a signal within it.
  auto progress = progress_line("blocking");
  out << "Palace numbers streamed by the definition (SIMD scan, two threads), and by the fourth-order CA:\n";
  out << "$ queengames blocking 1000 --size 10000\n"
      << bl::summary(1000, 10000, 10000, bl::Engine::definition, 2, progress).line() << "\n";
  auto by_definition = bl::summary(100, 1000, 1000, bl::Engine::definition, 2, progress),
       by_ca = bl::summary(100, 1000, 1000, bl::Engine::ca, 2, progress);
  out << "$ queengames blocking 100 --size 1000 --engine ca\n"
      << by_ca.line()
      << (by_ca == by_definition ? "  (= the definition: Theorem 2.1)" : "  (DIFFERS from the definition)") << "\n";
  auto example = bl::play(5, {3, 3}, std::vector<bl::Cell>{{0, 0}, {1, 1}, {0, 3}, {3, 0}}, progress);
  std::string options;
  for (const auto& [c, v] : example.options) options += fmt::format(" ({},{}):{}", c.x, c.y, v);
  out << "The example game of §1 (k = 5, queen at (3,3), pawns on (0,0) (1,1) (0,3) (3,0)):\n"
      << "$ queengames blocking 5 play 3 3 --blocked \"0,0;1,1;0,3;3,0\"\n"
      << (example.winning() ? "win" : "lost") << ": every option is a non-palace —" << options << "\n";
  bl::draw_palaces(dir + "/blocking_figure1.png", 5, {0, 0, 11, 11}, 330, bl::Engine::definition, progress);
  bl::draw_palaces(dir + "/blocking_k100.png", 100, {0, 0, 300, 300}, 600, bl::Engine::definition, progress);
  out << "Figure 1 (game 5 on 11×11): " << dir << "/blocking_figure1.png\n"
      << "  $ queengames draw blocking 5 --size 11 --pixels 330 --out blocking_figure1.png\n"
      << "Figure 3 (game 100 on 300×300: hood, épaulettes, arms, fabric, warps): " << dir << "/blocking_k100.png\n"
      << "  $ queengames draw blocking 100 --size 300 --pixels 600 --out blocking_k100.png\n";
}

QG_TOUR_SECTION(80, "k-Blocking Wythoff Nim (seed 004: Cook, Larsson, Neary)", tour_blocking);

}  // namespace

}  // namespace qg::app
