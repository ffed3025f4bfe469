// Cutting Walnut's command text into commands (script.hpp).
#include "prover/script.hpp"

#include <algorithm>
#include <cctype>

#include "prover/commands.hpp"

namespace qg::prover {

namespace {

bool space(char c) { return std::isspace(static_cast<unsigned char>(c)) != 0; }
bool word_char(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; }

// The end of the word at i (letters, digits and '_').
std::size_t word_end(std::string_view text, std::size_t i) {
  while (i < text.size() && word_char(text[i])) ++i;
  return i;
}

// Past white space and // comments.
std::size_t skip_blank(std::string_view text, std::size_t i) {
  while (i < text.size()) {
    if (space(text[i])) ++i;
    else if (text.substr(i, 2) == "//") i = std::min(text.size(), text.find('\n', i));
    else break;
  }
  return i;
}

// The command that begins at `i`: its word, name, statement and end.
Command read_command(std::string_view text, std::size_t i) {
  Command c;
  c.begin = i;
  std::size_t j = word_end(text, i);
  c.command = std::string(text.substr(i, j - i));
  i = j;
  while (i < text.size() && space(text[i])) ++i;
  j = word_end(text, i);
  c.name = std::string(text.substr(i, j - i));
  bool quoted = false, first_quote = true;
  std::size_t open = 0;
  for (i = j; i < text.size(); ++i) {
    if (text[i] == '"') {
      if (!quoted) open = i + 1;
      else if (first_quote) c.statement = std::string(text.substr(open, i - open)), first_quote = false;
      quoted = !quoted;
    } else if (!quoted && text.substr(i, 2) == "//") {
      i = std::min(text.size(), text.find('\n', i)) - 1;
    } else if (!quoted && (text[i] == ':' || text[i] == ';')) {
      i += text.substr(i, 2) == "::" ? 2 : 1;  // "::" asks for incidence matrices
      break;
    }
  }
  if (c.command != "eval" && c.command != "def") c.statement.clear();
  c.end = std::min(i, text.size());
  return c;
}

// After a command's end at `i`: the remark that ends its line, if the line goes on with no
// command word, and where reading goes on.
std::size_t read_remark(std::string_view text, std::size_t i, std::string& remark) {
  while (i < text.size() && text[i] != '\n' && space(text[i])) ++i;
  if (i >= text.size() || text[i] == '\n' || text.substr(i, 2) == "//" || text[i] == '[') return i;
  if (detail::find_command(text.substr(i, word_end(text, i) - i))) return i;
  const std::size_t eol = std::min(text.find('\n', i), text.size());
  std::size_t last = eol;
  while (last > i && space(text[last - 1])) --last;
  remark = std::string(text.substr(i, last - i));
  return eol;
}

// Walnut 7's metacommands before a command: "[…]" blocks (its pattern ^\[([^]]*)](.*)$, white
// space after each), read while they close; an unclosed '[' is left for the command reader.
std::size_t read_metacommands(std::string_view text, std::size_t i, std::vector<Metacommand>& out) {
  while (i < text.size() && text[i] == '[') {
    const std::size_t close = text.find(']', i);
    if (close == std::string_view::npos) break;
    out.push_back({std::string(text.substr(i + 1, close - i - 1)), i});
    i = close + 1;
    while (i < text.size() && space(text[i])) ++i;
  }
  return i;
}

}  // namespace

std::string without_comment_lines(std::string_view text) {
  std::string out(text);
  for (std::size_t line = 0; line < out.size();) {
    const std::size_t eol = std::min(out.find('\n', line), out.size());
    std::size_t first = line;
    while (first < eol && space(out[first])) ++first;
    if (first < eol && out[first] == '#')
      std::fill(out.begin() + static_cast<std::ptrdiff_t>(first), out.begin() + static_cast<std::ptrdiff_t>(eol), ' ');
    line = eol + 1;
  }
  return out;
}

std::vector<Command> split_commands(std::string_view text) {
  std::vector<Command> out;
  for (std::size_t i = skip_blank(text, 0); i < text.size(); i = skip_blank(text, i)) {
    std::vector<Metacommand> metacommands;
    i = read_metacommands(text, i, metacommands);
    Command c = read_command(text, i);
    c.metacommands = std::move(metacommands);
    i = c.end;
    if (i > c.begin && i <= text.size() && (text[i - 1] == ':' || text[i - 1] == ';'))
      i = read_remark(text, i, c.remark);
    out.push_back(std::move(c));
  }
  return out;
}

}  // namespace qg::prover
