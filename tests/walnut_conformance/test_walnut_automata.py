"""The conformance runner's own tests: Walnut's automaton format, the comparison as relations, and
the reading of IntegrationTest.java, on small hand-made cases (no Walnut needed; ctest
walnut_conformance_runner)."""

import os
import sys
import tempfile
import textwrap
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import walnut_automata as wa  # noqa: E402
import walnut_suite as ws  # noqa: E402
import run  # noqa: E402
import command_files  # noqa: E402


def aut(text, systems=None):
    return wa.parse(textwrap.dedent(text), systems)


# x = 4 in msd_2, with and without leading zeros.
FOUR_PADDED = """\
    msd_2
    0 0
    0 -> 0
    1 -> 1
    1 0
    0 -> 2
    2 0
    0 -> 3
    3 1
    """
FOUR_EXACT = """\
    msd_2
    0 0
    1 -> 1
    1 0
    0 -> 2
    2 0
    0 -> 3
    3 1
    """


class Format(unittest.TestCase):
    def test_true_false(self):
        self.assertIs(aut("true\n").truth, True)
        self.assertIs(aut("\n  false  \n").truth, False)

    def test_tracks_and_shorthands(self):
        a = aut("msd_10 lsd_3 {0, 1, -1} 2 lsd\n0 1\n")
        self.assertEqual([t.system for t in a.tracks], ["msd_10", "lsd_3", None, "msd_2", "lsd_2"])
        self.assertEqual(a.tracks[1].alphabet, [0, 1, 2])
        self.assertEqual(a.tracks[2].alphabet, [0, 1, -1])

    def test_wildcard_and_later_lines_replace(self):
        # `*` stands for each digit of its track; a later line for the same letter replaces the
        # earlier one (Walnut's reader puts into a map).
        a = aut("""\
            msd_2 msd_3
            0 1
            * * -> 1
            1 2 -> 0
            1 0
            """)
        self.assertEqual(len(a.delta[0]), 6)
        self.assertEqual(a.delta[0][(1, 2)], [0])
        self.assertEqual(a.delta[0][(0, 2)], [1])

    def test_nondeterministic_targets(self):
        a = aut("{0,1}\n0 0\n0 -> 0 1\n1 1\n")
        self.assertEqual(a.delta[0][(0,)], [0, 1])
        self.assertFalse(a.deterministic)

    def test_negative_outputs_and_letters(self):
        a = aut("{-1, 0, 1}\n0 -1\n-1 -> 1\n1 2\n")
        self.assertEqual(a.outputs, {0: -1, 1: 2})
        self.assertEqual(a.delta[0], {(-1,): [1]})

    def test_errors(self):
        with self.assertRaises(wa.AutomatonError):
            aut("msd_2\n0 1\n0 -> 7\n")  # state 7 never declared
        with self.assertRaises(wa.AutomatonError):
            aut("msd_2\n0 1\n0 1 -> 0\n")  # two digits for one input
        with self.assertRaises(wa.AutomatonError):
            aut("msd_2\n0 1\nzero -> 0\n")
        with self.assertRaises(wa.AutomatonError):
            aut("msd_banana\n0 1\n")  # no such number system


