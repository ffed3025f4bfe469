// The ∞-queens engine's parts, shared by its files (internal to the module).
//
//   engine.cpp            the public API, the statistics' records, and the one dispatch point
//                         that picks a kernel for the machine
//   engine_kernel.hpp     the kernel: Knuth's search, the automaton's walk and the statistics,
//                         in portable C++ (a template over three column operations)
//   engine_x86_bmi2.cpp   the same kernel with those three operations in x86-64 + BMI2
//   engine_automaton.cpp  the automaton's nodes, each worked out once by Knuth's search
//   engine_record.cpp     the record of the high queens and its readers (cursors, streams)
//
// Knuth's names (seed 002 §4) throughout: column n, its queen q, s the least free row, r the
// least r ≥ 0 with diagonal −r free, t the high queens so far, and his probe count `ticks`
// (InftyStats::probe_histogram is his tickhist). wa, wb, wc are 64-bit windows on his
// byte-per-bit arrays a (rows), b (antidiagonals q + n) and c (diagonals q − n).
#pragma once

#include <algorithm>
#include <array>
#include <bit>
#include <cstdint>
#include <iterator>
#include <string>

#include "state.hpp"

namespace qg::infty_detail {

using namespace infty;  // the module's public names (InftyQueens, InftyStats)
using State = InftyQueens::State;

// kLowBits[k] = 2^k − 1: the mask of the k lowest bits, by one load (k = 64 included).
inline constexpr auto kLowBits = [] {
  std::array<u64, 65> masks{};
  for (unsigned k = 0; k < 64; ++k) masks[k] = (u64{1} << k) - 1;
  masks[64] = ~u64{0};
  return masks;
}();

// A bit field of a packed word: `width` bits from bit `shift`.
struct Field {
  unsigned shift, width;
  constexpr u64 mask() const { return width == 64 ? ~u64{0} : (u64{1} << width) - 1; }
  constexpr u64 of(u64 word) const { return word >> shift & mask(); }
  constexpr u64 with(u64 value) const { return (value & mask()) << shift; }
};

// ---------------------------------------------------------------------------------------
// Knuth's search failing the engine's windows (claim knuth.windows): never seen, but checked.

[[noreturn]] void window_failure(u64 n, const std::string& what);
void new_scan(InftyStats& stats, u64 n, u64 scan);  // a scan longer than any before
void new_step(InftyStats& stats, u64 n, u64 step);  // a step of s longer than any before

// ---------------------------------------------------------------------------------------
// The record of the high queens and its readers (engine_record.cpp).

// Copies into `window` (bit i: index base + i) every high queen whose index — row (kWeight
// = 1) or antidiagonal (kWeight = 2) — is below base + 64, reading the record (columns up to
// `last`) from the cursor on, and moves the cursor past them (Knuth's search, place()).
template <u64 kWeight>
u64 ingest(Cursor& cursor, const HighRecord& record, u64 last, u64 window, u64 base);

// Adds a record block (every 2^22 columns) and frees those no reader needs any more.
void new_block(State& st);

// The automaton's windows on a (base s) and b (base n + s), refilled from the streams, and
// their slack: two 8-bit counters, a's above b's. A column takes its descriptor's kSlackCost
// off them, and a sign bit says a refill is due (a borrow from b's counter into a's only makes
// the refill come early). The automaton reads the windows 16 bits deep (bits 8–15), so after a
// refill of 64 bits both bases may move by 48.
struct Windows {
  u64 wa, wb, slack;
};
inline constexpr u64 kSlackSigns = 0x8080;
inline constexpr u64 kFullSlack = 48 << 8 | 48;
inline constexpr u64 kNotHeld = u64{1} << 16;  // a flag beside them: the walk's next node is not held

// Starts the streams, the first time the automaton runs, from the windows and cursors of
// Knuth's search.
void start_streams(State& st);
// The windows for column n with base s, the slack full; should the record (columns ≤ last)
// not reach far enough ahead, the slack has its sign bits set instead.
Windows refill(State& st, u64 n, u64 s, u64 last);
// The cursors brought up to where the streams stand (column n, row s), so that new_block()
// can tell which record blocks are still needed.
void bring_up_cursors(State& st, u64 n, u64 s);
// Hands the windows and cursors back to the engine's state at column n, row s, node `node`,
// as Knuth's search wants them: complete below base + 64 with the cursors past them.
void settle(State& st, u64 n, u64 s, std::uint32_t node);

// ---------------------------------------------------------------------------------------
// The automaton (engine_automaton.cpp). Knuth's scans stay within 5 rows and s steps by at
// most 5 (claim knuth.windows), so what his search can see from column n fits in 32 bits — a
// *node* — and only 1129 nodes occur in the first 10^9 columns.
//
// A node: a on rows s … s+7, b on antidiagonals n+s … n+s+7, c on diagonals s−n−8 … s−n+7,
// with every diagonal above −r marked used, as it is (c_{−r+1..0} by the choice of r, c_{1..t}
// by the high queens):
//
//    31                          16 15                  8 7                  0
//   +------------------------------+---------------------+--------------------+
//   | c_{s−n−8}     …    c_{s−n+7} | b_{n+s} … b_{n+s+7} |  a_s   …   a_{s+7} |
//   +------------------------------+---------------------+--------------------+
//     bit i: c_{s−n−8+i}             bit 8 + i: b_{n+s+i}  bit i: a_{s+i}
//
inline constexpr Field kNodeA{0, 8}, kNodeB{8, 8}, kNodeC{16, 16};

constexpr std::uint32_t pack_node(u64 a, u64 b, u64 c) {
  return static_cast<std::uint32_t>(kNodeA.with(a) | kNodeB.with(b) | kNodeC.with(c));
}

// The column's outcome depends on its node alone; the next node, on the node and the 2·step + 1
// bits of a and b that enter the windows as they slide (step: how far s moves). So each node
// gets a *descriptor*, all that a column needs in one load:
//
//    63                   42  41  40  38 37     32 31      24 23      16 15       8 7        0
//   +-----------------------+---+------+---------+----------+----------+----------+----------+
//   |  first link           | H | row  |  ticks  |   step   | step + 1 |  b pick  |  a pick  |
//   +-----------------------+---+------+---------+----------+----------+----------+----------+
//            22               1    3       6          8          8          8          8
//
//   a pick, b pick  which bits enter the windows (PEXT mask, entering()): a_{s+8 … s+7+step}
//                   (bits 0 … step−1) and b_{n+s+8 … n+s+8+step} (bits 8 … 8+step)
//   step + 1, step  how far b's base n + s and a's base s move; together (kSlackCost), what
//                   the column takes off the windows' slack, a's counter above b's
//   ticks           Knuth's probe count, 3 … 63 (so that 0 can mean "not yet known")
//   row             a low queen's row − s (0 … 6: a node's scan covers at most 7 rows)
//   H               the queen is high: row n + t + 1
//   first link      where the node's links begin in Automaton::links: one slot per value of
//                   the entering bits (2^{2·step+1}), holding the next node's descriptor or 0
//                   until first taken. The slot just before holds the node itself (high 32
//                   bits) and its visits since the last fold_visits() (low 32 bits).
inline constexpr Field kAPick{0, 8}, kBPick{8, 8}, kBStep{16, 8}, kStep{24, 8}, kSlackCost{16, 16}, kTicks{32, 6},
    kLowRow{38, 3}, kHigh{41, 1}, kFirstLink{42, 22};
inline constexpr Field kSlotNode{32, 32}, kSlotVisits{0, 32};

// The descriptor turned right by 16 (one rotation) for the loop's moves: kBStep and kSlackCost
// then start at bit 0, and the word itself, as a shift count taken mod 64, is step + 1 (that
// byte is below 64), so the windows' shifts need no mask of their own. (One register and one
// instruction fewer per column than the two fields read apart.)
constexpr u64 moves_of(u64 descriptor) { return std::rotr(descriptor, kBStep.shift); }
inline constexpr Field kMovesBStep{0, kBStep.width}, kMovesSlackCost{0, kSlackCost.width};
static_assert(kSlackCost.shift == kBStep.shift && kStep.shift == kBStep.shift + kBStep.width);

// The automaton takes over at column 4096 (Knuth's search does the first columns, where s and
// r still jump about) and never holds a node whose s steps by more than 6 rows.
inline constexpr u64 kAutomatonFrom = u64{1} << 12;
inline constexpr u64 kMaxLinks = u64{1} << kFirstLink.width;
inline constexpr unsigned kMaxAutomatonStep = 6;

// The descriptor of `node`, worked out on its first occurrence; 0 if the windows cannot hold
// it (the column then goes back to Knuth's search).
u64 describe(State& st, std::uint32_t node);
// The node after `descriptor`'s column, given the bits `entering` that entered a (the low
// `step` bits) and b (the next step + 1): its descriptor, now also in the link; 0 if not held,
// `next` being that node.
u64 follow(State& st, u64 descriptor, u64 entering, std::uint32_t& next);
// Knuth's probe histogram and the window statistics from the nodes' visits since last time.
void fold_visits(State& st);

inline std::uint32_t node_of(const Automaton& automaton, u64 descriptor) {
  return static_cast<std::uint32_t>(kSlotNode.of(automaton.links[kFirstLink.of(descriptor) - 1]));
}

// ---------------------------------------------------------------------------------------
// The statistics (seed 002 §8).

// A column's queen as the numerator of its discrepancy: q | kHighFlag for a high queen
// (q − nφ) and q + n for a low one (q − n/φ = q + n − nφ).
inline constexpr u64 kHighFlag = u64{1} << 63;

constexpr u64 queen_of(u64 n, u64 numerator) {
  return (numerator & kHighFlag) != 0 ? numerator & ~kHighFlag : numerator - n;
}

// The discrepancy is whole − frac(nφ) with whole = numerator − floor(nφ). Rotated left, the
// numerator with its flag is 2·numerator + high; less 2·floor(nφ) and the offset of bin 0 it
// is the histogram index 2·bin + high, bin = whole − 1 − kHistMin. So the loops keep
// to_bin = −floor(nφ) − 1 − kHistMin, and the index is rotl(numerator, 1) + 2·to_bin.
inline constexpr std::int64_t kBinOffset = -1 - InftyStats::kHistMin;
constexpr u64 to_bin_of(u64 nphi) { return static_cast<u64>(kBinOffset) - nphi; }
constexpr u64 nphi_of(u64 to_bin) { return static_cast<u64>(kBinOffset) - to_bin; }

// What a pass of the statistics keeps on the stack of the loop that uses it (so that it takes
// no register there): the counts, and the bins' record thresholds (State::below and width).
// Where the pass starts in nφ it hands to the loop, which keeps its own copy in registers and
// gives it back to save(). (Defined here, where the kernels are compiled: with the constructor
// in another file, the walk's loop lost three registers, 5 instructions per term.)
struct Tally {
  u64 histogram[2 * InftyStats::kHistBins] = {};
  u64 below[2 * InftyStats::kHistBins], width[2 * InftyStats::kHistBins];
  u64 to_bin, fraction_low, fraction_high;

