// queengames tour: the headline results of the papers, each with the command that
// reproduces it in full, and the pictures in ./tour/.
#include <algorithm>
#include <chrono>
#include <filesystem>
#include <iostream>

#include <fmt/format.h>

#include "cli.hpp"
#include "queengames/claims.hpp"
#include "queengames/papers.hpp"

namespace {

void run_tour(const std::string& dir) {
  std::error_code ec;
  std::filesystem::create_directories(dir, ec);
  if (ec) throw qg::InputError("cannot create " + dir + ": " + ec.message());
  auto start = std::chrono::steady_clock::now();
  auto sections = qg::app::tour_sections();
  std::stable_sort(sections.begin(), sections.end(), [](auto& a, auto& b) { return a.order < b.order; });
  std::ostream& out = std::cout;
  out << "queengames " << QG_VERSION << " — a tour of the queen games of the seed papers\n";
  for (const auto& section : sections) {
    out << "\n== " << section.title << " ==\n";
    section.run(out, dir);
    out.flush();
    // Sections are short computations without a progress line: a signal ends the tour here.
    if (qg::app::interrupted()) throw qg::app::Interrupted();
  }
  out << "\n== The papers' claims, checked to small bounds (queengames check for the full bounds) ==\n";
  int failed = 0;
  for (const auto& claim : qg::all_claims()) {
    auto report = qg::run_claim(claim, claim.bound(qg::ClaimDepth::tour), qg::app::progress_line(claim.id));
    failed += !report.outcome.pass;
    const bool plain = report.status == qg::ClaimStatus::pass;
    out << fmt::format("{} {:<28} {} {}{}\n", qg::to_string(report.status), claim.id, report.outcome.bound_reached,
                       claim.unit, plain ? "" : " — " + report.outcome.detail);
  }
  double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  out << fmt::format("\nTour done in {:.1f} s; pictures are in {}/\n", seconds, dir);
  if (failed) throw qg::app::ExitStatus{1};
}

QG_COMMAND("tour", [](CLI::App& app) {
  auto dir = std::make_shared<std::string>("tour");
  auto* cmd = app.add_subcommand("tour", "the headline results of the papers, with pictures in ./tour/");
  cmd->add_option("--dir", *dir, "where to write the pictures");
  cmd->callback([dir] { run_tour(*dir); });
});

}  // namespace
