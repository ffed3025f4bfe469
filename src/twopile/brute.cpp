// The brute-force reference: decide positions in order of Manhattan distance, each by
// checking whether it has a move to a P-position already found.
#include <algorithm>

#include <fmt/format.h>

#include "queengames/twopile.hpp"

namespace qg::twopile {

std::vector<Position> brute_force_p_positions(const Ruleset& ruleset, std::uint64_t size, const ProgressFn& progress) {
  if (size == 0 || size > 4096)
    throw RangeError(fmt::format("brute force: size {} is outside the supported range 1..4096", size));
  // A monotone ruleset's options stay in the corner; bounces and reflections may leave it,
  // but never to a larger Manhattan distance, so the triangle x + y ≤ 2(size − 1) suffices.
  bool monotone = ruleset.monotone();
  std::uint64_t max_sum = 2 * (size - 1);
  std::vector<Position> found;  // every P-position decided so far
  Poller poller(progress, (max_sum + 1) * (max_sum + 2) / 2);
  std::uint64_t decided = 0;
  for (std::uint64_t sum = 0; sum <= max_sum; ++sum) {
    std::uint64_t x_lo = monotone && sum >= size ? sum - size + 1 : 0;
    std::uint64_t x_hi = monotone ? std::min(sum, size - 1) : sum;
    std::size_t before = found.size();  // P-positions of this sum are not options of each other
    for (std::uint64_t x = x_lo; x <= x_hi; ++x) {
      Position here{x, sum - x};
      bool p = std::none_of(found.begin(), found.begin() + static_cast<std::ptrdiff_t>(before),
                            [&](Position q) { return ruleset.is_move(here, q); });
      if (p) found.push_back(here);
      poller.tick(++decided);
    }
  }
  poller.finish();
  std::vector<Position> out;
  for (auto p : found)
    if (p.x <= p.y && p.y < size && (p == Position{} || !ruleset.is_terminal(p))) out.push_back(p);
  std::sort(out.begin(), out.end());
  return out;
}

}  // namespace qg::twopile
