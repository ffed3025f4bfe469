// queengames grundy …, queengames draw grundy …, and the tour section on Grundy tables and
// numbered boards (seed 000 §1, §7, §8).
#include <algorithm>
#include <chrono>
#include <filesystem>
#include <iostream>
#include <optional>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "cli.hpp"
#include "draw.hpp"
#include "queengames/boards.hpp"
#include "queengames/claims.hpp"
#include "queengames/papers.hpp"

namespace {

namespace b = qg::boards;

struct GrundyArgs {
  std::string name, size, piece = "queen", out;
  bool force = false, json = false;
  qg::app::NumberOption threads{"2"}, pixels{"1024"}, queens, periods;
};

// The table a ruleset or a board name stands for.
b::Table compute(const GrundyArgs& o) {
  if (o.size.empty()) throw qg::InputError("--size is required (N or WxH)");
  const auto [w, h] = qg::app::parse_size(o.size, std::uint64_t{1} << 20);
  b::GrundyOptions options;
  options.threads = static_cast<unsigned>(o.threads.value(1, qg::kMaxThreads));
  options.force = o.force;
  options.progress = qg::app::progress_line("grundy " + o.name);
  if (auto kind = b::parse_board_kind(o.name))
    return b::board_window_table(*kind, b::parse_piece(o.piece), w, h, options);
  if (o.piece != "queen") throw qg::InputError("--piece applies to boards only, not to the ruleset " + o.name);
  std::optional<qg::twopile::Ruleset> ruleset;
  try {
    ruleset = qg::twopile::Ruleset::parse(o.name);
  } catch (const qg::InputError& e) {
    std::string boards;
    for (b::BoardKind k : b::all_board_kinds()) boards += std::string(boards.empty() ? "" : ", ") + b::to_string(k);
    throw qg::InputError(fmt::format("'{}' is neither a board ({}) nor a ruleset: {}", o.name, boards, e.what()));
  }
  return b::grundy_table(*ruleset, w, h, options);
}

void write_csv(const b::Table& table, const std::string& path) {
  qg::app::Output output(path);
  std::string line;
  qg::Poller poller(qg::app::progress_line("writing " + path), table.height);
  for (std::uint64_t y = 0; y < table.height; ++y) {
    poller.tick(y);
    line.clear();
    for (std::uint64_t x = 0; x < table.width; ++x) {
      if (x) line += ',';
      if (const std::uint32_t v = table.at(x, y); v != b::Table::kNone)
        fmt::format_to(std::back_inserter(line), "{}", v);
    }
    output.stream() << line << '\n';
  }
  output.commit();
}

bool is_picture(const std::string& path) {
  return path.ends_with(".png") || path.ends_with(".svg") || path.ends_with(".pdf");
}

void run_grundy(const GrundyArgs& o) {
  if (!o.out.empty() && !o.out.ends_with(".csv") && !is_picture(o.out))
    throw qg::InputError("--out must name a .csv file or a picture (.png, .svg, .pdf), not " + o.out);
  const b::Table table = compute(o);
  if (is_picture(o.out)) {
    qg::app::PictureOptions picture;
    picture.out = o.out;
    picture.pixels = o.pixels;
    const std::uint64_t size = qg::app::parse_size(o.size, std::uint64_t{1} << 20).width;
    qg::app::write_picture(qg::figures::grundy_figure(o.name, o.piece, size, table), picture, 1024, "writing " + o.out);
    return qg::app::say_wrote(o.out);
  }
  if (!o.out.empty()) return write_csv(table, o.out);
  const b::TableSummary s = b::summarize(table);
  if (o.json)
    std::cout << nlohmann::json{{"width", s.width},
                                {"height", s.height},
                                {"max", s.max},
                                {"zeros", s.zeros},
                                {"sum64", qg::Sum64{s.width, s.sum64}.hex()}}
                     .dump()
              << "\n";
  else std::cout << s.line() << "\n";
}

// `grundy quadrant --periods N`: the certificates of columns 0 … N − 1 (docs/CONJECTURE26.md),
// one CSV line or JSON object per column.
void run_periods(const GrundyArgs& o) {
  if (o.name != "quadrant")
    throw qg::InputError("--periods certifies the quadrant's columns: the name must be quadrant");
  if (!o.size.empty() || o.piece != "queen")
    throw qg::InputError("--periods N certifies the first N columns: it takes neither --size nor --piece");
  if (!o.out.empty() && !o.out.ends_with(".csv")) throw qg::InputError("--periods writes CSV: --out must end in .csv");
  b::QuadrantColumnsOptions options;
  options.force = o.force;
  options.progress = qg::app::progress_line("certifying columns");
  const auto columns = b::certify_quadrant_columns(o.periods.value(1, 65536), options);
  qg::app::Output output(o.out);
  if (o.json) {
    nlohmann::json list = nlohmann::json::array();
    for (const b::QuadrantColumn& q : columns)
      list.push_back({{"column", q.column},
                      {"period", q.period},
                      {"preperiod", q.preperiod},
                      {"slope", q.slope},
                      {"first_row", q.first_row},
                      {"second_row", q.second_row}});
    output.stream() << list.dump() << "\n";
  } else {
    output.stream() << "column,period,preperiod,slope,first_row,second_row\n";
    for (const b::QuadrantColumn& q : columns)
      output.stream() << fmt::format("{},{},{},{},{},{}\n", q.column, q.period, q.preperiod, q.slope, q.first_row,
                                     q.second_row);
  }
  output.commit();
}

std::string names_help() {
  std::string help = "a two-pile ruleset (";
  for (const std::string& line : qg::twopile::Ruleset::syntax()) help += line.substr(0, line.find(' ')) + " ";
  help += "…) or a board (";
  for (b::BoardKind k : b::all_board_kinds()) help += std::string(b::to_string(k)) + " ";
  help.back() = ')';
  return help;
}

void add_common(CLI::App* cmd, const std::shared_ptr<GrundyArgs>& o) {
  cmd->add_option("name", o->name, names_help())->required();
  cmd->add_option("--piece", o->piece, "on a board: queen, rook, bishop, king, knight or maharaja (default queen)");
  cmd->add_option("--threads", o->threads.text,
                  "threads for two-pile tables and for line pieces on the quadrant boards (default 2; 1..256)");
  cmd->add_option("--pixels", o->pixels.text, std::string("with a picture: ") + qg::app::kPixelsHelp);
  cmd->add_flag("--force", o->force, "compute even when the memory estimate exceeds this machine's memory");
}

QG_COMMAND("grundy", [](CLI::App& app) {
  auto o = std::make_shared<GrundyArgs>();
  auto* cmd = app.add_subcommand("grundy",
                                 "Sprague-Grundy table of a two-pile ruleset (W×H corner) or a numbered board; prints "
                                 "`size WxH max M zeros Z sum64 H`, or writes --out F.csv / F.png");
  add_common(cmd, o);
  cmd->add_option("--size", o->size,
                  "W or WxH: the corner of a ruleset or of the quadrant boards; N: the window of the other boards "
                  "(spiral: side N; triangles and squares: N rows; hex-spiral: N rings); required but with --periods");
  cmd->add_option("--periods", o->periods.text,
                  "quadrant only: certify columns 0 … N − 1 eventually additively periodic and print, per column, "
                  "its least period, preperiod, slope and the certificate's rows n1 < n2 (docs/CONJECTURE26.md)");
  cmd->add_option("--out", o->out, "write the table as CSV (.csv, rows y = 0, 1, …) or a picture (.png, .svg, .pdf)");
  cmd->add_flag("--json", o->json, "the summary as JSON");
  cmd->callback([o, cmd] {
    if (!o->periods.text.empty()) {
      qg::app::goes_with(*cmd, "--pixels", false, "a picture of the table (not --periods)");
      return run_periods(*o);
    }
    if (o->json && !o->out.empty())
      throw qg::InputError("--json prints the summary, --out writes the table: choose one");
    qg::app::goes_with(*cmd, "--pixels", o->out.ends_with(".png"), "--out F.png");
    run_grundy(*o);
  });
});

QG_DRAW("grundy", [](CLI::App& draw) {
  auto o = std::make_shared<GrundyArgs>();
  auto* cmd = draw.add_subcommand(
      "grundy",
      "picture of a Grundy table with a colour bar, red (0) → blue (largest), zeros black (seed 000 Figs. 4, 5: "
      "draw exile-fig4, exile-fig5), or the quadrant's queens (Fig. 6: draw exile-fig6)");
  add_common(cmd, o);
  cmd->add_option("--size", o->size, "N or WxH, as for `grundy` (Fig. 5: quadrant --size 500)");
  cmd->add_option("--queens", o->queens.text,
                  "quadrant only: plot the queens (c, S_c) of the first N columns instead (Fig. 6)");
  cmd->add_option("--out", o->out, "the picture: .svg, .pdf or .png")->required();
  cmd->callback([o] {
    qg::plot::format_of(o->out);
    if (o->queens.text.empty()) return run_grundy(*o);
    if (o->name != "quadrant") throw qg::InputError("--queens draws the quadrant's queens: the name must be quadrant");
    if (!o->size.empty() || o->piece != "queen")
      throw qg::InputError("--queens N draws the first N columns' queens: it takes neither --size nor --piece");
    const qg::figures::Entry& fig6 = qg::figures::entry("exile-fig6");
    const std::vector<std::uint64_t> v =
        qg::figures::values(fig6, std::vector<std::optional<std::uint64_t>>{o->queens.value(1, 1000000)});
    qg::app::PictureOptions picture;
    picture.out = o->out;
    picture.pixels = o->pixels;
    qg::app::write_picture(qg::figures::build(fig6, v, qg::app::figure_options(picture, 1024, "draw grundy")), picture,
                           1024, "draw grundy");
    qg::app::say_wrote(o->out);
  });
});

// ---- tour ----------------------------------------------------------------------------------

void tour_grundy(std::ostream& out, const std::string& dir) {
  auto start = std::chrono::steady_clock::now();
  const b::Table wythoff = b::grundy_table(qg::twopile::Ruleset::parse("wythoff"), 1024, 1024,
                                           {.progress = qg::app::progress_line("grundy")});
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  out << fmt::format(
      "Wythoff's Grundy table (A004481), per-line bitsets, 2 threads, {:.2f} s:\n  {}\n"
      "  (queengames grundy wythoff --size 1024; --size 8192 takes about 6 s of CPU)\n",
      seconds, b::summarize(wythoff).line());

  const b::Table corner = b::board_window_table(b::BoardKind::quadrant, b::Piece::queen, 10, 8);
  out << "\nTable 6, the quadrant numbered by upward antidiagonals (a queen also moves down its antidiagonal):\n";
  for (std::uint64_t y = 0; y < corner.height; ++y) {
    out << " ";
    for (std::uint64_t x = 0; x < corner.width; ++x) out << fmt::format("{:>3}", corner.at(x, y));
    out << "\n";
  }
  out << "  (queengames grundy quadrant --size 10x8 --out table6.csv)\n";

  const std::vector<std::uint64_t> s = b::quadrant_queens(16);
  out << "\nS_c, the row of the queen in column c (48): ";
  for (std::size_t c = 0; c < 16; ++c) out << s[c] << ", ";
  out << "…\nTheir Table 5 indices (47): ";
  for (std::uint64_t i : b::quadrant_queen_indices(12)) out << i << ", ";
  out << "…\n";

  for (const qg::Claim& claim : qg::exile_claims())
    if (claim.id == "exile.conjecture26" || claim.id == "exile.conjecture26_periods") {
      const std::uint64_t bound = claim.bounds.tour;
      const auto report = qg::run_claim(claim, bound);
      out << fmt::format("\n{} {} to {} {} — {}\n  (queengames check {} --bound {})\n", qg::to_string(report.status),
                         claim.source, bound, claim.unit, report.outcome.detail, claim.id, bound);
    }

  namespace fs = std::filesystem;
  auto figure = [&](const char* id, const std::string& file, const std::string& what) {
    const qg::figures::Entry& e = qg::figures::entry(id);
    qg::app::PictureOptions picture;
    picture.out = (fs::path(dir) / file).string();
    const auto options = qg::app::figure_options(picture, 1200, id);
    qg::app::write_picture(qg::figures::build(e, qg::figures::values(e, {}), options), picture, 1200, id);
    out << fmt::format("{}: {}\n  ({} --out {})\n", what, picture.out,
                       e.command().substr(0, e.command().find(" --out")), file);
  };
  out << "\n";
  figure("exile-fig5", "grundy-quadrant.png", "Fig. 5, the 500×500 corner of the quadrant's table");
  figure("exile-fig4", "grundy-spiral.png", "Fig. 4, the spiral's values for max(|x|,|y|) ≤ 5");
  figure("exile-fig6", "quadrant-queens.png",
         "Fig. 6, the first 10^4 quadrant queens (c, S_c), on lines of slopes φ and 1/φ");
}

QG_TOUR_SECTION(50, "Grundy tables and numbered boards (seed 000 §7–8)", tour_grundy);

}  // namespace
