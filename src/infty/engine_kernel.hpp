// The kernel of the ∞-queens engine, in portable C++: Knuth's algorithm (seed 002 §4) on three
// sliding 64-bit windows and a one-bit-per-column record of the high queens.
//
// Two routes compute a column, and both leave the same state, column by column:
//   * place() runs Knuth's search on the windows, and tally_columns() then takes the
//     statistics (seed 002 §8). It does columns 1 … 4095, and any node the automaton cannot
//     hold (to 10^9, none).
//   * walk() reads each column off the automaton (engine.hpp draws its nodes and descriptors)
//     and takes the statistics in the same loop: one table load and no branch per column,
//     where Knuth's search has a high/low branch that no predictor foresees well
//     (docs/PERFORMANCE.md).
// The kernel is a template over three column operations, Isa::entering, Isa::take_queen and
// Isa::advance_nphi: struct Portable below writes them in C++, engine_x86_bmi2.cpp in x86-64
// instructions (PEXT; CMOV and RCR; ADD, ADC and SBB). Everything else is shared.
#pragma once

#include <algorithm>
#include <bit>

#include "engine.hpp"

namespace qg::infty_detail {

// The three column operations in C++, for any CPU.
struct Portable {
  // The bits that enter a and b after a column of `descriptor`: a_{s+8 … s+7+step} then
  // b_{n+s+8 … n+s+8+step}, the index of the next node among the node's links.
  static u64 entering(u64 wa, u64 wb, u64 descriptor) {
    u64 step = kStep.of(descriptor);
    return (wa >> 8 & kLowBits[step]) | (wb >> 8 & kLowBits[step + 1]) << step;
  }

  // A column's queen as its numerator (kHighFlag): q + n = (n + s) + row for a low queen, and
  // n + t + 1 for a high one (n_t = n + t carries kHighFlag). n + t then gains 1 for the next
  // column and 1 more for a high queen, whose bit enters the record `word` from the top.
  static u64 take_queen(u64 descriptor, u64 n_s, u64& n_t, u64& word) {
    u64 high = kHigh.of(descriptor);
    u64 numerator = high != 0 ? n_t + 1 : n_s + kLowRow.of(descriptor);
    n_t += 1 + high;
    word = word >> 1 | high << 63;
    return numerator;
  }

