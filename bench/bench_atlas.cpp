// The atlas (queengames serve): one tile computed from scratch (not from the server's cache) at
// each kind of zoom, the region already in memory; PNG encoding included.
//   build/bench/bench_atlas --benchmark_repetitions=5 --benchmark_report_aggregates_only=true
#include <benchmark/benchmark.h>

#include "queengames/atlas.hpp"

namespace {

qg::atlas::Atlas& atlas() {
  static qg::atlas::Atlas a;  // 4096² regions, computed by the first tile of each table
  return a;
}

void tile(benchmark::State& state, const char* table, int z, std::uint64_t x, std::uint64_t y, const char* mode) {
  const qg::atlas::View view{qg::atlas::parse_aggregate(mode), 3};
  atlas().tile_png(table, z, x, y, view);  // the region, outside the timing
  for (auto _ : state) benchmark::DoNotOptimize(atlas().tile_png(table, z, x, y, view));
}

// Computed tables: one cell a pixel, 4×4 and 16×16 cells a pixel (the whole 4096² corner).
BENCHMARK_CAPTURE(tile, grundy_z0, "grundy.wythoff", 0, 3, 5, "min");
BENCHMARK_CAPTURE(tile, grundy_z_minus2_mean, "grundy.wythoff", -2, 1, 1, "mean");
BENCHMARK_CAPTURE(tile, grundy_z_minus4_mean, "grundy.wythoff", -4, 0, 0, "mean");
BENCHMARK_CAPTURE(tile, grundy_z_minus4_mod3, "grundy.wythoff", -4, 0, 0, "mod");
BENCHMARK_CAPTURE(tile, palace_z0, "palace.3", 0, 2, 3, "min");
BENCHMARK_CAPTURE(tile, palace_z_minus4_p, "palace.3", -4, 0, 0, "p");
// Random access: cells near (10^15, φ·10^15) one a pixel; near 10^18 at 2^40 cells a pixel.
BENCHMARK_CAPTURE(tile, analytic_1e15_z0, "p.wythoff", 0, 3906250000000, 6320445256834, "p");
BENCHMARK_CAPTURE(tile, analytic_1e18_z_minus40, "p.wythoff", -40, 1776, 2842, "p");
// The telescope (seed 003 §4): a column at a time, 256 of them at zoom 0 near (6·10^17, φ·6·10^17).
BENCHMARK_CAPTURE(tile, telescope_maharaja_6e17_z0, "p.maharaja", 0, 2343750000000000, 3792267161132565, "p");
BENCHMARK_CAPTURE(tile, analytic_1e18_z_minus8, "p.wythoff", -8, 15258789062, 24689039921, "p");

}  // namespace
namespace {
void pixels(benchmark::State& state, const char* table, int z, std::uint64_t x, std::uint64_t y, const char* mode) {
  const qg::atlas::View view{qg::atlas::parse_aggregate(mode), 3};
  atlas().tile_png(table, z, x, y, view);
  for (auto _ : state) benchmark::DoNotOptimize(atlas().tile_pixels(table, z, x, y, view));
}
BENCHMARK_CAPTURE(pixels, grundy_z0, "grundy.wythoff", 0, 3, 5, "min");
BENCHMARK_CAPTURE(pixels, grundy_z_minus4_mean, "grundy.wythoff", -4, 0, 0, "mean");
}  // namespace
