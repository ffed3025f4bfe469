// Internals of the palace engines exposed for the tests.
#pragma once

#include <cstdlib>
#include <new>

#include "queengames/blocking.hpp"

namespace qg::blocking::detail {

// n zeroed elements from calloc: a large block comes as the kernel's zero pages, untouched
// until the (polled) row scan first writes them, so setting up 2^31 columns takes no time
// and no memory yet (a std::vector would write gigabytes of zeros first, deaf to a signal).
template <class T>
Zeroed<T> zeroed(std::uint64_t n) {
  void* p = std::calloc(n, sizeof(T));
  if (p == nullptr) throw std::bad_alloc();
  return Zeroed<T>(static_cast<T*>(p), &std::free);
}

// The definition engine with 32-bit counters, which summary() uses only for k > 16383 (where
// the structure needs tables of 50000² cells): the tests run it on small games.
Summary summary_wide_counters(std::uint64_t k, std::uint64_t width, std::uint64_t height, unsigned threads);

}  // namespace qg::blocking::detail
