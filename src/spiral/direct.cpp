// Direct greedy placement of the queens on the square spiral (seed 000 §1): the independent
// route that the theorems are checked against. No property of the solution is assumed; the
// data structures only make attacked runs cheap to skip.
#include <vector>

#include <fmt/format.h>

#include "core/bits.hpp"
#include "queengames/spiral.hpp"

namespace qg::spiral {
namespace {

// The occupied lines of one family (rows x, columns y, diagonals y − x or antidiagonals
// x + y), each named by its key, value + 2^62 (|value| < 2^33 here, so keys never wrap and a
// difference of keys is the difference of values), as a BitSet, plus the largest run of
// occupied lines around value 0 (the "core"). Queries jump over the core in O(1) and scan the
// rest a word at a time.
class LineSet {
 public:
  static constexpr std::uint64_t kZero = std::uint64_t{1} << 62;  // the key of value 0
  static std::uint64_t key(std::int64_t value) { return static_cast<std::uint64_t>(value) + kZero; }

  bool test(std::uint64_t k) const { return bits_.test(k); }

  void insert(std::uint64_t k) {
    bits_.set(k);
    if (core_lo_ > core_hi_) {  // no core yet: it starts when value 0 is occupied
      if (k != kZero) return;
      core_lo_ = core_hi_ = kZero;
    } else if (k != core_hi_ + 1 && k != core_lo_ - 1) {
      return;
    }
    while (test(core_hi_ + 1)) ++core_hi_;
    while (test(core_lo_ - 1)) --core_lo_;
  }

  // The least free key ≥ k.
  std::uint64_t next_free(std::uint64_t k) const {
    if (core_lo_ <= k && k <= core_hi_) k = core_hi_ + 1;
    return bits_.next_zero(k);
  }

  // The greatest free key ≤ k.
  std::uint64_t prev_free(std::uint64_t k) const {
    if (core_lo_ <= k && k <= core_hi_) k = core_lo_ - 1;
    return bits_.prev_zero(k);
  }

 private:
  BitSet bits_;
  std::uint64_t core_lo_ = kZero + 1, core_hi_ = kZero;  // empty
};

// The four families, indexed as a queen at (x, y) occupies them: row x, column y,
// diagonal y − x, antidiagonal x + y.
struct Lines {
  LineSet family[4];
  static void keys(std::int64_t x, std::int64_t y, std::uint64_t out[4]) {
    out[0] = LineSet::key(x), out[1] = LineSet::key(y), out[2] = LineSet::key(y - x), out[3] = LineSet::key(x + y);
  }
  void occupy(std::int64_t x, std::int64_t y) {
    std::uint64_t k[4];
    keys(x, y, k);
    for (int f = 0; f < 4; ++f) family[f].insert(k[f]);
  }
};

// The first cell at or after step t along a shell edge (start + t·dir, t < length) that no
// line attacks, or length. Along an edge one family is constant and the other three move by
// ±1 per step; each pass jumps t to the next line free in one family, and a pass that
// moves none of them has found a free cell.
std::int64_t first_free_on_edge(const Lines& lines, Point start, Point dir, std::int64_t length) {
  struct Moving {
    const LineSet* set;
    std::uint64_t at0;  // the key at t = 0; key(t) = at0 + slope·t
    std::int64_t slope;
  };
  std::uint64_t k0[4];
  Lines::keys(start.x, start.y, k0);
  const std::int64_t slope[4] = {dir.x, dir.y, dir.y - dir.x, dir.x + dir.y};
  Moving moving[3];
  int count = 0;
  for (int f = 0; f < 4; ++f) {
    if (slope[f] == 0) {
      if (lines.family[f].test(k0[f])) return length;  // the whole edge shares this line
    } else {
      moving[count++] = {&lines.family[f], k0[f], slope[f]};
    }
  }
  std::int64_t t = 0;
  while (t < length) {
    const std::int64_t before = t;
    for (int f = 0; f < count && t < length; ++f) {
      const Moving& m = moving[f];
      const auto ut = static_cast<std::uint64_t>(t);
      t = static_cast<std::int64_t>(m.slope > 0 ? m.set->next_free(m.at0 + ut) - m.at0
                                                : m.at0 - m.set->prev_free(m.at0 - ut));
    }
    if (t == before) return t;
  }
  return length;
}

}  // namespace

void place_queens_directly(std::uint64_t count, const QueenSink& sink, const ProgressFn& progress) {
  if (count > kDirectMaxQueens)
    throw RangeError(
        fmt::format("direct placement of {} queens: the supported range is 0..{}", count, kDirectMaxQueens));
  // The bitsets reach about 0.7·count in each direction (rows, columns) and twice that for
  // diagonals: ≈ 12 · 0.7 · count bits, rounded up to powers of two.
  require_memory(2 * count + (std::uint64_t{1} << 20), fmt::format("direct placement of {} queens", count));
  if (count == 0) return;
  Lines lines;
  std::vector<QueenCell> block;
  block.reserve(4096);
  std::uint64_t placed = 0, first = 0;
  Poller poller(progress, count);
  auto place = [&](std::uint64_t cell, std::int64_t x, std::int64_t y) {
    lines.occupy(x, y);
    block.push_back({cell, x, y});
    ++placed;
    if (block.size() == 4096 || placed == count) {
      sink(first, block);
      first = placed;
      block.clear();
      poller.tick(placed);
    }
  };
  place(0, 0, 0);  // shell 0: nothing attacks the first cell
  for (std::int64_t k = 1; placed < count; ++k) {
    if (k > kMaxShell) throw RangeError("direct placement left the shells with 64-bit cell indices");
    const auto uk = static_cast<std::uint64_t>(k);
    const std::uint64_t first_cell = (2 * uk - 1) * (2 * uk - 1);
    // Edges 1–4 of shell k: right (going North), top (West), left (South), bottom (East).
    const Point starts[4] = {{k - 1, k}, {-k, k - 1}, {-k + 1, -k}, {k, -k + 1}};
    const Point dirs[4] = {{-1, 0}, {0, -1}, {1, 0}, {0, 1}};
    for (int e = 0; e < 4 && placed < count; ++e) {
      // A queen placed on an edge occupies the edge's own line, so each edge takes at most one.
      std::int64_t t = first_free_on_edge(lines, starts[e], dirs[e], 2 * k);
      if (t == 2 * k) continue;
      place(first_cell + static_cast<std::uint64_t>(e) * 2 * uk + static_cast<std::uint64_t>(t),
            starts[e].x + t * dirs[e].x, starts[e].y + t * dirs[e].y);
    }
  }
}

}  // namespace qg::spiral
