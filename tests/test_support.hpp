// What the library's tests share: whether this is the sanitizers' build, and the message of the
// InputError a call throws.
#pragma once

#include <string>

#include "queengames/common.hpp"

// The sanitizers' build (QG_SANITIZED, make sanitize) checks fewer and smaller cases: its programs
// run several times slower, and the Release run checks the full sizes.
#ifdef QG_SANITIZED
inline constexpr bool kSanitized = true;
#else
inline constexpr bool kSanitized = false;
#endif

// The message of the InputError `f` throws, or "no error".
template <class F>
std::string input_error(F&& f) {
  try {
    f();
  } catch (const qg::InputError& e) {
    return e.what();
  }
  return "no error";
}
