// Walnut's commands that change how an automaton reads its numbers (convert, split, rsplit,
// join) and the incidence matrices of `eval NAME v1 v2 "…"`, against the sequences and
// relations they must give, value by value.
#include <gtest/gtest.h>

#include <bit>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <functional>
#include <map>
#include <random>
#include <regex>
#include <set>
#include <sstream>

#include <fmt/format.h>
#include <unistd.h>

#include "prover/script.hpp"
#include "queengames/prover.hpp"
#include "test_support.hpp"

using namespace qg::prover;
using qg::automata::Automaton;
using qg::automata::encode;
using qg::automata::encode_integers;

namespace {

int thue_morse(std::uint64_t n) { return std::popcount(n) % 2; }

int at(const Automaton& a, const std::vector<std::uint64_t>& values) { return a.run(encode(a, values)); }
int at_integers(const Automaton& a, const std::vector<std::int64_t>& values) {
  return a.run(encode_integers(a, values));
}

std::vector<long> numbers_in(const std::string& text) {
  std::vector<long> out;
  std::regex number("-?[0-9]+");
  for (auto it = std::sregex_iterator(text.begin(), text.end(), number); it != std::sregex_iterator(); ++it)
    out.push_back(std::stol(it->str()));
  return out;
}

}  // namespace

TEST(ProverCommands, IncidenceMatrices) {
  // v · M_{i_1 j_1} ⋯ M_{i_m j_m} · w counts the accepting paths of the digits of (i, j): 1
  // exactly when i = j + 1 (msd_2, 5 digits).
  auto home = std::filesystem::temp_directory_path() / "qg_test_prover_commands_mpl";
  std::filesystem::remove_all(home);
  Session s;
  s.set_home(home, true);
  s.run("eval succ i j \"i=j+1\":");
  std::ifstream in(home / "Result" / "succ.mpl");
  std::stringstream text;
  text << in.rdbuf();
  const std::string mpl = text.str();
  std::filesystem::remove_all(home);
  auto grab = [&](const std::string& head) {
    auto p = mpl.find(head);
    EXPECT_NE(p, std::string::npos) << head;
    return numbers_in(mpl.substr(p + head.size(), mpl.find(';', p) - p - head.size()));
  };
  auto v = grab("v := Vector[row](");
  auto w = grab("w := Vector[column](");
  const std::size_t n = v.size();
  ASSERT_EQ(w.size(), n);
  std::vector<std::vector<long>> m[2][2];
  for (int a = 0; a < 2; ++a)
    for (int b = 0; b < 2; ++b) {
      auto flat = grab("M_i_j_" + std::to_string(a) + "_" + std::to_string(b) + " := Matrix(");
      ASSERT_EQ(flat.size(), n * n);
      m[a][b].assign(n, std::vector<long>(n));
      for (std::size_t p = 0; p < n; ++p)
        for (std::size_t q = 0; q < n; ++q) m[a][b][p][q] = flat[p * n + q];
    }
  EXPECT_NE(mpl.find("for i from 1 to Size(v)[2] do v := v.M_i_j_0_0; od;"), std::string::npos);
  for (unsigned i = 0; i < 32; ++i)
    for (unsigned j = 0; j < 32; ++j) {
      std::vector<long> row = v;
      for (int d = 4; d >= 0; --d) {
        std::vector<long> next(n, 0);
        for (std::size_t p = 0; p < n; ++p)
          for (std::size_t q = 0; q < n; ++q) next[q] += row[p] * m[(i >> d) & 1][(j >> d) & 1][p][q];
        row = next;
      }
      long paths = 0;
      for (std::size_t q = 0; q < n; ++q) paths += row[q] * w[q];
      EXPECT_EQ(paths, i == j + 1 ? 1 : 0) << i << " " << j;
    }
  // Not a free variable: refused.
  EXPECT_THROW(s.run("eval bad k \"i=1\":"), qg::InputError);
}

TEST(ProverCommands, Convert) {
  Session s;
  // Thue–Morse in base 8 (msd_2 → msd_8), then base 4 (8 = 2^3 → 4 = 2^2: through lsd_2), lsd_4
  // and lsd_2: the same letters at every n.
  s.run("convert t8 msd_8 T: convert t4 msd_4 t8: convert l4 lsd_4 t4: convert l2 lsd_2 l4: convert m2 msd_2 l2:");
  for (const char* name : {"t8", "t4", "l4", "l2", "m2"}) {
    const Automaton& a = s.word(name);
    for (std::uint64_t n = 0; n < 600; ++n) ASSERT_EQ(at(a, {n}), thue_morse(n)) << name << " at " << n;
  }
  EXPECT_EQ(s.word("t8").tracks()[0].system->name(), "msd_8");
  EXPECT_EQ(s.word("l4").tracks()[0].system->name(), "lsd_4");
  // An automaton ($): the multiples of 3, from msd_2 to lsd_16.
  s.run("def three \"Ey x=3*y\": convert $three16 lsd_16 $three:");
  const Automaton& a = s.automaton("three16");
  for (std::uint64_t n = 0; n < 600; ++n) ASSERT_EQ(at(a, {n}), n % 3 == 0 ? 1 : 0) << n;
  // Refused: bases that are no powers of one integer, the same system, a system not msd_k.
  EXPECT_THROW(s.run("convert x msd_5 T:"), qg::InputError);
  EXPECT_THROW(s.run("convert x msd_2 T:"), qg::InputError);
  EXPECT_THROW(s.run("convert x msd_2 F:"), qg::InputError);
  EXPECT_THROW(s.run("convert $x msd_4 T:"), qg::InputError);
}

