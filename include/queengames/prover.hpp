// queengames — a first-order prover for automatic sequences in Walnut's language (Mousavi,
// Shallit; seed 001 §5–6 prove property (1) and Theorem 5 this way).
//
//   qg::prover::Session s;
//   for (const auto& r : s.run("eval tm \"?msd_fib Ax,y x+y=y+x\":")) …  // r.truth == true
//
// A Session holds the named automata (`def`, library files) and word automata (T, F, TR, PD
// and those made by `morphism`/`promote`), and runs Walnut's commands: walnut_commands() lists
// them, one row each with its usage (`eval NAME "STATEMENT":` a closed statement, TRUE or FALSE;
// `def` an automaton over the free variables, tracks sorted by name; `promote` a morphism's
// fixed point as a word automaton, in msd_k for a k-uniform one, else in the morphism's own
// numeration system, Dumont–Thomas: NumberSystem::from_morphism; `numsys` and `ost` number
// systems of a morphism and of a continued fraction …).
// Statements: E/A quantifiers; ~ & | ^ => <=>; = != < > <= >=; + and natural − ; * and / by
// constants; $name(args); NAME[i] letters compared with @k or with each other; ?msd_2,
// ?lsd_3, ?msd_fib, ?msd_trib, ?msd_neg_2 … choose the number system of the enclosing
// parenthesis (msd_2 by default); I x φ: infinitely many x; _ unary minus (negative bases,
// where numbers are integers). Precedence, tightest first: * /; + −; relations; ~; & | ^; =>; <=>.
// A quantifier extends to the parenthesis that encloses it.
//
// Errors: InputError "FILE:LINE:COL: what is wrong" for a malformed command or statement;
// RangeError when a step would exceed the context's memory limit.
#pragma once

#include <cstdint>
#include <filesystem>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "queengames/automata.hpp"

namespace qg::prover {

namespace detail {
class Reader;
}
struct Command;  // one command of a text (prover/script.hpp)

struct Result {
  std::string command;  // "eval", "def", "macro", "morphism", "promote", "image", "reg"
  std::string name;
  std::optional<bool> truth;           // eval of a closed statement
  std::vector<std::string> variables;  // def: the free variables, in track order
  std::uint64_t states = 0;            // states of the statement's automaton
  std::uint64_t largest = 0;           // largest automaton built on the way (states; an
                                       // abandoned subset construction not counted)
  std::uint64_t peak_bytes = 0;        // largest table built on the way
  double seconds = 0;
  // For a FALSE statement "A x,y … φ": the smallest x, y … with φ false (shortest
  // representations, then lexicographically first). Negative only in a negative base.
  std::vector<std::pair<std::string, std::int64_t>> counterexample;
  // The automaton the command made (eval, def, reg, promote, image and the automaton commands).
  std::shared_ptr<const automata::Automaton> automaton;
  // eval/def NAME v1 v2 "…": the variables named for incidence matrices, and whether the
  // command ended with "::" (Walnut's request for them).
  std::vector<std::string> matrix_variables;
  std::vector<std::size_t> matrix_positions;
  bool matrices = false;
  // What a command prints besides its automaton (inf, test): one line each.
  std::vector<std::string> lines;
  // Where the command was read as Walnut reads it and not for the numbers (a variable read
  // as digits in two number systems: Context::read_digits_across_systems; Walnut's concat:
  // Context::walnut_concat), or a remark after it on its line: one line each.
  std::vector<std::string> notes;
};

// Called with each command's error when a run keeps going after it.
using ErrorFn = std::function<void(const InputError&)>;

class Session {
 public:
  explicit Session(automata::Context context = {});

  // Runs every command of `text`; `file` names it in error messages. The first failing
  // command throws, unless `keep_going` is given: it then receives the error and the run goes on
  // with the next command.
  std::vector<Result> run(std::string_view text, std::string_view file = "<input>", const ErrorFn& keep_going = {});
  // Runs a command file; automaton files named in it are looked up in the library.
  std::vector<Result> run_file(const std::filesystem::path& path, const ErrorFn& keep_going = {});

