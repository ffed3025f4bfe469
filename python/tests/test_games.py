# Two-pile games, the spiral's random access and the claims.
import json
import re
from math import isqrt

import numpy as np
import pytest

import queengames as qg

# Wythoff's P-positions (seed 001 §1): (⌊nφ⌋, ⌊nφ²⌋).
WYTHOFF = [(0, 0), (1, 2), (3, 5), (4, 7), (6, 10), (8, 13), (9, 15), (11, 18), (12, 20), (14, 23)]


def floor_n_phi(n):
    return (n + isqrt(5 * n * n)) // 2


def test_wythoff_p_positions():
    g = qg.game("wythoff")
    p = g.p_positions(10)
    assert p.shape == (10, 2) and p.dtype == np.int64
    assert [tuple(r) for r in p.tolist()] == WYTHOFF
    assert np.array_equal(g.p_positions(10**4, via="morphic"), g.p_positions(10**4))
    assert g.is_p(3, 5) and g.is_p(5, 3) and not g.is_p(3, 4)
    assert g.morphism is not None


def wythoff_options(x, y):
    """The definition (seed 001 §1): any number from one pile, or the same number from both."""
    return sorted({(x - k, y) for k in range(1, x + 1)} | {(x, y - k) for k in range(1, y + 1)}
                  | {(x - k, y - k) for k in range(1, min(x, y) + 1)})


def test_options_binding_is_the_definition():
    g = qg.game("wythoff")
    for x, y in [(0, 0), (1, 0), (3, 5), (15, 8), (7, 7)]:
        assert [tuple(o) for o in g.options(x, y).tolist()] == wythoff_options(x, y)
    # Maharaja Nim adds the knight's jumps (1, 2) and (2, 1) (seed 003 §1).
    assert set(map(tuple, qg.game("maharaja").options(15, 8).tolist())) == set(wythoff_options(15, 8)) | {(14, 6), (13, 7)}
    assert qg.game("terminal:3").options(1, 2).shape == (0, 2)  # inside the terminal set: no moves
    with pytest.raises(OverflowError, match="16385 is out of range"):
        g.options(16385, 0)


def test_options_give_the_grundy_values():
    # A second route for every kind of move family (rook, diagonal, widened, jumps, bounce,
    # reflection): g(x, y) is the mex of the options' values. The options of (x, y) lie at
    # Manhattan distance below x + y, so inside the 24² table for x + y < 12.
    for ruleset in ["wythoff", "maharaja", "kqueen:2", "st-wythoff:2,1", "queen-bee", "queen-dee", "t2t:2"]:
        g = qg.game(ruleset)
        values = g.grundy(24, 24)
        for y in range(12):
            for x in range(12 - y):
                seen = {int(values[b][a]) for a, b in g.options(x, y).tolist()}
                assert values[y][x] == min(set(range(len(seen) + 1)) - seen), (ruleset, x, y)


def test_wythoff_nth_at_10_to_18():
    n = 10**18
    assert qg.game("wythoff").nth(n) == (floor_n_phi(n), floor_n_phi(n) + n)
    assert qg.game("wythoff").nth(2**62)[0] == floor_n_phi(2**62)


def test_p_positions_agree_with_the_cli(cli):
    for ruleset in ["wythoff", "maharaja", "queen-bee", "kqueen:3"]:
        rows = [tuple(map(int, line.split())) for line in cli("game", ruleset, "--p-positions", 300).stdout.splitlines()]
        p = qg.game(ruleset).p_positions(300)
        assert [(n, a, b) for n, (a, b) in enumerate(p.tolist())] == rows, ruleset


def test_maharaja_has_no_morphic_route():
    g = qg.game("maharaja")
    assert g.morphism is None
    with pytest.raises(ValueError, match="no morphic route"):
        g.nth(5)


def test_spiral_random_access():
    # q_0 = (0, 0) is cell 0 and q_1 = (1, 2) is cell 9 (seed 000 §2).
    assert qg.spiral.nth(0) == (0, 0, 0)
    assert qg.spiral.nth(1) == (9, 1, 2)
    q = qg.spiral.queens(1000)
    assert q.shape == (1000, 2)
    for n in (1, 2, 3, 4, 17, 999):
        assert qg.spiral.nth(n)[1:] == tuple(q[n])


def test_spiral_nth_big_n_matches_the_cli(cli):
    n = 2**100
    cell, x, y = qg.spiral.nth(n)
    assert cell > 2**128  # a Python int of any size
    assert cli("spiral", "nth", "2^100").stdout.split() == [str(n), str(cell), str(x), str(y)]
    assert qg.spiral.nth("2^100") == (cell, x, y)


def test_check_a_claim():
    c = qg.claims()[0]
    r = qg.check(c["id"], bound=c["tour_bound"])
    assert r.passed and bool(r)
    assert r.id == c["id"] and r.bound_asked == c["tour_bound"] and r.bound_reached > 0
    assert r.seconds >= 0 and r.detail


def test_check_all_runs_each_claim_at_its_tour_bound():
    results = qg.check_all(["knuth"], depth="tour")
    bounds = {c["id"]: c["tour_bound"] for c in qg.claims(["knuth"])}
    assert [r.id for r in results] == list(bounds)
    assert all(r.passed and r.bound_asked == bounds[r.id] for r in results)
    with pytest.raises(ValueError, match="depth must be tour, standard or deep"):
        qg.check_all(["knuth"], depth="shallow")