TEST(ProverCommands, SplitJoin) {
  Session s;
  // W[x][y] = 1 when x < y, 2 when x = y + 1, else 0 (msd_2).
  s.run("def lt \"x<y\": def succ \"x=y+1\": combine W lt succ:");
  auto w = [](std::int64_t x, std::int64_t y) { return x < y ? 1 : x == y + 1 ? 2 : 0; };
  // rsplit N[-][+] W: N[x'][y'] = W[-x'][y'] over msd_neg_2, 0 where -x' or y' is negative.
  s.run("rsplit N[-][+] W: rsplit P[][+] W:");
  const Automaton& n = s.word("N");
  EXPECT_EQ(n.tracks()[0].system->name(), "msd_neg_2");
  for (std::int64_t x = -20; x <= 20; ++x)
    for (std::int64_t y = -20; y <= 20; ++y)
      ASSERT_EQ(at_integers(n, {x, y}), x <= 0 && y >= 0 ? w(-x, y) : 0) << x << " " << y;
  const Automaton& p = s.word("P");
  EXPECT_EQ(p.tracks()[0].system->name(), "msd_2");
  for (std::int64_t x = 0; x <= 20; ++x)
    for (std::int64_t y = -20; y <= 20; ++y) ASSERT_EQ(at_integers(p, {x, y}), y >= 0 ? w(x, y) : 0) << x << " " << y;
  // split S N[-][+]: back on the natural numbers, S[x][y] = N[-x][y] = W[x][y].
  s.run("split S N[-][+]:");
  const Automaton& back = s.word("S");
  EXPECT_EQ(back.tracks()[1].system->name(), "msd_2");
  for (std::uint64_t x = 0; x <= 20; ++x)
    for (std::uint64_t y = 0; y <= 20; ++y) ASSERT_EQ(at(back, {x, y}), w(x, y)) << x << " " << y;
  // join J W[a][b] T[b]: W's letter where it is not 0, else T[b].
  s.run("join J W[a][b] T[b]:");
  const Automaton& j = s.word("J");
  for (std::uint64_t a = 0; a <= 30; ++a)
    for (std::uint64_t b = 0; b <= 30; ++b) {
      int v = w(static_cast<std::int64_t>(a), static_cast<std::int64_t>(b));
      ASSERT_EQ(at(j, {a, b}), v ? v : thue_morse(b)) << a << " " << b;
    }
  EXPECT_THROW(s.run("split x N[][]:"), qg::InputError);
  EXPECT_THROW(s.run("join x W[a] T[b]:"), qg::InputError);
  // Only the integer bases: x = ±x' between Zeckendorf and negaFibonacci is not base-k
  // arithmetic.
  EXPECT_THROW(s.run("def nf \"?msd_neg_fib x = 3\": split x nf[+]:"), qg::InputError);
  EXPECT_THROW(s.run("def zf \"?msd_fib x = 3\": rsplit x[+] zf:"), qg::InputError);
}

namespace {

// The digits of z in base −2 (least significant first; none for 0).
std::vector<int> negabinary(std::int64_t z) {
  std::vector<int> digits;
  while (z != 0) {
    const int d = static_cast<int>(((z % 2) + 2) % 2);
    digits.push_back(d);
    z = (z - d) / -2;
  }
  return digits;
}

std::int64_t value_of(const std::vector<int>& digits, std::int64_t base) {
  std::int64_t v = 0;
  for (std::size_t i = digits.size(); i-- > 0;) v = v * base + digits[i];
  return v;
}

}  // namespace

TEST(ProverCommands, SplitReadsTheOtherKindOfBase) {
  // Walnut's split of an msd_2 automaton (its suite's `split T2[+][-]`): the input's digits are
  // taken for base −2 digits, X[x][y] = W[v(x)][v(−y)] where v(z) reads z's base −2 digits in
  // binary; rsplit of an msd_neg_2 automaton reads binary digits in base −2.
  Session s;
  s.run("def lt \"x<y\": def succ \"x=y+1\": combine W lt succ: split X W[+][-]: split Z W[][+]:");
  auto w = [](std::int64_t x, std::int64_t y) { return x < y ? 1 : x == y + 1 ? 2 : 0; };
  auto v = [](std::int64_t z) { return value_of(negabinary(z), 2); };
  const Automaton &x = s.word("X"), &z = s.word("Z");
  EXPECT_EQ(x.tracks()[0].system->name(), "msd_2");
  for (std::uint64_t a = 0; a <= 40; ++a)
    for (std::uint64_t b = 0; b <= 40; ++b) {
      const auto sa = static_cast<std::int64_t>(a), sb = static_cast<std::int64_t>(b);
      ASSERT_EQ(at(x, {a, b}), w(v(sa), v(-sb))) << a << " " << b;
      ASSERT_EQ(at(z, {a, b}), w(sa, v(sb))) << a << " " << b;
    }
  // rsplit Y[+][-] N, N over msd_neg_2 (N[x'][y'] = W[−x'][y'] where x' ≤ 0 ≤ y'): Y[x][y] =
  // N[u(x)][u(−y)] with u(t) the base −2 value of t's binary digits, 0 where x or −y < 0.
  s.run("rsplit N[-][+] W: rsplit Y[+][-] N:");
  auto n = [&](std::int64_t a, std::int64_t b) { return a <= 0 && b >= 0 ? w(-a, b) : 0; };
  auto u = [](std::int64_t t) {
    std::vector<int> digits;
    for (; t; t /= 2) digits.push_back(static_cast<int>(t % 2));
    return value_of(digits, -2);
  };
  const Automaton& y = s.word("Y");
  EXPECT_EQ(y.tracks()[0].system->name(), "msd_neg_2");
  for (std::int64_t a = -30; a <= 30; ++a)
    for (std::int64_t b = -30; b <= 30; ++b)
      ASSERT_EQ(at_integers(y, {a, b}), a >= 0 && b <= 0 ? n(u(a), u(-b)) : 0) << a << " " << b;
}

