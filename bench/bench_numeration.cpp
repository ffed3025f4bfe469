// Throughput of the 64-bit hot paths: floor_n_phi (game modules' inner loops) and
// tribonacci_bits / tribonacci_bits_value (random access by the spiral module).
#include <benchmark/benchmark.h>

#include <random>
#include <vector>

#include "queengames/numeration.hpp"

namespace {

// Random arguments below 2^bits, generated outside the timed loop.
std::vector<std::uint64_t> random_arguments(unsigned bits, std::uint64_t limit = UINT64_MAX) {
  std::mt19937_64 rng(42);
  std::vector<std::uint64_t> v(1 << 16);
  for (auto& x : v) x = (bits == 64 ? rng() : rng() >> (64 - bits)) % limit;
  return v;
}

void BM_floor_n_phi_sequential(benchmark::State& state) {
  std::uint64_t n = 1, sum = 0;
  for (auto _ : state) sum += qg::numeration::floor_n_phi<std::uint64_t>(n++);
  benchmark::DoNotOptimize(sum);
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_floor_n_phi_sequential);

void BM_floor_n_phi_random(benchmark::State& state) {
  const auto args = random_arguments(64, 11400714819323198485ULL);
  std::size_t i = 0;
  std::uint64_t sum = 0;
  for (auto _ : state) sum += qg::numeration::floor_n_phi<std::uint64_t>(args[i++ & 0xffff]);
  benchmark::DoNotOptimize(sum);
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_floor_n_phi_random);

void BM_floor_n_psi_random(benchmark::State& state) {
  const auto args = random_arguments(62);
  std::size_t i = 0;
  std::uint64_t sum = 0;
  for (auto _ : state) sum += qg::numeration::floor_n_psi<std::uint64_t>(args[i++ & 0xffff], 1);
  benchmark::DoNotOptimize(sum);
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_floor_n_psi_random);

void BM_tribonacci_bits_random(benchmark::State& state) {
  const auto args = random_arguments(static_cast<unsigned>(state.range(0)));
  std::size_t i = 0;
  qg::u128 acc = 0;
  for (auto _ : state) acc ^= qg::numeration::tribonacci_bits(args[i++ & 0xffff]);
  benchmark::DoNotOptimize(acc);
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_tribonacci_bits_random)->Arg(32)->Arg(64);

void BM_tribonacci_bits_value_random(benchmark::State& state) {
  auto args = random_arguments(static_cast<unsigned>(state.range(0)));
  std::vector<qg::u128> bits;
  for (auto n : args) bits.push_back(qg::numeration::tribonacci_bits(n));
  std::size_t i = 0;
  std::uint64_t sum = 0;
  for (auto _ : state) sum += qg::numeration::tribonacci_bits_value(bits[i++ & 0xffff]);
  benchmark::DoNotOptimize(sum);
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_tribonacci_bits_value_random)->Arg(32)->Arg(64);

}  // namespace
