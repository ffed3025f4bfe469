#!/usr/bin/python3
"""Walnut's integration suite through `queengames prove` (or through Walnut itself), case by case.

    tests/walnut_conformance/run.py --walnut CHECKOUT --queengames build/queengames
    tests/walnut_conformance/run.py --walnut CHECKOUT --walnut-build build/walnut

CHECKOUT is a checkout of Walnut's public repository (fetched by the user: nothing of it is copied
into this project). The cases are read from its IntegrationTest.java (walnut_suite.py); they run in
a scratch copy of its folders (Automata Library/, Word Automata Library/, Custom Bases/, …) after
the set-up that IntegrationTest.initialize() performs, in order, since later cases use earlier
results. Each case is then compared with Walnut's expectation: a truth value; an automaton, as a
relation closed under padding (walnut_automata.py); an error, which must be an error; the .mpl
incidence matrices, as text. Walnut's detailed logs (`::`, details{i}.txt) describe its own steps
and are not compared.

Writes OUT/report.json and OUT/report.md: the verdict of every case (agree, differ, refuse: an
error where Walnut answers; missing: the feature or command is not there; blocked: an earlier case
or set-up command it uses failed; no result: it ran but left nothing to compare) and a summary by
the feature each failure needs, counting the cases it would unlock (its own and those blocked
behind it).

With --walnut-build (scripts/build-walnut.sh) the same cases run through Walnut, one JVM, each case
dispatched as IntegrationTest dispatches it (tests/walnut_conformance/WalnutDriver.java): this
checks the runner itself, which must find Walnut agreeing with its own expectations.
"""

import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import walnut_automata as wa  # noqa: E402
import walnut_suite as ws  # noqa: E402

FOLDERS = ["Automata Library", "Word Automata Library", "Custom Bases", "Macro Library", "Morphism Library",
           "Transducer Library", "Command Files"]

# Commands and the library their result goes to (Walnut's Prover): what a later case may use.
AUTOMATA, WORDS, MACROS, MORPHISMS = "$", "W", "#", "morphism"
DEFINES = {"def": AUTOMATA, "reg": AUTOMATA, "union": AUTOMATA, "intersect": AUTOMATA, "star": AUTOMATA,
           "concat": AUTOMATA, "rightquo": AUTOMATA, "leftquo": AUTOMATA, "fixleadzero": AUTOMATA,
           "fixtrailzero": AUTOMATA, "combine": WORDS, "promote": WORDS, "image": WORDS, "minimize": WORDS,
           "transduce": WORDS, "reverse": "either", "convert": "either", "split": "either", "rsplit": "either",
           "join": "either", "alphabet": "either", "macro": MACROS, "morphism": MORPHISMS}


class Outcome:
    """What one command produced: status 'result' (truth or automaton file), 'error' (message),
    'none' (ran, nothing to compare: note says why) or 'unknown' (never reported)."""

    def __init__(self, status="unknown", truth=None, automaton=None, error=None, mpl=None, seconds=None, note=None):
        self.status, self.truth, self.automaton, self.error = status, truth, automaton, error
        self.mpl, self.seconds, self.note = mpl, seconds, note


def split_commands(text):
    """Commands of a command file as Walnut's reader cuts them: lines are joined until one holds
    `;` or `:` (`::` kept), the rest of that line dropped. Returns (first line number, command)."""
    out, buffer, first = [], "", None
    for n, line in enumerate(text.splitlines(), 1):
        cut = [i for i in (line.find(";"), line.find(":")) if i >= 0]
        if first is None and line.strip():
            first = n
        if not cut:
            buffer += line
            continue
        i = min(cut)
        if i + 1 < len(line) and line[i + 1] == ":":
            i += 1
        out.append((first or n, buffer + line[: i + 1]))
        buffer, first = "", None
    return out


def command_name(command):
    m = re.match(ws.METACOMMANDS + r"(\w+)\s+\$?([A-Za-z]\w*)", command)
    return (m.group(1), m.group(2)) if m else (None, None)


