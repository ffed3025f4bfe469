// The catalogue of the papers' figures: each with its parameters at the paper's scale.
#include <algorithm>

#include <fmt/format.h>

#include "parts.hpp"
#include "queengames/dictionary.hpp"
#include "queengames/spiral.hpp"

namespace qg::figures {
namespace {

using namespace parts;

std::vector<Entry> make_catalogue() {
  auto fn = [](plot::Figure (*f)(std::span<const std::uint64_t>, const Options&)) { return f; };
  std::vector<Entry> c;
  // ---- seed 000 ----
  c.push_back(
      {.id = "exile-fig1",
       .seed = 0,
       .figure = "Fig. 1",
       .caption = "The great plain of Attakía (John Tenniel's illustration for Through the looking-glass, 1871).",
       .region = "an engraving, with nothing to compute: not redrawn",
       .build = nullptr});
  c.push_back(
      {.id = "exile-fig2",
       .seed = 0,
       .figure = "Fig. 2",
       .caption = "Squares of a doubly-infinite chessboard numbered along a square spiral; the first nine exiled "
                  "queens circled.",
       .region = "the cells with max(|x|, |y|) ≤ 5 (0 … 120), x South down, y East across; the queens of cells 0, 9, "
                 "13, 17, 21, 82, 92, 102, 112 circled",
       .parameters = {{"radius", "the cells with max(|x|, |y|) ≤ radius", 5, 1, 12},
                      {"queens", "how many queens to circle", 9, 1, 1000}},
       .small = {2, 4},
       .pixels = 1200,
       .build = fn(exile_fig2)});
  c.push_back(
      {.id = "exile-fig3",
       .alias = "spiral-queens",
       .seed = 0,
       .figure = "Fig. 3",
       .caption = "Positions of the first 1409 queens (maximum coordinate in −1000 … 1000): four straight lines.",
       .region = "the queens with max(|x|, |y|) ≤ 1000, x South down, y East across",
       .parameters = {{"radius", "the queens with max(|x|, |y|) ≤ radius", 1000, 1,
                       static_cast<std::uint64_t>(spiral::kMaxShell)}},
       .small = {60},
       .build = fn(exile_fig3)});
  c.push_back({.id = "exile-fig4",
               .seed = 0,
               .figure = "Fig. 4",
               .caption = "Sprague-Grundy values (A274641) of the game on the square spiral; the zeros are the queens.",
               .region = "the cells with max(|x|, |y|) ≤ 5 with their values written (larger radii drop the numbers)",
               .parameters = {{"radius", "the cells with max(|x|, |y|) ≤ radius", 5, 1, 4096}},
               .small = {3},
               .pixels = 1300,
               .build = fn(exile_fig4)});
  c.push_back({.id = "exile-fig5",
               .seed = 0,
               .figure = "Fig. 5",
               .caption =
                   "The top 500×500 corner of the quadrant's Sprague-Grundy values, red near 0 to blue near 1000; "
                   "the first five queens (A275897) circled.",
               .region = "rows and columns 0 … 499 of Table 6 (A274528)",
               .parameters = {{"size", "the corner's side", 500, 1, 8192}},
               .small = {40},
               .build = fn(exile_fig5)});
  c.push_back({.id = "exile-fig6",
               .alias = "infty-queens",
               .seed = 0,
               .figure = "Fig. 6",
               .caption =
                   "Positions of the first 10000 queens on the single-quadrant board: two straight lines; ticks at "
                   "0, 2000, …, 10000 and 0, 5000, 10000, 15000.",
               .region = "the queens (c, S_c), c < 10000, with the lines of slopes φ and 1/φ beneath them",
               .parameters = {{"count", "the queens of the first count columns", 10000, 1, 1'000'000'000}},
               .small = {300},
               .build = fn(exile_fig6)});
  // ---- seed 001 ----
  c.push_back({.id = "empress-fig1",
               .seed = 1,
               .figure = "Fig. 1",
               .caption =
                   "Possible moves of a Queen Bee that can bounce perpendicularly (black dots), if Her Majesty starts "
                   "out on a diagonal.",
               .region = "the moves from (4, 7): the diagonal meets the side at (0, 3) and bounces along row 3",
               .parameters = {{"x", "the Queen Bee's column", 4, 1, 40}, {"y", "her row", 7, 1, 40}},
               .small = {3, 5},
               .pixels = 1100,
               .build = fn(empress_fig1)});
  c.push_back({.id = "empress-fig2",
               .seed = 1,
               .figure = "Fig. 2",
               .caption =
                   "Left, the diagonal moves of a Queen and a 2-Queen; right, extended by reflection for the Queen "
                   "Dee and the 2-Queen Dee.",
               .region = "the moves from (5, 8), rook moves left out",
               .parameters = {{"x", "the piece's column", 5, 1, 40}, {"y", "its row", 8, 1, 40}},
               .small = {3, 5},
               .build = fn(empress_fig2)});
  c.push_back({.id = "empress-fig3",
               .seed = 1,
               .figure = "Fig. 3",
               .caption =
                   "The difference a_{b_n} − a_n − b_n against n for Corner the Queen Bee; the first equal to 5 at "
                   "n = 310691.",
               .region = "n = 1 … 400000, the first difference of absolute value 5 (it is −5) marked",
               .parameters = {{"n", "the last n", 400000, 1, 10'000'000}},
               .small = {2000},
               .build = fn(empress_fig3)});
  // ---- seed 002 ----
  c.push_back(
      {.id = "knuth-discrepancies",
       .alias = "infty-discrepancies",
       .seed = 2,
       .figure = "no figure",
       .caption = "The program prints no figure; it computes q_n and its discrepancies against nφ and n/φ exactly.",
       .region = "n = 1 … 10^6, the high terms (q_n ≥ n) and the low ones in two panels, with seed 000's bounds "
                 "(49)–(50) dashed",
       .parameters = {{"count", "the terms q_1 … q_count", 1'000'000, 1, 1'000'000'000}},
       .small = {3000},
       .build = fn(knuth_discrepancies)});
  // ---- seed 003 ----
  c.push_back({.id = "maharaja-fig1",
               .seed = 3,
               .figure = "Fig. 1",
               .caption = "The move options, from a given position, of Wythoff Nim and Maharaja Nim.",
               .region = "the options from (5, 5): the Queen's, and the Maharaja's (Queen and Knight)",
               .parameters = {{"x", "the piece's column", 5, 2, 40}, {"y", "its row", 5, 2, 40}},
               .small = {3, 3},
               .build = fn(maharaja_fig1)});
  c.push_back({.id = "maharaja-fig2",
               .seed = 3,
               .figure = "Fig. 2",
               .caption = "The initial P-positions of Wythoff Nim and Maharaja Nim (Appendix A1: N = 50, one diagram).",
               .region = "coordinates 0 … 50, Wythoff's squares red, Maharaja's smaller and blue, the lines φx and x/φ",
               .parameters = {{"size", "coordinates 0 … size", 50, 2, 2000}},
               .small = {20},
               .build = fn(maharaja_fig2)});
  c.push_back(
      {.id = "maharaja-fig3",
       .seed = 3,
       .figure = "Fig. 3",
       .caption = "Left, Wythoff's P-positions on the lines φx and x/φ; right, Maharaja's within the bands "
                  "φx + O(1) and x/φ + O(1).",
       .region = "coordinates below 1000; below each, b − ⌊aφ⌋ of the upper P-positions (a, b): the band itself",
       .parameters = {{"size", "coordinates below size", 1000, 2, std::uint64_t{1} << 20}},
       .small = {200},
       .build = fn(maharaja_fig3)});
  for (int figure : {4, 5, 6}) {
    c.push_back(
        {.id = fmt::format("maharaja-fig{}", figure),
         .seed = 3,
         .figure = fmt::format("Fig. {}", figure),
         .caption = figure == 4   ? "All upper positions from which a player can move to an upper P-position are "
                                    "erased; the 'sector' is not perfect."
                    : figure == 5 ? "(Step 1) A perfect sector together with the corresponding initial P-positions."
                                  : "(Step 2) Each column in the perfect sector which corresponds to a lower "
                                    "P-position has been erased.",
         .region = figure == 4   ? "Maharaja Nim right of column 8, whose knight move from (8, 13) breaks the sector"
                   : figure == 5 ? "Maharaja Nim right of column 7: the first perfect sector, above y = x + 4"
                                 : "the same sector with its columns that hold a lower P-position erased (step 2)",
         .parameters = {{"column", "the last column computed, X", figure == 4 ? 8u : 7u, 1, 200}},
         .small = {figure == 4 ? 8u : 7u},
         .pixels = 1300,
         .build = [figure](std::span<const std::uint64_t> v, const Options& o) {
           return maharaja_sector(figure, v, o);
         }});
  }
  c.push_back({.id = "maharaja-fig7",
               .seed = 3,
               .figure = "Fig. 7",
               .caption =
                   "The upper P-positions of Maharaja Nim in the columns 8 to 12 (00100 → 100101100) and 14 to 20 "
                   "(0010110 → 10010011000).",
               .region = "the two words of §2.2 at their perfect sectors, their bits and their translates' bits",
               .pixels = 1300,
               .build = fn(maharaja_fig7)});
  c.push_back({.id = "maharaja-fig8",
               .seed = 3,
               .figure = "Fig. 8",
               .caption =
                   "The initial P-positions (coordinates below 100) of (k, l)-Maharaja Nim for (3, 5), (4, 6), (4, 7), "
                   "(5, 8), (6, 10), (7, 11).",
               .region = "coordinates below 100, six panels",
               .parameters = {{"size", "coordinates below size", 100, 2, 65536}},
               .small = {40},
               .build = fn(maharaja_fig8)});
  c.push_back({.id = "maharaja-fig9",
               .seed = 3,
               .figure = "Fig. 9",
               .caption =
                   "The initial P-positions (coordinates below 1500) of Wythoff Nim with (t, 2t), (2t, t) adjoined, "
                   "t ≤ 10, 50, 100 and all t.",
               .region = "coordinates below 1500, four panels",
               .parameters = {{"size", "coordinates below size", 1500, 201, 65536}},
               .small = {220},
               .build = fn(maharaja_fig9)});
  c.push_back({.id = "maharaja-fig10",
               .seed = 3,
               .figure = "Fig. 10",
               .caption =
                   "A 'telescope' with 'focus' O(1) and 'reflectors' along the lines φn and n/φ decides a position; "
                   "the number of steps is linear in log(xy).",
               .region = "the telescope's windows for column 10^12 of Maharaja Nim: where each lies and how wide it is",
               .parameters = {{"column", "the column decided", 1'000'000'000'000, 1 << 15,
                               dictionary::Telescope::kMaxCoordinate}},
               .small = {1'000'000},
               .build = fn(maharaja_fig10)});
  c.push_back({.id = "maharaja-fig11",
               .seed = 3,
               .figure = "Fig. 11",
               .caption = "The move options from a given position of (2, 3)-Maharaja Nim.",
               .region = "the options from (6, 6)",
               .parameters = {{"x", "the piece's column", 6, 3, 40}, {"y", "its row", 6, 3, 40}},
               .small = {4, 4},
               .build = fn(maharaja_fig11)});
  c.push_back({.id = "maharaja-fig12",
               .seed = 3,
               .figure = "Fig. 12",
               .caption = "The initial P-positions of (2, 3)-Maharaja Nim together with its initial bit-string.",
               .region =
                   "coordinates 0 … 16: the P-positions, the bits 01000111 of columns 1 … 8 and 0100011100000 of rows "
                   "1 … 13",
               .parameters = {{"size", "coordinates 0 … size", 16, 13, 100}},
               .small = {14},
               .pixels = 1300,
               .build = fn(maharaja_fig12)});
  // ---- seed 004 ----
  c.push_back({.id = "blocking-fig1",
               .seed = 4,
               .figure = "Fig. 1",
               .caption =
                   "Game 5 on the 11×11 board from (0, 0) at the upper left: the number of winning moves available "
                   "(the palace number) by colour.",
               .region = "game 5, cells 0 … 10, each with its palace number",
               .parameters = {{"k", "the game", 5, 1, 1000}, {"size", "the board's side", 11, 1, 200}},
               .small = {5, 11},
               .pixels = 1300,
               .build = fn(blocking_fig1)});
  c.push_back({.id = "blocking-fig2",
               .seed = 4,
               .figure = "Fig. 2",
               .caption =
                   "The CA rule: the red cell from the blue cells four steps back, g = a − b − c + e + f + p, with the "
                   "palace compensation terms.",
               .region = "the neighbourhood in board coordinates and each cell's weight, from the library's rule",
               .pixels = 1300,
               .build = fn(blocking_fig2)});
  c.push_back(
      {.id = "blocking-fig3",
       .seed = 4,
       .figure = "Fig. 3",
       .caption = "Self-organised regions in game 100 (300×300) and game 1000 (3000×3000); below, 100×100 close-ups "
                  "by the nose and by the shoulder, identical in both.",
       .region = "games 100 and 1000 from (0, 0); close-ups at the nose (k/3, k/3) and the shoulder (0, k), located "
                 "from k",
       .parameters = {{"k1", "the smaller game", 100, 3, 100000},
                      {"k2", "the larger game", 1000, 3, 100000},
                      {"zoom", "the close-ups' side", 100, 10, 10000}},
       .small = {30, 60, 30},
       .pixels = 4000,
       .build = fn(blocking_fig3)});
  c.push_back({.id = "blocking-fig4",
               .seed = 4,
               .figure = "Fig. 4",
               .caption =
                   "Left, k = 497 against k = 500 at (x + 1, y + 1); right, 499 against 500 at (x + 1, y); where they "
                   "differ, white.",
               .region = "1500×1500 cells from (0, 0)",
               .parameters = {{"size", "the window's side", 1500, 10, 100000}},
               .small = {150},
               .pixels = 2000,
               .build = fn(blocking_fig4)});
  c.push_back(
      {.id = "blocking-fig5",
       .seed = 4,
       .figure = "Fig. 5",
       .caption = "Game 9999: the armpit in the upper left corner, where the rift hits the seam and the fray begins.",
       .region = "a 4000×4000 window with the armpit near its upper left corner; the armpit located as the hottest "
                 "cell right of the shoulder and below the nose ((12777, 6988), v = k + 9)",
       .parameters = {{"k", "the game", 9999, 10, 1000000}, {"size", "the window's side", 4000, 20, 100000}},
       .small = {301, 300},
       .pixels = 2000,
       .build = fn(blocking_fig5)});
  c.push_back(
      {.id = "blocking-fig6",
       .seed = 4,
       .figure = "Fig. 6",
       .caption = "Game 40003: a prism and its light beam of slightly higher palace numbers along the main diagonal.",
       .region = "a 12000×12000 window with the prism at 30% of it; the prism located where the fabric, alike in game "
                 "40006 shifted by (1, 1), ends on the main diagonal",
       .parameters = {{"k", "the game", 40003, 10, 1000000}, {"size", "the window's side", 12000, 20, 200000}},
       .small = {403, 500},
       .pixels = 2000,
       .build = fn(blocking_fig6)});
  c.push_back({.id = "blocking-fig7",
               .seed = 4,
               .figure = "Fig. 7",
               .caption = "The 3 fabrics: k ≡ 0, 1, 2 mod 3; the upper row is the lower row more zoomed in.",
               .region = "games 300, 301, 302 below the nose (k/3, k/3): 50×50 above, 200×200 below",
               .parameters = {{"k", "the first game (rounded down to a multiple of 3)", 300, 3, 100000},
                              {"near", "the upper row's side", 50, 5, 10000},
                              {"far", "the lower row's side", 200, 5, 100000}},
               .small = {60, 15, 40},
               .pixels = 2000,
               .build = fn(blocking_fig7)});
  c.push_back({.id = "blocking-fig8",
               .seed = 4,
               .figure = "Fig. 8",
               .caption = "Skin pattern: the periodic skin where the arm borders the outer space.",
               .region =
                   "game 1000's upper arm where the skin's stage n = 2 begins (located: column 1197, §3.4's 'after "
                   "about 200 pixels')",
               .parameters = {{"k", "the game", 1000, 50, 100000},
                              {"stage", "the skin's stage n", 2, 1, 3},
                              {"side", "the window's width (its height is half of it)", 120, 20, 20000}},
               .small = {300, 1, 40},
               .pixels = 1600,
               .build = fn(blocking_fig8)});
  return c;
}

std::size_t distance(std::string_view a, std::string_view b) {
  std::vector<std::size_t> row(b.size() + 1);
  for (std::size_t j = 0; j <= b.size(); ++j) row[j] = j;
  for (std::size_t i = 1; i <= a.size(); ++i) {
    std::size_t diagonal = row[0];
    row[0] = i;
    for (std::size_t j = 1; j <= b.size(); ++j) {
      const std::size_t up = row[j];
      row[j] = std::min({row[j] + 1, row[j - 1] + 1, diagonal + (a[i - 1] != b[j - 1])});
      diagonal = up;
    }
  }
  return row[b.size()];
}

}  // namespace

const std::string& paper(int seed) {
  static const std::string papers[] = {
      "Dekking, Shallit, Sloane, Queens in exile", "Fokkink, Ortega, Rust, Corner the empress", "Knuth, INFTY-QUEENS",
      "Larsson, Wästlund, Maharaja Nim", "Cook, Larsson, Neary, A cellular automaton for blocking queen games"};
  return papers[std::clamp(seed, 0, 4)];
}

const std::vector<Entry>& catalogue() {
  static const std::vector<Entry> entries = make_catalogue();
  return entries;
}

const Entry& entry(std::string_view id) {
  const std::vector<Entry>& all = catalogue();
  for (const Entry& e : all)
    if (e.id == id || (!e.alias.empty() && e.alias == id)) return e;
  const Entry* nearest = &all.front();
  for (const Entry& e : all)
    if (distance(id, e.id) < distance(id, nearest->id)) nearest = &e;
  throw InputError(fmt::format("'{}' is not a figure of the catalogue; did you mean {}?", id, nearest->id));
}

std::vector<std::uint64_t> values(const Entry& e, std::span<const std::optional<std::uint64_t>> given) {
  std::vector<std::uint64_t> out;
  for (std::size_t i = 0; i < e.parameters.size(); ++i) {
    const Parameter& p = e.parameters[i];
    const std::uint64_t v = i < given.size() && given[i] ? *given[i] : p.value;
    if (v < p.min || v > p.max)
      throw RangeError(fmt::format("{}'s {} is {}: the supported range is {}..{}", e.id, p.name, v, p.min, p.max));
    out.push_back(v);
  }
  return out;
}

plot::Figure build(const Entry& e, std::span<const std::uint64_t> v, const Options& options) {
  if (!e.build) throw InputError(fmt::format("{} ({}, {}) is {}", e.id, paper(e.seed), e.figure, e.region));
  if (v.size() != e.parameters.size())
    throw InputError(fmt::format("{} takes {} parameters (got {})", e.id, e.parameters.size(), v.size()));
  return e.build(v, options);
}

std::string Entry::command() const {
  std::string s = "queengames draw " + id;
  for (const Parameter& p : parameters) s += fmt::format(" --{} {}", p.name, p.value);
  return s + fmt::format(" --out {}.png", id);
}

std::string Entry::python() const {
  std::string s = fmt::format("queengames.plot.figure('{}'", id);
  for (const Parameter& p : parameters) s += fmt::format(", {}={}", p.name, p.value);
  return s + ")";
}

}  // namespace qg::figures
