// The census of seed 001 §4's families, in both directions.
#include <chrono>

#include <fmt/format.h>

#include "queengames/morphic.hpp"

namespace qg::morphic {

using twopile::Position;
using twopile::Ruleset;
using words::Coding;
using words::FixedPointStream;
using words::Morphism;
namespace {

std::string power(char letter, std::uint64_t k) { return std::string(static_cast<std::size_t>(k), letter); }

}  // namespace

Census run_census(std::uint64_t window, std::uint64_t guess_letters, std::uint64_t verify, const ProgressFn& progress) {
  struct Entry {
    std::string family, morphism, deleted;
    char a, b;
  };
  std::vector<Entry> entries;
  for (std::uint64_t k = 1; k <= 4; ++k)
    for (std::uint64_t j = 1; j <= 4; ++j)
      entries.push_back({"a→a^k b, b→a^j", "a->" + power('a', k) + "b,b->" + power('a', j), "", 'a', 'b'});
  for (std::uint64_t k = 1; k <= 5; ++k) entries.push_back({"a→ab, b→a^k", "a->ab,b->" + power('a', k), "", 'a', 'b'});
  for (std::uint64_t k = 2; k <= 5; ++k)
    for (std::uint64_t j = 1; j < k; ++j)
      entries.push_back(
          {"a→a^{k−j} b a^j, b→a", "a->" + power('a', k - j) + "b" + power('a', j) + ",b->a", "", 'a', 'b'});
  for (std::uint64_t k = 3; k <= 6; ++k) {
    std::string text;  // a→ab, b→ac, …, the last letter → a
    for (std::uint64_t i = 0; i < k; ++i)
      text += fmt::format("{}{}->a{}", i ? "," : "", static_cast<char>('a' + i),
                          i + 1 < k ? std::string(1, static_cast<char>('a' + i + 1)) : "");
    // Keep two letters (the first codes a_n, the second b_n) and delete the others: t_c of
    // seed 001 §3 for k = 3.
    for (std::uint64_t x = 0; x < k; ++x)
      for (std::uint64_t y = x + 1; y < k; ++y) {
        std::string deleted;
        for (std::uint64_t i = 0; i < k; ++i)
          if (i != x && i != y) deleted.push_back(static_cast<char>('a' + i));
        entries.push_back(
            {fmt::format("{}-bonacci", k), text, deleted, static_cast<char>('a' + x), static_cast<char>('a' + y)});
      }
  }
  std::vector<std::string> games = census_rulesets();
  games.insert(games.begin() + 1, "maharaja");
  const std::uint64_t total = entries.size() + games.size();
  Poller poller(progress, total);
  std::uint64_t done = 0;
  // Each row takes up to seconds: its steps poll too, reporting the census's own progress.
  const ProgressFn within = [&](std::uint64_t, std::uint64_t) {
    if (progress) progress(done, total);
  };
  Census census;
  for (const Entry& e : entries) {
    poller.tick(++done);
    CensusMorphismRow row{e.family, e.morphism, "", {e.a, e.b}, {}};
    std::string coding_text;
    for (char d : e.deleted) coding_text += fmt::format("{}{}->", coding_text.empty() ? "" : ",", d);
    row.coding = coding_text;
    Coding coding = coding_text.empty() ? Coding() : Coding::parse(coding_text);
    try {
      row.analysis =
          analyse_invariant(pairs_from_morphism(Morphism::parse(e.morphism), coding, e.a, e.b, window), window, within);
    } catch (const InputError& error) {
      row.analysis.queen = fmt::format("not a pair of P-positions: {}", error.what());
    }
    census.morphisms.push_back(std::move(row));
  }
  for (const std::string& name : games) {
    poller.tick(++done);
    auto start = std::chrono::steady_clock::now();
    CensusGameRow row{name, {}, {}, 0};
    try {
      Ruleset rules = Ruleset::parse(name);
      row.search = find_morphism(characteristic_word(rules, guess_letters, within), 100, 1024, within);
      if (row.search.guess && verify > 0) row.verification = verify_morphism(*row.search.guess, rules, verify, within);
    } catch (const RangeError& error) {
      row.search.evidence = fmt::format("the sweep refuses it: {}", error.what());
    }
    row.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    census.games.push_back(std::move(row));
  }
  poller.finish();
  return census;
}

}  // namespace qg::morphic
