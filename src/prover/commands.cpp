// Walnut's commands on automata (union, intersect, reverse, convert …), beside the statement
// commands of session.cpp.
#include "prover/reader.hpp"
#include "queengames/prover.hpp"

namespace qg::prover {

bool Session::run_automaton_command(const std::string&, detail::Reader&, Result&) { return false; }

}  // namespace qg::prover
