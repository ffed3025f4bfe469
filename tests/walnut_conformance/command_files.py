#!/usr/bin/python3
"""The command files of Walnut's repository (`Command Files/*.txt`) through Walnut and through
`queengames prove`, each file in a fresh copy of the checkout's folders, and the results compared
command by command (issue 29 §4: "every file of Command Files/ giving the results Walnut gives").

    tests/walnut_conformance/command_files.py --walnut CHECKOUT --walnut-build build/walnut \\
        --queengames build/queengames [--timeout 600] [--heap 6g] [--out DIR]

Walnut runs a file as its users do (`java Main.Prover FILE`, the file in `Command Files/`); its
errors are the messages it prints before "\\t: COMMAND". queengames runs `prove FILE --walnut-home
COPY --keep-going --json`. For every command that names a result (eval, def, reg, promote, image
and the automaton commands) the two `Result/NAME.txt` are compared as relations
(walnut_automata.py), truth values as truth values; an error on one side only is a difference.
Writes OUT/report.md and OUT/report.json (default build/walnut-conformance/command-files/).
"""

import argparse
import json
import os
import re
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import run as conformance  # noqa: E402
import walnut_automata as wa  # noqa: E402
import walnut_suite as ws  # noqa: E402

NO_RESULT = {"macro", "morphism", "load", "test", "inf", "help", "ost", "exit", "quit", "cls", "clear", "draw"}


def walnut7_errors(log_path, commands):
    """Walnut 7+ prints a failed command's message on stdout without the command, and writes each
    command to Result/global_log.txt as ">>> COMMAND" followed by its log: a command failed when
    its log ends in a line other than its progress ("Total computation time: …", or nothing for
    reg and morphism): the exception's message (its stack trace's "at" lines left out). Commands are
    matched without white space, since Walnut joins a command's lines without a separator:
    {command: message}."""
    if not os.path.exists(log_path):
        return {}
    squeeze = {re.sub(r"\s+", "", c): c for c in commands}
    out = {}
    for block in open(log_path, encoding="utf-8", errors="replace").read().split("\n>>> "):
        lines = [line for line in block.removeprefix(">>> ").splitlines() if line.strip()]
        if len(lines) < 2 or lines[-1].startswith("Total computation time"):
            continue
        command = squeeze.get(re.sub(r"\s+", "", lines[0]))
        if command:
            trace = [line for line in lines[1:] if not line.startswith("\tat ")]
            out[command] = trace[-1]
    return out


def walnut_errors(stderr, commands):
    """Walnut prints a failed command's message (which may hold lines "\t: char at N"), then the
    line "\t: COMMAND": {command: message}."""
    out, message = {}, []
    for line in stderr.splitlines():
        if line.startswith("\t: ") and line[3:].strip() in commands:
            out[line[3:].strip()] = " ".join(message).strip()
            message = []
        elif not line.startswith("\tat ") and not re.match(r"(java\.|\s*\.\.\. \d+ more)", line):
            message.append(line.strip())
    return out


