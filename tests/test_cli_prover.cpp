// queengames prove: statements on the command line and in files, JSON, errors (exit 2).
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include <nlohmann/json.hpp>

#include "cli_runner.hpp"

TEST(CliProve, StatementsFilesJsonAndErrors) {
  auto t = run_cli("prove -e 'eval fib3 \"?msd_fib Ei,n n>=1 & At t<2*n => F[i+t]=F[i+n+t]\":'");
  ASSERT_EQ(t.status, 0) << t.err;
  EXPECT_EQ(t.out.substr(0, 16), "eval fib3: TRUE ") << t.out;
  // A FALSE statement with its smallest counterexample.
  auto f = run_cli("prove --json -e 'eval small \"An n<5\":'");
  ASSERT_EQ(f.status, 0) << f.err;
  auto j = nlohmann::json::parse(f.out);
  EXPECT_EQ(j[0]["truth"], false);
  EXPECT_EQ(j[0]["counterexample"]["n"], "5");
  // A command file: def, macro and eval; the def's automaton has its variables.
  auto path = std::filesystem::temp_directory_path() / "qg_cli_prove_test.txt";
  {
    std::ofstream out(path);
    out << "// Zeckendorf\nmacro sum \"%0+%1=%2\":\ndef double \"?msd_fib #sum(x,x,y)\":\n"
           "eval ok \"?msd_fib Ax Ey $double(x,y)\";\n";
  }
  auto file = run_cli("prove " + path.string());
  ASSERT_EQ(file.status, 0) << file.err;
  EXPECT_NE(file.out.find("def double: "), std::string::npos) << file.out;
  EXPECT_NE(file.out.find("eval ok: TRUE"), std::string::npos) << file.out;
  std::filesystem::remove(path);
  auto bad = run_cli("prove -e 'eval x \"Ax x<\":'");
  EXPECT_EQ(bad.status, 2);
  EXPECT_EQ(bad.err, "queengames: -e:1:14: the statement ends where a term is expected\n");
  auto none = run_cli("prove");
  EXPECT_EQ(none.status, 2);
  // A batch: several files in one session (the second uses the first's def); with --keep-going
  // a failing command is reported and the status is 2 at the end.
  auto first = std::filesystem::temp_directory_path() / "qg_cli_prove_batch1.txt";
  auto second = std::filesystem::temp_directory_path() / "qg_cli_prove_batch2.txt";
  std::ofstream(first) << "def even \"Ey x=2*y\":\n";
  std::ofstream(second) << "eval odd \"Ax $even(x) | $even(x+1)\":\neval broken \"Ax x<\":\neval last \"Ex x=1\":\n";
  auto batch = run_cli("prove --keep-going " + first.string() + " " + second.string());
  EXPECT_EQ(batch.status, 2);
  EXPECT_NE(batch.out.find("eval odd: TRUE"), std::string::npos) << batch.out;
  EXPECT_NE(batch.out.find("eval last: TRUE"), std::string::npos) << batch.out;
  EXPECT_NE(batch.err.find("qg_cli_prove_batch2.txt:2:"), std::string::npos) << batch.err;
  // Without --keep-going the batch stops at the failing command, status 2.
  auto stopped = run_cli("prove " + first.string() + " " + second.string());
  EXPECT_EQ(stopped.status, 2);
  EXPECT_EQ(stopped.out.find("eval last"), std::string::npos) << stopped.out;
  std::ofstream(second) << "eval odd \"Ax $even(x) | $even(x+1)\":\n";
  EXPECT_EQ(run_cli("prove " + first.string() + " " + second.string()).status, 0);
  std::filesystem::remove(first);
  std::filesystem::remove(second);
}

