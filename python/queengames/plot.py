"""queengames.plot: the papers' figures, drawn with matplotlib from the library's descriptions.

Every figure of the five seed papers is in the catalogue ``FIGURES`` (the same as
``queengames draw --list``): ``figure(id, **parameters)`` asks the library for the figure's
description — its panels, axes, data, colours and key, computed in C++ (queengames._core.figures)
— and draws it; ``queengames draw ID`` draws the same description with cairo, so the two front
ends cannot drift. Nothing here computes the mathematics: it only draws.

    >>> from queengames import plot
    >>> fig = plot.figure("exile-fig3")             # seed 000 Fig. 3 at the paper's scale
    >>> fig = plot.figure("exile-fig3", radius=200)  # the same figure, smaller
    >>> fig.savefig("fig3.pdf")

Tables with more cells than their axes have pixels are decimated by the library's rule (block
majority for categories such as palace numbers, block minimum for Grundy values, so that the
zeros survive), never by picking cells, and the figure says so below its panels. The figures
are built without pyplot, so they work with any backend (Agg in the tests, inline in Jupyter).
"""

from __future__ import annotations

import math
import textwrap
from typing import Any, NamedTuple

import numpy as np
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.cm import ScalarMappable
from matplotlib.collections import EllipseCollection, LineCollection, PolyCollection
from matplotlib.colors import ListedColormap, Normalize
from matplotlib.figure import Figure
from matplotlib.lines import Line2D
from matplotlib.patches import Patch
from matplotlib.transforms import offset_copy

from . import _core

