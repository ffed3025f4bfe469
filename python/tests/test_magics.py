# The notebook magics (queengames.magics): %%walnut runs a cell's Walnut commands in the kernel's
# session and shows a table of results; %dt adds a Dumont–Thomas numeration system. Run through
# IPython's InteractiveShell, as a notebook's kernel runs them.
import os
import stat

import pytest

IPython = pytest.importorskip("IPython")
from IPython.core.error import UsageError  # noqa: E402
from IPython.core.interactiveshell import InteractiveShell  # noqa: E402
from IPython.utils.capture import capture_output  # noqa: E402

import queengames as qg  # noqa: E402
from queengames import magics  # noqa: E402

# n's greedy representation has no two adjacent 1s: true of every n in Zeckendorf's system and in
# the Dumont–Thomas system of a->ab,b->a, false in base 2 (n = 3 is 11).
NO11 = 'reg has11 SYS "(0|1)*11(0|1)*":\neval no11 "?SYS An ~$has11(n)":'


@pytest.fixture
def shell():
    sh = InteractiveShell.instance()
    with capture_output():
        sh.run_line_magic("load_ext", "queengames")  # once: later ones say it is loaded
        sh.run_cell_magic("walnut", "--new", 'eval t "An n=n":')  # each test from a fresh session
    return sh


def run(shell, cell, line=""):
    """The cell's displays: [(text/plain, text/html or None)], and what it printed."""
    with capture_output() as out:
        shell.run_cell_magic("walnut", line, cell)
    return [(o.data["text/plain"], o.data.get("text/html")) for o in out.outputs]


def test_a_cell_shows_its_results_as_a_table(shell):
    shown = run(shell, 'eval cubes "?msd_fib Ei,n n>=1 & At t<2*n => F[i+t]=F[i+n+t]":\neval small "Ax x<5":')
    assert len(shown) == 1  # no drawing: no automaton with tracks
    text, page = shown[0]
    assert text.splitlines()[0].split() == ["name", "truth", "counterexample", "states", "notes"]
    assert text.splitlines()[1].split() == ["eval", "cubes", "TRUE", "1"]
    assert text.splitlines()[2].split() == ["eval", "small", "FALSE", "x=5", "1"]
    assert page.startswith('<table class="walnut">')
    assert page.count("<tr>") == 3
    assert "<td" in page and ">FALSE</td>" in page and ">x=5</td>" in page and ">TRUE</td>" in page
    results = shell.user_ns["_walnut"]
    assert [r.truth for r in results] == [True, False] and results[1].counterexample == {"x": 5}
    assert all(line == line.rstrip() for line in text.splitlines())


def test_notes_and_printed_lines_are_in_the_notes_column(shell):
    ((text, page),) = run(shell, 'def e "Ek n=2*k": # evens\ntest e 3:', "--draw 0")
    remark = "the rest of its line is a remark (as in Walnut): # evens"
    assert text.splitlines()[1].split(None, 3) == ["def", "e", "2", remark]
    assert text.splitlines()[2].split() == ["test", "e", "0", "0;", "2;", "4"]
    assert "<td style=\"text-align:left\">0<br>2<br>4</td>" in page
    assert "# evens</td>" in page


def test_the_session_persists_across_cells_and_new_resets_it(shell):
    run(shell, 'def even "Ek n=2*k":')
    (d,) = shell.user_ns["_walnut"]
    assert (d.command, d.name, d.variables) == ("def", "even", ["n"])
    run(shell, 'eval t "An $even(n) | $even(n+1)":')
    assert shell.user_ns["_walnut"][0].truth is True
    with pytest.raises(UsageError, match="even"):  # a fresh session has no $even
        run(shell, 'eval t "An $even(n) | $even(n+1)":', "--new")
    run(shell, 'eval t "An n=n":')  # the fresh session is the one kept
    assert shell.user_ns["_walnut"][0].truth is True


