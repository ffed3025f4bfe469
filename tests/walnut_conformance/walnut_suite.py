"""Walnut's integration suite, read from a checkout: the cases of
src/test/java/Main/IntegrationTest.java and their expectations.

IntegrationTest's constructor lists the cases with `L.add("…")`; the expectation of the i-th (by
position in that list) is src/test/resources/integrationTests/automaton{i}.txt (an automaton, or
`true`/`false`) or error{i}.txt (the message of the exception Walnut throws), with mpl{i}.mpl and
details{i}.txt for some. Its initialize() writes word automata into `Word Automata Library/` and
runs set-up commands (reg, def, load, macro) before the first case: each by a `dispatch("…")` of
its own (2024) or listed in a `List.of("…", …)` that a loop dispatches (8.0). Both are read from
the Java source itself (string literals, their `+` concatenations, comments skipped), so a newer
checkout with more cases needs no change here.

The 8.0 tree runs its cases in folders of their own (Session.setPathsAndNamesIntegrationTests):
src/test/resources/integrationTests/Global/ is the home (its library folders, not the tree's top
level ones, which begin with `#` comments and lack the suite's automata), and Session/ beside it
holds the files that override the home's (P, PD, PR, RS, T2). Suite.home and Suite.session name
them; both are None for the 2024 tree, which runs in the top-level folders.
"""

import os
import re

# Walnut 7's metacommands ([strategy 6 BRZ]eval …::) stand before the command word.
METACOMMANDS = r"\s*(?:\[[^]]*\]\s*)*"

__all__ = ["Case", "Suite", "read_suite"]

TEST_SOURCE = "src/test/java/Main/IntegrationTest.java"
EXPECTED_DIR = "src/test/resources/integrationTests"
HOME_DIR = os.path.join(EXPECTED_DIR, "Global")
SESSION_DIR = os.path.join(EXPECTED_DIR, "Session")

# The folders IntegrationTest's writes go to (UtilityMethods.get_address_for_*).
_FOLDERS = {
    "get_address_for_words_library": "Word Automata Library",
    "get_address_for_automata_library": "Automata Library",
    "get_address_for_macro_library": "Macro Library",
    "get_address_for_morphism_library": "Morphism Library",
    "get_address_for_custom_bases": "Custom Bases",
    "get_address_for_command_files": "Command Files",
    "get_address_for_transducer_library": "Transducer Library",
}


class Case:
    def __init__(self, index, command):
        self.index = index
        self.command = command
        self.expected_automaton = None  # path of automaton{i}.txt
        self.expected_error = None  # text of error{i}.txt
        self.expected_mpl = None
        self.expected_details = None

    @property
    def verb(self):
        m = re.match(METACOMMANDS + r"(\w+)", self.command)
        return m.group(1) if m else ""

    @property
    def name(self):
        """The name the command defines (Result/NAME.txt), when it has one; for export and
        describe, the automaton they read ($NAME)."""
        m = re.match(METACOMMANDS + r"(\w+)\s+(\$?)([A-Za-z]\w*)", self.command)
        if m and m.group(2) and m.group(1) not in ("export", "describe"):
            return None
        return m.group(3) if m else None
        return m.group(1) if m else None

    @property
    def terminated(self):
        return re.search(r"(;|:|::)\s*$", self.command) is not None


class Suite:
    def __init__(self, files, setup, cases, home=None, session=None):
        self.files = files  # [(folder, file name, text)] written before the set-up commands
        self.setup = setup  # set-up commands, in order
        self.cases = cases
        self.home = home  # the folder whose library folders the cases read (None: the checkout's)
        self.session = session  # a folder of files overriding the home's, or None


def _tokens(source):
    """Java tokens: ('s', string value), ('w', identifier), ('p', punctuation); comments dropped."""
    out, i, n = [], 0, len(source)
    escapes = {"n": "\n", "t": "\t", "r": "\r", "b": "\b", "f": "\f", '"': '"', "'": "'", "\\": "\\", "0": "\0"}
    while i < n:
        c = source[i]
        if source.startswith("//", i):
            i = source.find("\n", i)
            i = n if i < 0 else i
        elif source.startswith("/*", i):
            i = source.find("*/", i + 2)
            i = n if i < 0 else i + 2
        elif c == '"':
            i += 1
            value = []
            while source[i] != '"':
                if source[i] == "\\":
                    e = source[i + 1]
                    if e == "u":
                        value.append(chr(int(source[i + 2 : i + 6], 16)))
                        i += 6
                        continue
                    value.append(escapes.get(e, e))
                    i += 2
                else:
                    value.append(source[i])
                    i += 1
            i += 1
            out.append(("s", "".join(value)))
        elif c == "'":
            j = source.index("'", i + 1 + (source[i + 1] == "\\"))
            out.append(("p", source[i : j + 1]))
            i = j + 1
        elif c.isalnum() or c == "_":
            j = i
            while j < n and (source[j].isalnum() or source[j] == "_"):
                j += 1
            out.append(("w", source[i:j]))
            i = j
        elif c.isspace():
            i += 1
        else:
            out.append(("p", c))
            i += 1
    return out


