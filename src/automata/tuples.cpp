// The tuples an automaton accepts, enumerated word by word (AcceptedTuples).
//
// A tuple has one canonical word: encode_integers's, its numbers' representations padded to
// a common length. Every other accepted spelling of it (more leading zeros in msd, trailing
// in lsd) and every word that spells no representation (11 in Zeckendorf) decodes to a tuple
// that encodes back to a different word, so keeping the words with decode∘encode = identity
// yields each tuple exactly once. The search walks the words of each length ℓ in letter order,
// depth first, and enters a letter only if acceptance is still reachable in exactly the letters
// left (the table `live_`): every leaf it reaches is an accepted word, and the words it passes
// are the accepted ones and their prefixes.
#include <fmt/format.h>

#include "queengames/automata.hpp"

namespace qg::automata {

AcceptedTuples::AcceptedTuples(const Automaton& a, unsigned max_digits) : a_(&a), max_digits_(max_digits) {
  for (const Track& t : a.tracks())
    if (!t.system) throw InputError(fmt::format("track {} has no number system: its letters are not numbers", t.name));
  const std::uint64_t states = a.states();
  require_memory((std::uint64_t{max_digits} + 1) * states,
                 fmt::format("the accepted tuples of {} digits of a {}-state automaton", max_digits, states));
  live_.assign((std::size_t{max_digits} + 1) * states, 0);
  for (std::uint32_t q = 0; q < states; ++q) live_[q] = a.accepting(q);
  for (unsigned d = 1; d <= max_digits; ++d)
    for (std::uint32_t q = 0; q < states; ++q)
      for (std::uint32_t l = 0; l < a.letters() && !live(d, q); ++l)
        if (live(d - 1, a.next(q, l))) live_[std::size_t{d} * states + q] = 1;
  // The minimal spelling never starts (msd) or ends (lsd) with the letter of all zeros, unless
  // it is empty: a cut that spares whole subtrees of padded words.
  msd_ = lsd_ = !a.tracks().empty();
  for (const Track& t : a.tracks()) (t.system->msd() ? lsd_ : msd_) = false;
  if (!a.tracks().empty()) zero_letter_ = a.letter(std::vector<unsigned>(a.tracks().size(), 0));
}

bool AcceptedTuples::allowed(std::uint32_t letter, std::size_t depth) const {
  if (!zero_letter_ || letter != *zero_letter_) return true;
  return !(msd_ && depth == 0) && !(lsd_ && depth + 1 == length_);
}

bool AcceptedTuples::begin_next_length() {
  while (next_length_ <= max_digits_) {
    length_ = next_length_++;
    if (live(length_, a_->initial())) {
      stack_.assign(1, Frame{a_->initial(), 0});
      word_.clear();
      return true;
    }
  }
  return false;
}

std::optional<std::vector<std::int64_t>> AcceptedTuples::next() {
  for (;;) {
    if (stack_.empty() && !begin_next_length()) return std::nullopt;
    const std::size_t depth = word_.size();
    if (depth == length_) {
      // An accepted word (live(0, state) is acceptance): kept if it is the canonical one.
      std::vector<std::int64_t> values = decode_integers(*a_, word_);
      const bool canonical = encode_integers(*a_, values) == word_;
      stack_.pop_back();
      if (!word_.empty()) word_.pop_back();
      if (canonical) return values;
      continue;
    }
    Frame& f = stack_.back();
    const unsigned remaining = length_ - static_cast<unsigned>(depth) - 1;
    bool descended = false;
    while (!descended && f.letter < a_->letters()) {
      const std::uint32_t l = f.letter++;
      const std::uint32_t q = a_->next(f.state, l);
      if (allowed(l, depth) && live(remaining, q)) {
        word_.push_back(l);
        stack_.push_back(Frame{q, 0});
        descended = true;
      }
    }
    if (!descended) {
      stack_.pop_back();
      if (!word_.empty()) word_.pop_back();
    }
  }
}

}  // namespace qg::automata
