// The fourth-order diamond-grid cellular automaton of seed 004 §2 (Figure 2, Theorem 2.1).
//
// With g = (x, y) and a = (x−2, y−2), b = (x−1, y−2), c = (x−2, y−1), d = (x−1, y−1),
// e = (x, y−1), f = (x−1, y), the palace counts from outside the 3×3 block satisfy
// a + e + f = b + c + g (each side counts the three columns, rows and diagonals once), and a
// palace inside the block adds its own weight: the derivation is in docs/BLOCKING.md.
#include <algorithm>

#include <fmt/format.h>

#include "blocking/detail.hpp"
#include "queengames/blocking.hpp"

namespace qg::blocking {

std::int64_t ca_compensation(std::int64_t a, std::int64_t b, std::int64_t c, std::int64_t d, std::int64_t e,
                             std::int64_t f) {
  return 3 * (a < 0) - 2 * (b < 0) - 2 * (c < 0) - (d < 0) + (e < 0) + (f < 0);
}

std::int64_t ca_rule(std::int64_t a, std::int64_t b, std::int64_t c, std::int64_t d, std::int64_t e, std::int64_t f) {
  return a - b - c + e + f + ca_compensation(a, b, c, d, e, f);
}

std::int64_t ca_initial(std::uint64_t k, std::int64_t x, std::int64_t y) {
  if (x >= 0 && y >= 0)
    throw InputError(fmt::format("({}, {}) is in the game quadrant, not in the initial condition", x, y));
  return x < 0 && y < 0 ? static_cast<std::int64_t>(k) : 0;
}

Predecessors ca_reverse(std::int64_t b, std::int64_t c, std::int64_t d, std::int64_t e, std::int64_t f,
                        std::int64_t g) {
  // a + p_a = rhs with p_a = 3 when a < 0: a = rhs works when rhs ≥ 0, a = rhs − 3 when rhs < 3.
  std::int64_t rhs = g - f - e + c + b - ca_compensation(0, b, c, d, e, f);
  Predecessors p;
  if (rhs >= 0) p.value[p.count++] = rhs;
  if (rhs < 3) p.value[p.count++] = rhs - 3;
  return p;
}

CaRows::CaRows(std::uint64_t k, std::uint64_t width) : k_(k), width_(width) {
  require_k(k);
  require_side(width, "width");
  cells_ = detail::zeroed<std::int32_t>(4 * (width + 2));
  for (int i = 0; i < 3; ++i) rows_[i] = cells_.get() + i * (width + 2);
  part32_ = cells_.get() + 3 * (width + 2);
  // Rows −2 and −1 of the initial condition: k left of the quadrant (x < 0), 0 above it.
  for (int i = 0; i < 2; ++i) rows_[i][0] = rows_[i][1] = static_cast<std::int32_t>(k);
}

std::span<const std::int32_t> CaRows::next() {
  Poller unpolled({}, 0);
  return next(unpolled);
}

std::span<const std::int32_t> CaRows::next(Poller& poller) {
  // rows_[0] = row y − 2, rows_[1] = row y − 1, rows_[2] = row y; index x + 2.
  const std::int32_t* up2 = rows_[0];
  const std::int32_t* up1 = rows_[1];
  std::int32_t* row = rows_[2];
  row[0] = row[1] = 0;  // x = −2, −1 with y ≥ 0
  // Everything but f, the west neighbour, comes from the two rows above: a first pass (which
  // vectorises) computes a − b − c + e and the weights of a..e; a second one chains f along
  // the row, g = part + f + [f < 0]. States lie in −k..2k, so with 12k + 9 < 2^31 the
  // partial sums fit 32 bits.
  const std::size_t n = width_;
  if (k_ <= (std::uint64_t{1} << 27)) {
    // In blocks of 4096 cells, a tick each, so that the first pass still vectorises.
    constexpr std::size_t block = 4096;
    for (std::size_t start = 0; start < n; start += block) {
      for (std::size_t i = start, end = std::min(n, start + block); i < end; ++i) {
        std::int32_t a = up2[i], b = up2[i + 1], c = up1[i], d = up1[i + 1], e = up1[i + 2];
        part32_[i] = a - b - c + e + 3 * (a < 0) - 2 * (b < 0) - 2 * (c < 0) - (d < 0) + (e < 0);
      }
      poller.tick(y_);
    }
    std::int32_t f = 0;
    for (std::size_t start = 0; start < n; start += block) {
      for (std::size_t i = start, end = std::min(n, start + block); i < end; ++i)
        row[i + 2] = f = part32_[i] + f + (f < 0);
      poller.tick(y_);
    }
  } else {
    std::int64_t f = 0;
    for (std::size_t i = 0; i < n; ++i) {
      std::int64_t a = up2[i], b = up2[i + 1], c = up1[i], d = up1[i + 1], e = up1[i + 2];
      std::int64_t g = a - b - c + e + ca_compensation(a, b, c, d, e, 0) + f + (f < 0);
      row[i + 2] = static_cast<std::int32_t>(g);
      f = g;
      poller.tick(y_);
    }
  }
  std::rotate(rows_, rows_ + 1, rows_ + 3);
  ++y_;
  // The row just computed is now rows_[1]; hand out its game cells.
  return std::span<const std::int32_t>(rows_[1] + 2, width_);
}

}  // namespace qg::blocking
