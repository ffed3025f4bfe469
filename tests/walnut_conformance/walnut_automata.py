"""Walnut's automaton files, read as Walnut reads them, and compared as relations.

An automaton file (Walnut's format) is `true`, `false`, or a first line with one token per track —
a number system (`msd_2`, `lsd_fib`, `msd_neg_2`, the shorthands `2`, `fib`, `msd`, `lsd`) or an
explicit alphabet `{0, 1, -1}` — then states `q output`, each followed by its transitions
`d1 d2 … -> q1 q2 …` (`*` stands for every letter of its track; several targets make the automaton
nondeterministic; a later line for the same letter replaces an earlier one, as in Walnut's reader;
a missing transition leads nowhere). The first state declared is the initial one.

Two automata are compared as the relations they define (`compare`): the tuples of numbers some
encoding of which they accept (or, for an automaton with outputs other than 0/1, the function from
tuples to outputs). An encoding of a tuple pads every msd track with leading zeros and every lsd
track with trailing zeros to a common length; only valid representations count (a number system's
`Custom Bases/NAME.txt`, e.g. no `11` in msd_fib). Both languages are restricted to valid words,
closed under padding, and compared by a product of their subset constructions, which stops at the
shortest word on which they disagree. With msd and lsd tracks together the closure goes through the
encodings in which the two kinds of track do not overlap (lsd digits first, then zeros, then msd
digits): exact for automata closed under padding, which every automaton built from padding-closed
parts by Walnut's operations is. Tracks over an explicit alphabet have no padding: an automaton with
one is compared exactly as a language.
"""

import itertools
import os
import re

__all__ = ["Automaton", "AutomatonError", "NumberSystems", "parse", "read", "compare", "constant", "Verdict"]


class AutomatonError(Exception):
    """A file Walnut would not read, or a number system it does not know."""


# Walnut's tokens of the first line, matched one after another (its \G patterns):
# msd_X / lsd_X, msdX, msd / lsd, X (a base or a name), {set}.
_NEXT_TRACK = re.compile(
    r"\s*((((msd|lsd)_(\d+|\w+))|((msd|lsd)(\d+|\w+))|(msd|lsd)|(\d+|\w+))|"
    r"(\{\s*((\+|\-)?\s*\d+\s*(\s*,\s*(\+|\-)?\s*\d+)*)\s*\}))\s*"
)
_STATE = re.compile(r"^\s*(\d+)\s+((\+|\-)?\s*\d+)\s*$")
_TRANSITION = re.compile(r"^\s*((((\+|\-)?\s*\d+\s*)|(\s*\*\s*))+)\s*\->\s*((\d+\s*)+)\s*$")
_ELEMENT = re.compile(r"\s*,?\s*(((\+|\-)?\s*\d+)|\*)")


def _match_all(pattern, text):
    """Walnut's \\G loop: anchored matches at successive positions; returns them and where they end."""
    out, pos = [], 0
    while pos < len(text):
        m = pattern.match(text, pos)
        if not m or m.end() == pos:
            break
        out.append(m)
        pos = m.end()
    return out, pos


def _ints(text):
    items, _ = _match_all(_ELEMENT, text)
    return [None if m.group(1) == "*" else int(m.group(1).replace(" ", "")) for m in items]


def _system_name(m):
    """The number system a first-line token names, as Walnut spells it."""
    if m.group(3):
        return m.group(3)
    if m.group(6):
        return "msd_" + m.group(6)
    if m.group(9):
        return m.group(9) + "_2"
    return "msd_" + m.group(10)


