// Pictures of the P-positions in the N×N corner (seed 003 Figures 2, 3, 8, 9), as charts with axes.
#include <algorithm>
#include <cmath>

#include <fmt/format.h>

#include "queengames/plot.hpp"
#include "queengames/twopile.hpp"

namespace qg::twopile {

void draw_game(const Ruleset& ruleset, const GamePicture& picture, const std::filesystem::path& path) {
  if (picture.size < 2 || picture.size > (std::uint64_t{1} << 20))
    throw RangeError(fmt::format("draw game: size {} is outside the supported range 2..2^20", picture.size));
  const std::uint64_t n = picture.size;
  plot::Chart chart;
  chart.title = fmt::format("P-positions of {} with x, y < {}", ruleset.name(), n);
  // Labels as std::string(…): GCC 12 warns falsely (-Wrestrict) on assigning a literal.
  chart.x_label = std::string("x");
  chart.y_label = std::string("y");
  // Cells are unit squares centred on the integers, (0, 0) at the bottom left as in the papers.
  chart.x_min = chart.y_min = -0.5;
  chart.x_max = chart.y_max = static_cast<double>(n) - 0.5;
  chart.equal_aspect = true;
  chart.dot_units = 1;
  chart.pixels = picture.max_side;
  plot::Series p;
  p.label = std::string("P-positions");
  p.points = [&](const std::function<void(double, double)>& emit) {
    sweep_p_positions(
        ruleset, n + 1,
        [&](std::uint64_t, std::uint64_t a, std::uint64_t b) {
          if (a >= n) return false;
          if (b < n) {
            emit(static_cast<double>(a), static_cast<double>(b));
            if (b != a) emit(static_cast<double>(b), static_cast<double>(a));
          }
          return true;
        },
        picture.progress, picture.force);
  };
  chart.series.push_back(std::move(p));
  if (picture.lines) {
    // The lines y = φx and y = x/φ are drawn, not decided: floating point is enough here.
    const double phi = (1 + std::sqrt(5.0)) / 2, end = static_cast<double>(n);
    for (const auto& [label, line_slope] : {std::pair{"y = φx", phi}, std::pair{"y = x/φ", 1 / phi}}) {
      const double slope = line_slope;  // clang 14 cannot capture a structured binding
      plot::Series line;
      line.label = label;
      line.curve = true;
      line.colour = slope > 1 ? Rgb{220, 40, 40} : Rgb{40, 90, 220};
      line.points = [slope, end](const std::function<void(double, double)>& emit) {
        emit(0, 0);
        emit(end, slope * end);
      };
      chart.series.push_back(std::move(line));
    }
  }
  plot::write_chart(path, chart);
}

}  // namespace qg::twopile
