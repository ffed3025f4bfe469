// Walnut's `reg`: regular expressions over digit tuples.
#pragma once

#include <string_view>
#include <vector>

#include "prover/statement.hpp"
#include "queengames/automata.hpp"

namespace qg::prover::detail {

// The automaton of the expression on these tracks, read up to leading (msd) or trailing
// (lsd) zeros and restricted to valid representations. PositionedError at offset + index.
automata::Automaton regex_automaton(std::string_view regex, std::size_t offset,
                                    const std::vector<automata::Track>& tracks, const automata::Context& context);

}  // namespace qg::prover::detail
