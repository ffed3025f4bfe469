// queengames check: run the papers' claims.
#include <cctype>
#include <filesystem>
#include <iostream>
#include <map>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "cli.hpp"
#include "queengames/claims.hpp"
#include "queengames/papers.hpp"

namespace {

struct CheckOptions {
  std::vector<std::string> patterns;
  qg::app::NumberOption bound;
  bool deep = false, list = false, json = false, bounded = false, markdown = false;
  std::string out, transcript;
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
                      {"route", qg::to_string(c.route())},
                      {"status", qg::to_string(c.status())},
                      {"proof", c.proof},
                      {"unit", c.unit},
                      {"default_bound", json_bound(c.bounds.standard)},
                      {"deep_bound", json_bound(c.bounds.deep)},
                      {"tour_bound", json_bound(c.bounds.tour)},
                      {"max_bound", json_bound(c.bounds.max)}});
    out << list.dump(2) << "\n";
    return;
  }
  for (const auto& c : claims)
    out << fmt::format("{:<28} {:<11} {:<16} {} — {}\n{:<28} {}{}: {} by default, {} with --deep, at most {}\n", c.id,
                       qg::to_string(c.kind), qg::to_string(c.status()), c.source, c.statement, "",
                       c.route() == qg::ClaimRoute::proof      ? "proved by automata; the bounded check (--bounded) in "
                       : c.status() == qg::ClaimStatus::pass   ? "to a bound in "
                       : c.status() == qg::ClaimStatus::proved ? "proved by the certificate its check verifies, in "
                                                               : "found by its check, in ",
                       c.unit, c.bounds.standard, c.bounds.deep, c.bounds.max);
}

// The claims as docs/CLAIMS.md's table (scripts/claims_table.py splices it in): per seed, each
// claim's status, the paper's statement beside the statement its proof evaluates, and the counts.
void markdown_claims(const std::vector<qg::Claim>& claims, std::ostream& out) {
  auto cell = [](std::string text) {
    for (std::size_t at = 0; (at = text.find('|', at)) != std::string::npos; at += 2) text.replace(at, 1, "\\|");
    std::string out;  // one line: runs of white space (a statement's line breaks) as one space
    for (char ch : text)
      if (!std::isspace(static_cast<unsigned char>(ch))) out += ch;
      else if (!out.empty() && out.back() != ' ') out += ' ';
    return out;
  };
  auto counts = [](const std::vector<const qg::Claim*>& group) {
    std::map<qg::ClaimStatus, std::size_t> n;
    for (const qg::Claim* c : group) ++n[c->status()];
    std::vector<std::string> parts;
    for (auto status :
         {qg::ClaimStatus::proved, qg::ClaimStatus::refuted, qg::ClaimStatus::evidence_against, qg::ClaimStatus::pass})
      if (n[status]) parts.push_back(fmt::format("{} {}", n[status], qg::to_string(status)));
    return fmt::format("{} claim{}: {}", group.size(), group.size() == 1 ? "" : "s", fmt::join(parts, ", "));
  };
  std::map<std::string, std::vector<const qg::Claim*>> seeds;
  std::vector<const qg::Claim*> all;
  // "seed 000, Theorem 1": the seed, and where in it.
  auto seed_of = [](const qg::Claim& c) { return c.source.substr(0, std::min(c.source.size(), std::size_t{8})); };
  for (const auto& c : claims) seeds[seed_of(c)].push_back(&c), all.push_back(&c);
  out << fmt::format(
      "Generated from the registry by `queengames check --list --markdown` (`scripts/claims_table.py` rewrites this "
      "section; a test fails when it is stale). {} (PASS: to the bound `queengames check` runs, in the claim's "
      "unit).\n",
      counts(all));
  for (const auto& [seed, group] : seeds) {
    out << fmt::format("\n#### {} — {}\n\n", seed, counts(group));
    out << "| claim | source | status | the paper's statement | evaluated |\n|---|---|---|---|---|\n";
    for (const qg::Claim* c : group) {
      const auto [name, statement] = qg::stating_eval(*c);
      const std::string evaluated = c->route() == qg::ClaimRoute::proof
                                        ? fmt::format("`{}`: `{}`", name, statement)
                                        : fmt::format("checked to {} {}", c->bounds.standard, c->unit);
      std::string where = c->source.substr(seed.size());
      where.erase(0, where.find_first_not_of(", "));
      out << fmt::format("| `{}` | {} | {} | {} | {} |\n", c->id, cell(where), qg::to_string(c->status()),
                         cell(c->statement), cell(evaluated));
    }
  }
}

