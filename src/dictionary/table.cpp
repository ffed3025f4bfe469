// Appendix B of seed 003: a multiplication table's triangular pattern, mimicked by a
// dictionary process (so that whether a dictionary process stops is undecidable).
#include <algorithm>

#include <fmt/format.h>

#include "queengames/dictionary.hpp"
#include "queengames/io.hpp"

namespace qg::dictionary {

namespace {

std::vector<std::string_view> tokens(std::string_view line) {
  std::vector<std::string_view> out;
  std::size_t i = 0;
  while (i < line.size()) {
    while (i < line.size() && (line[i] == ' ' || line[i] == '\t' || line[i] == '\r')) ++i;
    std::size_t j = i;
    while (j < line.size() && line[j] != ' ' && line[j] != '\t' && line[j] != '\r') ++j;
    if (j > i) out.push_back(line.substr(i, j - i));
    i = j;
  }
  return out;
}

}  // namespace

MultiplicationTable MultiplicationTable::parse(std::string_view text, const std::string& source) {
  MultiplicationTable table;
  std::vector<std::size_t> row_line;
  std::size_t line_number = 0;
  auto fail = [&](const std::string& what) -> void {
    throw InputError(fmt::format("{}:{}: {}", source, line_number, what));
  };
  while (!text.empty()) {
    ++line_number;
    auto eol = text.find('\n');
    std::string_view line = text.substr(0, eol);
    text = eol == std::string_view::npos ? std::string_view{} : text.substr(eol + 1);
    if (auto hash = line.find('#'); hash != std::string_view::npos) line = line.substr(0, hash);
    auto t = tokens(line);
    if (t.empty()) continue;
    if (table.symbols.empty()) {  // the header: the symbols y (an optional '*' in the corner)
      if (t.front() == "*") t.erase(t.begin());
      for (auto s : t) {
        if (s.size() != 1 || s == "-" || s == "*") fail(fmt::format("header: '{}' is not a one-character symbol", s));
        if (table.symbols.find(s[0]) != std::string::npos) fail(fmt::format("header: symbol '{}' twice", s));
        table.symbols += s[0];
      }
      if (table.symbols.find('S') == std::string::npos) fail("header: no stop symbol S");
      table.products.assign(table.symbols.size(), "");
      row_line.assign(table.symbols.size(), 0);
      continue;
    }
    if (t.front().size() != 1 || table.symbols.find(t.front()[0]) == std::string::npos)
      fail(fmt::format("'{}' is not a symbol of the header {}", t.front(), table.symbols));
    std::size_t x = table.symbols.find(t.front()[0]);
    if (row_line[x]) fail(fmt::format("a second row for {} (the first is line {})", t.front(), row_line[x]));
    row_line[x] = line_number;
    if (t.size() != table.symbols.size() + 1)
      fail(fmt::format("row {} has {} entries, the header {}", t.front(), t.size() - 1, table.symbols.size()));
    for (std::size_t y = 0; y < table.symbols.size(); ++y) {
      auto z = t[y + 1];
      if (z.size() != 1 || (z != "-" && table.symbols.find(z[0]) == std::string::npos))
        fail(fmt::format("{}*{} = '{}' is not a symbol (or '-' for an empty entry)", t.front(), table.symbols[y], z));
      if (z == "S") fail(fmt::format("{}*{} = S: a product is a symbol other than S", t.front(), table.symbols[y]));
      table.products[x] += z[0];
    }
  }
  if (table.symbols.empty()) throw InputError(source + ": no table (a header line of symbols, then a row for each)");
  for (std::size_t x = 0; x < table.symbols.size(); ++x)
    if (!row_line[x])
      throw InputError(
          fmt::format("{}:{}: no row for {} (write '-' for the empty entries)", source, line_number, table.symbols[x]));
  return table;
}

MultiplicationTable MultiplicationTable::load(const std::filesystem::path& file, const ProgressFn& progress) {
  return parse(read_text_file(file, std::size_t{64} << 20, std::size_t{64} << 10, "multiplication table", progress),
               file.string());
}

MultiplicationTable appendix_b_table() {
  return MultiplicationTable::parse(
      "  S A B C\n"
      "S A B B B\n"
      "A C B A A\n"
      "B C C C C\n"
      "C A A B A\n",
      "seed 003 Appendix B");
}

char MultiplicationTable::product(char x, char y) const { return products[symbols.find(x)][symbols.find(y)]; }

std::vector<std::string> table_pattern(const MultiplicationTable& table, std::size_t rows) {
  std::vector<std::string> out;
  std::string row = "S";
  while (out.size() < rows) {
    out.push_back(row);
    std::string next = "S";
    for (std::size_t i = 0; i + 1 < row.size(); ++i) {
      char z = table.product(row[i], row[i + 1]);
      if (z == '-') return out;  // an empty entry is needed: the pattern ends
      next += z;
    }
    row = next + "S";
  }
  return out;
}

TableDictionary table_dictionary(const MultiplicationTable& table) {
  std::vector<std::string> metasymbol, symbolic;
  std::size_t width = 1;
  while ((std::size_t{1} << width) < table.symbols.size()) ++width;
  // S is 0…0; the others count up in the header's order.
  std::size_t rank = 1;
  for (char s : table.symbols) {
    std::size_t r = s == 'S' ? 0 : rank++;
    std::string code(width, '0');
    for (std::size_t i = 0; i < width; ++i) code[width - 1 - i] = static_cast<char>('0' + ((r >> i) & 1));
    metasymbol.push_back(code);
  }
  auto encode = [&](std::string_view symbols) {
    std::string bits;
    for (char s : symbols) bits += metasymbol[table.symbols.find(s)];
    return bits;
  };
  std::vector<DictionaryEntry> entries;
  for (char x : table.symbols) {
    for (char y : table.symbols) {
      char z = table.product(x, y);
      if (z == '-') continue;
      std::string word{x, y}, translate{z, z};
      if (x == 'S') translate = "S" + translate;
      if (y == 'S') translate += "S";
      entries.push_back({encode(word), encode(translate), word + " -> " + translate});
      symbolic.push_back(word + " -> " + translate);
    }
  }
  return {Dictionary(std::move(entries), encode("SS"), 0, ReadRule::prefix_free, "table dictionary"), table.symbols,
          std::move(metasymbol), std::move(symbolic)};
}

std::vector<std::string> TableDictionary::rows(std::size_t count, bool* stopped) const {
  std::size_t width = metasymbol.front().size();
  // Row r of the process has 2r symbols, so `count` rows take count(count+1) symbols.
  DictionaryRunOptions options;
  options.bits = static_cast<std::uint64_t>(count) * (count + 1) * width;
  std::string bits;
  options.sink = [&](std::string_view chunk) { bits += chunk; };
  DictionaryRun run = run_dictionary(dictionary, options);
  if (stopped) *stopped = run.stopped;
  std::vector<std::string> out;
  std::string row;
  for (std::size_t i = 0; i + width <= bits.size() && out.size() < count; i += width) {
    auto code = std::string_view(bits).substr(i, width);
    char s =
        symbols[static_cast<std::size_t>(std::find(metasymbol.begin(), metasymbol.end(), code) - metasymbol.begin())];
    row += s;
    if (s == 'S' && row.size() > 1) out.push_back(row), row.clear();
  }
  return out;
}

}  // namespace qg::dictionary
