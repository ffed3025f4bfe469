# queengames.plot: each figure function runs on a small size with Agg, and the data it draws are
# the papers' values (read back from the figure's artists, not recomputed here).
import io
import math

import matplotlib

matplotlib.use("Agg")

import numpy as np  # noqa: E402
import pytest  # noqa: E402

import queengames as qg  # noqa: E402
from queengames import plot  # noqa: E402

PHI = (1 + math.sqrt(5)) / 2


def offsets(ax, i=0):
    return np.asarray(ax.collections[i].get_offsets()).astype(np.int64)


def as_set(points):
    return {tuple(p) for p in np.asarray(points).tolist()}


def renders(fig):
    """The figure draws (Agg), and has a title naming the paper and figure, and labelled axes."""
    fig.savefig(io.BytesIO(), format="png", dpi=40)
    titles = [fig._suptitle.get_text() if fig._suptitle else ""] + [ax.get_title() for ax in fig.axes]
    assert any("Fig." in t or "INFTY" in t for t in titles), titles
    for ax in fig.axes:
        if ax.get_label() != "<colorbar>":
            assert ax.get_xlabel() and ax.get_ylabel(), ax.get_title()


def colourbars(fig):
    return [ax for ax in fig.axes if ax.get_label() == "<colorbar>"]


def test_spiral_queens_seed000_fig3():
    fig = plot.spiral_queens(1000)
    renders(fig)
    drawn = offsets(fig.axes[0])
    # Fig. 3's caption: the first 1409 queens lie within max(|x|, |y|) ≤ 1000. Drawn as (y, x).
    assert len(drawn) == 1409
    # q_0 … q_5 of seed 000 §2: (0, 0), (1, 2), (−2, 1), (−1, −2), (2, −1), (3, 5).
    assert drawn[:6, ::-1].tolist() == [[0, 0], [1, 2], [-2, 1], [-1, -2], [2, -1], [3, 5]]
    assert np.abs(drawn).max() <= 1000


def grundy_csv(cli, tmp_path, *args):
    cli("grundy", *args, "--out", tmp_path / "t.csv")
    return np.loadtxt(tmp_path / "t.csv", delimiter=",", dtype=np.int64, ndmin=2)


def test_grundy_tables_seed000_fig4_fig5(cli, tmp_path):
    # Fig. 4 from the CLI's table (the library's): the spiral's zeros are the exiled queens.
    values = grundy_csv(cli, tmp_path, "spiral", "--size", 11)
    fig = plot.spiral_grundy(values)
    renders(fig)
    assert len(colourbars(fig)) == 1
    image = np.asarray(fig.axes[0].images[0].get_array())
    assert np.array_equal(image, values)
    zeros = {(x - 5, y - 5) for x, y in zip(*np.nonzero(image == 0))}
    assert zeros == {tuple(q) for q in qg.spiral.queens(9).tolist() if max(map(abs, q)) <= 5}
    with pytest.raises(ValueError):
        plot.spiral_grundy(values[:, :10])
    # Fig. 5: the quadrant's corner; Table 6's first row begins 0, 2, 1, 5, 3.
    quadrant = grundy_csv(cli, tmp_path, "quadrant", "--size", "6x4")
    fig = plot.quadrant_grundy(values=quadrant)
    renders(fig)
    image = np.asarray(fig.axes[0].images[0].get_array())
    # The same corner from A274528 read in Table 5's numbering: the CLI's table.
    square = grundy_csv(cli, tmp_path, "quadrant", "--size", 7)
    assert np.array_equal(np.asarray(plot.quadrant_grundy(7).axes[0].images[0].get_array()), square)
    assert np.array_equal(image, quadrant) and image.shape == (4, 6) and image[0, :5].tolist() == [0, 2, 1, 5, 3]


def test_quadrant_queens_seed000_fig6():
    fig = plot.quadrant_queens(12)
    renders(fig)
    # (c, S_c) with S_c = A065188(c + 1) − 1 (seed 000 eq. (48)).
    a065188 = [1, 3, 5, 2, 4, 9, 11, 13, 15, 6, 8, 19]
    assert offsets(fig.axes[0]).tolist() == [[c, a - 1] for c, a in enumerate(a065188)]