def references(command):
    """Names a command uses: $f, #m, W[…], and the operands of the other commands."""
    verb, name = command_name(command)
    refs = set(re.findall(r"\$(\w+)", command)) | set(re.findall(r"#(\w+)", command))
    refs |= set(re.findall(r"\.?([A-Za-z]\w*)\s*\[", command))
    if verb and verb not in ("eval", "def", "reg", "macro", "morphism"):
        rest = command.split(None, 2)[2] if len(command.split(None, 2)) > 2 else ""
        refs |= set(re.findall(r"[A-Za-z]\w*", rest.split('"')[0]))
    if verb in ("promote", "image"):
        refs |= set(command.split()[2:3]) | set(re.findall(r"\w+", " ".join(command.split()[2:])))
    refs.discard(name)
    return refs


def prepare(checkout, suite, scratch):
    if os.path.exists(scratch):
        shutil.rmtree(scratch)
    os.makedirs(scratch)
    # The folders the suite runs in: the checkout's, or (8.0) its test home with the session's
    # files over it, as Walnut reads a session file before the home's.
    home = suite.home if suite is not None and suite.home else checkout
    for folder in FOLDERS:
        src = os.path.join(home, folder)
        if os.path.isdir(src):
            shutil.copytree(src, os.path.join(scratch, folder))
        else:
            os.makedirs(os.path.join(scratch, folder))
        over = os.path.join(suite.session, folder) if suite is not None and suite.session else None
        if over and os.path.isdir(over):
            shutil.copytree(over, os.path.join(scratch, folder), dirs_exist_ok=True)
    os.makedirs(os.path.join(scratch, "Result"))
    for folder, name, text in suite.files:
        with open(os.path.join(scratch, folder, name), "w", encoding="utf-8") as f:
            f.write(text)


# ---------------------------------------------------------------------------------------- Walnut


def run_walnut(suite, scratch, build, timeout, log):
    with open(os.path.join(build, "classpath")) as f:
        classpath = f.read().strip()
    records = os.path.join(scratch, "records.txt")
    outdir = os.path.join(scratch, "walnut-out")
    os.makedirs(outdir)
    with open(records, "w", encoding="utf-8") as f:
        for c in suite.setup:
            f.write(f"S {len(c)}\n{c}\n")
        for c in suite.cases:
            f.write(f"C {c.index} {len(c.command)}\n{c.command}\n")
    start = time.monotonic()
    with open(os.path.join(log, "walnut.stdout"), "w") as out, open(os.path.join(log, "walnut.stderr"), "w") as err:
        subprocess.run(["java", "-cp", classpath, "Main.WalnutDriver", records, outdir], cwd=scratch, stdout=out,
                       stderr=err, timeout=timeout, check=False)
    wall = time.monotonic() - start
    times = {}
    if os.path.exists(os.path.join(outdir, "times.tsv")):
        for line in open(os.path.join(outdir, "times.tsv")):
            i, ms = line.split()
            times[int(i)] = int(ms) / 1000
    outcomes = {}
    for c in suite.cases:
        stem = os.path.join(outdir, f"case{c.index}")
        o = Outcome(seconds=times.get(c.index))
        if os.path.exists(stem + ".error") or os.path.exists(stem + ".crash"):
            o.status = "error"
            o.error = open(stem + (".error" if os.path.exists(stem + ".error") else ".crash"), encoding="utf-8").read()
        elif c.index in times:
            o.status = "result" if os.path.exists(stem + ".txt") else "none"
            o.automaton = stem + ".txt" if os.path.exists(stem + ".txt") else None
            if o.status == "none":
                o.note = "Walnut returned no automaton"
        if os.path.exists(stem + ".mpl"):
            o.mpl = open(stem + ".mpl", encoding="utf-8").read()
        outcomes[c.index] = o
    setup_errors = {}
    for line in open(os.path.join(log, "walnut.stderr"), encoding="utf-8", errors="replace"):
        m = re.match(r"set-up command failed: (.*?): (.*)$", line.rstrip("\n"))
        if m:
            setup_errors[m.group(1)] = m.group(2)
    return outcomes, setup_errors, {"engine": "walnut", "wall_seconds": round(wall, 1)}


# ------------------------------------------------------------------------------------ queengames


def capabilities(binary):
    text = subprocess.run([binary, "prove", "--help"], capture_output=True, text=True).stdout
    return {flag: flag in text for flag in ("--walnut-home", "--keep-going", "--json", "--library")}


ERROR_LINE = re.compile(r"^queengames: (.*?):(\d+):(\d+): (.*)$")


