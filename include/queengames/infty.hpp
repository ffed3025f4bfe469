// queengames — the lexicographically first solution of the ∞-queens problem (seed 002,
// Knuth's INFTY-QUEENS; seed 000 §8, Conjecture 25).
//
// Column n = 1, 2, … gets its queen in the least row q_n ≥ 1 that is not in the same row,
// diagonal (q − n) or antidiagonal (q + n) as an earlier queen: q_n = A065188(n) =
// A275895(n − 1) + 1 = S_{n−1} + 1 of seed 000 eq. (48). Knuth's indexing (1-based) is used
// throughout.
//
// The engine follows Knuth's algorithm (seed 002 §4) — scan rows k from s (the least free
// row) to n − r (r: the least r ≥ 0 with diagonal −r free); when none is free, the queen
// goes to row n + t + 1 on the next positive diagonal — but keeps his byte-per-bit vectors
// a, b, c as three 64-bit registers that slide with n:
//   * a near s, b near n + s, c near s − n: every row ever probed lies within a few units of
//     these bases (the scan never exceeded 5 rows to 10^9), so 64 bits are ample;
//   * queens above the line (q_n > n) sit on consecutive diagonals t = 1, 2, …, so the
//     queen with diagonal t in column j has row j + t and antidiagonal 2j + t. One bit per
//     column ("this column's queen is above the line") is therefore a compact record of
//     both the rows (needed by a when s reaches ≈ jφ², i.e. n ≈ jφ²) and the antidiagonals
//     (needed by b at n ≈ jφ) of those queens. The record is kept from column ≈ n/φ² to n:
//     n/φ bits ≈ 0.077 bytes per term.
// What the scan can see from column n near those bases takes only about a thousand values,
// so from column 4096 on the engine reads each column's outcome off a table of them built as
// it goes (an automaton; docs/INFTY_QUEENS.md). Every assumption of this plan (the window
// widths) is checked for every term — by the automaton once per table entry, since a
// column's scan and step depend on its entry alone; a violation throws RangeError naming n,
// never a silent wrong answer (claim knuth.windows).
//
// Discrepancies are exact: nφ = floor(nφ) + frac(nφ) with frac kept as a 128-bit fixed-point
// fraction n·C mod 2^128, C = floor(2^128/φ). For 1 ≤ a ≤ 2^62, |aφ − b| ≥ 1/(φ²a) > 2^-64
// (best approximation by the convergents F_{k+1}/F_k), while the fixed-point error is below
// n·2^-128 ≤ 2^-66: so floor(nφ) and every comparison of fractional parts come out exactly
// (the tests check them against floor_n_phi and Knuth's negaFibonacci fractions).
#pragma once

#include <array>
#include <cstdint>
#include <filesystem>
#include <functional>
#include <iosfwd>
#include <memory>
#include <string>
#include <vector>

#include "queengames/common.hpp"

namespace qg::infty {

// The largest number of terms supported: row and antidiagonal indices (< 2.62 n + 64) fit in
// 64 bits and the fixed-point fractions stay exact (n ≤ 2^62). Memory is the practical limit:
// ≈ 0.077 bytes per term.
inline constexpr std::uint64_t kInftyMaxTerms = std::uint64_t{1} << 62;

// The memory the engine needs for `terms` terms: the record of n/φ bits and a few blocks.
std::uint64_t infty_memory_estimate(std::uint64_t terms);

// A term (n, q_n), e.g. where a discrepancy record was set.
struct InftyTerm {
  std::uint64_t n = 0, q = 0;
  friend bool operator==(const InftyTerm&, const InftyTerm&) = default;
};

// Knuth's statistics (seed 002 §8), exactly. A term is "high" when q_n ≥ n (discrepancy
// q_n − nφ) and "low" when q_n < n (discrepancy q_n − n/φ). Each discrepancy's records are
// kept as Knuth keeps them: the successive maxima of its positive values and the successive
// minima of its negative values, each as the term where it was set (the value is then
// q − nφ, or q − n/φ, exactly; infty_discrepancy_decimal prints it).
struct InftyStats {
  // Histograms of floor(discrepancy) over [kHistMin, kHistMin + kHistBins); the end bins
  // also count everything beyond them (Knuth clamps likewise, at ±11).
  static constexpr int kHistMin = -16;
  static constexpr int kHistBins = 32;
  // Probes per term: Knuth's `ticks` (every access to a, b or c his program makes, seed 002
  // §4), exactly: within the engine's windows a term makes fewer than 256.
  static constexpr int kProbeBins = 256;

