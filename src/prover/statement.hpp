// Walnut statements: tokens, syntax tree, parser. Positions are offsets into the text the
// statement was cut from, so that errors can name FILE:LINE:COL.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include <gmpxx.h>

namespace qg::prover::detail {

// An error at an offset of the command text (converted to FILE:LINE:COL by the session).
struct PositionedError {
  std::size_t pos;
  std::string what;
};

struct Term;
struct Formula;
using TermPtr = std::unique_ptr<Term>;
using FormulaPtr = std::unique_ptr<Formula>;

struct Term {
  enum Kind {
    variable,
    number,
    negate,
    add,
    subtract,
    multiply,   // value · a (a constant factor)
    divide,     // a / value (floor, a constant divisor)
    times,      // a · b, one of them a word's letter W[i] (finitely many values)
    over,       // a / b (floor), b a word's letter
    letter,     // @k
    index,      // W[i][j]…: the letter of word automaton `name` at the positions `args`
    predicate,  // a formula with one free variable standing for it (Walnut's $f(x<4 & x>=2), T[a<5])
  } kind;
  std::size_t pos = 0;
  std::string name;   // variable; word name of index
  mpz_class value{};  // number; the constant of multiply/divide (any size, as Walnut's)
  std::int64_t letter_value = 0;
  std::string system;         // the number system in scope
  bool system_named = false;  // named by a ?prefix (not msd_2 by default)
  TermPtr a, b;               // operands (negate, multiply, divide: a only)
  std::vector<TermPtr> args;  // index: the positions, one per input of the word automaton
  FormulaPtr formula;         // predicate
  ~Term();
};

struct Formula {
  enum Kind {
    truth,
    negation,
    conjunction,
    disjunction,
    exclusive,
    implication,
    equivalence,
    exists,
    forall,
    infinite,  // I x φ: infinitely many x
    relation,
    call,
    reversal,  // `φ: φ with every representation read backwards (msd ↔ lsd)
  } kind;
  std::size_t pos = 0;
  bool value = false;             // truth
  std::vector<std::string> vars;  // quantifiers
  std::string op;                 // relation: = != < > <= >=
  std::string name;               // call
  std::string system;             // the number system in scope
  TermPtr left, right;            // relation
  std::vector<TermPtr> args;      // call
  FormulaPtr a, b;
};

inline Term::~Term() = default;

// Parses one statement. `offset` is the statement's place in the command text (added to
// every position). `systems` receives every ?system prefix with its position, so that the
// caller can check the names. Throws PositionedError.
FormulaPtr parse_statement(std::string_view text, std::size_t offset,
                           std::vector<std::pair<std::string, std::size_t>>* systems = nullptr);

}  // namespace qg::prover::detail
