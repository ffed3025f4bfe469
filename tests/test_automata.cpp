// The automata engine against integer arithmetic and brute force.
#include <gtest/gtest.h>

#include <optional>
#include <random>

#include <fmt/format.h>

#include "queengames/automata.hpp"
#include "test_support.hpp"

using namespace qg::automata;

namespace {

const char* const kSystems[] = {"msd_2", "lsd_2", "msd_3", "lsd_10", "msd_fib", "lsd_fib", "msd_trib", "lsd_trib"};

// The adder of `s` against integer addition, both ways, for every pair (a, b) in as × bs:
// the adder accepts (a, b, c) for exactly one digit word c of the padded length N, and that
// c is a + b. N has one digit more than 2·max needs, so every c < U_N is counted (a c with
// more digits is excluded for all operands at once by AddersAreFunctions). The pairs are
// walked as a trie over their padded digit words in the adder's reading order (msd: most
// significant first), each trie node carrying the adder states reachable with every z
// prefix, with how many z prefixes reach them (capped at 2) and the value of one of them;
// states that cannot reach acceptance are dropped. Returns the pairs checked; `failures`
// counts the wrong pairs and `first` describes the first.
struct AdderCheck {
  struct Entry {
    std::uint32_t state;
    std::uint32_t count;
    std::uint64_t z;
  };
  using Layer = std::vector<Entry>;

  AdderCheck(const NumberSystem& s, std::uint64_t max, std::optional<Automaton> adder = std::nullopt)
      : system(s), add(adder ? *adder : s.adder()), base(s.base()) {
    length = s.representation(2 * max + 1).size() + 1;
    for (std::size_t i = 0; i < length; ++i) {
      std::vector<unsigned> unit(length - i, 0);
      unit[0] = 1;
      std::uint64_t w = s.value(unit);  // the weight of place length − 1 − i (msd order)
      weight.push_back(w);
    }
    if (!s.msd()) std::reverse(weight.begin(), weight.end());
    // live: the states from which an accepting state is reachable.
    live.assign(add.states(), 0);
    for (bool changed = true; changed;) {
      changed = false;
      for (std::uint32_t q = 0; q < add.states(); ++q) {
        if (live[q]) continue;
        bool l = add.accepting(q);
        for (std::uint32_t c = 0; c < add.letters() && !l; ++c) l = live[add.next(q, c)] != 0;
        if (l) live[q] = 1, changed = true;
      }
    }
  }

  // The padded digit words, in reading order, of the values, sorted.
  std::vector<std::pair<std::vector<unsigned>, std::uint64_t>> words(const std::vector<std::uint64_t>& values) const {
    std::vector<std::pair<std::vector<unsigned>, std::uint64_t>> w;
    for (std::uint64_t v : values) {
      auto rep = system.representation(v);
      std::vector<unsigned> d(length - rep.size(), 0);
      d.insert(d.end(), rep.begin(), rep.end());
      if (!system.msd()) std::reverse(d.begin(), d.end());
      w.emplace_back(std::move(d), v);
    }
    std::sort(w.begin(), w.end());
    w.erase(std::unique(w.begin(), w.end()), w.end());
    return w;
  }

  std::uint64_t run(const std::vector<std::uint64_t>& as, const std::vector<std::uint64_t>& bs) {
    a = words(as), b = words(bs);
    layers.assign(length + 1, {});
    layers[0] = {{add.initial(), 1, 0}};
    failures = 0;
    walk(0, 0, a.size(), 0, b.size());
    return a.size() * b.size();
  }

