# The Python module's costs (docs/PERFORMANCE.md, "Python module"): per-call overhead of random
# access, per-term cost of the array calls, and the sweep into numpy against the C++ sweep alone
# (bench_twopile, alternating runs, medians). Run from the checkout after building
# queengames_core and bench_twopile:
#   PYTHONPATH=build/python /usr/bin/python3 bench/bench_python.py
import json
import statistics
import subprocess
import time
import timeit

import queengames as qg

g = qg.game("wythoff")
for stmt in ("g.nth(12345)", "g.nth(10**18)", "g.is_p(3, 5)", "qg.spiral.nth(10**6)", "qg.spiral.nth(2**100)"):
    t = min(timeit.repeat(stmt, globals=globals(), number=20000, repeat=7)) / 20000
    print(f"{stmt:30} {t * 1e6:6.2f} µs/call (best of 7 × 20000)")
for stmt, n in (("g.p_positions(10**7)", 10**7), ("qg.bfile('A000201', 10**7)", 10**7),
                ("qg.infty_queens(10**7)", 10**7), ("qg.word('tribonacci', 10**8)", 10**8)):
    t = min(timeit.repeat(stmt, globals=globals(), number=1, repeat=5))
    print(f"{stmt:30} {t * 1e9 / n:6.2f} ns/term (best of 5)")

cpp, py = [], []
for _ in range(15):
    out = subprocess.run(["build/bench/bench_twopile", "--benchmark_filter=Sweep/0/1000000/", "--benchmark_format=json"],
                         capture_output=True, text=True, check=True).stdout
    cpp.append([b for b in json.loads(out)["benchmarks"] if b["name"].endswith("_median")][0]["real_time"])
    start = time.perf_counter()
    g.p_positions(10**6)
    py.append((time.perf_counter() - start) * 1e3)
print(f"wythoff sweep of 10^6: C++ {statistics.median(cpp):.1f} ms, into numpy from Python "
      f"{statistics.median(py):.1f} ms (medians of 15 alternating runs): ratio {statistics.median(py) / statistics.median(cpp):.2f}")
