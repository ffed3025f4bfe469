// The checkable statements of seed 000 §1–6 about the spiral (Theorem 2 is in words.cpp,
// Theorem 15 in numeration.cpp). Each check compares two independent routes: the definitions
// (direct placement, the mex recurrence (2), letter positions in the streamed Tribonacci
// word) against the paper's formulas.
#include <algorithm>
#include <array>
#include <cmath>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "core/bits.hpp"
#include "papers/exile/walnut.hpp"
#include "papers/papers.hpp"
#include "queengames/numeration.hpp"
#include "queengames/spiral.hpp"
#include "queengames/words.hpp"

namespace qg::papers::exile_spiral {
namespace {

using spiral::Xymp;
using spiral::XympRecurrence;

// Positions in the streamed word stay below 2^64 up to C_n ≈ 6.2n.
constexpr std::uint64_t kStreamMax = std::uint64_t{1} << 60;
// The mex recurrence keeps ≈ 0.55 bytes per row.
constexpr std::uint64_t kRecurrenceMax = std::uint64_t{1} << 32;

void require_recurrence_memory(std::uint64_t rows, std::uint64_t copies) {
  require_memory(copies * (rows / 2 + (std::uint64_t{1} << 20)),
                 fmt::format("the mex recurrence (2) to {} rows", rows));
}

// Index of a letter a, b, c (Θ(a, b, c) values are looked up by it).
int idx(char letter) { return letter - 'a'; }

// The Tribonacci word T = t_1 t_2 … (seed 000 (8)), streamed, with its running letter counts.
class Word {
 public:
  // Moves to position p ≥ position() and returns N_a(p), N_b(p), N_c(p).
  const std::array<std::uint64_t, 3>& counts_at(std::uint64_t p) {
    while (position_ < p) next();
    return counts_;
  }
  char next() {
    char t = word_.next();
    ++counts_[static_cast<std::size_t>(idx(t))];
    ++position_;
    return t;
  }
  std::uint64_t position() const { return position_; }

 private:
  words::FixedPointStream word_{words::Morphism::named("tribonacci")};
  std::array<std::uint64_t, 3> counts_{};
  std::uint64_t position_ = 0;
};

// The position in T of the k-th occurrence of a letter (A_k, B_k, C_k of §5.4; 0 for k = 0),
// for k non-decreasing.
class Occurrences {
 public:
  explicit Occurrences(char letter) : letter_(letter) {}
  std::uint64_t at(std::uint64_t k) {
    while (seen_ < k) seen_ += word_.next() == letter_;
    return k == 0 ? 0 : word_.position();
  }

 private:
  Word word_;
  char letter_;
  std::uint64_t seen_ = 0;
};

// A_n, B_n, C_n for n = 0, 1, 2, … from the letter positions.
class AbcByPositions {
 public:
  spiral::Abc at(std::uint64_t n) { return {a_.at(n), b_.at(n), c_.at(n)}; }