def parse_json_stream(text):
    text = text.strip()
    if not text:
        return []
    try:
        value = json.loads(text)
        return value if isinstance(value, list) else [value]
    except json.JSONDecodeError:
        pass
    decoder, pos, out = json.JSONDecoder(), 0, []
    while pos < len(text):
        while pos < len(text) and text[pos].isspace():
            pos += 1
        if pos >= len(text):
            break
        value, pos = decoder.raw_decode(text, pos)
        out.extend(value if isinstance(value, list) else [value])
    return out


def run_queengames(suite, scratch, binary, timeout, log, checkout):
    caps = capabilities(binary)
    home = caps["--walnut-home"]
    # One command a line: set-up, then the cases. A case without its `;` or `:` (Walnut's
    # "Invalid command.") cannot share a file with the next one: it runs alone, with -e.
    lines = []  # (kind, index or set-up position, text)
    for k, c in enumerate(suite.setup):
        lines.append(("setup", k, c.replace("\n", " ")))
    for c in suite.cases:
        if c.terminated:
            lines.append(("case", c.index, c.command.replace("\n", " ")))
    base = [binary, "prove", "--json"] + (["--walnut-home", scratch] if home else ["--library", scratch])
    keep_going = caps["--keep-going"]
    if keep_going:
        base.append("--keep-going")
    path = os.path.join(scratch, "conformance.txt")
    errors = {}  # line number → message
    dropped = set()
    objects, wall, runs, stderr_tail = [], 0.0, 0, ""
    while True:
        with open(path, "w", encoding="utf-8") as f:
            for n, (kind, key, text) in enumerate(lines, 1):
                f.write(("// " if n in dropped else "") + text + "\n")
        start = time.monotonic()
        try:
            p = subprocess.run(base + [path], cwd=scratch, capture_output=True, text=True, timeout=timeout)
        except subprocess.TimeoutExpired:
            wall += time.monotonic() - start
            stderr_tail = f"timed out after {timeout} s"
            break
        wall += time.monotonic() - start
        runs += 1
        found = []
        for line in p.stderr.splitlines():
            m = ERROR_LINE.match(line)
            if m and os.path.abspath(m.group(1)) == path:
                found.append((int(m.group(2)), m.group(4)))
            elif m:  # an error inside a loaded file: charged to the command that loaded it
                found.append((None, f"{os.path.basename(m.group(1))}:{m.group(2)}: {m.group(4)}", m.group(1)))
        with open(os.path.join(log, "queengames.stderr"), "a", encoding="utf-8") as f:
            f.write(p.stderr)
        if p.returncode == 0 or keep_going:
            objects = parse_json_stream(p.stdout)
            for item in found:
                if item[0] is not None:
                    errors[item[0]] = item[1]
                else:
                    errors.setdefault(("file", item[2]), []).append(item[1])
            break
        line_errors = [f for f in found if f[0] is not None and f[0] not in dropped]
        if not line_errors:
            stderr_tail = p.stderr.strip()[-500:] or f"exit status {p.returncode} without a message"
            break
        n, message = line_errors[0]
        errors[n] = message
        dropped.add(n)
    # Outcomes of the file's commands, by line (errors) and by name in order (the JSON objects).
    outcomes, setup_errors = {}, {}
    for n, (kind, key, text) in enumerate(lines, 1):
        if n in errors:
            if kind == "case":
                outcomes[key] = Outcome("error", error=errors[n])
            else:
                setup_errors[text] = errors[n]
    for key, messages in errors.items():
        if isinstance(key, tuple):  # a loaded file's errors
            for kind, k, text in lines:
                if kind == "setup" and os.path.basename(key[1]) in text:
                    setup_errors[text] = "; ".join(messages)
    pointer = 0
    for n, (kind, key, text) in enumerate(lines, 1):
        if kind != "case" or n in errors:
            continue
        verb, name = command_name(text)
        for j in range(pointer, len(objects)):
            o = objects[j]
            if o.get("line") == n or (o.get("line") is None and o.get("name") == name and o.get("command", verb) == verb):
                pointer = j + 1
                out = Outcome("result", seconds=o.get("seconds"))
                if o.get("error"):
                    out = Outcome("error", error=o["error"])
                elif "truth" in o and o["truth"] is not None:
                    out.truth = bool(o["truth"])
                outcomes[key] = out
                break
    for c in suite.cases:
        o = outcomes.get(c.index)
        if o is None:
            if not c.terminated:
                continue
            outcomes[c.index] = Outcome("unknown", note=stderr_tail or "no report of this command")
            continue
        if o.status != "result":
            continue
        result = os.path.join(scratch, "Result", (c.name or "") + ".txt")
        if os.path.exists(result):
            o.automaton = result
        elif o.truth is None:
            o.status = "none"
            o.note = ("ran, but wrote no Result/NAME.txt" if home else
                      "ran, but the result is not written: this queengames has no --walnut-home")
        mpl = os.path.join(scratch, "Result", (c.name or "") + ".mpl")
        if os.path.exists(mpl):
            o.mpl = open(mpl, encoding="utf-8").read()
    # A case whose Result/NAME.txt a later case of the same name overwrites (Walnut's suite has
    # two test320): run again alone, in a copy of the folders, for its own file.
    if home:
        later = {}
        for c in reversed(suite.cases):
            o = outcomes.get(c.index)
            if c.name in later and o is not None and o.status == "result" and o.automaton:
                copy = os.path.join(log, f"alone-case{c.index}")
                if os.path.exists(copy):
                    shutil.rmtree(copy)
                shutil.copytree(scratch, copy)
                subprocess.run([binary, "prove", "-e", c.command, "--walnut-home", copy], cwd=copy,
                               capture_output=True, text=True, timeout=timeout)
                result = os.path.join(copy, "Result", c.name + ".txt")
                o.automaton = result if os.path.exists(result) else None
                if o.automaton is None:
                    o.status, o.note = "none", "run alone (a later case has its name), it wrote no result"
            later[c.name] = True
    # The unterminated cases, each alone.
    for c in suite.cases:
        if c.terminated:
            continue
        cmd = [binary, "prove", "-e", c.command] + base[3:]
        try:
            p = subprocess.run(cmd, cwd=scratch, capture_output=True, text=True, timeout=timeout)
            m = [ERROR_LINE.match(x) for x in p.stderr.splitlines()]
            m = [x for x in m if x]
            if p.returncode != 0:
                outcomes[c.index] = Outcome("error", error=m[0].group(4) if m else p.stderr.strip())
            else:
                outcomes[c.index] = Outcome("none", note="accepted a command without its ';' or ':'")
        except subprocess.TimeoutExpired:
            outcomes[c.index] = Outcome("unknown", note=f"timed out after {timeout} s")
    info = {"engine": "queengames", "wall_seconds": round(wall, 1), "invocations": runs,
            "capabilities": caps, "mode": ("--walnut-home" if home else "--library") +
            (" --keep-going" if keep_going else " (failing lines removed one by one and rerun)")}
    if stderr_tail:
        info["stopped"] = stderr_tail
    return outcomes, setup_errors, info


