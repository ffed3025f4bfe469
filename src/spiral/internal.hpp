// Helpers shared by the spiral module's routes (not part of the public API).
#pragma once

#include "queengames/spiral.hpp"

namespace qg::spiral::detail {

// Theorem 1 (eq. (3), read as direct placement confirms): row k ≥ 1 of the XYMP table gives
// q_{4k−3+r}, r = 0..3, the quarter turns of (X_k, Y_k) on shell Y_k, each 2Y_k cells after
// the previous one; (X_k, Y_k) itself sits on edge 1 at offset Y_k − 1 − X_k.
// Needs Y ≤ 2^63 so that the cell fits in 128 bits.
inline QueenCell queen_on_row(std::uint64_t x, std::uint64_t y, unsigned r) {
  const u128 first = static_cast<u128>(2 * y - 1) * (2 * y - 1) + (y - 1 - x);
  const auto sx = static_cast<std::int64_t>(x), sy = static_cast<std::int64_t>(y);
  const Point at[4] = {{sx, sy}, {-sy, sx}, {-sx, -sy}, {sy, -sx}};
  return {first + static_cast<u128>(2 * y) * r, at[r].x, at[r].y};
}

// Letter index of t_n in the alphabet order a, b, c.
inline int letter_index(char t) { return t - 'a'; }

}  // namespace qg::spiral::detail
