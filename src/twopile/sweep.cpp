// The sweep: column by column, the upper P-position of column x is the least y ≥ x such
// that (x, y) has no move to a P-position already known. Every ruleset has rook moves, so
// each column holds exactly one P-position (seed 003 Proposition 1.1): a column whose
// coordinate is already used holds the mirror of an earlier P-position and is skipped.
//
// What is known when column x is swept: every P-position with a coordinate < x (the columns
// < x and their mirrors). Rook, diagonal and stroll moves and jumps only reach such
// positions, so for monotone rulesets the sweep is exact. Bounces and reflections may reach
// a P-position (i, j) with i, j > x; the sweep assumes there is none and certifies it: if
// the sums a_n + b_n of the upper P-positions increase strictly up to column X, every
// P-position of Manhattan distance < 2X + 2 is the true one (a least counterexample would
// need a true P-position of smaller sum in a later column, and then the sums would not
// increase). So the sweep continues without output until 2X + 2 passes the largest sum it
// printed, and throws RangeError if the sums ever fail to increase (seed 001 §1 and Lemma 3:
// they do increase for the Queen Bee and the Queen Dees).
#include <algorithm>
#include <limits>
#include <queue>

#include <fmt/format.h>

#include "core/bits.hpp"
#include "queengames/twopile.hpp"

namespace qg::twopile {
namespace {

constexpr std::uint32_t kNone = std::numeric_limits<std::uint32_t>::max();
constexpr std::uint64_t kMaxCoordinate = kNone - 1;

// A P-position past kMaxCoordinate: is_p_position names the column the sweep reached instead.
struct CoordinateOverflow : RangeError {
  using RangeError::RangeError;
};

void put(std::vector<std::uint32_t>& v, std::uint64_t i, std::uint64_t value) {
  if (i >= v.size()) v.resize(std::max<std::size_t>(i + 1, v.size() + v.size() / 2), kNone);
  v[i] = static_cast<std::uint32_t>(value);
}
std::uint32_t get(const std::vector<std::uint32_t>& v, std::uint64_t i) { return i < v.size() ? v[i] : kNone; }

// Range maximum over diagonals 0, 1, 2, …, stored compactly: a segment tree over blocks of
// 64 diagonals; inside a block the keys are recomputed from the diagonal's column, so the
// memory is 1/4 byte per diagonal on top of the column array.
class BlockMax {
 public:
  static constexpr std::uint64_t kBlock = 64;
  static constexpr std::int64_t kEmpty = std::numeric_limits<std::int64_t>::min();

  void raise(std::uint64_t c, std::int64_t key) {
    std::uint64_t b = c / kBlock;
    if (b >= cap_) grow(b);
    std::uint64_t i = b + cap_;
    tree_[i] = std::max(tree_[i], key);
    for (i >>= 1; i; i >>= 1) tree_[i] = std::max(tree_[2 * i], tree_[2 * i + 1]);
  }
  // max over diagonals [lo, hi] (hi may be beyond the end); key(c) recomputes a diagonal's key.
  template <class Key>
  std::int64_t query(std::uint64_t lo, std::uint64_t hi, Key&& key) const {
    std::int64_t best = kEmpty;
    hi = std::min(hi, cap_ * kBlock - 1);
    if (cap_ == 0 || lo > hi) return best;
    // Whole blocks [blo, bhi) from the tree, the ragged ends key by key.
    std::uint64_t blo = (lo + kBlock - 1) / kBlock, bhi = (hi + 1) / kBlock;
    if (blo >= bhi) {
      for (std::uint64_t c = lo; c <= hi; ++c) best = std::max(best, key(c));
      return best;
    }
    for (std::uint64_t c = lo; c < blo * kBlock; ++c) best = std::max(best, key(c));
    for (std::uint64_t c = bhi * kBlock; c <= hi; ++c) best = std::max(best, key(c));
    for (std::uint64_t l = blo + cap_, r = bhi + cap_; l < r; l >>= 1, r >>= 1) {
      if (l & 1) best = std::max(best, tree_[l++]);
      if (r & 1) best = std::max(best, tree_[--r]);
    }
    return best;
  }

