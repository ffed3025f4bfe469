// queengames — words and morphisms: parse, validate, iterate, stream fixed points,
// codings, letter counts and random access.
//
// Letters are single ASCII letters or digits. Positions are 0-based: letter(0) is the first
// letter of the fixed point. The papers index some words from 1 (the Tribonacci word
// t_1 t_2 … of seed 000 §4); the catalog and the claims convert explicitly.
#pragma once

#include <array>
#include <complex>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "queengames/common.hpp"

namespace qg::words {

// A non-erasing morphism on the letters of `alphabet`, listed in the order of the rules;
// alphabet[0] is the letter it is prolonged on. Written like "a->ab,b->ac,c->a" (also
// "a→ab, b→ac, c→a" or "a↦ab"; white space is ignored).
class Morphism {
 public:
  // Throws InputError naming what is wrong: syntax, a letter that is not an ASCII letter or
  // digit, a letter mapped twice, a letter used in an image but never mapped, an empty
  // image (erasing letters is what a Coding is for).
  static Morphism parse(std::string_view text);
  static constexpr unsigned kMaxQueenPower = 8;
  // The named words: "fibonacci" (a→ab, b→a), "tribonacci" (τ of seed 000 (8): a→ab,
  // b→ac, c→a), "theme-song" (θ of seed 000 (6): a→cabaaba, b→cababa, c→caba, prolonged
  // on c), "period-doubling" (a→ab, b→aa), "thue-morse" (a→ab, b→ba), "tetranacci"
  // (a→ab, b→ac, c→ad, d→a; seed 001 §6), and two families of seed 001 §4 whose numeration
  // systems (msd_kqueen3, msd_queen2_1, …) carry the games' synchronized automata:
  // "kqueenK" (a→a^K b, b→a: Holladay's K-Queen, 2 ≤ K ≤ kMaxQueenPower) and "queenS_T"
  // (a→a^(S+T−1) b, b→a^S: Fraenkel's (S,T)-Wythoff, the (S,T)-Queen, S, T ≥ 1 and
  // S + T − 1 ≤ kMaxQueenPower; queen1_K is kqueenK). Throws InputError for an unknown name.
  static Morphism named(std::string_view name);
  // A name from names() or a morphism text (anything containing an arrow).
  static Morphism from_name_or_text(std::string_view text);
  // Whether `name` is a named word, including every member of the two families; InputError
  // for a family's name whose parameters are out of range ("kqueen99").
  static bool is_named(std::string_view name);
  // The names listed by `word --list`: the single words and the families' first members.
  static std::vector<std::string> names();

  const std::string& alphabet() const { return alphabet_; }
  bool contains(char letter) const { return index(letter) >= 0; }
  // The letter's place in alphabet(), or -1.
  int index(char letter) const { return index_[static_cast<unsigned char>(letter)]; }
  // InputError for a letter outside the alphabet.
  const std::string& image(char letter) const;
  char start() const { return alphabet_.front(); }

  // A morphism used to generate a word must be prolongable on its start letter: its image
  // begins with that letter and is longer than one letter, so that μ^k(start) grows to an
  // infinite fixed point. Throws InputError saying which condition fails.
  void require_prolongable() const;

  // InputError for a letter outside the alphabet.
  std::string apply(std::string_view word) const;
  // Appends μ(word) to `out` (streaming loops reuse one buffer).
  void apply_append(std::string_view word, std::string& out) const;
  // μ^k(letter); RangeError if the result would exceed max_length letters.
  std::string iterate(char letter, unsigned k, std::uint64_t max_length = 1u << 30) const;
  // |μ^k(letter)|, saturating at UINT64_MAX.
  std::uint64_t iterate_length(char letter, unsigned k) const;

  std::string to_string() const;  // "a->ab,b->ac,c->a"

 private:
  std::string alphabet_;
  std::vector<std::string> images_;  // images_[i] is the image of alphabet_[i]
  std::array<std::int8_t, 256> index_{};
};

// A coding: letter → word, possibly empty ("c->" deletes c, seed 001's t_c). Parsed like a
// morphism ("a->0,b->1,c->2"); letters it does not mention are left as they are.
class Coding {
 public:
  Coding();  // the identity
  // InputError for bad syntax, a letter that is not an ASCII letter or digit, a letter
  // coded twice, an empty text.
  static Coding parse(std::string_view text);
  const std::string& image(char letter) const { return images_[static_cast<unsigned char>(letter)]; }
  bool is_identity() const { return identity_; }
  std::string apply(std::string_view word) const;
  // Appends the coded word to `out` (no reallocation per letter in the streaming loops).
  void apply_append(std::string_view word, std::string& out) const;