// --session DIR: the results go into DIR, which later runs read before the Walnut folder; the
// Walnut folder is left as it was.
TEST(CliProve, SessionFolder) {
  namespace fs = std::filesystem;
  const fs::path root = fs::temp_directory_path() / "qg_cli_prove_session";
  fs::remove_all(root);
  const fs::path home = root / "Walnut", one = root / "one", two = root / "two";
  fs::create_directories(home);
  ASSERT_EQ(run_cli("prove --walnut-home " + home.string() + " -e 'def three \"x=3\":'").status, 0);
  auto made = run_cli("prove --walnut-home " + home.string() + " --session " + one.string() +
                      " -e 'def even \"Ey x=2*y\": eval t \"Ex $three(x) & $even(x+1)\":' --json");
  ASSERT_EQ(made.status, 0) << made.err;
  EXPECT_EQ(nlohmann::json::parse(made.out)[1]["truth"], true);
  EXPECT_TRUE(fs::is_regular_file(one / "Automata Library" / "even.txt"));
  EXPECT_TRUE(fs::is_regular_file(one / "Result" / "t.txt"));
  EXPECT_FALSE(fs::exists(home / "Automata Library" / "even.txt"));
  EXPECT_FALSE(fs::exists(home / "Result" / "t.txt"));
  // A later run with the same session folder finds even there, three in the Walnut folder.
  const std::string odd = " -e 'eval odd \"Ax $even(x) | $even(x+1) | $three(x)\":' --json";
  auto again = run_cli("prove --walnut-home " + home.string() + " --session " + one.string() + odd);
  ASSERT_EQ(again.status, 0) << again.err;
  EXPECT_EQ(nlohmann::json::parse(again.out)[0]["truth"], true);
  EXPECT_EQ(run_cli("prove --walnut-home " + home.string() + odd).status, 2);  // no even there
  // Without a Walnut folder the session folder is the only one.
  auto alone = run_cli("prove --session " + two.string() + " -e 'eval odd \"Ax Ey x=2*y | x=2*y+1\":' --json");
  ASSERT_EQ(alone.status, 0) << alone.err;
  EXPECT_EQ(nlohmann::json::parse(alone.out)[0]["truth"], true);
  EXPECT_TRUE(fs::is_regular_file(two / "Result" / "odd.txt"));
  auto file = run_cli("prove --session " + (home / "Result" / "three.txt").string() + " -e 'eval x \"Ex x=1\":'");
  EXPECT_EQ(file.status, 2);
  fs::remove_all(root);
}

// ost writes Walnut's Custom Bases files (Walnut reads them: docs/WALNUT.md); a later run reads
// the system back from them, through the checks of a Custom Bases system, and prints nothing for
// the ost command itself.
TEST(CliProve, OstrowskiThroughCustomBases) {
  namespace fs = std::filesystem;
  const fs::path home = fs::temp_directory_path() / "qg_cli_prove_ost";
  fs::remove_all(home);
  fs::create_directories(home);
  auto made = run_cli("prove --walnut-home " + home.string() + " -e 'ost numsys [0 3 1] [1 2]:'");
  ASSERT_EQ(made.status, 0) << made.err;
  EXPECT_EQ(made.out, "");
  EXPECT_TRUE(fs::is_regular_file(home / "Custom Bases" / "msd_numsys.txt"));
  EXPECT_TRUE(fs::is_regular_file(home / "Custom Bases" / "msd_numsys_addition.txt"));
  auto read = run_cli("prove --walnut-home " + home.string() +
                      " -e 'eval even \"?lsd_numsys Ex,y x=2*y & x=12 & y=6\":' --json");
  ASSERT_EQ(read.status, 0) << read.err;
  EXPECT_EQ(nlohmann::json::parse(read.out)[0]["truth"], true);
  auto bad = run_cli("prove -e 'ost q [0 2] [0]:'");
  EXPECT_EQ(bad.status, 2);
  EXPECT_EQ(bad.err, "queengames: -e:1:5: ost q: the continued fraction needs a nonempty period and quotients 1 … 9\n");
  fs::remove_all(home);
}

