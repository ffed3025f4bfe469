#include "queengames/common.hpp"

#include <sys/resource.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <istream>
#include <utility>

#include <fmt/format.h>

namespace qg {

std::optional<std::vector<unsigned>> name_parameters(std::string_view name, std::string_view prefix,
                                                     std::size_t count) {
  if (name.substr(0, prefix.size()) != prefix) return std::nullopt;
  std::vector<unsigned> out;
  for (std::string_view rest = name.substr(prefix.size()); out.size() < count;) {
    std::size_t end = out.size() + 1 < count ? rest.find('_') : rest.size();
    if (end == std::string_view::npos) return std::nullopt;
    std::string_view digits = rest.substr(0, end);
    if (digits.empty() || digits.size() > 2 || (digits.size() > 1 && digits[0] == '0')) return std::nullopt;
    unsigned v = 0;
    for (char c : digits) {
      if (c < '0' || c > '9') return std::nullopt;
      v = 10 * v + static_cast<unsigned>(c - '0');
    }
    out.push_back(v);
    rest = rest.substr(std::min(rest.size(), end + 1));
  }
  return out;
}

bool getline_bounded(std::istream& in, std::string& line, std::size_t max_chars, std::string_view name,
                     std::uint64_t number) {
  line.clear();
  const std::istream::sentry ok(in, true);
  if (!ok) return false;
  auto* buffer = in.rdbuf();
  for (bool any = false;; any = true) {
    const int c = buffer->sbumpc();
    if (c == std::char_traits<char>::eof()) {
      in.setstate(any ? std::ios::eofbit : std::ios::eofbit | std::ios::failbit);
      return any;
    }
    if (c == '\n') return true;
    if (line.size() == max_chars)
      throw RangeError(fmt::format("{} line {}: a line longer than {} characters", name, number, max_chars));
    line.push_back(static_cast<char>(c));
  }
}

std::string to_string(u128 value) {
  if (value == 0) return "0";
  std::string s;
  while (value != 0) {
    s.push_back(static_cast<char>('0' + static_cast<int>(value % 10)));
    value /= 10;
  }
  std::reverse(s.begin(), s.end());
  return s;
}

std::string to_string(i128 value) {
  if (value >= 0) return to_string(static_cast<u128>(value));
  // Negate in unsigned arithmetic so that the most negative value is handled too.
  std::string s = to_string(static_cast<u128>(0) - static_cast<u128>(value));
  s.insert(s.begin(), '-');
  return s;
}

void Poller::poll(std::uint64_t done) {
  // Polls aim at 10-40 ms apart: often enough for a progress line and a sub-second answer to
  // a signal, rare enough that reading the clock costs nothing measurable.
  constexpr std::int64_t fast_ns = 10'000'000, slow_ns = 40'000'000;
  constexpr std::uint64_t max_stride = std::uint64_t{1} << 40;
  std::int64_t now =
      std::chrono::duration_cast<std::chrono::nanoseconds>(std::chrono::steady_clock::now().time_since_epoch()).count();
  if (last_ns_ >= 0) {
    std::int64_t gap = now - last_ns_;
    if (gap < fast_ns && stride_ < max_stride) stride_ *= 2;
    else if (gap > slow_ns && stride_ > 1) stride_ /= 2;
  }
  last_ns_ = now;
  countdown_ = stride_;
  if (progress_) progress_(done, total_);
}

std::uint64_t physical_memory() {
  long pages = ::sysconf(_SC_PHYS_PAGES), page = ::sysconf(_SC_PAGE_SIZE);
  return pages > 0 && page > 0 ? static_cast<std::uint64_t>(pages) * static_cast<std::uint64_t>(page) : 0;
}

std::uint64_t usable_memory() {
  std::uint64_t usable = physical_memory();
  // The limits on this process's address space and data segment, less what it has mapped.
  std::uint64_t mapped_pages = 0, data_pages = 0;
  if (std::FILE* statm = std::fopen("/proc/self/statm", "r")) {
    unsigned long size = 0, resident = 0, shared = 0, text = 0, lib = 0, data = 0;
    if (std::fscanf(statm, "%lu %lu %lu %lu %lu %lu", &size, &resident, &shared, &text, &lib, &data) == 6)
      mapped_pages = size, data_pages = data;
    std::fclose(statm);
  }
  const auto page = static_cast<std::uint64_t>(std::max(::sysconf(_SC_PAGE_SIZE), 1L));
  for (auto [resource, used] : {std::pair{RLIMIT_AS, mapped_pages * page}, std::pair{RLIMIT_DATA, data_pages * page}}) {
    struct rlimit limit {};
    if (::getrlimit(resource, &limit) == 0 && limit.rlim_cur != RLIM_INFINITY)
      usable = std::min<std::uint64_t>(usable, limit.rlim_cur > used ? limit.rlim_cur - used : 0);
  }
  // The memory cgroup (v2, then v1); "max" or a huge number when there is none.
  for (const char* path : {"/sys/fs/cgroup/memory.max", "/sys/fs/cgroup/memory/memory.limit_in_bytes"})
    if (std::FILE* f = std::fopen(path, "r")) {
      unsigned long long limit = 0;
      if (std::fscanf(f, "%llu", &limit) == 1 && limit > 0) usable = std::min<std::uint64_t>(usable, limit);
      std::fclose(f);
    }
  return usable;
}

std::string memory_amount(std::uint64_t bytes) {
  const char* unit = bytes >= (std::uint64_t{1} << 30) ? "GiB" : bytes >= (std::uint64_t{1} << 20) ? "MiB" : "KiB";
  const int shift = unit[0] == 'G' ? 30 : unit[0] == 'M' ? 20 : 10;
  return fmt::format("{:.1f} {}", static_cast<double>(bytes) / static_cast<double>(std::uint64_t{1} << shift), unit);
}

MemoryError::MemoryError(const std::string& what, std::uint64_t needed, std::uint64_t available)
    : RangeError(fmt::format("{} needs {}, {} {}", what, memory_amount(needed),
                             available < physical_memory() ? "this process may use" : "this machine has",
                             memory_amount(available))),
      needed_(needed),
      available_(available) {}

std::uint64_t resident_memory() {
  std::FILE* statm = std::fopen("/proc/self/statm", "r");
  if (statm == nullptr) return 0;
  unsigned long size = 0, resident = 0;
  const bool read = std::fscanf(statm, "%lu %lu", &size, &resident) == 2;
  std::fclose(statm);
  const long page = ::sysconf(_SC_PAGE_SIZE);
  return read && page > 0 ? static_cast<std::uint64_t>(resident) * static_cast<std::uint64_t>(page) : 0;
}

std::string printable(std::string_view text, std::size_t max) {
  std::string out;
  for (std::size_t i = 0; i < text.size();) {
    const auto c = static_cast<unsigned char>(text[i]);
    // The length of a well-formed UTF-8 sequence starting here, or 0.
    std::size_t n = c < 0x80 ? 1 : (c >> 5) == 6 ? 2 : (c >> 4) == 14 ? 3 : (c >> 3) == 30 ? 4 : 0;
    for (std::size_t k = 1; k < n; ++k)
      if (i + k >= text.size() || (static_cast<unsigned char>(text[i + k]) >> 6) != 2) n = 0;
    if (n > 1 && c < 0xC2) n = 0;  // an overlong encoding
    const bool control = n == 1 && (c < 0x20 || c == 0x7F) && c != '\n' && c != '\t';
    std::string piece = n == 0 || control ? fmt::format("\\x{:02x}", c) : std::string(text.substr(i, n));
    if (out.size() + piece.size() > max) return out + "…";
    out += piece;
    i += std::max<std::size_t>(n, 1);
  }
  return out;
}

std::uint64_t free_memory() {
  std::FILE* meminfo = std::fopen("/proc/meminfo", "r");
  if (meminfo == nullptr) return 0;
  unsigned long long kib = 0;
  char line[256];
  bool found = false;
  while (!found && std::fgets(line, sizeof line, meminfo))
    found = std::sscanf(line, "MemAvailable: %llu kB", &kib) == 1;
  std::fclose(meminfo);
  if (!found) return 0;
  const std::uint64_t usable = usable_memory(), held = resident_memory();
  return std::min<std::uint64_t>(kib * 1024, usable > held ? usable - held : 0);
}

void require_threads(std::uint64_t threads) {
  if (threads < 1 || threads > kMaxThreads)
    throw RangeError(fmt::format("{} threads: the supported range is 1..{}", threads, kMaxThreads));
}

void require_memory(std::uint64_t bytes, const std::string& what, bool force) {
  std::uint64_t have = usable_memory();
  if (force || have == 0 || bytes <= have) return;
  throw MemoryError(what, bytes, have);
}

}  // namespace qg
