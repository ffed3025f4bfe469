// The prover against brute force (prover_oracle.hpp).
#include "prover_oracle.hpp"

#include <algorithm>
#include <functional>
#include <map>
#include <optional>
#include <set>

#include <fmt/format.h>

#include "queengames/words.hpp"

namespace qg::prover::oracle {

using automata::Automaton;
using detail::Formula;
using detail::FormulaPtr;
using detail::Term;
using detail::TermPtr;

std::vector<SystemChoice> all_systems() {
  return {{"msd_2", 6},
          {"lsd_2", 6},
          {"msd_3", 3},
          {"lsd_3", 3},
          {"msd_10", 1},
          {"lsd_10", 1},
          {"msd_fib", 5},
          {"lsd_fib", 5},
          {"msd_trib", 3},
          {"lsd_trib", 3},
          {"msd_neg_2", 3},
          {"lsd_neg_2", 3},
          {"msd_neg_3", 1},
          {"lsd_neg_3", 1},
          {"msd_neg_fib", 1},
          {"lsd_neg_fib", 1},
          {"msd_ost", 1},
          {"lsd_ost", 1},
          {"msd_queen2_1", 1},
          {"lsd_queen2_1", 1},
          {"msd_kqueen3", 1},
          {"lsd_kqueen3", 1},
          {"msd_tetranacci", 1, 0},
          {"lsd_tetranacci", 1, 0}};
}

namespace {

bool negative_system(const std::string& s) { return s.find("_neg_") != std::string::npos; }

// msd_X ↔ lsd_X: the system a reversal ` reads a variable in.
std::string partner(const std::string& s) { return (s.starts_with("msd_") ? "lsd_" : "msd_") + s.substr(4); }

// Walnut's word automata and the system they read: T and PD in msd_2, F in msd_fib, TR in msd_trib.
struct WordInfo {
  const char* name;
  const char* system;
  const char* morphism;
  unsigned letters;
};
const WordInfo kWords[] = {{"T", "msd_2", "thue-morse", 2},
                           {"PD", "msd_2", "period-doubling", 2},
                           {"F", "msd_fib", "fibonacci", 2},
                           {"TR", "msd_trib", "tribonacci", 3}};

TermPtr make_term(Term::Kind kind, const std::string& system) {
  auto t = std::make_unique<Term>();
  t->kind = kind;
  t->system = system;
  return t;
}

FormulaPtr make_formula(Formula::Kind kind, const std::string& system = "msd_2") {
  auto f = std::make_unique<Formula>();
  f->kind = kind;
  f->system = system;
  return f;
}

TermPtr number(std::uint64_t v, const std::string& system) {
  auto t = make_term(Term::number, system);
  t->value = v;
  return t;
}

TermPtr variable(const std::string& name, const std::string& system) {
  auto t = make_term(Term::variable, system);
  t->name = name;
  return t;
}

FormulaPtr relation(const std::string& op, TermPtr l, TermPtr r, const std::string& system) {
  auto f = make_formula(Formula::relation, system);
  f->op = op;
  f->left = std::move(l);
  f->right = std::move(r);
  return f;
}

FormulaPtr binary(Formula::Kind kind, FormulaPtr a, FormulaPtr b) {
  auto f = make_formula(kind);
  f->a = std::move(a);
  f->b = std::move(b);
  return f;
}

FormulaPtr clone(const Formula& f);

TermPtr clone(const Term& t) {
  auto c = make_term(t.kind, t.system);
  c->pos = t.pos;
  c->name = t.name;
  c->value = t.value;
  c->letter_value = t.letter_value;
  if (t.a) c->a = clone(*t.a);
  if (t.b) c->b = clone(*t.b);
  for (const auto& x : t.args) c->args.push_back(clone(*x));
  if (t.formula) c->formula = clone(*t.formula);
  return c;
}

FormulaPtr clone(const Formula& f) {
  auto c = make_formula(f.kind, f.system);
  c->pos = f.pos;
  c->value = f.value;
  c->vars = f.vars;
  c->op = f.op;
  c->name = f.name;
  if (f.left) c->left = clone(*f.left);
  if (f.right) c->right = clone(*f.right);
  for (const auto& a : f.args) c->args.push_back(clone(*a));
  if (f.a) c->a = clone(*f.a);
  if (f.b) c->b = clone(*f.b);
  return c;
}

// Each variable's system (under an odd number of reversals `, its partner); `conflict` when a
// variable has two.
void collect_systems(const Formula& f, std::map<std::string, std::string>& systems, bool& conflict, bool flip = false);

void collect_systems(const Term& t, std::map<std::string, std::string>& systems, bool& conflict, bool flip = false) {
  if (t.kind == Term::variable) {
    const std::string sys = flip ? partner(t.system) : t.system;
    auto [it, fresh] = systems.emplace(t.name, sys);
    if (!fresh && it->second != sys) conflict = true;
  }
  if (t.a) collect_systems(*t.a, systems, conflict, flip);
  if (t.b) collect_systems(*t.b, systems, conflict, flip);
  for (const auto& x : t.args) collect_systems(*x, systems, conflict, flip);
  if (t.formula) collect_systems(*t.formula, systems, conflict, flip);
}

void collect_systems(const Formula& f, std::map<std::string, std::string>& systems, bool& conflict, bool flip) {
  if (f.kind == Formula::reversal) flip = !flip;
  if (f.left) collect_systems(*f.left, systems, conflict, flip);
  if (f.right) collect_systems(*f.right, systems, conflict, flip);
  for (const auto& a : f.args) collect_systems(*a, systems, conflict, flip);
  if (f.a) collect_systems(*f.a, systems, conflict, flip);
  if (f.b) collect_systems(*f.b, systems, conflict, flip);
}

void free_variables(const Formula& f, std::set<std::string>& bound, std::set<std::string>& out);

void free_variables(const Term& t, const std::set<std::string>& bound, std::set<std::string>& out) {
  if (t.kind == Term::variable && !bound.count(t.name)) out.insert(t.name);
  if (t.a) free_variables(*t.a, bound, out);
  if (t.b) free_variables(*t.b, bound, out);
  for (const auto& x : t.args) free_variables(*x, bound, out);
  if (t.formula) {
    std::set<std::string> b = bound;
    free_variables(*t.formula, b, out);
  }
}

void free_variables(const Formula& f, std::set<std::string>& bound, std::set<std::string>& out) {
  if (f.left) free_variables(*f.left, bound, out);
  if (f.right) free_variables(*f.right, bound, out);
  for (const auto& a : f.args) free_variables(*a, bound, out);
  std::vector<std::string> added;
  for (const auto& v : f.vars)
    if (bound.insert(v).second) added.push_back(v);
  if (f.a) free_variables(*f.a, bound, out);
  if (f.b) free_variables(*f.b, bound, out);
  for (const auto& v : added) bound.erase(v);
}

}  // namespace

// ---- the generator ------------------------------------------------------------------------

Generator::Generator(std::uint64_t seed, GeneratorOptions options) : rng_(seed), options_(std::move(options)) {}

unsigned Generator::term_depth(const std::string& system, unsigned wanted) const {
  for (const auto& s : options_.systems)
    if (s.name == system) return std::min(wanted, s.max_term_depth);
  return wanted;
}

std::string Generator::pick_system() { return chosen_[below(static_cast<unsigned>(chosen_.size()))]; }

std::string Generator::next() {
  unsigned total = 0;
  for (const auto& s : options_.systems) total += s.weight;
  chosen_.clear();
  unsigned want = 1 + below(options_.max_systems);
  for (unsigned tries = 0; chosen_.size() < want && tries < 20; ++tries) {
    unsigned r = below(total);
    for (const auto& s : options_.systems) {
      if (r < s.weight) {
        if (std::find(chosen_.begin(), chosen_.end(), s.name) == chosen_.end()) chosen_.push_back(s.name);
        break;
      }
      r -= s.weight;
    }
  }
  // Sometimes a definition g1 over one or two free variables first, called by the statement.
  std::string prefix;
  callee_.clear();
  if (below(4) == 0) {
    std::vector<Var> scope;
    unsigned free = 1 + below(2);
    for (unsigned i = 0; i < free; ++i) scope.push_back({std::string(1, static_cast<char>('a' + i)), pick_system()});
    next_bound_ = 0;
    FormulaPtr g = formula(options_.max_depth > 0 ? options_.max_depth - 1 : 0, scope);
    std::set<std::string> bound, used;
    free_variables(*g, bound, used);
    for (const auto& v : scope)
      if (used.count(v.name)) callee_.push_back(v);  // sorted by name: the def's track order
    if (!callee_.empty()) prefix = print(*g) + " ;; ";
  }
  std::vector<Var> scope;
  unsigned free = below(options_.max_free + 1);
  for (unsigned i = 0; i < free; ++i) scope.push_back({std::string(1, static_cast<char>('a' + i)), pick_system()});
  next_bound_ = 0;
  return prefix + print(*formula(options_.max_depth, scope));
}

// $g1(t1, …): each argument a term in the system of its track, from the variables in scope.
FormulaPtr Generator::call(const std::vector<Var>& scope) {
  auto f = make_formula(Formula::call);
  f->name = "g1";
  for (const auto& v : callee_) {
    std::vector<Var> vars;
    for (const auto& w : scope)
      if (w.system == v.system) vars.push_back(w);
    f->args.push_back(term(v.system, vars, term_depth(v.system, 1)));
  }
  return f;
}

FormulaPtr Generator::formula(unsigned depth, std::vector<Var>& scope) {
  unsigned r = below(100);
  if (depth == 0 || r < 25) return atom(scope);
  if (r < 35) {
    auto f = make_formula(Formula::negation);
    f->a = formula(depth - 1, scope);
    return f;
  }
  if (r < 70) {
    static const Formula::Kind ops[] = {Formula::conjunction, Formula::disjunction, Formula::exclusive,
                                        Formula::implication, Formula::equivalence};
    Formula::Kind op = ops[below(5)];
    FormulaPtr a = formula(depth - 1, scope);
    return binary(op, std::move(a), formula(depth - 1, scope));
  }
  if (r < 97) return quantifier(depth, scope);
  auto f = make_formula(Formula::truth);
  f->value = below(2) == 1;
  return f;
}

// E v (guard & φ) or A v (guard => φ); the guard bounds v by a constant or by a variable of
// v's system in scope plus a constant (and below, in a negative base).
FormulaPtr Generator::quantifier(unsigned depth, std::vector<Var>& scope) {
  static const char names[] = "pqrstuvwxyz";
  if (next_bound_ + 1 >= sizeof names) return atom(scope);
  Var v{std::string(1, names[next_bound_++]), pick_system()};
  const bool neg = negative_system(v.system);
  std::vector<const Var*> same;
  for (const auto& w : scope)
    if (w.system == v.system) same.push_back(&w);
  TermPtr high;
  if (!same.empty() && below(2) == 0) {
    high = variable(same[below(static_cast<unsigned>(same.size()))]->name, v.system);
    if (below(2) == 0 && term_depth(v.system, 1) > 0) {
      auto sum = make_term(Term::add, v.system);
      sum->a = std::move(high);
      sum->b = number(below(7), v.system);
      high = std::move(sum);
    }
  } else {
    high = number(below(31), v.system);
  }
  static const char* const ops[] = {"<=", "<", "="};
  FormulaPtr guard = relation(ops[below(3)], variable(v.name, v.system), std::move(high), v.system);
  if (neg && guard->op != "=") {
    auto low = make_term(Term::negate, v.system);
    low->a = number(below(21), v.system);
    guard = binary(Formula::conjunction, relation(">=", variable(v.name, v.system), std::move(low), v.system),
                   std::move(guard));
  }
  scope.push_back(v);
  FormulaPtr body = formula(depth - 1, scope);
  scope.pop_back();
  bool exists = below(2) == 0;
  auto q = make_formula(exists ? Formula::exists : Formula::forall);
  q->vars = {v.name};
  q->a = binary(exists ? Formula::conjunction : Formula::implication, std::move(guard), std::move(body));
  return q;
}

FormulaPtr Generator::atom(const std::vector<Var>& scope) {
  if (!callee_.empty() && below(5) == 0) return call(scope);
  if (below(8) == 0) {
    // `(?P relation) over variables of the partner P's partner S: after the reversal they are
    // S numbers again, and the relation is the same.
    std::vector<Var> flipped = scope;
    for (auto& v : flipped) v.system = partner(v.system);
    auto r = make_formula(Formula::reversal);
    r->a = relation_atom(flipped);
    return r;
  }
  return relation_atom(scope);
}

FormulaPtr Generator::relation_atom(const std::vector<Var>& scope) {
  std::string sys =
      scope.empty() || below(5) == 0 ? pick_system() : scope[below(static_cast<unsigned>(scope.size()))].system;
  std::vector<Var> vars;
  for (const auto& v : scope)
    if (v.system == sys) vars.push_back(v);
  std::vector<const WordInfo*> words;
  for (const auto& w : kWords)
    if (sys == w.system) words.push_back(&w);
  if (!words.empty() && below(4) == 0) {
    const WordInfo* w = words[below(static_cast<unsigned>(words.size()))];
    auto index = make_term(Term::index, sys);
    index->name = w->name;
    index->args.push_back(term(sys, vars, term_depth(sys, 1)));
    TermPtr other;
    if (below(2) == 0) {
      other = make_term(Term::letter, sys);
      other->letter_value = below(w->letters);
    } else {
      const WordInfo* u = words[below(static_cast<unsigned>(words.size()))];
      other = make_term(Term::index, sys);
      other->name = u->name;
      other->args.push_back(term(sys, vars, term_depth(sys, 1)));
    }
    return relation(below(2) == 0 ? "=" : "!=", std::move(index), std::move(other), sys);
  }
  static const char* const ops[] = {"=", "!=", "<", "<=", ">", ">="};
  TermPtr l = term(sys, vars, term_depth(sys, 2));
  return relation(ops[below(6)], std::move(l), term(sys, vars, term_depth(sys, 1)), sys);
}

TermPtr Generator::term(const std::string& sys, const std::vector<Var>& vars, unsigned depth) {
  const bool neg = negative_system(sys);
  unsigned r = below(100);
  if (depth > 0 && r < 8)
    if (TermPtr t = letter_term(sys, vars, depth)) return t;
  if (depth == 0 || r < 45) {
    if (!vars.empty() && below(10) < 7) return variable(vars[below(static_cast<unsigned>(vars.size()))].name, sys);
    TermPtr c = number(below(13), sys);
    if (neg && below(10) < 3) {
      auto m = make_term(Term::negate, sys);
      m->a = std::move(c);
      return m;
    }
    return c;
  }
  if (r < 72) {
    auto t = make_term(r < 60 ? Term::add : Term::subtract, sys);
    t->a = term(sys, vars, depth - 1);
    t->b = term(sys, vars, depth - 1);
    return t;
  }
  if (r < 84) {
    auto t = make_term(Term::multiply, sys);
    t->value = below(4);
    t->a = term(sys, vars, depth - 1);
    if (neg && below(10) < 3) {
      auto m = make_term(Term::negate, sys);
      m->a = std::move(t);
      return m;
    }
    return t;
  }
  if (r < 94 || !neg) {
    auto t = make_term(Term::divide, sys);
    t->value = 1 + below(3);
    t->a = term(sys, vars, depth - 1);
    if (neg && below(10) < 3) {
      auto m = make_term(Term::negate, sys);
      m->a = std::move(t->a);
      t->a = std::move(m);
    }
    return t;
  }
  auto t = make_term(Term::negate, sys);
  t->a = term(sys, vars, depth - 1);
  return t;
}

// A word's letter as a number (W[t]), or times a term (W[t]·u), where the system has words.
TermPtr Generator::letter_term(const std::string& sys, const std::vector<Var>& vars, unsigned depth) {
  std::vector<const WordInfo*> words;
  for (const auto& w : kWords)
    if (sys == w.system) words.push_back(&w);
  if (words.empty()) return nullptr;
  auto index = make_term(Term::index, sys);
  index->name = words[below(static_cast<unsigned>(words.size()))]->name;
  index->args.push_back(term(sys, vars, 0));
  if (depth == 0 || below(2) == 0) return index;
  auto t = make_term(Term::times, sys);
  t->a = std::move(index);
  t->b = term(sys, vars, depth - 1);
  return t;
}

// ---- printing -----------------------------------------------------------------------------

namespace {

std::string print_term(const Term& t);

}  // namespace

std::string print(const Formula& f);

namespace {

std::string print_term(const Term& t) {
  switch (t.kind) {
    case Term::variable:
      return t.name;
    case Term::number:
      return t.value.get_str();
    case Term::negate:
      return t.a->kind == Term::number || t.a->kind == Term::variable ? "_" + print_term(*t.a)
                                                                      : "_(" + print_term(*t.a) + ")";
    case Term::add:
      return "(" + print_term(*t.a) + "+" + print_term(*t.b) + ")";
    case Term::subtract:
      return "(" + print_term(*t.a) + "-" + print_term(*t.b) + ")";
    case Term::multiply:
      return fmt::format("{}*({})", t.value.get_str(), print_term(*t.a));
    case Term::divide:
      return fmt::format("({})/{}", print_term(*t.a), t.value.get_str());
    case Term::letter:
      return fmt::format("@{}", t.letter_value);
    case Term::index: {
      std::string out = t.name;
      for (const auto& x : t.args) out += "[" + print_term(*x) + "]";
      return out;
    }
    case Term::times:
      return "(" + print_term(*t.a) + ")*(" + print_term(*t.b) + ")";
    case Term::over:
      return "(" + print_term(*t.a) + ")/(" + print_term(*t.b) + ")";
    case Term::predicate:
      return "(" + print(*t.formula) + ")";
  }
  return "?";
}

}  // namespace

std::string print(const Formula& f) {
  auto paren = [](const Formula& g) { return "(" + print(g) + ")"; };
  switch (f.kind) {
    case Formula::truth:
      return f.value ? "true" : "false";
    case Formula::negation:
      return "~" + paren(*f.a);
    case Formula::conjunction:
      return paren(*f.a) + " & " + paren(*f.b);
    case Formula::disjunction:
      return paren(*f.a) + " | " + paren(*f.b);
    case Formula::exclusive:
      return paren(*f.a) + " ^ " + paren(*f.b);
    case Formula::implication:
      return paren(*f.a) + " => " + paren(*f.b);
    case Formula::equivalence:
      return paren(*f.a) + " <=> " + paren(*f.b);
    case Formula::exists:
    case Formula::forall:
    case Formula::infinite: {
      const char* q = f.kind == Formula::exists ? "E" : f.kind == Formula::forall ? "A" : "I";
      return fmt::format("{}{} {}", q, fmt::join(f.vars, ","), paren(*f.a));
    }
    case Formula::relation:
      return fmt::format("(?{} {} {} {})", f.system, print_term(*f.left), f.op, print_term(*f.right));
    case Formula::reversal:
      return "`" + paren(*f.a);
    case Formula::call: {
      std::vector<std::string> args;  // each in its own system, as its track reads it
      for (const auto& a : f.args) args.push_back(fmt::format("(?{} {})", a->system, print_term(*a)));
      return fmt::format("${}({})", f.name, fmt::join(args, ","));
    }
  }
  return "?";
}

// ---- brute force --------------------------------------------------------------------------

namespace {

// A formula outside the class the brute force decides exactly (an unguarded quantifier, a
// guard wider than the bound, I, a call).
struct NotExact {
  std::string why;
};

// A definition the statement calls: its formula, its free variables in track order, their systems.
struct Callee {
  FormulaPtr formula;
  std::vector<std::string> vars;
  std::map<std::string, std::string> systems;
};

class Brute {
 public:
  Brute(const std::map<std::string, std::string>& systems, const std::map<std::string, Callee>& callees,
        const Bounds& bounds)
      : systems_(&systems), callees_(callees), bounds_(bounds) {}