# ------------------------------------------------------------------------------------ comparison

# Our messages that name what is missing (or why we refuse), and the feature to build.
MESSAGES = [
    # Walnut's "Invalid command." for a command without its end: refused for Walnut's reason.
    (r"expected ':' or ';' at the end of the command", lambda m: "a command without its ':' or ';'", False),
    (r"unknown command '(\w+)'", lambda m: f"command `{m.group(1)}`", True),
    (r"eval needs a closed statement", lambda m: "`eval` with free variables (an automaton result)", True),
    (r"unknown number system '(msd|lsd)_neg_fib'", lambda m: "negaFibonacci (`msd_neg_fib`, `lsd_neg_fib`)", True),
    (r"unknown number system '(msd|lsd|\d+|[a-z]+)'",
     lambda m: "base shorthands in `reg` and files (`fib`, `lsd`, `2`)", True),
    (r"unknown number system '(\w+)'", lambda m: f"number system `{m.group(1)}`", True),
    (r"unexpected character '`'", lambda m: "reversal `` ` ``", True),
    (r"unexpected character '\.'", lambda m: "`.NAME[` (word names beginning with A, E, I)", True),
    (r"unexpected character '(.)'", lambda m: f"the character `{m.group(1)}` in statements", True),
    (r"a letter is (only )?compared with a letter|needs a constant (divisor|on one side)",
     lambda m: "word-automaton values in arithmetic and order", True),
    (r"occurs in the image of .* but has no rule of its own",
     lambda m: "`morphism`: a letter without a rule of its own", True),
    (r"a negative number needs a negative base", lambda m: "negative constants in natural bases (`_1`)", False),
    (r"an alphabet .* is supported|alphabet \{.*\}: the digits .* are supported",
     lambda m: "alphabets other than 0 … k−1 in `reg` and files (negative digits, gaps, unordered)", True),
    (r"term is read in two number systems \((msd_2|lsd_2|base 2) and",
     lambda m: "a word automaton or definition read in another number system than its own", False),
    (r"is read in two number systems",
     lambda m: "a variable met in two number systems (Walnut accepts systems with the same digits)", False),
    (r"no such option|unknown option|The following argument", lambda m: "a command-line option", True),
]

