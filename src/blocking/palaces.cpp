// Palace numbers by the definition, streamed in O(width) memory (seed 004 §1: "each line can
// be computed just from the information in the previous line").
//
// A band of columns keeps one count per column (palaces above) and one per diagonal
// (palaces to the north-west); the row's running count comes from the left. A cell is a
// palace iff col + diag + row < k, and after the hood rows hold few palaces (at most k per
// row, a few per cent of the cells at k = 1000), so the SIMD scan compares a block of
// cells at once with the threshold k − row and only looks closer at blocks holding a
// palace or a new extreme. The checksum Σ (v + 1)(2(yW + x) + 1) is accumulated per row as
// (2yW + 1)·Σ(v + 1) + 2·Σ(v + 1)x, with v = (col + diag) + row split so that the first
// part is summed by the vector loop and the second, a step function of x, in closed form.
#include <algorithm>
#include <atomic>
#include <cerrno>
#include <cstring>
#include <fstream>
#include <limits>
#include <optional>
#include <vector>

#include <fmt/format.h>

#if defined(__SSE2__)
#include <emmintrin.h>
#define QG_BLOCKING_SIMD 1
#endif

#include "blocking/detail.hpp"
#include "core/checksum.hpp"
#include "core/team.hpp"
#include "queengames/blocking.hpp"
#include "queengames/io.hpp"

