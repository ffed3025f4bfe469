// The game on a numbered board: Sprague-Grundy values (fast and brute force), the greedy
// placement, and the values laid out as tables.
#include <algorithm>
#include <array>
#include <atomic>
#include <deque>
#include <thread>

#include <fmt/format.h>

#include "core/filled.hpp"
#include "core/team.hpp"
#include "queengames/boards.hpp"
#include "value_sets.hpp"

namespace qg::boards {

namespace {

void require_support(const Board& board, Piece piece) {
  if (!supports(board.kind(), piece)) {
    if (board.geometry() == Geometry::hexagonal) piece_moves(piece, Geometry::hexagonal);  // throws the reason
    throw InputError(
        fmt::format("the {} is not supported on the {} board (from (r, c) it reaches (r + 2, c − 1), "
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
    const std::uint64_t along = d.row == 0   ? board.width()
                                : d.col == 0 ? board.height()
                                             : std::min(board.width(), board.height());
    const std::uint64_t span_bits = std::min(2 * side, 64 * along) + 4096;
    bytes += LineFamily(board, d).count * (2 * span_bits / 8 + 128);
  }
  return bytes;
}

namespace {

// The fast route. A cell's lines are usually far apart in memory (on the spiral three of its
// four lines were last touched a shell ago), so cells pass through a short queue: entering it,
// their lines' sets are prefetched; halfway, the words where their mex will start; leaving it,
// they are computed. Jump pieces also keep every value, to look their targets up. Line pieces
// on the quadrant boards run their strips on several threads, strip k one antidiagonal behind
// strip k − 1 (Board::walk_strip).
class BoardEngine {
 public:
  using Store = std::function<void(std::uint64_t n, Square s, std::uint32_t value)>;

  BoardEngine(const Board& board, Piece piece, const ProgressFn& progress)
      : board_(board), moves_(piece_moves(piece, board.geometry())) {
    for (const Square& d : moves_.lines) {
      families_.emplace_back(board, d);
      sets_.emplace_back(families_.back().count);
    }
    if (!moves_.jumps.empty()) values_ = filled<std::uint32_t>(board.cells(), Table::kNone, progress);
  }

  void run(const Store& store, const ProgressFn& progress, unsigned threads) {
    if (threads < 2 || board_.strips() < 2 || !moves_.jumps.empty()) {
      Walker walker(*this, store);
      Poller poller(progress, board_.cells());
      board_.walk(
          [&](std::uint64_t n, Square s) {
            walker.push(n, s);
            poller.tick(walker.computed());
          },
          moves_.jumps.empty());
      walker.drain();
      return;
    }
    run_strips(store, progress, threads);
  }

 private:
  static constexpr std::size_t kQueue = 16;
  static constexpr std::size_t kMaxLines = 4;
  struct Pending {
    std::uint64_t n;
    Square s;
    std::array<detail::ValueSet*, kMaxLines> lines;
  };

  // One thread's queue of cells.
  class Walker {
   public:
    Walker(BoardEngine& engine, const Store& store) : e_(engine), store_(store) {}
    void push(std::uint64_t n, Square s) {
      Pending& p = queue_[head_++ % kQueue];
      if (head_ > kQueue) finish(p);
      p = {n, s, {}};
      for (std::size_t f = 0; f < e_.families_.size(); ++f) {
        p.lines[f] = &e_.sets_[f][e_.families_[f].line(s)];
        __builtin_prefetch(p.lines[f]);
      }
      if (head_ > kQueue / 2) e_.prefetch_start(queue_[(head_ - 1 - kQueue / 2) % kQueue]);
    }
    void drain() {
      while (computed_ < head_) finish(queue_[computed_ % kQueue]);
    }
    std::uint64_t pushed() const { return head_; }
    std::uint64_t computed() const { return computed_; }

   private:
    void finish(const Pending& p) {
      store_(p.n, p.s, e_.compute(p, extra_, inserted_));
      ++computed_;
    }
    BoardEngine& e_;
    const Store& store_;
    std::array<Pending, kQueue> queue_{};
    std::uint64_t head_ = 0, computed_ = 0;
    detail::ValueSet extra_;  // the values at the cell's jumps
    std::vector<std::uint32_t> inserted_;
  };

  void run_strips(const Store& store, const ProgressFn& progress, unsigned threads) {
    const std::uint64_t strips = board_.strips();
    // The last antidiagonal each strip is done with (INT64_MAX: the whole strip).
    std::vector<std::atomic<std::int64_t>> done(strips);
    for (auto& d : done) d.store(-1);
    std::atomic<std::uint64_t> cells_done{0};
    Team::run(threads, [&](Team& team, unsigned t) {
      Poller poller(t == 0 ? progress : ProgressFn{}, board_.cells());  // thread 0 reports for all
      for (std::uint64_t k = t; k < strips; k += team.size()) {
        Walker walker(*this, store);
        std::deque<std::pair<std::int64_t, std::uint64_t>> ends;  // antidiagonal, cells pushed by its end
        std::uint64_t counted = 0;
        auto publish = [&] {
          while (!ends.empty() && walker.computed() >= ends.front().second)
            done[k].store(ends.front().first, std::memory_order_release), ends.pop_front();
          cells_done += walker.computed() - counted;
          counted = walker.computed();
        };
        board_.walk_strip(
            k,
            [&](std::int64_t d) {
              ends.emplace_back(d - 1, walker.pushed());
              publish();
              while (k > 0 && done[k - 1].load(std::memory_order_acquire) < d) {
                team.check();
                publish();
                std::this_thread::yield();
              }
              team.check();
              poller.tick(cells_done);
            },
            [&](std::uint64_t n, Square s) { walker.push(n, s); });
        walker.drain();
        publish();
        done[k].store(INT64_MAX, std::memory_order_release);
      }
    });
  }

  void prefetch_start(const Pending& p) const {
    std::size_t start = 0;
    for (std::size_t f = 0; f < families_.size(); ++f) start = std::max(start, p.lines[f]->full_words());
    for (std::size_t f = 0; f < families_.size(); ++f) p.lines[f]->prefetch(start);
  }

  std::uint32_t compute(const Pending& p, detail::ValueSet& extra, std::vector<std::uint32_t>& inserted) {
    std::array<const detail::ValueSet*, kMaxLines + 1> union_of;
    std::size_t count = 0;
    for (std::size_t f = 0; f < families_.size(); ++f) union_of[count++] = p.lines[f];
    if (!moves_.jumps.empty()) {
      // Jump pieces walk in numbering order, so the lower-numbered targets are computed.
      for (const Square& j : moves_.jumps)
        if (auto m = board_.index({p.s.row + j.row, p.s.col + j.col}); m && *m < p.n && !extra.contains(values_[*m]))
          extra.insert(values_[*m]), inserted.push_back(values_[*m]);
      union_of[count++] = &extra;
    }
    const std::uint32_t value = detail::mex_of_union(union_of.data(), count);
    for (std::uint32_t v : inserted) extra.erase(v);
    inserted.clear();
    for (std::size_t f = 0; f < families_.size(); ++f) p.lines[f]->insert(value);
    if (!values_.empty()) values_[p.n] = value;
    return value;
  }

  const Board& board_;
  PieceMoves moves_;
  std::vector<LineFamily> families_;
  std::vector<std::vector<detail::ValueSet>> sets_;
  std::vector<std::uint32_t> values_;
};

void check_board_run(const Board& board, Piece piece, const GrundyOptions& options, std::uint64_t output_bytes) {
  require_support(board, piece);
  require_threads(options.threads);
  require_memory(
      board_grundy_bytes(board, piece) + output_bytes,
      fmt::format("the {} values of the {} board of size {}", to_string(piece), to_string(board.kind()), board.size()),
      options.force);
}

}  // namespace

std::vector<std::uint32_t> board_grundy(const Board& board, Piece piece, const GrundyOptions& options) {
  check_board_run(board, piece, options, 4 * board.cells());
  std::vector<std::uint32_t> values = filled<std::uint32_t>(board.cells(), 0, options.progress);
  BoardEngine(board, piece, options.progress)
      .run([&](std::uint64_t n, Square, std::uint32_t v) { values[n] = v; }, options.progress, options.threads);
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
  std::vector<bool> marked;
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
    values[n] = detail::mex_of(seen, marked);
  });
  return values;
}

std::vector<std::uint64_t> greedy_placement(const Board& board, Piece piece, const ProgressFn& progress) {
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
  Poller poller(progress, board.cells());
  board.walk([&](std::uint64_t n, Square s) {
    poller.tick(n);
    for (std::size_t f = 0; f < families.size(); ++f)
      if (taken[f][families[f].line(s)]) return;
    for (const Square& j : moves.jumps)
      if (auto m = board.index({s.row + j.row, s.col + j.col}); m && *m < n && occupied[*m]) return;
    placed.push_back(n);
    occupied[n] = true;
    for (std::size_t f = 0; f < families.size(); ++f) taken[f][families[f].line(s)] = true;
  });
  poller.finish();
  return placed;
}

Table board_table(const Board& board, std::span<const std::uint32_t> values) {
  if (values.size() != board.cells())
    throw InputError(fmt::format("{} values for a board of {} cells", values.size(), board.cells()));
  Table table{board.width(), board.height(), std::vector<std::uint32_t>(board.width() * board.height(), Table::kNone)};
  board.walk([&](std::uint64_t n, Square s) {
    const auto x = static_cast<std::uint64_t>(s.col - board.col0()),
               y = static_cast<std::uint64_t>(s.row - board.row0());
    table.values[y * table.width + x] = values[n];
  });
  return table;
}

Table board_window_table(BoardKind kind, Piece piece, std::uint64_t width, std::uint64_t height,
                         const GrundyOptions& options) {
  if (kind == BoardKind::quadrant || kind == BoardKind::quadrant_by_columns) {
    // The lower-numbered cells a piece on the W×H corner reaches lie on its W + H − 1
    // antidiagonals and, but for the knight's (r − 2, c + 1), in its W columns. Without knight
    // moves both numberings give the same game (the same lower-numbered cells on every line
    // and around the king), so the column-scanned quadrant's first W columns suffice: a
    // quarter fewer cells than the whole triangle.
    const std::uint64_t d = width + height - 1;
    const bool knight = piece == Piece::knight || piece == Piece::maharaja;
    const Board board =
        knight ? Board(kind, d) : Board(BoardKind::quadrant_by_columns, d, width * d - width * (width - 1) / 2);
    check_board_run(board, piece, options, 4 * width * height);
    Table table{width, height, filled<std::uint32_t>(width * height, 0, options.progress)};
    BoardEngine(board, piece, options.progress)
        .run(
            [&](std::uint64_t, Square s, std::uint32_t v) {
              const auto x = static_cast<std::uint64_t>(s.col), y = static_cast<std::uint64_t>(s.row);
              if (x < width && y < height) table.values[y * width + x] = v;
            },
            options.progress, options.threads);
    return table;
  }
  if (width != height)
    throw InputError(
        fmt::format("the {} board takes one size N (got {}x{}); only the quadrant boards show a WxH corner",
                    to_string(kind), width, height));
  const Board board(kind, width);
  return board_table(board, board_grundy(board, piece, options));
}

}  // namespace qg::boards
