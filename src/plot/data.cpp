// The parts of a figure's description that are computed, not drawn: ticks, decimation of
// tables, binning of large point sets, colour maps.
#include <sys/stat.h>

#include <algorithm>
#include <cctype>
#include <cmath>

#include <fmt/format.h>

#include "queengames/plot.hpp"

namespace qg::plot {

Format format_of(const std::filesystem::path& path) {
  std::string ext = path.extension().string();
  std::transform(ext.begin(), ext.end(), ext.begin(), [](unsigned char c) { return std::tolower(c); });
  if (ext == ".svg") return Format::svg;
  if (ext == ".pdf") return Format::pdf;
  if (ext == ".png") return Format::png;
  // AtomicFile writes "-" and every existing node that is neither a file nor a folder in place.
  struct stat st;
  if (path == "-" || (::stat(path.c_str(), &st) == 0 && !S_ISREG(st.st_mode) && !S_ISDIR(st.st_mode)))
    return Format::png;
  throw InputError(
      fmt::format("'{}': the picture's format is taken from its extension: .svg, .pdf or .png", path.string()));
}

std::vector<double> ticks(double lo, double hi, int target) {
  if (!(hi > lo) || target < 1) return {lo};
  // step = m · 10^e, m ∈ {1, 2, 5}: the smallest at least (hi − lo)/target.
  const double raw = (hi - lo) / target;
  int e = static_cast<int>(std::floor(std::log10(raw)));
  double m = 10;
  for (double candidate : {1.0, 2.0, 5.0})
    if (candidate * std::pow(10.0, e) >= raw) {
      m = candidate;
      break;
    }
  if (m == 10) m = 1, ++e;
  // A tick k·m·10^e is computed as k·m divided (or multiplied) by an exact power of ten, so
  // that 0.6 is the double nearest 0.6, not 3 · 0.2.
  const double scale = std::pow(10.0, std::abs(e));
  auto value = [&](double k) { return e < 0 ? k * m / scale : k * m * scale; };
  const double step = value(1);
  std::vector<double> at;
  for (double k = std::ceil(lo / step - 1e-9); value(k) <= hi + step * 1e-9; ++k) at.push_back(value(k));
  return at;
}

std::string tick_label(double value, double step) {
  if (std::abs(value) < step * 1e-9) value = 0;  // no "-0"
  const int decimals = step >= 1 ? 0 : static_cast<int>(std::ceil(-std::log10(step) - 1e-9));
  const std::string digits = fmt::format("{:.{}f}", std::abs(value), decimals);
  return value < 0 ? "−" + digits : digits;  // a minus sign, not a hyphen
}

Rgb red_to_blue(double t) {
  t = std::clamp(t, 0.0, 1.0);
  // Hue from 0° (red) to 240° (blue) at full saturation: the map of seed 000 Fig. 5.
  const double h = 240.0 * t / 60.0, x = 1.0 - std::fabs(std::fmod(h, 2.0) - 1.0);
  double r = 0, g = 0, b = 0;
  if (h < 1) r = 1, g = x;
  else if (h < 2) r = x, g = 1;
  else if (h < 3) g = 1, b = x;
  else b = 1, g = x;
  auto c = [](double v) { return static_cast<std::uint8_t>(std::lround(255 * v)); };
  return {c(r), c(g), c(b)};
}

std::vector<Rgb> gradient(Rgb (*map)(double), std::size_t n) {
  std::vector<Rgb> colours(n);
  for (std::size_t i = 0; i < n; ++i) colours[i] = map(n > 1 ? static_cast<double>(i) / static_cast<double>(n - 1) : 0);
  return colours;
}

RasterBuilder::RasterBuilder(Raster& raster, std::uint32_t width, std::uint32_t height, std::uint32_t block)
    : r_(raster), width_(width), height_(height), block_(std::max<std::uint32_t>(block, 1)) {
  r_.columns = (width + block_ - 1) / block_;
  r_.rows = (height + block_ - 1) / block_;
  // The centre of block (0, 0): the cells 0 … block − 1 of the first row and column.
  r_.x0 += r_.cell * (block_ - 1) / 2.0;
  r_.y0 += r_.cell * (block_ - 1) / 2.0;
  r_.cell *= block_;
  r_.block *= block_;
  r_.code.clear();
  r_.code.reserve(static_cast<std::size_t>(r_.columns) * r_.rows);
  const std::size_t codes = r_.decimation == Decimation::majority ? std::max<std::size_t>(r_.palette.size(), 1) : 1;
  histogram_.assign(static_cast<std::size_t>(r_.columns) * codes,
                    r_.decimation == Decimation::minimum ? UINT32_MAX : 0);
}

void RasterBuilder::add_row(const std::uint16_t* codes) {
  if (block_ == 1) {
    r_.code.insert(r_.code.end(), codes, codes + width_);
    return;
  }
  const std::size_t n = r_.decimation == Decimation::majority ? std::max<std::size_t>(r_.palette.size(), 1) : 1;
  for (std::uint32_t x = 0; x < width_; ++x) {
    const std::size_t column = x / block_;
    if (r_.decimation == Decimation::minimum)
      histogram_[column] = std::min<std::uint32_t>(histogram_[column], codes[x]);
    else if (codes[x] < n) ++histogram_[column * n + codes[x]];
  }
  ++rows_total_;
  if (++rows_in_ == block_ || rows_total_ == height_) emit();
}

void RasterBuilder::emit() {
  const std::size_t n = r_.decimation == Decimation::majority ? std::max<std::size_t>(r_.palette.size(), 1) : 1;
  for (std::uint32_t c = 0; c < r_.columns; ++c) {
    auto* h = histogram_.data() + c * n;
    // Majority: the most frequent code, the smallest of a tie.
    r_.code.push_back(
        static_cast<std::uint16_t>(r_.decimation == Decimation::minimum ? h[0] : std::max_element(h, h + n) - h));
  }
  std::fill(histogram_.begin(), histogram_.end(), r_.decimation == Decimation::minimum ? UINT32_MAX : 0);
  rows_in_ = 0;
}

Raster decimate(const Raster& r, std::uint32_t block) {
  if (block <= 1) return r;
  Raster d = r;
  {
    RasterBuilder b(d, r.columns, r.rows, block);
    for (std::uint32_t y = 0; y < r.rows; ++y) b.add_row(r.code.data() + static_cast<std::size_t>(y) * r.columns);
  }
  return d;
}

std::string decimation_note(const std::vector<const Raster*>& rasters) {
  std::uint32_t majority = 1, minimum = 1;
  for (const Raster* r : rasters)
    (r->decimation == Decimation::majority ? majority : minimum) =
        std::max(r->decimation == Decimation::majority ? majority : minimum, r->block);
  std::string note;
  if (majority > 1)
    note = fmt::format(
        "Each pixel of a table shows the most frequent class of its block of up to {0}×{0} cells (block "
        "majority); more pixels, or a PDF, show every cell.",
        majority);
  if (minimum > 1)
    note += fmt::format(
        "{0}Each pixel of a table shows the smallest value of its block of up to {1}×{1} cells (so "
        "the zeros, the P-positions, survive).",
        note.empty() ? "" : " ", minimum);
  return note;
}

std::string decimation_note(const Figure& figure) {
  std::vector<const Raster*> rasters;
  for (const Panel& p : figure.panels)
    for (const Raster& r : p.rasters) rasters.push_back(&r);
  return decimation_note(rasters);
}

std::uint32_t block_for(std::uint64_t cells, std::uint32_t pixels) {
  pixels = std::max<std::uint32_t>(pixels, 1);
  return static_cast<std::uint32_t>(std::max<std::uint64_t>(1, (cells + pixels - 1) / pixels));
}

SeriesBuilder::SeriesBuilder(Series& series, const Panel& panel, std::uint32_t resolution, double aspect)
    : s_(series),
      x_min_(panel.x_min),
      x_max_(panel.x_max),
      y_min_(panel.y_min),
      y_max_(panel.y_max),
      aspect_(panel.equal_aspect ? (panel.y_max - panel.y_min) / (panel.x_max - panel.x_min) : aspect),
      y_down_(panel.y_down),
      resolution_(std::clamp<std::uint32_t>(resolution, 16, 2048)) {}

void SeriesBuilder::add(double x, double y) {
  if (!(x >= x_min_ && x <= x_max_ && y >= y_min_ && y <= y_max_)) return;
  ++s_.points;
  if (s_.binned) return bin(x, y);
  if (s_.x.size() < kMaxDots) {
    s_.x.push_back(x);
    s_.y.push_back(y);
    return;
  }
  // One point too many to draw one by one: from here on the series is counted in bins, the
  // frame's longer side cut into `resolution` of them and the other in proportion.
  // The frame's height is aspect_ times its width.
  s_.bin_columns =
      aspect_ <= 1 ? resolution_ : std::max<std::uint32_t>(1, static_cast<std::uint32_t>(resolution_ / aspect_));
  s_.bin_rows =
      aspect_ >= 1 ? resolution_ : std::max<std::uint32_t>(1, static_cast<std::uint32_t>(resolution_ * aspect_));
  s_.count.assign(static_cast<std::size_t>(s_.bin_columns) * s_.bin_rows, 0);
  s_.binned = true;
  for (std::size_t i = 0; i < s_.x.size(); ++i) bin(s_.x[i], s_.y[i]);
  std::vector<double>().swap(s_.x);
  std::vector<double>().swap(s_.y);
  bin(x, y);
}

void SeriesBuilder::bin(double x, double y) {
  const double fx = (x - x_min_) / (x_max_ - x_min_), fy = (y - y_min_) / (y_max_ - y_min_);
  const auto c = std::min(s_.bin_columns - 1, static_cast<std::uint32_t>(fx * s_.bin_columns));
  auto r = std::min(s_.bin_rows - 1, static_cast<std::uint32_t>(fy * s_.bin_rows));
  if (!y_down_) r = s_.bin_rows - 1 - r;  // row 0 at the frame's top
  ++s_.count[static_cast<std::size_t>(r) * s_.bin_columns + c];
}

}  // namespace qg::plot