class NumberSystems:
    """Alphabets and valid representations of number systems, as Walnut finds them: the files
    `Custom Bases/NAME.txt` (valid words) and `NAME_addition.txt` (its alphabet) or those of the
    other direction reversed; otherwise base k or neg_k with digits 0 … k−1, every word valid."""

    def __init__(self, custom_bases=None):
        self.dir = custom_bases
        self._alphabet = {}
        self._valid = {}

    def _file(self, name):
        if not self.dir:
            return None, False
        direction, _, base = name.partition("_")
        other = ("lsd" if direction == "msd" else "msd") + "_" + base
        for candidate, reversed_ in ((name, False), (other, True)):
            path = os.path.join(self.dir, candidate)
            if os.path.isfile(path):
                return path, reversed_
        return None, False

    def alphabet(self, name):
        if name not in self._alphabet:
            if "_" not in name or name.split("_")[0] not in ("msd", "lsd"):
                raise AutomatonError(f"number system {name} is not defined")
            path, _ = self._file(name + "_addition.txt")
            if path:
                self._alphabet[name] = None  # guards a file that names its own system
                first = read(path, self).tracks[0]
                self._alphabet[name] = list(first.alphabet)
            else:
                base = name.split("_", 1)[1]
                k = int(base[4:]) if base.startswith("neg_") and base[4:].isdigit() else (
                    int(base) if base.isdigit() else 0)
                if k < 2:
                    raise AutomatonError(f"number system {name} is not defined")
                self._alphabet[name] = list(range(k))
        if self._alphabet[name] is None:
            raise AutomatonError(f"number system {name} is defined in terms of itself")
        return self._alphabet[name]

    def valid(self, name):
        """A DFA (dict: initial, delta {(state, digit): state}, accepting set) of the valid
        representations of one number, or None when every word over the alphabet is valid."""
        if name not in self._valid:
            path, reversed_ = self._file(name + ".txt")
            if path is None:
                self._valid[name] = None
            else:
                a = read(path, self)
                if a.truth is not None or len(a.tracks) != 1:
                    raise AutomatonError(f"{path}: not an automaton of one input")
                nfa = a.reversed_nfa() if reversed_ else a.nfa()
                self._valid[name] = _determinize_digits(nfa)
        return self._valid[name]


class Track:
    def __init__(self, system, alphabet):
        self.system = system  # a number system's name, or None for an explicit alphabet
        self.alphabet = alphabet

    @property
    def direction(self):
        return None if self.system is None else self.system.split("_")[0]

    def __repr__(self):
        if self.system is None:
            return "{" + ",".join(map(str, self.alphabet)) + "}"
        return self.system

    def __eq__(self, other):
        if self.system is not None or other.system is not None:
            return self.system == other.system
        return sorted(self.alphabet) == sorted(other.alphabet)


class Automaton:
    """truth is True/False for Walnut's true/false files (then there are no tracks); otherwise
    tracks, the initial state, outputs {state: int} and delta {state: {letter tuple: [states]}}."""

    def __init__(self, truth=None, tracks=(), initial=None, outputs=None, delta=None):
        self.truth = truth
        self.tracks = list(tracks)
        self.initial = initial
        self.outputs = outputs or {}
        self.delta = delta or {}

    @property
    def deterministic(self):
        return all(len(t) <= 1 for d in self.delta.values() for t in d.values())

    @property
    def acceptor(self):
        return set(self.outputs.values()) <= {0, 1}

    def nfa(self):
        return _Nfa({self.initial}, self.delta, self.outputs)

    def reversed_nfa(self):
        """The reversal as an acceptor (nonzero output = accepting)."""
        rev = {}
        for q, d in self.delta.items():
            for letter, targets in d.items():
                for t in targets:
                    rev.setdefault(t, {}).setdefault(letter, []).append(q)
        starts = {q for q, o in self.outputs.items() if o != 0}
        return _Nfa(starts, rev, {q: int(q == self.initial) for q in self.outputs})


