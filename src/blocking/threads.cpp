// P-threads (seed 004 §3.1–3.2 and §4; issue 39 §1): the palaces' near-lines, as data.
//
// The paper: the warps hold "threads (strings of yellow dots …) which come out of the fabric";
// threads "have a measurable (vertical, horizontal, and/or diagonal) thickness, which is added
// when they merge"; "each thread has a fixed number of P-positions that occur in every column";
// §4 asks how many threads are non-periodic ("at most two upper ones (as occurs for k = 46),
// which must be the inner ones") and whether the innermost threads' slopes are algebraic.
//
// The reading taken here (docs/BLOCKING.md, "Readings of the text"):
//  - Upper threads are the threads above the main diagonal (y < x, the upper arm's side); the
//    table is symmetric, so the lower threads are their mirrors and are not classified apart.
//  - The atoms are column runs: a maximal set of vertically consecutive palaces of one column
//    of the upper half, (x, y) … (x, y + t − 1); t is the run's vertical thickness. A run is
//    placed at its top cell (x, y).
//  - An upper thread moves right and down by at most one row per column (its slope, rows per
//    column, lies in [0, 1]: it stays above the diagonal). So a run's successor is sought in
//    the forward cone {(x', y') : 1 ≤ x' − x ≤ G, 0 ≤ y' − y ≤ x' − x}: the nearest run there
//    (least x', then least y'); its predecessor in the mirror cone behind it (greatest x', then
//    greatest y'). Two runs are consecutive in a thread iff each is the other's nearest: the
//    links are mutual, so every run lies on exactly one chain.
//  - A thread of depth D is a chain of at least min_runs runs that starts at or before column
//    D/2 and ends within G of the last column: it crosses the second half of the D×D table.
//    Chains that end earlier merged into another, dissolved (the fabric's meta-gliders), or
//    are too short to say.
//  - Inside the innermost chain the "irregular innermost P-threads" (§4) are too ragged to
//    chain (game 46's at slope ≈ 0.8 steps back and forth by up to 25 columns): there the runs
//    of the table's second half within 2G columns and 2G rows of each other are joined, and a
//    joined set reaching from within G of column D/2 to within G of the last column is a band
//    thread.
// G bounds the gaps: the innermost threads are sparse (game 10's is Wythoff's thread scaled
// by 10, runs 20 or 30 columns apart), so the default G = 4k + 16 grows with k.
#include <algorithm>
#include <numeric>
#include <set>

#include <fmt/format.h>

#include "queengames/blocking.hpp"

