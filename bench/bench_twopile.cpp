// The sweep and the morphic route (docs/PERFORMANCE.md, "Two-pile games").
// bench_twopile --benchmark_filter=Sweep/.*/100000000 gives the 10^8 figures.
#include <benchmark/benchmark.h>

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
