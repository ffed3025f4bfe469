// The ∞-queens engine's public side (include/queengames/infty.hpp): the state, the records of
// the statistics, and the one place that picks a kernel for the machine. The kernel itself is
// in engine_kernel.hpp; engine.hpp maps the engine's files.
#include <algorithm>
#include <numbers>
#include <string>

#include "engine_kernel.hpp"

namespace qg {
namespace infty_detail {

PhiPosition phi_position(u64 n) {
  // n·C = n·C_hi·2^64 + n·C_lo: the bits above 2^128 are floor(n(φ − 1)) (exact for n ≤ 2^62).
  u128 low = static_cast<u128>(n) * static_cast<u64>(kPhiFraction);
  u128 high = static_cast<u128>(n) * static_cast<u64>(kPhiFraction >> 64) + (low >> 64);
  return {n + static_cast<u64>(high >> 64), (high << 64) | static_cast<u64>(low)};
}

[[gnu::noinline]] void window_failure(u64 n, const std::string& what) {
  throw RangeError("infty-queens: at n = " + std::to_string(n) + " " + what + " exceeds the " + std::to_string(kReach) +
                   "-bit reach of the windows the engine assumes (claim knuth.windows)");
}

[[gnu::noinline]] void new_scan(InftyStats& stats, u64 n, u64 scan) {
  if (scan > kReach) window_failure(n, "a scan of " + std::to_string(scan) + " rows");
  stats.max_scan = scan;
}

[[gnu::noinline]] void new_step(InftyStats& stats, u64 n, u64 step) {
  if (step >= kReach) window_failure(n, "a step of s of at least " + std::to_string(step) + " rows");
  stats.max_s_step = step;
}

// ---------------------------------------------------------------------------------------
// The statistics' passes and records (seed 002 §8).

namespace {

// Knuth's records: a new maximum of the positive discrepancies or minimum of the negative
// ones, decided by the exact keys.
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

}  // namespace

// (Out of line: the kernels' loops in this file keep their registers.)
[[gnu::noinline]] void tally_record(State& st, Tally& tally, u64 n, u64 numerator, u64 to_bin, u64 fraction_high,
                                    u64 fraction_low, bool outside) {
  u64 high = numerator >> 63;
  u64 value = numerator & ~kHighFlag;
  std::int64_t whole = static_cast<std::int64_t>(value) - static_cast<std::int64_t>(nphi_of(to_bin));
  if (outside) ++tally.histogram[2 * (whole - 1 < InftyStats::kHistMin ? 0 : InftyStats::kHistBins - 1) + high];
  maybe_record(st, high, n, queen_of(n, numerator), whole, (static_cast<u128>(fraction_high) << 64) | fraction_low);
  tally.thresholds(st);
}

void run_portable(State& st, u64 count, u64* out) { run<Portable>(st, count, out); }

}  // namespace infty_detail

namespace infty {

using infty_detail::u64;

u64 infty_window_reach() { return infty_detail::kReach; }

u64 infty_memory_estimate(u64 terms) {
  // Record words from column ≈ n/φ² to n, a block of slack on each side, and the rest.
  return static_cast<u64>(static_cast<double>(terms) / (8 * std::numbers::phi)) +
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
      if (lo > hi) {
        lo = 0;
        hi = 0;
      }
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
  max_key[1] = key_of(stats.high_max, true);
  min_key[1] = key_of(stats.high_min, true);
  max_key[0] = key_of(stats.low_max, false);
  min_key[0] = key_of(stats.low_min, false);
  set_thresholds();
}

InftyQueens::State::State() {
  record.add_block();
  set_thresholds();
  peak_bytes = bytes();
}

InftyQueens::InftyQueens() : state_(std::make_unique<State>()) {}
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
#ifdef QG_X86_BMI2
  // The one dispatch point: the x86-64 kernel where the compiler built it (the probe
  // cmake/x86_bmi2.cmake) and the CPU runs it; the portable kernel elsewhere. Both give the
  // same terms and statistics (tests/test_infty.cpp, PortableKernelEqualsTheDispatchedOne).
  if (__builtin_cpu_supports("popcnt") && __builtin_cpu_supports("bmi") && __builtin_cpu_supports("bmi2")) {
    infty_detail::run_x86_bmi2(*state_, count, out);
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