def test_queen_bee_differences_seed001_fig3():
    fig = plot.queen_bee_differences(20)
    renders(fig)
    n, d = (np.asarray(v) for v in fig.axes[0].lines[0].get_data())
    # a_n = A003159 (even number of trailing zeros), b_n = 2a_n (Theorem 1): by hand,
    # a_{b_n} − a_n − b_n for n = 1 … 20.
    a = [0] + [m for m in range(1, 200) if (m & -m).bit_length() % 2 == 1]
    assert n.tolist() == list(range(1, 21))
    assert d.tolist() == [a[2 * a[k]] - 3 * a[k] for k in range(1, 21)]
    assert d[:5].tolist() == [0, 0, 0, 0, -1]


def test_queen_bee_first_difference_5_at_310691():
    # Fig. 3's caption: "the first difference that is equal to 5 occurs at n = 310691". The
    # differences take both signs (up to +4 before n = 310691) and the one at 310691 is −5:
    # we read the caption as the first difference of absolute value 5 (the conversion of the
    # papers loses minus signs, seed README).
    d = plot.queen_bee_differences(310691).axes[0].lines[0].get_ydata()
    assert d[-1] == -5 and (np.abs(d[:-1]) < 5).all() and d.max() == 4


def test_maharaja_initial_seed003_fig2():
    fig = plot.maharaja_initial(20)
    renders(fig)
    wythoff, maharaja = (as_set(offsets(ax)) for ax in fig.axes[:2])
    assert {(1, 2), (3, 5), (4, 7), (6, 10), (8, 13), (2, 1)} <= wythoff and (7, 12) not in wythoff
    # Seed 003 §2.1: columns 8 to 12 of Maharaja Nim hold (8, 13), (9, 16), (10, 7), (11, 19),
    # (12, 18); with the coordinates below 20, all of them and their mirror images.
    assert {(8, 13), (9, 16), (10, 7), (11, 19), (12, 18), (13, 8), (16, 9), (7, 10)} <= maharaja
    assert all(x < 20 and y < 20 for x, y in maharaja)
    pairs = [(a, b) for a, b in qg.game("maharaja").p_positions(20).tolist() if b < 20]
    assert maharaja == {p for a, b in pairs for p in ((a, b), (b, a))}


def test_maharaja_bands_seed003_fig3():
    fig = plot.maharaja_bands(200)
    renders(fig)
    left, right = fig.axes[:2]
    assert left.get_legend() is not None
    w = offsets(left)
    # Wythoff's P-positions lie on the lines: |y − φx| < 1 above the diagonal.
    upper = w[w[:, 1] > w[:, 0]]
    assert len(upper) > 50 and np.abs(upper[:, 1] - PHI * upper[:, 0]).max() < 1
    # Maharaja's: within a band φx + O(1) (Theorem 1.2); at this size 3.84 is the widest.
    m = offsets(right)
    upper = m[m[:, 1] > m[:, 0]]
    assert 3 < np.abs(upper[:, 1] - PHI * upper[:, 0]).max() < 4


def test_kl_maharaja_seed003_fig8():
    fig = plot.kl_maharaja(((2, 3), (3, 5)), bound=9)
    renders(fig)
    # Seed 003 §5: the first P-positions of (2, 3)-Maharaja Nim, column-wise: (1, 2), (2, 1),
    # (3, 6), (4, 8), (5, 7), (6, 3), (7, 5), (8, 4).
    assert as_set(offsets(fig.axes[0])) == {(0, 0), (1, 2), (2, 1), (3, 6), (4, 8), (5, 7), (6, 3), (7, 5), (8, 4)}
    assert len(plot.kl_maharaja(bound=100).axes) == 6  # the paper's six panels, no colour bar