# Syntax our parser does not take, seen in the text of a case: names what a parse error is about,
# and lists the features a failing case needs besides the first one refused.
FEATURES = [
    (r"::\s*$", "`::` (detailed log)"),
    (r"^\s*(eval|def)\s+[A-Za-z]\w*(\s+\w+)+\s+\"", "`eval NAME VARS` (incidence matrices, .mpl)"),
    (r"`", "reversal `` ` ``"),
    (r"\]\s*\[", "word automata of several inputs `W[x][y]`"),
    (r"\.[A-Za-z]\w*\[", "`.NAME[` (word names beginning with A, E, I)"),
    (r"neg_fib", "negaFibonacci (`msd_neg_fib`, `lsd_neg_fib`)"),
    (r"[A-Za-z]\w*\[[^\]]*(<|>|=|\bE|\bA|&|\|)[^\]]*\]", "a formula as an index"),
    (r"\[[^\]]*\?\w+", "`?` inside an index"),
    (r"\$\w+\([^)]*\?\w+", "`?` inside arguments"),
    (r"\b_\w", "unary minus `_`"),
    (r"^\s*reg\b.*\{[^}]*-", "`reg` with negative digits"),
]
PARSE_ERROR = re.compile(r"expected|found|unexpected|unterminated|the statement ends")


def features_in(command):
    return [label for pattern, label in FEATURES if re.search(pattern, command)]


def feature_of(case_command, message):
    """(the feature a failure needs, whether our message says it is missing)."""
    for pattern, label, missing in MESSAGES:
        m = re.search(pattern, message or "")
        if m:
            return label(m), missing
    if message and PARSE_ERROR.search(message):
        found = features_in(case_command)
        if found:
            return found[0], True
        return "syntax: " + normalise(message), True
    verb = command_name(case_command)[0] or "?"
    return f"`{verb}`: " + normalise(message), False


DIFFER = [
    (r"is not Walnut's `(true|false)`", "Result/NAME.txt of a closed statement: Walnut writes `true`/`false`"),
    (r"^Walnut writes `(true|false)`; ours is", "free variables that fold away: Walnut writes `true`/`false`"),
    (r"mpl", "`.mpl` incidence matrices"),
    (r"^Walnut refuses", "accepted what Walnut refuses"),
    (r"^inputs differ", "wrong inputs (number systems or tracks)"),
    (r"^expected (TRUE|FALSE), got (TRUE|FALSE)", "WRONG TRUTH VALUE"),
    (r"^differ on", "WRONG AUTOMATON"),
    (r"not Walnut's format", "Result files Walnut cannot read"),
]


def differ_category(case, detail):
    for pattern, label in DIFFER:
        if re.search(pattern, detail or ""):
            return label
    return "differ: " + normalise(detail)


def normalise(message):
    """A message with its names and numbers taken out, to group failures."""
    m = re.sub(r"'[^']*'|\"[^\"]*\"|#\w+|\$\w+", "…", message or "")
    m = re.sub(r"\b(named|automaton|word automaton|macro|variables?:?)\s+[A-Za-z_]\w*", r"\1 …", m)
    return re.sub(r"\d+", "N", m).strip()


def maple_code(text):
    """A .mpl file without its comments and blank lines (the comments are each tool's own)."""
    lines = (line.split("#", 1)[0].strip() for line in text.splitlines())
    return "\n".join(line for line in lines if line)


# Walnut's error and ours that give the same reason in other words (Walnut's message first).
# The command name of "unknown command" must not be one of Walnut's (then our refusal would
# be a missing command, not Walnut's reason).
SAME_REASON = [
    (r"No such command exists", r"unknown command '(\w+)'"),
    (r"unbalanced parenthesis", r"unexpected '\)'|the statement ends where a formula is expected"),
]


