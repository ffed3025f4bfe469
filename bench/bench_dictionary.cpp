// Dictionary processes: bits per second of the process, decisions per second of the
// telescope at 10^18 (docs/PERFORMANCE.md, "Dictionary processes").
#include <benchmark/benchmark.h>

#include <random>

#include "queengames/dictionary.hpp"

namespace {

// The process alone (no sink): bits written per second.
void process(benchmark::State& state, const char* name) {
  const qg::dictionary::GameDictionary game = qg::dictionary::game_dictionary(name);
  qg::dictionary::DictionaryRunOptions o;
  o.bits = static_cast<std::uint64_t>(state.range(0));
  for (auto _ : state) benchmark::DoNotOptimize(qg::dictionary::run_dictionary(game.dictionary, o).words_read);
  state.SetItemsProcessed(state.iterations() * state.range(0));
}
BENCHMARK_CAPTURE(process, maharaja, "maharaja")->Arg(100000000)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(process, maharaja23, "maharaja23")->Arg(100000000)->Unit(benchmark::kMillisecond);

// The same with the bits delivered as '0'/'1' characters (what `queengames dictionary` prints).
void process_to_text(benchmark::State& state) {
  const qg::dictionary::GameDictionary game = qg::dictionary::game_dictionary("maharaja");
  qg::dictionary::DictionaryRunOptions o;
  o.bits = static_cast<std::uint64_t>(state.range(0));
  std::uint64_t ones = 0;
  o.sink = [&](std::string_view chunk) { ones += chunk.back() == '1'; };
  for (auto _ : state) benchmark::DoNotOptimize(qg::dictionary::run_dictionary(game.dictionary, o).words_read);
  benchmark::DoNotOptimize(ones);
  state.SetItemsProcessed(state.iterations() * state.range(0));
}
BENCHMARK(process_to_text)->Arg(100000000)->Unit(benchmark::kMillisecond);

// Decisions per second at random columns in [10^18, 2·10^18).
void telescope(benchmark::State& state, const char* name) {
  const qg::dictionary::Telescope t(qg::dictionary::game_dictionary(name));
  std::mt19937_64 rng(42);
  const std::uint64_t base = 1000000000000000000ull;
  for (auto _ : state) {
    std::uint64_t x = base + rng() % base;
    benchmark::DoNotOptimize(t.is_p(x, x + x / 2));
  }
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK_CAPTURE(telescope, maharaja23, "maharaja23")->Unit(benchmark::kMicrosecond);
BENCHMARK_CAPTURE(telescope, maharaja, "maharaja")->Unit(benchmark::kMicrosecond);

// Building the telescope's prefix (2^14 bits, and the sweep that checks it).
void telescope_setup(benchmark::State& state) {
  const qg::dictionary::GameDictionary game = qg::dictionary::game_dictionary("maharaja23");
  for (auto _ : state) benchmark::DoNotOptimize(qg::dictionary::Telescope(game).bit(100));
}
BENCHMARK(telescope_setup)->Unit(benchmark::kMillisecond);

}  // namespace