TEST(ProverCommands, Transduce) {
  // Two transducers of our own: the running sum mod 2 and mod 3 (output on reading the letter).
  auto home = std::filesystem::temp_directory_path() / "qg_test_prover_commands_transduce";
  std::filesystem::remove_all(home);
  std::filesystem::create_directories(home / "Transducer Library");
  std::ofstream(home / "Transducer Library" / "SUM2.txt") << "{0, 1}\n\n0\n0 -> 0 / 0\n1 -> 1 / 1\n\n1\n"
                                                             "0 -> 1 / 1\n1 -> 0 / 0\n";
  std::ofstream(home / "Transducer Library" / "SUM3.txt")
      << "{0,1,2}\n0\n0 -> 0 / 0\n1 -> 1 / 1\n2 -> 2 / 2\n1\n0 -> 1 / 1\n1 -> 2 / 2\n2 -> 0 / 0\n"
         "2\n0 -> 2 / 2\n1 -> 0 / 0\n2 -> 1 / 1\n";
  std::ofstream(home / "Transducer Library" / "BAD.txt") << "{0, 1}\n0\n0 -> 0 / 0\n0 -> 0 / 1\n";
  Session s;
  s.set_home(home, false);
  // Thue–Morse, the Fibonacci word, the Fibonacci word read lsd first (lsd_fib), the
  // Tribonacci word mod 3: each letter of the result is the sum of the letters up to n.
  s.run("transduce a SUM2 T: transduce b SUM2 F: reverse fl F: transduce c SUM2 fl: transduce d SUM3 TR:");
  const std::pair<const char*, const char*> cases[] = {{"a", "T"}, {"b", "F"}, {"c", "fl"}, {"d", "TR"}};
  for (auto [made, from] : cases) {
    const Automaton &r = s.word(made), &w = s.word(from);
    const int mod = std::string(made) == "d" ? 3 : 2;
    int sum = 0;
    for (std::uint64_t n = 0; n < 700; ++n) {
      sum = (sum + at(w, {n})) % mod;
      ASSERT_EQ(at(r, {n}), sum) << made << " at " << n;
    }
  }
  EXPECT_EQ(s.word("c").tracks()[0].system->name(), "lsd_fib");
  // The Tribonacci word has the letter 2, which SUM2 does not read; a transducer with two
  // transitions on one letter; a word automaton of two inputs.
  EXPECT_THROW(s.run("transduce x SUM2 TR:"), qg::InputError);
  EXPECT_THROW(s.run("transduce x BAD T:"), qg::InputError);
  EXPECT_THROW(s.run("def lt \"x<y\": combine W lt: transduce x SUM2 W:"), qg::InputError);
  std::filesystem::remove_all(home);
}

TEST(ProverCommands, ImageOfPartialMorphism) {
  // Walnut's morphism_image_tests.txt: letter 2 has no rule of its own; the image of
  // Thue–Morse (letters 0, 1) is defined, its fixed point is not.
  Session s;
  s.run("morphism rev \"0->0012 1->0112\": image FS rev T:");
  const Automaton &fs = s.word("FS"), &t = s.word("T");
  const std::string image[2] = {"0012", "0112"};
  for (std::uint64_t n = 0; n < 800; ++n) ASSERT_EQ(at(fs, {n}), image[at(t, {n / 4})][n % 4] - '0') << n;
  EXPECT_THROW(s.run("promote X rev:"), qg::InputError);
  EXPECT_THROW(s.run("morphism two \"0->2 1->2\": image Y two TR:"), qg::InputError);  // TR has the letter 2
  // A 2-uniform morphism on a word in another system (msd_fib): μ(W)[n] = μ(W[n/2])[n mod 2].
  s.run("morphism tm \"0->01 1->10\": image G tm F:");
  const Automaton &g = s.word("G"), &f = s.word("F");
  EXPECT_EQ(g.tracks()[0].system->name(), "msd_fib");
  for (std::uint64_t n = 0; n < 800; ++n) ASSERT_EQ(at(g, {n}), (at(f, {n / 2}) + static_cast<int>(n % 2)) % 2) << n;
}

TEST(ProverCommands, OperandsOverOtherAlphabets) {
  // Walnut's suite: (012)*2*1* divided on the right by the word 2 over the alphabet {2,0}
  // is (012)*2* | (012)*01; the letters are matched by value, over the union of the alphabets.
  Session s;
  s.run(
      "reg a {0,1,2} \"(012)*2*1*\": reg b {2,0} \"2\": rightquo q a b: reg e {0,1,2} \"((012)*2*)|((012)*01)\":"
      " reg c {1} \"1\": union u c b:");
  EXPECT_TRUE(qg::automata::equivalent(s.automaton("q"), s.automaton("e"), s.context()));
  // union over {1} and {2,0}: the words 1 and 2, over {1, 2, 0}.
  const Automaton& u = s.automaton("u");
  EXPECT_EQ(u.tracks()[0].values, (std::vector<int>{1, 2, 0}));
  for (int v : {0, 1, 2}) EXPECT_EQ(u.run({u.tracks()[0].digit(v)}), v != 0 ? 1 : 0) << v;
  EXPECT_THROW(s.run("reg n msd_2 \"1\": union x c n:"), qg::InputError);
}

