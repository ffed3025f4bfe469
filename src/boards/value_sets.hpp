// Internal: the sets of values already on a line, and the mex of a union of them.
#pragma once

#include <algorithm>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <vector>

#include "core/bits.hpp"

namespace qg::boards::detail {

// A set of naturals (core's BitSet: only the span of words between the smallest and the largest
// value is stored, so a short line of large values, a row of a narrow window far down the
// quadrant, costs a cache line, not a bitset from 0), with a summary (bit w: word w is full) so
// that a mex can skip in one step every word that this set fills.
class ValueSet {
 public:
  void insert(std::uint32_t v) {
    if (values_.set(v) == BitSet::kAllOnes) full_.set(v >> 6);
  }
  // Removes a value that insert() put there (the scratch set of a cell's jump values).
  void erase(std::uint32_t v) {
    values_.reset(v);
    full_.reset(v >> 6);
  }
  bool contains(std::uint32_t v) const { return values_.test(v); }
  std::uint64_t word(std::size_t w) const { return values_.word(w); }
  std::uint64_t summary(std::size_t j) const { return full_.word(j); }
  std::size_t full_words() const { return values_.full_words(); }
  // A hint that words w … w + 15 (a mex usually ends there) and their summary will be read soon.
  void prefetch(std::size_t w) const {
    full_.prefetch(w >> 6);
    values_.prefetch(w);
    values_.prefetch(w + 8);
  }

 private:
  BitSet values_, full_;
};

// The mex of the union of `count` sets (count ≥ 1). Starts past the longest full prefix, skips
// (through the summaries) every word one set fills, and ORs the others word by word.
inline std::uint32_t mex_of_union(const ValueSet* const* sets, std::size_t count) {
  std::size_t start = 0;
  for (std::size_t i = 0; i < count; ++i) start = std::max(start, sets[i]->full_words());
  for (std::size_t j = start >> 6;; ++j) {
    std::uint64_t full = 0;
    for (std::size_t i = 0; i < count; ++i) full |= sets[i]->summary(j);
    std::uint64_t open = ~full;
    if (j == (start >> 6)) open &= ~std::uint64_t{0} << (start & 63);
    while (open) {
      const std::size_t w = (j << 6) + static_cast<std::size_t>(std::countr_zero(open));
      open &= open - 1;
      std::uint64_t used = 0;
      for (std::size_t i = 0; i < count; ++i) used |= sets[i]->word(w);
      if (~used) return static_cast<std::uint32_t>((w << 6) + static_cast<std::size_t>(std::countr_one(used)));
    }
  }
}

// The mex of a plain list of values (the brute-force routes): a list of k values has its mex
// in 0 … k, so mark the values below k + 1 and take the first unmarked place.
inline std::uint32_t mex_of(const std::vector<std::uint32_t>& values, std::vector<bool>& marked) {
  marked.assign(values.size() + 1, false);
  for (std::uint32_t v : values)
    if (v < marked.size()) marked[v] = true;
  return static_cast<std::uint32_t>(std::find(marked.begin(), marked.end(), false) - marked.begin());
}

}  // namespace qg::boards::detail
