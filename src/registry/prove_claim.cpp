// A claim's proof, run by the prover command by command: the shipped automata it reads are
// certified first, every eval must be TRUE and not vacuous, the last states the claim.
#include <algorithm>
#include <cctype>
#include <chrono>
#include <set>

#include <fmt/format.h>

#include "prover/statement.hpp"
#include "prover/vacuity.hpp"
#include "queengames/claims.hpp"
#include "queengames/prover.hpp"

namespace qg {

namespace {

// The text of one command at its place in the proof, everything else blanked (newlines kept),
// so that the session's errors name the proof's own line and column.
std::string alone(std::string_view proof, const prover::Command& c) {
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
  const std::vector<std::string> shipped = prover::shipped_automata();
  return std::find(shipped.begin(), shipped.end(), name) != shipped.end();
}

std::string counterexample(const prover::Result& r) {
  std::string out;
  for (std::size_t i = 0; i < r.counterexample.size(); ++i)
    out += fmt::format("{}{} = {}", i == 0 ? "; smallest counterexample: " : ", ", r.counterexample[i].first,
                       r.counterexample[i].second);
  return out;
}

// The automata a command's statement calls, or the words it reads; none when it does not parse
// (the session then says where).
std::vector<std::string> calls_of(const prover::Command& c, bool words = false) {
  if (c.statement.empty()) return {};
  try {
    return words ? prover::read_words(c.statement) : prover::called_automata(c.statement);
  } catch (const prover::detail::PositionedError&) {
    return {};
  }
}

}  // namespace

std::vector<std::string> shipped_dependencies(const Claim& claim) {
  std::vector<std::string> out;
  std::set<std::string> defined;
  for (const prover::Command& c : prover::split_commands(claim.proof)) {
    for (const std::string& name : calls_of(c))
      if (!defined.count(name) && is_shipped(name) && std::find(out.begin(), out.end(), name) == out.end())
        out.push_back(name);
    if (c.command == "def" || c.command == "reg") defined.insert(c.name);
  }
  return out;
}

std::pair<std::string, std::string> stating_eval(const Claim& claim) {
  std::pair<std::string, std::string> last;
  for (const prover::Command& c : prover::split_commands(claim.proof))
    if (c.command == "eval") last = {c.name, c.statement};
  return last;
}

ClaimReport prove_claim(const Claim& claim, const ProgressFn& progress, const ProofOptions& options) {
  if (claim.proof.empty()) throw InputError(claim.id + " has no proof: it is checked to a bound");
  Certifications own;
  Certifications& certifications = options.certifications ? *options.certifications : own;
  automata::Context context;
  context.progress = progress;
  prover::Session session(std::move(context));
  if (!options.library.empty()) session.set_library(options.library);
  ClaimReport report{claim.id, claim.kind, {}, 0, 0};
  report.route = ClaimRoute::proof;
  if (options.transcript) report.transcript.emplace();
  auto note = [&](const prover::Result& r) {
    report.largest_automaton = std::max({report.largest_automaton, r.largest, r.states});
    report.peak_bytes = std::max(report.peak_bytes, r.peak_bytes);
  };
  auto finish = [&](ClaimStatus status, std::string detail) {
    report.status = status;
    report.outcome = status == ClaimStatus::proved ? passed(0, std::move(detail)) : failed(0, std::move(detail));
    report.outcome.status = status;
    return report;
  };

  // The proof's own time: each certification reports its own (Certification::seconds).
  auto start = std::chrono::steady_clock::now();
  auto elapsed = [&] { return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count(); };
  std::set<std::string> certified, words;
  // Trust nothing shipped that this run has not certified: every shipped automaton the proof
  // reads, before its first command.
  for (const std::string& name : shipped_dependencies(claim)) {
    if (certified.count(name)) continue;
    auto [cert, ran] = certifications.certify(name, options.library, progress);
    for (const std::string& n : cert->automata) certified.insert(n);
    if (ran) report.certified.push_back(cert);
    if (report.transcript) {
      for (const prover::Command& k : prover::split_commands(cert->commands)) {
        report.transcript->commands +=
            one_line(std::string_view(cert->commands).substr(k.begin, k.end - k.begin)) + "\n";
        for (const std::string& w : calls_of(k, true)) words.insert(w);
      }
      for (const std::string& n : cert->automata)
        report.transcript->automata[n] = prover::write_automaton(session.automaton(n));
    }
    if (!cert->certified) {
      std::vector<std::string> with;
      for (const std::string& n : cert->automata)
        if (n != name) with.push_back(n);
      report.seconds = elapsed();
      return finish(ClaimStatus::fail,
                    fmt::format("shipped automaton {} fails its certification{}: {}", name,
                                with.empty() ? "" : fmt::format(" (with {})", fmt::join(with, ", ")), cert->detail));
    }
  }

  start = std::chrono::steady_clock::now();
  std::size_t evals = 0, obligations = 0;
  std::string last;
  const std::vector<prover::Command> commands = prover::split_commands(claim.proof);
  // The last eval states the claim, "for every n" (its index, when it quantifies one).
  std::size_t stating = commands.size();
  for (std::size_t k = 0; k < commands.size(); ++k)
    if (commands[k].command == "eval") stating = k;
  for (std::size_t k = 0; k < commands.size(); ++k) {
    const prover::Command& c = commands[k];
    const std::vector<prover::Result> results = session.run(alone(claim.proof, c), claim.id);
    if (report.transcript) {
      report.transcript->commands += one_line(std::string_view(claim.proof).substr(c.begin, c.end - c.begin)) + "\n";
      for (const std::string& w : calls_of(c, true)) words.insert(w);
    }
    for (const prover::Result& r : results) note(r);
    if (c.command != "eval" && c.command != "def") continue;
    if (c.command == "eval") {
      ++evals;
      last = c.name;
      const prover::Result& r = results.front();
      if (!r.truth)  // Walnut's eval with free variables makes an automaton, not a verdict
        throw InputError(fmt::format("{}: eval {} has free variables ({}): a proof's evals are closed", claim.id,
                                     r.name, fmt::join(r.variables, ", ")));
      if (!*r.truth) {
        report.seconds = elapsed();
        return finish(ClaimStatus::fail, fmt::format("eval {} is FALSE{}", r.name, counterexample(r)));
      }
    }
    // TRUE, or a def: its implications must say something (prover/vacuity.hpp). The session has
    // parsed the statement after expanding its macros; the analysis reads it as written.
    std::vector<prover::Obligation> implications;
    try {
      implications = prover::vacuity_obligations(c.name, c.statement, c.command == "eval", k == stating ? "n" : "");
    } catch (const prover::detail::PositionedError& e) {
      throw InputError(fmt::format("{}: {} {}: the vacuity guard reads statements without macros ({})", claim.id,
                                   c.command, c.name, e.what));
    }
    // Each runs as the eval the transcript writes, so that `prove` reruns what check ran.
    for (const prover::Obligation& o : implications) {
      const std::string text = fmt::format("eval {} \"{}\":", o.name, o.statement);
      const prover::Result r = session.run(text, claim.id + " (vacuity)").front();
      note(r);
      ++obligations;
      if (report.transcript) report.transcript->commands += one_line(text) + "\n";
      if (!*r.truth) {
        report.seconds = elapsed();
        return finish(ClaimStatus::vacuous, fmt::format("{} (eval {} is FALSE)", o.failure, o.name));
      }
    }
  }
  report.seconds = elapsed();
  if (evals == 0) throw InputError(claim.id + ": its proof has no eval");
  if (report.transcript) {
    for (const std::string& w : words) report.transcript->words[w] = prover::write_automaton(session.word(w));
    for (const std::string& system : session.systems())
      for (auto& [file, text] : prover::walnut_custom_bases(session, system)) report.transcript->bases[file] = text;
  }
  return finish(ClaimStatus::proved,
                fmt::format("{} eval{} TRUE, the last: {}; {} vacuity eval{} TRUE", evals, evals == 1 ? "" : "s", last,
                            obligations, obligations == 1 ? "" : "s"));
}

}  // namespace qg
