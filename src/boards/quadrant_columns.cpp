// The single quadrant's columns are eventually additively periodic (seed 000 §8, Conjecture 26),
// certified column by column: docs/CONJECTURE26.md, whose lemmas the comments name.
//
// A queen on (r, c) moves to the lower-numbered cells of its lines in Table 5's numbering
// d(d + 1)/2 + c, d = r + c: up its column (r' < r), left along its row (c' < c), down-left along
// its diagonal (r − j, c − j) and down-left along its antidiagonal (r + j, c − j), 1 ≤ j ≤ c. So
// g_c(r) = mex(U_r ∪ F_c(r)): U_r the column's values on rows < r, F_c(r) the values of columns
// c − j on rows r, r − j and r + j (§1 of the note).
#include <algorithm>
#include <bit>
#include <map>
#include <numeric>

#include <fmt/format.h>

#include "core/bits.hpp"
#include "queengames/boards.hpp"

namespace qg::boards {

namespace {

constexpr std::uint64_t kMaxColumns = std::uint64_t{1} << 16;
constexpr std::uint64_t kMaxPeriodLcm = std::uint64_t{1} << 40;

// Where g(r) − r is kept: row r itself before r0 + p, then its place in the period (g(r) − r
// repeats with period p from r0 on, the slope being p).
std::uint64_t place_of(const QuadrantColumn& column, std::uint64_t r) {
  const std::uint64_t end = column.preperiod + column.period;
  return r < end ? r : column.preperiod + (r - column.preperiod) % column.period;
}

// Reads a certified column down one row a step, without a division: the place wraps from
// r0 + p back to r0. Rows below 0 (the diagonal's r − j for r < j) are not read.
struct Reader {
  const std::int16_t* excess;
  std::int64_t row;
  std::uint64_t place, end, wrap;

