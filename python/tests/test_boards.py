# Numbered boards and pieces (seed 000 §1, §7, §8): Grundy values, the greedy placement, the
# single-quadrant queens — OEIS terms, the brute force and the CLI's CSV.
import numpy as np
import pytest

import queengames as qg

# OEIS A274641: Sprague-Grundy values of the queen on the square spiral (seed 000 Fig. 4).
A274641 = [0, 1, 2, 3, 1, 2, 3, 4, 5, 0, 3, 5, 1, 0, 5, 4, 2, 0, 4, 1, 5, 0, 1, 3, 4, 2, 6, 7, 4, 3, 8, 6, 7, 2]
# OEIS A274528: the same on the quadrant, by upward antidiagonals (seed 000 Table 6).
A274528 = [0, 1, 2, 2, 3, 1, 3, 0, 4, 5, 4, 1, 5, 0, 3, 5, 6, 2, 1, 7, 4, 6, 7, 0, 4, 8, 2, 9, 7, 4, 8, 3, 0]
# Seed 000 eq. (1), OEIS A273059: the cells of the exiled queens on the spiral.
A273059 = [0, 9, 13, 17, 21, 82, 92, 102, 112, 228, 244, 260, 276, 445, 467, 489, 511, 630]
# Seed 000 eq. (48), OEIS A275895: S_c, the row of the greedy queen in column c of the quadrant.
A275895 = [0, 2, 4, 1, 3, 8, 10, 12, 14, 5, 7, 18, 6, 21, 9, 24, 26, 28, 30, 11, 13, 34]


def test_kinds_and_pieces():
    assert "spiral" in qg.boards.kinds() and "hex-spiral" in qg.boards.kinds()
    assert qg.boards.pieces() == ["queen", "rook", "bishop", "king", "knight", "maharaja"]


def test_queen_on_the_spiral_is_a274641():
    board = qg.boards.Board("spiral", 26)
    v = board.grundy("queen")
    assert v.dtype == np.uint32 and v.shape == (board.cells,) == (len(board),)
    assert v[: len(A274641)].tolist() == A274641
    assert np.array_equal(v, qg.bfile("A274641", board.cells))
    # the zeros are eq. (1)'s queens, and the greedy placement finds them by another route
    assert np.flatnonzero(v == 0)[: len(A273059)].tolist() == A273059
    g = board.greedy("queen")
    assert g.dtype == np.uint64 and g[: len(A273059)].tolist() == A273059
    assert np.array_equal(g, np.flatnonzero(v == 0))


def test_quadrant_is_a274528():
    assert qg.boards.Board("quadrant", 10).grundy("queen")[: len(A274528)].tolist() == A274528


@pytest.mark.parametrize("kind", ["spiral", "quadrant", "sector45", "square-rows", "hex-spiral"])
def test_fast_values_are_the_brute_force(kind):
    board = qg.boards.Board(kind, 9)
    for piece in ["queen", "king"] + (["knight", "maharaja"] if kind != "hex-spiral" else []):
        fast = board.grundy(piece)
        assert np.array_equal(fast, board.grundy_brute_force(piece)), (kind, piece)
        assert np.array_equal(board.greedy(piece), np.flatnonzero(fast == 0)), (kind, piece)


def test_cells_and_layout():
    board = qg.boards.Board("spiral", 5)
    xy = board.coordinates()
    assert xy.shape == (25, 2) and xy[0].tolist() == [0, 0]
    assert [board.cell(i) for i in range(25)] == [tuple(r) for r in xy.tolist()]
    assert all(board.index(*board.cell(i)) == i for i in range(25))
    assert board.index(100, 100) is None
    row0, col0, height, width = board.box
    t = board.layout(board.grundy("queen"))
    assert t.shape == (height, width) == (5, 5)
    assert t[0 - row0, 0 - col0] == 0  # q_0 on the centre cell
    with pytest.raises(ValueError, match="one per cell"):
        board.layout(np.zeros(3, dtype=np.uint32))


def test_window_table_matches_the_cli_csv(cli, tmp_path):
    for kind, size in [("quadrant", "30x20"), ("spiral", "11")]:
        cli("grundy", kind, "--size", size, "--piece", "maharaja", "--out", tmp_path / "g.csv")
        rows = [[int(v) if v else 2**32 - 1 for v in line.split(",")] for line in (tmp_path / "g.csv").read_text().splitlines()]
        w, _, h = size.partition("x")
        t = qg.boards.window_table(kind, "maharaja", int(w), int(h or w))
        assert t.tolist() == rows, kind


def test_quadrant_queens_are_eq48_and_a065188():
    s = qg.boards.quadrant_queens(1000)
    assert s.dtype == np.uint64 and s[: len(A275895)].tolist() == A275895
    assert np.array_equal(s.astype(np.int64) + 1, qg.infty_queens(1000))  # A065188(n) = S_{n-1} + 1
    # the zeros of Table 6's corner are the queens (seed 000 §8)
    t = qg.boards.window_table("quadrant", "queen", 100, 200)
    assert all(t[s[c], c] == 0 for c in range(100))


def test_triangle_queens_is_a274616():
    assert [qg.boards.triangle_queens(n) for n in range(10)] == [0, 1, 1, 2, 2, 3, 4, 5, 5, 6]


def test_board_errors():
    with pytest.raises(ValueError, match="unknown board 'nope'"):
        qg.boards.Board("nope", 5)
    with pytest.raises(ValueError):
        qg.boards.Board("spiral", 5).grundy("camel")
    with pytest.raises(OverflowError):
        qg.boards.Board("spiral", 0)
