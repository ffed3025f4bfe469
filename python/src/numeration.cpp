// queengames.numeration: exact numeration systems and exact floors of n·φ^k, n·ψ^k for Python
// ints of any size (the library's GMP versions), as the CLI's `repr` and `floor`.
#include <string>
#include <string_view>

#include <fmt/format.h>

#include "bind.hpp"
#include "queengames/numeration.hpp"

namespace qg::python {

namespace {

namespace nu = qg::numeration;

// A Python int of any size (through its hexadecimal digits), or a string as the CLI reads a
// number ("2^100", "-5").
mpz_class to_mpz(const py::handle& value) {
  if (PyLong_Check(value.ptr()) && !py::isinstance<py::bool_>(value)) {
    const auto hex = py::reinterpret_steal<py::str>(PyNumber_ToBase(value.ptr(), 16)).cast<std::string>();
    const bool negative = hex[0] == '-';
    const mpz_class magnitude(hex.substr(negative ? 3 : 2), 16);  // after "0x" or "-0x"
    return negative ? mpz_class(-magnitude) : magnitude;
  }
  const std::string text = number_text(value);
  if (!text.empty() && text[0] == '-') return -qg::parse_natural(std::string_view(text).substr(1));
  return qg::parse_natural(text);
}

// n ≥ 0; a negative n gets the library parser's message, as on the command line.
mpz_class natural(const py::handle& value) {
  const mpz_class n = to_mpz(value);
  if (n < 0) return qg::parse_natural(n.get_str());
  return n;
}

struct System {
  const char* name;
  std::string (*represent)(const mpz_class&);
  mpz_class (*evaluate)(std::string_view);
};
constexpr const char* kSystems = "tribonacci, zeckendorf, negafibonacci or binary";

System system(const std::string& name) {
  for (const System s :
       {System{"tribonacci", nu::tribonacci_representation<mpz_class>, nu::tribonacci_value<mpz_class>},
        System{"zeckendorf", nu::zeckendorf_representation<mpz_class>, nu::zeckendorf_value<mpz_class>},
        System{"negafibonacci", nu::negafibonacci_representation<mpz_class>, nu::negafibonacci_value<mpz_class>},
        System{"binary", nu::binary_representation<mpz_class>, nu::binary_value<mpz_class>}})
    if (name == s.name) return s;
  throw qg::InputError(fmt::format("unknown system '{}' (use {})", name, kSystems));
}

mpz_class exact_floor(const std::string& constant, const mpz_class& n) {
  if (constant == "phi") return nu::floor_n_phi(n);
  if (constant == "phi2") return nu::floor_n_phi2(n);
  if (constant == "1/phi") return nu::floor_n_over_phi(n);
  for (unsigned k = 1; k <= 3; ++k) {
    const std::string power = k == 1 ? "psi" : "psi" + std::to_string(k);
    if (constant == power) return nu::floor_n_psi(n, k);
    if (constant == "1/" + power) return nu::floor_n_over_psi(n, k);
  }
  throw qg::InputError(
      fmt::format("unknown constant '{}' (use phi, phi2, 1/phi, psi, psi2, psi3, 1/psi, 1/psi2 or 1/psi3)", constant));
}

}  // namespace

void bind_numeration(py::module_& m) {
  auto numeration = m.def_submodule(
      "numeration", "Exact numeration systems and exact floors at any size (GMP), as the CLI's repr and floor.");
  numeration.def(
      "representation",
      [](const std::string& name, const py::object& n) {
        const System s = system(name);
        const mpz_class value = to_mpz(n);
        if (value < 0 && name != "negafibonacci")
          throw qg::InputError(
              fmt::format("'{}': only the negafibonacci system has negative numbers", value.get_str()));
        return s.represent(value);
      },
      py::arg("system"), py::arg("n"),
      "The digits of n, most significant first, as the papers write them: (n)_T of seed 000 §5.1\n"
      "('tribonacci'), 'zeckendorf', 'negafibonacci' (seed 002 §5; every integer) or 'binary'.");
  numeration.def(
      "value", [](const std::string& name, const std::string& digits) { return to_py(system(name).evaluate(digits)); },
      py::arg("system"), py::arg("digits"),
      "[digits] in a system, canonical or not (digits 0-9 allowed but for binary): a Python int.");
  numeration.def(
      "floor",
      [](const std::string& constant, const py::object& n) { return to_py(exact_floor(constant, natural(n))); },
      py::arg("constant"), py::arg("n"),
      "floor(n·c) exactly for n ≥ 0 of any size, c one of phi, phi2, 1/phi, psi, psi2, psi3, 1/psi,\n"
      "1/psi2, 1/psi3 (φ the golden ratio, ψ the Tribonacci constant).");
}

}  // namespace qg::python
