// The statement parser: a tokenizer and a recursive descent over Walnut's precedence levels
// (tightest first): * /; + −; relations; ~ and quantifiers; & | ^; =>; <=>.
#include <cctype>

#include <fmt/format.h>

#include "prover/statement.hpp"

namespace qg::prover::detail {

namespace {

struct Token {
  enum Kind { end, ident, number, quantifier, system, letter, op } kind;
  std::string text;
  std::size_t pos;
  mpz_class value{};
  std::int64_t letter_value = 0;
};

std::vector<Token> tokenize(std::string_view s, std::size_t offset) {
  std::vector<Token> out;
  std::size_t i = 0;
  auto is_ident = [](char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; };
  while (i < s.size()) {
    char c = s[i];
    std::size_t at = offset + i;
    if (std::isspace(static_cast<unsigned char>(c))) {
      ++i;
      continue;
    }
    // .NAME: a name that begins with A, E or I (Walnut: .AB[i] is the word AB, not ∀B).
    if (c == '.' && i + 1 < s.size() && std::isalpha(static_cast<unsigned char>(s[i + 1]))) {
      std::size_t j = i + 1;
      while (j < s.size() && is_ident(s[j])) ++j;
      out.push_back({Token::ident, std::string(s.substr(i + 1, j - i - 1)), at});
      i = j;
      continue;
    }
    // After '$' a whole name, as Walnut's pattern \$NAME( reads it: $Inc is no quantifier I.
    const bool after_dollar = !out.empty() && out.back().kind == Token::op && out.back().text == "$";
    if ((c == 'A' || c == 'E' || c == 'I') && !after_dollar) {
      out.push_back({Token::quantifier, std::string(1, c), at});
      ++i;
      continue;
    }
    if (std::isalpha(static_cast<unsigned char>(c))) {
      std::size_t j = i;
      while (j < s.size() && is_ident(s[j])) ++j;
      out.push_back({Token::ident, std::string(s.substr(i, j - i)), at});
      i = j;
      continue;
    }
    if (std::isdigit(static_cast<unsigned char>(c))) {
      std::size_t j = i;
      while (j < s.size() && std::isdigit(static_cast<unsigned char>(s[j]))) ++j;
      // Constants of any size, as Walnut's: the evaluator builds one beyond 2^64 from the adder.
      Token t{Token::number, std::string(s.substr(i, j - i)), at};
      t.value = mpz_class(t.text, 10);
      out.push_back(t);
      i = j;
      continue;
    }
    if (c == '?') {
      std::size_t j = i + 1;
      while (j < s.size() && is_ident(s[j])) ++j;
      if (j == i + 1) throw PositionedError{at, "'?' must be followed by a number system such as msd_trib"};
      out.push_back({Token::system, std::string(s.substr(i + 1, j - i - 1)), at});
      i = j;
      continue;
    }
    if (c == '@') {
      std::size_t j = i + 1;
      bool negative = j < s.size() && s[j] == '-';
      if (negative) ++j;
      std::size_t k = j;
      std::int64_t v = 0;
      for (; k < s.size() && std::isdigit(static_cast<unsigned char>(s[k])); ++k) {
        if (v > 100000000) throw PositionedError{at, "a letter constant beyond 10^8"};
        v = v * 10 + (s[k] - '0');
      }
      if (k == j) throw PositionedError{at, "'@' must be followed by a letter value such as @1"};
      Token t{Token::letter, std::string(s.substr(i, k - i)), at};
      t.letter_value = negative ? -v : v;
      out.push_back(t);
      i = k;
      continue;
    }
    static const char* const ops[] = {"<=>", "=>", "<=", ">=", "!=", "<", ">", "=", "&", "|", "^", "~",
                                      "+",   "-",  "*",  "/",  "_",  "(", ")", ",", "[", "]", "$", "`"};
    bool found = false;
    for (const char* o : ops) {
      std::string_view ov(o);
      if (s.substr(i, ov.size()) == ov) {
        out.push_back({Token::op, std::string(ov), at});
        i += ov.size();
        found = true;
        break;
      }
    }
    if (!found) throw PositionedError{at, fmt::format("unexpected character '{}'", c)};
  }
  out.push_back({Token::end, "", offset + s.size()});
  return out;
}

class Parser {
 public:
  Parser(std::vector<Token> tokens) : t_(std::move(tokens)) {}

