// Word automata from acceptors and back (commands.cpp): Walnut's combine and its "uncombine".
#pragma once

#include <utility>
#include <vector>

#include "queengames/automata.hpp"

namespace qg::prover::detail {

// The value of the first automaton that accepts, 0 where none does (all with the same tracks;
// at least one).
automata::Automaton first_accepting(const std::vector<std::pair<automata::Automaton, int>>& parts,
                                    const automata::Context& context);
// The acceptors of a word automaton's nonzero letters, each with its letter.
std::vector<std::pair<automata::Automaton, int>> letters_of(const automata::Automaton& w);

}  // namespace qg::prover::detail
