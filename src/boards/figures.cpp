// Pictures of the boards module that more than one route draws.
#include <algorithm>

#include "queengames/boards.hpp"
#include "queengames/io.hpp"

namespace qg::boards {

void draw_quadrant_queens(const std::filesystem::path& path, std::span<const std::uint64_t> rows,
                          std::uint32_t max_side) {
  if (rows.empty()) throw InputError("a picture of the quadrant's queens needs at least one column");
  PointPlot plot;
  plot.x1 = static_cast<std::int64_t>(rows.size()) - 1;
  plot.y1 = static_cast<std::int64_t>(*std::max_element(rows.begin(), rows.end()));
  plot.max_side = max_side;
  plot.points = [rows](const std::function<void(std::int64_t, std::int64_t)>& point) {
    for (std::size_t c = 0; c < rows.size(); ++c)
      point(static_cast<std::int64_t>(c), static_cast<std::int64_t>(rows[c]));
  };
  write_point_png(path, plot);
}

}  // namespace qg::boards
