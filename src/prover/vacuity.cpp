// The statement analysis behind the vacuity guard: a syntax tree printed back as Walnut text,
// its free variables, its conjuncts, and the obligations built from them.
#include "prover/vacuity.hpp"

#include <algorithm>
#include <cctype>
#include <map>

#include <fmt/format.h>

#include "prover/statement.hpp"

namespace qg::prover {

using detail::Formula;
using detail::Term;

namespace {

using Names = std::vector<std::string>;

void add(Names& names, const std::string& name) {
  if (std::find(names.begin(), names.end(), name) == names.end()) names.push_back(name);
}
bool has(const Names& names, const std::string& name) {
  return std::find(names.begin(), names.end(), name) != names.end();
}

// A term's operands: a, b, and the positions of W[i][j]… (a predicate's formula is its own).
template <class Visit>
void operands(const Term& t, Visit visit) {
  if (t.a) visit(*t.a);
  if (t.b) visit(*t.b);
  for (const auto& arg : t.args) visit(*arg);
}

// A predicate term (Walnut's $f(x<4 & x>=2)) binds its one variable: it adds none.
void term_variables(const Term& t, Names& out) {
  if (t.kind == Term::variable) add(out, t.name);
  operands(t, [&](const Term& u) { term_variables(u, out); });
}

Names free_variables(const Formula& f) {
  Names out;
  switch (f.kind) {
    case Formula::relation:
      term_variables(*f.left, out);
      term_variables(*f.right, out);
      break;
    case Formula::call:
      for (const auto& t : f.args) term_variables(*t, out);
      break;
    case Formula::exists:
    case Formula::forall:
    case Formula::infinite:
      for (const auto& v : free_variables(*f.a))
        if (!has(f.vars, v)) add(out, v);
      break;
    default:
      if (f.a)
        for (const auto& v : free_variables(*f.a)) add(out, v);
      if (f.b)
        for (const auto& v : free_variables(*f.b)) add(out, v);
  }
  return out;
}

// Every variable a quantifier inside f binds.
void bound_variables(const Formula& f, Names& out) {
  for (const auto& v : f.vars) add(out, v);
  if (f.a) bound_variables(*f.a, out);
  if (f.b) bound_variables(*f.b, out);
}

void reads(const Formula& f, Names& calls, Names& words);

void term_reads(const Term& t, Names& calls, Names& words) {
  if (t.kind == Term::index) add(words, t.name);
  if (t.formula) reads(*t.formula, calls, words);
  operands(t, [&](const Term& u) { term_reads(u, calls, words); });
}

// The automata ($name) and the words (W[i]) a formula reads.
void reads(const Formula& f, Names& calls, Names& words) {
  if (f.kind == Formula::call) add(calls, f.name);
  if (f.left) term_reads(*f.left, calls, words);
  if (f.right) term_reads(*f.right, calls, words);
  for (const auto& t : f.args) term_reads(*t, calls, words);
  if (f.a) reads(*f.a, calls, words);
  if (f.b) reads(*f.b, calls, words);
}
bool reads_automata(const Formula& f) {
  Names calls, words;
  reads(f, calls, words);
  return !calls.empty() || !words.empty();
}

// The systems the formulas and terms of f are written in (its ?system prefixes and the default).
void systems(const Formula& f, Names& out);
void systems(const Term& t, Names& out) {
  add(out, t.system);
  if (t.formula) systems(*t.formula, out);
  operands(t, [&](const Term& u) { systems(u, out); });
}
void systems(const Formula& f, Names& out) {
  add(out, f.system);
  if (f.left) systems(*f.left, out);
  if (f.right) systems(*f.right, out);
  for (const auto& t : f.args) systems(*t, out);
  if (f.a) systems(*f.a, out);
  if (f.b) systems(*f.b, out);
}

// A syntax tree back to Walnut text, fully parenthesised; `rename` substitutes free variables.
// A relation or term read in another system than the text around it gets its own "(?system …)".
class Printer {
 public:
  explicit Printer(std::map<std::string, std::string> rename = {}) : rename_(std::move(rename)) {}

  std::string formula(const Formula& f, const std::string& system) const {
    switch (f.kind) {
      case Formula::truth:  // Walnut has no truth constants: a closed relation stands for one
        return f.value ? "0=0" : "0=1";
      case Formula::negation:
        return fmt::format("~({})", formula(*f.a, system));
      case Formula::reversal:
        return fmt::format("`({})", formula(*f.a, system));
      case Formula::conjunction:
        return binary(f, "&", system);
      case Formula::disjunction:
        return binary(f, "|", system);
      case Formula::exclusive:
        return binary(f, "^", system);
      case Formula::implication:
        return binary(f, "=>", system);
      case Formula::equivalence:
        return binary(f, "<=>", system);
      case Formula::exists:
      case Formula::forall:
      case Formula::infinite: {
        // The bound variables shadow a substitution of the same name.
        Printer inner(rename_);
        for (const auto& v : f.vars) inner.rename_.erase(v);
        const char* q = f.kind == Formula::exists ? "E" : f.kind == Formula::forall ? "A" : "I";
        return fmt::format("({}{} {})", q, fmt::join(f.vars, ","), inner.formula(*f.a, system));
      }
      case Formula::relation: {
        std::string text = fmt::format("{}{}{}", term(*f.left, f.system), f.op, term(*f.right, f.system));
        return f.system == system ? text : fmt::format("(?{} {})", f.system, text);
      }
      case Formula::call: {
        std::vector<std::string> args;
        for (const auto& t : f.args) args.push_back(term(*t, system));
        return fmt::format("${}({})", f.name, fmt::join(args, ","));
      }
    }
    return "";
  }

