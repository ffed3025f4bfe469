// The games' P-positions as sequences for the learner (sequences.hpp).
#include "synth/sequences.hpp"

#include <algorithm>

#include <fmt/format.h>

#include "queengames/blocking.hpp"

namespace qg::synth::sequences {

Sequence morphic(const twopile::MorphicCoding& coding, bool b) {
  auto index = std::make_shared<twopile::MorphicPPositions>(coding);
  return [index, b](std::uint64_t n) -> std::uint64_t {
    if (n == 0) return 0;
    auto p = index->nth(n);
    return b ? p.y : p.x;
  };
}

Sequence swept(const twopile::Ruleset& ruleset, bool b, std::uint64_t memory_limit, const ProgressFn& progress) {
  struct Swept {
    twopile::Ruleset ruleset;
    std::vector<std::uint32_t> p;  // a_0, b_0, a_1, b_1, … (the sweep's coordinates are below 2^32 − 2)
  };
  auto state = std::make_shared<Swept>(Swept{ruleset, {}});
  return [state, b, memory_limit, progress](std::uint64_t n) -> std::uint64_t {
    if (2 * n >= state->p.size()) {
      const std::uint64_t count = std::max<std::uint64_t>({1024, state->p.size(), n + 1});
      if (count > twopile::kMaxSweep)
        throw RangeError(fmt::format("{}: P-position {} is past the sweep's 2^31", state->ruleset.name(), n));
      const std::uint64_t bytes = twopile::sweep_bytes(state->ruleset, count, progress) + 8 * count;
      const std::uint64_t limit = memory_limit ? memory_limit : free_memory() / 4 * 3;
      if (bytes > limit)
        throw RangeError(fmt::format("{}: P-position {} needs a sweep of {} P-positions, {}, above the {} it may use",
                                     state->ruleset.name(), n, count, memory_amount(bytes), memory_amount(limit)));
      std::vector<std::uint32_t> p;
      p.reserve(2 * count);
      twopile::sweep_p_positions(
          state->ruleset, count,
          [&p](std::uint64_t, std::uint64_t a, std::uint64_t b) {
            p.push_back(static_cast<std::uint32_t>(a)), p.push_back(static_cast<std::uint32_t>(b));
            return true;
          },
          progress);
      state->p = std::move(p);
    }
    return state->p[2 * n + b];
  };
}

// A table W columns wide and 2.62·W + 3 rows high holds every palace (x, y), x ≤ y, of its columns
// that lies on or below y = φ²x + 2, where the palaces of the games shipped lie (the certification
// vouches for the automaton either way). Its rows are streamed (blocking::PalaceRows, O(W)
// memory), so W may grow, by half each time a palace beyond is asked for, to 2^17 (4.5·10^10
// cells); RangeError past that.
Sequence palaces(unsigned k, bool b, const ProgressFn& progress) {
  struct Palaces {
    std::uint64_t width = 0;
    std::vector<std::pair<std::uint32_t, std::uint32_t>> sorted;  // the palaces, by x then y
  };
  auto state = std::make_shared<Palaces>();
  return [state, k, b, progress](std::uint64_t n) -> std::uint64_t {
    constexpr std::uint64_t widest = std::uint64_t{1} << 17;
    while (n >= state->sorted.size()) {
      if (state->width == widest)
        throw RangeError(fmt::format("blocking{}: palace {} lies past the columns of a 2^17-wide table", k, n));
      const std::uint64_t w = std::clamp<std::uint64_t>(state->width * 3 / 2, 64, widest), h = w * 262 / 100 + 3;
      blocking::PalaceRows rows(k, w);
      Poller poller(progress, h);
      state->sorted.clear();
      for (std::uint64_t y = 0; y < h; ++y) {
        const auto row = rows.next(poller);
        for (std::uint64_t x = 0; x <= std::min(y, w - 1); ++x)
          if (row[x] < k) state->sorted.emplace_back(x, y);
      }
      std::sort(state->sorted.begin(), state->sorted.end());
      state->width = w;
    }
    return b ? state->sorted[n].second : state->sorted[n].first;
  };
}

}  // namespace qg::synth::sequences