  FormulaPtr statement() {
    FormulaPtr f = iff();
    if (peek().kind != Token::end) fail(fmt::format("unexpected '{}'", peek().text));
    return f;
  }

 private:
  const Token& peek(std::size_t k = 0) const { return t_[std::min(i_ + k, t_.size() - 1)]; }
  bool is_op(const char* o, std::size_t k = 0) const { return peek(k).kind == Token::op && peek(k).text == o; }
  [[noreturn]] void fail(const std::string& what) const { throw PositionedError{peek().pos, what}; }
  void expect(const char* o) {
    if (!is_op(o))
      fail(peek().kind == Token::end ? fmt::format("expected '{}' before the end", o)
                                     : fmt::format("expected '{}', found '{}'", o, peek().text));
    ++i_;
  }
  // ?msd_… prefixes: the system of the rest of the enclosing parenthesis.
  void systems() {
    while (peek().kind == Token::system) scope_ = {t_[i_++].text, true};
  }

  FormulaPtr node(Formula::Kind k, std::size_t pos) {
    auto f = std::make_unique<Formula>();
    f->kind = k;
    f->pos = pos;
    f->system = scope_.system;
    return f;
  }

  FormulaPtr iff() {
    FormulaPtr f = implies();
    while (is_op("<=>")) {
      auto n = node(Formula::equivalence, t_[i_++].pos);
      n->a = std::move(f);
      n->b = implies();
      f = std::move(n);
    }
    return f;
  }
  FormulaPtr implies() {
    FormulaPtr f = logic();
    while (is_op("=>")) {
      auto n = node(Formula::implication, t_[i_++].pos);
      n->a = std::move(f);
      n->b = logic();
      f = std::move(n);
    }
    return f;
  }
  FormulaPtr logic() {
    FormulaPtr f = unary();
    while (is_op("&") || is_op("|") || is_op("^")) {
      const Token& o = t_[i_++];
      auto n = node(o.text == "&"   ? Formula::conjunction
                    : o.text == "|" ? Formula::disjunction
                                    : Formula::exclusive,
                    o.pos);
      n->a = std::move(f);
      n->b = unary();
      f = std::move(n);
    }
    return f;
  }
  FormulaPtr unary() {
    Depth guard(*this);
    systems();
    if (is_op("~") || is_op("`")) {
      const Formula::Kind kind = is_op("~") ? Formula::negation : Formula::reversal;
      auto n = node(kind, t_[i_++].pos);
      n->a = unary();
      return n;
    }
    if (peek().kind == Token::quantifier) {
      const std::string& q = peek().text;
      auto n = node(q == "E" ? Formula::exists : q == "A" ? Formula::forall : Formula::infinite, peek().pos);
      ++i_;
      do {
        if (peek().kind != Token::ident) fail("expected a variable after the quantifier");
        n->vars.push_back(t_[i_++].text);
      } while (is_op(",") && (++i_, true));
      // "Infinitely many pairs" is not "infinitely many x with infinitely many y": one variable.
      if (n->kind == Formula::infinite && n->vars.size() > 1)
        throw PositionedError{n->pos, "the quantifier I takes one variable (write I x I y … for nested ones)"};
      n->a = iff();  // a quantifier extends to the enclosing parenthesis
      return n;
    }
    return atom();
  }
  FormulaPtr atom() {
    if (is_op("$")) {
      auto n = node(Formula::call, t_[i_++].pos);
      if (peek().kind != Token::ident) fail("expected an automaton name after '$'");
      n->name = t_[i_++].text;
      expect("(");
      if (!is_op(")")) {
        n->args.push_back(argument());
        while (is_op(",")) {
          ++i_;
          n->args.push_back(argument());
        }
      }
      expect(")");
      return n;
    }
    if (peek().kind == Token::ident && (peek().text == "true" || peek().text == "false") && !is_op("[", 1)) {
      auto n = node(Formula::truth, peek().pos);
      n->value = t_[i_++].text == "true";
      return n;
    }
    if (is_op("(")) {
      // A parenthesis opens a formula unless a relation follows a term in it: try the term.
      std::size_t save = i_;
      Scope sys = scope_;
      try {
        return relation();
      } catch (const PositionedError&) {
        i_ = save;
        scope_ = sys;
      }
      ++i_;
      FormulaPtr f = iff();
      expect(")");
      scope_ = sys;
      return f;
    }
    if (peek().kind == Token::end) fail("the statement ends where a formula is expected");
    return relation();
  }
  FormulaPtr relation() {
    TermPtr l = term();
    static const char* const rel[] = {"=", "!=", "<=", ">=", "<", ">"};
    for (const char* r : rel)
      if (is_op(r)) {
        auto n = node(Formula::relation, peek().pos);
        ++i_;
        n->op = r;
        n->left = std::move(l);
        n->right = term();
        return n;
      }
    fail(peek().kind == Token::end ? "expected a relation (= != < > <= >=) before the end"
                                   : fmt::format("expected a relation (= != < > <= >=), found '{}'", peek().text));
  }

