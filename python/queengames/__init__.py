"""queengames: the mathematics of queen games, from Python.

The functions are the C++ library's own (bound in queengames._core); see docs/PYTHON.md.

    >>> import queengames as qg
    >>> qg.bfile("A000201", 5)          # lower Wythoff sequence, a(1..5)
    array([1, 3, 4, 6, 8])
    >>> qg.game("wythoff").nth(10**18)  # the 10^18-th P-position, by the morphic route
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Iterator

if TYPE_CHECKING:  # numpy is imported when an array is first made, not by `import queengames`
    import numpy as np
    import numpy.typing as npt

from ._core import (
    AcceptedTuples,
    Automaton,
    Blocking,
    CheckResult,
    Dictionary,
    DictionaryRun,
    Game,
    InftyQueens,
    ProofResult,
    Session,
    WalnutError,
    bfile,
    blocking,
    boards,
    check,
    check_all,
    claim_kinds,
    claims,
    game,
    infty_queens,
    numeration,
    prove,
    rulesets,
    sequence,
    sequences,
    spiral,
    synthesize,
    word,
)

__all__ = [
    "AcceptedTuples",
    "Automaton",
    "Blocking",
    "CheckResult",
    "Dictionary",
    "DictionaryRun",
    "Game",
    "InftyQueens",
    "ProofResult",
    "Session",
    "WalnutError",
    "bfile",
    "blocking",
    "boards",
    "check",
    "check_all",
    "claim_kinds",
    "claims",
    "game",
    "infty_queens",
    "infty_queens_chunks",
    "numeration",
    "prove",
    "rulesets",
    "sequence",
    "sequences",
    "spiral",
    "synthesize",
    "word",
]


def infty_queens_chunks(n: int, chunk: int = 1 << 24) -> Iterator[npt.NDArray[np.int64]]:
    """Yields q_1 … q_n of the ∞-queens (A065188) as int64 arrays of at most `chunk` terms.

    For runs whose terms do not fit in memory at once: one engine (InftyQueens) is stepped
    from chunk to chunk, about 0.08 bytes per term besides the chunk; Ctrl-C stops between
    chunks. np.concatenate(list(infty_queens_chunks(n))) equals infty_queens(n).
    """
    engine = InftyQueens()
    while engine.terms < n:
        yield engine.step(min(chunk, n - engine.terms))


def __getattr__(name: str) -> Any:
    """`qg.widgets` imports queengames.widgets on first use: it needs anywidget
    (`pip install queengames[widgets]`), which `import queengames` does not."""
    if name == "widgets":
        import importlib

        return importlib.import_module(".widgets", __name__)
    raise AttributeError(f"module 'queengames' has no attribute '{name}'")


def load_ipython_extension(ipython: Any) -> None:
    """`%load_ext queengames` in IPython or Jupyter: the %%walnut and %dt magics (queengames.magics)."""
    from .magics import load_ipython_extension as load

    load(ipython)