  std::string term(const Term& t, const std::string& system) const {
    if (t.system != system) return fmt::format("(?{} {})", t.system, term(t, t.system));
    switch (t.kind) {
      case Term::variable: {
        auto it = rename_.find(t.name);
        return it == rename_.end() ? t.name : it->second;
      }
      case Term::number:
        return t.value.get_str();
      case Term::letter:
        return fmt::format("@{}", t.letter_value);
      case Term::index: {
        std::string out = t.name;
        for (const auto& arg : t.args) out += fmt::format("[{}]", term(*arg, system));
        return out;
      }
      case Term::predicate:  // its one variable is its own: no substitution reaches it
        return fmt::format("({})", Printer().formula(*t.formula, system));
      case Term::times:
        return fmt::format("({}*{})", term(*t.a, system), term(*t.b, system));
      case Term::over:
        return fmt::format("({}/{})", term(*t.a, system), term(*t.b, system));
      case Term::negate:
        return fmt::format("_({})", term(*t.a, system));
      case Term::add:
        return fmt::format("({}+{})", term(*t.a, system), term(*t.b, system));
      case Term::subtract:
        return fmt::format("({}-{})", term(*t.a, system), term(*t.b, system));
      case Term::multiply:
        return fmt::format("{}*({})", t.value.get_str(), term(*t.a, system));
      case Term::divide:
        return fmt::format("({})/{}", term(*t.a, system), t.value.get_str());
    }
    return "";
  }

