// queengames — what every module shares: integer types, errors, progress reporting.
#pragma once

#include <cstdint>
#include <functional>
#include <stdexcept>
#include <string>

namespace qg {

// Unsigned 128-bit integers (GCC/Clang). __extension__ keeps -Wpedantic quiet.
__extension__ typedef unsigned __int128 u128;
__extension__ typedef __int128 i128;

// Bad input from the user: a malformed morphism, N out of range, an unwritable path.
// The CLI prints "queengames: <what()>" and exits with status 2.
class InputError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// A value outside the range a function supports; what() names the range.
class RangeError : public InputError {
 public:
  using InputError::InputError;
};

// Long computations report progress through this callback (done out of total, in the
// computation's own units). The library never prints; the CLI draws a progress line.
// The callback may throw to abandon the computation (e.g. on SIGINT); the library only
// uses RAII, so unwinding leaves no partial output behind.
using ProgressFn = std::function<void(std::uint64_t done, std::uint64_t total)>;

// Refuses (RangeError, naming both figures) a computation whose memory estimate exceeds the
// machine's physical memory, unless force is set. `what` names the computation.
void require_memory(std::uint64_t bytes, const std::string& what, bool force = false);
// Physical memory of this machine in bytes.
std::uint64_t physical_memory();

// Decimal text of a 128-bit integer (fmt and iostreams do not print __int128 portably).
std::string to_string(u128 value);
std::string to_string(i128 value);

}  // namespace qg