  std::uint64_t terms = 0;
  std::uint64_t high_terms = 0;  // q_n ≥ n; the others are low
  std::array<std::uint64_t, kHistBins> high_histogram{}, low_histogram{};
  std::array<std::uint64_t, kProbeBins> probe_histogram{};
  std::vector<InftyTerm> high_max, high_min, low_max, low_min;  // successive records

  // The window widths (claim knuth.windows): the most rows scanned for one term
  // (n − r − s + 1) and the longest step of s. The engine's windows reach 32 rows
  // (infty_window_reach()).
  std::uint64_t max_scan = 0, max_s_step = 0;

  friend bool operator==(const InftyStats&, const InftyStats&) = default;
};

// How far the engine's windows reach (bits): the bound knuth.windows checks.
std::uint64_t infty_window_reach();

// Floor of a discrepancy as a histogram bin (clamped), and back.
int infty_histogram_bin(std::int64_t floor_value);
std::int64_t infty_histogram_floor(int bin);

// The discrepancy of term (n, q), q − nφ when `high`, q − n/φ otherwise, rounded to
// `digits` decimals (0..30) exactly, e.g. "-1.962408203".
std::string infty_discrepancy_decimal(const InftyTerm& term, bool high, int digits = 9);
// The same value written exactly, e.g. "102334156 − 102334155φ" (q − n/φ = q + n − nφ).
std::string infty_discrepancy_exact(const InftyTerm& term, bool high);

// The engine: computes q_1, q_2, … in order. An object with explicit state, so that a caller
// can stop at any term boundary, save a checkpoint and resume to bit-identical results.
class InftyQueens {
 public:
  InftyQueens();
  ~InftyQueens();
  InftyQueens(InftyQueens&&) noexcept;
  InftyQueens& operator=(InftyQueens&&) noexcept;

  // Terms computed so far (the last one is q_terms()).
  std::uint64_t terms() const;
  // Computes the next `count` terms, storing q_{terms()+1} … into out[0 .. count) when out
  // is not null. RangeError past kInftyMaxTerms, or (never seen) if a window assumption
  // fails; the state is then unusable.
  void step(std::uint64_t count, std::uint64_t* out = nullptr);

  const InftyStats& stats() const;
  // Bytes held now (registers, record blocks, record lists) and the most held so far.
  std::uint64_t memory_bytes() const;
  std::uint64_t peak_memory_bytes() const;

  // Checkpoints: a binary file with magic, format version, the engine's parameters, the
  // state and a checksum. save() writes atomically (qg::AtomicFile); load() throws
  // InputError naming the file and the problem for a file that is missing, foreign,
  // truncated, corrupted, of another version or with other parameters.
  void save(const std::filesystem::path& path) const;
  static InftyQueens load(const std::filesystem::path& path);
  void save(std::ostream& out) const;
  static InftyQueens load(std::istream& in, const std::string& name);

  struct State;  // opaque: src/infty/state.hpp

 private:
  std::unique_ptr<State> state_;
};

// Runs the engine to `count` terms, passing each q_n to `term` (if set) and reporting
// progress between blocks of terms; returns the statistics. RangeError past kInftyMaxTerms
// or when infty_memory_estimate(count) exceeds the machine's memory.
InftyStats infty_queens(std::uint64_t count, const std::function<void(std::uint64_t q)>& term = {},
                        const ProgressFn& progress = {});

// The obviously correct route: place the queens column by column, scanning rows upward from
// 1 and checking the used rows, diagonals and antidiagonals in plain arrays. O(count²);
// RangeError beyond 10^7.
std::vector<std::uint64_t> infty_queens_brute_force(std::uint64_t count, const ProgressFn& progress = {});

}  // namespace qg::infty
