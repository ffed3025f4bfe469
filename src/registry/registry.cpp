// The registry: every module's claims and catalogued sequences, gathered in one place.
#include <algorithm>

#include "queengames/catalog.hpp"
#include "queengames/claims.hpp"

namespace qg {

std::vector<Claim> all_claims() {
  std::vector<Claim> all;
  for (auto&& part : {numeration_claims(), words_claims(), spiral_claims(), twopile_claims(), infty_claims(),
                      blocking_claims(), boards_claims(), dictionary_claims(), morphic_claims()})
    all.insert(all.end(), part.begin(), part.end());
  return all;
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

std::vector<Sequence> all_sequences() {
  std::vector<Sequence> all;
  for (auto&& part : {numeration_sequences(), words_sequences(), spiral_sequences(), twopile_sequences(),
                      infty_sequences(), blocking_sequences(), boards_sequences(), dictionary_sequences()})
    all.insert(all.end(), part.begin(), part.end());
  std::sort(all.begin(), all.end(), [](const Sequence& a, const Sequence& b) { return a.anumber < b.anumber; });
  return all;
}

Sequence find_sequence(std::string_view anumber) {
  std::string key(anumber);
  if (key.size() >= 2 && (key[0] == 'a')) key[0] = 'A';
  for (Sequence& s : all_sequences())
    if (s.anumber == key) return s;
  throw InputError("unknown A-number '" + std::string(anumber) + "': it is not in the catalogue");
}

}  // namespace qg
