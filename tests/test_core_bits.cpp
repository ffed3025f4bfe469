// core/bits.hpp: the engines' one bit set, against a plain std::vector<bool> of the same set.
#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <vector>

#include "core/bits.hpp"

namespace {

// The obvious set over 0 … size − 1 and its obvious queries.
struct Reference {
  std::vector<bool> member;
  explicit Reference(std::uint64_t size) : member(size, false) {}
  std::uint64_t next_zero(std::uint64_t i) const {
    while (i < member.size() && member[i]) ++i;
    return i;
  }
  std::uint64_t prev_zero(std::uint64_t i) const {
    for (;; --i) {
      if (!member[i]) return i;
      if (i == 0) return ~std::uint64_t{0};
    }
  }
  std::uint64_t bits64(std::uint64_t i) const {
    std::uint64_t w = 0;
    for (unsigned k = 0; k < 64; ++k)
      if (i + k < member.size() && member[i + k]) w |= std::uint64_t{1} << k;
    return w;
  }
};

// Random sets, adds, removals and ranges in a window [base, base + span), dense near its low
// end (so that solid runs and full words occur), growing at both ends.
void agree_on_random_operations(std::uint64_t base, std::uint64_t seed) {
  constexpr std::uint64_t span = 5000;
  std::mt19937_64 random(seed);
  qg::BitSet bits;
  Reference ref(base + span + 300);
  for (int step = 0; step < 1500; ++step) {
    const std::uint64_t a = base + random() % span, b = base + random() % (span / 8);
    switch (random() % 8) {
      case 0:
        bits.reset(a), ref.member[a] = false;
        break;
      case 1: {
        const std::uint64_t lo = std::min(a, b), hi = std::max(a, b) + random() % 200;
        bits.set_range(lo, hi);
        for (std::uint64_t i = lo; i < hi; ++i) ref.member[i] = true;
        break;
      }
      default: {
        const std::uint64_t i = random() % 3 ? b : a;
        bits.set(i);
        ref.member[i] = true;
      }
    }
    const std::uint64_t below = std::min<std::uint64_t>(base, 600);  // queries also below the window
    const std::uint64_t q = base - below + random() % (span + below);
    ASSERT_EQ(bits.test(q), ref.member[q]) << q;
    ASSERT_EQ(bits.next_zero(q), ref.next_zero(q)) << q;
    ASSERT_EQ(bits.prev_zero(q), ref.prev_zero(q)) << q;
    ASSERT_EQ(bits.bits64(q), ref.bits64(q)) << q;
    ASSERT_EQ(bits.word(q >> 6), ref.bits64(q & ~std::uint64_t{63})) << q;
  }
  for (std::uint64_t w = 0; w < bits.full_words(); ++w) EXPECT_EQ(ref.bits64(64 * w), qg::BitSet::kAllOnes) << w;
}

}  // namespace

TEST(BitSet, AgreesWithAPlainVectorFromZero) {
  for (std::uint64_t seed = 1; seed <= 2; ++seed) agree_on_random_operations(0, seed);
}

TEST(BitSet, AgreesWithAPlainVectorFarFromZero) {
  // A window that starts far up and grows downward too (the spiral's biased lines, a line of
  // large Grundy values).
  // One base inside a word, one at the start of a cache line (the window's first word is then
  // occupied, and a read of the word before it straddles into the window).
  agree_on_random_operations(100000 + 65, 1);
  agree_on_random_operations(64 * 8 * 300, 2);
}

TEST(BitSet, SkipsTheFullPrefixAndEndsAtTheWindow) {
  qg::BitSet bits;
  EXPECT_EQ(bits.next_zero(5), 5u);
  EXPECT_EQ(bits.prev_zero(5), 5u);
  bits.set_range(0, 640);
  EXPECT_EQ(bits.full_words(), 10u);
  EXPECT_EQ(bits.next_zero(3), 640u);
  EXPECT_EQ(bits.prev_zero(639), ~std::uint64_t{0});  // none: 0 … 639 are all members
  bits.reset(100);
  EXPECT_EQ(bits.full_words(), 1u);
  EXPECT_EQ(bits.next_zero(3), 100u);
  EXPECT_EQ(bits.set(100), qg::BitSet::kAllOnes);  // its word is full again
  EXPECT_EQ(bits.full_words(), 10u);
}

TEST(BitSet, SlidesUpwardKeepingWhatIsAhead) {
  // The pending values of the XYMP recurrence: members ahead of a rising threshold survive
  // every drop_below, however many words fall behind.
  qg::BitSet bits;
  std::vector<bool> ahead(1'000'000 + 64, false);
  std::uint64_t threshold = 0;
  for (std::uint64_t v = 3; v < 1'000'000; v += 7) {
    bits.set(v);
    ahead[v] = true;
    threshold = v / 2;
    bits.drop_below(threshold);
    if (v % 7001 == 3) {
      for (std::uint64_t q = threshold; q < v + 64; q += 61) ASSERT_EQ(bits.test(q), ahead[q]) << q;
      ASSERT_EQ(bits.next_zero(v), v + 1);
    }
  }
}
