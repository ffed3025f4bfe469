// The game on a numbered board: Sprague-Grundy values (fast and brute force), the greedy
// placement, and the values laid out as tables.
#include <algorithm>
#include <array>

#include <fmt/format.h>

#include "queengames/boards.hpp"
#include "value_sets.hpp"

namespace qg::boards {

namespace {

constexpr std::uint64_t kProgressEvery = std::uint64_t{1} << 16;

void require_support(const Board& board, Piece piece) {
  if (!supports(board.kind(), piece)) {
    if (board.geometry() == Geometry::hexagonal) piece_moves(piece, Geometry::hexagonal);  // throws the reason
    throw InputError(fmt::format("the {} is not supported on the {} board (from (r, c) it reaches (r + 2, c − 1), "
                                 "outside the window); use the quadrant board",
                                 to_string(piece), to_string(board.kind())));
  }
}

// The lines through the cells of a board in one direction d = (dr, dc): the line of (r, c) is
// numbered dc·r − dr·c (constant along d), shifted to start at 0 over the bounding box.
struct LineFamily {
  Square direction;
  std::int64_t first = 0;
  std::uint64_t count = 0;

  LineFamily(const Board& board, Square d) : direction(d) {
    std::int64_t lo = INT64_MAX, hi = INT64_MIN;
    for (std::int64_t r : {board.row0(), board.row0() + static_cast<std::int64_t>(board.height()) - 1})
      for (std::int64_t c : {board.col0(), board.col0() + static_cast<std::int64_t>(board.width()) - 1}) {
        lo = std::min(lo, id(r, c)), hi = std::max(hi, id(r, c));
      }
    first = lo;
    count = static_cast<std::uint64_t>(hi - lo + 1);
  }
  std::int64_t id(std::int64_t r, std::int64_t c) const { return direction.col * r - direction.row * c; }
  std::uint64_t line(Square s) const { return static_cast<std::uint64_t>(id(s.row, s.col) - first); }
};

}  // namespace

std::uint64_t board_grundy_bytes(const Board& board, Piece piece) {
  const PieceMoves moves = piece_moves(piece, board.geometry());
  // Values stay below about twice the window's side on these boards (Figs. 4, 5), and a line
  // stores the span of its values, at most that; a short line (a row of a narrow window) holds
  // few values close together: a block of 64 words. Twice over, for the doubling growth.
  const std::uint64_t side = std::max(board.width(), board.height());
  std::uint64_t bytes = moves.jumps.empty() ? 0 : 4 * board.cells();
  for (const Square& d : moves.lines) {
    const std::uint64_t along = d.row == 0 ? board.width() : d.col == 0 ? board.height() : std::min(board.width(), board.height());
    const std::uint64_t span_bits = std::min(2 * side, 64 * along) + 4096;
    bytes += LineFamily(board, d).count * (2 * span_bits / 8 + 128);
  }
  return bytes;
}

namespace {

// The fast route. A cell's lines are usually far apart in memory (on the spiral three of its
// four lines were last touched a shell ago), so cells pass through a short queue: entering it,
// their lines' sets are prefetched; halfway, the words where their mex will start; leaving it,
// they are computed. Jump pieces also keep every value, to look their targets up.
class BoardEngine {
 public:
  using Store = std::function<void(std::uint64_t n, Square s, std::uint32_t value)>;

  BoardEngine(const Board& board, Piece piece) : board_(board), moves_(piece_moves(piece, board.geometry())) {
    for (const Square& d : moves_.lines) {
      families_.emplace_back(board, d);
      sets_.emplace_back(families_.back().count);
    }
    if (!moves_.jumps.empty()) values_.assign(board.cells(), Table::kNone);
  }

