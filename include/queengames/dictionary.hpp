// queengames — dictionary processes (seed 003 §2–5 and Appendix B): a read head reads words
// from a growing bit-string and a writer appends their translates; Maharaja Nim's bit-string
// and dictionary (27)–(40); (2,3)-Maharaja Nim's non-prefix-free dictionary (41)–(44) and the
// telescope that decides P or N at coordinates up to 2^62 in a fraction of a millisecond
// (§4–5), for Maharaja Nim too; the multiplication-table → dictionary encoding of Appendix B.
//
// Bits are written as the characters '0' and '1'. Positions are 0-based; for the games,
// bit i is the bit of column i: '0' iff column i holds an upper P-position (y > x).
#pragma once

#include <cstdint>
#include <filesystem>
#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "queengames/common.hpp"

namespace qg::dictionary {

// ---- dictionaries -------------------------------------------------------------------

// How the read head chooses its word. prefix_free (§2.3, §3, Appendix B): no word is a
// prefix of another, and the head reads until the bits read form a word. longest_match
// (§5.1): the head reads the longest word that the following bits allow.
enum class ReadRule { prefix_free, longest_match };

struct DictionaryEntry {
  std::string word;       // nonempty bits
  std::string translate;  // bits, possibly empty
  std::string label;      // e.g. "(27)": the comment on the entry's line of a file, if any
};

// What the read head finds at its position.
struct HeadRead {
  enum class Status {
    word,          // entry `entry` is read
    no_word,       // no word begins here: the process stops
    end_of_string  // the bits end before a word is found (or, under longest_match, before
                   // the head can tell whether a longer word follows): the process stops
  };
  Status status = Status::no_word;
  std::size_t entry = 0;
};

// A finite dictionary with its start string. The text format (docs/DICTIONARY.md):
//   word -> translate            one entry a line; the translate may be empty
//   start: BITS                  the starting string; a '|' in it marks where the read head
//                                begins (at the first bit if there is none)
//   rule: prefix-free            or longest-match; prefix-free when absent
//   # …                          a comment; a comment after an entry becomes its label
// Errors are InputError "SOURCE:LINE: what is wrong": characters other than 0 and 1, an empty
// word, a duplicate word, a prefix clash under the prefix-free rule, no start, junk.
class Dictionary {
 public:
  // Validates as parse() does; `source` prefixes the messages ("SOURCE: …").
  Dictionary(std::vector<DictionaryEntry> entries, std::string start, std::size_t head = 0,
             ReadRule rule = ReadRule::prefix_free, const std::string& source = "dictionary");
  static Dictionary parse(std::string_view text, const std::string& source);
  // InputError if unreadable, RangeError past 64 MiB or a line past 64 KiB (/dev/zero, an
  // endless FIFO); progress counts bytes read, so that a slow source can be abandoned.
  static Dictionary load(const std::filesystem::path& file, const ProgressFn& progress = {});

  const std::vector<DictionaryEntry>& entries() const { return entries_; }
  const std::string& start() const { return start_; }
  std::size_t head() const { return head_; }  // where the read head begins in start()
  ReadRule rule() const { return rule_; }
  std::size_t max_word_length() const { return max_word_; }

  // What the head reads at the front of `bits` (the unread part of the string).
  HeadRead read(std::string_view bits) const;
  // The same on bits given one at a time: bit(i) for i < available is the i-th bit ahead.
  template <class BitAt>
  HeadRead read(BitAt bit, std::uint64_t available) const;
  // The fast route for words of at most 16 bits (has_window_table()): what the head reads
  // when the next max_word_length() bits, the first one most significant, are `window`.
  // With that many bits ahead the head always decides: no word is longer.
  bool has_window_table() const { return !window_table_.empty(); }
  HeadRead read_window(std::uint32_t window) const {
    std::uint32_t e = window_table_[window];
    return e ? HeadRead{HeadRead::Status::word, e - 1} : HeadRead{HeadRead::Status::no_word, 0};
  }

  // The text format, readable by parse().
  std::string to_string() const;

