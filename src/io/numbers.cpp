#include <cctype>
#include <limits>

#include "queengames/io.hpp"

namespace qg {
namespace {

[[noreturn]] void bad_number(std::string_view text) {
  throw InputError("'" + std::string(text) +
                   "' is not a natural number (write e.g. 1000, 1e9, 10^9, 2^40, 3*10^6)");
}

// A factor is DIGITS, DIGITS e DIGITS, or DIGITS ^ DIGITS; exponents stay below 10^4 so
// that a typo cannot ask GMP for an astronomically large number.
mpz_class parse_factor(std::string_view f, std::string_view whole) {
  auto digits = [&](std::string_view d) {
    if (d.empty() || d.size() > 4000) bad_number(whole);
    for (char c : d)
      if (!std::isdigit(static_cast<unsigned char>(c))) bad_number(whole);
    return mpz_class(std::string(d), 10);  // base 10: "010" is ten, not octal
  };
  auto exponent = [&](std::string_view d) {
    mpz_class e = digits(d);
    if (e > 10000) throw RangeError("exponent in '" + std::string(whole) + "' is larger than 10000");
    return static_cast<unsigned long>(e.get_ui());
  };
  if (auto p = f.find('^'); p != std::string_view::npos) {
    mpz_class r;
    mpz_pow_ui(r.get_mpz_t(), digits(f.substr(0, p)).get_mpz_t(), exponent(f.substr(p + 1)));
    return r;
  }
  if (auto p = f.find_first_of("eE"); p != std::string_view::npos) {
    mpz_class r;
    mpz_ui_pow_ui(r.get_mpz_t(), 10, exponent(f.substr(p + 1)));
    return digits(f.substr(0, p)) * r;
  }
  return digits(f);
}

}  // namespace

mpz_class parse_natural(std::string_view text) {
  std::string t;
  for (char c : text)
    if (c != '_' && c != ',' && !std::isspace(static_cast<unsigned char>(c))) t.push_back(c);
  if (t.empty()) bad_number(text);
  mpz_class product = 1;
  std::string_view rest(t);
  while (true) {
    auto p = rest.find('*');
    product *= parse_factor(rest.substr(0, p), text);
    if (p == std::string_view::npos) break;
    rest.remove_prefix(p + 1);
  }
  return product;
}

std::uint64_t parse_u64(std::string_view text, std::uint64_t min, std::uint64_t max) {
  mpz_class v = parse_natural(text);
  mpz_class lo, hi;
  mpz_import(lo.get_mpz_t(), 1, 1, sizeof min, 0, 0, &min);
  mpz_import(hi.get_mpz_t(), 1, 1, sizeof max, 0, 0, &max);
  if (v < lo || v > hi)
    throw RangeError(std::string(text) + " is out of range: the supported range is " + lo.get_str() + ".." +
                     hi.get_str());
  std::uint64_t out = 0;
  mpz_export(&out, nullptr, 1, sizeof out, 0, 0, v.get_mpz_t());
  return out;
}

}  // namespace qg