  explicit Tally(const State& st)
      : to_bin(to_bin_of(st.nphi)),
        fraction_low(static_cast<u64>(st.fraction)),
        fraction_high(static_cast<u64>(st.fraction >> 64)) {
    thresholds(st);
  }
  // Copies the thresholds again (after a new record).
  void thresholds(const State& st) {
    std::copy(std::begin(st.below), std::end(st.below), below);
    std::copy(std::begin(st.width), std::end(st.width), width);
  }
  void save(State& st, u64 to_bin_end, u64 fraction_low_end, u64 fraction_high_end) const {
    for (int bin = 0; bin < InftyStats::kHistBins; ++bin) {
      st.stats.low_histogram[bin] += histogram[2 * bin];
      st.stats.high_histogram[bin] += histogram[2 * bin + 1];
      st.stats.high_terms += histogram[2 * bin + 1];
    }
    st.nphi = nphi_of(to_bin_end);
    st.fraction = (static_cast<u128>(fraction_high_end) << 64) | fraction_low_end;
  }
};

// A term that may set a record (its numerator with the flag); `outside`: its whole part is
// beyond the histogram's range (counted in an end bin here).
void tally_record(State& st, Tally& tally, u64 n, u64 numerator, u64 to_bin, u64 fraction_high, u64 fraction_low,
                  bool outside);

// ---------------------------------------------------------------------------------------
// The kernels: computes columns n … n + count − 1 of the state, with q_n in out[] if not null.

void run_portable(State& st, u64 count, u64* out);  // any CPU (engine.cpp)
void run_x86_bmi2(State& st, u64 count, u64* out);  // x86-64 with BMI2 (engine_x86_bmi2.cpp)

}  // namespace qg::infty_detail
