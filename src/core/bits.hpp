// Internal: the one bit set of the engines, a set of naturals stored as bits.
//
// Layout. Bit i is bit i mod 64 (least significant first) of word w = i / 64. Only a window
// of words is stored, store_[k] being word first_ + k; every word outside it is 0:
//
//   word w:   0 … first_−1 │ first_    first_+1  …  first_+size−1 │ first_+size  │ …
//   held:        (zeros)   │ store_[0] store_[1] … store_[size−1] │ store_[size] │ (zeros)
//                            └──────────── the window ─────────────┘  pad, always 0
//
// first_ and size (size_, kept beside the vector: one load instead of end − begin) are
// multiples of 8 words, a 64-byte cache line; the pad word after the window is always 0, so
// bits64 can read two words with one check. A set grows at either end, at least doubling the
// window: a line of a few large values costs a few lines (not a bitset from 0), and growth
// costs O(1) amortised per word. full_ counts the leading words 0 … full_−1 that are all ones;
// it is kept while first_ = 0 (else word 0 is 0 and full_ = 0) and lets a scan from 0 or a mex
// skip the solid prefix in one step.
//
// Bit tricks. A word index below first_ wraps w − first_ around to a huge number, so one
// unsigned comparison checks both ends of the window. next_zero and prev_zero look at 64 bits
// at a time: the free places of a word are ~word, masked to those on the wanted side of i,
// and countr_zero / countl_zero name the nearest.
#pragma once

#include <algorithm>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <utility>
#include <vector>

namespace qg {

class BitSet {
 public:
  static constexpr std::uint64_t kAllOnes = ~std::uint64_t{0};

  BitSet() = default;
  BitSet(const BitSet&) = default;
  BitSet& operator=(const BitSet&) = default;
  // A moved-from set is empty (size_ follows the vector it describes).
  BitSet(BitSet&& other) noexcept
      : store_(std::move(other.store_)),
        size_(std::exchange(other.size_, 0)),
        first_(other.first_),
        full_(other.full_) {}
  BitSet& operator=(BitSet&& other) noexcept {
    store_ = std::move(other.store_);
    size_ = std::exchange(other.size_, 0);
    first_ = other.first_, full_ = other.full_;
    return *this;
  }

  // Word w (members 64w … 64w + 63), 0 outside the window.
  std::uint64_t word(std::uint64_t w) const { return w - first_ < size_ ? store_[w - first_] : 0; }
  bool test(std::uint64_t i) const {
    const std::uint64_t k = (i >> 6) - first_;
    return k < size_ && ((store_[k] >> (i & 63)) & 1);
  }
  // Members i … i + 63 as the bits of one word (bit 0: member i). The pad word after the
  // window lets the common case read both words unchecked; << 1 << (63 − shift) is
  // << (64 − shift) made defined for shift = 0.
  std::uint64_t bits64(std::uint64_t i) const {
    const std::uint64_t k = (i >> 6) - first_, shift = i & 63;
    if (k < size_) return (store_[k] >> shift) | (store_[k + 1] << 1 << (63 - shift));
    return k + 1 == 0 && size_ != 0 ? store_[0] << 1 << (63 - shift) : 0;  // word first_ − 1, then word first_
  }
  // The words 0 … full_words() − 1 are all ones.
  std::uint64_t full_words() const { return full_; }

  // Adds i; returns its word after the change (a caller keeping a summary of full words looks
  // at it).
  std::uint64_t set(std::uint64_t i) {
    const std::uint64_t w = i >> 6;
    if (w - first_ >= size_) grow(w);
    std::uint64_t& word = store_[w - first_];
    word |= std::uint64_t{1} << (i & 63);
    if (word == kAllOnes && w == full_) extend_full();  // w > 0 = full_ while first_ > 0
    return word;
  }
  // Adds lo … hi − 1.
  void set_range(std::uint64_t lo, std::uint64_t hi) {
    if (lo >= hi) return;
    const std::uint64_t w0 = lo >> 6, w1 = (hi - 1) >> 6;
    if (w0 - first_ >= size_) grow(w0);
    if (w1 - first_ >= size_) grow(w1);
    const std::uint64_t head = kAllOnes << (lo & 63), tail = kAllOnes >> (63 - ((hi - 1) & 63));
    if (w0 == w1) {
      store_[w0 - first_] |= head & tail;
    } else {
      store_[w0 - first_] |= head;
      std::fill(store_.begin() + static_cast<std::ptrdiff_t>(w0 + 1 - first_),
                store_.begin() + static_cast<std::ptrdiff_t>(w1 - first_), kAllOnes);
      store_[w1 - first_] |= tail;
    }
    if (first_ == 0) extend_full();
  }
  // Removes i (if present).
  void reset(std::uint64_t i) {
    const std::uint64_t w = i >> 6;
    if (w - first_ >= size_) return;
    store_[w - first_] &= ~(std::uint64_t{1} << (i & 63));
    full_ = std::min(full_, w);
  }

