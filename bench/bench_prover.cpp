// The prover on the literature's statements: "the Tribonacci word contains a cube" (Walnut's
// default strategy exhausts a 6 GB heap on it, issue 16), no fourth powers in the Tribonacci
// and Fibonacci words, Thue–Morse overlap-free. Counters: the largest automaton (states) and
// the largest table (bytes) of the proof.
#include <benchmark/benchmark.h>

#include <string>

#include "queengames/prover.hpp"

namespace {

void prove(benchmark::State& state, const std::string& statement, bool expected,
           qg::automata::Determinization strategy) {
  qg::prover::Result last;
  for (auto _ : state) {
    qg::automata::Context ctx;
    ctx.determinization = strategy;
    qg::prover::Session session(ctx);
    last = session.run("eval b \"" + statement + "\":").at(0);
    if (last.truth != expected) state.SkipWithError("wrong truth value");
  }
  state.counters["largest_states"] = static_cast<double>(last.largest);
  state.counters["peak_MB"] = static_cast<double>(last.peak_bytes) / (1 << 20);
}

const char* const kTribCube = "?msd_trib Ei,n n>=1 & At t<2*n => TR[i+t]=TR[i+n+t]";
const char* const kTrib4 = "?msd_trib Ei,n n>=1 & At t<3*n => TR[i+t]=TR[i+n+t]";
const char* const kFib4 = "?msd_fib Ei,n n>=1 & At t<3*n => F[i+t]=F[i+n+t]";
const char* const kTmOverlap = "Ei,n n>=1 & At t<=n => T[i+t]=T[i+n+t]";

using D = qg::automata::Determinization;

void BM_TribonacciCube(benchmark::State& s) { prove(s, kTribCube, true, D::automatic); }
void BM_TribonacciCubeBrzozowski(benchmark::State& s) { prove(s, kTribCube, true, D::brzozowski); }
void BM_TribonacciNoFourthPower(benchmark::State& s) { prove(s, kTrib4, false, D::automatic); }
void BM_FibonacciNoFourthPower(benchmark::State& s) { prove(s, kFib4, false, D::automatic); }
void BM_ThueMorseOverlapFree(benchmark::State& s) { prove(s, kTmOverlap, false, D::automatic); }

BENCHMARK(BM_TribonacciCube)->Unit(benchmark::kSecond)->Iterations(1);
BENCHMARK(BM_TribonacciCubeBrzozowski)->Unit(benchmark::kSecond)->Iterations(1);
BENCHMARK(BM_TribonacciNoFourthPower)->Unit(benchmark::kSecond)->Iterations(1);
BENCHMARK(BM_FibonacciNoFourthPower)->Unit(benchmark::kMillisecond)->Iterations(3);
BENCHMARK(BM_ThueMorseOverlapFree)->Unit(benchmark::kMillisecond)->Iterations(3);

}  // namespace
