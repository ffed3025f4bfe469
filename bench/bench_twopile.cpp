// The sweep and the morphic route (docs/PERFORMANCE.md, "Two-pile games").
// bench_twopile --benchmark_filter=Sweep/.*/100000000 gives the 10^8 figures.
#include <benchmark/benchmark.h>

#include <sys/mman.h>

#include <cstdlib>
#include <memory>

#include "queengames/twopile.hpp"

namespace {

const char* const kRulesets[] = {"wythoff", "maharaja", "queen-dee", "queen-bee", "kqueen-dee:2", "st-wythoff:2,1"};

void Sweep(benchmark::State& state) {
  auto rules = qg::twopile::Ruleset::parse(kRulesets[state.range(0)]);
  auto count = static_cast<std::uint64_t>(state.range(1));
  for (auto _ : state) {
    std::uint64_t sum = 0;
    qg::twopile::sweep_p_positions(rules, count, [&](std::uint64_t, std::uint64_t a, std::uint64_t b) {
      sum += a ^ b;
      return true;
    });
    benchmark::DoNotOptimize(sum);
  }
  state.SetLabel(rules.name());
  state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations()) * state.range(1));
}
BENCHMARK(Sweep)
    ->ArgsProduct({{0, 1, 2, 3, 4, 5}, {1'000'000}})
    ->Args({0, 100'000'000})
    ->Args({1, 100'000'000})
    ->Args({2, 100'000'000})
    ->Unit(benchmark::kMillisecond)
    ->Iterations(1)
    ->Repetitions(3)
    ->ReportAggregatesOnly(true);

// The sweep writing (a_n, b_n) into fresh memory allocated as numpy allocates a large array
// (not zeroed, 2 MiB-aligned, madvise(MADV_HUGEPAGE): 512 times fewer page faults), as the
// Python module's p_positions writes into numpy's: the C++ side of bench/bench_python.py's ratio.
void SweepIntoArray(benchmark::State& state) {
  auto rules = qg::twopile::Ruleset::parse(kRulesets[state.range(0)]);
  auto count = static_cast<std::uint64_t>(state.range(1));
  constexpr std::size_t kHugePage = std::size_t{1} << 21;
  const std::size_t bytes = (16 * count + kHugePage - 1) / kHugePage * kHugePage;
  for (auto _ : state) {
    std::unique_ptr<std::uint64_t, decltype(&std::free)> memory(
        static_cast<std::uint64_t*>(std::aligned_alloc(kHugePage, bytes)), &std::free);
    std::uint64_t* out = memory.get();
    madvise(out, bytes, MADV_HUGEPAGE);
    qg::twopile::sweep_p_positions(rules, count, [&](std::uint64_t n, std::uint64_t a, std::uint64_t b) {
      out[2 * n] = a;
      out[2 * n + 1] = b;
      return true;
    });
    benchmark::DoNotOptimize(out);
  }
  state.SetLabel(rules.name());
  state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations()) * state.range(1));
}
BENCHMARK(SweepIntoArray)->Args({0, 100'000'000})->Unit(benchmark::kMillisecond)->Iterations(1);

void MorphicStream(benchmark::State& state) {
  auto rules = qg::twopile::Ruleset::parse(kRulesets[state.range(0)]);
  qg::twopile::MorphicPPositions route(*qg::twopile::morphic_coding(rules));
  for (auto _ : state) {
    std::uint64_t sum = 0;
    route.stream(static_cast<std::uint64_t>(state.range(1)), [&](std::uint64_t, std::uint64_t a, std::uint64_t b) {
      sum += a ^ b;
      return true;
    });
    benchmark::DoNotOptimize(sum);
  }
  state.SetLabel(rules.name());
  state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations()) * state.range(1));
}
BENCHMARK(MorphicStream)->ArgsProduct({{0, 2}, {10'000'000}})->Unit(benchmark::kMillisecond);

void MorphicNth(benchmark::State& state) {
  qg::twopile::MorphicPPositions route(
      *qg::twopile::morphic_coding(qg::twopile::Ruleset::parse(kRulesets[state.range(0)])));
  std::uint64_t n = 1'000'000'000'000'000ULL;
  for (auto _ : state) benchmark::DoNotOptimize(route.nth(n++));
  state.SetLabel(kRulesets[state.range(0)]);
}
BENCHMARK(MorphicNth)->Arg(0)->Arg(2);

}  // namespace
