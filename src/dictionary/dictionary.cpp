// Dictionaries: the text format, validation, and the read head's trie.
#include <algorithm>
#include <map>
#include <optional>

#include <fmt/format.h>

#include "queengames/dictionary.hpp"
#include "queengames/io.hpp"

namespace qg::dictionary {

namespace {

std::string_view trim(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t' || s.back() == '\r')) s.remove_suffix(1);
  return s;
}

// "SOURCE:LINE: what" when the line is known, "SOURCE: what" otherwise.
[[noreturn]] void fail(const std::string& source, std::size_t line, const std::string& what) {
  throw InputError(line ? fmt::format("{}:{}: {}", source, line, what) : fmt::format("{}: {}", source, what));
}

// The first character of `bits` that is not a bit, if any.
std::optional<char> non_bit(std::string_view bits) {
  for (char c : bits)
    if (c != '0' && c != '1') return c;
  return std::nullopt;
}

std::string shown(char c) {
  if (c == ' ' || c == '\t') return "a space";
  if (static_cast<unsigned char>(c) < 32 || static_cast<unsigned char>(c) >= 127)
    return fmt::format("the byte 0x{:02x}", static_cast<unsigned char>(c));
  return fmt::format("'{}'", c);
}

// Throws InputError naming the first problem; `lines[i]` is the line of entry i (0: unknown),
// `start_line` the line of the start.
void validate(const std::vector<DictionaryEntry>& entries, const std::vector<std::size_t>& lines,
              const std::string& start, std::size_t head, std::size_t start_line, ReadRule rule,
              const std::string& source) {
  auto line_of = [&](std::size_t i) { return i < lines.size() ? lines[i] : 0; };
  std::map<std::string_view, std::size_t> seen;
  for (std::size_t i = 0; i < entries.size(); ++i) {
    const auto& e = entries[i];
    if (e.word.empty()) fail(source, line_of(i), "empty word (a word needs at least one bit)");
    if (auto c = non_bit(e.word))
      fail(source, line_of(i), fmt::format("word '{}': {} is not a bit (only 0 and 1)", e.word, shown(*c)));
    if (auto c = non_bit(e.translate))
      fail(source, line_of(i),
           fmt::format("translate '{}' of '{}': {} is not a bit (only 0 and 1)", e.translate, e.word, shown(*c)));
    auto [it, fresh] = seen.emplace(e.word, i);
    if (!fresh) {
      auto first = line_of(it->second);
      fail(source, line_of(i),
           fmt::format("duplicate word '{}'{}", e.word, first ? fmt::format(" (first on line {})", first) : ""));
    }
  }
  if (rule == ReadRule::prefix_free) {
    // In lexicographic order a word that is a prefix of others is immediately followed by one.
    for (auto it = seen.begin(); it != seen.end(); ++it) {
      auto next = std::next(it);
      if (next != seen.end() && next->first.substr(0, it->first.size()) == it->first) {
        std::size_t later = std::max(it->second, next->second), earlier = std::min(it->second, next->second);
        fail(source, line_of(later),
             fmt::format("'{}' is a prefix of '{}'{}: a prefix-free dictionary cannot hold both "
                         "(write 'rule: longest-match' to read the longest word, seed 003 §5.1)",
                         it->first, next->first, line_of(earlier) ? fmt::format(" (line {})", line_of(earlier)) : ""));
      }
    }
  }
  if (entries.empty()) fail(source, 0, "no words");
  if (start.empty()) fail(source, start_line, "the start is empty");
  if (auto c = non_bit(start))
    fail(source, start_line, fmt::format("start: {} is not a bit (only 0 and 1)", shown(*c)));
  if (head > start.size()) fail(source, start_line, "the read head lies beyond the start");
}

}  // namespace

Dictionary::Dictionary(std::vector<DictionaryEntry> entries, std::string start, std::size_t head, ReadRule rule,
                       const std::string& source)
    : entries_(std::move(entries)), start_(std::move(start)), head_(head), rule_(rule) {
  validate(entries_, {}, start_, head_, 0, rule_, source);
  trie_.emplace_back();
  for (std::size_t i = 0; i < entries_.size(); ++i) {
    std::int32_t node = 0;
    for (char c : entries_[i].word) {
      int b = c - '0';
      if (trie_[static_cast<std::size_t>(node)].child[b] < 0) {
        trie_[static_cast<std::size_t>(node)].child[b] = static_cast<std::int32_t>(trie_.size());
        trie_.emplace_back();
      }
      node = trie_[static_cast<std::size_t>(node)].child[b];
    }
    trie_[static_cast<std::size_t>(node)].entry = static_cast<std::int32_t>(i);
    max_word_ = std::max(max_word_, entries_[i].word.size());
  }
  if (max_word_ <= 16) {
    window_table_.resize(std::size_t{1} << max_word_);
    for (std::uint32_t v = 0; v < window_table_.size(); ++v) {
      auto r = read([&](std::uint64_t i) { return (v >> (max_word_ - 1 - i)) & 1; }, max_word_);
      window_table_[v] = r.status == HeadRead::Status::word ? static_cast<std::uint32_t>(r.entry) + 1 : 0;
    }
  }
}

Dictionary Dictionary::parse(std::string_view text, const std::string& source) {
  std::vector<DictionaryEntry> entries;
  std::vector<std::size_t> lines;
  std::string start;
  std::size_t head = 0, start_line = 0, rule_line = 0, line_number = 0;
  ReadRule rule = ReadRule::prefix_free;
  while (!text.empty()) {
    ++line_number;
    auto eol = text.find('\n');
    std::string_view line = text.substr(0, eol);
    text = eol == std::string_view::npos ? std::string_view{} : text.substr(eol + 1);
    std::string_view comment;
    if (auto hash = line.find('#'); hash != std::string_view::npos) {
      comment = trim(line.substr(hash + 1));
      line = line.substr(0, hash);
    }
    line = trim(line);
    if (line.empty()) continue;
    auto key = [&](std::string_view k) { return line.substr(0, k.size()) == k; };
    if (key("start:")) {
      if (start_line) fail(source, line_number, fmt::format("a second start: line (the first is line {})", start_line));
      start_line = line_number;
      std::string_view bits = line.substr(6);
      bool bar = false;
      for (char c : bits) {
        if (c == ' ' || c == '\t') continue;
        if (c == '|') {
          if (bar) fail(source, line_number, "start: more than one '|' (it marks where the read head begins)");
          bar = true;
          head = start.size();
        } else if (c == '0' || c == '1') {
          start += c;
        } else {
          fail(source, line_number, fmt::format("start: {} is not a bit (only 0 and 1, and one '|')", shown(c)));
        }
      }
      if (start.empty()) fail(source, line_number, "the start is empty");
    } else if (key("rule:")) {
      if (rule_line) fail(source, line_number, fmt::format("a second rule: line (the first is line {})", rule_line));
      rule_line = line_number;
      auto name = trim(line.substr(5));
      if (name == "prefix-free") rule = ReadRule::prefix_free;
      else if (name == "longest-match") rule = ReadRule::longest_match;
      else fail(source, line_number, fmt::format("unknown rule '{}' (prefix-free or longest-match)", name));
    } else {
      std::size_t arrow = line.find("->"), width = 2;
      if (arrow == std::string_view::npos) arrow = line.find("→"), width = std::string_view("→").size();
      if (arrow == std::string_view::npos)
        fail(source, line_number,
             fmt::format("expected 'word -> translate', 'start: BITS' or 'rule: …', not '{}'", line));
      entries.push_back({std::string(trim(line.substr(0, arrow))), std::string(trim(line.substr(arrow + width))),
                         std::string(comment)});
      lines.push_back(line_number);
    }
  }
  if (!start_line)
    fail(source, std::max<std::size_t>(line_number, 1), "no 'start: BITS' line (the process needs a starting string)");
  if (entries.empty()) fail(source, line_number, "no words (one 'word -> translate' a line)");
  validate(entries, lines, start, head, start_line, rule, source);
  return Dictionary(std::move(entries), std::move(start), head, rule, source);
}

Dictionary Dictionary::load(const std::filesystem::path& file, const ProgressFn& progress) {
  return parse(read_text_file(file, std::size_t{64} << 20, std::size_t{64} << 10, "dictionary", progress),
               file.string());
}

HeadRead Dictionary::read(std::string_view bits) const {
  return read([&](std::uint64_t i) { return bits[i] == '1'; }, bits.size());
}

std::string Dictionary::to_string() const {
  std::string out;
  if (rule_ == ReadRule::longest_match) out += "rule: longest-match\n";
  out += "start: " + start_.substr(0, head_) + (head_ ? "|" : "") + start_.substr(head_) + "\n";
  std::size_t width = 0;
  for (const auto& e : entries_) width = std::max(width, e.word.size());
  for (const auto& e : entries_) {
    out += fmt::format("{:<{}} -> {}", e.word, width, e.translate);
    if (!e.label.empty()) out += "  # " + e.label;
    out += "\n";
  }
  return out;
}

}  // namespace qg::dictionary
