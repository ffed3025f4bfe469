// The games' rules in first-order logic (rules.hpp).
#include "synth/rules.hpp"

#include <variant>

#include <fmt/format.h>

#include "queengames/common.hpp"

namespace qg::synth::rules {
namespace {

// "v+c" without "+0".
std::string plus(const char* v, std::uint64_t c) { return c ? fmt::format("{}+{}", v, c) : std::string(v); }

// The moves into P, one disjunct per family of twopile.hpp. The rook; the diagonal; the
// k-Queen's strolls, u ≥ 1 from x and v ≥ 1 from y with 1 ≤ |u − v| ≤ k − 1; the bounce; the
// reflection onto an antidiagonal; a jump.
const char* kRook = "(Ev v<y & $P(x,v)) | (Eu u<x & $P(u,y))";
const char* kDiagonal = "(Et t>0 & t<=x & t<=y & $P(x-t,y-t))";

// The strolls with u ≠ v: (u, v) = (t + e, t) and (t, t + e) for e = 1 … k − 1. With a limit j
// (the limited k-Queen) such a stroll may not enter the band |x − y| ≤ j from outside it; the
// target's x − y is (x − y) − e, or (x − y) + e for the mirror.
std::string strolls(std::uint64_t k, std::optional<std::uint64_t> j) {
  std::string out;
  for (std::uint64_t e = 1; e < k; ++e)
    for (bool x_side : {true, false}) {
      const char *big = x_side ? "x" : "y", *small = x_side ? "y" : "x";
      std::string limit;
      if (j)  // outside: |x − y| > j; inside after the stroll: −j ≤ (big − small) − e ≤ j
        limit = fmt::format(" & ~((x>{} | y>{}) & {}<={} & {}<={})", plus("y", *j), plus("x", *j), big,
                            plus(small, e + *j), plus(small, e), plus(big, *j));
      out += x_side ? fmt::format(" | (Et t>0 & t+{0}<=x & t<=y & $P(x-(t+{0}),y-t){1})", e, limit)
                    : fmt::format(" | (Et t>0 & t<=x & t+{0}<=y & $P(x-t,y-(t+{0})){1})", e, limit);
    }
  return out;
}

// Fraenkel's (s,t) condition: u, v ≥ 1 taken together with |u − v| < (s − 1)·min(u, v) + t,
// i.e. v < s·u + t when u ≤ v.
std::string cone(std::uint64_t s, std::uint64_t t) {
  return fmt::format("u>0 & v>0 & ((u<=v & v<{0}*u+{1}) | (v<=u & u<{0}*v+{1}))", s, t);
}
const char* kConeMoves = "(Ep,q $P(p,q) & $C(p,q,x,y))";

// The Queen Bee's bounce (twopile::Bounce): from (x, y), y > x > 0, to (i, y − x), 1 ≤ i < 2x.
const char* kBounce = "(y>x & x>0 & Ei i>=1 & i<x+x & $P(i,y-x)) | (x>y & y>0 & Ei i>=1 & i<y+y & $P(x-y,i))";

// The k-Queen Dee's reflection (twopile::Reflect): every position of the antidiagonal d, 0 < d <
// x + y, from the side point (0, d) when d ≤ y and |d + x − y| ≤ k − 1, or (d, 0) when d ≤ x and
// |d + y − x| ≤ k − 1; P meets that antidiagonal iff d is a sum of P. For k = 1, d = |x − y|.
std::string reflection(std::uint64_t k) {
  if (k == 1) return "(x>0 & y>x & $S(y-x)) | (y>0 & x>y & $S(x-y))";
  auto side = [k](const char* near, const char* far) {  // d + near = far + e, |e| ≤ k − 1
    std::string out = fmt::format("d+{}={}", near, far);
    for (std::uint64_t e = 1; e < k; ++e) out += fmt::format(" | d+{0}={1}+{2} | d+{0}+{2}={1}", near, far, e);
    return out;
  };
  return fmt::format("(Ed d>0 & d<x+y & ((d<=y & ({})) | (d<=x & ({}))) & $S(d))", side("x", "y"), side("y", "x"));
}

std::string jump(twopile::Position m) {
  return fmt::format("({}$P({},{}))",
                     m.x && m.y ? fmt::format("x>={} & y>={} & ", m.x, m.y)
                     : m.x      ? fmt::format("x>={} & ", m.x)
                                : fmt::format("y>={} & ", m.y),
                     m.x ? fmt::format("x-{}", m.x) : "x", m.y ? fmt::format("y-{}", m.y) : "y");
}

}  // namespace

std::string functional(const std::string& system, const std::string& name) {
  return fmt::format(
      "eval {0}_total \"?{1} An Em ${0}(n,m)\":\n"
      "eval {0}_unique \"?{1} An,m,p (${0}(n,m) & ${0}(n,p)) => m=p\":\n",
      name, system);
}

Reach rook_and_cone(std::uint64_t s, std::uint64_t t) {
  return {fmt::format("{} | {}", kRook, kConeMoves), cone(s, t)};
}

Reach reach(const twopile::Ruleset& ruleset) {
  Reach r;
  auto add = [&r](const std::string& moves) { r.formula += (r.formula.empty() ? "" : " | ") + moves; };
  for (const auto& family : ruleset.families()) {
    if (std::holds_alternative<twopile::Rook>(family)) add(kRook);
    else if (const auto* w = std::get_if<twopile::Widened>(&family)) {
      if (w->s == 1) add(kDiagonal + strolls(w->t, w->limit));
      else if (!r.cone.empty())
        throw InputError(fmt::format("{}: one widened cone per ruleset can be written as a statement", ruleset.name()));
      else r.cone = cone(w->s, w->t), add(kConeMoves);
    } else if (std::holds_alternative<twopile::Bounce>(family)) add(kBounce);
    else if (const auto* f = std::get_if<twopile::Reflect>(&family)) add(reflection(f->k));
    else
      for (auto m : std::get<twopile::Jumps>(family).moves) add(jump(m));
  }
  // Wythoff with a terminal set (arXiv 2605.01435): no move leaves a position with x + y ≤ K.
  // The uniqueness induction on x + y still holds: a terminal position has no options, so the
  // equivalence puts it in P whatever P is, and every option of another position still has a
  // smaller x + y.
  if (ruleset.terminal() > 0)
    r.terminal = ruleset.terminal(), r.formula = fmt::format("x+y>{} & ({})", r.terminal, r.formula);
  return r;
}

// $C is built in two steps, u then v, so that no automaton reads more than five tracks: the
// one formula ∃u,v (u + p = x ∧ v + q = y ∧ cone) reads six, whose 5^6 letters in msd_queen3_2
// (digits 0…4) exhausted 7 GB, where the two steps take 65 s (and 0.2 s for the (2,1)-Queen).
// The sums are defined only when the reach reads them (a reflection reaches a whole
// antidiagonal, so it needs only the sum).
std::string reach_definitions(const std::string& system, const std::string& p, const std::string& name,
                              const Reach& reach) {
  const std::string sums = name + "_sums", c = name + "_cone";
  std::string formula = reach.formula;
  for (auto [from, to] :
       {std::pair<std::string, std::string>{"$P", "$" + p}, {"$S", "$" + sums}, {"$C", "$" + c + "_xy"}})
    for (std::size_t at; (at = formula.find(from)) != std::string::npos;) formula.replace(at, from.size(), to);
  std::string out;
  if (formula.find("$" + sums) != std::string::npos)
    out += fmt::format("def {1} \"?{0} Eu,v ${2}(u,v) & u+v=d\":\n", system, sums, p);
  if (!reach.cone.empty())
    out += fmt::format(
        "def {1} \"?{0} {2}\":\n"
        "def {1}_x \"?{0} Eu ${1}(u,v) & p+u=x\":\n"
        "def {1}_xy \"?{0} Ev ${1}_x(p,v,x) & q+v=y\":\n",
        system, c, reach.cone);
  return out + fmt::format("def {}_reach \"?{} {}\":\n", name, system, formula);
}

std::string kernel(const std::string& system, const std::string& a, const std::string& b, const Reach& reach) {
  const std::string stem = a + "_" + b, p = stem + "_p";
  // The terminal set is all P-positions (it has no moves); the pairs are those outside it.
  const std::string terminal = reach.terminal ? fmt::format("x+y<={} | ", reach.terminal) : "";
  return fmt::format(
      "def {3} \"?{0} {6}En (${1}(n,x) & ${2}(n,y)) | (${1}(n,y) & ${2}(n,x))\":\n"
      "{4}"
      "eval {1}_increasing \"?{0} An,a,c (${1}(n,a) & ${1}(n+1,c)) => a<c\":\n"
      "eval {1}_{2}_ordered \"?{0} An,a,b (${1}(n,a) & ${2}(n,b)) => a<=b\":\n"
      "eval {1}_{2}_kernel \"?{0} Ax,y ${3}(x,y) <=> ~${5}_reach(x,y)\":\n",
      system, a, b, p, reach_definitions(system, p, stem, reach), stem, terminal);
}

// "Sees at least k" is at least i members due north, j due west and l north-west with
// i + j + l = k (distinct positions: the lines meet only at (x, y)); "at least i due north" is
// a member (x, v), v < y, with at least i − 1 more north of it. Each line looks back (x + y
// decreases along it), so the palaces are the only set with P(x, y) ⇔ (x, y) sees fewer than k
// members of P. The pairs come in the order of x, then y, with x ≤ y, which fixes the numbering.
std::string palace_rule(const std::string& system, const std::string& a, const std::string& b, unsigned k) {
  const std::string stem = a + "_" + b, p = stem + "_p";
  std::string out = fmt::format(
      "def {1} \"?{0} En (${2}(n,x) & ${3}(n,y)) | (${2}(n,y) & ${3}(n,x))\":\n"
      "eval {2}_{3}_ordered \"?{0} An,a,b,c,d (${2}(n,a) & ${3}(n,b) & ${2}(n+1,c) & ${3}(n+1,d)) => (a<=b & "
      "(a<c | (a=c & b<d)))\":\n",
      system, p, a, b);
  for (unsigned i = 1; i <= k; ++i) {
    const bool first = i == 1;
    out += fmt::format(
        "def {1}_north{2} \"?{0} Ev v<y & ${1}(x,v){3}\":\n"
        "def {1}_west{2} \"?{0} Eu u<x & ${1}(u,y){4}\":\n"
        "def {1}_diagonal{2} \"?{0} Et t>=1 & t<=x & t<=y & ${1}(x-t,y-t){5}\":\n",
        system, p, i, first ? "" : fmt::format(" & ${}_north{}(x,v)", p, i - 1),
        first ? "" : fmt::format(" & ${}_west{}(u,y)", p, i - 1),
        first ? "" : fmt::format(" & ${}_diagonal{}(x-t,y-t)", p, i - 1));
  }
  std::vector<std::string> ways;
  for (unsigned i = 0; i <= k; ++i)
    for (unsigned j = 0; i + j <= k; ++j) {
      const unsigned l = k - i - j;
      std::vector<std::string> parts;
      if (i) parts.push_back(fmt::format("${}_north{}(x,y)", p, i));
      if (j) parts.push_back(fmt::format("${}_west{}(x,y)", p, j));
      if (l) parts.push_back(fmt::format("${}_diagonal{}(x,y)", p, l));
      ways.push_back(fmt::format("({})", fmt::join(parts, " & ")));
    }
  return out + fmt::format(
                   "def {1}_sees \"?{0} {2}\":\n"
                   "eval {3}_{4}_palace_rule \"?{0} Ax,y ${1}(x,y) <=> ~${1}_sees(x,y)\":\n",
                   system, p, fmt::join(ways, " | "), a, b);
}

}  // namespace qg::synth::rules
