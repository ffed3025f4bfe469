// Walnut's transducers (transduce.cpp): a deterministic automaton reading letters, with an
// output on each transition.
#pragma once

#include <cstdint>
#include <string_view>
#include <vector>

#include "queengames/automata.hpp"

namespace qg::prover::detail {

struct Transducer {
  std::vector<long> letters;        // the input alphabet, in the file's order
  std::uint32_t states = 0;         // state 0 (the first declared) is the initial one
  std::vector<std::uint32_t> next;  // states × letters, UINT32_MAX where there is no transition
  std::vector<int> output;          // states × letters
};

// Walnut's file: "{0, 1}", then each state's number on a line of its own followed by its
// transitions "letter -> state / output". InputError "FILE:LINE: …".
Transducer read_transducer(std::string_view text, std::string_view file);
// The word whose letter at n is the transducer's output on the letter at n of w, from the state
// the letters before it led to. w: a word automaton of one msd input. InputError when a letter of
// w has no transition.
automata::Automaton transduce(const Transducer& t, const automata::Automaton& w, const automata::Context& context);

}  // namespace qg::prover::detail
