# The prover from Python (seed 001 §5–6): Walnut statements, their truth, counterexamples and
# errors, against the CLI's `prove --json`.
import json
import pathlib

import pytest

import queengames as qg

SEED001 = pathlib.Path(__file__).resolve().parents[2] / "data" / "proofs" / "empress"

# The Fibonacci word has cubes (its critical exponent is 2 + φ) but no fourth powers.
CUBES = 'eval cubes "?msd_fib Ei,n n>=1 & At t<2*n => F[i+t]=F[i+n+t]":'
FOURTH = 'eval fourth "?msd_fib Ei,n n>=1 & At t<3*n => F[i+t]=F[i+n+t]":'


def test_truth_and_the_cli(cli):
    text = CUBES + "\n" + FOURTH + '\neval small "Ax x<5":'
    results = qg.prove(text)
    assert [r.truth for r in results] == [True, False, False]
    assert bool(results[0]) and not results[1]
    assert results[2].counterexample == {"x": 5}  # the smallest x with x < 5 false
    expected = json.loads(cli("prove", "-e", text, "--json").stdout)
    for r, e in zip(results, expected):
        assert (r.command, r.name, r.truth, r.states, r.largest) == (e["command"], e["name"], e["truth"], e["states"], e["largest"])
        assert r.counterexample == {k: int(v) for k, v in e.get("counterexample", {}).items()}
        assert r.seconds >= 0


def test_a_session_keeps_its_definitions():
    s = qg.Session()
    (d,) = s.run('def even "Ek n=2*k":')
    assert d.command == "def" and d.variables == ["n"] and d.truth is None and d.states > 0
    assert s.run('eval t "An $even(n) | $even(n+1)":')[0].truth is True
    s.define_system("queen21", "a->aab,b->aa")
    assert s.run('eval u "?msd_queen21 Ax,y x+y=y+x":')[0].truth is True


def test_errors_carry_the_provers_file_line_col(cli):
    bad = 'eval t "Ax x<":'
    message = cli("prove", "-e", bad, check=False).stderr.removeprefix("queengames: ").strip()
    assert message.startswith("-e:1:")
    with pytest.raises(qg.WalnutError) as info:
        qg.prove(bad, file="-e")
    assert str(info.value) == message
    assert isinstance(info.value, ValueError)
    e = info.value
    assert (e.file, e.line, e.column) == ("-e", 1, 14)
    assert message == f"-e:1:14: {e.message}"
    # The place of a command on a later line, in a session's run.
    with pytest.raises(qg.WalnutError) as info:
        qg.Session().run('def even "Ek n=2*k":\n\neval t "An $even(n) | $odd(n)":', file="cell")
    assert (info.value.file, info.value.line) == ("cell", 3)
    assert str(info.value).startswith(f"cell:3:{info.value.column}: ")
    with pytest.raises(ValueError, match="unknown strategy"):
        qg.Session(strategy="fast")


def test_a_claims_proof_runs():
    with_proof = [c for c in qg.claims() if c["proof"]]
    if not with_proof:
        pytest.skip("no claim carries a proof yet")
    c = with_proof[0]
    assert all(r.truth is not False for r in qg.prove(c["proof"]))


def test_synthesize_is_the_clis(cli):
    # The (2,1)-Queen's a_n (seed 001 Table 4): learned, certified by its kernel, and the same
    # Walnut file as `prove --synthesize` writes and as the library ships.
    r = qg.synthesize("queen2_1a")
    assert (r["name"], r["system"], r["states"], r["certified"]) == ("queen2_1a", "msd_queen2_1", 23, True)
    assert r["certification"][-1].name == "queen2_1a_queen2_1b_kernel" and r["certification"][-1].truth
    assert r["automaton"] == cli("prove", "--synthesize", "queen2_1a").stdout
    with pytest.raises(ValueError, match="kqueenK needs 2 ≤ K ≤ 8"):
        qg.synthesize("kqueen9a")
    with pytest.raises(ValueError, match="no synthesizable sequence"):
        qg.synthesize("A000045")


