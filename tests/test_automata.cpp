// The automata engine against integer arithmetic and brute force.
#include <gtest/gtest.h>

#include <random>

#include "queengames/automata.hpp"

using namespace qg::automata;

namespace {

const char* const kSystems[] = {"msd_2", "lsd_2", "msd_3", "lsd_10", "msd_fib", "lsd_fib", "msd_trib", "lsd_trib"};

}  // namespace

// Minimal complete sizes (a dead state included). Validity: WALNUT-NOTES.md gives 2 and 3
// states without the dead state. The adders accept only valid x, y, z, which costs states.
TEST(Automata, SystemSizes) {
  auto fib = NumberSystem::make("msd_fib");
  EXPECT_EQ(fib->validity().states(), 3u);
  EXPECT_EQ(fib->adder().states(), 17u);
  auto trib = NumberSystem::make("msd_trib");
  EXPECT_EQ(trib->validity().states(), 4u);
  EXPECT_EQ(trib->adder().states(), 150u);  // WALNUT-NOTES.md: "about 150 states"
  EXPECT_EQ(NumberSystem::make("msd_2")->adder().states(), 3u);
}

// Every adder against integer addition: x + y = z accepted for all x, y < 400, and for all
// x, y, z < 64 accepted exactly when x + y = z.
TEST(Automata, AddersAgreeWithIntegerAddition) {
  for (const char* name : kSystems) {
    SCOPED_TRACE(name);
    auto s = NumberSystem::make(name);
    Automaton add = s->adder();
    for (std::uint64_t x = 0; x < 400; ++x)
      for (std::uint64_t y = 0; y < 400; ++y) ASSERT_TRUE(accepts(add, {x, y, x + y})) << x << "+" << y;
    for (std::uint64_t x = 0; x < 64; ++x)
      for (std::uint64_t y = 0; y < 64; ++y)
        for (std::uint64_t z = 0; z < 64; ++z)
          ASSERT_EQ(accepts(add, {x, y, z}), x + y == z) << x << "+" << y << "=" << z;
  }
}

TEST(Automata, OrderEqualityConstantsAndValidity) {
  for (const char* name : kSystems) {
    SCOPED_TRACE(name);
    auto s = NumberSystem::make(name);
    Automaton less = s->less(), equal = s->equal();
    for (std::uint64_t x = 0; x < 200; ++x)
      for (std::uint64_t y = 0; y < 200; ++y) {
        ASSERT_EQ(accepts(less, {x, y}), x < y);
        ASSERT_EQ(accepts(equal, {x, y}), x == y);
      }
    for (std::uint64_t c : {0u, 1u, 5u, 17u, 100u}) {
      Automaton k = s->constant(c);
      for (std::uint64_t x = 0; x < 300; ++x) ASSERT_EQ(accepts(k, {x}), x == c);
    }
    // Representations round-trip through the digit words.
    for (std::uint64_t x = 0; x < 2000; ++x)
      ASSERT_EQ(decode(less, encode(less, {x, x + 1})), (std::vector<std::uint64_t>{x, x + 1}));
  }
  // Zeckendorf words with 11 and Tribonacci words with 111 are not valid.
  Automaton v = NumberSystem::make("msd_fib")->validity();
  EXPECT_FALSE(v.run({1, 1}));
  EXPECT_TRUE(v.run({1, 0, 1}));
  Automaton t = NumberSystem::make("msd_trib")->validity();
  EXPECT_TRUE(t.run({1, 1, 0, 1, 1}));
  EXPECT_FALSE(t.run({0, 1, 1, 1}));
}

