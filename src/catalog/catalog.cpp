#include <algorithm>
#include <charconv>
#include <istream>

#include "queengames/catalog.hpp"

namespace qg {

std::vector<std::int64_t> sequence_terms(const Sequence& sequence, std::uint64_t count) {
  std::vector<std::int64_t> terms;
  terms.reserve(count);
  sequence.generate(count, [&](std::int64_t t) { terms.push_back(t); }, {});
  return terms;
}

namespace {

bool is_integer(std::string_view t) {
  if (!t.empty() && t[0] == '-') t.remove_prefix(1);
  return !t.empty() && std::all_of(t.begin(), t.end(), [](char c) { return c >= '0' && c <= '9'; });
}

}  // namespace

BfileComparison compare_bfile(const Sequence& sequence, std::istream& in, const std::string& name,
                              const ProgressFn& progress) {
  BfileComparison result;
  // The file's terms as written (they may exceed 64 bits), kept only as far as the catalogue
  // computes the sequence: the rest is read for its form and counted, so that a long file (or
  // an endless FIFO) costs no memory. Its lines are at most 2^20 characters (OEIS keeps terms
  // of a b-file under 1,000 digits).
  std::vector<std::string> values;
  std::vector<std::uint64_t> lines;
  std::uint64_t terms = 0;
  std::string line;
  Poller poller(progress, sequence.max_terms);  // terms read, out of the most compared
  for (std::uint64_t number = 1; getline_bounded(in, line, std::size_t{1} << 20, name, number); ++number) {
    poller.tick(terms);
    if (!line.empty() && line.back() == '\r') line.pop_back();
    std::size_t start = line.find_first_not_of(" \t");
    if (start == std::string::npos || line[start] == '#') continue;
    std::size_t gap = line.find_first_of(" \t", start);
    std::size_t second = gap == std::string::npos ? gap : line.find_first_not_of(" \t", gap);
    std::size_t end = second == std::string::npos ? second : line.find_first_of(" \t", second);
    auto where = [&] { return name + " line " + std::to_string(number) + ": "; };
    if (second == std::string::npos ||
        (end != std::string::npos && line.find_first_not_of(" \t", end) != std::string::npos))
      throw InputError(where() + "expected 'n a(n)', got '" + line + "'");
    std::string_view index(line.data() + start, gap - start);
    std::string value = line.substr(second, end == std::string::npos ? std::string::npos : end - second);
    std::int64_t n = 0;
    auto [ptr, ec] = std::from_chars(index.data(), index.data() + index.size(), n);
    if (ec != std::errc() || ptr != index.data() + index.size() || !is_integer(value))
      throw InputError(where() + "expected two integers 'n a(n)', got '" + line + "'");
    if (terms == 0) result.first_n = n;
    else if (n != result.first_n + static_cast<std::int64_t>(terms))
      throw InputError(where() + "n = " + std::to_string(n) +
                       " follows n = " + std::to_string(result.first_n + static_cast<std::int64_t>(terms) - 1) +
                       ": a b-file's indices are consecutive");
    if (++terms <= sequence.max_terms) {
      values.push_back(std::move(value));
      lines.push_back(number);
    }
  }
  if (terms == 0) throw InputError(name + ": no terms (a b-file has lines 'n a(n)')");
  result.terms = terms;
  result.checked = std::min<std::uint64_t>(values.size(), sequence.max_terms);
  // The alignments tried: line i holds a(offset + i + shift) for shift 0 (the file is right), the
  // file's own numbering, and a first term left out or one too many.
  std::vector<std::int64_t> shifts{0};
  for (std::int64_t shift : {result.first_n - sequence.offset, std::int64_t{1}, std::int64_t{-1}})
    if (shift >= -1000 && shift <= 1000 && std::find(shifts.begin(), shifts.end(), shift) == shifts.end())
      shifts.push_back(shift);
  const std::int64_t most = *std::max_element(shifts.begin(), shifts.end());
  const std::uint64_t count =
      std::min<std::uint64_t>(result.checked + static_cast<std::uint64_t>(most), sequence.max_terms);
  std::vector<std::string> expected;
  expected.reserve(count);
  sequence.generate(
      count, [&](std::int64_t t) { expected.push_back(std::to_string(t)); }, progress);
  for (std::uint64_t i = 0; i < result.checked && !result.difference; ++i)
    if (values[i] != expected[i])
      result.difference =
          BfileComparison::Difference{lines[i], result.first_n + static_cast<std::int64_t>(i), values[i], expected[i]};
  auto fits = [&](std::int64_t shift) {
    std::uint64_t compared = 0;
    for (std::uint64_t i = 0; i < result.checked; ++i) {
      const std::int64_t j = static_cast<std::int64_t>(i) + shift;
      if (j < 0 || static_cast<std::uint64_t>(j) >= expected.size()) continue;
      if (values[i] != expected[static_cast<std::size_t>(j)]) return false;
      ++compared;
    }
    return compared > 0 && (shift == 0 || result.checked > 1);
  };
  for (std::int64_t shift : shifts)
    if (fits(shift)) {
      result.shift = shift;
      break;
    }
  result.agrees = !result.difference && result.first_n == sequence.offset;
  return result;
}

}  // namespace qg
