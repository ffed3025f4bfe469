#!/usr/bin/python3
"""Walnut against queengames prove, each pair back to back: Walnut's integration suite, its
heaviest cases one by one, and the heavier statements of issue 29 §4. Wall time, CPU time and peak
RSS from /usr/bin/time, medians of --runs runs; a markdown table for docs/PERFORMANCE.md.

    bench/walnut_vs_queengames.py --walnut CHECKOUT --walnut-build build/walnut \\
        --queengames build/queengames [--runs 3] [--heaviest 20] [--timeout 600] [--heap 6g] \\
        [--markdown build/walnut-bench.md]

CHECKOUT is a checkout of Walnut's repository, build/walnut its build by scripts/build-walnut.sh.
Rows:
- the suite: the set-up of IntegrationTest and its cases in one process each — Walnut through
  tests/walnut_conformance/WalnutDriver.java (each case dispatched as Walnut's own test does),
  queengames on the same commands as one file (the cases it accepts, when it cannot go on after a
  failure: the file the conformance runner leaves, with the refused lines commented out; then
  Walnut is timed on the same cases too);
- the heaviest cases by Walnut's own time (from a first run of the suite), each alone as a command
  file in a copy of the folders the suite leaves (so that what it uses is there);
- issue 29 §4's statements, each alone in a fresh copy of Walnut's folders.
A run past --timeout seconds is stopped and shown as such (and not repeated); Walnut runs with
-Xmx set by --heap.
"""

import argparse
import json
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

here = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(here, "..", "tests", "walnut_conformance"))
import run as conformance  # noqa: E402
import walnut_suite as ws  # noqa: E402

# Issue 29 §4: the heavier statements, as a Walnut user writes them (our own wording).
STATEMENTS = [
    ("Tribonacci word has a cube", 'eval tribcube "?msd_trib Ei,n n>=1 & At t<2*n => TR[i+t]=TR[i+n+t]";'),
    ("Tribonacci word has no fourth power", 'eval tribfour "?msd_trib Ei,n n>=1 & At t<3*n => TR[i+t]=TR[i+n+t]";'),
    ("Fibonacci word has no fourth power", 'eval fibfour "?msd_fib Ei,n n>=1 & At t<3*n => F[i+t]=F[i+n+t]";'),
    ("Fibonacci word has palindromes of every length", 'eval fibpal "?msd_fib An Ei At t<n => F[i+t]=F[i+n-1-t]";'),
    ("Tribonacci word has palindromes of every length",
     'eval tribpal "?msd_trib An Ei At t<n => TR[i+t]=TR[i+n-1-t]";'),
    ("base 10: addition is associative", 'eval assoc10 "?msd_10 Ax,y,z (x+y)+z=x+(y+z)";'),
    ("a big def: equal factors of the Tribonacci word",
     'def tribfactoreq "?msd_trib At t<n => TR[i+t]=TR[j+t]";'),
]


class Measure:
    def __init__(self, wall=None, cpu=None, rss_mb=None, status="ok", note=""):
        self.wall, self.cpu, self.rss_mb, self.status, self.note = wall, cpu, rss_mb, status, note
        self.answer = None


def timed(cmd, cwd, timeout, stdin=subprocess.DEVNULL, failures_allowed=False):
    """One run under /usr/bin/time: wall, user+system CPU, peak RSS; status ok, error, timeout."""
    with tempfile.NamedTemporaryFile("r", suffix=".time") as t:
        start = time.monotonic()
        try:
            p = subprocess.run(["/usr/bin/time", "-o", t.name, "-f", "%e %U %S %M"] + cmd, cwd=cwd, stdin=stdin,
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=timeout, text=True)
        except subprocess.TimeoutExpired:
            return Measure(time.monotonic() - start, status="timeout", note=f"stopped after {timeout:.0f} s")
        fields = t.read().split()
    if len(fields) < 4:
        return Measure(time.monotonic() - start, status="error", note=p.stderr.strip()[-200:])
    wall, user, system, rss = float(fields[-4]), float(fields[-3]), float(fields[-2]), int(fields[-1])
    m = Measure(wall, user + system, rss / 1024)
    text = p.stdout + p.stderr
    last = (p.stderr.strip().splitlines() or ["exit %d" % p.returncode])[-1][:200]
    if p.returncode != 0 and not (failures_allowed and re.search(r"\d+ commands? failed", last)):
        m.status, m.note = "error", last
    elif p.returncode != 0:
        m.note = last.replace("queengames: ", "")
    if "OutOfMemoryError" in text or "Java heap space" in text:
        m.status, m.note = "error", "out of memory (Java heap)"
    elif m.status == "ok" and "\n\t: " in "\n" + p.stderr:  # Walnut reports a failed command and goes on
        m.status, m.note = "error", p.stderr.strip().splitlines()[0][:200]
    m.answer = answer(text)
    return m


