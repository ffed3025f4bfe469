// Random access on the spiral in fixed width (src/spiral/tribonacci.cpp, closed_forms.cpp)
// against a second route that shares no code with it: the Tribonacci representation as a digit
// string from numeration's GMP greedy, and Theorems 11, 12, 14, Corollary 21 and Theorem 1
// (eq. (3) as read in tests/test_spiral.cpp) evaluated on it in mpz_class. The n: every bit
// length up to 120 at random, the edges T_j − 1, T_j, T_j + 1 and 2^k − 1, 2^k, 2^k + 1, the top
// of the range; q_n at 2^64, 2^100 and 2^120 − 1 as the string route printed them before the
// fixed-width engine existed; the first queens by direct placement.
#include <gtest/gtest.h>

#include <random>
#include <string>
#include <vector>

#include "queengames/numeration.hpp"
#include "queengames/spiral.hpp"
#include "spiral/tribonacci.hpp"

namespace {

using namespace qg::spiral;
using qg::i128;
using qg::u128;
namespace num = qg::numeration;

#ifdef QG_SANITIZED
constexpr int kPerLength = 8;
constexpr std::uint64_t kDirectQueens = 2000;
#else
constexpr int kPerLength = 60;
constexpr std::uint64_t kDirectQueens = 20000;
#endif

constexpr u128 kTop = (u128{1} << kRandomAccessBits) - 1;

// The n under test: kPerLength random n of each bit length 1 … 120, and the edges.
std::vector<u128> sample() {
  std::vector<u128> v = {0, 1, 2, 3, 4, 5, kTop, kTop - 1, kTop - 2, kTop - 3, kTop - 4};
  std::mt19937_64 random(20261129);
  for (unsigned length = 1; length <= kRandomAccessBits; ++length)
    for (int i = 0; i < kPerLength; ++i) {
      const u128 bits = u128{random()} << 64 | random();
      v.push_back((bits & ((u128{1} << (length - 1)) - 1)) | u128{1} << (length - 1));
    }
  for (int j = 0; j <= 136; ++j) {
    const u128 t = num::tribonacci<u128>(j);
    for (u128 n : {t - 1, t, t + 1})
      if (n <= kTop) v.push_back(n);
  }
  for (unsigned k = 1; k < kRandomAccessBits; ++k)
    for (u128 n : {(u128{1} << k) - 1, u128{1} << k, (u128{1} << k) + 1}) v.push_back(n);
  return v;
}

mpz_class mpz(u128 v) { return num::to_mpz(v); }
mpz_class mpz(i128 v) { return num::to_mpz(v); }
mpz_class mpz(const Cell256& cell) {
  mpz_class z;
  for (auto limb = cell.limb.rbegin(); limb != cell.limb.rend(); ++limb) z = (z << 64) + num::to_mpz(u128{*limb});
  return z;
}

// The second route. (m)_T as a string from the GMP greedy; values by tribonacci_value<mpz_class>.
std::string representation(const mpz_class& m) { return num::tribonacci_representation<mpz_class>(m); }
mpz_class value(const std::string& digits) { return num::tribonacci_value<mpz_class>(digits); }

struct AbcRef {
  mpz_class a, b, c;
};
// Theorem 14: A_n = [(n−1)_T 0]_T + 1, B_n = [(n−1)_T 01]_T + 1, C_n = [(n−1)_T 011]_T + 1.
AbcRef abc_ref(const mpz_class& n) {
  if (n == 0) return {0, 0, 0};
  const std::string e = representation(n - 1);
  return {value(e + "0") + 1, value(e + "01") + 1, value(e + "011") + 1};
}
// Theorem 12: for (n)_T = e_1 ⋯ e_i, N_a(n) = [e_1 ⋯ e_{i−1}]_T + e_i, N_b and N_c with two and
// three digits dropped; the digits dropped past the front count as 0.
AbcRef letter_counts_ref(const mpz_class& n) {
  const std::string e = "000" + representation(n);
  auto count = [&](std::size_t drop) -> mpz_class {
    return value(e.substr(0, e.size() - drop)) + (e[e.size() - drop] - '0');
  };
  return {count(1), count(2), count(3)};
}

TEST(SpiralRandomAccess, DigitsAreTheGreedyRepresentation) {
  for (u128 m : sample()) {
    const detail::TribonacciDigits e = detail::tribonacci_digits(m);
    const std::string digits = representation(mpz(m));
    ASSERT_LE(digits.size(), static_cast<std::size_t>(detail::kTribonacciDigits)) << qg::to_string(m);
    std::string packed;
    for (int j = detail::kTribonacciDigits - 1; j >= 0; --j)
      packed.push_back(static_cast<char>('0' + (e.word[static_cast<std::size_t>(j / 64)] >> (j % 64) & 1)));
    EXPECT_EQ(packed, std::string(packed.size() - digits.size(), '0') + digits) << qg::to_string(m);
    EXPECT_EQ(e.word[2] >> (detail::kTribonacciDigits - 128), 0u);
  }
}

TEST(SpiralRandomAccess, RowsLettersAndCountsEqualTheStringRoute) {
  for (u128 n : sample()) {
    const AbcRef r = abc_ref(mpz(n));
    const Abc got = abc(n);
    ASSERT_EQ(mpz(got.a), r.a) << qg::to_string(n);
    ASSERT_EQ(mpz(got.b), r.b) << qg::to_string(n);
    ASSERT_EQ(mpz(got.c), r.c) << qg::to_string(n);
    // Corollary 21.
    const XympRow row = xymp(n);
    ASSERT_EQ(mpz(row.x), r.b - r.a) << qg::to_string(n);
    ASSERT_EQ(mpz(row.y), r.c - r.b) << qg::to_string(n);
    ASSERT_EQ(mpz(row.m), r.c - 2 * r.b + r.a) << qg::to_string(n);
    ASSERT_EQ(mpz(row.p), r.c - r.a) << qg::to_string(n);
    const AbcRef counts = letter_counts_ref(mpz(n));
    const Abc got_counts = letter_counts(n);
    ASSERT_EQ(mpz(got_counts.a), counts.a) << qg::to_string(n);
    ASSERT_EQ(mpz(got_counts.b), counts.b) << qg::to_string(n);
    ASSERT_EQ(mpz(got_counts.c), counts.c) << qg::to_string(n);
    if (n > 0) {
      // Theorem 11: (n−1)_T ends in 0, 01 or 011 for a, b, c.
      const std::string e = "0" + representation(mpz(n - 1));
      const auto ones = e.size() - 1 - e.find_last_of('0');
      ASSERT_EQ(tribonacci_letter(n), static_cast<char>('a' + ones)) << qg::to_string(n);
    }
  }
}

// Theorem 1 (eq. (3) as direct placement reads it) on the reference row k = ⌈n/4⌉:
// q_{4k−3+r} is the r-th quarter turn of (X_k, Y_k), at cell (2Y−1)² + Y − 1 − X + 2Y·r.
TEST(SpiralRandomAccess, QueensEqualTheGmpRoute) {
  for (u128 n : sample()) {
    const QueenWide q = queen_wide(n);
    const Queen big = queen(n);
    ASSERT_EQ(mpz(q.cell), big.cell) << qg::to_string(n);
    ASSERT_EQ(q.x, big.x);
    ASSERT_EQ(q.y, big.y);
    if (n == 0) {
      EXPECT_EQ(q, QueenWide{});
      continue;
    }
    const AbcRef r = abc_ref(mpz((n - 1) / 4 + 1));
    const mpz_class x = r.b - r.a, y = r.c - r.b;
    const auto turn = static_cast<int>((n - 1) % 4);
    const mpz_class at[4][2] = {{x, y}, {-y, x}, {-x, -y}, {y, -x}};
    ASSERT_EQ(mpz(q.cell), (2 * y - 1) * (2 * y - 1) + y - 1 - x + 2 * y * turn) << qg::to_string(n);
    ASSERT_EQ(mpz(q.x), at[turn][0]) << qg::to_string(n);
    ASSERT_EQ(mpz(q.y), at[turn][1]) << qg::to_string(n);
  }
}

// Printed by `queengames spiral nth` and `spiral xymp` when they went through digit strings and
// GMP (before the fixed-width engine), and by a Python evaluation of Theorem 14 and eq. (3).
TEST(SpiralRandomAccess, RecordedValues) {
  struct Recorded {
    u128 n;
    const char *cell, *x, *y;
  };
  const Recorded recorded[] = {
      {u128{1} << 64, "685800767370366834943557171267523261908", "13093899031327212305", "-7119009036632027107"},
      {u128{1} << 100, "3238602557756102976495844354406944422870351466632719945387446",
       "899805889866823301249019972247", "-489214575876208358613715445331"},
      {kTop, "3560881169997929837685224494616163667687539744357416393129596598221686265",
       "-512978663113971055841735286803270695", "-943514860772994109930492366419542560"},
  };
  for (const Recorded& r : recorded) {
    const QueenWide q = queen_wide(r.n);
    EXPECT_EQ(mpz(q.cell), mpz_class(r.cell)) << qg::to_string(r.n);
    EXPECT_EQ(mpz(q.x), mpz_class(r.x)) << qg::to_string(r.n);
    EXPECT_EQ(mpz(q.y), mpz_class(r.y)) << qg::to_string(r.n);
  }
  // The cell at the top of the range has 242 bits, as the header says.
  EXPECT_EQ(mpz_sizeinbase(mpz(queen_wide(kTop).cell).get_mpz_t(), 2), 242u);
  const XympRow top = xymp(kTop);
  EXPECT_EQ(mpz(top.x), mpz_class("2051914652455884223366941147213082780"));
  EXPECT_EQ(mpz(top.y), mpz_class("3774059443091976439721969465678170241"));
  EXPECT_EQ(mpz(top.m), mpz_class("1722144790636092216355028318465087461"));
  EXPECT_EQ(mpz(top.p), mpz_class("5825974095547860663088910612891253021"));
}

TEST(SpiralRandomAccess, FirstQueensEqualDirectPlacement) {
  std::vector<QueenCell> placed;
  place_queens_directly(kDirectQueens, [&](std::uint64_t, std::span<const QueenCell> q) {
    placed.insert(placed.end(), q.begin(), q.end());
  });
  ASSERT_EQ(placed.size(), kDirectQueens);
  for (std::uint64_t n = 0; n < kDirectQueens; ++n) {
    const QueenWide q = queen_wide(n);
    ASSERT_EQ(q.cell, (Cell256{{static_cast<std::uint64_t>(placed[n].cell),
                                static_cast<std::uint64_t>(placed[n].cell >> 64), 0, 0}}))
        << n;
    ASSERT_EQ(q.x, placed[n].x) << n;
    ASSERT_EQ(q.y, placed[n].y) << n;
  }
}

TEST(SpiralRandomAccess, QueenCellEqualsTheWidePathOverItsRange) {
  std::mt19937_64 random(7);
  std::vector<std::uint64_t> v = {1, 2, 3, 4, kQueenCellMax - 3, kQueenCellMax - 2, kQueenCellMax - 1, kQueenCellMax};
  for (int i = 0; i < 4000; ++i) v.push_back(random() % kQueenCellMax + 1);
  for (std::uint64_t n : v) {
    const QueenCell small = queen_cell(n);
    const QueenWide wide = queen_wide(n);
    ASSERT_EQ(wide.cell,
              (Cell256{{static_cast<std::uint64_t>(small.cell), static_cast<std::uint64_t>(small.cell >> 64), 0, 0}}))
        << n;
    ASSERT_EQ(wide.x, small.x) << n;
    ASSERT_EQ(wide.y, small.y) << n;
  }
}

TEST(SpiralRandomAccess, RefusesBeyondTheRange) {
  for (u128 n : {kTop + 1, ~u128{0}}) {
    EXPECT_THROW(queen_wide(n), qg::RangeError);
    EXPECT_THROW(queen(n), qg::RangeError);
    EXPECT_THROW(abc(n), qg::RangeError);
    EXPECT_THROW(letter_counts(n), qg::RangeError);
    EXPECT_THROW(tribonacci_letter(n), qg::RangeError);
  }
  try {
    queen_wide(kTop + 1);
    ADD_FAILURE() << "no exception";
  } catch (const qg::RangeError& e) {
    EXPECT_STREQ(e.what(),
                 "q_n: n = 1329227995784915872903807060280344576 is out of range: the supported range is "
                 "0..2^120 - 1");
  }
}

}  // namespace