 private:
  void grow(std::uint64_t b) {
    std::uint64_t cap = std::max<std::uint64_t>(cap_, 64);
    while (cap <= b) cap *= 2;
    std::vector<std::int64_t> tree(2 * cap, kEmpty);
    std::copy(tree_.begin() + static_cast<std::ptrdiff_t>(cap_), tree_.end(),
              tree.begin() + static_cast<std::ptrdiff_t>(cap));
    for (std::uint64_t i = cap - 1; i; --i) tree[i] = std::max(tree[2 * i], tree[2 * i + 1]);
    tree_ = std::move(tree);
    cap_ = cap;
  }
  std::vector<std::int64_t> tree_;
  std::uint64_t cap_ = 0;
};

std::int64_t to_i64(std::uint64_t v) { return static_cast<std::int64_t>(v); }

class Sweep {
 public:
  explicit Sweep(const Ruleset& ruleset) : monotone_(ruleset.monotone()), terminal_(ruleset.terminal()) {
    bool rook = false, diagonal = false;
    for (const auto& f : ruleset.families()) {
      if (std::holds_alternative<Rook>(f)) rook = true;
      if (auto* w = std::get_if<Widened>(&f)) {
        diagonal = true;
        if (w->s > 1 || w->t > 1) widened_.push_back(*w);
        if (w->s > 1) cones_.push_back({*w, {}, {}, kEmptyKey, std::vector<std::int64_t>(w->t, BlockMax::kEmpty)});
      }
      if (std::holds_alternative<Bounce>(f)) bounce_ = true;
      if (auto* r = std::get_if<Reflect>(&f)) reflect_k_.push_back(r->k);
      if (auto* j = std::get_if<Jumps>(&f))
        for (auto m : j->moves) {
          jumps_.push_back(m);
          ring_ = std::max<std::uint64_t>(ring_, std::max(m.x, m.y) + 1);
        }
    }
    if (!rook || !diagonal)
      throw InputError("the sweep needs a ruleset with rook and diagonal moves (" + ruleset.name() +
                       " has not both); use the brute force");
    std::sort(jumps_.begin(), jumps_.end());  // by p, so that attacked() stops at p > x
  }

  void run(std::uint64_t count, const PPositionSink& sink, const ProgressFn& progress) {
    std::uint64_t n = 0, last_sum = 0, certify_to = 0;
    Poller poller(progress, count);
    for (std::uint64_t x = 0;; ++x) {
      // Columns < x are swept: certified when every printed sum is < 2(x − 1) + 2.
      if (n >= count && (monotone_ || 2 * x > certify_to)) break;
      activate_lower(x);
      if (!jumps_.empty()) {
        // The ring grows with the columns swept: a jump longer than the columns never applies,
        // so jumps:(1,2^31),(2^31,1) costs nothing until the sweep gets there.
        if (recent_.size() < ring_) recent_.push_back(kNone);
        else recent_[x % ring_] = kNone;
      }
      poller.tick(n);
      if (coord_.test(x)) continue;  // the mirror of an earlier P-position lies in this column
      std::uint64_t y = upper_p_position(x, poller, n);
      record(x, y);
      if (x == 0 && terminal_ > 0) {
        // The terminal set x + y ≤ K holds P-positions only (no moves leave it). From (x, y),
        // x, y > K, Wythoff's moves reach it exactly along the rows and columns ≤ K and the
        // diagonals |y − x| ≤ K, so those are used from now on; (0, 0) stands for the set as
        // (a_0, b_0), and the columns 1…K hold no P-position outside it.
        coord_.set_range(1, terminal_ + 1);
        blocked_.set_range(1, terminal_ + 1);
      }
      if (!monotone_) {
        if (x > 0 && x + y <= last_sum)
          throw RangeError(
              fmt::format("sweep: the P-position ({}, {}) has a smaller Manhattan distance than the one "
                          "before it, so bounces and reflections cannot be decided column by column; "
                          "use the brute force",
                          x, y));
        last_sum = x + y;
      }
      if (n >= count) continue;
      if (!sink(n, x, y)) count = n;  // stop printing; the certificate may still need columns
      certify_to = std::max(certify_to, x + y);
      ++n;
    }
    poller.finish();
  }

