// A program of another project using the installed library (tests/consumer/check.sh builds it
// with find_package and with pkg-config). It prints known values: the first Wythoff
// P-positions (seed 001 §1), floor(nφ) = A000201 by exact arithmetic, and A000201 again from
// the catalog (which pulls in the registry of every module).
#include <queengames/catalog.hpp>
#include <queengames/numeration.hpp>
#include <queengames/twopile.hpp>

#include <cstdint>
#include <iostream>

int main() {
  std::cout << "wythoff";
  for (const qg::twopile::Position& p : qg::twopile::sweep_p_positions(qg::twopile::Ruleset::parse("wythoff"), 6))
    std::cout << " (" << p.x << "," << p.y << ")";
  std::cout << "\nfloor_n_phi";
  for (std::uint64_t n = 1; n <= 10; ++n) std::cout << ' ' << qg::numeration::floor_n_phi<std::uint64_t>(n);
  std::cout << "\nA000201";
  for (std::int64_t term : qg::sequence_terms(qg::find_sequence("A000201"), 10)) std::cout << ' ' << term;
  std::cout << '\n';
}
