# Sequences and words as numpy arrays: OEIS terms and agreement with the CLI's b-files.
import numpy as np
import pytest

import queengames as qg

# OEIS A000201 (lower Wythoff, ⌊nφ⌋) and A001950 (upper Wythoff, ⌊nφ²⌋), offset 1.
A000201 = [1, 3, 4, 6, 8, 9, 11, 12, 14, 16, 17, 19, 21, 22, 24, 25, 27, 29, 30, 32]
A001950 = [2, 5, 7, 10, 13, 15, 18, 20, 23, 26, 28, 31, 34, 36, 39, 41, 44, 47, 49, 52]
# OEIS A065188, the lexicographically first ∞-queens solution (seed 002), offset 1.
A065188 = [1, 3, 5, 2, 4, 9, 11, 13, 15, 6, 8, 19, 7, 22, 10, 25, 27, 29, 31, 12]


def test_wythoff_sequences_are_oeis_terms():
    a = qg.bfile("A000201", 20)
    assert a.dtype == np.int64 and a.shape == (20,)
    assert a.tolist() == A000201
    assert qg.bfile("A001950", 20).tolist() == A001950
    assert qg.sequence("A000201")["offset"] == 1


def test_wythoff_sequences_are_floor_n_phi_exactly():
    # ⌊nφ⌋ = (n + ⌊n√5⌋) div 2, in Python's exact integers: a second route for 10^5 terms.
    from math import isqrt

    n = 10**5
    a = qg.bfile("A000201", n)
    expected = np.array([(k + isqrt(5 * k * k)) // 2 for k in range(1, n + 1)], dtype=np.int64)
    assert np.array_equal(a, expected)
    assert np.array_equal(qg.bfile("A001950", n) - a, np.arange(1, n + 1))  # b_n = a_n + n


def test_infty_queens_is_a065188():
    q = qg.infty_queens(20)
    assert q.tolist() == A065188
    assert np.array_equal(qg.bfile("A065188", 1000), qg.infty_queens(1000))


def test_every_catalogued_sequence_matches_the_cli_bfile(cli):
    for s in qg.sequences():
        # 200 terms, or a quarter of a short catalogue entry (A307286's 200 terms take seconds)
        n = 200 if s["max_terms"] > 200 else max(1, s["max_terms"] // 4)
        lines = cli("bfile", s["anumber"], n).stdout.split()
        indices, values = [int(x) for x in lines[0::2]], [int(x) for x in lines[1::2]]
        assert indices == list(range(s["offset"], s["offset"] + n)), s["anumber"]
        assert qg.bfile(s["anumber"], n).tolist() == values, s["anumber"]


def test_counts_are_read_as_the_cli_reads_them():
    assert np.array_equal(qg.bfile("A000201", "10^3"), qg.bfile("A000201", 1000))
    assert len(qg.bfile("A000201", np.int64(7))) == 7


def test_tribonacci_and_fibonacci_words():
    # OEIS A080843 (Tribonacci word, a, b, c → 0, 1, 2) and A003849 (Fibonacci word).
    t = qg.word("tribonacci", 13)
    assert t.dtype == np.uint8
    assert t.tolist() == [0, 1, 0, 2, 0, 1, 0, 0, 1, 0, 2, 0, 1]
    assert qg.word("fibonacci", 13).tolist() == [0, 1, 0, 0, 1, 0, 1, 0, 0, 1, 0, 0, 1]
    assert bytes(qg.word("a->ab,b->ac,c->a", 7, letters=True)).decode() == "abacaba"


def test_word_matches_the_cli(cli):
    text = cli("word", "theme-song", "--length", 5000).stdout.strip()
    assert bytes(qg.word("theme-song", 5000, letters=True)).decode() == text
    # ranks in the sorted alphabet, though the theme song starts with c
    assert qg.word("theme-song", 1).tolist() == [2]


def test_infty_queens_in_chunks_and_from_a_checkpoint(tmp_path):
    n = 100_000
    whole = qg.infty_queens(n)
    chunks = list(qg.infty_queens_chunks(n, chunk=30_000))
    assert [len(c) for c in chunks] == [30_000, 30_000, 30_000, 10_000]
    assert np.array_equal(np.concatenate(chunks), whole)
    engine = qg.InftyQueens()
    first = engine.step(40_000)
    engine.save(str(tmp_path / "q.ckpt"))
    resumed = qg.InftyQueens.load(str(tmp_path / "q.ckpt"))
    assert resumed.terms == 40_000
    assert np.array_equal(np.concatenate([first, resumed.step(60_000)]), whole)
    (tmp_path / "bad.ckpt").write_bytes(b"not a checkpoint")
    with pytest.raises(ValueError, match="bad.ckpt"):
        qg.InftyQueens.load(str(tmp_path / "bad.ckpt"))


def test_docs_python_counts_the_catalogue():
    # docs/PYTHON.md shows len(qg.sequences()) with its value: it said 52 when there were 53.
    import pathlib

    lines = (pathlib.Path(__file__).parents[2] / "docs" / "PYTHON.md").read_text().splitlines()
    shown = next(lines[i + 1] for i, line in enumerate(lines) if line.startswith(">>> len(qg.sequences())"))
    assert int(shown) == len(qg.sequences())