// The bound of each claim: --bound for a single claim, else the claim's own at the depth asked.
std::vector<std::uint64_t> bounds_of(const std::vector<qg::Claim>& claims, const CheckOptions& o) {
  std::vector<std::uint64_t> bounds;
  if (!o.bound.text.empty()) {
    if (o.bounded) throw qg::InputError("--bound already asks for the bounded check: drop --bounded");
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

// A proof's transcript as a Walnut folder: DIR/Command Files/ID.txt, the automata it read
// (Automata Library/, Word Automata Library/), the systems Walnut lacks (Custom Bases/), an empty
// Result/ (Walnut writes each result there and fails without it) and README.txt, each file
// written atomically. The command file holds commands only: Walnut has no comments.
void write_transcript(const std::string& dir, const std::string& id, const qg::prover::Transcript& t) {
  namespace fs = std::filesystem;
  auto write = [](const fs::path& path, const std::string& text) {
    fs::create_directories(path.parent_path());
    qg::AtomicFile file(path);
    file.stream() << text;
    file.commit();
  };
  for (const auto& [name, text] : t.automata) write(fs::path(dir) / "Automata Library" / (name + ".txt"), text);
  for (const auto& [name, text] : t.words) write(fs::path(dir) / "Word Automata Library" / (name + ".txt"), text);
  for (const auto& [file, text] : t.bases) write(fs::path(dir) / file, text);
  write(fs::path(dir) / "Command Files" / (id + ".txt"), t.commands);
  fs::create_directories(fs::path(dir) / "Result");
  write(fs::path(dir) / "README.txt",
        "Each Command Files/ID.txt is the proof of a claim ID as `queengames check ID` ran it, one Walnut\n"
        "command a line: first the certifications of the shipped automata it reads (evals named after\n"
        "them: NAME_total, NAME_unique, …), then the proof, and after each of its evals the evals that\n"
        "show it is not vacuous (EVAL_hypothesis, EVAL_every_n, EVAL_needs_automata, EVAL_witness_W_H).\n"
        "Every eval is TRUE. The automata it reads are in Automata Library/ and Word Automata Library/;\n"
        "Custom Bases/ holds the number systems Walnut does not have (none when it has them all).\n\n"
        "Rerun one with queengames (this folder read, nothing written):\n"
        "  queengames prove --library DIR \"DIR/Command Files/ID.txt\"\n"
        "or with Walnut: add Walnut's own Custom Bases/ to this folder (or these folders to Walnut's),\n"
        "and from this folder as Walnut's home run ID.txt (java … Main.Prover ID.txt, or load ID.txt;).\n"
        "Written by queengames check ID --transcript DIR.\n");
}

void run_check(const CheckOptions& o) {
  auto claims = qg::app::with_hint("(see queengames check --list)", [&] { return qg::select_claims(o.patterns); });
  qg::app::Output output(o.out);
  std::ostream& out = output.stream();
  if (o.markdown && !o.list) throw qg::InputError("--markdown lists the claims: add --list");
  if (o.list) {
    if (o.markdown) markdown_claims(claims, out);
    else list_claims(claims, o.json, out);
    output.commit();
    return;
  }
  const std::vector<std::uint64_t> bounds = bounds_of(claims, o);
  if (!o.transcript.empty()) {
    if (o.bounded || !o.bound.text.empty())
      throw qg::InputError("--transcript writes proofs: drop --bounded and --bound");
    if (std::none_of(claims.begin(), claims.end(),
                     [](const qg::Claim& c) { return c.route() == qg::ClaimRoute::proof; }))
      throw qg::InputError(fmt::format("--transcript: {} has no proof (it is checked to a bound)", claims.front().id));
  }
  qg::prover::Certifications certifications;  // each shipped automaton certified once in this run
  bool all_pass = true;
  nlohmann::json results = nlohmann::json::array();
  for (std::size_t i = 0; i < claims.size(); ++i) {
    const qg::Claim& c = claims[i];
    // A proof settles the claim for every n; --bound or --bounded asks for the checker instead.
    const bool prove = c.route() == qg::ClaimRoute::proof && !o.bounded && o.bound.text.empty();
    auto progress = qg::app::progress_line(fmt::format("[{}/{}] {}", i + 1, claims.size(), c.id));
    auto report =
        prove ? qg::prove_claim(c, progress, {.certifications = &certifications, .transcript = !o.transcript.empty()})
              : qg::run_claim(c, bounds[i], progress);
    all_pass = all_pass && report.outcome.pass;
    // A proof's certifications and transcript (none for a bounded check).
    const std::vector<std::shared_ptr<const qg::prover::Certification>> none;
    const auto& certified_now = report.proof ? report.proof->certified : none;
    if (report.proof && report.proof->transcript) write_transcript(o.transcript, c.id, *report.proof->transcript);
    const char* verdict = qg::to_string(report.status);
    for (const auto& cert : certified_now)
      if (!o.json)
        out << fmt::format("{} {} {:.3f}s, largest automaton {} states — {}\n",
                           cert->certified ? "CERTIFIED" : "UNCERTIFIED", fmt::join(cert->automata, ", "),
                           cert->seconds, cert->largest_automaton, cert->detail);
    if (o.json) {
      nlohmann::json certified = nlohmann::json::array();
      for (const auto& cert : certified_now)
        certified.push_back({{"automata", cert->automata},
                             {"certified", cert->certified},
                             {"seconds", cert->seconds},
                             {"largest_automaton", cert->largest_automaton},
                             {"detail", cert->detail}});
      nlohmann::json r{{"id", c.id},
                       {"verdict", verdict},
                       {"route", qg::to_string(report.route)},
                       {"kind", qg::to_string(c.kind)},
                       {"seconds", report.seconds},
                       {"detail", report.outcome.detail}};
      if (prove) {
        r["largest_automaton"] = report.largest_automaton;
        r["peak_bytes"] = json_bound(report.peak_bytes);
        r["certified"] = certified;
      } else {
        r["bound"] = json_bound(report.outcome.bound_reached);
        r["unit"] = c.unit;
      }
      results.push_back(r);
    } else if (prove) {
      out << fmt::format("{} {} {:.3f}s, largest automaton {} states", verdict, c.id, report.seconds,
                         report.largest_automaton);
      if (!report.outcome.detail.empty()) out << " — " << report.outcome.detail;
      out << "\n";
      out.flush();
    } else {
      out << fmt::format("{} {} {}{} {} {:.3f}s", verdict, c.id,
                         report.status == qg::ClaimStatus::evidence_against || report.status == qg::ClaimStatus::refuted
                             ? "to "
                         : c.kind == qg::ClaimKind::conjecture && report.outcome.pass ? "holds to "
                                                                                      : "bound ",
                         report.outcome.bound_reached, c.unit, report.seconds);
      if (!report.outcome.detail.empty()) out << " — " << report.outcome.detail;
      out << "\n";
      out.flush();
    }
  }
  if (o.json) out << results.dump(2) << "\n";
  output.commit();
  if (!all_pass) throw qg::app::ExitStatus{1};
}

QG_COMMAND("check", [](CLI::App& app) {
  auto o = std::make_shared<CheckOptions>();
  auto* cmd = app.add_subcommand("check", "prove the papers' theorems by automata, or check them up to a bound");
  cmd->footer(
      "A claim with a proof is decided by automata for every n: PROVED, with the proof's time and largest automaton, "
      "once the shipped automata it reads are CERTIFIED in the same run and no implication in it is VACUOUS (a "
      "hypothesis that never holds, or a conclusion the hypothesis gives alone). The others pass to a bound: PASS (a "
      "conjecture holds to N), or for a conjecture the data contradict EVIDENCE AGAINST (in a window) or REFUTED (a "
      "certificate of its negation). FAIL gives a counterexample; FAIL and VACUOUS exit with status 1.");
  cmd->add_option("ids", o->patterns, "claim ids or prefixes (e.g. exile, exile.theorem20); all by default");
  cmd->add_option("--bound", o->bound.text,
                  "check one claim up to this bound, in the claim's own unit (default: its standard bound)");
  cmd->add_flag("--bounded", o->bounded,
                "run the bounded check of claims that have a proof too (by default a proof is run: PROVED)");
  cmd->add_flag("--deep", o->deep, "check each claim to its deep bound (the records of the docs; minutes to hours)");
  cmd->add_flag("--list", o->list, "list the claims with their units and bounds instead of checking them");
  cmd->add_flag("--json", o->json, "machine-readable results");
  cmd->add_flag("--markdown", o->markdown,
                "with --list: docs/CLAIMS.md's table of claims (status, the paper's statement, the evaluated one)");
  cmd->add_option("--out", o->out, "write the results to this file (atomically)");
  cmd->add_option(
      "--transcript", o->transcript,
      "write each proof as it ran as a Walnut folder: DIR/Command Files/ID.txt, the automata it read (DIR/Automata "
      "Library/) and DIR/README.txt, to rerun with queengames prove or Walnut");
  cmd->callback([o] { run_check(*o); });
});

// The tour's proof: Theorem 14 of seed 000, its Walnut commands and the prover's verdict.
void tour_proof(std::ostream& out, const std::string&) {
  const qg::Claim claim = qg::select_claims({"exile.theorem14"}).front();
  out << claim.source << ": " << claim.statement << "\n" << claim.proof;
  auto report = qg::prove_claim(claim, qg::app::progress_line(claim.id));
  for (const auto& cert : report.proof->certified)
    out << fmt::format("{} {} first ({:.3f} s: {})\n", cert->certified ? "certified" : "could not certify",
                       fmt::join(cert->automata, ", "), cert->seconds, cert->detail);
  out << fmt::format("{} in {:.3f} s, largest automaton {} states ({})\n",
                     report.status == qg::ClaimStatus::proved ? "PROVED for every n" : qg::to_string(report.status),
                     report.seconds, report.largest_automaton, report.outcome.detail);
  out << "  queengames check exile.theorem14 --list --json   # the proof as text; all proofs: check exile\n";
}

QG_TOUR_SECTION(35, "A theorem proved by automata (seed 000 Theorem 14, in Walnut's language)", tour_proof);

}  // namespace