TEST(ProverCommands, FirstDescribeExport) {
  Session s;
  // first: the shortest accepted and rejected inputs, as numbers.
  auto r = s.run("def big \"Ey x=2*y & x>4\": first $big: def lt \"?lsd_fib x<y & y>3\": first lt:");
  EXPECT_EQ(r[1].lines, (std::vector<std::string>{"accepted: x = 6", "rejected: x = 0"}));
  EXPECT_EQ(r[3].lines, (std::vector<std::string>{"accepted: x = 0, y = 4", "rejected: x = 0, y = 0"}));
  r = s.run("reg none msd_2 \"1\": intersect empty none big: first empty:");
  EXPECT_EQ(r[2].lines, (std::vector<std::string>{"accepts nothing", "rejected: a = 0"}));
  // describe prints a regular expression that reg reads back as the same automaton: numbers in
  // msd_2, lsd_fib pairs, words over {0,1,2} and over {-1,0,1} (letters [-1]).
  s.run("def fibpair \"?lsd_fib x<y\": reg w {0,1,2} \"(012)*2|1\": reg sign {-1,0,1} \"1([-1]0)*\":");
  const std::pair<const char*, const char*> cases[] = {
      {"big", "msd_2"}, {"fibpair", "lsd_fib lsd_fib"}, {"w", "{0,1,2}"}, {"sign", "{-1,0,1}"}};
  for (auto [name, systems] : cases) {
    auto d = s.run(fmt::format("describe {}:", name));
    ASSERT_EQ(d[0].lines.size(), 2u) << name;
    const std::string head = "words accepted: ";
    ASSERT_EQ(d[0].lines[1].substr(0, head.size()), head) << d[0].lines[1];
    s.run(fmt::format("reg back {} \"{}\":", systems, d[0].lines[1].substr(head.size())));
    Automaton a = s.automaton(name), b = s.automaton("back");
    std::vector<std::string> names;
    for (const auto& t : a.tracks()) names.push_back(t.name);
    b.rename(names);
    EXPECT_TRUE(qg::automata::equivalent(a, b, s.context())) << name << ": " << d[0].lines[1];
  }
  EXPECT_THROW(s.run("first T:"), qg::InputError);  // a word automaton
  // help lists every command; export writes Result/NAME.FORMAT.
  EXPECT_GE(s.run("help:")[0].lines.size(), 30u);
  EXPECT_EQ(s.run("help convert:")[0].lines.size(), 1u);
  EXPECT_THROW(s.run("help nothing:"), qg::InputError);
  auto home = std::filesystem::temp_directory_path() / "qg_test_prover_commands_export";
  std::filesystem::remove_all(home);
  s.set_home(home, true);
  s.run("export $big gv: export $big re: export T txt:");
  EXPECT_TRUE(std::filesystem::exists(home / "Result" / "big.gv"));
  std::ifstream re(home / "Result" / "big.re");
  std::string line;
  std::getline(re, line);
  EXPECT_FALSE(line.empty());
  EXPECT_TRUE(std::filesystem::exists(home / "Result" / "T.txt"));
  EXPECT_THROW(s.run("export T pdf:"), qg::InputError);
  std::filesystem::remove_all(home);
}

TEST(ProverCommands, StarAndConcatOfTheSpelledWords) {
  Session s;
  // Walnut's star works on the words a reg spells, not on their numbers: (000111)* holds 7,
  // 455 = 000111000111, … and not 63 = 111111, which the star of the number 7 (0*111) would.
  s.run("reg six msd_2 \"000111\": star s six:");
  std::set<std::uint64_t> sevens;
  for (std::uint64_t v = 0; v < 100000; v = v * 64 + 7) sevens.insert(v);
  for (std::uint64_t n = 0; n < 600; ++n) ASSERT_EQ(at(s.automaton("s"), {n}), sevens.count(n)) << n;
  // concat: 000111 then (01)^k: 7·4^k + (4^k − 1)/3; the same for the union's and the
  // intersection's spelled words.
  s.run("reg alt msd_2 \"(01)*\": concat c six alt: union u six alt: concat cu u alt:");
  std::set<std::uint64_t> cat, catu;
  for (std::uint64_t p = 1; p < (1u << 20); p *= 4) {
    cat.insert(7 * p + (p - 1) / 3);
    catu.insert(7 * p + (p - 1) / 3);
    catu.insert((p - 1) / 3);
  }
  for (std::uint64_t n = 0; n < 5000; ++n) {
    ASSERT_EQ(at(s.automaton("c"), {n}), cat.count(n)) << n;
    ASSERT_EQ(at(s.automaton("cu"), {n}), catu.count(n)) << n;
  }
  // The union keeps its operands' words: (000111 | 01)* has no 111111 = 63.
  s.run("star su u:");
  for (std::uint64_t n : {7, 29, 455}) EXPECT_EQ(at(s.automaton("su"), {n}), 1) << n;
  EXPECT_EQ(at(s.automaton("su"), {63}), 0);
  // Walnut's concat keeps A's words (A ∪ A·B): where that is not A·B (B without the empty
  // word), refused, or Walnut's result with a note when the context asks for Walnut's concat.
  EXPECT_THROW(s.run("reg one msd_2 \"1\": concat x six one:"), qg::InputError);
  s.context().walnut_concat = true;
  auto both = s.run("concat x six one:");
  ASSERT_EQ(both[0].notes.size(), 1u);
  for (std::uint64_t n = 0; n < 100; ++n) EXPECT_EQ(at(s.automaton("x"), {n}), n == 7 || n == 15 ? 1 : 0) << n;
  s.context().walnut_concat = false;
  // Over msd_fib the words are read in binary, as Walnut reads them (its msd_2): (0*1)* holds 0
  // and the odd numbers.
  auto r = s.run("def one \"?msd_fib x=1\": star f one: test f 6:");
  EXPECT_EQ(r[2].lines, (std::vector<std::string>{"0", "1", "3", "5", "7", "9"}));
  EXPECT_EQ(s.automaton("f").tracks()[0].system->name(), "msd_2");
  for (std::uint64_t n = 0; n < 300; ++n) EXPECT_EQ(at(s.automaton("f"), {n}), n == 0 || n % 2 == 1 ? 1 : 0) << n;
  // 0*1 then 1 or nothing, over msd_fib: 0*1 and 0*11, the binary 1 and 3.
  s.run("reg e msd_fib \"1|()\": concat d one e:");
  EXPECT_EQ(s.automaton("d").tracks()[0].system->name(), "msd_2");
  for (std::uint64_t n = 0; n < 300; ++n) EXPECT_EQ(at(s.automaton("d"), {n}), n == 1 || n == 3 ? 1 : 0) << n;
}

