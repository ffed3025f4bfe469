# Type stubs for queengames._core (the C++ library bound with pybind11); docs/PYTHON.md.
import os
from typing import Any, Mapping, Optional, Sequence, Union, type_check_only

import numpy as np
import numpy.typing as npt


@type_check_only
class _pybind11_type(type):  # the metaclass of pybind11's classes (pybind11_builtins.pybind11_type)
    ...

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

class Game(metaclass=_pybind11_type):
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
    def options(self, x: Count, y: Count) -> npt.NDArray[np.int64]:
        """(k, 2) array of the options (x', y') of (x, y), each once, sorted; 0 ≤ x, y ≤ 16384."""
    def nth(self, n: Count) -> tuple[int, int]:
        """(a_n, b_n) by the morphic route, 0 ≤ n ≤ 2^62; ValueError without a morphic route."""

def game(ruleset: str) -> Game:
    """The game of a ruleset as the CLI accepts it ('wythoff', 'maharaja', 'kqueen:3', 'a+b', …)."""

def rulesets() -> list[str]:
    """One line per ruleset name: its parameters and meaning."""

class Blocking(metaclass=_pybind11_type):
    """k-Blocking Wythoff Nim (seed 004)."""

    def __init__(self, k: Count) -> None: ...
    @property
    def k(self) -> int: ...
    def palace_numbers(self, width: Count, height: Count, engine: str = "definition") -> npt.NDArray[np.uint32]:
        """Palace numbers v(x, y), a (height, width) array indexed [y, x]; palaces are v < k."""

def blocking(k: Count) -> Blocking:
    """k-Blocking Wythoff Nim, 1 ≤ k ≤ 10^9."""

class CheckResult(metaclass=_pybind11_type):
    """The outcome of one claim checked up to a bound (truthy when it passed)."""

    @property
    def id(self) -> str: ...
    @property
    def kind(self) -> str: ...
    @property
    def source(self) -> str: ...
    @property
    def statement(self) -> str: ...
    @property
    def unit(self) -> str: ...
    @property
    def passed(self) -> bool: ...
    @property
    def bound_asked(self) -> int: ...
    @property
    def bound_reached(self) -> int: ...
    @property
    def detail(self) -> str: ...
    @property
    def seconds(self) -> float: ...
    @property
    def proof(self) -> str:
        """The claim's proof in Walnut's language ('' for none): prove(r.proof) runs it."""
    @property
    def verdict(self) -> str:
        """'PASS' or 'FAIL'."""
    def __bool__(self) -> bool: ...
    def __str__(self) -> str:
        """The line of `queengames check ID`."""

def check(id: str, bound: Optional[Count] = None) -> CheckResult:
    """Checks one claim up to bound (None: its standard bound). OverflowError beyond its max bound."""

def check_all(patterns: Sequence[str] = ..., depth: str = "standard", kind: Optional[str] = None) -> list[CheckResult]:
    """Checks every claim selected by the id prefixes (of one kind) at each one's own bound ('tour', 'standard', 'deep')."""

def claims(patterns: Sequence[str] = ..., kind: Optional[str] = None) -> list[dict[str, Any]]:
    """The claims selected by the id prefixes (all for none), of one kind when given: dicts with id, source,
    kind, statement, unit, tour_bound, standard_bound, deep_bound, max_bound, proof."""

def claim_kinds() -> list[str]:
    """theorem, lemma, corollary, proposition, equation, conjecture, remark, table, observation."""

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
    def abc(n: Count) -> tuple[int, int, int]:
        """(A_n, B_n, C_n) by Theorem 14, n < 2^120."""
    @staticmethod
    def letter_counts(n: Count) -> tuple[int, int, int]:
        """(N_a(n), N_b(n), N_c(n)) among t_1 … t_n (Theorem 12), n < 2^120."""
    @staticmethod
    def letter(n: Count) -> str:
        """t_n of the Tribonacci word, 1 ≤ n < 2^120 (Theorem 11)."""
    @staticmethod
    def xymp_rows(first: Count, count: Count) -> npt.NDArray[Any]:
        """Rows first … first+count-1 of (X, Y, M, P): int64, or an object array of Python ints past 64 bits."""
    @staticmethod
    def queens(n: Count) -> npt.NDArray[np.int64]:
        """q_0 … q_{n-1} as an (n, 2) array of (x, y)."""

class InftyQueens(metaclass=_pybind11_type):
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

