// The morphic options of `queengames game` (src/app/cmd_morphic.cpp).
#pragma once

#include <string>
#include <vector>

#include "cli.hpp"

namespace qg::app {

struct MorphicGameOptions {
  std::string from_morphism, coding, letters = "ab";
  std::vector<std::string> from_bfile, from_catalog;
  NumberOption window{"1024"}, guess_letters{"2^20"}, max_prefix{"100"}, max_shift{"1024"}, verify{"10^7"};
  bool find_morphism = false, census = false;
};

void add_morphic_options(CLI::App* cmd, MorphicGameOptions& options);
// Runs the morphic mode the options ask for and returns true, or returns false when they ask
// for none.
bool run_morphic_game(const MorphicGameOptions& options, const std::string& ruleset, bool json,
                      const std::string& out_path);

}  // namespace qg::app
