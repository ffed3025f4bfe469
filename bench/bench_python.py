# The Python module's costs (docs/PERFORMANCE.md, "Python module"), run by hand from the checkout
# after building queengames_core, bench_twopile, bench_boards and bench_spiral:
#   PYTHONPATH=build/python /usr/bin/python3 bench/bench_python.py [--rounds 6]
#
# 1. Arrays into numpy against the C++ call's own time, in the same run: rounds alternating
#    Google Benchmark processes (the C++ call) and the same call from Python; medians of the wall
#    and of the user and system CPU time (getrusage of the C++ process and of the Python call,
#    both counting every thread: system time is mostly the kernel zeroing the array's fresh
#    pages, which varies with the machine's memory pressure) and their ratios:
#      10^8 Wythoff P-positions: bench_twopile SweepIntoArray (into memory allocated as numpy
#        allocates it) and Sweep (the sweep alone, its sink summing) against p_positions(10**8);
#      the 4096² Wythoff Grundy table: bench_boards BM_WythoffFast/4096/2 against grundy(4096, 4096).
# 2. 10^6 random-access queries from Python, per call, against the C++ call alone (the same
#    Google Benchmarks): the difference is the per-call overhead of the binding and the interpreter.
import argparse
import json
import os
import resource
import statistics
import subprocess
import time

import queengames as qg

BENCH = os.path.join("build", "bench")


def google_benchmark(binary, name_filter):
    """Runs one Google Benchmark; (wall, user, system) seconds per iteration, every thread's CPU."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    out = subprocess.run([os.path.join(BENCH, binary), f"--benchmark_filter={name_filter}", "--benchmark_format=json"],
                         capture_output=True, text=True, check=True).stdout
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    results = json.loads(out)["benchmarks"]
    runs = [b for b in results if b.get("run_type") == "iteration"]
    if runs:
        iterations = sum(b["iterations"] for b in runs)
    else:  # repetitions of one iteration each, reported as aggregates only (bench_twopile's Sweep)
        runs = [b for b in results if b.get("aggregate_name") == "median"]
        iterations = runs[0]["repetitions"]
    assert runs, out
    scale = {"ns": 1e-9, "us": 1e-6, "ms": 1e-3, "s": 1.0}[runs[0]["time_unit"]]
    wall = statistics.median(b["real_time"] * scale for b in runs)
    return wall, (after.ru_utime - before.ru_utime) / iterations, (after.ru_stime - before.ru_stime) / iterations


def python_call(call):
    before, wall = resource.getrusage(resource.RUSAGE_SELF), time.perf_counter()
    result = call()
    wall, after = time.perf_counter() - wall, resource.getrusage(resource.RUSAGE_SELF)
    del result
    return wall, after.ru_utime - before.ru_utime, after.ru_stime - before.ru_stime


def compare(label, rounds, cxx, py):
    # The order rotates from round to round: a run that follows the exit of a process that
    # freed a large array finds free huge pages, one that follows other work on a busy machine
    # may wait for the kernel to compact memory (seconds of system time for 1.6 GB).
    names = [*cxx, "python"]
    runs = {name: [] for name in names}
    for r in range(rounds):
        for name in names[r % len(names):] + names[: r % len(names)]:
            runs[name].append(python_call(py) if name == "python" else google_benchmark(*cxx[name]))
    med = {name: [statistics.median(x[i] for x in r) for i in range(3)] for name, r in runs.items()}
    print(f"{label} (medians of {rounds} alternating rounds; user and system CPU of every thread)")
    pw, pu, ps = med["python"]
    print(f"  {'from Python into numpy':44} wall {pw:6.2f} s  user {pu:6.2f} s  system {ps:5.2f} s")
    for name in cxx:
        w, u, s = med[name]
        print(f"  {name:44} wall {w:6.2f} s  user {u:6.2f} s  system {s:5.2f} s"
              f"   Python/C++: wall {pw / w:.2f}, user {pu / u:.2f}, user+system {(pu + ps) / (u + s):.2f}")


def per_call(label, stmt_fn, args, cxx_binary, cxx_filter):
    start = time.perf_counter()
    for n in args:
        stmt_fn(n)
    py = (time.perf_counter() - start) / len(args)
    cxx = google_benchmark(cxx_binary, cxx_filter)[0]  # Google Benchmark's own iterations: wall per call
    print(f"  {label:34} {py * 1e6:6.2f} µs from Python, {cxx * 1e6:6.2f} µs in C++: overhead {(py - cxx) * 1e6:5.2f} µs")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--rounds", type=int, default=6)
    rounds = parser.parse_args().rounds
    print(f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")
    g = qg.game("wythoff")
    compare("10^8 Wythoff P-positions", rounds,
            {"bench_twopile SweepIntoArray/0/100000000": ("bench_twopile", "SweepIntoArray/0/100000000"),
             "bench_twopile Sweep/0/100000000 (no array)": ("bench_twopile", "^Sweep/0/100000000")},
            lambda: g.p_positions(10**8))
    compare("4096² Wythoff Grundy table (2 threads)", rounds,
            {"bench_boards BM_WythoffFast/4096/2": ("bench_boards", "BM_WythoffFast/4096/2")},
            lambda: g.grundy(4096, 4096, threads=2))

    queries = 10**6
    print(f"{queries} random-access queries from Python, per call:")
    per_call("game('wythoff').nth(n), n ≈ 10^18", g.nth, range(10**18, 10**18 + queries), "bench_twopile",
             "MorphicNth/0")
    per_call("spiral.xymp(n), n ≈ 10^18", qg.spiral.xymp, range(10**18, 10**18 + queries), "bench_spiral",
             "BM_xymp_1e18")
    per_call("spiral.nth(n), n ≈ 2^100", qg.spiral.nth, range(2**100, 2**100 + queries), "bench_spiral",
             "BM_queen_2e100")


if __name__ == "__main__":
    main()
