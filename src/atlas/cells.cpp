// A cell's facts: its value, its options and why it is what it is, each recomputed from the
// definition where that is cheap (the mex of the options, the palaces seen, the CA's rule).
#include <algorithm>
#include <functional>

#include <fmt/format.h>

#include "atlas/internal.hpp"
#include "queengames/blocking.hpp"
#include "queengames/infty.hpp"

namespace qg::atlas {
namespace {

using detail::Kind;

// Options are listed only near the origin: a cell has about x + y + min(x, y) of them.
constexpr std::uint64_t kListedReach = std::uint64_t{1} << 20;

// Index n of the P-position (x, y) = (a_n, b_n) or (b_n, a_n) by random access, if it is one.
std::optional<std::uint64_t> morphic_index(const twopile::MorphicPPositions& morphic, const detail::Slopes& slopes,
                                           std::uint64_t x, std::uint64_t y) {
  if (x == 0 && y == 0) return 0;
  const std::uint64_t a = std::min(x, y), b = std::max(x, y);
  const std::uint64_t n = detail::first_index(morphic, false, a, 1, std::max<std::uint64_t>(a, 1),
                                              static_cast<std::uint64_t>(a / slopes.a));
  const twopile::Position p = morphic.nth(n);
  if (p.x == a && p.y == b) return n;
  return std::nullopt;
}

void grundy_facts(const detail::Table& table, const detail::Region& region, CellFacts& facts) {
  const detail::Values& values = *region.values;
  facts.value = values.at(facts.x, facts.y);
  facts.p_position = *facts.value == 0;
  std::vector<twopile::Position> options;
  table.ruleset->options({facts.x, facts.y}, options);
  std::sort(options.begin(), options.end());
  options.erase(std::unique(options.begin(), options.end()), options.end());
  facts.option_count = options.size();
  std::vector<bool> seen(options.size() + 1);
  bool all_known = true;
  for (const twopile::Position& o : options) {
    std::optional<std::uint64_t> v;
    if (o.x < values.side && o.y < values.side) v = values.at(o.x, o.y);
    if (v && *v < seen.size()) seen[*v] = true;
    else if (!v) all_known = false;
    if (facts.options.size() < CellFacts::kMaxOptions)
      facts.options.push_back({o.x, o.y, v, v ? std::optional(*v == 0) : std::nullopt});
  }
  if (all_known) {
    const std::uint64_t mex = std::find(seen.begin(), seen.end(), false) - seen.begin();
    facts.notes.push_back(fmt::format("the Sprague-Grundy value is the mex of the {} options' values: mex = {}{}",
                                      options.size(), mex, mex == *facts.value ? "" : " (differs from the table!)"));
  }
  facts.notes.push_back(facts.p_position ? "value 0: a P-position, no option is one (the previous player wins)"
                                         : "value > 0: an N-position, some option has value 0");
}

void morphic_facts(const detail::Table& table, CellFacts& facts) {
  facts.index = morphic_index(*table.morphic, table.slopes, facts.x, facts.y);
  facts.p_position = facts.index.has_value();
  const twopile::MorphicCoding& coding = table.morphic->coding();
  if (facts.index)
    facts.notes.push_back(
        fmt::format("(a_n, b_n) with n = {}: a_n and b_n are the places of the n-th {} and the n-th {} "
                    "in the fixed point of {}{} ({})",
                    *facts.index, coding.a_letter, coding.b_letter, coding.morphism,
                    coding.deleted.empty() ? "" : fmt::format(" with {} deleted", coding.deleted), coding.source));
  else
    facts.notes.push_back(fmt::format("no n has (a_n, b_n) = ({0}, {1}) or ({1}, {0}) in the coding {2}: an N-position",
                                      std::min(facts.x, facts.y), std::max(facts.x, facts.y), coding.morphism));
}

void list_facts(const detail::Region& region, CellFacts& facts) {
  const auto& by_a = region.plist->by_a;
  const std::uint64_t a = std::min(facts.x, facts.y), b = std::max(facts.x, facts.y);
  auto it = std::lower_bound(by_a.begin(), by_a.end(), std::pair<std::uint32_t, std::uint32_t>(a, 0));
  if (it != by_a.end() && it->first == a && it->second == b) {
    facts.p_position = true;
    facts.index = static_cast<std::uint64_t>(it - by_a.begin());
    facts.notes.push_back(fmt::format("(a_n, b_n) with n = {}, found by the sweep", *facts.index));
  } else {
    facts.notes.push_back("no P-position of the sweep lies here: an N-position");
  }
}

// The options of a p table's cell, the listed ones marked P or not by the table's own route.
void p_options(const detail::Table& table, CellFacts& facts,
               const std::function<bool(std::uint64_t, std::uint64_t)>& is_p) {
  if (facts.x + facts.y > kListedReach) return;
  std::vector<twopile::Position> options;
  table.ruleset->options({facts.x, facts.y}, options);
  std::sort(options.begin(), options.end());
  options.erase(std::unique(options.begin(), options.end()), options.end());
  facts.option_count = options.size();
  std::uint64_t to_p = 0;
  for (std::size_t i = 0; i < options.size() && i < CellFacts::kMaxOptions; ++i) {
    const bool p = is_p(options[i].x, options[i].y);
    to_p += p;
    facts.options.push_back({options[i].x, options[i].y, std::nullopt, p});
  }
  facts.notes.push_back(fmt::format("{} of the {} options listed are P-positions{}", to_p, facts.options.size(),
                                    facts.p_position && to_p ? " (contradicts the table!)" : ""));
}

void board_facts(const detail::Table& table, const detail::Region& region, CellFacts& facts) {
  const detail::Values& values = *region.values;
  const std::uint32_t v = values.at(facts.x, facts.y);
  const boards::Square square{values.row0 + static_cast<std::int64_t>(facts.y),
                              values.col0 + static_cast<std::int64_t>(facts.x)};
  const bool spiral = *table.board == boards::BoardKind::spiral;
  if (v == detail::Values::kNone) {
    facts.notes.push_back(fmt::format("(row {}, column {}) is no cell of the {} board", square.row, square.col,
                                      boards::to_string(*table.board)));
    return;
  }
  facts.value = v;
  facts.p_position = v == 0;
  const char* piece = boards::to_string(table.piece);
  // The numbering: the spiral's cell index, or Table 5's d(d + 1)/2 + c on the quadrant.
  const boards::Board board(*table.board, spiral ? values.side : 2 * values.side - 1);
  facts.index = board.index(square);
  facts.notes.push_back(
      spiral ? fmt::format("spiral cell {} at (x, y) = ({}, {}), x South and y East of the first cell (seed 000 §2)",
                           facts.index ? std::to_string(*facts.index) : "?", square.row, square.col)
             : fmt::format("cell {} of the numbering, row {}, column {}",
                           facts.index ? std::to_string(*facts.index) : "?", square.row, square.col));
  facts.notes.push_back(fmt::format(
      "its value is the mex of the values of the lower-numbered cells a {} on it reaches (seed 000 §7)", piece));
  facts.notes.push_back(v == 0 ? fmt::format("value 0: a greedy {0} settles here; it attacks no {0} on an earlier "
                                             "cell (seed 000 §1, the claim exile.greedy_is_p)",
                                             piece)
                               : fmt::format("value > 0: some earlier {} attacks this cell", piece));
}

void infty_facts(const detail::Region& region, CellFacts& facts) {
  const auto& queens = region.plist->by_a;  // (n, q_n) by n
  auto it = std::lower_bound(queens.begin(), queens.end(), std::pair<std::uint32_t, std::uint32_t>(facts.x, 0));
  if (facts.x == 0) {
    facts.notes.push_back("columns and rows are numbered from 1 (Knuth's indexing)");
    return;
  }
  if (it == queens.end() || it->first != facts.x) {
    facts.notes.push_back(fmt::format("the queen of column {} stands in a row beyond the region", facts.x));
    return;
  }
  const infty::InftyTerm term{facts.x, it->second};
  const bool high = term.q >= term.n;
  facts.p_position = term.q == facts.y;
  if (facts.p_position) facts.index = term.n;
  facts.notes.push_back(
      fmt::format("the queen of column {} stands in row q_{} = {}: the least row that no earlier "
                  "queen attacks (seed 002)",
                  term.n, term.n, term.q));
  facts.notes.push_back(fmt::format(
      "{} queen: q_n − {} = {} = {} (seed 000 Conjecture 25: within −3 … 5)", high ? "a high" : "a low",
      high ? "nφ" : "n/φ", infty::infty_discrepancy_decimal(term, high), infty::infty_discrepancy_exact(term, high)));
}

void palace_facts(const detail::Table& table, const detail::Region& region, CellFacts& facts) {
  const detail::Values& values = *region.values;
  const std::uint64_t k = table.info.k, x = facts.x, y = facts.y;
  const std::uint64_t v = values.at(x, y);
  facts.value = v;
  facts.p_position = v < k;
  // The definition: the palaces seen due north, due west and due north-west.
  std::uint64_t north = 0, west = 0, north_west = 0;
  for (std::uint64_t i = 0; i < y; ++i) north += values.at(x, i) < k;
  for (std::uint64_t i = 0; i < x; ++i) west += values.at(i, y) < k;
  for (std::uint64_t d = 1; d <= std::min(x, y); ++d) north_west += values.at(x - d, y - d) < k;
  facts.notes.push_back(fmt::format("it sees {} palaces north, {} west, {} north-west: v = {}{}", north, west,
                                    north_west, north + west + north_west,
                                    north + west + north_west == v ? "" : " (differs from the table!)"));
  facts.notes.push_back(
      v < k
          ? fmt::format("v < k = {}: a palace (P-position): the k − 1 = {} pawns block every palace it sees", k, k - 1)
          : fmt::format("v ≥ k = {}: not a palace; the pawns cannot block all {} palaces it sees", k, v));
  const std::int64_t state = static_cast<std::int64_t>(v) - static_cast<std::int64_t>(k);
  auto ca = [&](std::int64_t cx, std::int64_t cy) -> std::int64_t {
    if (cx < 0 || cy < 0) return blocking::ca_initial(k, cx, cy);
    return static_cast<std::int64_t>(values.at(static_cast<std::uint64_t>(cx), static_cast<std::uint64_t>(cy))) -
           static_cast<std::int64_t>(k);
  };
  const auto cx = static_cast<std::int64_t>(x), cy = static_cast<std::int64_t>(y);
  const std::int64_t rule = blocking::ca_rule(ca(cx - 2, cy - 2), ca(cx - 1, cy - 2), ca(cx - 2, cy - 1),
                                              ca(cx - 1, cy - 1), ca(cx, cy - 1), ca(cx - 1, cy));
  facts.notes.push_back(fmt::format("CA state v − k = {}; Theorem 2.1's rule from its six blue neighbours gives {}{}",
                                    state, rule, rule == state ? "" : " (differs!)"));
  // The moves: north, west and north-west, nearest first.
  facts.option_count = x + y + std::min(x, y);
  for (std::uint64_t d = 1; d <= std::max(x, y) && facts.options.size() < CellFacts::kMaxOptions; ++d) {
    auto add = [&](std::uint64_t ox, std::uint64_t oy) {
      if (facts.options.size() >= CellFacts::kMaxOptions) return;
      const std::uint64_t ov = values.at(ox, oy);
      facts.options.push_back({ox, oy, ov, ov < k});
    };
    if (d <= y) add(x, y - d);
    if (d <= x) add(x - d, y);
    if (d <= std::min(x, y)) add(x - d, y - d);
  }
}

// Bit i of a dictionary process: which word's translate wrote it and which word the read head
// reads it in, found by running the process again past i (the writer runs ahead of the head:
// a translate is longer than its word by the word's zeros, so 2i + 64 bits hold the head past i).
void bits_facts(const detail::Table& table, const detail::Region& region, CellFacts& facts,
                const ProgressFn& progress) {
  const dictionary::GameDictionary& game = *table.game;
  const std::uint64_t i = facts.y * region.values->side + facts.x;
  const std::uint32_t bit = region.values->at(facts.x, facts.y);
  facts.value = bit;
  facts.p_position = bit == 0;
  facts.index = i;
  facts.notes.push_back(fmt::format("bit {} of the bit-string of {}: column {} holds {} P-position (seed 003 §2)", i,
                                    game.title, i, bit ? "a lower" : "an upper"));
  const auto& entries = game.dictionary.entries();
  auto word = [&](std::size_t e) {
    return fmt::format("{} → {}{}", entries[e].word, entries[e].translate.empty() ? "ε" : entries[e].translate,
                       entries[e].label.empty() ? "" : " " + entries[e].label);
  };
  const std::uint64_t start = game.start_column + game.dictionary.start().size();
  if (i < game.start_column) {
    facts.notes.push_back(
        fmt::format("columns before {} are the game's own (its sweep), not the process's", game.start_column));
  } else if (i < start) {
    facts.notes.push_back(fmt::format("one of the start string's bits ({} placed at column {})",
                                      game.dictionary.start(), game.start_column));
  }
  std::uint64_t written = start;
  std::optional<std::pair<std::size_t, std::uint64_t>> writer, reader;
  std::uint64_t writer_at = 0;
  dictionary::DictionaryRunOptions run;
  run.bits = 2 * i + 64;
  run.progress = progress;
  run.on_word = [&](std::size_t e, std::uint64_t position) {
    const std::uint64_t length = entries[e].translate.size();
    if (!writer && i >= written && i < written + length) writer = {e, position}, writer_at = written;
    written += length;
    if (position <= i && i < position + entries[e].word.size()) reader = {e, position};
  };
  dictionary::run_game_dictionary(game, run);
  if (writer) {
    const char written_bit = entries[writer->first].translate[i - writer_at];
    facts.notes.push_back(fmt::format("written as bit {} of the translate of {}, read at column {}{}", i - writer_at,
                                      word(writer->first), writer->second,
                                      written_bit == (bit ? '1' : '0') ? "" : " (differs from the table!)"));
  }
  if (reader)
    facts.notes.push_back(
        fmt::format("read by the head in the word {} at column {}", word(reader->first), reader->second));
  const bool telescoped = table.telescope->bit(i);
  facts.notes.push_back(
      fmt::format("the telescope of seed 003 §4 (a second route) gives bit {}{}; the column's "
                  "P-position is ({}, {})",
                  telescoped ? 1 : 0, telescoped == (bit == 1) ? "" : " (differs!)", i, table.telescope->p_row(i)));
}

}  // namespace

CellFacts Atlas::cell(std::string_view name, std::uint64_t x, std::uint64_t y, const ProgressFn& progress) {
  detail::Table& table = impl_->table(name, progress);
  const TableInfo& info = table.info;
  if (x >= info.side || y >= info.side)
    throw RangeError(
        fmt::format("cell ({}, {}) is outside {}'s region x, y < {}: {}", x, y, info.name, info.side, info.region));
  const detail::Region region = detail::compute(table, impl_->regions, impl_->options, progress);
  CellFacts facts;
  facts.table = info.name;
  facts.x = x;
  facts.y = y;
  switch (table.kind) {
    case Kind::grundy:
      grundy_facts(table, region, facts);
      if (facts.p_position && table.ruleset)
        if (auto coding = twopile::morphic_coding(*table.ruleset)) {
          const twopile::MorphicPPositions morphic(*coding);
          if (auto n = morphic_index(morphic, detail::slopes(morphic), x, y))
            facts.notes.push_back(
                fmt::format("(a_n, b_n) with n = {} of the coding {} ({})", *n, coding->morphism, coding->source));
        }
      break;
    case Kind::palace:
      palace_facts(table, region, facts);
      break;
    case Kind::board:
      board_facts(table, region, facts);
      break;
    case Kind::infty:
      infty_facts(region, facts);
      break;
    case Kind::bits:
      bits_facts(table, region, facts, progress);
      break;
    case Kind::p:
      if (table.morphic) {
        morphic_facts(table, facts);
        p_options(table, facts, [&](std::uint64_t ox, std::uint64_t oy) {
          return morphic_index(*table.morphic, table.slopes, ox, oy).has_value();
        });
      } else if (table.telescope) {
        const std::uint64_t row = table.telescope->p_row(facts.x);
        facts.p_position = row == facts.y;
        facts.notes.push_back(
            fmt::format("the P-position of column {} is at row {} (one in each column, seed 003 "
                        "Proposition 1.1), decided by the telescope of seed 003 §4",
                        facts.x, row));
        if (facts.x + facts.y <= kListedReach)
          p_options(table, facts, [&](std::uint64_t ox, std::uint64_t oy) { return table.telescope->is_p(ox, oy); });
      } else {
        list_facts(region, facts);
        const auto& by_a = region.plist->by_a;
        p_options(table, facts, [&](std::uint64_t ox, std::uint64_t oy) {
          const std::uint64_t a = std::min(ox, oy), b = std::max(ox, oy);
          auto it = std::lower_bound(by_a.begin(), by_a.end(), std::pair<std::uint32_t, std::uint32_t>(a, 0));
          return it != by_a.end() && it->first == a && it->second == b;
        });
      }
      break;
  }
  return facts;
}

}  // namespace qg::atlas
