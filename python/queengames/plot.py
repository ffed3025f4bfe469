"""queengames.plot: the papers' figures redrawn with matplotlib, with axes, ticks and titles.

One function per figure of the seed papers (docs/PYTHON.md lists them). Each computes its data
with the library (queengames._core) — nothing here is an algorithm: it only selects the points
to show and draws them — and returns a matplotlib Figure. Pass ``ax`` (or ``axes`` for the
figures of several panels) to draw into an existing figure instead. The figures are built
without pyplot, so they work with any backend (Agg in the tests, inline in Jupyter).

Coordinates follow the papers: on the spiral x points South and y East (seed 000 Fig. 2), so
y is drawn rightwards and x downwards; the single quadrant and the blocking tables have their
origin in the top left corner (seed 000 §8, seed 004 Fig. 1); the two-pile games of seed 003
have (0, 0) in the bottom left corner.
"""

from __future__ import annotations

import math

import numpy as np
from matplotlib.colors import BoundaryNorm, ListedColormap
from matplotlib.figure import Figure

from . import _core as qg

__all__ = [
    "spiral_queens",
    "spiral_grundy",
    "quadrant_grundy",
    "quadrant_queens",
    "queen_bee_differences",
    "maharaja_initial",
    "maharaja_bands",
    "kl_maharaja",
    "t2t_maharaja",
    "blocking_game5",
    "blocking_regions",
    "blocking_comparison",
    "blocking_armpit",
    "blocking_prism",
    "infty_discrepancies",
]

PHI = (1 + math.sqrt(5)) / 2  # for drawing reference lines only: no result depends on it

EXILE = "Dekking, Shallit, Sloane, Queens in exile"
EMPRESS = "Fokkink, Ortega, Rust, Corner the empress"
KNUTH = "Knuth, INFTY-QUEENS"
MAHARAJA = "Larsson, Wästlund, Maharaja Nim"
BLOCKING = "Cook, Larsson, Neary, blocking queen games"


def _figure_and_axes(ax, size=(6.0, 6.0)):
    if ax is not None:
        return ax.figure, ax
    fig = Figure(figsize=size, layout="constrained")
    return fig, fig.add_subplot()


def _figure_and_panels(axes, count, size):
    if axes is not None:
        axes = list(np.ravel(axes))
        if len(axes) != count:
            raise ValueError(f"this figure has {count} panels: pass {count} axes (got {len(axes)})")
        return axes[0].figure, axes
    fig = Figure(figsize=size, layout="constrained")
    return fig, list(np.ravel(fig.subplots(1 if count <= 3 else 2, min(count, 3) if count <= 3 else math.ceil(count / 2))))


def _points(ax, xy, **style):
    style = {"s": 4, "color": "black", "linewidths": 0, **style}
    return ax.scatter(xy[:, 0], xy[:, 1], **style)


def _both_sides(pairs):
    """The P-positions (a_n, b_n) and their mirror images (b_n, a_n), as one (2n, 2) array."""
    return np.concatenate([pairs, pairs[:, ::-1]])


def _corner(game, bound):
    """P-positions of `game` with both coordinates below `bound`, both sides of the diagonal.

    a_n ≥ n (a_n is the mex of the earlier coordinates, each row and column holding one
    P-position), so the first `bound` pairs hold every a_n < bound."""
    pairs = game.p_positions(max(bound, 1))
    pairs = pairs[(pairs[:, 0] < bound) & (pairs[:, 1] < bound)]
    return _both_sides(pairs)


# ---- seed 000: Queens in exile --------------------------------------------------------------


def spiral_queens(radius=1000, ax=None):
    """Seed 000 Fig. 3: the queens q_n with max(|x|, |y|) ≤ radius (1409 of them for 1000).

    The queens settle in the order of the spiral, whose rings max(|x|, |y|) never decrease,
    so those within the radius are a prefix q_0, q_1, …: it is complete once the last queen
    computed lies beyond the radius."""
    if radius < 1:
        raise ValueError(f"radius must be at least 1 (got {radius})")
    count = 2 * radius
    while np.max(np.abs(queens := qg.spiral.queens(count))[-1]) <= radius:
        count *= 2
    queens = queens[np.max(np.abs(queens), axis=1) <= radius]
    fig, ax = _figure_and_axes(ax)
    _points(ax, queens[:, ::-1], s=3)  # y East across, x South down
    ax.set_xlim(-radius, radius)
    ax.set_ylim(radius, -radius)
    ax.set_aspect("equal")
    ax.set_xlabel("y (East)")
    ax.set_ylabel("x (South)")
    ax.set_title(f"{EXILE}, Fig. 3: the first {len(queens)} queens on the spiral")
    return fig


