// queengames draw: the papers' figures from the catalogue (`draw ID`, `draw --list`, `draw
// --gallery DIR`), and the general pictures each command file registers with QG_DRAW.
#include <sys/stat.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <iostream>

#include <fmt/format.h>

#include "draw.hpp"
#include "queengames/plot.hpp"

namespace qg::app {

namespace {

// Tables and binned points of an SVG or PDF: as fine as cairo embeds them (plot.hpp).
constexpr std::uint32_t kVectorResolution = 4096;

bool is_png(const std::string& path) { return plot::format_of(path) == plot::Format::png; }

}  // namespace

void add_picture_options(CLI::App* cmd, PictureOptions& o, const std::string& out, bool force) {
  o.out = out;
  cmd->add_option("--out", o.out, "the picture: .svg, .pdf or .png (default " + out + ")");
  cmd->add_option("--pixels", o.pixels.text, kPixelsHelp);
  cmd->add_option("--width", o.width, "the figure's width in inches (1..40; text stays 9 pt, as in a paper)")
      ->check(CLI::Range(1.0, 40.0));
  if (force) cmd->add_flag("--force", o.force, "run even if the memory estimate exceeds this machine's memory");
}

figures::Options figure_options(const PictureOptions& o, std::uint32_t pixels, const std::string& label) {
  figures::Options f;
  f.resolution = is_png(o.out)
                     ? (o.pixels.text.empty() ? pixels : static_cast<std::uint32_t>(o.pixels.value(64, 16384)))
                     : kVectorResolution;
  f.progress = progress_line(label);
  f.force = o.force;
  return f;
}

void write_picture(const plot::Figure& figure, const PictureOptions& o, std::uint32_t pixels,
                   const std::string& label) {
  plot::RenderOptions r;
  if (is_png(o.out)) r.pixels = o.pixels.text.empty() ? pixels : static_cast<std::uint32_t>(o.pixels.value(64, 16384));
  r.width = o.width;
  r.progress = progress_line(label);
  plot::write_figure(o.out, figure, r);
}

void say_wrote(const std::string& out, const std::string& detail) {
  // `--out /dev/stdout` is standard output too: the line must not land inside the picture.
  struct stat file, standard;
  const bool to_stdout = out == "-" || (::stat(out.c_str(), &file) == 0 && ::fstat(STDOUT_FILENO, &standard) == 0 &&
                                        file.st_dev == standard.st_dev && file.st_ino == standard.st_ino);
  const std::string line = (out == "-" ? std::string("wrote the picture to standard output") : "wrote " + out) +
                           (detail.empty() ? "" : ": " + detail) + "\n";
  (to_stdout ? std::cerr : std::cout) << line;
}

namespace {

void list(bool json) {
  if (json) {
    nlohmann::json all = nlohmann::json::array();
    for (const figures::Entry& e : figures::catalogue()) {
      nlohmann::json parameters = nlohmann::json::array();
      for (const figures::Parameter& p : e.parameters)
        parameters.push_back({{"name", p.name},
                              {"value", json_integer(p.value)},
                              {"min", json_integer(p.min)},
                              {"max", json_integer(p.max)},
                              {"help", p.help}});
      all.push_back({{"id", e.id},
                     {"alias", e.alias},
                     {"paper", figures::paper(e.seed)},
                     {"seed", e.seed},
                     {"figure", e.figure},
                     {"caption", e.caption},
                     {"region", e.region},
                     {"parameters", parameters},
                     {"drawn", static_cast<bool>(e.build)},
                     {"command", e.build ? e.command() : ""},
                     {"python", e.build ? e.python() : ""}});
    }
    std::cout << all.dump(2) << "\n";
    return;
  }
  int seed = -1;
  for (const figures::Entry& e : figures::catalogue()) {
    if (e.seed != seed) {
      seed = e.seed;
      std::cout << fmt::format("{}Seed {:03}: {}\n", seed ? "\n" : "", seed, figures::paper(seed));
    }
    std::cout << fmt::format("  {:<20} {}{}: {}\n", e.id, e.figure, e.alias.empty() ? "" : " (also " + e.alias + ")",
                             e.region);
    if (!e.build) continue;
    std::cout << fmt::format("  {:<20} {}\n  {:<20} {}\n", "", e.command(), "", e.python());
  }
}

// docs/FIGURES.md and its pictures: every figure at the paper's scale beside the paper's words.
void gallery(const std::string& dir) {
  namespace fs = std::filesystem;
  const fs::path root(dir), pictures = root / "figures";
  std::error_code ec;
  fs::create_directories(pictures, ec);
  if (ec) throw InputError("cannot create " + pictures.string() + ": " + ec.message());
  std::string md =
      "# The papers' figures\n\n"
      "Every figure of the five seed papers, redrawn at the paper's scale from the library's data, beside the\n"
      "paper's own description. One description of each figure (`qg::figures`, include/queengames/figures.hpp)\n"
      "is drawn by the CLI with cairo (these pictures) and by the Python module with matplotlib, so the two\n"
      "cannot drift. This page and its pictures are regenerated by one command:\n\n"
      "```sh\nqueengames draw --gallery docs\n```\n\n"
      "`queengames draw --list` lists the same catalogue; `queengames.plot.FIGURES` is it in Python.\n";
  int seed = -1;
  for (const figures::Entry& e : figures::catalogue()) {
    if (e.seed != seed) {
      seed = e.seed;
      md += fmt::format("\n## Seed {:03}: {}\n", seed, figures::paper(seed));
    }
    md += fmt::format("\n### {} — `{}`\n\n| the paper | redrawn |\n|---|---|\n", e.figure, e.id);
    std::string right = e.region;
    if (e.build) {
      const fs::path png = pictures / (e.id + ".png");
      PictureOptions o;
      o.out = png.string();
      const std::vector<std::uint64_t> v = figures::values(e, {});
      write_picture(figures::build(e, v, figure_options(o, e.pixels, e.id)), o, e.pixels, e.id);
      right = fmt::format("![{}](figures/{}.png)", e.id, e.id);
      say_wrote(png.string());
    }
    md += fmt::format("| {} | {} |\n", e.caption, right);
    if (e.build)
      md += fmt::format("\nShown: {}.\n\n```sh\n{}\n```\n```python\n{}\n```\n", e.region, e.command(), e.python());
  }
  AtomicFile file(root / "FIGURES.md");
  file.stream() << md;
  file.commit();
  say_wrote((root / "FIGURES.md").string());
}

// One subcommand per figure of the catalogue, its parameters as options.
void add_figure(CLI::App& draw, const figures::Entry& e) {
  auto* cmd = draw.add_subcommand(e.id, fmt::format("{}, {}: {}", figures::paper(e.seed), e.figure, e.region));
  if (!e.alias.empty()) cmd->alias(e.alias);
  auto numbers = std::make_shared<std::vector<NumberOption>>(e.parameters.size());
  for (std::size_t i = 0; i < e.parameters.size(); ++i) {
    const figures::Parameter& p = e.parameters[i];
    cmd->add_option("--" + p.name, (*numbers)[i].text,
                    fmt::format("{} (the paper's: {}; {}..{})", p.help, p.value, p.min, p.max));
  }
  auto o = std::make_shared<PictureOptions>();
  add_picture_options(cmd, *o, e.id + ".png");
  cmd->callback([&e, numbers, o] {
    std::vector<std::optional<std::uint64_t>> given;
    for (const NumberOption& n : *numbers)
      given.push_back(n.text.empty() ? std::nullopt : std::optional<std::uint64_t>(parse_u64(n.text)));
    const std::vector<std::uint64_t> v = figures::values(e, given);
    write_picture(figures::build(e, v, figure_options(*o, e.pixels, "draw " + e.id)), *o, e.pixels, "draw " + e.id);
    say_wrote(o->out);
  });
}

QG_COMMAND("draw", [](CLI::App& app) {
  auto* draw =
      app.add_subcommand("draw", "draw a figure of the papers (draw --list) or a picture of a board, game or table");
  auto listing = std::make_shared<bool>(false), json = std::make_shared<bool>(false);
  auto dir = std::make_shared<std::string>();
  draw->add_flag("--list", *listing, "list the papers' figures: what each shows, its command and its Python call");
  draw->add_flag("--json", *json, "with --list: as JSON");
  draw->add_option("--gallery", *dir, "redraw every figure into DIR/figures/ and write DIR/FIGURES.md");
  draw->require_subcommand(0, 1);
  for (const figures::Entry& e : figures::catalogue())
    if (e.build) add_figure(*draw, e);
  for (const auto& kind : by_name(draw_kinds())) kind.setup(*draw);
  draw->callback([draw, listing, json, dir] {
    if (!draw->get_subcommands().empty()) return;
    if (*json && !*listing) throw InputError("--json lists the figures: it needs --list");
    if (*listing) return list(*json);
    if (!dir->empty()) return gallery(*dir);
    throw InputError("draw needs a figure (queengames draw --list) or a picture: game, grundy, blocking");
  });
});

}  // namespace

}  // namespace qg::app
