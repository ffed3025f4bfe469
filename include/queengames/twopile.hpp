// queengames — two-pile queen games: Wythoff Nim and its relatives (seed 001, seed 003).
//
// A position is (x, y) ∈ N×N, a move takes the queen to a position of smaller Manhattan
// distance x + y, and the player who cannot move (the queen is in the corner) loses.
// A ruleset is a set of move families (rook, widened diagonal, bounce, reflection, jumps),
// so that a variant is one line:
//     Ruleset("my-game", {Rook{}, Widened{1, 1}, Jumps{{{1, 3}, {3, 1}}}})
// Every ruleset here is symmetric in x and y. The P-positions are listed as (a_n, b_n) with
// a_n ≤ b_n, a_n increasing, (a_0, b_0) = (0, 0) (seed 001 §1).
//
// Three routes to the P-positions: brute force (enumerate the moves; small boards), the
// sweep (column by column, per-line bookkeeping, amortised O(1) per P-position for line
// moves) and, where the papers show the P-positions are morphic, the morphic route
// (random access to the n-th P-position in O(log n)).
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <variant>
#include <vector>

#include "queengames/common.hpp"

namespace qg::words {
class FixedPointIndex;  // words.hpp
}  // namespace qg::words

namespace qg::twopile {

struct Position {
  std::uint64_t x = 0, y = 0;
  bool operator==(const Position&) const = default;
  auto operator<=>(const Position&) const = default;
};

// ---- move families ----------------------------------------------------------------

// Rook moves: along the row or the column, any distance.
struct Rook {
  bool operator==(const Rook&) const = default;
};

// Fraenkel's widened diagonal (seed 001 §4): remove u ≥ 1 from one pile and v ≥ 1 from the
// other with |u − v| < (s − 1)·min(u, v) + t. s = t = 1 is Wythoff's diagonal; s = 1, t = k
// is Holladay's k-Queen (|c − d| ≤ k − 1 on the diagonals x ↦ x + c, seed 001 §1); (2, 1)
// moves x ≤ y ≤ 2x. With `limit` = j (s = 1 only) it is the limited k-Queen of §4: no move
// with u ≠ v from a position with |x − y| > j to one with |x' − y'| ≤ j.
struct Widened {
  std::uint64_t s = 1, t = 1;
  std::optional<std::uint64_t> limit;
  bool operator==(const Widened&) const = default;
};

// The Queen Bee's bounce (seed 001 §2, Figure 1, proof of Theorem 1): a diagonal move that
// meets the side continues perpendicularly while the Manhattan distance decreases; from
// (x, y), y > x > 0, she reaches (i, y − x) for 1 ≤ i < 2x (and symmetrically).
struct Bounce {
  bool operator==(const Bounce&) const = default;
};

// The Queen Dee's reflection (seed 001 §3, Figure 2, Lemma 2): a k-Queen stroll (|u − v| ≤
// k − 1, u, v ≥ 0) that ends on a side at (0, d) or (d, 0) continues along the antidiagonal
// x + y = d. From (x, y) she reaches every position on the antidiagonals d with 0 < d < x + y
// and either d ≤ y, |d − (y − x)| ≤ k − 1 or d ≤ x, |d − (x − y)| ≤ k − 1.
// k = 1 is the Queen Dee, k = 2 the 2-Queen Dee.
struct Reflect {
  std::uint64_t k = 1;
  bool operator==(const Reflect&) const = default;
};

// A finite set of jumps (p, q): from (x, y) to (x − p, y − q). Maharaja Nim's knight is
// {(1,2), (2,1)} (seed 003 §1). Every jump's mirror (q, p) must be in the set.
struct Jumps {
  std::vector<Position> moves;
  bool operator==(const Jumps&) const = default;
};

using MoveFamily = std::variant<Rook, Widened, Bounce, Reflect, Jumps>;

// "rook", "diagonal", "k-queen stroll (k=2)", "widened (s,t)=(2,1)", "jumps (1,2),(2,1)" …
std::string describe(const MoveFamily& family);

// ---- rulesets -----------------------------------------------------------------------

class Ruleset {
 public:
  // Throws InputError for a family that is not a game move (t = 0, k = 0, a jump (0,0),
  // a jump without its mirror, a limit with s > 1).
  // `terminal` = K makes every position with x + y ≤ K terminal: it has no options, so it is a
  // P-position and the player who moves into the set wins (Komaki–Miyadera–Murakami, arXiv
  // 2605.01435). K = 0 is the ordinary game ((0, 0) has no moves anyway). InputError for a
  // terminal set with families other than Wythoff's rook and diagonal, or K > kMaxTerminal.
  Ruleset(std::string name, std::vector<MoveFamily> families, std::uint64_t terminal = 0);

  // Named rulesets, composable with '+':
  //   wythoff  kqueen:K  st-wythoff:S,T  queen-bee  queen-dee  kqueen-dee:K
  //   limited-kqueen:K,J  maharaja  kl-maharaja:K,L  t2t:T  jumps:(P,Q),(Q,P),…  terminal:K
  // e.g. "wythoff+jumps:(1,2),(2,1)" is Maharaja Nim. terminal:K is Wythoff with the terminal
  // set x + y ≤ K; it composes with wythoff only. InputError names what is wrong.
  static Ruleset parse(std::string_view text);
  // One line per name with its parameters and meaning (for --help and docs).
  static std::vector<std::string> syntax();

  const std::string& name() const { return name_; }
  const std::vector<MoveFamily>& families() const { return families_; }
  // K of the terminal set x + y ≤ K (0: the ordinary game).
  std::uint64_t terminal() const { return terminal_; }
  bool is_terminal(Position p) const { return p.x + p.y <= terminal_; }
  // True when no move increases a coordinate (no bounce, no reflection): then every option
  // of (x, y) lies in [0, x] × [0, y].
  bool monotone() const;

