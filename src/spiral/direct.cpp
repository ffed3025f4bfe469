// Direct greedy placement of the queens on the square spiral (seed 000 §1): the independent
// route that the theorems are checked against. No property of the solution is assumed; the
// data structures only make attacked runs cheap to skip.
#include <bit>
#include <vector>

#include <fmt/format.h>

#include "queengames/spiral.hpp"

namespace qg::spiral {
namespace {

// The occupied values of one family of lines (rows x, columns y, diagonals y − x or
// antidiagonals x + y), as a bitset over [−half, half) that grows on demand, plus the
// largest run of occupied values around 0 (the "core"). Lines outside the storage are free.
// Queries jump over the core in O(1) and scan the rest a word at a time.
class LineSet {
 public:
  bool test(std::int64_t v) const {
    if (v < -half_ || v >= half_) return false;
    auto i = static_cast<std::uint64_t>(v + half_);
    return (bits_[i >> 6] >> (i & 63)) & 1;
  }

  void insert(std::int64_t v) {
    if (v < -half_ || v >= half_) grow(v);
    auto i = static_cast<std::uint64_t>(v + half_);
    bits_[i >> 6] |= std::uint64_t{1} << (i & 63);
    if (core_lo_ > core_hi_) {  // no core yet: it starts when 0 is occupied
      if (v != 0) return;
      core_lo_ = core_hi_ = 0;
    } else if (v != core_hi_ + 1 && v != core_lo_ - 1) {
      return;
    }
    while (test(core_hi_ + 1)) ++core_hi_;
    while (test(core_lo_ - 1)) --core_lo_;
  }

  // The least free value ≥ v.
  std::int64_t next_free(std::int64_t v) const {
    if (core_lo_ <= v && v <= core_hi_) v = core_hi_ + 1;
    if (v < -half_ || v >= half_) return v;
    auto i = static_cast<std::uint64_t>(v + half_);
    std::size_t w = i >> 6;
    std::uint64_t free = ~bits_[w] & (~std::uint64_t{0} << (i & 63));
    while (free == 0) {
      if (++w == bits_.size()) return half_;
      free = ~bits_[w];
    }
    return static_cast<std::int64_t>(w * 64 + static_cast<std::size_t>(std::countr_zero(free))) - half_;
  }

  // The greatest free value ≤ v.
  std::int64_t prev_free(std::int64_t v) const {
    if (core_lo_ <= v && v <= core_hi_) v = core_lo_ - 1;
    if (v < -half_ || v >= half_) return v;
    auto i = static_cast<std::uint64_t>(v + half_);
    std::size_t w = i >> 6;
    std::uint64_t free = ~bits_[w] & (~std::uint64_t{0} >> (63 - (i & 63)));
    while (free == 0) {
      if (w-- == 0) return -half_ - 1;
      free = ~bits_[w];
    }
    return static_cast<std::int64_t>(w * 64 + 63 - static_cast<std::size_t>(std::countl_zero(free))) - half_;
  }

 private:
  void grow(std::int64_t v) {
    std::int64_t half = half_;
    while (v < -half || v >= half) half *= 2;
    std::vector<std::uint64_t> bits(static_cast<std::size_t>(half / 32), 0);
    std::copy(bits_.begin(), bits_.end(), bits.begin() + (half - half_) / 64);
    bits_.swap(bits);
    half_ = half;
  }

  std::int64_t half_ = 1 << 16;
  std::vector<std::uint64_t> bits_ = std::vector<std::uint64_t>((1 << 17) / 64, 0);
  std::int64_t core_lo_ = 1, core_hi_ = 0;  // empty
};

// The four families, indexed as a queen at (x, y) occupies them: row x, column y,
// diagonal y − x, antidiagonal x + y.
struct Lines {
  LineSet family[4];
  static void values(std::int64_t x, std::int64_t y, std::int64_t out[4]) {
    out[0] = x, out[1] = y, out[2] = y - x, out[3] = x + y;
  }
  bool attacked(std::int64_t x, std::int64_t y) const {
    std::int64_t v[4];
    values(x, y, v);
    for (int f = 0; f < 4; ++f)
      if (family[f].test(v[f])) return true;
    return false;
  }
  void occupy(std::int64_t x, std::int64_t y) {
    std::int64_t v[4];
    values(x, y, v);
    for (int f = 0; f < 4; ++f) family[f].insert(v[f]);
  }
};

// The first cell at or after step t along a shell edge (start + t·dir, t < length) that no
// line attacks, or length. Along an edge one family is constant and the other three move by
// ±1 per step; each pass jumps t to the next value free in one family, and a pass that
// moves none of them has found a free cell.
std::int64_t first_free_on_edge(const Lines& lines, Point start, Point dir, std::int64_t length) {
  struct Moving {
    const LineSet* set;
    std::int64_t at0, slope;  // value(t) = at0 + slope·t
  };
  std::int64_t v0[4];
  Lines::values(start.x, start.y, v0);
  const std::int64_t slope[4] = {dir.x, dir.y, dir.y - dir.x, dir.x + dir.y};
  Moving moving[3];
  int count = 0;
  for (int f = 0; f < 4; ++f) {
    if (slope[f] == 0) {
      if (lines.family[f].test(v0[f])) return length;  // the whole edge shares this line
    } else {
      moving[count++] = {&lines.family[f], v0[f], slope[f]};
    }
  }
  std::int64_t t = 0;
  while (t < length) {
    const std::int64_t before = t;
    for (int f = 0; f < count && t < length; ++f) {
      const Moving& m = moving[f];
      t = m.slope > 0 ? m.set->next_free(m.at0 + t) - m.at0 : m.at0 - m.set->prev_free(m.at0 - t);
    }
    if (t == before) return t;
  }
  return length;
}

}  // namespace

void place_queens_directly(std::uint64_t count, const QueenSink& sink, const ProgressFn& progress) {
  if (count > kDirectMaxQueens)
    throw RangeError(fmt::format("direct placement of {} queens: the supported range is 0..{}", count,
                                 kDirectMaxQueens));
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
