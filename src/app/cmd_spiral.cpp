// queengames spiral …, draw spiral-queens, and the spiral's tour section: the queens in
// exile on the square spiral (seed 000 §1–6).
#include <filesystem>
#include <iostream>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "cli.hpp"
#include "draw.hpp"
#include "queengames/claims.hpp"
#include "queengames/numeration.hpp"
#include "queengames/papers.hpp"
#include "queengames/spiral.hpp"

namespace {

namespace sp = qg::spiral;

// n < 2^120, written as the user likes (1e30, 2^100, …).
qg::u128 parse_random_access_n(const std::string& text) {
  const mpz_class n = qg::parse_natural(text);
  const mpz_class limit = mpz_class(1) << sp::kRandomAccessBits;
  if (n >= limit)
    throw qg::RangeError(fmt::format("{} is out of range: the supported range is 0..2^{} - 1 = {}",
                                     qg::echo_number(text), sp::kRandomAccessBits, mpz_class(limit - 1).get_str()));
  return qg::numeration::to_u128(n);
}

std::string text(qg::u128 v) { return qg::to_string(v); }
std::string text(qg::i128 v) { return qg::to_string(v); }

// ---- spiral nth / xymp ----------------------------------------------------------------

struct NthOptions {
  std::string n;
  bool json = false;
};

void run_nth(const NthOptions& o) {
  const qg::u128 n = parse_random_access_n(o.n);
  const sp::Queen q = sp::queen(n);
  if (o.json)
    std::cout << nlohmann::json{{"n", text(n)}, {"cell", q.cell.get_str()}, {"x", text(q.x)}, {"y", text(q.y)}}.dump()
              << "\n";
  else std::cout << fmt::format("{} {} {} {}\n", text(n), q.cell.get_str(), text(q.x), text(q.y));
}

void run_xymp(const NthOptions& o) {
  const qg::u128 n = parse_random_access_n(o.n);
  const sp::XympRow r = sp::xymp(n);
  if (o.json)
    std::cout
        << nlohmann::json{{"n", text(n)}, {"X", text(r.x)}, {"Y", text(r.y)}, {"M", text(r.m)}, {"P", text(r.p)}}.dump()
        << "\n";
  else std::cout << fmt::format("{} {} {} {} {}\n", text(n), text(r.x), text(r.y), text(r.m), text(r.p));
}

// ---- spiral queens / table -------------------------------------------------------------

struct QueensOptions {
  qg::app::NumberOption count;
  std::string via = "closed";
  std::string out;
  bool json = false;
};

// A JSON integer written by hand (the lists are streamed): a string beyond 2^53.
std::string json_number(qg::u128 v) {
  return v >> 64 ? fmt::format("\"{}\"", text(v)) : qg::app::json_integer(static_cast<std::uint64_t>(v)).dump();
}
std::string json_number(std::int64_t v) { return qg::app::json_integer(v).dump(); }

void run_queens(const QueensOptions& o) {
  const bool direct = o.via == "direct";
  const std::uint64_t count = o.count.value(1, direct ? sp::kDirectMaxQueens : sp::kSequentialMaxQueens);
  qg::app::Output output(o.out);
  std::ostream& out = output.stream();
  std::string buffer = o.json ? "{\"queens\":[" : "";
  auto sink = [&](std::uint64_t first, std::span<const sp::QueenCell> queens) {
    for (const auto& q : queens) {
      if (o.json)
        fmt::format_to(std::back_inserter(buffer), "{}{{\"n\":{},\"cell\":{},\"x\":{},\"y\":{}}}", first ? "," : "",
                       json_number(qg::u128{first}), json_number(q.cell), json_number(q.x), json_number(q.y));
      else if (q.cell >> 64) fmt::format_to(std::back_inserter(buffer), "{} {} {} {}\n", first, text(q.cell), q.x, q.y);
      else
        fmt::format_to(std::back_inserter(buffer), "{} {} {} {}\n", first, static_cast<std::uint64_t>(q.cell), q.x,
                       q.y);
      ++first;
    }
    out << buffer;
    buffer.clear();
  };
  auto progress = qg::app::progress_line(direct ? "direct placement" : "queens");
  if (direct) sp::place_queens_directly(count, sink, progress);
  else sp::generate_queens(count, sink, progress);
  if (o.json) out << "]}\n";
  output.commit();
}

struct TableOptions {
  qg::app::NumberOption rows;
  std::string out;
  bool json = false;
};

void run_table(const TableOptions& o) {
  const std::uint64_t rows = o.rows.value(1, std::uint64_t{1} << 50);
  qg::app::Output output(o.out);
  std::ostream& out = output.stream();
  static constexpr const char* kColumns[] = {"n", "t", "X", "Y", "M", "P", "dX", "dY", "dM", "dP", "A", "B", "C"};
  if (o.json) out << "{\"columns\":" << nlohmann::json(kColumns).dump() << ",\"rows\":[";
  else out << "# n t X Y M P dX dY dM dP A B C\n";
  std::string buffer;
  sp::TableStream table;
  qg::Poller poller(qg::app::progress_line("table"), rows);
  for (std::uint64_t i = 0; i < rows; ++i, table.advance()) {
    const sp::TableRow& r = table.row();
    if (o.json) {
      fmt::format_to(std::back_inserter(buffer), "{}[{},\"{}\"", i ? "," : "", qg::app::json_integer(r.n).dump(), r.t);
      for (std::uint64_t v :
           {r.xymp.x, r.xymp.y, r.xymp.m, r.xymp.p, r.delta.x, r.delta.y, r.delta.m, r.delta.p, r.a, r.b, r.c})
        fmt::format_to(std::back_inserter(buffer), ",{}", qg::app::json_integer(v).dump());
      buffer += ']';
    } else {
      fmt::format_to(std::back_inserter(buffer), "{} {} {} {} {} {} {} {} {} {} {} {} {}\n", r.n, r.t, r.xymp.x,
                     r.xymp.y, r.xymp.m, r.xymp.p, r.delta.x, r.delta.y, r.delta.m, r.delta.p, r.a, r.b, r.c);
    }
    if (buffer.size() > (1 << 16)) {
      out << buffer;
      buffer.clear();
    }
    poller.tick(i);
  }
  poller.finish();
  out << buffer;
  if (o.json) out << "]}\n";
  output.commit();
}

QG_COMMAND("spiral", [](CLI::App& app) {
  auto* spiral = app.add_subcommand("spiral", "queens in exile on the square spiral (seed 000 §1–6)");
  spiral->require_subcommand(1);

  auto nth = std::make_shared<NthOptions>();
  auto* cmd = spiral->add_subcommand("nth", "the queen q_n: prints 'n cell x y' (x South, y East), n < 2^120");
  cmd->add_option("n", nth->n, "n ≥ 0 (1e30, 2^100 … accepted)")->required();
  cmd->add_flag("--json", nth->json, "JSON instead of a line");
  cmd->callback([nth] { run_nth(*nth); });

  auto xymp = std::make_shared<NthOptions>();
  cmd = spiral->add_subcommand("xymp", "row n of the XYMP table: prints 'n X_n Y_n M_n P_n', n < 2^120");
  cmd->add_option("n", xymp->n, "n ≥ 0")->required();
  cmd->add_flag("--json", xymp->json, "JSON instead of a line");
  cmd->callback([xymp] { run_xymp(*xymp); });

  auto queens = std::make_shared<QueensOptions>();
  cmd = spiral->add_subcommand("queens", "the first N queens: 'n cell x y' for n = 0..N−1");
  cmd->add_option("N", queens->count.text, "how many queens")->required();
  cmd->add_option("--via", queens->via, "closed: from the closed forms (default); direct: greedy placement, no theorem")
      ->check(CLI::IsMember({"closed", "direct"}));
  cmd->add_option("--out", queens->out, "write to this file (atomically)");
  cmd->add_flag("--json", queens->json, "JSON instead of lines (integers beyond 2^53 as strings)");
  cmd->callback([queens] { run_queens(*queens); });

  auto table = std::make_shared<TableOptions>();
  cmd = spiral->add_subcommand("table", "Tables 1–2 of seed 000: n t_n X Y M P ΔX ΔY ΔM ΔP A B C for n = 0..N−1");
  cmd->add_option("N", table->rows.text, "how many rows")->required();
  cmd->add_option("--out", table->out, "write to this file (atomically)");
  cmd->add_flag("--json", table->json, "JSON: the column names and one array per row");
  cmd->callback([table] { run_table(*table); });
});

// ---- tour ----------------------------------------------------------------------------------

void tour_spiral(std::ostream& out, const std::string& dir) {
  out << "Greedy queens on the square spiral (x South, y East); their cells, sequence (1) = A273059:\n  ";
  sp::generate_queens(18, [&](std::uint64_t first, std::span<const sp::QueenCell> queens) {
    for (const auto& q : queens) out << static_cast<std::uint64_t>(q.cell) << (first++ + 1 < 18 ? ", " : "\n");
  });
  out << "  (queengames spiral queens 18 --via direct places them without any theorem)\n";

  out << "\nTable 1, the XYMP table (queengames spiral table 12):\n   n   X   Y   M   P\n";
  sp::TableStream table;
  for (int i = 0; i < 12; ++i, table.advance()) {
    const auto& r = table.row();
    out << fmt::format("  {:>2} {:>3} {:>3} {:>3} {:>3}\n", r.n, r.xymp.x, r.xymp.y, r.xymp.m, r.xymp.p);
  }

  for (const qg::Claim& claim : qg::exile_claims())
    if (claim.id == "exile.theorem20") {
      const auto report = qg::run_claim(claim, claim.bounds.tour);
      out << fmt::format("\n{} {} to {} {} — {}\n  (queengames check {} --bound 1e8)\n",
                         report.outcome.pass ? "PASS" : "FAIL", claim.source, report.outcome.bound_reached, claim.unit,
                         report.outcome.detail, claim.id);
    }

  const qg::u128 n = qg::u128{1} << 100;
  const sp::Queen q = sp::queen(n);
  out << fmt::format(
      "\nRandom access through the Tribonacci representation (queengames spiral nth 2^100):\n"
      "  q_(2^100) = ({}, {})\n  at cell {}\n",
      text(q.x), text(q.y), q.cell.get_str());

  qg::app::PictureOptions picture;
  picture.out = (std::filesystem::path(dir) / "spiral-queens.png").string();
  const qg::figures::Entry& fig3 = qg::figures::entry("exile-fig3");
  qg::app::write_picture(
      qg::figures::build(fig3, qg::figures::values(fig3, {}), qg::app::figure_options(picture, 1200, "exile-fig3")),
      picture, 1200, "exile-fig3");
  out << fmt::format(
      "\nFig. 3, the 1409 queens with max(|x|,|y|) ≤ 1000: {}\n"
      "  (queengames draw exile-fig3 --radius 1000 --out spiral-queens.png)\n",
      picture.out);
}

QG_TOUR_SECTION(30, "Queens in exile on the square spiral (seed 000 §1–6)", tour_spiral);

}  // namespace