TEST(ProverCommands, AlphabetReadsTheSpelledWords) {
  Session s;
  // The words 1(1[-1])*0* over {-1,0,1} read in msd_2: those without −1, 10*, the powers of 2
  // (Walnut drops the letters the new alphabet lacks; the numbers are those of the words).
  s.run("reg r {-1,0,1} \"1(1[-1])*0*\": alphabet x msd_2 $r:");
  for (std::uint64_t n = 0; n < 1000; ++n) ASSERT_EQ(at(s.automaton("x"), {n}), std::has_single_bit(n)) << n;
  // Binary words (10)*1 read as Zeckendorf digits: 1, 101 = 3 + 1, 10101 = 8 + 3 + 1, …
  s.run("reg b msd_2 \"(10)*1\": alphabet z msd_fib $b:");
  const std::set<std::uint64_t> alternate{1, 4, 12, 33, 88, 232};
  for (std::uint64_t n = 0; n < 300; ++n) ASSERT_EQ(at(s.automaton("z"), {n}), alternate.count(n)) << n;
  // A word automaton: Thue–Morse's binary digits read in base 4, where n has only digits 0, 1.
  s.run("alphabet t4 msd_4 T:");
  for (std::uint64_t m = 0; m < 256; ++m) {
    std::uint64_t n = 0;
    for (int d = 7; d >= 0; --d) n = 4 * n + ((m >> d) & 1);
    ASSERT_EQ(at(s.word("t4"), {n}), thue_morse(m)) << m;
  }
  // Without $ the name is a word automaton's (Walnut's Word Automata Library); the message
  // points to $r.
  try {
    s.run("alphabet y msd_2 r:");
    ADD_FAILURE() << "a word automaton r";
  } catch (const qg::InputError& e) {
    EXPECT_NE(std::string(e.what()).find("write $r"), std::string::npos) << e.what();
  }
}

TEST(ProverCommands, RemarksAfterACommand) {
  // Walnut ignores the rest of a command's line (its Command Files/demo.txt: `reg …; all binary
  // strings …`); a further command there still runs.
  Session s;
  auto r = s.run("reg e msd_2 \"(0|1)*00\"; all binary strings ending in 00\ndef f \"x=1\": def g \"x=2\": (two)\n");
  ASSERT_EQ(r.size(), 3u);
  EXPECT_EQ(r[2].name, "g");
  EXPECT_EQ(r[0].notes, (std::vector<std::string>{
                            "the rest of its line is a remark (as in Walnut): all binary strings ending in 00"}));
  EXPECT_EQ(r[2].notes, (std::vector<std::string>{"the rest of its line is a remark (as in Walnut): (two)"}));
  for (std::uint64_t n = 0; n < 20; ++n) EXPECT_EQ(at(s.automaton("e"), {n}), n % 4 == 0 ? 1 : 0) << n;
  // A failed command ends at its ':', and the rest of its line is a remark: the def on the next
  // line runs.
  std::vector<std::string> errors;
  r = s.run("$FactorEq(i, j, n): F[i .. i + n - 1] = F[j .. j + n - 1].\ndef h \"x=3\":\n", "<input>",
            [&](const qg::InputError& e) { errors.push_back(e.what()); });
  EXPECT_EQ(errors.size(), 1u);
  ASSERT_EQ(r.size(), 1u);
  EXPECT_EQ(r[0].name, "h");
  // Not a remark: a word that is not a command at the start of a line.
  EXPECT_THROW(s.run("def k \"x=4\":\nall binary strings\n"), qg::InputError);
}

// The one table of commands (prover/commands.hpp): every row dispatches to its handler (an
// argument error, never "unknown command"), help lists every row, and the fuzzer's dictionary
// carries every command word but load (which would read the fuzzer's own files).
TEST(ProverCommands, TheTableIsTheOnlyListOfCommands) {
  const auto& table = qg::prover::walnut_commands();
  ASSERT_EQ(table.size(), 33u);
  Session s;
  EXPECT_EQ(s.run("help:")[0].lines.size(), table.size());
  std::ifstream dict(std::string(QG_SOURCE_DIR) + "/fuzz/fuzz_walnut.dict");
  const std::string words((std::istreambuf_iterator<char>(dict)), std::istreambuf_iterator<char>());
  for (const auto& c : table) {
    SCOPED_TRACE(std::string(c.name));
    EXPECT_EQ(s.run(fmt::format("help {}:", c.name))[0].lines.at(0).substr(0, c.name.size()), c.name);
    try {
      s.run(fmt::format("{} 5:", c.name));  // no command takes a bare number where this one is
      EXPECT_EQ(c.name, "help") << "ran";
    } catch (const qg::InputError& e) {
      EXPECT_EQ(std::string(e.what()).find("unknown command"), std::string::npos) << e.what();
    }
    if (c.name != "load") {
      EXPECT_NE(words.find(fmt::format("\"{}\"", c.name)), std::string::npos);
    }
  }
  try {
    s.run("frob x:");
    ADD_FAILURE() << "ran";
  } catch (const qg::InputError& e) {
    EXPECT_NE(std::string(e.what()).find("(the commands: eval, def, reg,"), std::string::npos) << e.what();
  }
}

