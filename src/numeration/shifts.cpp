// The extremes of D_k(n) = [(n)_T 0^k]_T − ψ^k·n (seed 000 Theorem 15).
#include "detail.hpp"

namespace qg::numeration {

std::array<ShiftExtremes, 3> tribonacci_shift_extremes(std::uint64_t bound, const ProgressFn& progress) {
  if (bound < 1 || bound > (std::uint64_t{1} << 32))
    numeration_detail::range_error("tribonacci_shift_extremes", "the bound must be in 1..2^32");
  // ψ, ψ², ψ³ to long double precision: only for printing D_k.
  constexpr long double kPsiPower[3] = {kPsi, kPsi * kPsi, kPsi * kPsi * kPsi};
  std::array<ShiftExtremes, 3> extremes{};
  std::int64_t at_min[3] = {0, 0, 0}, at_max[3] = {0, 0, 0};  // [(n)_T 0^k]_T at argmin, argmax
  Poller poller(progress, bound);
  for (std::uint64_t n = 1; n < bound; ++n) {
    const u128 bits = tribonacci_bits(n);
    for (unsigned k = 1; k <= 3; ++k) {
      auto& e = extremes[k - 1];
      const auto shifted = static_cast<std::int64_t>(tribonacci_bits_value(bits << k));
      // a − ψ^k·b for integers a and b > 0 is negative iff a ≤ floor(ψ^k·b) (ψ^k·b is irrational).
      if (shifted - at_min[k - 1] <= static_cast<std::int64_t>(floor_n_psi<std::uint64_t>(n - e.argmin, k)))
        e.argmin = n, at_min[k - 1] = shifted;
      if (shifted - at_max[k - 1] > static_cast<std::int64_t>(floor_n_psi<std::uint64_t>(n - e.argmax, k)))
        e.argmax = n, at_max[k - 1] = shifted;
    }
    poller.tick(n);
  }
  poller.finish();
  for (unsigned k = 0; k < 3; ++k) {
    auto& e = extremes[k];
    e.min =
        static_cast<double>(static_cast<long double>(at_min[k]) - kPsiPower[k] * static_cast<long double>(e.argmin));
    e.max =
        static_cast<double>(static_cast<long double>(at_max[k]) - kPsiPower[k] * static_cast<long double>(e.argmax));
  }
  return extremes;
}

}  // namespace qg::numeration
