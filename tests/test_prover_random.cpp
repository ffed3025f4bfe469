// The prover against brute force on random statements over every number system, both
// directions mixed (tests/prover_oracle.hpp), and on every statement that ever disagreed
// (tests/walnut/prover_regressions.txt). A disagreement prints the smallest statement the
// shrinker reduces it to; add it to the regressions file with the fix.
#include <gtest/gtest.h>

#include <fstream>
#include <map>
#include <set>

#include <fmt/format.h>

#include "prover_oracle.hpp"

using namespace qg::prover;
using oracle::Outcome;

namespace {

const char* kind_name(Outcome::Kind k) {
  switch (k) {
    case Outcome::agree:
      return "agree";
    case Outcome::wrong:
      return "WRONG";
    case Outcome::refused:
      return "REFUSED";
    case Outcome::unparsed:
      return "UNPARSED";
    case Outcome::skipped:
      return "skipped";
  }
  return "?";
}

// The statements of the seeds [first, first + count), compared; failures shrunk.
struct Tally {
  std::uint64_t statements = 0, agreed = 0, skipped = 0, assignments = 0, mixed = 0;
  std::set<std::string> systems;  // systems of agreeing statements
  std::vector<std::string> failures;
};

Tally run_seeds(std::uint64_t first, std::uint64_t count) {
  Tally run;
  Session session = oracle::session();
  oracle::Generator generator(first);
  for (std::uint64_t i = 0; i < count; ++i) {
    std::string text = generator.next();
    Outcome o = oracle::compare(session, text);
    ++run.statements;
    if (o.kind == Outcome::skipped) {
      ++run.skipped;
      continue;
    }
    if (o.kind != Outcome::agree) {
      auto [small, why] = oracle::shrink(session, text);
      run.failures.push_back(fmt::format("{}: {}\n  smallest: {}\n  {}", kind_name(o.kind), text, small, why.detail));
      continue;
    }
    ++run.agreed;
    run.assignments += o.assignments;
    bool msd = false, lsd = false;
    for (std::size_t at = text.find('?'); at != std::string::npos; at = text.find('?', at + 1)) {
      std::string sys = text.substr(at + 1, text.find(' ', at) - at - 1);
      run.systems.insert(sys);
      (sys.starts_with("msd") ? msd : lsd) = true;
    }
    run.mixed += msd && lsd;
  }
  return run;
}

}  // namespace

// Every statement that ever disagreed with brute force, and the examples.
TEST(ProverRandom, Regressions) {
  std::ifstream in(QG_SOURCE_DIR "/tests/walnut/prover_regressions.txt");
  ASSERT_TRUE(in) << "tests/walnut/prover_regressions.txt";
  Session session = oracle::session();
  std::string line;
  int count = 0;
  while (std::getline(in, line)) {
    if (line.empty() || line.starts_with("//")) continue;
    ++count;
    Outcome o = oracle::compare(session, line);
    EXPECT_EQ(o.kind, Outcome::agree) << kind_name(o.kind) << ": " << line << "\n  " << o.detail;
  }
  EXPECT_GE(count, 10);
}

// Fixed seeds: every statement agrees; most are decided (the generator writes guarded
// quantifiers, so few are skipped); every system and both directions mixed are covered.
TEST(ProverRandom, FixedSeeds) {
#ifdef QG_SANITIZED
  const std::uint64_t count = 300;  // the sanitizers make each statement about ten times slower
#else
  const std::uint64_t count = 2000;
#endif
  Tally run = run_seeds(20261127, count);
  for (const auto& f : run.failures) ADD_FAILURE() << f;
  std::cout << fmt::format("{} statements: {} agree ({} assignments), {} skipped, {} mix msd and lsd\n", run.statements,
                           run.agreed, run.assignments, run.skipped, run.mixed);
  EXPECT_GE(run.agreed * 10, run.statements * 8);
  EXPECT_GE(run.mixed * 6, run.agreed);
  for (const auto& s : oracle::all_systems()) EXPECT_TRUE(run.systems.count(s.name)) << s.name << " never agreed";
}
