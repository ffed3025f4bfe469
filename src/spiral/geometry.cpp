// The square spiral of seed 000 §2: cell index ↔ (x, y), x South, y East.
#include <algorithm>

#include <fmt/format.h>

#include "queengames/numeration.hpp"
#include "queengames/spiral.hpp"

namespace qg::spiral {

std::uint64_t cell_index(Point p) {
  std::uint64_t ax = p.x < 0 ? 0 - static_cast<std::uint64_t>(p.x) : static_cast<std::uint64_t>(p.x);
  std::uint64_t ay = p.y < 0 ? 0 - static_cast<std::uint64_t>(p.y) : static_cast<std::uint64_t>(p.y);
  std::uint64_t k = std::max(ax, ay);
  if (k > static_cast<std::uint64_t>(kMaxShell))
    throw RangeError(
        fmt::format("cell ({}, {}) lies on shell {}: the supported shells are 0..{}", p.x, p.y, k, kMaxShell));
  if (k == 0) return 0;
  const std::int64_t s = static_cast<std::int64_t>(k);
  const std::uint64_t first = (2 * k - 1) * (2 * k - 1);  // edge 1 starts at (k−1, k)
  if (p.y == s && p.x < s) return first + static_cast<std::uint64_t>(s - 1 - p.x);
  if (p.x == -s) return first + 2 * k + static_cast<std::uint64_t>(s - 1 - p.y);
  if (p.y == -s) return first + 4 * k + static_cast<std::uint64_t>(p.x + s - 1);
  return first + 6 * k + static_cast<std::uint64_t>(p.y + s - 1);
}

Point cell_point(std::uint64_t index) {
  if (index > kMaxCell)
    throw RangeError(fmt::format("cell index {} is out of range: the supported range is 0..{}", index, kMaxCell));
  if (index == 0) return {};
  // Shell k holds (2k−1)² … (2k+1)² − 1.
  const std::uint64_t k = (numeration::isqrt<std::uint64_t>(index) + 1) / 2;
  const std::uint64_t offset = index - (2 * k - 1) * (2 * k - 1);
  const std::int64_t s = static_cast<std::int64_t>(k);
  const std::int64_t t = static_cast<std::int64_t>(offset % (2 * k));
  switch (offset / (2 * k)) {
    case 0:
      return {s - 1 - t, s};
    case 1:
      return {-s, s - 1 - t};
    case 2:
      return {-s + 1 + t, -s};
    default:
      return {s, -s + 1 + t};
  }
}

}  // namespace qg::spiral