  void walk(std::size_t depth, std::size_t alo, std::size_t ahi, std::size_t blo, std::size_t bhi) {
    if (failures > 10) return;
    if (depth == length) {
      std::uint64_t x = a[alo].second, y = b[blo].second, count = 0, z = 0;
      for (const Entry& e : layers[depth])
        if (add.accepting(e.state)) count += e.count, z = e.z;
      if (count != 1 || z != x + y)
        fail(fmt::format("{}: {} + {}: {} sums accepted, one is {}", system.name(), x, y, count, z));
      return;
    }
    for (std::size_t i = alo; i < ahi;) {
      unsigned da = a[i].first[depth];
      std::size_t ie = i;
      while (ie < ahi && a[ie].first[depth] == da) ++ie;
      for (std::size_t j = blo; j < bhi;) {
        unsigned db = b[j].first[depth];
        std::size_t je = j;
        while (je < bhi && b[je].first[depth] == db) ++je;
        Layer& next = layers[depth + 1];
        next.clear();
        for (const Entry& e : layers[depth])
          for (unsigned dz = 0; dz < base; ++dz) {
            std::uint32_t t = add.next(e.state, add.letter({da, db, dz}));
            if (!live[t]) continue;
            auto it = std::find_if(next.begin(), next.end(), [&](const Entry& f) { return f.state == t; });
            if (it == next.end()) next.push_back({t, e.count, e.z + dz * weight[depth]});
            else it->count = std::min<std::uint32_t>(2, it->count + e.count);
          }
        if (next.empty()) {
          fail(fmt::format("{}: no sum accepted for {} + {}", system.name(), a[i].second, b[j].second));
        } else {
          walk(depth + 1, i, ie, j, je);
        }
        j = je;
      }
      i = ie;
    }
  }

  void fail(std::string what) {
    if (failures++ == 0) first = std::move(what);
  }

