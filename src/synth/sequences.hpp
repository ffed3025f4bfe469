// The games' P-positions as sequences n ↦ a_n, n ↦ b_n for the learner (internal to synth).
#pragma once

#include <utility>

#include "queengames/synth.hpp"
#include "queengames/twopile.hpp"

namespace qg::synth::sequences {

// a_n (or b_n) of a game's P-positions by the papers' morphic coding (seed 001 §3–4), with
// (a_0, b_0) = (0, 0); O(log n) per term, for any n.
Sequence morphic(const twopile::MorphicCoding& coding, bool b);

// a_n (or b_n) of a two-pile game's P-positions by the sweep (twopile::sweep_p_positions), the
// P-positions swept again to twice as many whenever a later one is asked for (the learner asks
// in order, so the total work is at most twice the last sweep's). The learner may also ask far
// beyond its window (an access word and an experiment together spell a large n): a sweep whose
// memory (the sweep's own and 8 bytes a P-position kept) would pass `memory_limit` (0: three
// quarters of the memory free) is refused with a MemoryError. `progress` is polled by the sweep.
Sequence swept(const twopile::Ruleset& ruleset, bool b, std::uint64_t memory_limit, const ProgressFn& progress);

// n ↦ a_n and n ↦ b_n of k-Blocking Wythoff's palaces (seed 004 §1), x ≤ y, in the order of x,
// then y, sharing one stream of the palace table's rows (blocking::PalaceRows, widened as it
// goes). Reaching palace n costs O(x_n · (x_n + D)) cells, D the palaces' largest x − y (about
// 1.6 x_n): a palace whose rows would pass max_cells — reached, or foreseen from the palaces per
// row and the cells so far — is refused with a RangeError, and one whose pairs (16 bytes each)
// and row counters would pass memory_limit (0: three quarters of the memory free) too. The
// budget is the stream's, not a call's: 2^39 cells take 4–8 minutes on two loaded cores.
// `progress` is polled within the rows.
inline constexpr std::uint64_t kMaxPalaceCells = std::uint64_t{1} << 39;
std::pair<Sequence, Sequence> palaces(unsigned k, std::uint64_t memory_limit = 0, const ProgressFn& progress = {},
                                      std::uint64_t max_cells = kMaxPalaceCells);

}  // namespace qg::synth::sequences