class boards:  # a submodule of _core: numbered boards and pieces (seed 000 §1, §7, §8)
    class Board(metaclass=_pybind11_type):
        """A window of a numbered board; cells (row, col) in numbering order."""

        def __init__(self, kind: str, size: Count, limit: Optional[Count] = None) -> None: ...
        @property
        def kind(self) -> str: ...
        @property
        def size(self) -> int: ...
        @property
        def cells(self) -> int: ...
        @property
        def hexagonal(self) -> bool: ...
        @property
        def box(self) -> tuple[int, int, int, int]:
            """(row0, col0, height, width) of the bounding box."""
        def __len__(self) -> int: ...
        def grundy(self, piece: str, threads: int = 2) -> npt.NDArray[np.uint32]:
            """Sprague-Grundy values in numbering order (A274641 for the queen on the spiral)."""
        def grundy_brute_force(self, piece: str) -> npt.NDArray[np.uint32]:
            """The same by enumerating every earlier cell, O(cells²)."""
        def greedy(self, piece: str) -> npt.NDArray[np.uint64]:
            """The greedy placement: indices of the cells that receive a piece (the zeros of grundy)."""
        def layout(self, values: npt.ArrayLike) -> npt.NDArray[np.uint32]:
            """Per-cell values on the bounding box, (height, width); 2^32 - 1 off the board."""
        def coordinates(self) -> npt.NDArray[np.int64]:
            """(cells, 2) array of (row, col) in numbering order."""
        def cell(self, index: Count) -> tuple[int, int]: ...
        def index(self, row: int, col: int) -> Optional[int]: ...
    @staticmethod
    def kinds() -> list[str]: ...
    @staticmethod
    def pieces() -> list[str]: ...
    @staticmethod
    def window_table(kind: str, piece: str, width: Count, height: Count, threads: int = 2) -> npt.NDArray[np.uint32]:
        """What `queengames grundy BOARD --size WxH --piece PIECE` shows, (height, width)."""
    @staticmethod
    def quadrant_queens(columns: Count) -> npt.NDArray[np.uint64]:
        """S_c for c < columns (seed 000 eq. (48), A275895)."""
    @staticmethod
    def triangle_queens(n: int) -> int:
        """A274616(n)."""

class DictionaryRun(metaclass=_pybind11_type):
    """The outcome of a dictionary process run to a number of bits."""

    @property
    def bits(self) -> npt.NDArray[np.uint8]: ...
    @property
    def words_read(self) -> int: ...
    @property
    def head(self) -> int: ...
    @property
    def counts(self) -> dict[str, int]: ...
    @property
    def stopped(self) -> bool: ...
    @property
    def stop_position(self) -> int: ...
    @property
    def unread(self) -> str: ...

class Dictionary(metaclass=_pybind11_type):
    """A dictionary process (seed 003 §2) from {word: translate}."""

    def __init__(self, entries: Mapping[str, str], start: str, rule: str = "prefix-free") -> None: ...
    @staticmethod
    def parse(text: str) -> "Dictionary": ...
    @property
    def entries(self) -> dict[str, str]: ...
    @property
    def start(self) -> str: ...
    @property
    def head(self) -> int: ...
    @property
    def rule(self) -> str: ...
    def run(self, n: Count) -> DictionaryRun: ...
    def bits(self, n: Count) -> npt.NDArray[np.uint8]: ...

class WalnutError(ValueError):
    """A malformed Walnut command: str() is 'FILE:LINE:COL: what', as the CLI's prove prints it."""

    file: str
    line: int
    column: int
    message: str

class Automaton(metaclass=_pybind11_type):
    """A command's automaton: tracks, states from .initial, a transition per state and letter, an output per state."""

    @property
    def states(self) -> int: ...
    @property
    def initial(self) -> int: ...
    @property
    def variables(self) -> list[str]: ...
    @property
    def systems(self) -> list[Optional[str]]: ...
    @property
    def alphabet(self) -> list[tuple[int, ...]]:
        """The letters in the order of the transitions' columns: the tuple of the tracks' digits."""
    @property
    def transitions(self) -> npt.NDArray[np.uint32]:
        """transitions[q, letter]: the state reached from q."""
    @property
    def outputs(self) -> npt.NDArray[np.int32]:
        """outputs[q]: 1 where q accepts, 0 where not; a word automaton's letter at q."""
    def accepts(self, *values: int) -> bool: ...
    def output(self, *values: int) -> int: ...
    def first(self) -> Optional[tuple[int, ...]]:
        """The tuple of the shortest accepted word (lexicographically first among the shortest), or None."""
    def walnut(self) -> str:
        """The automaton in Walnut's file format."""
    def tuples(self, max_digits: int) -> AcceptedTuples:
        """The accepted tuples of representations of at most max_digits digits, each once."""
    def graphviz(self, name: str = "A", word: bool = False) -> str:
        """GraphViz's DOT (Walnut's export GV), an acceptor's rejecting sink left out."""
    def regex(self, max_length: int = 1048576) -> Optional[str]:
        """The accepted words as a regular expression in reg's syntax, None when none."""
    def ba(self) -> str:
        """The acceptor in the BA format of Walnut's export BA."""

