// The games' P-positions as the dictionary module needs them (from the two-pile sweep).
#pragma once

#include <cstdint>
#include <functional>

#include "queengames/common.hpp"

namespace qg::dictionary_detail {

// Calls upper(a, b) for every upper P-position (a, b), b > a, of (k,l)-Maharaja Nim with
// a < columns, in order of a.
void sweep_upper(unsigned k, unsigned l, std::uint64_t columns,
                 const std::function<void(std::uint64_t a, std::uint64_t b)>& upper, const ProgressFn& progress);

}  // namespace qg::dictionary_detail