namespace qg::blocking {

namespace {

constexpr std::uint64_t kNone = ~std::uint64_t{0};
constexpr std::uint64_t kMaxReach = std::uint64_t{1} << 20;

Fraction fraction(std::uint64_t num, std::uint64_t den) {
  const std::uint64_t g = std::gcd(num, den);
  return g == 0 ? Fraction{0, 1} : Fraction{num / g, den / g};
}

std::uint64_t reach_of(std::uint64_t k, const ThreadOptions& options) {
  return options.reach ? options.reach : std::min<std::uint64_t>(4 * k + 16, kMaxReach);
}

}  // namespace

std::string Fraction::text() const { return fmt::format("{}/{}", num, den); }

void measure_thread(PThread& thread, std::uint64_t max_period) {
  const auto& r = thread.runs;
  thread.cells = 0;
  for (const auto& run : r) thread.cells += run.thickness;
  thread.periodic = false;
  thread.period = thread.preperiod = thread.repeats = thread.period_dx = thread.period_dy = 0;
  thread.period_slope = {};
  if (r.empty() || r.back().x == r.front().x) throw InputError("a thread needs runs in two columns to have a slope");
  // The slope window. X, Y: the chord from the first run to the last (X > 0). Suppose every
  // run of the whole thread, however far it goes, lies within w rows of a line y = σx + b
  // (a band 2w rows high about it). Then the first and last runs give |Y − σX| ≤ 2w, so
  //   σ ∈ [(Y − 2w)/X, (Y + 2w)/X]   (and σ ≥ 0: the threads go right and down).
  // w is the hypothesis: the largest distance in rows of a run seen so far from the chord,
  // rounded up, plus one row (the chord is one of the lines, so the runs seen need w ≥ that
  // distance; the row more allows for the runs beyond the depth). e_i = (y_i − y_0)·X −
  // (x_i − x_0)·Y is run i's height above the chord times X: every quantity is an integer.
  const i128 X = static_cast<i128>(r.back().x - r.front().x);
  const i128 Y = static_cast<i128>(r.back().y) - static_cast<i128>(r.front().y);
  i128 far = 0;
  for (const auto& run : r) {
    const i128 e =
        (static_cast<i128>(run.y) - static_cast<i128>(r.front().y)) * X - static_cast<i128>(run.x - r.front().x) * Y;
    far = std::max(far, e < 0 ? -e : e);
  }
  thread.deviation = static_cast<std::uint64_t>((far + X - 1) / X) + 1;
  const i128 w2 = 2 * static_cast<i128>(thread.deviation);
  auto clamp = [](i128 v) { return static_cast<std::uint64_t>(v < 0 ? 0 : v); };
  thread.slope_low = fraction(clamp(Y - w2), static_cast<std::uint64_t>(X));
  thread.slope_high = fraction(clamp(Y + w2), static_cast<std::uint64_t>(X));
  // Periodicity of the steps s_i = (x_{i+1} − x_i, y_{i+1} − y_i), i < n (compared modulo
  // 2^64: equal differences are equal words). For each period p, the least m with s_{i+p} =
  // s_i for every m ≤ i < n − p is found scanning back from the end; the first p whose
  // repeating part holds 4 whole periods and half of the steps wins (any multiple of it would
  // repeat too, so it is the least such period). Four, not three: Wythoff's thread steps by
  // the Fibonacci word, whose factors repeat up to the exponent 2 + φ ≈ 3.62 (Mignosi and
  // Pirillo) — three repeats at the end of a short prefix prove nothing, four never occur.
  const std::uint64_t n = r.size() - 1;
  auto same = [&](std::uint64_t i, std::uint64_t j) {
    return r[i + 1].x - r[i].x == r[j + 1].x - r[j].x && r[i + 1].y - r[i].y == r[j + 1].y - r[j].y;
  };
  for (std::uint64_t p = 1; p <= std::min(max_period, n / 4); ++p) {
    std::uint64_t m = n - p;
    while (m > 0 && same(m - 1, m - 1 + p)) --m;
    if (n - m < 4 * p || 2 * (n - m) < n) continue;
    thread.periodic = true;
    thread.period = p, thread.preperiod = m, thread.repeats = (n - m) / p;
    thread.period_dx = r[m + p].x - r[m].x, thread.period_dy = r[m + p].y - r[m].y;
    // a band's period could go up; a period that does not go right has no slope
    if (thread.period_dx == 0 || r[m + p].y < r[m].y) thread.periodic = false;
    else thread.period_slope = fraction(thread.period_dy, thread.period_dx);
    break;
  }
}

std::uint64_t p_threads_bytes(std::uint64_t k, const ThreadOptions& options) {
  const std::uint64_t D = options.depth;
  // per column: the open run's start, the first run, the innermost chain's limit; per run (at
  // most min(k, D) a row): the run as found (24 bytes, twice while its vector grows), its top,
  // link and component (8 each), two flags, its place in a band's list and in a thread (24 each),
  // its node in the sweep's set (48)
  // (in 128 bits: k = D = 2^31 would pass 2^64)
  const u128 bytes = u128{palace_rows_bytes(k, D, options.engine)} + 24 * u128{D + 1} + 176 * u128{std::min(k, D)} * D;
  return bytes > UINT64_MAX ? UINT64_MAX : static_cast<std::uint64_t>(bytes);
}

namespace {

// The column runs of the upper half, streamed row by row and sorted by column, then top:
// open[x] is the first row of column x's run still growing (kNone: none). A run closes at the
// first row without a palace in its column, or at row x (the diagonal: below it is the lower
// half).
std::vector<ThreadRun> upper_runs(std::uint64_t k, const ThreadOptions& options, Poller& poller) {
  const std::uint64_t D = options.depth;
  std::vector<std::uint64_t> open(D, kNone);
  std::vector<ThreadRun> found;
  PalaceRows rows(k, D, options.engine, true);
  for (std::uint64_t y = 0; y < D; ++y) {
    const auto row = rows.next(poller);
    if (open[y] != kNone) found.push_back({y, open[y], y - open[y]}), open[y] = kNone;
    for (std::uint64_t x = y + 1; x < D; ++x) {
      if (row[x] < k) {
        if (open[x] == kNone) open[x] = y;
      } else if (open[x] != kNone) {
        found.push_back({x, open[x], y - open[x]}), open[x] = kNone;
      }
    }
  }
  for (std::uint64_t x = 0; x < D; ++x)
    if (open[x] != kNone) found.push_back({x, open[x], D - open[x]});
  std::sort(found.begin(), found.end(),
            [](const ThreadRun& a, const ThreadRun& b) { return a.x != b.x ? a.x < b.x : a.y < b.y; });
  return found;
}

// The mutual nearest links: next[i] is run i's successor in its chain (kNone at a chain's end),
// when i's nearest run in the forward cone has i as its nearest in the backward cone.
std::vector<std::uint64_t> chain_links(const std::vector<ThreadRun>& found, std::uint64_t D, std::uint64_t G,
                                       Poller& poller) {
  // Column x's runs are found[first[x] .. first[x + 1]), by increasing top.
  std::vector<std::uint64_t> first(D + 1, 0);
  for (const auto& run : found) ++first[run.x + 1];
  std::partial_sum(first.begin(), first.end(), first.begin());
  std::vector<std::uint64_t> top(found.size());
  for (std::size_t i = 0; i < found.size(); ++i) top[i] = found[i].y;

  auto ahead = [&](std::uint64_t i) {  // the nearest run in the forward cone
    const std::uint64_t x = found[i].x, y = found[i].y;
    for (std::uint64_t x2 = x + 1; x2 < D && x2 - x <= G; ++x2) {
      auto it = std::lower_bound(top.begin() + first[x2], top.begin() + first[x2 + 1], y);
      if (it != top.begin() + first[x2 + 1] && *it - y <= x2 - x) return static_cast<std::uint64_t>(it - top.begin());
    }
    return kNone;
  };
  auto behind = [&](std::uint64_t i) {  // the nearest run in the backward cone
    const std::uint64_t x = found[i].x, y = found[i].y;
    for (std::uint64_t x2 = x; x2 > 0 && x - (x2 - 1) <= G; --x2) {
      auto it = std::upper_bound(top.begin() + first[x2 - 1], top.begin() + first[x2], y);
      if (it != top.begin() + first[x2 - 1] && y - *(it - 1) <= x - (x2 - 1))
        return static_cast<std::uint64_t>(it - 1 - top.begin());
    }
    return kNone;
  };
  std::vector<std::uint64_t> next(found.size(), kNone);
  for (std::uint64_t i = 0; i < found.size(); ++i) {
    poller.tick(D + i);
    const std::uint64_t j = ahead(i);
    if (j != kNone && behind(j) == i) next[i] = j;
  }
  return next;
}

// Outermost first: by the direction y/x of the last run from the corner (the order in which
// the threads cross the table's far edge), then by the start.
bool outer_first(const PThread& a, const PThread& b) {
  const auto &p = a.runs.back(), &q = b.runs.back();
  const auto l = static_cast<u128>(p.y) * q.x, r = static_cast<u128>(q.y) * p.x;
  if (l != r) return l < r;
  return a.runs.front().x != b.runs.front().x ? a.runs.front().x < b.runs.front().x
                                              : a.runs.front().y < b.runs.front().y;
}

// The bands: the runs of columns ≥ D/2 not in a chain kept as a thread and below the innermost
// one (more than its deviation below the lowest cell of its last run at or before the column),
// joined when within 2G columns and 2G rows of each other (union-find); outermost first.
std::vector<PThread> band_threads(const std::vector<ThreadRun>& found, const std::vector<char>& chained,
                                  const PThread* inner, const ThreadOptions& options, std::uint64_t G, Poller& poller) {
  const std::uint64_t D = options.depth;
  std::vector<std::uint64_t> limit(D, 0);
  if (inner) {
    for (std::size_t i = 0; i < inner->runs.size(); ++i) {
      const auto& run = inner->runs[i];
      const std::uint64_t end = i + 1 < inner->runs.size() ? inner->runs[i + 1].x : D;
      for (std::uint64_t x = run.x; x < end; ++x) limit[x] = run.y + run.thickness - 1 + inner->deviation;
      if (i == 0) std::fill(limit.begin(), limit.begin() + run.x, kNone);
    }
  }
  auto candidate = [&](std::uint64_t i) {
    return !chained[i] && 2 * found[i].x >= D &&
           (!inner || (limit[found[i].x] != kNone && found[i].y > limit[found[i].x]));
  };
  std::vector<std::uint64_t> parent(found.size(), kNone);
  auto root = [&](std::uint64_t i) {
    while (parent[i] != i) parent[i] = parent[parent[i]], i = parent[i];
    return i;
  };
  for (std::uint64_t i = 0; i < found.size(); ++i)
    if (candidate(i)) parent[i] = i;
  // Joined when within R = 2G columns and rows, by a sweep over the columns: `active` holds the
  // candidates of the last R columns by row. A new run is joined to its neighbours in that
  // order when within R rows; that is all the pairs need, since two active runs next to each
  // other in rows and within R of each other are joined already (the runs between any two
  // joined ones are closer still), so a run within R of an earlier one reaches it through
  // its neighbour on that side. O(runs · log runs) whatever the crowd.
  const std::uint64_t R = 2 * G;
  std::set<std::pair<std::uint64_t, std::uint64_t>> active;  // (row, run)
  for (std::uint64_t i = 0, oldest = 0; i < found.size(); ++i) {
    poller.tick(D + found.size() + i);
    if (parent[i] == kNone) continue;
    const std::uint64_t x = found[i].x, y = found[i].y;
    for (; found[oldest].x + R < x; ++oldest)
      if (parent[oldest] != kNone) active.erase({found[oldest].y, oldest});
    auto it = active.lower_bound({y, 0});
    if (it != active.end() && it->first - y <= R) parent[root(it->second)] = root(i);
    if (it != active.begin() && y - std::prev(it)->first <= R) parent[root(std::prev(it)->second)] = root(i);
    active.insert({y, i});
  }
  std::vector<std::vector<ThreadRun>> bands(found.size());
  for (std::uint64_t i = 0; i < found.size(); ++i)
    if (parent[i] != kNone) bands[root(i)].push_back(found[i]);
  std::vector<PThread> banded;
  for (auto& runs : bands) {
    if (runs.size() < std::max<std::uint64_t>(options.min_runs, 2) || runs.front().x > D / 2 + G ||
        runs.back().x + G < D - 1)
      continue;
    PThread thread;
    thread.shape = ThreadShape::band;
    thread.runs = std::move(runs);
    measure_thread(thread, options.max_period);
    banded.push_back(std::move(thread));
  }
  std::sort(banded.begin(), banded.end(), outer_first);
  return banded;
}

}  // namespace

ThreadReport p_threads(std::uint64_t k, const ThreadOptions& options, const ProgressFn& progress, bool force) {
  require_k(k);
  const std::uint64_t D = options.depth;
  if (D < 16 || D > kMaxSide) throw RangeError(fmt::format("a depth of {} rows: P-threads need 16..2^31", D));
  if (options.reach > kMaxReach) throw RangeError(fmt::format("a reach of {} columns: at most 2^20", options.reach));
  if (options.max_period < 1 || options.max_period > kMaxReach)
    throw RangeError(fmt::format("periods up to {}: 1..2^20", options.max_period));
  const std::uint64_t G = reach_of(k, options);
  require_memory(p_threads_bytes(k, options), fmt::format("game {}'s P-threads to depth {}", k, D), force);

  Poller poller(progress, D);
  const std::vector<ThreadRun> found = upper_runs(k, options, poller);
  poller.set_total(D + 2 * found.size());
  const std::vector<std::uint64_t> next = chain_links(found, D, G, poller);
  std::vector<char> linked_in(found.size(), 0);
  for (std::uint64_t j : next)
    if (j != kNone) linked_in[j] = 1;

  ThreadReport report;
  report.k = k, report.depth = D, report.reach = G, report.runs = found.size();
  std::vector<char> chained(found.size(), 0);  // the runs of the chains kept as threads
  for (std::uint64_t i = 0; i < found.size(); ++i) {
    if (linked_in[i]) continue;
    ++report.chains;
    if (found[i].x > D / 2) continue;
    std::uint64_t length = 0, last = i;
    for (std::uint64_t j = i; j != kNone; j = next[j]) ++length, last = j;
    if (length < std::max<std::uint64_t>(options.min_runs, 2) || found[last].x + G < D - 1) continue;
    PThread thread;
    for (std::uint64_t j = i; j != kNone; j = next[j]) thread.runs.push_back(found[j]), chained[j] = 1;
    measure_thread(thread, options.max_period);
    report.upper.push_back(std::move(thread));
  }
  std::sort(report.upper.begin(), report.upper.end(), outer_first);
  const PThread* inner = report.upper.empty() ? nullptr : &report.upper.back();
  for (auto& t : band_threads(found, chained, inner, options, G, poller)) report.upper.push_back(std::move(t));
  poller.finish();
  return report;
}

}  // namespace qg::blocking
