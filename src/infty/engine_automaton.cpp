// The automaton's nodes (engine.hpp draws a node and its descriptor), each worked out once by
// Knuth's search, and the statistics taken from their visits.
#include <algorithm>
#include <bit>

#include "engine.hpp"

namespace qg::infty_detail {
namespace {

// One column of Knuth's search (seed 002 §4) on a node, as place() does it on the engine's
// windows: its outcome, and the node of the next column with the bits that enter its windows
// still 0.
struct Outcome {
  bool held = false;  // false: a node's windows cannot hold this column or the next node
  u64 high = 0;       // the queen is high (row n + t + 1)
  u64 row = 0;        // a low queen's row − s
  u64 ticks = 0;      // Knuth's probe count
  u64 scan = 0;       // rows s … n − r
  u64 step = 0;       // how far s moves
  std::uint32_t next = 0;
};

u64 highest_bit(u64 x) { return 63 - static_cast<u64>(std::countl_zero(x)); }
u64 ones(u64 x) { return static_cast<u64>(std::popcount(x)); }

Outcome search(std::uint32_t node) {
  u64 a = kNodeA.of(node);
  u64 b = kNodeB.of(node);
  u64 c = kNodeC.of(node);  // bit i: diagonal s − n − 8 + i, so row s + i's diagonal is bit 8 + i
  Outcome outcome;
  u64 free_c = ~c & kNodeC.mask();
  if (free_c == 0) return outcome;
  u64 minus_r = highest_bit(free_c);  // every diagonal above −r is used: −r is c's top zero
  if (minus_r > 14) return outcome;   // the next column's window (one lower) would lose it
  outcome.scan = minus_r >= 8 ? minus_r - 7 : 0;
  // Bit i of each mask stands for row k = s + i: Knuth probes b_{k+n}, then c_{k−n} where b
  // is free, then a_k where both are.
  u64 free_b = ~b & kLowBits[outcome.scan];
  u64 free_bc = free_b & ~(c >> 8);
  u64 found = ~a & free_bc;
  if (found == 0) {
    // A high queen: the scan probes every row, and the queen sets c_t, a_q and b_{q+n}
    // (3 probes), all above these windows.
    outcome.high = 1;
    outcome.ticks = outcome.scan + ones(free_b) + ones(free_bc) + 3;
  } else {
    u64 bit = found & (0 - found);
    u64 probed = found ^ (found - 1);  // the rows scanned, up to q
    outcome.row = static_cast<u64>(std::countr_zero(found));
    outcome.ticks = ones(probed) + ones(free_b & probed) + ones(free_bc & probed) + 3;
    a |= bit;
    b |= bit;
    c |= bit << 8;
    if (probed == kLowBits[outcome.scan]) {
      // q = n − r took diagonal −r: r moves down to the highest free diagonal below it, one
      // probe per diagonal passed; it must be in the window.
      u64 below = ~c & ((bit << 8) - 1);
      if (below == 0) return outcome;
      outcome.ticks += minus_r - highest_bit(below);
    }
    // q = s took row s: s moves to the next free row (else a_s = 0: a step of 0), one probe
    // per row passed; c's window moves with s, and the diagonals it leaves must be free.
    outcome.step = static_cast<u64>(std::countr_zero(~a));
    if (outcome.step > kMaxAutomatonStep || (c & kLowBits[outcome.step]) != 0) return outcome;
    outcome.ticks += outcome.step;
    a >>= outcome.step;
    b >>= outcome.step;
    // The diagonals entering c's window from above are above −r: used.
    c = (c >> outcome.step) | (kNodeC.mask() & (kNodeC.mask() << (kNodeC.width - outcome.step)));
  }
  // Column n + 1: b's base n + s gains 1, c's base s − n − 8 loses 1 (its top bit, above −r,
  // leaves; the diagonal entering below is free, as every diagonal below the window is).
  outcome.next = pack_node(a, b >> 1, c << 1);
  outcome.held = true;
  return outcome;
}

}  // namespace

u64 describe(State& st, std::uint32_t node) {
  Automaton& automaton = st.automaton;
  auto [it, fresh] = automaton.descriptor_of.try_emplace(node, 0);
  if (!fresh) return it->second;
  Outcome outcome = search(node);
  u64 slots = u64{1} << (2 * outcome.step + 1);
  if (!outcome.held || outcome.ticks > kTicks.mask() || automaton.links.size() + 1 + slots > kMaxLinks) return 0;
  automaton.links.push_back(kSlotNode.with(node));
  u64 a_pick = kLowBits[outcome.step];
  u64 b_pick = kLowBits[outcome.step + 1];
  u64 descriptor = kFirstLink.with(automaton.links.size()) | kHigh.with(outcome.high) | kLowRow.with(outcome.row) |
                   kTicks.with(outcome.ticks) | kStep.with(outcome.step) | kBStep.with(outcome.step + 1) |
                   kBPick.with(b_pick) | kAPick.with(a_pick);
  automaton.links.resize(automaton.links.size() + slots);
  automaton.descriptors.push_back(descriptor);
  automaton.scans.push_back(static_cast<std::uint8_t>(outcome.scan));
  return it->second = descriptor;
}

u64 follow(State& st, u64 descriptor, u64 entering, std::uint32_t& next) {
  Automaton& automaton = st.automaton;
  u64 step = kStep.of(descriptor);
  // The node's successor with the entering bits at the top of its a (step of them) and b
  // (step + 1), as they slid in.
  u64 into_a = (entering & kLowBits[step]) << (kNodeA.width - step);
  u64 into_b = (entering >> step) << (kNodeB.width - (step + 1));
  next = search(node_of(automaton, descriptor)).next | pack_node(into_a, into_b, 0);
  u64 found = describe(st, next);
  if (found != 0) automaton.links[kFirstLink.of(descriptor) + entering] = found;
  return found;
}

// Each visit is a column with the node's ticks; only columns done count, not the node that
// waits for the next one. (Folded at least every 2^22 columns, so that the 32-bit counts
// cannot overflow into the node.)
void fold_visits(State& st) {
  Automaton& automaton = st.automaton;
  for (std::size_t i = 0; i < automaton.descriptors.size(); ++i) {
    u64 descriptor = automaton.descriptors[i];
    u64& slot = automaton.links[kFirstLink.of(descriptor) - 1];
    u64 visits = kSlotVisits.of(slot);
    if (visits == 0) continue;
    st.stats.probe_histogram[kTicks.of(descriptor)] += visits;
    st.stats.max_scan = std::max<u64>(st.stats.max_scan, automaton.scans[i]);
    st.stats.max_s_step = std::max(st.stats.max_s_step, kStep.of(descriptor));
    slot &= ~kSlotVisits.with(kSlotVisits.mask());
  }
}

}  // namespace qg::infty_detail
