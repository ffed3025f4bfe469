// Discrepancies of fixed points, for the words' pictures (seed 000 §3–5).
#include <cmath>

#include "queengames/numeration.hpp"
#include "queengames/words.hpp"

namespace qg::words {

std::vector<double> letter_discrepancies(const Morphism& morphism, char letter, double frequency, std::size_t count) {
  std::string w(count, '\0');
  FixedPointStream(morphism).read(w.data(), count);
  std::vector<double> d(count);
  std::uint64_t seen = 0;
  for (std::size_t n = 0; n < count; ++n) {
    d[n] = static_cast<double>(seen) - static_cast<double>(n) * frequency;
    seen += w[n] == letter;
  }
  return d;
}

std::vector<std::complex<double>> tribonacci_rauzy_points(std::size_t count) {
  // β and its conjugate are the complex roots of x³ = x² + x + 1: β + β̄ = 1 − ψ, |β|² = 1/ψ.
  const double psi = static_cast<double>(numeration::kPsi);
  const std::complex<double> beta((1 - psi) / 2, std::sqrt(4 / psi - (1 - psi) * (1 - psi)) / 2);
  const std::complex<double> weight[] = {1.0, beta - 1.0, 1.0 / beta};
  std::string w(count, '\0');
  FixedPointStream(Morphism::named("tribonacci")).read(w.data(), count);
  std::vector<std::complex<double>> z(count);
  std::complex<double> at = 0;
  for (std::size_t n = 0; n < count; ++n) {
    z[n] = at;
    at += weight[w[n] - 'a'];
  }
  return z;
}

}  // namespace qg::words
