// queengames — the OEIS sequences the library computes, with OEIS's offsets and
// reading orders (tables by antidiagonals where OEIS reads them so).
#pragma once

#include <cstdint>
#include <functional>
#include <iosfwd>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "queengames/common.hpp"

namespace qg {

// Receives the terms a(offset), a(offset+1), … in order.
using TermSink = std::function<void(std::int64_t term)>;

struct Sequence {
  std::string anumber;          // "A000201"
  std::string name;             // OEIS's name, shortened where long
  std::int64_t offset = 0;      // OEIS's offset: the index of the first term
  std::uint64_t max_terms = 0;  // the most terms generate() supports
  std::string route;            // how the terms are computed (one line, for --list and docs)
  std::function<void(std::uint64_t count, const TermSink& sink, const ProgressFn& progress)> generate;
};

// Every catalogued sequence, sorted by A-number.
std::vector<Sequence> all_sequences();
// InputError "unknown A-number …" when it is not catalogued.
Sequence find_sequence(std::string_view anumber);
// The first `count` terms as a vector (tests; small counts).
std::vector<std::int64_t> sequence_terms(const Sequence& sequence, std::uint64_t count);

// An OEIS b-file ("n a(n)" lines; blank lines and '#' comments skipped) compared with a
// catalogued sequence, so that a b-file can be checked before it is submitted.
struct BfileComparison {
  std::uint64_t terms = 0;    // lines of terms in the file
  std::uint64_t checked = 0;  // terms compared: all of them, or the sequence's max_terms
  std::int64_t first_n = 0;   // the file's first index (the sequence's offset when it is right)
  bool agrees = false;        // every checked term equals the sequence's, numbered from its offset
  // The first term that differs, compared position by position from the file's first line.
  struct Difference {
    std::uint64_t line = 0;  // line number in the file (1-based)
    std::int64_t n = 0;      // the file's index on that line
    std::string file_value, expected;
  };
  std::optional<Difference> difference;
  // The terms agree with the sequence's when line i (from 0) holds a(offset + i + *shift): 0
  // when only the numbering is wrong, first_n − offset when the numbering is right but the file
  // does not start at the offset, ±1 for a first term left out or one too many. Empty when no
  // such alignment fits.
  std::optional<std::int64_t> shift;
};
// Throws InputError naming `name` and the line for what is no b-file (junk, indices not
// consecutive).
BfileComparison compare_bfile(const Sequence& sequence, std::istream& in, const std::string& name,
                              const ProgressFn& progress = {});

// The sequences of each module, gathered by all_sequences().
std::vector<Sequence> numeration_sequences();
std::vector<Sequence> words_sequences();
std::vector<Sequence> spiral_sequences();
std::vector<Sequence> twopile_sequences();
std::vector<Sequence> infty_sequences();
std::vector<Sequence> blocking_sequences();
std::vector<Sequence> boards_sequences();
std::vector<Sequence> dictionary_sequences();

}  // namespace qg