  bool holds(const Formula& f) {
    switch (f.kind) {
      case Formula::truth:
        return f.value;
      case Formula::negation:
        return !holds(*f.a);
      case Formula::conjunction:
        return holds(*f.a) && holds(*f.b);
      case Formula::disjunction:
        return holds(*f.a) || holds(*f.b);
      case Formula::exclusive:
        return holds(*f.a) != holds(*f.b);
      case Formula::implication:
        return !holds(*f.a) || holds(*f.b);
      case Formula::equivalence:
        return holds(*f.a) == holds(*f.b);
      case Formula::exists:
      case Formula::forall:
        return quantified(f);
      case Formula::relation:
        return relation(f);
      case Formula::infinite:
        throw NotExact{"I"};
      case Formula::call:
        return call(f);
      case Formula::reversal:  // the same relation, read from the other end
        return holds(*f.a);
    }
    return false;
  }

  std::vector<std::pair<std::string, std::int64_t>> env;

 private:
  std::optional<std::int64_t> lookup(const std::string& name) const {
    for (auto it = env.rbegin(); it != env.rend(); ++it)
      if (it->first == name) return it->second;
    return std::nullopt;
  }

  static std::int64_t floor_div(std::int64_t a, std::int64_t k) {
    return a / k - ((a % k != 0) && ((a < 0) != (k < 0)));
  }