namespace qg::blocking {

void require_k(std::uint64_t k) {
  if (k < 1 || k > kMaxK) throw RangeError(fmt::format("k must be in 1..{} (got {})", kMaxK, k));
}

void require_side(std::uint64_t side, const char* what) {
  if (side < 1 || side > kMaxSide) throw RangeError(fmt::format("the {} must be in 1..2^31 (got {})", what, side));
}

Engine parse_engine(std::string_view name) {
  if (name == "definition") return Engine::definition;
  if (name == "plain") return Engine::plain;
  if (name == "ca") return Engine::ca;
  throw InputError(fmt::format("unknown engine '{}' (choose definition, plain or ca)", name));
}

const char* to_string(Engine engine) {
  switch (engine) {
    case Engine::definition:
      return "definition";
    case Engine::plain:
      return "plain";
    case Engine::ca:
      return "ca";
  }
  return "?";
}

std::string Summary::line() const {
  Sum64 s{width, sum64};
  return fmt::format("size {}x{} palaces {} min {} max {} sum64 {}", width, height, palaces, min, max, s.hex());
}

namespace {

// Σ_{0 ≤ x < a} x mod 2^64 (halve the even factor first so that nothing is lost).
std::uint64_t triangle(std::uint64_t a) { return (a & 1) ? a * ((a - 1) / 2) : (a / 2) * (a - 1); }

struct Stats {
  std::uint64_t palaces = 0, sum = 0;
  std::int64_t min = std::numeric_limits<std::int64_t>::max();
  std::int64_t max = std::numeric_limits<std::int64_t>::min();
  void merge(const Stats& o) {
    palaces += o.palaces;
    sum += o.sum;
    min = std::min(min, o.min);
    max = std::max(max, o.max);
  }
};

// x − r, saturated well inside int64 (x may still be the ±∞ of an empty minimum/maximum).
std::int64_t minus_row(std::int64_t x, std::uint64_t r) {
  constexpr std::int64_t big = std::int64_t{1} << 40;
  return std::clamp<std::int64_t>(x, -big, big) - static_cast<std::int64_t>(r);
}

#if QG_BLOCKING_SIMD
// SSE2 lanes for the counters: 16-bit when col + diag ≤ 2k fits (k ≤ 16383), else 32-bit.
// bits() gives one bit per lane; Acc sums c and c·x over a chunk of blocks without overflow.
template <class Count>
struct Lanes;

template <>
struct Lanes<std::int16_t> {
  static constexpr unsigned n = 8;
  static constexpr std::uint64_t chunk_blocks = 128;  // keeps the 32-bit partial sums < 2^31; the scan polls per chunk
  static __m128i broadcast(std::int64_t t) {
    return _mm_set1_epi16(static_cast<short>(std::clamp<std::int64_t>(t, -32768, 32767)));
  }
  static __m128i load(const std::int16_t* p) { return _mm_loadu_si128(reinterpret_cast<const __m128i*>(p)); }
  static __m128i add(__m128i a, __m128i b) { return _mm_add_epi16(a, b); }
  static __m128i less(__m128i a, __m128i b) { return _mm_cmplt_epi16(a, b); }
  static __m128i greater(__m128i a, __m128i b) { return _mm_cmpgt_epi16(a, b); }
  static unsigned bits(__m128i m) {
    return static_cast<unsigned>(_mm_movemask_epi8(_mm_packs_epi16(m, _mm_setzero_si128())));
  }
  static void store(__m128i c, std::int64_t* out) {
    alignas(16) std::int16_t lanes[n];
    _mm_store_si128(reinterpret_cast<__m128i*>(lanes), c);
    std::copy(lanes, lanes + n, out);
  }
  static void emit(__m128i c, std::uint64_t r, std::uint32_t* out) {
    __m128i zero = _mm_setzero_si128(), row = _mm_set1_epi32(static_cast<int>(r));
    _mm_storeu_si128(reinterpret_cast<__m128i*>(out), _mm_add_epi32(_mm_unpacklo_epi16(c, zero), row));
    _mm_storeu_si128(reinterpret_cast<__m128i*>(out + 4), _mm_add_epi32(_mm_unpackhi_epi16(c, zero), row));
  }
  // p: running Σc over the chunk (pairs of lanes), t: Σ of the running sums, q: Σ c·lane.
  struct Acc {
    __m128i p = _mm_setzero_si128(), t = _mm_setzero_si128(), q = _mm_setzero_si128();
    __m128i ones = _mm_set1_epi16(1), lane = _mm_setr_epi16(0, 1, 2, 3, 4, 5, 6, 7);
  };
  static void accumulate(Acc& a, __m128i c) {
    a.p = _mm_add_epi32(a.p, _mm_madd_epi16(c, a.ones));
    a.t = _mm_add_epi32(a.t, a.p);
    a.q = _mm_add_epi32(a.q, _mm_madd_epi16(c, a.lane));
  }
  // Blocks b = 0..blocks−1 start at x_start + 8b: Σ c·x = x_start·Σc + 8·Σ b·S_b + Σ c·lane,
  // and Σ_b b·S_b = blocks·Σc − Σ_b (running sum after b).
  static void fold(const Acc& a, std::uint64_t blocks, std::uint64_t x_start, std::uint64_t& sum_c,
                   std::uint64_t& sum_cx) {
    alignas(16) std::uint32_t p[4], t[4], q[4];
    _mm_store_si128(reinterpret_cast<__m128i*>(p), a.p);
    _mm_store_si128(reinterpret_cast<__m128i*>(t), a.t);
    _mm_store_si128(reinterpret_cast<__m128i*>(q), a.q);
    std::uint64_t sp = 0, st = 0, sq = 0;
    for (int l = 0; l < 4; ++l) sp += p[l], st += t[l], sq += q[l];
    sum_c += sp;
    sum_cx += x_start * sp + n * (blocks * sp - st) + sq;
  }
};

template <>
struct Lanes<std::int32_t> {
  static constexpr unsigned n = 4;
  static constexpr std::uint64_t chunk_blocks = 1024;  // 64-bit sums: a chunk only sets how often the scan polls
  static __m128i broadcast(std::int64_t t) {
    return _mm_set1_epi32(static_cast<int>(std::clamp<std::int64_t>(t, INT32_MIN, INT32_MAX)));
  }
  static __m128i load(const std::int32_t* p) { return _mm_loadu_si128(reinterpret_cast<const __m128i*>(p)); }
  static __m128i add(__m128i a, __m128i b) { return _mm_add_epi32(a, b); }
  static __m128i less(__m128i a, __m128i b) { return _mm_cmplt_epi32(a, b); }
  static __m128i greater(__m128i a, __m128i b) { return _mm_cmpgt_epi32(a, b); }
  static unsigned bits(__m128i m) { return static_cast<unsigned>(_mm_movemask_ps(_mm_castsi128_ps(m))); }
  static void store(__m128i c, std::int64_t* out) {
    alignas(16) std::int32_t lanes[n];
    _mm_store_si128(reinterpret_cast<__m128i*>(lanes), c);
    std::copy(lanes, lanes + n, out);
  }
  static void emit(__m128i c, std::uint64_t r, std::uint32_t* out) {
    _mm_storeu_si128(reinterpret_cast<__m128i*>(out), _mm_add_epi32(c, _mm_set1_epi32(static_cast<int>(r))));
  }
  // 64-bit lanes: p0 = running Σc of lanes 0, 1; p1 of lanes 2, 3; t0, t1 the Σ of those.
  struct Acc {
    __m128i p0 = _mm_setzero_si128(), p1 = _mm_setzero_si128(), t0 = _mm_setzero_si128(), t1 = _mm_setzero_si128();
  };
  static void accumulate(Acc& a, __m128i c) {
    __m128i zero = _mm_setzero_si128();  // c ≥ 0: zero-extension is the widening
    a.p0 = _mm_add_epi64(a.p0, _mm_unpacklo_epi32(c, zero));
    a.p1 = _mm_add_epi64(a.p1, _mm_unpackhi_epi32(c, zero));
    a.t0 = _mm_add_epi64(a.t0, a.p0);
    a.t1 = _mm_add_epi64(a.t1, a.p1);
  }
  static void fold(const Acc& a, std::uint64_t blocks, std::uint64_t x_start, std::uint64_t& sum_c,
                   std::uint64_t& sum_cx) {
    alignas(16) std::uint64_t p[4], t[4];
    _mm_store_si128(reinterpret_cast<__m128i*>(p), a.p0);
    _mm_store_si128(reinterpret_cast<__m128i*>(p + 2), a.p1);
    _mm_store_si128(reinterpret_cast<__m128i*>(t), a.t0);
    _mm_store_si128(reinterpret_cast<__m128i*>(t + 2), a.t1);
    for (unsigned l = 0; l < 4; ++l) {
      sum_c += p[l];
      sum_cx += (x_start + l) * p[l] + n * (blocks * p[l] - t[l]);
    }
  }
};
#endif

// The columns [x0, x0 + n) of the table with their counters. The diagonal counters slide
// one place right per row (the diagonal through (x, y) is the one through (x − 1, y − 1)),
// so they live in a buffer of 2n entries whose window start moves left, recentred every n
// rows: O(n) memory (3n counters, band_bytes), contiguous rows. The counters start as
// untouched zero pages (detail::zeroed), and a row ticks `poller` as it goes, so a band of
// 2^31 columns answers a signal within the row.
template <class Count>
class Band {
 public:
  Band(std::uint64_t x0, std::uint64_t n)
      : x0_(x0), n_(n), col_(detail::zeroed<Count>(n)), diag_(detail::zeroed<Count>(2 * n)), base_(n) {}
  // The count of the diagonal through the band's last cell of the row just processed,
  // which the band to the right receives as its first diagonal of the next row.
  std::uint64_t diagonal_out() const { return static_cast<std::uint64_t>(diag_[base_ + n_ - 1]); }
  // Each row then appends the global columns of its palaces to `found` (null: not kept).
  void collect(std::vector<std::uint32_t>* found) { found_ = found; }
  // The global column of the last palace of the row just processed (−1: none).
  std::int64_t last_palace() const { return last_; }

