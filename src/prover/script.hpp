// Walnut's command text cut into commands, once, under Walnut's rules (script.cpp): the one
// reader that Session::run, its keep-going mode, `help` and the papers' proof runner share.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace qg::prover {

// One command: the text [begin, end) from its command word to its ':', ';' or '::' (to the end
// of the text when that is missing: Session::run then reports it), the command word, its first
// argument (the name it defines, for most), and for eval and def the statement between the
// first quotes. `remark`: the rest of the command's line when that is no further command —
// Walnut reads a command up to its ':' or ';' and ignores the rest of the line (`reg e lsd_2
// "(0|1)*00"; all binary strings ending in 00`).
// `metacommands`: Walnut 7's blocks before the command word, `[strategy 6 BRZ]eval …::`, each
// one's text between its brackets and the place of its '['.
struct Metacommand {
  std::string text;
  std::size_t at = 0;
};
struct Command {
  std::string command, name, statement;
  std::size_t begin = 0, end = 0;
  std::string remark;
  std::vector<Metacommand> metacommands;
};

// The rules: white space and // comments between commands; inside a command, a ':' or ';' in
// quotes or in a // comment does not end it; after its end, the rest of the line is a further
// command when it begins with a command word (commands.hpp's table), else a remark.
std::vector<Command> split_commands(std::string_view text);

// Walnut 7's comment lines in command text: a line whose first non-blank character is '#' is
// left out wherever it stands, between commands or inside one (Walnut 8's Prover.readBuffer
// skips it before joining lines). The text with those lines blanked, newlines kept, so that
// positions in it are positions in the original.
std::string without_comment_lines(std::string_view text);

}  // namespace qg::prover
