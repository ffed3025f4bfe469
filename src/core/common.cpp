#include "queengames/common.hpp"

#include <algorithm>

namespace qg {

std::string to_string(u128 value) {
  if (value == 0) return "0";
  std::string s;
  while (value != 0) {
    s.push_back(static_cast<char>('0' + static_cast<int>(value % 10)));
    value /= 10;
  }
  std::reverse(s.begin(), s.end());
  return s;
}

std::string to_string(i128 value) {
  if (value >= 0) return to_string(static_cast<u128>(value));
  // Negate in unsigned arithmetic so that the most negative value is handled too.
  std::string s = to_string(static_cast<u128>(0) - static_cast<u128>(value));
  s.insert(s.begin(), '-');
  return s;
}

}  // namespace qg
