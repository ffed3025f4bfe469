// The games' rules in first-order logic (internal to synth): the statements that certify a
// learned automaton of a game's P-positions, written from the game's own description — the
// twopile module's move families, or seed 004's palace rule — so that the sweep that computes
// the P-positions and the statement that proves them read one ruleset.
#pragma once

#include <optional>
#include <string>

#include "queengames/twopile.hpp"

namespace qg::synth::rules {

// "eval NAME_total …" and "eval NAME_unique …": NAME(n, m) is a function n ↦ m.
std::string functional(const std::string& system, const std::string& name);

// The moves of `ruleset` into a set P, as a formula over the position (x, y) with $P for P and
// $S for the sums {a + b : (a, b) ∈ P}, and $C(p,q,x,y) for a widened cone (s > 1): its (u, v)
// condition is stored in *cone. A terminal set x + y ≤ K has no moves (the formula says
// x + y > K first), and the kernel counts it in P. InputError for what no formula here says (two
// cones).
struct Reach {
  std::string formula;
  std::string cone;            // empty: none
  std::uint64_t terminal = 0;  // the ruleset's terminal set x + y ≤ terminal
};
Reach reach(const twopile::Ruleset& ruleset);
// Rook moves and Fraenkel's (s,t) cone, written as a cone for every s (seed 001 §4's
// (s,t)-Wythoff family, s = 1 included).
Reach rook_and_cone(std::uint64_t s, std::uint64_t t);

// The definitions of NAME_reach(x, y) — some move of (x, y) reaches the set $p (two tracks) —
// with the sums (NAME_sums) and the cone (NAME_cone…) it reads.
std::string reach_definitions(const std::string& system, const std::string& p, const std::string& name,
                              const Reach& reach);

// The kernel argument of seed 001 §6, generalised: since every move decreases x + y, the
// P-positions are the only set P with P(x, y) ⇔ no move of (x, y) reaches P. With P the pairs
// ($a(n), $b(n)) and their mirrors (and the terminal set, if any), the statements that a is
// increasing, a ≤ b, and the kernel equivalence.
std::string kernel(const std::string& system, const std::string& a, const std::string& b, const Reach& reach);

// Seed 004 §1's rule: a position is a palace iff it sees fewer than k palaces due north, west
// or north-west; with P the pairs ($a(n), $b(n)) and their mirrors, in the order of x, then y.
std::string palace_rule(const std::string& system, const std::string& a, const std::string& b, unsigned k);

}  // namespace qg::synth::rules
