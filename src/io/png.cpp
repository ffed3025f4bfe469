#include <png.h>

#include <algorithm>
#include <cmath>
#include <memory>
#include <vector>

#include "queengames/io.hpp"

namespace qg {
namespace {

void png_error_handler(png_structp, png_const_charp message) { throw InputError(std::string("PNG: ") + message); }
void png_warning_handler(png_structp, png_const_charp) {}
void png_write_to_stream(png_structp png, png_bytep data, png_size_t length) {
  auto* out = static_cast<std::ostream*>(png_get_io_ptr(png));
  out->write(reinterpret_cast<const char*>(data), static_cast<std::streamsize>(length));
}
void png_flush_stream(png_structp png) { static_cast<std::ostream*>(png_get_io_ptr(png))->flush(); }

}  // namespace

void write_png(std::ostream& out, std::uint32_t width, std::uint32_t height,
               const std::function<void(std::uint32_t, Rgb*)>& row, const ProgressFn& progress, int compression) {
  if (width == 0 || height == 0 || width > (1u << 16) || height > (1u << 16))
    throw RangeError("a picture must be 1..65536 pixels a side");
  if (compression < -1 || compression > 9) throw RangeError("a PNG's compression level is 0..9 (or -1: the default)");
  png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, nullptr, png_error_handler, png_warning_handler);
  png_infop info = png ? png_create_info_struct(png) : nullptr;
  if (!png || !info) {
    png_destroy_write_struct(&png, nullptr);
    throw std::runtime_error("libpng could not start");
  }
  struct Guard {
    png_structp* p;
    png_infop* i;
    ~Guard() { png_destroy_write_struct(p, i); }
  } guard{&png, &info};
  png_set_write_fn(png, &out, png_write_to_stream, png_flush_stream);
  png_set_IHDR(png, info, width, height, 8, PNG_COLOR_TYPE_RGB, PNG_INTERLACE_NONE, PNG_COMPRESSION_TYPE_DEFAULT,
               PNG_FILTER_TYPE_DEFAULT);
  if (compression >= 0) png_set_compression_level(png, compression);
  png_write_info(png, info);
  std::vector<Rgb> pixels(width);
  Poller poller(progress, height);
  for (std::uint32_t y = 0; y < height; ++y) {
    std::fill(pixels.begin(), pixels.end(), Rgb{255, 255, 255});
    row(y, pixels.data());
    png_write_row(png, reinterpret_cast<png_const_bytep>(pixels.data()));
    poller.tick(y + 1);
  }
  png_write_end(png, nullptr);
  poller.finish();
}

void write_png(const std::filesystem::path& path, std::uint32_t width, std::uint32_t height,
               const std::function<void(std::uint32_t, Rgb*)>& row, const ProgressFn& progress) {
  if (width == 0 || height == 0 || width > (1u << 16) || height > (1u << 16))
    throw RangeError("a picture must be 1..65536 pixels a side");  // before the file is created
  AtomicFile file(path, true);
  write_png(file.stream(), width, height, row, progress);
  file.commit();
}

std::string Sum64::hex() const {
  static const char digits[] = "0123456789abcdef";
  std::string s(16, '0');
  for (int i = 0; i < 16; ++i) s[15 - i] = digits[(sum >> (4 * i)) & 15];
  return s;
}

}  // namespace qg
