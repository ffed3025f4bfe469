// The Wythoff sequences and the Tribonacci numbers.
#include "queengames/catalog.hpp"
#include "queengames/numeration.hpp"

namespace qg {

using namespace numeration;  // this module's names

namespace {

// a(1..count) = f(n), for a floor whose values fit an int64_t for n ≤ max_terms.
template <class F>
void generate_floors(std::uint64_t count, const TermSink& sink, const ProgressFn& progress, F f) {
  Poller poller(progress, count);
  for (std::uint64_t n = 1; n <= count; ++n) {
    sink(static_cast<std::int64_t>(f(n)));
    poller.tick(n);
  }
  poller.finish();
}

}  // namespace

std::vector<Sequence> numeration_sequences() {
  std::vector<Sequence> sequences;
  // max_terms: the last n with floor(nφ) (resp. floor(nφ²)) < 2^63, i.e. floor(2^63/φ) and
  // floor(2^63/φ²); A000073(74) = T_71 is the last Tribonacci number below 2^63.
  sequences.push_back({"A000201", "Lower Wythoff sequence: a(n) = floor(n*phi)", 1, 5700357409661599242ULL,
                       "floor_n_phi: n + floor(n/φ), 128-bit fixed point settled by n(n−m) > m²",
                       [](std::uint64_t count, const TermSink& sink, const ProgressFn& progress) {
                         generate_floors(count, sink, progress, [](std::uint64_t n) { return floor_n_phi(n); });
                       }});
  sequences.push_back({"A001950", "Upper Wythoff sequence: a(n) = floor(n*phi^2)", 1, 3523014627193176565ULL,
                       "floor_n_phi2: floor(nφ) + n",
                       [](std::uint64_t count, const TermSink& sink, const ProgressFn& progress) {
                         generate_floors(count, sink, progress, [](std::uint64_t n) { return floor_n_phi2(n); });
                       }});
  sequences.push_back({"A000073", "Tribonacci numbers: a(n) = a(n-1) + a(n-2) + a(n-3), a(0)=a(1)=0, a(2)=1", 0, 75,
                       "a(n) = T_{n−3} in seed 000's indexing (tribonacci)",
                       [](std::uint64_t count, const TermSink& sink, const ProgressFn&) {
                         for (std::uint64_t n = 0; n < count; ++n)
                           sink(static_cast<std::int64_t>(tribonacci<std::uint64_t>(static_cast<int>(n) - 3)));
                       }});
  return sequences;
}

}  // namespace qg