def _grundy_image(ax, values, extent, origin, cmap, label):
    values = np.asarray(values)
    image = ax.imshow(values, cmap=cmap, origin=origin, extent=extent, interpolation="nearest")
    ax.figure.colorbar(image, ax=ax, label=label, shrink=0.8)
    return image


def spiral_grundy(values, ax=None, cmap="turbo_r"):
    """Seed 000 Fig. 4: Sprague-Grundy values of the queen game on the spiral (A274641).

    `values` is the library's table of the window of side N around the origin, indexed
    [row x, column y] from the top left (x = −(N−1)/2 … (N−1)/2), as `queengames grundy spiral
    --size N --csv` prints it. Its zeros are the exiled queens."""
    values = np.asarray(values)
    if values.ndim != 2 or values.shape[0] != values.shape[1] or values.shape[0] % 2 != 1:
        raise ValueError(f"the spiral's window is a square of odd side (got shape {values.shape})")
    r = values.shape[0] // 2
    fig, ax = _figure_and_axes(ax, (7.0, 6.0))
    _grundy_image(ax, values, (-r - 0.5, r + 0.5, r + 0.5, -r - 0.5), "upper", cmap, "Sprague-Grundy value")
    ax.set_xlabel("y (East)")
    ax.set_ylabel("x (South)")
    ax.set_title(f"{EXILE}, Fig. 4: Sprague-Grundy values on the spiral, {2 * r + 1}×{2 * r + 1}")
    return fig