def run_file(args, name, work, suite_none):
    out = {"file": name, "commands": []}
    text = open(os.path.join(args.walnut, "Command Files", name), encoding="utf-8").read()
    commands = conformance.split_commands(text)
    dirs = {}
    for tool in ("walnut", "queengames"):
        d = os.path.join(work, tool)
        conformance.prepare(args.walnut, suite_none, d)
        dirs[tool] = d
    classpath = open(os.path.join(args.walnut_build, "classpath")).read().strip()
    runs = {}
    walnut = ["java", f"-Xmx{args.heap}", "-cp", classpath, "Main.Prover", name]
    if os.path.exists(os.path.join(args.walnut, "pom.xml")):  # Walnut 7+: results in the home, as before sessions
        walnut += ["--global-session", f"--home-dir={dirs['walnut']}/"]
    for tool, cmd in (("walnut", walnut),
                      ("queengames", [args.queengames, "prove", os.path.join(dirs["queengames"], "Command Files", name),
                                      "--walnut-home", dirs["queengames"], "--keep-going", "--json"])):
        start = time.monotonic()
        try:
            p = subprocess.run(cmd, cwd=dirs[tool], stdin=subprocess.DEVNULL, capture_output=True, text=True,
                               timeout=args.timeout)
            runs[tool] = (p, time.monotonic() - start, None)
        except subprocess.TimeoutExpired:
            runs[tool] = (None, time.monotonic() - start, f"stopped after {args.timeout:.0f} s")
    out["seconds"] = {tool: round(r[1], 2) for tool, r in runs.items()}
    out["stopped"] = {tool: r[2] for tool, r in runs.items() if r[2]}
    keys = {c.strip() for _, c in commands}
    if not runs["walnut"][0]:
        w_errors = {}
    elif os.path.exists(os.path.join(args.walnut, "pom.xml")):
        w_errors = walnut7_errors(os.path.join(dirs["walnut"], "Result", "global_log.txt"), keys)
    else:
        w_errors = walnut_errors(runs["walnut"][0].stderr, keys)
    if runs["walnut"][0] and "OutOfMemoryError" in runs["walnut"][0].stderr:
        out["stopped"]["walnut"] = "out of memory (Java heap)"
    q_errors, q_truth = {}, {}
    if runs["queengames"][0]:
        path = os.path.abspath(os.path.join(dirs["queengames"], "Command Files", name))
        for line in runs["queengames"][0].stderr.splitlines():
            m = conformance.ERROR_LINE.match(line)
            if m:
                q_errors[int(m.group(2))] = m.group(4)
        for o in conformance.parse_json_stream(runs["queengames"][0].stdout):
            if o.get("truth") is not None:
                q_truth[o.get("name")] = bool(o["truth"])
    systems = wa.NumberSystems(os.path.join(dirs["walnut"], "Custom Bases"))
    names = [conformance.command_name(c)[1] for _, c in commands]
    for k, (line, command) in enumerate(commands):
        verb, cname = conformance.command_name(command)
        row = {"line": line, "command": command.strip()}
        key = command.strip()
        w_err = w_errors.get(key)
        next_line = commands[k + 1][0] if k + 1 < len(commands) else float("inf")
        q_err = next((q_errors[n] for n in sorted(q_errors) if line <= n < next_line), None)
        if verb in NO_RESULT or not cname:
            row["verdict"] = "refuse" if q_err and not w_err else ("walnut refuses" if w_err and not q_err else "agree")
            row["detail"] = f"Walnut: {w_err or 'ok'}; ours: {q_err or 'ok'}"
        elif w_err or q_err:
            row["verdict"] = "agree" if w_err and q_err else ("refuse" if q_err else "walnut refuses")
            row["detail"] = f"Walnut: {w_err or 'ok'}; ours: {q_err or 'ok'}"
        elif runs["walnut"][2] or runs["queengames"][2]:
            row["verdict"], row["detail"] = "not compared", "a run was stopped"
        else:
            w_file = os.path.join(dirs["walnut"], "Result", cname + ".txt")
            q_file = os.path.join(dirs["queengames"], "Result", cname + ".txt")
            if names[k + 1:].count(cname):
                row["verdict"], row["detail"] = "not compared", "a later command of the file has the same name"
            elif not os.path.exists(w_file):
                row["verdict"], row["detail"] = "not compared", "Walnut wrote no result"
            else:
                try:
                    expected = wa.read(w_file, systems)
                    if cname in q_truth and expected.truth is not None:
                        actual = wa.Automaton(truth=q_truth[cname])
                    elif os.path.exists(q_file):
                        actual = wa.read(q_file, systems)
                    else:
                        actual = None
                    if actual is None:
                        row["verdict"], row["detail"] = "no result", "we wrote no Result file"
                    else:
                        v = wa.compare(actual, expected, systems)
                        row["verdict"] = "agree" if v.equal else "differ"
                        row["detail"] = v.describe()
                except wa.AutomatonError as e:
                    row["verdict"], row["detail"] = "not compared", str(e)
        out["commands"].append(row)
    return out


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--walnut", required=True)
    ap.add_argument("--walnut-build", default="build/walnut")
    ap.add_argument("--queengames", default="build/queengames")
    ap.add_argument("--timeout", type=float, default=600, help="seconds for one file in one tool (default 600)")
    ap.add_argument("--heap", default="6g")
    ap.add_argument("--out", default="build/walnut-conformance/command-files")
    ap.add_argument("--files", help="comma-separated file names (default: every file of Command Files/)")
    args = ap.parse_args(argv)
    args.walnut = os.path.abspath(args.walnut)
    args.queengames = os.path.abspath(args.queengames)
    out = os.path.abspath(args.out)
    os.makedirs(out, exist_ok=True)
    folder = os.path.join(args.walnut, "Command Files")
    files = args.files.split(",") if args.files else sorted(f for f in os.listdir(folder) if f.endswith(".txt"))
    empty = ws.Suite([], [], [])
    reports = []
    for f in files:
        print(f"{f} …", file=sys.stderr)
        reports.append(run_file(args, f, os.path.join(out, "scratch", f[:-4]), empty))
    counts = {}
    for r in reports:
        for c in r["commands"]:
            counts[c["verdict"]] = counts.get(c["verdict"], 0) + 1
    with open(os.path.join(out, "report.json"), "w", encoding="utf-8") as fh:
        json.dump({"counts": counts, "files": reports}, fh, indent=1, ensure_ascii=False)
    lines = ["# Walnut's Command Files through Walnut and queengames", "",
             "| file | commands | agree | differ | refuse | other | Walnut s | queengames s | stopped |",
             "|---|---|---|---|---|---|---|---|---|"]
    for r in reports:
        v = [c["verdict"] for c in r["commands"]]
        other = len(v) - v.count("agree") - v.count("differ") - v.count("refuse")
        stopped = "; ".join(f"{k}: {x}" for k, x in r["stopped"].items())
        lines.append(f"| {r['file']} | {len(v)} | {v.count('agree')} | {v.count('differ')} | {v.count('refuse')} | "
                     f"{other} | {r['seconds'].get('walnut')} | {r['seconds'].get('queengames')} | {stopped} |")
    lines += ["", "| file | line | verdict | command | detail |", "|---|---|---|---|---|"]
    for r in reports:
        for c in r["commands"]:
            if c["verdict"] != "agree":
                cmd = re.sub(r"\s+", " ", c["command"]).replace("|", "\\|")[:100]
                detail = (c["detail"] or "").replace("|", "\\|").replace("\n", " ")[:200]
                lines.append(f"| {r['file']} | {c['line']} | {c['verdict']} | `{cmd}` | {detail} |")
    with open(os.path.join(out, "report.md"), "w", encoding="utf-8") as fh:
        fh.write("\n".join(lines) + "\n")
    print("command files: " + ", ".join(f"{k} {n}" for k, n in sorted(counts.items())) + f"; report in {out}/report.md")
    return 0


if __name__ == "__main__":
    sys.exit(main())
