// JSON string literals (io.hpp).
#include <fmt/format.h>

#include "queengames/io.hpp"

namespace qg {

std::string json_string(std::string_view text) {
  std::string q = "\"";
  for (char c : text) {
    if (c == '"' || c == '\\') q += '\\', q += c;
    else if (static_cast<unsigned char>(c) < 0x20) q += fmt::format("\\u{:04x}", static_cast<unsigned>(c));
    else q += c;
  }
  return q + "\"";
}

}  // namespace qg
