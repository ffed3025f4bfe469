// The XYMP table by its definition, the mex recurrence (2) of seed 000.
#include "queengames/spiral.hpp"

namespace qg::spiral {

bool detail::SlidingBits::test(std::uint64_t v) const {
  if (v < base_) return false;
  std::size_t w = head_ + static_cast<std::size_t>((v - base_) >> 6);
  return w < words_.size() && ((words_[w] >> (v & 63)) & 1);
}

void detail::SlidingBits::set(std::uint64_t v) {
  std::size_t w = head_ + static_cast<std::size_t>((v - base_) >> 6);
  if (w >= words_.size()) words_.resize(w + 1, 0);
  words_[w] |= std::uint64_t{1} << (v & 63);
}

void detail::SlidingBits::drop_below(std::uint64_t v) {
  if (v < base_ + 64) return;
  const std::uint64_t skip = (v - base_) >> 6;
  if (skip >= words_.size() - head_) {  // nothing left: restart at v
    words_.clear();
    head_ = 0;
    base_ = v & ~std::uint64_t{63};
    return;
  }
  head_ += static_cast<std::size_t>(skip);
  base_ += skip * 64;
  // Compact once the dropped prefix is as large as what remains: amortised O(1).
  if (head_ > 1024 && 2 * head_ >= words_.size()) {
    words_.erase(words_.begin(), words_.begin() + static_cast<std::ptrdiff_t>(head_));
    head_ = 0;
  }
}

void XympRecurrence::advance() {
  // X and M increase, and Y_i > X_i, P_i > M_i for i > 0, so the mex is the first value
  // above the current X (M) that no Y (P) still ahead of it occupies.
  std::uint64_t x = row_.x + 1;
  while (pending_y_.test(x)) ++x;
  std::uint64_t m = row_.m + 1;
  while (pending_p_.test(m)) ++m;
  row_ = {x, x + m, m, 2 * x + m};
  pending_y_.drop_below(x);
  pending_p_.drop_below(m);
  pending_y_.set(row_.y);
  pending_p_.set(row_.p);
  ++n_;
}

}  // namespace qg::spiral