def walnut_commands(checkout):
    """The command names of Walnut's Prover.java (RE_FOR_THE_LIST_OF_CMDS), or None."""
    for path in ("src/main/java/Main/Prover.java", "src/Main/Prover.java"):
        try:
            text = open(os.path.join(checkout, path), encoding="utf-8").read()
        except OSError:
            continue
        m = re.search(r'RE_FOR_THE_LIST_OF_CMDS\s*=\s*"\(([\w|]+)\)"', text)
        if m:
            return set(m.group(1).split("|"))
    return None


def same_reason(walnut_error, ours, commands):
    for theirs, mine in SAME_REASON:
        m = re.search(mine, ours or "")
        if re.search(theirs, walnut_error) and m:
            return not m.groups() or (commands is not None and m.group(1) not in commands)
    return False


def compare_case(case, o, systems):
    """(verdict, detail) for one case."""
    if case.expected_error is not None:
        expected = case.expected_error.strip()
        if o.status == "error":
            return "agree", f"an error, as expected ({expected!r}; ours: {o.error.strip()!r})"
        if o.status == "unknown":
            return "no result", o.note
        return "differ", f"Walnut refuses ({expected!r}), we did not"
    if o.status == "error":
        return "refuse", o.error.strip()
    if o.status in ("none", "unknown"):
        return "no result", o.note
    if case.expected_mpl is not None and maple_code(o.mpl or "") != maple_code(case.expected_mpl):
        return "differ", "the .mpl incidence matrices differ" if o.mpl else "no .mpl written"
    expected = wa.read(case.expected_automaton, systems)
    if expected.truth is not None and o.truth is not None:
        if o.truth != expected.truth:
            return "differ", f"expected {str(expected.truth).upper()}, got {str(o.truth).upper()}"
        if o.automaton:  # Walnut leaves `true` or `false` in Result/NAME.txt
            try:
                written = wa.read(o.automaton, systems).truth
            except wa.AutomatonError:
                written = None
            if written != expected.truth:
                return "differ", (f"{str(o.truth).upper()} as expected, but Result/{case.name}.txt is not "
                                  f"Walnut's `{str(expected.truth).lower()}`")
        return "agree", "equal"
    if o.automaton:
        try:
            actual = wa.read(o.automaton, systems)
        except wa.AutomatonError as e:
            return "differ", f"our Result file is not Walnut's format: {e}"
    elif o.truth is not None:
        actual = wa.Automaton(truth=o.truth)
    else:
        return "no result", "no automaton and no truth value"
    if expected.truth is not None and actual.truth is None:
        folded = wa.constant(actual, systems)
        if folded == expected.truth:
            return "differ", (f"Walnut writes `{str(folded).lower()}`; ours is the automaton of "
                              f"{'every' if folded else 'no'} tuple over {actual.tracks}")
    try:
        v = wa.compare(actual, expected, systems)
    except wa.AutomatonError as e:
        return "no result", f"not compared: {e}"
    if v.equal:
        return "agree", v.describe()
    return "differ", v.describe()


def analyse(suite, outcomes, setup_errors, checkout, systems):
    # Who defines each name: set-up commands (and the commands of the files they load), then cases.
    definers = []  # (position, name, label, failed root or None)
    position = 0
    commands = walnut_commands(checkout)
    for c in suite.setup:
        position += 1
        m = re.match(r"\s*load\s+(\S+?)\s*[;:]", c)
        failed = setup_errors.get(c)
        if failed:
            failed = feature_of(c, failed)[0]
        if m:
            path = os.path.join(suite.home or checkout, "Command Files", m.group(1))
            inner = split_commands(open(path, encoding="utf-8").read()) if os.path.exists(path) else []
            for _, cmd in inner:
                verb, name = command_name(cmd)
                if verb in DEFINES and name:
                    definers.append((position, name, f"set-up `{c.strip()}`", failed))
        else:
            verb, name = command_name(c)
            if verb in DEFINES and name:
                definers.append((position, name, f"set-up `{c.strip()}`", failed))
    results, roots = [], {}
    base = position + 1
    for c in suite.cases:
        o = outcomes.get(c.index, Outcome())
        verdict, detail = compare_case(c, o, systems)
        row = {"case": c.index, "command": c.command, "verdict": verdict, "detail": detail, "seconds": o.seconds,
               "outcome": o.status}
        if c.expected_error is not None:
            row["expected"] = "error"
        elif c.expected_automaton:
            row["expected"] = "automaton"
        if verdict == "agree" and c.expected_error is not None and o.status == "error":
            feature, missing = feature_of(c.command, o.error)
            # Refused, but because something is missing, not for Walnut's reason.
            if missing and not same_reason(c.expected_error, o.error, commands):
                row["verdict"], row["detail"] = "missing", f"{o.error.strip()} (Walnut: {c.expected_error.strip()!r})"
        if row["verdict"] not in ("agree",):
            # Blocked: a name it uses comes from a failed set-up command or case.
            refs = references(c.command)
            blocker = None
            for pos, name, label, failed in reversed(definers):
                if name in refs and failed:
                    blocker = (name, label, failed)
                    break
            message = o.error if o.status == "error" else row["detail"]
            feature, missing = feature_of(c.command, message if row["verdict"] != "differ" else "")
            if row["verdict"] == "refuse" and missing:
                row["verdict"] = "missing"
            if blocker and row["verdict"] in ("refuse", "missing", "no result"):
                row["verdict"] = "blocked"
                row["blocked_by"] = f"{blocker[0]} ({blocker[1]})"
                root = blocker[2]
            elif row["verdict"] == "differ":
                root = differ_category(c, row["detail"])
            elif row["verdict"] == "no result":
                root = "results not written: " + (row["detail"] or "?")
            else:
                root = feature
            row["category"] = root
            row["features"] = features_in(c.command)
        results.append(row)
        verb, name = command_name(c.command)
        if verb in DEFINES and name:
            failed = None
            if row["verdict"] not in ("agree",):
                failed = row.get("category")
            definers.append((base + c.index, name, f"case {c.index}", failed))
    return results


