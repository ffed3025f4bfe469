// A queue of bits packed 64 to a word (most significant bit first), for the dictionary
// process: the writer appends at the end, the read head peeks anywhere in what is held, and
// the bits behind the head are dropped so that memory follows the unread part.
#pragma once

#include <cstdint>
#include <string_view>
#include <vector>

namespace qg::dictionary_detail {

class BitQueue {
 public:
  BitQueue() : words_(2, 0) {}
  std::uint64_t begin() const { return base_; }  // the first bit held
  std::uint64_t end() const { return end_; }     // one past the last bit written
  std::uint64_t held_bits() const { return words_.capacity() * 64; }

  // Appends the low `length` bits of `bits` (length ≤ 64), the most significant first.
  void push(std::uint64_t bits, unsigned length) {
    if (length == 0) return;
    if (length < 64) bits &= (std::uint64_t{1} << length) - 1;
    std::uint64_t offset = end_ - base_;
    std::size_t index = offset / 64;
    unsigned shift = offset % 64;
    if (index + 3 > words_.size()) words_.resize(index + 3, 0);  // keeps a zero word spare
    if (shift + length <= 64) {
      words_[index] |= bits << (64 - shift - length);
    } else {
      words_[index] |= bits >> (shift + length - 64);
      words_[index + 1] |= bits << (128 - shift - length);
    }
    end_ += length;
  }
  void push(std::string_view bits) {
    for (char c : bits) push(c == '1', 1);
  }

  // The 64 bits from `position` (begin() ≤ position ≤ end()), zeros past end().
  std::uint64_t peek(std::uint64_t position) const {
    std::uint64_t offset = position - base_;
    std::size_t index = offset / 64;
    unsigned shift = offset % 64;
    std::uint64_t w = words_[index] << shift;
    if (shift) w |= words_[index + 1] >> (64 - shift);
    return w;
  }
  bool bit(std::uint64_t position) const {
    std::uint64_t offset = position - base_;
    return (words_[offset / 64] >> (63 - offset % 64)) & 1;
  }

  // Allows the bits before `position` to be forgotten. Whole words are dropped once they
  // outnumber the words still needed, so the work is amortised O(1) per bit and at most
  // about twice the bits from `position` to end() are held.
  void drop_before(std::uint64_t position) {
    std::size_t drop = (position - base_) / 64;
    if (drop < 1024 || 2 * drop < words_.size()) return;
    words_.erase(words_.begin(), words_.begin() + static_cast<std::ptrdiff_t>(drop));
    base_ += 64 * drop;
    if (words_.capacity() > 4 * words_.size() + 4096) words_.shrink_to_fit();
  }

 private:
  std::vector<std::uint64_t> words_;  // words_[0] holds the bits base_ … base_ + 63
  std::uint64_t base_ = 0, end_ = 0;
};

}  // namespace qg::dictionary_detail
