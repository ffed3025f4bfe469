// queengames — output that never leaves half a file, number parsing, and PNG pictures.
#pragma once

#include <gmpxx.h>

#include <cstdint>
#include <filesystem>
#include <fstream>
#include <functional>
#include <ostream>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "queengames/common.hpp"
#include "queengames/rgb.hpp"

namespace qg {

// ---- numbers as users write them ----------------------------------------------------

// "1000", "1e9", "1.5e9", "10^9", "2^40", "3*10^6", "2^62-1", "1_000_000" → the exact natural
// number. Throws InputError for anything else: negative numbers, what is not an integer (1.5e0),
// commas ("5,6" is not 56), junk; RangeError for exponents above 10^4.
mpz_class parse_natural(std::string_view text);
// The same, narrowed to [min, max]; the RangeError names the range.
std::uint64_t parse_u64(std::string_view text, std::uint64_t min = 0, std::uint64_t max = UINT64_MAX);
// What a message shows of a number as written: the text up to 40 characters; past that its
// first 20 and last 10 characters and its length (2^10000 written out has 3011 digits).
std::string echo_number(std::string_view text);

// A JSON string literal of `text`: quoted, with '"', '\\' and control bytes escaped (the files
// written line by line, such as census.json and a sweep's JSON, where a command line is quoted).
std::string json_string(std::string_view text);

// ---- atomic files -------------------------------------------------------------------

// Output that never destroys what it writes into and never leaves half a file.
//  - A regular file, or a path that does not exist, is written to a temporary file beside it,
//    "<name>.tmp.<pid>", renamed over the target by commit() (keeping an existing file's
//    permission bits). Destroying the AtomicFile uncommitted removes the temporary.
//  - A symbolic link is followed: its final target is written, the link stays.
//  - A target that is not a regular file (a character device such as /dev/null, a FIFO, a
//    terminal) is opened and written in place: renaming over it would replace a device node.
//  - "-" is standard output, written in place.
//  - A file directly in /dev that is not a device (/dev/x.svg, a mistyped /dev/null) is
//    refused: /dev holds the system's devices, not files.
// While a run writes its temporary it holds an advisory lock (flock) on it, so a temporary
// that nobody holds was left by a run that was killed (SIGKILL, `timeout -k`): the next
// AtomicFile to the same target removes it and lists it in stale_removed().
// Every write to stream() that fails throws std::ios_base::failure (a full disk is reported
// at the first line that does not fit). Throws InputError when the target cannot be written.
class AtomicFile {
 public:
  explicit AtomicFile(std::filesystem::path path, bool binary = false);
  AtomicFile(const AtomicFile&) = delete;
  AtomicFile& operator=(const AtomicFile&) = delete;
  ~AtomicFile();
  std::ostream& stream() { return *stream_; }
  // The temporary written to; empty when the target is written in place.
  const std::filesystem::path& temporary_path() const { return tmp_; }
  // Stale temporaries of killed runs to the same target, removed by the constructor.
  const std::vector<std::filesystem::path>& stale_removed() const { return stale_; }
  void commit();  // flush, check the stream, rename; throws InputError on I/O failure

 private:
  std::filesystem::path path_, tmp_;
  std::ofstream out_;
  std::ostream stdout_{nullptr};  // "-": shares std::cout's buffer, with its own error mask
  std::ostream* stream_ = &out_;
  int lock_fd_ = -1;
  bool committed_ = false;
  std::vector<std::filesystem::path> stale_;
};

// Removes the temporaries "<name>.tmp.<digits>" beside `target` (after following symbolic
// links) that no live AtomicFile holds, and returns their paths. AtomicFile's constructor calls
// it; a program may call it first to report what it removes.
std::vector<std::filesystem::path> remove_stale_temporaries(const std::filesystem::path& target);

// A new folder of small files, written at once: the files go into a temporary folder beside
// it, "<dir>.tmp.<pid>", renamed to `dir` once all are written, so that `dir` never holds half of
// them. `files` maps a relative path ("Automata Library/x.txt") to its text. `dir` must not exist
// or be an empty folder: InputError otherwise (nothing already there is replaced) and when it
// cannot be written; the temporary is removed on every failure.
void write_new_folder(const std::filesystem::path& dir, const std::vector<std::pair<std::string, std::string>>& files);
// What write_new_folder requires of `dir`, asked before the work that fills it (InputError).
void require_new_folder(const std::filesystem::path& dir);

// ---- small text files --------------------------------------------------------------

// The whole text of a file that is small by nature (a dictionary, a table, a Walnut automaton
// or command file). What cannot be one is refused with a RangeError naming `kind` ("no
// dictionary needs"): more than max_bytes, or a line longer than max_line (/dev/zero is
// refused after max_line bytes, an endless FIFO after max_bytes). No call waits without a
// timeout: the file is opened non-blocking and waited on in slices of 100 ms, each followed
// by a call of `progress` (bytes read out of max_bytes), where a caller's cancellation is
// raised — so a FIFO that no one writes to is abandoned on a signal, wherever it arrives.
// InputError when the file cannot be read (the reason from the system).
std::string read_text_file(const std::filesystem::path& path, std::size_t max_bytes, std::size_t max_line,
                           std::string_view kind, const ProgressFn& progress = {});

// ---- PNG ---------------------------------------------------------------------------

// Streams an 8-bit RGB PNG row by row: row(y, pixels) fills width pixels of row y.
// Written atomically (AtomicFile) through libpng. Progress counts rows written.
void write_png(const std::filesystem::path& path, std::uint32_t width, std::uint32_t height,
               const std::function<void(std::uint32_t y, Rgb* pixels)>& row, const ProgressFn& progress = {});
// The same into a stream (the caller makes it atomic). `compression` is zlib's level, 0..9, or −1 for
// libpng's default: a tile served at once takes 1 (a noisy 256² tile: 16 ms at the default, a few at 1).
void write_png(std::ostream& out, std::uint32_t width, std::uint32_t height,
               const std::function<void(std::uint32_t y, Rgb* pixels)>& row, const ProgressFn& progress = {},
               int compression = -1);

// ---- checksums ---------------------------------------------------------------------

// sum64 of a W-wide table: Σ (v(x,y) + 1)·(2·(y·W + x) + 1) mod 2^64 (issue convention),
// accumulated cell by cell.
struct Sum64 {
  std::uint64_t width;
  std::uint64_t sum = 0;
  void add(std::uint64_t x, std::uint64_t y, std::int64_t v) {
    sum += (static_cast<std::uint64_t>(v) + 1) * (2 * (y * width + x) + 1);
  }
  std::string hex() const;  // 16 lowercase hex digits
};

}  // namespace qg