// --memory-limit takes an amount with its unit (a bare number is MiB) and caps the process: a
// step whose tables and what the proof holds exceed it is refused up front, amounts readable. Walnut's reading of a
// variable in two number systems (Walnut's integration case 119) runs, with a note under the result and in --json.
TEST(CliProve, MemoryLimitAndWalnutsReadingOfDigits) {
  const std::string sum = " -e 'eval t \"?msd_fib Ax,y,z x+y=z => y+x=z\":'";
  auto tight = run_cli("prove --memory-limit 1KiB" + sum);
  EXPECT_EQ(tight.status, 2);
  EXPECT_NE(tight.err.find(" held, above the memory limit of 1.0 KiB"), std::string::npos) << tight.err;
  for (const char* amount : {"2GiB", "500MB", "2048"}) {
    auto ok = run_cli(std::string("prove --memory-limit ") + amount + sum);
    EXPECT_EQ(ok.status, 0) << amount << ": " << ok.err;
    EXPECT_EQ(ok.out.substr(0, 13), "eval t: TRUE ") << ok.out;
  }
  auto bad = run_cli("prove --memory-limit 2XB" + sum);
  EXPECT_EQ(bad.status, 2);
  EXPECT_EQ(bad.err,
            "queengames: '2XB' is not an amount of memory (write e.g. 2GiB, 512MiB, 3GB or a number of MiB)\n");
  auto read = run_cli("prove --json -e 'def b \"E a (?lsd_fib a = 10 ) & b = a+1\":'");
  ASSERT_EQ(read.status, 0) << read.err;
  auto j = nlohmann::json::parse(read.out);
  EXPECT_EQ(j[0]["notes"][0],
            "variable a is read as digits in two number systems (lsd_fib and msd_2), as Walnut reads it");
  EXPECT_EQ(j[0]["states"], 9);
}

// Issue 36 §3: progress on a long statement, on a terminal (script(1) gives the run one). The
// prover's steps count in their own units with no total: the line says the time so far, never
// "N/0 (0.0%)", never a line of its own per poll, and it is cleared before the result. (On a
// machine fast enough to finish within a second no line is drawn; what is drawn is checked.)
TEST(CliProve, ProgressOnATerminal) {
  if (std::system("command -v script >/dev/null 2>&1") != 0) GTEST_SKIP() << "no script(1)";
  const auto dir = std::filesystem::temp_directory_path();
  const std::string tag = std::to_string(::getpid());
  const auto job = dir / ("qg_tty_" + tag + ".sh"), seen = dir / ("qg_tty_" + tag + ".out");
  std::ofstream(job) << QG_CLI << " prove -e 'def t \"?msd_trib x=21*y\":'\n";
  const std::string command = "script -qec 'sh " + job.string() + "' /dev/null >" + seen.string() + " 2>&1";
  ASSERT_EQ(std::system(command.c_str()), 0);
  std::stringstream text;
  text << std::ifstream(seen).rdbuf();
  const std::string out = text.str();
  std::filesystem::remove(job);
  std::filesystem::remove(seen);
  EXPECT_NE(out.find("def t: 31182 states over (x, y)"), std::string::npos) << out;
  EXPECT_EQ(out.find("/0 ("), std::string::npos) << out;
  EXPECT_EQ(out.find("\n\r\n"), std::string::npos) << out;  // no empty line between polls
  if (out.find("prove: ") != std::string::npos) {
    EXPECT_NE(out.find(" s, the current step at "), std::string::npos) << out;
    EXPECT_NE(out.find("\r\033[Kdef t: "), std::string::npos) << out;
  }
}

