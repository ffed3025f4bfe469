// queengames repr / floor, and the numeration tour section: exact numeration systems and
// exact floors of n·φ^k, n·ψ^k at any size (GMP).
#include <fmt/format.h>

#include <iostream>
#include <nlohmann/json.hpp>

#include "cli.hpp"
#include "queengames/numeration.hpp"

namespace {

const char* const kSystems = "tribonacci, zeckendorf, negafibonacci or binary";

// N as users write it (1e9, 2^100, …); a leading '-' only where negative numbers exist.
mpz_class parse_integer(const std::string& text, bool allow_negative) {
  if (!text.empty() && text[0] == '-') {
    if (!allow_negative) throw qg::InputError("'" + text + "': only the negafibonacci system has negative numbers");
    return -qg::parse_natural(std::string_view(text).substr(1));
  }
  return qg::parse_natural(text);
}

struct ReprOptions {
  std::string system, n, value;
  bool json = false;
};

// `value_given`: --value was given (its digits may be empty: the empty word is 0, as leading
// zeros are dropped, and 0 is written "0" — the one convention of the library).
void run_repr(const ReprOptions& o, bool value_given) {
  std::string (*represent)(const mpz_class&) = nullptr;
  mpz_class (*evaluate)(std::string_view) = nullptr;
  if (o.system == "tribonacci")
    represent = qg::numeration::tribonacci_representation<mpz_class>,
    evaluate = qg::numeration::tribonacci_value<mpz_class>;
  else if (o.system == "zeckendorf")
    represent = qg::numeration::zeckendorf_representation<mpz_class>,
    evaluate = qg::numeration::zeckendorf_value<mpz_class>;
  else if (o.system == "negafibonacci")
    represent = qg::numeration::negafibonacci_representation<mpz_class>,
    evaluate = qg::numeration::negafibonacci_value<mpz_class>;
  else if (o.system == "binary")
    represent = qg::numeration::binary_representation<mpz_class>, evaluate = qg::numeration::binary_value<mpz_class>;
  else throw qg::InputError("unknown system '" + o.system + "' (use " + kSystems + ")");
  if (o.n.empty() == !value_given) throw qg::InputError("repr needs either N or --value DIGITS");
  mpz_class n;
  std::string digits;
  if (!value_given) {
    n = parse_integer(o.n, o.system == "negafibonacci");
    digits = represent(n);
  } else {
    digits = o.value;
    n = evaluate(digits);
  }
  if (o.json) std::cout << nlohmann::json{{"system", o.system}, {"n", n.get_str()}, {"digits", digits}}.dump() << "\n";
  else std::cout << (!value_given ? digits : n.get_str()) << "\n";
}

struct FloorOptions {
  std::string constant, n;
  bool json = false;
};

mpz_class exact_floor(const std::string& constant, const mpz_class& n) {
  if (constant == "phi") return qg::numeration::floor_n_phi(n);
  if (constant == "phi2") return qg::numeration::floor_n_phi2(n);
  if (constant == "1/phi") return qg::numeration::floor_n_over_phi(n);
  for (unsigned k = 1; k <= 3; ++k) {
    const std::string power = k == 1 ? "psi" : "psi" + std::to_string(k);
    if (constant == power) return qg::numeration::floor_n_psi(n, k);
    if (constant == "1/" + power) return qg::numeration::floor_n_over_psi(n, k);
  }
  throw qg::InputError("unknown constant '" + constant +
                       "' (use phi, phi2, 1/phi, psi, psi2, psi3, 1/psi, 1/psi2 or 1/psi3)");
}

void run_floor(const FloorOptions& o) {
  const mpz_class n = qg::parse_natural(o.n);
  const mpz_class result = exact_floor(o.constant, n);
  if (o.json)
    std::cout << nlohmann::json{{"constant", o.constant}, {"n", n.get_str()}, {"floor", result.get_str()}}.dump()
              << "\n";
  else std::cout << result.get_str() << "\n";
}

QG_COMMAND("repr", [](CLI::App& app) {
  auto o = std::make_shared<ReprOptions>();
  auto* cmd = app.add_subcommand("repr", "a number in the Tribonacci, Zeckendorf, negaFibonacci or binary system");
  cmd->footer(
      "Digits are written most significant first, as the papers write them: (n)_T and [E]_T of seed 000 §5.1, "
      "negaFibonacci of seed 002 §5 (rightmost digit e_1, weight F_{-1} = 1). N may be any size.\nExamples:\n"
      "  queengames repr tribonacci 7            # 1000\n"
      "  queengames repr tribonacci --value 111  # 7\n"
      "  queengames repr negafibonacci -- -5     # 100101\n"
      "  queengames repr zeckendorf 2^100");
  cmd->add_option("system", o->system, std::string("the system: ") + kSystems)->required();
  cmd->add_option("n", o->n, "the number (1e9, 2^100, …; negative only for negafibonacci)");
  cmd->add_option("--value", o->value, "print the value of these digits instead (digits 0–9 allowed but for binary)");
  cmd->add_flag("--json", o->json, "JSON with the number and its digits");
  cmd->callback([o, cmd] { run_repr(*o, cmd->count("--value") > 0); });
});

QG_COMMAND("floor", [](CLI::App& app) {
  auto o = std::make_shared<FloorOptions>();
  auto* cmd = app.add_subcommand("floor", "floor(n·c) exactly, for c = φ, φ², 1/φ, ψ, ψ², ψ³, 1/ψ, 1/ψ², 1/ψ³");
  cmd->footer(
      "φ is the golden ratio, ψ the Tribonacci constant (the real root of x³ = x² + x + 1). Exact at any size.\n"
      "Examples:\n"
      "  queengames floor phi 2^100\n"
      "  queengames floor 1/psi3 10^40");
  cmd->add_option("constant", o->constant, "phi, phi2, 1/phi, psi, psi2, psi3, 1/psi, 1/psi2 or 1/psi3")->required();
  cmd->add_option("n", o->n, "n ≥ 0 (1e9, 2^100, …)")->required();
  cmd->add_flag("--json", o->json, "JSON output");
  cmd->callback([o] { run_floor(*o); });
});

// ---- the tour ---------------------------------------------------------------------------

void tour_numeration(std::ostream& out, const std::string&) {
  std::string first;
  for (std::uint64_t n = 0; n <= 13; ++n) first += (n ? " " : "") + qg::numeration::tribonacci_representation(n);
  out << fmt::format("(n)_T for n = 0..13: {}\n", first);
  out << fmt::format(
      "  (7)_T = {} and [111]_T = {} too; [20]_T = [100]_T = {} but [200]_T = {} ≠ [1000]_T  "
      "(seed 000 §5.1, Lemma 3)   queengames repr tribonacci 7\n",
      qg::numeration::tribonacci_representation<std::uint64_t>(7),
      qg::numeration::tribonacci_value<std::uint64_t>("111"), qg::numeration::tribonacci_value<std::uint64_t>("20"),
      qg::numeration::tribonacci_value<std::uint64_t>("200"));
  const qg::u128 nine = qg::numeration::negafibonacci_bits(9);
  std::string indices, fraction;
  for (int k = 127; k >= 1; --k)
    if ((nine >> (k - 1)) & 1) indices += fmt::format("{}F_{{-{}}}", indices.empty() ? "" : " + ", k);
  for (int k = 1; k <= 127; ++k)
    if ((nine >> (k - 1)) & 1) fraction += fmt::format(" + φ^-{}", k);
  out << fmt::format("9 = {} (negaFibonacci {}), so 9φ = {}{}  (seed 002 §5)   queengames repr negafibonacci 9\n",
                     indices, qg::numeration::negafibonacci_representation<std::int64_t>(9),
                     qg::numeration::floor_n_phi<std::uint64_t>(9), fraction);
  const mpz_class big = mpz_class(1) << 100;
  out << fmt::format("floor(2^100 φ) = {}   queengames floor phi 2^100\n", qg::numeration::floor_n_phi(big).get_str());
  out << fmt::format("floor(2^100 ψ) = {}   queengames floor psi 2^100\n",
                     qg::numeration::floor_n_psi(big, 1).get_str());
  const auto e = qg::numeration::tribonacci_shift_extremes(121415)[0];
  out << fmt::format(
      "[(n)_T 0]_T − ψn for n < T_19 = 121415: min {:.5f} at n = {}, max {:.5f} at n = {} "
      "(seed 000 Theorem 15's proof: 65915, 78748)   queengames check exile.theorem15\n",
      e.min, e.argmin, e.max, e.argmax);
}

QG_TOUR_SECTION(10, "Exact numeration: Tribonacci, negaFibonacci, floors (seed 000 §5, seed 002 §5)", tour_numeration);

}  // namespace
