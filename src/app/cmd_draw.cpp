// queengames draw <kind>: pictures; each kind registers itself with QG_DRAW.
#include "cli.hpp"

namespace {

QG_COMMAND("draw", [](CLI::App& app) {
  auto* draw = app.add_subcommand("draw", "draw a picture (PNG) of a board, a game or a table");
  draw->require_subcommand(1);
  for (const auto& kind : qg::app::by_name(qg::app::draw_kinds())) kind.setup(*draw);
});

}  // namespace
