# queengames.plot: the figures of the catalogue drawn with matplotlib from the library's
# descriptions — the data are the papers' values (read from the description the library built),
# and the drawings pass the checks a reader's eye would make, by pixels.
import json
import math

import matplotlib

matplotlib.use("Agg")

import numpy as np  # noqa: E402
import pytest  # noqa: E402

import queengames as qg  # noqa: E402
from queengames import _core, plot  # noqa: E402


def pixels(fig):
    fig.canvas.draw()
    return np.asarray(fig.canvas.buffer_rgba())[..., :3]


def checked(fig):
    """No stray edge rows or columns, and the title and every label inside the canvas."""
    image = pixels(fig)
    for edge in (image[0], image[-1], image[:, 0], image[:, -1]):
        assert (edge == 255).all()
    canvas = fig.bbox
    renderer = fig.canvas.get_renderer()
    texts = [fig._suptitle] + [t for ax in fig.axes for t in (ax.title, ax.xaxis.label, ax.yaxis.label)]
    texts += [t for ax in fig.axes if ax.get_legend() for t in ax.get_legend().get_texts()]
    for text in texts:
        if text is not None and text.get_text():
            box = text.get_window_extent(renderer)
            assert canvas.x0 <= box.x0 and box.x1 <= canvas.x1 and canvas.y0 <= box.y0 and box.y1 <= canvas.y1
    return image


def test_the_catalogue_is_the_clis(cli):
    listed = json.loads(cli("draw", "--list", "--json").stdout)
    assert [e["id"] for e in listed] == list(plot.FIGURES)
    for e in listed:
        assert plot.FIGURES[e["id"]].python == e["python"]
        assert plot.FIGURES[e["id"]].paper == e["paper"]
    assert len(plot.FIGURES) == 30 and not plot.FIGURES["exile-fig1"].drawn
    with pytest.raises(ValueError, match="is an engraving"):
        plot.figure("exile-fig1")
    with pytest.raises(ValueError, match="did you mean exile-fig3"):
        plot.figure("exile-fig33")
    with pytest.raises(ValueError, match="takes no parameter 'radious'"):
        plot.figure("exile-fig3", radious=5)


def test_spiral_queens_seed000_fig3():
    d = plot.describe("exile-fig3")
    queens = d["panels"][0]["series"][0]
    # Fig. 3's caption: the first 1409 queens lie within max(|x|, |y|) ≤ 1000. Drawn as (y, x).
    assert queens["points"] == 1409 and not queens["binned"]
    drawn = np.column_stack([queens["y"], queens["x"]]).astype(int)
    assert drawn[:6].tolist() == [[0, 0], [1, 2], [-2, 1], [-1, -2], [2, -1], [3, 5]]
    assert "Queens in exile, Fig. 3" in d["title"]
    image = checked(plot.figure("exile-fig3", dpi=60))
    assert (image < 50).all(axis=2).sum() > 1000  # the queens, in black


def test_points_are_drawn_over_the_lines():
    fig = plot.figure("maharaja-fig2", size=20, dpi=60)
    checked(fig)
    ax = fig.axes[0]
    assert all(line.get_zorder() < 3 for line in ax.lines)
    # Wythoff's and Maharaja's P-positions (seed 003 Fig. 2, both in one diagram) above them.
    series = plot.describe("maharaja-fig2", size=20)["panels"][0]["series"]
    wythoff = {(int(x), int(y)) for x, y in zip(series[0]["x"], series[0]["y"])}
    assert {(1, 2), (3, 5), (4, 7), (6, 10), (8, 13), (2, 1)} <= wythoff and (7, 12) not in wythoff
    maharaja = {(int(x), int(y)) for x, y in zip(series[1]["x"], series[1]["y"])}
    assert {(8, 13), (9, 16), (10, 7), (11, 19), (12, 18)} <= maharaja


def test_categorical_tables_are_decimated_by_majority_never_sampled():
    # Game 1000 on 3000 × 3000 cells in a small picture: the image is the library's block
    # majority of the table, and the figure says so.
    fig = plot.palaces(1000, 3000, dpi=40)
    image = fig.axes[0].images[0].get_array()
    d = _core.figures.palaces(1000, 3000, 3000, 0, 0, 256)
    raster = d["panels"][0]["rasters"][0]
    block = math.ceil(raster["code"].shape[1] / image.shape[1])
    expected = raster["palette"][_core.figures.decimate(raster["code"], len(raster["palette"]), "majority", block)]
    assert image.shape[1] < 256 and np.array_equal(image, expected)
    assert "most frequent class" in fig._supxlabel.get_text()
    # Game 5 on 11 × 11 (seed 004 Fig. 1): every cell, its palace number the library's.
    d = plot.describe("blocking-fig1")
    codes = d["panels"][0]["rasters"][0]["code"]
    assert np.array_equal(codes.astype(int), np.clip(qg.blocking(5).palace_numbers(11, 11).astype(int) - 5, -5, 5) + 5)
    checked(plot.figure("blocking-fig1", dpi=60))


def test_many_points_are_binned_and_none_is_lost():
    d = plot.describe("knuth-discrepancies", count=400000)
    high, low = (p["series"][0] for p in d["panels"])
    assert high["binned"] and low["binned"]
    assert high["count"].sum() + low["count"].sum() == high["points"] + low["points"] == 400000
    fig = plot.figure("knuth-discrepancies", count=400000, dpi=60)
    checked(fig)
    for ax in fig.axes:  # the binned points' image keeps the panel's shape (imshow's square units collapsed it)
        box = ax.get_window_extent()
        assert box.height > 0.3 * box.width
        assert ax.xaxis.get_offset_text().get_text() == "" and "400000" in [t.get_text() for t in ax.get_xticklabels()]


def test_a_tall_figure_fits_its_page():
    # Seed 000 Fig. 6 is 1.6 times as tall as wide: its axis label and key stay on the page, and
    # its ticks are the caption's (columns 0, 2000, …; rows 0, 5000, 10000, 15000).
    fig = plot.figure("exile-fig6", dpi=60)
    checked(fig)
    ax = fig.axes[0]
    assert list(ax.get_xticks()) == [0, 2000, 4000, 6000, 8000, 10000]
    assert list(ax.get_yticks()) == [0, 5000, 10000, 15000]


def test_queen_bee_first_difference_5_at_310691():
    # Seed 001 Fig. 3's caption: "the first difference that is equal to 5 occurs at n = 310691".
    # The differences take both signs and the one at 310691 is −5: we read the caption as the
    # first difference of absolute value 5 (the conversion of the papers loses minus signs).
    mark = plot.describe("empress-fig3", n=310691)["panels"][0]["series"][1]
    assert mark["x"].tolist() == [310691] and mark["y"].tolist() == [-5]


def test_axes_are_used():
    from matplotlib.figure import Figure

    fig = Figure()
    ax = fig.add_subplot()
    assert plot.spiral_queens(5, ax=ax) is fig
    with pytest.raises(ValueError, match="2 panels"):
        plot.figure("maharaja-fig7", axes=[ax])