  // n columns from the next row on (n ≥ n_), the new ones with zero counters: the table as
  // if it had been n wide from row 0, provided no palace of the rows done lies in the new
  // columns or on a diagonal through them (PalaceRows::widen checks that). The diagonals keep
  // their window, now at place n of a buffer of 2n.
  void widen(std::uint64_t n) {
    auto col = detail::zeroed<Count>(n), diag = detail::zeroed<Count>(2 * n);
    std::copy(col_.get(), col_.get() + n_, col.get());
    std::copy(diag_.get() + base_, diag_.get() + base_ + n_, diag.get() + n);
    col_ = std::move(col), diag_ = std::move(diag);
    n_ = n, base_ = n;
  }

  // Row y: r_in palaces of the row lie left of the band, diagonal_in is the count of the
  // diagonal entering at the band's first column (0 for the leftmost band). Returns the
  // row's count at the band's right end. out (when Emit) receives the band's palace numbers.
  template <bool Emit>
  std::uint64_t row_plain(std::uint64_t k, std::uint64_t y, std::uint64_t W, std::uint64_t r_in,
                          std::uint64_t diagonal_in, Stats& stats, std::uint32_t* out, Poller& poller) {
    Count* diag = begin_row(y, diagonal_in);
    Count* col = col_.get();
    std::uint64_t r = r_in;
    Sum64 sum{W};
    std::int64_t lo = stats.min, hi = stats.max;
    for (std::uint64_t x = 0; x < n_; ++x) {
      std::uint64_t v = static_cast<std::uint64_t>(col[x]) + static_cast<std::uint64_t>(diag[x]) + r;
      sum.add(x0_ + x, y, static_cast<std::int64_t>(v));
      lo = std::min(lo, static_cast<std::int64_t>(v));
      hi = std::max(hi, static_cast<std::int64_t>(v));
      if constexpr (Emit) out[x] = static_cast<std::uint32_t>(v);
      if (v < k) {
        ++col[x], ++diag[x], ++r;
        last_ = static_cast<std::int64_t>(x0_ + x);
        if (found_) found_->push_back(static_cast<std::uint32_t>(last_));
      }
      poller.tick(y);
    }
    stats.palaces += r - r_in;
    stats.sum += sum.sum;
    stats.min = lo, stats.max = hi;
    return r;
  }

#if QG_BLOCKING_SIMD
  template <bool Emit>
  std::uint64_t row_simd(std::uint64_t k, std::uint64_t y, std::uint64_t W, std::uint64_t r_in,
                         std::uint64_t diagonal_in, Stats& stats, std::uint32_t* out, Poller& poller) {
    using L = Lanes<Count>;
    Count* diag = begin_row(y, diagonal_in);
    Count* col = col_.get();
    const auto ks = static_cast<std::int64_t>(k);
    std::uint64_t r = r_in;
    // The palaces of this row: how many, Σ x_p and Σ x_p(x_p + 1)/2 (global x).
    std::uint64_t palaces = 0, sum_px = 0, sum_ptri = 0;
    std::uint64_t sum_c = 0, sum_cx = 0;  // Σ (col + diag) and Σ (col + diag)·x
    std::int64_t lo = stats.min, hi = stats.max;
    auto palace = [&](std::uint64_t x) {
      ++col[x], ++diag[x], ++r, ++palaces;
      std::uint64_t gx = x0_ + x;
      last_ = static_cast<std::int64_t>(gx);
      if (found_) found_->push_back(static_cast<std::uint32_t>(gx));
      sum_px += gx;
      sum_ptri += triangle(gx + 1);
    };
    // A block needs a closer look when some v = c + r may be < max(k, lo) (a palace or a new
    // minimum) or > hi (a new maximum).
    __m128i below = L::broadcast(minus_row(std::max(ks, lo), r)), above = L::broadcast(minus_row(hi, r));
    std::uint64_t x = 0;
    const std::uint64_t whole = n_ - n_ % L::n;
    while (x < whole) {
      const std::uint64_t chunk = x, end = std::min(whole, x + L::n * L::chunk_blocks);
      typename L::Acc acc;
      for (; x < end; x += L::n) {
        __m128i c = L::add(L::load(col + x), L::load(diag + x));
        L::accumulate(acc, c);
        if constexpr (Emit) L::emit(c, r, out + x);
        if (__builtin_expect(!_mm_movemask_epi8(_mm_or_si128(L::less(c, below), L::greater(c, above))), 1)) continue;
        // The palaces of the block, left to right: each lowers the threshold k − r by one.
        const std::uint64_t r0 = r;
        unsigned found = L::bits(L::less(c, L::broadcast(ks - static_cast<std::int64_t>(r))));
        while (found) {
          unsigned j = static_cast<unsigned>(__builtin_ctz(found));
          palace(x + j);
          found = L::bits(L::less(c, L::broadcast(ks - static_cast<std::int64_t>(r)))) & (~0u << (j + 1));
        }
        if (Emit || L::bits(L::greater(c, L::broadcast(minus_row(hi, r)))) ||
            L::bits(L::less(c, L::broadcast(minus_row(lo, r0))))) {
          std::int64_t lane[L::n];
          L::store(c, lane);
          std::int64_t rr = static_cast<std::int64_t>(r0);
          for (unsigned l = 0; l < L::n; ++l) {
            std::int64_t v = lane[l] + rr;
            lo = std::min(lo, v), hi = std::max(hi, v);
            if constexpr (Emit) out[x + l] = static_cast<std::uint32_t>(v);
            rr += v < ks;
          }
        }
        below = L::broadcast(minus_row(std::max(ks, lo), r));
        above = L::broadcast(minus_row(hi, r));
      }
      L::fold(acc, (x - chunk) / L::n, x0_ + chunk, sum_c, sum_cx);
      poller.tick(y);
    }
    for (; x < n_; ++x) {
      auto c = static_cast<std::uint64_t>(col[x]) + static_cast<std::uint64_t>(diag[x]);
      auto v = static_cast<std::int64_t>(c + r);
      sum_c += c, sum_cx += c * (x0_ + x);
      lo = std::min(lo, v), hi = std::max(hi, v);
      if constexpr (Emit) out[x] = static_cast<std::uint32_t>(v);
      if (v < ks) palace(x);
    }
    // Σ over the band of v + 1 and (v + 1)·x with v = c + r_x, where r_x = r_in plus one
    // for every palace of the row left of x within the band.
    const std::uint64_t x1 = x0_ + n_, sum_x = triangle(x1) - triangle(x0_);
    const std::uint64_t sum_r = r_in * n_ + palaces * (x1 - 1) - sum_px;
    const std::uint64_t sum_rx = r_in * sum_x + palaces * triangle(x1) - sum_ptri;
    const std::uint64_t a = sum_c + sum_r + n_, b = sum_cx + sum_rx + sum_x;
    stats.sum += (2 * y * W + 1) * a + 2 * b;
    stats.palaces += palaces;
    stats.min = lo, stats.max = hi;
    return r;
  }
#endif