 private:
  Occurrences a_{'a'}, b_{'b'}, c_{'c'};
};

std::string row_text(const Xymp& r) { return fmt::format("({}, {}, {}, {})", r.x, r.y, r.m, r.p); }

// ---- Theorem 1 ----------------------------------------------------------------------

ClaimOutcome check_theorem1(std::uint64_t bound, const ProgressFn& progress) {
  XympRecurrence rows;
  struct Mismatch {
    std::string what;
  };
  std::uint64_t checked = 0;
  spiral::QueenCell last;
  try {
    spiral::place_queens_directly(
        bound,
        [&](std::uint64_t first, std::span<const spiral::QueenCell> queens) {
          for (std::size_t i = 0; i < queens.size(); ++i) {
            const std::uint64_t n = first + i;
            spiral::QueenCell expected;
            if (n > 0) {
              while (rows.n() < (n - 1) / 4 + 1) rows.advance();
              expected = spiral::queen_of_xymp_row(rows.row().x, rows.row().y, static_cast<unsigned>((n - 1) % 4));
            }
            if (!(queens[i] == expected))
              throw Mismatch{fmt::format(
                  "q_{} is ({}, {}) at cell {} by direct placement, eq. (3) gives ({}, {}) at cell {}", n, queens[i].x,
                  queens[i].y, to_string(queens[i].cell), expected.x, expected.y, to_string(expected.cell))};
            last = queens[i];
            ++checked;
          }
        },
        progress);
  } catch (const Mismatch& m) {
    return failed(checked, m.what);
  }
  return passed(checked,
                fmt::format("q_0…q_{} placed directly = eq. (3) read as q_(4k+1..4k+4) = quarter turns of "
                            "(X_(k+1), Y_(k+1)), q_(4k+4) = (Y, −X) (printed: (−Y_k, X_k)); q_{} = ({}, {}) at cell {}",
                            checked - 1, checked - 1, last.x, last.y, to_string(last.cell)));
}

// Theorem 1 by automata, reduced to the XYMP table as in the paper's proof. Once q_0 … q_(4n+4)
// stand, a cell (x, y) is attacked iff |x| or |y| is in {X_i, Y_i} or |y − x| or |y + x| is in
// {M_i, P_i} (i ≤ n): the queens' rows and diagonals under the quarter turns; with a = |x|,
// b = |y| the diagonals are a + b and |a − b| whatever the signs, so "attacked" depends on
// (a, b) only and is symmetric in them ($attacked(a,b,n)). The spiral visits shell after shell
// (shell s: max(|x|, |y|) = s), each along edge 1 (y = s, x from s − 1 down to −s) and then its
// quarter turns, edges 2, 3, 4. So the greedy queens are (3) when, for every n:
//   theorem1_shells: every cell of the shells strictly between Y_n and Y_(n+1) is attacked (the
//     rest of shell Y_n after q_(4n+4) is, by q_(4n+4)'s row x = Y_n);
//   theorem1_edge: on edge 1 of shell Y_(n+1), the cells before (X_(n+1), Y_(n+1)) are attacked;
//   theorem1_free: (X_(n+1), Y_(n+1)) is not: it is q_(4n+5), and by the symmetry so are the
//     first free cells of edges 2–4 (q_(4n+6..4n+8)), since each queen attacks the rest of its
//     edge (its row or column) and —
//   theorem1_shape: 0 < X < Y and M > 0, so the four cells of a shell attack no one another
//     (rows X, −Y, −X, Y and diagonals M, P, −M, −P distinct).
const std::string kTheorem1 = proof_text("exile/theorem1");

// ---- §5: the Tribonacci word ----------------------------------------------------------

ClaimOutcome check_theorem11(std::uint64_t bound, const ProgressFn& progress) {
  Poller poller(progress, bound);
  Word word;
  for (std::uint64_t n = 1; n <= bound; ++n) {
    const char t = word.next();
    const char rule = spiral::tribonacci_letter(n);
    if (t != rule) return failed(n - 1, fmt::format("t_{} = {} but (n−1)_T gives {}", n, t, rule));
    poller.tick(n);
  }
  poller.finish();
  return passed(bound, "t_n = a, b, c as (n−1)_T ends in 0, 01, 011");
}

const std::string kTheorem11 = proof_text("exile/theorem11");

ClaimOutcome check_theorem12(std::uint64_t bound, const ProgressFn& progress) {
  Poller poller(progress, bound);
  Word word;
  for (std::uint64_t n = 1; n <= bound; ++n) {
    const auto& counted = word.counts_at(n);
    const spiral::Abc formula = spiral::letter_counts(n);
    if (formula.a != counted[0] || formula.b != counted[1] || formula.c != counted[2])
      return failed(n - 1, fmt::format("N(n) at n = {}: counted ({}, {}, {}), Theorem 12 gives ({}, {}, {})", n,
                                       counted[0], counted[1], counted[2], to_string(formula.a), to_string(formula.b),
                                       to_string(formula.c)));
    poller.tick(n);
  }
  poller.finish();
  return passed(bound, "N_a, N_b, N_c of t_1…t_n from (n)_T");
}

ClaimOutcome check_theorem13(std::uint64_t bound, const ProgressFn& progress) {
  Poller poller(progress, bound);
  Word word;
  std::array<u128, 4> recent{};  // recent[j] = (n−1−j)_T, packed
  for (std::uint64_t n = 1; n <= bound; ++n) {
    for (std::size_t j = 3; j > 0; --j) recent[j] = recent[j - 1];
    recent[0] = numeration::tribonacci_bits(n - 1);
    const auto& counted = word.counts_at(n);
    // [e_1 … e_{i−d}]_T + 1 with e = (n−1)_T, (n−2)_T, (n−4)_T and d = 1, 2, 3; N_b needs
    // n ≥ 2 and N_c n ≥ 4 (below that they are 0).
    const std::uint64_t na = numeration::tribonacci_bits_value(recent[0] >> 1) + 1;
    const std::uint64_t nb = n >= 2 ? numeration::tribonacci_bits_value(recent[1] >> 2) + 1 : 0;
    const std::uint64_t nc = n >= 4 ? numeration::tribonacci_bits_value(recent[3] >> 3) + 1 : 0;
    if (na != counted[0] || nb != counted[1] || nc != counted[2])
      return failed(n - 1, fmt::format("N(n) at n = {}: counted ({}, {}, {}), Theorem 13 gives ({}, {}, {})", n,
                                       counted[0], counted[1], counted[2], na, nb, nc));
    poller.tick(n);
  }
  poller.finish();
  return passed(bound, "N_a, N_b, N_c from (n−1)_T, (n−2)_T, (n−4)_T (for n ≥ 1, 2, 4)");
}

const std::string kTheorem13 = proof_text("exile/theorem13");

ClaimOutcome check_theorem14(std::uint64_t bound, const ProgressFn& progress) {
  Poller poller(progress, bound);
  AbcByPositions positions;
  for (std::uint64_t n = 1; n <= bound; ++n) {
    const spiral::Abc seen = positions.at(n), formula = spiral::abc(n);
    if (!(seen == formula))
      return failed(n - 1, fmt::format("n = {}: positions ({}, {}, {}), Theorem 14 gives ({}, {}, {})", n,
                                       to_string(seen.a), to_string(seen.b), to_string(seen.c), to_string(formula.a),
                                       to_string(formula.b), to_string(formula.c)));
    poller.tick(n);
  }
  poller.finish();
  return passed(bound, "A_n, B_n, C_n = positions of the n-th a, b, c in T");
}

ClaimOutcome check_theorem16(std::uint64_t bound, const ProgressFn& progress) {
  Poller poller(progress, bound);
  AbcByPositions positions;
  const char* name = "ABC";
  const std::int64_t lowest[3] = {-1, -2, -3};
  const std::uint64_t paper_first[3] = {12737, 329, 2047};
  std::int64_t lo[3] = {0, 0, 0}, hi[3] = {0, 0, 0};
  std::uint64_t first[3] = {0, 0, 0}, plus_one[3] = {0, 0, 0};
  for (std::uint64_t n = 1; n <= bound; ++n) {
    const spiral::Abc v = positions.at(n);
    const u128 values[3] = {v.a, v.b, v.c};
    for (unsigned k = 0; k < 3; ++k) {
      const auto d = static_cast<std::int64_t>(values[k]) -
                     static_cast<std::int64_t>(numeration::floor_n_psi<std::uint64_t>(n, k + 1));
      if (d < lowest[k] || d > 1)
        return failed(n - 1,
                      fmt::format("{}_{} − ⌊ψ^{}·{}⌋ = {} is outside [{}, 1]", name[k], n, k + 1, n, d, lowest[k]));
      lo[k] = std::min(lo[k], d), hi[k] = std::max(hi[k], d);
      if (d == 1 && plus_one[k]++ == 0) first[k] = n;
    }
    poller.tick(n);
  }
  for (unsigned k = 0; k < 3; ++k)
    if (first[k] != paper_first[k] && !(first[k] == 0 && bound < paper_first[k]))
      return failed(bound, fmt::format("the first n with {}_n = ⌊ψ^{} n⌋ + 1 is {}, the paper says {}", name[k], k + 1,
                                       first[k], paper_first[k]));
  poller.finish();
  return passed(bound,
                fmt::format("A−⌊ψn⌋ ∈ [{},{}], B−⌊ψ²n⌋ ∈ [{},{}], C−⌊ψ³n⌋ ∈ [{},{}]; the \"+1\" cases: {} (first {}), "
                            "{} (first {}), {} (first {})",
                            lo[0], hi[0], lo[1], hi[1], lo[2], hi[2], plus_one[0], first[0], plus_one[1], first[1],
                            plus_one[2], first[2]));
}

ClaimOutcome check_theorem17(std::uint64_t bound, const ProgressFn& progress) {
  Poller poller(progress, bound);
  Word word;
  std::uint64_t below[3] = {0, 0, 0}, first_below[3] = {0, 0, 0};
  for (std::uint64_t n = 1; n <= bound; ++n) {
    const auto& counted = word.counts_at(n);
    for (unsigned k = 0; k < 3; ++k) {
      const std::uint64_t f = numeration::floor_n_over_psi<std::uint64_t>(n, k + 1);
      if (counted[k] < f || counted[k] > f + 1)
        return failed(n - 1, fmt::format("N_{}({}) = {} is outside [⌊n/ψ^{}⌋, ⌊n/ψ^{}⌋ + 1] = [{}, {}]",
                                         static_cast<char>('a' + k), n, counted[k], k + 1, k + 1, f, f + 1));
      // N = ⌊n/ψ^k⌋ means N < n/ψ^k: the printed "n/ψ^k ≤ N(n)" fails there.
      if (counted[k] == f && below[k]++ == 0) first_below[k] = n;
    }
    poller.tick(n);
  }
  poller.finish();
  return passed(bound, fmt::format("N(n) ∈ {{⌊n/ψ^k⌋, ⌊n/ψ^k⌋ + 1}}; the printed middle inequality n/ψ^k ≤ N(n) fails "
                                   "{}, {}, {} times (first at n = {}, {}, {}): it is a conversion garble",
                                   below[0], below[1], below[2], first_below[0], first_below[1], first_below[2]));
}

// ---- §5.4: A, B, C ----------------------------------------------------------------------

// (14)–(16) as a recurrence, its "max" read as "mex" like (2): A_n = mex{A_i, B_i, C_i},
// D_n = B_n − A_n = mex{B_i − A_i, C_i − B_i} (i < n), B_n = A_n + D_n, C_n = A_n + B_n + n.
// A and D increase, so each mex is the first value above the last that no pending B, C
// (resp. C − B) occupies.
class AbcRecurrence {
 public:
  spiral::Abc next() {
    ++n_;
    std::uint64_t a = a_ + 1;
    while (pending_bc_.test(a)) ++a;
    std::uint64_t d = d_ + 1;
    while (pending_cb_.test(d)) ++d;
    a_ = a, d_ = d;
    const std::uint64_t b = a + d, c = a + b + n_;
    pending_bc_.drop_below(a);
    pending_cb_.drop_below(d);
    pending_bc_.set(b);
    pending_bc_.set(c);
    pending_cb_.set(c - b);
    return {a, b, c};
  }