  // Walnut's folder: $name reads "Automata Library/name.txt", NAME[i] "Word Automata
  // Library/NAME.txt" when the session has no such automaton, and `load F` finds F in
  // "Command Files/". Without a def or library file of that name, $name is one of
  // shipped_automata(). With `write`, each command's automaton is written where Walnut writes
  // it (atomically): Result/NAME.txt, and also "Automata Library/" for def and reg, "Word
  // Automata Library/" for promote and image.
  void set_home(std::filesystem::path dir, bool write) {
    home_ = std::move(dir);
    write_home_ = write;
  }
  // The same, read only.
  void set_library(std::filesystem::path dir) { set_home(std::move(dir), false); }
  // Where results go instead (a session folder of Walnut's layout: Result/, Automata Library/,
  // Word Automata Library/, Custom Bases/ for ost); it is read before the Walnut folder, so a
  // later run finds this one's results, and the Walnut folder is left as it was.
  void set_session_folder(std::filesystem::path dir) { session_dir_ = std::move(dir); }

  // Named automata (def and $name) and word automata (NAME[i]).
  void define(const std::string& name, automata::Automaton a);
  void define_word(const std::string& name, automata::Automaton a);
  // InputError for an unknown name.
  const automata::Automaton& automaton(const std::string& name);
  const automata::Automaton& word(const std::string& name);
  // The words an automaton spells, as Walnut keeps them: for `reg`, a file, and the word
  // commands (star, concat, quotients, union, intersect) the exact digit strings, without the
  // padding zeros automaton() adds and without its restriction to valid representations; for
  // any other automaton, automaton(name). Walnut's star and concat work on these words.
  const automata::Automaton& spelled(const std::string& name);
  // Adds msd_NAME and lsd_NAME, the numeration systems of a morphism (see
  // NumberSystem::from_morphism): define_system("queen21", "a->aab,b->aa") makes
  // ?msd_queen21 the (2,1)-Queen's system.
  void define_system(const std::string& name, std::string_view morphism);
  // The number system by name (built once per session).
  std::shared_ptr<const automata::NumberSystem> system(const std::string& name);
  // The names of the number systems this session has built or read so far, sorted.
  std::vector<std::string> systems() const;

  automata::Context& context() { return context_; }

  // The handlers of the commands, one per row of the command table (internal:
  // src/prover/commands.hpp).
  struct Commands;

 private:
  enum class Library { none, automata, words };
  void run_command(std::string_view text, std::string_view file, const Command& c, std::vector<Result>& results);
  void publish(const Result& r, Library library);
  // The folders read, the session folder first; the folder written (empty: none).
  std::vector<std::filesystem::path> read_folders() const;
  std::filesystem::path write_folder() const;
  // The first of read_folders()/SUB/FILE that exists, or empty.
  std::filesystem::path find_file(const std::string& sub, const std::string& file) const;
  // `path` when it names a file to read (a FIFO or device too), empty when it does not exist;
  // InputError, naming the path and why, for a folder or a path that cannot be looked at (a
  // loop of symbolic links, no permission).
  static std::filesystem::path readable_file(const std::filesystem::path& path);
  // DIR/FILE written atomically, DIR created; InputError naming the path and why when it
  // cannot be (a file or a dangling link where a folder belongs, a read-only folder).
  static void write_text(const std::filesystem::path& dir, const std::string& file, std::string_view text);
  // A system from the folder's Custom Bases, or nothing when it has no files for `name`.
  std::shared_ptr<const automata::NumberSystem> custom_system(const std::string& name);
  // The text of macro `name`: defined in this session, or Macro Library/NAME.txt (its lines
  // joined as Walnut joins them, '#' comment lines left out); nullptr when there is neither.
  const std::string* macro_text(const std::string& name);

