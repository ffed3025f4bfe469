// The letters of an automaton as Walnut writes them (describe.cpp; the regular expression,
// GraphViz and BA writers are public: queengames/prover.hpp).
#pragma once

#include <string>

#include "queengames/automata.hpp"

namespace qg::prover::detail {

// A letter as `reg` writes it: a digit, or [v1,v2] (values of the tracks).
std::string letter_text(const automata::Automaton& a, std::uint32_t letter);
}  // namespace qg::prover::detail
