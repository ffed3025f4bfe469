// The partition-invariant digest of a table (Digest61, blocking.hpp): Σ (v + 1)·r^(y·W + x)
// mod 2^61 − 1, a row at a time.
#include "blocking/census.hpp"

namespace qg::blocking {

namespace detail {

std::uint64_t pow61(std::uint64_t base, std::uint64_t e) {
  std::uint64_t result = 1;
  for (; e; e >>= 1, base = mul61(base, base))
    if (e & 1) result = mul61(result, base);
  return result;
}

}  // namespace detail

void Digest61::add_row(std::uint64_t y, std::span<const std::uint32_t> values, std::uint64_t x0) {
  using detail::add61, detail::mul61;
  // Σ_i (values[i] + 1)·r^i by Horner's rule in four interleaved chains (indices ≡ j mod 4,
  // each stepping by r^4): one chain's multiplications wait on each other, four keep the
  // multiplier busy.
  const std::uint64_t n = values.size(), whole = n - n % 4, r = kDigestBase, r4 = detail::pow61(r, 4);
  std::uint64_t h[4] = {0, 0, 0, 0};
  for (std::uint64_t i = whole; i > 0; i -= 4)
    for (unsigned j = 0; j < 4; ++j) h[j] = add61(mul61(h[j], r4), values[i - 4 + j] + std::uint64_t{1});
  std::uint64_t row = 0, power = 1;
  for (unsigned j = 0; j < 4; ++j, power = mul61(power, r)) row = add61(row, mul61(h[j], power));
  power = detail::pow61(r, whole);
  for (std::uint64_t i = whole; i < n; ++i, power = mul61(power, r))
    row = add61(row, mul61(values[i] + std::uint64_t{1}, power));
  // y·W + x0 < 2^62 for the tables the module supports (sides below 2^31).
  value_ = add61(value_, mul61(row, detail::pow61(r, y * width_ + x0)));
}

void Digest61::add(std::uint64_t digest) { value_ = detail::add61(value_, digest % kDigestPrime); }

}  // namespace qg::blocking
