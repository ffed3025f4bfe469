// Words: streaming fixed points (bulk and letter by letter) and random access.
#include <benchmark/benchmark.h>

#include <random>
#include <string>

#include "queengames/words.hpp"

namespace {

// 10^9 letters of the Tribonacci word through read() into a 1 MiB buffer, per iteration.
void BM_TribonacciRead(benchmark::State& state) {
  auto tau = qg::words::Morphism::named("tribonacci");
  auto total = static_cast<std::uint64_t>(state.range(0));
  std::string buffer(1 << 20, '\0');
  for (auto _ : state) {
    qg::words::FixedPointStream stream(tau);
    for (std::uint64_t done = 0; done < total; done += buffer.size()) {
      stream.read(buffer.data(), buffer.size());
      benchmark::DoNotOptimize(buffer.data());
    }
  }
  state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations() * total));
}
BENCHMARK(BM_TribonacciRead)->Arg(1'000'000'000)->Unit(benchmark::kMillisecond);

// The same stream one letter at a time through next().
void BM_TribonacciNext(benchmark::State& state) {
  qg::words::FixedPointStream stream(qg::words::Morphism::named("tribonacci"));
  char sum = 0;
  for (auto _ : state) sum = static_cast<char>(sum + stream.next());
  benchmark::DoNotOptimize(sum);
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_TribonacciNext);

// A slowly growing morphism (quadratic growth, no block precomputation helps much).
void BM_QuadraticRead(benchmark::State& state) {
  qg::words::FixedPointStream stream(qg::words::Morphism::parse("a->abc,b->bc,c->c"));
  std::string buffer(1 << 16, '\0');
  for (auto _ : state) {
    stream.read(buffer.data(), buffer.size());
    benchmark::DoNotOptimize(buffer.data());
  }
  state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations() * buffer.size()));
}
BENCHMARK(BM_QuadraticRead);

// Random access near 10^18: letter, prefix count and occurrence queries.
std::vector<std::uint64_t> positions() {
  std::mt19937_64 rng(1);
  std::vector<std::uint64_t> out(4096);
  for (auto& n : out) n = 1'000'000'000'000'000'000ull + rng() % 1'000'000'000'000'000ull;
  return out;
}

void BM_IndexLetter(benchmark::State& state) {
  qg::words::FixedPointIndex index(qg::words::Morphism::named("tribonacci"));
  auto ns = positions();
  std::size_t i = 0;
  for (auto _ : state) benchmark::DoNotOptimize(index.letter(ns[i++ & 4095]));
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_IndexLetter);

void BM_IndexCount(benchmark::State& state) {
  qg::words::FixedPointIndex index(qg::words::Morphism::named("tribonacci"));
  auto ns = positions();
  std::size_t i = 0;
  for (auto _ : state) benchmark::DoNotOptimize(index.count('a', ns[i++ & 4095]));
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_IndexCount);

void BM_IndexOccurrence(benchmark::State& state) {
  qg::words::FixedPointIndex index(qg::words::Morphism::named("tribonacci"));
  auto ns = positions();
  std::size_t i = 0;
  for (auto _ : state) benchmark::DoNotOptimize(index.occurrence('a', ns[i++ & 4095] / 2));
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_IndexOccurrence);

}  // namespace
