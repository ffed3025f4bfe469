// queengames — what every module shares: integer types, errors, progress reporting.
#pragma once

#include <cstdint>
#include <functional>
#include <iosfwd>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

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

// A computation whose memory estimate exceeds this machine's memory (require_memory): what()
// names the computation and both figures; the caller may offer to try anyway.
// An amount of memory in KiB, MiB or GiB to a tenth, whichever keeps it above 1 ("1.5 GiB").
std::string memory_amount(std::uint64_t bytes);

class MemoryError : public RangeError {
 public:
  MemoryError(const std::string& what, std::uint64_t needed, std::uint64_t available);
  std::uint64_t needed() const { return needed_; }
  std::uint64_t available() const { return available_; }

 private:
  std::uint64_t needed_, available_;
};

// Long computations report progress through this callback (done out of total, in the
// computation's own units). The library never prints; the CLI draws a progress line.
// The callback may throw to abandon the computation (e.g. on SIGINT); the library only
// uses RAII, so unwinding leaves no partial output behind.
using ProgressFn = std::function<void(std::uint64_t done, std::uint64_t total)>;

// The one point of contact between a long loop and the outside world: progress and
// cancellation both come from here, so that every loop stops within a fraction of a second
// of a signal (the CLI's ProgressFn throws once SIGINT/SIGTERM arrived) however much or
// little work one iteration does.
//
// A loop calls tick(done) once per unit of work. tick() is an inline countdown; only when
// it runs out does poll() read the clock and call the ProgressFn. The countdown adapts so
// that polls come about every 10-40 ms: it doubles while polls come faster than 10 ms and
// halves when one took longer than 40 ms. A clock read costs about 20 ns, so a loop of
// 1-ns iterations pays well under 1 % for it, and a loop of 10-ms iterations still answers a
// signal after one iteration. (Golly's lifepoll has the same countdown; there the interval
// is fixed because every caller does similar work, here one poller serves them all.)
class Poller {
 public:
  Poller(ProgressFn progress, std::uint64_t total) : progress_(std::move(progress)), total_(total) {}
  void tick(std::uint64_t done) {
    if (--countdown_ == 0) [[unlikely]]
      poll(done);
  }
  // Reports done == total once at the end (a progress line then shows 100 %).
  void finish() {
    if (progress_) progress_(total_, total_);
  }
  void set_total(std::uint64_t total) { total_ = total; }
  std::uint64_t total() const { return total_; }

 private:
  void poll(std::uint64_t done);
  ProgressFn progress_;
  std::uint64_t total_;
  std::uint64_t stride_ = 1, countdown_ = 1;
  std::int64_t last_ns_ = -1;  // steady-clock time of the previous poll; -1 before the first
};

// Threads a computation may take (each engine's `threads`): 1..kMaxThreads, RangeError
// otherwise (a thread holds its stack and scratch: a million of them is no request to honour).
inline constexpr std::uint64_t kMaxThreads = 256;
void require_threads(std::uint64_t threads);

// `text` fit to be quoted in a message: control characters and bytes that are no UTF-8 become
// \xNN (an input's bytes reach a terminal only as text), and past `max` bytes it is cut at a
// character's start and ends in "…".
std::string printable(std::string_view text, std::size_t max = 240);

// Refuses (MemoryError) a computation whose memory estimate exceeds the memory this process
// may use (usable_memory), unless force is set. `what` names the computation.
void require_memory(std::uint64_t bytes, const std::string& what, bool force = false);
// Physical memory of this machine in bytes.
std::uint64_t physical_memory();
// The memory this process may use: physical memory, or less where a limit is lower — the
// address space or data segment left under `ulimit -v`/`-d`, the memory cgroup's limit (a
// container's): past them an allocation fails however much the machine has.
std::uint64_t usable_memory();
// The resident set of this process in bytes (0 where /proc/self/statm cannot be read).
std::uint64_t resident_memory();
// The memory the machine has free for new allocations now (the kernel's MemAvailable, at most
// what usable_memory() leaves beside this process's resident set); 0 where it cannot be read.
std::uint64_t free_memory();

// The parameters in the name of a family member: "queen2_1" with prefix "queen" and count 2
// is {2, 1}. Parameters are decimal numerals of at most two digits without leading zeros,
// joined by '_', so that each member has one spelling; nullopt for any other name.
std::optional<std::vector<unsigned>> name_parameters(std::string_view name, std::string_view prefix, std::size_t count);

// Decimal text of a 128-bit integer (fmt and iostreams do not print __int128 portably).
// std::getline with a bound: a line longer than max_chars throws RangeError ("NAME line N: a
// line longer than MAX characters"), so that a stream without newlines (/dev/zero) is refused
// after max_chars characters instead of being read into memory.
bool getline_bounded(std::istream& in, std::string& line, std::size_t max_chars, std::string_view name,
                     std::uint64_t number);

std::string to_string(u128 value);
std::string to_string(i128 value);

}  // namespace qg
