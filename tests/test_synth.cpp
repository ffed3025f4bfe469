// The synthesizer (issue 20): learned synchronized automata agree with the library's sequences
// and are certified by the prover.
#include <gtest/gtest.h>

#include "queengames/prover.hpp"
#include "queengames/synth.hpp"

namespace {

using qg::synth::find_synthesizable;
using qg::synth::learn_synchronized;

// Shallit's binary doubling n ↦ 2n is synchronized in base 2 by a 2-state automaton (carry
// 0/1): the learner must find exactly that.
TEST(Synth, DoublingInBase2IsTwoStatesPlusDead) {
  auto sys = qg::automata::NumberSystem::make("msd_2");
  auto l = learn_synchronized([](std::uint64_t n) { return 2 * n; }, sys, {.max_length = 14});
  EXPECT_EQ(l.automaton.states(), 3u);  // carry 0, carry 1, dead
  for (std::uint64_t n = 0; n < 5000; ++n) {
    EXPECT_TRUE(qg::automata::accepts(l.automaton, {n, 2 * n}));
    EXPECT_FALSE(qg::automata::accepts(l.automaton, {n, 2 * n + 1}));
  }
}

TEST(Synth, Experiment) {
  qg::prover::Session session;
  for (const auto& s : qg::synth::synthesizable()) {
    auto l = learn_synchronized(s.sequence, qg::automata::NumberSystem::make(s.system), {.max_length = 22});
    std::cerr << s.name << " states " << l.automaton.states() << " p " << l.prefix_length << " q " << l.suffix_length
              << " rounds " << l.rounds << " terms " << l.terms << "\n";
    auto a = l.automaton;
    a.set_system(0, session.system(s.system));
    a.set_system(1, session.system(s.system));
    session.define(s.name, a);
  }
  for (const auto& s : qg::synth::synthesizable()) {
    for (const auto& r : session.run(s.certification)) std::cerr << "  " << r.name << " " << (r.truth ? (*r.truth ? "TRUE" : "FALSE") : "def") << " " << r.seconds << " s, largest " << r.largest << "\n";
  }
}

}  // namespace
