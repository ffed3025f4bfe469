// Internals of the palace engines exposed for the tests.
#pragma once

#include "queengames/blocking.hpp"

namespace qg::blocking::detail {

// The definition engine with 32-bit counters, which summary() uses only for k > 16383 (where
// the structure needs tables of 50000² cells): the tests run it on small games.
Summary summary_wide_counters(std::uint64_t k, std::uint64_t width, std::uint64_t height, unsigned threads);

}  // namespace qg::blocking::detail