 private:
  std::string binary(const Formula& f, const char* op, const std::string& system) const {
    return fmt::format("({} {} {})", formula(*f.a, system), op, formula(*f.b, system));
  }
  std::map<std::string, std::string> rename_;
};

// The atoms of f that read automata: its calls, and its relations between letters of words.
void atoms(const Formula& f, std::vector<const Formula*>& out) {
  if (f.kind == Formula::call || (f.kind == Formula::relation && reads_automata(f))) out.push_back(&f);
  if (f.a) atoms(*f.a, out);
  if (f.b) atoms(*f.b, out);
}

void conjuncts(const Formula& f, std::vector<const Formula*>& out) {
  if (f.kind == Formula::conjunction) {
    conjuncts(*f.a, out);
    conjuncts(*f.b, out);
  } else {
    out.push_back(&f);
  }
}

std::string conjunction(const std::vector<const Formula*>& parts, const std::string& system) {
  if (parts.empty()) return "(0=0)";  // Walnut has no `true`
  std::vector<std::string> texts;
  for (const Formula* p : parts) texts.push_back(Printer().formula(*p, system));
  return fmt::format("({})", fmt::join(texts, " & "));
}

// "E x,y (φ)", or φ alone when there is nothing to bind.
std::string closed(const char* quantifier, const Names& vars, const std::string& body) {
  return vars.empty() ? body : fmt::format("{}{} {}", quantifier, fmt::join(vars, ","), body);
}

void implications(const Formula& f, std::vector<const Formula*>& out) {
  if (f.kind == Formula::implication) out.push_back(&f);
  if (f.a) implications(*f.a, out);
  if (f.b) implications(*f.b, out);
}

}  // namespace

std::vector<std::string> called_automata(std::string_view statement) {
  Names calls, words;
  reads(*detail::parse_statement(statement, 0), calls, words);
  return calls;
}

std::vector<std::string> read_words(std::string_view statement) {
  Names calls, words;
  reads(*detail::parse_statement(statement, 0), calls, words);
  return words;
}

std::vector<Obligation> vacuity_obligations(std::string_view name, std::string_view statement, bool eval,
                                            std::string_view index) {
  const detail::FormulaPtr root = detail::parse_statement(statement, 0);
  const std::string system = root->system;
  const Printer print;
  std::vector<Obligation> out;
  auto obligation = [&](std::string suffix, const std::string& body, std::string failure) {
    out.push_back({fmt::format("{}_{}", name, suffix), fmt::format("?{} {}", system, body), std::move(failure)});
  };
  // ∃x φ, closed: the prover decides it by a word φ's automaton accepts (automata::exists_all).
  auto exists = [&](std::string suffix, const Names& vars, const std::string& phi, std::string failure) {
    obligation(std::move(suffix), closed("E", vars, phi), std::move(failure));
  };

  // The implication the statement states: under its leading ∀ (an eval's only).
  const Formula* body = root.get();
  Names universal;
  while (eval && body->kind == Formula::forall) {
    for (const auto& v : body->vars) add(universal, v);
    body = body->a.get();
  }
  const Formula* stated = eval && body->kind == Formula::implication ? body : nullptr;

  std::vector<const Formula*> all;
  implications(*root, all);
  for (std::size_t k = 0; k < all.size(); ++k) {
    const Formula& hypothesis = *all[k]->a;
    exists(all[k] == stated ? "hypothesis" : fmt::format("hypothesis{}", k + 1), free_variables(hypothesis),
           fmt::format("({})", print.formula(hypothesis, system)),
           fmt::format("the hypothesis {}of {} is never satisfied: the implication holds vacuously",
                       all[k] == stated ? "" : fmt::format("of its implication {} ", k + 1), name));
  }
  if (!stated) return out;

  const Formula& hypothesis = *stated->a;
  const Formula& conclusion = *stated->b;
  const Names hyp_vars = free_variables(hypothesis);
  std::vector<const Formula*> parts;
  conjuncts(hypothesis, parts);
  const std::string hyp_text = print.formula(hypothesis, system);

  // For every n: the conjuncts on the index alone say which n the claim is about.
  const std::string n(index);
  if (!n.empty() && has(universal, n) && has(hyp_vars, n) && hyp_vars.size() > 1) {
    std::vector<const Formula*> guard;
    for (const Formula* p : parts) {
      const Names v = free_variables(*p);
      if (std::all_of(v.begin(), v.end(), [&](const std::string& x) { return x == n; })) guard.push_back(p);
    }
    Names rest;
    for (const auto& v : hyp_vars)
      if (v != n) rest.push_back(v);
    obligation(
        fmt::format("every_{}", n),
        fmt::format("A{} {} => ({})", n, conjunction(guard, system), closed("E", rest, fmt::format("({})", hyp_text))),
        fmt::format("the hypothesis of {} fails for some {} (the claim is for every {})", name, n, n));
  }

  // The conclusion needs the automata of the hypothesis.
  std::vector<const Formula*> arithmetic;
  for (const Formula* p : parts)
    if (!reads_automata(*p)) arithmetic.push_back(p);
  if (arithmetic.size() < parts.size()) {
    // The variables B does not read are quantified inside A' first: A' is arithmetic, cheap to
    // project, and its product with ¬B over all of them can be large ($attacked of seed 000's
    // Theorem 1 over five tracks: 324,330 states).
    const Names conclusion_vars = free_variables(conclusion);
    Names outer, inner;
    for (const auto& v : universal) (has(conclusion_vars, v) ? outer : inner).push_back(v);
    Names arithmetic_vars;
    for (const Formula* p : arithmetic)
      for (const auto& v : free_variables(*p))
        if (has(inner, v)) add(arithmetic_vars, v);
    exists("needs_automata", outer,
           fmt::format("(({}) & ~({}))", closed("E", arithmetic_vars, conjunction(arithmetic, system)),
                       print.formula(conclusion, system)),
           fmt::format("the conclusion of {} follows from the arithmetic of its hypothesis alone, without the "
                       "automata it calls",
                       name));
  }

  // An existential conclusion needs a witness the hypothesis does not already name: when w := h
  // turns every automaton atom of φ into a conjunct of A, φ[w := h] says only what A says
  // (check3's $uaut(n,b) with b := a), and the rest is arithmetic that A may give. Where φ[w := h]
  // still asks something of the automata (b_d − a_d = d for i := d in seed 003's (4)), a witness
  // from the hypothesis is the theorem's content, not a restatement.
  Names used;
  systems(*root, used);
  if (conclusion.kind == Formula::exists && used.size() == 1) {
    Names inner;
    bound_variables(*conclusion.a, inner);
    std::vector<const Formula*> phi_atoms;
    atoms(*conclusion.a, phi_atoms);
    Names hyp_atoms;
    for (const Formula* p : parts)
      if (p->kind == Formula::call || (p->kind == Formula::relation && reads_automata(*p)))
        add(hyp_atoms, print.formula(*p, system));
    for (const auto& w : conclusion.vars)
      for (const auto& h : hyp_vars) {
        if (has(inner, h) || has(inner, w) || has(conclusion.vars, h) || phi_atoms.empty()) continue;
        const Printer rename(std::map<std::string, std::string>{{w, h}});
        if (!std::all_of(phi_atoms.begin(), phi_atoms.end(),
                         [&](const Formula* atom) { return has(hyp_atoms, rename.formula(*atom, system)); }))
          continue;
        Names others;
        for (const auto& v : conclusion.vars)
          if (v != w) others.push_back(v);
        const std::string phi = rename.formula(*conclusion.a, system);
        exists(fmt::format("witness_{}_{}", w, h), universal,
               fmt::format("(({}) & ~({}))", hyp_text, closed("E", others, fmt::format("({})", phi))),
               fmt::format("the conclusion of {} holds with {} = {}, a variable of its hypothesis: it follows "
                           "from the hypothesis alone",
                           name, w, h));
      }
  }
  return out;
}

}  // namespace qg::prover
