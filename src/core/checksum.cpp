#include "core/checksum.hpp"

#include <fmt/format.h>

namespace qg {

std::string Checksum::hex() const { return fmt::format("{:016x}", value()); }

std::int64_t SummedReader::remaining() {
  const auto here = in_.tellg();
  if (here < 0 || !in_.seekg(0, std::ios::end)) {
    in_.clear();
    return -1;
  }
  const auto end = in_.tellg();
  in_.seekg(here);
  return end < 0 ? -1 : static_cast<std::int64_t>(end - here);
}

void SummedReader::finish() {
  const std::uint64_t expected = sum_.value();
  std::uint64_t stored = 0;
  in_.read(reinterpret_cast<char*>(&stored), sizeof stored);
  if (in_.gcount() != sizeof stored) fail("the file is truncated");
  if (stored != expected) fail("the file is corrupted (checksum mismatch)");
  if (in_.peek() != std::char_traits<char>::eof()) fail("the file is corrupted (data after the checksum)");
}

namespace {
constexpr std::string_view kChecksumPrefix = "# checksum ";
}  // namespace

std::string checksum_line(std::string_view text) {
  Checksum sum;
  sum.add(text);
  return std::string(kChecksumPrefix) + sum.hex() + "\n";
}

std::optional<std::string_view> checksummed_text(std::string_view file) {
  // The last line, with its newline: "# checksum " and 16 hex digits.
  const std::size_t line = kChecksumPrefix.size() + 16 + 1;
  if (file.size() < line || file.back() != '\n') return std::nullopt;
  const std::string_view text = file.substr(0, file.size() - line);
  if (!text.empty() && text.back() != '\n') return std::nullopt;
  if (file.substr(text.size()) != checksum_line(text)) return std::nullopt;
  return text;
}

}  // namespace qg
