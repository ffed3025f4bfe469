// An automaton given back as data: its accepted tuples one by one (automata::AcceptedTuples),
// and the forms Walnut's `export NAME FORMAT` writes — GraphViz, a regular expression that
// `reg` reads back as the same automaton, BA — each against the relation the automaton was
// defined by, evaluated by brute force.
#include <gtest/gtest.h>

#include <array>
#include <functional>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "queengames/prover.hpp"

using namespace qg::prover;
using qg::automata::AcceptedTuples;
using qg::automata::Automaton;

namespace {

using Tuple = std::vector<std::int64_t>;

// Every tuple AcceptedTuples yields, in order, failing on a repeat.
std::vector<Tuple> enumerate(const Automaton& a, unsigned max_digits) {
  std::vector<Tuple> out;
  std::set<Tuple> seen;
  AcceptedTuples tuples(a, max_digits);
  while (auto t = tuples.next()) {
    EXPECT_TRUE(seen.insert(*t).second) << "repeated";
    out.push_back(*t);
  }
  return out;
}

std::set<Tuple> as_set(const std::vector<Tuple>& v) { return {v.begin(), v.end()}; }

// The tuples of `arity` numbers in [lo, hi] satisfying `holds`.
std::set<Tuple> brute(int arity, std::int64_t lo, std::int64_t hi, const std::function<bool(const Tuple&)>& holds) {
  std::set<Tuple> out;
  Tuple t(arity, lo);
  for (;;) {
    if (holds(t)) out.insert(t);
    int i = arity - 1;
    while (i >= 0 && t[i] == hi) t[i--] = lo;
    if (i < 0) return out;
    ++t[i];
  }
}

const Automaton& define(Session& s, const std::string& name, const std::string& formula) {
  s.run("def " + name + " \"" + formula + "\":");
  return s.automaton(name);
}

}  // namespace

TEST(AcceptedTuples, AreTheRelationWithinTheDigits) {
  Session s;
  // msd_fib: 6 digits spell 0 … 20 (weights 1, 2, 3, 5, 8, 13); 11 and its paddings are skipped.
  EXPECT_EQ(as_set(enumerate(define(s, "lt", "?msd_fib x<y & y<9"), 6)),
            brute(2, 0, 20, [](const Tuple& t) { return t[0] < t[1] && t[1] < 9; }));
  EXPECT_EQ(as_set(enumerate(define(s, "even", "?msd_fib Ek n=k+k"), 6)),
            brute(1, 0, 20, [](const Tuple& t) { return t[0] % 2 == 0; }));
  // msd_2 and lsd_2, three tracks: 3 digits spell 0 … 7.
  for (const char* system : {"msd_2", "lsd_2"}) {
    auto sum = enumerate(define(s, "sum", std::string("?") + system + " x+y=z"), 3);
    EXPECT_EQ(sum.size(), 36u) << system;  // Σ_{z<8} (z + 1)
    EXPECT_EQ(as_set(sum), brute(3, 0, 7, [](const Tuple& t) { return t[0] + t[1] == t[2]; })) << system;
  }
  // Base −2: 4 digits spell −10 … 5.
  EXPECT_EQ(as_set(enumerate(define(s, "neg", "?msd_neg_2 x<0 & x+5>0"), 4)),
            (std::set<Tuple>{{-4}, {-3}, {-2}, {-1}}));
  // Shortest first: the first tuple is shortest_accepted's; and 0 digits give only the tuple of
  // the empty word.
  const Automaton& gt = define(s, "gt", "?msd_2 x>y+2");
  auto shortest = qg::automata::shortest_accepted(gt);
  ASSERT_TRUE(shortest.has_value());
  EXPECT_EQ(enumerate(gt, 5).front(), qg::automata::decode_integers(gt, *shortest));
  EXPECT_EQ(enumerate(define(s, "zero", "?msd_2 x=y"), 0), (std::vector<Tuple>{{0, 0}}));
  EXPECT_TRUE(enumerate(define(s, "none", "?msd_2 x<x"), 8).empty());
}

TEST(AcceptedTuples, NeedNumbersOnEveryTrack) {
  Session s;
  s.run("reg letters {0,1} \"(0|1)*1\":");
  EXPECT_THROW(AcceptedTuples(s.automaton("letters"), 4), qg::InputError);
}