  // The counters as they stand (the diagonals' window first at place n, as after a recentring).
  void save(SummedWriter& out) const {
    out.bytes(col_.get(), n_ * sizeof(Count));
    out.bytes(diag_.get() + base_, n_ * sizeof(Count));
  }
  // False when a counter exceeds k: a line holding k palaces holds no more (every later cell
  // on it sees k), so no count of a table of game k passes k.
  bool load(SummedReader& in, std::uint64_t k) {
    base_ = n_;
    in.bytes(col_.get(), n_ * sizeof(Count));
    in.bytes(diag_.get() + base_, n_ * sizeof(Count));
    auto above_k = [k](Count c) { return static_cast<std::uint64_t>(c) > k; };
    return std::none_of(col_.get(), col_.get() + n_, above_k) &&
           std::none_of(diag_.get() + base_, diag_.get() + base_ + n_, above_k);
  }

 private:
  Count* begin_row(std::uint64_t y, std::uint64_t diagonal_in) {
    last_ = -1;
    if (y > 0) {
      if (base_ == 0) {
        std::copy(diag_.get(), diag_.get() + n_, diag_.get() + n_);
        base_ = n_;
      }
      --base_;
      diag_[base_] = static_cast<Count>(diagonal_in);
    }
    return diag_.get() + base_;
  }