def quadrant_grundy(size=500, values=None, ax=None, cmap="turbo_r"):
    """Seed 000 Fig. 5: the top left size × size corner of the Sprague-Grundy table of the single
    quadrant numbered by upward antidiagonals (Table 6), red for values near 0 to blue for
    large ones.

    The values are the library's A274528, the table read in the numbering of Table 5: cell
    (row r, column c) has number d(d + 1)/2 + c, d = r + c. Or pass `values`, a table indexed
    [row, column] from the top left (`queengames grundy quadrant --size WxH --out t.csv`)."""
    if values is None:
        if size < 1:
            raise ValueError(f"size must be at least 1 (got {size})")
        r, c = np.indices((size, size), dtype=np.int64)
        d = r + c
        terms = qg.bfile("A274528", (2 * size - 1) * 2 * size // 2)  # the antidiagonals d ≤ 2size − 2
        values = terms[d * (d + 1) // 2 + c]
    values = np.asarray(values)
    if values.ndim != 2:
        raise ValueError(f"the table is 2-dimensional (got shape {values.shape})")
    h, w = values.shape
    fig, ax = _figure_and_axes(ax, (7.0, 6.0))
    _grundy_image(ax, values, (-0.5, w - 0.5, h - 0.5, -0.5), "upper", cmap, "Sprague-Grundy value")
    ax.set_xlabel("column")
    ax.set_ylabel("row")
    ax.set_title(f"{EXILE}, Fig. 5: Sprague-Grundy values, the {w}×{h} corner of the quadrant")
    return fig


def quadrant_queens(n=10000, ax=None):
    """Seed 000 Fig. 6: the first n queens (c, S_c) on the single quadrant, column c across and
    row S_c down from the top left corner. S_c = A065188(c + 1) − 1 (seed 000 eq. (48)), the
    ∞-queens of Knuth's program (seed 002)."""
    rows = qg.infty_queens(n) - 1
    fig, ax = _figure_and_axes(ax, (6.0, 7.0))
    _points(ax, np.column_stack([np.arange(n), rows]), s=2)
    ax.set_xlim(0, n)
    ax.set_ylim(max(int(rows.max()), 1), 0)
    ax.set_aspect("equal")
    ax.set_xlabel("column c")
    ax.set_ylabel("row $S_c$")
    ax.set_title(f"{EXILE}, Fig. 6: the first {n} queens on the quadrant")
    return fig


# ---- seed 001: Corner the empress -----------------------------------------------------------


def queen_bee_differences(n=400000, ax=None):
    """Seed 001 Fig. 3: a_{b_n} − a_n − b_n against n, n = 1 … n, for Corner the Queen Bee
    (unbounded, Theorem 8; the first −5 at n = 310691).

    The P-positions come from the morphic route (period doubling, a ↦ ab, b ↦ aa); b_n = 2a_n
    < 3n + 3, so the pairs up to index 3n + 3 hold every a_{b_n}."""
    if n < 1:
        raise ValueError(f"n must be at least 1 (got {n})")
    pairs = qg.game("queen-bee").p_positions(3 * n + 3, via="morphic")
    a, b = pairs[:, 0], pairs[:, 1]
    index = np.arange(1, n + 1)
    difference = a[b[index]] - a[index] - b[index]
    fig, ax = _figure_and_axes(ax, (8.0, 4.0))
    ax.plot(index, difference, linestyle="none", marker=".", markersize=1.5, color="black")
    ax.set_xlabel("n")
    ax.set_ylabel("$a_{b_n} - a_n - b_n$")
    ax.set_xlim(0, n)
    ax.set_title(f"{EMPRESS}, Fig. 3: the Queen Bee")
    return fig


# ---- seed 003: Maharaja Nim -----------------------------------------------------------------


def _p_panel(ax, game, bound, title, lines=False, marker_size=None):
    points = _corner(game, bound)
    size = marker_size if marker_size is not None else max(1.0, min(30.0, 4000.0 / bound))
    _points(ax, points, s=size, marker="s")
    if lines:
        x = np.array([0, bound])
        ax.plot(x, PHI * x, color="tab:red", linewidth=0.8, label="y = φx")
        ax.plot(x, x / PHI, color="tab:blue", linewidth=0.8, label="y = x/φ")
        ax.legend(loc="upper left", fontsize="small")
    ax.set_xlim(-0.5, bound - 0.5)
    ax.set_ylim(-0.5, bound - 0.5)
    ax.set_aspect("equal")
    ax.set_xlabel("x")
    ax.set_ylabel("y")
    ax.set_title(title, fontsize="medium")
    return points


def maharaja_initial(bound=30, axes=None):
    """Seed 003 Fig. 2: the initial P-positions of Wythoff Nim and Maharaja Nim (coordinates
    below `bound`), side by side, with the grid of the positions."""
    fig, (left, right) = _figure_and_panels(axes, 2, (11.0, 5.5))
    for ax, name, label in ((left, "wythoff", "Wythoff Nim"), (right, "maharaja", "Maharaja Nim")):
        _p_panel(ax, qg.game(name), bound, label, marker_size=max(4.0, 3000.0 / bound))
        ax.set_xticks(np.arange(0, bound, 5 if bound > 20 else 1))
        ax.set_yticks(np.arange(0, bound, 5 if bound > 20 else 1))
        ax.set_xticks(np.arange(bound), minor=True)
        ax.set_yticks(np.arange(bound), minor=True)
        ax.grid(which="minor", linewidth=0.3, color="0.8")
    fig.suptitle(f"{MAHARAJA}, Fig. 2: the initial P-positions")
    return fig


def maharaja_bands(bound=1000, axes=None):
    """Seed 003 Fig. 3: the P-positions of Wythoff Nim (on the lines φx and x/φ) and of
    Maharaja Nim (within O(1) of them, Theorem 1.2), coordinates below `bound`."""
    fig, (left, right) = _figure_and_panels(axes, 2, (11.0, 5.5))
    _p_panel(left, qg.game("wythoff"), bound, "Wythoff Nim", lines=True)
    _p_panel(right, qg.game("maharaja"), bound, "Maharaja Nim", lines=True)
    fig.suptitle(f"{MAHARAJA}, Fig. 3: P-positions and the lines φx, x/φ")
    return fig


KL_PAIRS = ((3, 5), (4, 6), (4, 7), (5, 8), (6, 10), (7, 11))


def kl_maharaja(pairs=KL_PAIRS, bound=100, axes=None):
    """Seed 003 Fig. 8: the P-positions of (k, l)-Maharaja Nim with coordinates below 100 for
    (k, l) = (3, 5), (4, 6), (4, 7), (5, 8), (6, 10), (7, 11)."""
    fig, panels = _figure_and_panels(axes, len(pairs), (12.0, 8.5))
    for ax, (k, l) in zip(panels, pairs):
        _p_panel(ax, qg.game(f"kl-maharaja:{k},{l}"), bound, f"({k}, {l})-Maharaja Nim")
    fig.suptitle(f"{MAHARAJA}, Fig. 8: (k, l)-Maharaja Nim")
    return fig


def t2t_maharaja(ts=(10, 50, 100, None), bound=1500, axes=None):
    """Seed 003 Fig. 9: Wythoff Nim with the moves (t, 2t), (2t, t) adjoined for t ≤ T, T = 10,
    50, 100 and all t (None), coordinates below 1500.

    All t: from a position below `bound` a move (t, 2t) has 2t < bound, so within the picture
    the game with t ≤ ⌈bound/2⌉ is the game with every t."""
    fig, panels = _figure_and_panels(axes, len(ts), (11.0, 11.0) if len(ts) == 4 else (12.0, 8.5))
    for ax, t in zip(panels, ts):
        game = qg.game(f"t2t:{t if t is not None else (bound + 1) // 2}")
        label = f"t ≤ {t}" if t is not None else "t ∈ ℕ"
        _p_panel(ax, game, bound, f"Wythoff + (t, 2t), (2t, t), {label}", lines=True)
    fig.suptitle(f"{MAHARAJA}, Fig. 9: extensions of Wythoff Nim")
    return fig


# ---- seed 004: blocking queen games ---------------------------------------------------------


def _palace_image(ax, values, k, x0=0, y0=0, label="palace number v"):
    """Palace numbers with the origin in the top left corner (the queen moves north, west or
    north-west), coloured by v − k: below 0 the palaces (P-positions), from 0 up the others."""
    values = np.ma.asarray(values).astype(np.int64)  # a mask (blocking_comparison) is kept
    h, w = values.shape
    relative = values - int(k)
    low, high = int(relative.min()), int(relative.max())
    span = max(-low, high, 1)
    image = ax.imshow(relative, cmap="RdYlBu_r", vmin=-span, vmax=span, origin="upper", interpolation="nearest",
                      extent=(x0 - 0.5, x0 + w - 0.5, y0 + h - 0.5, y0 - 0.5))
    ax.figure.colorbar(image, ax=ax, label=f"{label} − k (palaces < 0)", shrink=0.8)
    ax.set_xlabel("x")
    ax.set_ylabel("y (down)")
    return image


def blocking_game5(k=5, size=11, ax=None):
    """Seed 004 Fig. 1: game 5 (k = 5) on the 11 × 11 board from (0, 0) in the top left: the
    palace number of each position (the number of winning moves available, ignoring blocking)
    with the paper's colours, and its value written in each cell."""
    values = qg.blocking(k).palace_numbers(size, size)
    top = int(values.max())
    # The paper's colours for 0 … 7: dark brown, dark olive, olive, light olive, yellow, black,
    # blue, indigo (palaces v < k are the first k); more values get further greys.
    paper = ["#4a2a0a", "#4b5320", "#808000", "#b5b35c", "#ffd700", "#000000", "#1f3fbf", "#4b0082"]
    colours = (paper + [str(g) for g in np.linspace(0.3, 0.9, max(top + 1 - len(paper), 1))])[: top + 1]
    cmap = ListedColormap(colours)
    norm = BoundaryNorm(np.arange(-0.5, top + 1.5), cmap.N)
    fig, ax = _figure_and_axes(ax, (7.0, 6.0))
    image = ax.imshow(values, cmap=cmap, norm=norm, origin="upper", interpolation="nearest")
    bar = fig.colorbar(image, ax=ax, ticks=np.arange(top + 1), label="palace number v", shrink=0.8)
    bar.ax.axhline(k - 0.5, color="red", linewidth=1.5)  # below the line: palaces
    for y in range(values.shape[0]):
        for x in range(values.shape[1]):
            ax.text(x, y, str(values[y, x]), ha="center", va="center", fontsize="x-small",
                    color="black" if values[y, x] in (3, 4) else "white")
    ax.set_xticks(np.arange(size))
    ax.set_yticks(np.arange(size))
    ax.set_xlabel("x")
    ax.set_ylabel("y (down)")
    ax.set_title(f"{BLOCKING}, Fig. 1: game {k}, palaces v < {k}")
    return fig


def blocking_regions(games=((100, 300), (1000, 3000)), axes=None, engine="ca"):
    """Seed 004 Fig. 3: the self-organised regions of game 100 (300 × 300) and game 1000
    (3000 × 3000): palace numbers of the top left corner, one panel per (k, side)."""
    fig, panels = _figure_and_panels(axes, len(games), (6.0 * len(games), 5.5))
    for ax, (k, side) in zip(panels, games):
        _palace_image(ax, qg.blocking(k).palace_numbers(side, side, engine=engine), k)
        ax.set_title(f"game {k}, {side}×{side}", fontsize="medium")
    fig.suptitle(f"{BLOCKING}, Fig. 3: self-organised regions")
    return fig


def blocking_comparison(k1=497, k2=500, shift=(1, 1), size=600, ax=None, engine="ca"):
    """Seed 004 Fig. 4: game k1 against game k2 shifted by (dx, dy): a cell (x, y) matches when
    v_k2(x + dx, y + dy) = v_k1(x, y) + (k2 − k1); matching cells show game k1's palace
    numbers, the others are masked white. (497, 500, (1, 1)) is the left picture, (499, 500,
    (1, 0)) the right one."""
    dx, dy = shift
    first = qg.blocking(k1).palace_numbers(size, size, engine=engine).astype(np.int64)
    second = qg.blocking(k2).palace_numbers(size + dx, size + dy, engine=engine).astype(np.int64)
    match = second[dy:, dx:] == first + (k2 - k1)
    fig, ax = _figure_and_axes(ax, (7.0, 6.0))
    _palace_image(ax, np.ma.masked_array(first, ~match), k1)
    ax.images[0].cmap.set_bad("white")
    ax.set_title(f"{BLOCKING}, Fig. 4: game {k1} against game {k2} shifted by ({dx}, {dy}); "
                 f"{match.mean():.1%} match", fontsize="medium")
    return fig


def blocking_armpit(k=9999, size=2000, ax=None, engine="ca"):
    """Seed 004 Fig. 5: game 9999, the armpit in the top left corner where the rift hits the
    seam (palace numbers of the size × size corner)."""
    fig, ax = _figure_and_axes(ax, (7.0, 6.0))
    _palace_image(ax, qg.blocking(k).palace_numbers(size, size, engine=engine), k)
    ax.set_title(f"{BLOCKING}, Fig. 5: game {k}, {size}×{size}")
    return fig


def blocking_prism(k=40003, size=2000, ax=None, engine="ca"):
    """Seed 004 Fig. 6: game 40003, a prism and its light beam (palace numbers of the size × size
    corner)."""
    fig, ax = _figure_and_axes(ax, (7.0, 6.0))
    _palace_image(ax, qg.blocking(k).palace_numbers(size, size, engine=engine), k)
    ax.set_title(f"{BLOCKING}, Fig. 6: game {k}, {size}×{size}")
    return fig


# ---- seed 002: the ∞-queens -----------------------------------------------------------------


def infty_discrepancies(n=100000, ax=None):
    """The ∞-queens' discrepancies (seed 002 §8): q_n − nφ for the high terms (q_n ≥ n) and
    q_n − n/φ for the low ones, against n. Drawn in floating point (the library's statistics
    and records, `queengames infty-queens --stats`, are the exact values)."""
    q = qg.infty_queens(n)
    index = np.arange(1, n + 1)
    high = q >= index
    fig, ax = _figure_and_axes(ax, (8.0, 4.5))
    ax.plot(index[high], q[high] - index[high] * PHI, linestyle="none", marker=".", markersize=1.5,
            color="tab:red", label="high ($q_n \\geq n$): $q_n - n\\varphi$")
    ax.plot(index[~high], q[~high] - index[~high] / PHI, linestyle="none", marker=".", markersize=1.5,
            color="tab:blue", label="low ($q_n < n$): $q_n - n/\\varphi$")
    ax.axhline(0, color="0.5", linewidth=0.5)
    ax.set_xlim(0, n)
    ax.set_xlabel("n")
    ax.set_ylabel("discrepancy")
    ax.legend(loc="upper right", fontsize="small", markerscale=6)
    ax.set_title(f"{KNUTH}: discrepancies of the first {n} terms")
    return fig
