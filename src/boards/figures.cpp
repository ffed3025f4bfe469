// Pictures of the boards module that more than one route draws.
#include <algorithm>
#include <functional>

#include <fmt/format.h>

#include "queengames/boards.hpp"
#include "queengames/plot.hpp"

namespace qg::boards {

void draw_quadrant_queens(const std::filesystem::path& path, std::span<const std::uint64_t> rows,
                          std::uint32_t max_side) {
  if (rows.empty()) throw InputError("a picture of the quadrant's queens needs at least one column");
  plot::Chart chart;
  chart.title = fmt::format("Queens in exile, Fig. 6: the first {} queens on the quadrant", rows.size());
  // Labels as std::string(…): GCC 12 warns falsely (-Wrestrict) on assigning a literal.
  chart.x_label = std::string("column c");
  chart.y_label = std::string("row S_c");
  chart.x_max = static_cast<double>(std::max<std::size_t>(rows.size() - 1, 1));
  chart.y_max = static_cast<double>(std::max<std::uint64_t>(*std::max_element(rows.begin(), rows.end()), 1));
  chart.y_down = true;  // rows counted down from the top left corner (§8)
  chart.equal_aspect = true;
  chart.pixels = max_side;
  plot::Series queens;
  queens.points = [rows](const std::function<void(double, double)>& emit) {
    for (std::size_t c = 0; c < rows.size(); ++c) emit(static_cast<double>(c), static_cast<double>(rows[c]));
  };
  chart.series.push_back(std::move(queens));
  plot::write_chart(path, chart);
}

void draw_grundy_table(const std::filesystem::path& path, std::string_view name, const Table& table,
                       std::uint32_t max_side, const ProgressFn& progress) {
  const TableSummary summary = summarize(table);
  plot::RasterChart chart;
  chart.title = fmt::format("Sprague-Grundy values of {}, {}×{}", name, table.width, table.height);
  const auto kind = parse_board_kind(name);
  if (kind == BoardKind::spiral) {
    const Board board(*kind, table.width);
    chart.title =
        fmt::format("Queens in exile, Fig. 4: Sprague-Grundy values on the spiral, {}×{}", table.width, table.height);
    chart.x0 = board.col0(), chart.y0 = board.row0();
    chart.x_label = std::string("y (East)"), chart.y_label = std::string("x (South)");
  } else if (kind) {
    if (kind == BoardKind::quadrant)
      chart.title = fmt::format("Queens in exile, Fig. 5: Sprague-Grundy values, the {}×{} corner of the quadrant",
                                table.width, table.height);
    chart.x_label = std::string("column"), chart.y_label = std::string("row");
  }
  TablePicture picture;
  picture.width = table.width;
  picture.height = table.height;
  picture.vmax = static_cast<std::int64_t>(std::max<std::uint64_t>(summary.max, 1));
  picture.max_side = max_side;
  picture.value = [&table](std::uint64_t x, std::uint64_t y) -> std::int64_t {
    const std::uint32_t v = table.at(x, y);
    return v == Table::kNone ? -1 : static_cast<std::int64_t>(v);  // off the board: white
  };
  chart.width = table.width;
  chart.height = table.height;
  chart.raster = table_raster(picture);
  chart.bar.label = std::string("Sprague-Grundy value");
  chart.bar.colour = picture.colour;
  chart.bar.vmax = picture.vmax;
  chart.bar.swatches = {{"0 (P)", Rgb{0, 0, 0}}};
  chart.progress = progress;
  plot::write_raster_chart(path, chart);
}

}  // namespace qg::boards