  TermPtr tnode(Term::Kind k, std::size_t pos) {
    auto t = std::make_unique<Term>();
    t->kind = k;
    t->pos = pos;
    t->system = scope_.system;
    t->system_named = scope_.named;
    return t;
  }
  TermPtr term() {
    TermPtr t = product();
    while (is_op("+") || is_op("-")) {
      auto n = tnode(is_op("+") ? Term::add : Term::subtract, peek().pos);
      ++i_;
      n->a = std::move(t);
      n->b = product();
      t = std::move(n);
    }
    return t;
  }
  TermPtr product() {
    TermPtr t = primary();
    while (is_op("*") || is_op("/")) {
      bool times = is_op("*");
      std::size_t pos = t_[i_++].pos;
      TermPtr r = primary();
      auto n = tnode(times ? Term::multiply : Term::divide, pos);
      // A constant factor or divisor may be negative (_2): c·t = −(|c|·t), t/(−c) = (−t)/c
      // (floor division, as Walnut: 3/_2 = _2).
      bool negative = false;
      if (times && constant(*t, negative)) {
        n->value = constant_value(*t);
        n->a = std::move(r);
      } else if (constant(*r, negative)) {
        n->value = constant_value(*r);
        if (!times && n->value == 0) throw PositionedError{r->pos, "division by zero"};
        n->a = std::move(t);
        if (!times && negative) {
          n->a = wrap(Term::negate, std::move(n->a));
          negative = false;
        }
      } else if (times && (letter_valued(*t) || letter_valued(*r))) {
        // A word's letter times a term: finitely many products (Walnut: T[a]*(b+c)).
        n->kind = Term::times;
        n->a = std::move(t);
        n->b = std::move(r);
      } else if (!times && letter_valued(*r)) {
        n->kind = Term::over;
        n->a = std::move(t);
        n->b = std::move(r);
      } else {
        throw PositionedError{pos, times ? "'*' needs a constant or a word's letter on one side"
                                         : "'/' needs a constant or a word's letter as divisor"};
      }
      t = negative ? wrap(Term::negate, std::move(n)) : std::move(n);
    }
    return t;
  }
  // Whether t takes finitely many values, the letters of a word: W[i], −W[i].
  static bool letter_valued(const Term& t) {
    return t.kind == Term::index || (t.kind == Term::negate && t.a->kind == Term::index);
  }
  // Whether t is a constant c or −c, and which.
  static bool constant(const Term& t, bool& negative) {
    if (t.kind == Term::number) return true;
    if (t.kind == Term::negate && t.a->kind == Term::number) return negative = true;
    return false;
  }
  static const mpz_class& constant_value(const Term& t) { return t.kind == Term::number ? t.value : t.a->value; }
  TermPtr wrap(Term::Kind k, TermPtr a) {
    auto n = tnode(k, a->pos);
    n->system = a->system;
    n->system_named = a->system_named;
    n->a = std::move(a);
    return n;
  }
  // An argument of $f(…) or a position of W[…]: ?system prefixes, then a term, or a formula
  // with one free variable (Walnut's $f(z, x<4 & x>=2), T[a<5], $f(?msd_10 Eb a=b+1)).
  TermPtr argument() {
    Depth guard(*this);
    const std::size_t save = i_;
    const Scope sys = scope_;
    systems();
    try {
      TermPtr t = term();
      if (is_op(",") || is_op(")") || is_op("]")) {
        scope_ = sys;
        return t;
      }
    } catch (const PositionedError&) {
    }
    i_ = save;
    scope_ = sys;
    systems();
    auto n = tnode(Term::predicate, peek().pos);
    n->formula = iff();
    scope_ = sys;
    return n;
  }