  // Every option of `from`, appended to `out` (cleared first). An option reached by two
  // families may be listed twice. All options have a smaller Manhattan distance.
  void options(Position from, std::vector<Position>& out) const;
  // Whether `to` is an option of `from`: the definition of the families, written directly.
  bool is_move(Position from, Position to) const;

 private:
  std::string name_;
  std::vector<MoveFamily> families_;
  std::uint64_t terminal_ = 0;
};

// The largest K of terminal:K: the P-positions outside the set begin at (K + 1, 2K + 2), and the
// sweep walks the columns ≤ K one at a time before it finds one (K = 10^6: under 0.1 s).
inline constexpr std::uint64_t kMaxTerminal = 1'000'000;

// ---- solvers -----------------------------------------------------------------------

// Receives the P-positions (n, a_n, b_n) in order of n; return false to stop.
using PPositionSink = std::function<bool(std::uint64_t n, std::uint64_t a, std::uint64_t b)>;

// Brute force: decides every position of the size × size corner (and, for rulesets that
// are not monotone, every position of smaller Manhattan distance) by checking each move to
// the P-positions found so far. Returns the P-positions (a, b), a ≤ b < size, by a; of a
// terminal set (all P-positions) only (0, 0), which stands for it as (a_0, b_0), as in the sweep.
// RangeError beyond size 4096. Progress counts positions decided.
std::vector<Position> brute_force_p_positions(const Ruleset& ruleset, std::uint64_t size,
                                              const ProgressFn& progress = {});

// The sweep: column by column, keeping per row, diagonal, antidiagonal whether (and, for
// strolls, where) a P-position lies. Streams (n, a_n, b_n) for n = 0..count-1.
// InputError for a ruleset without rook and diagonal moves; RangeError when a coordinate
// would pass 2^32 − 2, or when a bounce or reflection needs a column not yet swept (never
// seen for the named rulesets; the sweep refuses instead of guessing).
// Up front: RangeError for count > kMaxSweep, MemoryError when sweep_bytes exceeds this
// machine's memory (unless force). count = UINT64_MAX streams until the sink stops it,
// unchecked (the caller estimates what it will ask for).
inline constexpr std::uint64_t kMaxSweep = std::uint64_t{1} << 31;
void sweep_p_positions(const Ruleset& ruleset, std::uint64_t count, const PPositionSink& sink,
                       const ProgressFn& progress = {}, bool force = false);
// The sweep's memory for count P-positions: a pilot run of up to 2^12 of them, extrapolated
// (progress: the pilot's).
std::uint64_t sweep_bytes(const Ruleset& ruleset, std::uint64_t count, const ProgressFn& progress = {});
std::vector<Position> sweep_p_positions(const Ruleset& ruleset, std::uint64_t count, const ProgressFn& progress = {});

// Whether (x, y) is a P-position: the morphic route when there is one, else the sweep up
// to column min(x, y) (its memory estimated first, as sweep_p_positions does). The sweep keeps
// coordinates below 2^32 − 2: a column whose P-positions reach past them, by the slope of a
// pilot run, is refused at once with the columns it supports (RangeError); one the pilot let
// through fails at the column where they do, naming it.
bool is_p_position(const Ruleset& ruleset, Position position, const ProgressFn& progress = {}, bool force = false);

// ---- the morphic route ---------------------------------------------------------------

// a_n is the (1-based) location of the n-th `a_letter`, b_n of the n-th `b_letter`, in
// the fixed point of `morphism` from which the letters in `deleted` have been removed.
struct MorphicCoding {
  std::string morphism;  // "a->ab,b->a"
  char a_letter = 'a', b_letter = 'b';
  std::string deleted;  // "c" for t_c (Queen Dee)
  std::string source;   // where the papers say so
};

// The coding the papers give for this ruleset (seed 001 §3–4), if any:
// Wythoff (Fibonacci), k-Queen (a→a^k b, b→a), Queen Bee (period-doubling), Queen Dee
// (t_c), 2-Queen Dee (t_b, a and c), (s,t)-Wythoff (a→a^{s+t−1} b, b→a^s), limited
// k-Queen with band J (a→a^{k−j} b a^j, b→a with j = k − 1 − J: the text's letters do not
// line up, see docs/TWOPILE.md).
std::optional<MorphicCoding> morphic_coding(const Ruleset& ruleset);

class MorphicPPositions {
 public:
  explicit MorphicPPositions(MorphicCoding coding);  // InputError for a bad morphism
  const MorphicCoding& coding() const { return coding_; }
  // (a_n, b_n) in O(log n) (random access to the fixed point). RangeError past 2^62.
  Position nth(std::uint64_t n) const;
  // n = 0..count-1 by streaming the fixed point.
  void stream(std::uint64_t count, const PPositionSink& sink, const ProgressFn& progress = {}) const;

 private:
  MorphicCoding coding_;
  std::shared_ptr<const words::FixedPointIndex> index_;  // shared: a copy costs no second index
};

// The generic complementary pair of seed 001 §4: a_0 = b_0 = 0 and, for n ≥ 1,
// a_n = mex{a_i, b_i : i < n}, b_n = a_n + f(n). f must be positive and nondecreasing
// (Kimberling's s-Wythoff; f(n) = kn − j, f(n) = 2n + 1).
void complementary_pair(const std::function<std::uint64_t(std::uint64_t n)>& f, std::uint64_t count,
                        const PPositionSink& sink, const ProgressFn& progress = {});

}  // namespace qg::twopile
