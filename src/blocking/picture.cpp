// The palette of seed 004's figures and Golly exports of palace-number tables.
#include <algorithm>
#include <cmath>
#include <functional>
#include <string>

#include <fmt/format.h>

#include "queengames/blocking.hpp"
#include "queengames/io.hpp"

namespace qg::blocking {

Rgb palace_colour(std::uint64_t v, std::uint64_t k) {
  // Figure 1 (k = 5): 0 dark brown, 1 dark olive, 2 olive, 3 light olive, 4 yellow, 5 black,
  // 6 blue, 7 indigo — i.e. by v − k: ≤ −5 brown, −4 … −1 the olives and yellow, 0 black,
  // +1 blue, +2 indigo. The hood (down to −k) shades from that brown towards black.
  if (v < k) {
    std::uint64_t below = k - v;
    switch (below) {
      case 1:
        return {255, 221, 0};  // yellow
      case 2:
        return {189, 183, 107};  // light olive
      case 3:
        return {128, 128, 0};  // olive
      case 4:
        return {85, 107, 47};  // dark olive
      default: {
        double t = k > 5 ? static_cast<double>(below - 5) / static_cast<double>(k - 5) : 0.0;
        auto mix = [t](double from, double to) {
          return static_cast<std::uint8_t>(std::lround(from + (to - from) * t));
        };
        return {mix(101, 40), mix(67, 24), mix(33, 8)};  // dark brown → almost black
      }
    }
  }
  switch (v - k) {
    case 0:
      return {0, 0, 0};  // black: outer space and most non-palaces
    case 1:
      return {40, 90, 255};  // blue
    case 2:
      return {75, 0, 150};  // indigo
    case 3:
      return {160, 40, 220};  // violet
    case 4:
      return {255, 0, 200};  // magenta
    default:
      return {255, 200, 240};  // the armpits' hot spots
  }
}

std::uint8_t rle_state(std::uint64_t v, std::uint64_t k) {
  if (v == k) return 0;
  if (v < k) return static_cast<std::uint8_t>(std::min<std::uint64_t>(k - v, 120));
  return static_cast<std::uint8_t>(120 + std::min<std::uint64_t>(v - k, 135));
}

void require_region(const Region& r) {
  require_side(r.width, "region width");
  require_side(r.height, "region height");
  require_side(r.x0 + r.width, "region's right end");
  require_side(r.y0 + r.height, "region's bottom end");
}

namespace {

// Streams the rows of the region: skips the rows above it, then hands out row y0 + i.
class RegionRows {
 public:
  RegionRows(std::uint64_t k, const Region& r, Engine engine, bool force)
      : rows_(k, r.x0 + r.width, engine, force), region_(r) {}
  // The poller counts rows computed, those above the region included.
  std::span<const std::uint32_t> next(Poller& poller) {
    while (rows_.rows_done() < region_.y0) rows_.next(poller);
    return rows_.next(poller);
  }
  std::uint64_t rows_done() const { return rows_.rows_done(); }

 private:
  PalaceRows rows_;
  Region region_;
};

}  // namespace

void write_rle(const std::filesystem::path& path, std::uint64_t k, const Region& region, Engine engine,
               const ProgressFn& progress, bool force) {
  require_k(k);
  require_region(region);
  RegionRows rows(k, region, engine, force);
  AtomicFile file(path);
  std::ostream& out = file.stream();
  out << fmt::format("#N k-Blocking Wythoff Nim, k = {}: palace numbers of x in [{}, {}), y in [{}, {})\n", k,
                     region.x0, region.x0 + region.width, region.y0, region.y0 + region.height);
  out << "#C queengames (seed 004, Cook, Larsson, Neary). State 0 is palace number k (outer space);\n"
         "#C state s in 1..120 is palace number k - s (a palace); 121..255 is k + (s - 120).\n";
  out << fmt::format("#CXRLE Pos={},{}\n", region.x0, region.y0);
  out << fmt::format("x = {}, y = {}, rule = /2/256\n", region.width, region.height);
  std::string line;
  auto emit = [&](std::uint64_t run, const std::string& token) {
    std::string piece = (run > 1 ? std::to_string(run) : std::string()) + token;
    if (line.size() + piece.size() > 70) out << line << '\n', line.clear();
    line += piece;
  };
  auto token = [](std::uint8_t s) {
    if (s == 0) return std::string(".");
    if (s <= 24) return std::string(1, static_cast<char>('A' + s - 1));
    return std::string{static_cast<char>('p' + (s - 1) / 24 - 1), static_cast<char>('A' + (s - 1) % 24)};
  };
  const std::uint64_t total = region.y0 + region.height;
  std::uint64_t pending_rows = 0;  // row ends not yet written: "n$" covers blank rows
  Poller poller(progress, total);
  for (std::uint64_t y = 0; y < region.height; ++y) {
    const auto row = rows.next(poller);
    std::uint64_t end = region.width;  // trailing state-0 cells are implied
    while (end > 0 && rle_state(row[region.x0 + end - 1], k) == 0) --end, poller.tick(y);
    if (end > 0) {
      if (pending_rows) emit(pending_rows, "$"), pending_rows = 0;
      for (std::uint64_t x = 0; x < end;) {
        std::uint8_t s = rle_state(row[region.x0 + x], k);
        std::uint64_t run = 1;
        while (x + run < end && rle_state(row[region.x0 + x + run], k) == s) ++run, poller.tick(y);
        emit(run, token(s));
        x += run;
        poller.tick(y);
      }
    }
    ++pending_rows;
  }
  out << line << "!\n";
  file.commit();
  poller.finish();
}

}  // namespace qg::blocking