  // The bytes a sweep to `count` P-positions holds, from this sweep having run to `pilot`:
  // the coordinates, the diagonals and the pending mirrors all grow linearly in n (the
  // P-positions lie near lines y = αx, seed 001 §1, seed 003 Figure 2). Each container is
  // counted at its growth's worst, just grown with the old copy alive: a bit set doubled (3
  // bits a bit), a vector of 32-bit entries grown by half (10 bytes an entry), the heap of
  // 16-byte pending mirrors doubled (48 bytes); tests/test_cli_memory.cpp measures them.
  std::uint64_t bytes(std::uint64_t count, std::uint64_t pilot) const {
    auto scaled = [&](std::uint64_t top) {
      const u128 v = static_cast<u128>(top + 64) * count / std::max<std::uint64_t>(pilot, 1) + 64;
      return static_cast<std::uint64_t>(std::min<u128>(v, kMaxCoordinate + 1));
    };
    const std::uint64_t m = scaled(top_coordinate_), d = scaled(top_diagonal_), p = scaled(top_pending_);
    std::uint64_t bytes = 3 * m / 8 + 3 * d / 8;                       // coord_, blocked_
    if (!reflect_k_.empty()) bytes += 3 * (2 * m) / 8;                 // sums_
    if (!widened_.empty()) bytes += 10 * d;                            // diag_col_
    if (bounce_) bytes += 10 * m;                                      // partner_
    if (!cones_.empty()) bytes += cones_.size() * 3 * d / 2 + 48 * p;  // two BlockMax trees; pending_
    return bytes + 4 * std::min(ring_, m) + sizeof(Position) * jumps_.size();
  }

 private:
  static constexpr std::int64_t kEmptyKey = BlockMax::kEmpty;

  // Fraenkel's cone beyond the stroll (s ≥ 2): moves with |u − v| ≥ t. See attacked_by_cone.
  struct Cone {
    Widened w;
    BlockMax below;                        // key1 = c − (s−1)·a over upper diagonals c (a: the column)
    BlockMax above;                        // −key2 = −(s·c + (s−1)·a)
    std::int64_t lower_far;                // max key1 over active lower P-positions with b − a ≥ t
    std::vector<std::int64_t> lower_near;  // … with b − a = m, 1 ≤ m < t
  };

  // Ticks the poller at every candidate row: a column of a game with long strolls or many
  // jumps tries rows for seconds (kqueen:10^4 tries 10^4 rows of 10^4 diagonals each).
  std::uint64_t upper_p_position(std::uint64_t x, Poller& poller, std::uint64_t n) {
    std::uint64_t y = x;
    while (true) {
      poller.tick(n);
      if (y > kMaxCoordinate)
        throw CoordinateOverflow(
            fmt::format("sweep: a coordinate passed {} (the sweep stores coordinates in 32 bits); "
                        "ask for fewer P-positions",
                        kMaxCoordinate));
      if (coord_.test(y)) {  // rook: row y holds a P-position in a column < x
        y = coord_.next_zero(y);
        continue;
      }
      if (blocked_.test(y - x)) {  // a diagonal attacked from every column from now on
        y = x + blocked_.next_zero(std::max(y - x, 64 * blocked_.full_words()));
        continue;
      }
      std::uint64_t next = attacked(x, y);
      if (next == 0) return y;
      y = next;
    }
  }

  // 0 when (x, y) has no move to a known P-position by the other families, else the next
  // candidate row worth trying. Every family but the jumps attacks the diagonal y − x from
  // all later columns too (their reach only grows with x), so the diagonal is then blocked:
  // each diagonal is rejected once, which keeps the sweep amortised O(1) per P-position.
  std::uint64_t attacked(std::uint64_t x, std::uint64_t y) {
    std::uint64_t c = y - x;
    auto block = [&](std::uint64_t next) {
      blocked_.set(c);
      return next;
    };
    for (const auto& w : widened_)
      if (stroll_hits(w, x, c)) return block(y + 1);
    for (auto& cone : cones_)
      if (std::uint64_t next = cone_hits(cone, x, c)) {
        blocked_.set_range(c, next);  // one target attacks all these diagonals
        return x + next;
      }
    if (bounce_ && bounce_hits(x, y)) return block(y + 1);
    for (auto k : reflect_k_)
      if (reflect_hits(k, x, y)) return block(y + 1);
    for (auto m : jumps_) {
      if (m.x > x) break;
      if (jump_hits(m, x, y)) return y + 1;
    }
    return 0;
  }