  TermPtr primary() {
    const Token& k = peek();
    if (k.kind == Token::number) {
      auto n = tnode(Term::number, k.pos);
      n->value = k.value;
      ++i_;
      return n;
    }
    if (k.kind == Token::letter) {
      auto n = tnode(Term::letter, k.pos);
      n->letter_value = k.letter_value;
      ++i_;
      return n;
    }
    if (k.kind == Token::ident) {
      if (is_op("[", 1)) {
        // W[i], W[x][y] for a word automaton of several inputs; a position may be a formula
        // with one free variable (T[a<5]).
        auto n = tnode(Term::index, k.pos);
        n->name = k.text;
        ++i_;
        while (is_op("[")) {
          ++i_;
          n->args.push_back(argument());
          expect("]");
        }
        return n;
      }
      auto n = tnode(Term::variable, k.pos);
      n->name = k.text;
      ++i_;
      return n;
    }
    if (is_op("_")) {
      // Unary minus, the tightest operator: _5, _x, _(x+1).
      Depth guard(*this);
      auto n = tnode(Term::negate, t_[i_++].pos);
      n->a = primary();
      return n;
    }
    if (is_op("(")) {
      Depth guard(*this);
      ++i_;
      Scope sys = scope_;
      systems();
      TermPtr t = term();
      expect(")");
      scope_ = sys;
      return t;
    }
    if (k.kind == Token::end) fail("the statement ends where a term is expected");
    fail(fmt::format("unexpected '{}'", k.text));
  }

  // Nesting deeper than this is refused (the descent is recursive).
  struct Depth {
    explicit Depth(Parser& p) : p_(p) {
      if (++p_.depth_ > 200) p_.fail("formula nested more than 200 deep");
    }
    ~Depth() { --p_.depth_; }
    Parser& p_;
  };
  int depth_ = 0;
  std::vector<Token> t_;
  std::size_t i_ = 0;
  // The number system in scope, and whether a ?prefix named it (msd_2 by default).
  struct Scope {
    std::string system = "msd_2";
    bool named = false;
  } scope_;
};

}  // namespace

FormulaPtr parse_statement(std::string_view text, std::size_t offset,
                           std::vector<std::pair<std::string, std::size_t>>* systems) {
  auto tokens = tokenize(text, offset);
  if (systems)
    for (const Token& t : tokens)
      if (t.kind == Token::system) systems->emplace_back(t.text, t.pos);
  Parser p(std::move(tokens));
  return p.statement();
}

}  // namespace qg::prover::detail
