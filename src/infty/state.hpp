// The engine's state, shared by the engine (engine*.cpp; engine.hpp maps them) and the
// checkpoints (checkpoint.cpp).
#pragma once

#include <cstdint>
#include <memory>
#include <unordered_map>
#include <vector>

#include "queengames/infty.hpp"

namespace qg::infty_detail {

using u64 = std::uint64_t;

// floor(2^128/φ) = floor(2^128·(φ − 1)): frac(nφ) ≈ n·kPhiFraction mod 2^128 (see infty.hpp).
inline constexpr u128 kPhiFraction = (u128{0x9e3779b97f4a7c15} << 64) | 0xf39cc0605cedc834;

// floor(nφ) and the 128-bit fixed-point fraction n·kPhiFraction mod 2^128, for n ≤ 2^62.
struct PhiPosition {
  u64 floor = 0;
  u128 fraction = 0;
};
PhiPosition phi_position(u64 n);

// The registers a and b hold 64 bits. High queens are copied into them in batches that fill
// them to 64 bits whenever the next one comes within kReach of the base, so every bit below
// base + kReach is always complete; every scan and every step of s must stay within kReach.
// c's register holds the diagonals from s − n − kReach to s − n + kReach − 1.
inline constexpr u64 kReach = 32;

// One bit per column, set when the column's queen is high (q_j > j); columns from the
// oldest block still needed to the frontier, in blocks of 2^16 words (2^22 columns).
struct HighRecord {
  static constexpr unsigned kBlockWordsLog = 16;
  static constexpr u64 kBlockWords = u64{1} << kBlockWordsLog;
  static constexpr unsigned kBlockColumnsLog = kBlockWordsLog + 6;
  static constexpr u64 kBlockColumns = u64{1} << kBlockColumnsLog;

  std::vector<std::unique_ptr<u64[]>> blocks;
  u64 first_block = 0;  // index of blocks[0]

  u64* block_words(u64 block) const { return blocks[block - first_block].get(); }
  u64* word_pointer(u64 column) const {
    return block_words(column >> kBlockColumnsLog) + ((column >> 6) & (kBlockWords - 1));
  }
  u64 word(u64 index) const { return block_words(index >> kBlockWordsLog)[index & (kBlockWords - 1)]; }
  void add_block() { blocks.push_back(std::make_unique<u64[]>(kBlockWords)); }
  // Frees the blocks that hold only columns below `column`.
  void release_below(u64 column);
  u64 bytes() const { return blocks.size() * kBlockWords * sizeof(u64); }
};

// A reader of the record: consumes the high queens in column order, copying the row
// (column + rank) or the antidiagonal (2·column + rank) of each into its register once it
// comes within reach. `next` is that index for the first queen not yet copied, or a lower
// bound for it.
struct Cursor {
  u64 column = 1;  // the first column not yet consumed
  u64 rank = 0;    // the high queens consumed so far
  u64 next = 0;
  friend bool operator==(const Cursor&, const Cursor&) = default;
};

// The automaton that computes most columns (engine_kernel.hpp, walk()). A node is what
// Knuth's search can see from column n within a few rows of s; its descriptor, all that a
// column needs. engine.hpp draws both, and the slots of `links`: for each node, its own slot
// (the node and its visits), then one per value of the bits that enter its windows.
struct Automaton {
  std::unordered_map<std::uint32_t, std::uint64_t> descriptor_of;  // node → descriptor, 0 if the windows cannot hold it
  std::vector<std::uint64_t> descriptors;                          // of the nodes held, in order
  std::vector<std::uint8_t> scans;                                 // their scans (rows s … n − r)
  std::vector<std::uint64_t> links;

  // The high queens' rows (weight 1) and antidiagonals (weight 2) as bit streams expanded from
  // the record a little ahead of the windows, which are refilled from them by one read.
  struct Stream {
    std::vector<std::uint64_t> words;    // bit i: index origin + i
    std::uint64_t origin = 0, end = 0;   // bits below end are written; origin is a multiple of 64
    std::uint64_t column = 0, rank = 0;  // the next column to expand (its code begins at end)
    bool started = false;
  };
  Stream rows, antidiagonals;
};

// A discrepancy whole − frac(nφ) (whole = q − floor(nφ), or q + n − floor(nφ) for low
// terms) as the ordered key whole·2^64 − (the top 64 bits of the fixed-point fraction). For
// distinct n ≤ 2^62 the fractions differ by more than 2^-64 + the fixed-point error, so the
// top 64 bits differ and keep their order: keys compare exactly as the discrepancies do, and
// key > 0 exactly when the discrepancy is positive.
inline i128 discrepancy_key(std::int64_t whole, u128 fraction) {
  return (static_cast<i128>(whole) << 64) - static_cast<i128>(static_cast<u64>(fraction >> 64));
}

}  // namespace qg::infty_detail

namespace qg::infty {

struct InftyQueens::State {
  using u64 = infty_detail::u64;
  // Knuth's variables (seed 002 §4) before column n is computed.
  u64 n = 1;                                   // the next column
  u64 s = 1;                                   // the least row with a_s = 0
  u64 r = 0;                                   // the least r ≥ 0 with c_{−r} = 0
  u64 t = 0;                                   // the high queens so far = the greatest positive diagonal used
  u64 wa = 0;                                  // bit i: a_{s+i}; complete below s + kReach
  u64 wb = 0;                                  // bit i: b_{n+s+i}; complete below n + s + kReach
  u64 wc = 0;                                  // bit i: c_{s−n−kReach+i}; below it every diagonal is free
  u64 nphi = 1;                                // floor(nφ)
  u128 fraction = infty_detail::kPhiFraction;  // frac(nφ)·2^128, from below
  infty_detail::HighRecord record;
  // Before any column, the first high queen (column ≥ 1, rank ≥ 1) has row ≥ 2 and
  // antidiagonal ≥ 3.
  infty_detail::Cursor rows{1, 0, 2}, antidiagonals{1, 0, 3};
  InftyStats stats;
  u64 peak_bytes = 0;
  infty_detail::Automaton automaton;  // a cache of the search, rebuilt as needed; not saved

  State();  // before column 1: the first record block, the thresholds and the peak

  // The current records as discrepancy keys, [0] low and [1] high; 0 before the first one,
  // as Knuth's records start at 0.
  i128 max_key[2] = {0, 0}, min_key[2] = {0, 0};
  // A cheap first test per histogram bin 2·bin + h (whole = bin + 1 + kHistMin): a
  // term can set a new record only if the top 64 bits F of its fraction lie outside
  // [below, below + width], i.e. F − below > width in unsigned arithmetic (a small F may make a
  // new maximum, a large one a new minimum). set_thresholds() derives them from the keys.
  u64 below[2 * InftyStats::kHistBins] = {}, width[2 * InftyStats::kHistBins] = {};

  u64 bytes() const;
  void set_thresholds();
  // Recomputes the keys and thresholds from the record lists (after loading a checkpoint).
  void derive_keys();
};

}  // namespace qg::infty