  // The stroll part |c' − c| ≤ t − 1 of a widened diagonal, with u, v ≥ 1.
  bool stroll_hits(const Widened& w, std::uint64_t x, std::uint64_t c) const {
    bool outside = w.limit && c > *w.limit;  // the limited k-Queen may not stroll into the band
    for (std::uint64_t d = 1; d < w.t; ++d) {
      // Upper P-position (p, p + c + d): u = x − p, v = u − d ≥ 1.
      std::uint32_t p = get(diag_col_, c + d);
      if (p != kNone && p + d < x) return true;
      if (d <= c) {  // upper P-position (p, p + c − d): v = u + d
        if (get(diag_col_, c - d) != kNone && !(outside && c - d <= *w.limit)) return true;
      } else {  // lower P-position on diagonal −m, the mirror of (p, p + m): column p + m < x
        std::uint64_t m = d - c;
        std::uint32_t q = get(diag_col_, m);
        if (q != kNone && q + m < x && !(outside && m <= *w.limit)) return true;
      }
    }
    return false;
  }

  // The cone |u − v| ≥ t, |u − v| < (s − 1)·min(u, v) + t. Returns the next candidate
  // diagonal when (x, x + c) is attacked, else 0.
  //  Target on a diagonal c' ≤ c − t (v > u): (s−1)(x − p) ≥ c − c' − t + 1, i.e.
  //    key1 = c' − (s−1)p ≥ c − t + 1 − (s−1)x; the same target attacks every diagonal up to
  //    key1 + (s−1)x + t − 1 of column x.
  //  Target on a diagonal c' ≥ c + t (u > v, v = x + c − p − c'): (s−1)v ≥ c' − c − t + 1,
  //    i.e. key2 = s·c' + (s−1)p ≤ s·c + (s−1)x + t − 1 (which forces v ≥ 1).
  std::uint64_t cone_hits(Cone& cone, std::uint64_t x, std::uint64_t c) const {
    const std::int64_t s1 = to_i64(cone.w.s - 1), t = to_i64(cone.w.t), ix = to_i64(x), ic = to_i64(c);
    auto key1 = [&](std::uint64_t d) {
      std::uint32_t a = get(diag_col_, d);
      return a == kNone ? kEmptyKey : to_i64(d) - s1 * a;
    };
    auto key2 = [&](std::uint64_t d) {
      std::uint32_t a = get(diag_col_, d);
      return a == kNone ? kEmptyKey : -(to_i64(cone.w.s) * to_i64(d) + s1 * a);
    };
    std::int64_t best = cone.lower_far;
    for (std::uint64_t m = cone.w.t > c ? cone.w.t - c : 1; m < cone.w.t; ++m)
      best = std::max(best, cone.lower_near[m]);
    if (c >= cone.w.t) best = std::max(best, cone.below.query(0, c - cone.w.t, key1));
    if (best != kEmptyKey && best >= ic - t + 1 - s1 * ix) return static_cast<std::uint64_t>(best + s1 * ix + t);
    std::int64_t low = cone.above.query(c + cone.w.t, std::numeric_limits<std::uint64_t>::max() / 2, key2);
    if (low != kEmptyKey && -low <= to_i64(cone.w.s) * ic + s1 * ix + t - 1) return c + 1;
    return 0;
  }

  // Unknown rows and antidiagonals are assumed empty; run() certifies the assumption.
  bool bounce_hits(std::uint64_t x, std::uint64_t y) const {
    std::uint64_t d = y - x;
    if (x == 0 || d == 0) return false;
    std::uint32_t p = get(partner_, d);
    return p != kNone && p >= 1 && p < 2 * x;
  }

  bool reflect_hits(std::uint64_t k, std::uint64_t x, std::uint64_t y) const {
    std::uint64_t c = y - x;
    auto hit = [&](std::uint64_t d) { return d > 0 && d < x + y && sums_.test(d); };
    for (std::uint64_t d = c >= k - 1 ? c - (k - 1) : 0; d <= c + k - 1 && d <= y; ++d)
      if (hit(d)) return true;
    for (std::uint64_t d = 1; d + c <= k - 1 && d <= x; ++d)
      if (hit(d)) return true;
    return false;
  }