def parse(text, systems=None, where="<text>"):
    """Reads the text of an automaton file as Walnut's Automaton(String address) does."""
    systems = systems or NumberSystems()
    lines = text.splitlines()
    i = 0
    while i < len(lines) and not lines[i].strip():
        i += 1
    if i == len(lines):
        raise AutomatonError(f"{where}: empty file")
    head = lines[i]
    m = re.match(r"^\s*(true|false)\s*$", head)
    if m:
        return Automaton(truth=(m.group(1) == "true"))
    tokens, end = _match_all(_NEXT_TRACK, head)
    if end < len(head) or not tokens:
        raise AutomatonError(f"{where}:{i + 1}: not a list of number systems or alphabets: {head!r}")
    tracks = []
    for t in tokens:
        if t.group(11) is not None:
            alphabet = []
            for x in _ints(t.group(12)):
                if x not in alphabet:
                    alphabet.append(x)
            tracks.append(Track(None, alphabet))
        else:
            name = _system_name(t)
            tracks.append(Track(name, systems.alphabet(name)))
    outputs, delta, initial, current = {}, {}, None, None
    for n in range(i + 1, len(lines)):
        line = lines[n]
        if not line.strip():
            continue
        m = _STATE.match(line)
        if m:
            current = int(m.group(1))
            if initial is None:
                initial = current
            outputs[current] = int(m.group(2).replace(" ", ""))
            delta[current] = {}
            continue
        m = _TRANSITION.match(line)
        if not m:
            raise AutomatonError(f"{where}:{n + 1}: neither a state nor a transition: {line!r}")
        if current is None:
            raise AutomatonError(f"{where}:{n + 1}: a transition before the first state")
        letter = _ints(m.group(1))
        targets = _ints(m.group(6))
        if len(letter) != len(tracks):
            raise AutomatonError(f"{where}:{n + 1}: {len(letter)} digits for {len(tracks)} inputs")
        choices = [tracks[k].alphabet if d is None else [d] for k, d in enumerate(letter)]
        for expanded in itertools.product(*choices):
            delta[current][expanded] = list(targets)
    if initial is None:
        raise AutomatonError(f"{where}: no state")
    for d in delta.values():
        for targets in d.values():
            for t in targets:
                if t not in outputs:
                    raise AutomatonError(f"{where}: state {t} is used but never declared")
    return Automaton(None, tracks, initial, outputs, delta)


def read(path, systems=None):
    with open(path, encoding="utf-8") as f:
        return parse(f.read(), systems, path)


class _Nfa:
    """A plain NFA: initial states, delta {state: {letter: [states]}}, outputs {state: int}."""

    def __init__(self, initial, delta, outputs):
        self.initial = set(initial)
        self.delta = delta
        self.outputs = outputs

    def start(self):
        return frozenset(self.initial)

    def closure(self, states):
        return frozenset(states)

    def letters(self, state):
        return self.delta.get(state, {}).keys()

    def step(self, state, letter):
        return self.delta.get(state, {}).get(letter, ())

    def output(self, state):
        return self.outputs.get(state)


def _determinize_digits(nfa):
    """A one-track acceptor as a DFA over digits: (initial, delta, accepting)."""
    start = nfa.start()
    index, todo, delta, accepting = {start: 0}, [start], {}, set()
    while todo:
        s = todo.pop()
        if any(nfa.output(q) for q in s):
            accepting.add(index[s])
        letters = {a for q in s for a in nfa.letters(q)}
        for a in letters:
            t = frozenset(x for q in s for x in nfa.step(q, a))
            if t not in index:
                index[t] = len(index)
                todo.append(t)
            delta[(index[s], a[0])] = index[t]
    return 0, delta, accepting


