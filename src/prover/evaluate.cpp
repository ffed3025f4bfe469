// Statements to automata: each subformula becomes an automaton over its free variables;
// each arithmetic subterm becomes a fresh variable, existentially quantified as soon as the
// relation or call that uses it is built.
#include <algorithm>

#include <fmt/format.h>

#include "prover/evaluate.hpp"

#include "automata/internal.hpp"

namespace qg::prover::detail {

using automata::Automaton;
using automata::BoolOp;

namespace {

bool compare(const std::string& op, std::int64_t x, std::int64_t y) {
  if (op == "=") return x == y;
  if (op == "!=") return x != y;
  if (op == "<") return x < y;
  if (op == ">") return x > y;
  if (op == "<=") return x <= y;
  return x >= y;
}

bool is_fresh(const std::string& var) { return !var.empty() && var[0] == '#'; }

}  // namespace

Evaluator::Evaluator(Session& session, const automata::Context& context) : s_(session), ctx_(context) {}

std::shared_ptr<const automata::NumberSystem> Evaluator::system(const std::string& name, std::size_t pos) {
  try {
    return s_.system(name);
  } catch (const InputError& e) {
    throw PositionedError{pos, e.what()};
  }
}

Automaton Evaluator::conjoin(Automaton a, const std::optional<Automaton>& b) {
  if (!b) return a;
  return automata::product(a, *b, BoolOp::and_, ctx_);
}

Automaton Evaluator::drop_fresh(Automaton a, const std::vector<std::string>& vars) {
  for (const auto& v : vars)
    if (is_fresh(v) && a.track_index(v) >= 0) a = automata::exists(a, v, ctx_);
  return a;
}

std::string Evaluator::fresh() { return fmt::format("#{}", ++fresh_); }

// x + y = z over the named variables (names may repeat: x + x = z).
Automaton Evaluator::sum(const std::string& sys, const std::string& x, const std::string& y, const std::string& z,
                         std::size_t pos) {
  return automata::bind(system(sys, pos)->adder(), {x, y, z}, ctx_);
}

Evaluator::Value Evaluator::add_values(Value a, Value b, const std::string& sys, std::size_t pos) {
  Value r{fresh(), std::nullopt};
  Automaton c = conjoin(conjoin(sum(sys, a.var, b.var, r.var, pos), a.constraint), b.constraint);
  r.constraint = drop_fresh(std::move(c), {a.var, b.var});
  return r;
}

// k·v for a plain variable v, by doubling and adding (the constraint mentions v and the result).
Evaluator::Value Evaluator::multiple(const mpz_class& k, const std::string& v, const std::string& sys,
                                     std::size_t pos) {
  if (k == 0) {
    // 0·v = 0 for every v, and v stays a variable of the statement (a def over it keeps its
    // track, so that $f(x) takes x).
    Value r{fresh(), std::nullopt};
    auto s = system(sys, pos);
    Automaton zero = s->constant(0, ctx_);
    zero.rename({r.var});
    r.constraint = automata::extend(zero, automata::Track{v, s->base(), s}, ctx_);
    return r;
  }
  if (k == 1) return {v, std::nullopt};
  auto s = system(sys, pos);
  // In a system of a recurrence r = k·v is built at once (Frougny's construction, certified
  // total; automata.hpp): by doubling through the adder x = 17·y in msd_trib went through a
  // determinization of 86,240 states (6.5 s), and x = 33·y past 8 GiB.
  if (k > 1 && k.fits_ulong_p())
    if (std::optional<Automaton> times = s->multiplication(k.get_ui(), ctx_)) {
      Value r{fresh(), std::nullopt};
      r.constraint = automata::bind(*times, {r.var, v}, ctx_);
      return r;
    }
  // Refused up front when too big to build: the automaton of r = k·v reads (v, r) and must
  // remember k·v − r on the digits read, which in an integer base takes each value in [0, k)
  // (x = 2^32·y too: a shift by 32 digits remembers the last 32) — k states of b² letters. In
  // Zeckendorf they are about 2k² (k = 100: 20,256), with no floor proved here: those steps
  // meet the guard as they are built.
  const mpz_class m = s->all_valid() ? mpz_class(abs(k)) : mpz_class(0);
  const mpz_class bytes = m * s->base() * s->base() * 4;
  automata::detail::guard(ctx_, bytes < (mpz_class(1) << 62) ? bytes.get_ui() : std::uint64_t{1} << 62,
                          fmt::format("the automaton of {}·{} (at least {} states)", k.get_str(), v, m.get_str()));
  Value half = multiple(k >> 1, v, sys, pos);
  // half + half: the same variable twice, so its constraint is conjoined once. v itself is
  // kept (the caller quantifies it).
  Value r{fresh(), std::nullopt};
  Automaton c = conjoin(sum(sys, half.var, half.var, r.var, pos), half.constraint);
  r.constraint = half.var == v ? c : drop_fresh(std::move(c), {half.var});
  if (mpz_odd_p(k.get_mpz_t())) {
    Value s{fresh(), std::nullopt};
    s.constraint = drop_fresh(conjoin(sum(sys, r.var, v, s.var, pos), r.constraint), {r.var});
    r = std::move(s);
  }
  return r;
}

// The constant c ≥ 0. Below 2^64 the system writes it; beyond, it is built from its leading 64
// bits one bit at a time, c = 2·h + b, through the system's adder, so that any system with an
// adder takes constants of any size, as Walnut does. Each step ties a single number to another
// (a few states a digit); c = 2^32·h + l would not do: x = 2^32·y needs 2^32 states in base 2.
Evaluator::Value Evaluator::constant_value(const mpz_class& c, const std::string& sys, std::size_t pos) {
  static_assert(sizeof(unsigned long) == sizeof(std::uint64_t), "mpz_class::get_ui gives 64 bits");
  auto named = [&](Automaton a) {
    Value r{fresh(), std::nullopt};
    a.rename({r.var});
    r.constraint = std::move(a);
    return r;
  };
  auto direct = [&](std::uint64_t n) { return named(system(sys, pos)->constant(n, ctx_)); };
  // A negative base writes integers of 63 bits.
  const auto& ns = *system(sys, pos);
  const std::size_t bits = mpz_sizeinbase(c.get_mpz_t(), 2), written = ns.negative() ? 62 : 64;
  if (bits <= written) return direct(c.get_ui());
  // In an integer base (every digit string valid) c's digits are its representation: one state
  // a digit, where the doubling below costs a product per bit (10^1000 took 16 s that way).
  if (!ns.negative() && ns.all_valid() && ns.name() == fmt::format("{}_{}", ns.msd() ? "msd" : "lsd", ns.base())) {
    std::vector<unsigned> digits;
    for (mpz_class q = c; q > 0;)
      digits.push_back(static_cast<unsigned>(mpz_fdiv_q_ui(q.get_mpz_t(), q.get_mpz_t(), ns.base())));
    std::reverse(digits.begin(), digits.end());
    return named(ns.digits_constant(std::move(digits), ctx_));
  }
  const mpz_class leading = c >> (bits - written);
  Value r = direct(leading.get_ui());
  for (std::size_t i = bits - written; i-- > 0;) {
    Value twice = multiple(2, r.var, sys, pos);
    twice.constraint = drop_fresh(conjoin(*twice.constraint, r.constraint), {r.var});
    r = mpz_tstbit(c.get_mpz_t(), i) ? add_values(std::move(twice), direct(1), sys, pos) : std::move(twice);
  }
  return r;
}

Evaluator::Value Evaluator::term(const Term& t) {
  switch (t.kind) {
    case Term::variable:
      return {t.name, std::nullopt};
    case Term::number:
      return constant_value(t.value, t.system, t.pos);
    case Term::negate: {
      // −a: the r with a + r = 0. Only in a negative base (numbers there are integers);
      // Walnut also accepts _1 in natural bases, with a meaning its manual does not give.
      auto sys = system(t.system, t.pos);
      if (!sys->negative())
        throw PositionedError{
            t.pos, fmt::format("a negative number needs a negative base such as msd_neg_2, not {}", sys->name())};
      Value r{fresh(), std::nullopt};
      if (t.a->kind == Term::number && mpz_sizeinbase(t.a->value.get_mpz_t(), 2) < 64) {
        Automaton c = sys->integer_constant(-static_cast<std::int64_t>(t.a->value.get_ui()), ctx_);
        c.rename({r.var});
        r.constraint = c;
        return r;
      }
      Value a = term(*t.a);
      std::string zero = fresh();
      Automaton z = sys->constant(0, ctx_);
      z.rename({zero});
      Automaton c =
          conjoin(automata::product(sum(t.system, a.var, r.var, zero, t.pos), z, BoolOp::and_, ctx_), a.constraint);
      r.constraint = drop_fresh(std::move(c), {zero, a.var});
      return r;
    }
    case Term::add:
      return add_values(term(*t.a), term(*t.b), t.system, t.pos);
    case Term::subtract: {
      // a − b = r means b + r = a (natural subtraction: no r when a < b).
      Value a = term(*t.a), b = term(*t.b), r{fresh(), std::nullopt};
      Automaton c = conjoin(conjoin(sum(t.system, b.var, r.var, a.var, t.pos), a.constraint), b.constraint);
      r.constraint = drop_fresh(std::move(c), {a.var, b.var});
      return r;
    }
    case Term::multiply: {
      Value a = term(*t.a);
      Value r = multiple(t.value, a.var, t.system, t.pos);
      if (r.var == a.var) return a;
      r.constraint = drop_fresh(conjoin(*r.constraint, a.constraint), {a.var});
      return r;
    }
    case Term::divide:
      return quotient(term(*t.a), t.value, t.system, t.pos);
    case Term::times: {
      // A word's letter L times a term G: for each letter ℓ, (L = ℓ) ∧ r = ℓ·G.
      const bool left = t.a->kind == Term::index || (t.a->kind == Term::negate && t.a->a->kind == Term::index);
      const Term& l = left ? *t.a : *t.b;
      const Term& index = l.kind == Term::index ? l : *l.a;
      const std::int64_t sign = l.kind == Term::index ? 1 : -1;
      Value g = term(left ? *t.b : *t.a);
      return by_letter(index, t.system, t.pos,
                       [&](std::int64_t letter) { return scaled(sign * letter, g, t.system, t.pos); });
    }
    case Term::over: {
      const Term& l = *t.b;
      const Term& index = l.kind == Term::index ? l : *l.a;
      const std::int64_t sign = l.kind == Term::index ? 1 : -1;
      Value a = term(*t.a);
      return by_letter(index, t.system, t.pos, [&](std::int64_t letter) -> std::optional<Value> {
        // Walnut refuses a divisor word with the letter 0 rather than leave its positions out.
        if (letter == 0)
          throw PositionedError{t.pos, fmt::format("division by zero (the word {} has the letter 0)", index.name)};
        return quotient(a, sign * letter, t.system, t.pos);
      });
    }
    case Term::index:
      return letter_value(t);
    case Term::predicate: {
      // A formula with one free variable stands for that variable, constrained by the formula.
      Automaton a = formula(*t.formula);
      if (a.tracks().size() != 1)
        throw PositionedError{
            t.pos, fmt::format("a formula in place of a term needs one free variable, not {}", a.tracks().size())};
      return {a.tracks()[0].name, std::move(a)};
    }
    case Term::letter:
      throw PositionedError{t.pos, "a letter @k is only compared with a word's letter (W[i] = @1)"};
  }
  throw PositionedError{t.pos, "unknown term"};
}

// r = floor(a / k), k ≠ 0: |k|·r + m = ±a with 0 ≤ m < |k| (floor division, as Walnut: _3/2 = _2;
// a negative k, in a negative base, divides −a by |k|).
Evaluator::Value Evaluator::quotient(Value a, mpz_class k, const std::string& sys_name, std::size_t pos) {
  auto sys = system(sys_name, pos);
  if (k < 0) {
    if (!sys->negative())
      throw PositionedError{pos, fmt::format("a negative divisor needs a negative base, not {}", sys->name())};
    a = scaled(-1, a, sys_name, pos);
    k = -k;
  }
  Value r{fresh(), std::nullopt};
  Value kr = multiple(k, r.var, sys_name, pos);
  std::string m = fresh();
  Value kc = constant_value(k, sys_name, pos);
  const std::string kk = kc.var;
  Automaton less = automata::bind(sys->less(), {m, kk}, ctx_);
  if (sys->negative()) {
    // Integers: the remainder is also at least 0.
    std::string zero = fresh();
    Automaton z = sys->constant(0, ctx_);
    z.rename({zero});
    Automaton negative = automata::product(automata::bind(sys->less(), {m, zero}, ctx_), z, BoolOp::and_, ctx_);
    less = automata::product(less, automata::complement(exists_all(negative, {zero}), ctx_), BoolOp::and_, ctx_);
  }
  Automaton c = conjoin(sum(sys_name, kr.var, m, a.var, pos), kr.constraint);
  c = drop_fresh(automata::product(c, exists_all(automata::product(less, *kc.constraint, BoolOp::and_, ctx_), {kk}),
                                   BoolOp::and_, ctx_),
                 {kr.var == r.var ? std::string() : kr.var, m});
  r.constraint = drop_fresh(conjoin(c, a.constraint), {a.var});
  return r;
}

// k·v for any integer k (negative k only in a negative base: −(|k|·v)).
Evaluator::Value Evaluator::scaled(std::int64_t k, const Value& v, const std::string& sys_name, std::size_t pos) {
  auto sys = system(sys_name, pos);
  if (k < 0 && !sys->negative())
    throw PositionedError{
        pos, fmt::format("a negative number needs a negative base such as msd_neg_2, not {}", sys->name())};
  Value r = multiple(static_cast<std::uint64_t>(k < 0 ? -k : k), v.var, sys_name, pos);
  if (r.var == v.var) {
    if (k > 0) return v;
    r = Value{v.var, std::nullopt};
  } else {
    r.constraint = drop_fresh(conjoin(*r.constraint, v.constraint), {v.var});
  }
  if (k >= 0) return r;
  // −r: the s with r + s = 0.
  Value neg{fresh(), std::nullopt};
  std::string zero = fresh();
  Automaton z = sys->constant(0, ctx_);
  z.rename({zero});
  Automaton c = conjoin(automata::product(sum(sys_name, r.var, neg.var, zero, pos), z, BoolOp::and_, ctx_),
                        r.var == v.var ? v.constraint : r.constraint);
  neg.constraint = drop_fresh(std::move(c), {zero, r.var});
  return neg;
}

// The distinct letters of a word automaton (not its "no letter" output).
std::vector<std::int64_t> Evaluator::letters(const Automaton& w, const Term& index) {
  std::vector<std::int64_t> out;
  for (std::uint32_t q = 0; q < w.states(); ++q)
    if (w.output(q) != automata::kNoLetter) out.push_back(w.output(q));
  std::sort(out.begin(), out.end());
  out.erase(std::unique(out.begin(), out.end()), out.end());
  if (out.empty()) throw PositionedError{index.pos, fmt::format("word automaton {} has no letters", index.name)};
  return out;
}

// The values of a word's positions, one per input.
std::vector<Evaluator::Value> Evaluator::positions(const Term& index) {
  std::vector<Value> out;
  for (const auto& p : index.args) out.push_back(term(*p));
  return out;
}

// r = f(ℓ) where the word's letter at the positions is ℓ, for every letter ℓ (f gives nothing
// where the term has no value). The word's positions are quantified away.
Evaluator::Value Evaluator::by_letter(const Term& index, const std::string& sys_name, std::size_t pos,
                                      const std::function<std::optional<Value>(std::int64_t)>& f) {
  const Automaton& w = word(index);
  auto at = positions(index);
  std::vector<std::string> vars;
  for (const auto& p : at) vars.push_back(p.var);
  Value r{fresh(), std::nullopt};
  std::optional<Automaton> any;
  for (std::int64_t letter : letters(w, index)) {
    std::optional<Value> v = f(letter);
    if (!v) continue;
    Automaton is = letter_test(
        w, [&](std::int64_t x) { return x == letter; }, vars);
    // v's variable is r in this branch: renamed when it is the branch's own, equated otherwise.
    Automaton a = conjoin(is, v->constraint);
    if (is_fresh(v->var) && a.track_index(v->var) >= 0) {
      std::vector<std::string> names;
      for (const auto& tr : a.tracks()) names.push_back(tr.name == v->var ? r.var : tr.name);
      a.rename(names);
    } else {
      a = automata::product(a, automata::bind(system(sys_name, pos)->equal(), {r.var, v->var}, ctx_), BoolOp::and_,
                            ctx_);
    }
    any = any ? automata::product(*any, a, BoolOp::or_, ctx_) : a;
  }
  if (!any) {
    auto sys = system(sys_name, pos);
    Automaton none({automata::Track{r.var, sys->base(), sys}}, 1);  // no letter gives a value
    any = none;
  }
  Automaton c = *any;
  for (const auto& p : at) c = conjoin(c, p.constraint);
  r.constraint = drop_fresh(std::move(c), vars);
  return r;
}

// A word's letter as a number of the statement: r = ℓ where the letter is ℓ (a negative letter
// only in a negative base).
Evaluator::Value Evaluator::letter_value(const Term& t) {
  auto sys = system(t.system, t.pos);
  return by_letter(t, t.system, t.pos, [&](std::int64_t letter) -> std::optional<Value> {
    if (letter < 0 && !sys->negative()) return std::nullopt;
    Value c{fresh(), sys->integer_constant(letter, ctx_)};
    c.constraint->rename({c.var});
    return c;
  });
}

// A variable the automaton does not read is one whose every value fits: nothing to drop.
Automaton Evaluator::exists_all(Automaton a, const std::vector<std::string>& vars) {
  std::vector<std::string> read;
  for (const auto& v : vars)
    if (a.track_index(v) >= 0 && std::find(read.begin(), read.end(), v) == read.end()) read.push_back(v);
  return read.empty() ? a : automata::exists_all(a, read, ctx_);
}

// The automaton to read at these arguments: itself, or reversed (every track in its partner
// system) when each argument's ?system names the partner of its track's system — ?lsd_2 … RS[i+k]
// with RS in msd_2 reads RS from the other end, so that it is RS's letter at the number i+k.
// Arguments in the default system, and plain variables (bound by name: their system is theirs),
// count for nothing.
const Automaton& Evaluator::oriented(const Automaton& a, const std::string& name,
                                     const std::vector<const Term*>& args) {
  auto partner = [](const std::string& n) { return (n.starts_with("msd_") ? "lsd_" : "msd_") + n.substr(4); };
  std::size_t flips = 0, named = 0;
  for (std::size_t i = 0; i < args.size() && i < a.tracks().size(); ++i) {
    const auto& sys = a.tracks()[i].system;
    if (!sys || !args[i]->system_named || args[i]->kind == Term::variable) continue;
    ++named;
    if (args[i]->system == partner(sys->name())) ++flips;
  }
  if (flips == 0) return a;
  if (flips != named)
    throw PositionedError{args[0]->pos, fmt::format("{} would be read in msd and lsd order at once: its arguments' "
                                                    "systems mix the directions of its inputs",
                                                    name)};
  auto key = fmt::format("{}`{}", name, static_cast<const void*>(&a));
  auto it = reversed_.find(key);
  if (it != reversed_.end()) return it->second;
  std::vector<std::shared_ptr<const automata::NumberSystem>> partners;
  for (const auto& t : a.tracks()) partners.push_back(system(partner(t.system->name()), args[0]->pos));
  return reversed_[key] = automata::reverse(a, partners, ctx_);
}

const Automaton& Evaluator::word(const Term& index) {
  const Automaton* w;
  try {
    w = &s_.word(index.name);
  } catch (const InputError& e) {
    throw PositionedError{index.pos, e.what()};
  }
  if (w->tracks().size() != index.args.size())
    throw PositionedError{index.pos,
                          fmt::format("word automaton {} has {} input{}, not {}", index.name, w->tracks().size(),
                                      w->tracks().size() == 1 ? "" : "s", index.args.size())};
  std::vector<const Term*> args;
  for (const auto& p : index.args) args.push_back(p.get());
  return oriented(*w, index.name, args);
}

// The positions whose letter passes the test: the word automaton with its outputs replaced,
// read on the variables `vars` (one per input; the same variable twice is a diagonal), restricted
// to valid representations (the word automaton's dead state has no letter).
Automaton Evaluator::letter_test(const Automaton& w, const std::function<bool(std::int64_t)>& test,
                                 const std::vector<std::string>& vars) {
  Automaton a = w;
  for (std::uint32_t q = 0; q < a.states(); ++q)
    a.set_output(q, w.output(q) != automata::kNoLetter && test(w.output(q)));
  a = automata::bind(a, vars, ctx_);
  for (const auto& t : std::vector<automata::Track>(a.tracks()))
    if (t.system && !t.system->all_valid()) {
      Automaton v = t.system->validity();
      v.rename({t.name});
      a = automata::product(a, v, BoolOp::and_, ctx_);
    }
  return automata::minimize(a, ctx_);
}

// Letters compared: W[p] op @k, W[p] op V[q] (as integers, whatever the base).
Automaton Evaluator::word_relation(const Formula& f) {
  const Term* l = f.left.get();
  const Term* r = f.right.get();
  std::string op = f.op;
  if (l->kind != Term::index) {
    std::swap(l, r);
    static const std::map<std::string, std::string> flip{{"=", "="}, {"!=", "!="}, {"<", ">"},
                                                         {">", "<"}, {"<=", ">="}, {">=", "<="}};
    op = flip.at(op);
  }
  if (l->kind != Term::index) throw PositionedError{f.pos, "a letter @k is compared with a word's letter (W[i] = @1)"};
  const Automaton& lw = word(*l);
  // Each position term is evaluated once; its fresh variable is quantified at the end.
  std::vector<Value> pl = positions(*l);
  std::vector<std::string> lv;
  for (const auto& p : pl) lv.push_back(p.var);
  auto finish = [&](Automaton a, const std::vector<Value>& more) {
    std::vector<std::string> fresh_vars = lv;
    for (const auto& p : pl) a = conjoin(a, p.constraint);
    for (const auto& p : more) a = conjoin(a, p.constraint), fresh_vars.push_back(p.var);
    return drop_fresh(std::move(a), fresh_vars);
  };
  if (r->kind == Term::letter) {
    std::int64_t c = r->letter_value;
    return finish(letter_test(
                      lw, [&](std::int64_t x) { return compare(op, x, c); }, lv),
                  {});
  }
  const Automaton& rw = word(*r);
  std::vector<Value> pr = positions(*r);
  std::vector<std::string> rv;
  for (const auto& p : pr) rv.push_back(p.var);
  // W[p] op V[q]: the disjunction over the letters x of W of (W[p] = x ∧ V[q] satisfies x op ·).
  std::optional<Automaton> any;
  for (std::int64_t x : letters(lw, *l)) {
    Automaton a = letter_test(
        lw, [&](std::int64_t v) { return v == x; }, lv);
    Automaton b = letter_test(
        rw, [&](std::int64_t v) { return compare(op, x, v); }, rv);
    Automaton both = automata::product(a, b, BoolOp::and_, ctx_);
    any = any ? automata::product(*any, both, BoolOp::or_, ctx_) : both;
  }
  return finish(*any, pr);
}

Automaton Evaluator::relation(const Formula& f) {
  // Letters against letters (@k or W[i]) are compared as integers; a word's letter among numbers
  // (T[a] < b, T[a]+5 = 6) is a number of the statement's system.
  const bool letters = f.left->kind == Term::letter || f.right->kind == Term::letter ||
                       (f.left->kind == Term::index && f.right->kind == Term::index);
  if (letters) return word_relation(f);
  Value a = term(*f.left), b = term(*f.right);
  auto sys = system(f.system, f.pos);
  Automaton rel;
  const std::string& op = f.op;
  if (op == "=")
    for (auto [defined, other] : {std::pair{&a, &b}, std::pair{&b, &a}})
      if (auto direct = substituted(*defined, *other, *sys)) return std::move(*direct);
  if (op == "=") rel = automata::bind(sys->equal(), {a.var, b.var}, ctx_);
  else if (op == "!=") rel = automata::complement(automata::bind(sys->equal(), {a.var, b.var}, ctx_), ctx_);
  else if (op == "<") rel = automata::bind(sys->less(), {a.var, b.var}, ctx_);
  else if (op == ">") rel = automata::bind(sys->less(), {b.var, a.var}, ctx_);
  else if (op == ">=") rel = automata::complement(automata::bind(sys->less(), {a.var, b.var}, ctx_), ctx_);
  else rel = automata::complement(automata::bind(sys->less(), {b.var, a.var}, ctx_), ctx_);
  return drop_fresh(conjoin(conjoin(rel, a.constraint), b.constraint), {a.var, b.var});
}

// t = u where t is a fresh variable r with its constraint: the constraint with r renamed to u's
// variable (tracks of one name merged: the diagonal) is ∃r (r = u ∧ constraint) — the system's
// equality is equality of digits — without the projection's determinization (x = 33*y in msd_trib
// spent 44 s of its 58 there). Only where every track involved reads the statement's system.
std::optional<Automaton> Evaluator::substituted(const Value& defined, const Value& other,
                                                const automata::NumberSystem& sys) {
  if (!defined.constraint || !is_fresh(defined.var) || defined.var == other.var) return std::nullopt;
  std::vector<std::string> names;
  for (const automata::Track& t : defined.constraint->tracks()) {
    if ((t.name == defined.var || t.name == other.var) && (!t.system || t.system->name() != sys.name()))
      return std::nullopt;
    names.push_back(t.name == defined.var ? other.var : t.name);
  }
  if (other.constraint)
    for (const automata::Track& t : other.constraint->tracks())
      if (t.name == other.var && (!t.system || t.system->name() != sys.name())) return std::nullopt;
  Automaton rel = automata::bind(*defined.constraint, names, ctx_);
  return drop_fresh(conjoin(std::move(rel), other.constraint), {other.var});
}

Automaton Evaluator::call(const Formula& f) {
  const Automaton* fa;
  try {
    fa = &s_.automaton(f.name);
  } catch (const InputError& e) {
    throw PositionedError{f.pos, e.what()};
  }
  if (f.args.size() != fa->tracks().size())
    throw PositionedError{f.pos,
                          fmt::format("${} takes {} arguments, not {}", f.name, fa->tracks().size(), f.args.size())};
  std::vector<const Term*> terms;
  for (const auto& t : f.args) terms.push_back(t.get());
  if (!terms.empty()) fa = &oriented(*fa, f.name, terms);
  std::vector<Value> args;
  std::vector<std::string> names;
  for (const auto& t : f.args) {
    args.push_back(term(*t));
    names.push_back(args.back().var);
  }
  Automaton a;
  try {
    a = automata::bind(*fa, names, ctx_);
  } catch (const RangeError&) {
    throw;  // a budget (memory, states) keeps its type, so that a caller can try something else
  } catch (const InputError& e) {
    throw PositionedError{f.pos, e.what()};
  }
  for (const auto& v : args) a = conjoin(a, v.constraint);
  return drop_fresh(std::move(a), names);
}

// An operation that refuses its operands (two number systems on one variable, say) is placed at
// the innermost formula that applied it; a range error (a budget) keeps its own message.
Automaton Evaluator::formula(const Formula& f) {
  try {
    return formula_unplaced(f);
  } catch (const RangeError&) {
    throw;
  } catch (const InputError& e) {
    throw PositionedError{f.pos, e.what()};
  }
}

// A connective, folding constants as Walnut does: when one side is closed (TRUE or FALSE) the
// result is the other side, its complement, or a constant — so `(Ex,y x<y) | z=3` is TRUE, not
// the automaton of every z, and z is not among its free variables.
Automaton Evaluator::connect(Automaton a, Automaton b, BoolOp op) {
  auto constant = [](bool v) {
    Automaton c({}, 1);
    c.set_output(0, v);
    return c;
  };
  const bool ca = a.tracks().empty(), cb = b.tracks().empty();
  if (ca && cb) return automata::product(a, b, op, ctx_);
  if (!ca && !cb) return automata::product(a, b, op, ctx_);
  const bool k = (ca ? a : b).accepting((ca ? a : b).initial());
  Automaton x = ca ? b : a;  // the side with free variables
  switch (op) {
    case BoolOp::and_:
      return k ? x : constant(false);
    case BoolOp::or_:
      return k ? constant(true) : x;
    case BoolOp::xor_:
      return k ? automata::complement(x, ctx_) : x;
    case BoolOp::iff:
      return k ? x : automata::complement(x, ctx_);
    case BoolOp::implies:
      if (ca) return k ? x : constant(true);                      // TRUE => X is X; FALSE => X is TRUE
      return k ? constant(true) : automata::complement(x, ctx_);  // X => TRUE; X => FALSE is ~X
  }
  return automata::product(a, b, op, ctx_);
}

Automaton Evaluator::formula_unplaced(const Formula& f) {
  switch (f.kind) {
    case Formula::truth: {
      Automaton a({}, 1);
      a.set_output(0, f.value);
      return a;
    }
    case Formula::negation:
      return automata::complement(formula(*f.a), ctx_);
    case Formula::conjunction:
    case Formula::disjunction:
    case Formula::exclusive:
    case Formula::implication:
    case Formula::equivalence: {
      BoolOp op = f.kind == Formula::conjunction   ? BoolOp::and_
                  : f.kind == Formula::disjunction ? BoolOp::or_
                  : f.kind == Formula::exclusive   ? BoolOp::xor_
                  : f.kind == Formula::implication ? BoolOp::implies
                                                   : BoolOp::iff;
      return connect(formula(*f.a), formula(*f.b), op);
    }
    case Formula::exists:
      return exists_all(formula(*f.a), f.vars);
    case Formula::forall: {
      Automaton counter = automata::complement(formula(*f.a), ctx_);
      if (&f == top_) counter_ = counter;
      return automata::complement(exists_all(counter, f.vars), ctx_);
    }
    case Formula::infinite: {
      // Walnut's I: a constant, whether φ's automaton accepts infinitely many words whose x has
      // no leading zeros (its other free variables counted too). Without x in φ, every word
      // counts: infinitely many (with their padding) as soon as φ is satisfiable.
      Automaton a = formula(*f.a);
      const std::string& v = f.vars[0];
      if (a.track_index(v) >= 0) return automata::infinitely_many(a, v, ctx_);
      std::vector<std::string> all;
      for (const auto& t : a.tracks()) all.push_back(t.name);
      return exists_all(std::move(a), all);
    }
    case Formula::relation:
      return relation(f);
    case Formula::call:
      return call(f);
    case Formula::reversal: {
      // `φ: the same words read backwards, each track in its partner system (msd_k ↔ lsd_k):
      // a padding-closed automaton's relation, now read from the other end.
      Automaton a = formula(*f.a);
      auto partners = automata::partner_systems(a, [&](const std::string& name) { return system(name, f.pos); });
      return automata::reverse(a, partners, ctx_);
    }
  }
  throw PositionedError{f.pos, "unknown formula"};
}

Automaton Evaluator::evaluate(const Formula& f) {
  top_ = &f;
  return formula(f);
}

}  // namespace qg::prover::detail