  Reader(const QuadrantColumn& column, std::int64_t first_row)
      : excess(column.excess.data()),
        row(first_row),
        place(first_row < 0 ? 0 : place_of(column, static_cast<std::uint64_t>(first_row))),
        end(column.preperiod + column.period),
        wrap(column.preperiod) {}
  std::int64_t value() const { return row + excess[place]; }
  void step() {
    if (row++ >= 0 && ++place == end) place = wrap;
  }
};

// The state of the column after n rows (Theorem 1): the values used above the mex m, as bits
// of m + 1, m + 2, … (the mex itself is n minus their number).
std::vector<std::uint64_t> state_after(const BitSet& used, std::uint64_t mex, std::uint64_t largest) {
  std::vector<std::uint64_t> bits;
  for (std::uint64_t x = mex + 1; x <= largest; x += 64) bits.push_back(used.bits64(x));
  return bits;
}

QuadrantColumn certify_column(std::span<const QuadrantColumn> earlier, const QuadrantColumnsOptions& options,
                              Poller& poller) {
  const std::uint64_t c = earlier.size();
  // Theorem 1's hypothesis (Lemma 2): from row R on, F_c(r + q) = F_c(r) + q for every multiple
  // q of P, the periods' lcm.
  std::uint64_t start = 0, lcm = 1;
  std::uint64_t described = 0;  // bytes of the earlier certificates
  for (std::uint64_t j = 1; j <= c; ++j) {
    const QuadrantColumn& e = earlier[c - j];
    start = std::max(start, e.preperiod + j);
    const std::uint64_t g = std::gcd(lcm, e.period);
    if (lcm / g > kMaxPeriodLcm / e.period)
      throw RangeError(fmt::format("column {}: the periods of the earlier columns have an lcm past 2^40", c));
    lcm = lcm / g * e.period;
    described += e.excess.size() * sizeof(std::int16_t);
  }
  std::vector<Reader> readers;
  readers.reserve(3 * c);
  for (std::uint64_t j = 1; j <= c; ++j) {
    const auto sj = static_cast<std::int64_t>(j);
    readers.emplace_back(earlier[c - j], 0);    // row r of column c − j
    readers.emplace_back(earlier[c - j], -sj);  // diagonal: (r − j, c − j)
    readers.emplace_back(earlier[c - j], sj);   // antidiagonal: (r + j, c − j)
  }

  QuadrantColumn out;
  out.column = c;
  std::vector<std::int16_t>& excess = out.excess;
  BitSet used, blocked;
  std::vector<std::uint64_t> forbidden;
  std::uint64_t mex = 0, largest = 0;
  std::map<std::vector<std::uint64_t>, std::uint64_t> states;  // state → the row it was seen after
  std::uint64_t n1 = 0, n2 = 0;
  for (std::uint64_t n = 0;; ++n) {
    // The states after rows R, R + P, R + 2P, …: the first repeat is a certificate.
    if (n >= start && (n - start) % lcm == 0) {
      const auto [seen, fresh] = states.emplace(state_after(used, mex, largest), n);
      if (!fresh) {
        n1 = seen->second, n2 = n;
        break;
      }
    }
    if (n == options.max_rows)
      throw RangeError(fmt::format("column {} of the quadrant is not certified within {} rows", c, options.max_rows));
    if (excess.size() == excess.capacity()) {
      const std::uint64_t rows = std::max<std::uint64_t>(1024, 2 * excess.size());
      // The column at twice its rows (while the vector moves: both copies), the earlier
      // certificates, and the states: at most one every P rows, each a few words.
      require_memory(described + 3 * rows * sizeof(std::int16_t) + (rows / lcm + 1) * (64 + 8 * (3 * c + 64)),
                     fmt::format("certifying column {} of the quadrant on {} rows", c, rows), options.force);
      excess.reserve(rows);
    }
    poller.tick(c);
    for (Reader& reader : readers) {
      if (reader.row >= 0) {
        const auto v = static_cast<std::uint64_t>(reader.value());
        if (v >= mex) blocked.set(v), forbidden.push_back(v);  // a value twice: reset twice
      }
      reader.step();
    }
    std::uint64_t v = mex;
    for (;; v += 64) {
      const std::uint64_t taken = used.bits64(v) | blocked.bits64(v);
      if (~taken) {
        v += static_cast<std::uint64_t>(std::countr_one(taken));
        break;
      }
    }
    for (std::uint64_t f : forbidden) blocked.reset(f);
    forbidden.clear();
    const auto e = static_cast<std::int64_t>(v) - static_cast<std::int64_t>(n);
    if (e < INT16_MIN || e > INT16_MAX)
      throw RangeError(fmt::format("column {}, row {}: g − r = {} is past 16 bits", c, n, e));
    excess.push_back(static_cast<std::int16_t>(e));
    used.set(v);
    largest = std::max(largest, v);
    if (v == mex) {
      mex = used.next_zero(mex);
      used.drop_below(mex);  // below the mex every value is used: never read again
      blocked.drop_below(mex);
    }
  }

  // Theorem 1: g(r + q) = g(r) + q for every r ≥ n1, so g(r) − r has period q from n1 on.
  const std::uint64_t q = n2 - n1;
  auto ex = [&](std::uint64_t r) { return r < n2 ? excess[r] : excess[r - q]; };  // r < n2 + q
  // Lemma 3: the least period divides q and is a divisor d whose relation holds on [n1, n1 + q).
  std::uint64_t p = q;
  for (std::uint64_t d = 1; d < q; ++d) {
    if (q % d) continue;
    std::uint64_t r = n1;
    while (r < n1 + q && ex(r + d) == ex(r)) ++r;
    if (r == n1 + q) {
      p = d;
      break;
    }
  }
  std::uint64_t r0 = n1;
  while (r0 > 0 && ex(r0 - 1 + p) == ex(r0 - 1)) --r0;
  out.preperiod = r0, out.period = p, out.first_row = n1, out.second_row = n2;
  out.slope = static_cast<std::uint64_t>(static_cast<std::int64_t>(p) + ex(r0 + p) - ex(r0));
  excess.resize(r0 + p);
  excess.shrink_to_fit();
  return out;
}

}  // namespace

std::uint64_t QuadrantColumn::value(std::uint64_t r) const {
  if (r >= (std::uint64_t{1} << 62))
    throw RangeError(fmt::format("row {} is out of range: the supported range is 0..2^62 − 1", r));
  return static_cast<std::uint64_t>(static_cast<std::int64_t>(r) + excess[place_of(*this, r)]);
}

std::vector<QuadrantColumn> certify_quadrant_columns(std::uint64_t columns, const QuadrantColumnsOptions& options) {
  if (columns > kMaxColumns)
    throw RangeError(fmt::format("{} columns is out of range: the supported range is 0..2^16", columns));
  std::vector<QuadrantColumn> certified;
  certified.reserve(columns);
  Poller poller(options.progress, columns);
  for (std::uint64_t c = 0; c < columns; ++c) certified.push_back(certify_column(certified, options, poller));
  poller.finish();
  return certified;
}

}  // namespace qg::boards