  std::optional<std::int64_t> value(const Term& t) {
    switch (t.kind) {
      case Term::variable: {
        auto v = lookup(t.name);
        if (!v) throw NotExact{"variable " + t.name + " unbound"};
        return v;
      }
      case Term::number:
        return t.value.get_si();  // the generator's constants are small
      case Term::negate: {
        auto a = value(*t.a);
        return a ? std::optional<std::int64_t>(-*a) : std::nullopt;
      }
      case Term::add:
      case Term::subtract: {
        auto a = value(*t.a), b = value(*t.b);
        if (!a || !b) return std::nullopt;
        if (t.kind == Term::add) return *a + *b;
        // Natural subtraction: a − b has no value when a < b (Walnut: b + r = a).
        if (!negative_system(t.system) && *a < *b) return std::nullopt;
        return *a - *b;
      }
      case Term::multiply: {
        auto a = value(*t.a);
        return a ? std::optional<std::int64_t>(t.value.get_si() * *a) : std::nullopt;
      }
      case Term::divide: {
        auto a = value(*t.a);
        return a ? std::optional<std::int64_t>(floor_div(*a, t.value.get_si())) : std::nullopt;
      }
      case Term::index:
        return letter(t);
      case Term::times: {
        auto a = value(*t.a), b = value(*t.b);
        return a && b ? std::optional<std::int64_t>(*a * *b) : std::nullopt;
      }
      case Term::over: {
        auto a = value(*t.a), b = value(*t.b);
        return a && b && *b != 0 ? std::optional<std::int64_t>(floor_div(*a, *b)) : std::nullopt;
      }
      case Term::letter:
      case Term::predicate:
        throw NotExact{"a letter or a formula as a number"};
    }
    return std::nullopt;
  }