 private:
  std::array<std::string, 256> images_;
  bool identity_ = true;
};

// The fixed point μ^ω(start) streamed lazily in memory proportional to the depth of the
// derivation tree (≈ log n when μ grows exponentially; never the prefix): a stack of
// positions inside the images, one per level (levels whose letter has a one-letter image
// are not stored, so a→ab, b→b streams in constant memory too). read() copies
// precomputed blocks μ^K(x) of a few thousand letters, driven by a second, K levels
// shallower stream of the same fixed point.
class FixedPointStream {
 public:
  explicit FixedPointStream(const Morphism& morphism);  // InputError unless prolongable
  FixedPointStream(const FixedPointStream& other);
  FixedPointStream& operator=(const FixedPointStream& other);
  FixedPointStream(FixedPointStream&&) noexcept;
  FixedPointStream& operator=(FixedPointStream&&) noexcept;
  ~FixedPointStream();

  char next() {
    if (cur_ == end_) refill();
    ++position_;
    return *cur_++;
  }
  // Fill buf with the next `count` letters; much faster than next() per letter.
  void read(char* buf, std::size_t count);
  // Letters delivered so far (the position of the next letter).
  std::uint64_t position() const { return position_; }
  // Stack frames in use (tests check that it stays logarithmic).
  std::size_t depth() const;

 private:
  void refill();
  struct Impl;
  std::unique_ptr<Impl> impl_;
  const char* cur_ = nullptr;  // the current block μ^K(x), shared and immutable
  const char* end_ = nullptr;
  std::uint64_t position_ = 0;
};

// Random access by descending the iterates μ^k(start): |μ^k(x)| and the letter counts of
// each μ^k(x) are precomputed (saturating at 2^64) for every level until |μ^k(start)|
// reaches 2^64, so each query takes O(k · max image length) = O(log n) steps.
class FixedPointIndex {
 public:
  explicit FixedPointIndex(const Morphism& morphism);  // InputError unless prolongable
  // The letter at position n (0-based).
  char letter(std::uint64_t n) const;
  // How many times `letter` occurs among positions 0..n-1 (N_letter(n) of seed 000 §5.3,
  // which counts t_1 … t_n).
  std::uint64_t count(char letter, std::uint64_t n) const;
  // The position (0-based) of the k-th occurrence of `letter`, k ≥ 1. RangeError when it
  // lies at 2^64 or beyond, or the letter occurs fewer than k times.
  std::uint64_t occurrence(char letter, std::uint64_t k) const;
  // Positions below this are supported: 2^64 - 1 unless the fixed point grows so slowly
  // that the level table is capped before |μ^k(start)| reaches 2^64.
  std::uint64_t supported_length() const;

 private:
  struct Impl;
  std::shared_ptr<const Impl> impl_;
};

// ---- discrepancies (pictures only: doubles, never deciding a result) -----------------------

// d(n) = N_letter(n) − n·frequency for n = 0..count−1, N_letter(n) the occurrences of `letter`
// among the first n letters of the morphism's fixed point. For the Fibonacci word, letter a and
// frequency 1/φ: d stays in [−1/φ², 1/φ), and t_n = a exactly when d(n) < 1/φ³ (a rotation by 1/φ).
std::vector<double> letter_discrepancies(const Morphism& morphism, char letter, double frequency, std::size_t count);

// The Rauzy fractal of the Tribonacci word: for n = 0..count−1 the discrepancy vector
// (N_a(n), N_b(n), N_c(n)) − n·(frequencies) seen through the complex left eigenvector
// (1, β − 1, 1/β) of τ's incidence matrix, β the complex root of x³ = x² + x + 1, which kills the
// expanding direction (so the n·frequencies term vanishes): Σ over the first n letters of the
// eigenvector's entry for each letter.
std::vector<std::complex<double>> tribonacci_rauzy_points(std::size_t count);

}  // namespace qg::words