def test_wythoff_grundy_table():
    # The Sprague-Grundy values of Wythoff Nim in the 8 × 5 corner; row y = 0 is mex along the row.
    g = qg.game("wythoff").grundy(8, 5)
    assert g.shape == (5, 8) and g.dtype == np.uint32
    assert g.tolist() == [
        [0, 1, 2, 3, 4, 5, 6, 7],
        [1, 2, 0, 4, 5, 3, 7, 8],
        [2, 0, 1, 5, 3, 4, 8, 6],
        [3, 4, 5, 6, 2, 0, 1, 9],
        [4, 5, 3, 2, 7, 6, 9, 0],
    ]
    assert g.base is not None  # a view of the library's table, not a copy


def test_grundy_zeros_are_the_sweeps_p_positions():
    # Two routes: the Grundy table's zeros and the sweep's P-positions, in the 300 × 300 corner.
    for ruleset in ["wythoff", "maharaja", "kqueen:2"]:
        game = qg.game(ruleset)
        zeros = {(int(x), int(y)) for y, x in zip(*np.nonzero(game.grundy(300, 300) == 0))}
        p = game.p_positions(300)
        expected = {(a, b) for a, b in p.tolist() if b < 300} | {(b, a) for a, b in p.tolist() if b < 300}
        assert zeros == expected, ruleset


def test_grundy_table_matches_the_cli_csv(cli, tmp_path):
    cli("grundy", "maharaja", "--size", "40x30", "--out", tmp_path / "g.csv")
    rows = [[int(v) for v in line.split(",")] for line in (tmp_path / "g.csv").read_text().splitlines()]
    assert qg.game("maharaja").grundy(40, 30).tolist() == rows


def test_one_blocking_palaces_are_wythoffs_p_positions():
    # k = 1: a cell is a palace iff no palace sees it, Wythoff's P-positions (seed 004 §1).
    v = qg.blocking(1).palace_numbers(200, 200)
    assert v.shape == (200, 200) and v.dtype == np.uint32
    palaces = {(int(x), int(y)) for y, x in zip(*np.nonzero(v < 1))}
    p = qg.game("wythoff").p_positions(200).tolist()
    assert palaces == {(a, b) for a, b in p if b < 200} | {(b, a) for a, b in p if b < 200}


def test_palace_engines_agree():
    b = qg.blocking(3)
    t = b.palace_numbers(97, 61)
    assert np.array_equal(t, b.palace_numbers(97, 61, engine="ca"))
    assert np.array_equal(t, b.palace_numbers(97, 61, engine="plain"))
    assert t.max() <= 3 * 3  # each line holds at most k palaces
    with pytest.raises(ValueError):
        b.palace_numbers(10, 10, engine="nope")
    with pytest.raises(OverflowError):
        qg.blocking(0)


def test_spiral_random_access_is_the_cli_table(cli):
    # Seed 000 Tables 1–2: n t_n X Y M P ΔX ΔY ΔM ΔP A B C, against random access by
    # Theorems 11, 12, 14 and Corollary 21.
    rows = [line.split() for line in cli("spiral", "table", 300).stdout.splitlines() if not line.startswith("#")]
    xymp = qg.spiral.xymp_rows(0, 300)
    assert xymp.dtype == np.int64 and xymp.shape == (300, 4)
    assert xymp.tolist() == [[int(v) for v in r[2:6]] for r in rows]
    assert [list(qg.spiral.abc(n)) for n in range(300)] == [[int(v) for v in r[10:13]] for r in rows]
    assert [qg.spiral.letter(n) for n in range(1, 300)] == [r[1] for r in rows[1:]]
    # N_a(n) + N_b(n) + N_c(n) = n (Theorem 12)
    assert all(sum(qg.spiral.letter_counts(n)) == n for n in (0, 1, 17, 10**30))


def test_spiral_rows_beyond_64_bits_are_python_ints(cli):
    rows = qg.spiral.xymp_rows(2**100, 3)
    assert rows.dtype == object and rows.shape == (3, 4)
    for i in range(3):
        expected = [int(v) for v in cli("spiral", "xymp", 2**100 + i).stdout.split()[1:]]
        assert rows[i].tolist() == expected == list(qg.spiral.xymp(2**100 + i))
    assert rows[0, 3] > 2**64
    with pytest.raises(OverflowError):
        qg.spiral.xymp_rows(2**120 - 1, 2)


def test_check_result_is_the_cli_line(cli):
    r = qg.check("exile.lemma3", bound=12)
    line = cli("check", "exile.lemma3", "--bound", 12).stdout.strip()
    strip_seconds = lambda s: re.sub(r" [0-9.]+s", "", s)
    assert strip_seconds(str(r)) == strip_seconds(line)
    assert r.verdict == "PASS" and r.kind in qg.claim_kinds() and isinstance(r.proof, str)


def test_claims_by_kind(cli):
    kinds = qg.claim_kinds()
    assert kinds[:2] == ["theorem", "lemma"] and "conjecture" in kinds
    every = qg.claims()
    listed = json.loads(cli("check", "--list", "--json").stdout)
    assert [c["id"] for c in every] == [c["id"] for c in listed]
    assert [c["kind"] for c in every] == [c["kind"] for c in listed]
    conjectures = qg.claims(kind="conjecture")
    assert conjectures and all(c["kind"] == "conjecture" for c in conjectures)
    assert sum(len(qg.claims(kind=k)) for k in kinds) == len(every)
    with pytest.raises(ValueError, match="unknown kind 'axiom'"):
        qg.claims(kind="axiom")