  // The least non-member ≥ i. A scan from low down skips the solid prefix by starting at
  // max(i, 64·full_words()).
  std::uint64_t next_zero(std::uint64_t i) const {
    std::uint64_t w = i >> 6;
    if (w - first_ >= size_) return i;
    std::uint64_t free = ~store_[w - first_] & (kAllOnes << (i & 63));
    while (free == 0) {
      if (++w - first_ == size_) return w << 6;
      free = ~store_[w - first_];
    }
    return (w << 6) + static_cast<std::uint64_t>(std::countr_zero(free));
  }
  // The greatest non-member ≤ i; 2^64 − 1 (that is, −1) when 0 … i are all members.
  std::uint64_t prev_zero(std::uint64_t i) const {
    std::uint64_t w = i >> 6;
    if (w - first_ >= size_) return i;
    std::uint64_t free = ~store_[w - first_] & (kAllOnes >> (63 - (i & 63)));
    while (free == 0) {
      if (w-- == first_) return (w << 6) + 63;
      free = ~store_[w - first_];
    }
    return (w << 6) + 63 - static_cast<std::uint64_t>(std::countl_zero(free));
  }

  // A window sliding upward: the caller will read and add no member below i from now on.
  // Frees the words below i once they are half the window: O(1) amortised per word.
  void drop_below(std::uint64_t i) {
    const std::uint64_t line = (i >> 6) & ~(kLine - 1);
    if (line < first_ + kLine) return;
    const std::uint64_t dropped = line - first_;
    if (dropped >= size_) {
      store_.clear();
      size_ = 0;
    } else if (2 * dropped >= size_) {
      store_.erase(store_.begin(), store_.begin() + static_cast<std::ptrdiff_t>(dropped));
      size_ -= dropped;
      first_ += dropped;
    } else {
      return;
    }
    full_ = 0;
  }

  // A hint that word w will be read soon.
  void prefetch(std::uint64_t w) const {
    if (w - first_ < size_) __builtin_prefetch(store_.data() + (w - first_));
  }

 private:
  static constexpr std::uint64_t kLine = 8;  // words per 64-byte line

  // Makes room for word w outside the window, at least doubling it.
  void grow(std::uint64_t w) {
    const std::uint64_t line = w & ~(kLine - 1);
    if (store_.empty()) {
      first_ = line;
      size_ = kLine;
      store_.assign(size_ + 1, 0);
    } else if (w >= first_) {
      size_ = std::max<std::uint64_t>(line + kLine - first_, 2 * size_);
      store_.resize(size_ + 1, 0);
    } else {
      const std::uint64_t doubled = first_ >= size_ ? first_ - size_ : 0;
      const std::uint64_t new_first = std::min(line, doubled);
      store_.insert(store_.begin(), first_ - new_first, 0);
      size_ += first_ - new_first;
      first_ = new_first;
    }
  }
  void extend_full() {
    while (full_ < size_ && store_[full_] == kAllOnes) ++full_;
  }

  std::vector<std::uint64_t> store_;
  std::size_t size_ = 0;     // the words of the window: store_.size() − 1 (a 0 pad word follows), or 0
  std::uint64_t first_ = 0;  // the word index of store_[0], a multiple of 8
  std::uint64_t full_ = 0;   // leading all-ones words (0 while first_ > 0)
};

}  // namespace qg