// The one reader of command text (prover/script.hpp), under Walnut's rules: ':' and ';' in
// quotes or // comments do not end a command; the rest of a line after a command is a remark
// unless it begins with a command word; '::' is one end.
TEST(ProverCommands, CommandsAreCutAsWalnutCutsThem) {
  const std::string text =
      "eval a \"Ax x:=x\"; a remark: with a colon\n"
      "def b // a comment; with ':'\n \"x<2\"::\n"
      "reg c msd_2 \"0*1\": def d \"x=1\";\n"
      "  // eval commented \"x=x\":\n"
      "eval e \"x=x";
  const auto cs = qg::prover::split_commands(text);
  ASSERT_EQ(cs.size(), 5u);
  EXPECT_EQ(cs[0].command, "eval");
  EXPECT_EQ(cs[0].name, "a");
  EXPECT_EQ(cs[0].statement, "Ax x:=x");
  EXPECT_EQ(cs[0].remark, "a remark: with a colon");
  EXPECT_EQ(cs[1].command, "def");
  EXPECT_EQ(cs[1].statement, "x<2");
  EXPECT_EQ(text.substr(cs[1].end - 2, 2), "::");
  EXPECT_EQ(cs[1].remark, "");
  EXPECT_EQ(cs[2].command, "reg");
  EXPECT_EQ(cs[2].statement, "");   // only eval and def have statements
  EXPECT_EQ(cs[3].command, "def");  // a command on the same line is no remark
  EXPECT_EQ(cs[3].name, "d");
  EXPECT_EQ(cs[4].name, "e");
  EXPECT_EQ(cs[4].end, text.size());  // no end: Session::run reports it
  // Session::run reads through the same cut: the remark is a note, keep-going goes on.
  Session s;
  std::vector<std::string> errors;
  auto results = s.run("eval t \"?msd_2 Ax x=x\": trailing words\nfrob y: eval u \"Ex x=1\":", "<t>",
                       [&](const qg::InputError& e) { errors.push_back(e.what()); });
  ASSERT_EQ(results.size(), 2u);
  EXPECT_EQ(results[0].notes.at(0), "the rest of its line is a remark (as in Walnut): trailing words");
  EXPECT_EQ(results[1].name, "u");
  ASSERT_EQ(errors.size(), 1u);
  EXPECT_EQ(errors[0].substr(0, 32), "<t>:2:1: unknown command 'frob' ");
}

// reg determinizes Thompson's automaton by closed subsets (prover/regex.cpp), the ε-free
// automaton and Brzozowski's construction only past the subset budget: both routes give the same
// automaton on random expressions, and an expression whose ε-free automaton is quadratic
// ((0|1)* 3,000 times: 13 GB that way) fits in a small memory limit.
TEST(ProverCommands, RegularExpressionsByClosedSubsets) {
  std::mt19937 rng(31);
  std::function<std::string(int)> expr = [&](int depth) -> std::string {
    switch (depth <= 0 ? rng() % 2 : rng() % 7) {
      case 0:
        return std::string(1, static_cast<char>('0' + rng() % 2));
      case 1:
        return ".";
      case 2:
        return expr(depth - 1) + expr(depth - 1);
      case 3:
        return "(" + expr(depth - 1) + "|" + expr(depth - 1) + ")";
      case 4:
        return "(" + expr(depth - 1) + ")*";
      case 5:
        return "(" + expr(depth - 1) + ")+";
      default:
        return "(" + expr(depth - 1) + ")?";
    }
  };
  qg::automata::Context brzozowski;
  brzozowski.determinization = qg::automata::Determinization::brzozowski;
  for (int trial = 0; trial < 200; ++trial) {
    const std::string re = expr(4);
    for (const char* system : {"msd_2", "lsd_fib", "{0,1}"}) {
      Session a, b(brzozowski);
      const std::string command = fmt::format("reg r {} \"{}\":", system, re);
      a.run(command);
      b.run(command);
      ASSERT_TRUE(qg::automata::equivalent(a.automaton("r"), b.automaton("r"), a.context())) << command;
      ASSERT_TRUE(qg::automata::equivalent(a.spelled("r"), b.spelled("r"), a.context())) << command;
    }
  }
  qg::automata::Context small;
  small.memory_limit = std::uint64_t{1} << 30;
  Session s(small);
  std::string many;
  for (int i = 0; i < 3000; ++i) many += "(0|1)*";
  auto r = s.run(fmt::format("reg all msd_2 \"{}\": eval every \"An $all(n)\":", many));
  EXPECT_EQ(r[0].states, 1u);
  EXPECT_EQ(r[1].truth, true);
}

// Constants beyond 64 bits in an integer base are written by their digits (evaluate.cpp), in
// other systems built bit by bit through the adder: both agree with the arithmetic around them.
TEST(ProverCommands, ConstantsOfAnySizeByTheirDigits) {
  Session s;
  const std::string big = "1267650600228229401496703205376";  // 2^100
  const std::string half = "633825300114114700748351602688";  // 2^99
  for (const char* system : {"msd_2", "lsd_2", "msd_3", "lsd_10", "msd_16", "msd_fib", "lsd_trib"}) {
    SCOPED_TRACE(system);
    auto r =
        s.run(fmt::format("eval a \"?{0} Ax x={1} <=> x=2*{2}\": eval b \"?{0} Ex x={1}+7 & x-{2}={2}+7\":"
                          "eval c \"?{0} Ax x={1} => x!={2}\": def d \"?{0} x={1}\":",
                          system, big, half));
    EXPECT_EQ(r[0].truth, true);
    EXPECT_EQ(r[1].truth, true);
    EXPECT_EQ(r[2].truth, true);
    EXPECT_EQ(r[3].states, s.run(fmt::format("def e \"?{} x=2*{}\":", system, half))[0].states);
  }
  // 3,001 decimal digits: one state a digit, and the dead state.
  const std::string huge = "1" + std::string(3000, '0');
  EXPECT_EQ(s.run(fmt::format("def h \"?msd_10 x={}\":", huge))[0].states, 3003u);
}

