// What every `draw` picture shares: --out, --pixels, --width and --force, and drawing a
// figure the library described (qg::plot::write_figure, cairo) with a progress line.
#pragma once

#include <string>

#include "cli.hpp"
#include "queengames/figures.hpp"

namespace qg::app {

struct PictureOptions {
  std::string out;
  NumberOption pixels;  // empty: the picture's own default
  double width = 0;     // inches; 0: the figure's
  bool force = false;
};
// --out (default `out`), --pixels, --width and, unless `force` is false, --force.
void add_picture_options(CLI::App* cmd, PictureOptions& o, const std::string& out, bool force = true);
// What the figure is computed for: the PNG's pixels (default `pixels`), or a vector file's
// resolution for its tables and binned points.
figures::Options figure_options(const PictureOptions& o, std::uint32_t pixels, const std::string& label);
// Draws the figure to o.out (SVG, PDF or PNG by its extension); nothing is published after an
// interrupt.
void write_picture(const plot::Figure& figure, const PictureOptions& o, std::uint32_t pixels, const std::string& label);
// Every picture a command draws is announced once complete, "wrote F" (then `detail`, a result
// the picture shows): on stdout, or on stderr when the picture itself went to stdout ("-").
void say_wrote(const std::string& out, const std::string& detail = "");

}  // namespace qg::app
