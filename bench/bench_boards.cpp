// Grundy tables and numbered boards: the fast routes, and the straightforward scan they are
// compared with in the same run (docs/PERFORMANCE.md, "Grundy tables and numbered boards").
#include <benchmark/benchmark.h>

#include "queengames/boards.hpp"

namespace b = qg::boards;

namespace {

// Cells per second, as items_per_second.
void set_cells(benchmark::State& state, std::uint64_t cells) {
  state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations()) * static_cast<std::int64_t>(cells));
}

// The fast route: per-line bitsets, 64×64 tiles, tile antidiagonals on 2 threads.
void BM_WythoffFast(benchmark::State& state) {
  const auto n = static_cast<std::uint64_t>(state.range(0));
  const qg::twopile::Ruleset wythoff = qg::twopile::Ruleset::parse("wythoff");
  b::GrundyOptions options;
  options.threads = static_cast<unsigned>(state.range(1));
  for (auto _ : state) benchmark::DoNotOptimize(b::grundy_table(wythoff, n, n, options).values.data());
  set_cells(state, n * n);
}
BENCHMARK(BM_WythoffFast)
    ->Args({512, 2})
    ->Args({2048, 2})
    ->Args({4096, 2})
    ->Args({2048, 1})
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime();
BENCHMARK(BM_WythoffFast)
    ->Args({8192, 2})
    ->Args({8192, 1})
    ->Iterations(1)
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime();

// The straightforward scan: enumerate each position's options, take the mex (O(N³)).
void BM_WythoffScan(benchmark::State& state) {
  const auto n = static_cast<std::uint64_t>(state.range(0));
  const qg::twopile::Ruleset wythoff = qg::twopile::Ruleset::parse("wythoff");
  for (auto _ : state) benchmark::DoNotOptimize(b::grundy_table_brute_force(wythoff, n, n).values.data());
  set_cells(state, n * n);
}
BENCHMARK(BM_WythoffScan)->Arg(512)->Iterations(1)->Unit(benchmark::kMillisecond)->UseRealTime();

// Numbered boards: Fig. 4's spiral window (one thread) and the quadrant's N×N corner (the first
// N columns of 2N − 1 antidiagonals, (3N² − N)/2 cells, strips on 2 threads).
void BM_BoardQueen(benchmark::State& state, b::BoardKind kind) {
  const auto n = static_cast<std::uint64_t>(state.range(0));
  for (auto _ : state) benchmark::DoNotOptimize(b::board_window_table(kind, b::Piece::queen, n, n).values.data());
  set_cells(state, kind == b::BoardKind::spiral ? n * n : (3 * n * n - n) / 2);
}
BENCHMARK_CAPTURE(BM_BoardQueen, spiral, b::BoardKind::spiral)
    ->Arg(1001)
    ->Arg(4001)
    ->Iterations(1)
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime();
BENCHMARK_CAPTURE(BM_BoardQueen, quadrant, b::BoardKind::quadrant)
    ->Arg(2500)
    ->Arg(10000)
    ->Iterations(1)
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime();

// Knuth's column scan for S_c (a high queen costs a scan of about c/64 words: O(C²/128)).
void BM_QuadrantQueens(benchmark::State& state) {
  const auto n = static_cast<std::uint64_t>(state.range(0));
  for (auto _ : state) benchmark::DoNotOptimize(b::quadrant_queens(n).data());
}
BENCHMARK(BM_QuadrantQueens)->Arg(100000)->Unit(benchmark::kMillisecond);

// The certificates of the quadrant's first C columns (docs/CONJECTURE26.md): column c costs
// O(c) a row on about 40c² rows, the run about C⁴.
void BM_QuadrantColumnCertificates(benchmark::State& state) {
  const auto n = static_cast<std::uint64_t>(state.range(0));
  for (auto _ : state) benchmark::DoNotOptimize(b::certify_quadrant_columns(n).data());
}
BENCHMARK(BM_QuadrantColumnCertificates)->Arg(24)->Arg(64)->Arg(100)->Unit(benchmark::kMillisecond);

}  // namespace
