// Walnut's `reg`: regular expressions over digit tuples.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "prover/statement.hpp"
#include "queengames/automata.hpp"

namespace qg::prover::detail {

// The words the expression spells on these tracks, as Walnut's `reg` keeps them (minimal).
// Walnut's syntax: a letter is a digit or a tuple [d1,d2] (digits may be signed integers in an
// explicit alphabet, [-1]); `.` any letter; [a-b…] a class of one-digit letters; | * + ? and
// parentheses; () the empty word. A letter not in an input's alphabet matches nothing.
// PositionedError at offset + index.
automata::Automaton regex_words(std::string_view regex, std::size_t offset, const std::vector<automata::Track>& tracks,
                                const automata::Context& context);
// Only the valid representations (Zeckendorf: no 11 …) on every track.
automata::Automaton valid_words(automata::Automaton words, const automata::Context& context);
// The numbers those words stand for: read up to leading (msd) or trailing (lsd) zeros and
// restricted to valid representations. PositionedError at offset.
automata::Automaton numbers_of_words(automata::Automaton words, std::size_t offset, const automata::Context& context);

// Walnut's explicit alphabets: the integers between braces, "0, 1, - 2, +4" (signs and spaces
// allowed), in order; nothing when malformed or repeated.
std::optional<std::vector<int>> parse_alphabet(std::string_view inner);
// Whether the alphabet is 0, 1, …, k−1 in order (a track then needs no values).
bool natural_alphabet(const std::vector<int>& values);
// The number system a `reg` or `alphabet` command names: msd_fib, lsd_2, and Walnut's
// shorthands fib (msd_fib), lsd (lsd_2), msd (msd_2), 3 (msd_3), msd3 (msd_3).
std::string walnut_system_name(const std::string& token);

}  // namespace qg::prover::detail
