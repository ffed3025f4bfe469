// queengames — the papers' figures: a catalogue of every figure of the five seed papers, each
// with the parameters of the paper's own scale, the command and the Python call that redraw
// it, and one builder that computes its data and describes it (qg::plot::Figure). The CLI
// (`queengames draw ID`) draws the description with cairo, the Python module
// (`queengames.plot.figure(ID)`) with matplotlib: one description, two front ends.
//
// Besides the catalogue, the general pictures the CLI offers (`draw game`, `draw grundy`,
// `draw blocking`) are built here too, from the same parts.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "queengames/common.hpp"
#include "queengames/plot.hpp"

namespace qg::twopile {
class Ruleset;
}
namespace qg::boards {
struct Table;
}

namespace qg::figures {

// How a figure is computed: `resolution` is the number of pixels the drawing will have along its
// longer side (point sets with more than plot::kMaxDots points are binned at it; tables keep up
// to plot::kMaxRasterSide cells a side, the drawing decimates them to its pixels); `force`
// skips the memory checks.
struct Options {
  std::uint32_t resolution = 2048;
  ProgressFn progress{};
  bool force = false;
};

struct Parameter {
  std::string name;  // the CLI's --name and the Python keyword
  std::string help;
  std::uint64_t value = 0, min = 0, max = 0;  // value: the paper's
};

struct Entry {
  std::string id{};       // "exile-fig3": the paper's short name and its figure
  std::string alias{};    // a second name the CLI has long used ("spiral-queens"), or empty
  int seed = 0;           // the seed paper, 0..4
  std::string figure{};   // "Fig. 3"
  std::string caption{};  // what the paper's figure shows, in its words (abridged)
  std::string region{};   // what the redrawing shows at the paper's scale, and how it is located
  std::vector<Parameter> parameters{};
  std::vector<std::uint64_t> small{};  // small values of the parameters, for tests
  std::uint32_t pixels = 1600;         // the PNG's longer side at the paper's scale
  // Null for a figure with nothing to compute (an engraving): `region` says why.
  std::function<plot::Figure(std::span<const std::uint64_t> values, const Options& options)> build{};

  std::string command() const;  // "queengames draw exile-fig3 --radius 1000 --out exile-fig3.png"
  std::string python() const;   // "queengames.plot.figure('exile-fig3', radius=1000)"
};

// The papers: "Dekking, Shallit, Sloane, Queens in exile" … (seed 0..4).
const std::string& paper(int seed);

// Every figure of the five papers, in the papers' order.
const std::vector<Entry>& catalogue();
// The entry of an id or alias; InputError naming the nearest id for any other.
const Entry& entry(std::string_view id);
// The values of an entry's parameters, each given or the paper's; RangeError naming the range.
std::vector<std::uint64_t> values(const Entry& entry, std::span<const std::optional<std::uint64_t>> given);
// The entry's figure (InputError for one with nothing to compute).
plot::Figure build(const Entry& entry, std::span<const std::uint64_t> values, const Options& options = {});

// ---- general pictures --------------------------------------------------------------------

// A game's P-positions with x, y < size, (0, 0) at the bottom left (seed 003's figures),
// optionally with the lines y = φx and y = x/φ beneath them. RangeError outside 2..2^20.
plot::Figure game_figure(const twopile::Ruleset& ruleset, std::uint64_t size, bool lines, const Options& options = {});

// A Sprague-Grundy table as `queengames grundy` computes it (`name`: a board or a ruleset;
// `piece` on a board), red (0) → blue (its largest value), the zeros black; the spiral in its
// coordinates (x South down, y East across), hexagonal boards as hexagons. A title naming the
// paper's figure only where the picture is that figure (the queen on the spiral or quadrant).
// `size` is the command's: the window's N (spiral, hexagonal boards) or the corner's side.
// The table is kept up to plot::kMaxRasterSide cells a side (block minimum beyond).
plot::Figure grundy_figure(std::string_view name, std::string_view piece, std::uint64_t size,
                           const boards::Table& table);

// Palace numbers of k-Blocking Wythoff Nim in the window (x0, y0, width × height), in the
// palette of seed 004 Fig. 1; a categorical table: decimated by block majority.
struct Window {
  std::uint64_t x0 = 0, y0 = 0, width = 0, height = 0;
};
plot::Figure palaces_figure(std::uint64_t k, const Window& window, const Options& options = {},
                            std::string_view engine = "definition");
// Seed 004 Fig. 4's comparison: game k1 against game k2 shifted by (dx, dy); returns the figure
// and the fraction of cells that match.
plot::Figure comparison_figure(std::uint64_t k1, std::uint64_t k2, std::uint64_t dx, std::uint64_t dy,
                               const Window& window, const Options& options = {}, double* matched = nullptr);

// The tour's pictures of seed 000 §5 (not figures of the papers): N_a(n) − n/φ along the
// Fibonacci word, and the Rauzy fractal of the Tribonacci word.
plot::Figure fibonacci_word_figure(std::uint64_t letters = 610);
plot::Figure rauzy_figure(std::uint64_t points = 400000, const Options& options = {});

}  // namespace qg::figures