// The operations against brute force on random-free formulas over x, y, z < 60:
// ∃y (x + y = z) is x ≤ z; ¬(x < y) is x ≥ y; (x < y) ∨ (y < z); (x < y) → (x + 1 = y)…
TEST(Automata, OperationsAgreeWithBruteForce) {
  for (const char* name : kSystems) {
    for (auto strategy : {Determinization::subset, Determinization::brzozowski}) {
      SCOPED_TRACE(name);
      Context ctx;
      ctx.determinization = strategy;
      auto s = NumberSystem::make(name);
      Automaton add = s->adder();                        // x + y = z
      Automaton le = exists(add, "y", ctx);              // x ≤ z
      Automaton less = s->less();                        // x < y
      Automaton not_less = complement(less, ctx);        // x ≥ y
      Automaton lyz = bind(s->less(), {"y", "z"}, ctx);  // y < z
      Automaton either = product(less, lyz, BoolOp::or_, ctx);
      Automaton both = product(less, lyz, BoolOp::and_, ctx);
      Automaton xor_ = product(less, lyz, BoolOp::xor_, ctx);
      Automaton imp = product(less, lyz, BoolOp::implies, ctx);
      Automaton twice = bind(s->adder(), {"x", "x", "z"}, ctx);  // x + x = z
      // ∀x ∃z (x + x = z): closed, true.
      Automaton closed = complement(exists(complement(exists(twice, "z", ctx), ctx), "x", ctx), ctx);
      EXPECT_EQ(closed.tracks().size(), 0u);
      EXPECT_TRUE(closed.accepting(closed.initial()));
      // ∃x (x + x = 7) ∧ ... : the odd numbers are not doubles.
      Automaton seven = s->constant(7);
      seven.rename({"z"});
      Automaton odd_double = exists(exists(product(twice, seven, BoolOp::and_, ctx), "x", ctx), "z", ctx);
      EXPECT_FALSE(odd_double.accepting(odd_double.initial()));
      for (std::uint64_t x = 0; x < 40; ++x)
        for (std::uint64_t y = 0; y < 40; ++y) {
          ASSERT_EQ(accepts(le, {x, y}), x <= y);
          ASSERT_EQ(accepts(not_less, {x, y}), x >= y);
          ASSERT_EQ(accepts(twice, {x, y}), 2 * x == y);
          for (std::uint64_t z = 0; z < 40; z += 3) {
            ASSERT_EQ(accepts(either, {x, y, z}), x < y || y < z);
            ASSERT_EQ(accepts(both, {x, y, z}), x < y && y < z);
            ASSERT_EQ(accepts(xor_, {x, y, z}), (x < y) != (y < z));
            ASSERT_EQ(accepts(imp, {x, y, z}), !(x < y) || y < z);
          }
        }
    }
  }
}

// The step callback reports each step, and the memory guard refuses before allocating.
TEST(Automata, StatisticsAndMemoryGuard) {
  auto s = NumberSystem::make("msd_trib");
  std::vector<StepStats> steps;
  Context ctx;
  ctx.on_step = [&](const StepStats& st) { steps.push_back(st); };
  Automaton le = exists(s->adder(), "y", ctx);
  ASSERT_FALSE(steps.empty());
  EXPECT_EQ(steps.back().step, "exists y");
  EXPECT_EQ(steps.back().states_in, s->adder().states());
  EXPECT_EQ(steps.back().states_out, le.states());
  EXPECT_GT(steps.back().bytes, 0u);
  Context tight;
  tight.memory_limit = 64;
  EXPECT_THROW(exists(s->adder(), "y", tight), qg::RangeError);
  EXPECT_THROW(NumberSystem::make("msd_1"), qg::InputError);
  EXPECT_THROW(NumberSystem::make("msd_phi"), qg::InputError);
  EXPECT_THROW(exists(le, "q", ctx), qg::InputError);
}

// Generated systems (Dumont–Thomas numeration of a morphism, adder from the recurrence):
// the (2,1)-Queen's system a→aab, b→aa of seed 001 §5 (U_k = 1, 3, 8, 22, …,
// U_k = 2U_{k-1} + 2U_{k-2}), tetranacci, and Tribonacci again, against integer addition.
TEST(Automata, GeneratedSystemsAgreeWithIntegerAddition) {
  struct Case {
    const char* name;
    const char* morphism;
  };
  for (Case c : {Case{"msd_queen21", "a->aab,b->aa"}, Case{"msd_tetranacci", "a->ab,b->ac,c->ad,d->a"},
                 Case{"msd_tribonacci", "a->ab,b->ac,c->a"}, Case{"lsd_queen21", "a->aab,b->aa"}}) {
    SCOPED_TRACE(c.name);
    bool msd = c.name[0] == 'm';
    auto s = NumberSystem::from_morphism(c.name, c.morphism, msd);
    Automaton valid = s->validity(), add = s->adder(), less = s->less();
    for (std::uint64_t n = 0; n < 3000; ++n) {
      auto rep = s->representation(n);
      ASSERT_EQ(s->value(rep), n);
      ASSERT_TRUE(accepts(valid, {n})) << n;
    }
    for (std::uint64_t x = 0; x < 300; ++x)
      for (std::uint64_t y = 0; y < 300; ++y) ASSERT_TRUE(accepts(add, {x, y, x + y})) << x << "+" << y;
    for (std::uint64_t x = 0; x < 48; ++x)
      for (std::uint64_t y = 0; y < 48; ++y) {
        ASSERT_EQ(accepts(less, {x, y}), x < y);
        for (std::uint64_t z = 0; z < 48; ++z) ASSERT_EQ(accepts(add, {x, y, z}), x + y == z);
      }
  }
  // The generated Tribonacci system is the hand-made one.
  Context ctx;
  Automaton generated = NumberSystem::from_morphism("msd_t", "a->ab,b->ac,c->a")->adder();
  Automaton made = NumberSystem::make("msd_trib")->adder();
  for (std::size_t i = 0; i < 3; ++i) generated.set_system(i, nullptr), made.set_system(i, nullptr);
  EXPECT_TRUE(equivalent(generated, made, ctx));
  EXPECT_THROW(NumberSystem::from_morphism("msd_x", "a->ba,b->a"), qg::InputError);
}