  void run(const Store& store, const ProgressFn& progress) {
    std::uint64_t done = 0;
    auto finish = [&](const Pending& p) {
      store(p.n, p.s, compute(p));
      if (progress && ++done % kProgressEvery == 0) progress(done, board_.cells());
    };
    board_.walk(
        [&](std::uint64_t n, Square s) {
          Pending& p = queue_[head_++ % kQueue];
          if (head_ > kQueue) finish(p);
          p = {n, s, {}};
          for (std::size_t f = 0; f < families_.size(); ++f) {
            p.lines[f] = &sets_[f][families_[f].line(s)];
            __builtin_prefetch(p.lines[f]);
          }
          if (head_ > kQueue / 2) prefetch_start(queue_[(head_ - 1 - kQueue / 2) % kQueue]);
        },
        moves_.jumps.empty());
    for (std::uint64_t i = head_ > kQueue ? head_ - kQueue : 0; i < head_; ++i) finish(queue_[i % kQueue]);
  }

 private:
  static constexpr std::size_t kQueue = 16;
  static constexpr std::size_t kMaxLines = 4;
  struct Pending {
    std::uint64_t n;
    Square s;
    std::array<detail::ValueSet*, kMaxLines> lines;
  };

  void prefetch_start(const Pending& p) const {
    std::size_t start = 0;
    for (std::size_t f = 0; f < families_.size(); ++f) start = std::max(start, p.lines[f]->full_words());
    for (std::size_t f = 0; f < families_.size(); ++f) p.lines[f]->prefetch(start);
  }

  std::uint32_t compute(const Pending& p) {
    std::array<const detail::ValueSet*, kMaxLines + 1> union_of;
    std::size_t count = 0;
    for (std::size_t f = 0; f < families_.size(); ++f) union_of[count++] = p.lines[f];
    if (!moves_.jumps.empty()) {
      // Jump pieces walk in numbering order, so the lower-numbered targets are computed.
      for (const Square& j : moves_.jumps)
        if (auto m = board_.index({p.s.row + j.row, p.s.col + j.col}); m && *m < p.n && !extra_.contains(values_[*m]))
          extra_.insert(values_[*m]), inserted_.push_back(values_[*m]);
      union_of[count++] = &extra_;
    }
    const std::uint32_t value = detail::mex_of_union(union_of.data(), count);
    for (std::uint32_t v : inserted_) extra_.erase(v);
    inserted_.clear();
    for (std::size_t f = 0; f < families_.size(); ++f) p.lines[f]->insert(value);
    if (!values_.empty()) values_[p.n] = value;
    return value;
  }

