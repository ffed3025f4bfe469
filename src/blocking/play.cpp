// Play (seed 004 §1, Formulation 2): the queen moves north, west or north-west; the player
// who moves her completes the turn by placing the k − 1 pawns, which the queen may not land
// on next. Moving to a palace wins: it sees fewer than k palaces, so the pawns block all of
// them and the opponent can only move to a non-palace, from which a palace is reached again.
#include <algorithm>
#include <charconv>

#include <fmt/format.h>

#include "queengames/blocking.hpp"

namespace qg::blocking {

Cell parse_cell(std::string_view text) {
  auto comma = text.find(',');
  auto number = [&](std::string_view part) {
    std::uint64_t v = 0;
    auto [end, ec] = std::from_chars(part.data(), part.data() + part.size(), v);
    if (part.empty() || ec != std::errc() || end != part.data() + part.size())
      throw InputError(fmt::format("a cell is written x,y with natural numbers (got '{}')", text));
    return v;
  };
  if (comma == std::string_view::npos) throw InputError(fmt::format("a cell is written x,y (got '{}')", text));
  return {number(text.substr(0, comma)), number(text.substr(comma + 1))};
}

namespace {

bool is_move(Cell q, Cell c) {
  return (c.x == q.x && c.y < q.y) || (c.y == q.y && c.x < q.x) || (c.x < q.x && q.x - c.x == q.y - c.y);
}

// The palace numbers of q and of every cell it can move to, streaming rows 0..q.y of the
// (q.x + 1)-wide table (no cell to the right or below matters).
struct LineValues {
  std::uint64_t queen = 0;
  std::vector<std::pair<Cell, std::uint64_t>> moves;  // in moves_of order
};
LineValues line_values(std::uint64_t k, Cell q, const ProgressFn& progress, bool force) {
  PalaceRows rows(k, q.x + 1, Engine::definition, force);
  std::vector<std::uint64_t> column(q.y), diagonal(std::min(q.x, q.y));
  LineValues out;
  Poller poller(progress, q.y + 1);
  for (std::uint64_t y = 0; y <= q.y; ++y) {
    const auto row = rows.next(poller);
    if (y < q.y) {
      column[q.y - 1 - y] = row[q.x];
      if (q.y - y <= q.x) diagonal[q.y - y - 1] = row[q.x - (q.y - y)];
    } else {
      out.queen = row[q.x];
      for (std::uint64_t d = 1; d <= q.x; ++d) out.moves.push_back({{q.x - d, q.y}, row[q.x - d]});
    }
    poller.tick(y + 1);
  }
  poller.finish();
  std::vector<std::pair<Cell, std::uint64_t>> ordered;
  for (std::uint64_t d = 1; d <= q.y; ++d) ordered.push_back({{q.x, q.y - d}, column[d - 1]});
  ordered.insert(ordered.end(), out.moves.begin(), out.moves.end());
  for (std::uint64_t d = 1; d <= diagonal.size(); ++d) ordered.push_back({{q.x - d, q.y - d}, diagonal[d - 1]});
  out.moves = std::move(ordered);
  return out;
}

}  // namespace

std::uint64_t play_bytes(Cell q) {
  // Measured (tests/test_cli_memory.cpp): the palace rows of width x + 1 (16 bytes a column at
  // most), the moves along the row (24-byte entries in a growing vector, 36 bytes on
  // average) and all moves reordered, the column and diagonal values (8 bytes each).
  const std::uint64_t m = std::min(q.x, q.y);
  return 16 * (q.x + 1) + 36 * q.x + 36 * (q.x + q.y + m) + 8 * (q.y + m) + (std::uint64_t{8} << 20);
}

PlayAnalysis play(std::uint64_t k, Cell queen, const std::optional<std::vector<Cell>>& given,
                  const ProgressFn& progress, bool force) {
  require_k(k);
  require_side(queen.x + 1, "x + 1");
  require_side(queen.y + 1, "y + 1");
  require_memory(play_bytes(queen), fmt::format("the play from ({},{})", queen.x, queen.y), force);
  std::vector<Cell> blocked = given.value_or(std::vector<Cell>{});
  if (blocked.size() > k - 1)
    throw InputError(fmt::format("k = {} gives {} pawns, but {} cells are blocked", k, k - 1, blocked.size()));
  for (const Cell& c : blocked)
    if (!is_move(queen, c))
      throw InputError(
          fmt::format("the pawn at ({},{}) blocks no move of the queen at ({},{})", c.x, c.y, queen.x, queen.y));
  // Sorted, the pawns are looked up by binary search: the time stays O(x·y + moves·log k)
  // however many pawns k gives (a linear search made it moves·k).
  auto by_cell = [](const Cell& a, const Cell& b) { return a.x != b.x ? a.x < b.x : a.y < b.y; };
  std::vector<Cell> sorted = blocked;
  std::sort(sorted.begin(), sorted.end(), by_cell);
  if (auto twice = std::adjacent_find(sorted.begin(), sorted.end()); twice != sorted.end())
    throw InputError(fmt::format("({},{}) is blocked twice", twice->x, twice->y));
  PlayAnalysis a;
  a.k = k, a.queen = queen, a.blocks_given = given.has_value();
  auto values = line_values(k, queen, progress, force);
  a.palace_number = values.queen;
  if (!given && values.queen < k) {  // the opponent blocks every palace the queen sees
    for (const auto& [cell, v] : values.moves)
      if (v < k) blocked.push_back(cell);
    sorted = blocked;
    std::sort(sorted.begin(), sorted.end(), by_cell);
  }
  a.blocked = blocked;
  a.moves = values.moves.size() - blocked.size();
  const bool list = a.moves <= PlayAnalysis::kMaxListedMoves;
  std::optional<std::pair<Cell, std::uint64_t>> best;
  Poller poller(progress, values.moves.size());
  std::uint64_t seen = 0;
  for (const auto& [cell, v] : values.moves) {
    poller.tick(++seen);
    const bool is_blocked = std::binary_search(sorted.begin(), sorted.end(), cell, by_cell);
    if (v < k) a.visible_palaces.push_back(cell);
    if (is_blocked) continue;
    if (list) a.options.push_back({cell, v});
    if (v < k && (!best || v < best->second)) best = {cell, v};
  }
  if (best) {
    a.move = best->first;
    a.move_palace_number = best->second;
    for (const auto& [cell, v] : line_values(k, best->first, progress, force).moves)
      if (v < k) a.pawns.push_back(cell);
  }
  return a;
}

}  // namespace qg::blocking