def answer(text):
    """The truth value a run printed: Walnut's "____ TRUE" or our "eval NAME: TRUE"."""
    found = re.findall(r"(?:^_+\n|^eval \w+: )(TRUE|FALSE)\b", text, re.M)
    return found[-1] if found else None


def median(runs):
    ok = [r for r in runs if r.status == "ok"]
    if not ok:
        return runs[0]
    m = Measure(statistics.median(r.wall for r in ok), statistics.median(r.cpu for r in ok),
                statistics.median(r.rss_mb for r in ok), "ok", ok[0].note)
    m.answer = ok[0].answer
    return m


def pair(walnut_cmd, queengames_cmd, walnut_cwd, queengames_cwd, runs, timeout, reset=None):
    """Each run: Walnut then queengames, back to back; a tool past the timeout is not rerun."""
    w, q = [], []
    for _ in range(runs):
        if not w or w[-1].status != "timeout":
            if reset:
                reset()
            w.append(timed(walnut_cmd, walnut_cwd, timeout))
        if not q or q[-1].status != "timeout":
            if reset:
                reset()
            q.append(timed(queengames_cmd, queengames_cwd, timeout))
    return median(w), median(q)


def cell(m):
    if m.status == "timeout":
        return f"> {m.wall:.0f} s (stopped)", "—", "—"
    if m.status == "error":
        return f"error: {m.note}", "—", "—"
    note = f" ({m.note})" if m.note else ""
    return f"{m.wall:.2f} s{note}", f"{m.cpu:.2f} s", f"{m.rss_mb:.0f} MB"


def ratio(w, q, attr):
    a, b = getattr(w, attr), getattr(q, attr)
    if w.status != "ok" or q.status != "ok" or not a or not b:
        return "—"
    return f"{b / a:.2f}"


