// queengames — words and morphisms: parse, validate, iterate, stream fixed points,
// codings, letter counts and random access.
//
// Letters are single characters (letters or digits). Positions are 0-based: letter(0) is
// the first letter of the fixed point. The papers index some words from 1 (the Tribonacci
// word t_1 t_2 …); the catalog and the claims convert explicitly.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "queengames/common.hpp"

namespace qg {

// A morphism on the letters of `alphabet`, alphabet[0] being the letter it is prolonged on.
// Written like "a->ab,b->ac,c->a" (also "a→ab, b→ac, c→a"; spaces are ignored).
class Morphism {
 public:
  // Throws InputError naming what is wrong: syntax, a letter mapped twice, a letter used
  // in an image but never mapped.
  static Morphism parse(std::string_view text);
  // The named words: "fibonacci" (a→ab, b→a), "tribonacci" (a→ab, b→ac, c→a),
  // "theme-song" (θ of seed 000 (6): a→cabaaba, b→cababa, c→caba, prolonged on c),
  // "period-doubling" (a→ab, b→aa). Throws InputError for an unknown name.
  static Morphism named(std::string_view name);
  // A name from named() or a morphism text.
  static Morphism from_name_or_text(std::string_view text);
  static std::vector<std::string> names();

  const std::string& alphabet() const { return alphabet_; }
  const std::string& image(char letter) const;
  char start() const { return alphabet_.front(); }

  // A morphism used to generate a word must be non-erasing and prolongable on its
  // start letter (its image begins with that letter and is longer than one letter).
  // Throws InputError saying which condition fails.
  void require_prolongable() const;

  std::string apply(std::string_view word) const;
  // μ^k(letter); RangeError if the result would exceed max_length letters.
  std::string iterate(char letter, unsigned k, std::uint64_t max_length = 1u << 30) const;
  // |μ^k(letter)| for every letter, saturating at UINT64_MAX.
  std::uint64_t iterate_length(char letter, unsigned k) const;

  std::string to_string() const;  // "a->ab,b->ac,c->a"

 private:
  std::string alphabet_;
  std::vector<std::string> images_;  // images_[i] is the image of alphabet_[i]
};

// A coding: letter → word, possibly empty ("c->" deletes c). Parsed like a morphism.
// Letters it does not mention are left as they are.
class Coding {
 public:
  static Coding parse(std::string_view text);
  const std::string& image(char letter) const;
  std::string apply(std::string_view word) const;

 private:
  std::string images_[256];
  bool mapped_[256] = {};
};

// The fixed point μ^ω(start) streamed lazily in memory proportional to the depth
// (≈ log n), never the prefix: a stack of positions inside the images, one per level.
class FixedPointStream {
 public:
  explicit FixedPointStream(const Morphism& morphism);  // requires prolongable
  char next();
  // Fill buf with the next `count` letters; much faster than next() per letter.
  void read(char* buf, std::size_t count);
  std::uint64_t position() const { return position_; }

 private:
  struct Impl;
  std::shared_ptr<Impl> impl_;
  std::uint64_t position_ = 0;
};

// Random access by descending the iterates μ^k(start) ⊐ … in O(k · |alphabet|) = O(log n).
class FixedPointIndex {
 public:
  explicit FixedPointIndex(const Morphism& morphism);  // requires prolongable
  // The letter at position n (0-based).
  char letter(std::uint64_t n) const;
  // How many times `letter` occurs among positions 0..n-1 (N_letter of the prefix of
  // length n).
  std::uint64_t count(char letter, std::uint64_t n) const;
  // The position (0-based) of the k-th occurrence of `letter`, k ≥ 1. RangeError when it
  // lies beyond 2^64 or the letter never occurs.
  std::uint64_t occurrence(char letter, std::uint64_t k) const;

 private:
  struct Impl;
  std::shared_ptr<const Impl> impl_;
};

}  // namespace qg
