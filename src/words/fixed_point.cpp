// Fixed points of prolongable morphisms: the lazy stream and the random-access index.
#include <algorithm>
#include <cstring>

#include <fmt/format.h>

#include "queengames/words.hpp"

namespace qg::words {
namespace {

// The morphism with letters replaced by their indices in the alphabet.
struct Letters {
  std::string alphabet;
  std::vector<std::vector<std::uint8_t>> images;
  std::uint8_t start = 0;

  explicit Letters(const Morphism& m) : alphabet(m.alphabet()) {
    m.require_prolongable();
    for (char x : alphabet) {
      std::vector<std::uint8_t> image;
      for (char y : m.image(x)) image.push_back(static_cast<std::uint8_t>(m.index(y)));
      images.push_back(std::move(image));
    }
    find_runs();
  }
  std::size_t size() const { return alphabet.size(); }

  // run[x]: how many one-letter images follow one another from x (x, μ(x), μ²(x), … while
  // |μ(·)| = 1) before a letter with a longer image; `unbounded` when they cycle forever.
  // The stream and the index jump over such runs instead of taking them level by level.
  static constexpr std::uint64_t unbounded = UINT64_MAX;
  std::vector<std::uint64_t> run;

  void find_runs() {
    std::size_t n = size();
    run.assign(n, 0);
    for (std::size_t x = 0; x < n; ++x) {
      std::size_t z = x, steps = 0;
      while (images[z].size() == 1 && steps <= n) z = images[z][0], ++steps;
      run[x] = steps > n ? unbounded : steps;
    }
  }

  // The letter m one-letter images below y; requires m ≤ run[y].
  std::uint8_t unary_power(std::uint8_t y, std::uint64_t m) const {
    std::uint64_t direct = std::min<std::uint64_t>(m, size());
    for (std::uint64_t i = 0; i < direct; ++i) y = images[y][0];
    m -= direct;
    if (m == 0) return y;
    // More steps than letters: y is now on a cycle of one-letter images.
    std::uint64_t cycle = 1;
    for (std::uint8_t z = images[y][0]; z != y; z = images[z][0]) ++cycle;
    for (m %= cycle; m > 0; --m) y = images[y][0];
    return y;
  }
};

// What a stream needs besides its position, shared by copies of a stream.
struct StreamShape : Letters {
  // blocks[x] = μ^K(x), a few thousand letters, for read().
  std::vector<std::string> blocks;

  explicit StreamShape(const Morphism& m) : Letters(m) {
    std::size_t n = size();
    // The deepest K ≤ 40 whose blocks stay within 4096 letters: large enough that the
    // inner stream is called once per few thousand letters, small enough for the cache.
    constexpr std::uint64_t max_block = 4096;
    std::vector<std::uint64_t> length(n, 1), next(n);
    unsigned levels = 0;
    for (; levels < 40; ++levels) {
      for (std::size_t x = 0; x < n; ++x) {
        next[x] = 0;
        for (auto y : images[x]) next[x] += length[y];  // each term ≤ max_block: no overflow
      }
      if (*std::max_element(next.begin(), next.end()) > max_block) break;
      length.swap(next);
    }
    for (std::size_t x = 0; x < n; ++x) blocks.emplace_back(1, alphabet[x]);
    std::vector<std::string> deeper(n);
    for (unsigned k = 0; k < levels; ++k) {
      for (std::size_t x = 0; x < n; ++x) {
        deeper[x].clear();
        for (auto y : images[x]) deeper[x] += blocks[y];
      }
      blocks.swap(deeper);
    }
  }
};

// The derivation tree of the fixed point w = μ(w), walked leaf by leaf. The letter at level
// j+1 is the parent of the letter at level j; the leaves (level 0) are the letters of w.
// A frame (level j, parent p, offset i) says that the letter at level j is μ(p)[i]. Only
// frames whose parent has an image of two or more letters are stored: below a one-letter
// image the path is forced, so runs of them are jumped over with unary_power().
class DerivationStack {
 public:
  explicit DerivationStack(const StreamShape* shape) : shape_(shape) {
    frames_.push_back({0, 0, shape->start});
    leaf_ = shape->images[shape->start][0];
  }
  std::uint8_t next() {
    std::uint8_t letter = leaf_;
    advance();
    return letter;
  }
  std::size_t depth() const { return frames_.size(); }

 private:
  struct Frame {
    std::uint64_t level;
    std::uint32_t offset;
    std::uint8_t parent;
  };

  void advance() {
    while (!frames_.empty()) {
      Frame& f = frames_.back();
      const auto& image = shape_->images[f.parent];
      if (++f.offset < image.size()) {
        descend(f.level, image[f.offset]);
        return;
      }
      frames_.pop_back();
    }
    // Every level so far is exhausted: the fixed point at level top+1 moves from its first
    // letter (start) to its second, μ(start)[1], which exists as μ is prolongable.
    ++top_;
    frames_.push_back({top_, 1, shape_->start});
    descend(top_, shape_->images[shape_->start][1]);
  }

