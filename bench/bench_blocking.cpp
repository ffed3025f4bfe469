// k-Blocking Wythoff Nim (seed 004): cells per second of the engines on the workload,
// game 1000 on 30000×30000 with the summary line (palaces, min, max, sum64) included.
//   build/bench/bench_blocking --benchmark_repetitions=5 --benchmark_report_aggregates_only=true
// "plain" is the single-threaded one-cell-at-a-time streaming loop the fast engine is
// measured against; the ratio is taken within one run. Times are wall-clock (UseRealTime);
// the CPU column is the process's CPU time over all threads (MeasureProcessCPUTime).
#include <benchmark/benchmark.h>

#include "queengames/blocking.hpp"

namespace {

using qg::blocking::Engine;

constexpr std::uint64_t k = 1000, side = 30000;

void summary(benchmark::State& state, Engine engine, unsigned threads) {
  for (auto _ : state) {
    auto s = qg::blocking::summary(k, side, side, engine, threads);
    benchmark::DoNotOptimize(s);
    state.SetLabel(s.line());
  }
  state.counters["cells/s"] =
      benchmark::Counter(static_cast<double>(side * side), benchmark::Counter::kIsIterationInvariantRate);
}

void rows(benchmark::State& state, Engine engine) {
  // The row stream (what --table, pictures and the claims read): palace numbers written out.
  const std::uint64_t height = side / 10;
  for (auto _ : state) {
    qg::blocking::PalaceRows r(k, side, engine);
    std::uint64_t total = 0;
    for (std::uint64_t y = 0; y < height; ++y) total += r.next()[y];
    benchmark::DoNotOptimize(total);
  }
  state.counters["cells/s"] =
      benchmark::Counter(static_cast<double>(side * height), benchmark::Counter::kIsIterationInvariantRate);
}

BENCHMARK_CAPTURE(summary, definition_2_threads, Engine::definition, 2u)
    ->Unit(benchmark::kMillisecond)
    ->Iterations(1)
    ->UseRealTime()
    ->MeasureProcessCPUTime();
BENCHMARK_CAPTURE(summary, definition_1_thread, Engine::definition, 1u)
    ->Unit(benchmark::kMillisecond)
    ->Iterations(1)
    ->UseRealTime()
    ->MeasureProcessCPUTime();
BENCHMARK_CAPTURE(summary, plain, Engine::plain, 1u)
    ->Unit(benchmark::kMillisecond)
    ->Iterations(1)
    ->UseRealTime()
    ->MeasureProcessCPUTime();
BENCHMARK_CAPTURE(summary, ca, Engine::ca, 1u)
    ->Unit(benchmark::kMillisecond)
    ->Iterations(1)
    ->UseRealTime()
    ->MeasureProcessCPUTime();
BENCHMARK_CAPTURE(rows, definition, Engine::definition)
    ->Unit(benchmark::kMillisecond)
    ->Iterations(1)
    ->UseRealTime()
    ->MeasureProcessCPUTime();
BENCHMARK_CAPTURE(rows, ca, Engine::ca)
    ->Unit(benchmark::kMillisecond)
    ->Iterations(1)
    ->UseRealTime()
    ->MeasureProcessCPUTime();

}  // namespace
