// queengames — the OEIS sequences the library computes, with OEIS's offsets and
// reading orders (tables by antidiagonals where OEIS reads them so).
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include "queengames/common.hpp"

namespace qg {

// Receives the terms a(offset), a(offset+1), … in order.
using TermSink = std::function<void(std::int64_t term)>;

struct Sequence {
  std::string anumber;     // "A000201"
  std::string name;        // OEIS's name, shortened where long
  std::int64_t offset = 0;  // OEIS's offset: the index of the first term
  std::uint64_t max_terms = 0;  // the most terms generate() supports
  std::string route;       // how the terms are computed (one line, for --list and docs)
  std::function<void(std::uint64_t count, const TermSink& sink, const ProgressFn& progress)>
      generate;
};

// Every catalogued sequence, sorted by A-number.
std::vector<Sequence> all_sequences();
// InputError "unknown A-number …" when it is not catalogued.
Sequence find_sequence(std::string_view anumber);
// The first `count` terms as a vector (tests; small counts).
std::vector<std::int64_t> sequence_terms(const Sequence& sequence, std::uint64_t count);

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
