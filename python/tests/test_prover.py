# The prover from Python (seed 001 §5–6): Walnut statements, their truth, counterexamples and
# errors, against the CLI's `prove --json`.
import json

import pytest

import queengames as qg

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
    with pytest.raises(ValueError) as info:
        qg.prove(bad, file="-e")
    assert str(info.value) == message
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