  const NumberSystem& system;
  Automaton add;
  unsigned base;
  std::size_t length = 0;
  std::vector<std::uint64_t> weight;
  std::vector<std::uint8_t> live;
  std::vector<std::pair<std::vector<unsigned>, std::uint64_t>> a, b;
  std::vector<Layer> layers;
  int failures = 0;
  std::string first;
};

std::vector<std::uint64_t> below(std::uint64_t n) {
  std::vector<std::uint64_t> v(n);
  for (std::uint64_t i = 0; i < n; ++i) v[i] = i;
  return v;
}

// Every system whose adder is checked: hand-made and generated (Dumont–Thomas) ones. The
// k-Queens' systems have digits up to k: msd_kqueen5's adder once lacked 1 + 5 = 10, as the
// search for its carry bound started below one column's value (first_adder_bound).
const char* const kAdderSystems[] = {"msd_2",          "lsd_2",          "msd_3",        "lsd_3",        "msd_10",
                                     "lsd_10",         "msd_fib",        "lsd_fib",      "msd_trib",     "lsd_trib",
                                     "msd_tetranacci", "lsd_tetranacci", "msd_queen2_1", "lsd_queen2_1", "msd_queen3_2",
                                     "msd_kqueen3",    "msd_kqueen4",    "msd_kqueen5",  "msd_kqueen6"};

std::shared_ptr<const NumberSystem> adder_system(const std::string& name) { return NumberSystem::make(name); }

std::vector<std::shared_ptr<const NumberSystem>> adder_systems() {
  std::vector<std::shared_ptr<const NumberSystem>> all;
  for (const char* name : kAdderSystems) all.push_back(adder_system(name));
  return all;
}

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

// Every adder against integer addition (issue 16 §1), both ways: for every pair below 200
// and 150 × 150 random pairs below 10^4, (a, b, a + b) is accepted and no other c (AdderCheck).
// All pairs below 10^4: DeepAdders, run by hand (docs/PERFORMANCE.md).
TEST(Automata, AddersAgreeWithIntegerAddition) {
  std::mt19937_64 random(16);
  for (const auto& s : adder_systems()) {
    SCOPED_TRACE(s->name());
    AdderCheck check(*s, 10000);
    // Every pair below the box, and random pairs below 10^4: 40² and 40 × 40 under the sanitizers.
    const std::uint64_t box = kSanitized ? 40 : 200, randoms = kSanitized ? 40 : 150;
    EXPECT_EQ(check.run(below(box), below(box)), box * box);
    EXPECT_EQ(check.failures, 0) << check.first;
    std::vector<std::uint64_t> xs(randoms), ys(randoms);
    for (auto& v : xs) v = random() % 10000;
    for (auto& v : ys) v = random() % 10000;
    check.run(xs, ys);
    EXPECT_EQ(check.failures, 0) << check.first;
    // The check can fail: an adder that rejects 3 + 4 = 7, or also accepts 3 + 4 = 8.
    // The state after (3, 4, c) padded to the length the check reads.
    std::size_t length = AdderCheck(*s, 20).length;
    auto state_after = [&](const Automaton& a, const std::vector<std::uint64_t>& v) {
      auto word = encode(a, v);
      word.insert(s->msd() ? word.begin() : word.end(), length - word.size(), 0);
      std::uint32_t q = a.initial();
      for (std::uint32_t l : word) q = a.next(q, l);
      return q;
    };
    for (std::uint64_t c : {7u, 8u}) {
      Automaton broken = s->adder();
      std::uint32_t q = state_after(broken, {3, 4, c});
      broken.set_output(q, c == 8);
      AdderCheck bad(*s, 20, broken);
      bad.run(below(10), below(10));
      EXPECT_GT(bad.failures, 0) << c;
    }
  }
}

// For all operands at once: the adder is a function (x + y = z ∧ x + y = z' → z = z') and
// total (∀x,y ∃z), by the engine's own operations.
// x = k·y built at once from the system's recurrence (NumberSystem::multiplication, Frougny's
// construction with the weights −1, k) against integer multiplication: every (x, y) with
// |y| ≤ 40 and |x| ≤ 40k + k is accepted exactly when x = k·y (negaFibonacci: integers of
// either sign). Systems without a recurrence of their own build k·y from the adder: nullopt.
TEST(Automata, MultiplicationByAConstantIsIntegerMultiplication) {
  for (const char* name : {"msd_fib", "msd_trib", "msd_tetranacci", "msd_queen2_1", "msd_kqueen3", "msd_neg_fib"}) {
    const auto system = NumberSystem::make(name);
    // Tetranacci's x = 7·y has 17,000 states (x = 12·y: 120,000), so it stops at 3.
    const bool large = std::string_view(name) == "msd_tetranacci";
    for (std::int64_t k : {2, 3, 7, 12}) {
      if (large && k > 3) break;
      SCOPED_TRACE(fmt::format("{}: x = {}·y", name, k));
      const std::optional<Automaton> times = system->multiplication(static_cast<std::uint64_t>(k));
      ASSERT_TRUE(times.has_value());
      const std::int64_t low = system->negative() ? -40 : 0;
      int wrong = 0, pairs = 0;
      for (std::int64_t y = low; y <= 40; ++y)
        for (std::int64_t x = low * k - k; x <= 40 * k + k; ++x) {
          if (!system->negative() && x < 0) continue;
          wrong += accepts_integers(*times, {x, y}) != (x == k * y);
          ++pairs;
        }
      EXPECT_EQ(wrong, 0) << "of " << pairs;
    }
  }
  for (const char* name : {"msd_2", "msd_10", "lsd_fib", "msd_neg_2"})
    EXPECT_FALSE(NumberSystem::make(name)->multiplication(3).has_value()) << name;
}

TEST(Automata, AddersAreFunctions) {
  Context ctx;
  for (const auto& s : adder_systems()) {
    SCOPED_TRACE(s->name());
    Automaton add = s->adder();
    Automaton other = bind(s->adder(), {"x", "y", "w"}, ctx);
    Automaton differ = complement(bind(s->equal(), {"z", "w"}, ctx), ctx);
    Automaton two = product(product(add, other, BoolOp::and_, ctx), differ, BoolOp::and_, ctx);
    EXPECT_FALSE(shortest_accepted(two).has_value());
    Automaton total = exists(add, "z", ctx);
    Automaton all = complement(total, ctx);
    EXPECT_FALSE(shortest_accepted(all).has_value());
  }
}

// All pairs below 10^4 for every system (10^8 pairs each), one test per system, by hand:
//   build/tests/test_automata --gtest_also_run_disabled_tests --gtest_filter='*DeepAdders*'
class DeepAdders : public ::testing::TestWithParam<const char*> {};

TEST_P(DeepAdders, AllPairsBelow10000) {
  auto s = adder_system(GetParam());
  AdderCheck check(*s, 10000);
  EXPECT_EQ(check.run(below(10000), below(10000)), 100000000u);
  EXPECT_EQ(check.failures, 0) << check.first;
}

INSTANTIATE_TEST_SUITE_P(DISABLED_Systems, DeepAdders, ::testing::ValuesIn(kAdderSystems),
                         [](const ::testing::TestParamInfo<const char*>& info) { return std::string(info.param); });

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

// ∃ every track at once (a search for an accepted word) against the projections one by one, on
// relations and on random padding-closed automata, both answers occurring; tracks of both
// directions, and a track of words (dropped one by one, as before).
TEST(Automata, ExistsOfEveryTrackIsTheProjectionsOneByOne) {
  Context ctx;
  std::vector<StepStats> steps;
  ctx.on_step = [&](const StepStats& st) { steps.push_back(st); };
  auto one_by_one = [&](Automaton a, const std::vector<std::string>& names) {
    for (const auto& n : names) a = exists(a, n, ctx);
    return a;
  };
  auto truth = [](const Automaton& a) {
    EXPECT_TRUE(a.tracks().empty());
    return a.accepting(a.initial());
  };
  int answers[2] = {0, 0};
  auto agree = [&](const Automaton& a, const std::vector<std::string>& names) {
    const bool fast = truth(exists_all(a, names, ctx));
    EXPECT_EQ(fast, truth(one_by_one(a, names)));
    ++answers[fast];
  };
  for (const char* name : kSystems) {
    SCOPED_TRACE(name);
    auto s = NumberSystem::make(name);
    Automaton add = s->adder();  // x + y = z
    Automaton seven = s->constant(7);
    seven.rename({"z"});
    agree(product(add, seven, BoolOp::and_, ctx), {"x", "y", "z"});
    agree(product(add, bind(s->less(), {"z", "x"}, ctx), BoolOp::and_, ctx), {"z", "y", "x"});  // z < x: none
    steps.clear();
    exists_all(add, {"x", "y", "z"}, ctx);
    ASSERT_EQ(steps.size(), 1u);
    EXPECT_EQ(steps[0].step, "exists x,y,z (an accepted word)");
  }
  // x < y in msd_2 and z = 5 in lsd_2; and x < y < x.
  auto msd2 = NumberSystem::make("msd_2"), lsd2 = NumberSystem::make("lsd_2");
  Automaton five = lsd2->constant(5);
  five.rename({"z"});
  agree(product(msd2->less(), five, BoolOp::and_, ctx), {"x", "y", "z"});
  agree(product(product(msd2->less(), bind(msd2->less(), {"y", "x"}, ctx), BoolOp::and_, ctx), five, BoolOp::and_, ctx),
        {"y", "z", "x"});
  std::mt19937 rng(42);
  for (int round = 0; round < 200; ++round) {
    const bool msd = round % 2 == 0;
    auto fib = NumberSystem::make(msd ? "msd_fib" : "lsd_fib"), two = msd ? msd2 : lsd2;
    const std::uint32_t states = 1 + rng() % 6;
    Automaton r({Track{"x", 2, fib}, Track{"y", 2, two}}, states);
    for (std::uint32_t q = 0; q < states; ++q) {
      r.set_output(q, rng() % 5 == 0);
      for (std::uint32_t l = 0; l < r.letters(); ++l) r.set_next(q, l, rng() % states);
    }
    agree(close_padding(r, ctx), {"x", "y"});
  }
  EXPECT_GT(answers[0], 10);
  EXPECT_GT(answers[1], 10);
  // A track of words beside a number: the projections one by one, the same answer.
  Automaton words({Track{"a", 2, nullptr}, Track{"x", 2, msd2}}, 2);
  words.set_output(1, 1);
  words.set_next(0, 3, 1);  // a = 1, x = 1 at once
  steps.clear();
  EXPECT_TRUE(truth(exists_all(words, {"a", "x"}, ctx)));
  EXPECT_EQ(steps.back().step, "exists x");
  EXPECT_THROW(exists_all(words, {"a", "q"}, ctx), qg::InputError);
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

// Negative bases (Walnut's msd_neg_k, lsd_neg_k): digits 0 … k−1 at places (−k)^i, every
// integer represented once. Representations, adder, order and constants against integer
// arithmetic on [−B, B].
TEST(Automata, NegativeBases) {
  Context ctx;
  // −2: 1 = 1, −1 = 11 (−2 + 1), 2 = 110 (4 − 2), 6 = 11010 (16 − 8 − 2).
  auto neg2 = NumberSystem::make("msd_neg_2");
  EXPECT_TRUE(neg2->negative());
  EXPECT_EQ(neg2->integer_representation(-1), (std::vector<unsigned>{1, 1}));
  EXPECT_EQ(neg2->integer_representation(2), (std::vector<unsigned>{1, 1, 0}));
  EXPECT_EQ(neg2->integer_representation(6), (std::vector<unsigned>{1, 1, 0, 1, 0}));
  EXPECT_EQ(neg2->integer_representation(0), std::vector<unsigned>{});
  EXPECT_THROW(NumberSystem::make("msd_2")->integer_representation(-1), qg::RangeError);
  EXPECT_THROW(neg2->value({1, 1}), qg::RangeError);  // −1 is not a natural number
  // NegaFibonacci (Walnut's test415: 4 = 10010, 17 = 1010010 at weights 1, −1, 2, −3, 5, −8, 13).
  auto negfib = NumberSystem::make("msd_neg_fib");
  EXPECT_TRUE(negfib->negative());
  EXPECT_EQ(negfib->integer_representation(4), (std::vector<unsigned>{1, 0, 0, 1, 0}));
  EXPECT_EQ(negfib->integer_representation(17), (std::vector<unsigned>{1, 0, 1, 0, 0, 1, 0}));
  EXPECT_EQ(negfib->integer_representation(-1), (std::vector<unsigned>{1, 0}));
  EXPECT_EQ(negfib->integer_value({1, 0, 1, 0, 0, 1, 0}), 17);
  for (const char* name :
       {"msd_neg_2", "lsd_neg_2", "msd_neg_3", "lsd_neg_3", "msd_neg_10", "lsd_neg_10", "msd_neg_fib", "lsd_neg_fib"}) {
    SCOPED_TRACE(name);
    auto s = NumberSystem::make(name);
    for (std::int64_t n = -10000; n <= 10000; ++n) ASSERT_EQ(s->integer_value(s->integer_representation(n)), n);
    Automaton add = s->adder(), less = s->less(), equal = s->equal();
    for (std::int64_t x = -300; x <= 300; ++x)
      for (std::int64_t y = -300; y <= 300; y += 7) ASSERT_TRUE(accepts_integers(add, {x, y, x + y})) << x << "+" << y;
    // Every triple of [−30, 30]³ (the sanitizers' build: [−12, 12]³, ten times fewer).
    const std::int64_t box = kSanitized ? 12 : 30;
    for (std::int64_t x = -box; x <= box; ++x)
      for (std::int64_t y = -box; y <= box; ++y) {
        ASSERT_EQ(accepts_integers(less, {x, y}), x < y) << x << " < " << y;
        ASSERT_EQ(accepts_integers(equal, {x, y}), x == y);
        for (std::int64_t z = -box; z <= box; ++z)
          ASSERT_EQ(accepts_integers(add, {x, y, z}), x + y == z) << x << "+" << y << "=" << z;
      }
    for (std::int64_t c : {-17, -1, 0, 1, 5, 100}) {
      Automaton k = s->integer_constant(c, ctx);
      for (std::int64_t x = -200; x <= 200; ++x) ASSERT_EQ(accepts_integers(k, {x}), x == c);
    }
    // For all integers: the adder is a function and total; the order is total and strict.
    Automaton other = bind(s->adder(), {"x", "y", "w"}, ctx);
    Automaton differ = complement(bind(s->equal(), {"z", "w"}, ctx), ctx);
    EXPECT_FALSE(shortest_accepted(product(product(add, other, BoolOp::and_, ctx), differ, BoolOp::and_, ctx)));
    EXPECT_FALSE(shortest_accepted(complement(exists(add, "z", ctx), ctx)));
    Automaton trichotomy =
        product(product(less, bind(s->less(), {"y", "x"}, ctx), BoolOp::or_, ctx), equal, BoolOp::or_, ctx);
    EXPECT_FALSE(shortest_accepted(complement(trichotomy, ctx)));
    // ∃y x + y = 0 for every x: negatives exist (false in a natural base).
    Automaton zero = s->integer_constant(0, ctx);
    zero.rename({"z"});
    Automaton inverse = exists(product(add, zero, BoolOp::and_, ctx), "y", ctx);
    inverse = exists(inverse, "z", ctx);
    EXPECT_FALSE(shortest_accepted(complement(inverse, ctx)));
  }
}

// ---- the words an automaton spells, and other bases (words.cpp, bases.cpp) ----------------------
// Walnut's word commands and base conversions, each against brute force over every short word.

namespace {

// A random complete automaton over one track of `base` digits without a number system (a
// language of words), `states` states, outputs drawn from 0 … outputs−1.
Automaton random_words(std::mt19937& rng, std::uint32_t states, unsigned base, int outputs) {
  Automaton a({Track{"a", base, nullptr}}, states);
  for (std::uint32_t q = 0; q < states; ++q) {
    a.set_output(q, static_cast<int>(rng() % static_cast<unsigned>(outputs)));
    for (std::uint32_t l = 0; l < base; ++l) a.set_next(q, l, rng() % states);
  }
  return a;
}

// Every word over `letters` letters of length ≤ max.
std::vector<std::vector<std::uint32_t>> all_words(std::uint32_t letters, std::size_t max) {
  std::vector<std::vector<std::uint32_t>> out{{}};
  for (std::size_t i = 0; i < out.size(); ++i)
    if (out[i].size() < max)
      for (std::uint32_t l = 0; l < letters; ++l) {
        auto w = out[i];
        w.push_back(l);
        out.push_back(std::move(w));
      }
  return out;
}

using Word = std::vector<std::uint32_t>;
Word cut(const Word& w, std::size_t from, std::size_t to) { return Word(w.begin() + from, w.begin() + to); }
Word joined(Word u, const Word& v) {
  u.insert(u.end(), v.begin(), v.end());
  return u;
}

}  // namespace

TEST(AutomataWords, ConcatenationStarAndQuotientsAgreeWithBruteForce) {
  std::mt19937 rng(20261128);
  const Context ctx;
  // Quotients: which u matter is decided by the pair of states u leads A and B to, so words u
  // up to |A|·|B| letters find every one.
  const auto words = all_words(2, 7), witnesses = all_words(2, 9);
  for (int trial = 0; trial < 40; ++trial) {
    Automaton a = random_words(rng, 1 + rng() % 3, 2, 2), b = random_words(rng, 1 + rng() % 3, 2, 2);
    Automaton ab = concatenation(a, b, ctx), star = kleene_star(a, ctx);
    Automaton left = left_quotient(a, b, ctx), right = right_quotient(a, b, ctx);
    for (const auto& w : words) {
      bool in_ab = false, in_left = false, in_right = false;
      for (std::size_t i = 0; i <= w.size(); ++i) in_ab = in_ab || (a.run(cut(w, 0, i)) && b.run(cut(w, i, w.size())));
      // w ∈ A*: a prefix of length j splits into words of A.
      std::vector<bool> split(w.size() + 1, false);
      split[0] = true;
      for (std::size_t j = 1; j <= w.size(); ++j)
        for (std::size_t i = 0; i < j && !split[j]; ++i) split[j] = split[i] && a.run(cut(w, i, j));
      for (const auto& u : witnesses)
        if (b.run(u)) {
          in_left = in_left || a.run(joined(u, w));
          in_right = in_right || a.run(joined(w, u));
        }
      ASSERT_EQ(ab.run(w) != 0, in_ab) << "trial " << trial;
      ASSERT_EQ(star.run(w) != 0, static_cast<bool>(split[w.size()])) << "trial " << trial;
      ASSERT_EQ(left.run(w) != 0, in_left) << "trial " << trial;
      ASSERT_EQ(right.run(w) != 0, in_right) << "trial " << trial;
    }
  }
}

TEST(AutomataWords, LettersOfAndFirstAcceptingAreInverse) {
  std::mt19937 rng(7);
  const Context ctx;
  for (int trial = 0; trial < 30; ++trial) {
    Automaton w = random_words(rng, 1 + rng() % 5, 3, 4);  // letters 0 … 3
    auto parts = letters_of(w);
    for (const auto& [part, letter] : parts) {
      ASSERT_NE(letter, 0);
      for (const auto& x : all_words(3, 5)) ASSERT_EQ(part.run(x) != 0, w.run(x) == letter);
    }
    if (parts.empty()) continue;
    Automaton back = first_accepting(parts, ctx);
    for (const auto& x : all_words(3, 5)) ASSERT_EQ(back.run(x), w.run(x)) << "trial " << trial;
  }
  EXPECT_THROW(first_accepting({}, ctx), qg::InputError);
}

TEST(AutomataBases, SignedEqualityAgreesWithArithmetic) {
  // x = s·y, x in base k and y in base −k, both least significant digit first.
  for (unsigned k : {2u, 3u})
    for (int sign : {1, -1}) {
      Automaton eq = signed_equality("x", NumberSystem::make(fmt::format("lsd_{}", k)), "y",
                                     NumberSystem::make(fmt::format("lsd_neg_{}", k)), sign);
      for (const auto& w : all_words(k * k, 4)) {
        long long x = 0, y = 0, place = 1;  // place = k^i; y's digit weighs (−k)^i
        for (std::size_t i = 0; i < w.size(); ++i, place *= k) {
          const auto d = eq.digits(w[i]);  // tracks in name order: x, y
          x += d[0] * place;
          y += d[1] * (i % 2 ? -place : place);
        }
        ASSERT_EQ(eq.run(w) != 0, x == sign * y) << "k " << k << " sign " << sign;
      }
    }
}

TEST(AutomataBases, ConvertBaseKeepsTheSequence) {
  // A random sequence of msd_2 (a word automaton whose leading zeros change nothing: state 0
  // loops on 0), read in msd_4, msd_8, lsd_2, lsd_4 and back: the same letter at every n.
  std::mt19937 rng(11);
  const Context ctx;
  auto lookup = [](const std::string& name) { return NumberSystem::make(name); };
  auto at = [](const Automaton& a, std::uint64_t n) { return a.run(encode(a, {n})); };
  for (int trial = 0; trial < 20; ++trial) {
    const std::uint32_t states = 1 + rng() % 6;
    Automaton a({Track{"n", 2, NumberSystem::make("msd_2")}}, states);
    for (std::uint32_t q = 0; q < states; ++q) {
      a.set_output(q, static_cast<int>(rng() % 3));
      for (std::uint32_t l = 0; l < 2; ++l) a.set_next(q, l, q == 0 && l == 0 ? 0 : rng() % states);
    }
    for (auto [k, msd] : {std::pair{4u, true}, std::pair{8u, true}, std::pair{2u, false}, std::pair{4u, false}}) {
      Automaton x = convert_base(a, k, msd, lookup, ctx);
      EXPECT_EQ(x.tracks()[0].system->name(), fmt::format("{}_{}", msd ? "msd" : "lsd", k));
      Automaton back = convert_base(x, 2, true, lookup, ctx);
      for (std::uint64_t n = 0; n < 300; ++n) {
        ASSERT_EQ(at(x, n), at(a, n)) << "trial " << trial << " base " << k << " n " << n;
        ASSERT_EQ(at(back, n), at(a, n));
      }
    }
  }
  EXPECT_EQ(power_exponent(64, 4), 3u);
  EXPECT_EQ(power_exponent(12, 2), 0u);
  Automaton three({Track{"n", 3, NumberSystem::make("msd_3")}}, 1);
  EXPECT_THROW(convert_base(three, 4, true, lookup, ctx), qg::InputError);  // 3 and 4: no common root
  Automaton fib({Track{"n", 2, NumberSystem::make("msd_fib")}}, 1);
  EXPECT_THROW(convert_base(fib, 4, true, lookup, ctx), qg::InputError);  // not msd_k
}

TEST(AutomataBases, WithAlphabetsKeepsTheValidWords) {
  // A language of binary words read as msd_fib: the words it had that are Zeckendorf
  // representations (no 11); as a word automaton, the others get no letter.
  std::mt19937 rng(5);
  const Context ctx;
  for (int trial = 0; trial < 20; ++trial) {
    Automaton a = random_words(rng, 1 + rng() % 4, 2, 2);
    Automaton fib = with_alphabets(a, {Track{"", 2, NumberSystem::make("msd_fib")}}, false, ctx);
    Automaton word = with_alphabets(a, {Track{"", 2, NumberSystem::make("msd_fib")}}, true, ctx);
    EXPECT_EQ(fib.tracks()[0].name, "a");
    for (const auto& w : all_words(2, 8)) {
      bool valid = true;
      for (std::size_t i = 1; i < w.size(); ++i) valid = valid && !(w[i - 1] == 1 && w[i] == 1);
      ASSERT_EQ(fib.run(w) != 0, valid && a.run(w) != 0) << "trial " << trial;
      ASSERT_EQ(word.run(w), valid ? a.run(w) : kNoLetter);
    }
    // Read over {0,1,2}: a word with a 2 is no word of the old alphabet.
    Automaton wide = with_alphabets(a, {Track{"", 3, nullptr}}, false, ctx);
    for (const auto& w : all_words(3, 5))
      ASSERT_EQ(wide.run(w) != 0,
                std::none_of(w.begin(), w.end(), [](std::uint32_t l) { return l == 2; }) && a.run(w) != 0);
  }
}

// A refused lsd system is named as asked (it is built as its msd partner read backwards).
TEST(Automata, RefusedLsdSystemsAreNamedAsAsked) {
  for (const char* name : {"lsd_neg_1", "lsd_1", "lsd_x"}) {
    try {
      NumberSystem::make(name);
      ADD_FAILURE() << name;
    } catch (const qg::InputError& e) {
      const std::string what = e.what();
      EXPECT_NE(what.find(fmt::format("'{}'", name)), std::string::npos) << what;
      EXPECT_EQ(what.find("msd_"), what.find("msd_k")) << what;  // msd_ only in the list of systems
    }
  }
  EXPECT_THROW(NumberSystem::make("lsd_65"), qg::RangeError);
  try {
    NumberSystem::make("lsd_65");
  } catch (const qg::RangeError& e) {
    EXPECT_EQ(std::string(e.what()), "number system 'lsd_65': bases 2 to 64 are supported");
  }
}