class _Valid:
    """The automaton restricted to words whose every number track is a valid representation:
    states (q, validity states of the tracks); a word's output counts only where each track's
    validity automaton accepts."""

    def __init__(self, nfa, dfas):
        self.nfa, self.dfas = nfa, dfas  # dfas[k] is None when every word is valid on track k

    def start(self):
        v0 = tuple(None if d is None else d[0] for d in self.dfas)
        return frozenset((q, v0) for q in self.nfa.start())

    def closure(self, states):
        return frozenset(states)

    def letters(self, state):
        return self.nfa.letters(state[0])

    def step(self, state, letter):
        q, v = state
        nv = []
        for k, d in enumerate(self.dfas):
            if d is None:
                nv.append(None)
                continue
            nxt = d[1].get((v[k], letter[k]))
            if nxt is None:
                return ()
            nv.append(nxt)
        nv = tuple(nv)
        return [(t, nv) for t in self.nfa.step(q, letter)]

    def output(self, state):
        q, v = state
        for k, d in enumerate(self.dfas):
            if d is not None and v[k] not in d[2]:
                return None
        return self.nfa.output(q)


class _Padded:
    """All encodings of the tuples an automaton accepts some encoding of, as split encodings:
    phase 1 reads lsd digits (msd tracks 0), phase 2 the zeros between — any number of them, the
    inner automaton reading any other number (ε-moves on the zero letter) — phase 3 msd digits
    (lsd tracks 0). With msd tracks only this is the leading-zero closure, with lsd only the
    trailing-zero closure."""

    def __init__(self, inner, directions):
        self.inner = inner
        self.msd = [k for k, d in enumerate(directions) if d == "msd"]
        self.lsd = [k for k, d in enumerate(directions) if d == "lsd"]
        self.zero = tuple(0 for _ in directions)

    def start(self):
        return self.closure((1, q) for q in self.inner.start())

    def closure(self, states):
        seen = set(states)
        todo = list(seen)
        while todo:
            phase, q = todo.pop()
            nxt = []
            if phase == 1:
                nxt.append((2, q))
            elif phase == 2:
                nxt.append((3, q))
                nxt.extend((2, t) for t in self.inner.step(q, self.zero))
            for s in nxt:
                if s not in seen:
                    seen.add(s)
                    todo.append(s)
        return frozenset(seen)

    def letters(self, state):
        phase, q = state
        if phase == 2:
            return (self.zero,)
        zeroed = self.msd if phase == 1 else self.lsd
        return [a for a in self.inner.letters(q) if all(a[k] == 0 for k in zeroed)]

    def step(self, state, letter):
        phase, q = state
        if phase == 2:
            return [(2, q)] if letter == self.zero else []
        zeroed = self.msd if phase == 1 else self.lsd
        if any(letter[k] != 0 for k in zeroed):
            return []
        return [(phase, t) for t in self.inner.step(q, letter)]

    def output(self, state):
        return self.inner.output(state[1])


class Verdict:
    """equal: the relations agree. exact: the raw languages (outputs) agree too, as Walnut's own
    test compares them. witness: a shortest word (list of letter tuples) where they differ, with
    what each side gives on it; reason: why they are not comparable, when they are not."""

    def __init__(self, equal, exact=None, witness=None, reason=None, note=None):
        self.equal, self.exact, self.witness, self.reason, self.note = equal, exact, witness, reason, note

    def __bool__(self):
        return bool(self.equal)

    def describe(self):
        if self.reason:
            return self.reason
        if self.equal:
            text = "equal" if self.exact else "equal as relations (the raw languages differ in padding)"
        else:
            word, mine, theirs = self.witness
            shown = " ".join("[" + ",".join(map(str, a)) + "]" if len(a) != 1 else str(a[0]) for a in word)
            text = f"differ on {shown or 'the empty word'}: expected {theirs}, got {mine}"
        return text + (f" ({self.note})" if self.note else "")


def _classes(machine, states, acceptor):
    outs = {machine.output(q) for q in states} - {None}
    if acceptor:
        return any(o != 0 for o in outs)
    return frozenset(outs)


def _show(value, acceptor):
    if acceptor:
        return "accept" if value else "reject"
    return "{" + ",".join(map(str, sorted(value))) + "}" if value else "no output"


