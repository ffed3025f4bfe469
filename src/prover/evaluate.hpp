// The evaluator: a statement's syntax tree to its automaton, in a session.
#pragma once

#include <functional>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "prover/statement.hpp"
#include "queengames/prover.hpp"

namespace qg::prover::detail {

class Evaluator {
 public:
  Evaluator(Session& session, const automata::Context& context);
  // Throws PositionedError for what the parser cannot see (unknown automata, arity, systems).
  automata::Automaton evaluate(const Formula& f);
  // After a statement "A x … φ" at the top: the automaton of ¬φ (its counterexamples).
  const std::optional<automata::Automaton>& counterexamples() const { return counter_; }

 private:
  // A term's value: a variable, and when the variable is fresh, the automaton tying it to
  // the term's own variables.
  struct Value {
    std::string var;
    std::optional<automata::Automaton> constraint;
  };
  std::shared_ptr<const automata::NumberSystem> system(const std::string& name, std::size_t pos);
  automata::Automaton formula(const Formula& f);
  automata::Automaton formula_unplaced(const Formula& f);
  automata::Automaton connect(automata::Automaton a, automata::Automaton b, automata::BoolOp op);
  automata::Automaton relation(const Formula& f);
  std::optional<automata::Automaton> substituted(const Value& defined, const Value& other,
                                                 const automata::NumberSystem& sys);
  automata::Automaton word_relation(const Formula& f);
  automata::Automaton call(const Formula& f);
  const automata::Automaton& word(const Term& index);
  const automata::Automaton& oriented(const automata::Automaton& a, const std::string& name,
                                      const std::vector<const Term*>& args);
  automata::Automaton letter_test(const automata::Automaton& w, const std::function<bool(std::int64_t)>& test,
                                  const std::vector<std::string>& vars);
  std::vector<std::int64_t> letters(const automata::Automaton& w, const Term& index);
  std::vector<Value> positions(const Term& index);
  Value letter_value(const Term& t);
  Value by_letter(const Term& index, const std::string& sys, std::size_t pos,
                  const std::function<std::optional<Value>(std::int64_t)>& f);
  Value quotient(Value a, mpz_class k, const std::string& sys, std::size_t pos);
  Value scaled(std::int64_t k, const Value& v, const std::string& sys, std::size_t pos);
  Value term(const Term& t);
  Value add_values(Value a, Value b, const std::string& sys, std::size_t pos);
  Value multiple(const mpz_class& k, const std::string& v, const std::string& sys, std::size_t pos);
  Value constant_value(const mpz_class& c, const std::string& sys, std::size_t pos);
  automata::Automaton sum(const std::string& sys, const std::string& x, const std::string& y, const std::string& z,
                          std::size_t pos);
  automata::Automaton conjoin(automata::Automaton a, const std::optional<automata::Automaton>& b);
  automata::Automaton drop_fresh(automata::Automaton a, const std::vector<std::string>& vars);
  automata::Automaton exists_all(automata::Automaton a, const std::vector<std::string>& vars);
  std::string fresh();

  Session& s_;
  const automata::Context& ctx_;
  std::optional<automata::Automaton> counter_;
  std::map<std::string, automata::Automaton> reversed_;  // oriented(): automata read from the other end
  const Formula* top_ = nullptr;
  unsigned fresh_ = 0;
};

}  // namespace qg::prover::detail
