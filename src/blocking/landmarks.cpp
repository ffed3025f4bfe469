// The armpit, the prism and the skin's stages (seed 004 §3.1, §3.4), located in the table.
#include <fmt/format.h>

#include "queengames/blocking.hpp"
#include "regions.hpp"

namespace qg::blocking {

Cell locate_armpit(std::uint64_t k, const ProgressFn& progress, bool force) {
  require_k(k);
  // The search window: right of the upper shoulder (k, 0), between the nose's row and the
  // lower shoulder's, within 2k columns.
  const std::uint64_t width = 2 * k + 1, first = k / 3 + 1, rows = k;
  PalaceRows table(k, width, Engine::definition, force);
  Poller poller(progress, rows);
  std::uint32_t hottest = 0;
  Cell at;
  for (std::uint64_t y = 0; y < rows; ++y) {
    const auto row = table.next(poller);
    if (y < first) continue;
    for (std::uint64_t x = k + 1; x < width; ++x)
      if (row[x] > hottest) hottest = row[x], at = {x, y};
  }
  poller.finish();
  if (hottest <= k) throw RangeError(fmt::format("game {} has no cell above k right of the shoulder: no armpit", k));
  return at;
}

Cell locate_prism(std::uint64_t k, const ProgressFn& progress, bool force) {
  require_k(k);
  require_k(k + 3);
  // Game k + 3's cell (d + 1, d + 1) against game k's (d, d): the fabric of both is the CA's
  // continuation of the same nose (k ≡ k + 3 mod 3), so they agree along the diagonal until
  // the fabric ends.
  const std::uint64_t last = 5 * k / 2 + 8, nose = k / 3 + 1;
  require_memory(palace_rows_bytes(k, last + 1, Engine::definition) +
                     palace_rows_bytes(k + 3, last + 2, Engine::definition),
                 fmt::format("locating game {}'s prism", k), force);
  PalaceRows game(k, last + 1, Engine::definition, true), shifted(k + 3, last + 2, Engine::definition, true);
  Poller poller(progress, last);
  shifted.next(poller);
  for (std::uint64_t d = 0; d <= last; ++d) {
    const auto a = game.next(poller);
    const auto b = shifted.next(poller);
    if (d > nose && b[d + 1] != a[d] + 3) {
      poller.finish();
      return {d, d};
    }
  }
  throw RangeError(fmt::format("game {}'s fabric reaches past (2.5k, 2.5k): no prism found", k));
}

std::optional<Cell> locate_skin(std::uint64_t k, unsigned n, std::uint64_t columns) {
  require_k(k);
  for (const detail::SkinStage& s : detail::measure_skin(k, columns).stages)
    if (s.n == n) return Cell{k + s.first, s.first_row};
  return std::nullopt;
}

}  // namespace qg::blocking
