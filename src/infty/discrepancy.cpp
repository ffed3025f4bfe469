// Exact values of the discrepancies q − nφ and q − n/φ, for the records tables.
#include <algorithm>

#include <gmpxx.h>

#include "queengames/infty.hpp"
#include "queengames/numeration.hpp"

namespace qg::infty {

int infty_histogram_bin(std::int64_t floor_value) {
  return static_cast<int>(std::clamp<std::int64_t>(floor_value - InftyStats::kHistMin, 0, InftyStats::kHistBins - 1));
}

std::int64_t infty_histogram_floor(int bin) { return InftyStats::kHistMin + bin; }

std::string infty_discrepancy_decimal(const InftyTerm& term, bool high, int digits) {
  if (digits < 0 || digits > 30) throw RangeError("decimals must be in 0..30");
  // value = q' − nφ with q' = q (high) or q + n (low, as n/φ = nφ − n). With y = 10^d·nφ,
  // round(10^d·value) = 10^d·q' − ceil(y − 1/2), and ceil(y − 1/2) = floor((floor(2y) − 1)/2) + 1
  // because y is irrational; floor(2y) = floor(mφ) for m = 2·10^d·n.
  mpz_class scale;
  mpz_ui_pow_ui(scale.get_mpz_t(), 10, static_cast<unsigned long>(digits));
  mpz_class n = numeration::to_mpz(u128{term.n});
  mpz_class q = numeration::to_mpz(u128{term.q}) + (high ? mpz_class(0) : n);
  mpz_class twice_y = numeration::floor_n_phi<mpz_class>(2 * scale * n);
  mpz_class half;
  mpz_fdiv_q_2exp(half.get_mpz_t(), mpz_class(twice_y - 1).get_mpz_t(), 1);
  mpz_class rounded = scale * q - (half + 1);
  bool negative = q <= numeration::floor_n_phi<mpz_class>(n);  // value < 0 ⟺ q' < nφ ⟺ q' ≤ floor(nφ)
  mpz_class magnitude = abs(rounded);
  mpz_class whole = magnitude / scale, fraction = magnitude % scale;
  std::string text(negative ? "-" : "");
  text.append(whole.get_str());
  if (digits > 0) {
    std::string f = fraction.get_str();
    text.push_back('.');
    text.append(static_cast<std::size_t>(digits) - f.size(), '0');
    text.append(f);
  }
  return text;
}

std::string infty_discrepancy_exact(const InftyTerm& term, bool high) {
  std::string n = term.n == 1 ? "" : std::to_string(term.n);
  return std::to_string(term.q) + " - " + n + (high ? "φ" : "/φ");
}

}  // namespace qg::infty
