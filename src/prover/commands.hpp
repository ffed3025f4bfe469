// The Walnut commands: one table (command_table.cpp) and their handlers, by family, a file each:
//   statements.cpp    eval, def, reg, macro, load
//   morphisms.cpp     morphism, promote, image, numsys, ost
//   word_commands.cpp union, intersect, star, concat, leftquo, rightquo, reverse, minimize,
//                     fixleadzero, fixtrailzero, combine, join, alphabet, transduce
//   base_commands.cpp convert, split, rsplit
//   inspection.cpp    inf, test, first, describe, export, help
// The text is cut into commands once (script.hpp: Walnut's rules for ends, quotes, remarks);
// Session::run then looks each command word up in the table and calls its handler, which reads
// the command's arguments with a Reader placed at it and ends with Reader::end().
//
// Adding a Walnut command:
//   1. a handler, a member of Session::Commands below, in its family's file (the automaton
//      algorithm itself, if new, goes into src/automata with a test of its own there);
//   2. a row in kCommands (command_table.cpp): name, usage, summary, family, handler;
//   3. a test in tests/test_prover_commands.cpp, written from Walnut's documentation and
//      checked against brute-force evaluation;
//   4. a row in docs/WALNUT.md (and the fuzzer's dictionary, fuzz/fuzz_walnut.dict).
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "prover/reader.hpp"
#include "queengames/prover.hpp"

namespace qg::prover {

// One command's run: the session, the reader placed at its arguments, its result, and the
// results of the whole run (load adds a file's to them).
struct Session::Commands {
  Session& s;
  detail::Reader& in;
  Result& r;
  std::vector<Result>& results;

  // statements.cpp
  void eval() { statement(false); }
  void def() { statement(true); }
  void statement(bool is_def);
  void reg();
  void macro();
  void load();
  // morphisms.cpp
  void morphism();
  void promote() { promote_or_image(true); }
  void image() { promote_or_image(false); }
  void promote_or_image(bool promote);
  void numsys();
  void ost();
  // word_commands.cpp
  void union_() { boolean(automata::BoolOp::or_); }
  void intersect() { boolean(automata::BoolOp::and_); }
  void boolean(automata::BoolOp op);
  void star();
  void concat();
  void leftquo() { quotient(true); }
  void rightquo() { quotient(false); }
  void quotient(bool left);
  void reverse();
  void minimize();
  void fixleadzero() { fix_zeros(); }
  void fixtrailzero() { fix_zeros(); }
  void fix_zeros();
  void combine();
  void join();
  void alphabet();
  void transduce();
  // base_commands.cpp
  void convert();
  void split() { signed_split(false); }
  void rsplit() { signed_split(true); }
  void signed_split(bool reverse_split);
  // inspection.cpp
  void inf();
  void test();
  void first() { show(Show::first); }
  void describe() { show(Show::describe); }
  void export_() { show(Show::export_); }
  enum class Show { first, describe, export_ };
  void show(Show what);
  void help();

  // Operands (word_commands.cpp). A word automaton by name; where there is none, the message
  // says whether an automaton of that name exists (Walnut reads only its Word Automata Library
  // without `$`).
  const automata::Automaton& word_operand(const std::string& name, std::size_t at);
  // $NAME (or any name, `acceptors`) from the automata, else a word automaton; true for an
  // automaton.
  std::pair<automata::Automaton, bool> operand(bool acceptors);
  // A word automaton, else an automaton (Walnut looks in its Word Automata Library first);
  // `$NAME` an automaton.
  std::pair<automata::Automaton, bool> either();
  // The result: its figures, published (Result/ and the library) and defined under r.name.
  void finish(automata::Automaton a, Library library);
  // The numbers of words as spelled: the valid representations (words of a system with a
  // validity rule can be concatenated into invalid ones), with every padding (automata.hpp).
  automata::Automaton close(automata::Automaton a);
  // The acceptors' word operations read every operand's spelled words (Session::spelled).
  struct Spelled {
    std::vector<automata::Automaton> numbers, words;
    std::vector<std::string> names;
    std::vector<std::size_t> where;
    bool respelled = false;  // some operand spells other words than its numbers' automaton
  };
  Spelled spelled_operands(std::size_t want);
};

namespace detail {

// A row of the command table: what help and front ends show (CommandInfo), and the handler.
struct CommandRow {
  CommandInfo info;
  void (Session::Commands::*run)();
};
// The row of a command word, or nullptr.
const CommandRow* find_command(std::string_view name);
// "eval, def, reg, …": the command words, for messages.
std::string command_list();

}  // namespace detail

}  // namespace qg::prover
