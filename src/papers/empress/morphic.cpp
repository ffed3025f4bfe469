// The claims of seed 001 §4 answered mechanically (issue 19): the known morphic Queens are
// recovered from their P-positions, a→ab, b→aaa has no Queen, and the 4-bonacci question.
#include <algorithm>

#include <fmt/format.h>

#include "papers/papers.hpp"
#include "queengames/morphic.hpp"

namespace qg::papers::empress_morphic {
using namespace morphic;  // the engine these claims check
using twopile::Position;
using twopile::Ruleset;
using words::Coding;
using words::FixedPointStream;
using words::Morphism;
namespace {

std::string pos(Position p) { return fmt::format("({},{})", p.x, p.y); }

// The letters of the characteristic word searched for a morphism: enough for the derived
// sequences of the Queen Dees' prefixes (lengths up to 30, seed 001 §3) to return 200 times.
constexpr std::uint64_t kGuessLetters = 1 << 16;

Claim morphic_queens() {
  return Claim{
      .id = "empress.morphic_queens",
      .source = "seed 001, §4 (and Tables 1–4)",
      .kind = ClaimKind::remark,
      .statement =
          "the morphic Queens — Wythoff, the 2-Queen, the Queen Bee, the Queen Dee, the 2-Queen Dee, "
          "(2,1)-Wythoff — are recovered from their P-positions (a morphism fixing the word, or derived "
          "sequences), and the "
          "recovered morphisms generate their P-positions",
      .unit = "letters",
      .bounds = {.tour = 20'000, .standard = 1'000'000, .deep = 100'000'000, .max = 100'000'000},
      .check = [](std::uint64_t bound, const ProgressFn& progress) -> ClaimOutcome {
        const char* games[] = {"wythoff", "kqueen:2", "queen-bee", "queen-dee", "kqueen-dee:2", "st-wythoff:2,1"};
        std::string found;
        for (const char* name : games) {
          Ruleset rules = Ruleset::parse(name);
          auto search = find_morphism(characteristic_word(rules, kGuessLetters));
          if (!search.guess) return {false, 0, fmt::format("{}: no morphism found ({})", name, search.evidence)};
          auto v = verify_morphism(*search.guess, rules, bound, progress);
          if (!v.pass)
            return {false, v.letters, fmt::format("{}: {} fails: {}", name, to_string(*search.guess), v.detail)};
          found += fmt::format("; {}: {}", name, to_string(*search.guess));
        }
        return {true, bound, fmt::format("all six recovered and verified to {} letters{}", bound, found)};
      }};
}

Claim no_queen_abaaa() {
  return Claim{
      .id = "empress.no_queen_abaaa",
      .source = "seed 001, §4",
      .kind = ClaimKind::remark,
      .statement =
          "a→ab, b→aaa has no Queen: the N-position (3,6) has no move to a coded P-position by any "
          "whole family (rook, diagonal line, cone) joining no two of them; the moves to (0,0) and "
          "(1,2) are (6,13)−(3,7) and (5,11)−(3,7)",
      .unit = "window",
      .bounds = {.tour = 128, .standard = 2048, .deep = 4096, .max = 1 << 14},
      .check = [](std::uint64_t bound, const ProgressFn& progress) -> ClaimOutcome {
        auto pairs = pairs_from_morphism(Morphism::parse("a->ab,b->aaa"), Coding(), 'a', 'b', bound);
        auto a = analyse_invariant(pairs, bound, progress);
        auto it = std::find_if(a.queen_witnesses.begin(), a.queen_witnesses.end(), [](const GameWitness& g) {
          return g.position == Position{3, 6};
        });
        if (it == a.queen_witnesses.end()) return {false, bound, "(3,6) is no witness of the Queen inside M_W"};
        const auto& w = *it;
        std::string why;
        bool paper = true;
        for (const auto& m : w.blocked) {
          why += fmt::format("; to {} by {}{}: {} − {}", pos(m.target), pos(m.vector),
                             m.family.empty() ? "" : " on its " + m.family, pos(m.upper), pos(m.lower));
          if (m.target == Position{0, 0})
            paper = paper && m.vector == Position{3, 6} && m.upper == Position{6, 13} && m.lower == Position{3, 7};
          if (m.target == Position{1, 2})
            paper = paper && m.vector == Position{2, 4} && m.upper == Position{5, 11} && m.lower == Position{3, 7};
        }
        if (!paper) return {false, bound, "the moves from (3,6) are not blocked by the paper's vectors" + why};
        return {
            true, bound,
            fmt::format(
                "the Queen's witnesses begin {}, (3,6){}; the largest invariant game M_W {}",
                pos(a.queen_witnesses.front().position), why,
                a.witness
                    ? "has the witness " + pos(a.witness->position)
                    : "has exactly these P-positions in the window (it moves (3,6) → (2,1) by (1,5), no Queen move)")};
      }};
}

Claim fourbonacci() {
  return Claim{.id = "empress.fourbonacci",
               .source = "seed 001, §4 (Duchêne and Rigo's question)",
               .kind = ClaimKind::conjecture,
               .statement =
                   "no Queen of seed 001's kinds (whole rook, diagonal and cone families, or a named ruleset "
                   "and their unions) has P-positions coded by the 4-bonacci word a→ab, b→ac, c→ad, d→a with "
                   "two letters kept; the largest invariant game has them",
               .unit = "window",
               .bounds = {.tour = 128, .standard = 2048, .deep = 4096, .max = 1 << 14},
               .check = [](std::uint64_t bound, const ProgressFn& progress) -> ClaimOutcome {
                 Morphism m = Morphism::parse("a->ab,b->ac,c->ad,d->a");
                 std::string detail;
                 const char* letters = "abcd";
                 for (int x = 0; x < 4; ++x)
                   for (int y = x + 1; y < 4; ++y) {
                     std::string deleted;
                     for (int i = 0; i < 4; ++i)
                       if (i != x && i != y) deleted += fmt::format("{}{}->", deleted.empty() ? "" : ",", letters[i]);
                     InvariantAnalysis a;
                     try {
                       a = analyse_invariant(
                           pairs_from_morphism(m, Coding::parse(deleted), letters[x], letters[y], bound), bound,
                           progress);
                     } catch (const InputError& e) {
                       detail += fmt::format("; {}{}: {}", letters[x], letters[y], e.what());
                       continue;
                     }
                     if (a.queen_witnesses.empty() || !a.matching_rulesets.empty())
                       return {false, bound,
                               fmt::format("letters {}{}: a Queen has these P-positions: {} {}", letters[x], letters[y],
                                           a.queen, a.matching_rulesets.empty() ? "" : a.matching_rulesets.front())};
                     if (a.witness)
                       return {false, bound,
                               fmt::format("letters {}{}: no invariant game at all (witness {})", letters[x],
                                           letters[y], pos(a.witness->position))};
                     detail += fmt::format("; {}{}: Queen {} fails at {}", letters[x], letters[y], a.queen,
                                           pos(a.queen_witnesses.front().position));
                   }
                 return {true, bound,
                         "no Queen in the window; the largest invariant game has each coding's P-positions" + detail};
               }};
}

}  // namespace

std::vector<Claim> claims() { return {morphic_queens(), no_queen_abaaa(), fourbonacci()}; }

}  // namespace qg::papers::empress_morphic
