// Walnut proofs read as a referee reads them (issue 27): the commands of a command file one by
// one, the automata a statement calls, and the evals that show that an implication in a proof is
// not vacuous — a hypothesis that never holds, or a conclusion that the hypothesis gives alone,
// makes `A x … (A => B)` TRUE while proving nothing (seed 001 §6's check3 as printed is such a
// statement: docs/PROVER.md, "Vacuity").
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "prover/script.hpp"

namespace qg::prover {

// The automata a statement calls ($name) and the word automata it reads (W[i]), each once, in
// the order they appear. PositionedError (prover/statement.hpp) for a statement that does not parse.
std::vector<std::string> called_automata(std::string_view statement);
std::vector<std::string> read_words(std::string_view statement);

// A closed statement that must be TRUE for an implication of a proof to say something.
struct Obligation {
  std::string name;       // "<eval>_hypothesis", "<eval>_every_n", "<eval>_needs_automata", "<eval>_witness_b_a"
  std::string statement;  // Walnut text, with its number system in front
  std::string failure;    // what a FALSE answer means, for the report
};

// For every implication A => B of the statement (an eval's or a def's), that A holds somewhere
// (∃ its free variables). For the implication an eval states, under its leading ∀ x, …:
//  - when `index` is not empty, is among the x and A speaks of it, that A holds for every value of
//    the index its own conditions on the index alone allow (∀n G(n) => ∃ rest A): for the eval
//    that states a claim "for every n" (elsewhere n may be any number, as in ∀n,t n<t => …);
//  - when A has conjuncts that call automata or read words, that B does not follow from the
//    others (its arithmetic alone): ∃x A' ∧ ¬B;
//  - when B is ∃ w φ, that no variable h of the hypothesis is its witness: ∃x A ∧ ¬φ[w := h]
//    (seed 001 §6's check3 as printed: ∃b uaut(n, b) ∧ y ≥ b holds with b = a, already in A).
// Empty for a statement with no implication. `name` names the obligations. A statement that mixes
// number systems gets no witness obligation (a substituted variable would change system).
// PositionedError for a statement that does not parse.
std::vector<Obligation> vacuity_obligations(std::string_view name, std::string_view statement, bool eval,
                                            std::string_view index = {});

}  // namespace qg::prover
