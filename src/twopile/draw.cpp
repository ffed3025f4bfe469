// Pictures of the P-positions in the N×N corner (seed 003 Figures 2, 3, 8, 9).
#include <algorithm>
#include <cmath>

#include <fmt/format.h>

#include "queengames/io.hpp"
#include "queengames/twopile.hpp"

namespace qg::twopile {

void draw_game_png(const Ruleset& ruleset, const GamePicture& picture, const std::filesystem::path& path) {
  if (picture.size < 2 || picture.size > (std::uint64_t{1} << 20))
    throw RangeError(fmt::format("draw game: size {} is outside the supported range 2..2^20", picture.size));
  if (picture.max_side < 16) throw RangeError("draw game: the picture needs at least 16 pixels a side");
  const std::uint64_t n = picture.size;
  // Each cell is `zoom` pixels when the corner is small; each pixel covers `shrink` cells
  // (and is black if any of them is a P-position) when it is large.
  const std::uint64_t zoom = std::max<std::uint64_t>(1, std::min<std::uint64_t>(12, picture.max_side / n));
  const std::uint64_t shrink = (n + picture.max_side - 1) / picture.max_side;
  const auto side = static_cast<std::uint32_t>(shrink > 1 ? (n + shrink - 1) / shrink : n * zoom);
  std::vector<std::uint8_t> black(static_cast<std::size_t>(side) * side, 0);
  auto mark = [&](std::uint64_t x, std::uint64_t y) {
    if (x >= n || y >= n) return;
    for (std::uint64_t dy = 0; dy < (shrink > 1 ? 1 : zoom); ++dy)
      for (std::uint64_t dx = 0; dx < (shrink > 1 ? 1 : zoom); ++dx) {
        std::uint64_t px = shrink > 1 ? x / shrink : x * zoom + dx;
        std::uint64_t py = shrink > 1 ? y / shrink : y * zoom + dy;
        black[static_cast<std::size_t>((side - 1 - py) * side + px)] = 1;  // y up: row 0 is the top
      }
  };
  sweep_p_positions(
      ruleset, n + 1,
      [&](std::uint64_t, std::uint64_t a, std::uint64_t b) {
        if (a >= n) return false;
        mark(a, b);
        mark(b, a);
        return true;
      },
      picture.progress, picture.force);
  // The lines y = φx and y = x/φ are drawn, not decided: floating point is enough here.
  const double phi = (1 + std::sqrt(5.0)) / 2,
               cell = shrink > 1 ? 1.0 / static_cast<double>(shrink) : static_cast<double>(zoom);
  auto on_line = [&](std::uint32_t px, std::uint32_t py) {
    if (!picture.lines) return false;
    double x = (px + 0.5) / cell, y = (side - 1 - py + 0.5) / cell, tol = 0.6 / cell;
    return std::abs(y - phi * x) < tol * phi || std::abs(y - x / phi) < tol * phi;
  };
  write_png(path, side, side, [&](std::uint32_t py, Rgb* row) {
    for (std::uint32_t px = 0; px < side; ++px) {
      if (black[static_cast<std::size_t>(py) * side + px]) row[px] = {0, 0, 0};
      else if (on_line(px, py)) row[px] = {220, 40, 40};
      else row[px] = {255, 255, 255};
    }
  });
}

}  // namespace qg::twopile
