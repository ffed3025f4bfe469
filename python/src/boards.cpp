// queengames.boards: numbered boards and pieces (seed 000 §1, §7, §8) — the Sprague-Grundy
// values of a piece on a board, its greedy placement (the cells of value 0) and the
// single-quadrant queens, each one library call with the GIL released.
#include <pybind11/stl.h>

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "bind.hpp"
#include "queengames/boards.hpp"

namespace qg::python {

namespace {

namespace b = qg::boards;

b::BoardKind board_kind(const std::string& name) {
  if (auto kind = b::parse_board_kind(name)) return *kind;
  std::vector<std::string> names;
  for (auto k : b::all_board_kinds()) names.emplace_back(b::to_string(k));
  throw qg::InputError(fmt::format("unknown board '{}' (one of {})", name, fmt::join(names, ", ")));
}

b::GrundyOptions grundy_options(const py::object& threads) {
  b::GrundyOptions options;
  options.threads = to_threads(threads);
  options.progress = interruptible();
  return options;
}

// A board with the piece's values in numbering order, for the table and the coordinates.
class Board {
 public:
  Board(const std::string& kind, const py::object& size, const py::object& limit)
      : board_(board_kind(kind), to_u64(size), limit.is_none() ? UINT64_MAX : to_u64(limit)) {}

  const b::Board& board() const { return board_; }

  py::array_t<std::uint32_t> grundy(const std::string& piece, const py::object& threads) const {
    const b::Piece p = b::parse_piece(piece);
    const b::GrundyOptions options = grundy_options(threads);
    std::vector<std::uint32_t> values;
    {
      py::gil_scoped_release release;
      values = b::board_grundy(board_, p, options);
    }
    return adopt(std::move(values), {static_cast<py::ssize_t>(board_.cells())});
  }

  py::array_t<std::uint32_t> grundy_brute_force(const std::string& piece) const {
    const b::Piece p = b::parse_piece(piece);
    std::vector<std::uint32_t> values;
    {
      py::gil_scoped_release release;
      values = b::board_grundy_brute_force(board_, p);
    }
    return adopt(std::move(values), {static_cast<py::ssize_t>(board_.cells())});
  }

  py::array_t<std::uint64_t> greedy(const std::string& piece) const {
    const b::Piece p = b::parse_piece(piece);
    std::vector<std::uint64_t> cells;
    {
      py::gil_scoped_release release;
      cells = b::greedy_placement(board_, p);
    }
    const auto n = static_cast<py::ssize_t>(cells.size());
    return adopt(std::move(cells), {n});
  }

  // Any per-cell values (a Grundy array, a mask of the greedy cells) drawn as the board.
  py::array_t<std::uint32_t> layout(
      const py::array_t<std::uint32_t, py::array::c_style | py::array::forcecast>& values) const {
    if (values.ndim() != 1 || static_cast<std::uint64_t>(values.shape(0)) != board_.cells())
      throw qg::InputError(fmt::format("the values must be one per cell: {} of them", board_.cells()));
    b::Table table;
    {
      const std::span<const std::uint32_t> view(values.data(), board_.cells());
      py::gil_scoped_release release;
      table = b::board_table(board_, view);
    }
    return adopt(std::move(table.values),
                 {static_cast<py::ssize_t>(table.height), static_cast<py::ssize_t>(table.width)});
  }

  py::array_t<std::int64_t> coordinates() const {
    require_memory(times(board_.cells(), 16), fmt::format("coordinates of {} cells", board_.cells()));
    py::array_t<std::int64_t> result({static_cast<py::ssize_t>(board_.cells()), py::ssize_t{2}});
    std::int64_t* out = result.mutable_data();
    {
      py::gil_scoped_release release;
      board_.walk([&](std::uint64_t index, b::Square s) {
        out[2 * index] = s.row;
        out[2 * index + 1] = s.col;
      });
    }
    return result;
  }

  py::tuple cell(const py::object& index) const {
    const b::Square s = board_.cell(to_u64(index));
    return py::make_tuple(s.row, s.col);
  }

  std::optional<std::uint64_t> index(std::int64_t row, std::int64_t col) const { return board_.index({row, col}); }

