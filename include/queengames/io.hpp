// queengames — output that never leaves half a file, number parsing, and PNG pictures.
#pragma once

#include <gmpxx.h>

#include <cstdint>
#include <filesystem>
#include <fstream>
#include <functional>
#include <string>
#include <string_view>

#include "queengames/common.hpp"

namespace qg {

// ---- numbers as users write them ----------------------------------------------------

// "1000", "1e9", "10^9", "2^40", "3*10^6", "1_000_000" → the exact natural number.
// Throws InputError for anything else (negative numbers, fractions such as 1.5e0, junk).
mpz_class parse_natural(std::string_view text);
// The same, narrowed to [min, max]; the RangeError names the range.
std::uint64_t parse_u64(std::string_view text, std::uint64_t min = 0,
                        std::uint64_t max = UINT64_MAX);

// ---- atomic files -------------------------------------------------------------------

// Writes to "<path>.tmp.<pid>" beside the target and renames over it on commit(), so an
// interrupted run never leaves a half-written file. Destroying it uncommitted removes
// the temporary. Throws InputError when the directory is not writable.
class AtomicFile {
 public:
  explicit AtomicFile(std::filesystem::path path, bool binary = false);
  AtomicFile(const AtomicFile&) = delete;
  AtomicFile& operator=(const AtomicFile&) = delete;
  ~AtomicFile();
  std::ostream& stream() { return out_; }
  const std::filesystem::path& temporary_path() const { return tmp_; }
  void commit();  // flush, check the stream, rename; throws InputError on I/O failure

 private:
  std::filesystem::path path_, tmp_;
  std::ofstream out_;
  bool committed_ = false;
};

// ---- PNG ---------------------------------------------------------------------------

struct Rgb {
  std::uint8_t r, g, b;
};

// Streams an 8-bit RGB PNG row by row: row(y, pixels) fills width pixels of row y.
// Written atomically (AtomicFile) through libpng. Progress counts rows written.
void write_png(const std::filesystem::path& path, std::uint32_t width, std::uint32_t height,
               const std::function<void(std::uint32_t y, Rgb* pixels)>& row, const ProgressFn& progress = {});

// Colour maps for integer tables.
Rgb red_to_blue(double t);  // t in [0,1]: red (0) → yellow → green → blue (1), seed 000 Fig. 5
Rgb grey(double t);         // t in [0,1]: white (0) → black (1)

// Draws an integer table of W×H cells (value(x, y), x the column, y the row from the top)
// into an image of at most max_side pixels a side: cells are enlarged to whole pixels when
// the table is small and downsampled (a pixel takes the minimum of its block, so zeros and
// P-positions survive) when it is large. Values ≥ 0 use the colour map on value/vmax;
// `highlight` (e.g. value 0 for P-positions) is drawn in black; negative values are white.
struct TablePicture {
  std::uint64_t width = 0, height = 0;
  std::function<std::int64_t(std::uint64_t x, std::uint64_t y)> value;
  std::int64_t vmax = 1;
  bool highlight_zero = true;
  std::uint32_t max_side = 1024;
  Rgb (*colour)(double) = red_to_blue;
  ProgressFn progress;  // rows of pixels written
};
void write_table_png(const std::filesystem::path& path, const TablePicture& picture);

// Scatter plot of integer points (x right, y down, origin at the top left of the box
// [x0, x1] × [y0, y1]) in black on white, at most max_side pixels a side.
struct PointPlot {
  std::int64_t x0 = 0, x1 = 0, y0 = 0, y1 = 0;
  std::uint32_t max_side = 1024;
  std::function<void(const std::function<void(std::int64_t x, std::int64_t y)>& plot)> points;
  ProgressFn progress;  // rows of pixels written
};
void write_point_png(const std::filesystem::path& path, const PointPlot& plot);

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