  bool jump_hits(Position m, std::uint64_t x, std::uint64_t y) const {
    // A jump with p = 0 lands in column x below y: never a P-position.
    if (m.x == 0 || m.x > x || m.y > y) return false;
    std::uint64_t tx = x - m.x, ty = y - m.y;
    if (tx <= ty) return recent_[tx % ring_] == ty;  // the upper P-position of column tx
    return recent_[ty % ring_] == tx;                // the mirror of column ty's upper one
  }

  void activate_lower(std::uint64_t x) {
    // The lower P-position (b, a) becomes a target of the cone once column b < x.
    while (!pending_.empty() && pending_.top().first < x) {
      auto [b, a] = pending_.top();
      pending_.pop();
      for (auto& cone : cones_) {
        std::int64_t key = to_i64(a) - to_i64(cone.w.s) * to_i64(b);  // c' − (s−1)·b, c' = a − b
        std::uint64_t m = b - a;
        if (m >= cone.w.t) cone.lower_far = std::max(cone.lower_far, key);
        else cone.lower_near[m] = std::max(cone.lower_near[m], key);
      }
    }
  }

  void record(std::uint64_t x, std::uint64_t y) {
    std::uint64_t c = y - x;
    top_coordinate_ = std::max(top_coordinate_, y), top_diagonal_ = std::max(top_diagonal_, c);
    coord_.set(x);
    coord_.set(y);
    blocked_.set(c);
    if (!reflect_k_.empty()) sums_.set(x + y);
    if (!widened_.empty()) put(diag_col_, c, x);
    if (bounce_) put(partner_, x, y), put(partner_, y, x);
    if (!recent_.empty()) recent_[x % ring_] = static_cast<std::uint32_t>(y);
    for (auto& cone : cones_) {
      std::int64_t s1 = to_i64(cone.w.s - 1);
      cone.below.raise(c, to_i64(c) - s1 * to_i64(x));
      cone.above.raise(c, -(to_i64(cone.w.s) * to_i64(c) + s1 * to_i64(x)));
    }
    if (!cones_.empty() && y > x) pending_.push({y, x});
    top_pending_ = std::max<std::uint64_t>(top_pending_, pending_.size());
  }

  bool monotone_;
  std::uint64_t terminal_;        // the terminal set x + y ≤ terminal_ (Wythoff's moves only: Ruleset)
  std::vector<Widened> widened_;  // the families beyond the plain diagonal
  std::vector<Cone> cones_;
  bool bounce_ = false;
  std::vector<std::uint64_t> reflect_k_;
  std::vector<Position> jumps_;
  std::uint64_t ring_ = 1;