  // From column n to n + 1: frac((n+1)φ) = frac(nφ) + (φ − 1), and floor((n+1)φ) = floor(nφ)
  // + 1 + the carry out of the fraction, which to_bin = −floor(nφ) − … takes off.
  static void advance_nphi(u64& fraction_low, u64& fraction_high, u64& to_bin) {
    constexpr u64 kStepLow = static_cast<u64>(kPhiFraction);
    constexpr u64 kStepHigh = static_cast<u64>(kPhiFraction >> 64);
    fraction_low += kStepLow;
    u64 add_high = kStepHigh + (fraction_low < kStepLow ? 1 : 0);  // kStepHigh < 2^64 − 1
    fraction_high += add_high;
    to_bin -= 1 + (fraction_high < add_high ? 1 : 0);
  }
};

// ---------------------------------------------------------------------------------------
// Knuth's search for columns n … n + count − 1, all in one record word. Column j leaves its
// numerator (queen_of()) in queens[j − n], and Knuth's ticks in the probe histogram.

[[gnu::always_inline]] inline void place(State& st, u64 count, u64* queens) {
  u64 n = st.n;
  u64 s = st.s;
  u64 r = st.r;
  u64 t = st.t + kHighFlag;  // carries the flag, so that n + t is a high queen's numerator
  u64 wa = st.wa;
  u64 wb = st.wb;
  u64 wc = st.wc;
  std::int64_t gap = static_cast<std::int64_t>(n - r) - static_cast<std::int64_t>(s) + 1;  // rows s … n − r
  // How far the bases may move before the next high queen comes within kReach.
  std::int64_t a_slack = static_cast<std::int64_t>(st.rows.next - s - kReach);
  std::int64_t b_slack = static_cast<std::int64_t>(st.antidiagonals.next - n - s - kReach);
  u64* front = st.record.word_pointer(n);
  InftyStats& stats = st.stats;
  u64* numerator_of = queens - n;
  const u64 end = n + count;
  for (; n < end; ++n) {
    u64 scan = gap > 0 ? static_cast<u64>(gap) : 0;
    if (scan > stats.max_scan) [[unlikely]]
      new_scan(stats, n, scan);
    // Bit i of each mask stands for row k = s + i (of c: diagonal k − n).
    u64 free_b = ~wb & kLowBits[scan];
    u64 free_bc = ~(wc >> kReach) & free_b;
    u64 found = ~wa & free_bc;
    u64 q;
    u64 ticks;
    if (found != 0) {
      // A low queen (q ≤ n): the first row free in a, b and c. Knuth probes b_{k+n} for each
      // row k up to it, c_{k−n} where b is free, a_k where both are; then he sets a, b and c.
      u64 bit = found & (0 - found);
      u64 probed = found ^ (found - 1);
      q = s + static_cast<u64>(std::countr_zero(found)) + n;
      ticks =
          static_cast<u64>(std::popcount(probed) + std::popcount(free_b & probed) + std::popcount(free_bc & probed)) +
          3;
      wa |= bit;
      wb |= bit;
      u64 c_bit = bit << kReach;
      wc |= c_bit;
      if (probed == kLowBits[scan]) {
        // q = n − r took diagonal −r: r moves down to the next free diagonal, the highest
        // zero of c below it, one probe per diagonal passed.
        u64 below = ~wc & (c_bit - 1);
        if (below == 0) [[unlikely]]
          window_failure(n, "the search for the next free diagonal");
        u64 r_next = n - s + static_cast<u64>(std::countl_zero(below)) - (kReach - 1);
        ticks += r_next - r;
        gap -= static_cast<std::int64_t>(r_next - r);
        r = r_next;
      }
      // When q = s took row s, s moves up to the next free row (else a_s = 0: a step of 0),
      // one probe per row passed; c's base s − n − kReach moves with it, and the diagonals it
      // leaves must all be free.
      u64 s_step = static_cast<u64>(std::countr_zero(~wa));
      if (s_step > stats.max_s_step) [[unlikely]]
        new_step(stats, n, s_step);
      if ((wc & kLowBits[s_step]) != 0) [[unlikely]]
        window_failure(n, "a used diagonal " + std::to_string(kReach) + " below s − n");
      ticks += s_step;
      gap -= static_cast<std::int64_t>(s_step);
      s += s_step;
      wa >>= s_step;
      wb >>= s_step;
      wc >>= s_step;
      a_slack -= static_cast<std::int64_t>(s_step);
      b_slack -= static_cast<std::int64_t>(s_step);
      if (a_slack < 0) [[unlikely]] {
        wa = ingest<1>(st.rows, st.record, n, wa, s);
        a_slack = static_cast<std::int64_t>(st.rows.next - s - kReach);
      }
    } else {
      // A high queen: every row scanned is attacked, so the queen takes the next positive
      // diagonal, whose row n + t + 1 is free in a and b (Knuth §4); it goes to the record.
      ticks = scan + static_cast<u64>(std::popcount(free_b) + std::popcount(free_bc)) + 3;
      ++t;
      q = n + t;
      *front |= u64{1} << (n % 64);
      // Only in the first columns can a new queen's row be within reach of s already.
      if (a_slack < 0) [[unlikely]] {
        wa = ingest<1>(st.rows, st.record, n, wa, s);
        a_slack = static_cast<std::int64_t>(st.rows.next - s - kReach);
      }
    }
    numerator_of[n] = q;
    ++stats.probe_histogram[ticks];
    // Slide to column n + 1: b's base n + s gains 1, c's base s − n − kReach loses 1 (its top
    // bit, above −r, is not needed), and the scan gains a row.
    wb >>= 1;
    wc <<= 1;
    ++gap;
    if (--b_slack < 0) [[unlikely]] {
      wb = ingest<2>(st.antidiagonals, st.record, n, wb, n + 1 + s);
      b_slack = static_cast<std::int64_t>(st.antidiagonals.next - (n + 1) - s - kReach);
    }
  }
  st.n = n;
  st.s = s;
  st.r = r;
  st.t = t - kHighFlag;
  st.wa = wa;
  st.wb = wb;
  st.wc = wc;
}

// ---------------------------------------------------------------------------------------
// The statistics of one term. The histogram index comes from the numerator and to_bin alone
// (engine.hpp); a term can set a record only if the top 64 bits of its fraction lie outside
// its bin's [below, below + width] (State::set_thresholds()), one comparison.

template <class Isa>
[[gnu::always_inline]] inline void tally_term(State& st, Tally& tally, u64 n, u64 numerator, u64& to_bin,
                                              u64& fraction_low, u64& fraction_high) {
  u64 index = std::rotl(numerator, 1) + 2 * to_bin;
  if (index < 2 * InftyStats::kHistBins) [[likely]] {
    ++tally.histogram[index];
    if (fraction_high - tally.below[index] > tally.width[index]) [[unlikely]]
      tally_record(st, tally, n, numerator, to_bin, fraction_high, fraction_low, false);
  } else {
    tally_record(st, tally, n, numerator, to_bin, fraction_high, fraction_low, true);
  }
  Isa::advance_nphi(fraction_low, fraction_high, to_bin);
}

// The statistics of columns first … first + count − 1 from their numerators in queens[] (with
// kStore rewritten as q_n).
template <class Isa, bool kStore>
[[gnu::always_inline]] inline void tally_columns(State& st, u64 first, u64 count, u64* queens) {
  Tally tally(st);
  u64 to_bin = tally.to_bin;
  u64 fraction_low = tally.fraction_low;
  u64 fraction_high = tally.fraction_high;
  for (u64 n = first; n < first + count; ++n) {
    u64 numerator = queens[n - first];
    if constexpr (kStore) queens[n - first] = queen_of(n, numerator);
    tally_term<Isa>(st, tally, n, numerator, to_bin, fraction_low, fraction_high);
  }
  tally.save(st, to_bin, fraction_low, fraction_high);
}

// ---------------------------------------------------------------------------------------
// The automaton's walk.

// Its registers between record words.
struct Walk {
  u64 n, s, t, wa, wb, slack, descriptor;
  std::uint32_t node;  // set when the walk stops: the node of column n
};

// Columns walk.n … end − 1 (all in one record word) by the automaton, with their statistics;
// false if it had to stop. The loop keeps n + s and n + t rather than s and t (fewer
// registers).
template <class Isa, bool kStore>
[[gnu::always_inline]] inline bool walk_word(State& st, Walk& walk, Tally& tally, u64& to_bin, u64& fraction_low,
                                             u64& fraction_high, u64 end, u64* out) {
  const u64 first = walk.n;
  u64 n = first;
  u64 n_s = walk.n + walk.s;
  u64 n_t = walk.n + walk.t;
  u64 wa = walk.wa;
  u64 wb = walk.wb;
  u64 slack = walk.slack;
  u64 descriptor = walk.descriptor;
  u64 word = 0;  // the record bits of the columns done, from the top
  u64* links = st.automaton.links.data();
  bool held = true;
  for (; n < end; ++n) {
    u64 entering = Isa::entering(wa, wb, descriptor);
    u64 first_link = kFirstLink.of(descriptor);
    u64 following = links[first_link + entering];
    if (following == 0) [[unlikely]] {  // the next node's first occurrence
      following = follow(st, descriptor, entering, walk.node);
      links = st.automaton.links.data();
      // Not held: this column is done, then the walk stops. The flag lies above both
      // counters, so that one test below looks for both rare events.
      if (following == 0) slack |= kNotHeld;
    }
    ++links[first_link - 1];  // a visit (kSlotVisits)
    u64 numerator = Isa::take_queen(descriptor, n_s, n_t, word);
    if constexpr (kStore) out[n - first] = queen_of(n, numerator);
    tally_term<Isa>(st, tally, n, numerator, to_bin, fraction_low, fraction_high);
    // b's base moves by step + 1, a's by step: both windows shift by step + 1, and a's back
    // by 1 (losing its bit 0 costs nothing: only its bits 8–15 are read).
    u64 moves = moves_of(descriptor);
    n_s += kMovesBStep.of(moves);
    wa = (wa >> moves % 64) << 1;
    wb >>= moves % 64;
    slack -= kMovesSlackCost.of(moves);
    if ((slack & (kSlackSigns | kNotHeld)) != 0) [[unlikely]] {
      // (Should a's counter borrow, the flag may go, but the sign bit 15 is then set.)
      if (following != 0) {
        // The record word is written at the end; the streams read only words before it
        // (their next queens are in columns ≈ n/φ² and n/φ).
        Windows windows = refill(st, n + 1, n_s - n - 1, (first & ~u64{63}) - 1);
        wa = windows.wa;
        wb = windows.wb;
        slack = windows.slack;
      }
      if (following == 0 || (slack & kSlackSigns) != 0) {
        if (following != 0) walk.node = node_of(st.automaton, following);
        held = false;
        ++n;
        break;
      }
    }
    descriptor = following;
  }
  if (n != first) st.record.word_pointer(first)[0] |= word >> (64 - (n - first) - first % 64);
  walk = {n, n_s - n, n_t - n, wa, wb, slack, descriptor, held ? 0 : walk.node};
  return held;
}

// Columns n … n + count − 1 by the automaton, with their statistics, or as many as it can
// hold: it stops early when a node is not held or the record cannot be read far enough ahead
// (both happen, if ever, in the first columns), and returns how many it did. With kStore it
// writes q_n to out. The windows of Knuth's search give the first node; settle() and the last
// node give them back at the end.
template <class Isa, bool kStore>
[[gnu::always_inline]] inline u64 walk(State& st, u64 count, u64* out) {
  const u64 first = st.n;
  const u64 end = first + count;
  std::int64_t gap = static_cast<std::int64_t>(first - st.r) - static_cast<std::int64_t>(st.s) + 1;
  // The node's c, diagonals s − n − 8 … s − n + 7, must hold −r (bit gap + 7) and nothing
  // used below it.
  if (first < kAutomatonFrom || gap < -7 || gap > 7 || (st.wc & kLowBits[kReach - 8]) != 0) return 0;
  u64 c = (st.wc >> (kReach - 8) & kNodeC.mask()) | (kNodeC.mask() & (kNodeC.mask() << (gap + 8)));
  u64 descriptor = describe(st, pack_node(st.wa, st.wb, c));
  if (descriptor == 0) return 0;
  start_streams(st);
  Windows windows = refill(st, first, st.s, (first & ~u64{63}) - 1);
  if ((windows.slack & kSlackSigns) != 0) return 0;
  Walk walk{first, st.s, st.t + kHighFlag, windows.wa, windows.wb, windows.slack, descriptor, 0};
  Tally tally(st);
  u64 to_bin = tally.to_bin;
  u64 fraction_low = tally.fraction_low;
  u64 fraction_high = tally.fraction_high;
  bool held = true;
  while (held && walk.n < end) {
    if (walk.n % HighRecord::kBlockColumns == 0) {
      // The cursors have stood still since the walk began: bring them up, then free.
      bring_up_cursors(st, walk.n, walk.s);
      st.n = walk.n;
      new_block(st);
      fold_visits(st);
    }
    u64 word_end = std::min(end, (walk.n | 63) + 1);
    held = walk_word<Isa, kStore>(st, walk, tally, to_bin, fraction_low, fraction_high, word_end,
                                  kStore ? out + (walk.n - first) : nullptr);
  }
  tally.save(st, to_bin, fraction_low, fraction_high);
  std::uint32_t node = held ? node_of(st.automaton, walk.descriptor) : walk.node;
  u64 c_end = kNodeC.of(node);
  u64 minus_r = 63 - static_cast<u64>(std::countl_zero(~c_end & kNodeC.mask()));  // c's top zero
  st.n = walk.n;
  st.s = walk.s;
  st.t = walk.t - kHighFlag;
  st.r = walk.n - walk.s + 8 - minus_r;
  settle(st, walk.n, walk.s, node);
  st.wc = c_end << (kReach - 8);
  return walk.n - first;
}

// ---------------------------------------------------------------------------------------
// A step of the engine: the automaton where it can, Knuth's search where it cannot.

template <class Isa, bool kStore>
[[gnu::always_inline]] inline void run_columns(State& st, u64 count, u64* out) {
  u64 buffer[kStore ? 1 : 64];
  while (count > 0) {
    u64 walked = walk<Isa, kStore>(st, count, out);
    if constexpr (kStore) out += walked;
    count -= walked;
    if (count == 0) break;
    // What the automaton cannot hold: Knuth's search and the statistics, up to the end of the
    // record word.
    if (st.n % HighRecord::kBlockColumns == 0) new_block(st);
    u64 part = std::min(count, 64 - st.n % 64);
    u64 first = st.n;
    u64* queens = kStore ? out : buffer;
    place(st, part, queens);
    // The scan finds q_1 = 1 = n: Knuth's one high term with q = n, which place() wrote as low.
    if (first == 1) queens[0] = 1 | kHighFlag;
    tally_columns<Isa, kStore>(st, first, part, queens);
    if constexpr (kStore) out += part;
    count -= part;
  }
  fold_visits(st);
  st.stats.terms = st.n - 1;
  // The state at the end of a step, made independent of how the columns were split into steps
  // and which of them the automaton did (its windows refill on another schedule than
  // place()'s): a and b hold every queen below their base + 64, and c marks every diagonal
  // above −r as used. So a resumed run saves the very checkpoint a straight run does.
  st.wa = ingest<1>(st.rows, st.record, st.n - 1, st.wa, st.s);
  st.wb = ingest<2>(st.antidiagonals, st.record, st.n - 1, st.wb, st.n + st.s);
  u64 minus_r = kReach + st.n - st.r - st.s;  // wc's bit for diagonal −r
  if (minus_r < 63) st.wc |= ~u64{0} << (minus_r + 1);
}

template <class Isa>
[[gnu::always_inline]] inline void run(State& st, u64 count, u64* out) {
  if (out != nullptr) run_columns<Isa, true>(st, count, out);
  else run_columns<Isa, false>(st, count, nullptr);
}

}  // namespace qg::infty_detail
