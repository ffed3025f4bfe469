// The learner of synth.hpp: Angluin's L* with membership answered from the sequence.
#include <algorithm>
#include <unordered_map>

#include <fmt/format.h>

#include "queengames/synth.hpp"

namespace qg::synth {
namespace {

using automata::Automaton;
using automata::NumberSystem;
using Word = std::vector<std::uint32_t>;  // letters: digit of n + base · digit of m

// Membership: w is in the language iff both tracks are valid representations and
// s(value(n-track)) = value(m-track). s(n) comes from the terms read for n below their count
// and from the sequence itself beyond (an access word and an experiment together may spell a
// larger n than any word compared).
class Oracle {
 public:
  Oracle(const Sequence& s, std::shared_ptr<const NumberSystem> system, std::vector<std::uint64_t> terms,
         Poller& poller)
      : s_(s),
        system_(std::move(system)),
        validity_(system_->validity()),
        base_(system_->base()),
        terms_(std::move(terms)),
        poller_(poller) {}

  std::uint64_t term(std::uint64_t n) {
    if (n < terms_.size()) return terms_[n];
    auto [it, fresh] = beyond_.try_emplace(n, 0);
    if (fresh) it->second = s_(n);
    return it->second;
  }
  const std::vector<std::uint64_t>& terms() const { return terms_; }

  bool member(const Word& w) {
    poller_.tick(++ticks_);
    std::vector<unsigned> n(w.size()), m(w.size());
    for (std::size_t i = 0; i < w.size(); ++i) n[i] = w[i] % base_, m[i] = w[i] / base_;
    if (!valid(n) || !valid(m)) return false;
    return term(system_->value(n)) == system_->value(m);
  }

 private:
  bool valid(const std::vector<unsigned>& digits) const {
    std::uint32_t q = validity_.initial();
    for (unsigned d : digits) q = validity_.next(q, d);
    return validity_.accepting(q);
  }

  const Sequence& s_;
  std::shared_ptr<const NumberSystem> system_;
  Automaton validity_;
  unsigned base_;
  std::vector<std::uint64_t> terms_;
  std::unordered_map<std::uint64_t, std::uint64_t> beyond_;
  Poller& poller_;
  std::uint64_t ticks_ = 0;
};

Word concat(const Word& a, const Word& b) {
  Word w = a;
  w.insert(w.end(), b.begin(), b.end());
  return w;
}

// The observation table: rows S (access words, one per distinct row, prefix-closed) and their
// one-letter extensions; columns E (experiments, ε first). A row is the string of memberships of
// u·e over E. A counterexample adds all its suffixes (Maler–Pnueli), so the rows of S stay
// distinct and the table is always consistent; it is closed by moving any extension whose row
// is new into S.
class Table {
 public:
  Table(Oracle& oracle, std::uint32_t letters, unsigned longest, std::uint32_t max_states, std::uint64_t memory_limit)
      : oracle_(oracle), letters_(letters), longest_(longest), max_states_(max_states), memory_limit_(memory_limit) {
    experiments_.push_back({});
    add_access({});
  }

  // Adds the experiment e, if new, and its column.
  void add_experiment(const Word& e) {
    if (std::find(experiments_.begin(), experiments_.end(), e) != experiments_.end()) return;
    experiments_.push_back(e);
    for (auto& [u, row] : rows_) row.push_back(oracle_.member(concat(u, e)) ? '1' : '0');
    reindex();
  }

  // Moves extensions with new rows into S until every extension's row is a row of S.
  void close() {
    for (std::size_t i = 0; i < access_.size(); ++i)
      for (std::uint32_t a = 0; a < letters_; ++a) {
        Word w = access_[i];
        w.push_back(a);
        if (!state_of_.count(row(w))) add_access(w);
      }
  }

  Automaton hypothesis(const std::shared_ptr<const NumberSystem>& system) {
    const unsigned base = system->base();
    std::vector<automata::Track> tracks{{"n", base, system}, {"m", base, system}};
    const auto states = static_cast<std::uint32_t>(access_.size());
    Automaton h(tracks, states);
    for (std::uint32_t q = 0; q < states; ++q) {
      Word w = access_[q];
      if (row(w)[0] == '1') h.set_output(q, 1);
      w.push_back(0);
      for (std::uint32_t a = 0; a < letters_; ++a) {
        w.back() = a;
        h.set_next(q, a, state_of_.at(row(w)));
      }
    }
    h.set_initial(0);
    return h;
  }

