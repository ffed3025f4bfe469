// The arm's skin at every level n (seed 004 §3.4, §4 Q1–Q2): the stages detail::skin_stages
// finds, each measured again on the same column profile without assuming the paper's periods.
#include <fmt/format.h>

#include "blocking/regions.hpp"
#include "queengames/blocking.hpp"
#include "queengames/numeration.hpp"

namespace qg::blocking {

std::string skin_steps(unsigned n) {
  if (n > 12) throw RangeError(fmt::format("the skin's step word of level {}: levels 0..12", n));
  std::string word = "2";
  for (unsigned i = 0; i < n; ++i) {
    std::string next;
    for (char c : word) next += c == '2' ? "23" : "233";
    word = std::move(next);
  }
  return word;
}

namespace {

std::uint64_t fib(unsigned i) { return numeration::fibonacci<std::uint64_t>(i); }

// The least p such that the stage's columns [first, end) repeat with period p: the same
// thickness p columns on and the top p columns on lower by the same number of rows.
std::pair<std::uint64_t, std::uint64_t> least_period(const detail::SkinProfile& profile, std::uint64_t first,
                                                     std::uint64_t end) {
  const std::uint64_t k = profile.k;
  const auto& top = profile.top;
  const auto& run = profile.run;
  for (std::uint64_t p = 1; 2 * p <= end - first; ++p) {
    const std::int64_t drop = top[k + first + p] - top[k + first];
    bool repeats = true;
    for (std::uint64_t i = first; repeats && i + p < end; ++i)
      repeats = run[k + i + p] == run[k + i] && top[k + i + p] - top[k + i] == drop;
    if (repeats && drop >= 0) return {p, static_cast<std::uint64_t>(drop)};
  }
  return {0, 0};
}

// One period of the step widths from the first step that begins at or after column first:
// the columns of equal top, each step one row below the last ('?' for another drop, '+' for
// a width above 9).
std::string step_word(const detail::SkinProfile& profile, std::uint64_t first, std::uint64_t end,
                      std::uint64_t period) {
  const std::uint64_t k = profile.k;
  const auto& top = profile.top;
  std::uint64_t s = first + 1;
  while (s < end && top[k + s] == top[k + s - 1]) ++s;
  if (period == 0 || s + period > end) return "";
  std::string word;
  std::uint64_t width = 0;
  for (std::uint64_t i = s; i < s + period; ++i) {
    ++width;
    if (i + 1 == s + period || top[k + i + 1] != top[k + i]) {
      word += width > 9 ? '+' : static_cast<char>('0' + width);
      if (i + 1 < s + period && top[k + i + 1] != top[k + i] + 1) word += '?';
      width = 0;
    }
  }
  return word;
}

}  // namespace

ArmSkin arm_skin(std::uint64_t k, std::uint64_t columns, const ProgressFn& progress, bool force) {
  require_k(k);
  if (columns < 16 || columns > (std::uint64_t{1} << 24))
    throw RangeError(fmt::format("{} columns past the shoulder: the skin is measured over 16..2^24", columns));
  require_memory(detail::skin_profile_bytes(k, columns), fmt::format("game {}'s skin over {} columns", k, columns),
                 force);
  const detail::SkinProfile profile = detail::skin_profile(k, columns, progress, true);
  ArmSkin skin;
  skin.k = k, skin.columns = columns;
  for (const detail::SkinStage& s : detail::skin_stages(profile).stages) {
    SkinLevel level;
    level.n = s.n, level.first = s.first, level.end = s.end, level.first_row = s.first_row;
    level.thick = s.thick, level.thick_plus = s.thick_plus;
    level.horizontal = s.horizontal_mode, level.diagonal = s.diagonal_mode;
    std::tie(level.period, level.drop) = least_period(profile, s.first, s.end);
    level.steps = step_word(profile, s.first, s.end, level.period);
    if (s.n <= 12) {
      const std::string expected = skin_steps(s.n);
      level.steps_match =
          level.steps.size() == expected.size() && (expected + expected).find(level.steps) != std::string::npos;
    }
    const unsigned n = s.n;
    level.fibonacci = level.thick_plus > 0 && level.horizontal == fib(2 * n + 2) && level.diagonal == fib(2 * n + 1) &&
                      level.period == fib(2 * n + 3) && level.drop == fib(2 * n + 1);
    skin.levels.push_back(std::move(level));
  }
  return skin;
}

}  // namespace qg::blocking
