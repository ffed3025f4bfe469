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
  bool list = false, json = false;
  std::string out;
};

void run_check(const CheckOptions& o) {
  auto claims = qg::app::with_hint("(see queengames check --list)", [&] { return qg::select_claims(o.patterns); });
  qg::app::Output output(o.out);
  std::ostream& out = output.stream();
  if (o.list) {
    if (o.json) {
      nlohmann::json list = nlohmann::json::array();
      for (const auto& c : claims)
        list.push_back({{"id", c.id}, {"source", c.source}, {"kind", qg::to_string(c.kind)},
                        {"statement", c.statement}, {"unit", c.unit}, {"default_bound", c.default_bound},
                        {"max_bound", c.max_bound}});
      out << list.dump(2) << "\n";
    } else {
      for (const auto& c : claims)
        out << fmt::format("{:<28} {:<11} {} — {}\n", c.id, qg::to_string(c.kind), c.source, c.statement);
    }
    output.commit();
    return;
  }
  std::uint64_t bound = o.bound.text.empty() ? 0 : o.bound.value(1);
  bool all_pass = true;
  nlohmann::json results = nlohmann::json::array();
  for (const auto& c : claims) {
    auto report = qg::run_claim(c, bound, qg::app::progress_line(c.id));
    all_pass = all_pass && report.outcome.pass;
    const char* verdict = report.outcome.pass ? "PASS" : "FAIL";
    if (o.json) {
      results.push_back({{"id", c.id}, {"verdict", verdict}, {"kind", qg::to_string(c.kind)},
                         {"bound", report.outcome.bound_reached}, {"unit", c.unit}, {"seconds", report.seconds},
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
  cmd->add_option("--bound", o->bound.text, "check up to this bound (default: each claim's own)");
  cmd->add_flag("--list", o->list, "list the claims instead of checking them");
  cmd->add_flag("--json", o->json, "machine-readable results");
  cmd->add_option("--out", o->out, "write the results to this file (atomically)");
  cmd->callback([o] { run_check(*o); });
});

}  // namespace