class Compare(unittest.TestCase):
    def check(self, a, b, equal, exact=None, systems=None):
        v = wa.compare(aut(a, systems), aut(b, systems), systems)
        self.assertEqual(v.equal, equal, v.describe())
        if exact is not None:
            self.assertEqual(v.exact, exact, v.describe())
        return v

    def test_leading_zeros_msd(self):
        self.check(FOUR_PADDED, FOUR_EXACT, True, exact=False)
        five = FOUR_EXACT.replace("0 -> 3\n    3 1", "1 -> 3\n    3 1")
        v = self.check(FOUR_PADDED, five, False)
        self.assertIn("expected reject, got accept", v.describe())

    def test_trailing_zeros_lsd(self):
        # x = 4 in lsd_2 is 001, padded 0010…
        padded = "lsd_2\n0 0\n0 -> 1\n1 0\n0 -> 2\n2 0\n1 -> 3\n3 1\n0 -> 3\n"
        exact = "lsd_2\n0 0\n0 -> 1\n1 0\n0 -> 2\n2 0\n1 -> 3\n3 1\n"
        self.check(padded, exact, True, exact=False)
        # The same digits read msd are 4 in one and 1 in the other: different inputs.
        v = self.check(padded, exact.replace("lsd_2", "msd_2"), False)
        self.assertIn("inputs differ", v.describe())

    def test_nondeterministic_file(self):
        # Words over {0,1} ending in 1 (msd: the odd numbers), as an NFA and as a DFA.
        nfa = "msd_2\n0 0\n0 -> 0\n1 -> 0 1\n1 1\n"
        dfa = "msd_2\n0 0\n0 -> 0\n1 -> 1\n1 1\n0 -> 0\n1 -> 1\n"
        self.check(nfa, dfa, True, exact=True)
        even = "msd_2\n0 1\n0 -> 0\n1 -> 1\n1 0\n0 -> 0\n1 -> 1\n"
        self.check(nfa, even, False)

    def test_wildcards_against_explicit_letters(self):
        star = "msd_2 msd_2\n0 1\n* 0 -> 0\n"
        explicit = "msd_2 msd_2\n0 1\n0 0 -> 0\n1 0 -> 0\n"
        self.check(star, explicit, True, exact=True)
        self.check(star, "msd_2 msd_2\n0 1\n0 0 -> 0\n", False)

    def test_validity_of_representations(self):
        # msd_fib: words with 11 are not numbers. Accepting them too changes no relation.
        with tempfile.TemporaryDirectory() as d:
            with open(os.path.join(d, "msd_fib.txt"), "w") as f:
                f.write("{0,1}\n0 1\n0 -> 0\n1 -> 1\n1 1\n0 -> 0\n")
            with open(os.path.join(d, "msd_fib_addition.txt"), "w") as f:
                f.write("{0,1} {0,1} {0,1}\n0 1\n0 0 0 -> 0\n")
            systems = wa.NumberSystems(d)
            everything = "msd_fib\n0 1\n* -> 0\n"
            valid_only = "msd_fib\n0 1\n0 -> 0\n1 -> 1\n1 1\n0 -> 0\n"
            self.check(everything, valid_only, True, exact=False, systems=systems)
            # lsd_fib reads the reversed file
            self.check(everything.replace("msd", "lsd"), valid_only.replace("msd", "lsd"), True, systems=systems)
            self.check(everything, "msd_fib\n0 1\n0 -> 0\n1 -> 1\n1 0\n0 -> 0\n", False, systems=systems)

    def test_mixed_directions(self):
        # x = 1 (msd_2) and y = 1 (lsd_2): [1,1], or [0,1][0,0]…[1,0] padded.
        closed = "msd_2 lsd_2\n0 0\n1 1 -> 1\n0 1 -> 2\n1 1\n2 0\n0 0 -> 2\n1 0 -> 1\n"
        split_only = "msd_2 lsd_2\n0 0\n0 1 -> 1\n1 0\n0 0 -> 1\n1 0 -> 2\n2 1\n"
        self.check(closed, split_only, True, exact=False)
        # y = 2 in lsd_2 is 01
        two = "msd_2 lsd_2\n0 0\n0 0 -> 1\n1 0\n0 1 -> 2\n2 0\n1 0 -> 3\n0 0 -> 2\n3 1\n"
        self.check(closed, two, False)

    def test_word_automata_outputs(self):
        # A DFAO: the output is the number of 1s mod 3; the same with outputs permuted differs.
        base = "msd_2\n0 0\n0 -> 0\n1 -> 1\n1 1\n0 -> 1\n1 -> 2\n2 2\n0 -> 2\n1 -> 0\n"
        self.check(base, base, True, exact=True)
        permuted = base.replace("1 1\n0 -> 1", "1 2\n0 -> 1").replace("2 2\n0 -> 2", "2 1\n0 -> 2")
        v = self.check(base, permuted, False)
        self.assertIn("expected {2}, got {1}", v.describe())
        # An unreachable extra state changes nothing.
        self.check(base + "3 5\n0 -> 3\n", base, True)

    def test_truth_values(self):
        self.check("true", "true", True)
        v = self.check("false", "true", False)
        self.assertEqual(v.describe(), "expected TRUE, got FALSE")
        v = self.check(FOUR_EXACT, "true", False)
        self.assertIn("got an automaton", v.describe())

    def test_constant_relations(self):
        # Walnut writes `true` when free variables fold away: every tuple (or none) is accepted.
        self.assertIs(wa.constant(aut("msd_2 lsd_3\n0 1\n* * -> 0\n")), True)
        self.assertIs(wa.constant(aut("msd_2\n0 0\n* -> 0\n")), False)
        self.assertIsNone(wa.constant(aut(FOUR_PADDED)))
        # the empty word alone is the number 0 (padded: 0*), not a constant
        self.assertIsNone(wa.constant(aut("msd_2\n0 1\n")))

    def test_explicit_alphabet_is_exact(self):
        # reg over {0,1} keeps the words it spells: 000111 is not 111.
        long = "{0,1}\n0 0\n0 -> 1\n1 0\n0 -> 2\n2 0\n1 -> 3\n3 1\n"
        short = "{0,1}\n0 0\n1 -> 3\n3 1\n"
        self.check(long, short, False)
        self.check(long.replace("{0,1}", "msd_2"), short.replace("{0,1}", "msd_2"), True, exact=False)


