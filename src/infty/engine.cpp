// The ∞-queens engine: Knuth's algorithm (seed 002 §4) on three sliding 64-bit registers and a
// one-bit-per-column record of the high queens (see include/queengames/infty.hpp).
//
// Two routes compute a column. place() runs Knuth's search on the registers and tally() then
// derives the statistics (seed 002 §8); it does columns 1 … 4095. From there on stride() reads
// each column off an automaton of what the search can see, and takes the statistics in the
// same loop ("Phase 1 by automaton" below). Both leave the same state, column by column.
#include <algorithm>
#include <array>
#include <bit>
#include <stdexcept>
#include <string>

#include "state.hpp"

namespace qg {
namespace infty_detail {

using namespace infty;  // the module's public names (InftyQueens, InftyStats)

PhiPosition phi_position(u64 n) {
  // n·C = n·C_hi·2^64 + n·C_lo: the bits above 2^128 are floor(n(φ − 1)) (exact for n ≤ 2^62).
  u128 low = static_cast<u128>(n) * static_cast<u64>(kPhiFraction);
  u128 high = static_cast<u128>(n) * static_cast<u64>(kPhiFraction >> 64) + (low >> 64);
  return {n + static_cast<u64>(high >> 64), (high << 64) | static_cast<u64>(low)};
}

void HighRecord::release_below(u64 column) {
  u64 keep_from = column >> kBlockColumnsLog;
  if (keep_from <= first_block) return;
  u64 drop = std::min<u64>(keep_from - first_block, blocks.size());
  blocks.erase(blocks.begin(), blocks.begin() + static_cast<std::ptrdiff_t>(drop));
  first_block += drop;
}

namespace {

using State = InftyQueens::State;
using u8 = std::uint8_t;

[[noreturn]] [[gnu::noinline]] void window_failure(u64 n, const std::string& what) {
  throw RangeError("infty-queens: at n = " + std::to_string(n) + " " + what + " exceeds the " +
                   std::to_string(kReach) + "-bit reach of the windows the engine assumes (claim knuth.windows)");
}

// A scan longer than ever before (the statistic of knuth.windows).
[[gnu::noinline]] void new_scan(InftyStats& stats, u64 n, u64 scan) {
  if (scan > kReach) window_failure(n, "a scan of " + std::to_string(scan) + " rows");
  stats.max_scan = scan;
}

[[gnu::noinline]] void new_step(InftyStats& stats, u64 n, u64 step) {
  if (step >= kReach) window_failure(n, "a step of s of at least " + std::to_string(step) + " rows");
  stats.max_s_step = step;
}

// kLowBits[k] = 2^k − 1: the mask of the k lowest bits, by one load.
constexpr auto kLowBits = [] {
  std::array<u64, 65> masks{};
  for (unsigned k = 0; k < 64; ++k) masks[k] = (u64{1} << k) - 1;
  masks[64] = ~u64{0};
  return masks;
}();

// kSpread[w − 1][b]: where the high queens of 8 columns (bit i of b: column j + i is high)
// land, as bits o = w·i + k − 1 for the k-th of them, relative to the least index w·j + rank
// + 1 the first could have. Their index is w·column + rank with w = 1 for rows and 2 for
// antidiagonals, so a byte of the record spans 8w + popcount(b) indices.
constexpr auto kSpread = [] {
  std::array<std::array<std::uint32_t, 256>, 2> spread{};
  for (unsigned w = 1; w <= 2; ++w)
    for (unsigned b = 0; b < 256; ++b)
      for (unsigned i = 0, k = 0; i < 8; ++i)
        if (b >> i & 1) spread[w - 1][b] |= std::uint32_t{1} << (w * i + ++k - 1);
  return spread;
}();

// Copies into `window` (bit i: index base + i) every high queen whose index — row
// (kWeight = 1) or antidiagonal (kWeight = 2) — is below base + 64, eight columns of the
// record at a time, so that the loop asks only once every twenty columns or so. Columns up to
// `last` are in the record. Returns the window and sets c.next to the index of the first
// queen not copied, or a lower bound for it when the record runs out. Every index not yet
// copied is at least base (the loop asks before the base can pass c.next), so the shifts
// below are in range.
template <u64 kWeight>
[[gnu::always_inline]] inline u64 ingest(Cursor& c, const HighRecord& record, u64 last, u64 window, u64 base) {
  const u64 limit = base + 64;
  u64 column = c.column, rank = c.rank;
  while (column <= last) {
    u64 least = kWeight * column + rank + 1;  // the least index a queen in this column can have
    if (column + 7 <= last) {
      u64 bits = record.word(column / 64) >> (column % 64);
      if (column % 64 > 56) bits |= record.word(column / 64 + 1) << (64 - column % 64);
      u64 spread = kSpread[kWeight - 1][bits & 0xff];
      u64 fit = least < limit ? spread & kLowBits[std::min<u64>(limit - least, 64)] : 0;
      if (fit != 0) window |= fit << (least - base);
      if (fit == spread) {
        rank += static_cast<u64>(std::popcount(bits & 0xff));
        column += 8;
        continue;
      }
      // The first queen that does not fit: offset o = kWeight·i + k for the column j + i
      // holding the (k+1)-th queen of these eight.
      u64 k = static_cast<u64>(std::popcount(fit)), o = static_cast<u64>(std::countr_zero(spread ^ fit));
      c.column = column + (o - k) / kWeight, c.rank = rank + k;
      c.next = least + o;
      return window;
    }
    if (record.word(column / 64) >> (column % 64) & 1) {
      if (least >= limit) {
        c.column = column, c.rank = rank;
        c.next = least;
        return window;
      }
      window |= u64{1} << (least - base);
      ++rank;
    }
    ++column;
  }
  c.column = column, c.rank = rank;
  c.next = kWeight * column + rank + 1;
  return window;
}

#if defined(__x86_64__)
template <u64 kWeight>
[[gnu::noinline]] __attribute__((target("popcnt,bmi,bmi2"))) u64 ingest_native(Cursor& c, const HighRecord& record,
                                                                               u64 last, u64 window, u64 base) {
  return ingest<kWeight>(c, record, last, window, base);
}
#endif
template <u64 kWeight>
[[gnu::noinline]] u64 ingest_portable(Cursor& c, const HighRecord& record, u64 last, u64 window, u64 base) {
  return ingest<kWeight>(c, record, last, window, base);
}

template <u64 kWeight, bool kNative>
[[gnu::always_inline]] inline u64 call_ingest(Cursor& c, const HighRecord& record, u64 last, u64 window, u64 base) {
#if defined(__x86_64__)
  if constexpr (kNative) return ingest_native<kWeight>(c, record, last, window, base);
#endif
  return ingest_portable<kWeight>(c, record, last, window, base);
}

// Knuth's records (seed 002 §8): a new maximum of the positive discrepancies or minimum of
// the negative ones, decided by the exact keys.
[[gnu::noinline]] void maybe_record(State& st, u64 high, u64 n, u64 q, std::int64_t whole, u128 fraction) {
  i128 key = discrepancy_key(whole, fraction);
  bool is_max = key > st.max_key[high];
  if (!is_max && key >= st.min_key[high]) return;
  (is_max ? st.max_key : st.min_key)[high] = key;
  st.set_thresholds();
  InftyStats& stats = st.stats;
  auto& list = high ? (is_max ? stats.high_max : stats.high_min) : (is_max ? stats.low_max : stats.low_min);
  list.push_back({n, q});
}

// The record gets a new block at every 2^22 columns; the blocks both cursors have passed go.
// Where exactly a cursor stands depends on when the windows were last refilled, which differs
// between a straight and a resumed run; so the blocks freed are those below column
// floor(n/φ²) − 2^16, a function of n alone — the row reader, the slower, works near column
// n/φ² (rows ≈ s ≈ n/φ are those of columns ≈ n/φ²) — and a resumed run keeps the very blocks,
// and reports the very peak, of a straight one. (The cursors themselves bound it should a
// reader ever lag that far.)
[[gnu::noinline]] void new_block(State& st) {
  st.record.add_block();
  st.peak_bytes = std::max(st.peak_bytes, st.bytes());
  u64 n_over_phi2 = 2 * st.n - phi_position(st.n).floor - 1;  // floor(n(2 − φ)), n ≥ 1
  u64 cutoff = n_over_phi2 > (u64{1} << 16) ? n_over_phi2 - (u64{1} << 16) : 0;
  st.record.release_below(std::min({cutoff, st.rows.column, st.antidiagonals.column}));
}

// Phase 1: Knuth's search for columns n … n + count − 1, all in one record word. Column j
// leaves queens[j − n] = q_j | kHighFlag for a high queen and q_j + j for a low one (the
// numerator of the discrepancy, tally() below), and his probe count (< 256 within the
// windows) in the probe histogram.
constexpr u64 kHighFlag = u64{1} << 63;

template <bool kNative>
[[gnu::always_inline]] inline void place(State& st, u64 count, u64* queens) {
  // t carries kHighFlag, so that n + t is a high queen's row already marked high.
  u64 n = st.n, s = st.s, r = st.r, t = st.t + kHighFlag, wa = st.wa, wb = st.wb, wc = st.wc;
  std::int64_t gap = static_cast<std::int64_t>(n - r) - static_cast<std::int64_t>(s) + 1;  // rows s … n − r
  // How far the bases may move before the next high queen comes within kReach.
  std::int64_t a_slack = static_cast<std::int64_t>(st.rows.next - s - kReach);
  std::int64_t b_slack = static_cast<std::int64_t>(st.antidiagonals.next - n - s - kReach);
  u64* front = st.record.word_pointer(n);
  InftyStats& stats = st.stats;
  u64* q_of = queens - n;
  const u64 end = n + count;
  for (; n < end; ++n) {
    u64 scan = gap > 0 ? static_cast<u64>(gap) : 0;
    if (scan > stats.max_scan) [[unlikely]]
      new_scan(stats, n, scan);
    // Bit i of each mask stands for row s + i (of c: diagonal s + i − n).
    u64 free_b = ~wb & kLowBits[scan];
    u64 free_bc = ~(wc >> kReach) & free_b;
    u64 found = ~wa & free_bc;
    u64 q, probes;
    if (found != 0) {
      // A low queen (q ≤ n): the first candidate free in a, b and c. Knuth probes b for each
      // candidate up to it, c where b is free, a where both are; then he sets a, b and c.
      u64 bit = found & (0 - found), probed = found ^ (found - 1);
      q = s + static_cast<u64>(std::countr_zero(found)) + n;
      probes = static_cast<u64>(std::popcount(probed) + std::popcount(free_b & probed) +
                                std::popcount(free_bc & probed)) + 3;
      wa |= bit;
      wb |= bit;
      u64 c_bit = bit << kReach;
      wc |= c_bit;
      if (probed == kLowBits[scan]) {
        // q = n − r took diagonal −r: r moves down to the next free diagonal, the highest
        // zero of c below it.
        u64 below = ~wc & (c_bit - 1);
        if (below == 0) [[unlikely]]
          window_failure(n, "the search for the next free diagonal");
        u64 r_next = n - s + static_cast<u64>(std::countl_zero(below)) - (kReach - 1);
        probes += r_next - r;
        gap -= static_cast<std::int64_t>(r_next - r);
        r = r_next;
      }
      // When q = s took row s, s moves up to the next free row (else a_s = 0: a step of 0);
      // c's base s − n − kReach moves with it, and the diagonals it leaves must all be free.
      u64 s_step = static_cast<u64>(std::countr_zero(~wa));
      if (s_step > stats.max_s_step) [[unlikely]]
        new_step(stats, n, s_step);
      if ((wc & kLowBits[s_step]) != 0) [[unlikely]]
        window_failure(n, "a used diagonal " + std::to_string(kReach) + " below s − n");
      probes += s_step;
      gap -= static_cast<std::int64_t>(s_step);
      s += s_step;
      wa >>= s_step;
      wb >>= s_step;
      wc >>= s_step;
      a_slack -= static_cast<std::int64_t>(s_step);
      b_slack -= static_cast<std::int64_t>(s_step);
      if (a_slack < 0) [[unlikely]] {
        wa = call_ingest<1, kNative>(st.rows, st.record, n, wa, s);
        a_slack = static_cast<std::int64_t>(st.rows.next - s - kReach);
      }
    } else {
      // A high queen: every candidate is attacked, so the queen takes the next positive
      // diagonal, whose row n + t + 1 is free in a and b (Knuth §4); it goes to the record.
      probes = scan + static_cast<u64>(std::popcount(free_b) + std::popcount(free_bc)) + 3;
      ++t;
      q = n + t;
      *front |= u64{1} << (n % 64);
      // Only in the first columns can a new queen's row be within reach of s already.
      if (a_slack < 0) [[unlikely]] {
        wa = call_ingest<1, kNative>(st.rows, st.record, n, wa, s);
        a_slack = static_cast<std::int64_t>(st.rows.next - s - kReach);
      }
    }
    q_of[n] = q;
    ++stats.probe_histogram[probes];
    // Slide to column n + 1: b's base n + s gains 1, c's base s − n − kReach loses 1 (its top
    // bit, above −r, is not needed), and the scan gains a row.
    wb >>= 1;
    wc <<= 1;
    ++gap;
    if (--b_slack < 0) [[unlikely]] {
      wb = call_ingest<2, kNative>(st.antidiagonals, st.record, n, wb, n + 1 + s);
      b_slack = static_cast<std::int64_t>(st.antidiagonals.next - (n + 1) - s - kReach);
    }
  }
  st.n = n, st.s = s, st.r = r, st.t = t - kHighFlag, st.wa = wa, st.wb = wb, st.wc = wc;
}

// Phase 2: the statistics (seed 002 §8). The discrepancy is whole − frac(nφ) with whole =
// numerator − floor(nφ), the numerator being q for a high term (q ≥ n) and q + n for a low
// one (q − n/φ = q + n − nφ). Rotated, the numerator with its flag is 2·numerator + high; less
// 2·floor(nφ) and the offset of bin 0, it is the histogram index 2·bin + high, with bin =
// whole − 1 − kHistMin. So the pass keeps `minus` = −floor(nφ) − 1 − kHistMin, and the index
// is rotl(numerator, 1) + 2·minus.
constexpr std::int64_t kMinusOffset = -1 - InftyStats::kHistMin;

inline u64 nphi_of(u64 minus) { return static_cast<u64>(kMinusOffset) - minus; }


// The bins' record thresholds (State::below and width) and the counts, on the stack of the
// loop that uses them, so that they take no register there; and where the pass starts in nφ,
// which the loop copies into variables of its own (kept in registers) and hands to save().
struct Tally {
  u64 histogram[2 * InftyStats::kHistBins] = {};
  u64 below[2 * InftyStats::kHistBins], width[2 * InftyStats::kHistBins];
  u64 minus, fraction_low, fraction_high;