def _call_argument(tokens, i):
    """tokens[i] is '(' of a call: the string its first argument concatenates from literals, or
    None when that argument is not made of literals only; and the index after the argument."""
    depth, parts, literal_only, j = 0, [], True, i
    while j < len(tokens):
        kind, value = tokens[j]
        if kind == "p" and value == "(":
            depth += 1
        elif kind == "p" and value == ")":
            depth -= 1
            if depth == 0:
                break
        elif kind == "p" and value == "," and depth == 1:
            break
        elif depth == 1:
            if kind == "s":
                parts.append(value)
            elif not (kind == "p" and value == "+"):
                literal_only = False
        j += 1
    return ("".join(parts) if literal_only and parts else None), j


def _list_of(tokens, i):
    """tokens[i] is '(' of List.of(…): its arguments that are made of string literals only."""
    out, parts, literal_only, depth = [], [], True, 0
    for kind, value in tokens[i:]:
        if kind == "p" and value in "([{":
            depth += 1
            if depth == 1:
                continue
        elif kind == "p" and value in ")]}":
            depth -= 1
        if depth == 0 or (depth == 1 and (kind, value) == ("p", ",")):
            if literal_only and parts:
                out.append("".join(parts))
            parts, literal_only = [], True
            if depth == 0:
                return out
        elif depth == 1 and kind == "s":
            parts.append(value)
        elif not (depth == 1 and (kind, value) == ("p", "+")):
            literal_only = False
    return out


def _method_body(tokens, name):
    """The tokens of the body of the method `name` (the first declaration followed by '{')."""
    for i in range(len(tokens) - 1):
        if tokens[i] == ("w", name) and tokens[i + 1] == ("p", "("):
            j = i + 1
            while j < len(tokens) and tokens[j] != ("p", "{"):
                if tokens[j] == ("p", ";"):
                    break
                j += 1
            if j < len(tokens) and tokens[j] == ("p", "{"):
                depth, k = 0, j
                while True:
                    if tokens[k] == ("p", "{"):
                        depth += 1
                    elif tokens[k] == ("p", "}"):
                        depth -= 1
                        if depth == 0:
                            return tokens[j + 1 : k]
                    k += 1
    return []


def read_suite(checkout):
    with open(os.path.join(checkout, TEST_SOURCE), encoding="utf-8") as f:
        tokens = _tokens(f.read())
    # initialize(): PrintWriter(FOLDER() + "NAME", …) then out.write("…"); Prover.dispatch…("…").
    files, setup, target = [], [], None
    body = _method_body(tokens, "initialize")
    for i, (kind, value) in enumerate(body):
        if kind == "w" and value == "PrintWriter" and i + 1 < len(body) and body[i + 1] == ("p", "("):
            folder, name = None, None
            j = i + 2
            while j < len(body) and body[j] != ("p", ","):
                if body[j][0] == "w" and body[j][1] in _FOLDERS:
                    folder = _FOLDERS[body[j][1]]
                elif body[j][0] == "s" and folder:
                    name = body[j][1]
                j += 1
            target = (folder, name) if folder and name else None
        elif kind == "w" and value == "write" and target and body[i - 1] == ("p", "."):
            text, _ = _call_argument(body, i + 1)
            if text is not None:
                files.append((target[0], target[1], text))
                target = None
        elif kind == "w" and value in ("dispatch", "dispatchForIntegrationTest") and body[i - 1] == ("p", "."):
            text, _ = _call_argument(body, i + 1)
            if text is not None:
                setup.append(text)
        elif kind == "w" and value == "List" and body[i + 1 : i + 4] == [("p", "."), ("w", "of"), ("p", "(")]:
            setup.extend(_list_of(body, i + 3))
    cases = []
    for i in range(2, len(tokens)):
        if tokens[i] == ("w", "add") and tokens[i - 1] == ("p", ".") and tokens[i - 2] == ("w", "L"):
            text, _ = _call_argument(tokens, i + 1)
            if text is not None:
                cases.append(Case(len(cases), text))
    expected = os.path.join(checkout, EXPECTED_DIR)
    for c in cases:
        stem = os.path.join(expected, "%s" + str(c.index))
        if os.path.isfile(stem % "automaton" + ".txt"):
            c.expected_automaton = stem % "automaton" + ".txt"
        for attr, kind in (("expected_error", "error%d.txt"), ("expected_mpl", "mpl%d.mpl"),
                           ("expected_details", "details%d.txt")):
            path = os.path.join(expected, kind % c.index)
            if os.path.isfile(path):
                with open(path, encoding="utf-8") as f:
                    setattr(c, attr, f.read())
    home, session = (os.path.join(checkout, d) for d in (HOME_DIR, SESSION_DIR))
    if not os.path.isdir(home):
        home, session = None, None
    return Suite(files, setup, cases, home, session if session and os.path.isdir(session) else None)
