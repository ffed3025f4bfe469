// The games' dictionaries (seed 003 (27)–(44)), their bit-strings, and translation in a
// perfect sector (§2.1).
#include <algorithm>

#include <fmt/format.h>

#include "queengames/dictionary.hpp"
#include "queengames/twopile.hpp"

namespace qg::dictionary {

void sweep_upper_p_positions(unsigned k, unsigned l, std::uint64_t columns,
                             const std::function<void(std::uint64_t a, std::uint64_t b)>& upper,
                             const ProgressFn& progress) {
  twopile::Ruleset ruleset = twopile::Ruleset::parse(fmt::format("kl-maharaja:{},{}", k, l));
  // a_n increases and a_n ≥ n, so columns P-positions reach every column below `columns`.
  twopile::sweep_p_positions(
      ruleset, columns + 1,
      [&](std::uint64_t, std::uint64_t a, std::uint64_t b) {
        if (a >= columns) return false;
        if (b > a) upper(a, b);
        return true;
      },
      progress);
}

std::vector<std::string> game_dictionary_names() { return {"maharaja", "maharaja23"}; }

GameDictionary game_dictionary(std::string_view name) {
  if (name == "maharaja") {
    // Seed 003 §2.3, (27)–(40); §2.2: the first word, 00100, is read at column 8.
    std::vector<DictionaryEntry> entries = {
        {"1", "0", "(27)"},
        {"01", "100", "(28)"},
        {"00100", "100101100", "(29)"},
        {"00110", "10010100", "(30)"},
        {"000100", "10010110100", "(31)"},
        {"001110", "100100100", "(32)"},
        {"0010110", "10010011000", "(33)"},
        {"00000100", "100101100111000", "(34)"},
        {"000010010", "1001001111000100", "(35)"},
        {"0000000", "10010110110100", "(36)"},
        {"0010100", "100100110100", "(37)"},
        {"0011110", "1001000100", "(38)"},
        {"00000010", "100101101100100", "(39)"},
        {"00001000", "100100111100100", "(40)"},
    };
    return {"maharaja",
            "Maharaja Nim (seed 003, dictionary (27)–(40))",
            1,
            2,
            Dictionary(std::move(entries), "00100", 0, ReadRule::prefix_free, "maharaja"),
            8};
  }
  if (name == "maharaja23") {
    // Seed 003 §5.1, (41)–(44): the start 0100011100000 holds columns 1–13 and the first
    // word begins at column 9, position (9, 14).
    std::vector<DictionaryEntry> entries = {
        {"0", "10", "(41)"},
        {"1", "0", "(42)"},
        {"01000", "100011100", "(43)"},
        {"01010", "10001100", "(44)"},
    };
    return {"maharaja23",
            "(2,3)-Maharaja Nim (seed 003, dictionary (41)–(44))",
            2,
            3,
            Dictionary(std::move(entries), "0100011100000", 8, ReadRule::longest_match, "maharaja23"),
            1};
  }
  throw InputError(fmt::format("unknown dictionary '{}' (named: maharaja, maharaja23; or a file)", name));
}

std::string game_bit_string(unsigned k, unsigned l, std::uint64_t columns) {
  std::string bits(columns, '1');
  sweep_upper_p_positions(k, l, columns, [&](std::uint64_t a, std::uint64_t) { bits[a] = '0'; }, {});
  return bits;
}

DictionaryRun run_game_dictionary(const GameDictionary& game, const DictionaryRunOptions& options) {
  std::uint64_t before = game.start_column;
  std::string prefix = game_bit_string(game.k, game.l, before);
  if (options.sink) options.sink(std::string_view(prefix).substr(0, std::min(before, options.bits)));
  DictionaryRunOptions shifted = options;
  shifted.bits = options.bits > before ? options.bits - before : 0;
  if (options.on_word)
    shifted.on_word = [&](std::size_t entry, std::uint64_t position) { options.on_word(entry, position + before); };
  if (options.progress)
    shifted.progress = [&](std::uint64_t done, std::uint64_t total) {
      options.progress(done + before, total + before);
    };
  if (!shifted.bits) shifted.sink = nullptr;
  DictionaryRun run = run_dictionary(game.dictionary, shifted);
  run.bits += before;
  run.head += before;
  if (run.stopped) run.stop_position += before;
  return run;
}

SectorTranslation translate_in_perfect_sector(std::string_view word, unsigned k, unsigned l) {
  // Offsets from the sector's corner: column i of the word, row j above the last row below
  // the sector. Every diagonal below the sector is used, so diagonal j − i must be ≥ 0.
  std::size_t zeros = static_cast<std::size_t>(std::count(word.begin(), word.end(), '0'));
  std::size_t length = word.size() + zeros;
  std::vector<char> row_used(length + word.size() + 8, 0), diagonal_used(length + word.size() + 8, 0);
  std::vector<long> row_of(word.size(), -1);  // the upper P-position's row offset in column i
  SectorTranslation out;
  for (std::size_t i = 0; i < word.size(); ++i) {
    if (word[i] != '0') continue;
    for (std::size_t j = i;; ++j) {
      if (j >= row_used.size()) throw InputError(fmt::format("word '{}' does not close a perfect sector", word));
      if (row_used[j] || diagonal_used[j - i]) continue;
      auto jumps_to_p = [&](unsigned dx, unsigned dy) {
        return i >= dx && j >= dy && row_of[i - dx] == static_cast<long>(j - dy);
      };
      if (jumps_to_p(k, l) || jumps_to_p(l, k)) continue;
      row_used[j] = diagonal_used[j - i] = 1;
      row_of[i] = static_cast<long>(j);
      out.upper.push_back({static_cast<unsigned>(i), static_cast<unsigned>(j)});
      break;
    }
  }
  out.translate.assign(length, '0');
  for (auto [i, j] : out.upper) {
    if (j >= length)
      throw InputError(fmt::format("word '{}': the P-position in column offset {} lies above its translate", word, i));
    out.translate[j] = '1';
  }
  return out;
}

}  // namespace qg::dictionary