  explicit Tally(const State& st)
      : minus(static_cast<u64>(kMinusOffset) - st.nphi), fraction_low(static_cast<u64>(st.fraction)),
        fraction_high(static_cast<u64>(st.fraction >> 64)) {
    thresholds(st);
  }
  void thresholds(const State& st) {
    std::copy(std::begin(st.below), std::end(st.below), below);
    std::copy(std::begin(st.width), std::end(st.width), width);
  }
  void save(State& st, u64 minus_end, u64 fraction_low_end, u64 fraction_high_end) const {
    for (int b = 0; b < InftyStats::kHistBins; ++b) {
      st.stats.low_histogram[b] += histogram[2 * b];
      st.stats.high_histogram[b] += histogram[2 * b + 1];
      st.stats.high_terms += histogram[2 * b + 1];
    }
    st.nphi = nphi_of(minus_end);
    st.fraction = (static_cast<u128>(fraction_high_end) << 64) | fraction_low_end;
  }
};

// frac((n+1)φ) = frac(nφ) + (φ − 1), and floor((n+1)φ) = floor(nφ) + 1 + the carry: ADD, ADC,
// SBB where they are (the steps as memory operands: registers are scarce in the loops).
[[gnu::always_inline]] inline void advance_phi(u64& fraction_low, u64& fraction_high, u64& minus) {
  static constexpr u64 kStepLow = static_cast<u64>(kPhiFraction), kStepHigh = static_cast<u64>(kPhiFraction >> 64);
#if defined(__x86_64__)
  asm("addq %[step_low], %[low]\n\tadcq %[step_high], %[high]\n\tsbbq $1, %[minus]"
      : [low] "+r"(fraction_low), [high] "+r"(fraction_high), [minus] "+r"(minus)
      : [step_low] "m"(kStepLow), [step_high] "m"(kStepHigh)
      : "cc");
#else
  u64 carry_low = __builtin_add_overflow(fraction_low, kStepLow, &fraction_low) ? 1 : 0;
  u64 carry = __builtin_add_overflow(fraction_high, kStepHigh + carry_low, &fraction_high) ? 1 : 0;
  minus -= 1 + carry;
#endif
}

// The queen q_n of a numerator as place() leaves it.
constexpr u64 queen_of(u64 n, u64 numerator) {
  return numerator >> 63 ? numerator & ~kHighFlag : numerator - n;
}

// A term that may set a record (the numerator with its flag, as place() leaves it); `whole` out
// of the histogram's range (every such term is counted in an end bin and may set a record).
[[gnu::noinline]] void tally_record(State& st, Tally& y, u64 n, u64 numerator, u64 minus, u64 fraction_high,
                                    u64 fraction_low, bool outside) {
  u64 high = numerator >> 63, value = numerator & ~kHighFlag;
  std::int64_t whole = static_cast<std::int64_t>(value) - static_cast<std::int64_t>(nphi_of(minus));
  if (outside) ++y.histogram[2 * (whole - 1 < InftyStats::kHistMin ? 0 : InftyStats::kHistBins - 1) + high];
  maybe_record(st, high, n, queen_of(n, numerator), whole, (static_cast<u128>(fraction_high) << 64) | fraction_low);
  y.thresholds(st);
}

[[gnu::always_inline]] inline void tally_term(State& st, Tally& y, u64 n, u64 numerator, u64& minus,
                                              u64& fraction_low, u64& fraction_high) {
  u64 index = std::rotl(numerator, 1) + 2 * minus;
  if (index < 2 * InftyStats::kHistBins) [[likely]] {
    ++y.histogram[index];
    if (fraction_high - y.below[index] > y.width[index]) [[unlikely]]
      tally_record(st, y, n, numerator, minus, fraction_high, fraction_low, false);
  } else {
    tally_record(st, y, n, numerator, minus, fraction_high, fraction_low, true);
  }
  advance_phi(fraction_low, fraction_high, minus);
}

// The statistics of columns first … first + count − 1, their numerators in queens[] (with
// kStore rewritten as q_n).
template <bool kStore>
[[gnu::always_inline]] inline void tally(State& st, u64 first, u64 count, u64* queens) {
  Tally y(st);
  u64 minus = y.minus, fraction_low = y.fraction_low, fraction_high = y.fraction_high;
  for (u64 n = first; n < first + count; ++n) {
    u64 numerator = queens[n - first];
    if constexpr (kStore) queens[n - first] = queen_of(n, numerator);
    tally_term(st, y, n, numerator, minus, fraction_low, fraction_high);
  }
  y.save(st, minus, fraction_low, fraction_high);
}

// Phase 1 by automaton: the same search as place(), read off a table. Knuth's scans stay
// within 5 rows and s steps by at most 5 (claim knuth.windows), so what the search can see
// near s fits in 32 bits, and only about a thousand such nodes occur (1129 in the first 10^9
// columns): the table stays in the caches. A column then costs one table load and no branch,
// where place() has a high/low branch that no predictor foresees well (docs/PERFORMANCE.md). A
// node is worked out by decide() the first time it occurs; a node the windows cannot hold hands
// the column back to place().
//
// A descriptor: bits 0–15 the mask that picks the bits entering the windows, step of
// a_{s+8…} from bits 0–7 and step + 1 of b_{n+s+8…} from bits 8–15 (see entering()), where
// step is how far s moves; bits 16–23 step + 1 and 24–31 step (how far b's and a's bases move,
// also what the column takes off the windows' slack below); bits 32–37 Knuth's probes (at least
// 3, so that 0 can mean "not yet known"); bits 38–40 the low queen's row − s; bit 41 high; bits
// 42–63 the node's first slot in `links`. The slot before it holds the node itself (high 32
// bits) and how often it was visited since the last fold_visits() (low 32 bits).
constexpr u64 kMaxLinks = u64{1} << 22;
constexpr unsigned kMaxAutomatonStep = 6;

// One column of Knuth's search on a node, as in place(): its outcome, and the node of the next
// column with the bits that enter its windows still 0.
struct Column {
  bool held = false;  // false: the windows of a node cannot hold this column or the next node
  u64 high = 0, row = 0, probes = 0, scan = 0, step = 0;
  std::uint32_t next = 0;
};

constexpr std::uint32_t pack_node(u64 a, u64 b, u64 c) {
  return static_cast<std::uint32_t>((a & 0xff) | (b & 0xff) << 8 | (c & 0xffff) << 16);
}

Column decide(std::uint32_t node) {
  u64 a = node & 0xff, b = node >> 8 & 0xff, c = node >> 16;
  Column col;
  u64 zeros = ~c & 0xffff;
  if (zeros == 0) return col;
  u64 top = 63 - static_cast<u64>(std::countl_zero(zeros));  // −r is c's bit `top`
  if (top > 14) return col;                                  // the next column would lose it
  col.scan = top >= 8 ? top - 7 : 0;                         // rows s … n − r
  u64 free_b = ~b & kLowBits[col.scan], free_bc = free_b & ~(c >> 8), found = ~a & free_bc;
  if (found == 0) {
    col.high = 1;
    col.probes = col.scan + static_cast<u64>(std::popcount(free_b) + std::popcount(free_bc)) + 3;
  } else {
    u64 bit = found & (0 - found), probed = found ^ (found - 1);
    col.row = static_cast<u64>(std::countr_zero(found));
    col.probes = static_cast<u64>(std::popcount(probed) + std::popcount(free_b & probed) +
                                  std::popcount(free_bc & probed)) + 3;
    a |= bit, b |= bit, c |= bit << 8;
    if (probed == kLowBits[col.scan]) {
      // −r taken: r moves to the highest free diagonal below, which must be in the window.
      u64 below = ~c & ((bit << 8) - 1);
      if (below == 0) return col;
      col.probes += top - (63 - static_cast<u64>(std::countl_zero(below)));
    }
    col.step = static_cast<u64>(std::countr_zero(~a));
    if (col.step > kMaxAutomatonStep || (c & kLowBits[col.step]) != 0) return col;
    col.probes += col.step;
    a >>= col.step, b >>= col.step;
    c = (c >> col.step) | (0xffff & (0xffff << (16 - col.step)));  // diagonals above −r: used
  }
  // Column n + 1: b's base gains 1, c's loses 1 (its top bit, above −r, leaves).
  col.next = pack_node(a, b >> 1, c << 1);
  col.held = true;
  return col;
}

// The descriptor of `node`, working it out on its first occurrence; 0 if the node is not held.
u64 describe(State& st, std::uint32_t node) {
  Automaton& au = st.automaton;
  auto [it, fresh] = au.descriptor_of.try_emplace(node, 0);
  if (!fresh) return it->second;
  Column col = decide(node);
  u64 slots = u64{1} << (2 * col.step + 1);
  if (!col.held || col.probes > 63 || au.links.size() + 1 + slots > kMaxLinks) return 0;
  au.links.push_back(u64{node} << 32);
  u64 step = col.step, pick = ((u64{1} << step) - 1) | ((u64{2} << step) - 1) << 8;
  u64 descriptor = au.links.size() << 42 | col.high << 41 | col.row << 38 | col.probes << 32 | step << 24 |
                   (step + 1) << 16 | pick;
  au.links.resize(au.links.size() + slots);
  au.descriptors.push_back(descriptor);
  au.scans.push_back(col.scan);
  return it->second = descriptor;
}

// Knuth's probe histogram from the nodes' visits (each visit is a column with the node's
// probes), and the windows' statistics from the nodes visited: only columns done count, not the
// node that waits for the next one. (Folded at least every 2^22 columns, so the 32-bit counts
// cannot overflow.)
void fold_visits(State& st) {
  Automaton& au = st.automaton;
  for (std::size_t i = 0; i < au.descriptors.size(); ++i) {
    u64 descriptor = au.descriptors[i];
    u64& slot = au.links[(descriptor >> 42) - 1];
    u64 visits = slot & 0xffffffff;
    if (visits == 0) continue;
    st.stats.probe_histogram[descriptor >> 32 & 63] += visits;
    st.stats.max_scan = std::max<u64>(st.stats.max_scan, au.scans[i]);
    st.stats.max_s_step = std::max(st.stats.max_s_step, descriptor >> 24 & 0xff);
    slot &= ~u64{0xffffffff};
  }
}

inline std::uint32_t node_of(const Automaton& au, u64 descriptor) {
  return static_cast<std::uint32_t>(au.links[(descriptor >> 42) - 1] >> 32);
}

// The node after `descriptor`'s column, given the bits `in` that entered a (the low `step`
// bits) and b (the next step + 1): its descriptor, now also in the link; 0 if not held.
[[gnu::noinline]] u64 follow(State& st, u64 descriptor, u64 in, std::uint32_t& next) {
  Automaton& au = st.automaton;
  u64 step = descriptor >> 24 & 0xff;
  next = decide(node_of(au, descriptor)).next;
  next |= static_cast<std::uint32_t>((in & kLowBits[step]) << (8 - step) | (in >> step) << (16 - step - 1));
  u64 found = describe(st, next);
  if (found != 0) au.links[(descriptor >> 42) + in] = found;
  return found;
}

// The bits that enter a and b after a column of `descriptor`: a_{s+8…s+7+step} then
// b_{n+s+8…n+s+8+step}, the index of the next node among the node's links. PEXT with the
// descriptor's mask where there is one (3 cycles, in the loop's one dependency chain).
template <bool kNative>
[[gnu::always_inline]] inline u64 entering(u64 wa, u64 wb, u64 descriptor) {
#if defined(__x86_64__)
  if constexpr (kNative) {
    u64 both = (wa >> 8 & 0xff) | (wb & 0xff00), in;  // above bit 15 the mask picks only zeros
    asm("pextq %2, %1, %0" : "=r"(in) : "r"(both), "r"(descriptor));
    return in;
  }
#endif
  u64 step = descriptor >> 24 & 0xff;
  return (wa >> 8 & ((u64{1} << step) - 1)) | (wb >> 8 & ((u64{2} << step) - 1)) << step;
}

// A column's queen: q + n for a low one (in `value`), n + t for a high one (t counts it and
// carries kHighFlag); the column's bit of the record enters `word` from the top. BT, CMOV, RCR
// and ADC where they are: no branch, as high or low cannot be foreseen.
template <bool kNative>
[[gnu::always_inline]] inline u64 queen_value(u64 descriptor, u64 n_s, u64& n_t, u64& word) {
  u64 value = n_s + (descriptor >> 38 & 7), high_q = n_t + 1;
#if defined(__x86_64__)
  if constexpr (kNative) {
    // (`word` in memory: registers are scarce in the automaton's loop.)
    asm("btq $41, %[d]\n\tcmovcq %[h], %[v]\n\trcrq $1, %[w]\n\tbtq $41, %[d]\n\tadcq $1, %[t]"
        : [v] "+r"(value), [t] "+r"(n_t), [w] "+m"(word)
        : [h] "r"(high_q), [d] "r"(descriptor)
        : "cc");
    return value;
  }
#endif
  u64 high = descriptor >> 41 & 1;
  n_t += 1 + high;
  word = word >> 1 | high << 63;
  return high ? high_q : value;
}

// The automaton's windows are refilled from the streams (State::Automaton::Stream): the
// record's columns expanded into the queens' rows and antidiagonals, a column's code being
// "1" then kWeight zeros if it is high and kWeight zeros if not (as kSpread, eight at once).
using Stream = Automaton::Stream;

// ORs up to 64 bits in at bit `at` of words[] (which has a word beyond the one `at` falls in).
inline void put(u64* words, u64 at, u64 bits) {
  words[at / 64] |= bits << (at % 64);
  if (at % 64 != 0) words[at / 64 + 1] |= bits >> (64 - at % 64);
}

inline void append(Stream& z, u64 bits, u64 length) {
  u64 at = z.end - z.origin;
  if (z.words.size() < at / 64 + 2) z.words.resize(at / 64 + 2);
  put(z.words.data(), at, bits);
  z.end += length;
}

// Expands the record into the stream until it holds every index below `target`; false if the
// record (columns ≤ last) runs out first. Whole bytes of a record word at a time where it can.
template <u64 kWeight>
[[gnu::always_inline]] inline bool extend(Stream& z, const HighRecord& record, u64 last, u64 target) {
  while (z.end < target) {
    if (z.column > last) return false;
    u64 bits = record.word(z.column / 64) >> (z.column % 64);
    u64 bytes = std::min(64 - z.column % 64, last + 1 - z.column) / 8;
    if (z.column % 8 != 0 || bytes == 0) {
      append(z, bits & 1, kWeight + (bits & 1));
      z.rank += bits & 1, ++z.column;
      continue;
    }
    u64 at = z.end - z.origin;
    z.words.resize(std::max<std::size_t>(z.words.size(), (at + bytes * 8 * (kWeight + 1)) / 64 + 2));
    u64* words = z.words.data();
    for (u64 i = 0; i < bytes; ++i, bits >>= 8) {
      u64 high = static_cast<u64>(std::popcount(bits & 0xff));
      put(words, at, kSpread[kWeight - 1][bits & 0xff]);
      at += 8 * kWeight + high, z.rank += high;
    }
    z.end = z.origin + at, z.column += 8 * bytes;
  }
  return true;
}

// The 64 bits of the stream from `index` on.
inline u64 read64(const Stream& z, u64 index) {
  u64 at = index - z.origin, word = at >> 6, offset = at & 63;
  u64 bits = z.words[word] >> offset;
  return offset == 0 ? bits : bits | z.words[word + 1] << (64 - offset);
}

// Starts a stream at the window (base `base`) and cursor of the engine's state: the window's
// bits from base + 8 (below it the automaton reads nothing) to where the cursor stands, then
// the record from the cursor's column on.
template <u64 kWeight>
void start(Stream& z, const Cursor& cursor, u64 window, u64 base) {
  u64 code = kWeight * cursor.column + cursor.rank + 1;  // where the cursor's column begins
  z = Stream{};
  z.origin = base & ~u64{63}, z.end = base + 8;
  append(z, window >> 8 & kLowBits[code - base - 8], code - base - 8);
  z.column = cursor.column, z.rank = cursor.rank, z.started = true;
}

// A cursor for the engine's state from the stream: at the first column whose code begins at or
// above x (all queens below x are in the window), `next` being that beginning.
template <u64 kWeight>
Cursor cursor_at(const Stream& z, const HighRecord& record, u64 x) {
  u64 column = z.column, rank = z.rank;
  while (column > 1) {
    u64 high = record.word((column - 1) / 64) >> ((column - 1) % 64) & 1;
    if (kWeight * (column - 1) + (rank - high) + 1 < x) break;
    --column, rank -= high;
  }
  return {column, rank, kWeight * column + rank + 1};
}

// The windows' slack as two 8-bit counters, a's above b's: a column takes its descriptor's low
// 16 bits off them, and a sign bit says a refill is due (a borrow from a's counter only makes
// the refill come early). The automaton reads the windows 16 bits deep (bits 8–15), so after a
// refill of 64 bits both may move by 48.
constexpr u64 kSlackSigns = 0x8080, kFullSlack = 48 << 8 | 48;

// The automaton's registers between record words.
struct Stride {
  u64 n, s, t, wa, wb, slack, descriptor;
  std::uint32_t node;  // set when the automaton stops: the node of column n
};

// Makes the stream hold at least 128 bits from `index` on; false if the record (columns ≤ last)
// runs out first. It is expanded 4096 bits at a time (a tight loop over the record's bytes,
// every 2500 columns or so), and its old words then go.
template <u64 kWeight>
[[gnu::always_inline]] inline bool ensure(Stream& z, const HighRecord& record, u64 last, u64 index) {
  if (z.end >= index + 128) [[likely]]
    return true;
  if (u64 old = (index - z.origin) >> 6; old >= 64) {
    z.words.erase(z.words.begin(), z.words.begin() + static_cast<std::ptrdiff_t>(old));
    z.origin += 64 * old;
  }
  return extend<kWeight>(z, record, last, std::max(index + 128, std::min(index + 4096, kWeight * last)));
}

// The windows for column n with base s: 64 bits of each stream, the slack full (or, should the
// record run out, with its sign bits set). Values in and out, so that the loop keeps its own in
// registers.
struct Windows {
  u64 wa, wb, slack;
};

[[gnu::always_inline]] inline Windows refill_windows(State& st, u64 n, u64 s, u64 last) {
  Automaton& au = st.automaton;
  if (!ensure<1>(au.rows, st.record, last, s) || !ensure<2>(au.antidiagonals, st.record, last, n + s))
    return {0, 0, kSlackSigns};
  return {read64(au.rows, s), read64(au.antidiagonals, n + s), kFullSlack};
}

#if defined(__x86_64__)
[[gnu::noinline]] __attribute__((target("popcnt,bmi,bmi2"))) Windows refill_native(State& st, u64 n, u64 s, u64 last) {
  return refill_windows(st, n, s, last);
}
#endif
[[gnu::noinline]] Windows refill_portable(State& st, u64 n, u64 s, u64 last) { return refill_windows(st, n, s, last); }

template <bool kNative>
[[gnu::always_inline]] inline Windows refill(State& st, u64 n, u64 s, u64 last) {
#if defined(__x86_64__)
  if constexpr (kNative) return refill_native(st, n, s, last);
#endif
  return refill_portable(st, n, s, last);
}

// Hands the windows and cursors back to the engine's state, as place() wants them: complete
// below base + 64 with the cursors past them. The record holds every column before n by now.
void settle(State& st, u64 n, u64 s, std::uint32_t node) {
  Automaton& au = st.automaton;
  if (!ensure<1>(au.rows, st.record, n - 1, s) || !ensure<2>(au.antidiagonals, st.record, n - 1, n + s))
    throw std::logic_error("infty-queens: the record does not reach the windows at n = " + std::to_string(n));
  st.wa = (read64(au.rows, s) & ~u64{0xff}) | (node & 0xff);
  st.wb = (read64(au.antidiagonals, n + s) & ~u64{0xff}) | (node >> 8 & 0xff);
  st.rows = cursor_at<1>(au.rows, st.record, s + 64);
  st.antidiagonals = cursor_at<2>(au.antidiagonals, st.record, n + s + 64);
}

// Columns z.n … end − 1 (all in one record word) by the automaton, with their statistics; false
// if it had to stop. The loop keeps n + s and n + t rather than s and t (fewer registers).
template <bool kNative, bool kStore>
[[gnu::always_inline]] inline bool stride_word(State& st, Stride& z, Tally& y, u64& minus, u64& fraction_low,
                                               u64& fraction_high, u64 end, u64* out) {
  const u64 first = z.n;
  u64 n = first, n_s = z.n + z.s, n_t = z.n + z.t, wa = z.wa, wb = z.wb, slack = z.slack,
      descriptor = z.descriptor, word = 0;
  u64* links = st.automaton.links.data();
  bool held = true;
  for (; n < end; ++n) {
    u64 in = entering<kNative>(wa, wb, descriptor), base = descriptor >> 42;
    u64 following = links[base + in];
    if (following == 0) [[unlikely]] {  // the next node's first occurrence (0 if not held)
      following = follow(st, descriptor, in, z.node);
      links = st.automaton.links.data();
    }
    ++links[base - 1];  // a visit (fold_visits)
    u64 numerator = queen_value<kNative>(descriptor, n_s, n_t, word);
    if constexpr (kStore) out[n - first] = queen_of(n, numerator);
    tally_term(st, y, n, numerator, minus, fraction_low, fraction_high);
    u64 moves = std::rotr(descriptor, 16);  // step + 1, step
    n_s += moves & 0xff;
    // a's base moves by step, b's by step + 1 (wa's bit 0 is lost: only its bits 8–15 are read).
    wa = (wa >> (moves & 63)) << 1, wb >>= moves & 63;
    slack -= moves & 0xffff;
    if ((slack & kSlackSigns) != 0) [[unlikely]] {
      // The record word is written at the end; the streams read only words before it (their
      // next queens are in columns ≈ n/φ² and n/φ).
      Windows w = refill<kNative>(st, n + 1, n_s - n - 1, (first & ~u64{63}) - 1);
      wa = w.wa, wb = w.wb, slack = w.slack;
    }
    if (following == 0 || (slack & kSlackSigns) != 0) [[unlikely]] {
      if (following != 0) z.node = node_of(st.automaton, following);
      held = false, ++n;
      break;
    }
    descriptor = following;
  }
  if (n != first) st.record.word_pointer(first)[0] |= word >> (64 - (n - first) - first % 64);
  std::uint32_t node = z.node;
  z = {n, n_s - n, n_t - n, wa, wb, slack, descriptor, held ? 0 : node};
  return held;
}

// Columns n … n + count − 1 by the automaton, with their statistics, or as many as it can hold:
// it stops early when a node is not held or the record cannot be read far enough ahead (both
// happen, if ever, in the first columns), and returns how many it did. With kStore it writes
// q_n to out. The engine's registers give the first node (and start the streams, the first
// time); settle() and the node give them back at the end.
constexpr u64 kAutomatonFrom = u64{1} << 12;

template <bool kNative, bool kStore>
[[gnu::always_inline]] inline u64 stride(State& st, u64 count, u64* out) {
  const u64 first = st.n, end = first + count;
  std::int64_t gap = static_cast<std::int64_t>(first - st.r) - static_cast<std::int64_t>(st.s) + 1;
  // c's window, diagonals s − n − 8 … s − n + 7, holds −r (bit gap + 7) and nothing used below.
  if (first < kAutomatonFrom || gap < -7 || gap > 7 || (st.wc & kLowBits[kReach - 8]) != 0) return 0;
  u64 c = (st.wc >> (kReach - 8) & 0xffff) | (0xffff & (0xffff << (gap + 8)));
  u64 descriptor = describe(st, pack_node(st.wa, st.wb, c));
  if (descriptor == 0) return 0;
  Automaton& au = st.automaton;
  if (!au.rows.started) start<1>(au.rows, st.rows, st.wa, st.s);
  if (!au.antidiagonals.started) start<2>(au.antidiagonals, st.antidiagonals, st.wb, st.n + st.s);
  Windows w = refill<kNative>(st, first, st.s, (first & ~u64{63}) - 1);
  if ((w.slack & kSlackSigns) != 0) return 0;
  Stride z{first, st.s, st.t + kHighFlag, w.wa, w.wb, w.slack, descriptor, 0};
  constexpr u64 kColumnsPerBlock = u64{1} << HighRecord::kBlockColumnsLog;
  Tally y(st);
  u64 minus = y.minus, fraction_low = y.fraction_low, fraction_high = y.fraction_high;
  bool held = true;
  while (held && z.n < end) {
    if (z.n % kColumnsPerBlock == 0) {
      // The cursors have stood still since the automaton took over: bring them up, then free.
      st.rows = cursor_at<1>(au.rows, st.record, z.s + 64);
      st.antidiagonals = cursor_at<2>(au.antidiagonals, st.record, z.n + z.s + 64);
      st.n = z.n;
      new_block(st);
      fold_visits(st);
    }
    held = stride_word<kNative, kStore>(st, z, y, minus, fraction_low, fraction_high, std::min(end, (z.n | 63) + 1),
                                        kStore ? out + (z.n - first) : nullptr);
  }
  y.save(st, minus, fraction_low, fraction_high);
  std::uint32_t node = held ? node_of(st.automaton, z.descriptor) : z.node;
  u64 c_out = node >> 16;
  u64 top = 63 - static_cast<u64>(std::countl_zero(~c_out & 0xffff));
  st.n = z.n, st.s = z.s, st.t = z.t - kHighFlag, st.r = z.n - z.s + 8 - top;
  settle(st, z.n, z.s, node);
  st.wc = c_out << (kReach - 8);
  return z.n - first;
}

template <bool kStore, bool kNative>
[[gnu::always_inline]] inline void run(State& st, u64 count, u64* out) {
  constexpr u64 kColumnsPerBlock = u64{1} << HighRecord::kBlockColumnsLog;
  u64 buffer[kStore ? 1 : 64];
  while (count > 0) {
    u64 strode = stride<kNative, kStore>(st, count, out);
    if constexpr (kStore) out += strode;
    count -= strode;
    if (count == 0) break;
    // What the automaton cannot hold: place() and tally(), up to the end of the record word.
    if (st.n % kColumnsPerBlock == 0) new_block(st);
    u64 part = std::min(count, 64 - st.n % 64), first = st.n;
    u64* queens = kStore ? out : buffer;
    place<kNative>(st, part, queens);
    // The scan finds q_1 = 1 = n: Knuth's one high term with q = n, which place() wrote as low.
    if (first == 1) queens[0] = 1 | kHighFlag;
    tally<kStore>(st, first, part, queens);
    if constexpr (kStore) out += part;
    count -= part;
  }
  fold_visits(st);
  st.stats.terms = st.n - 1;
  // The state at the end of a step, made independent of how the columns were split into steps
  // and which of them the automaton did (its windows refill on another schedule than
  // place()'s): a and b hold every queen below their base + 64, and c marks every diagonal
  // above −r as used. So a resumed run saves the very checkpoint a straight run does.
  st.wa = call_ingest<1, kNative>(st.rows, st.record, st.n - 1, st.wa, st.s);
  st.wb = call_ingest<2, kNative>(st.antidiagonals, st.record, st.n - 1, st.wb, st.n + st.s);
  u64 minus_r = kReach + st.n - st.r - st.s;  // wc's bit for diagonal −r
  if (minus_r < 63) st.wc |= ~u64{0} << (minus_r + 1);
}

#if defined(__x86_64__)
__attribute__((target("popcnt,bmi,bmi2"))) void run_native(State& st, u64 count, u64* out) {
  if (out) run<true, true>(st, count, out);
  else run<false, true>(st, count, nullptr);
}
#endif

void run_portable(State& st, u64 count, u64* out) {
  if (out) run<true, false>(st, count, out);
  else run<false, false>(st, count, nullptr);
}

}  // namespace
}  // namespace infty_detail

namespace infty {

using infty_detail::u64;

u64 infty_window_reach() { return infty_detail::kReach; }

u64 infty_memory_estimate(u64 terms) {
  // Record words from column ≈ n/φ² to n, a block of slack on each side, and the rest.
  return static_cast<u64>(static_cast<double>(terms) / (8 * 1.6180339887498949)) +
         3 * infty_detail::HighRecord::kBlockWords * sizeof(u64) + sizeof(InftyQueens::State);
}

// A function of the logical state only (sizes, not capacities), so that a resumed run
// reports the same peak as a straight one; the peak is sampled when the record grows.
u64 InftyQueens::State::bytes() const {
  auto list = [](const std::vector<InftyTerm>& v) { return v.size() * sizeof(InftyTerm); };
  return sizeof(State) + record.bytes() + record.blocks.size() * sizeof(record.blocks[0]) + list(stats.high_max) +
         list(stats.high_min) + list(stats.low_max) + list(stats.low_min);
}

void InftyQueens::State::set_thresholds() {
  // key = W·2^64 − F with F the top 64 bits of the fraction (0 < F < 2^64 − 1 for n ≥ 1).
  auto split = [](i128 key, std::int64_t& whole, u64& top) {
    u64 low = static_cast<u64>(key);
    whole = static_cast<std::int64_t>(key >> 64) + (low != 0 ? 1 : 0);
    top = 0 - low;
  };
  for (int h = 0; h < 2; ++h) {
    std::int64_t max_whole, min_whole;
    u64 max_top, min_top;
    split(max_key[h], max_whole, max_top);
    split(min_key[h], min_whole, min_top);
    for (int bin = 0; bin < InftyStats::kHistBins; ++bin) {
      std::int64_t whole = bin + 1 + InftyStats::kHistMin;
      // A larger whole part beats the maximum whatever the fraction, an equal one when the
      // fraction is smaller (equal top bits go to the exact test); likewise the minimum. F is
      // safe from both in [lo, hi].
      u64 lo = whole > max_whole ? ~u64{0} : whole == max_whole ? max_top + 1 : 0;
      u64 hi = whole < min_whole ? 0 : whole == min_whole ? (min_top == 0 ? 0 : min_top - 1) : ~u64{0};
      // An empty interval: every F is a candidate (F ≥ 1 > 0 = width).
      if (lo > hi) lo = 0, hi = 0;
      below[2 * bin + h] = lo;
      width[2 * bin + h] = hi - lo;
    }
  }
}

void InftyQueens::State::derive_keys() {
  auto key_of = [](const std::vector<InftyTerm>& list, bool high) -> i128 {
    if (list.empty()) return 0;
    const InftyTerm& term = list.back();
    auto position = infty_detail::phi_position(term.n);
    std::int64_t whole =
        static_cast<std::int64_t>(high ? term.q : term.q + term.n) - static_cast<std::int64_t>(position.floor);
    return infty_detail::discrepancy_key(whole, position.fraction);
  };
  max_key[1] = key_of(stats.high_max, true), min_key[1] = key_of(stats.high_min, true);
  max_key[0] = key_of(stats.low_max, false), min_key[0] = key_of(stats.low_min, false);
  set_thresholds();
}

InftyQueens::InftyQueens() : state_(std::make_unique<State>()) {
  state_->record.add_block();
  state_->set_thresholds();
  state_->peak_bytes = state_->bytes();
}
InftyQueens::~InftyQueens() = default;
InftyQueens::InftyQueens(InftyQueens&&) noexcept = default;
InftyQueens& InftyQueens::operator=(InftyQueens&&) noexcept = default;

u64 InftyQueens::terms() const { return state_->n - 1; }
const InftyStats& InftyQueens::stats() const { return state_->stats; }
u64 InftyQueens::memory_bytes() const { return state_->bytes(); }
u64 InftyQueens::peak_memory_bytes() const { return std::max(state_->peak_bytes, state_->bytes()); }

void InftyQueens::step(u64 count, u64* out) {
  if (count > kInftyMaxTerms - terms())
    throw RangeError("infty-queens: " + std::to_string(terms()) + " + " + std::to_string(count) +
                     " terms is beyond the supported range 1.." + std::to_string(kInftyMaxTerms) + " (2^62)");
#if defined(__x86_64__)
  // LZCNT is not asked for: countl_zero runs only when r moves, where BSR does as well, and
  // clang 14's __builtin_cpu_supports has no name for it.
  if (__builtin_cpu_supports("popcnt") && __builtin_cpu_supports("bmi") && __builtin_cpu_supports("bmi2")) {
    infty_detail::run_native(*state_, count, out);
    return;
  }
#endif
  infty_detail::run_portable(*state_, count, out);
}

InftyStats infty_queens(u64 count, const std::function<void(u64)>& term, const ProgressFn& progress) {
  if (count > kInftyMaxTerms)
    throw RangeError("infty-queens: " + std::to_string(count) + " terms is beyond the supported range 1.." +
                     std::to_string(kInftyMaxTerms) + " (2^62)");
  require_memory(infty_memory_estimate(count), "infty-queens " + std::to_string(count));
  InftyQueens engine;
  constexpr u64 kChunk = u64{1} << 20;
  std::vector<u64> buffer(term ? std::min(count, kChunk) : 0);
  while (engine.terms() < count) {
    u64 chunk = std::min(count - engine.terms(), kChunk);
    engine.step(chunk, term ? buffer.data() : nullptr);
    if (term)
      for (u64 i = 0; i < chunk; ++i) term(buffer[i]);
    if (progress) progress(engine.terms(), count);
  }
  return engine.stats();
}

}  // namespace infty
}  // namespace qg