  unsigned longest_access() const { return longest(access_); }
  unsigned longest_experiment() const { return longest(experiments_); }

 private:
  static unsigned longest(const std::vector<Word>& words) {
    std::size_t l = 0;
    for (const auto& w : words) l = std::max(l, w.size());
    return static_cast<unsigned>(l);
  }

  struct WordHash {
    std::size_t operator()(const Word& w) const {
      std::size_t h = w.size();
      for (std::uint32_t x : w) h = h * 1000003u ^ x;
      return h;
    }
  };

  const std::string& row(const Word& w) {
    auto [it, fresh] = rows_.try_emplace(w);
    if (fresh) {
      require_room();
      for (const auto& e : experiments_) it->second.push_back(oracle_.member(concat(w, e)) ? '1' : '0');
    }
    return it->second;
  }

  void add_access(const Word& u) {
    // A state first reached by a longer word than any compared with the sequence is beyond
    // what the terms can vouch for (and the table would grow without end for a sequence that
    // is not synchronized).
    if (u.size() > longest_)
      throw RangeError(
          fmt::format("no hypothesis agrees with the {} terms read (a state is first reached by a word of {} letters, "
                      "longer than the {} compared, after {} states and {} experiments; raise the longest word)",
                      oracle_.terms().size(), u.size(), longest_, access_.size(), experiments_.size()));
    if (access_.size() >= max_states_)
      throw RangeError(fmt::format("the observation table has more than {} distinct rows", max_states_));
    state_of_.emplace(row(u), static_cast<std::uint32_t>(access_.size()));
    access_.push_back(u);
  }

  void reindex() {
    state_of_.clear();
    for (std::size_t q = 0; q < access_.size(); ++q)
      state_of_.emplace(rows_.at(access_[q]), static_cast<std::uint32_t>(q));
  }

  // The table holds (|S| + |S|·letters) rows of |E| characters, besides their words.
  void require_room() const {
    const std::uint64_t bytes = (rows_.size() + 1) * (experiments_.size() + 2 * (longest_ + 8) + 64);
    if (memory_limit_ != 0 && bytes > memory_limit_)
      throw RangeError(fmt::format("the observation table needs more than the limit of {} MB", memory_limit_ >> 20));
  }