  // y is the letter at level j; walk down to the leaf along first letters.
  void descend(std::uint64_t j, std::uint8_t y) {
    while (j > 0) {
      const auto& image = shape_->images[y];
      if (image.size() >= 2) {
        frames_.push_back({j - 1, 0, y});
        y = image[0];
        --j;
      } else {
        std::uint64_t m = std::min(j, shape_->run[y]);
        y = shape_->unary_power(y, m);
        j -= m;
      }
    }
    leaf_ = y;
  }

  const StreamShape* shape_;
  std::vector<Frame> frames_;
  std::uint64_t top_ = 0;
  std::uint8_t leaf_ = 0;
};

}  // namespace

struct FixedPointStream::Impl {
  std::shared_ptr<const StreamShape> shape;
  DerivationStack stack;  // the fixed point read K levels up: one letter per block
  explicit Impl(std::shared_ptr<const StreamShape> s) : shape(std::move(s)), stack(shape.get()) {}
};

FixedPointStream::FixedPointStream(const Morphism& morphism)
    : impl_(std::make_unique<Impl>(std::make_shared<const StreamShape>(morphism))) {}
FixedPointStream::FixedPointStream(const FixedPointStream& other)
    : impl_(std::make_unique<Impl>(*other.impl_)), cur_(other.cur_), end_(other.end_), position_(other.position_) {}
FixedPointStream& FixedPointStream::operator=(const FixedPointStream& other) {
  if (this != &other) *this = FixedPointStream(other);
  return *this;
}
FixedPointStream::FixedPointStream(FixedPointStream&&) noexcept = default;
FixedPointStream& FixedPointStream::operator=(FixedPointStream&&) noexcept = default;
FixedPointStream::~FixedPointStream() = default;

void FixedPointStream::refill() {
  // w = μ^K(w): the next block is μ^K of the next letter of w.
  const std::string& block = impl_->shape->blocks[impl_->stack.next()];
  cur_ = block.data();
  end_ = cur_ + block.size();
}

void FixedPointStream::read(char* buf, std::size_t count) {
  while (count > 0) {
    if (cur_ == end_) refill();
    std::size_t n = std::min(count, static_cast<std::size_t>(end_ - cur_));
    std::memcpy(buf, cur_, n);
    buf += n, cur_ += n, count -= n, position_ += n;
  }
}

std::size_t FixedPointStream::depth() const { return impl_->stack.depth(); }

// ---- random access ----------------------------------------------------------------------

struct FixedPointIndex::Impl : Letters {
  // Lengths and letter counts saturate here, one past the largest 64-bit position.
  static constexpr u128 cap = static_cast<u128>(1) << 64;
  std::size_t levels = 0;    // levels 0 … levels-1 are tabulated
  std::vector<u128> length;  // length[k·A + x] = min(|μ^k(x)|, cap)
  std::vector<u128> counts;  // counts[(k·A + x)·A + z] = min(|μ^k(x)|_z, cap)

  explicit Impl(const Morphism& m) : Letters(m) {
    std::size_t a = size();
    // Exponential growth reaches 2^64 within a few hundred levels; a slowly growing
    // morphism is cut off so that the table stays within a megabyte.
    std::size_t max_levels = std::max<std::size_t>(64, (std::size_t{1} << 16) / (a * a));
    length.assign(a, 1);
    counts.assign(a * a, 0);
    for (std::size_t x = 0; x < a; ++x) counts[x * a + x] = 1;
    for (levels = 1; levels < max_levels && top_length(levels - 1) < cap; ++levels) {
      // Level k+1 from level k: |μ^{k+1}(x)| and its counts sum those of μ^k(y), y in μ(x).
      std::size_t k = levels - 1;
      length.resize((k + 2) * a, 0);
      counts.resize((k + 2) * a * a, 0);
      for (std::size_t x = 0; x < a; ++x) {
        u128& len = length[(k + 1) * a + x];
        u128* c = &counts[((k + 1) * a + x) * a];
        for (auto y : images[x]) {
          len = std::min(cap, len + length[k * a + y]);
          const u128* from = &counts[(k * a + y) * a];
          for (std::size_t z = 0; z < a; ++z) c[z] = std::min(cap, c[z] + from[z]);
        }
      }
    }
  }

  u128 len(std::size_t k, std::uint8_t x) const { return length[k * size() + x]; }
  u128 count(std::size_t k, std::uint8_t x, std::uint8_t z) const { return counts[(k * size() + x) * size() + z]; }
  u128 top_length(std::size_t k) const { return len(k, start); }

  std::uint8_t letter_index(char letter) const {
    auto p = alphabet.find(letter);
    if (p == std::string::npos)
      throw InputError(fmt::format("'{}' is not a letter of the word (its letters are {})", letter, alphabet));
    return static_cast<std::uint8_t>(p);
  }

  [[noreturn]] void beyond(std::uint64_t n) const {
    throw RangeError(
        fmt::format("position {} is beyond the supported range 0..{} of this fixed point (it grows too "
                    "slowly to tabulate further)",
                    n, qg::to_string(top_length(levels - 1) - 1)));
  }