  automata::Context context_;
  std::filesystem::path home_, session_dir_;
  bool write_home_ = false;
  int load_depth_ = 0;
  std::map<std::string, automata::Automaton> automata_, words_;
  std::map<std::string, automata::Automaton> spelled_;  // see spelled(); only where it differs
  std::map<std::string, std::shared_ptr<const automata::NumberSystem>> systems_;
  std::vector<std::string> systems_being_read_;  // Custom Bases being read (a file naming its own system)
  std::map<std::string, std::string> macros_, morphisms_;
  std::map<std::string, std::string> morphism_gaps_;     // morphism: the image letters without a rule
  std::map<std::string, std::string> numsys_morphisms_;  // define_system: name → morphism
};

// A folder named by `what` (an option, an argument) for Session::set_home, set_library or
// set_session_folder: it must exist and be a folder, except a session folder (`may_be_new`),
// which its first result creates. InputError "WHAT DIR: no such folder" (not a folder, or why
// it cannot be looked at) otherwise.
std::filesystem::path walnut_folder(std::string_view what, const std::filesystem::path& dir, bool may_be_new);

// The Walnut commands a Session runs, one row each, in the order `help` lists them (one table:
// src/prover/command_table.cpp).
struct CommandInfo {
  std::string_view name;
  std::string_view usage;    // "eval NAME [v1 v2 …] \"φ\""
  std::string_view summary;  // what it answers or makes
  std::string_view family;   // "statements", "morphisms", "words", "bases", "inspection"
  bool defines_only;         // it names a macro, morphism or number system and makes no automaton
};
const std::vector<CommandInfo>& walnut_commands();

// Walnut's automaton file format (WALNUT-NOTES.md): read and written. Tracks are named
// by position ("a", "b", …) unless `names` gives them. InputError "FILE:LINE:COL: …".
// `word`: a word automaton, whose missing transitions lead to a state without a letter
// (automata::kNoLetter) rather than a rejecting one.
automata::Automaton read_automaton(std::string_view text, Session& session, std::string_view file = "<automaton>",
                                   bool word = false);
std::string write_automaton(const automata::Automaton& a);
// The other forms Walnut's `export NAME FORMAT` writes. The words an acceptor accepts as a
// regular expression in `reg`'s syntax (a letter a digit, or [v] / [v1,v2] for other values and
// tuples; () the empty word; state elimination), so that `reg` reads it back as the same
// automaton; nothing when it accepts no word; InputError past max_length characters.
std::optional<std::string> regular_expression(const automata::Automaton& a, std::size_t max_length);
// A GraphViz digraph named `name`: a node per state (doubly circled when accepting, "q/letter" in
// a word automaton), an edge per pair of states with its letters; an acceptor's rejecting sink
// (a state that only loops) left out, as Walnut's automata, which have none, are drawn.
std::string write_graphviz(const automata::Automaton& a, const std::string& name, bool word_automaton = false);
// An acceptor in the BA format of languageinclusion.org that Walnut 7 exports: the initial state
// "[q]", a line "letter,[p]->[q]" per transition (the letter's index), the accepting states.
std::string write_ba(const automata::Automaton& a);
// The files a Walnut folder needs for the number system `name` (session.system(name)) when Walnut
// does not have it: "Custom Bases/NAME.txt" (its validity) and "Custom Bases/NAME_addition.txt",
// with explicit digits on their tracks as Walnut's own files spell them (its order is then the
// lexicographic one, which a Dumont–Thomas system's is). None for the systems Walnut has, built in
// or in its own Custom Bases/: msd_k, lsd_k, the negative bases, fib and trib.
std::vector<std::pair<std::string, std::string>> walnut_custom_bases(Session& session, const std::string& name);
// Walnut's incidence matrices for `eval NAME v1 v2 "…"` (a Maple .mpl file): the initial row
// vector v, for each tuple of values of v1, v2 … the matrix counting the letters with those
// values from state p to state q, and the accepting column vector w, states numbered as in
// write_automaton. InputError when a variable is not a track.
std::string write_matrices(const automata::Automaton& a, const std::vector<std::string>& variables);

// The certified synchronized automata shipped with the library (data/walnut/Automata
// Library/, installed as share/queengames/walnut/): xaut, yaut (Queen Dee), uaut, vaut
// (2-Queen Dee), triba, tribc, tribe, tribna, tribnc (Tribonacci), kqueen2a … kqueen4b (Holladay's
// 2-, 3- and 4-Queen), limqueen3_0a/b, limqueen4_2a/b (the limited 3-Queen with band 0 and
// 4-Queen with band 2), queen2_1a/b (the (2,1)-Queen), wytha, wythb (Wythoff), learned and
// certified by qg::synth (synth.hpp). Their names, and one's Walnut file (InputError if none).
std::vector<std::string> shipped_automata();
std::string_view shipped_automaton(const std::string& name);

// ---- a proof run: the one call the claims' proofs make (issue 37 §2) ---------------------------

// The certification of shipped automata (data/walnut/, qg::synth's evals: one value for every n,
// and the game's kernel or the Tribonacci word's induction), run once for a coordinate and the
// partner its certification names (xaut with yaut).
struct Certification {
  std::vector<std::string> automata;  // the pair certified together, e.g. {"xaut", "yaut"}
  bool certified = false;             // every eval TRUE
  std::string detail;                 // "7 evals TRUE", or the FALSE eval and its counterexample
  std::string commands;               // the Walnut commands run (duplicates of the pair's shared ones once)
  double seconds = 0;
  std::uint64_t largest_automaton = 0;
};

// What certifies the shipped automaton NAME: the automata certified together (NAME, then the
// partner its certification names) and their Walnut commands, one after the other. The caller's:
// qg::synth writes them, the prover only runs them.
struct CertificationPlan {
  std::vector<std::string> automata;
  std::string commands;
};
using CertificationPlanFn = std::function<CertificationPlan(const std::string& name)>;

// The certifications made in one run, so that each shipped automaton is certified once however
// many proofs read it. A caller running several proofs keeps one for the run (the library keeps
// no state of its own).
class Certifications {
 public:
  // The certification of `name` (one of shipped_automata()) as a session reading `library` first
  // resolves it (Session::set_library; empty: the shipped file), run by `plan` on first use;
  // `progress` is polled inside it. The bool says whether this call ran it.
  std::pair<std::shared_ptr<const Certification>, bool> certify(const std::string& name,
                                                                const std::filesystem::path& library,
                                                                const CertificationPlanFn& plan,
                                                                const ProgressFn& progress = {});

