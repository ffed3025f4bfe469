// The registry: every module's catalogued sequences, gathered in one place.
#include <algorithm>

#include "queengames/catalog.hpp"

namespace qg {

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