  // The smallest level k whose μ^k(start), a prefix of the fixed point, has more than n
  // letters (at least n when `or_equal`). Lengths grow with k: binary search.
  std::size_t level_for(std::uint64_t n, bool or_equal) const {
    return first_level([&](std::size_t k) { return top_length(k) > n || (or_equal && top_length(k) == n); },
                       [&] { beyond(n); });
  }

  // The first level where `enough` holds (it holds from there on), else calls none().
  template <class Enough, class None>
  std::size_t first_level(Enough&& enough, None&& none) const {
    if (!enough(levels - 1)) none();
    std::size_t lo = 0, hi = levels - 1;
    while (lo < hi) {
      std::size_t mid = lo + (hi - lo) / 2;
      if (enough(mid)) hi = mid;
      else lo = mid + 1;
    }
    return lo;
  }

  // One step down the derivation tree from letter x at level k to the child of x that
  // holds the r-th letter of μ^k(x) (r 0-based, r < |μ^k(x)|), or down a whole run of
  // one-letter images at once (they leave r unchanged). `size_of(k, y)` measures a child
  // (its length, or its count of some letter), passed(y) is told of each child skipped.
  template <class SizeOf, class Passed>
  void step_down(std::size_t& k, std::uint8_t& x, u128& r, SizeOf&& size_of, Passed&& passed) const {
    const auto& image = images[x];
    if (image.size() == 1) {
      std::uint64_t m = std::min<std::uint64_t>(k, run[x]);
      x = unary_power(x, m);
      k -= m;
      return;
    }
    for (auto y : image) {
      u128 size = size_of(k - 1, y);
      if (r < size) {
        x = y;
        break;
      }
      r -= size;
      passed(y);
    }
    --k;
  }
};

FixedPointIndex::FixedPointIndex(const Morphism& morphism) : impl_(std::make_shared<const Impl>(morphism)) {}

char FixedPointIndex::letter(std::uint64_t n) const {
  const Impl& t = *impl_;
  std::uint8_t x = t.start;
  u128 r = n;
  // Invariant: r < |μ^k(x)|, so the children skipped have fewer than 2^64 letters and
  // their lengths are exact even where longer ones saturate.
  auto size_of = [&](std::size_t k, std::uint8_t y) { return t.len(k, y); };
  for (std::size_t k = t.level_for(n, false); k > 0;) t.step_down(k, x, r, size_of, [](std::uint8_t) {});
  return t.alphabet[x];
}

std::uint64_t FixedPointIndex::count(char letter, std::uint64_t n) const {
  const Impl& t = *impl_;
  std::uint8_t z = t.letter_index(letter);
  std::size_t k = t.level_for(n, true);
  if (n == t.top_length(k)) return static_cast<std::uint64_t>(t.count(k, t.start, z));
  // Add the counts of the whole children left of position n on the way down to it.
  std::uint8_t x = t.start;
  u128 r = n, total = 0;
  auto size_of = [&](std::size_t level, std::uint8_t y) { return t.len(level, y); };
  while (k > 0) t.step_down(k, x, r, size_of, [&](std::uint8_t y) { total += t.count(k - 1, y, z); });
  return static_cast<std::uint64_t>(total);
}

std::uint64_t FixedPointIndex::occurrence(char letter, std::uint64_t k) const {
  const Impl& t = *impl_;
  std::uint8_t z = t.letter_index(letter);
  if (k == 0) throw RangeError("occurrences are counted from 1: k must be ≥ 1");
  std::size_t level = t.first_level(
      [&](std::size_t l) { return t.count(l, t.start, z) >= k; },
      [&] {
        std::size_t last = t.levels - 1;
        std::string seen = qg::to_string(t.count(last, t.start, z));
        if (t.top_length(last) < Impl::cap)
          throw RangeError(
              fmt::format("occurrence {} of '{}' lies beyond the supported range 0..{} of this fixed point "
                          "(only {} occurrences there)",
                          k, letter, qg::to_string(t.top_length(last) - 1), seen));
        throw RangeError(
            fmt::format("occurrence {} of '{}' lies at position 2^64 or beyond (only {} occurrences among "
                        "the first 2^64 letters)",
                        k, letter, seen));
      });
  // Descend to the child holding the (r+1)-th z (r 0-based, r < |μ^k(x)|_z), adding the
  // lengths of the children passed; those have fewer than k ≤ 2^64 z's but may be longer
  // than 2^64 letters, which the final check catches.
  std::uint8_t x = t.start;
  u128 r = k - 1, position = 0;
  auto size_of = [&](std::size_t l, std::uint8_t y) { return t.count(l, y, z); };
  while (level > 0) t.step_down(level, x, r, size_of, [&](std::uint8_t y) { position += t.len(level - 1, y); });
  if (position >= Impl::cap)
    throw RangeError(fmt::format("occurrence {} of '{}' lies at position 2^64 or beyond", k, letter));
  return static_cast<std::uint64_t>(position);
}

std::uint64_t FixedPointIndex::supported_length() const {
  u128 top = impl_->top_length(impl_->levels - 1);
  return top >= Impl::cap ? UINT64_MAX : static_cast<std::uint64_t>(top);
}

}  // namespace qg::words