def summary(results):
    by = {}
    for r in results:
        if r["verdict"] == "agree":
            continue
        cat = r.get("category", "?")
        s = by.setdefault(cat, {"category": cat, "cases": 0, "direct": 0, "blocked": 0, "examples": []})
        s["cases"] += 1
        s["blocked" if r["verdict"] == "blocked" else "direct"] += 1
        if len(s["examples"]) < 3:
            s["examples"].append({"case": r["case"], "command": r["command"], "detail": r["detail"]})
    return sorted(by.values(), key=lambda s: (-s["cases"], s["category"]))


def features_summary(results):
    """How many failing cases need each feature of the statement syntax, whatever failed first."""
    count = {}
    for r in results:
        if r["verdict"] != "agree":
            for f in r.get("features", []):
                count[f] = count.get(f, 0) + 1
    return sorted(({"feature": f, "cases": n} for f, n in count.items()), key=lambda x: (-x["cases"], x["feature"]))


def markdown(report):
    counts = report["counts"]
    out = [f"# Walnut's integration suite through {report['engine']['engine']}", ""]
    out.append(f"Walnut checkout: {report['walnut_checkout']} ({report['walnut_commit']}); "
               f"{report['cases']} cases; run {report['date']}.")
    out.append("")
    out.append("| verdict | cases |")
    out.append("|---|---|")
    for k in ("agree", "differ", "refuse", "missing", "blocked", "no result"):
        out.append(f"| {k} | {counts.get(k, 0)} |")
    out.append("")
    e = report["engine"]
    out.append("Run: " + ", ".join(f"{k} {v}" for k, v in e.items() if k != "capabilities") + ".")
    if report["setup_errors"]:
        out += ["", "## Set-up commands that failed", ""]
        for cmd, msg in report["setup_errors"].items():
            out.append(f"- `{cmd}`: {msg}")
    out += ["", "## Failures by the feature they need (cases it would unlock: its own + blocked behind it)", "",
            "| feature | cases | own | blocked | example |", "|---|---|---|---|---|"]
    for s in report["summary"]:
        ex = s["examples"][0]
        detail = (ex["detail"] or "").replace("|", "\\|")[:160]
        command = ex["command"].replace("|", "\\|")[:100]
        out.append(f"| {s['category']} | {s['cases']} | {s['direct']} | {s['blocked']} | {ex['case']}: `{command}` — {detail} |")
    if report.get("features"):
        out += ["", "## Syntax seen in the failing cases (each may fail first on something else)", "",
                "| syntax | failing cases using it |", "|---|---|"]
        for f in report["features"]:
            out.append(f"| {f['feature']} | {f['cases']} |")
    out += ["", "## Every case", "", "| case | verdict | command | detail |", "|---|---|---|---|"]
    for r in report["results"]:
        detail = (r["detail"] or "").replace("|", "\\|").replace("\n", " ")[:200]
        command = r["command"].replace("|", "\\|")[:120]
        extra = f" (blocked by {r['blocked_by']})" if r.get("blocked_by") else ""
        out.append(f"| {r['case']} | {r['verdict']} | `{command}` | {detail}{extra} |")
    return "\n".join(out) + "\n"


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--walnut", required=True, help="a checkout of Walnut's repository")
    engine = ap.add_mutually_exclusive_group(required=True)
    engine.add_argument("--queengames", help="the queengames binary")
    engine.add_argument("--walnut-build", help="Walnut built by scripts/build-walnut.sh (its OUT_DIR)")
    ap.add_argument("--out", help="report directory (default build/walnut-conformance/ENGINE)")
    ap.add_argument("--timeout", type=float, default=3600, help="seconds for one run of the tool (default 3600)")
    ap.add_argument("--reanalyse", action="store_true",
                    help="compare again what the last run in OUT produced (OUT/outcomes.json), without running")
    ap.add_argument("--tree-folders", action="store_true",
                    help="run in the checkout's top-level library folders (as a user of that tree would), "
                         "not in the test home its suite uses (8.0: src/test/resources/integrationTests/Global)")
    args = ap.parse_args(argv)
    checkout = os.path.abspath(args.walnut)
    if not os.path.isfile(os.path.join(checkout, ws.TEST_SOURCE)):
        print(f"queengames: {checkout} has no {ws.TEST_SOURCE}: not a Walnut checkout", file=sys.stderr)
        return 2
    name = "queengames" if args.queengames else "walnut"
    out = os.path.abspath(args.out or os.path.join("build", "walnut-conformance", name))
    os.makedirs(out, exist_ok=True)
    scratch = os.path.join(out, "scratch")
    suite = ws.read_suite(checkout)
    if args.tree_folders:
        suite.home, suite.session = None, None
    saved = os.path.join(out, "outcomes.json")
    if args.reanalyse:
        with open(saved, encoding="utf-8") as f:
            data = json.load(f)
        outcomes = {int(k): Outcome(**v) for k, v in data["outcomes"].items()}
        setup_errors, info = data["setup_errors"], data["info"]
    else:
        prepare(checkout, suite, scratch)
        for f in ("walnut.stdout", "walnut.stderr", "queengames.stderr"):
            if os.path.exists(os.path.join(out, f)):
                os.remove(os.path.join(out, f))
        if args.queengames:
            outcomes, setup_errors, info = run_queengames(suite, scratch, os.path.abspath(args.queengames),
                                                           args.timeout, out, checkout)
        else:
            outcomes, setup_errors, info = run_walnut(suite, scratch, os.path.abspath(args.walnut_build),
                                                      args.timeout, out)
        with open(saved, "w", encoding="utf-8") as f:
            json.dump({"outcomes": {k: vars(o) for k, o in outcomes.items()}, "setup_errors": setup_errors,
                       "info": info}, f, indent=1)
    systems = wa.NumberSystems(os.path.join(scratch, "Custom Bases"))
    results = analyse(suite, outcomes, setup_errors, checkout, systems)
    counts = {}
    for r in results:
        counts[r["verdict"]] = counts.get(r["verdict"], 0) + 1
    commit = "unknown"
    if os.path.exists(os.path.join(checkout, ".git")) or os.path.isdir(os.path.join(checkout, "objects")):
        p = subprocess.run(["git", "-C", checkout, "rev-parse", "HEAD"], capture_output=True, text=True)
        commit = p.stdout.strip() or commit
    report = {"engine": info, "walnut_checkout": checkout, "walnut_commit": commit, "cases": len(suite.cases),
              "date": time.strftime("%Y-%m-%d %H:%M"), "counts": counts, "setup_errors": setup_errors,
              "summary": summary(results), "features": features_summary(results), "results": results}
    with open(os.path.join(out, "report.json"), "w", encoding="utf-8") as f:
        json.dump(report, f, indent=1, ensure_ascii=False)
    with open(os.path.join(out, "report.md"), "w", encoding="utf-8") as f:
        f.write(markdown(report))
    print(f"{name}: " + ", ".join(f"{k} {counts.get(k, 0)}" for k in
                                  ("agree", "differ", "refuse", "missing", "blocked", "no result")) +
          f" of {len(suite.cases)} cases ({info['wall_seconds']} s); report in {out}/report.md")
    return 0


if __name__ == "__main__":
    sys.exit(main())
