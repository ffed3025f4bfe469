#include "queengames/common.hpp"

#include <unistd.h>

#include <algorithm>

#include <fmt/format.h>

namespace qg {

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

std::uint64_t physical_memory() {
  long pages = ::sysconf(_SC_PHYS_PAGES), page = ::sysconf(_SC_PAGE_SIZE);
  return pages > 0 && page > 0 ? static_cast<std::uint64_t>(pages) * static_cast<std::uint64_t>(page) : 0;
}

void require_memory(std::uint64_t bytes, const std::string& what, bool force) {
  std::uint64_t have = physical_memory();
  if (force || have == 0 || bytes <= have) return;
  throw RangeError(fmt::format("{} would need {:.1f} GiB of memory but this machine has {:.1f} GiB (--force to try anyway)",
                               what, static_cast<double>(bytes) / (1u << 30), static_cast<double>(have) / (1u << 30)));
}

}  // namespace qg
