// The ∞-queens engine (seed 002) against a byte-per-bit re-implementation of Knuth's program
// (bench_infty_knuth.hpp), both with Knuth's full statistics. Counters: ns_per_term (CPU
// time) and bytes_per_term (the engine's peak; Knuth's three calloc'ed arrays). The pair
// benchmark runs both in one iteration and reports their ratio, as docs/PERFORMANCE.md quotes.
// (10^10 terms would need 52 GB for Knuth's arrays; the engine's 10^10 figure comes from the
// CLI run in docs/INFTY_QUEENS.md.)
#include <benchmark/benchmark.h>

#include <ctime>
#include <numbers>

#include "bench_infty_knuth.hpp"
#include "queengames/infty.hpp"

namespace {

double cpu_seconds() { return static_cast<double>(std::clock()) / CLOCKS_PER_SEC; }

// Knuth's arrays (§3): a, b, c of about φN, φ²N and N bytes.
constexpr double kKnuthBytesPerTerm = std::numbers::phi + std::numbers::phi * std::numbers::phi + 1.0;

void BM_engine(benchmark::State& state) {
  const auto count = static_cast<std::uint64_t>(state.range(0));
  double seconds = 0, bytes = 0;
  for (auto _ : state) {
    double start = cpu_seconds();
    qg::infty::InftyQueens engine;
    engine.step(count);
    seconds += cpu_seconds() - start;
    bytes = static_cast<double>(engine.peak_memory_bytes());
    benchmark::DoNotOptimize(engine.stats().high_terms);
  }
  state.counters["ns_per_term"] = seconds * 1e9 / static_cast<double>(state.iterations() * count);
  state.counters["bytes_per_term"] = bytes / static_cast<double>(count);
}
BENCHMARK(BM_engine)->Arg(10'000'000)->Arg(100'000'000)->Unit(benchmark::kSecond)->Iterations(1);

void BM_knuth_baseline(benchmark::State& state) {
  const auto count = static_cast<std::uint64_t>(state.range(0));
  double seconds = 0;
  for (auto _ : state) {
    double start = cpu_seconds();
    auto stats = knuth_baseline::run<false>(count);
    seconds += cpu_seconds() - start;
    benchmark::DoNotOptimize(stats.high_terms);
  }
  state.counters["ns_per_term"] = seconds * 1e9 / static_cast<double>(state.iterations() * count);
  state.counters["bytes_per_term"] = kKnuthBytesPerTerm;
}
BENCHMARK(BM_knuth_baseline)->Arg(10'000'000)->Arg(100'000'000)->Unit(benchmark::kSecond)->Iterations(1);

// Both in the same iteration, so that a busy machine slows them alike: knuth / engine.
void BM_engine_vs_knuth(benchmark::State& state) {
  const auto count = static_cast<std::uint64_t>(state.range(0));
  double engine_seconds = 0, knuth_seconds = 0;
  for (auto _ : state) {
    double start = cpu_seconds();
    qg::infty::InftyQueens engine;
    engine.step(count);
    double middle = cpu_seconds();
    auto stats = knuth_baseline::run<false>(count);
    knuth_seconds += cpu_seconds() - middle;
    engine_seconds += middle - start;
    benchmark::DoNotOptimize(stats.high_terms + engine.stats().high_terms);
  }
  const double terms = static_cast<double>(state.iterations() * count);
  state.counters["engine_ns"] = engine_seconds * 1e9 / terms;
  state.counters["knuth_ns"] = knuth_seconds * 1e9 / terms;
  state.counters["ratio"] = knuth_seconds / engine_seconds;
}
BENCHMARK(BM_engine_vs_knuth)
    ->Arg(10'000'000)
    ->Arg(100'000'000)
    ->Arg(1'000'000'000)
    ->Unit(benchmark::kSecond)
    ->Iterations(1);
// Small enough for the caches (Knuth's arrays: 0.5 and 5 MB): his program without page faults.
BENCHMARK(BM_engine_vs_knuth)->Arg(100'000)->Arg(1'000'000)->Unit(benchmark::kMillisecond);

}  // namespace
