// libFuzzer: qg::parse_natural and parse_u64 on arbitrary text must either return a number
// or throw InputError, nothing else.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "queengames/io.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  std::string_view text(reinterpret_cast<const char*>(data), size);
  try {
    mpz_class n = qg::parse_natural(text);
    if (n < 0) __builtin_trap();
  } catch (const qg::InputError&) {
  }
  try {
    std::uint64_t n = qg::parse_u64(text, 1, 1000);
    if (n < 1 || n > 1000) __builtin_trap();
  } catch (const qg::InputError&) {
  }
  return 0;
}
