# Two-pile games, the spiral's random access and the claims.
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