def _equivalent(m1, m2, acceptor, limit):
    """Breadth-first over pairs of subsets: None when equal, else (word, class1, class2);
    raises AutomatonError past `limit` pairs."""
    start = (m1.start(), m2.start())
    seen = {start: None}
    queue = [start]
    head = 0
    while head < len(queue):
        pair = queue[head]
        head += 1
        c1, c2 = _classes(m1, pair[0], acceptor), _classes(m2, pair[1], acceptor)
        if c1 != c2:
            word = []
            p = pair
            while seen[p] is not None:
                p, a = seen[p]
                word.append(a)
            return list(reversed(word)), c1, c2
        letters = {a for q in pair[0] for a in m1.letters(q)} | {a for q in pair[1] for a in m2.letters(q)}
        for a in sorted(letters):
            s1 = m1.closure(t for q in pair[0] for t in m1.step(q, a))
            s2 = m2.closure(t for q in pair[1] for t in m2.step(q, a))
            if not s1 and not s2:
                continue
            nxt = (s1, s2)
            if nxt not in seen:
                if len(seen) >= limit:
                    raise AutomatonError(f"more than {limit} pairs of states: not decided")
                seen[nxt] = (pair, a)
                queue.append(nxt)
    return None


def compare(actual, expected, systems=None, limit=2_000_000):
    """Compares the automaton we produced with the one expected, as relations (see the module's
    docstring). Returns a Verdict."""
    systems = systems or NumberSystems()
    if expected.truth is not None or actual.truth is not None:
        if expected.truth is None or actual.truth is None:
            kind = lambda a: str(a.truth).upper() if a.truth is not None else f"an automaton over {a.tracks}"
            return Verdict(False, False, reason=f"expected {kind(expected)}, got {kind(actual)}")
        same = expected.truth == actual.truth
        return Verdict(same, same, None if same else ([], str(actual.truth).upper(), str(expected.truth).upper()),
                       reason=None if same else f"expected {str(expected.truth).upper()}, got {str(actual.truth).upper()}")
    if len(actual.tracks) != len(expected.tracks) or any(a != e for a, e in zip(actual.tracks, expected.tracks)):
        return Verdict(False, False, reason=f"inputs differ: expected {expected.tracks}, got {actual.tracks}")
    acceptor = actual.acceptor and expected.acceptor
    note = None
    if not acceptor and not (actual.deterministic and expected.deterministic):
        acceptor = True
        note = "a nondeterministic automaton with outputs: compared as an acceptor (output ≠ 0)"
    tracks = expected.tracks
    w = _equivalent(actual.nfa(), expected.nfa(), acceptor, limit)
    exact = w is None
    if any(t.system is None for t in tracks):
        note = note or "a track over an explicit alphabet: compared exactly, without padding"
        if w is None:
            return Verdict(True, True, note=note)
        return Verdict(False, False, (w[0], _show(w[1], acceptor), _show(w[2], acceptor)), note=note)
    dfas = [systems.valid(t.system) for t in tracks]
    directions = [t.direction for t in tracks]
    m1 = _Padded(_Valid(actual.nfa(), dfas), directions)
    m2 = _Padded(_Valid(expected.nfa(), dfas), directions)
    w = _equivalent(m1, m2, acceptor, limit)
    if w is None:
        return Verdict(True, exact, note=note)
    return Verdict(False, False, (w[0], _show(w[1], acceptor), _show(w[2], acceptor)), note=note)


def constant(a, systems=None):
    """True when the automaton (over numbers) accepts every tuple, False when it accepts none, else
    None: what Walnut writes as `true` or `false` when a statement's free variables fold away."""
    if a.truth is not None:
        return a.truth
    letters = list(itertools.product(*(t.alphabet for t in a.tracks)))
    for value in (True, False):
        every = Automaton(None, a.tracks, 0, {0: int(value)}, {0: {x: [0] for x in letters}})
        if compare(a, every, systems).equal:
            return value
    return None