  std::uint64_t x0_, n_;
  detail::Zeroed<Count> col_, diag_;
  std::uint64_t base_;
  std::vector<std::uint32_t>* found_ = nullptr;
  std::int64_t last_ = -1;
};

// The fast engine: 16-bit counters when they fit, SSE2 when the target has it.
template <class F>
auto with_fast_band(std::uint64_t k, F&& f) {
#if QG_BLOCKING_SIMD
  if (2 * k <= 32767) return f(static_cast<std::int16_t*>(nullptr));
  return f(static_cast<std::int32_t*>(nullptr));
#else
  (void)k;
  return f(static_cast<std::uint32_t*>(nullptr));
#endif
}

// The bytes per column of a band's counters.
std::uint64_t band_bytes(std::uint64_t k, Engine engine) {
  if (engine == Engine::plain) return 3 * sizeof(std::uint32_t);
  return with_fast_band(k, []<class Count>(Count*) -> std::uint64_t { return 3 * sizeof(Count); });
}

template <class Count, bool Emit>
std::uint64_t fast_row(Band<Count>& band, std::uint64_t k, std::uint64_t y, std::uint64_t W, std::uint64_t r_in,
                       std::uint64_t diagonal_in, Stats& stats, std::uint32_t* out, Poller& poller) {
#if QG_BLOCKING_SIMD
  return band.template row_simd<Emit>(k, y, W, r_in, diagonal_in, stats, out, poller);
#else
  return band.template row_plain<Emit>(k, y, W, r_in, diagonal_in, stats, out, poller);
#endif
}

Summary to_summary(std::uint64_t W, std::uint64_t H, const Stats& s) {
  return {W, H, s.palaces, static_cast<std::uint64_t>(s.min), static_cast<std::uint64_t>(s.max), s.sum};
}

// What band t passes to band t + 1 for each row, in a ring of rows.
struct Link {
  std::vector<std::uint64_t> r, diagonal;
  std::atomic<std::uint64_t> produced{0}, consumed{0};
};

// Bands of columns pipelined over the rows: band b needs from band b − 1 only the row count
// at the boundary and the diagonal count crossing it, passed through a ring of rows. The
// work per column is uneven (the arms and threads carry more palaces), so there are a few
// bands per thread, dealt out alternately; each thread runs its bands round-robin, a chunk
// of rows at a time, as far as their inputs allow, sleeping when none can move. The calling
// thread is thread 0 and reports progress (the last band's rows).
template <class Count>
Summary banded_summary(std::uint64_t k, std::uint64_t W, std::uint64_t H, unsigned threads,
                       const ProgressFn& progress) {
  constexpr std::uint64_t min_band = 2048, ring = 1024, chunk = 64;
  threads = static_cast<unsigned>(std::clamp<std::uint64_t>(W / min_band, 1, std::max(threads, 1u)));
  const auto band_count =
      threads == 1 ? 1u : static_cast<unsigned>(std::clamp<std::uint64_t>(W / min_band, threads, 4 * threads));
  std::vector<Band<Count>> bands;
  for (unsigned b = 0; b < band_count; ++b) {
    std::uint64_t x0 = W * b / band_count, x1 = W * (b + 1) / band_count;
    bands.emplace_back(x0, x1 - x0);
  }
  std::vector<Link> links(band_count);
  for (auto& link : links) link.r.resize(ring), link.diagonal.resize(ring);
  std::vector<Stats> stats(band_count);
  std::vector<std::uint64_t> rows(band_count, 0);  // each entry written by its band's thread only
  // One row of band b if its input is there and its output has room; false otherwise.
  auto step = [&](unsigned b, Poller& poller) {
    const std::uint64_t y = rows[b];
    Link* in = b ? &links[b - 1] : nullptr;
    Link* out = b + 1 < band_count ? &links[b] : nullptr;
    if (in && in->produced.load(std::memory_order_acquire) <= y) return false;
    // The slot of row y is free once the right band has finished row y − ring + 1 (it reads
    // the diagonal of the row before the one it works on).
    if (out && y + 2 > out->consumed.load(std::memory_order_acquire) + ring) return false;
    std::uint64_t r_in = in ? in->r[y % ring] : 0, diagonal_in = in && y ? in->diagonal[(y - 1) % ring] : 0;
    std::uint64_t r = fast_row<Count, false>(bands[b], k, y, W, r_in, diagonal_in, stats[b], nullptr, poller);
    if (out) {
      out->r[y % ring] = r;
      out->diagonal[y % ring] = bands[b].diagonal_out();
      out->produced.store(y + 1, std::memory_order_release);
    }
    if (in) in->consumed.store(y + 1, std::memory_order_release);
    rows[b] = y + 1;
    return true;
  };
  auto last_rows = [&] {
    return band_count == 1 ? rows[0] : links[band_count - 2].consumed.load(std::memory_order_acquire);
  };
  // A member that found nothing to do sleeps until another has moved a band on, rather than
  // spinning: on a loaded machine the spinning would take the CPU from the very thread it
  // waits for.
  Team::run(threads, [&](Team& team, unsigned t) {
    // Thread 0 reports for all; the others poll the team's stop within their rows.
    Poller poller(
        t == 0 ? progress : [&team](std::uint64_t, std::uint64_t) { team.check(); }, H);
    for (unsigned idle = 0;;) {
      const std::uint32_t seen = team.epoch();
      bool busy = false, moved = false;
      for (unsigned b = t; b < band_count; b += team.size()) {
        for (std::uint64_t i = 0; i < chunk && rows[b] < H && step(b, poller); ++i) moved = true;
        busy = busy || rows[b] < H;
      }
      if (t == 0) poller.tick(last_rows());
      if (moved) team.moved();
      if (!busy || team.stopped()) return;
      if (moved) idle = 0;
      else if (++idle > 64) team.wait(seen);  // until another member moves
    }
  });
  Poller(progress, H).finish();
  Stats total;
  for (const auto& s : stats) total.merge(s);
  return to_summary(W, H, total);
}

// One row source behind PalaceRows: row y's palace numbers into `row` (when it is not empty),
// the columns of its palaces, left to right, appended to `found` (when not null), and what the
// widening needs: how many palaces the row holds in the table and the column of its last.
struct RowPalaces {
  std::uint64_t count = 0;
  std::int64_t last = -1;
};
struct RowSource {
  virtual ~RowSource() = default;
  virtual RowPalaces next(std::uint64_t y, std::span<std::uint32_t> row, std::vector<std::uint32_t>* found,
                          Poller& poller) = 0;
  virtual bool widens() const = 0;
  virtual void widen(std::uint64_t width) = 0;
};

template <class Count, bool Fast>
struct BandRows : RowSource {
  std::uint64_t k, W;
  Band<Count> band;
  Stats stats;
  BandRows(std::uint64_t k_, std::uint64_t W_) : k(k_), W(W_), band(0, W_) {}
  RowPalaces next(std::uint64_t y, std::span<std::uint32_t> row, std::vector<std::uint32_t>* found,
                  Poller& poller) override {
    band.collect(found);
    std::uint64_t count = 0;
    if (row.empty()) {
      if constexpr (Fast) count = fast_row<Count, false>(band, k, y, W, 0, 0, stats, nullptr, poller);
      else count = band.template row_plain<false>(k, y, W, 0, 0, stats, nullptr, poller);
    } else {
      if constexpr (Fast) count = fast_row<Count, true>(band, k, y, W, 0, 0, stats, row.data(), poller);
      else count = band.template row_plain<true>(k, y, W, 0, 0, stats, row.data(), poller);
    }
    band.collect(nullptr);
    return {count, band.last_palace()};
  }
  bool widens() const override { return true; }
  void widen(std::uint64_t width) override { band.widen(width), W = width; }
};

struct CaSource : RowSource {
  std::uint64_t k;
  CaRows ca;
  CaSource(std::uint64_t k_, std::uint64_t W) : k(k_), ca(k_, W) {}
  RowPalaces next(std::uint64_t y, std::span<std::uint32_t> row, std::vector<std::uint32_t>* found,
                  Poller& poller) override {
    auto states = ca.next(poller);
    RowPalaces palaces;
    for (std::size_t x = 0; x < states.size(); ++x) {
      if (states[x] < 0) {
        ++palaces.count, palaces.last = static_cast<std::int64_t>(x);
        if (found) found->push_back(static_cast<std::uint32_t>(x));
      }
      if (!row.empty())
        row[x] = static_cast<std::uint32_t>(static_cast<std::int64_t>(states[x]) + static_cast<std::int64_t>(k));
      poller.tick(y);
    }
    return palaces;
  }
  // The CA's rows hold states, not counters: a new column would need the counts of its lines.
  bool widens() const override { return false; }
  void widen(std::uint64_t) override {}
};

// A slab behind qg::blocking::Slab: one band and its share of the statistics. The diagonal a
// left neighbour reports for row y enters the band in row y + 1, so it waits in `pending`.
struct SlabState {
  std::uint64_t k, W, x0, x1, y = 0, pending = 0;
  Stats stats;
  SlabState(std::uint64_t k_, std::uint64_t W_, std::uint64_t x0_, std::uint64_t x1_)
      : k(k_), W(W_), x0(x0_), x1(x1_) {}
  virtual ~SlabState() = default;
  // values (when not null) receives the slab's x1 − x0 palace numbers of the row.
  virtual SlabEdge row(SlabEdge left, std::uint32_t* values) = 0;
  virtual void save_band(SummedWriter& out) const = 0;
  virtual bool load_band(SummedReader& in) = 0;
  virtual unsigned count_bytes() const = 0;
};

template <class Count>
struct SlabBand : SlabState {
  Band<Count> band;
  SlabBand(std::uint64_t k_, std::uint64_t W_, std::uint64_t x0_, std::uint64_t x1_)
      : SlabState(k_, W_, x0_, x1_), band(x0_, x1_ - x0_) {}
  SlabEdge row(SlabEdge left, std::uint32_t* values) override {
    // The caller polls between rows (a slab's row is one rank's share of the width).
    Poller between_rows({}, 0);
    std::uint64_t r = values ? fast_row<Count, true>(band, k, y, W, left.row, pending, stats, values, between_rows)
                             : fast_row<Count, false>(band, k, y, W, left.row, pending, stats, nullptr, between_rows);
    pending = left.diagonal;
    ++y;
    return {r, band.diagonal_out()};
  }
  void save_band(SummedWriter& out) const override { band.save(out); }
  bool load_band(SummedReader& in) override { return band.load(in, k); }
  unsigned count_bytes() const override { return sizeof(Count); }
};

constexpr char kSlabMagic[8] = {'q', 'g', 's', 'l', 'a', 'b', '2', '\n'};
constexpr std::size_t kSlabHeaderWords = 11;

}  // namespace

std::uint64_t summary_bytes(std::uint64_t k, std::uint64_t width, Engine engine) {
  // Measured in tests/test_cli_memory.cpp: the counters, or the CA's four rows of states, and
  // a MiB for the bands' links and the callers' buffers.
  return (engine == Engine::ca ? 16 * (width + 2) : band_bytes(k, engine) * width) + (std::uint64_t{1} << 20);
}

std::uint64_t palace_rows_bytes(std::uint64_t k, std::uint64_t width, Engine engine) {
  return summary_bytes(k, width, engine) + sizeof(std::uint32_t) * width;  // and the row handed out
}

struct PalaceRows::Impl {
  std::uint64_t k, width, y = 0;
  Engine engine;
  std::unique_ptr<RowSource> source;
  detail::Zeroed<std::uint32_t> row{nullptr, &std::free};
  std::vector<std::uint32_t> found;        // next_palaces()'s row
  std::optional<std::uint64_t> short_row;  // the first row with fewer than k palaces in the table
  std::uint64_t reach = 0;                 // the largest x − y of a palace so far ((0, 0) is one)
  Poller unpolled{{}, 0};                  // next() without a poller

