// Seed 000 Fig. 3 as a chart with axes.
#include <fmt/format.h>

#include "queengames/plot.hpp"
#include "queengames/spiral.hpp"

namespace qg::spiral {

void draw_queens(const std::filesystem::path& path, std::uint64_t radius, std::uint32_t pixels,
                 const ProgressFn& progress) {
  if (radius == 0 || radius > static_cast<std::uint64_t>(kMaxShell))
    throw RangeError(fmt::format("radius {} is out of range: the supported range is 1..{}", radius, kMaxShell));
  plot::Chart chart;
  chart.title = fmt::format("Queens in exile, Fig. 3: the queens with max(|x|, |y|) ≤ {}", radius);
  // Labels as std::string(…): GCC 12 warns falsely (-Wrestrict) on assigning a literal.
  chart.x_label = std::string("y (East)");
  chart.y_label = std::string("x (South)");
  const auto r = static_cast<double>(radius);
  chart.x_min = -r, chart.x_max = r, chart.y_min = -r, chart.y_max = r;
  chart.y_down = true;  // x points South (Fig. 2)
  chart.equal_aspect = true;
  chart.pixels = pixels;
  plot::Series queens;
  queens.points = [&](const std::function<void(double, double)>& emit) {
    queens_within(
        radius, [&](Point q) { emit(static_cast<double>(q.y), static_cast<double>(q.x)); }, progress);
  };
  chart.series.push_back(std::move(queens));
  plot::write_chart(path, chart);
}

}  // namespace qg::spiral