// The prover's folders fail cleanly (issue "hardening, round three" §2): a Walnut folder or
// library that does not exist, or is no folder, is refused; a loop of symbolic links, a folder
// named like a file, a file where a result folder belongs, a read-only place: each a message
// naming the path and why, exit 2, never an internal error.
TEST(CliProve, FoldersThatCannotBeReadOrWrittenFailCleanly) {
  namespace fs = std::filesystem;
  const fs::path root = fs::temp_directory_path() / "qg_cli_prove_folders";
  fs::remove_all(root);
  fs::create_directories(root / "home" / "Automata Library");
  const std::string eval = " -e 'eval t \"Ax x=x\":'";
  auto missing = run_cli("prove --walnut-home " + (root / "nowhere").string() + eval);
  EXPECT_EQ(missing.status, 2);
  EXPECT_EQ(missing.err, "queengames: --walnut-home " + (root / "nowhere").string() + ": no such folder\n");
  EXPECT_FALSE(fs::exists(root / "nowhere"));  // nothing created
  auto library = run_cli("prove --library " + (root / "nowhere").string() + eval);
  EXPECT_EQ(library.status, 2);
  EXPECT_NE(library.err.find("no such folder"), std::string::npos) << library.err;
  { std::ofstream(root / "plain.txt") << "a file\n"; }
  for (const std::string& file : {std::string("/dev/null"), (root / "plain.txt").string()}) {
    auto r = run_cli("prove --walnut-home " + file + eval);
    EXPECT_EQ(r.status, 2) << file;
    EXPECT_NE(r.err.find(": not a folder"), std::string::npos) << r.err;
    auto s = run_cli("prove --session " + file + eval);
    EXPECT_EQ(s.status, 2) << file;
    EXPECT_NE(s.err.find(": not a folder"), std::string::npos) << s.err;
  }
  // A loop of symbolic links where an automaton file is looked for, and a folder named X.txt.
  fs::create_symlink("loop.txt", root / "home" / "Automata Library" / "loop.txt");
  fs::create_directory(root / "home" / "Automata Library" / "dir.txt");
  auto loop = run_cli("prove --library " + (root / "home").string() + " -e 'eval t \"Ax $loop(x)\":'");
  EXPECT_EQ(loop.status, 2);
  EXPECT_NE(loop.err.find("cannot read " + (root / "home" / "Automata Library" / "loop.txt").string() + ": "),
            std::string::npos)
      << loop.err;
  EXPECT_EQ(loop.err.find("internal error"), std::string::npos) << loop.err;
  auto dir = run_cli("prove --library " + (root / "home").string() + " -e 'eval t \"Ax $dir(x)\":'");
  EXPECT_EQ(dir.status, 2);
  EXPECT_NE(dir.err.find("dir.txt is a folder, not a Walnut file"), std::string::npos) << dir.err;
  // A file where Result/ belongs; a read-only place to write.
  { std::ofstream(root / "home" / "Result") << "a file\n"; }
  auto result = run_cli("prove --walnut-home " + (root / "home").string() + eval);
  EXPECT_EQ(result.status, 2);
  EXPECT_NE(result.err.find("cannot create the folder " + (root / "home" / "Result").string()), std::string::npos)
      << result.err;
  auto proc = run_cli("prove --session /proc/self/qg" + eval);
  EXPECT_EQ(proc.status, 2);
  EXPECT_NE(proc.err.find("cannot create the folder /proc/self/qg/Result"), std::string::npos) << proc.err;
  fs::remove_all(root);
}

// A file's bytes are quoted in messages as text: a first line with terminal escapes reaches the
// terminal escaped, and long lines are cut.
TEST(CliProve, MessagesEscapeTheBytesTheyQuote) {
  namespace fs = std::filesystem;
  const fs::path home = fs::temp_directory_path() / "qg_cli_prove_escapes";
  fs::remove_all(home);
  fs::create_directories(home / "Automata Library");
  {
    std::ofstream(home / "Automata Library" / "esc.txt")
        << "\x1b]0;owned\x07\x1b[41m" << std::string(500, 'x') << "\n0 1\n";
  }
  auto r = run_cli("prove --library " + home.string() + " -e 'eval t \"Ax $esc(x)\":'");
  EXPECT_EQ(r.status, 2);
  EXPECT_EQ(r.err.find('\x1b'), std::string::npos) << r.err;
  EXPECT_EQ(r.err.find('\x07'), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("unknown number system '\\x1b]0;owned\\x07\\x1b[41mxxx"), std::string::npos) << r.err;
  EXPECT_LT(r.err.size(), 700u) << r.err;
  fs::remove_all(home);
}
