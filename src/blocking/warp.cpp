// The warp (seed 004 §3.1–3.2, §4 Q7): "threads … come out of the fabric, and start merging
// to form thick threads in the warp"; "in the left-hand warp the threads have integer vertical
// thicknesses … always a Fibonacci number". The upper half is classified (p_threads), so the
// left-hand warp's vertical thickness is read here as the upper threads' horizontal one, cells
// per row, by the mirror (x, y) → (y, x). The reading in full: blocking.hpp, "the warp".
#include <algorithm>
#include <numeric>
#include <tuple>
#include <utility>

#include <fmt/format.h>

#include "queengames/blocking.hpp"
#include "queengames/numeration.hpp"

namespace qg::blocking {

namespace {

Fraction lowest_terms(std::uint64_t num, std::uint64_t den) {
  const std::uint64_t g = std::gcd(num, den);
  return g == 0 ? Fraction{0, 1} : Fraction{num / g, den / g};
}

bool is_fibonacci(std::uint64_t n) {
  for (unsigned i = 1; i < 94; ++i) {
    const auto f = numeration::fibonacci<std::uint64_t>(i);
    if (f >= n) return f == n;
  }
  return false;
}

// The cells the last whole periods share, and the first period of that stretch: the steps
// repeat from the preperiod on, the runs' thicknesses only once the merges are done.
std::pair<std::uint64_t, std::uint64_t> settled_cells(const PThread& t) {
  auto cells = [&](std::uint64_t r) {
    std::uint64_t c = 0;
    for (std::uint64_t i = t.preperiod + r * t.period; i < t.preperiod + (r + 1) * t.period; ++i)
      c += t.runs[i].thickness;
    return c;
  };
  if (t.repeats == 0) return {0, 0};
  const std::uint64_t last = cells(t.repeats - 1);
  std::uint64_t r = t.repeats - 1;
  while (r > 0 && cells(r - 1) == last) --r;
  if (2 * (t.repeats - r) < t.repeats) return {0, 0};
  return {last, r};
}

// The thread's cells in every window of P consecutive rows, from its first row to P rows
// above its last run's top (the rows below may continue past the table's last column), as
// plateaus of equal counts at least P windows long.
std::vector<WarpPlateau> plateaus(const PThread& t, std::uint64_t P) {
  const std::uint64_t first = t.runs.front().y, last = t.runs.back().y;
  if (P == 0 || last < first + 2 * P) return {};
  std::vector<std::uint64_t> count(last - first, 0);
  for (const auto& run : t.runs)
    for (std::uint64_t y = run.y; y < run.y + run.thickness && y < last; ++y) ++count[y - first];
  const std::uint64_t windows = last - first - 2 * P + 1;  // windows [r, r + P) ending at or above last − P
  std::uint64_t sum = 0;
  for (std::uint64_t y = 0; y < P; ++y) sum += count[y];
  std::vector<WarpPlateau> out;
  WarpPlateau open{first, 0, sum};
  for (std::uint64_t r = 0; r < windows; ++r) {
    if (r > 0) sum += count[r + P - 1], sum -= count[r - 1];
    if (sum == open.cells) {
      ++open.rows;
      continue;
    }
    if (open.rows >= P) out.push_back(open);
    open = {first + r, 1, sum};
  }
  if (open.rows >= P) out.push_back(open);
  return out;
}

// For each thread, how many of its runs' top cells (x, y) have v_{k+1}(x + 1, y) = v_k(x, y) + 1:
// the two games streamed row by row side by side, the runs visited in order of their rows.
std::vector<std::uint64_t> arm_matches(std::uint64_t k, const ThreadReport& threads, Engine engine,
                                       const ProgressFn& progress) {
  struct Top {
    std::uint64_t y, x, thread;
  };
  std::vector<Top> tops;
  for (std::size_t i = 0; i < threads.upper.size(); ++i)
    for (const auto& run : threads.upper[i].runs) tops.push_back({run.y, run.x, i});
  std::sort(tops.begin(), tops.end(), [](const Top& a, const Top& b) { return a.y < b.y; });
  std::vector<std::uint64_t> matched(threads.upper.size(), 0);
  const std::uint64_t D = threads.depth, rows = tops.empty() ? 0 : tops.back().y + 1;
  PalaceRows game(k, D, engine, true), next(k + 1, D + 1, engine, true);
  Poller poller(progress, rows);
  auto it = tops.begin();
  for (std::uint64_t y = 0; y < rows; ++y) {
    const auto a = game.next(poller);
    const auto b = next.next(poller);
    for (; it != tops.end() && it->y == y; ++it) matched[it->thread] += b[it->x + 1] == a[it->x] + 1;
  }
  poller.finish();
  return matched;
}

}  // namespace

WarpReport warp(std::uint64_t k, const ThreadOptions& options, const ProgressFn& progress, bool force) {
  require_k(k + 1);
  require_memory(p_threads_bytes(k, options) + palace_rows_bytes(k + 1, options.depth + 1, options.engine),
                 fmt::format("game {}'s warp to depth {}", k, options.depth), force);
  // Two passes, reported as the two halves of one: the threads, then the arm's test.
  auto half = [&progress](std::uint64_t first) -> ProgressFn {
    if (!progress) return {};
    return [&progress, first](std::uint64_t done, std::uint64_t total) { progress(first * total + done, 2 * total); };
  };
  const ThreadReport threads = p_threads(k, options, half(0), true);
  const std::vector<std::uint64_t> matched = arm_matches(k, threads, options.engine, half(1));
  WarpReport report;
  report.k = k, report.depth = threads.depth, report.reach = threads.reach, report.threads = threads.upper.size();
  for (std::size_t i = 0; i < threads.upper.size(); ++i) {
    const PThread& t = threads.upper[i];
    if (2 * matched[i] > t.runs.size()) {
      ++report.arm_threads;
      continue;
    }
    if (t.shape != ThreadShape::chain || !t.periodic) continue;
    WarpThread w;
    w.thread = t;
    std::tie(w.period_cells, w.settled) = settled_cells(t);
    w.vertical = lowest_terms(w.period_cells, t.period_dx);
    w.horizontal = lowest_terms(w.period_cells, t.period_dy);
    w.diagonal = t.period_dx > t.period_dy ? lowest_terms(w.period_cells, t.period_dx - t.period_dy) : Fraction{};
    for (auto [direction, f] : {std::pair{'h', w.horizontal}, {'v', w.vertical}, {'d', w.diagonal}})
      if (w.period_cells > 0 && f.num > 0 && f.den == 1 && !w.direction) w.direction = direction, w.thickness = f.num;
    w.fibonacci = w.thickness > 0 && is_fibonacci(w.thickness);
    w.plateaus = plateaus(t, t.period_dy);
    report.warp.push_back(std::move(w));
  }
  return report;
}

}  // namespace qg::blocking
