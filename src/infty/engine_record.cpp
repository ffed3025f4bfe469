// The record of the high queens (one bit per column) and its readers.
//
// Queens above the line (q_n > n) take consecutive diagonals t = 1, 2, 3, … (Knuth §4: a high
// queen goes to row n + t + 1), so the one of rank k (the k-th high queen) in column j has row
// j + k and antidiagonal 2j + k: the index kWeight·j + k with kWeight = 1 for rows, 2 for
// antidiagonals. The record's bits and the ranks they imply therefore give both the rows that
// a needs and the antidiagonals that b needs. Two kinds of reader turn them into window bits:
// cursors (ingest(), for Knuth's search) and bit streams (for the automaton's refills).
#include <algorithm>
#include <bit>
#include <stdexcept>

#include "engine.hpp"

namespace qg::infty_detail {

void HighRecord::release_below(u64 column) {
  u64 keep_from = column >> kBlockColumnsLog;
  if (keep_from <= first_block) return;
  u64 drop = std::min<u64>(keep_from - first_block, blocks.size());
  blocks.erase(blocks.begin(), blocks.begin() + static_cast<std::ptrdiff_t>(drop));
  first_block += drop;
}

// The record gets a new block at every 2^22 columns; the blocks both readers have passed go.
// Where exactly a cursor stands depends on when the windows were last refilled, which differs
// between a straight and a resumed run; so the blocks freed are those below column
// floor(n/φ²) − 2^16, a function of n alone — the row reader, the slower, works near column
// n/φ² (rows ≈ s ≈ n/φ are those of columns ≈ n/φ²) — and a resumed run keeps the very blocks,
// and reports the very peak, of a straight one. (The cursors themselves bound it should a
// reader ever lag that far.)
void new_block(State& st) {
  st.record.add_block();
  st.peak_bytes = std::max(st.peak_bytes, st.bytes());
  u64 n_over_phi2 = 2 * st.n - phi_position(st.n).floor - 1;  // floor(n(2 − φ)), n ≥ 1
  u64 cutoff = n_over_phi2 > (u64{1} << 16) ? n_over_phi2 - (u64{1} << 16) : 0;
  st.record.release_below(std::min({cutoff, st.rows.column, st.antidiagonals.column}));
}

namespace {

// The high queens of eight columns j … j + 7 (bit i of a record byte: column j + i is high),
// spread to their indices: bit o = kWeight·i + k − 1 for the k-th of them, relative to the
// least index kWeight·j + rank + 1 the first could have; and how many there are. A byte thus
// spans 8·kWeight + count indices. kSpread[kWeight − 1][byte].
struct Spread {
  std::uint32_t bits, count;
};

constexpr auto kSpread = [] {
  std::array<std::array<Spread, 256>, 2> spread{};
  for (unsigned weight = 1; weight <= 2; ++weight) {
    for (unsigned byte = 0; byte < 256; ++byte) {
      Spread& entry = spread[weight - 1][byte];
      for (unsigned i = 0; i < 8; ++i) {
        if ((byte >> i & 1) == 0) continue;
        ++entry.count;
        entry.bits |= std::uint32_t{1} << (weight * i + entry.count - 1);
      }
    }
  }
  return spread;
}();

// Eight columns of the record from `column` on (the caller knows they are all written).
u64 record_byte(const HighRecord& record, u64 column) {
  u64 bits = record.word(column / 64) >> (column % 64);
  if (column % 64 > 56) bits |= record.word(column / 64 + 1) << (64 - column % 64);
  return bits & 0xff;
}

bool is_high(const HighRecord& record, u64 column) { return (record.word(column / 64) >> (column % 64) & 1) != 0; }

}  // namespace

// Eight columns at a time, so that Knuth's search asks only once every twenty columns or so.
// Every index not yet copied is at least base (the search asks before its base can pass
// cursor.next), so the shifts below are in range. Sets cursor.next to the index of the first
// queen not copied, or to a lower bound for it when the record runs out.
template <u64 kWeight>
u64 ingest(Cursor& cursor, const HighRecord& record, u64 last, u64 window, u64 base) {
  const u64 limit = base + 64;
  u64 column = cursor.column;
  u64 rank = cursor.rank;
  while (column <= last) {
    u64 least = kWeight * column + rank + 1;  // the least index a queen in this column can have
    if (column + 7 <= last) {
      const Spread& spread = kSpread[kWeight - 1][record_byte(record, column)];
      u64 fit = least < limit ? spread.bits & kLowBits[std::min<u64>(limit - least, 64)] : 0;
      if (fit != 0) window |= fit << (least - base);
      if (fit == spread.bits) {
        rank += spread.count;
        column += 8;
        continue;
      }
      // The first queen that does not fit, the (k+1)-th of these eight, is at offset
      // o = kWeight·i + k for column + i.
      u64 k = static_cast<u64>(std::popcount(fit));
      u64 o = static_cast<u64>(std::countr_zero(spread.bits ^ fit));
      cursor.column = column + (o - k) / kWeight;
      cursor.rank = rank + k;
      cursor.next = least + o;
      return window;
    }
    if (is_high(record, column)) {
      if (least >= limit) {
        cursor.column = column;
        cursor.rank = rank;
        cursor.next = least;
        return window;
      }
      window |= u64{1} << (least - base);
      ++rank;
    }
    ++column;
  }
  cursor.column = column;
  cursor.rank = rank;
  cursor.next = kWeight * column + rank + 1;
  return window;
}

template u64 ingest<1>(Cursor&, const HighRecord&, u64, u64, u64);
template u64 ingest<2>(Cursor&, const HighRecord&, u64, u64, u64);

// ---------------------------------------------------------------------------------------
// The streams (Automaton::Stream): the record's columns expanded into the high queens' rows
// and antidiagonals, a column's code being "1" then kWeight zeros if it is high and kWeight
// zeros if not (kSpread, eight at once). The automaton's windows are refilled from them by one
// read of 64 bits each.

namespace {

using Stream = Automaton::Stream;

// ORs up to 64 bits in at bit `at` of words[] (which has a word beyond the one `at` falls in).
void put(u64* words, u64 at, u64 bits) {
  words[at / 64] |= bits << (at % 64);
  if (at % 64 != 0) words[at / 64 + 1] |= bits >> (64 - at % 64);
}

void append(Stream& stream, u64 bits, u64 length) {
  u64 at = stream.end - stream.origin;
  if (stream.words.size() < at / 64 + 2) stream.words.resize(at / 64 + 2);
  put(stream.words.data(), at, bits);
  stream.end += length;
}

// Expands the record into the stream until it holds every index below `target`; false if the
// record (columns ≤ last) runs out first. Whole bytes of a record word at a time where it can.
template <u64 kWeight>
[[gnu::always_inline]] inline bool extend(Stream& stream, const HighRecord& record, u64 last, u64 target) {
  while (stream.end < target) {
    if (stream.column > last) return false;
    u64 bytes = std::min(64 - stream.column % 64, last + 1 - stream.column) / 8;
    if (stream.column % 8 != 0 || bytes == 0) {
      u64 high = is_high(record, stream.column) ? 1 : 0;
      append(stream, high, kWeight + high);
      stream.rank += high;
      ++stream.column;
      continue;
    }
    u64 at = stream.end - stream.origin;
    stream.words.resize(std::max<std::size_t>(stream.words.size(), (at + bytes * 8 * (kWeight + 1)) / 64 + 2));
    u64* words = stream.words.data();
    u64 bits = record.word(stream.column / 64) >> (stream.column % 64);
    for (u64 i = 0; i < bytes; ++i) {
      const Spread& spread = kSpread[kWeight - 1][bits & 0xff];
      put(words, at, spread.bits);
      at += 8 * kWeight + spread.count;
      stream.rank += spread.count;
      bits >>= 8;
    }
    stream.end = stream.origin + at;
    stream.column += 8 * bytes;
  }
  return true;
}

// Makes the stream hold at least 128 bits from `index` on; false if the record (columns ≤ last)
// runs out first. It is expanded 4096 bits at a time (a tight loop over the record's bytes,
// every 2500 columns or so), and its old words then go.
template <u64 kWeight>
[[gnu::always_inline]] inline bool ensure(Stream& stream, const HighRecord& record, u64 last, u64 index) {
  if (stream.end >= index + 128) [[likely]]
    return true;
  if (u64 old = (index - stream.origin) >> 6; old >= 64) {
    stream.words.erase(stream.words.begin(), stream.words.begin() + static_cast<std::ptrdiff_t>(old));
    stream.origin += 64 * old;
  }
  return extend<kWeight>(stream, record, last, std::max(index + 128, std::min(index + 4096, kWeight * last)));
}

// The 64 bits of the stream from `index` on.
u64 read64(const Stream& stream, u64 index) {
  u64 at = index - stream.origin;
  u64 bits = stream.words[at / 64] >> (at % 64);
  return at % 64 == 0 ? bits : bits | stream.words[at / 64 + 1] << (64 - at % 64);
}

// Starts a stream at a window (base `base`) and cursor of Knuth's search: the window's bits
// from base + 8 (below it the automaton reads nothing) to where the cursor stands, then the
// record from the cursor's column on.
template <u64 kWeight>
void start(Stream& stream, const Cursor& cursor, u64 window, u64 base) {
  u64 code = kWeight * cursor.column + cursor.rank + 1;  // where the cursor's column begins
  stream = Stream{};
  stream.origin = base & ~u64{63};
  stream.end = base + 8;
  append(stream, window >> 8 & kLowBits[code - base - 8], code - base - 8);
  stream.column = cursor.column;
  stream.rank = cursor.rank;
  stream.started = true;
}

// A cursor from the stream: at the first column whose code begins at or above x (all queens
// below x are in the window), `next` being that beginning.
template <u64 kWeight>
Cursor cursor_at(const Stream& stream, const HighRecord& record, u64 x) {
  u64 column = stream.column;
  u64 rank = stream.rank;
  while (column > 1) {
    u64 high = is_high(record, column - 1) ? 1 : 0;
    if (kWeight * (column - 1) + (rank - high) + 1 < x) break;
    --column;
    rank -= high;
  }
  return {column, rank, kWeight * column + rank + 1};
}

}  // namespace

void start_streams(State& st) {
  Automaton& automaton = st.automaton;
  if (!automaton.rows.started) start<1>(automaton.rows, st.rows, st.wa, st.s);
  if (!automaton.antidiagonals.started) start<2>(automaton.antidiagonals, st.antidiagonals, st.wb, st.n + st.s);
}

Windows refill(State& st, u64 n, u64 s, u64 last) {
  Automaton& automaton = st.automaton;
  if (!ensure<1>(automaton.rows, st.record, last, s) || !ensure<2>(automaton.antidiagonals, st.record, last, n + s))
    return {0, 0, kSlackSigns};
  return {read64(automaton.rows, s), read64(automaton.antidiagonals, n + s), kFullSlack};
}

void bring_up_cursors(State& st, u64 n, u64 s) {
  st.rows = cursor_at<1>(st.automaton.rows, st.record, s + 64);
  st.antidiagonals = cursor_at<2>(st.automaton.antidiagonals, st.record, n + s + 64);
}

// The record holds every column before n by now.
void settle(State& st, u64 n, u64 s, std::uint32_t node) {
  Automaton& automaton = st.automaton;
  if (!ensure<1>(automaton.rows, st.record, n - 1, s) || !ensure<2>(automaton.antidiagonals, st.record, n - 1, n + s))
    throw std::logic_error("infty-queens: the record does not reach the windows at n = " + std::to_string(n));
  // The streams begin at base + 8 (the automaton reads nothing below); the first 8 bits of
  // each window are the node's.
  st.wa = (read64(automaton.rows, s) & ~kLowBits[8]) | kNodeA.of(node);
  st.wb = (read64(automaton.antidiagonals, n + s) & ~kLowBits[8]) | kNodeB.of(node);
  bring_up_cursors(st, n, s);
}

}  // namespace qg::infty_detail
