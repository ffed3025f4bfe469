// Long runs of the prover against brute force (tests/prover_oracle.hpp): random statements
// until the time is up, each disagreement shrunk, printed, and appended to a file of
// regressions. `make differential DIFFERENTIAL_SECONDS=3600`, or
//   build/tests/prover_differential --seconds 3600 --seed 1 --record tests/walnut/prover_regressions.txt
// (--count N stops after N statements; --verbose 1 prints each statement with the seconds it took).
#include <chrono>
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <string>

#include <fmt/format.h>

#include "prover_oracle.hpp"

int main(int argc, char** argv) {
  using namespace qg::prover;
  double seconds = 60;
  std::uint64_t seed = static_cast<std::uint64_t>(std::chrono::system_clock::now().time_since_epoch().count());
  std::string record;
  bool verbose = false;
  std::uint64_t count = UINT64_MAX;
  for (int i = 1; i + 1 < argc; i += 2) {
    std::string k = argv[i], v = argv[i + 1];
    if (k == "--seconds") seconds = std::stod(v);
    else if (k == "--seed") seed = std::stoull(v);
    else if (k == "--record") record = v;
    else if (k == "--verbose") verbose = v == "1";
    else if (k == "--count") count = std::stoull(v);
    else {
      std::cerr << "prover_differential: unknown option " << k
                << " (--seconds S --count N --seed N --record FILE --verbose 1)\n";
      return 2;
    }
  }
  std::cout << fmt::format("seed {}, {} s\n", seed, seconds) << std::flush;
  Session session = oracle::session();
  oracle::Generator generator(seed);
  const auto end = std::chrono::steady_clock::now() + std::chrono::duration<double>(seconds);
  std::uint64_t statements = 0, agreed = 0, skipped = 0, failed = 0, assignments = 0;
  auto last = std::chrono::steady_clock::now();
  while (std::chrono::steady_clock::now() < end && statements < count) {
    std::string text = generator.next();
    const auto started = std::chrono::steady_clock::now();
    oracle::Outcome o = oracle::compare(session, text);
    if (verbose)
      std::cout << fmt::format("{:.3f} s  {}{}\n",
                               std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count(), text,
                               o.kind == oracle::Outcome::skipped ? "\n  skipped: " + o.detail : "")
                << std::flush;
    ++statements;
    if (o.kind == oracle::Outcome::skipped) ++skipped;
    else if (o.kind == oracle::Outcome::agree) ++agreed, assignments += o.assignments;
    else {
      ++failed;
      auto [small, why] = oracle::shrink(session, text);
      std::cout << fmt::format("DISAGREE: {}\n  smallest: {}\n  {}\n", text, small, why.detail) << std::flush;
      if (!record.empty()) std::ofstream(record, std::ios::app) << small << "\n";
    }
    if (std::chrono::steady_clock::now() - last > std::chrono::seconds(60)) {
      last = std::chrono::steady_clock::now();
      std::cout << fmt::format("{} statements, {} agree, {} skipped, {} disagree\n", statements, agreed, skipped,
                               failed)
                << std::flush;
    }
  }
  std::cout << fmt::format("{} statements: {} agree ({} assignments), {} skipped, {} disagree\n", statements, agreed,
                           assignments, skipped, failed);
  return failed == 0 ? 0 : 1;
}
