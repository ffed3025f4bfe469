// Internal: a large vector filled between polls.
#pragma once

#include <algorithm>
#include <cstdint>
#include <vector>

#include "queengames/common.hpp"

namespace qg {

// n copies of value, written 1 MiB at a time with a tick of the progress poller in between:
// filling 10^8 cells takes a second or more on a loaded machine, which a signal should not
// wait for (a std::vector(n, value) is one unpolled memset).
template <class T>
std::vector<T> filled(std::uint64_t n, const T& value, const ProgressFn& progress) {
  std::vector<T> v;
  v.reserve(n);
  Poller poller(progress, n);
  while (v.size() < n) {
    v.resize(std::min<std::uint64_t>(n, v.size() + (std::uint64_t{1} << 20) / sizeof(T)), value);
    poller.tick(0);
  }
  return v;
}

}  // namespace qg