class Suite(unittest.TestCase):
    def test_reads_cases_and_setup(self):
        source = textwrap.dedent('''\
            public class IntegrationTest {
              private void initialize(){
                PrintWriter out = null;
                out = new PrintWriter(UtilityMethods.get_address_for_words_library() + "W.txt", "utf-8");
                out.write("msd_2\\n0 1\\n0 -> 0\\n");
                out.close();
                Prover.dispatch("reg r msd_2 \\"0*1\\";");
                //Prover.dispatch("def commented \\"x=1\\";");
                Prover.dispatchForIntegrationTest("def long \\"a=1\\" " +
                    "\\"b\\";");
              }
              public IntegrationTest(){
                L.add("eval test0 \\"Ax x=x\\";"); // a comment with L.add("no");
                /* L.add("no either"); */
                L.add("split test1 W[+]");
              }
              void f(String command) { Prover.dispatchForIntegrationTest(command); }
            }
            ''')
        with tempfile.TemporaryDirectory() as d:
            os.makedirs(os.path.join(d, os.path.dirname(ws.TEST_SOURCE)))
            os.makedirs(os.path.join(d, ws.EXPECTED_DIR))
            with open(os.path.join(d, ws.TEST_SOURCE), "w") as f:
                f.write(source)
            with open(os.path.join(d, ws.EXPECTED_DIR, "automaton0.txt"), "w") as f:
                f.write("true")
            with open(os.path.join(d, ws.EXPECTED_DIR, "error1.txt"), "w") as f:
                f.write("Invalid command.\n")
            s = ws.read_suite(d)
        self.assertEqual(s.files, [("Word Automata Library", "W.txt", "msd_2\n0 1\n0 -> 0\n")])
        self.assertEqual(s.setup, ['reg r msd_2 "0*1";', 'def long "a=1" "b";'])
        self.assertEqual([c.command for c in s.cases], ['eval test0 "Ax x=x";', "split test1 W[+]"])
        self.assertTrue(s.cases[0].expected_automaton.endswith("automaton0.txt"))
        self.assertEqual(s.cases[1].expected_error, "Invalid command.\n")
        self.assertFalse(s.cases[1].terminated)
        self.assertEqual(s.cases[0].name, "test0")

    def test_the_8_0_layout(self):
        # Walnut 8: the set-up in a List.of dispatched in a loop, the cases in a test home with a
        # session folder over it.
        source = textwrap.dedent('''
            public class IntegrationTest {
              private void initialize(){
                p.dispatch("reg e lsd_2 \\"(0|1)*00\\";");
                List<String> integTests = List.of(
                    "def a \\"x=1\\";",
                    "def b \\"x=" + "2\\";", // a comment, "not this"
                    "macro m \\"?%0 x=y\\";");
                for (int i = 0; i < integTests.size(); i++) dispatchForIntegrationTest(integTests.get(i), "d");
              }
              public IntegrationTest(){ L.add("eval test0 \\"Ax x=x\\";"); }
            }
            ''')
        with tempfile.TemporaryDirectory() as d:
            os.makedirs(os.path.join(d, os.path.dirname(ws.TEST_SOURCE)))
            for sub in (ws.HOME_DIR, ws.SESSION_DIR):
                os.makedirs(os.path.join(d, sub, "Word Automata Library"))
            with open(os.path.join(d, ws.TEST_SOURCE), "w") as f:
                f.write(source)
            with open(os.path.join(d, ws.HOME_DIR, "Word Automata Library", "P.txt"), "w") as f:
                f.write("home")
            with open(os.path.join(d, ws.SESSION_DIR, "Word Automata Library", "P.txt"), "w") as f:
                f.write("session")
            s = ws.read_suite(d)
            self.assertEqual(s.setup, ['reg e lsd_2 "(0|1)*00";', 'def a "x=1";', 'def b "x=2";', 'macro m "?%0 x=y";'])
            self.assertEqual(s.home, os.path.join(d, ws.HOME_DIR))
            scratch = os.path.join(d, "scratch")
            run.prepare(d, s, scratch)
            with open(os.path.join(scratch, "Word Automata Library", "P.txt")) as f:
                self.assertEqual(f.read(), "session")

    def test_refusals_for_walnut_reason(self):
        commands = {"eval", "def"}
        self.assertTrue(run.same_reason("No such command exists.", "unknown command 'invalidcommand' (…)", commands))
        self.assertFalse(run.same_reason("No such command exists.", "unknown command 'def' (…)", commands))
        self.assertTrue(run.same_reason("unbalanced parenthesis: char at 0", "unexpected ')'", commands))
        self.assertFalse(run.same_reason("unbalanced parenthesis: char at 0", "no automaton named x", commands))

    def test_command_files_are_cut_as_walnut_cuts_them(self):
        text = 'def a "x=1";\n\ndef b "x\n  =2": // comment\neval c "Ax x=x"::\n'
        self.assertEqual(run.split_commands(text),
                         [(1, 'def a "x=1";'), (3, 'def b "x  =2":'), (5, 'eval c "Ax x=x"::')])

    def test_walnut_errors_on_stderr(self):
        # A message may hold its own "\t: char at N" line; the command's line closes it.
        stderr = ("java.lang.Exception: cross product\n\tat Main.Prover.run(Prover.java:1)\n"
                  "cross product\n\t: char at 8\n\t: eval a \"x\";\nnegative constant -1\n\t: eval b \"_1\";\n")
        self.assertEqual(command_files.walnut_errors(stderr, {'eval a "x";', 'eval b "_1";'}),
                         {'eval a "x";': "cross product : char at 8", 'eval b "_1";': "negative constant -1"})

    def test_walnut7_errors_in_the_global_log(self):
        # Walnut 7+'s Result/global_log.txt: ">>> COMMAND" (its lines joined without a separator),
        # then its log; a failed command's log ends in the exception's message, a stack trace's
        # "at" lines aside; reg logs nothing; a command Walnut joined with the next is not ours.
        log = (">>> def a \"x=1\";\ncomputing x=1\nTotal computation time: 3ms.\n\n"
               ">>> def b \"$c(x)\";\njava.io.FileNotFoundException: c.txt\n\tat java.base/x.open0(Native Method)\n"
               "File does not exist: c.txt\n\n"
               ">>> reg r msd_2 \"0*\";\n\n"
               ">>> eval t \"?msd_pellAm x=x\":\nNumber system msd_pellAm is not defined.\n\n"
               ">>> // note.eval u \"x=x\";\nInvalid command: // note.eval u \"x=x\"\n")
        with tempfile.TemporaryDirectory() as d:
            path = os.path.join(d, "global_log.txt")
            with open(path, "w", encoding="utf-8") as fh:
                fh.write(log)
            commands = {'def a "x=1";', 'def b "$c(x)";', 'reg r msd_2 "0*";', 'eval t "?msd_pell\nAm x=x":',
                        'eval u "x=x";'}
            self.assertEqual(command_files.walnut7_errors(path, commands),
                             {'def b "$c(x)";': "File does not exist: c.txt",
                              'eval t "?msd_pell\nAm x=x":': "Number system msd_pellAm is not defined."})
            self.assertEqual(command_files.walnut7_errors(os.path.join(d, "none.txt"), commands), {})

    def test_references(self):
        self.assertEqual(run.references('eval t "$f(x) & T[x]=@1 & #m(x) & .E2[x]=@0";'), {"f", "T", "m", "E2"})
        self.assertEqual(run.references("reverse t2 t1;"), {"t1"})
        self.assertEqual(run.references("image G g3 B4;"), {"g3", "B4"})


if __name__ == "__main__":
    unittest.main()
