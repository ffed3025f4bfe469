// queengames word: prefixes, codings, b-files, random access, and bad input (exit 2 with
// the reason); bfile of the words module's sequences.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "cli_runner.hpp"

namespace fs = std::filesystem;

namespace {

TEST(CliWord, PrefixesOfTheNamedWordsAndCodings) {
  auto t = run_cli("word tribonacci --length 25");
  ASSERT_EQ(t.status, 0) << t.err;
  EXPECT_EQ(t.out, "abacabaabacababacabaabaca\n");  // seed 000 (9)
  auto theta = run_cli("word theme-song --length 25 --coding 'a->5,b->4,c->3'");
  ASSERT_EQ(theta.status, 0) << theta.err;
  EXPECT_EQ(theta.out, "3545354554535454535455453\n");  // seed 000 (4): ΔP_n = Θ(5,4,3)
  auto tc = run_cli("word 'a → ab, b → ac, c → a' --length 30 --coding 'c->'");
  ASSERT_EQ(tc.status, 0) << tc.err;
  EXPECT_EQ(tc.out.substr(0, 22), "abaabaabaababaabaabaab");  // seed 001 §3: t_c
  auto digits = run_cli("word tribonacci --length 2^4 --coding a-\\>0,b-\\>1,c-\\>2");
  ASSERT_EQ(digits.status, 0) << digits.err;
  EXPECT_EQ(digits.out, "0102010010201010\n");  // A080843
  auto list = run_cli("word --list");
  ASSERT_EQ(list.status, 0);
  EXPECT_NE(list.out.find("theme-song       c->caba,a->cabaaba,b->cababa"), std::string::npos) << list.out;
}

// --bfile always means an OEIS b-file (issue 21 §3): integer terms, one per letter.
TEST(CliWord, BfileIsAnOeisBfileWithOneIntegerTermPerLetter) {
  auto r = run_cli("word tribonacci --length 5 --coding 'a->0,b->1,c->2' --bfile");
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.out, "0 0\n1 1\n2 0\n3 2\n4 0\n");
  auto multi = run_cli("word tribonacci --length 5 --coding 'a->10,b->11,c->12' --bfile");
  ASSERT_EQ(multi.status, 0) << multi.err;
  EXPECT_EQ(multi.out, "0 10\n1 11\n2 10\n3 12\n4 10\n");       // was split into 1 0 / 1 1 …
  auto letters = run_cli("word fibonacci --length 3 --bfile");  // printed letters as terms before
  EXPECT_EQ(letters.status, 2);
  EXPECT_NE(letters.err.find("--coding a->0"), std::string::npos) << letters.err;
  auto digits = run_cli("word '0->01,1->0' --length 4 --bfile");
  ASSERT_EQ(digits.status, 0) << digits.err;
  EXPECT_EQ(digits.out, "0 0\n1 1\n2 0\n3 0\n");
}

TEST(CliWord, RandomAccess) {
  // Seed 000 Table 2: t_11 = c (position 10), A_5 = 8, N_a(8) = 5 (§5.4).
  auto nth = run_cli("word tribonacci --nth 10");
  EXPECT_EQ(nth.out, "c\n") << nth.err;
  auto count = run_cli("word tribonacci --count a --prefix 8");
  EXPECT_EQ(count.out, "5\n") << count.err;
  auto occurrence = run_cli("word tribonacci --occurrence a --rank 5");
  EXPECT_EQ(occurrence.out, "7\n") << occurrence.err;  // 0-based: A_5 − 1
  auto far = run_cli("word tribonacci --nth 1e18 --coding 'a->0,b->1,c->2'");
  EXPECT_EQ(far.status, 0) << far.err;
  EXPECT_EQ(far.out.size(), 2u);
}

TEST(CliWord, BadInputIsExitTwoWithTheReason) {
  struct Case {
    const char* args;
    const char* reason;
  };
  for (auto [args, reason] : std::initializer_list<Case>{
           {"word 'a->ba,b->a' --length 5", "not prolongable on 'a'"},
           {"word 'a->ab,b->' --length 5", "the morphism erases 'b'"},
           {"word 'a->ab,b->ac' --length 5", "letter 'c' occurs in the image of 'b'"},
           {"word 'a->ab,a->b' --length 5", "letter 'a' is mapped twice"},
           {"word 'a->a' --length 5", "a->a has no infinite fixed point"},
           {"word fibonaci --length 5", "unknown word 'fibonaci'"},
           {"word fibonacci --length 0", "supported range is 1..1099511627776"},
           {"word fibonacci --length -3", "queengames: "},
           {"word fibonacci --length 2^41", "supported range is 1..1099511627776"},
           {"word fibonacci --length 5 --coding 'a=0'", "has no arrow"},
           {"word fibonacci --nth 2^64", "supported range is 0..18446744073709551615"},
           {"word fibonacci --count ab --prefix 3", "--count takes a single letter"},
           {"word fibonacci --count c --prefix 3", "'c' is not a letter of the word"},
           {"word fibonacci --count a", "--count LETTER needs --prefix N"},
           {"word fibonacci --occurrence a --rank 0", "supported range is 1.."},
           {"word fibonacci", "exactly one of --length N"},
           {"word fibonacci --length 3 --nth 2", "exactly one of --length N"},
           {"word", "word needs a morphism"},
           {"word fibonacci --length 3 --out /nonexistent-dir/w.txt", "cannot write /nonexistent-dir/w.txt"},
       }) {
    auto r = run_cli(args);
    EXPECT_EQ(r.status, 2) << args;
    EXPECT_EQ(r.err.rfind("queengames: ", 0), 0u) << args << " printed: " << r.err;
    EXPECT_NE(r.err.find(reason), std::string::npos) << args << " printed: " << r.err;
    EXPECT_TRUE(r.out.empty()) << args << " printed: " << r.out;
  }
}

TEST(CliWord, OutFileHoldsTheWord) {
  fs::path p = fs::temp_directory_path() / "qg_cli_word.txt";
  fs::remove(p);
  auto r = run_cli("word fibonacci --length 1e5 --out " + p.string());
  ASSERT_EQ(r.status, 0) << r.err;
  std::ifstream in(p);
  std::stringstream s;
  s << in.rdbuf();
  EXPECT_EQ(s.str().size(), 100'001u);
  EXPECT_EQ(s.str().substr(0, 13), "abaababaabaab");
  fs::remove(p);
}

TEST(CliWord, BfileOfTheCatalogedTribonacciSequences) {
  auto a = run_cli("bfile A003144 5");
  ASSERT_EQ(a.status, 0) << a.err;
  EXPECT_EQ(a.out, "1 1\n2 3\n3 5\n4 7\n5 8\n");
  auto c = run_cli("bfile A003146 3");
  EXPECT_EQ(c.out, "1 4\n2 11\n3 17\n");
  auto w = run_cli("bfile A080843 4");
  EXPECT_EQ(w.out, "0 0\n1 1\n2 0\n3 2\n");
}

}  // namespace
