// Dictionary processes (seed 003 §2–5, Appendix B): the engine, the games' dictionaries,
// the telescope, the table encoding.
#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <numbers>
#include <random>

#include <fstream>
#include <sstream>

#include "queengames/dictionary.hpp"
#include "test_support.hpp"

namespace {

using qg::dictionary::Dictionary;
using qg::dictionary::HeadRead;

// The P-positions of (k,l)-Maharaja Nim in the size × size corner straight from the
// definition: a position is P iff none of its options is; the options are along the row,
// the column and the diagonal towards the corner, and the two jumps. Positions are decided
// in column-major order, so every option is decided first; lines are kept as "holds a P".
std::vector<std::vector<char>> brute_force(unsigned k, unsigned l, std::size_t size) {
  std::vector<std::vector<char>> p(size, std::vector<char>(size, 0));
  std::vector<char> row_p(size, 0), diagonal_p(2 * size, 0);
  for (std::size_t x = 0; x < size; ++x) {
    bool column_p = false;
    for (std::size_t y = 0; y < size; ++y) {
      std::size_t d = y + size - x;
      bool jump = (x >= k && y >= l && p[x - k][y - l]) || (x >= l && y >= k && p[x - l][y - k]);
      bool is_p = !column_p && !row_p[y] && !diagonal_p[d] && !jump;
      p[x][y] = is_p;
      if (is_p) column_p = true, row_p[y] = 1, diagonal_p[d] = 1;
    }
  }
  return p;
}

std::string brute_bits(unsigned k, unsigned l, std::size_t columns) {
  auto p = brute_force(k, l, 2 * columns + 16);
  std::string bits;
  for (std::size_t x = 0; x < columns; ++x) {
    bool upper = false;
    for (std::size_t y = x + 1; y < p.size(); ++y) upper |= p[x][y] != 0;
    bits += upper ? '0' : '1';
  }
  return bits;
}

std::string error_of(std::string_view text) {
  return input_error([&] { Dictionary::parse(text, "d.txt"); });
}

// ---- the engine ---------------------------------------------------------------------

TEST(DictionaryFile, ParsesEntriesStartHeadRuleAndLabels) {
  auto d = Dictionary::parse(
      "# (2,3)-Maharaja\nrule: longest-match\nstart: 01000111|00000\n"
      "0 -> 10  # (41)\n1 -> 0\n01000 → 100011100\n01010->10001100\n",
      "m23.txt");
  EXPECT_EQ(d.rule(), qg::dictionary::ReadRule::longest_match);
  EXPECT_EQ(d.start(), "0100011100000");
  EXPECT_EQ(d.head(), 8u);
  ASSERT_EQ(d.entries().size(), 4u);
  EXPECT_EQ(d.entries()[0].label, "(41)");
  EXPECT_EQ(d.entries()[2].translate, "100011100");
  EXPECT_EQ(d.max_word_length(), 5u);
  // to_string() is parseable and equivalent.
  auto again = Dictionary::parse(d.to_string(), "again");
  EXPECT_EQ(again.to_string(), d.to_string());
  EXPECT_EQ(again.head(), 8u);
  // An empty translate is allowed.
  EXPECT_EQ(Dictionary::parse("start: 1\n1 ->\n", "e").entries()[0].translate, "");
}

TEST(DictionaryFile, MalformedFilesNameTheLineAndTheProblem) {
  const std::map<std::string, std::string> cases = {
      {"start: 1\n1 -> 0\n0a1 -> 1\n", "d.txt:3: word '0a1': 'a' is not a bit (only 0 and 1)"},
      {"start: 1\n1 -> 02\n", "d.txt:2: translate '02' of '1': '2' is not a bit (only 0 and 1)"},
      {"start: 1\n -> 0\n", "d.txt:2: empty word (a word needs at least one bit)"},
      {"start: 1\n1 -> 0\n\n1 -> 00\n", "d.txt:4: duplicate word '1' (first on line 2)"},
      {"start: 1\n01 -> 0\n0 -> 1\n",
       "d.txt:3: '0' is a prefix of '01' (line 2): a prefix-free dictionary cannot hold both (write 'rule: "
       "longest-match' to read the longest word, seed 003 §5.1)"},
      {"# no start\n1 -> 0\n0 -> 1\n", "d.txt:3: no 'start: BITS' line (the process needs a starting string)"},
      {"start: 01x\n1 -> 0\n", "d.txt:1: start: 'x' is not a bit (only 0 and 1, and one '|')"},
      {"start: |\n1 -> 0\n", "d.txt:1: the start is empty"},
      {"start: 0|1|1\n1 -> 0\n", "d.txt:1: start: more than one '|' (it marks where the read head begins)"},
      {"start: 1\nstart: 0\n1 -> 0\n", "d.txt:2: a second start: line (the first is line 1)"},
      {"start: 1\nrule: shortest\n1 -> 0\n", "d.txt:2: unknown rule 'shortest' (prefix-free or longest-match)"},
      {"start: 1\n1 = 0\n", "d.txt:2: expected 'word -> translate', 'start: BITS' or 'rule: …', not '1 = 0'"},
      {"start: 1\n", "d.txt:1: no words (one 'word -> translate' a line)"},
      {"start: 1\n# nothing else\n\n", "d.txt:3: no words (one 'word -> translate' a line)"},
      {"", "d.txt:1: no 'start: BITS' line (the process needs a starting string)"},
  };
  for (const auto& [text, message] : cases) EXPECT_EQ(error_of(text), message) << text;
  // A prefix clash is fine under the longest-match rule.
  EXPECT_EQ(error_of("rule: longest-match\nstart: 1\n01 -> 0\n0 -> 1\n"), "no error");
  EXPECT_THROW(Dictionary::load("/no/such/dictionary.txt"), qg::InputError);
}

TEST(DictionaryRead, PrefixFreeAndLongestMatchRules) {
  auto pf = Dictionary::parse("start: 0\n1 -> 0\n01 -> 100\n00100 -> 100101100\n", "pf");
  EXPECT_EQ(pf.read("1000").status, HeadRead::Status::word);
  EXPECT_EQ(pf.entries()[pf.read("0100").entry].word, "01");
  EXPECT_EQ(pf.entries()[pf.read("00100").entry].word, "00100");
  EXPECT_EQ(pf.read("0011").status, HeadRead::Status::no_word);
  EXPECT_EQ(pf.read("001").status, HeadRead::Status::end_of_string);
  EXPECT_EQ(pf.read("").status, HeadRead::Status::end_of_string);
  // §5.1: after a 0 the head takes (41) unless the next four bits are 1000 or 1010.
  auto m23 = qg::dictionary::game_dictionary("maharaja23").dictionary;
  auto word = [&](std::string_view bits) { return m23.entries()[m23.read(bits).entry].word; };
  EXPECT_EQ(word("01000"), "01000");
  EXPECT_EQ(word("01010"), "01010");
  EXPECT_EQ(word("01011"), "0");
  EXPECT_EQ(word("00000"), "0");
  EXPECT_EQ(word("10"), "1");
  // With 0101 ahead the head cannot yet tell (41) from (44): the string has ended for it.
  EXPECT_EQ(m23.read("0101").status, HeadRead::Status::end_of_string);
  EXPECT_EQ(word("011"), "0");
}

TEST(DictionaryProcess, StopsWhereTheHeadFindsNoWord) {
  // 1 -> 0, 0 -> 11: 1|0 11 0|... grows forever; with 0 -> 1 alone, "0" → "01", then the
  // head at 1 finds no word.
  auto d = Dictionary::parse("start: 0\n0 -> 1\n", "d");
  qg::dictionary::DictionaryRunOptions o;
  o.bits = 100;
  auto run = qg::dictionary::run_dictionary(d, o);
  EXPECT_TRUE(run.stopped);
  EXPECT_EQ(run.stop_position, 1u);
  EXPECT_EQ(run.unread, "1");
  EXPECT_EQ(run.bits, 2u);
  EXPECT_EQ(run.words_read, 1u);
  // Under longest-match the head stops when the string ends before it can decide.
  auto lm = Dictionary::parse("rule: longest-match\nstart: 0\n0 -> 0\n00 -> 1\n", "lm");
  auto r2 = qg::dictionary::run_dictionary(lm, o);
  EXPECT_TRUE(r2.stopped);
  EXPECT_EQ(r2.stop_position, 0u);
  EXPECT_EQ(r2.unread, "0");
  // Words longer than 16 bits and translates longer than 64 bits take the general route:
  // 1^20 -> 1^140 0 and 0 -> 0 from 1^20 0 never stop (runs of 1s stay multiples of 20).
  std::string w(20, '1'), t(140, '1');
  auto longd = Dictionary::parse("start: " + w + "0\n" + w + " -> " + t + "0\n0 -> 0\n", "long");
  auto bits = qg::dictionary::dictionary_bits(longd, 1000);
  EXPECT_EQ(bits.substr(0, 21 + 141), w + "0" + t + "0");
  EXPECT_EQ(bits.size(), 1000u);
}

TEST(DictionaryProcess, MemoryFollowsTheUnreadPart) {
  // Maharaja's head stands near column n/φ when n bits exist: about 0.38 n bits are unread.
  auto game = qg::dictionary::game_dictionary("maharaja");
  qg::dictionary::DictionaryRunOptions o;
#ifdef QG_SANITIZED
  o.bits = 1 << 21;
#else
  o.bits = 1 << 24;
#endif
  std::uint64_t n = 0;
  o.sink = [&](std::string_view chunk) { n += chunk.size(); };
  auto run = qg::dictionary::run_dictionary(game.dictionary, o);
  EXPECT_EQ(n, o.bits);
  std::uint64_t unread = run.bits - run.head;
  EXPECT_NEAR(static_cast<double>(unread) / static_cast<double>(run.bits), 0.382, 0.01);
  EXPECT_GE(run.peak_buffer_bits, unread);
  EXPECT_LE(run.peak_buffer_bits, 4 * unread + 65536);  // words dropped by halves, vector growth
}

// ---- Maharaja Nim --------------------------------------------------------------------

TEST(Maharaja, WorkedExampleOfSection2_2) {
  // Seed 003 §2.2: 00100 → 100101100, then 1 → 0, then 0010110 → 10010011000.
  auto game = qg::dictionary::game_dictionary("maharaja");
  EXPECT_EQ(game.start_column, 8u);
  EXPECT_EQ(game.dictionary.start(), "00100");
  std::vector<std::string> read;
  qg::dictionary::DictionaryRunOptions o;
  o.bits = 26;
  std::string bits;
  o.sink = [&](std::string_view chunk) { bits += chunk; };
  o.on_word = [&](std::size_t e, std::uint64_t) { read.push_back(game.dictionary.entries()[e].word); };
  qg::dictionary::run_dictionary(game.dictionary, o);
  EXPECT_EQ(bits, "00100100101100010010011000");
  ASSERT_GE(read.size(), 3u);
  EXPECT_EQ(read[0], "00100");
  EXPECT_EQ(read[1], "1");
  EXPECT_EQ(read[2], "0010110");
  // The intermediate strings of §2.2.
  EXPECT_EQ(qg::dictionary::dictionary_bits(game.dictionary, 14), "00100100101100");
  EXPECT_EQ(qg::dictionary::dictionary_bits(game.dictionary, 15), "001001001011000");
}

TEST(Maharaja, Figure2PositionsAndTheGameBitString) {
  // Seed 003 Figure 2/7: (8,13), (9,16), (10,7), (11,19), (12,18).
  auto bits = qg::dictionary::game_bit_string(1, 2, 40);
  EXPECT_EQ(bits, brute_bits(1, 2, 40));
  EXPECT_EQ(bits.substr(8, 5), "00100");
  qg::dictionary::Telescope t(qg::dictionary::game_dictionary("maharaja"), 256);
  EXPECT_EQ(t.p_row(8), 13u);
  EXPECT_EQ(t.p_row(9), 16u);
  EXPECT_EQ(t.p_row(10), 7u);
  EXPECT_EQ(t.p_row(11), 19u);
  EXPECT_EQ(t.p_row(12), 18u);
}

TEST(Maharaja, DictionaryStringIsTheGameString) {
  auto game = qg::dictionary::game_dictionary("maharaja");
#ifdef QG_SANITIZED
  const std::size_t n = 800;
#else
  const std::size_t n = 3000;
#endif
  std::string bits;
  qg::dictionary::DictionaryRunOptions o;
  o.bits = n;
  o.sink = [&](std::string_view chunk) { bits += chunk; };
  auto run = qg::dictionary::run_game_dictionary(game, o);
  EXPECT_FALSE(run.stopped);
  EXPECT_EQ(bits, brute_bits(1, 2, n));
  EXPECT_EQ(bits, qg::dictionary::game_bit_string(1, 2, n));
}

TEST(Maharaja, EveryTranslateFollowsFromAPerfectSector) {
  // §2.1: each translate (27)–(40) is what the rules give in a perfect sector; the 1s of a
  // translate are the rows of the word's upper P-positions, so |t| = |w| + #0(w).
  for (const char* name : {"maharaja", "maharaja23"}) {
    auto game = qg::dictionary::game_dictionary(name);
    for (const auto& e : game.dictionary.entries()) {
      auto t = qg::dictionary::translate_in_perfect_sector(e.word, game.k, game.l);
      EXPECT_EQ(t.translate, e.translate) << name << " " << e.word << " " << e.label;
    }
  }
  // Figure 7: 00100 at columns 8–12 holds (8,13), (9,16), (11,19), (12,18): row offsets from 13.
  auto t = qg::dictionary::translate_in_perfect_sector("00100", 1, 2);
  std::vector<std::pair<unsigned, unsigned>> want = {{0, 0}, {1, 3}, {3, 6}, {4, 5}};
  EXPECT_EQ(t.upper, want);
}

TEST(Maharaja, Lemma2_2ListIsComplete) {
  // The proof's list of 25 words (14 words and 11 'to exclude') has exactly one prefix of
  // every bit-string: checked on all strings of 9 bits (the longest word).
  const std::vector<std::string> excluded = {"00000011", "00000101", "0000011", "000010011", "0000101", "000011",
                                             "000101",   "00011",    "0010101", "0010111",   "0011111"};
  auto game = qg::dictionary::game_dictionary("maharaja");
  std::vector<std::string> all = excluded;
  for (const auto& e : game.dictionary.entries()) all.push_back(e.word);
  ASSERT_EQ(all.size(), 25u);
  for (unsigned v = 0; v < 512; ++v) {
    std::string s;
    for (int i = 8; i >= 0; --i) s += static_cast<char>('0' + ((v >> i) & 1));
    int prefixes = 0;
    for (const auto& w : all) prefixes += s.compare(0, w.size(), w) == 0;
    EXPECT_EQ(prefixes, 1) << s;
  }
}

// ---- (2,3)-Maharaja ----------------------------------------------------------------------

TEST(Maharaja23, Figure12AndTheStartOfSection5_1) {
  // (1,2), (2,1), (3,6), (4,8), (5,7), (6,3), (7,5), (8,4): '01000111' on columns 1–8.
  auto bits = qg::dictionary::game_bit_string(2, 3, 14);
  EXPECT_EQ(bits, brute_bits(2, 3, 14));
  EXPECT_EQ(bits.substr(1, 8), "01000111");
  auto game = qg::dictionary::game_dictionary("maharaja23");
  EXPECT_EQ(game.dictionary.start(), "0100011100000");
  // The start agrees with the game on columns 1–13.
  EXPECT_EQ(bits.substr(1), game.dictionary.start());
  // §5.1: four translations (41), then (44).
  EXPECT_EQ(qg::dictionary::dictionary_bits(game.dictionary, 21), "010001110000010101010");
  EXPECT_EQ(qg::dictionary::dictionary_bits(game.dictionary, 29), "01000111000001010101010001100");
  qg::dictionary::Telescope t(game, 256);
  const std::vector<std::pair<unsigned, unsigned>> figure12 = {{1, 2}, {2, 1}, {3, 6}, {4, 8},
                                                               {5, 7}, {6, 3}, {7, 5}, {8, 4}};
  for (auto [x, y] : figure12) EXPECT_EQ(t.p_row(x), y);
}

TEST(Maharaja23, DictionaryStringIsTheGameString) {
  auto game = qg::dictionary::game_dictionary("maharaja23");
#ifdef QG_SANITIZED
  const std::size_t n = 800;
#else
  const std::size_t n = 3000;
#endif
  std::string bits;
  qg::dictionary::DictionaryRunOptions o;
  o.bits = n;
  o.sink = [&](std::string_view chunk) { bits += chunk; };
  qg::dictionary::run_game_dictionary(game, o);
  EXPECT_EQ(bits, brute_bits(2, 3, n));
}

TEST(Telescope, AgreesWithBruteForceOnThe2000Corner) {
#ifdef QG_SANITIZED
  const std::size_t n = 600, all = 100;
#else
  const std::size_t n = 2000, all = 300;
#endif
  for (const char* name : {"maharaja23", "maharaja"}) {
    auto game = qg::dictionary::game_dictionary(name);
    qg::dictionary::Telescope t(game, 256);  // a short prefix, so that most columns go through the telescope
    auto p = brute_force(game.k, game.l, n);
    // One P-position a column (Proposition 1.1): is-p(x, y) is "y is the row of column x".
    for (std::size_t x = 0; x < n; ++x) {
      std::size_t row = t.p_row(x);
      std::size_t brute = static_cast<std::size_t>(std::find(p[x].begin(), p[x].end(), 1) - p[x].begin());
      if (brute < n) ASSERT_EQ(row, brute) << name << " column " << x;
      else ASSERT_GE(row, n) << name << " column " << x;
      // is-p itself, at the P-position, its mirror image and the positions beside it.
      ASSERT_TRUE(t.is_p(x, row) && t.is_p(row, x)) << name << " column " << x;
      ASSERT_FALSE(t.is_p(x, row + 1) || t.is_p(row + 1, x)) << name << " column " << x;
      if (row > 0) {
        ASSERT_FALSE(t.is_p(x, row - 1)) << name << " column " << x;
      }
    }
    for (std::size_t x = 0; x < all; ++x)
      for (std::size_t y = 0; y < all; ++y) ASSERT_EQ(t.is_p(x, y), p[x][y] != 0) << name << " " << x << "," << y;
  }
}

TEST(Telescope, PrefixesOfDifferentLengthsAgreeUpTo2To61) {
  // No sweep reaches 2^62; two telescopes whose recursions bottom out at different prefixes
  // (256 and 2^14 columns, so every window is cut differently) must give the same rows.
#ifdef QG_SANITIZED
  const int columns = 20;
#else
  const int columns = 200;
#endif
  std::mt19937_64 rng(7);
  for (const char* name : {"maharaja23", "maharaja"}) {
    qg::dictionary::Telescope shorter(qg::dictionary::game_dictionary(name), 256),
        longer(qg::dictionary::game_dictionary(name));
    for (int i = 0; i < columns; ++i) {
      std::uint64_t x = (rng() >> (3 + rng() % 40)) + 1;  // every magnitude below 2^61, so the row is below 2^62
      std::uint64_t row = longer.p_row(x);
      ASSERT_EQ(shorter.p_row(x), row) << name << " column " << x;
      ASSERT_EQ(longer.p_row(row), x) << name << " column " << row;  // one P-position a row too
      ASSERT_EQ(longer.bit(x), row < x) << name << " column " << x;
    }
  }
}

TEST(Telescope, ConvergenceIsProvedForBothDictionaries) {
  // §5.2 for (41)–(44); for (27)–(40) this answers Question 1 (docs/DICTIONARY.md).
  auto m23 = qg::dictionary::prove_convergence(qg::dictionary::game_dictionary("maharaja23"), 100, 100000);
  EXPECT_TRUE(m23.proved) << m23.failure;
  EXPECT_EQ(m23.meeting_bits, 16u);
  EXPECT_EQ(m23.factors, 1687u);
  auto m = qg::dictionary::prove_convergence(qg::dictionary::game_dictionary("maharaja"), 160, 50000);
  EXPECT_TRUE(m.proved) << m.failure;
  EXPECT_EQ(m.meeting_bits, 39u);
  EXPECT_GT(m.added, 0u);  // the closure supplies factors the short prefix does not show
  // Factors too short to hold a translate's worth of target fail, and say why.
  auto short_factors = qg::dictionary::prove_convergence(qg::dictionary::game_dictionary("maharaja23"), 60, 100000);
  EXPECT_FALSE(short_factors.proved);
  EXPECT_NE(short_factors.failure.find("too short"), std::string::npos);
  EXPECT_THROW(qg::dictionary::prove_convergence(qg::dictionary::game_dictionary("maharaja"), 160, 1000),
               qg::RangeError);
}

TEST(Telescope, RangeAndDepth) {
  qg::dictionary::Telescope t(qg::dictionary::game_dictionary("maharaja23"));
  qg::dictionary::TelescopeTrace trace;
  std::uint64_t x = 1000000000000000000ull;
  std::uint64_t y = t.p_row(x, &trace);
  EXPECT_GT(trace.levels, 50u);
  EXPECT_LT(trace.widest_window, 2000u);
  // Within the band of Theorem 1.2: y − φx is O(1).
  EXPECT_NEAR(static_cast<double>(y) / static_cast<double>(x), std::numbers::phi, 1e-9);
  EXPECT_TRUE(t.is_p(x, y));
  EXPECT_TRUE(t.is_p(y, x));
  EXPECT_FALSE(t.is_p(x, y + 1));
  EXPECT_EQ(t.p_row(y), x);
  EXPECT_THROW(t.p_row(qg::dictionary::Telescope::kMaxCoordinate + 1), qg::RangeError);
  EXPECT_THROW(qg::dictionary::Telescope(qg::dictionary::game_dictionary("maharaja23"), 100), qg::RangeError);
}

TEST(DictionaryFile, TheShippedFilesAreThePapers) {
  auto slurp = [](const std::string& path) {
    std::ifstream in(std::string(QG_SOURCE_DIR) + "/" + path);
    std::stringstream text;
    text << in.rdbuf();
    return text.str();
  };
  auto file = Dictionary::load(std::string(QG_SOURCE_DIR) + "/data/dictionaries/maharaja23.dict");
  EXPECT_EQ(file.to_string(), qg::dictionary::game_dictionary("maharaja23").dictionary.to_string());
  auto table =
      qg::dictionary::MultiplicationTable::parse(slurp("data/dictionaries/appendixB.table"), "appendixB.table");
  EXPECT_EQ(table.symbols, qg::dictionary::appendix_b_table().symbols);
  EXPECT_EQ(table.products, qg::dictionary::appendix_b_table().products);
}

// ---- Appendix B -------------------------------------------------------------------------

const char* kAppendixB = "\tS\tA\tB\tC\nS\tA\tB\tB\tB\nA\tC\tB\tA\tA\nB\tC\tC\tC\tC\nC\tA\tA\tB\tA\n";

TEST(AppendixB, TableToDictionaryReproducesTheExample) {
  auto table = qg::dictionary::MultiplicationTable::parse(kAppendixB, "b.txt");
  EXPECT_EQ(table.symbols, "SABC");
  EXPECT_EQ(table.product('A', 'B'), 'A');
  // The triangle of Appendix B.
  const std::vector<std::string> pattern = {"S", "SS", "SAS", "SBCS", "SBCAS", "SBCACS", "SBCAAAS", "SBCABBCS"};
  EXPECT_EQ(qg::dictionary::table_pattern(table, 8), pattern);
  auto d = qg::dictionary::table_dictionary(table);
  const std::vector<std::string> symbolic = {
      "SS -> SAAS", "SA -> SBB", "SB -> SBB", "SC -> SBB", "AS -> CCS", "AA -> BB", "AB -> AA", "AC -> AA",
      "BS -> CCS",  "BA -> CC",  "BB -> CC",  "BC -> CC",  "CS -> AAS", "CA -> AA", "CB -> BB", "CC -> AA"};
  EXPECT_EQ(d.symbolic, symbolic);
  EXPECT_EQ(d.metasymbol, (std::vector<std::string>{"00", "01", "10", "11"}));
  const std::vector<std::string> rows = {"SS", "SAAS", "SBBCCS", "SBBCCAAS", "SBBCCAACCS", "SBBCCAAAAAAS"};
  EXPECT_EQ(d.rows(6), rows);
  // Row r of the process is row r+1 of the pattern with its inner symbols doubled.
  auto many = d.rows(40);
  auto tri = qg::dictionary::table_pattern(table, 41);
  for (std::size_t r = 0; r < many.size(); ++r) {
    std::string doubled = "S";
    for (std::size_t i = 1; i + 1 < tri[r + 1].size(); ++i) doubled += std::string(2, tri[r + 1][i]);
    EXPECT_EQ(many[r], doubled + "S");
  }
}

TEST(AppendixB, PartialTablesStopAndBadTablesAreRefused) {
  // Remove A*A: the process stops when it needs it, reading row 6 (SBBCCAAAAAAS).
  std::string partial = "  S A B C\nS A B B B\nA C - A A\nB C C C C\nC A A B A\n";
  auto d = qg::dictionary::table_dictionary(qg::dictionary::MultiplicationTable::parse(partial, "p"));
  bool stopped = false;
  auto rows = d.rows(10, &stopped);
  EXPECT_TRUE(stopped);
  EXPECT_EQ(rows.size(), 6u);
  auto err = [](std::string_view text) {
    return input_error([&] { qg::dictionary::MultiplicationTable::parse(text, "t"); });
  };
  EXPECT_EQ(err("A B\nA A B\nB B A\n"), "t:1: header: no stop symbol S");
  EXPECT_EQ(err("S A\nS A A\nA S A\n"), "t:3: A*S = S: a product is a symbol other than S");
  EXPECT_EQ(err("S A\nS A\n"), "t:2: row S has 1 entries, the header 2");
  EXPECT_EQ(err("S A\nS A A\n"), "t:2: no row for A (write '-' for the empty entries)");
  EXPECT_EQ(err("S A\nS A Q\n"), "t:2: S*A = 'Q' is not a symbol (or '-' for an empty entry)");
  EXPECT_EQ(err("S AB\n"), "t:1: header: 'AB' is not a one-character symbol");
  EXPECT_EQ(err(""), "t: no table (a header line of symbols, then a row for each)");
}

}  // namespace
