# Exact numeration systems and floors at any size (GMP), against Python's exact integers and
# the CLI's `repr` and `floor`.
from math import isqrt

import pytest

import queengames as qg

nu = qg.numeration


def test_tribonacci_representation_is_seed_000_section_5_1():
    # (n)_T for n = 0..13 (seed 000 §5.1, Table 3's first column): T_0 = 1, T_1 = 2, T_2 = 4, T_3 = 7, T_4 = 13
    expected = ["0", "1", "10", "11", "100", "101", "110", "1000", "1001", "1010", "1011", "1100", "1101", "10000"]
    assert [nu.representation("tribonacci", n) for n in range(14)] == expected
    assert all(nu.value("tribonacci", d) == n for n, d in enumerate(expected))
    assert nu.value("tribonacci", "20") == 4  # [20]_T = 4, after Lemma 3


def test_round_trips_at_any_size():
    for n in (0, 1, 2**64, 3**200):
        for system in ("tribonacci", "zeckendorf", "negafibonacci", "binary"):
            assert nu.value(system, nu.representation(system, n)) == n, (system, n)
    assert nu.representation("binary", 2**100) == "1" + "0" * 100
    assert nu.representation("negafibonacci", -5) == "100101"  # seed 002 §5
    assert nu.value("negafibonacci", nu.representation("negafibonacci", -(10**50))) == -(10**50)


def test_floors_are_exact():
    for n in (0, 1, 10**6, 2**100, 10**60 + 7):
        phi = (n + isqrt(5 * n * n)) // 2  # ⌊nφ⌋ in exact integers
        assert nu.floor("phi", n) == phi
        assert nu.floor("phi2", n) == phi + n
        assert nu.floor("1/phi", n) == phi - n
    # ψ is the real root of x³ − x² − x − 1, negative below ψ and positive above: m = ⌊nψ⌋
    # iff the cubic is ≤ 0 at m/n and > 0 at (m + 1)/n, in exact integers.
    cubic = lambda m, n: m**3 - m * m * n - m * n * n - n**3
    for n in (1, 10**6, 2**100, 10**60 + 7):
        m = nu.floor("psi", n)
        assert cubic(m, n) <= 0 < cubic(m + 1, n), n
        # ψ³ = ψ² + ψ + 1, so ⌊nψ³⌋ is ⌊nψ²⌋ + ⌊nψ⌋ + n or one more
        assert 0 <= nu.floor("psi3", n) - (nu.floor("psi2", n) + m + n) <= 1


def test_numeration_matches_the_cli(cli):
    for constant in ("phi", "psi3", "1/psi2"):
        assert nu.floor(constant, 2**100) == int(cli("floor", constant, "2^100").stdout)
        assert nu.floor(constant, "2^100") == nu.floor(constant, 2**100)
    assert nu.representation("zeckendorf", 10**30) == cli("repr", "zeckendorf", "10^30").stdout.strip()
    for system, n in (("tribonacci", -5), ("roman", 3)):
        message = cli("repr", system, "--", n, check=False).stderr.removeprefix("queengames: ").strip()
        with pytest.raises(ValueError) as info:
            nu.representation(system, n)
        assert str(info.value) == message
