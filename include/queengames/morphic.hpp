// queengames — morphic and invariant games: seed 001 §4's open questions, both directions.
//
// From P-positions to a game. A game is invariant when its moves are vectors (p, q) ≠ (0, 0),
// p, q ≥ 0, taking (x, y) to (x − p, y − q) wherever both stay ≥ 0. Given candidate
// P-positions S (with (0, 0) and the mirror of each pair), no move of such a game may join
// two of them, so within a window W the largest possible move set is
//     M_W = { v : v is not P − P' for P, P' ∈ S with P' ≤ P componentwise }.
// Every invariant game with P-positions S uses a subset of M_W, so an N-position of the
// window with no M_W-move into S (a *witness*) proves that no invariant game has these
// P-positions — to every window, since differences of P-positions beyond W only shrink M_W.
// Conversely, when there is no witness the game M_W has exactly S as its P-positions in the
// window (moves only decrease coordinates, so the window is closed under moves).
//
// A *Queen* of the seed's invariant kinds uses whole families of moves: the rook, the
// diagonal lines L_c = {(u, u + c) : u ≥ 1} (and mirrors; c < k gives the k-Queen's stroll)
// and Fraenkel's cones (s, t) (|u − v| < (s − 1)·min(u, v) + t). The families wholly inside
// M_W form the largest such Queen Q; whether Q has exactly S as its P-positions is checked
// the same way, with its own witness. Bounce, reflection and the limited stroll are not
// invariant, so the named rulesets of twopile are also compared directly with S by their sweep.
//
// From a game to a morphism. The characteristic word of the P-positions (letter i is a when
// i is some a_n, b when i is some b_n) is searched for a morphism by derived sequences
// (Durand): with u a prefix of the word w, the return words to u code w as Θ_u(D_u). If the
// prefixes u ⊏ v have the same derived sequence D and v occurs less often, each return word to
// v is a concatenation λ(i) of return words to u, and D = λ(D): w = Θ_u(λ^ω(a)). The guess is
// then verified against the sweep letter by letter.
#pragma once

#include <cstdint>
#include <istream>
#include <optional>
#include <string>
#include <vector>

#include "queengames/common.hpp"
#include "queengames/twopile.hpp"
#include "queengames/words.hpp"