 private:
  struct Node {
    std::int32_t child[2] = {-1, -1};
    std::int32_t entry = -1;
  };
  std::vector<DictionaryEntry> entries_;
  std::string start_;
  std::size_t head_ = 0;
  ReadRule rule_ = ReadRule::prefix_free;
  std::size_t max_word_ = 0;
  std::vector<Node> trie_;
  std::vector<std::uint32_t> window_table_;  // entry + 1, or 0 for no word
};

template <class BitAt>
HeadRead Dictionary::read(BitAt bit, std::uint64_t available) const {
  HeadRead found{HeadRead::Status::no_word, 0};
  std::int32_t node = 0;
  for (std::uint64_t i = 0;; ++i) {
    const Node& n = trie_[static_cast<std::size_t>(node)];
    if (n.entry >= 0) {
      found = {HeadRead::Status::word, static_cast<std::size_t>(n.entry)};
      if (rule_ == ReadRule::prefix_free) return found;
    }
    if (n.child[0] < 0 && n.child[1] < 0) return found;  // no longer word
    if (i == available) return {HeadRead::Status::end_of_string, 0};
    node = n.child[bit(i) ? 1 : 0];
    if (node < 0) return found;
  }
}

// ---- the process ----------------------------------------------------------------------

struct DictionaryRunOptions {
  std::uint64_t bits = 0;  // run until the string holds this many bits (or the process stops)
  // Receives the first `bits` bits of the string in order, as '0'/'1' characters, in chunks.
  std::function<void(std::string_view chunk)> sink;
  // Called for every word read: its entry and the position of its first bit.
  std::function<void(std::size_t entry, std::uint64_t position)> on_word;
  ProgressFn progress;  // in bits
  bool force = false;   // run even past dictionary_bytes' estimate
};

struct DictionaryRun {
  std::uint64_t bits = 0;  // bits the string holds (at least the bits asked, unless stopped)
  std::uint64_t words_read = 0;
  std::uint64_t head = 0;              // where the read head stands at the end
  std::vector<std::uint64_t> counts;   // how often each entry was read
  bool stopped = false;                // the head reached the end of the string with no word
  std::uint64_t stop_position = 0;     // where the head stood when it stopped
  std::string unread;                  // the bits it could not read (at most 64 shown)
  std::uint64_t peak_buffer_bits = 0;  // the most bits held at once: 2–4 times the unread part
};

// The dictionary process in memory proportional to the unread part of the string: the bits
// behind the read head are discarded once delivered to the sink. Bits are packed 64 to a
// word; the head reads through a table of all (max word length)-bit windows when the words
// are at most 16 bits long, and through the trie otherwise.
DictionaryRun run_dictionary(const Dictionary& dictionary, const DictionaryRunOptions& options);

// The bytes run_dictionary holds for `bits` bits: the unread part of the string, up to four
// times over (bits dropped a half at a time, a vector grown by doubling), scaled from a pilot
// run of up to 2^22 bits (a few ms) — or the pilot's own, when the process stops in it.
// run_dictionary refuses (MemoryError) past this machine's memory unless options.force.
std::uint64_t dictionary_bytes(const Dictionary& dictionary, std::uint64_t bits);

// The first `bits` bits of the process as a string (tests; small counts).
std::string dictionary_bits(const Dictionary& dictionary, std::uint64_t bits);

// ---- the games' dictionaries ------------------------------------------------------------

// A game of the (k,l)-Maharaja family with its dictionary: Wythoff Nim plus the knight's
// jumps (k,l) and (l,k). Its bit-string is the dictionary's string placed at start_column,
// the columns before it taken from the game itself.
struct GameDictionary {
  std::string name;   // "maharaja", "maharaja23"
  std::string title;  // "Maharaja Nim (seed 003, (27)–(40))"
  unsigned k = 1, l = 2;
  Dictionary dictionary;
  std::uint64_t start_column = 0;  // the column of dictionary.start()[0]
};

// "maharaja": (27)–(40), read from column 8 with the start 00100 (§2.2).
// "maharaja23": (41)–(44) under the longest-match rule, the start 0100011100000 placed at
// column 1 and read from column 9 (§5.1: the first word begins at (9, 14)).
GameDictionary game_dictionary(std::string_view name);  // InputError for other names
std::vector<std::string> game_dictionary_names();

// The game's bit-string of columns 0..columns-1, from the two-pile sweep.
std::string game_bit_string(unsigned k, unsigned l, std::uint64_t columns);
// Calls upper(a, b) for every upper P-position (a, b), b > a, of (k,l)-Maharaja Nim with
// a < columns, in order of a: the two-pile sweep, read as the bit-string's columns are.
void sweep_upper_p_positions(unsigned k, unsigned l, std::uint64_t columns,
                             const std::function<void(std::uint64_t a, std::uint64_t b)>& upper,
                             const ProgressFn& progress = {});

// The dictionary's bit-string of columns 0..bits-1: the game's columns before start_column,
// then the process. Counts and stops as run_dictionary.
DictionaryRun run_game_dictionary(const GameDictionary& game, const DictionaryRunOptions& options);

// The upper P-positions of a word read at a perfect sector of (k,l)-Maharaja Nim (§2.1),
// derived from the rules alone: column offset i (the word's '0's) holds the upper P-position
// at row offset j above the sector's lowest row, its diagonal not yet used and no jump
// leading to an earlier one. The translate has a '1' at each j and length |word| + #zeros.
struct SectorTranslation {
  std::string translate;
  std::vector<std::pair<unsigned, unsigned>> upper;  // (i, j) of each upper P-position
};
SectorTranslation translate_in_perfect_sector(std::string_view word, unsigned k, unsigned l);

// ---- the telescope (§4, §5.2) ------------------------------------------------------------

struct TelescopeTrace {
  unsigned levels = 0;              // windows translated between the prefix and x
  std::uint64_t widest_window = 0;  // bits in the widest window translated
  std::uint64_t sync_bits = 0;      // the longest stretch before the candidate parses met
  // Every window translated, [first column, last column + 1), the deepest level first (seed 003
  // Fig. 10 draws them).
  std::vector<std::pair<std::uint64_t, std::uint64_t>> windows;
};

// Decides whether (x, y) is a P-position by back-tracking x along the lines φn and n/φ to a
// precomputed prefix of the bit-string and translating forward a bounded window per level.
// Each window's parse is certified: every candidate word boundary among its first bits is
// followed until all meet (so the true parse, which is one of them, is known from there).
// For (2,3)-Maharaja §5.2 proves the meeting distance bounded; for Maharaja Nim it is
// measured (docs/DICTIONARY.md): the answers are exact either way.
class Telescope {
 public:
  static constexpr std::uint64_t kMaxCoordinate = (std::uint64_t{1} << 62) - 1;
  explicit Telescope(const GameDictionary& game, std::uint64_t prefix_bits = 1 << 14);
  // The row of the P-position in column x (one per column, Proposition 1.1).
  std::uint64_t p_row(std::uint64_t x, TelescopeTrace* trace = nullptr) const;
  bool is_p(std::uint64_t x, std::uint64_t y, TelescopeTrace* trace = nullptr) const;
  // The bit of column x.
  bool bit(std::uint64_t x) const;