// Walnut 7+ library files take comment lines (CHANGELOG 7.0: "Walnut .txt files … now allow
// comments"): a line whose first non-blank character is '#' (AutomatonReader.shouldSkipLine),
// before the header, between states and transitions, indented, among blank lines; only whole
// lines ("0 1 # out" is refused by Walnut as an undefined statement, and by us with a reason).
// Each kind of file is read with comments and checked against the numbers it stands for.
TEST(ProverCommands, WalnutFileComments) {
  namespace fs = std::filesystem;
  const fs::path home = fs::path(::testing::TempDir()) / "qg_walnut_file_comments";
  fs::remove_all(home);
  for (const char* d :
       {"Automata Library", "Word Automata Library", "Custom Bases", "Transducer Library", "Macro Library"})
    fs::create_directories(home / d);
  // Thue–Morse as the 8.0 tree writes T.txt: a comment first, then one inside.
  std::ofstream(home / "Word Automata Library" / "TC.txt")
      << "# The Thue-Morse sequence.\nmsd_2\n\n0 0\n# state 0 keeps the parity\n0 -> 0\n1 -> 1\n\n   # indented\n"
         "1 1\n0 -> 1\n1 -> 0\n# last line, no newline";
  // x is odd, lsd first, with CRLF line ends.
  std::ofstream(home / "Automata Library" / "odd.txt") << "# odd numbers\r\nlsd_2\r\n#\r\n0 0\r\n1 -> 1\r\n\r\n1 1\r\n"
                                                          "* -> 1\r\n";
  // The Zeckendorf system under another name, its files opening with a comment as the 8.0
  // tree's msd_kim.txt does.
  auto fib = qg::automata::NumberSystem::make("msd_fib");
  auto write_base = [&](const std::string& file, Automaton a) {
    for (std::size_t i = 0; i < a.tracks().size(); ++i) a.set_system(i, nullptr);
    std::ofstream(home / "Custom Bases" / file) << "# Zeckendorf, under another name\n" << write_automaton(a);
  };
  write_base("msd_cfib.txt", fib->validity());
  write_base("msd_cfib_addition.txt", fib->adder());
  // The running sum mod 2 (Walnut's RUNSUM2) with comments.
  std::ofstream(home / "Transducer Library" / "SUMC.txt")
      << "# running sum mod 2\n{0, 1}\n# the sum is 0\n0\n0 -> 0 / 0\n1 -> 1 / 1\n\n# the sum is 1\n1\n"
         "0 -> 1 / 1\n1 -> 0 / 0\n";
  // Walnut's palindrome.txt of the 8.0 tree (Walnut itself joins its two lines and fails on the
  // '#'; we leave the comment out).
  std::ofstream(home / "Macro Library" / "pal.txt") << "# Palindrome macro\n?%0 Ak (k<n) => %1[i+k] = %1[i+n-1-k]";
  Session s;
  s.set_home(home, false);
  const Automaton& tc = s.word("TC");
  for (std::uint64_t n = 0; n < 500; ++n) ASSERT_EQ(at(tc, {n}), thue_morse(n)) << n;
  const Automaton& odd = s.automaton("odd");
  for (std::uint64_t n = 0; n < 200; ++n) ASSERT_EQ(at(odd, {n}) != 0, n % 2 == 1) << n;
  auto cfib = s.system("msd_cfib");
  for (std::uint64_t n = 0; n < 300; ++n) ASSERT_EQ(cfib->representation(n), fib->representation(n)) << n;
  s.run("transduce sum SUMC T:");
  int sum = 0;
  for (std::uint64_t n = 0; n < 500; ++n) {
    sum = (sum + thue_morse(n)) % 2;
    ASSERT_EQ(at(s.word("sum"), {n}), sum) << n;
  }
  // The i, n with a palindrome of length n at i in Thue–Morse, against the word itself.
  s.run("def p \"#pal(msd_2,TC)\":");
  for (std::uint64_t i = 0; i < 64; ++i)
    for (std::uint64_t n = 0; n < 20; ++n) {
      bool pal = true;
      for (std::uint64_t k = 0; k < n; ++k) pal &= thue_morse(i + k) == thue_morse(i + n - 1 - k);
      ASSERT_EQ(qg::automata::accepts(s.automaton("p"), {i, n}), pal) << i << " " << n;
    }
  // Error positions count the comment lines; a '#' after content is refused where it stands.
  auto message = [&](const std::string& t) { return input_error([&] { read_automaton(t, s, "a.txt"); }); };
  EXPECT_EQ(message("# c\nmsd_2\n# c\n\n0 1\n  # c\n0 -> 3\n"), "a.txt:7:6: no state 3");
  EXPECT_EQ(message("msd_2\n0 1 # accepting\n0 -> 0\n"),
            "a.txt:2:5: a '#' comment must stand on a line of its own (as in Walnut)");
  EXPECT_EQ(message("msd_2 # binary\n0 1\n"),
            "a.txt:1:7: a '#' comment must stand on a line of its own (as in Walnut)");
  EXPECT_EQ(message("# only\n#comments\n"), "a.txt:1:1: an empty automaton file");
  fs::remove_all(home);
}

// Walnut 7's metacommands before a command (its MetaCommands.java, the 8.0 suite's cases
// 637–641 and 659–660): `[strategy N NAME]` and `[export N FORMAT]` steer how Walnut builds an
// automaton, not which: the statement's automaton is the one without them (brute force), with a
// note; Walnut's own refusals are ours.
TEST(ProverCommands, MetacommandsSteerNothingButAreChecked) {
  Session s;
  auto r = s.run(
      "[strategy 6 BRZ][strategy * Brzozowski-CCLS] [export 1 BA]def even \"Ey x=2*y\"::\n"
      "[earlyExistTermination]def odd \"?lsd_2 Ey x=2*y+1\"::");
  ASSERT_EQ(r.size(), 2u);
  for (std::uint64_t n = 0; n < 64; ++n) {
    EXPECT_EQ(at(s.automaton("even"), {n}), n % 2 == 0 ? 1 : 0) << n;
    EXPECT_EQ(at(s.automaton("odd"), {n}), n % 2 == 1 ? 1 : 0) << n;
  }
  ASSERT_EQ(r[0].notes.size(), 3u);
  EXPECT_EQ(r[0].notes[0].rfind("[strategy 6 BRZ]: queengames determinizes by its own subset construction", 0), 0u);
  EXPECT_EQ(r[0].notes[2].rfind("[export 1 BA]: intermediate automata are not exported", 0), 0u);
  EXPECT_TRUE(r[1].notes.empty());
  auto error = [&](const std::string& text) { return input_error([&] { s.run(text, "m.txt"); }); };
  EXPECT_EQ(error("[export 1 BA]eval e \"x=x\";"),
            "m.txt:1:1: metacommands are currently only supported for commands ending in :: (as in Walnut)");
  EXPECT_EQ(error("def a \"x=1\"::\n[strategy 1 fast]def b \"x=1\"::"),
            "m.txt:2:1: no strategy fast (Walnut's: SC, Brzozowski, CCL, CCLS, Brzozowski-CCL, Brzozowski-CCLS)");
  EXPECT_EQ(error("[export x BA]def b \"x=1\"::").substr(0, 44), "m.txt:1:1: unknown metacommand [export x BA]");
  EXPECT_EQ(error("[export 2 PDF]def b \"x=1\"::"), "m.txt:1:1: unknown export format PDF (BA, TXT, GV)");
  EXPECT_EQ(error("[draw 2 BA]def b \"x=1\"::").substr(0, 42), "m.txt:1:1: unknown metacommand [draw 2 BA]");
  // A metacommand after a command on its line starts the next command, not a remark.
  r = s.run("def c \"x=3\": [strategy 1 SC]def d \"x=4\"::");
  ASSERT_EQ(r.size(), 2u);
  EXPECT_TRUE(r[0].notes.empty());
  EXPECT_EQ(at(s.automaton("d"), {4}), 1);
}

