#include <algorithm>
#include <cctype>
#include <string>

#include "queengames/io.hpp"

namespace qg {
namespace {

// One reader for every number a user types:
//   sum    = term { ('+' | '-') term }          2^62-1, 10^9+7
//   term   = factor { '*' factor }              3*10^6
//   factor = digits '^' exponent                2^40
//          | digits [ '.' digits ] [ e exponent ]   1e9, 1.5e9 (an integer), 1000
// Digits may be grouped with '_' (1_000_000); spaces may stand around operators. A comma is
// refused, not skipped: "5,6" must not become 56. Exponents stay ≤ 10^4 and results below
// 2^(2^20), so that a typo cannot ask GMP for an astronomically large number.
class Reader {
 public:
  explicit Reader(std::string_view text) : text_(text) {}

  mpz_class sum() {
    mpz_class value = term();
    while (true) {
      skip_spaces();
      if (at('+')) ++pos_, value += term();
      else if (at('-')) ++pos_, value -= term();
      else break;
      check_size(value);
    }
    skip_spaces();
    if (pos_ != text_.size()) bad();
    if (value < 0) throw InputError("'" + echo_number(text_) + "' is negative: a natural number is needed");
    return value;
  }

 private:
  std::string_view text_;
  std::size_t pos_ = 0;

  [[noreturn]] void bad() const {
    std::string why = text_.find(',') != std::string_view::npos
                          ? " (commas are not read: write 1000000 or 1_000_000; two sizes are written WxH)"
                          : " (write e.g. 1000, 1e9, 1.5e9, 10^9, 2^40, 3*10^6, 2^62-1)";
    throw InputError("'" + echo_number(text_) + "' is not a natural number" + why);
  }
  bool at(char c) const { return pos_ < text_.size() && text_[pos_] == c; }
  bool at_digit() const { return pos_ < text_.size() && std::isdigit(static_cast<unsigned char>(text_[pos_])); }
  void skip_spaces() {
    while (pos_ < text_.size() && std::isspace(static_cast<unsigned char>(text_[pos_]))) ++pos_;
  }
  std::string digits() {
    if (!at_digit()) bad();
    std::string d;
    while (at_digit() ||
           (at('_') && pos_ + 1 < text_.size() && std::isdigit(static_cast<unsigned char>(text_[pos_ + 1])))) {
      if (!at('_')) d.push_back(text_[pos_]);
      ++pos_;
    }
    if (d.size() > 4000) throw RangeError("'" + echo_number(text_) + "' has more than 4000 digits in a row");
    return d;
  }
  unsigned long exponent() {
    std::string d = digits();
    d.erase(0, std::min(d.find_first_not_of('0'), d.size() - 1));
    if (d.size() > 5 || std::stoul(d) > 10000)
      throw RangeError("exponent in '" + echo_number(text_) + "' is larger than 10000");
    return std::stoul(d);
  }
  static mpz_class decimal(const std::string& d) { return mpz_class(d, 10); }  // "010" is ten, not octal
  void check_size(const mpz_class& v) const {
    if (mpz_sizeinbase(v.get_mpz_t(), 2) > (std::size_t{1} << 20))
      throw RangeError("'" + echo_number(text_) + "' has more than 2^20 bits");
  }

  mpz_class factor() {
    skip_spaces();
    std::string whole = digits();
    mpz_class r;
    if (at('^')) {
      ++pos_;
      const mpz_class base = decimal(whole);
      const unsigned long e = exponent();
      // Refused before it is computed: a 4000-digit base to the 10^4 would take seconds.
      if (base > 1 && (mpz_sizeinbase(base.get_mpz_t(), 2) - 1) * e > (std::size_t{1} << 20))
        throw RangeError("'" + echo_number(text_) + "' has more than 2^20 bits");
      mpz_pow_ui(r.get_mpz_t(), base.get_mpz_t(), e);
      return r;
    }
    std::string fraction;
    if (at('.')) {
      ++pos_;
      fraction = digits();
    }
    unsigned long e = 0;
    if (at('e') || at('E')) ++pos_, e = exponent();
    while (!fraction.empty() && fraction.back() == '0') fraction.pop_back();
    if (fraction.size() > e) throw InputError("'" + echo_number(text_) + "' is not an integer");
    mpz_ui_pow_ui(r.get_mpz_t(), 10, e - fraction.size());
    r *= decimal(whole + fraction);
    check_size(r);
    return r;
  }
  mpz_class term() {
    mpz_class value = factor();
    while (true) {
      skip_spaces();
      if (!at('*')) return value;
      ++pos_;
      value *= factor();
      check_size(value);
    }
  }
};

}  // namespace

mpz_class parse_natural(std::string_view text) { return Reader(text).sum(); }

std::string echo_number(std::string_view text) {
  if (text.size() <= 40) return std::string(text);
  return std::string(text.substr(0, 20)) + "…" + std::string(text.substr(text.size() - 10)) + " (" +
         std::to_string(text.size()) + " characters)";
}

std::uint64_t parse_u64(std::string_view text, std::uint64_t min, std::uint64_t max) {
  mpz_class v = parse_natural(text);
  mpz_class lo, hi;
  mpz_import(lo.get_mpz_t(), 1, 1, sizeof min, 0, 0, &min);
  mpz_import(hi.get_mpz_t(), 1, 1, sizeof max, 0, 0, &max);
  if (v < lo || v > hi)
    throw RangeError(echo_number(text) + " is out of range: the supported range is " + lo.get_str() + ".." +
                     hi.get_str());
  std::uint64_t out = 0;
  mpz_export(&out, nullptr, 1, sizeof out, 0, 0, v.get_mpz_t());
  return out;
}

}  // namespace qg