  // The letter of a word automaton at a term's value (nothing where the term has none).
  std::optional<std::int64_t> letter(const Term& t) {
    if (t.kind == Term::letter) return t.letter_value;
    if (t.args.size() != 1) throw NotExact{"a word of several inputs"};
    auto i = value(*t.args[0]);
    if (!i || *i < 0) return std::nullopt;
    if (*i > 1'000'000) throw NotExact{"a word index beyond 10^6"};
    std::string& w = words_[t.name];
    if (w.size() <= static_cast<std::size_t>(*i)) {
      const WordInfo* info = nullptr;
      for (const auto& k : kWords)
        if (t.name == k.name) info = &k;
      if (!info) throw NotExact{"word " + t.name};
      auto m = words::Morphism::named(info->morphism);
      std::string prefix = m.iterate(m.start(), 1);
      for (unsigned k = 2; prefix.size() <= static_cast<std::size_t>(*i) * 2 + 64; ++k)
        prefix = m.iterate(m.start(), k);
      w.clear();
      for (char c : prefix) w.push_back(static_cast<char>(m.index(c)));
    }
    return w[static_cast<std::size_t>(*i)];
  }

  bool relation(const Formula& f) {
    // Letters against letters as integers; a word's letter among numbers is a number.
    std::optional<std::int64_t> a, b;
    if (f.left->kind == Term::letter || f.right->kind == Term::letter ||
        (f.left->kind == Term::index && f.right->kind == Term::index)) {
      a = letter(*f.left), b = letter(*f.right);
    } else {
      a = value(*f.left), b = value(*f.right);
    }
    if (!a || !b) return false;
    const std::string& op = f.op;
    if (op == "=") return *a == *b;
    if (op == "!=") return *a != *b;
    if (op == "<") return *a < *b;
    if (op == ">") return *a > *b;
    if (op == "<=") return *a <= *b;
    return *a >= *b;
  }

