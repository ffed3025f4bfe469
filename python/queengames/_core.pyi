# Type stubs for queengames._core (the C++ library bound with pybind11); docs/PYTHON.md.
from typing import Any, Optional, Sequence, Union

import numpy as np
import numpy.typing as npt


# Counts and indices: a Python int (or numpy integer), or a string as the CLI reads it ("10^6", "2^40", "1e9").
Count = Union[int, str]

def sequences() -> list[dict[str, Any]]:
    """Every catalogued OEIS sequence: anumber, name, offset, max_terms, route."""

def sequence(anumber: str) -> dict[str, Any]:
    """One catalogued sequence's dict; ValueError for an unknown A-number."""

def bfile(anumber: str, n: Count) -> npt.NDArray[np.int64]:
    """a(offset) … a(offset + n - 1) of a catalogued sequence (the CLI's `bfile ANUMBER N`).

    ValueError: unknown A-number. OverflowError: n outside 1..max_terms. MemoryError: too large."""

def word(name: str, n: Count, letters: bool = False) -> npt.NDArray[np.uint8]:
    """The first n letters of a fixed point: ranks in the sorted alphabet (a, b, c → 0, 1, 2), or ASCII codes."""

class Game:
    """A two-pile queen game; P-positions (a_n, b_n) with a_n ≤ b_n, a_n increasing, (a_0, b_0) = (0, 0)."""

    def __init__(self, ruleset: str) -> None: ...
    @property
    def name(self) -> str: ...
    @property
    def morphism(self) -> Optional[str]:
        """The morphism of the papers' morphic route, or None."""
    def p_positions(self, n: Count, via: str = "sweep") -> npt.NDArray[np.int64]:
        """(n, 2) array of (a_n, b_n), n = 0..n-1; via 'sweep' or 'morphic'."""
    def grundy(self, width: Count, height: Count, threads: int = 2) -> npt.NDArray[np.uint32]:
        """Sprague-Grundy values of the width × height corner, a (height, width) array indexed [y, x]."""
    def is_p(self, x: Count, y: Count) -> bool:
        """Whether (x, y) is a P-position; 0 ≤ x, y ≤ 2^32 - 3."""
    def nth(self, n: Count) -> tuple[int, int]:
        """(a_n, b_n) by the morphic route, 0 ≤ n ≤ 2^62; ValueError without a morphic route."""

def game(ruleset: str) -> Game:
    """The game of a ruleset as the CLI accepts it ('wythoff', 'maharaja', 'kqueen:3', 'a+b', …)."""

def rulesets() -> list[str]:
    """One line per ruleset name: its parameters and meaning."""

class Blocking:
    """k-Blocking Wythoff Nim (seed 004)."""

    def __init__(self, k: Count) -> None: ...
    @property
    def k(self) -> int: ...
    def palace_numbers(self, width: Count, height: Count, engine: str = "definition") -> npt.NDArray[np.uint32]:
        """Palace numbers v(x, y), a (height, width) array indexed [y, x]; palaces are v < k."""

def blocking(k: Count) -> Blocking:
    """k-Blocking Wythoff Nim, 1 ≤ k ≤ 10^9."""

class CheckResult:
    """The outcome of one claim checked up to a bound (truthy when it passed)."""

    id: str
    kind: str
    source: str
    statement: str
    unit: str
    passed: bool
    bound_asked: int
    bound_reached: int
    detail: str
    seconds: float
    def __bool__(self) -> bool: ...

def check(id: str, bound: Optional[Count] = None) -> CheckResult:
    """Checks one claim up to bound (None: its standard bound). OverflowError beyond its max bound."""

def check_all(patterns: Sequence[str] = ..., depth: str = "standard") -> list[CheckResult]:
    """Checks every claim selected by the id prefixes at each one's own bound ('tour', 'standard', 'deep')."""

def claims(patterns: Sequence[str] = ...) -> list[dict[str, Any]]:
    """The claims selected by the id prefixes (all for none)."""

def infty_queens(n: Count) -> npt.NDArray[np.int64]:
    """q_1 … q_n of the lexicographically first ∞-queens solution (A065188); index i holds q_{i+1}."""

class spiral:  # a submodule of _core: queens in exile on the square spiral (seed 000 §1–6)
    @staticmethod
    def nth(n: Count) -> tuple[int, int, int]:
        """The queen q_n, n < 2^120, as (cell, x, y) (x South, y East)."""
    @staticmethod
    def xymp(n: Count) -> tuple[int, int, int, int]:
        """Row n of the XYMP table, (X_n, Y_n, M_n, P_n), n < 2^120."""
    @staticmethod
    def queens(n: Count) -> npt.NDArray[np.int64]:
        """q_0 … q_{n-1} as an (n, 2) array of (x, y)."""

class InftyQueens:
    """The ∞-queens engine with its state: q_1, q_2, … in steps, with checkpoints."""

    def __init__(self) -> None: ...
    @property
    def terms(self) -> int: ...
    @property
    def memory_bytes(self) -> int: ...
    def step(self, n: Count) -> npt.NDArray[np.int64]:
        """The next n terms as an int64 array."""
    def save(self, path: str) -> None: ...
    @staticmethod
    def load(path: str) -> "InftyQueens": ...