  const Board& board_;
  PieceMoves moves_;
  std::vector<LineFamily> families_;
  std::vector<std::vector<detail::ValueSet>> sets_;
  std::vector<std::uint32_t> values_;
  detail::ValueSet extra_;  // the values at the cell's jumps
  std::vector<std::uint32_t> inserted_;
  std::array<Pending, kQueue> queue_{};
  std::uint64_t head_ = 0;
};

void check_board_run(const Board& board, Piece piece, const GrundyOptions& options, std::uint64_t output_bytes) {
  require_support(board, piece);
  require_memory(board_grundy_bytes(board, piece) + output_bytes,
                 fmt::format("the {} values of the {} board of size {}", to_string(piece), to_string(board.kind()),
                             board.size()),
                 options.force);
}

}  // namespace

std::vector<std::uint32_t> board_grundy(const Board& board, Piece piece, const GrundyOptions& options) {
  check_board_run(board, piece, options, 4 * board.cells());
  std::vector<std::uint32_t> values(board.cells());
  BoardEngine(board, piece).run([&](std::uint64_t n, Square, std::uint32_t v) { values[n] = v; }, options.progress);
  return values;
}

std::vector<std::uint32_t> board_grundy_brute_force(const Board& board, Piece piece) {
  require_support(board, piece);
  const PieceMoves moves = piece_moves(piece, board.geometry());
  // The index of every place of the bounding box (kNoCell off the board), read while stepping.
  constexpr std::uint64_t kNoCell = UINT64_MAX;
  const auto width = static_cast<std::int64_t>(board.width()), height = static_cast<std::int64_t>(board.height());
  std::vector<std::uint64_t> index(board.width() * board.height(), kNoCell);
  board.walk([&](std::uint64_t n, Square s) {
    index[static_cast<std::uint64_t>((s.row - board.row0()) * width + (s.col - board.col0()))] = n;
  });
  std::vector<std::uint32_t> values(board.cells());
  std::vector<std::uint32_t> seen;
  board.walk([&](std::uint64_t n, Square s) {
    const std::int64_t r = s.row - board.row0(), c = s.col - board.col0();
    seen.clear();
    auto consider = [&](std::int64_t tr, std::int64_t tc) {
      if (tr < 0 || tc < 0 || tr >= height || tc >= width) return false;
      const std::uint64_t m = index[static_cast<std::uint64_t>(tr * width + tc)];
      if (m != kNoCell && m < n) seen.push_back(values[m]);
      return true;
    };
    // Step along each line both ways to the edge of the bounding box: every lower-numbered
    // cell on the line is a move.
    for (const Square& d : moves.lines)
      for (std::int64_t sign : {-1, 1}) {
        std::int64_t k = 1;
        while (consider(r + k * sign * d.row, c + k * sign * d.col)) ++k;
      }
    for (const Square& j : moves.jumps) consider(r + j.row, c + j.col);
    values[n] = detail::mex_of(seen);
  });
  return values;
}

std::vector<std::uint64_t> greedy_placement(const Board& board, Piece piece) {
  require_support(board, piece);
  const PieceMoves moves = piece_moves(piece, board.geometry());
  std::vector<LineFamily> families;
  std::vector<std::vector<bool>> taken;  // per family: a piece stands on this line
  for (const Square& d : moves.lines) {
    families.emplace_back(board, d);
    taken.emplace_back(families.back().count, false);
  }
  std::vector<bool> occupied(board.cells(), false);
  std::vector<std::uint64_t> placed;
  board.walk([&](std::uint64_t n, Square s) {
    for (std::size_t f = 0; f < families.size(); ++f)
      if (taken[f][families[f].line(s)]) return;
    for (const Square& j : moves.jumps)
      if (auto m = board.index({s.row + j.row, s.col + j.col}); m && *m < n && occupied[*m]) return;
    placed.push_back(n);
    occupied[n] = true;
    for (std::size_t f = 0; f < families.size(); ++f) taken[f][families[f].line(s)] = true;
  });
  return placed;
}

Table board_table(const Board& board, std::span<const std::uint32_t> values) {
  if (values.size() != board.cells())
    throw InputError(fmt::format("{} values for a board of {} cells", values.size(), board.cells()));
  Table table{board.width(), board.height(), std::vector<std::uint32_t>(board.width() * board.height(), Table::kNone)};
  board.walk([&](std::uint64_t n, Square s) {
    const auto x = static_cast<std::uint64_t>(s.col - board.col0()), y = static_cast<std::uint64_t>(s.row - board.row0());
    table.values[y * table.width + x] = values[n];
  });
  return table;
}

Table board_window_table(BoardKind kind, Piece piece, std::uint64_t width, std::uint64_t height,
                         const GrundyOptions& options) {
  if (kind == BoardKind::quadrant || kind == BoardKind::quadrant_by_columns) {
    // The W×H corner needs the lower-numbered cells of its antidiagonals: W + H − 1 of them.
    const Board board(kind, width + height - 1);
    check_board_run(board, piece, options, 4 * width * height);
    Table table{width, height, std::vector<std::uint32_t>(width * height)};
    BoardEngine(board, piece).run(
        [&](std::uint64_t, Square s, std::uint32_t v) {
          const auto x = static_cast<std::uint64_t>(s.col), y = static_cast<std::uint64_t>(s.row);
          if (x < width && y < height) table.values[y * width + x] = v;
        },
        options.progress);
    return table;
  }
  if (width != height)
    throw InputError(fmt::format("the {} board takes one size N (got {}x{}); only the quadrant boards show a WxH corner",
                                 to_string(kind), width, height));
  const Board board(kind, width);
  return board_table(board, board_grundy(board, piece, options));
}

}  // namespace qg::boards
