// Reading Walnut's command text: one command at a time, its words, quoted statements and the
// ':' or ';' that ends it. Errors are InputError "FILE:LINE:COL: what".
#pragma once

#include <cctype>
#include <cstddef>
#include <filesystem>
#include <string>
#include <string_view>

#include <fmt/format.h>

#include "queengames/common.hpp"
#include "queengames/io.hpp"

namespace qg::prover::detail {

// The text of a Walnut file (an automaton, a transducer, a command file): automata of millions
// of states run to hundreds of megabytes, but no line of one is long, so what has a line past
// 16 MiB is no Walnut file (/dev/zero, refused at once) and nothing past 4 GiB is read. A FIFO
// is waited on with `progress` polled (qg::read_text_file).
inline std::string read_walnut_file(const std::filesystem::path& path, const ProgressFn& progress) {
  return read_text_file(path, std::size_t{4} << 30, std::size_t{16} << 20, "Walnut file", progress);
}

// Whether a line of a Walnut library file (automaton, word automaton, custom base, transducer,
// macro) is a comment: Walnut 7+ skips a line whose first non-blank character is '#'
// (ParseMethods.PATTERN_COMMENT), and only whole lines.
inline bool comment_line(std::string_view line) {
  const std::size_t first = line.find_first_not_of(" \t\r\f\v");
  return first != std::string_view::npos && line[first] == '#';
}

// "FILE:LINE:COL: what" for an offset into `text`.
std::string located(std::string_view file, std::string_view text, std::size_t pos, const std::string& what);

class Reader {
 public:
  Reader(std::string_view text, std::string_view file) : text_(text), file_(file) {}

  std::string_view text() const { return text_; }
  std::string_view file() const { return file_; }
  std::size_t pos() const { return i_; }
  bool at_end() {
    skip();
    return i_ >= text_.size();
  }
  char peek() {
    skip();
    return i_ < text_.size() ? text_[i_] : '\0';
  }
  // Consumes `c` when it comes next (after white space and comments).
  bool accept(char c) {
    if (peek() != c) return false;
    ++i_;
    return true;
  }

  [[noreturn]] void fail(std::size_t pos, const std::string& what) const {
    throw InputError(located(file_, text_, pos, what));
  }

  // White space and // comments.
  void skip() {
    while (i_ < text_.size()) {
      if (std::isspace(static_cast<unsigned char>(text_[i_]))) ++i_;
      else if (text_.substr(i_, 2) == "//") {
        while (i_ < text_.size() && text_[i_] != '\n') ++i_;
      } else {
        break;
      }
    }
  }

  // A name: letters, digits and '_'.
  std::string word(const char* what) {
    skip();
    std::size_t j = i_;
    while (j < text_.size() && (std::isalnum(static_cast<unsigned char>(text_[j])) || text_[j] == '_')) ++j;
    if (j == i_) fail(i_, fmt::format("expected {}", what));
    std::string w(text_.substr(i_, j - i_));
    i_ = j;
    return w;
  }

  // Whether a quoted statement comes next.
  bool quote_next() { return peek() == '"'; }

  // A quoted statement; `start` receives the offset of its first character.
  std::string_view quoted(std::size_t& start) {
    skip();
    if (i_ >= text_.size() || text_[i_] != '"') fail(i_, "expected a quoted statement");
    start = i_ + 1;
    std::size_t close = text_.find('"', start);
    if (close == std::string_view::npos) fail(i_, "the quoted statement has no closing '\"'");
    i_ = close + 1;
    return text_.substr(start, close - start);
  }

  // The end of a command: ':' or ';' (Walnut's '::' asks for the automaton's matrices too:
  // returns true).
  bool end() {
    skip();
    if (i_ >= text_.size() || (text_[i_] != ':' && text_[i_] != ';'))
      fail(i_, "expected ':' or ';' at the end of the command");
    bool twice = text_[i_] == ':' && i_ + 1 < text_.size() && text_[i_ + 1] == ':';
    i_ += twice ? 2 : 1;
    return twice;
  }

  // Everything up to the command's end (for commands whose arguments are free text).
  std::string_view until_end() {
    skip();
    std::size_t j = i_;
    while (j < text_.size() && text_[j] != ':' && text_[j] != ';') ++j;
    std::string_view s = text_.substr(i_, j - i_);
    i_ = j;
    return s;
  }

  void set_pos(std::size_t p) { i_ = p; }

 private:
  std::string_view text_, file_;
  std::size_t i_ = 0;
};

}  // namespace qg::prover::detail
