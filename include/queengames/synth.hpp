// queengames — synchronized automata from the library's own sequences (issue 20; seed 001 §5–6
// names xaut, yaut, uaut, vaut, triba, tribc, tribe, which are published nowhere).
//
// A sequence s: N → N is synchronized in a numeration system when one automaton reads the
// representations of n and s(n) in parallel (msd first, both padded with leading zeros to a
// common length) and accepts exactly the pairs [n, s(n)]. This module
//   - guesses the minimal such automaton from the terms of s (learn_synchronized), and
//   - names the sequences it is asked for and the statements that certify each guess
//     (synthesizable, certification): a guess is trusted only once the prover has proved
//     those statements for all n.
//
// A module of its own rather than part of the prover: it reaches into the games (twopile) and
// the words for its sequences, and the prover must not depend on those.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "queengames/automata.hpp"
#include "queengames/common.hpp"
#include "queengames/prover.hpp"

namespace qg::synth {

// s(n), asked for n = 0, 1, 2, … in order.
using Sequence = std::function<std::uint64_t(std::uint64_t n)>;

struct LearnOptions {
  // Every word of length ≤ max_length (digits) is answered from the sequence, so s is asked for
  // every n below the weight of that place; the hypothesis is compared with all those terms.
  // 0: the longest length whose words stand for at most max_terms numbers (22 in msd_trib,
  // 28 in msd_fib, 20 in msd_2).
  unsigned max_length = 0;
  std::uint64_t max_terms = std::uint64_t{1} << 20;
  std::uint32_t max_states = 4000;  // RangeError when the hypothesis would need more states
  std::uint64_t memory_limit = 0;   // bytes; 0 = physical memory
  ProgressFn progress = {};         // ticks once per term read and per table entry
};

struct Learned {
  automata::Automaton automaton;  // minimal, tracks "n" and "m" in the system, [n, s(n)] accepted
  unsigned prefix_length = 0;     // the longest access word of a state (letters)
  unsigned suffix_length = 0;     // the longest experiment telling states apart (letters)
  std::uint64_t terms = 0;        // terms of s read (n = 0 … terms − 1)
  unsigned longest = 0;           // the longest word compared (max_length or its default)
  unsigned rounds = 0;            // hypotheses built (one more per counterexample)
};

// Angluin's L*: a word w over pairs of digits is in the language iff both tracks are valid
// representations and s(value(n-track)) = value(m-track) — a membership answered from s, from the
// terms read for n below their count and by asking s beyond (an access word followed by an
// experiment may spell a larger n than any word compared). The observation table's rows are
// access words, one per state, and their one-letter extensions, its columns experiments; it is
// closed by making an extension with a new row a state. The hypothesis is then compared with s
// on every word of at most max_length letters: it must accept [n, s(n)] for each n there, and
// accept exactly as many words of each length as s gives (counted by dynamic programming over the
// automaton — no false positive can hide). A false positive of the first length where it accepts
// too many (found without reading every term), or else the first n it rejects, is the
// counterexample, whose suffixes become experiments (Maler–Pnueli). Unlike a table of every
// prefix and suffix up to a length, the words compared need not spell a state's access word and
// its distinguishing experiment together (msd_queen3_1's queen3_1b: states first reached after 9
// letters, told apart by 4 more).
// InputError for a system that is not msd; RangeError when a state is first reached by a word
// longer than max_length (the terms cannot vouch for it, and a sequence that is not synchronized
// ends there), when the table would exceed max_states rows, or when its memory would exceed the
// limit.
Learned learn_synchronized(const Sequence& s, std::shared_ptr<const automata::NumberSystem> system,
                           const LearnOptions& options = {});

// ---- the catalogue -------------------------------------------------------------------

struct Synthesizable {
  std::string name;                  // the automaton's name in Walnut ("xaut"), used for $xaut
  std::vector<std::string> aliases;  // the OEIS A-numbers and game coordinates naming it
  std::string system;                // "msd_trib"
  std::string description;           // one line: what s(n) is and where the papers define it
  Sequence sequence;
  // Walnut commands (with $NAME for this automaton and the others of the catalogue) whose
  // every eval must be TRUE: ∀n ∃! m, and the defining property (the game's kernel, or the
  // paper's formula).
  std::string certification;
  std::string partner = {};  // the other coordinate the certification names ("yaut" for xaut), or ""
};

// xaut, yaut (Queen Dee a_n, b_n: A140100, A140101 — the XYMP columns X, Y of seed 000),
// uaut, vaut (2-Queen Dee: A140102, A140103 — M, P), triba, tribc, tribe (Shallit's A, C, E:
// the positions of the n-th a and c of the Tribonacci word and the number of b's among its
// first n letters), tribna, tribnc (the numbers of a's and c's, seed 000 §5.3's N_a, N_c),
// wytha, wythb (Wythoff, msd_fib: A000201, A001950), and the members of seed 001 §4's game
// families whose automata ship: kqueen2a … kqueen4b (Holladay's 2-, 3-, 4-Queen, msd_kqueenK),
// limqueen3_0a/b, limqueen4_2a/b (the limited 3-Queen with band 0 and 4-Queen with band 2, in
// msd_kqueen3 and msd_kqueen4), queen2_1a/b (the (2,1)-Queen, msd_queen2_1), and seed 004's
// blocking2a/b, blocking3a/b (2- and 3-Blocking Wythoff, msd_fib; learned with --longest 18 and 16).
const std::vector<Synthesizable>& synthesizable();
// By name or alias, or any member of the game families by name: kqueenKa/b (Holladay's
// K-Queen), queenS_Ta/b (Fraenkel's (S,T)-Wythoff), limqueenK_Ja/b (the limited K-Queen),
// blockingKa/b (seed 004's k-Blocking Wythoff, msd_fib, certified by its palace rule).
// InputError listing the names otherwise.
Synthesizable find_synthesizable(const std::string& name_or_alias);
// What certifies a shipped automaton for a proof that reads it (prover::run_proof): its
// certification and its partner's (xaut with yaut), the pair certified together.
prover::CertificationPlan certification_plan(const std::string& name);

// Every member of seed 001 §4's three game families by name, in the order of docs/FAMILIES.md's
// family table: kqueenKa/b (2 ≤ K ≤ 8), queenS_Ta/b (S, T ≥ 1, S + T − 1 ≤ 8), limqueenK_Ja/b
// (0 ≤ J < K ≤ 8) — the bounds of the generated systems (words::Morphism::kMaxQueenPower).
std::vector<std::string> game_family_members();

// Runs s.certification in `session` with `a` (learned in s.system) defined as s.name and the
// partner coordinate learned afresh with `options` (so that a certification never rests on a
// stored automaton). The guess is certified when every eval is TRUE. InputError when `a` is
// not in s.system.
std::vector<prover::Result> certify(const Synthesizable& s, const automata::Automaton& a, prover::Session& session,
                                    const LearnOptions& options = {});
bool certified(const std::vector<prover::Result>& results);

// ---- from a ruleset to a theorem -------------------------------------------------------

// A two-pile game whose P-positions are the pairs (a_n, b_n) with a_n ≤ b_n and their mirrors,
// described once: the sequences come from its engine, the statements that certify them from
// its rule, both read off the same ruleset.
struct GameRules {
  std::string name;  // as given: "maharaja", "kqueen:3", "blocking:2"
  std::string stem;  // the automata are stem + "a", stem + "b" ("kqueen_3a")
  std::string rule;  // one sentence: why the certification's rule determines the P-positions
  Sequence a, b;
  // The statements (with $stem a and $stem b) whose every eval is TRUE exactly when the pairs
  // are the P-positions: a and b functions, and the game's rule (a twopile ruleset's kernel,
  // rules.hpp; seed 004's palace rule for blocking:K).
  std::function<std::string(const std::string& system)> certification;
  // The systems to try when none is asked for, in order; systems of morphisms as (name,
  // morphism), defined in the session under msd_name before use.
  std::vector<std::string> systems;
  std::vector<std::pair<std::string, std::string>> morphism_systems;
  std::uint64_t max_terms = 0;  // the terms the sequences can give (0: as many as asked)
};
// RULESET as twopile::Ruleset::parse reads it, or blocking:K (seed 004's k-Blocking Wythoff,
// 1 ≤ K ≤ 1000). InputError for a ruleset without rook moves (its P-positions need not be pairs
// (a_n, b_n): a row may hold two) and for what its parser refuses. The sequences poll
// options.progress and keep within options.memory_limit (0: three quarters of the memory free).
GameRules game_rules(const std::string& ruleset, const LearnOptions& options = {});

struct GameTheorem {
  std::string ruleset, stem, system;  // system: where it was proved, or the last tried
  std::string rule;                   // GameRules::rule
  bool proved = false;
  automata::Automaton a, b;  // the last hypothesis (when one was learned)
  std::uint64_t terms = 0;   // the terms the hypothesis agrees with
  std::string proof;         // the certification's text in `system`
  std::vector<prover::Result> results;
  // One line per system that did not prove it: what stopped it (the learner's limit, a FALSE
  // statement with its counterexample, the memory a step would need).
  std::vector<std::pair<std::string, std::string>> attempts;
};
// Learns a and b in each system of `systems` (or the game's own list when empty) until one
// certifies. Errors other than a system's own limits (RangeError, MemoryError) propagate.
GameTheorem prove_game(const GameRules& game, const std::vector<std::string>& systems, prover::Session& session,
                       LearnOptions options = {});
// A proved theorem as a Walnut folder: Automata Library/STEMa.txt and STEMb.txt, Command
// Files/STEM.txt (the certification), Custom Bases/ for a system Walnut does not have built in
// (its validity and addition automata), and README.txt; relative path → text.
std::vector<std::pair<std::string, std::string>> walnut_folder(const GameTheorem& theorem, prover::Session& session);

}  // namespace qg::synth
