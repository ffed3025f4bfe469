// The OEIS sequences of the queens in exile on the square spiral (seed 000 §1–6).
#include <fmt/format.h>

#include "queengames/catalog.hpp"
#include "queengames/numeration.hpp"
#include "queengames/spiral.hpp"

namespace qg {
namespace {

// Terms of the XYMP columns streamed from Θ stay far inside int64_t up to here.
constexpr std::uint64_t kColumnTerms = std::uint64_t{1} << 50;
// A273059(n) ≈ 2n² must fit in an int64_t.
constexpr std::uint64_t kCellTerms = 2000000000;
// The "+1" cases of Theorem 16 are scanned for among n < 2^50 (ample for the terms allowed).
constexpr std::uint64_t kScanLimit = std::uint64_t{1} << 50;

// A column of Table 2, rows first, first+1, … (first = the OEIS offset).
Sequence column(std::string anumber, std::string name, std::int64_t offset, std::uint64_t spiral::Xymp::*field) {
  return {std::move(anumber),
          std::move(name),
          offset,
          kColumnTerms,
          "the XYMP table streamed from the theme song (seed 000 Theorem 20)",
          [offset, field](std::uint64_t count, const TermSink& sink, const ProgressFn& progress) {
            spiral::TableStream rows;
            for (std::int64_t n = 0; n < offset; ++n) rows.advance();
            Poller poller(progress, count);
            for (std::uint64_t i = 0; i < count; ++i, rows.advance()) {
              sink(static_cast<std::int64_t>(rows.row().xymp.*field));
              poller.tick(i);
            }
            poller.finish();
          }};
}

// The n ≥ 1 where A_n, B_n or C_n (k = 1, 2, 3) reaches the upper bound ⌊ψ^k n⌋ + 1 of
// Theorem 16; A, B, C streamed by eq. (17), ⌊ψ^k n⌋ exact.
Sequence plus_one_cases(std::string anumber, std::string name, unsigned k, std::uint64_t max_terms) {
  return {std::move(anumber),
          std::move(name),
          1,
          max_terms,
          "A_n, B_n, C_n streamed from the theme song (eq. (17)) against exact ⌊ψ^k n⌋",
          [k](std::uint64_t count, const TermSink& sink, const ProgressFn& progress) {
            spiral::TableStream rows;
            std::uint64_t found = 0;
            Poller poller(progress, count);
            for (std::uint64_t n = 1; found < count; ++n) {
              poller.tick(found);
              if (n >= kScanLimit) throw RangeError(fmt::format("no more terms below n = 2^50"));
              rows.advance();
              const spiral::TableRow& r = rows.row();
              const std::uint64_t value = k == 1 ? r.a : k == 2 ? r.b : r.c;
              if (value == numeration::floor_n_psi<std::uint64_t>(n, k) + 1) {
                sink(static_cast<std::int64_t>(n));
                ++found;
              }
            }
          }};
}

}  // namespace

std::vector<Sequence> spiral_sequences() {
  return {
      {"A273059", "Greedy queens on the square spiral: the cells they occupy", 0, kCellTerms,
       "the queens generated from the theme song (seed 000 Theorems 1, 20); checked against direct placement",
       [](std::uint64_t count, const TermSink& sink, const ProgressFn& progress) {
         spiral::generate_queens(
             count,
             [&](std::uint64_t, std::span<const spiral::QueenCell> queens) {
               for (const auto& q : queens) sink(static_cast<std::int64_t>(q.cell));
             },
             progress);
       }},
      column("A140100", "X_n of the queens in exile: mex of the earlier X and Y (seed 000 (2))", 1, &spiral::Xymp::x),
      column("A140101", "Y_n of the queens in exile, the complement of A140100: Y_n = X_n + M_n", 0, &spiral::Xymp::y),
      column("A140102", "M_n = A140101(n) − A140100(n), the complement of A140103", 0, &spiral::Xymp::m),
      column("A140103", "P_n = A140101(n) + A140100(n), the complement of A140102", 1, &spiral::Xymp::p),
      plus_one_cases("A275158", "n such that A_n = A003144(n) = floor(n ψ) + 1 (ψ the tribonacci constant)", 1, 100000),
      plus_one_cases("A278352", "n such that B_n = A003145(n) = floor(n ψ²) + 1", 2, 100000),
      plus_one_cases("A278353", "n such that C_n = A003146(n) = floor(n ψ³) + 1", 3, 100000),
  };
}

}  // namespace qg