__all__ = [
    "FIGURES",
    "Entry",
    "DPI",
    "figure",
    "describe",
    "draw",
    "game",
    "grundy",
    "palaces",
    "comparison",
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

DPI = 150  # the figures' pixels an inch unless told otherwise


class Entry(NamedTuple):
    """A figure of the catalogue: the paper and figure, what it shows, its parameters at the
    paper's scale (name → value) and the CLI command and Python call that redraw it."""

    id: str
    alias: str
    seed: int
    paper: str
    figure: str
    caption: str
    region: str
    parameters: dict[str, Any]
    drawn: bool
    command: str
    python: str


FIGURES = {
    e["id"]: Entry(e["id"], e["alias"], e["seed"], e["paper"], e["figure"], e["caption"], e["region"],
                   {p["name"]: p["value"] for p in e["parameters"]}, e["drawn"], e["command"], e["python"])
    for e in _core.figures.catalogue()
}


def describe(id, *, dpi=DPI, width=6.4, force=False, **parameters):
    """The library's description of a catalogue figure (dicts and numpy arrays), computed for a
    drawing of `width` inches at `dpi`."""
    return _core.figures.figure(id, parameters, resolution=_resolution(width, dpi), force=force)


def figure(id, *, axes=None, dpi=DPI, force=False, **parameters):
    """A figure of the catalogue (an id of FIGURES or its alias), at the paper's scale unless
    parameters say otherwise; `axes` (one per panel) to draw into an existing figure."""
    return draw(describe(id, dpi=dpi, force=force, **parameters), axes=axes, dpi=dpi)


def game(ruleset, size=100, lines=False, *, axes=None, dpi=DPI):
    """A game's P-positions with x, y < size (`queengames draw game`)."""
    return draw(_core.figures.game(ruleset, size, lines, _resolution(6.4, dpi)), axes=axes, dpi=dpi)


def grundy(name, size, piece="queen", *, axes=None, dpi=DPI):
    """The Sprague-Grundy table of a board or a ruleset, N×N (`queengames draw grundy`)."""
    return draw(_core.figures.grundy(name, size, piece, _resolution(6.4, dpi)), axes=axes, dpi=dpi)


def palaces(k, size, at=(0, 0), *, axes=None, dpi=DPI):
    """Palace numbers of k-Blocking Wythoff Nim in the window of `size` (N or (W, H)) whose upper
    left cell is `at` (`queengames draw blocking`)."""
    w, h = (size, size) if np.ndim(size) == 0 else size
    return draw(_core.figures.palaces(k, w, h, at[0], at[1], _resolution(6.4, dpi)), axes=axes, dpi=dpi)


def comparison(k1, k2, shift=(1, 1), size=1500, *, axes=None, dpi=DPI):
    """Game k1 against game k2 shifted by `shift` (seed 004 Fig. 4, `draw blocking --compare`)."""
    return draw(_core.figures.comparison(k1, k2, shift[0], shift[1], size, size, _resolution(6.4, dpi)),
                axes=axes, dpi=dpi)


# ---- the figures under the names they have long had -----------------------------------------


def spiral_queens(radius=1000, ax=None):
    """Seed 000 Fig. 3: the queens with max(|x|, |y|) ≤ radius (1409 of them for 1000)."""
    return figure("exile-fig3", axes=ax, radius=radius)


def spiral_grundy(radius=5, ax=None):
    """Seed 000 Fig. 4: Sprague-Grundy values on the spiral, max(|x|, |y|) ≤ radius."""
    return figure("exile-fig4", axes=ax, radius=radius)


def quadrant_grundy(size=500, ax=None):
    """Seed 000 Fig. 5: the top size × size corner of the quadrant's Sprague-Grundy values."""
    return figure("exile-fig5", axes=ax, size=size)


def quadrant_queens(n=10000, ax=None):
    """Seed 000 Fig. 6: the first n queens (c, S_c) on the single quadrant."""
    return figure("exile-fig6", axes=ax, count=n)


def queen_bee_differences(n=400000, ax=None):
    """Seed 001 Fig. 3: a_{b_n} − a_n − b_n against n for Corner the Queen Bee."""
    return figure("empress-fig3", axes=ax, n=n)


def maharaja_initial(bound=50, ax=None):
    """Seed 003 Fig. 2: the initial P-positions of Wythoff Nim and Maharaja Nim, 0 … bound."""
    return figure("maharaja-fig2", axes=ax, size=bound)


def maharaja_bands(bound=1000, axes=None):
    """Seed 003 Fig. 3: Wythoff's P-positions on the lines φx, x/φ, Maharaja's within bands."""
    return figure("maharaja-fig3", axes=axes, size=bound)


def kl_maharaja(bound=100, axes=None):
    """Seed 003 Fig. 8: (k, l)-Maharaja Nim for the paper's six pairs, coordinates below bound."""
    return figure("maharaja-fig8", axes=axes, size=bound)


def t2t_maharaja(bound=1500, axes=None):
    """Seed 003 Fig. 9: Wythoff Nim with (t, 2t), (2t, t) adjoined, coordinates below bound."""
    return figure("maharaja-fig9", axes=axes, size=bound)


def blocking_game5(ax=None):
    """Seed 004 Fig. 1: game 5 on the 11 × 11 board, each cell's palace number."""
    return figure("blocking-fig1", axes=ax)


def blocking_regions(k1=100, k2=1000, zoom=100, axes=None):
    """Seed 004 Fig. 3: games k1 and k2 on 3k × 3k cells, and close-ups by the nose and shoulder."""
    return figure("blocking-fig3", axes=axes, k1=k1, k2=k2, zoom=zoom)


def blocking_comparison(size=1500, axes=None):
    """Seed 004 Fig. 4: 497 against 500 at (x + 1, y + 1), 499 against 500 at (x + 1, y)."""
    return figure("blocking-fig4", axes=axes, size=size)


def blocking_armpit(k=9999, size=4000, ax=None):
    """Seed 004 Fig. 5: game k around its armpit, located from the data."""
    return figure("blocking-fig5", axes=ax, k=k, size=size)


def blocking_prism(k=40003, size=12000, ax=None):
    """Seed 004 Fig. 6: game k around its prism, located from the data."""
    return figure("blocking-fig6", axes=ax, k=k, size=size)


def infty_discrepancies(n=10**6, axes=None):
    """The ∞-queens' discrepancies against nφ and n/φ (seed 002; seed 000 (49)–(50))."""
    return figure("knuth-discrepancies", axes=axes, count=n)


# ---- drawing a description ----------------------------------------------------------------

_FONT = 9.0


def _resolution(width, dpi):
    return int(min(max(round(width * dpi), 16), 16384))


def _rgb(c):
    return tuple(v / 255 for v in c)


def _frame_aspect(desc, panel):
    (x0, x1), (y0, y1) = panel["x_range"], panel["y_range"]
    return min((y1 - y0) / (x1 - x0), 1.5) if panel["equal_aspect"] else desc["aspect"]


def _key(panel):
    """The key's entries as (kind, label, colour, marker, dashed), its title, and its gradient."""
    entries, title, gradient = [], [], None
    bars = [r["bar"] for r in panel["rasters"]] + [c["bar"] for c in panel["cells"]]
    for bar in bars:
        if len(bar["gradient"]):
            gradient = bar
        elif bar["label"] and bar["swatches"]:
            title.append(bar["label"])
        entries += [("patch", label, colour, "square", False) for label, colour in bar["swatches"]]
    entries += [("patch", c["label"], tuple(c["colour"][0]), "square", False)
                for c in panel["cells"] if c["label"] and len(c["colour"])]
    entries += [("line", l["label"], l["colour"], "square", l["dashed"]) for l in panel["lines"] if l["label"]]
    entries += [("dot", s["label"], s["colour"], s["marker"], False) for s in panel["series"] if s["label"]]
    return entries, " ".join(title), gradient


def _handle(kind, label, colour, marker, dashed):
    if kind == "patch":
        return Patch(facecolor=_rgb(colour), edgecolor="0.4", linewidth=0.4, label=label)
    if kind == "line":
        return Line2D([], [], color=_rgb(colour), linewidth=1.2, linestyle="--" if dashed else "-", label=label)
    return Line2D([], [], linestyle="none", marker="s" if marker == "square" else "o", markersize=5,
                  markerfacecolor="none" if marker == "ring" else _rgb(colour), markeredgecolor=_rgb(colour),
                  label=label)


def _polygons(shape, x, y, size):
    if shape == "square":
        h = size / 2
        corners = np.array([[-h, -h], [h, -h], [h, h], [-h, h]])
    else:  # pointy-topped hexagons `size` across the flats
        r = size / math.sqrt(3)
        angles = np.pi / 6 + np.arange(6) * np.pi / 3
        corners = np.column_stack([r * np.cos(angles), r * np.sin(angles)])
    return np.stack([x, y], axis=1)[:, None, :] + corners[None, :, :]


def _raster_extent(r, panel):
    rows, columns = r["code"].shape
    left, top = r["x0"] - r["cell"] / 2, r["y0"] - r["cell"] / 2
    return (left, left + columns * r["cell"], top + rows * r["cell"], top) if panel["y_down"] else \
        (left, left + columns * r["cell"], top, top + rows * r["cell"])


def _density_rgba(counts, colour):
    """The library's shading of binned points: opacity 0.5 + 0.5·log(1 + c)/log(1 + max)."""
    top = math.log1p(counts.max()) if counts.size and counts.max() > 0 else 1.0
    rgba = np.zeros(counts.shape + (4,))
    rgba[..., :3] = _rgb(colour)
    rgba[..., 3] = np.where(counts > 0, 0.5 + 0.5 * np.log1p(counts) / top, 0)
    return rgba


def _sum_bins(counts, rows, columns):
    """Bins summed into rows × columns cells by their centres (no point is lost)."""
    r0, c0 = counts.shape
    ri = np.minimum(((np.arange(r0) + 0.5) * rows / r0).astype(int), rows - 1)
    ci = np.minimum(((np.arange(c0) + 0.5) * columns / c0).astype(int), columns - 1)
    out = np.zeros((rows, columns), dtype=np.int64)
    np.add.at(out, (ri[:, None], ci[None, :]), counts)
    return out


def _panel(fig, ax, panel, desc, key):
    (x0, x1), (y0, y1) = panel["x_range"], panel["y_range"]
    rasters, densities = [], []
    for r in panel["rasters"]:
        # aspect="auto": imshow would make a unit as long on both axes, which the panel asks for
        # itself when it wants it (a 10^6 × 4 panel of binned points collapsed into a line).
        image = ax.imshow(r["palette"][r["code"]], extent=_raster_extent(r, panel), interpolation="nearest",
                          origin="upper" if panel["y_down"] else "lower", aspect="auto", zorder=0)
        rasters.append((image, r))
    for c in panel["cells"]:
        ax.add_collection(PolyCollection(_polygons(c["shape"], c["x"], c["y"], c["size"]),
                                         facecolors=c["colour"] / 255.0, edgecolors="0.55" if c["outline"] else "none",
                                         linewidths=0.4, zorder=1))
    if panel["cell_grid"]:
        xs = np.arange(math.ceil(x0 - 0.5) + 0.5, x1, 1.0)
        ys = np.arange(math.ceil(y0 - 0.5) + 0.5, y1, 1.0)
        segments = [[(x, y0), (x, y1)] for x in xs] + [[(x0, y), (x1, y)] for y in ys]
        ax.add_collection(LineCollection(segments, colors="0.8", linewidths=0.4, zorder=1.5))
    for l in panel["lines"]:
        ax.plot(l["x"], l["y"], color=_rgb(l["colour"]), linewidth=l["width"],
                linestyle=(0, (3.5, 2)) if l["dashed"] else "-", solid_capstyle="butt", zorder=2)
    for s in panel["series"]:
        colour = _rgb(s["colour"])
        if s["binned"]:
            image = ax.imshow(_density_rgba(s["count"], s["colour"]), extent=(x0, x1, y1, y0) if panel["y_down"]
                              else (x0, x1, y0, y1), origin="upper", interpolation="nearest", aspect="auto",
                              zorder=3)
            densities.append((image, s))
        elif s["extent"] > 0 and s["marker"] == "square":
            ax.add_collection(PolyCollection(_polygons("square", s["x"], s["y"], s["extent"]), facecolors=[colour],
                                             edgecolors="none", zorder=3))
        elif s["extent"] > 0:
            ring = s["marker"] == "ring"
            n = len(s["x"])
            ax.add_collection(EllipseCollection(np.full(n, s["extent"]), np.full(n, s["extent"]), np.zeros(n),
                                                units="xy", offsets=np.column_stack([s["x"], s["y"]]),
                                                offset_transform=ax.transData,
                                                facecolors="none" if ring else [colour], edgecolors=[colour],
                                                linewidths=1.6 if ring else 0, zorder=3))
        else:
            ring = s["marker"] == "ring"
            ax.scatter(s["x"], s["y"], s=s["size"] ** 2, marker="s" if s["marker"] == "square" else "o",
                       facecolors="none" if ring else [colour], edgecolors=[colour] if ring else "none",
                       linewidths=max(0.8, s["size"] / 14) if ring else 0, zorder=3)
    for t in panel["labels"]:
        ax.text(t["x"], t["y"], t["text"], ha={0: "left", 1: "right"}.get(t["ax"], "center"),
                va={0: "top", 1: "bottom"}.get(t["ay"], "center"), fontsize=_FONT * t["size"], color=_rgb(t["colour"]),
                zorder=4, clip_on=True)
    ax.set_xlim(x0, x1)
    ax.set_ylim((y1, y0) if panel["y_down"] else (y0, y1))
    if panel["equal_aspect"]:
        ax.set_aspect("equal")
    ax.ticklabel_format(style="plain", useOffset=False)  # 1000000 as the CLI writes it, not 1.0 and 1e6
    for ticks, labels, axis in ((panel["x_ticks"], panel["x_tick_labels"], ax.xaxis),
                                (panel["y_ticks"], panel["y_tick_labels"], ax.yaxis)):
        if ticks:
            axis.set_ticks(ticks, labels=labels if len(labels) == len(ticks) else None)
    ax.set_xlabel(panel["x_label"], fontsize=_FONT)
    ax.set_ylabel(panel["y_label"], fontsize=_FONT)
    ax.tick_params(labelsize=_FONT)
    if panel["title"]:
        columns = max(1, min(desc["columns"], len(desc["panels"])))
        chars = int(0.65 * desc["width"] / columns * 72 / (0.55 * (_FONT + 0.5)))  # the axes' share, 0.55 em a character
        ax.set_title("\n".join(textwrap.wrap(panel["title"], chars)), fontsize=_FONT + 0.5)
    entries, title, gradient = _key(panel)
    if gradient is not None:
        bar = fig.colorbar(ScalarMappable(Normalize(gradient["vmin"], gradient["vmax"]),
                                          ListedColormap(gradient["gradient"] / 255.0)), ax=ax, shrink=0.8)
        bar.set_label(gradient["label"], fontsize=_FONT)
        bar.ax.tick_params(labelsize=_FONT)
    if key and entries:
        columns = max(1, min(desc["columns"], len(desc["panels"])))
        _legend(ax, entries, title, below=columns > 1 or max(len(e[1]) for e in entries) > 30,
                width=desc["width"] / columns)
    return rasters, densities


def _legend(ax, entries, title, below, width):
    handles = [_handle(*e) for e in entries]
    if below:
        # As many columns as the width holds, at about 5 points a character of 9-point text.
        columns = max(1, min(len(handles), int(width * 72 / 5 / max(len(e[1]) + 6 for e in entries))))
        # Below the tick labels and the axis label: 36 points under the axes.
        below_axes = offset_copy(ax.transAxes, fig=ax.figure, y=-36, units="points")
        ax.legend(handles=handles, loc="upper center", bbox_to_anchor=(0.5, 0), bbox_transform=below_axes,
                  ncol=columns, frameon=False, fontsize=_FONT, title=title or None, title_fontsize=_FONT)
    else:
        ax.legend(handles=handles, loc="upper left", bbox_to_anchor=(1.02, 1.0), borderaxespad=0, frameon=False,
                  fontsize=_FONT, title=title or None, title_fontsize=_FONT)


def _height(desc, columns, rows):
    frame = desc["width"] / columns * 0.62
    panels = desc["panels"]
    heights = [max(_frame_aspect(desc, panels[i]) * frame for i in range(r * columns, min(len(panels), (r + 1) * columns)))
               for r in range(rows)]
    return 0.8 + sum(h + 1.1 for h in heights)


def draw(desc, axes=None, dpi=DPI):
    """Draws a description (describe(), or the _core.figures functions) and returns the Figure."""
    panels = desc["panels"]
    n = len(panels)
    columns = max(1, min(desc["columns"], n))
    rows = math.ceil(n / columns)
    if axes is None:
        fig = Figure(figsize=(desc["width"], _height(desc, columns, rows)), dpi=dpi, layout="constrained")
        grid = list(np.ravel(fig.subplots(rows, columns, squeeze=False)))
        for extra in grid[n:]:
            extra.remove()
        axs = grid[:n]
    else:
        axs = list(np.ravel(axes))
        if len(axs) != n:
            raise ValueError(f"this figure has {n} panel{'s' if n > 1 else ''}: pass {n} axes (got {len(axs)})")
        fig = axs[0].figure
    keys = [_key(p)[:2] for p in panels]
    shared = n > 1 and keys[0][0] and all(k == keys[0] for k in keys)
    drawn = [_panel(fig, ax, p, desc, key=not shared) for ax, p in zip(axs, panels)]
    if shared:
        _legend(axs[-1], keys[0][0], keys[0][1], below=True, width=desc["width"])
    width_chars = int(0.9 * desc["width"] * 72 / (0.55 * 10))  # 10-point text, about 0.55 em a character
    title = textwrap.wrap(desc["title"], width_chars) + textwrap.wrap(desc["subtitle"], width_chars)
    fig.suptitle("\n".join(title), fontsize=10)
    if axes is None:
        _fit_width(fig, axs, panels)
    _fit_to_axes(fig, axs, panels, drawn, desc)
    return fig


def _fit_width(fig, axs, panels):
    """A panel of equal aspect takes its width from its height: a figure whose contents came out
    wider than its page (seed 000 Fig. 6, 1.6 times as tall as wide, cut its axis label and key)
    is made shorter by what that costs the tallest such panel, until it fits."""
    tall = [ax for ax, p in zip(axs, panels) if p["equal_aspect"]]
    if not tall:
        return
    if type(fig.canvas).__name__ == "FigureCanvasBase":  # a Figure() of no backend yet
        FigureCanvasAgg(fig)
    for _ in range(3):
        fig.canvas.draw()
        box = fig.get_tightbbox(fig.canvas.get_renderer())  # inches
        over = max(0.0, -box.x0) + max(0.0, box.x1 - fig.get_figwidth())
        if over < 0.01:
            return
        ratio = max(ax.get_window_extent().height / max(ax.get_window_extent().width, 1) for ax in tall)
        fig.set_figheight(fig.get_figheight() - (over + 0.05) * ratio)


def _fit_to_axes(fig, axs, panels, drawn, desc):
    """After the layout: tables with more cells than their axes have pixels are decimated by the
    library's rule (never resampled), binned points are summed into cells of their marker's
    size, and the note below the figure says how the tables were decimated."""
    if type(fig.canvas).__name__ == "FigureCanvasBase":  # a Figure() of no backend yet
        FigureCanvasAgg(fig)
    fig.canvas.draw()
    blocks = []
    for ax, panel, (rasters, densities) in zip(axs, panels, drawn):
        box = ax.get_window_extent()
        for image, r in rasters:
            rows, columns = r["code"].shape
            (x0, x1), (y0, y1) = panel["x_range"], panel["y_range"]
            cells_x, cells_y = (x1 - x0) / r["cell"], (y1 - y0) / r["cell"]
            block = max(1, math.ceil(max(cells_x / max(box.width, 1), cells_y / max(box.height, 1)) - 1e-9))
            if block > 1:
                code = _core.figures.decimate(r["code"], len(r["palette"]), r["decimation"], block)
                image.set_data(r["palette"][code])
                cell = r["cell"] * block
                decimated = dict(r, code=code, cell=cell, x0=r["x0"] + r["cell"] * (block - 1) / 2,
                                 y0=r["y0"] + r["cell"] * (block - 1) / 2)
                image.set_extent(_raster_extent(decimated, panel))
            blocks.append((r["decimation"], r["block"] * block))
        for image, s in densities:
            dot = max(s["size"] * fig.dpi / 72, 1.0)
            rows = min(s["count"].shape[0], max(1, round(box.height / dot)))
            columns = min(s["count"].shape[1], max(1, round(box.width / dot)))
            image.set_data(_density_rgba(_sum_bins(s["count"], rows, columns), s["colour"]))
    notes = [desc["note"]] if desc["note"] else []
    decimation = _core.figures.decimation_note(blocks)
    if decimation:
        notes.append(decimation)
    if notes:
        width_chars = int(desc["width"] * 72 / (0.5 * 8))
        fig.supxlabel("\n".join(line for note in notes for line in textwrap.wrap(note, width_chars)), fontsize=8,
                      color="0.3", ha="left", x=0.01)
