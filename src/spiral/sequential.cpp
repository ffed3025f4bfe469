// The XYMP table, A, B, C and the queens streamed from the theme song Θ (seed 000
// Theorem 20, eq. (17), Theorem 1): a few additions per row.
#include <vector>

#include <fmt/format.h>

#include "queengames/spiral.hpp"
#include "queengames/words.hpp"

namespace qg::spiral {
namespace {

// Index of t_n in the alphabet order a, b, c.
int letter_index(char t) { return t - 'a'; }

// Row n's differences for t_n = a, b, c (Theorem 20 (39) and eq. (17)).
struct Steps {
  std::uint64_t x, y, m, p, a, b, c;
};
constexpr Steps kSteps[3] = {{2, 3, 1, 5, 2, 4, 7}, {1, 3, 2, 4, 2, 3, 6}, {1, 2, 1, 3, 1, 2, 4}};

}  // namespace

struct TableStream::Impl {
  words::FixedPointStream theme_song{words::Morphism::named("theme-song")};
};

TableStream::TableStream() : impl_(std::make_unique<Impl>()) {
  row_.t = impl_->theme_song.next();
  const Steps& s = kSteps[letter_index(row_.t)];
  row_.delta = {s.x, s.y, s.m, s.p};
}

TableStream::~TableStream() = default;

void TableStream::advance() {
  const Steps& s = kSteps[letter_index(row_.t)];
  row_.xymp.x += s.x, row_.xymp.y += s.y, row_.xymp.m += s.m, row_.xymp.p += s.p;
  row_.a += s.a, row_.b += s.b, row_.c += s.c;
  ++row_.n;
  row_.t = impl_->theme_song.next();
  const Steps& next = kSteps[letter_index(row_.t)];
  row_.delta = {next.x, next.y, next.m, next.p};
}

void generate_queens(std::uint64_t count, const QueenSink& sink, const ProgressFn& progress) {
  if (count > kSequentialMaxQueens)
    throw RangeError(fmt::format("generating {} queens: the supported range is 0..{}", count, kSequentialMaxQueens));
  if (count == 0) return;
  constexpr std::size_t kBlock = 4096;  // queens per call of the sink (at most)
  constexpr std::size_t kLetters = 1024;
  std::vector<QueenCell> block(kBlock);
  char letters[kLetters];
  words::FixedPointStream theme_song(words::Morphism::named("theme-song"));
  theme_song.next();           // t_0 = c leads from row 0 to row 1
  std::uint64_t x = 1, y = 2;  // row 1
  std::size_t filled = 1;      // block[0] = q_0 = (0, 0), cell 0
  std::uint64_t first = 0;
  Poller poller(progress, count);
  auto flush = [&] {
    sink(first, std::span<const QueenCell>(block.data(), filled));
    first += filled;
    filled = 0;
    poller.tick(first);
  };
  while (first + filled < count) {
    theme_song.read(letters, kLetters);
    for (std::size_t i = 0; i < kLetters && first + filled < count; ++i) {
      if (filled + 4 > kBlock) flush();
      // Row k gives q_{4k−3} … q_{4k}; t_k then leads to row k + 1.
      for (unsigned r = 0; r < 4; ++r) block[filled++] = queen_of_xymp_row(x, y, r);
      const Steps& s = kSteps[letter_index(letters[i])];
      x += s.x, y += s.y;
    }
  }
  filled = static_cast<std::size_t>(count - first);  // the last row may overshoot
  flush();
  poller.finish();
}

void queens_within(std::uint64_t radius, const std::function<void(Point)>& visit, const ProgressFn& progress) {
  if (radius > static_cast<std::uint64_t>(kMaxShell))
    throw RangeError(fmt::format("radius {} is out of range: the supported range is 0..{}", radius, kMaxShell));
  visit({0, 0});
  // Row k's four queens lie on shell Y_k, and Y increases.
  TableStream rows;
  Poller poller(progress, radius);
  for (rows.advance(); rows.row().xymp.y <= radius; rows.advance()) {
    for (unsigned r = 0; r < 4; ++r) {
      const QueenCell q = queen_of_xymp_row(rows.row().xymp.x, rows.row().xymp.y, r);
      visit({q.x, q.y});
    }
    poller.tick(rows.row().xymp.y);
  }
  poller.finish();
}

}  // namespace qg::spiral