  BitSet coord_;    // coordinates of the P-positions found (rows and columns in use)
  BitSet blocked_;  // diagonals y − x attacked from every later column (the P-positions' own first)
  BitSet sums_;     // antidiagonals x + y of the P-positions found
  std::vector<std::uint32_t> diag_col_;  // column of the upper P-position on diagonal c
  std::vector<std::uint32_t> partner_;   // the other coordinate of the P-position using v
  std::vector<std::uint32_t> recent_;    // ring: row of column x's upper P-position (jumps)
  std::priority_queue<std::pair<std::uint64_t, std::uint64_t>, std::vector<std::pair<std::uint64_t, std::uint64_t>>,
                      std::greater<>>
      pending_;  // upper P-positions (b, a) whose mirror column b is not yet passed
  std::uint64_t top_coordinate_ = 0, top_diagonal_ = 0, top_pending_ = 0;  // for bytes()
};

}  // namespace

// The P-positions of a pilot run: a few ms, a fraction of a second with 10^5 jumps (t2t:T
// costs O(T) a column).
constexpr std::uint64_t kPilot = std::uint64_t{1} << 12;

std::uint64_t sweep_bytes(const Ruleset& ruleset, std::uint64_t count, const ProgressFn& progress) {
  const std::uint64_t pilot = std::min<std::uint64_t>(count, kPilot);
  Sweep sweep(ruleset);
  sweep.run(
      pilot, [](std::uint64_t, std::uint64_t, std::uint64_t) { return true; }, progress);
  return sweep.bytes(count, pilot);
}

void sweep_p_positions(const Ruleset& ruleset, std::uint64_t count, const PPositionSink& sink,
                       const ProgressFn& progress, bool force) {
  // Rook moves leave one P-position per row and per column, so n P-positions use 2n − 1
  // distinct coordinates: beyond kMaxSweep they cannot all stay below 2^32 − 1.
  if (count > kMaxSweep && count != std::numeric_limits<std::uint64_t>::max())
    throw RangeError(
        fmt::format("the sweep keeps coordinates below 2^32 - 1, which holds at most {} P-positions "
                    "(one per row and column); asked for {}",
                    kMaxSweep, count));
  if (count != std::numeric_limits<std::uint64_t>::max())
    require_memory(sweep_bytes(ruleset, count, progress), fmt::format("the sweep to {} P-positions", count), force);
  Sweep(ruleset).run(count, sink, progress);
}

std::vector<Position> sweep_p_positions(const Ruleset& ruleset, std::uint64_t count, const ProgressFn& progress) {
  std::vector<Position> out;
  out.reserve(static_cast<std::size_t>(std::min<std::uint64_t>(count, 1u << 24)));
  sweep_p_positions(
      ruleset, count,
      [&](std::uint64_t, std::uint64_t a, std::uint64_t b) {
        out.push_back({a, b});
        return true;
      },
      progress);
  return out;
}

bool is_p_position(const Ruleset& ruleset, Position position, const ProgressFn& progress, bool force) {
  if (ruleset.is_terminal(position)) return true;
  std::uint64_t lo = std::min(position.x, position.y), hi = std::max(position.x, position.y);
  if (auto coding = morphic_coding(ruleset)) {
    // a_n is increasing and a_n ≥ n, so binary search the index n with a_n = lo … or the
    // column lo holds a lower P-position (b_m = lo), found the same way on b.
    MorphicPPositions route(*coding);
    std::uint64_t l = 0, r = lo + 1;
    while (l < r) {
      std::uint64_t mid = l + (r - l) / 2;
      if (route.nth(mid).x < lo) l = mid + 1;
      else r = mid;
    }
    Position p = route.nth(l);
    if (p.x == lo) return p.y == hi;
    return false;  // lo is a b-coordinate: its partner is smaller than lo, never hi ≥ lo
  }
  // The P-positions lie near lines y = αx (seed 001 §1, seed 003 Figure 2): the largest b/a of
  // a pilot's upper P-positions past column 512 carries column lo to about α·lo.
  double slope = 0;
  Sweep(ruleset).run(
      kPilot,
      [&](std::uint64_t, std::uint64_t a, std::uint64_t b) {
        if (a >= 512) slope = std::max(slope, static_cast<double>(b) / static_cast<double>(a));
        return true;
      },
      progress);
  if (slope * static_cast<double>(lo) > static_cast<double>(kMaxCoordinate))
    throw RangeError(fmt::format(
        "the sweep to column {} of {} would reach coordinates of about {:.3g} (its P-positions lie near y = "
        "{:.4f}x), past the {} it stores in 32 bits: it answers for min(x, y) up to about {}",
        lo, ruleset.name(), slope * static_cast<double>(lo), slope, kMaxCoordinate,
        static_cast<std::uint64_t>(static_cast<double>(kMaxCoordinate) / slope)));
  // The columns ≤ lo hold at most lo + 1 upper P-positions (a_n ≥ n).
  require_memory(sweep_bytes(ruleset, std::min(lo + 1, kMaxSweep), progress), fmt::format("the sweep to column {}", lo),
                 force);
  bool found = false;
  std::uint64_t column = 0;  // the last column swept
  try {
    sweep_p_positions(
        ruleset, std::numeric_limits<std::uint64_t>::max(),
        [&](std::uint64_t, std::uint64_t a, std::uint64_t b) {
          column = a;
          if (a > lo) return false;  // every upper P-position with a ≤ lo is known
          if (a == lo) found = b == hi;
          return a < lo;
        },
        progress);
  } catch (const CoordinateOverflow&) {
    throw RangeError(
        fmt::format("the sweep to column {} of {} passed the coordinates it stores in 32 bits (below {}) "
                    "after column {}: it answers for min(x, y) up to {}",
                    lo, ruleset.name(), kMaxCoordinate + 1, column, column));
  }
  return found;
}

}  // namespace qg::twopile