  Oracle& oracle_;
  std::uint32_t letters_;
  unsigned longest_;
  std::uint32_t max_states_;
  std::uint64_t memory_limit_;
  std::vector<Word> access_, experiments_;
  std::unordered_map<Word, std::string, WordHash> rows_;
  std::unordered_map<std::string, std::uint32_t> state_of_;
};

// Σ_k (number of accepted words of k letters), k = 0 … L, by dynamic programming.
std::vector<u128> accepted_per_length(const Automaton& h, unsigned L) {
  std::vector<u128> ways(h.states(), 0), next(h.states()), out;
  ways[h.initial()] = 1;
  for (unsigned l = 0; l <= L; ++l) {
    u128 accepted = 0;
    for (std::uint32_t st = 0; st < h.states(); ++st)
      if (h.accepting(st)) accepted += ways[st];
    out.push_back(accepted);
    std::fill(next.begin(), next.end(), 0);
    for (std::uint32_t st = 0; st < h.states(); ++st)
      if (ways[st] != 0)
        for (std::uint32_t a = 0; a < h.letters(); ++a) next[h.next(st, a)] += ways[st];
    ways.swap(next);
  }
  return out;
}

// An accepted word of `length` letters that is not in the language: the accepted words in
// lexicographic order (only through states from which acceptance is still reachable in the
// letters left) until one fails membership. The caller knows that h accepts more words of
// that length than the language has, so one exists.
Word false_positive(const Automaton& h, unsigned length, Oracle& oracle) {
  // live[k][q]: some accepted word of k letters starts at q.
  std::vector<std::vector<bool>> live(length + 1, std::vector<bool>(h.states(), false));
  for (std::uint32_t q = 0; q < h.states(); ++q) live[0][q] = h.accepting(q);
  for (unsigned k = 1; k <= length; ++k)
    for (std::uint32_t q = 0; q < h.states(); ++q)
      for (std::uint32_t a = 0; a < h.letters() && !live[k][q]; ++a) live[k][q] = live[k - 1][h.next(q, a)];
  Word w;
  std::vector<std::uint32_t> path{h.initial()};
  // Depth-first: w[i] is the letter read at depth i, path[i] the state before it.
  std::vector<std::uint32_t> letter{0};
  const auto back_up = [&] {  // to the parent, and on to its next letter
    letter.pop_back();
    path.pop_back();
    if (!w.empty()) w.pop_back();
    if (!letter.empty()) ++letter.back();
  };
  while (!letter.empty()) {
    const std::size_t depth = letter.size() - 1;
    if (depth == length) {
      if (!oracle.member(w)) return w;
      back_up();
      continue;
    }
    std::uint32_t& a = letter.back();
    while (a < h.letters() && !live[length - depth - 1][h.next(path.back(), a)]) ++a;
    if (a == h.letters()) {
      back_up();
      continue;
    }
    w.push_back(a);
    path.push_back(h.next(path.back(), a));
    letter.push_back(0);
  }
  throw std::logic_error("learner: no false positive among the accepted words");
}

}  // namespace

Learned learn_synchronized(const Sequence& s, std::shared_ptr<const NumberSystem> system, const LearnOptions& options) {
  if (!system || !system->msd()) throw InputError("a synchronized automaton is learned in an msd number system");
  const unsigned base = system->base();
  const std::uint32_t letters = base * base;
  auto weight = [&](unsigned k) {  // U_k: the words of k letters are the values below it
    std::vector<unsigned> one(k + 1, 0);
    one[0] = 1;
    return system->value(one);
  };
  unsigned L = options.max_length;
  if (L == 0)
    while (L < 60 && weight(L + 1) <= options.max_terms) ++L;
  if (L < 3 || L > 60) throw RangeError("the longest word compared is 3 to 60 letters");
  std::vector<std::uint64_t> weights;
  for (unsigned k = 0; k <= L; ++k) weights.push_back(weight(k));
  const std::uint64_t count = weights[L];
  // The terms (the table itself is small: its rows are the states and their extensions).
  const std::uint64_t bytes = count * 16;
  const std::string what = fmt::format("learning a synchronized automaton from {} terms", count);
  if (options.memory_limit != 0 && bytes > options.memory_limit)
    throw RangeError(
        fmt::format("{} needs about {} MB, above the limit of {} MB", what, bytes >> 20, options.memory_limit >> 20));
  require_memory(bytes, what);
  Poller poller(options.progress, 0);
  std::uint64_t ticks = 0;
  std::vector<std::uint64_t> terms(count);
  for (std::uint64_t n = 0; n < count; ++n) {
    poller.tick(++ticks);
    terms[n] = s(n);
  }
  // E_ℓ: the pairs [n, s(n)] written with ℓ letters.
  std::vector<u128> expected(L + 1, 0);
  for (std::uint64_t n = 0; n < count; ++n) {
    const std::uint64_t big = std::max(n, terms[n]);
    for (unsigned l = 0; l <= L; ++l)
      if (big < weights[l]) ++expected[l];
  }
  Oracle oracle(s, system, std::move(terms), poller);
  Table table(oracle, letters, L, options.max_states, options.memory_limit);
  Learned out;
  out.terms = count;
  out.longest = L;
  for (;;) {
    table.close();
    ++out.rounds;
    automata::Context ctx;
    ctx.progress = options.progress;
    Automaton h = table.hypothesis(system);
    // The equivalence query, answered by the terms: every [n, s(n)] is accepted, and no other
    // word of ≤ L letters (counted per length: no false positive can hide). Leading zeros
    // change nothing by construction (ε and a zero letter have the same row).
    // The counts first: a length where h accepts more words than there are pairs holds a false
    // positive, found without reading every term; otherwise a rejected pair is sought.
    std::optional<Word> counterexample;
    const std::vector<u128> accepted = accepted_per_length(h, L);
    for (unsigned l = 0; !counterexample && l <= L; ++l)
      if (accepted[l] > expected[l]) counterexample = false_positive(h, l, oracle);
    for (std::uint64_t n = 0; !counterexample && n < count; ++n) {
      poller.tick(++ticks);
      if (!automata::accepts(h, {n, oracle.term(n)})) counterexample = automata::encode(h, {n, oracle.term(n)});
    }
    if (!counterexample) {
      out.automaton = automata::minimize(h, ctx);
      out.prefix_length = table.longest_access();
      out.suffix_length = table.longest_experiment();
      return out;
    }
    // Maler–Pnueli: every suffix of the counterexample becomes an experiment.
    const Word& w = *counterexample;
    for (std::size_t i = 0; i < w.size(); ++i)
      table.add_experiment(Word(w.begin() + static_cast<std::ptrdiff_t>(i), w.end()));
  }
}

}  // namespace qg::synth