class AcceptedTuples(metaclass=_pybind11_type):
    """Automaton.tuples(max_digits): the accepted tuples, one at a time."""

    def __iter__(self) -> AcceptedTuples: ...
    def __next__(self) -> tuple[int, ...]: ...

class ProofResult(metaclass=_pybind11_type):
    """The result of one Walnut command."""

    @property
    def command(self) -> str: ...
    @property
    def name(self) -> str: ...
    @property
    def truth(self) -> Optional[bool]: ...
    @property
    def variables(self) -> list[str]: ...
    @property
    def states(self) -> int: ...
    @property
    def largest(self) -> int: ...
    @property
    def peak_bytes(self) -> int: ...
    @property
    def seconds(self) -> float: ...
    @property
    def lines(self) -> list[str]: ...
    @property
    def notes(self) -> list[str]: ...
    @property
    def automaton(self) -> Optional[Automaton]: ...
    @property
    def counterexample(self) -> dict[str, int]: ...
    def __bool__(self) -> bool: ...

_Folder = Union[str, "os.PathLike[str]"]

class Session(metaclass=_pybind11_type):
    """A prover session: definitions persist from one run() to the next."""

    def __init__(
        self,
        library: Optional[_Folder] = None,
        budget: int = 50000,
        memory_limit: int = 0,
        strategy: str = "automatic",
        *,
        home: Optional[_Folder] = None,
        session: Optional[_Folder] = None,
    ) -> None: ...
    def run(self, text: str, file: str = "<input>") -> list[ProofResult]:
        """WalnutError 'FILE:LINE:COL: …' for a malformed command."""
    def run_file(self, path: _Folder) -> list[ProofResult]: ...
    def define_system(self, name: str, morphism: str) -> None: ...

def prove(
    text: str,
    home: Optional[_Folder] = None,
    session: Optional[_Folder] = None,
    *,
    library: Optional[_Folder] = None,
    file: str = "<input>",
) -> list[ProofResult]:
    """Runs Walnut commands in a new Session (as `queengames prove -e TEXT`)."""

def synthesize(name: str, longest: int = 0) -> dict[str, Any]:
    """Learns and certifies a synchronized automaton (as `queengames prove --synthesize NAME`)."""

class numeration:  # a submodule of _core: exact numeration systems and floors at any size (GMP)
    @staticmethod
    def representation(system: str, n: Union[int, str]) -> str:
        """Digits of n, most significant first: 'tribonacci', 'zeckendorf', 'negafibonacci' or 'binary'."""
    @staticmethod
    def value(system: str, digits: str) -> int:
        """[digits] in a system, canonical or not."""
    @staticmethod
    def floor(constant: str, n: Union[int, str]) -> int:
        """floor(n·c) exactly: phi, phi2, 1/phi, psi, psi2, psi3, 1/psi, 1/psi2, 1/psi3."""

class figures:  # a submodule of _core: the papers' figures as the library describes them (queengames.plot draws them)
    @staticmethod
    def catalogue() -> list[dict[str, Any]]:
        """Every figure of the five papers: id, alias, paper, figure, caption, region, parameters, command, python."""
    @staticmethod
    def figure(id: str, params: dict[str, Count] = ..., resolution: Count = 2048, force: bool = False) -> dict[str, Any]:
        """A catalogue figure's description: title, subtitle, note, panels of rasters, cells, lines, series, labels."""
    @staticmethod
    def game(ruleset: str, size: Count = 100, lines: bool = False, resolution: Count = 2048) -> dict[str, Any]: ...
    @staticmethod
    def grundy(name: str, size: Count, piece: str = "queen", resolution: Count = 2048) -> dict[str, Any]: ...
    @staticmethod
    def palaces(
        k: Count, width: Count, height: Count, x0: Count = 0, y0: Count = 0, resolution: Count = 2048,
        engine: str = "definition",
    ) -> dict[str, Any]: ...
    @staticmethod
    def comparison(
        k1: Count, k2: Count, dx: Count, dy: Count, width: Count, height: Count, resolution: Count = 2048
    ) -> dict[str, Any]: ...
    @staticmethod
    def decimate(code: npt.NDArray[np.uint16], codes: int, rule: str, block: Count) -> npt.NDArray[np.uint16]:
        """A table's codes with blocks of block × block merged by 'majority' or 'minimum'."""
    @staticmethod
    def decimation_note(blocks: list[tuple[str, int]]) -> str: ...
