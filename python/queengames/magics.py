"""Walnut in notebook cells: `%load_ext queengames`, then `%%walnut` and `%dt`.

`%%walnut [--new] [--home DIR] [--session DIR] [--draw N]` runs the cell's Walnut commands in the
kernel's prover session (a qg.Session kept by the extension, so a `def` in one cell is `$name` in
the next) and shows each result as a row of a table — name, truth, counterexample, states, notes —
as HTML with a plain-text fallback, and each automaton with tracks and at most N states (30 by
default, 0: none) as a drawing when graphviz's `dot` is on the PATH. `--new` starts a fresh session;
`--home` and `--session` start one with those folders (as qg.Session(home=…, session=…)). A
malformed command is a UsageError "<cell>:LINE:COL: …" with the line and a caret, no traceback.
The cell's results are `_walnut` in the notebook's namespace (a list of qg.ProofResult).

`%dt NAME MORPHISM` adds the Dumont–Thomas numeration systems of a substitution to the session:
`%dt fibo a->ab,b->a` makes `?msd_fibo` (and `?lsd_fibo`) usable in the next cell.

Everything here is presentation: the answers are the library's (qg.Session).
"""

from __future__ import annotations

import argparse
import html
import importlib
import shlex
import shutil
import subprocess
import weakref
from dataclasses import dataclass
from typing import Any, NoReturn

from ._core import ProofResult, Session, WalnutError

CELL = "<cell>"  # the file name WalnutError gives for a place in the cell
DRAW_STATES = 30  # the largest automaton drawn unless --draw says otherwise
# Commands whose automaton is a word automaton (an output per state), not an acceptor.
WORD_COMMANDS = frozenset({"promote", "image", "combine"})
HEAD = ("name", "truth", "counterexample", "states", "notes")  # a result table's columns


def _usage_error(message: str) -> Exception:
    error: type[Exception] = importlib.import_module("IPython.core.error").UsageError
    return error(message)


def _display(obj: object) -> None:
    importlib.import_module("IPython.display").display(obj)


class _Options(argparse.ArgumentParser):
    """The magic line's options; a wrong one is a UsageError, not SystemExit."""

    def error(self, message: str) -> NoReturn:
        raise _usage_error(f"%%walnut: {message}")


def _parser() -> _Options:
    p = _Options(prog="%%walnut", add_help=False)
    p.add_argument("--new", action="store_true", help="start a fresh session")
    p.add_argument("--home", help="Walnut's folder for a new session (as qg.Session(home=…))")
    p.add_argument("--session", help="a results folder for a new session (as qg.Session(session=…))")
    p.add_argument("--draw", type=int, default=DRAW_STATES, help="draw automata of at most this many states")
    return p


def _svg(dot: str, dot_text: str) -> str | None:
    """The SVG drawing by graphviz's `dot` (its path), None when it fails."""
    try:
        run = subprocess.run([dot, "-Tsvg"], input=dot_text, capture_output=True, text=True, timeout=60)
    except (OSError, subprocess.TimeoutExpired):
        return None
    start = run.stdout.find("<svg")  # the element, without dot's XML prolog and doctype
    return run.stdout[start:] if run.returncode == 0 and start >= 0 else None


def _truth(r: ProofResult) -> str:
    return "" if r.truth is None else ("TRUE" if r.truth else "FALSE")


def _counterexample(r: ProofResult) -> str:
    return ", ".join(f"{k}={v}" for k, v in r.counterexample.items())


def _notes(r: ProofResult) -> list[str]:
    return [*r.lines, *r.notes]