TEST(WalnutExports, GraphvizDrawsTheStatesButTheSink) {
  Session s;
  // x = 5 in msd_2: the complete table has a rejecting sink, which is not drawn.
  const Automaton& five = define(s, "five", "?msd_2 x=5");
  const std::string dot = write_graphviz(five, "five");
  EXPECT_EQ(dot.rfind("digraph \"five\" {\n  rankdir = LR;\n  label = \"five (msd_2)\";\n", 0), 0u);
  std::uint32_t nodes = 0, edges = 0;
  for (std::size_t at = 0; (at = dot.find("\n  ", at)) != std::string::npos; ++at) {
    const std::string line = dot.substr(at + 3, dot.find('\n', at + 1) - at - 3);
    if (line.find("[label = \"") != std::string::npos && line.find("->") == std::string::npos) ++nodes;
    if (line.find("->") != std::string::npos && line.rfind("start", 0) != 0) ++edges;
  }
  // 0*101: the start (0 loops there), after 1, after 10, after 101 (accepting), and the sink;
  // the four edges 0, 1, 0, 1 along the word.
  EXPECT_EQ(five.states(), 5u);
  EXPECT_EQ(nodes, 4u);
  EXPECT_EQ(edges, 4u);
  EXPECT_NE(dot.find("shape = doublecircle"), std::string::npos);
  // A word automaton: every state drawn with its letter, every transition an edge.
  s.run("morphism tm \"0->01 1->10\":\npromote TMW tm:");
  const std::string word = write_graphviz(s.word("TMW"), "TMW", true);
  EXPECT_NE(word.find("  0 [label = \"0/0\"];\n  1 [label = \"1/1\"];\n  start -> 0;\n"), std::string::npos) << word;
  EXPECT_NE(word.find("  0 -> 0 [label = \"0\"];\n  0 -> 1 [label = \"1\"];\n"), std::string::npos) << word;
  EXPECT_NE(word.find("  1 -> 0 [label = \"1\"];\n  1 -> 1 [label = \"0\"];\n"), std::string::npos) << word;
}

TEST(WalnutExports, TheRegularExpressionIsReadBackAsTheSameAutomaton) {
  Session s;
  // {systems of reg, the definition, the variables}; `reg` names its tracks otherwise, so the
  // two are compared by the prover itself for every value.
  const std::vector<std::array<std::string, 3>> cases = {{"msd_fib", "?msd_fib Ek n=k+k+k", "n"},
                                                         {"msd_2", "?msd_2 n>3 & n<20", "n"},
                                                         {"msd_2 msd_2", "?msd_2 x+1=y", "x,y"},
                                                         {"msd_fib msd_fib", "?msd_fib x<y & y<7", "x,y"}};
  for (const auto& [systems, formula, variables] : cases) {
    const Automaton& a = define(s, "a", formula);
    auto re = regular_expression(a, 1 << 16);
    ASSERT_TRUE(re.has_value()) << formula;
    s.run("reg b " + systems + " \"" + *re + "\":");
    const std::string system = systems.substr(0, systems.find(' '));
    auto same = s.run(fmt::format("eval same \"?{} A{} $a({}) <=> $b({})\":", system, variables, variables, variables));
    EXPECT_EQ(same.back().truth, std::optional<bool>(true)) << formula << " as " << *re;
    // And a mutation is told apart: one more number accepted (22 or 65; x = y = 5 or 8).
    s.run("reg c " + systems + " \"" + *re + "|" + (variables == "n" ? "1000001" : "[1,1][0,0][0,0][0,0]") + "\":");
    auto differ =
        s.run(fmt::format("eval differ \"?{} A{} $a({}) <=> $c({})\":", system, variables, variables, variables));
    EXPECT_EQ(differ.back().truth, std::optional<bool>(false)) << formula;
  }
  EXPECT_FALSE(regular_expression(define(s, "none", "?msd_2 n<n"), 100).has_value());
  EXPECT_THROW(regular_expression(define(s, "long", "?msd_2 x+y=z"), 10), qg::InputError);
}

TEST(WalnutExports, BaListsEveryTransition) {
  Session s;
  const Automaton& even = define(s, "even", "?msd_2 Ek n=2*k");
  const std::string ba = write_ba(even);
  std::size_t transitions = 0;
  for (std::size_t at = 0; (at = ba.find("->", at)) != std::string::npos; ++at) ++transitions;
  EXPECT_EQ(transitions, std::size_t{even.states()} * even.letters());
  EXPECT_EQ(ba.rfind(fmt::format("[{}]\n", even.initial()), 0), 0u);
}