 private:
  std::map<std::string, std::shared_ptr<const Certification>> done_;  // by library and name
};

// A proof as a referee reruns it (`check ID --transcript DIR`), in Walnut or with `queengames
// prove`: the Walnut commands that ran — the certifications of the shipped automata it reads, the
// proof, the vacuity evals after each eval — one command a line, as Walnut reads a command file
// (it cuts a line at its first ':' or ';' and glues a line without one to the next; it has no
// comments), and the files they read, in Walnut's layout.
struct Transcript {
  std::string commands;
  std::map<std::string, std::string> automata;  // NAME → "Automata Library/NAME.txt"
  std::map<std::string, std::string> words;     // W → "Word Automata Library/W.txt"
  // "Custom Bases/FILE" → text: the number systems Walnut does not have (walnut_custom_bases).
  std::map<std::string, std::string> bases;
};

struct ProofOptions {
  std::filesystem::path library{};           // read before the shipped automata (Session::set_library)
  Certifications* certifications = nullptr;  // the run's; nullptr: this proof's own
  bool transcript = false;                   // fill ProofReport::transcript
  CertificationPlanFn certification_plan{};  // needed when the proof reads a shipped automaton
};

enum class ProofVerdict { proved, fail, vacuous };

struct ProofReport {
  ProofVerdict verdict = ProofVerdict::fail;
  std::string detail;                   // "N evals TRUE, the last: NAME; M vacuity evals TRUE", or what failed
  double seconds = 0;                   // the proof's own time: each certification reports its own
  std::uint64_t largest_automaton = 0;  // states of the largest automaton built
  std::uint64_t peak_bytes = 0;         // bytes of the largest table built
  // The certifications this run made for it (those already made in the run are not repeated),
  // and what it ran when a transcript was asked for.
  std::vector<std::shared_ptr<const Certification>> certified{};
  std::optional<Transcript> transcript{};
};

// Runs a proof's text with a Session command by command, timing it; `label` names it in errors.
// Before a command reads a shipped automaton ($xaut, not one the proof defines) that automaton is
// certified; one that fails makes the proof FAIL, naming it. After every eval the vacuity evals of
// its implications run (prover/vacuity.hpp). PROVED when every eval is TRUE and no implication is
// vacuous; FAIL at the first FALSE eval, naming it and, for a statement "A x … φ", its smallest
// counterexample; VACUOUS when a vacuity eval is FALSE, saying which. `progress` is polled inside
// every automaton step (a throw from it stops the proof at once). InputError for a text that does
// not parse, has an eval with free variables, or has no eval.
ProofReport run_proof(std::string_view text, const std::string& label, const ProgressFn& progress = {},
                      const ProofOptions& options = {});
// The shipped automata a proof reads ($name not defined by the proof itself), in order.
std::vector<std::string> proof_dependencies(std::string_view text);
// The eval that states a proof's claim, its last: name and statement ({} for none).
std::pair<std::string, std::string> stating_eval(std::string_view text);

// The word automata under Walnut's names, built from their morphisms: T (Thue–Morse, msd_2,
// 0110…), F (Fibonacci word, msd_fib, 0100101…), TR (Tribonacci word, msd_trib, 0102010…),
// PD (period-doubling, msd_2, 0100010…). Outputs are the letters' places in the alphabet.
automata::Automaton word_automaton(std::string_view walnut_name, Session& session);

}  // namespace qg::prover
