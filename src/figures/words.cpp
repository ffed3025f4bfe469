// The tour's pictures of seed 000 §5's words (not figures of the papers): the Fibonacci word
// as a rotation, and the Rauzy fractal of the Tribonacci word.
#include <algorithm>
#include <complex>
#include <numbers>

#include <fmt/format.h>

#include "parts.hpp"
#include "queengames/words.hpp"

namespace qg::figures {
namespace {

constexpr Rgb kLetters[] = {parts::kRed, parts::kBlue, parts::kGreen};

std::string prefix(const char* name, std::size_t n) {
  words::FixedPointStream s(words::Morphism::named(name));
  std::string w(n, '\0');
  s.read(w.data(), n);
  return w;
}

}  // namespace

plot::Figure fibonacci_word_figure(std::uint64_t letters) {
  if (letters < 2 || letters > 100000) throw RangeError("the Fibonacci word's picture takes 2..100000 letters");
  const double phi = std::numbers::phi;
  const std::string w = prefix("fibonacci", letters);
  const std::vector<double> d = words::letter_discrepancies(words::Morphism::named("fibonacci"), 'a', 1 / phi, letters);
  plot::Panel p;
  p.x_label = std::string("n"), p.y_label = std::string("$N_a(n)$ − n/φ");
  p.x_min = -0.5, p.x_max = static_cast<double>(letters) - 0.5;
  p.y_min = -1 / (phi * phi) - 0.08, p.y_max = 1 / phi + 0.08;
  plot::Line split;
  split.label = std::string("1/φ³: a below, b above");
  split.colour = parts::kGrey;
  split.dashed = true;
  split.x = {p.x_min, p.x_max}, split.y = {1 / (phi * phi * phi), 1 / (phi * phi * phi)};
  p.lines.push_back(std::move(split));
  for (char letter : {'a', 'b'}) {
    plot::Series s;
    s.label = fmt::format("$t_n$ = {}", letter);
    s.colour = kLetters[letter - 'a'];
    s.marker = plot::Marker::disc;
    s.size = 2;
    {
      plot::SeriesBuilder add(s, p, 2048);
      for (std::size_t n = 0; n < letters; ++n)
        if (w[n] == letter) add.add(static_cast<double>(n), d[n]);
    }
    p.series.push_back(std::move(s));
  }
  plot::Figure f;
  f.title = std::string("The Fibonacci word as a rotation by 1/φ (seed 000 §5)");
  f.subtitle = fmt::format(
      "the discrepancy of the letter a in the first n letters, n < {}, coloured by the next letter", letters);
  f.aspect = 0.45;
  f.panels.push_back(std::move(p));
  return f;
}

plot::Figure rauzy_figure(std::uint64_t points, const Options& options) {
  if (points < 2 || points > 100'000'000) throw RangeError("the Rauzy fractal's picture takes 2..10^8 points");
  const std::string w = prefix("tribonacci", points);
  const std::vector<std::complex<double>> z = words::tribonacci_rauzy_points(points);
  double x0 = 1e300, x1 = -1e300, y0 = 1e300, y1 = -1e300;
  for (const auto& at : z) {
    x0 = std::min(x0, at.real()), x1 = std::max(x1, at.real());
    y0 = std::min(y0, at.imag()), y1 = std::max(y1, at.imag());
  }
  plot::Panel p;
  p.x_label = std::string("Re"), p.y_label = std::string("Im");
  const double margin = 0.03 * std::max(x1 - x0, y1 - y0);
  p.x_min = x0 - margin, p.x_max = x1 + margin, p.y_min = y0 - margin, p.y_max = y1 + margin;
  p.equal_aspect = true;
  for (char letter : {'a', 'b', 'c'}) {
    plot::Series s;
    s.label = fmt::format("$t_n$ = {}", letter);
    s.colour = kLetters[letter - 'a'];
    s.size = 1;
    {
      plot::SeriesBuilder add(s, p, options.resolution);
      for (std::size_t n = 0; n < points; ++n)
        if (w[n] == letter) add.add(z[n].real(), z[n].imag());
    }
    p.series.push_back(std::move(s));
  }
  plot::Figure f;
  f.title = std::string("The Rauzy fractal of the Tribonacci word (seed 000 §5)");
  f.subtitle = fmt::format(
      "the discrepancy vectors of its first {} prefixes, coloured by the next letter: three subtiles", points);
  f.panels.push_back(std::move(p));
  parts::note_binned(f);
  return f;
}

}  // namespace qg::figures