@dataclass
class ResultTable:
    """A cell's results, one row each: shown as HTML in a notebook, as text elsewhere."""

    results: list[ProofResult]

    def rows(self) -> list[tuple[str, str, str, str, str]]:
        return [
            (f"{r.command} {r.name}", _truth(r), _counterexample(r), str(r.states), "\n".join(_notes(r)))
            for r in self.results
        ]

    def _repr_html_(self) -> str:
        head = "".join(f"<th>{h}</th>" for h in HEAD)
        body = []
        for row in self.rows():
            cells = [html.escape(c).replace("\n", "<br>") for c in row]
            body.append("<tr>" + "".join(f'<td style="text-align:left">{c}</td>' for c in cells) + "</tr>")
        return f'<table class="walnut"><thead><tr>{head}</tr></thead><tbody>{"".join(body)}</tbody></table>'

    def __repr__(self) -> str:
        rows = [tuple(HEAD), *((a, b, c, d, e.replace("\n", "; ")) for a, b, c, d, e in self.rows())]
        widths = [max(len(row[i]) for row in rows) for i in range(4)]
        return "\n".join(
            ("  ".join(cell.ljust(w) for cell, w in zip(row[:4], widths)) + "  " + row[4]).rstrip() for row in rows
        )


@dataclass
class Drawing:
    """An automaton's drawing: SVG from dot in a notebook, its name and size as text."""

    caption: str
    svg: str

    def _repr_svg_(self) -> str:
        return self.svg

    def __repr__(self) -> str:
        return self.caption


class WalnutExtension:
    """The magics of one IPython shell and the prover session they share."""

    def __init__(self, shell: Any) -> None:
        self.shell = shell
        self.session = Session()

    def walnut(self, line: str, cell: str) -> None:
        """%%walnut [--new] [--home DIR] [--session DIR] [--draw N]: runs the cell's Walnut commands."""
        try:
            words = shlex.split(line)
        except ValueError as e:  # an unclosed quote
            raise _usage_error(f"%%walnut: {e}") from None
        options = _parser().parse_args(words)
        if options.new or options.home is not None or options.session is not None:
            try:
                self.session = Session(home=options.home, session=options.session)
            except ValueError as e:
                raise _usage_error(f"%%walnut: {e}") from None
        try:
            results = self.session.run(cell, file=CELL)
        except WalnutError as e:
            raise _usage_error(_placed(e, cell)) from None
        except (ValueError, OverflowError) as e:
            raise _usage_error(str(e)) from None
        self.shell.user_ns["_walnut"] = results
        _display(ResultTable(results))
        dot = shutil.which("dot") if options.draw > 0 else None
        for r in results:
            a = r.automaton
            if dot is None or a is None or not a.variables or a.states > options.draw:
                continue
            svg = _svg(dot, a.graphviz(r.name, r.command in WORD_COMMANDS))
            if svg is not None:
                _display(Drawing(f"{r.name}: {a.states} states over ({', '.join(a.variables)})", svg))

    def dt(self, line: str) -> None:
        """%dt NAME MORPHISM: adds ?msd_NAME and ?lsd_NAME, the Dumont–Thomas numeration of MORPHISM."""
        parts = line.split(None, 1)
        if len(parts) != 2:
            raise _usage_error("%dt NAME MORPHISM, e.g. %dt fibo a->ab,b->a")
        name, morphism = parts[0], parts[1].strip().strip("\"'")
        try:
            self.session.define_system(name, morphism)
        except ValueError as e:
            raise _usage_error(f"%dt: {e}") from None
        print(f"msd_{name}, lsd_{name}: the Dumont–Thomas numeration of {morphism}")


def _placed(e: WalnutError, cell: str) -> str:
    """The error's text with its line of the cell and a caret under its column."""
    lines = cell.splitlines()
    if e.file != CELL or not 1 <= e.line <= len(lines):
        return str(e)
    source = lines[e.line - 1]
    return f"{e}\n    {source}\n    {' ' * (e.column - 1)}^"


_extensions: weakref.WeakKeyDictionary[Any, WalnutExtension] = weakref.WeakKeyDictionary()


def load_ipython_extension(shell: Any) -> None:
    """Registers %%walnut and %dt in the shell, with one session per shell (kept on reload)."""
    ext = _extensions.get(shell)
    if ext is None:
        ext = _extensions[shell] = WalnutExtension(shell)
    shell.register_magic_function(ext.walnut, magic_kind="cell", magic_name="walnut")
    shell.register_magic_function(ext.dt, magic_kind="line", magic_name="dt")