 private:
  std::uint64_t n_ = 0, a_ = 0, d_ = 0;
  BitSet pending_bc_, pending_cb_;
};

ClaimOutcome check_eq14_16(std::uint64_t bound, const ProgressFn& progress) {
  Poller poller(progress, bound);
  require_recurrence_memory(bound, 3);
  AbcByPositions positions;
  AbcRecurrence recurrence;
  for (std::uint64_t n = 1; n <= bound; ++n) {
    const spiral::Abc seen = positions.at(n), mex = recurrence.next();
    if (!(seen == mex))
      return failed(n - 1, fmt::format("n = {}: positions ({}, {}, {}), (14)–(16) give ({}, {}, {})", n,
                                       to_string(seen.a), to_string(seen.b), to_string(seen.c), to_string(mex.a),
                                       to_string(mex.b), to_string(mex.c)));
    poller.tick(n);
  }
  poller.finish();
  return passed(bound, "A_n, B_n, C_n from letter positions = the mex recurrences (14)–(16) (\"max\" read as mex)");
}

const std::string kEq14To16 = proof_text("exile/eq14_16");

ClaimOutcome check_eq17(std::uint64_t bound, const ProgressFn& progress) {
  Poller poller(progress, bound);
  AbcByPositions positions;
  words::FixedPointStream theme_song(words::Morphism::named("theme-song"));
  constexpr std::uint64_t steps[3][3] = {{2, 2, 1}, {4, 3, 2}, {7, 6, 4}};  // Θ(2,2,1), Θ(4,3,2), Θ(7,6,4)
  spiral::Abc previous = positions.at(0);
  for (std::uint64_t n = 0; n < bound; ++n) {
    const int t = idx(theme_song.next());
    const spiral::Abc next = positions.at(n + 1);
    const u128 delta[3] = {next.a - previous.a, next.b - previous.b, next.c - previous.c};
    for (unsigned k = 0; k < 3; ++k)
      if (delta[k] != steps[k][t])
        return failed(n, fmt::format("Δ{}_{} = {} but Θ_{} = {} gives {}", "ABC"[k], n, to_string(delta[k]), n,
                                     static_cast<char>('a' + t), steps[k][t]));
    previous = next;
    poller.tick(n + 1);
  }
  poller.finish();
  return passed(bound, "ΔA = Θ(2,2,1), ΔB = Θ(4,3,2), ΔC = Θ(7,6,4) with A, B, C from letter positions");
}

const std::string kEq17 = proof_text("exile/eq17");

ClaimOutcome check_eq18_21(std::uint64_t bound, const ProgressFn& progress) {
  Poller poller(progress, bound);
  AbcByPositions abc;
  Word at_n, at_a, at_b;                              // counts at n − 1, A_n, B_n
  Occurrences a_of_a{'a'}, a_of_b{'a'}, b_of_a{'b'};  // A_{A_n}, A_{B_n}, B_{A_n}
  for (std::uint64_t n = 1; n <= bound; ++n) {
    const spiral::Abc v = abc.at(n);
    const auto a = static_cast<std::uint64_t>(v.a), b = static_cast<std::uint64_t>(v.b),
               c = static_cast<std::uint64_t>(v.c);
    const auto& before = at_n.counts_at(n - 1);
    if (a != n + before[0] + before[1]) return failed(n - 1, fmt::format("(18) fails at n = {}", n));
    const auto& ca = at_a.counts_at(a);
    if (b != a + ca[0] + ca[1]) return failed(n - 1, fmt::format("(19) fails at n = {}", n));
    const auto& cb = at_b.counts_at(b);
    if (c != b + cb[0] + cb[1]) return failed(n - 1, fmt::format("(20) fails at n = {}", n));
    const std::uint64_t aa = a_of_a.at(a), ab = a_of_b.at(b), ba = b_of_a.at(a);
    if (aa + 1 != b || ab != ba + 1 || ab + 1 != c)
      return failed(n - 1,
                    fmt::format("(21) fails at n = {}: A_(A_n) = {}, A_(B_n) = {}, B_(A_n) = {}", n, aa, ab, ba));
    poller.tick(n);
  }
  poller.finish();
  return passed(bound, "(18)–(20) with N_a, N_b counted in T, and (21), all from letter positions");
}

const std::string kEq18To21 = proof_text("exile/eq18_21");

// ---- §6: the XYMP table and the theme song --------------------------------------------

// Θ(a, b, c) values of ΔX, ΔY, ΔM, ΔP for t = a, b, c (Theorem 20 (39)).
constexpr std::uint64_t kXympSteps[3][4] = {{2, 3, 1, 5}, {1, 3, 2, 4}, {1, 2, 1, 3}};

ClaimOutcome check_theorem20(std::uint64_t bound, const ProgressFn& progress) {
  Poller poller(progress, bound);
  require_recurrence_memory(bound, 1);
  XympRecurrence rows;
  words::FixedPointStream theme_song(words::Morphism::named("theme-song"));
  for (std::uint64_t n = 0; n < bound; ++n) {
    const Xymp r = rows.row();
    rows.advance();
    const Xymp s = rows.row();
    const Xymp delta{s.x - r.x, s.y - r.y, s.m - r.m, s.p - r.p};
    const char t = theme_song.next();
    const auto& e = kXympSteps[idx(t)];
    if (!(delta == Xymp{e[0], e[1], e[2], e[3]}))
      return failed(n, fmt::format("row {}: (ΔX, ΔY, ΔM, ΔP) = {} but Θ_{} = {}", n, row_text(delta), n, t));
    poller.tick(n + 1);
  }
  poller.finish();
  return passed(bound,
                "ΔX = Θ(2,1,1), ΔY = Θ(3,3,2), ΔM = Θ(1,2,1), ΔP = Θ(5,4,3) with XYMP from the mex recurrence (2)");
}

const std::string kTheorem20 = proof_text("exile/theorem20");

ClaimOutcome check_corollary21(std::uint64_t bound, const ProgressFn& progress) {
  Poller poller(progress, bound);
  require_recurrence_memory(bound, 1);
  XympRecurrence rows;
  AbcByPositions positions;
  for (std::uint64_t n = 0; n < bound; ++n) {
    const spiral::Abc v = positions.at(n);
    const auto a = static_cast<std::uint64_t>(v.a), b = static_cast<std::uint64_t>(v.b),
               c = static_cast<std::uint64_t>(v.c);
    const Xymp formula{b - a, c - b, c - 2 * b + a, c - a};
    if (!(rows.row() == formula))
      return failed(n,
                    fmt::format("row {}: (2) gives {}, (41)–(44) give {}", n, row_text(rows.row()), row_text(formula)));
    rows.advance();
    poller.tick(n + 1);
  }
  poller.finish();
  return passed(bound, "X = B − A, Y = C − B, M = C − 2B + A, P = C − A with XYMP from (2), A, B, C from T");
}

ClaimOutcome check_remark_ii(std::uint64_t bound, const ProgressFn& progress) {
  Poller poller(progress, bound);
  require_recurrence_memory(bound, 2);
  XympRecurrence rows, y_values, p_values;  // the last two trail, to test membership in {Y}, {P}
  words::FixedPointStream theme_song(words::Morphism::named("theme-song"));
  for (std::uint64_t n = 0; n < bound; ++n) {
    const Xymp r = rows.row();
    while (y_values.row().y < r.x + 1) y_values.advance();
    while (p_values.row().p < r.m + 1) p_values.advance();
    const bool x1_in_y = y_values.row().y == r.x + 1, m1_in_p = p_values.row().p == r.m + 1;
    const char t = theme_song.next();
    if ((t == 'a') != x1_in_y || (t == 'b') != m1_in_p)
      return failed(n, fmt::format("row {} is labelled {}, but X_n + 1 ∈ {{Y}} is {} and M_n + 1 ∈ {{P}} is {}", n, t,
                                   x1_in_y, m1_in_p));
    rows.advance();
    poller.tick(n + 1);
  }
  poller.finish();
  return passed(bound, "row n is a iff X_n + 1 ∈ {Y}, b iff M_n + 1 ∈ {P}, else c (XYMP from (2), labels from Θ)");
}

const std::string kRemarkII = proof_text("exile/remark_ii");

ClaimOutcome check_remark_v(std::uint64_t bound, const ProgressFn& progress) {
  Poller poller(progress, bound);
  require_recurrence_memory(bound, 1);
  XympRecurrence rows;
  std::uint64_t dy[5] = {}, dp[7] = {};
  for (std::uint64_t n = 0; n < bound; ++n) {
    const Xymp r = rows.row();
    rows.advance();
    const std::uint64_t y = rows.row().y - r.y, p = rows.row().p - r.p;
    if (y < 2 || y > 4 || p < 3 || p > 6)
      return failed(n, fmt::format("row {}: ΔY = {}, ΔP = {} leave the ranges 2..4, 3..6 of §2", n, y, p));
    ++dy[y], ++dp[p];
    if (y == 4 || p == 6) return failed(n, fmt::format("row {}: ΔY = {}, ΔP = {}", n, y, p));
    poller.tick(n + 1);
  }
  poller.finish();
  return passed(bound,
                fmt::format("ΔY takes 2, 3 ({}, {} times), never 4; ΔP takes 3, 4, 5 ({}, {}, {} times), never 6",
                            dy[2], dy[3], dp[3], dp[4], dp[5]));
}

const std::string kRemarkV = proof_text("exile/remark_v");

// ---- §2: what the definition (2) gives at once, and Remark (v) ------------------------

// {X_n} and {Y_n} (n ≥ 1) partition the positive numbers, and so do {M_n} and {P_n}: each value
// below X_bound (M_bound) is met exactly once, by the rows of (2).
ClaimOutcome check_complementary(std::uint64_t bound, const ProgressFn& progress, bool xy) {
  Poller poller(progress, bound);
  require_recurrence_memory(bound, 12);
  XympRecurrence rows;
  std::vector<bool> seen;
  for (std::uint64_t n = 1; n <= bound; ++n) {
    rows.advance();
    const Xymp& r = rows.row();
    for (std::uint64_t v : {xy ? r.x : r.m, xy ? r.y : r.p}) {
      if (seen.size() <= v) seen.resize(2 * v + 1);
      if (seen[v]) return failed(n, fmt::format("row {}: {} is met twice", n, v));
      seen[v] = true;
    }
    poller.tick(n);
  }
  const std::uint64_t top = xy ? rows.row().x : rows.row().m;
  for (std::uint64_t v = 1; v <= top; ++v)
    if (!seen[v]) return failed(bound, fmt::format("{} is neither an {} nor a {}", v, xy ? "X" : "M", xy ? "Y" : "P"));
  poller.finish();
  return passed(bound, fmt::format("every value 1..{} once among the {} and {} of rows 1..{}", top, xy ? "X" : "M",
                                   xy ? "Y" : "P", bound));
}

// A statement about rows n … n + 4 of (2) for n < bound: `wrong` says what is wrong, or nothing.
ClaimOutcome check_rows(
    std::uint64_t bound, const ProgressFn& progress, const std::string& holds,
    const std::function<std::optional<std::string>(std::uint64_t, const std::array<Xymp, 5>&)>& wrong) {
  Poller poller(progress, bound);
  require_recurrence_memory(bound, 1);
  XympRecurrence rows;
  std::array<Xymp, 5> window;
  for (auto& w : window) w = rows.row(), rows.advance();
  for (std::uint64_t n = 0; n < bound; ++n) {
    if (auto what = wrong(n, window)) return failed(n, fmt::format("row {}: {}", n, *what));
    std::rotate(window.begin(), window.begin() + 1, window.end());
    window.back() = rows.row();
    rows.advance();
    poller.tick(n + 1);
  }
  poller.finish();
  return passed(bound, fmt::format("{} for rows 0..{}", holds, bound - 1));
}

// ΔS_n = S_(n+1) − S_n of one column lies in [low, high].
ClaimCheck delta_in(std::uint64_t Xymp::*column, const char* name, std::uint64_t low, std::uint64_t high) {
  return [=](std::uint64_t bound, const ProgressFn& progress) {
    const std::string holds = fmt::format("Δ{} in {}..{}", name, low, high);
    return check_rows(bound, progress, holds,
                      [&](std::uint64_t, const std::array<Xymp, 5>& w) -> std::optional<std::string> {
                        const std::uint64_t d = w[1].*column - w[0].*column;
                        if (d >= low && d <= high) return {};
                        return fmt::format("Δ{} = {}, outside {}..{}", name, d, low, high);
                      });
  };
}

// The XYMP block's certification (recurrence (2)) first, then the statement.
const std::string kComplementaryXY = proof_text("exile/complementary_xy");
const std::string kComplementaryMP = proof_text("exile/complementary_mp");
const std::string kDeltaX = proof_text("exile/delta_x");
const std::string kDeltaY = proof_text("exile/delta_y");
const std::string kDeltaM = proof_text("exile/delta_m");
const std::string kDeltaP = proof_text("exile/delta_p");
const std::string kAbove = proof_text("exile/y_above_x");
// Remark (v): three consecutive X_n differing by 1 would make ΔY = 4 … , five M_n ΔP = 6.
const std::string kRuns = proof_text("exile/runs");

// §2's range of one column's differences, checked along (2) and proved with the XYMP block.
Claim delta_claim(const char* id, const char* statement, std::uint64_t Xymp::*column, const char* name,
                  std::uint64_t low, std::uint64_t high, const std::string& proof) {
  return Claim{.id = id,
               .source = "seed 000, §2",
               .kind = ClaimKind::remark,
               .statement = statement,
               .unit = "rows",
               .bounds = {.tour = 100000, .standard = 5'000'000, .deep = 1000000000, .max = kRecurrenceMax},
               .check = delta_in(column, name, low, high),
               .proof = walnut::kXymp + proof};
}

ClaimOutcome check_slope(std::uint64_t bound, const ProgressFn& progress) {
  Poller poller(progress, bound);
  require_recurrence_memory(bound, 1);
  XympRecurrence rows;
  // Y_n − ψX_n ∈ (lo, hi) is decided exactly: ψX is irrational for X > 0, so
  // Y − ψX < 2 ⇔ ⌊ψX⌋ ≥ Y − 2 and Y − ψX > −2 ⇔ ⌊ψX⌋ ≤ Y + 1.
  std::int64_t lo = 0, hi = 0;  // extremes of Y_n − ⌊ψX_n⌋
  for (std::uint64_t n = 1; n <= bound; ++n) {
    rows.advance();
    const Xymp& r = rows.row();
    const auto d =
        static_cast<std::int64_t>(r.y) - static_cast<std::int64_t>(numeration::floor_n_psi<std::uint64_t>(r.x));
    if (d > 2 || d < -1)
      return failed(n - 1, fmt::format("row {}: Y − ⌊ψX⌋ = {} − ⌊ψ·{}⌋ = {}: |Y_n − ψX_n| ≥ 2", n, r.y, r.x, d));
    lo = std::min(lo, d), hi = std::max(hi, d);
    poller.tick(n);
  }
  const Xymp& r = rows.row();
  const long double error = static_cast<long double>(r.y) / static_cast<long double>(r.x) - numeration::kPsi;
  poller.finish();
  return passed(bound, fmt::format("|Y_n − ψX_n| < 2 (Y − ⌊ψX⌋ ∈ [{}, {}]) so Y_n/X_n → ψ; at n = {}: Y/X − ψ = {:.3e}",
                                   lo, hi, bound, static_cast<double>(error)));
}

}  // namespace

std::vector<Claim> claims() {
  return {
      Claim{.id = "exile.theorem1",
            .source = "seed 000, Theorem 1 (eq. (3))",
            .kind = ClaimKind::theorem,
            .statement =
                "direct greedy placement on the spiral puts q_(4k+1..4k+4) at the quarter turns of (X_(k+1), Y_(k+1))",
            .unit = "queens",
            .bounds = {.tour = 20000, .standard = 2'000'000, .deep = 10000000, .max = spiral::kDirectMaxQueens},
            .check = check_theorem1,
            .proof = walnut::kXymp + kTheorem1},
      Claim{.id = "exile.theorem11",
            .source = "seed 000, Theorem 11",
            .kind = ClaimKind::theorem,
            .statement = "t_n is a, b, c as (n−1)_T ends in 0, 01, 011",
            .unit = "letters",
            .bounds = {.tour = 100000, .standard = 5'000'000, .deep = 1000000000, .max = kStreamMax},
            .check = check_theorem11,
            .proof = walnut::kDigits + kTheorem11},
      Claim{.id = "exile.theorem12",
            .source = "seed 000, Theorem 12",
            .kind = ClaimKind::theorem,
            .statement = "N_a(n) = [e_1…e_(i−1)]_T + e_i, N_b, N_c likewise, for (n)_T = e_1…e_i",
            .unit = "letters",
            .bounds = {.tour = 100000, .standard = 5'000'000, .deep = 1000000000, .max = kStreamMax},
            .check = check_theorem12,
            // The block's last three evals are the induction on n that proves the formulas.
            .proof = walnut::kLetterCounts},
      Claim{.id = "exile.theorem13",
            .source = "seed 000, Theorem 13",
            .kind = ClaimKind::theorem,
            .statement = "N_a(n), N_b(n), N_c(n) = [(n−1)_T, (n−2)_T, (n−4)_T without 1, 2, 3 digits]_T + 1",
            .unit = "letters",
            .bounds = {.tour = 100000, .standard = 5'000'000, .deep = 1000000000, .max = kStreamMax},
            .check = check_theorem13,
            .proof = walnut::kLetterCounts + kTheorem13},
      Claim{.id = "exile.theorem14",
            .source = "seed 000, Theorem 14",
            .kind = ClaimKind::theorem,
            .statement = "A_n = [(n−1)_T 0]_T + 1, B_n = [(n−1)_T 01]_T + 1, C_n = [(n−1)_T 011]_T + 1",
            .unit = "n",
            .bounds = {.tour = 100000, .standard = 5'000'000, .deep = 1000000000, .max = kStreamMax},
            .check = check_theorem14,
            .proof = walnut::kLetterPositions},
      Claim{.id = "exile.theorem16",
            .source = "seed 000, Theorem 16 (30)–(32)",
            .kind = ClaimKind::theorem,
            .statement =
                "⌊ψ^k n⌋ − k ≤ A_n, B_n, C_n ≤ ⌊ψ^k n⌋ + 1 for k = 1, 2, 3; the first \"+1\" cases are n = 12737, 329, "
                "2047"
                " (to a bound: n ↦ ⌊ψn⌋ is not Tribonacci-synchronized, Shallit 2025, so (30) is not first-order over "
                "msd_trib)",
            .unit = "n",
            .bounds = {.tour = 20000, .standard = 5'000'000, .deep = 1000000000, .max = kStreamMax},
            .check = check_theorem16},
      Claim{.id = "exile.theorem17",
            .source = "seed 000, Theorem 17 (34)–(36)",
            .kind = ClaimKind::theorem,
            .statement = "⌊n/ψ^k⌋ ≤ N_a, N_b, N_c(n) ≤ ⌊n/ψ^k⌋ + 1 (k = 1, 2, 3)"
                         " (to a bound: ⌊n/ψ⌋ synchronized would make ⌊ψn⌋ so — ⌊kψ⌋ = m iff ⌊(m+1)/ψ⌋ = k > ⌊m/ψ⌋ — "
                         "which it is not, Shallit 2025)",
            .unit = "letters",
            .bounds = {.tour = 100000, .standard = 5'000'000, .deep = 1000000000, .max = kStreamMax},
            .check = check_theorem17},
      Claim{.id = "exile.eq14_16",
            .source = "seed 000, eqs. (14)–(16)",
            .kind = ClaimKind::equation,
            .statement = "A_n = mex{A_i, B_i, C_i}, B_n = A_n + mex{B_i − A_i, C_i − B_i} (i < n), C_n = A_n + B_n + n",
            .unit = "n",
            .bounds = {.tour = 100000, .standard = 5'000'000, .deep = 1000000000, .max = kRecurrenceMax},
            .check = check_eq14_16,
            .proof = walnut::kLetterPositions + kEq14To16},
      Claim{.id = "exile.eq17",
            .source = "seed 000, eq. (17)",
            .kind = ClaimKind::equation,
            .statement = "ΔA = Θ(2,2,1), ΔB = Θ(4,3,2), ΔC = Θ(7,6,4)",
            .unit = "n",
            .bounds = {.tour = 100000, .standard = 5'000'000, .deep = 1000000000, .max = kStreamMax},
            .check = check_eq17,
            .proof = walnut::kLetterPositions + walnut::kThemeSong + kEq17},
      Claim{.id = "exile.eq18_21",
            .source = "seed 000, eqs. (18)–(21)",
            .kind = ClaimKind::equation,
            .statement =
                "A_n = n + N_a(n−1) + N_b(n−1), B_n = A_n + N_a(A_n) + N_b(A_n), C_n = B_n + N_a(B_n) + N_b(B_n); "
                "A_(A_n) + 1 = B_n, A_(B_n) = B_(A_n) + 1, A_(B_n) + 1 = C_n",
            .unit = "n",
            .bounds = {.tour = 50000, .standard = 5'000'000, .deep = 1000000000, .max = kStreamMax},
            .check = check_eq18_21,
            .proof = walnut::kLetterPositions + kEq18To21},
      Claim{.id = "exile.theorem20",
            .source = "seed 000, Theorem 20 (39)",
            .kind = ClaimKind::theorem,
            .statement = "ΔX = Θ(2,1,1), ΔY = Θ(3,3,2), ΔM = Θ(1,2,1), ΔP = Θ(5,4,3) for the XYMP table of (2)",
            .unit = "rows",
            .bounds = {.tour = 100000, .standard = 5'000'000, .deep = 1000000000, .max = kRecurrenceMax},
            .check = check_theorem20,
            .proof = walnut::kXymp + walnut::kThemeSong + kTheorem20},
      Claim{.id = "exile.corollary21",
            .source = "seed 000, Corollary 21 (41)–(44)",
            .kind = ClaimKind::corollary,
            .statement = "X = B − A, Y = C − B, M = C − 2B + A, P = C − A",
            .unit = "rows",
            .bounds = {.tour = 100000, .standard = 5'000'000, .deep = 1000000000, .max = kRecurrenceMax},
            .check = check_corollary21,
            // The XYMP block's certification (its last evals: recurrence (2)) is the proof.
            .proof = walnut::kXymp},
      Claim{.id = "exile.remark_ii",
            .source = "seed 000, §6 Remark (ii)",
            .kind = ClaimKind::remark,
            .statement = "row n is labelled a iff X_n + 1 ∈ {Y}, b iff M_n + 1 ∈ {P}, and c otherwise",
            .unit = "rows",
            .bounds = {.tour = 100000, .standard = 5'000'000, .deep = 1000000000, .max = kRecurrenceMax},
            .check = check_remark_ii,
            .proof = walnut::kXymp + walnut::kThemeSong + kRemarkII},
      Claim{.id = "exile.remark_v",
            .source = "seed 000, §6 Remark (v)",
            .kind = ClaimKind::remark,
            .statement = "ΔY_n is never 4 and ΔP_n is never 6",
            .unit = "rows",
            .bounds = {.tour = 100000, .standard = 5'000'000, .deep = 1000000000, .max = kRecurrenceMax},
            .check = check_remark_v,
            .proof = walnut::kXymp + kRemarkV},
      Claim{.id = "exile.xy_complementary",
            .source = "seed 000, §2",
            .kind = ClaimKind::remark,
            .statement = "{X_n} and {Y_n} (n ≥ 1) are complementary: every positive number is exactly one X_n or Y_n",
            .unit = "rows",
            .bounds = {.tour = 100000, .standard = 5'000'000, .deep = 100'000'000, .max = 1'000'000'000},
            .check = [](std::uint64_t b, const ProgressFn& p) { return check_complementary(b, p, true); },
            .proof = walnut::kXymp + kComplementaryXY},
      Claim{.id = "exile.mp_complementary",
            .source = "seed 000, §2",
            .kind = ClaimKind::remark,
            .statement = "{M_n} and {P_n} (n ≥ 1) are complementary: every positive number is exactly one M_n or P_n",
            .unit = "rows",
            .bounds = {.tour = 100000, .standard = 5'000'000, .deep = 100'000'000, .max = 1'000'000'000},
            .check = [](std::uint64_t b, const ProgressFn& p) { return check_complementary(b, p, false); },
            .proof = walnut::kXymp + kComplementaryMP},
      delta_claim("exile.delta_x", "1 ≤ ΔX_n ≤ 2 (X increases, and ΔX_n = 3 would put two Y values 1 apart)", &Xymp::x,
                  "X", 1, 2, kDeltaX),
      delta_claim("exile.delta_y", "2 ≤ ΔY_n ≤ 4", &Xymp::y, "Y", 2, 4, kDeltaY),
      delta_claim("exile.delta_m", "1 ≤ ΔM_n ≤ 2", &Xymp::m, "M", 1, 2, kDeltaM),
      delta_claim("exile.delta_p", "3 ≤ ΔP_n ≤ 6", &Xymp::p, "P", 3, 6, kDeltaP),
      Claim{.id = "exile.y_above_x",
            .source = "seed 000, §2",
            .kind = ClaimKind::remark,
            .statement = "Y_n ≥ X_n + 1 and P_n ≥ M_n + 2 for n > 0",
            .unit = "rows",
            .bounds = {.tour = 100000, .standard = 5'000'000, .deep = 1000000000, .max = kRecurrenceMax},
            .check =
                [](std::uint64_t bound, const ProgressFn& progress) {
                  return check_rows(bound, progress, "Y ≥ X + 1, P ≥ M + 2",
                                    [](std::uint64_t n, const std::array<Xymp, 5>& w) -> std::optional<std::string> {
                                      if (n == 0 || (w[0].y >= w[0].x + 1 && w[0].p >= w[0].m + 2)) return {};
                                      return fmt::format("{} against Y ≥ X + 1, P ≥ M + 2", row_text(w[0]));
                                    });
                },
            .proof = walnut::kXymp + kAbove},
      Claim{.id = "exile.runs",
            .source = "seed 000, §6 Remark (v)",
            .kind = ClaimKind::remark,
            .statement = "no three consecutive X_n differ by 1 each, and no five consecutive M_n",
            .unit = "rows",
            .bounds = {.tour = 100000, .standard = 5'000'000, .deep = 1000000000, .max = kRecurrenceMax},
            .check =
                [](std::uint64_t bound, const ProgressFn& progress) {
                  return check_rows(bound, progress, "no run of 3 X's or 5 M's",
                                    [](std::uint64_t, const std::array<Xymp, 5>& w) -> std::optional<std::string> {
                                      if (w[1].x == w[0].x + 1 && w[2].x == w[1].x + 1) return "three X's in a run";
                                      for (std::size_t i = 1; i < 5; ++i)
                                        if (w[i].m != w[i - 1].m + 1) return {};
                                      return "five M's in a run";
                                    });
                },
            .proof = walnut::kXymp + kRuns},
      Claim{.id = "exile.slope",
            .source = "seed 000, §6 Remark (iv) (45)",
            .kind = ClaimKind::remark,
            .statement = "Y_n/X_n → ψ: |Y_n − ψX_n| < 2, so the first-quadrant queens lie along slope ψ"
                         " (to a bound: ψ is irrational and ψX < m is not first-order over msd_trib, Shallit 2025)",
            .unit = "rows",
            .bounds = {.tour = 100000, .standard = 5'000'000, .deep = 1000000000, .max = kRecurrenceMax},
            .check = check_slope},
  };
}

}  // namespace qg::papers::exile_spiral
