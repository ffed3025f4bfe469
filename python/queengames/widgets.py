"""Notebook widgets (anywidget): the atlas of `queengames serve`, and a playable board for every
two-pile game. `pip install queengames[widgets]` brings anywidget; `import queengames` works without it.

    >>> import queengames as qg
    >>> atlas = qg.widgets.Atlas("palace.5")      # the atlas's page; atlas.selected: the clicked cell
    >>> board = qg.widgets.Board("wythoff", size=16)
    >>> board.move(15, 5)                          # or a click; the engine answers (board.history)

The JavaScript draws and forwards clicks only: the rules, the P-positions and the engine's replies
are the library's (Game.options, Game.is_p, Game.grundy), decided here in Python.
"""

from __future__ import annotations

import re
import signal
import subprocess
import tempfile
import urllib.parse
import weakref
from pathlib import Path
from typing import Any, Optional, Sequence

try:
    import anywidget
    import traitlets
except ImportError as error:  # an optional dependency: say which package brings it
    raise ImportError("queengames.widgets needs anywidget: pip install anywidget (or queengames[widgets])") from error

from ._core import Game, game

__all__ = ["Atlas", "Board"]

_HERE = Path(__file__).resolve().parent


# ---- the atlas --------------------------------------------------------------------------------


def _stop(process: subprocess.Popen[str]) -> None:
    """Ctrl-C's signal, as a user stops `queengames serve` (it ends within a second), then a kill."""
    if process.poll() is not None:
        return
    process.send_signal(signal.SIGINT)
    try:
        process.wait(timeout=10)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait()


class Atlas(anywidget.AnyWidget):
    """The atlas of `queengames serve` (docs/ATLAS.md) in a notebook: the same page and tiles,
    from a child server on a free loopback port that this widget starts and stops (close(), or
    the kernel's exit).

    `selected` is the last clicked cell as the page's click panel has it (the server's
    /cell/TABLE/X/Y: table, x, y, value, p, n, notes, options …); observe it for clicks:
    atlas.observe(lambda change: print(change["new"]["x"]), "selected").
    The browser must reach the kernel's loopback (a local Jupyter).
    """

    _esm = _HERE / "atlas_widget.js"
    url = traitlets.Unicode("").tag(sync=True)
    height = traitlets.Int(600).tag(sync=True)
    selected = traitlets.Dict().tag(sync=True)

    def __init__(
        self,
        table: str = "grundy.wythoff",
        *,
        x: Optional[int] = None,
        y: Optional[int] = None,
        z: Optional[int] = None,
        mode: Optional[str] = None,
        side: Optional[int] = None,
        cache: Optional[str] = None,
        height: int = 600,
        serve_args: Sequence[str] = (),
    ) -> None:
        args = ["serve", "--port", "0", "--bind", "127.0.0.1"]
        if side is not None:
            args += ["--side", str(side)]
        if cache is not None:
            args += ["--cache", cache]
        self._process, self._port = self._start([*args, *serve_args])
        self._finalizer = weakref.finalize(self, _stop, self._process)  # also at the interpreter's exit
        view = {"t": table, "mode": mode, "x": x, "y": y, "z": z}
        fragment = urllib.parse.urlencode({k: v for k, v in view.items() if v is not None})
        super().__init__(url=f"{self.server}/#{fragment}", height=height)

    @staticmethod
    def _start(args: list[str]) -> tuple[subprocess.Popen[str], int]:
        cli = _HERE / "bin" / "queengames"
        errors = tempfile.TemporaryFile(mode="w+")  # the server's warnings, read back if it fails
        process = subprocess.Popen([str(cli), *args], stdout=subprocess.PIPE, stderr=errors, text=True,
                                   start_new_session=True)  # Ctrl-C in the notebook is the kernel's, not the server's
        assert process.stdout is not None
        line = process.stdout.readline()  # "queengames: serving the atlas at http://127.0.0.1:PORT/ …"
        match = re.search(r"http://127\.0\.0\.1:(\d+)/", line)
        if not match:
            _stop(process)
            errors.seek(0)
            raise RuntimeError(f"queengames serve did not start: {errors.read().strip() or line.strip()}")
        errors.close()
        return process, int(match.group(1))

    @property
    def server(self) -> str:
        """The child server's address, http://127.0.0.1:PORT."""
        return f"http://127.0.0.1:{self._port}"

    @property
    def running(self) -> bool:
        return self._process.poll() is None

    def close(self) -> None:
        """Closes the widget and stops its server."""
        finalizer = getattr(self, "_finalizer", None)  # absent when the server did not start
        if finalizer is not None:
            finalizer()
        super().close()


# ---- the board ---------------------------------------------------------------------------------


