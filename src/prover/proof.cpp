// A proof run, the one call the claims' proofs make (prover.hpp, run_proof): the shipped automata
// it reads are certified first, every eval must be TRUE and not vacuous, the last states the claim.
#include <algorithm>
#include <cctype>
#include <chrono>
#include <set>

#include <fmt/format.h>

#include "prover/script.hpp"
#include "prover/statement.hpp"
#include "prover/vacuity.hpp"
#include "queengames/prover.hpp"

namespace qg::prover {

namespace {

// The text of one command at its place in the proof, everything else blanked (newlines kept),
// so that the session's errors name the proof's own line and column.
std::string alone(std::string_view proof, const Command& c) {
  std::string text(proof.substr(0, c.end));
  for (std::size_t i = 0; i < c.begin; ++i)
    if (text[i] != '\n') text[i] = ' ';
  return text;
}

// A command on one line, as a transcript writes it for Walnut, which cuts a line at its first ':'
// or ';' and glues a line without one to the next with nothing between: each line break and the
// blanks around it become one blank, and a // comment (ours; Walnut has none) is left out.
std::string one_line(std::string_view command) {
  std::string out;
  bool quoted = false;
  for (std::size_t i = 0; i < command.size(); ++i) {
    const char c = command[i];
    if (!quoted && command.substr(i, 2) == "//") {
      i = std::min(command.find('\n', i), command.size()) - 1;
    } else if (c == '\n' || c == '\r') {
      while (!out.empty() && (out.back() == ' ' || out.back() == '\t')) out.pop_back();
      while (i + 1 < command.size() && std::isspace(static_cast<unsigned char>(command[i + 1]))) ++i;
      if (!out.empty()) out += ' ';
    } else {
      if (c == '"') quoted = !quoted;
      out += c;
    }
  }
  return out;
}

bool is_shipped(const std::string& name) {
  const std::vector<std::string> shipped = shipped_automata();
  return std::find(shipped.begin(), shipped.end(), name) != shipped.end();
}

std::string counterexample(const Result& r) {
  std::string out;
  for (std::size_t i = 0; i < r.counterexample.size(); ++i)
    out += fmt::format("{}{} = {}", i == 0 ? "; smallest counterexample: " : ", ", r.counterexample[i].first,
                       r.counterexample[i].second);
  return out;
}

// The automata a command's statement calls, or the words it reads; none when it does not parse
// (the session then says where).
std::vector<std::string> calls_of(const Command& c, bool words = false) {
  if (c.statement.empty()) return {};
  try {
    return words ? read_words(c.statement) : called_automata(c.statement);
  } catch (const detail::PositionedError&) {
    return {};
  }
}

}  // namespace

std::pair<std::shared_ptr<const Certification>, bool> Certifications::certify(const std::string& name,
                                                                              const std::filesystem::path& library,
                                                                              const CertificationPlanFn& plan,
                                                                              const ProgressFn& progress) {
  if (!plan) throw InputError(fmt::format("{} is shipped: certifying it needs its certification", name));
  CertificationPlan p = plan(name);
  auto c = std::make_shared<Certification>();
  c->automata = std::move(p.automata);
  const std::string& text = p.commands;
  // The library matters only when it holds one of the pair (Session::automaton reads it first).
  const bool own = std::any_of(c->automata.begin(), c->automata.end(), [&](const std::string& n) {
    return !library.empty() && std::filesystem::exists(library / "Automata Library" / (n + ".txt"));
  });
  auto key = [&](const std::string& n) { return (own ? library.string() : std::string()) + "\n" + n; };
  if (auto it = done_.find(key(name)); it != done_.end()) return {it->second, false};
  // The pair's certifications share the kernel: each command once.
  std::vector<std::string> seen;
  for (const Command& command : split_commands(text)) {
    std::string one(text.substr(command.begin, command.end - command.begin));
    if (std::find(seen.begin(), seen.end(), one) != seen.end()) continue;
    c->commands += one + "\n";
    seen.push_back(std::move(one));
  }
  automata::Context context;
  context.progress = progress;
  Session session(std::move(context));
  if (!library.empty()) session.set_library(library);
  const auto start = std::chrono::steady_clock::now();
  const std::vector<Result> results =
      session.run(c->commands, fmt::format("certification of {}", fmt::join(c->automata, ", ")));
  c->seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  std::size_t evals = 0;
  for (const Result& r : results) {
    c->largest_automaton = std::max({c->largest_automaton, r.largest, r.states});
    if (r.command != "eval" || !c->detail.empty()) continue;
    ++evals;
    if (r.truth.value_or(false)) continue;
    c->detail = fmt::format("eval {} is FALSE", r.name);
    for (std::size_t i = 0; i < r.counterexample.size(); ++i)
      c->detail += fmt::format("{}{} = {}", i == 0 ? "; smallest counterexample: " : ", ", r.counterexample[i].first,
                               r.counterexample[i].second);
  }
  c->certified = c->detail.empty() && evals > 0;
  if (c->certified) c->detail = fmt::format("{} evals TRUE", evals);
  for (const std::string& n : c->automata) done_[key(n)] = c;
  return {c, true};
}

std::vector<std::string> proof_dependencies(std::string_view text) {
  std::vector<std::string> out;
  std::set<std::string> defined;
  for (const Command& c : split_commands(text)) {
    for (const std::string& name : calls_of(c))
      if (!defined.count(name) && is_shipped(name) && std::find(out.begin(), out.end(), name) == out.end())
        out.push_back(name);
    if (c.command == "def" || c.command == "reg") defined.insert(c.name);
  }
  return out;
}

std::pair<std::string, std::string> stating_eval(std::string_view text) {
  std::pair<std::string, std::string> last;
  for (const Command& c : split_commands(text))
    if (c.command == "eval") last = {c.name, c.statement};
  return last;
}

ProofReport run_proof(std::string_view proof, const std::string& label, const ProgressFn& progress,
                      const ProofOptions& options) {
  Certifications own;
  Certifications& certifications = options.certifications ? *options.certifications : own;
  automata::Context context;
  context.progress = progress;
  Session session(std::move(context));
  if (!options.library.empty()) session.set_library(options.library);
  ProofReport report;
  if (options.transcript) report.transcript.emplace();
  auto note = [&](const Result& r) {
    report.largest_automaton = std::max({report.largest_automaton, r.largest, r.states});
    report.peak_bytes = std::max(report.peak_bytes, r.peak_bytes);
  };
  auto finish = [&](ProofVerdict verdict, std::string detail) {
    report.verdict = verdict;
    report.detail = std::move(detail);
    return report;
  };

  // The proof's own time: each certification reports its own (Certification::seconds).
  auto start = std::chrono::steady_clock::now();
  auto elapsed = [&] { return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count(); };
  std::set<std::string> certified, words;
  // Trust nothing shipped that this run has not certified: every shipped automaton the proof
  // reads, before its first command.
  for (const std::string& name : proof_dependencies(proof)) {
    if (certified.count(name)) continue;
    auto [cert, ran] = certifications.certify(name, options.library, options.certification_plan, progress);
    for (const std::string& n : cert->automata) certified.insert(n);
    if (ran) report.certified.push_back(cert);
    if (report.transcript) {
      for (const Command& k : split_commands(cert->commands)) {
        report.transcript->commands +=
            one_line(std::string_view(cert->commands).substr(k.begin, k.end - k.begin)) + "\n";
        for (const std::string& w : calls_of(k, true)) words.insert(w);
      }
      for (const std::string& n : cert->automata)
        report.transcript->automata[n] = write_automaton(session.automaton(n));
    }
    if (!cert->certified) {
      std::vector<std::string> with;
      for (const std::string& n : cert->automata)
        if (n != name) with.push_back(n);
      report.seconds = elapsed();
      return finish(ProofVerdict::fail,
                    fmt::format("shipped automaton {} fails its certification{}: {}", name,
                                with.empty() ? "" : fmt::format(" (with {})", fmt::join(with, ", ")), cert->detail));
    }
  }

  start = std::chrono::steady_clock::now();
  std::size_t evals = 0, obligations = 0;
  std::string last;
  const std::vector<Command> commands = split_commands(proof);
  // The last eval states the claim, "for every n" (its index, when it quantifies one).
  std::size_t stating = commands.size();
  for (std::size_t k = 0; k < commands.size(); ++k)
    if (commands[k].command == "eval") stating = k;
  for (std::size_t k = 0; k < commands.size(); ++k) {
    const Command& c = commands[k];
    const std::vector<Result> results = session.run(alone(proof, c), label);
    if (report.transcript) {
      report.transcript->commands += one_line(proof.substr(c.begin, c.end - c.begin)) + "\n";
      for (const std::string& w : calls_of(c, true)) words.insert(w);
    }
    for (const Result& r : results) note(r);
    if (c.command != "eval" && c.command != "def") continue;
    if (c.command == "eval") {
      ++evals;
      last = c.name;
      const Result& r = results.front();
      if (!r.truth)  // Walnut's eval with free variables makes an automaton, not a verdict
        throw InputError(fmt::format("{}: eval {} has free variables ({}): a proof's evals are closed", label, r.name,
                                     fmt::join(r.variables, ", ")));
      if (!*r.truth) {
        report.seconds = elapsed();
        return finish(ProofVerdict::fail, fmt::format("eval {} is FALSE{}", r.name, counterexample(r)));
      }
    }
    // TRUE, or a def: its implications must say something (prover/vacuity.hpp). The session has
    // parsed the statement after expanding its macros; the analysis reads it as written.
    std::vector<Obligation> implications;
    try {
      implications = vacuity_obligations(c.name, c.statement, c.command == "eval", k == stating ? "n" : "");
    } catch (const detail::PositionedError& e) {
      throw InputError(fmt::format("{}: {} {}: the vacuity guard reads statements without macros ({})", label,
                                   c.command, c.name, e.what));
    }
    // Each runs as the eval the transcript writes, so that `prove` reruns what check ran.
    for (const Obligation& o : implications) {
      const std::string text = fmt::format("eval {} \"{}\":", o.name, o.statement);
      const Result r = session.run(text, label + " (vacuity)").front();
      note(r);
      ++obligations;
      if (report.transcript) report.transcript->commands += one_line(text) + "\n";
      if (!*r.truth) {
        report.seconds = elapsed();
        return finish(ProofVerdict::vacuous, fmt::format("{} (eval {} is FALSE)", o.failure, o.name));
      }
    }
  }
  report.seconds = elapsed();
  if (evals == 0) throw InputError(label + ": its proof has no eval");
  if (report.transcript) {
    for (const std::string& w : words) report.transcript->words[w] = write_automaton(session.word(w));
    for (const std::string& system : session.systems())
      for (auto& [file, text] : walnut_custom_bases(session, system)) report.transcript->bases[file] = text;
  }
  return finish(ProofVerdict::proved,
                fmt::format("{} eval{} TRUE, the last: {}; {} vacuity eval{} TRUE", evals, evals == 1 ? "" : "s", last,
                            obligations, obligations == 1 ? "" : "s"));
}

}  // namespace qg::prover
