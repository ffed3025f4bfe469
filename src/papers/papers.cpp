// The papers' claims gathered: each paper's, and all of them in the order `check` lists them.
#include "papers/papers.hpp"

#include <algorithm>
#include <initializer_list>

namespace qg {

namespace {

std::vector<Claim> joined(std::initializer_list<std::vector<Claim>> parts) {
  std::vector<Claim> all;
  for (const std::vector<Claim>& part : parts) all.insert(all.end(), part.begin(), part.end());
  return all;
}

}  // namespace

std::vector<Claim> exile_claims() {
  return joined({papers::exile_numeration::claims(), papers::exile_words::claims(), papers::exile_spiral::claims(),
                 papers::exile_boards::claims()});
}
std::vector<Claim> empress_claims() {
  return joined({papers::empress_twopile::claims(), papers::empress_morphic::claims()});
}
std::vector<Claim> knuth_claims() { return papers::knuth_infty::claims(); }
std::vector<Claim> maharaja_claims() {
  return joined({papers::maharaja_twopile::claims(), papers::maharaja_dictionary::claims()});
}
std::vector<Claim> blocking_claims() { return papers::blocking_paper::claims(); }

// The order `check --list` has printed since the claims lived with the engines (docs/PROVER.md's
// table and saved listings compare line by line): seed 000 §1–6, seed 001, seed 003 §1 and §4,
// seed 002, seed 004, seed 000 §7–8, seed 003 §2–5, seed 001 §4's morphic Queens; then the games of
// papers outside the seeds.
std::vector<Claim> all_claims() {
  using namespace papers;
  return joined({exile_numeration::claims(), exile_words::claims(), exile_spiral::claims(), empress_twopile::claims(),
                 maharaja_twopile::claims(), knuth_infty::claims(), blocking_paper::claims(), exile_boards::claims(),
                 maharaja_dictionary::claims(), empress_morphic::claims(), outside_twopile::claims()});
}

std::vector<Claim> select_claims(const std::vector<std::string>& patterns) {
  std::vector<Claim> all = all_claims();
  if (patterns.empty()) return all;
  std::vector<Claim> chosen;
  for (const std::string& pattern : patterns) {
    bool found = false;
    for (const Claim& claim : all) {
      // "exile" selects exile.*, "exile.theorem1" selects itself but not exile.theorem11.
      bool match = claim.id == pattern || claim.id.starts_with(pattern + ".") ||
                   (pattern.ends_with(".") && claim.id.starts_with(pattern)) ||
                   (pattern.ends_with("*") && claim.id.starts_with(pattern.substr(0, pattern.size() - 1)));
      if (!match) continue;
      found = true;
      if (std::none_of(chosen.begin(), chosen.end(), [&](const Claim& c) { return c.id == claim.id; }))
        chosen.push_back(claim);
    }
    if (!found) throw InputError("no claim matches '" + pattern + "'");
  }
  return chosen;
}

}  // namespace qg