  static bool mentions(const Term& t, const std::string& v) {
    return (t.kind == Term::variable && t.name == v) || (t.a && mentions(*t.a, v)) || (t.b && mentions(*t.b, v));
  }

  static void conjuncts(const Formula& f, std::vector<const Formula*>& out) {
    if (f.kind == Formula::conjunction) {
      conjuncts(*f.a, out);
      conjuncts(*f.b, out);
    } else {
      out.push_back(&f);
    }
  }

  // The range [lo, hi] the guard's conjuncts v op t (t free of v) allow v; false when a bound
  // has no value (the guard then holds nowhere).
  bool guard_range(const Formula& g, const std::string& v, std::int64_t& lo, std::int64_t& hi, bool& bounded_low,
                   bool& bounded_high) {
    std::vector<const Formula*> parts;
    conjuncts(g, parts);
    for (const Formula* p : parts) {
      if (p->kind != Formula::relation) continue;
      std::string op = p->op;
      const Term *var = p->left.get(), *bound = p->right.get();
      if (!(var->kind == Term::variable && var->name == v)) {
        std::swap(var, bound);
        static const std::map<std::string, std::string> flip{{"=", "="}, {"!=", "!="}, {"<", ">"},
                                                             {">", "<"}, {"<=", ">="}, {">=", "<="}};
        op = flip.at(op);
      }
      if (!(var->kind == Term::variable && var->name == v) || op == "!=" || mentions(*bound, v)) continue;
      if (bound->kind == Term::letter || bound->kind == Term::index) continue;
      auto t = value(*bound);
      if (!t) return false;
      if (op == "<=" || op == "<" || op == "=") hi = std::min(hi, op == "<" ? *t - 1 : *t), bounded_high = true;
      if (op == ">=" || op == ">" || op == "=") lo = std::max(lo, op == ">" ? *t + 1 : *t), bounded_low = true;
    }
    return true;
  }

