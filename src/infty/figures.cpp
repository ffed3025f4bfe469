// The ∞-queens' discrepancies against nφ and n/φ as a chart with axes.
#include <algorithm>
#include <cmath>
#include <vector>

#include <fmt/format.h>

#include "queengames/infty.hpp"
#include "queengames/plot.hpp"

namespace qg::infty {

void draw_discrepancies(const std::filesystem::path& path, std::uint64_t count, std::uint32_t pixels,
                        const ProgressFn& progress) {
  constexpr std::uint64_t kMaxCount = 1'000'000'000;
  if (count < 1 || count > kMaxCount)
    throw RangeError(fmt::format("{} terms are out of range: the supported range is 1..{}", count, kMaxCount));
  plot::Chart chart;
  chart.title = fmt::format("INFTY-QUEENS: the discrepancies of q_1 … q_{}", count);
  chart.x_label = std::string("n");  // std::string(…): GCC 12 warns falsely (-Wrestrict) on assigning a literal
  chart.y_label = std::string("discrepancy");
  chart.x_min = 0, chart.x_max = static_cast<double>(count);
  chart.y_min = -3, chart.y_max = 5;  // Conjecture 25: −2 < q_n − nφ < 1, −3 < q_n − n/φ < 5
  chart.pixels = pixels;
  const double phi = (1 + std::sqrt(5.0)) / 2;
  // Each series runs the engine from q_1 (the terms are not kept: a few bytes per ten terms).
  auto series = [&](bool high, Rgb colour, const char* label) {
    plot::Series s;
    s.label = label;
    s.colour = colour;
    s.points = [=, &progress](const std::function<void(double, double)>& emit) {
      InftyQueens engine;
      std::vector<std::uint64_t> q(std::min<std::uint64_t>(count, 1 << 16));
      Poller poller(high ? progress : ProgressFn{}, count);
      for (std::uint64_t done = 0; done < count;) {
        const std::uint64_t k = std::min<std::uint64_t>(count - done, q.size());
        engine.step(k, q.data());
        for (std::uint64_t i = 0; i < k; ++i) {
          const std::uint64_t n = done + i + 1;
          if ((q[i] >= n) != high) continue;
          const auto x = static_cast<double>(n), v = static_cast<double>(q[i]);
          emit(x, high ? v - x * phi : v - x / phi);
        }
        done += k;
        poller.tick(done);
      }
    };
    return s;
  };
  chart.series.push_back(series(true, {220, 40, 40}, "high (q_n ≥ n): q_n − nφ"));
  chart.series.push_back(series(false, {40, 90, 220}, "low (q_n < n): q_n − n/φ"));
  plot::write_chart(path, chart);
}

}  // namespace qg::infty