 private:
  struct Impl;
  std::shared_ptr<const Impl> impl_;
};

// ---- convergence (§4: "the dictionary converges") -----------------------------------------

// A computer-checked proof that the dictionary converges: from every column ≥ from_column,
// the parses begun at each of the next max_word_length() columns meet within meeting_bits.
// Induction on the column y of a factor u = s[y, y+M) (M = factor_length): let p be the word
// whose translate covers y, and f = s[p − C, p − C + M) the factor C bits before it, by
// induction one of the set F; f's parses meet within C, so its words from offset C on are
// the true ones and their translates, s from W(p) on, contain u. So if F holds the factors
// seen in the first prefix_bits bits, every f in F has its parses meet within C, and every
// such u derived from F is in F again, F holds every factor of s. (It rests on the
// dictionary being the game's, seed 003 Lemma 2.2 and §5.1.)
struct ConvergenceProof {
  bool proved = false;
  std::uint64_t factor_length = 0, from_column = 0, prefix_bits = 0;
  std::uint64_t factors = 0;       // |F| at the end
  std::uint64_t added = 0;         // factors derived that the prefix did not show
  std::uint64_t meeting_bits = 0;  // C
  // Per entry: whether some factor's certified parse reads it. Every word read at a column
  // ≥ from_column + C lies in such a parse, so an entry marked false is never read there.
  std::vector<bool> entry_read;
  std::string failure;  // why not, when not proved
};
// progress: polled while the factors are parsed (it may throw to abandon the proof).
ConvergenceProof prove_convergence(const GameDictionary& game, std::uint64_t factor_length, std::uint64_t prefix_bits,
                                   std::uint64_t from_column = 1000, const ProgressFn& progress = {});

// ---- Appendix B: multiplication tables as dictionary processes -----------------------------

// A table x * y = z over single-character symbols, one of which is the stop symbol 'S'; an
// entry '-' is left empty (a partial table). The text format, as in Appendix B:
//      S A B C          the header: the symbols y
//   S  A B B B          a row: the symbol x and x*y for each y
// InputError "SOURCE:LINE: …" for a malformed table or a product equal to S.
struct MultiplicationTable {
  std::string symbols;                // header order; contains 'S'
  std::vector<std::string> products;  // products[x][y] over symbol indices; '-' for none
  static MultiplicationTable parse(std::string_view text, const std::string& source);
  static MultiplicationTable load(const std::filesystem::path& file,
                                  const ProgressFn& progress = {});  // as Dictionary::load
  char product(char x, char y) const;                                // '-' for an empty entry
};

// The table printed in Appendix B (symbols S, A, B, C).
MultiplicationTable appendix_b_table();

// The rows S…S of the pattern, computed directly: S, SS, then each row from the one above.
std::vector<std::string> table_pattern(const MultiplicationTable& table, std::size_t rows);

// The encoding of Appendix B: metasymbols of ⌈log2(#symbols)⌉ bits (S is all zeros, the
// others in header order), start SS, entries SS → S(S*S)(S*S)S, SA → S(S*A)(S*A),
// AS → (A*S)(A*S)S and AB → (A*B)(A*B).
struct TableDictionary {
  Dictionary dictionary;
  std::string symbols;                  // as the table's header
  std::vector<std::string> metasymbol;  // code of each symbol
  std::vector<std::string> symbolic;    // each entry written in symbols, "SS -> SAAS"
  // The process's string in symbols, split into its rows (each S…S), at most `rows` rows;
  // `stopped` is set when the process stops first (an empty table entry was needed).
  std::vector<std::string> rows(std::size_t rows, bool* stopped = nullptr) const;
};
TableDictionary table_dictionary(const MultiplicationTable& table);

}  // namespace qg::dictionary