  // $g(t1, …): g's formula with its variables, in track order, at the arguments' values (false
  // where an argument has none, as the prover's fresh variable then has no value).
  bool call(const Formula& f) {
    auto it = callees_.find(f.name);
    if (it == callees_.end()) throw NotExact{"a call of " + f.name};
    const Callee& g = it->second;
    if (g.vars.size() != f.args.size()) throw NotExact{"a call with the wrong arity"};
    std::vector<std::pair<std::string, std::int64_t>> inner;
    for (std::size_t i = 0; i < f.args.size(); ++i) {
      auto v = value(*f.args[i]);
      if (!v) return false;
      inner.emplace_back(g.vars[i], *v);
    }
    std::swap(env, inner);
    const auto* outer = systems_;
    systems_ = &g.systems;
    bool result = holds(*g.formula);
    systems_ = outer;
    std::swap(env, inner);
    return result;
  }

  bool quantified(const Formula& f) {
    const bool exists = f.kind == Formula::exists;
    if (f.vars.size() != 1) throw NotExact{"a quantifier of several variables"};
    const std::string& v = f.vars[0];
    const Formula* body = f.a.get();
    // E v: the body's conjuncts bound v; A v: the conjuncts of its implication's hypothesis.
    const Formula* guard = body;
    if (!exists) {
      if (body->kind != Formula::implication) throw NotExact{"an unguarded quantifier"};
      guard = body->a.get();
    }
    auto sys = systems_->find(v);
    const bool neg = sys != systems_->end() && negative_system(sys->second);
    std::int64_t lo = neg ? INT64_MIN / 4 : 0, hi = INT64_MAX / 4;
    bool bounded_low = !neg, bounded_high = false;
    if (!guard_range(*guard, v, lo, hi, bounded_low, bounded_high)) return !exists;  // the guard holds nowhere
    if (!bounded_low || !bounded_high) throw NotExact{"an unguarded quantifier"};
    if (hi >= lo && static_cast<std::uint64_t>(hi - lo) > bounds_.max_range) throw NotExact{"a guard too wide"};
    env.emplace_back(v, 0);
    bool result = !exists;
    for (std::int64_t x = lo; x <= hi; ++x) {
      env.back().second = x;
      if (holds(*body) == exists) {
        result = exists;
        break;
      }
    }
    env.pop_back();
    return result;
  }

