// Internal: the sets of values already on a line, and the mex of a union of them.
#pragma once

#include <algorithm>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <vector>

namespace qg::boards::detail {

// A set of naturals as a bitset, with a summary bitset (bit w: word w is full) and the count of
// leading full words, so that a mex can skip in one step every word that this set fills.
// Only the span of words between the smallest and the largest value is stored (from a multiple
// of 8 words, a cache line): a short line of large values (a row of a narrow window, far down
// the quadrant) costs a line, not a bitset from 0.
class ValueSet {
 public:
  void insert(std::uint32_t v) {
    const std::size_t w = v >> 6;
    if (w - base_ >= words_.size()) grow(w);
    std::uint64_t& word = words_[w - base_];
    word |= std::uint64_t{1} << (v & 63);
    if (word == ~std::uint64_t{0}) {
      summary_[(w >> 6) - (base_ >> 6)] |= std::uint64_t{1} << (w & 63);
      if (base_ == 0)
        while (full_ < words_.size() && words_[full_] == ~std::uint64_t{0}) ++full_;
    }
  }
  // Removes a value that insert() put there (the scratch set of a cell's jump values).
  void erase(std::uint32_t v) {
    const std::size_t w = v >> 6;
    words_[w - base_] &= ~(std::uint64_t{1} << (v & 63));
    summary_[(w >> 6) - (base_ >> 6)] &= ~(std::uint64_t{1} << (w & 63));
    full_ = std::min(full_, w);
  }
  bool contains(std::uint32_t v) const { return (word(v >> 6) >> (v & 63)) & 1; }
  // An index below the base wraps around to a huge offset: one comparison checks both ends.
  std::uint64_t word(std::size_t w) const { return w - base_ < words_.size() ? words_[w - base_] : 0; }
  std::uint64_t summary(std::size_t j) const {
    return j - (base_ >> 6) < summary_.size() ? summary_[j - (base_ >> 6)] : 0;
  }
  std::size_t full_words() const { return full_; }
  // A hint that words w … w + 15 (a mex usually ends there) and their summary will be read soon.
  void prefetch(std::size_t w) const {
    if (w - base_ >= words_.size()) return;
    __builtin_prefetch(summary_.data() + ((w >> 6) - (base_ >> 6)));
    __builtin_prefetch(words_.data() + (w - base_));
    if (w + 8 - base_ < words_.size()) __builtin_prefetch(words_.data() + (w + 8 - base_));
  }

 private:
  // Makes room for word w, at least doubling the span so that growth costs O(1) amortised per
  // value. The words span [base_, base_ + size), the summary words [base_/64, …] to cover them.
  void grow(std::size_t w) {
    constexpr std::size_t kLine = 8;
    if (words_.empty()) {
      base_ = w & ~(kLine - 1);
      words_.assign(kLine, 0);
    } else if (w >= base_) {
      words_.resize(std::max(((w + kLine) & ~(kLine - 1)) - base_, 2 * words_.size()), 0);
    } else {
      const std::size_t doubled = base_ >= words_.size() ? base_ - words_.size() : 0;
      const std::size_t new_base = std::min(w & ~(kLine - 1), doubled);
      std::vector<std::uint64_t> old_summary = std::move(summary_);
      const std::size_t old_first = base_ >> 6;
      words_.insert(words_.begin(), base_ - new_base, 0);
      base_ = new_base;
      summary_.assign(summary_words(), 0);
      std::copy(old_summary.begin(), old_summary.end(), summary_.begin() + static_cast<std::ptrdiff_t>(old_first - (base_ >> 6)));
      return;
    }
    summary_.resize(summary_words(), 0);
  }
  std::size_t summary_words() const { return ((base_ + words_.size() - 1) >> 6) - (base_ >> 6) + 1; }

  std::vector<std::uint64_t> words_, summary_;
  std::size_t base_ = 0;  // the word index of words_[0], a multiple of 8
  std::size_t full_ = 0;  // leading full words (0 while base_ > 0: word 0 is empty)
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
