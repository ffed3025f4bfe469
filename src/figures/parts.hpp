// Parts the figures share (internal to src/figures/): colours, the golden lines, boards,
// move diagrams and each paper's builders, which catalogue.cpp lists.
#pragma once

#include <cstdint>
#include <functional>
#include <span>
#include <string>
#include <vector>

#include "queengames/figures.hpp"
#include "queengames/plot.hpp"
#include "queengames/twopile.hpp"

namespace qg::figures::parts {

// Colours (matplotlib's tab10, so that the two front ends' defaults look alike).
inline constexpr Rgb kBlack{0, 0, 0}, kGrey{150, 150, 150}, kLight{205, 205, 205}, kRed{214, 39, 40},
    kBlue{31, 119, 180}, kGreen{44, 160, 44}, kOrange{255, 127, 14}, kPurple{148, 103, 189}, kMagenta{230, 0, 230};

// The paper and figure a catalogue entry redraws: "Dekking, Shallit, Sloane, Queens in exile, Fig. 3".
std::string title(int seed, const std::string& figure);

// The lines y = slope·x from x = 0 to x_max, for the golden ratio and its inverse (drawn
// beneath the points they describe; a picture, so floating point).
plot::Line golden_line(bool above, double x_max, bool label = true);

// A panel of the board [x0, x1] × [y0, y1] of unit cells centred on the integers.
plot::Panel board(double x0, double x1, double y0, double y1, bool y_down, const std::string& x_label = "x",
                  const std::string& y_label = "y");

// P-positions of a game in the corner [0, bound)², both sides of the diagonal: squares of a
// cell for small corners, dots beyond; (0, 0) at the bottom left (seed 003).
plot::Panel game_panel(const twopile::Ruleset& ruleset, std::uint64_t bound, bool lines, const Options& options,
                       const std::string& title);

// The options of `from` under a ruleset, in two sets: those `base` also has, and the others.
struct Moves {
  std::vector<twopile::Position> common, extra;
};
Moves moves(const twopile::Ruleset& ruleset, const twopile::Ruleset* base, twopile::Position from);
// A move diagram: the piece at `from` (a ring) and the positions it moves to (dots).
plot::Panel moves_panel(const std::string& title, twopile::Position from,
                        const std::vector<std::pair<std::string, std::vector<twopile::Position>>>& sets,
                        const std::vector<Rgb>& colours);

// Says below the figure when a series was binned (past plot::kMaxDots points).
void note_binned(plot::Figure& f);
// A located place marked by a ring (seen on every colour of seed 004's palette), with its key.
plot::Series mark(const std::string& label, double x, double y);
// The ∞-queens q_1 … q_count (seed 002's engine, 2^16 at a time): visit(n, q_n).
void infty_terms(std::uint64_t count, const ProgressFn& progress,
                 const std::function<void(std::uint64_t n, std::uint64_t q)>& visit);

// Each paper's builders.
plot::Figure exile_fig2(std::span<const std::uint64_t> v, const Options& o);
plot::Figure exile_fig3(std::span<const std::uint64_t> v, const Options& o);
plot::Figure exile_fig4(std::span<const std::uint64_t> v, const Options& o);
plot::Figure exile_fig5(std::span<const std::uint64_t> v, const Options& o);
plot::Figure exile_fig6(std::span<const std::uint64_t> v, const Options& o);
plot::Figure empress_fig1(std::span<const std::uint64_t> v, const Options& o);
plot::Figure empress_fig2(std::span<const std::uint64_t> v, const Options& o);
plot::Figure empress_fig3(std::span<const std::uint64_t> v, const Options& o);
plot::Figure knuth_discrepancies(std::span<const std::uint64_t> v, const Options& o);
plot::Figure maharaja_fig1(std::span<const std::uint64_t> v, const Options& o);
plot::Figure maharaja_fig2(std::span<const std::uint64_t> v, const Options& o);
plot::Figure maharaja_fig3(std::span<const std::uint64_t> v, const Options& o);
plot::Figure maharaja_sector(int figure, std::span<const std::uint64_t> v, const Options& o);  // Figs. 4–6
plot::Figure maharaja_fig7(std::span<const std::uint64_t> v, const Options& o);
plot::Figure maharaja_fig8(std::span<const std::uint64_t> v, const Options& o);
plot::Figure maharaja_fig9(std::span<const std::uint64_t> v, const Options& o);
plot::Figure maharaja_fig10(std::span<const std::uint64_t> v, const Options& o);
plot::Figure maharaja_fig11(std::span<const std::uint64_t> v, const Options& o);
plot::Figure maharaja_fig12(std::span<const std::uint64_t> v, const Options& o);
plot::Figure blocking_fig1(std::span<const std::uint64_t> v, const Options& o);
plot::Figure blocking_fig2(std::span<const std::uint64_t> v, const Options& o);
plot::Figure blocking_fig3(std::span<const std::uint64_t> v, const Options& o);
plot::Figure blocking_fig4(std::span<const std::uint64_t> v, const Options& o);
plot::Figure blocking_fig5(std::span<const std::uint64_t> v, const Options& o);
plot::Figure blocking_fig6(std::span<const std::uint64_t> v, const Options& o);
plot::Figure blocking_fig7(std::span<const std::uint64_t> v, const Options& o);
plot::Figure blocking_fig8(std::span<const std::uint64_t> v, const Options& o);

}  // namespace qg::figures::parts
