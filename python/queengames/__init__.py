"""queengames: the mathematics of queen games, from Python.

The functions are the C++ library's own (bound in queengames._core); see docs/PYTHON.md.

    >>> import queengames as qg
    >>> qg.bfile("A000201", 5)          # lower Wythoff sequence, a(1..5)
    array([1, 3, 4, 6, 8])
    >>> qg.game("wythoff").nth(10**18)  # the 10^18-th P-position, by the morphic route
"""

from ._core import (
    CheckResult,
    Game,
    bfile,
    check,
    check_all,
    claims,
    game,
    infty_queens,
    rulesets,
    sequence,
    sequences,
    spiral,
    word,
)

__all__ = [
    "CheckResult",
    "Game",
    "bfile",
    "check",
    "check_all",
    "claims",
    "game",
    "infty_queens",
    "rulesets",
    "sequence",
    "sequences",
    "spiral",
    "word",
]
