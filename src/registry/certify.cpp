// The shipped automata certified when a proof reads them (issue 27): data/walnut/ is compiled in,
// so a run certifies what it trusts instead of trusting what the tests once certified.
#include <algorithm>

#include <fmt/format.h>

#include "prover/vacuity.hpp"
#include "queengames/claims.hpp"
#include "queengames/prover.hpp"
#include "queengames/synth.hpp"

namespace qg {

std::pair<std::shared_ptr<const Certification>, bool> Certifications::certify(const std::string& name,
                                                                              const std::filesystem::path& library,
                                                                              const ProgressFn& progress) {
  const synth::Synthesizable s = synth::find_synthesizable(name);
  auto c = std::make_shared<Certification>();
  c->automata.push_back(s.name);
  std::string text = s.certification;
  if (!s.partner.empty()) {
    c->automata.push_back(s.partner);
    text += synth::find_synthesizable(s.partner).certification;
  }
  // The library matters only when it holds one of the pair (Session::automaton reads it first).
  const bool own = std::any_of(c->automata.begin(), c->automata.end(), [&](const std::string& n) {
    return !library.empty() && std::filesystem::exists(library / "Automata Library" / (n + ".txt"));
  });
  auto key = [&](const std::string& n) { return (own ? library.string() : std::string()) + "\n" + n; };
  if (auto it = done_.find(key(name)); it != done_.end()) return {it->second, false};
  // The pair's certifications share the kernel: each command once.
  std::vector<std::string> seen;
  for (const prover::Command& command : prover::split_commands(text)) {
    std::string one(text.substr(command.begin, command.end - command.begin));
    if (std::find(seen.begin(), seen.end(), one) != seen.end()) continue;
    c->commands += one + "\n";
    seen.push_back(std::move(one));
  }
  automata::Context context;
  context.progress = progress;
  prover::Session session(std::move(context));
  if (!library.empty()) session.set_library(library);
  const auto start = std::chrono::steady_clock::now();
  const std::vector<prover::Result> results =
      session.run(c->commands, fmt::format("certification of {}", fmt::join(c->automata, ", ")));
  c->seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  std::size_t evals = 0;
  for (const prover::Result& r : results) {
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

}  // namespace qg