def test_dt_defines_a_dumont_thomas_system(shell):
    with capture_output() as out:
        shell.run_line_magic("dt", "fibo a->ab,b->a")
    assert out.stdout.startswith("msd_fibo, lsd_fibo:")
    run(shell, 'eval t "?msd_fibo An n=n":')
    assert shell.user_ns["_walnut"][0].truth is True
    truths = {}
    for system in ("msd_fibo", "msd_fib", "msd_2"):
        shown = run(shell, NO11.replace("SYS", system).replace("has11", f"has11_{system}"), "--draw 0")
        reg, no11 = shell.user_ns["_walnut"]
        truths[system] = (no11.truth, no11.counterexample)
        assert (">FALSE</td>" in shown[0][1]) == (not no11.truth)
    assert truths == {"msd_fibo": (True, {}), "msd_fib": (True, {}), "msd_2": (False, {"n": 3})}
    with pytest.raises(UsageError, match="%dt NAME MORPHISM"):
        shell.run_line_magic("dt", "fibo")
    with pytest.raises(UsageError, match="^%dt: the morphism erases 'a'"):
        shell.run_line_magic("dt", "bad a->")
    # Walnut kernel's spelling: the morphism in quotes, a space after a comma.
    with capture_output():
        shell.run_line_magic("dt", 'trib "a->ab, b->ac, c->a"')
    run(shell, 'eval t "?msd_trib An,x,y x+y=y+x":')
    assert shell.user_ns["_walnut"][0].truth is True


def test_a_malformed_command_is_its_place_without_a_traceback(shell):
    with pytest.raises(UsageError) as info:
        run(shell, 'def even "Ek n=2*k":\neval t "Ax x<":')
    assert str(info.value).splitlines() == [
        "<cell>:2:14: the statement ends where a term is expected",
        '    eval t "Ax x<":',
        "                 ^",
    ]
    # As a notebook runs it: the message, no traceback, and the cell failed.
    with capture_output() as out:
        result = shell.run_cell('%%walnut\neval t "Ax x<":')
    assert isinstance(result.error_in_exec, UsageError)
    assert "<cell>:1:14:" in out.stdout + out.stderr and "Traceback" not in out.stdout + out.stderr
    with pytest.raises(UsageError, match="unrecognized arguments: --fast"):
        run(shell, 'eval t "An n=n":', "--fast")
    with pytest.raises(UsageError, match="No closing quotation"):
        run(shell, 'eval t "An n=n":', '--home "unclosed')


def test_home_and_session_folders(shell, tmp_path):
    run(shell, 'def even "Ek n=2*k":', f"--session {tmp_path / 'out'}")
    written = (tmp_path / "out" / "Result" / "even.txt").read_text()
    assert written == shell.user_ns["_walnut"][0].automaton.walnut()
    run(shell, 'eval t "An $even(n) | $even(n+1)":')  # the new session is kept
    assert shell.user_ns["_walnut"][0].truth is True
    with pytest.raises(UsageError, match="no such folder"):
        run(shell, 'eval t "An n=n":', f"--home {tmp_path / 'missing'}")


def test_an_automaton_is_drawn_when_dot_is_there(shell, tmp_path, monkeypatch):
    # A stand-in for graphviz's dot: an XML prolog (left out of the drawing), then the DOT it reads
    # in an <svg> element.
    dot = tmp_path / "dot"
    dot.write_text("#!/bin/sh\necho '<?xml version=\"1.0\"?>'; echo '<svg>'; cat; echo '</svg>'\n")
    dot.chmod(dot.stat().st_mode | stat.S_IXUSR)
    monkeypatch.setenv("PATH", f"{tmp_path}{os.pathsep}{os.environ['PATH']}")
    with capture_output() as out:
        shell.run_cell_magic("walnut", "", 'def wa "?msd_fib $wytha(n,a)":\neval t "An n=n":')
    assert len(out.outputs) == 2  # the table, and the drawing of wa (t has no tracks)
    drawing = out.outputs[1].data
    assert drawing["text/plain"] == "wa: 8 states over (a, n)"
    a = shell.user_ns["_walnut"][0].automaton
    assert drawing["image/svg+xml"].strip() == "<svg>\n" + a.graphviz("wa") + "</svg>"
    with capture_output() as out:
        shell.run_cell_magic("walnut", "--draw 5", 'def wa2 "?msd_fib $wytha(n,a)":')
    assert len(out.outputs) == 1  # 8 states: more than --draw 5