class Board(anywidget.AnyWidget):
    """A playable board of a two-pile game (qg.game(ruleset)): the queen on the corner's cell
    (x, y), x the column and y the row from the top left (the atlas's orientation); a move takes
    her to an option of the ruleset, and whoever cannot move loses. You move first (a click on a
    cell, or move(x, y)); the engine answers with a move into a P-position where one exists (a
    winning move), else with the shortest move it has (the longest game). `overlay` shows the
    P-positions (value 0 of Game.grundy). State: position, history ([{by, x, y}, …]),
    options (the queen's moves, drawn as rings), p_positions, overlay, message, over.
    """

    _esm = _HERE / "board.js"
    ruleset = traitlets.Unicode("").tag(sync=True)
    size = traitlets.Int(16).tag(sync=True)
    position = traitlets.List(traitlets.Int()).tag(sync=True)
    history = traitlets.List(traitlets.Dict()).tag(sync=True)
    options = traitlets.List(traitlets.List(traitlets.Int())).tag(sync=True)
    p_positions = traitlets.List(traitlets.List(traitlets.Int())).tag(sync=True)
    overlay = traitlets.Bool(False).tag(sync=True)
    message = traitlets.Unicode("").tag(sync=True)
    over = traitlets.Bool(False).tag(sync=True)
    # Written by the view on a click: {x, y, n}, n counting the view's clicks; emptied once the click
    # is played, so that the next one is a change even from another view of the board.
    click = traitlets.Dict().tag(sync=True)

    def __init__(self, ruleset: str = "wythoff", size: int = 16, start: Optional[Sequence[int]] = None,
                 overlay: bool = False, engine: bool = True) -> None:
        if not 2 <= size <= 256:
            raise ValueError(f"size must be 2 … 256 (got {size})")
        self._game: Game = game(ruleset)
        self._engine = engine
        super().__init__(ruleset=self._game.name, size=size, overlay=overlay)
        self.observe(self._on_click, names="click")
        self.reset(start)

    @property
    def game(self) -> Game:
        return self._game

    def reset(self, start: Optional[Sequence[int]] = None) -> None:
        """A new game from `start` (default: the last column, the middle row)."""
        x, y = (self.size - 1, self.size // 2) if start is None else (int(start[0]), int(start[1]))
        if x < 0 or y < 0:
            raise ValueError(f"({x}, {y}) is not a position")
        self.history = [{"by": "start", "x": x, "y": y}]
        self._place(x, y)
        self.message = f"your move from ({x}, {y})" if self.options else f"({x}, {y}) has no moves: the game is over"
        self.over = not self.options

    def legal(self, x: int, y: int) -> bool:
        """Whether (x, y) is an option of the queen's position (the library's Game.options)."""
        return [x, y] in self.options

    def winning_moves(self) -> list[tuple[int, int]]:
        """The options that are P-positions (Game.is_p): the moves that win."""
        return [(x, y) for x, y in self.options if self._game.is_p(x, y)]

    def move(self, x: int, y: int) -> None:
        """Your move to (x, y), then the engine's answer; ValueError for a move the ruleset has not."""
        if self.over:
            raise ValueError("the game is over (reset() starts another)")
        if not self.legal(x, y):
            px, py = self.position
            raise ValueError(f"({x}, {y}) is not a move of {self._game.name} from ({px}, {py})")
        self._play("you", x, y)
        if not self.options:
            self.message = f"you moved to ({x}, {y}), which has no moves: you win"
            self.over = True
            return
        if not self._engine:
            self.message = f"({x}, {y}); your move"
            return
        winning = self.winning_moves()
        # No winning move: the option nearest the queen (the largest x + y), so that the game lasts.
        ex, ey = winning[0] if winning else max(self.options, key=lambda o: (o[0] + o[1], -o[0]))
        self._play("engine", ex, ey)
        reply = "a P-position" if winning else "no P-position was in reach"
        if not self.options:
            self.message = f"the engine moved to ({ex}, {ey}), which has no moves: the engine wins"
            self.over = True
        else:
            self.message = f"the engine moved to ({ex}, {ey}) ({reply}); your move"

    def _play(self, by: str, x: int, y: int) -> None:
        self.history = [*self.history, {"by": by, "x": x, "y": y}]
        self._place(x, y)

    def _place(self, x: int, y: int) -> None:
        options = [[int(a), int(b)] for a, b in self._game.options(x, y).tolist()]
        # Rulesets whose moves may increase a coordinate (bounce, reflection) reach past the corner
        # drawn: it grows to hold the queen and her options.
        side = max([self.size, x + 1, y + 1, *(max(o) + 1 for o in options)])
        if side != self.size or not self.p_positions:
            values = self._game.grundy(side, side)
            rows, columns = (values == 0).nonzero()  # values is indexed [y, x]
            self.p_positions = [[int(px), int(py)] for px, py in zip(columns, rows)]
            self.size = side
        self.position = [x, y]
        self.options = options

    def _on_click(self, change: dict[str, Any]) -> None:
        cell = change["new"]
        if "x" not in cell or "y" not in cell:
            return
        try:
            self.move(int(cell["x"]), int(cell["y"]))
        except ValueError as error:
            self.message = str(error)
        self.click = {}

