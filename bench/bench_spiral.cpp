// The spiral's three routes (seed 000 §1–6): direct placement, random access through the
// Tribonacci representation, and sequential generation from the theme song.
// Figures and the commands that produced them: docs/PERFORMANCE.md.
#include <benchmark/benchmark.h>

#include <random>
#include <vector>

#include "queengames/spiral.hpp"

namespace {

namespace sp = qg::spiral;

// Direct greedy placement of the first N queens (no theorem used).
void BM_direct_placement(benchmark::State& state) {
  const auto count = static_cast<std::uint64_t>(state.range(0));
  for (auto _ : state) {
    qg::u128 sum = 0;
    sp::place_queens_directly(count, [&](std::uint64_t, std::span<const sp::QueenCell> q) { sum += q.back().cell; });
    benchmark::DoNotOptimize(sum);
  }
  state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations() * count));
}
BENCHMARK(BM_direct_placement)->Arg(1000000)->Arg(10000000)->Unit(benchmark::kMillisecond)->Iterations(1);

// The first N queens from the closed forms (Θ streamed, eq. (3)); the sink reads every queen.
void BM_generate_queens(benchmark::State& state) {
  const auto count = static_cast<std::uint64_t>(state.range(0));
  for (auto _ : state) {
    qg::u128 sum = 0;
    sp::generate_queens(count, [&](std::uint64_t, std::span<const sp::QueenCell> queens) {
      for (const auto& q : queens) sum += q.cell + static_cast<qg::u128>(q.x ^ q.y);
    });
    benchmark::DoNotOptimize(sum);
  }
  state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations() * count));
}
BENCHMARK(BM_generate_queens)->Arg(100000000)->Arg(1000000000)->Unit(benchmark::kMillisecond)->Iterations(1);

// 4096 random n in [lo, 2·lo), drawn outside the timed loop.
std::vector<std::uint64_t> random_n(std::uint64_t lo) {
  std::mt19937_64 rng(42);
  std::vector<std::uint64_t> v(4096);
  for (auto& n : v) n = lo + rng() % lo;
  return v;
}

// Random access at n ≈ 10^18: q_n with its 128-bit cell.
void BM_queen_cell_1e18(benchmark::State& state) {
  const auto args = random_n(1000000000000000000u);
  std::size_t i = 0;
  qg::u128 sum = 0;
  for (auto _ : state) sum += sp::queen_cell(args[i++ & 4095]).cell;
  benchmark::DoNotOptimize(sum);
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_queen_cell_1e18);

// Random access at n ≈ 10^18: the XYMP row.
void BM_xymp_1e18(benchmark::State& state) {
  const auto args = random_n(1000000000000000000u);
  std::size_t i = 0;
  qg::u128 sum = 0;
  for (auto _ : state) sum += sp::xymp(args[i++ & 4095]).p;
  benchmark::DoNotOptimize(sum);
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_xymp_1e18);

// 4096 n near 2^bits, drawn outside the timed loop: 2^bits + r, or for bits = 120, the top
// of the range, 2^120 − 1 − r; r ∈ [2^62, 2^63). They share their leading Tribonacci digits,
// which a branch predictor would learn; the greedy scan is branch-free (src/spiral/tribonacci.cpp).
std::vector<qg::u128> random_wide_n(unsigned bits) {
  std::vector<qg::u128> v;
  const qg::u128 base = qg::u128{1} << bits;
  for (std::uint64_t r : random_n(std::uint64_t{1} << 62))
    v.push_back(bits < sp::kRandomAccessBits ? base + r : base - 1 - r);
  return v;
}

// Random access to q_n with its ~200- or ~240-bit cell in GMP (the digits, two sums, the
// 256-bit square and one conversion to mpz_class).
void queen_at(benchmark::State& state, unsigned bits) {
  const auto args = random_wide_n(bits);
  std::size_t i = 0;
  std::size_t total = 0;
  for (auto _ : state) total += mpz_sizeinbase(sp::queen(args[i++ & 4095]).cell.get_mpz_t(), 2);
  benchmark::DoNotOptimize(total);
  state.SetItemsProcessed(state.iterations());
}
void BM_queen_2e100(benchmark::State& state) { queen_at(state, 100); }
BENCHMARK(BM_queen_2e100);
void BM_queen_2e120(benchmark::State& state) { queen_at(state, 120); }
BENCHMARK(BM_queen_2e120);

// The same in fixed width, without GMP (queen_wide).
void BM_queen_wide_2e100(benchmark::State& state) {
  const auto args = random_wide_n(100);
  std::size_t i = 0;
  std::uint64_t total = 0;
  for (auto _ : state) total += sp::queen_wide(args[i++ & 4095]).cell.limb[3];
  benchmark::DoNotOptimize(total);
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_queen_wide_2e100);

// Rows of the XYMP table by the mex recurrence (2).
void BM_xymp_recurrence(benchmark::State& state) {
  sp::XympRecurrence rows;
  for (auto _ : state) rows.advance();
  benchmark::DoNotOptimize(rows.row().p);
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_xymp_recurrence);

// Rows of Table 2 streamed from the theme song.
void BM_table_stream(benchmark::State& state) {
  sp::TableStream rows;
  for (auto _ : state) rows.advance();
  benchmark::DoNotOptimize(rows.row().c);
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_table_stream);

}  // namespace