def test_t2t_maharaja_seed003_fig9():
    fig = plot.t2t_maharaja((1, None), bound=60)
    renders(fig)
    # t ≤ 1 adjoins (1, 2), (2, 1): Maharaja's knight-like jumps of one kind; all t within the
    # picture equals t ≤ 30 (a move (t, 2t) from below 60 has 2t < 60).
    assert as_set(offsets(fig.axes[0])) == as_set(plot._corner(qg.game("t2t:1"), 60))
    assert as_set(offsets(fig.axes[1])) == as_set(plot._corner(qg.game("t2t:1000"), 60))


def test_blocking_seed004_figures():
    fig = plot.blocking_game5()
    renders(fig)
    assert len(colourbars(fig)) == 1
    values = np.asarray(fig.axes[0].images[0].get_array())
    assert np.array_equal(values, qg.blocking(5).palace_numbers(11, 11))
    # 1-Blocking Wythoff Nim is Wythoff Nim: its palaces (v < 1) are Wythoff's P-positions.
    fig = plot.blocking_regions(((1, 14),))
    renders(fig)
    palaces = np.asarray(fig.axes[0].images[0].get_array()) < 0  # coloured by v − k
    assert as_set(np.argwhere(palaces)[:, ::-1]) == as_set(plot._corner(qg.game("wythoff"), 14))
    # Fig. 4: a game against itself matches everywhere, shifted by (1, 0) it does not.
    fig = plot.blocking_comparison(7, 7, (0, 0), size=20)
    renders(fig)
    assert not np.ma.getmaskarray(fig.axes[0].images[0].get_array()).any()
    fig = plot.blocking_comparison(7, 8, (1, 0), size=20)
    assert np.ma.getmaskarray(fig.axes[0].images[0].get_array()).any()
    for f in (plot.blocking_armpit(size=40), plot.blocking_prism(size=40)):
        renders(f)
        assert np.asarray(f.axes[0].images[0].get_array()).shape == (40, 40)


def test_infty_discrepancies():
    fig = plot.infty_discrepancies(12)
    renders(fig)
    ax = fig.axes[0]
    assert ax.get_legend() is not None
    (hn, hd), (ln, ld) = ((np.asarray(v) for v in line.get_data()) for line in ax.lines[:2])
    # q = 1, 3, 5, 2, 4, 9, 11, 13, 15, 6, 8, 19 (A065188): high where q_n ≥ n.
    assert hn.tolist() == [1, 2, 3, 6, 7, 8, 9, 12] and ln.tolist() == [4, 5, 10, 11]
    assert hd[0] == pytest.approx(1 - PHI) and ld[0] == pytest.approx(2 - 4 / PHI)


def test_axes_are_used():
    from matplotlib.figure import Figure

    fig = Figure()
    ax = fig.add_subplot()
    assert plot.spiral_queens(5, ax=ax) is fig and len(ax.collections) == 1
    with pytest.raises(ValueError, match="2 panels"):
        plot.maharaja_initial(axes=[ax])


def test_cli_charts_are_valid_files(cli, tmp_path):
    # The CLI's charts (qg::plot, cairo): the SVG parses as XML and holds one closed subpath per
    # queen of seed 000 Fig. 3; the PNG's longer side is --pixels.
    import struct
    import xml.etree.ElementTree as ET

    svg = tmp_path / "q.svg"
    cli("draw", "spiral-queens", "--radius", 1000, "--out", svg)
    root = ET.parse(svg).getroot()
    dots = sum(p.get("d", "").count("Z") for p in root.iter("{http://www.w3.org/2000/svg}path")
               if "fill:rgb(0%,0%,0%)" in p.get("style", "") and "stroke:none" in p.get("style", ""))
    assert dots == 1409
    png = tmp_path / "q.png"
    cli("draw", "spiral-queens", "--radius", 100, "--pixels", 500, "--out", png)
    head = png.read_bytes()[:24]
    assert head[1:4] == b"PNG" and max(struct.unpack(">II", head[16:24])) == 500
    assert cli("draw", "spiral-queens", "--out", tmp_path / "q.gif", check=False).returncode == 2
