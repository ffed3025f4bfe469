// Internal: rounds of work shared by a few threads, with a barrier between rounds.
#pragma once

#include <cstdint>
#include <functional>

namespace qg::boards::detail {

// Runs rounds 0 … rounds − 1 in order. In each round work(round, thread) runs on `threads`
// threads at once (thread = 0 … threads − 1) (it shares out the round's items itself, e.g. through an atomic counter); between
// rounds, on the calling thread, between(round) runs alone (progress, resetting counters).
// An exception from either (an interrupt through ProgressFn included) stops every thread at
// the next barrier and is rethrown here.
void run_rounds(unsigned threads, std::uint64_t rounds, const std::function<void(std::uint64_t round, unsigned thread)>& work,
                const std::function<void(std::uint64_t round)>& between);

}  // namespace qg::boards::detail
