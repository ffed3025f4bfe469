// queengames check: run the papers' claims.
#include <iostream>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "cli.hpp"
#include "queengames/claims.hpp"

namespace {

struct CheckOptions {
  std::vector<std::string> patterns;
  qg::app::NumberOption bound;
  bool deep = false, list = false, json = false;
  std::string out;
};

// A bound in JSON: a number up to 2^53, a string beyond (JSON readers keep doubles).
nlohmann::json json_bound(std::uint64_t value) {
  if (value <= (std::uint64_t{1} << 53)) return value;
  return std::to_string(value);
}

void list_claims(const std::vector<qg::Claim>& claims, bool json, std::ostream& out) {
  if (json) {
    nlohmann::json list = nlohmann::json::array();
    for (const auto& c : claims)
      list.push_back({{"id", c.id},
                      {"source", c.source},
                      {"kind", qg::to_string(c.kind)},
                      {"statement", c.statement},
                      {"unit", c.unit},
                      {"default_bound", json_bound(c.bounds.standard)},
                      {"deep_bound", json_bound(c.bounds.deep)},
                      {"tour_bound", json_bound(c.bounds.tour)},
                      {"max_bound", json_bound(c.bounds.max)}});
    out << list.dump(2) << "\n";
    return;
  }
  for (const auto& c : claims)
    out << fmt::format("{:<28} {:<11} {} — {}\n{:<28} {}: {} by default, {} with --deep, at most {}\n", c.id,
                       qg::to_string(c.kind), c.source, c.statement, "", c.unit, c.bounds.standard, c.bounds.deep,
                       c.bounds.max);
}

// The bound of each claim: --bound for a single claim, else the claim's own at the depth asked.
std::vector<std::uint64_t> bounds_of(const std::vector<qg::Claim>& claims, const CheckOptions& o) {
  std::vector<std::uint64_t> bounds;
  if (!o.bound.text.empty()) {
    if (o.deep) throw qg::InputError("--bound and --deep exclude each other");
    if (claims.size() != 1) {
      std::string asked;
      for (const auto& p : o.patterns) asked += (asked.empty() ? "" : " ") + p;
      throw qg::InputError(fmt::format(
          "--bound applies to one claim, but {} selects {} claims, each with its own unit (see check --list); name "
          "one claim (e.g. check {} --bound N), or use --deep for each claim's deep bound",
          asked.empty() ? std::string("no id") : "'" + asked + "'", claims.size(), claims.front().id));
    }
    bounds.push_back(o.bound.value(1));
    return bounds;
  }
  for (const auto& c : claims) bounds.push_back(c.bound(o.deep ? qg::ClaimDepth::deep : qg::ClaimDepth::standard));
  return bounds;
}

void run_check(const CheckOptions& o) {
  auto claims = qg::app::with_hint("(see queengames check --list)", [&] { return qg::select_claims(o.patterns); });
  qg::app::Output output(o.out);
  std::ostream& out = output.stream();
  if (o.list) {
    list_claims(claims, o.json, out);
    output.commit();
    return;
  }
  const std::vector<std::uint64_t> bounds = bounds_of(claims, o);
  bool all_pass = true;
  nlohmann::json results = nlohmann::json::array();
  for (std::size_t i = 0; i < claims.size(); ++i) {
    const qg::Claim& c = claims[i];
    auto report =
        qg::run_claim(c, bounds[i], qg::app::progress_line(fmt::format("[{}/{}] {}", i + 1, claims.size(), c.id)));
    all_pass = all_pass && report.outcome.pass;
    const char* verdict = report.outcome.pass ? "PASS" : "FAIL";
    if (o.json) {
      results.push_back({{"id", c.id},
                         {"verdict", verdict},
                         {"kind", qg::to_string(c.kind)},
                         {"bound", json_bound(report.outcome.bound_reached)},
                         {"unit", c.unit},
                         {"seconds", report.seconds},
                         {"detail", report.outcome.detail}});
    } else {
      out << fmt::format("{} {} {}{} {} {:.3f}s", verdict, c.id,
                         c.kind == qg::ClaimKind::conjecture && report.outcome.pass ? "holds to " : "bound ",
                         report.outcome.bound_reached, c.unit, report.seconds);
      if (!report.outcome.detail.empty()) out << " — " << report.outcome.detail;
      out << "\n";
      out.flush();
    }
  }
  if (o.json) out << results.dump(2) << "\n";
  output.commit();
  if (!all_pass) throw qg::app::ExitStatus(1);
}

QG_COMMAND("check", [](CLI::App& app) {
  auto o = std::make_shared<CheckOptions>();
  auto* cmd = app.add_subcommand("check", "check the papers' theorems and conjectures up to a bound");
  cmd->add_option("ids", o->patterns, "claim ids or prefixes (e.g. exile, exile.theorem20); all by default");
  cmd->add_option("--bound", o->bound.text,
                  "check one claim up to this bound, in the claim's own unit (default: its standard bound)");
  cmd->add_flag("--deep", o->deep, "check each claim to its deep bound (the records of the docs; minutes to hours)");
  cmd->add_flag("--list", o->list, "list the claims with their units and bounds instead of checking them");
  cmd->add_flag("--json", o->json, "machine-readable results");
  cmd->add_option("--out", o->out, "write the results to this file (atomically)");
  cmd->callback([o] { run_check(*o); });
});

}  // namespace
