// Reading a dictionary or table file: a few lines by nature (seed 003 Appendix B has 40), so
// the text is read whole but in chunks, refusing what cannot be one (/dev/zero, an endless
// FIFO) within a fraction of a second and polling for cancellation while a slow source fills.
#pragma once

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <string>

#include <fmt/format.h>

#include "queengames/common.hpp"

namespace qg::dictionary_detail {

inline constexpr std::size_t kMaxLine = std::size_t{1} << 16, kMaxFile = std::size_t{1} << 26;

inline std::string read_text_file(const std::filesystem::path& file, const ProgressFn& progress) {
  std::ifstream in(file, std::ios::binary);
  if (!in) throw InputError(fmt::format("cannot read {}: {}", file.string(), std::strerror(errno)));
  std::string text;
  std::size_t line_start = 0;
  char chunk[4096];
  Poller poller(progress, kMaxFile);
  while (in.read(chunk, sizeof chunk) || in.gcount() > 0) {
    const std::size_t got = static_cast<std::size_t>(in.gcount());
    text.append(chunk, got);
    if (text.size() > kMaxFile)
      throw RangeError(
          fmt::format("{} is longer than {} MiB, which no dictionary or table needs", file.string(), kMaxFile >> 20));
    for (std::size_t i = text.size() - got; i < text.size(); ++i)
      if (text[i] == '\n') line_start = i + 1;
    if (text.size() - line_start > kMaxLine)
      throw RangeError(fmt::format("{}: a line is longer than {} characters, which no dictionary or table needs",
                                   file.string(), kMaxLine));
    poller.tick(text.size());
  }
  if (in.bad()) throw InputError(fmt::format("cannot read {}: {}", file.string(), std::strerror(errno)));
  return text;
}

}  // namespace qg::dictionary_detail