namespace qg::morphic {

// ---- candidate P-positions -----------------------------------------------------------

// Pairs (a_n, b_n), n ≥ 1, a_n ≤ b_n; (0, 0) and the mirrors are implied.
struct CandidatePairs {
  std::vector<twopile::Position> pairs;
  std::string source;  // "a->ab,b->aaa", "b-files A003159.txt, A036554.txt" …
};

// a_n and b_n are the 1-based locations of the n-th a_letter and b_letter in the coded fixed
// point coding(μ^ω) (seed 001 §3: t_c is the coding c → ε). Every pair with b_n < window.
// InputError when the morphism is not prolongable or a letter never occurs in the first
// 2·window letters of the coded word.
CandidatePairs pairs_from_morphism(const words::Morphism& morphism, const words::Coding& coding, char a_letter,
                                   char b_letter, std::uint64_t window);
// From two sequences of terms (b-files, catalogued sequences): a leading (0, 0) is dropped,
// pairs are formed term by term and kept while both are below the window. InputError when a
// pair has a_n > b_n, the a_n do not increase, or the sequences are empty.
CandidatePairs pairs_from_terms(const std::vector<std::uint64_t>& a, const std::vector<std::uint64_t>& b,
                                std::uint64_t window, std::string source);
// The values of a b-file ("n a(n)" lines; '#' comments and blank lines skipped), at most
// max_terms of them. InputError naming the line for anything else (negative values too).
std::vector<std::uint64_t> read_bfile_values(std::istream& in, const std::string& name, std::uint64_t max_terms);

// ---- from P-positions to a game ------------------------------------------------------

// Why a move from the witness to a candidate P-position is not allowed.
struct BlockedMove {
  twopile::Position target;  // the candidate P-position (or mirror) below the witness
  twopile::Position vector;  // witness − target
  // For M_W: the two candidate P-positions the vector joins (upper − lower). For the Queen:
  // the same when the vector is not in M_W, else the family of the vector and the point of
  // that family joining two candidate P-positions (so the family is not in the Queen).
  twopile::Position upper, lower;
  std::string family;  // "" for M_W; "diagonal c=4", "column", … for the Queen
};

struct GameWitness {
  twopile::Position position;        // the first N-position (by x + y, then x) with no move into S
  std::vector<BlockedMove> blocked;  // every candidate P-position below it, and why
};

struct InvariantAnalysis {
  std::uint64_t window = 0;
  std::uint64_t pairs = 0;  // candidate pairs (a_n, b_n), n ≥ 1, inside the window
  // The largest invariant game M_W.
  std::uint64_t moves = 0;             // |M_W| (vectors with both coordinates < window)
  std::optional<GameWitness> witness;  // none: M_W has exactly S as P-positions in the window
  // The families wholly in M_W (judged on the window; diagonals c ≤ window/4 only, longer
  // ones have too few points in the window to judge).
  bool rook = false;
  std::vector<std::uint64_t> diagonals;                        // c ≥ 0 with L_c (and its mirror) ⊆ M_W
  std::vector<std::pair<std::uint64_t, std::uint64_t>> cones;  // maximal (s, t), s ≥ 2
  std::uint64_t loose_moves = 0;                               // vectors of M_W (x + y < window) in no family
  std::string queen;  // the Queen of these families, described as seed 001 does
  // The twopile name of the Queen's core (rook + the stroll c ≤ k − 1, or rook + one cone)
  // when that core alone has exactly S in the window (the 2-Queen's M_W also holds every odd
  // diagonal: her P-differences all lie on even ones).
  std::optional<std::string> queen_ruleset;
  // The Queen's first witnesses (at most 8, by x + y then x; seed 001 §4 argues with the
  // second one of a→ab, b→aaa, (3,6)); empty: the Queen has exactly S in the window.
  std::vector<GameWitness> queen_witnesses;
  // The named rulesets of twopile (small parameters, single and paired) whose sweep gives
  // exactly the candidate pairs inside the window.
  std::vector<std::string> matching_rulesets;
};

// Analyses S in the window×window corner: M_W, its witness, the families, the Queen, the
// matching named rulesets. RangeError beyond window 2^15 (the difference table has window²
// bits) or when the memory estimate fails; InputError for a window below 8.
InvariantAnalysis analyse_invariant(const CandidatePairs& candidates, std::uint64_t window,
                                    const ProgressFn& progress = {});

// The candidate rulesets compared with S by analyse_invariant (seed 001's kinds).
std::vector<std::string> census_rulesets();

// ---- from a game to a morphism -------------------------------------------------------

// The characteristic word of a ruleset's P-positions: letter i − 1 is 'a' when i is some
// a_n, 'b' when some b_n (both: 'c'; neither: 'd'), i = 1..length. By the sweep.
std::string characteristic_word(const twopile::Ruleset& ruleset, std::uint64_t length, const ProgressFn& progress = {});

struct MorphicGuess {
  words::Morphism morphism;  // on letters a, b, c, … (the return words to the prefix)
  words::Coding coding;      // letter → its return word; the identity when w is λ's own fixed point
  std::string head;          // the word is head · coding(λ^ω) (empty unless the search shifted)
  std::uint64_t prefix = 0, longer_prefix = 0;  // |u| and |v| whose derived sequences agree (0: fixed point)
  std::uint64_t compared = 0;                   // letters of the two derived sequences compared
};

struct MorphismSearch {
  std::optional<MorphicGuess> guess;
  std::uint64_t word_length = 0;  // letters of the word searched
  std::uint64_t max_prefix = 0;   // prefixes 1..max_prefix tried (of the word itself)
  std::uint64_t shift = 0;        // the last suffix tried starts at this letter (0-based)
  std::string evidence;           // what was found or why nothing was
};

// First the smallest morphism fixing the word itself, images of at most 12 letters (at most
// 4 letters in the word); then the derived-sequence search (prefixes of length 1..max_prefix;
// two derived sequences count as equal when their first min(1000, …) letters agree, at least
// 200 of them). When a prefix stops returning, the word's suffixes from letters 1, 2, 3, 4, 6,
// 8, … ≤ max_shift are searched too. The guess generates a word agreeing with `word` on every
// letter given.
MorphismSearch find_morphism(const std::string& word, std::uint64_t max_prefix = 100, std::uint64_t max_shift = 1024,
                             const ProgressFn& progress = {});

struct MorphismVerification {
  bool pass = false;
  std::uint64_t letters = 0;  // letters compared (or the first mismatch's position, 0-based)
  std::string detail;
};

// Compares the guess's word with the ruleset's characteristic word, streamed by the sweep, on
// `letters` letters. Memory: the b_n not yet reached (≈ 0.4 letters of 8 bytes per letter).
MorphismVerification verify_morphism(const MorphicGuess& guess, const twopile::Ruleset& ruleset, std::uint64_t letters,
                                     const ProgressFn& progress = {});

// "a->ab,b->a" and, unless the identity, " with coding a->aba,b->ab".
std::string to_string(const MorphicGuess& guess);

// ---- the census ---------------------------------------------------------------------

struct CensusMorphismRow {
  std::string family, morphism, coding, letters;  // letters: "ab" (a_n from a, b_n from b)
  InvariantAnalysis analysis;
};
struct CensusGameRow {
  std::string ruleset;
  MorphismSearch search;
  std::optional<MorphismVerification> verification;
  double seconds = 0;
};
struct Census {
  std::vector<CensusMorphismRow> morphisms;
  std::vector<CensusGameRow> games;
};

// seed 001 §4's families: a→a^k b, b→a^j; a→ab, b→a^k; a→a^{k−j} b a^j, b→a; the k-bonacci
// morphisms for k = 3..6 (with the codings that delete all letters but two); and, for the
// other direction, the census rulesets. `verify` letters per found morphism.
Census run_census(std::uint64_t window, std::uint64_t guess_letters, std::uint64_t verify,
                  const ProgressFn& progress = {});

}  // namespace qg::morphic