  void advance(std::span<std::uint32_t> values, std::vector<std::uint32_t>* palaces, Poller& poller) {
    const RowPalaces row = source->next(y, values, palaces, poller);
    if (row.count < k && !short_row) short_row = y;
    // A row's last palace has its largest x − y.
    if (row.last > static_cast<std::int64_t>(y)) reach = std::max(reach, static_cast<std::uint64_t>(row.last) - y);
    ++y;
  }
  void require_full_rows(const char* why) const {
    if (short_row)
      throw InputError(fmt::format("row {} of game {} holds fewer than {} palaces in the table's {} columns: {}",
                                   *short_row, k, k, width, why));
  }
};

PalaceRows::PalaceRows(std::uint64_t k, std::uint64_t width, Engine engine, bool force) {
  require_k(k);
  require_side(width, "width");
  require_memory(palace_rows_bytes(k, width, engine), fmt::format("palace numbers {} cells wide", width), force);
  impl_ = std::make_unique<Impl>();
  impl_->k = k, impl_->width = width, impl_->engine = engine;
  impl_->row = detail::zeroed<std::uint32_t>(width);
  switch (engine) {
    case Engine::definition:
      impl_->source = with_fast_band(k, [&]<class Count>(Count*) -> std::unique_ptr<RowSource> {
        return std::make_unique<BandRows<Count, true>>(k, width);
      });
      break;
    case Engine::plain:
      impl_->source = std::make_unique<BandRows<std::uint32_t, false>>(k, width);
      break;
    case Engine::ca:
      impl_->source = std::make_unique<CaSource>(k, width);
      break;
  }
}
PalaceRows::PalaceRows(PalaceRows&&) noexcept = default;
PalaceRows& PalaceRows::operator=(PalaceRows&&) noexcept = default;
PalaceRows::~PalaceRows() = default;

std::span<const std::uint32_t> PalaceRows::next(Poller& poller) {
  std::span<std::uint32_t> row(impl_->row.get(), impl_->width);
  impl_->advance(row, nullptr, poller);
  return row;
}
std::span<const std::uint32_t> PalaceRows::next() { return next(impl_->unpolled); }
std::span<const std::uint32_t> PalaceRows::next_palaces(Poller& poller) {
  impl_->found.clear();
  impl_->advance({}, &impl_->found, poller);
  return impl_->found;
}
std::span<const std::uint32_t> PalaceRows::next_palaces() { return next_palaces(impl_->unpolled); }
std::uint64_t PalaceRows::rows_done() const { return impl_->y; }
std::uint64_t PalaceRows::k() const { return impl_->k; }
std::uint64_t PalaceRows::width() const { return impl_->width; }

std::uint64_t PalaceRows::complete_width() const {
  impl_->require_full_rows("the palaces right of them are unknown");
  return impl_->y + impl_->reach + impl_->k + 1;
}

void PalaceRows::widen(std::uint64_t width, bool force) {
  Impl& t = *impl_;
  require_side(width, "width");
  if (width < t.width) throw RangeError(fmt::format("a table {} wide cannot widen to {} columns", t.width, width));
  if (width == t.width) return;
  if (!t.source->widens())
    throw InputError(
        fmt::format("the {} engine's rows cannot be widened (its states are no counts)", to_string(t.engine)));
  t.require_full_rows("the new columns may hold its others");
  if (t.y + t.reach > t.width)
    throw InputError(
        fmt::format("a palace of the {} rows done lies {} columns right of the main diagonal: its "
                    "diagonal enters the new columns",
                    t.y, t.reach));
  require_memory(palace_rows_bytes(t.k, width, t.engine), fmt::format("palace numbers {} cells wide", width), force);
  auto row = detail::zeroed<std::uint32_t>(width);
  t.source->widen(width);
  t.row = std::move(row), t.width = width;
}

std::vector<std::uint32_t> palace_table(std::uint64_t k, std::uint64_t width, std::uint64_t height, Engine engine,
                                        const ProgressFn& progress) {
  require_side(height, "height");
  require_side(width, "width");
  if (width * height > kMaxTableCells)
    throw RangeError(fmt::format("a table in memory holds at most 2^28 cells (asked {}x{})", width, height));
  PalaceRows rows(k, width, engine);
  std::vector<std::uint32_t> table;
  table.reserve(width * height);
  Poller poller(progress, height);
  for (std::uint64_t y = 0; y < height; ++y) {
    const auto& row = rows.next();
    table.insert(table.end(), row.begin(), row.end());
    poller.tick(y + 1);
  }
  poller.finish();
  return table;
}

Summary summary(std::uint64_t k, std::uint64_t width, std::uint64_t height, Engine engine, unsigned threads,
                const ProgressFn& progress, bool force) {
  require_k(k);
  require_side(width, "width");
  require_side(height, "height");
  require_threads(threads);
  require_memory(summary_bytes(k, width, engine), fmt::format("palace numbers {} cells wide", width), force);
  Poller poller(progress, height);
  switch (engine) {
    case Engine::definition:
      return with_fast_band(
          k, [&]<class Count>(Count*) { return banded_summary<Count>(k, width, height, threads, progress); });
    case Engine::plain: {
      Band<std::uint32_t> band(0, width);
      Stats stats;
      for (std::uint64_t y = 0; y < height; ++y) {
        band.row_plain<false>(k, y, width, 0, 0, stats, nullptr, poller);
        poller.tick(y + 1);
      }
      poller.finish();
      return to_summary(width, height, stats);
    }
    case Engine::ca: {
      CaRows ca(k, width);
      Stats stats;
      for (std::uint64_t y = 0; y < height; ++y) {
        Sum64 sum{width};
        auto row = ca.next(poller);
        constexpr std::uint64_t block = 4096;  // a tick per block of cells
        for (std::uint64_t start = 0; start < width; start += block) {
          for (std::uint64_t x = start, end = std::min(width, start + block); x < end; ++x) {
            std::int64_t v = row[x] + static_cast<std::int64_t>(k);
            sum.add(x, y, v);
            stats.min = std::min(stats.min, v), stats.max = std::max(stats.max, v);
            stats.palaces += row[x] < 0;
          }
          poller.tick(y);
        }
        stats.sum += sum.sum;
        poller.tick(y + 1);
      }
      poller.finish();
      return to_summary(width, height, stats);
    }
  }
  throw InputError("unknown engine");
}

std::pair<std::uint64_t, std::uint64_t> slab_columns(std::uint64_t width, std::uint64_t slabs, std::uint64_t i) {
  require_side(width, "width");
  if (slabs < 1 || slabs > width || i >= slabs)
    throw RangeError(fmt::format("slab {} of {} of a table {} wide: each slab needs a column", i, slabs, width));
  // W < 2^31 and i < R ≤ W keep W·(i + 1) below 2^62.
  return {width * i / slabs, width * (i + 1) / slabs};
}

struct Slab::Impl {
  std::unique_ptr<SlabState> state;
};

Slab::Slab(std::uint64_t k, std::uint64_t width, std::uint64_t x0, std::uint64_t x1) {
  require_k(k);
  require_side(width, "width");
  if (x0 >= x1 || x1 > width)
    throw RangeError(fmt::format("a slab needs columns within the table: [{}, {}) of {}", x0, x1, width));
  require_memory((x1 - x0) * band_bytes(k, Engine::definition), fmt::format("a slab {} columns wide", x1 - x0));
  impl_ = std::make_unique<Impl>();
  impl_->state = with_fast_band(k, [&]<class Count>(Count*) -> std::unique_ptr<SlabState> {
    return std::make_unique<SlabBand<Count>>(k, width, x0, x1);
  });
}
Slab::Slab(std::unique_ptr<Impl> impl) : impl_(std::move(impl)) {}
Slab::Slab(Slab&&) noexcept = default;
Slab& Slab::operator=(Slab&&) noexcept = default;
Slab::~Slab() = default;

SlabEdge Slab::row(SlabEdge left) { return impl_->state->row(left, nullptr); }
SlabEdge Slab::row(SlabEdge left, std::span<std::uint32_t> values) {
  const auto& s = *impl_->state;
  if (values.size() != s.x1 - s.x0)
    throw RangeError(fmt::format("a row of a slab {} columns wide needs {} values (got {})", s.x1 - s.x0, s.x1 - s.x0,
                                 values.size()));
  return impl_->state->row(left, values.data());
}
std::uint64_t Slab::rows_done() const { return impl_->state->y; }
Summary Slab::summary() const {
  const auto& s = *impl_->state;
  return to_summary(s.W, s.y, s.stats);
}

// The file: the magic, k, W, x0, x1, rows done, the pending diagonal, the statistics
// (palaces, sum, min, max), the counter width, the band's counters, and the checksum of
// everything before it (qg::SummedWriter).
void Slab::save(const std::filesystem::path& path) const {
  const auto& s = *impl_->state;
  AtomicFile file(path, true);
  SummedWriter out(file.stream());
  const std::uint64_t header[kSlabHeaderWords] = {s.k,
                                                  s.W,
                                                  s.x0,
                                                  s.x1,
                                                  s.y,
                                                  s.pending,
                                                  s.stats.palaces,
                                                  s.stats.sum,
                                                  static_cast<std::uint64_t>(s.stats.min),
                                                  static_cast<std::uint64_t>(s.stats.max),
                                                  s.count_bytes()};
  out.bytes(kSlabMagic, sizeof kSlabMagic);
  out.words(header, kSlabHeaderWords);
  s.save_band(out);
  out.finish();
  file.commit();
}

Slab Slab::restore(const std::filesystem::path& path, std::uint64_t k, std::uint64_t width, std::uint64_t x0,
                   std::uint64_t x1, std::uint64_t row) {
  Slab slab(k, width, x0, x1);
  auto& s = *slab.impl_->state;
  std::ifstream in(path, std::ios::binary);
  if (!in) throw InputError(fmt::format("cannot read {}: {}", path.string(), std::strerror(errno)));
  SummedReader rd(in, path.string() + ": ");
  const std::int64_t size = rd.remaining();
  char magic[sizeof kSlabMagic] = {};
  std::uint64_t h[kSlabHeaderWords] = {};
  if (!rd.try_bytes(magic, sizeof magic) || !std::equal(magic, magic + sizeof magic, kSlabMagic))
    rd.fail("not a slab checkpoint of this program (wrong magic number)");
  rd.words(h, kSlabHeaderWords);
  if (h[0] != k || h[1] != width || h[2] != x0 || h[3] != x1 || h[10] != s.count_bytes())
    rd.fail(fmt::format("it holds columns [{}, {}) of game {} {} wide, not [{}, {}) of game {} {} wide", h[2], h[3],
                        h[0], h[1], x0, x1, k, width));
  const std::uint64_t expected = sizeof kSlabMagic + 8 * kSlabHeaderWords + 2 * (x1 - x0) * s.count_bytes() + 8;
  if (size >= 0 && static_cast<std::uint64_t>(size) != expected)
    rd.fail(fmt::format("the file is truncated or padded: {} bytes, expected {}", size, expected));
  s.y = h[4], s.pending = h[5];
  s.stats.palaces = h[6], s.stats.sum = h[7];
  s.stats.min = static_cast<std::int64_t>(h[8]), s.stats.max = static_cast<std::int64_t>(h[9]);
  const bool counters = s.load_band(rd);
  rd.finish();
  // A file whose checksum holds is what save() wrote; these guard against one written by hand
  // or for another row: the row, and counts no table of game k can have.
  if (s.y != row) rd.fail(fmt::format("it holds row {}, but the checkpoint is at row {}", s.y, row));
  const bool consistent = counters && s.pending <= k && s.stats.palaces <= s.y * (x1 - x0) &&
                          (s.y == 0 || (0 <= s.stats.min && s.stats.min <= s.stats.max &&
                                        static_cast<std::uint64_t>(s.stats.max) <= 3 * k));
  if (!consistent) rd.fail("the file is corrupted (inconsistent counts)");
  return slab;
}

Summary combine(const Summary& a, const Summary& b) {
  return {a.width, a.height, a.palaces + b.palaces, std::min(a.min, b.min), std::max(a.max, b.max), a.sum64 + b.sum64};
}

std::filesystem::path slab_checkpoint(const std::filesystem::path& dir, std::uint64_t slabs, std::uint64_t i,
                                      std::uint64_t y) {
  return dir / fmt::format("slab-{}-of-{}-row-{}.bin", i, slabs, y);
}

namespace {
std::filesystem::path checkpoint_mark(const std::filesystem::path& dir, std::uint64_t slabs) {
  return dir / fmt::format("checkpoint-of-{}", slabs);
}
}  // namespace

void mark_checkpoint(const std::filesystem::path& dir, std::uint64_t slabs, std::uint64_t y) {
  {
    AtomicFile mark(checkpoint_mark(dir, slabs));
    const std::string row = fmt::format("{}\n", y);
    mark.stream() << row << checksum_line(row);
    mark.commit();
  }
  // The slabs' files of earlier rows are superseded; later rows' may be being written.
  const std::string prefix = "slab-", suffix = fmt::format("-of-{}-row-", slabs);
  for (const auto& entry : std::filesystem::directory_iterator(dir)) {
    const std::string name = entry.path().filename().string();
    auto at = name.find(suffix);
    if (!name.starts_with(prefix) || at == std::string::npos || !name.ends_with(".bin")) continue;
    const std::string row = name.substr(at + suffix.size(), name.size() - 4 - at - suffix.size());
    if (!row.empty() && row.find_first_not_of("0123456789") == std::string::npos && std::stoull(row) < y)
      std::filesystem::remove(entry.path());
  }
}

std::optional<std::uint64_t> last_checkpoint(const std::filesystem::path& dir, std::uint64_t slabs) {
  const auto path = checkpoint_mark(dir, slabs);
  std::ifstream in(path);
  if (!in) return std::nullopt;
  std::string file(64, '\0');
  in.read(file.data(), static_cast<std::streamsize>(file.size()));
  file.resize(static_cast<std::size_t>(in.gcount()));
  const auto row = checksummed_text(file);
  if (!row || row->size() < 2 || row->find_first_not_of("0123456789\n") != std::string_view::npos)
    throw InputError(fmt::format("{} is damaged (it names no row under a valid checksum)", path.string()));
  return parse_u64(row->substr(0, row->size() - 1));
}

namespace detail {

Summary summary_wide_counters(std::uint64_t k, std::uint64_t width, std::uint64_t height, unsigned threads) {
  require_k(k);
#if QG_BLOCKING_SIMD
  return banded_summary<std::int32_t>(k, width, height, threads, {});
#else
  return banded_summary<std::uint32_t>(k, width, height, threads, {});
#endif
}

}  // namespace detail

}  // namespace qg::blocking
