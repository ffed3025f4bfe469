// Statements to automata: each subformula becomes an automaton over its free variables;
// each arithmetic subterm becomes a fresh variable, existentially quantified as soon as the
// relation or call that uses it is built.
#include <algorithm>

#include <fmt/format.h>

#include "prover/evaluate.hpp"

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
Evaluator::Value Evaluator::multiple(std::uint64_t k, const std::string& v, const std::string& sys, std::size_t pos) {
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
  Value half = multiple(k / 2, v, sys, pos);
  // half + half: the same variable twice, so its constraint is conjoined once. v itself is
  // kept (the caller quantifies it).
  Value r{fresh(), std::nullopt};
  Automaton c = conjoin(sum(sys, half.var, half.var, r.var, pos), half.constraint);
  r.constraint = half.var == v ? c : drop_fresh(std::move(c), {half.var});
  if (k % 2 == 1) {
    Value s{fresh(), std::nullopt};
    s.constraint = drop_fresh(conjoin(sum(sys, r.var, v, s.var, pos), r.constraint), {r.var});
    r = std::move(s);
  }
  return r;
}

Evaluator::Value Evaluator::term(const Term& t) {
  switch (t.kind) {
    case Term::variable:
      return {t.name, std::nullopt};
    case Term::number: {
      Value r{fresh(), std::nullopt};
      Automaton c = system(t.system, t.pos)->constant(t.value, ctx_);
      c.rename({r.var});
      r.constraint = c;
      return r;
    }
    case Term::negate: {
      // −a: the r with a + r = 0. Only in a negative base (numbers there are integers);
      // Walnut also accepts _1 in natural bases, with a meaning its manual does not give.
      auto sys = system(t.system, t.pos);
      if (!sys->negative())
        throw PositionedError{
            t.pos, fmt::format("a negative number needs a negative base such as msd_neg_2, not {}", sys->name())};
      Value r{fresh(), std::nullopt};
      if (t.a->kind == Term::number) {
        if (t.a->value > static_cast<std::uint64_t>(INT64_MAX)) throw PositionedError{t.pos, "a constant beyond 2^63"};
        Automaton c = sys->integer_constant(-static_cast<std::int64_t>(t.a->value), ctx_);
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
    case Term::divide: {
      // r = floor(a / k): k·r + m = a with m < k.
      Value a = term(*t.a), r{fresh(), std::nullopt};
      Value kr = multiple(t.value, r.var, t.system, t.pos);
      std::string m = fresh(), k = fresh();
      Automaton kc = system(t.system, t.pos)->constant(t.value, ctx_);
      kc.rename({k});
      auto sys = system(t.system, t.pos);
      Automaton less = automata::bind(sys->less(), {m, k}, ctx_);
      if (sys->negative()) {
        // Integers: the remainder is also at least 0 (floor division, as Walnut: _3/2 = _2).
        std::string zero = fresh();
        Automaton z = sys->constant(0, ctx_);
        z.rename({zero});
        Automaton negative = automata::product(automata::bind(sys->less(), {m, zero}, ctx_), z, BoolOp::and_, ctx_);
        less = automata::product(less, automata::complement(exists_all(negative, {zero}), ctx_), BoolOp::and_, ctx_);
      }
      Automaton c = conjoin(sum(t.system, kr.var, m, a.var, t.pos), kr.constraint);
      c = drop_fresh(
          automata::product(c, exists_all(automata::product(less, kc, BoolOp::and_, ctx_), {k}), BoolOp::and_, ctx_),
          {kr.var == r.var ? std::string() : kr.var, m});
      r.constraint = drop_fresh(conjoin(c, a.constraint), {a.var});
      return r;
    }
    case Term::letter:
    case Term::index:
      throw PositionedError{t.pos, "a letter is only compared with a letter (W[i] = @1, W[i] = W[j])"};
  }
  throw PositionedError{t.pos, "unknown term"};
}

Automaton Evaluator::exists_all(Automaton a, const std::vector<std::string>& vars) {
  for (const auto& v : vars)
    if (a.track_index(v) >= 0) a = automata::exists(a, v, ctx_);
  return a;
}

const Automaton& Evaluator::word(const Term& index) {
  const Automaton* w;
  try {
    w = &s_.word(index.name);
  } catch (const InputError& e) {
    throw PositionedError{index.pos, e.what()};
  }
  if (w->tracks().size() != 1)
    throw PositionedError{
        index.pos, fmt::format("word automaton {} has {} inputs; one is supported", index.name, w->tracks().size())};
  return *w;
}

// The positions v whose letter passes the test: the word automaton with its outputs
// replaced, restricted to valid representations (the word automaton's dead state has none).
Automaton Evaluator::letter_test(const Automaton& w, const std::function<bool(std::int64_t)>& test,
                                 const std::string& var) {
  Automaton a = w;
  for (std::uint32_t q = 0; q < a.states(); ++q) a.set_output(q, w.output(q) >= 0 && test(w.output(q)));
  a.rename({var});
  const auto& sys = a.tracks()[0].system;
  if (sys && !sys->all_valid()) {
    Automaton v = sys->validity();
    v.rename({var});
    a = automata::product(a, v, BoolOp::and_, ctx_);
  }
  return automata::minimize(a, ctx_);
}

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
  const Automaton& lw = word(*l);
  // Each position term is evaluated once; its fresh variable is quantified at the end.
  Value pl = term(*l->a);
  if (r->kind == Term::letter || r->kind == Term::number) {
    std::int64_t c = r->kind == Term::letter ? r->letter_value : static_cast<std::int64_t>(r->value);
    Automaton a = letter_test(
        lw, [&](std::int64_t x) { return compare(op, x, c); }, pl.var);
    return drop_fresh(conjoin(a, pl.constraint), {pl.var});
  }
  if (r->kind != Term::index) throw PositionedError{r->pos, "a letter is compared with a letter (@k or W[i])"};
  const Automaton& rw = word(*r);
  Value pr = term(*r->a);
  // W[p] op V[q]: the disjunction over the letters x of W of (W[p] = x ∧ V[q] satisfies x op ·).
  std::vector<std::int64_t> letters;
  for (std::uint32_t q = 0; q < lw.states(); ++q)
    if (lw.output(q) >= 0) letters.push_back(lw.output(q));
  std::sort(letters.begin(), letters.end());
  letters.erase(std::unique(letters.begin(), letters.end()), letters.end());
  std::optional<Automaton> any;
  for (std::int64_t x : letters) {
    Automaton a = letter_test(
        lw, [&](std::int64_t v) { return v == x; }, pl.var);
    Automaton b = letter_test(
        rw, [&](std::int64_t v) { return compare(op, x, v); }, pr.var);
    Automaton both = automata::product(a, b, BoolOp::and_, ctx_);
    any = any ? automata::product(*any, both, BoolOp::or_, ctx_) : both;
  }
  if (!any) throw PositionedError{l->pos, fmt::format("word automaton {} has no letters", l->name)};
  return drop_fresh(conjoin(conjoin(*any, pl.constraint), pr.constraint), {pl.var, pr.var});
}

Automaton Evaluator::relation(const Formula& f) {
  auto is_letter = [](const Term& t) { return t.kind == Term::letter || t.kind == Term::index; };
  if (is_letter(*f.left) || is_letter(*f.right)) return word_relation(f);
  Value a = term(*f.left), b = term(*f.right);
  auto sys = system(f.system, f.pos);
  Automaton rel;
  const std::string& op = f.op;
  if (op == "=") rel = automata::bind(sys->equal(), {a.var, b.var}, ctx_);
  else if (op == "!=") rel = automata::complement(automata::bind(sys->equal(), {a.var, b.var}, ctx_), ctx_);
  else if (op == "<") rel = automata::bind(sys->less(), {a.var, b.var}, ctx_);
  else if (op == ">") rel = automata::bind(sys->less(), {b.var, a.var}, ctx_);
  else if (op == ">=") rel = automata::complement(automata::bind(sys->less(), {a.var, b.var}, ctx_), ctx_);
  else rel = automata::complement(automata::bind(sys->less(), {b.var, a.var}, ctx_), ctx_);
  return drop_fresh(conjoin(conjoin(rel, a.constraint), b.constraint), {a.var, b.var});
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
  std::vector<Value> args;
  std::vector<std::string> names;
  for (const auto& t : f.args) {
    args.push_back(term(*t));
    names.push_back(args.back().var);
  }
  Automaton a;
  try {
    a = automata::bind(*fa, names, ctx_);
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
      return automata::product(formula(*f.a), formula(*f.b), op, ctx_);
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
  }
  throw PositionedError{f.pos, "unknown formula"};
}

Automaton Evaluator::evaluate(const Formula& f) {
  top_ = &f;
  return formula(f);
}

}  // namespace qg::prover::detail