def test_seed_proofs_are_the_clis(cli, tmp_path):
    # Seed 001's Walnut files (the paper's proofs of eq. (1), Theorems 5 and 6; the C++ test
    # tests/test_cli_synth.cpp holds their claims), command by command as the CLI's prove runs
    # them: the same answers, and the same automata, written to a session folder by each.
    for name in ["fokkink", "theorem6", "wythoff", "theorem5"]:
        path = SEED001 / f"{name}.txt"
        expected = json.loads(cli("prove", path, "--json", "--session", tmp_path / f"{name}-cli").stdout)
        results = qg.prove(path.read_text(), session=tmp_path / f"{name}-py")
        assert [(r.command, r.name, r.truth, r.states, r.largest) for r in results] == [
            (e["command"], e["name"], e.get("truth"), e["states"], e["largest"]) for e in expected
        ], name
        assert all(r.truth is not False for r in results), name  # "Walnut returns TRUE"
        for r, e in zip(results, expected):
            assert r.notes == e.get("notes", []) and r.lines == e.get("lines", [])
            assert r.automaton is not None and r.automaton.states == r.states
            written = (tmp_path / f"{name}-cli" / "Result" / f"{r.name}.txt").read_text()
            assert (tmp_path / f"{name}-py" / "Result" / f"{r.name}.txt").read_text() == written
            if r.truth is None:  # a def: its automaton over its free variables, as Walnut's file
                assert r.automaton.variables == r.variables == e["variables"]
                assert r.automaton.walnut() == written
    # theorem6's uaut is the 2-Queen Dee's a_n (A(n) - E(A(n)) in Tribonacci): (0, 0) first.
    uaut = qg.prove((SEED001 / "theorem6.txt").read_text())[0]
    assert uaut.name == "uaut" and uaut.automaton is not None
    assert uaut.automaton.systems == ["msd_trib", "msd_trib"] and uaut.automaton.first() == (0, 0)


def test_an_automaton_as_python_values():
    # Wythoff's a_n = floor(n phi) (A000201) as the shipped wytha, in msd_fib.
    (d,) = qg.prove('def wa "?msd_fib $wytha(n,a)":')
    a = d.automaton
    assert a is not None and a.variables == ["a", "n"] and a.systems == ["msd_fib", "msd_fib"]
    lower = qg.bfile("A000201", 40)
    for n in range(1, 41):
        x = int(lower[n - 1])
        assert a.accepts(x, n) and not a.accepts(x + 1, n) and a.output(x, n) == 1
    assert a.first() == (0, 0)
    # The table read by hand: the Zeckendorf digits of (a, n), padded alike, letter by letter.
    assert a.transitions.shape == (a.states, len(a.alphabet)) and a.outputs.shape == (a.states,)
    x, n = int(lower[29]), 30
    da, dn = qg.numeration.representation("zeckendorf", x), qg.numeration.representation("zeckendorf", n)
    width = max(len(da), len(dn))
    q = a.initial
    for pair in zip(da.rjust(width, "0"), dn.rjust(width, "0")):
        q = int(a.transitions[q, a.alphabet.index((int(pair[0]), int(pair[1])))])
    assert a.outputs[q] == 1
    # Walnut's file: its first line names the tracks' systems; read back, the same automaton.
    text = a.walnut()
    assert text.splitlines()[0] == "msd_fib msd_fib"
    s = qg.Session()
    s.run('def wa "?msd_fib $wytha(n,a)":')
    assert s.run('eval same "?msd_fib An,a $wa(a,n) <=> $wytha(n,a)":')[0].truth is True
    with pytest.raises(ValueError, match="1 value for 2 tracks"):
        a.accepts(3)
    assert a.accepts(lower[4], 5)  # numpy integers are ints: a_5 = 8
    with pytest.raises(TypeError, match="expected an int, got float"):
        a.accepts(8.0, 5)
    with pytest.raises(OverflowError, match="does not fit in 64 bits"):
        a.accepts(2**70, 5)
    # A word automaton's outputs are its letters: Thue–Morse (T, msd_2) at 0 … 7 is 01101001.
    (t,) = qg.prove('def tm "T[n]=@1":')
    assert [int(t.automaton.accepts(n)) for n in range(8)] == [0, 1, 1, 0, 1, 0, 0, 1]
    assert qg.prove('eval t "Ax x<5":')[0].automaton.first() is None


def test_an_automaton_as_data():
    # The P-positions of Wythoff Nim (seed 001 §1): wytha's accepted tuples (a, n), a = a_n, are
    # those whose numbers fit in 8 Zeckendorf digits (0 … 54), each once: n = 0 … 33 (a_33 = 53,
    # a_34 = 55).
    a = qg.prove('def wa "?msd_fib $wytha(n,a)":')[0].automaton
    assert a.variables == ["a", "n"]
    tuples = list(a.tuples(8))
    assert len(tuples) == len(set(tuples)) == 34
    p = qg.game("wythoff").p_positions(34)
    assert sorted((n, a_n) for a_n, n in tuples) == [(n, int(p[n][0])) for n in range(34)]
    assert (0, 0) == tuples[0] == a.first()
    # The forms of Walnut's export: GraphViz without the rejecting sink, a regular expression
    # that reg reads back, BA.
    dot = a.graphviz("wa")
    assert dot.startswith('digraph "wa" {') and f"start -> {a.initial};" in dot
    re = a.regex()
    assert re is not None
    same = qg.prove(f'reg wb msd_fib msd_fib "{re}":\neval same "?msd_fib An,m $wytha(n,m) <=> $wb(m,n)":')
    assert same[-1].truth is True
    assert a.ba().startswith(f"[{a.initial}]\n")
    assert qg.prove('def none "?msd_2 n<n":')[0].automaton.regex() is None
    with pytest.raises(ValueError):
        qg.prove('reg r {0,1} "(0|1)*":')[0].automaton.tuples(3)
