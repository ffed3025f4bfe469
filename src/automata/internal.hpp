// The automata module's shared internals: nondeterministic automata, determinization, the
// memory guard and the step reporter.
#pragma once

#include <chrono>
#include <cstdint>
#include <string>
#include <vector>

#include "queengames/automata.hpp"

namespace qg::automata::detail {

// Refuses (RangeError) a table of `bytes` bytes above the context's memory limit.
void guard(const Context& context, std::uint64_t bytes, const std::string& what);

// Times one step and reports it through Context::on_step.
class StepTimer {
 public:
  StepTimer(const Context& context, std::string step, std::uint64_t states_in);
  void finish(const Automaton& result, std::uint64_t peak_bytes);
  void rename(std::string step) { stats_.step = std::move(step); }
  void abandon() { abandoned_ = true; }

 private:
  const Context& context_;
  StepStats stats_;
  bool abandoned_ = false;
  std::chrono::steady_clock::time_point start_;
};

// A nondeterministic automaton in compressed rows: the targets of (state, letter) are
// target[offset[state·letters + letter] … offset[state·letters + letter + 1]).
struct Nfa {
  std::uint32_t states = 0, letters = 1;
  std::vector<std::uint64_t> offset;
  std::vector<std::uint32_t> target;
  std::vector<std::uint32_t> initial;
  std::vector<std::uint8_t> accepting;
  std::uint64_t bytes() const { return offset.size() * 8 + target.size() * 4 + accepting.size(); }
};

Nfa to_nfa(const Automaton& a);
Nfa reversed(const Nfa& n, const Context& context);
// Subset construction from the initial set (empty set = the dead state). Returns false, and
// leaves `out` empty, when more than `budget` subsets appear (budget 0: no budget).
bool determinize(const Nfa& n, const std::vector<Track>& tracks, std::uint64_t budget, const Context& context,
                 Automaton& out);
// The same with subsets as bitsets (no budget): for subsets of a large share of the states.
bool determinize_dense(const Nfa& n, const std::vector<Track>& tracks, const Context& context, Automaton& out);
// Determinization by the context's strategy; the result is minimal.
Automaton determinize_minimal(const Nfa& n, const std::vector<Track>& tracks, const Context& context);

// The padding-closed automaton of the tuples some encoding of which `n` accepts (padding.cpp):
// minimal, and equal to n's language when that is padding-closed. `upward_closed`: every tuple's
// accepted lengths are upward closed (true of a projection of a padding-closed automaton); the
// closure of tracks in both directions needs it (InputError without it). Tracks without a
// number system: n's language, determinized.
Automaton padding_closure(const Nfa& n, const std::vector<Track>& tracks, bool upward_closed, const Context& context);

}  // namespace qg::automata::detail