def ratios(w, q):
    return ", ".join(ratio(w, q, a) for a in ("wall", "cpu", "rss_mb"))


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--walnut", required=True)
    ap.add_argument("--walnut-build", default="build/walnut")
    ap.add_argument("--queengames", default="build/queengames")
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--heaviest", type=int, default=20)
    ap.add_argument("--timeout", type=float, default=600)
    ap.add_argument("--heap", default="6g", help="Walnut's -Xmx (default 6g)")
    ap.add_argument("--work", default="build/walnut-bench", help="scratch directory")
    ap.add_argument("--markdown", help="write the table here (default: stdout)")
    ap.add_argument("--conformance", help="a report directory of tests/walnut_conformance/run.py for queengames "
                    "(which cases it accepts); default: run it now")
    ap.add_argument("--walnut-run", help="a report directory of tests/walnut_conformance/run.py for Walnut (its "
                    "per-case times and the folders it left); default: run the suite through Walnut now")
    ap.add_argument("--skip", default="", help="comma-separated parts to leave out: suite, heaviest, statements")
    args = ap.parse_args(argv)
    skip = set(filter(None, args.skip.split(",")))
    checkout = os.path.abspath(args.walnut)
    qg = os.path.abspath(args.queengames)
    classpath = open(os.path.join(args.walnut_build, "classpath")).read().strip()
    java = ["java", f"-Xmx{args.heap}", "-cp", classpath]
    work = os.path.abspath(args.work)
    os.makedirs(work, exist_ok=True)
    suite = ws.read_suite(checkout)
    caps = conformance.capabilities(qg)
    home_flag = "--walnut-home" if caps["--walnut-home"] else "--library"
    rows_suite, rows_cases, rows_statements = [], [], []
    load = os.getloadavg()
    started = time.strftime("%Y-%m-%d %H:%M")

    # Which cases queengames accepts: from a conformance report (--conformance) or a run now.
    if args.conformance:
        report = json.load(open(os.path.join(args.conformance, "report.json")))
        status = {r["case"]: r.get("outcome") for r in report["results"]}
    else:
        print("conformance run of queengames (to learn which cases it accepts) …", file=sys.stderr)
        outcomes, _, _ = conformance.run_queengames(
            suite, _fresh(checkout, suite, os.path.join(work, "conformance")), qg, args.timeout * 3,
            _mkdir(os.path.join(work, "logs")), checkout)
        status = {i: o.status for i, o in outcomes.items()}
    accepted = [c for c in suite.cases if c.terminated and status.get(c.index) in ("result", "none")]

    # A first Walnut run of the suite: its per-case times choose the heaviest, and the folders it
    # leaves serve the heaviest cases run alone.
    if args.walnut_run:
        first = os.path.join(os.path.abspath(args.walnut_run), "scratch")
        os.makedirs(os.path.join(work, "walnut-first"), exist_ok=True)
        times_file = os.path.join(first, "walnut-out", "times.tsv")
    else:
        print("Walnut on the suite (per-case times) …", file=sys.stderr)
        first = os.path.join(work, "walnut-first")
        _fresh(checkout, suite, first)
        records = _records(suite, suite.cases, os.path.join(first, "records.txt"))
        _mkdir(os.path.join(first, "walnut-out"))
        timed(java + ["Main.WalnutDriver", records, os.path.join(first, "walnut-out")], first, args.timeout * 3)
        times_file = os.path.join(first, "walnut-out", "times.tsv")
    times = {}
    for line in open(times_file):
        i, ms = line.split()
        times[int(i)] = int(ms)

    if "suite" not in skip:
        print("the suite, both tools …", file=sys.stderr)
        parts = [("the whole suite", [c for c in suite.cases if c.terminated], True)]
        if len(accepted) < len(parts[0][1]):
            parts.append((f"the {len(accepted)} cases queengames accepts", accepted, False))
        for label, cases, whole in parts:
            w_dir, q_dir = os.path.join(work, "suite-walnut"), os.path.join(work, "suite-queengames")
            w_runs, q_runs = [], []
            for _ in range(args.runs):
                _fresh(checkout, suite, w_dir)
                rec = _records(suite, cases, os.path.join(w_dir, "records.txt"))
                _mkdir(os.path.join(w_dir, "out"))
                w_runs.append(timed(java + ["Main.WalnutDriver", rec, os.path.join(w_dir, "out")], w_dir,
                                    args.timeout * 3))
                if whole and not caps["--keep-going"] and len(accepted) < len(cases):
                    q_runs.append(Measure(status="error", note="no --keep-going: stops at its first refusal"))
                    continue
                _fresh(checkout, suite, q_dir)
                path = os.path.join(q_dir, "bench_suite.txt")
                with open(path, "w", encoding="utf-8") as f:
                    for c in suite.setup:
                        f.write(c + "\n")
                    for c in cases:
                        f.write(c.command.replace("\n", " ") + "\n")
                cmd = [qg, "prove", path, home_flag, q_dir] + (["--keep-going"] if caps["--keep-going"] else [])
                q_runs.append(timed(cmd, q_dir, args.timeout * 3, failures_allowed=True))
            rows_suite.append((f"{label} ({len(cases)} cases and the set-up)", median(w_runs), median(q_runs)))

    if "heaviest" not in skip:
        heavy = sorted(times, key=lambda i: -times[i])[: args.heaviest]
        state = os.path.join(first)  # the folders after the whole suite
        for i in heavy:
            c = suite.cases[i]
            if not c.terminated:
                continue
            w_dir, q_dir = os.path.join(work, "case-walnut"), os.path.join(work, "case-queengames")
            for d in (w_dir, q_dir):
                if os.path.exists(d):
                    shutil.rmtree(d)
                shutil.copytree(state, d, ignore=shutil.ignore_patterns("walnut-out", "records.txt"))
                with open(os.path.join(d, "Command Files", "bench_case.txt"), "w") as f:
                    f.write(c.command + "\n")
            w, q = pair(java + ["Main.Prover", "bench_case.txt"],
                        [qg, "prove", os.path.join(q_dir, "Command Files", "bench_case.txt"), home_flag, q_dir],
                        w_dir, q_dir, args.runs, args.timeout)
            rows_cases.append((f"case {i}: `{c.command.strip()[:90]}`", times[i], w, q))

    if "statements" not in skip:
        for label, command in STATEMENTS:
            w_dir, q_dir = os.path.join(work, "stmt-walnut"), os.path.join(work, "stmt-queengames")
            for d in (w_dir, q_dir):
                _fresh(checkout, suite, d, files=False)
                with open(os.path.join(d, "Command Files", "bench_statement.txt"), "w") as f:
                    f.write(command + "\n")
            w, q = pair(java + ["Main.Prover", "bench_statement.txt"],
                        [qg, "prove", os.path.join(q_dir, "Command Files", "bench_statement.txt"), home_flag, q_dir],
                        w_dir, q_dir, args.runs, args.timeout)
            rows_statements.append((f"{label}: `{command}`", w, q))

    load_after = os.getloadavg()
    out = []
    out.append(f"`bench/walnut_vs_queengames.py --walnut CHECKOUT --runs {args.runs} --heaviest {args.heaviest} "
               f"--timeout {args.timeout:.0f} --heap {args.heap}` ({started}; Walnut "
               f"{open(os.path.join(args.walnut_build, 'commit')).read().strip()[:12]}, queengames with "
               f"{home_flag}{', --keep-going' if caps['--keep-going'] else ''}; load average "
               f"{load[0]:.1f} at the start, {load_after[0]:.1f} at the end, on 2 cores shared with other work). "
               f"Medians of {args.runs} runs, Walnut and queengames back to back; wall and CPU (user + system) "
               f"time and peak RSS from `/usr/bin/time`; ratio = queengames / Walnut.")
    out.append("")
    if rows_suite:
        out += ["| suite | Walnut wall | CPU | RSS | queengames wall | CPU | RSS | ratio wall, CPU, RSS |",
                "|---|---|---|---|---|---|---|---|"]
        for label, w, q in rows_suite:
            out.append(f"| {label} | {' | '.join(cell(w))} | {' | '.join(cell(q))} | {ratios(w, q)} |")
        out.append("")
    if rows_cases:
        out += [f"The {len(rows_cases)} heaviest cases by Walnut's own time inside the suite run, each alone "
                "(a JVM start included for Walnut):", "",
                "| case | Walnut in suite | Walnut wall | CPU | RSS | queengames wall | CPU | RSS | ratio wall, CPU, RSS |",
                "|---|---|---|---|---|---|---|---|---|"]
        for label, ms, w, q in rows_cases:
            label = label.replace("|", "\\|")
            out.append(f"| {label} | {ms / 1000:.2f} s | {' | '.join(cell(w))} | "
                       f"{' | '.join(cell(q))} | {ratios(w, q)} |")
        out.append("")
    if rows_statements:
        out += ["Issue 29 §4's heavier statements, each alone (answer: Walnut's / ours):", "",
                "| statement | answer | Walnut wall | CPU | RSS | queengames wall | CPU | RSS | ratio wall, CPU, RSS |",
                "|---|---|---|---|---|---|---|---|---|"]
        for label, w, q in rows_statements:
            label = label.replace("|", "\\|")
            out.append(f"| {label} | {w.answer or '—'} / {q.answer or '—'} | {' | '.join(cell(w))} | "
                       f"{' | '.join(cell(q))} | {ratios(w, q)} |")
    text = "\n".join(out) + "\n"
    if args.markdown:
        with open(args.markdown, "w") as f:
            f.write(text)
    else:
        sys.stdout.write(text)
    return 0


def _mkdir(d):
    os.makedirs(d, exist_ok=True)
    return d


def _fresh(checkout, suite, d, files=True):
    """A fresh copy of Walnut's folders (with the suite's set-up files when files)."""
    conformance.prepare(checkout, suite if files else ws.Suite([], [], []), d)
    return d


def _records(suite, cases, path):
    with open(path, "w", encoding="utf-8") as f:
        for c in suite.setup:
            f.write(f"S {len(c)}\n{c}\n")
        for c in cases:
            f.write(f"C {c.index} {len(c.command)}\n{c.command}\n")
    return path


if __name__ == "__main__":
    sys.exit(main())
