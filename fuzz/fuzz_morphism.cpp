// libFuzzer: the morphism and coding parsers, then the stream and the index of whatever
// parses and is prolongable, checked against each other and against w = μ(w).
// Input: a morphism text, optionally a newline and a coding text.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "queengames/words.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  std::string_view input(reinterpret_cast<const char*>(data), size);
  auto newline = input.find('\n');
  std::string_view morphism_text = input.substr(0, newline);
  std::string_view coding_text = newline == std::string_view::npos ? std::string_view() : input.substr(newline + 1);
  qg::words::Coding coding;
  try {
    if (!coding_text.empty()) coding = qg::words::Coding::parse(coding_text);
  } catch (const qg::InputError&) {
  }
  try {
    auto m = qg::words::Morphism::parse(morphism_text);
    if (qg::words::Morphism::parse(m.to_string()).to_string() != m.to_string()) __builtin_trap();
    m.require_prolongable();
    constexpr std::size_t n = 300;
    qg::words::FixedPointStream stream(m);
    std::string w(n, '\0');
    stream.read(w.data(), n / 2);
    for (std::size_t i = n / 2; i < n; ++i) w[i] = stream.next();
    // The fixed point satisfies w = μ(w): μ of a prefix begins with that prefix.
    if (m.apply(w).compare(0, n, w) != 0) __builtin_trap();
    (void)coding.apply(w);
    qg::words::FixedPointIndex index(m);
    for (std::size_t i = 0; i < n && i < index.supported_length(); ++i) {
      if (index.letter(i) != w[i]) __builtin_trap();
      auto seen = static_cast<std::uint64_t>(std::count(w.begin(), w.begin() + static_cast<std::ptrdiff_t>(i), w[i]));
      if (index.count(w[i], i) != seen || index.occurrence(w[i], seen + 1) != i) __builtin_trap();
    }
  } catch (const qg::InputError&) {
  }
  return 0;
}
