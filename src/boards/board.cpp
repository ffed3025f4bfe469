// The numbered boards (cell ↔ index, bounding box, walks) and the pieces' moves.
#include <algorithm>
#include <array>
#include <cstdlib>

#include <fmt/format.h>

#include "queengames/boards.hpp"
#include "queengames/numeration.hpp"
#include "queengames/spiral.hpp"

namespace qg::boards {

namespace {

constexpr std::uint64_t kMaxCells = std::uint64_t{1} << 32;
// Strip width of the quadrants' cache-friendly walk.
constexpr std::int64_t kStrip = 64;

struct KindName {
  BoardKind kind;
  const char* name;
};
constexpr std::array<KindName, 8> kKindNames{{{BoardKind::spiral, "spiral"},
                                              {BoardKind::quadrant, "quadrant"},
                                              {BoardKind::quadrant_by_columns, "quadrant-columns"},
                                              {BoardKind::sector45, "sector45"},
                                              {BoardKind::square_by_rows, "square-rows"},
                                              {BoardKind::square_by_antidiagonals, "square-antidiagonals"},
                                              {BoardKind::hex_spiral, "hex-spiral"},
                                              {BoardKind::hex_sector, "hex-sector"}}};

std::uint64_t triangle(std::uint64_t n) { return n * (n + 1) / 2; }
// The largest d with d(d+1)/2 ≤ n.
std::uint64_t triangle_root(std::uint64_t n) {
  std::uint64_t d = (numeration::isqrt<std::uint64_t>(8 * n + 1) - 1) / 2;
  return d;
}

// ---- the hexagonal spiral (A274820) -------------------------------------------------------
// Axial coordinates (q, r): E = (1,0), NE = (1,−1), NW = (0,−1), W = (−1,0), SW = (−1,1),
// SE = (0,1). Ring k ≥ 1 (6k cells from 3k(k−1)+1) runs from k·SE + NE along NE to k·E, then
// NW, W, SW, SE, E, k steps each, ending at k·SE, where ring k+1 starts one step East: the
// spiral of the illustration in A274820 (0 at the centre, 1 East, 2 North-East).
struct Axial {
  std::int64_t q, r;
};
constexpr std::array<Axial, 6> kSegmentCorner{{{0, 1}, {1, 0}, {1, -1}, {0, -1}, {-1, 0}, {-1, 1}}};
constexpr std::array<Axial, 6> kSegmentStep{{{1, -1}, {0, -1}, {-1, 0}, {-1, 1}, {0, 1}, {1, 0}}};

// Sheared coordinates: the rows are r, the columns q + r, so the three lines of edge-adjacent
// cells (r, q, q + r constant) are rows, diagonals (row − col = −q) and columns.
Square from_axial(Axial a) { return {a.r, a.q + a.r}; }
Axial to_axial(Square s) { return {s.col - s.row, s.row}; }

std::uint64_t hex_ring_start(std::uint64_t k) { return k == 0 ? 0 : 3 * k * (k - 1) + 1; }

Square hex_spiral_cell(std::uint64_t n) {
  if (n == 0) return {0, 0};
  std::uint64_t k = (3 + numeration::isqrt<std::uint64_t>(12 * n - 3)) / 6;
  while (hex_ring_start(k + 1) <= n) ++k;
  while (hex_ring_start(k) > n) --k;
  const std::uint64_t offset = n - hex_ring_start(k), segment = offset / k, i = offset % k + 1;
  const auto kk = static_cast<std::int64_t>(k), ii = static_cast<std::int64_t>(i);
  const Axial c = kSegmentCorner[segment], d = kSegmentStep[segment];
  return from_axial({kk * c.q + ii * d.q, kk * c.r + ii * d.r});
}

std::uint64_t hex_spiral_index(Square s) {
  const Axial a = to_axial(s);
  const std::int64_t k = std::max({std::abs(a.q), std::abs(a.r), std::abs(a.q + a.r)});
  if (k == 0) return 0;
  for (std::size_t segment = 0; segment < 6; ++segment) {
    const Axial c = kSegmentCorner[segment], d = kSegmentStep[segment];
    const std::int64_t dq = a.q - k * c.q, dr = a.r - k * c.r;
    // (dq, dr) = i·d with 1 ≤ i ≤ k; every step has a nonzero coordinate to read i from.
    const std::int64_t i = d.q != 0 ? dq * d.q : dr * d.r;
    if (i >= 1 && i <= k && dq == i * d.q && dr == i * d.r)
      return hex_ring_start(static_cast<std::uint64_t>(k)) + segment * static_cast<std::uint64_t>(k) +
             static_cast<std::uint64_t>(i - 1);
  }
  return 0;  // unreachable: every cell of ring k lies on one of its six segments
}

// ---- the k×k board by upward antidiagonals ------------------------------------------------
std::uint64_t square_antidiagonal_start(std::uint64_t n, std::uint64_t d) {
  return d <= n ? triangle(d) : n * n - triangle(2 * n - 1 - d);
}

}  // namespace

const char* to_string(BoardKind kind) {
  for (const auto& k : kKindNames)
    if (k.kind == kind) return k.name;
  return "?";
}

std::optional<BoardKind> parse_board_kind(std::string_view name) {
  for (const auto& k : kKindNames)
    if (name == k.name) return k.kind;
  return std::nullopt;
}

std::vector<BoardKind> all_board_kinds() {
  std::vector<BoardKind> kinds;
  for (const auto& k : kKindNames) kinds.push_back(k.kind);
  return kinds;
}

Board::Board(BoardKind kind, std::uint64_t size, std::uint64_t limit) : kind_(kind), size_(size) {
  constexpr std::uint64_t kMaxSize = std::uint64_t{1} << 20;
  if (size < 1 || size > kMaxSize)
    throw RangeError(
        fmt::format("{} board size {} is out of range: the supported range is 1..{}", to_string(kind), size, kMaxSize));
  const auto n = static_cast<std::int64_t>(size);
  switch (kind) {
    case BoardKind::spiral: {
      // The first N² cells of the spiral always form an N×N square.
      cells_ = size * size;
      if (size % 2 == 1) row0_ = col0_ = -(n - 1) / 2;
      else row0_ = -n / 2, col0_ = -n / 2 + 1;
      width_ = height_ = size;
      break;
    }
    case BoardKind::quadrant:
    case BoardKind::quadrant_by_columns:
    case BoardKind::sector45:
    case BoardKind::hex_sector:
      cells_ = triangle(size);
      width_ = height_ = size;
      break;
    case BoardKind::square_by_rows:
    case BoardKind::square_by_antidiagonals:
      cells_ = size * size;
      width_ = height_ = size;
      break;
    case BoardKind::hex_spiral:
      cells_ = hex_ring_start(size + 1);
      row0_ = col0_ = -n;
      width_ = height_ = 2 * size + 1;
      break;
  }
  if (limit == 0) throw RangeError("a board needs at least one cell");
  if (limit < cells_) {
    cells_ = limit;
    // Shrink the bounding box of a shortened quadrant to the columns (or antidiagonals) it uses.
    const Square last = cell(cells_ - 1);
    if (kind == BoardKind::quadrant) width_ = height_ = static_cast<std::uint64_t>(last.row + last.col + 1);
    if (kind == BoardKind::quadrant_by_columns) width_ = static_cast<std::uint64_t>(last.col + 1);
  }
  if (cells_ > kMaxCells)
    throw RangeError(
        fmt::format("the {} board of size {} has {} cells; at most 2^32 are supported", to_string(kind), size, cells_));
}

Geometry Board::geometry() const {
  return kind_ == BoardKind::hex_spiral || kind_ == BoardKind::hex_sector ? Geometry::hexagonal : Geometry::square;
}

Square Board::cell(std::uint64_t index) const {
  if (index >= cells_)
    throw RangeError(fmt::format("cell {} is not on the {} board of size {}: the range is 0..{}", index,
                                 to_string(kind_), size_, cells_ - 1));
  const auto i = static_cast<std::int64_t>(index), n = static_cast<std::int64_t>(size_);
  switch (kind_) {
    case BoardKind::spiral: {
      const spiral::Point p = spiral::cell_point(index);
      return {p.x, p.y};
    }
    case BoardKind::quadrant: {
      const auto d = static_cast<std::int64_t>(triangle_root(index));
      const std::int64_t c = i - d * (d + 1) / 2;
      return {d - c, c};
    }
    case BoardKind::quadrant_by_columns: {
      // Column c starts at c·N − c(c−1)/2: the last column start not past the index.
      std::int64_t lo = 0, hi = n - 1;
      while (lo < hi) {
        const std::int64_t mid = (lo + hi + 1) / 2;
        if (mid * n - mid * (mid - 1) / 2 <= i) lo = mid;
        else hi = mid - 1;
      }
      return {i - (lo * n - lo * (lo - 1) / 2), lo};
    }
    case BoardKind::sector45:
    case BoardKind::hex_sector: {
      const auto r = static_cast<std::int64_t>(triangle_root(index));
      return {r, i - r * (r + 1) / 2};
    }
    case BoardKind::square_by_rows:
      return {i / n, i % n};
    case BoardKind::square_by_antidiagonals: {
      std::uint64_t lo = 0, hi = 2 * size_ - 2;
      while (lo < hi) {
        const std::uint64_t mid = (lo + hi + 1) / 2;
        if (square_antidiagonal_start(size_, mid) <= index) lo = mid;
        else hi = mid - 1;
      }
      const auto d = static_cast<std::int64_t>(lo);
      const std::int64_t r = std::min(d, n - 1) - (i - static_cast<std::int64_t>(square_antidiagonal_start(size_, lo)));
      return {r, d - r};
    }
    case BoardKind::hex_spiral:
      return hex_spiral_cell(index);
  }
  return {};
}

std::optional<std::uint64_t> Board::index(Square s) const {
  const std::int64_t n = static_cast<std::int64_t>(size_), r = s.row, c = s.col;
  std::optional<std::uint64_t> result;
  switch (kind_) {
    case BoardKind::spiral:
      if (r >= row0_ && r < row0_ + n && c >= col0_ && c < col0_ + n) result = spiral::cell_index({r, c});
      break;
    case BoardKind::quadrant:
      if (r >= 0 && c >= 0 && r + c < n)
        result = triangle(static_cast<std::uint64_t>(r + c)) + static_cast<std::uint64_t>(c);
      break;
    case BoardKind::quadrant_by_columns:
      if (r >= 0 && c >= 0 && r + c < n) result = static_cast<std::uint64_t>(c * n - c * (c - 1) / 2 + r);
      break;
    case BoardKind::sector45:
    case BoardKind::hex_sector:
      if (c >= 0 && c <= r && r < n) result = triangle(static_cast<std::uint64_t>(r)) + static_cast<std::uint64_t>(c);
      break;
    case BoardKind::square_by_rows:
      if (r >= 0 && c >= 0 && r < n && c < n) result = static_cast<std::uint64_t>(r * n + c);
      break;
    case BoardKind::square_by_antidiagonals:
      if (r >= 0 && c >= 0 && r < n && c < n) {
        const std::int64_t d = r + c;
        result = square_antidiagonal_start(size_, static_cast<std::uint64_t>(d)) +
                 static_cast<std::uint64_t>(std::min(d, n - 1) - r);
      }
      break;
    case BoardKind::hex_spiral: {
      const Axial a = to_axial(s);
      if (std::max({std::abs(a.q), std::abs(a.r), std::abs(a.q + a.r)}) <= n) result = hex_spiral_index(s);
      break;
    }
  }
  if (result && *result >= cells_) result.reset();
  return result;
}

std::uint64_t Board::strips() const {
  if (kind_ != BoardKind::quadrant && kind_ != BoardKind::quadrant_by_columns) return 0;
  const Square last = cell(cells_ - 1);
  const std::int64_t last_c = kind_ == BoardKind::quadrant ? last.row + last.col : last.col;
  return static_cast<std::uint64_t>(last_c / kStrip + 1);
}

void Board::walk_strip(std::uint64_t k, const std::function<void(std::int64_t d)>& antidiagonal,
                       const std::function<void(std::uint64_t index, Square s)>& visit) const {
  // A shortened window stops at its last cell's antidiagonal (by antidiagonals) or column.
  const auto n = static_cast<std::int64_t>(size_), cells = static_cast<std::int64_t>(cells_);
  const bool by_columns = kind_ == BoardKind::quadrant_by_columns;
  const Square last = cell(cells_ - 1);
  const std::int64_t last_d = by_columns ? n - 1 : last.row + last.col;
  const std::int64_t last_c = by_columns ? last.col : last_d;
  const std::int64_t strip = static_cast<std::int64_t>(k) * kStrip;
  for (std::int64_t d = strip; d <= last_d; ++d) {
    if (antidiagonal) antidiagonal(d);
    for (std::int64_t c = strip; c <= std::min({d, strip + kStrip - 1, last_c}); ++c) {
      // index() of (d − c, c), written out: this loop runs once per cell.
      const std::int64_t i = by_columns ? c * n - c * (c - 1) / 2 + d - c : d * (d + 1) / 2 + c;
      if (i < cells) visit(static_cast<std::uint64_t>(i), {d - c, c});
    }
  }
}

void Board::walk(const std::function<void(std::uint64_t index, Square s)>& visit, bool lines_only) const {
  const auto n = static_cast<std::int64_t>(size_);
  const auto cells = static_cast<std::int64_t>(cells_);
  if (lines_only && strips() > 0) {
    for (std::uint64_t k = 0; k < strips(); ++k) walk_strip(k, {}, visit);
    return;
  }
  std::int64_t i = 0;
  switch (kind_) {
    case BoardKind::quadrant:
      for (std::int64_t d = 0; d < n; ++d)
        for (std::int64_t c = 0; c <= d; ++c, ++i) {
          if (i == cells) return;
          visit(static_cast<std::uint64_t>(i), {d - c, c});
        }
      return;
    case BoardKind::quadrant_by_columns:
      for (std::int64_t c = 0; c < n; ++c)
        for (std::int64_t r = 0; r < n - c; ++r, ++i) {
          if (i == cells) return;
          visit(static_cast<std::uint64_t>(i), {r, c});
        }
      return;
    case BoardKind::sector45:
    case BoardKind::hex_sector:
      for (std::int64_t r = 0; r < n; ++r)
        for (std::int64_t c = 0; c <= r; ++c, ++i) {
          if (i == cells) return;
          visit(static_cast<std::uint64_t>(i), {r, c});
        }
      return;
    case BoardKind::square_by_rows:
      for (std::int64_t r = 0; r < n; ++r)
        for (std::int64_t c = 0; c < n; ++c, ++i) {
          if (i == cells) return;
          visit(static_cast<std::uint64_t>(i), {r, c});
        }
      return;
    default:
      for (std::uint64_t k = 0; k < cells_; ++k) visit(k, cell(k));
  }
}

Board smallest_window(BoardKind kind, std::uint64_t cells) {
  std::uint64_t size = 1;
  switch (kind) {
    case BoardKind::spiral:
    case BoardKind::square_by_rows:
    case BoardKind::square_by_antidiagonals:
      size = cells <= 1 ? 1 : numeration::isqrt<std::uint64_t>(cells - 1) + 1;
      break;
    case BoardKind::hex_spiral:
      while (hex_ring_start(size + 1) < cells) ++size;
      break;
    default:  // the triangles: N rows or antidiagonals hold N(N+1)/2 cells
      size = triangle_root(cells);
      if (triangle(size) < cells) ++size;
  }
  return Board(kind, std::max<std::uint64_t>(size, 1));
}

// ---- pieces ----------------------------------------------------------------------------------

namespace {
constexpr std::array<const char*, 6> kPieceNames{"queen", "rook", "bishop", "king", "knight", "maharaja"};
}

const char* to_string(Piece piece) { return kPieceNames[static_cast<std::size_t>(piece)]; }

Piece parse_piece(std::string_view name) {
  for (std::size_t i = 0; i < kPieceNames.size(); ++i)
    if (name == kPieceNames[i]) return static_cast<Piece>(i);
  throw InputError(fmt::format("unknown piece '{}': the pieces are queen, rook, bishop, king, knight, maharaja", name));
}

std::vector<Piece> all_pieces() {
  return {Piece::queen, Piece::rook, Piece::bishop, Piece::king, Piece::knight, Piece::maharaja};
}

bool supports(BoardKind kind, Piece piece) {
  const Board probe(kind, 1);
  if (probe.geometry() == Geometry::hexagonal) return piece == Piece::queen || piece == Piece::king;
  // Scanned by columns, a knight on (r, c) would reach (r + 2, c − 1) below the window.
  if (kind == BoardKind::quadrant_by_columns) return piece != Piece::knight && piece != Piece::maharaja;
  return true;
}

PieceMoves piece_moves(Piece piece, Geometry geometry) {
  if (geometry == Geometry::hexagonal) {
    const std::vector<Square> lines{{0, 1}, {1, 0}, {1, 1}};
    if (piece == Piece::queen) return {lines, {}};
    if (piece == Piece::king) return {{}, {{0, 1}, {0, -1}, {1, 0}, {-1, 0}, {1, 1}, {-1, -1}}};
    throw InputError(
        fmt::format("the {} is defined on square cells only; on hexagonal boards use queen or king", to_string(piece)));
  }
  const std::vector<Square> rook{{0, 1}, {1, 0}}, bishop{{1, 1}, {1, -1}};
  const std::vector<Square> king{{-1, -1}, {-1, 0}, {-1, 1}, {0, -1}, {0, 1}, {1, -1}, {1, 0}, {1, 1}};
  const std::vector<Square> knight{{-2, -1}, {-2, 1}, {-1, -2}, {-1, 2}, {1, -2}, {1, 2}, {2, -1}, {2, 1}};
  PieceMoves moves;
  auto add = [](std::vector<Square>& to, const std::vector<Square>& from) {
    to.insert(to.end(), from.begin(), from.end());
  };
  switch (piece) {
    case Piece::queen:
      add(moves.lines, rook), add(moves.lines, bishop);
      break;
    case Piece::rook:
      add(moves.lines, rook);
      break;
    case Piece::bishop:
      add(moves.lines, bishop);
      break;
    case Piece::king:
      add(moves.jumps, king);
      break;
    case Piece::knight:
      add(moves.jumps, knight);
      break;
    case Piece::maharaja:
      add(moves.lines, rook), add(moves.lines, bishop), add(moves.jumps, knight);
      break;
  }
  return moves;
}

}  // namespace qg::boards