  const std::map<std::string, std::string>* systems_;
  const std::map<std::string, Callee>& callees_;
  const Bounds& bounds_;
  std::map<std::string, std::string> words_;
};

// The word of the values with `extra` more letters than the longest representation needs, each
// track padded at its own end.
std::vector<std::uint32_t> padded_encoding(const Automaton& a, const std::vector<std::int64_t>& values,
                                           unsigned extra) {
  std::vector<std::vector<unsigned>> reps;
  std::size_t length = 0;
  for (std::size_t i = 0; i < values.size(); ++i) {
    reps.push_back(a.tracks()[i].system->integer_representation(values[i]));
    length = std::max(length, reps.back().size());
  }
  length += extra;
  std::vector<std::uint32_t> word(length);
  std::vector<unsigned> digits(values.size());
  for (std::size_t j = 0; j < length; ++j) {
    for (std::size_t i = 0; i < values.size(); ++i) {
      const auto& r = reps[i];
      std::size_t pad = length - r.size();
      std::size_t k = a.tracks()[i].system->msd() ? j : length - 1 - j;  // place j in msd order
      digits[i] = k < pad ? 0 : r[k - pad];
    }
    word[j] = a.letter(digits);
  }
  return word;
}

}  // namespace

namespace {

constexpr std::string_view kSeparator = " ;; ";

std::vector<std::string> split_case(const std::string& text) {
  std::vector<std::string> parts;
  for (std::size_t at = 0;;) {
    std::size_t next = text.find(kSeparator, at);
    parts.push_back(text.substr(at, next == std::string::npos ? std::string::npos : next - at));
    if (next == std::string::npos) return parts;
    at = next + kSeparator.size();
  }
}

}  // namespace

automata::Context bounded_context() {
  automata::Context c;
  // 256 MiB for a statement on top of what the process holds (the limit caps the process). The
  // sanitizers' build holds more as it runs: AddressSanitizer keeps up to 256 MiB of freed
  // memory in quarantine, so its limit has that room besides.
#ifdef QG_SANITIZED
  constexpr std::uint64_t kQuarantine = std::uint64_t{512} << 20;
#else
  constexpr std::uint64_t kQuarantine = 0;
#endif
  c.memory_limit = qg::resident_memory() + (std::uint64_t{256} << 20) + kQuarantine;
  return c;
}

Session session() {
  Session s(bounded_context());
  s.run("ost ost [0 3 1] [1 2]:");
  return s;
}

Outcome compare(Session& session, const std::string& text, const Bounds& bounds) {
  Outcome out;
  // The parts: definitions g1, g2 … and last the statement.
  const std::vector<std::string> parts = split_case(text);
  std::vector<FormulaPtr> trees;
  for (const auto& part : parts) try {
      trees.push_back(detail::parse_statement(part, 0));
      std::string once = print(*trees.back());
      if (print(*detail::parse_statement(once, 0)) != once)
        return {Outcome::unparsed, "printing and parsing again changes " + once, 0};
    } catch (const detail::PositionedError& e) {
      return {Outcome::unparsed, fmt::format("the parser refused {} at {}: {}", part, e.pos, e.what), 0};
    }
  std::map<std::string, Callee> callees;
  for (std::size_t i = 0; i + 1 < trees.size(); ++i) {
    Callee g;
    bool conflict = false;
    collect_systems(*trees[i], g.systems, conflict);
    if (conflict) return {Outcome::skipped, "a variable in two number systems", 0};
    std::set<std::string> bound, free;
    free_variables(*trees[i], bound, free);
    g.vars.assign(free.begin(), free.end());
    g.formula = std::move(trees[i]);
    callees.emplace(fmt::format("g{}", i + 1), std::move(g));
  }
  const Formula* f = trees.back().get();
  std::map<std::string, std::string> systems;
  bool conflict = false;
  collect_systems(*f, systems, conflict);
  if (conflict) return {Outcome::skipped, "a variable in two number systems", 0};
  std::set<std::string> bound, free;
  free_variables(*f, bound, free);
  std::vector<std::string> names(free.begin(), free.end());
  if (names.size() >= std::size(bounds.free_box)) return {Outcome::skipped, "too many free variables", 0};
  // The prover's answer.
  Automaton a;
  std::optional<bool> truth;
  try {
    for (std::size_t i = 0; i + 1 < parts.size(); ++i) {
      const std::string name = fmt::format("g{}", i + 1);
      session.run(fmt::format("def {} \"{}\":", name, parts[i]));
      // A constant side of a connective folds its other side's variables away, as in Walnut
      // (def g "(Ex x>x+1) | b=1" has no track b): calls of g then take fewer arguments.
      if (session.automaton(name).tracks().size() != callees.at(name).vars.size())
        return {Outcome::skipped, "a definition's variable folded away", 0};
    }
    if (names.empty()) truth = session.run("eval e \"" + parts.back() + "\":").at(0).truth;
    else {
      session.run("def f \"" + parts.back() + "\":");
      a = session.automaton("f");
    }
  } catch (const RangeError& e) {
    return {Outcome::skipped, std::string("a budget: ") + e.what(), 0};
  } catch (const InputError& e) {
    return {Outcome::refused, std::string("the prover refused it: ") + e.what(), 0};
  }
  Brute brute(systems, callees, bounds);
  try {
    if (names.empty()) {
      bool expected = brute.holds(*f);
      out.assignments = 1;
      if (*truth != expected)
        return {Outcome::wrong, fmt::format("the prover says {}, brute force {}", *truth, expected), 1};
      return out;
    }
    // The automaton reads the free variables, or fewer when Walnut's folding of a constant side
    // of a connective dropped some ((Ex,y x<y) | z=3 is TRUE): its answer must then not depend
    // on the ones it lacks, which the comparison below checks.
    std::vector<std::string> tracks;
    std::vector<std::size_t> where;
    for (const auto& t : a.tracks()) {
      tracks.push_back(t.name);
      auto it = std::find(names.begin(), names.end(), t.name);
      if (it == names.end())
        return {Outcome::wrong,
                fmt::format("the automaton reads ({}), the free variables are ({})", fmt::join(tracks, ","),
                            fmt::join(names, ",")),
                0};
      where.push_back(static_cast<std::size_t>(it - names.begin()));
    }
    bool closed;
    try {
      closed = automata::padding_closed(a, session.context());
    } catch (const RangeError& e) {
      return {Outcome::skipped, std::string("a budget: ") + e.what(), 0};
    }
    if (!closed) return {Outcome::wrong, "the automaton does not accept every padding of what it accepts", 0};
    const std::int64_t box = bounds.free_box[names.size()];
    std::vector<std::int64_t> low(names.size()), v(names.size());
    for (std::size_t i = 0; i < names.size(); ++i) low[i] = v[i] = negative_system(systems[names[i]]) ? -box : 0;
    for (const auto& n : names) brute.env.emplace_back(n, 0);
    while (true) {
      for (std::size_t i = 0; i < names.size(); ++i) brute.env[i].second = v[i];
      bool expected = brute.holds(*f);
      std::vector<std::int64_t> read;
      for (std::size_t i : where) read.push_back(v[i]);
      for (unsigned extra = 0; extra <= bounds.extra_padding; ++extra) {
        bool got = a.run(padded_encoding(a, read, extra)) != 0;
        if (got != expected) {
          std::vector<std::string> at;
          for (std::size_t i = 0; i < names.size(); ++i) at.push_back(fmt::format("{} = {}", names[i], v[i]));
          return {Outcome::wrong,
                  fmt::format("at {}{}: the automaton {}, brute force says {}", fmt::join(at, ", "),
                              extra ? fmt::format(" (padded by {})", extra) : "", got ? "accepts" : "rejects",
                              expected),
                  out.assignments};
        }
      }
      ++out.assignments;
      std::size_t i = 0;
      while (i < v.size() && v[i] == box) v[i] = low[i], ++i;
      if (i == v.size()) break;
      ++v[i];
    }
  } catch (const NotExact& e) {
    return {Outcome::skipped, "not decided exactly by brute force: " + e.why, 0};
  }
  return out;
}

// ---- shrinking ----------------------------------------------------------------------------

namespace {

struct Slots {
  std::vector<FormulaPtr*> formulas;
  std::vector<TermPtr*> terms;
};

void collect(TermPtr& t, Slots& s) {
  s.terms.push_back(&t);
  if (t->a) collect(t->a, s);
  if (t->b) collect(t->b, s);
}

void collect(FormulaPtr& f, Slots& s) {
  s.formulas.push_back(&f);
  if (f->left) collect(f->left, s);
  if (f->right) collect(f->right, s);
  for (auto& a : f->args) collect(a, s);
  if (f->a) collect(f->a, s);
  if (f->b) collect(f->b, s);
}

// The replacements tried for one slot, smallest first.
std::vector<FormulaPtr> formula_candidates(const Formula& f) {
  std::vector<FormulaPtr> c;
  for (bool v : {false, true})
    if (f.kind != Formula::truth) {
      auto t = make_formula(Formula::truth);
      t->value = v;
      c.push_back(std::move(t));
    }
  if (f.a) c.push_back(clone(*f.a));
  if (f.b) c.push_back(clone(*f.b));
  return c;
}

std::vector<TermPtr> term_candidates(const Term& t) {
  std::vector<TermPtr> c;
  if (t.kind == Term::letter || t.kind == Term::index) {
    if (t.kind == Term::index && t.a && t.a->kind != Term::number) {
      auto i = clone(t);
      i->a = number(0, t.system);
      c.push_back(std::move(i));
    }
    return c;
  }
  if (t.kind == Term::number) {
    if (t.value > 0) c.push_back(number(t.value.get_ui() / 2, t.system));
    if (t.value > 1) c.push_back(number(t.value.get_ui() - 1, t.system));
    return c;
  }
  c.push_back(number(0, t.system));
  c.push_back(number(1, t.system));
  if (t.a) c.push_back(clone(*t.a));
  if (t.b) c.push_back(clone(*t.b));
  return c;
}

// A refusal's message without its FILE:LINE:COL.
std::string without_place(const std::string& message) {
  std::size_t at = message.find("<input>:");
  if (at == std::string::npos) return message;
  std::size_t colon = at;
  for (int k = 0; k < 3 && colon != std::string::npos; ++k) colon = message.find(':', colon + 1);
  return colon == std::string::npos ? message : message.substr(0, at) + message.substr(colon);
}

}  // namespace

std::pair<std::string, Outcome> shrink(Session& session, const std::string& text, const Bounds& bounds) {
  Outcome best = compare(session, text, bounds);
  std::string current = text;
  if (best.kind != Outcome::wrong && best.kind != Outcome::refused) return {current, best};
  const Outcome::Kind kind = best.kind;
  auto parse_all = [](const std::string& t) {
    std::vector<FormulaPtr> roots;
    for (const auto& part : split_case(t)) roots.push_back(detail::parse_statement(part, 0));
    return roots;
  };
  auto print_all = [](std::vector<FormulaPtr>& roots) {
    std::string t;
    for (std::size_t i = 0; i < roots.size(); ++i) t += (i ? std::string(kSeparator) : "") + print(*roots[i]);
    return t;
  };
  for (bool progress = true; progress;) {
    progress = false;
    std::vector<FormulaPtr> tree = parse_all(current);
    Slots slots;
    for (auto& root : tree) collect(root, slots);
    std::size_t nf = slots.formulas.size(), nt = slots.terms.size();
    for (std::size_t i = 0; i < nf + nt && !progress; ++i) {
      std::size_t candidates =
          i < nf ? formula_candidates(**slots.formulas[i]).size() : term_candidates(**slots.terms[i - nf]).size();
      for (std::size_t k = 0; k < candidates && !progress; ++k) {
        std::vector<FormulaPtr> copy;
        for (const auto& root : tree) copy.push_back(clone(*root));
        Slots s;
        for (auto& root : copy) collect(root, s);
        if (i < nf) *s.formulas[i] = std::move(formula_candidates(**s.formulas[i])[k]);
        else *s.terms[i - nf] = std::move(term_candidates(**s.terms[i - nf])[k]);
        std::string candidate = print_all(copy);
        if (candidate.size() >= current.size()) continue;
        Outcome o = compare(session, candidate, bounds);
        if (o.kind == kind && (kind != Outcome::refused || without_place(o.detail) == without_place(best.detail))) {
          current = candidate, best = o, progress = true;
        }
      }
    }
  }
  return {current, best};
}

}  // namespace qg::prover::oracle
