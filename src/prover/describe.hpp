// An automaton shown as a regular expression or a graph (describe.cpp).
#pragma once

#include <optional>
#include <string>

#include "queengames/automata.hpp"

namespace qg::prover::detail {

// The words an acceptor accepts as a regular expression in `reg`'s syntax (a letter a digit,
// or [v] / [v1,v2] for other values and tuples; () the empty word), so that `reg` reads it back
// as the same automaton; nothing when it accepts no word. InputError past max_length characters.
std::optional<std::string> regular_expression(const automata::Automaton& a, std::size_t max_length);
// A letter as `reg` writes it: a digit, or [v1,v2] (values of the tracks).
std::string letter_text(const automata::Automaton& a, std::uint32_t letter);
// A GraphViz digraph: states (doubly circled when accepting, "q/letter" in a word automaton),
// edges labelled by their letters.
std::string write_graphviz(const automata::Automaton& a, const std::string& name);
// An acceptor in the BA format of languageinclusion.org that Walnut 7 exports: the initial state
// "[q]", a line "letter,[p]->[q]" per transition (the letter's index), the accepting states.
std::string write_ba(const automata::Automaton& a);

}  // namespace qg::prover::detail
