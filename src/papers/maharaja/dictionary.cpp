// The claims of seed 003 §2–5 and Appendix B about dictionary processes.
#include <algorithm>
#include <functional>
#include <random>
#include <unordered_map>

#include <fmt/format.h>

#include "papers/papers.hpp"
#include "queengames/dictionary.hpp"

namespace qg::papers::maharaja_dictionary {

using namespace dictionary;  // the engine these claims check

namespace {

// The columns below `columns` that hold an upper P-position, from the sweep, packed.
struct UpperColumns {
  std::vector<std::uint64_t> words;
  bool upper(std::uint64_t c) const { return (words[c / 64] >> (c % 64)) & 1; }
};

// `also` sees every upper P-position on the way.
UpperColumns sweep_columns(unsigned k, unsigned l, std::uint64_t columns, const ProgressFn& progress,
                           const std::function<void(std::uint64_t a, std::uint64_t b)>& also = {}) {
  UpperColumns u{std::vector<std::uint64_t>(columns / 64 + 1, 0)};
  sweep_upper_p_positions(
      k, l, columns,
      [&](std::uint64_t a, std::uint64_t b) {
        u.words[a / 64] |= std::uint64_t{1} << (a % 64);
        if (also) also(a, b);
      },
      progress);
  return u;
}

// The game's bit-string (sweep) against the dictionary's, column by column.
ClaimOutcome game_equals_dictionary(const std::string& name, std::uint64_t bound, const ProgressFn& progress,
                                    const std::function<void(std::uint64_t a, std::uint64_t b)>& also = {}) {
  GameDictionary game = game_dictionary(name);
  UpperColumns u = sweep_columns(game.k, game.l, bound, progress, also);
  std::uint64_t column = 0, mismatch = UINT64_MAX;
  DictionaryRunOptions o;
  o.bits = bound;
  o.sink = [&](std::string_view chunk) {
    for (char c : chunk) {
      if (mismatch == UINT64_MAX && (c == '0') != u.upper(column)) mismatch = column;
      ++column;
    }
  };
  DictionaryRun run = run_game_dictionary(game, o);
  if (run.stopped) return failed(run.stop_position, fmt::format("the process stopped at bit {}", run.stop_position));
  if (mismatch != UINT64_MAX)
    return failed(mismatch, fmt::format("column {}: the game has bit {}", mismatch, u.upper(mismatch) ? 0 : 1));
  return passed(bound, fmt::format("{} bits agree ({} words read)", bound, run.words_read));
}

// −4 ≤ b_n − a_n − n ≤ 3 from the words: the k-th upper P-position of a word read at a
// perfect sector (where b − a = n) sits at column offset i, row offset j, so b_n − a_n − n
// = j − i − k.
std::pair<long, long> deviation_from_words(const GameDictionary& game) {
  long lo = 0, hi = 0;
  for (const auto& e : game.dictionary.entries()) {
    auto t = translate_in_perfect_sector(e.word, game.k, game.l);
    for (std::size_t k = 0; k < t.upper.size(); ++k) {
      long d = static_cast<long>(t.upper[k].second) - static_cast<long>(t.upper[k].first) - static_cast<long>(k);
      lo = std::min(lo, d), hi = std::max(hi, d);
    }
  }
  return {lo, hi};
}

ClaimOutcome maharaja_dictionary(std::uint64_t bound, const ProgressFn& progress) {
  long game_lo = 0, game_hi = 0;
  std::uint64_t n = 0;
  ClaimOutcome out = game_equals_dictionary("maharaja", bound, progress, [&](std::uint64_t a, std::uint64_t b) {
    long d = static_cast<long>(b - a) - static_cast<long>(++n);
    game_lo = std::min(game_lo, d), game_hi = std::max(game_hi, d);
  });
  if (!out.pass) return out;
  auto [lo, hi] = deviation_from_words(game_dictionary("maharaja"));
  out.detail +=
      fmt::format("; the words give {} ≤ b_n − a_n − n ≤ {}, the game reaches [{}, {}]", lo, hi, game_lo, game_hi);
  out.pass = lo == -4 && hi == 3 && game_lo >= lo && game_hi <= hi;
  return out;
}

// Lemma 2.2: reading the game's own bit-string from column 8, every prefix read is a word.
ClaimOutcome maharaja_lemma2_2(std::uint64_t bound, const ProgressFn& progress) {
  GameDictionary game = game_dictionary("maharaja");
  UpperColumns u = sweep_columns(1, 2, bound, progress);
  std::uint64_t head = game.start_column + game.dictionary.head(), words = 0;
  while (head < bound) {
    HeadRead r = game.dictionary.read([&](std::uint64_t i) { return !u.upper(head + i); }, bound - head);
    if (r.status == HeadRead::Status::end_of_string) break;
    if (r.status == HeadRead::Status::no_word) {
      std::string ahead;
      for (std::uint64_t c = head; c < std::min(bound, head + 9); ++c) ahead += u.upper(c) ? '0' : '1';
      return failed(head, fmt::format("column {}: no word is a prefix of {}", head, ahead));
    }
    head += game.dictionary.entries()[r.entry].word.size();
    ++words;
  }
  return passed(bound, fmt::format("{} words read from the game's string, each in the dictionary", words));
}

ClaimOutcome maharaja_word_counts(std::uint64_t bound, const ProgressFn& progress) {
  GameDictionary game = game_dictionary("maharaja");
  DictionaryRunOptions o;
  o.bits = bound;
  o.progress = progress;
  DictionaryRun run = run_game_dictionary(game, o);
  std::string detail;
  bool pass = !run.stopped;
  const auto& entries = game.dictionary.entries();
  // The factors of maharaja.convergence hold every word read past column 1000 + C; the
  // bits before are in the run whenever the bound passes 2000.
  ConvergenceProof proof = prove_convergence(game, 160, 50000, 1000, progress);
  for (std::size_t e = 0; e < entries.size(); ++e) {
    detail += fmt::format("{}{}×{}", e ? ", " : "", entries[e].label, run.counts[e]);
    // (27)–(35) occur; (36)–(40) do not (the paper: not in the first 20000 bits).
    pass &= (e < 9) == (run.counts[e] > 0);
    pass &= (e < 9) == proof.entry_read[e];
  }
  detail += fmt::format("; no factor of the convergence proof reads (36)–(40): they never occur{}",
                        bound >= 2000 ? "" : " past column 1039 (bound too small for the rest)");
  return {pass && proof.proved && bound >= 2000, bound, detail};
}

// Lemma 2.1 on the n with (26): b_n − a_n = n iff a_{n−1} is perfect. Reading: the sector is
// taken after the columns holding lower P-positions are erased (§2.1, Figure 6), so a knight
// jump into such a column does not spoil it; read literally (any knight jump into the sector
// spoils it) the lemma fails 6901 times among the 31480 n with (26) below column 10^5.
ClaimOutcome maharaja_lemma2_1(std::uint64_t bound, const ProgressFn& progress) {
  std::vector<bool> lower(bound + 3, false), diagonal(bound + 1, false);  // bits: 10^9 columns in 250 MB
  std::vector<std::pair<std::uint64_t, std::uint64_t>> last = {{0, 0}};  // (a_{n−2}, b_{n−2}), (a_{n−1}, b_{n−1})
  std::uint64_t n = 0, mex = 1, max_b = 0, checked = 0, held = 0;
  diagonal[0] = true;
  std::string failure;
  sweep_upper_p_positions(
      1, 2, bound,
      [&](std::uint64_t a, std::uint64_t b) {
        ++n;
        if (mex == n && failure.empty()) {  // (26): the diagonals 0 … n−1 are all used
          auto [a1, b1] = last.back();
          bool perfect = max_b < a1 + n + 1;  // no row of an earlier P-position runs through the sector
          for (const auto& [ai, bi] : last)
            for (auto [dx, dy] : {std::pair{1, 2}, std::pair{2, 1}}) {
              std::uint64_t x = ai + dx, y = bi + dy;
              if (x > a1 && y >= x + n && !lower[x]) perfect = false;
            }
          ++checked;
          held += perfect;
          if ((b - a == n) != perfect)
            failure = fmt::format("n = {}: (a_n, b_n) = ({}, {}) but a_{{n−1}} = {} is {}perfect", n, a, b, a1,
                                  perfect ? "" : "not ");
        }
        if (b < lower.size()) lower[b] = true;
        if (b - a < diagonal.size()) diagonal[b - a] = true;
        while (mex < diagonal.size() && diagonal[mex]) ++mex;
        max_b = std::max(max_b, b);
        if (last.size() == 2) last.erase(last.begin());
        last.push_back({a, b});
      },
      progress);
  if (!failure.empty()) return failed(bound, failure);
  return {true, bound,
          fmt::format("(26) holds for {} of the {} upper P-positions; (25) and perfection agree on all, "
                      "{} of them perfect",
                      checked, n, held)};
}

// §5.1 Claims 1 and 2, on the sequence of words the process reads.
ClaimOutcome maharaja23_words(std::uint64_t bound, const ProgressFn& progress, bool claim1) {
  GameDictionary game = game_dictionary("maharaja23");
  const auto& entries = game.dictionary.entries();
  std::vector<std::pair<std::size_t, std::uint64_t>> recent;  // the last three words read
  std::string failure;
  std::uint64_t seen = 0;
  DictionaryRunOptions o;
  o.bits = bound;
  o.progress = progress;
  o.on_word = [&](std::size_t e, std::uint64_t position) {
    recent.push_back({e, position});
    if (recent.size() > 3) recent.erase(recent.begin());
    const auto& w = [&](std::size_t back) -> const std::string& {
      return entries[recent[recent.size() - 1 - back].first].word;
    };
    if (!failure.empty()) return;
    if (claim1 && recent.size() >= 2 && w(1) == "01000") {
      ++seen;
      if (w(0) != "1") failure = fmt::format("bit {}: 01000 followed by {}", recent.back().second, w(0));
    }
    if (!claim1 && recent.size() == 3 && w(2) == "0" && w(1) == "1") {
      ++seen;
      if (w(0)[0] == '0') failure = fmt::format("bit {}: 0, 1, then {}", recent.back().second, w(0));
    }
  };
  DictionaryRun run = run_game_dictionary(game, o);
  if (run.stopped) return failed(run.stop_position, "the process stopped");
  if (!failure.empty()) return failed(bound, failure);
  return passed(bound,
                claim1 ? fmt::format("01000 read {} times, always followed by 1", seen)
                       : fmt::format("0, 1 read {} times in a row, never followed by a word beginning with 0", seen));
}

// The telescope against the sweep: every column below min(bound, 10^5) (so every position
// of that square, one P-position a column), then 10^4 random columns in [bound/2, bound).
ClaimOutcome telescope_claim(const std::string& name, std::uint64_t bound, const ProgressFn& progress) {
  GameDictionary game = game_dictionary(name);
  std::uint64_t square = std::min<std::uint64_t>(bound, 100000);
  std::vector<std::uint64_t> columns(square);
  for (std::uint64_t x = 0; x < square; ++x) columns[x] = x;
  std::mt19937_64 rng(bound);
  while (bound > square && columns.size() < square + 10000) columns.push_back(bound / 2 + rng() % (bound - bound / 2));
  // The rows of the columns asked, from the sweep (a bitset marks them: 10^9 columns of rows
  // would not fit in memory).
  std::vector<std::uint64_t> asked(bound / 64 + 1, 0);
  for (auto x : columns) asked[x / 64] |= std::uint64_t{1} << (x % 64);
  auto is_asked = [&](std::uint64_t c) { return c < bound && ((asked[c / 64] >> (c % 64)) & 1); };
  std::unordered_map<std::uint64_t, std::uint64_t> row{{0, 0}};
  sweep_upper_p_positions(
      game.k, game.l, bound,
      [&](std::uint64_t a, std::uint64_t b) {
        if (is_asked(a)) row[a] = b;
        if (is_asked(b)) row[b] = a;
      },
      progress);
  Telescope telescope(game, 256);  // a short prefix: the telescope does the work from column 256 on
  TelescopeTrace trace;
  for (auto x : columns) {
    std::uint64_t r = telescope.p_row(x, &trace);
    if (r != row.at(x)) return failed(x, fmt::format("column {}: telescope row {}, sweep row {}", x, r, row.at(x)));
    if (x && (telescope.is_p(x, r + 1) || !telescope.is_p(r, x)))
      return failed(x, fmt::format("column {}: is-p disagrees with the row", x));
  }
  return passed(bound, fmt::format("every column below {}{}; the candidate parses met within {} bits", square,
                                   bound > square ? fmt::format(" and 10000 random columns below {}", bound) : "",
                                   trace.sync_bits));
}

ClaimOutcome convergence_claim(const std::string& name, std::uint64_t factor_length, std::uint64_t bound,
                               const ProgressFn& progress) {
  ConvergenceProof proof = prove_convergence(game_dictionary(name), factor_length, bound, 1000, progress);
  if (!proof.proved) return failed(bound, proof.failure);
  return passed(bound,
                fmt::format("from column 1000 on the parses meet within {} bits: the {} factors of length {} close "
                            "under translation ({} not in the first {} bits)",
                            proof.meeting_bits, proof.factors, factor_length, proof.added, bound));
}

ClaimOutcome appendix_b(std::uint64_t bound, const ProgressFn&) {
  MultiplicationTable table = appendix_b_table();
  TableDictionary d = table_dictionary(table);
  const std::vector<std::string> example = {"SS", "SAAS", "SBBCCS", "SBBCCAAS", "SBBCCAACCS", "SBBCCAAAAAAS"};
  auto rows = d.rows(static_cast<std::size_t>(bound));
  if (!std::equal(example.begin(), example.end(), rows.begin()))
    return failed(6, "the first rows are not SS SAAS SBBCCS SBBCCAAS SBBCCAACCS SBBCCAAAAAAS");
  // Row r of the process is row r + 1 of the pattern with its inner symbols doubled.
  auto pattern = table_pattern(table, static_cast<std::size_t>(bound) + 1);
  std::vector<char> used(table.symbols.size() * table.symbols.size(), 0);
  for (std::size_t r = 0; r < rows.size(); ++r) {
    const std::string& p = pattern[r + 1];
    std::string doubled = "S";
    for (std::size_t i = 1; i + 1 < p.size(); ++i) doubled += std::string(2, p[i]);
    if (rows[r] != doubled + "S")
      return failed(r, fmt::format("row {}: {} but the pattern gives {}S", r + 1, rows[r], doubled));
    for (std::size_t i = 0; i + 1 < pattern[r].size(); ++i)
      used[table.symbols.find(pattern[r][i]) * table.symbols.size() + table.symbols.find(pattern[r][i + 1])] = 1;
  }
  // "the table entries B*S and S*C are never going to occur, but all other entries do"
  std::string unused;
  for (std::size_t e = 0; e < used.size(); ++e)
    if (!used[e])
      unused += fmt::format("{}{}*{}", unused.empty() ? "" : ", ", table.symbols[e / table.symbols.size()],
                            table.symbols[e % table.symbols.size()]);
  return {unused == "S*C, B*S", rows.size(),
          fmt::format("{} rows match the pattern; entries never used: {}", rows.size(), unused)};
}

}  // namespace

std::vector<Claim> claims() {
  const std::uint64_t giga = 1000000000;
  return {
      Claim{.id = "maharaja.dictionary",
            .source = "seed 003 §2.3, (27)–(40), Theorem 1.2",
            .kind = ClaimKind::theorem,
            .statement =
                "Maharaja Nim's bit-string (bit i = 0 iff column i holds an upper P-position) is the string of the "
                "dictionary (27)–(40) read from column 8; its words give −4 ≤ b_n − a_n − n ≤ 3",
            .unit = "bits",
            .bounds = {.tour = 20000, .standard = 10000000, .deep = giga, .max = giga},
            .check = maharaja_dictionary},
      Claim{.id = "maharaja.lemma2_2",
            .source = "seed 003 §2.3, Lemma 2.2",
            .kind = ClaimKind::lemma,
            .statement = "reading the game's own bit-string from column 8, every prefix read is a word of (27)–(40)",
            .unit = "bits",
            .bounds = {.tour = 20000, .standard = 10000000, .deep = giga, .max = giga},
            .check = maharaja_lemma2_2},
      Claim{.id = "maharaja.word_counts",
            .source = "seed 003 §2.3",
            .kind = ClaimKind::observation,
            .statement =
                "the words (27)–(35) occur in the bit-string and (36)–(40) never do (the paper: not in the first 20000 "
                "bits; never, by the factors of maharaja.convergence)",
            .unit = "bits",
            .bounds = {.tour = 20000, .standard = 100000000, .deep = giga, .max = 100 * giga},
            .check = maharaja_word_counts},
      Claim{.id = "maharaja.lemma2_1",
            .source = "seed 003 §2, Lemma 2.1",
            .kind = ClaimKind::lemma,
            .statement = "when {0,…,n−1} = {b_i − a_i : i < n} (26), b_n − a_n = n (25) iff a_{n−1} is perfect",
            .unit = "columns",
            .bounds = {.tour = 20000, .standard = 10000000, .deep = giga, .max = giga},
            .check = maharaja_lemma2_1},
      Claim{
          .id = "maharaja23.dictionary",
          .source = "seed 003 §5.1, (41)–(44)",
          .kind = ClaimKind::theorem,
          .statement =
              "(2,3)-Maharaja Nim's bit-string is the string of the longest-match dictionary (41)–(44) from the start "
              "0100011100000, read from column 9",
          .unit = "bits",
          .bounds = {.tour = 20000, .standard = 10000000, .deep = giga, .max = giga},
          .check = [](std::uint64_t bound,
                      const ProgressFn& p) { return game_equals_dictionary("maharaja23", bound, p); }},
      Claim{.id = "maharaja23.claim1",
            .source = "seed 003 §5.1, Claim 1",
            .kind = ClaimKind::lemma,
            .statement = "when the word 01000 is read, the next word read is 1",
            .unit = "bits",
            .bounds = {.tour = 20000, .standard = 100000000, .deep = giga, .max = 100 * giga},
            .check = [](std::uint64_t bound, const ProgressFn& p) { return maharaja23_words(bound, p, true); }},
      Claim{.id = "maharaja23.claim2",
            .source = "seed 003 §5.1, Claim 2",
            .kind = ClaimKind::lemma,
            .statement = "the words 0, 1 are never followed by a word beginning with 0",
            .unit = "bits",
            .bounds = {.tour = 20000, .standard = 100000000, .deep = giga, .max = 100 * giga},
            .check = [](std::uint64_t bound, const ProgressFn& p) { return maharaja23_words(bound, p, false); }},
      Claim{.id = "maharaja23.telescope",
            .source = "seed 003 §4, §5.2",
            .kind = ClaimKind::theorem,
            .statement =
                "the telescope's P-positions equal the sweep's: every column below min(bound, 10^5), and 10^4 random "
                "columns below the bound",
            .unit = "columns",
            .bounds = {.tour = 2000, .standard = 20000, .deep = giga, .max = giga},
            .check = [](std::uint64_t bound, const ProgressFn& p) { return telescope_claim("maharaja23", bound, p); }},
      Claim{.id = "maharaja23.convergence",
            .source = "seed 003 §5.2",
            .kind = ClaimKind::theorem,
            .statement =
                "(41)–(44) converge: from any column the parses meet within a bounded number of bits (proof by closing "
                "the factors of length 100 under translation)",
            .unit = "bits",
            .bounds = {.tour = 100000, .standard = 1000000, .deep = 1000000, .max = 100000000},
            .check = [](std::uint64_t bound,
                        const ProgressFn& progress) { return convergence_claim("maharaja23", 100, bound, progress); }},
      Claim{.id = "maharaja.convergence",
            .source = "seed 003 §1 Question 1, §4",
            .kind = ClaimKind::theorem,
            .statement = "Question 1, settled here: (27)–(40) converge too, so the telescope decides Maharaja Nim in "
                         "time polynomial "
                         "in log(xy) (proof by closing the factors of length 160 under translation)",
            .unit = "bits",
            .bounds = {.tour = 50000, .standard = 1000000, .deep = 1000000, .max = 100000000},
            .check = [](std::uint64_t bound,
                        const ProgressFn& progress) { return convergence_claim("maharaja", 160, bound, progress); }},
      Claim{.id = "maharaja.telescope",
            .source = "seed 003 §1 Question 1, §4",
            .kind = ClaimKind::theorem,
            .statement =
                "the telescope decides Maharaja Nim too: its P-positions equal the sweep's on every column below "
                "min(bound, 10^5), and 10^4 random columns below the bound",
            .unit = "columns",
            .bounds = {.tour = 2000, .standard = 20000, .deep = giga, .max = giga},
            .check = [](std::uint64_t bound, const ProgressFn& p) { return telescope_claim("maharaja", bound, p); }},
      Claim{.id = "appendixB.example",
            .source = "seed 003 Appendix B",
            .kind = ClaimKind::table,
            .statement = "the table's dictionary from SS gives SS SAAS SBBCCS SBBCCAAS SBBCCAACCS SBBCCAAAAAAS …, the "
                         "pattern's rows "
                         "doubled; B*S and S*C are never used, every other entry is",
            .unit = "rows",
            .bounds = {.tour = 30, .standard = 300, .deep = 300, .max = 3000},
            .check = appendix_b},
  };
}

}  // namespace qg::papers::maharaja_dictionary