// export NAME BA|GV|TXT as Walnut 7 spells them (the 8.0 suite's 654–655): the BA file lists the
// initial state, each transition "letter,[p]->[q]" and the accepting states, and reading it
// back by hand gives the automaton's answers.
TEST(ProverCommands, ExportInWalnutsFormats) {
  Session s;
  auto home = std::filesystem::temp_directory_path() / fmt::format("qg_test_export_ba_{}", ::getpid());
  std::filesystem::remove_all(home);
  s.set_home(home, true);
  s.run("def three \"Ey x=3*y\": export $three BA: export $three GV: export three Txt:");
  for (const char* file : {"three.ba", "three.gv", "three.txt"})
    EXPECT_TRUE(std::filesystem::exists(home / "Result" / file)) << file;
  std::ifstream ba(home / "Result" / "three.ba");
  std::string line;
  std::getline(ba, line);
  const int initial = std::stoi(line.substr(1));
  std::map<std::pair<int, int>, int> next;
  std::set<int> accepting;
  while (std::getline(ba, line)) {
    int letter, p, q;
    if (std::sscanf(line.c_str(), "%d,[%d]->[%d]", &letter, &p, &q) == 3) next[{p, letter}] = q;
    else accepting.insert(std::stoi(line.substr(1)));
  }
  for (std::uint64_t n = 0; n < 100; ++n) {
    int q = initial;
    for (int bit = 7; bit >= 0; --bit) q = next.at({q, static_cast<int>((n >> bit) & 1)});
    EXPECT_EQ(accepting.count(q) == 1, n % 3 == 0) << n;
  }
  EXPECT_THROW(s.run("export T BA:"), qg::InputError);  // a word automaton has no BA form
  std::filesystem::remove_all(home);
}

// Walnut 7's comment lines in command files (Walnut 8's Prover.readBuffer; its Command
// Files/fiboprops.txt): a line whose first non-blank character is '#' is left out, between
// commands and inside one, and errors after it keep their line and column.
TEST(ProverCommands, CommentLinesInCommandText) {
  Session s;
  auto r = s.run(
      "# Regular expressions.\nreg IsFibo msd_fib \"0*10*\":\n  # indented, with a ; and a \" in it\n"
      "def Inc \"?msd_fib (x<=y)\n# a comment line inside the statement\n & (y<=z)\":\n");
  ASSERT_EQ(r.size(), 2u);
  for (std::uint64_t x = 0; x < 6; ++x)
    for (std::uint64_t y = 0; y < 6; ++y)
      for (std::uint64_t z = 0; z < 6; ++z)
        EXPECT_EQ(at(s.automaton("Inc"), {x, y, z}), x <= y && y <= z) << x << y << z;
  // The Fibonacci numbers (one 1 in Zeckendorf), by brute force.
  for (std::uint64_t n = 1, a = 1, b = 2; n < 200; ++n) {
    const bool fibonacci = n == a || n == b;
    EXPECT_EQ(at(s.automaton("IsFibo"), {n}), fibonacci ? 1 : 0) << n;
    if (n == b) a = std::exchange(b, a + b);
  }
  // A '#' after other text is no comment: a macro call stays one.
  r = s.run("macro lt \"%0<%1\":\neval m \"Ex #lt(x,2)\":");
  EXPECT_TRUE(*r.back().truth);
  try {
    s.run("# one\n# two\neval e \"x=\":", "c.txt");
    ADD_FAILURE() << "no error";
  } catch (const qg::InputError& e) {
    EXPECT_EQ(std::string(e.what()).substr(0, 11), "c.txt:3:11:") << e.what();
  }
}

// An automaton whose name begins with A, E or I is called as $NAME (Walnut's pattern \$NAME( reads
// the whole name; fiboprops.txt's $Inc, $IsLargeFibo): no quantifier there.
TEST(ProverCommands, AutomatonNamesBeginningWithQuantifierLetters) {
  Session s;
  s.run("def Inc \"x<=y & y<=z\": def Even \"Ek x=2*k\": def Ian \"x=7\":");
  auto r = s.run("eval t \"Ap,n $Inc(1, p, n) => p<=n\": eval u \"$Even(6) & ~$Even(7) & $Ian(7)\":");
  EXPECT_TRUE(*r[0].truth);
  EXPECT_TRUE(*r[1].truth);
  r = s.run("def v \"?msd_2 $Inc(x, 3, y)\":");
  for (std::uint64_t x = 0; x < 8; ++x)
    for (std::uint64_t y = 0; y < 8; ++y) EXPECT_EQ(at(s.automaton("v"), {x, y}), x <= 3 && 3 <= y) << x << " " << y;
}
