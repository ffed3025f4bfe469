// Games of papers outside the seeds, played by the engines: Wythoff with the terminal set
// x + y ≤ K (Komaki–Miyadera–Murakami, arXiv 2605.01435; Renard–Rigo, arXiv 2512.11601),
// `twopile::Ruleset::parse("terminal:K")`. Only the papers' abstracts were in reach when this was
// written, so no claim here states their theorems: the claim is what the sweep shows of the game.
#include <fmt/format.h>

#include "papers/papers.hpp"
#include "queengames/twopile.hpp"

namespace qg::papers::outside_twopile {

using namespace twopile;  // the engine these claims check

namespace {

constexpr std::uint64_t kLargestK = 50;

// For each K ≤ 50, the first `bound` pairs outside the set: a_n is the least integer > K that no
// earlier pair uses (checked against a running mex), b_n = a_n + n + K, and b_n is unused.
ClaimOutcome check_terminal_shift(std::uint64_t bound, const ProgressFn& progress) {
  Poller poller(progress, (kLargestK + 1) * bound);
  std::uint64_t done = 0;
  for (std::uint64_t k = 0; k <= kLargestK; ++k) {
    std::vector<bool> used(k + 1, true);  // the set's coordinates: no pair outside it uses them
    std::uint64_t mex = k + 1;
    std::string wrong;
    sweep_p_positions(Ruleset::parse(fmt::format("terminal:{}", k)), bound,
                      [&](std::uint64_t n, std::uint64_t a, std::uint64_t b) {
                        poller.tick(++done);
                        if (n == 0) return true;  // (0, 0) stands for the set
                        while (mex < used.size() && used[mex]) ++mex;
                        if (a != mex || b != a + n + k || (b < used.size() && used[b])) {
                          wrong =
                              fmt::format("K = {}: (a_{}, b_{}) = ({}, {}), the least unused integer above K being {}",
                                          k, n, n, a, b, mex);
                          return false;
                        }
                        if (used.size() <= b) used.resize(2 * b + 2, false);
                        used[a] = used[b] = true;
                        return true;
                      },
                      {});
    if (!wrong.empty()) return failed(done, wrong);
  }
  poller.finish();
  return passed(bound, fmt::format("K = 0…{}, n < {} each", kLargestK, bound));
}

}  // namespace

std::vector<Claim> claims() {
  return {
      Claim{.id = "outside.terminal.shift",
            .source = "outside, arXiv 2605.01435's game (terminal set x + y ≤ K): measured here, not the paper's "
                      "statement",
            .kind = ClaimKind::observation,
            .statement = "Wythoff with the terminal set x + y ≤ K, K = 0…50: the P-positions outside the set are the "
                         "pairs (a_n, b_n), n ≥ 1, and their mirrors, with a_n the least integer > K not used before "
                         "and b_n = a_n + n + K (for K = 4 proved on the certified automata, tests)",
            .unit = "P-positions per K",
            .bounds = {.tour = 10'000, .standard = 1'000'000, .deep = 10'000'000, .max = kMaxSweep},
            .check = check_terminal_shift},
  };
}

}  // namespace qg::papers::outside_twopile