 private:
  b::Board board_;
};

py::array_t<std::uint32_t> window_table(const std::string& kind, const std::string& piece, const py::object& width,
                                        const py::object& height, const py::object& threads) {
  const b::BoardKind k = board_kind(kind);
  const b::Piece p = b::parse_piece(piece);
  const std::uint64_t w = to_u64(width), h = to_u64(height);
  const b::GrundyOptions options = grundy_options(threads);
  b::Table table;
  {
    py::gil_scoped_release release;
    table = b::board_window_table(k, p, w, h, options);
  }
  return adopt(std::move(table.values),
               {static_cast<py::ssize_t>(table.height), static_cast<py::ssize_t>(table.width)});
}

py::array_t<std::uint64_t> quadrant_queens(const py::object& columns) {
  const std::uint64_t c = to_u64(columns, 1);
  require_memory(times(c, 8), fmt::format("quadrant queens {}", c));
  std::vector<std::uint64_t> rows;
  {
    py::gil_scoped_release release;
    rows = b::quadrant_queens(c, interruptible());
  }
  return adopt(std::move(rows), {static_cast<py::ssize_t>(c)});
}

}  // namespace

void bind_boards(py::module_& m) {
  auto boards = m.def_submodule(
      "boards",
      "Numbered boards and pieces (seed 000 §1, §7, §8): a piece on cell n may move to any lower-numbered\n"
      "cell it reaches. Its Sprague-Grundy values in numbering order are the OEIS greedy arrays\n"
      "(A274641 for the queen on the spiral, …); the cells of value 0 are its greedy placement.");
  boards.def(
      "kinds",
      [] {
        std::vector<std::string> names;
        for (auto k : b::all_board_kinds()) names.emplace_back(b::to_string(k));
        return names;
      },
      "The board names: spiral, quadrant, quadrant-columns, sector45, square-rows, square-antidiagonals,\n"
      "hex-spiral, hex-sector.");
  boards.def(
      "pieces",
      [] {
        std::vector<std::string> names;
        for (auto p : b::all_pieces()) names.emplace_back(b::to_string(p));
        return names;
      },
      "The piece names: queen, rook, bishop, king, knight, maharaja.");

  py::class_<Board>(boards, "Board",
                    "A finite window of a numbered board, closed under every piece's moves to lower-numbered\n"
                    "cells, so that values computed on it are the infinite board's. Cells are (row, col):\n"
                    "on the spiral row = x (South) and col = y (East) of seed 000 §2.")
      .def(py::init<const std::string&, const py::object&, const py::object&>(), py::arg("kind"), py::arg("size"),
           py::arg("limit") = py::none(),
           "kind: one of kinds(); size: the spiral's side N, the quadrant's N antidiagonals, … ;\n"
           "limit: only the first `limit` cells. OverflowError for 0 or past 2^32 cells.")
      .def_property_readonly("kind", [](const Board& s) { return b::to_string(s.board().kind()); })
      .def_property_readonly("size", [](const Board& s) { return s.board().size(); })
      .def_property_readonly(
          "cells", [](const Board& s) { return s.board().cells(); }, "Cells in the window.")
      .def_property_readonly("hexagonal", [](const Board& s) { return s.board().geometry() == b::Geometry::hexagonal; })
      .def_property_readonly(
          "box",
          [](const Board& s) {
            return py::make_tuple(s.board().row0(), s.board().col0(), s.board().height(), s.board().width());
          },
          "The bounding box (row0, col0, height, width): rows row0 … row0 + height − 1.")
      .def("__len__", [](const Board& s) { return s.board().cells(); })
      .def("grundy", &Board::grundy, py::arg("piece"), py::arg("threads") = 2,
           "The piece's Sprague-Grundy values in numbering order, a uint32 array of one value per cell\n"
           "(value[n] = mex of the values of the cells the piece reaches from n). Interruptible; the\n"
           "library's vector is handed over without a copy.")
      .def("grundy_brute_force", &Board::grundy_brute_force, py::arg("piece"),
           "The same values by enumerating every earlier cell, O(cells²): the obviously correct route.")
      .def("greedy", &Board::greedy, py::arg("piece"),
           "The greedy placement (seed 000 §1): the indices of the cells that receive a piece (each\n"
           "attacks no piece on an earlier cell), increasing, as a uint64 array. They are the zeros of\n"
           "grundy(piece), by an independent route. Not interruptible.")
      .def("layout", &Board::layout, py::arg("values"),
           "Values in numbering order laid out on the bounding box as a (height, width) uint32 array\n"
           "indexed [row - row0, col - col0]; places off the board hold 2^32 - 1.")
      .def("coordinates", &Board::coordinates,
           "The (row, col) of every cell in numbering order, a (cells, 2) int64 array.")
      .def("cell", &Board::cell, py::arg("index"), "The (row, col) of cell `index`; OverflowError past cells.")
      .def("index", &Board::index, py::arg("row"), py::arg("col"), "The index of a cell, or None off the window.")
      .def("__repr__", [](const Board& s) {
        return fmt::format("queengames.boards.Board('{}', {})", b::to_string(s.board().kind()), s.board().size());
      });

  boards.def("window_table", &window_table, py::arg("kind"), py::arg("piece"), py::arg("width"), py::arg("height"),
             py::arg("threads") = 2,
             "What `queengames grundy BOARD --size WxH --piece PIECE` shows, as a (height, width) uint32 array:\n"
             "for the quadrant boards the W × H corner (x the column, y the row), for the others the\n"
             "whole window of side N = W = H (ValueError when W ≠ H). Off-board places hold 2^32 - 1.");
  boards.def("quadrant_queens", &quadrant_queens, py::arg("columns"),
             "S_c for c < columns (seed 000 eq. (48), A275895): the row of the greedy queen in column c of\n"
             "the single quadrant, a uint64 array; A065188(n) = S_{n-1} + 1. Interruptible.");
  boards.def("triangle_queens", &b::triangle_queens, py::arg("n"),
             "The most non-attacking queens on the triangular board of side n (A274616, Theorem 23's bound).");
}

}  // namespace qg::python
