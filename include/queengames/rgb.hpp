// queengames — a pixel's colour: what a module's palette returns and io.hpp's PNG writer takes,
// in a header of its own so that a palette costs its users nothing to include.
#pragma once

#include <cstdint>

namespace qg {

// An 8-bit RGB pixel.
struct Rgb {
  std::uint8_t r, g, b;
};

}  // namespace qg
