// queengames — finite automata over digit tuples: the engine of the first-order prover
// (seed 001 §5–6 prove their statements this way, after Büchi and Bruyère: a statement about
// numbers written in a numeration system is an automaton reading their digits in parallel).
//
// An Automaton reads words over tuples of digits, one track per variable; track t holds the
// digits 0 … base_t − 1 of its number system, and the tuple (d_0, d_1, …) is the letter
// d_0 + base_0·(d_1 + base_1·(d_2 + …)). Automata are deterministic and complete (a dense
// table states × letters; a dead state where nothing is accepted), and every state has an
// output: 0/1 for acceptance, or a letter of an automatic sequence (word automata, DFAO).
//
// Conventions every operation keeps (they make the first-order operations sound):
//   - numbers are padded to a common length, each track at its own end: msd systems read the
//     most significant digit first (zeros before the digits), lsd systems the least
//     significant first (zeros after them). Tracks of both kinds may meet in one automaton.
//   - padding-closed: an automaton whose tracks all carry number systems accepts every
//     encoding (every padded length) of a tuple or none, so it defines a relation on numbers
//     (with one direction: it accepts w iff it accepts 0w, msd, or w0, lsd). Tracks without a
//     system (an explicit alphabet) are words: their length is part of their value.
//   - an acceptor accepts only valid representations on every track (the number system's
//     validity automaton: Zeckendorf words have no 11, Tribonacci words no 111).
//
// Costs: a product is O(reachable pairs × letters); determinization O(subsets × letters ×
// subset size) with a state budget; minimization O(states × letters × log states)
// (Hopcroft). Every step reports its figures through Context::on_step, polls the progress
// callback (which may throw to cancel), and refuses (RangeError) a table that would exceed
// Context::memory_limit before allocating it.
#pragma once

#include <chrono>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "queengames/common.hpp"

namespace qg::automata {

class NumberSystem;

// One track: the variable it carries and the number system of its digits. A track without
// a system (an explicit alphabet {0,1,…} in an automaton file) accepts every digit string.
struct Track {
  std::string name;
  unsigned base = 2;  // digits 0 … base-1
  std::shared_ptr<const NumberSystem> system;
  // A track without a system may carry any integers as its letters (Walnut's {-1,0,1}, {2,0}):
  // digit i stands for values[i]. Empty: digit i is the value i.
  std::vector<int> values = {};
  int value(unsigned digit) const { return values.empty() ? static_cast<int>(digit) : values[digit]; }
  // The digit standing for `v`, or base when v is not a letter of the track.
  unsigned digit(long long v) const {
    if (values.empty()) return v >= 0 && v < base ? static_cast<unsigned>(v) : base;
    for (unsigned i = 0; i < values.size(); ++i)
      if (values[i] == v) return i;
    return base;
  }
};

// What one step did: "product", "exists x", "complement", "minimize", "reverse" …
struct StepStats {
  std::string step;
  std::uint64_t states_in = 0;   // states of the operands (sum for a product)
  std::uint64_t states_out = 0;  // states of the result
  std::uint64_t letters = 0;     // letters of the result's alphabet
  std::uint64_t bytes = 0;       // peak bytes of the step's tables
  double seconds = 0;
  bool abandoned = false;  // a subset construction stopped at its budget (Brzozowski follows)
};

enum class Determinization {
  subset,      // subset construction; RangeError beyond subset_budget states
  brzozowski,  // reverse, determinize, reverse, determinize (always minimal)
  automatic,   // subset construction; Brzozowski when it exceeds subset_budget states
};
// "subset", "brzozowski" or "automatic"; InputError naming the three for anything else.
Determinization determinization_named(std::string_view name);

// How the operations run. Copyable, and the library keeps no other state.
struct Context {
  ProgressFn progress;                            // polled in every long loop
  std::function<void(const StepStats&)> on_step;  // one call per step
  std::uint64_t memory_limit = 0;                 // bytes; 0 = physical memory
  Determinization determinization = Determinization::automatic;
  std::uint64_t subset_budget = 50000;  // states, for subset/automatic
  // Walnut's reading of a variable met in two number systems with the same digits (msd_2 and
  // msd_fib, a word automaton's msd_2 under ?msd_neg_2): one digit string read in both, the
  // product keeping the first operand's system, as Walnut's cross product does. Off, such a
  // product is refused: the digits of a number in one system are not the number in the other.
  bool read_digits_across_systems = false;
  std::function<void(const std::string&)> on_note;  // each such reading, one line
  // Walnut's concat A B, whose accepting states of A stay accepting: A ∪ A·B. It is A·B when B
  // accepts the empty word; otherwise, off, the command is refused (the prover's command with a
  // note in its result when on).
  bool walnut_concat = false;
};

// The output of a word automaton's states where no letter is defined (invalid representations:
// 11 in Zeckendorf); letters themselves may be negative (Walnut's @-1).
inline constexpr int kNoLetter = INT32_MIN;

class Automaton {
 public:
  Automaton() = default;
  // A table with `states` states, every transition to state 0 and every output 0.
  Automaton(std::vector<Track> tracks, std::uint32_t states);

  const std::vector<Track>& tracks() const { return tracks_; }
  std::uint32_t letters() const { return letters_; }
  std::uint32_t states() const { return static_cast<std::uint32_t>(output_.size()); }
  std::uint32_t initial() const { return initial_; }
  std::uint32_t next(std::uint32_t state, std::uint32_t letter) const {
    return delta_[static_cast<std::size_t>(state) * letters_ + letter];
  }
  int output(std::uint32_t state) const { return output_[state]; }
  bool accepting(std::uint32_t state) const { return output_[state] != 0; }
  std::uint64_t bytes() const { return delta_.size() * 4 + output_.size() * 4; }
  // The track carrying `name`, or -1.
  int track_index(std::string_view name) const;

  void set_initial(std::uint32_t q) { initial_ = q; }
  void set_next(std::uint32_t state, std::uint32_t letter, std::uint32_t to) {
    delta_[static_cast<std::size_t>(state) * letters_ + letter] = to;
  }
  void set_output(std::uint32_t state, int out) { output_[state] = out; }
  // Gives track i the number system `system` (same number of digits).
  void set_system(std::size_t i, std::shared_ptr<const NumberSystem> system);
  // Renames the tracks (same count, distinct names); the table is unchanged.
  void rename(const std::vector<std::string>& names);
  // Digits of a letter, track by track; and back.
  std::vector<unsigned> digits(std::uint32_t letter) const;
  std::uint32_t letter(const std::vector<unsigned>& digits) const;

  // The output after reading `word` (letters) from the initial state.
  int run(const std::vector<std::uint32_t>& word) const;

 private:
  std::vector<Track> tracks_;
  std::uint32_t letters_ = 1;
  std::uint32_t initial_ = 0;
  std::vector<std::uint32_t> delta_;
  std::vector<std::int32_t> output_;
};

// ---- numbers systems ---------------------------------------------------------------------

// A positional numeration system: msd_k / lsd_k (k ≥ 2), msd_fib / lsd_fib (Zeckendorf,
// weights 1, 2, 3, 5, …), msd_trib / lsd_trib (greedy Tribonacci, weights 1, 2, 4, 7, …),
// msd_neg_k / lsd_neg_k (base −k, Walnut's negative bases: numbers are integers),
// msd_neg_fib / lsd_neg_fib (negaFibonacci, Walnut's: weights 1, −1, 2, −3, 5, −8, … = F_{−1},
// F_{−2}, …, no two adjacent 1s; every integer has one representation).
// Each has its validity automaton (one track), its adder (three tracks x + y = z) and its
// order (two tracks x < y), all over tracks named "x", "y", "z".
class NumberSystem : public std::enable_shared_from_this<NumberSystem> {
 public:
  // InputError for an unknown name or k < 2; RangeError for k > 64. Besides the systems
  // above, "msd_M"/"lsd_M" for a morphism M named by the words module (msd_tetranacci).
  static std::shared_ptr<const NumberSystem> make(std::string_view name, const Context& context = {});
  // The numeration system of a morphism μ prolonged on its start letter s (Dumont–Thomas):
  // n is read off the path from s to the letter at position n of μ^ω(s), digit d choosing
  // the d-th letter of an image. Supported when every image's proper prefixes are powers of
  // s (a→aab, b→aa: the (2,1)-Queen's system; the k-bonacci morphisms): then digit d at
  // place k weighs d·U_k with U_k = |μ^k(s)|, a linear recurrence (the characteristic
  // polynomial of μ's incidence matrix). The adder is generated from the recurrence
  // (Frougny's normalisation: finite when the dominant root is a Pisot number; RangeError
  // when it does not close). InputError for an unsupported morphism.
  static std::shared_ptr<const NumberSystem> from_morphism(const std::string& name, std::string_view morphism,
                                                           bool msd = true, const Context& context = {});
  // A system given by its automata, as Walnut's `Custom Bases/NAME.txt` (validity, one track;
  // none: every digit string), `NAME_addition.txt` (x + y = z) and `NAME_less_than.txt` (x < y;
  // optional), all over the digits 0 … k−1 read most significant digit first; `name` msd_X or
  // lsd_X (the automata reversed). Valid are the words some padding of which the validity
  // accepts (Walnut's Ostrowski files spell 0 as "0"). Walnut trusts such files; here they must
  // prove themselves, or InputError names the failed check. Decided by the engine for all
  // operands: the adder on valid words is a function of (x, y), total and commutative, x + 0 = x
  // (0 = 0*), x + (y + 1) = (x + y) + 1 (1 = 0*1), and every x ≠ 0 is some y + 1; so on the
  // numbers reached from 0 by adding 1 it is addition. Checked on the first `checked` of those:
  // distinct, valid, and every valid word shorter than the last among them. The order is
  // ∃z ≠ 0: x + z = y (a less_than file must define the same). Constants are sums through the
  // adder, a number's representation its constant's shortest word.
  static std::shared_ptr<const NumberSystem> from_automata(const std::string& name, std::optional<Automaton> validity,
                                                           Automaton adder, std::optional<Automaton> less,
                                                           const Context& context = {}, std::uint64_t checked = 300);
  // Walnut's `ost NAME [preperiod] [period]`: the Ostrowski numeration system of
  // α = [0; a_1, a_2, …] (preperiod, then the period repeated; Walnut's normal form: leading
  // zeros dropped, a_1 = 1 turned into 1 − α's system): n = Σ b_i q_{i−1} with q_0 = 1,
  // q_i = a_i q_{i−1} + q_{i−2}, 0 ≤ b_1 < a_1, 0 ≤ b_i ≤ a_i, b_i = a_i ⇒ b_{i−1} = 0. Its
  // validity and adder automata are built here, then checked as from_automata checks a file's.
  // InputError for a quotient outside 1 … 9 (the checks' products read four numbers of up to
  // 10 digits at once: 10^4 letters) or an empty period.
  static std::shared_ptr<const NumberSystem> ostrowski(const std::string& name, std::vector<unsigned> preperiod,
                                                       std::vector<unsigned> period, const Context& context = {});
  // The lsd system of an msd one (lsd_X of msd_X): its automata reversed. InputError for an
  // lsd system.
  static std::shared_ptr<const NumberSystem> lsd_of(const std::shared_ptr<const NumberSystem>& msd,
                                                    const Context& context = {});

  const std::string& name() const { return name_; }
  bool msd() const { return msd_; }
  unsigned base() const { return base_; }
  // Whether every digit string is valid (msd_k, lsd_k): no validity product needed.
  bool all_valid() const { return all_valid_; }
  Automaton validity() const { return attach(validity_); }
  Automaton adder() const { return attach(adder_); }
  Automaton less() const { return attach(less_); }
  Automaton equal() const { return attach(equal_); }

  // Whether the base is negative (msd_neg_k, lsd_neg_k: digits 0 … k−1 at places (−k)^i;
  // msd_neg_fib, lsd_neg_fib): every integer has one representation, and variables range over ℤ.
  bool negative() const { return negative_; }

  // The canonical digits of n, most significant first ("0" is the empty word here).
  std::vector<unsigned> representation(std::uint64_t n) const;
  // The value of a digit string, most significant first, canonical or not (RangeError when
  // it exceeds 64 bits, or is negative).
  std::uint64_t value(const std::vector<unsigned>& msd_digits) const;
  // The automaton accepting exactly the representations of n (one track named "x").
  Automaton constant(std::uint64_t n, const Context& context = {}) const;
  // The automaton of x = k·y (tracks "x", "y"; 2 ≤ k ≤ 2^40) built at once from the system's
  // recurrence — msd_fib, msd_trib, msd_neg_fib and the msd systems of morphisms — and certified
  // (every valid y has its x); nullopt for the other systems, which build k·y from the adder.
  // RangeError (MemoryError) when its states would exceed the context's memory limit.
  std::optional<Automaton> multiplication(std::uint64_t k, const Context& context = {}) const;
  // The same for any integer: negative ones in a negative base (RangeError otherwise), and
  // values beyond ±2^63 refused (RangeError).
  std::vector<unsigned> integer_representation(std::int64_t n) const;
  std::int64_t integer_value(const std::vector<unsigned>& msd_digits) const;
  Automaton integer_constant(std::int64_t n, const Context& context = {}) const;
  // The automaton accepting exactly the digit string `msd_digits` (most significant first; taken
  // to be a representation, unchecked) with its padding: one state a digit. Constants beyond 64
  // bits in an integer base, whose digits are the number's own.
  Automaton digits_constant(std::vector<unsigned> msd_digits, const Context& context = {}) const;

 private:
  NumberSystem() = default;
  // The stored automata have no system on their tracks (a system holding automata that hold
  // the system would never be freed); copies handed out get this one.
  Automaton attach(Automaton a) const;
  std::string name_;
  bool msd_ = true, all_valid_ = true, negative_ = false;
  unsigned base_ = 2;
  std::vector<std::uint64_t> weights_;        // U_0, U_1, … below 2^64 (the positional weights)
  bool greedy_ = false;                       // representations by the greedy algorithm on weights_
  std::vector<std::int64_t> signed_weights_;  // a negative base's weights below 2^63 in size
  bool custom_ = false;                       // from_automata: representations through the adder
  Automaton validity_, adder_, less_, equal_;
  // The recurrence U_{n+m} = a_1 U_{n+m−1} + … + a_m U_n of an msd system's weights and U_0 … U_{m−1}
  // (the systems whose adder it generates), for multiplication.
  std::vector<std::int64_t> recurrence_, recurrence_initial_;
  friend struct SystemBuilder;
};

// ---- operations ----------------------------------------------------------------------------

// Boolean combination of two acceptors over the union of their tracks (tracks matched by
// name, the result's tracks sorted by name; InputError when one name has two bases). Tracks
// that only one operand reads are unconstrained in it: the result is intersected with their
// validity for the operations other than ∧.
enum class BoolOp { and_, or_, implies, iff, xor_ };
Automaton product(const Automaton& a, const Automaton& b, BoolOp op, const Context& context);
// Acceptance flipped, then intersected with every track's validity.
Automaton complement(const Automaton& a, const Context& context);
// ∃ name: drops the track, determinizes (Context::determinization), and closes the result
// under the padding of the tracks that remain (padding.cpp: the leading-zero fix when they all
// read msd, the trailing-zero fix when they all read lsd, the split encodings when both kinds
// remain), minimizes. InputError if there is no such track, or when a track without a number
// system is dropped from tracks of both kinds (no meaning as numbers).
Automaton exists(const Automaton& a, std::string_view name, const Context& context);
// ∃ names, one after the other. When they are every track of `a` and each track carries a number
// system, the result (no tracks) accepts exactly when `a` accepts some word: a breadth-first
// search, O(states × letters), in place of the projections, whose determinizations may blow up
// where the answer is a search away (seed 001 §6: ∃n,a,b n ≥ 1 ∧ ¬good(n,a,b), 52,839 states
// over three tracks, ran past 10 minutes dropping n). Tracks of words are dropped one by one (a
// track without a system has no padding, and exists refuses some orders). InputError if a name
// is no track.
Automaton exists_all(const Automaton& a, const std::vector<std::string>& names, const Context& context);
// I name (Walnut's "there are infinitely many", as Walnut decides it): whether the automaton
// accepts infinitely many words whose track `name` has a nonzero most significant digit (the
// other tracks counted with their padding, so `I x φ` with free variables besides x is a
// constant, as in Walnut). The result has no tracks. InputError if there is no such track.
Automaton infinitely_many(const Automaton& a, std::string_view name, const Context& context);
// Whether the automaton gives every encoding of a tuple the output of its shortest one (see
// the conventions above; automata with a track without a number system are). Word automata too.
bool padding_closed(const Automaton& a, const Context& context);
// The automaton itself when it is padding-closed; otherwise the padding-closed automaton of the
// tuples some encoding of which it accepts (an acceptor whose tracks read in one direction:
// Walnut files and regular expressions written without their padding). InputError for tracks
// of both directions that are not padding-closed (their relation may have no automaton).
Automaton close_padding(const Automaton& a, const Context& context);
// Minimal equivalent complete automaton (Hopcroft; outputs kept, unreachable states dropped).
Automaton minimize(const Automaton& a, const Context& context);
// The automaton of the reversed words, its tracks given the systems `systems` (the msd ↔ lsd
// partners, or none for a track of words; same bases); minimal. Word automata too: the reversed
// word gets the letter of the word.
Automaton reverse(const Automaton& a, const std::vector<std::shared_ptr<const NumberSystem>>& systems,
                  const Context& context);
// Tracks of the same name merged: `names` gives each track's new name; tracks given the same
// name must carry the same digit at every position (the diagonal of $f(x,x)).
Automaton bind(const Automaton& a, const std::vector<std::string>& names, const Context& context);
// A track added (every digit string valid in its system), for the statements that mention a
// variable only on one side.
Automaton extend(const Automaton& a, const Track& track, const Context& context);

// ---- the words an automaton spells (words.cpp) ------------------------------------------------
// These read an automaton as a language over its letters (Walnut's word commands), not as a
// relation on numbers: a concatenation of valid representations need not be one, and the
// result is not padding-closed. The same tracks on both operands. Minimal.
Automaton concatenation(const Automaton& a, const Automaton& b, const Context& context);  // A·B
Automaton kleene_star(const Automaton& a, const Context& context);                        // A*
// B\A = {w : uw ∈ A for some u ∈ B}; A/B = {w : wu ∈ A for some u ∈ B}. O(|A|·|B|·letters).
Automaton left_quotient(const Automaton& a, const Automaton& b, const Context& context);
Automaton right_quotient(const Automaton& a, const Automaton& b, const Context& context);
// A word automaton from acceptors of the same tracks: at each word the value of the first part
// that accepts it, 0 where none does (Walnut's combine); InputError for no parts. And back: the
// acceptor of each nonzero letter of a word automaton, with its letter, letters in order.
Automaton first_accepting(const std::vector<std::pair<Automaton, int>>& parts, const Context& context);
std::vector<std::pair<Automaton, int>> letters_of(const Automaton& word_automaton);

// ---- other bases and alphabets (bases.cpp) ----------------------------------------------------
// The automaton of x = sign·y (sign ±1) over two tracks named x and y (in name order), x in the
// integer base k (`positive`, lsd_k) and y in base −k (`negative`, lsd_neg_k), read least
// significant digit first: at most 6 states and a dead one.
Automaton signed_equality(const std::string& x, std::shared_ptr<const NumberSystem> positive, const std::string& y,
                          std::shared_ptr<const NumberSystem> negative, int sign);
// A word automaton (or acceptor) of one track in base b = r^i, lsd, read in the base r =
// root->base(), i = exponent digits of base r for each digit of base b (the first least
// significant). Minimal.
Automaton lsd_to_root(const Automaton& a, std::shared_ptr<const NumberSystem> root, unsigned exponent,
                      const Context& context);
// One track in base r, msd, read in base power->base() = r^exponent: a digit of the new base is
// `exponent` digits of base r, the first most significant. Minimal.
Automaton msd_to_power(const Automaton& a, std::shared_ptr<const NumberSystem> power, unsigned exponent,
                       const Context& context);
// i with b = root^i (b ≥ 1), or 0 when b is no power of root (or root < 2).
unsigned power_exponent(unsigned b, unsigned root);
// The number systems an operation needs, by name (a prover session's, built once each).
using SystemLookup = std::function<std::shared_ptr<const NumberSystem>(const std::string&)>;
// Each track's system read from the other end (msd_X ↔ lsd_X; none for a track without a
// system): the systems reverse() gives the tracks.
std::vector<std::shared_ptr<const NumberSystem>> partner_systems(const Automaton& a, const SystemLookup& system);
// Walnut's convert: an automaton of one track in msd_b or lsd_b read in base k (msd or lsd),
// b and k powers of one integer; the same numbers or the same sequence. InputError otherwise
// (another system, no common root, already in that base).
Automaton convert_base(const Automaton& a, unsigned k, bool msd, const SystemLookup& system, const Context& context);
// Walnut's alphabet: the same digit strings read over new tracks (their names replaced by a's):
// a letter with a value that is no letter of the old track leads to a dead state, and a word
// invalid in a new system is rejected (`word`: a word automaton, where it has no letter).
// Minimal. InputError for the wrong number of tracks.
Automaton with_alphabets(const Automaton& a, std::vector<Track> tracks, bool word, const Context& context);

// The shortest accepted word, lexicographically first among the shortest (letters), or
// nothing when the language is empty.
std::optional<std::vector<std::uint32_t>> shortest_accepted(const Automaton& a);
// Whether the automata (same tracks) accept the same words.
bool equivalent(const Automaton& a, const Automaton& b, const Context& context);

// The word of the numbers `values` (one per track, in track order) padded to a common length
// (leading zeros for msd, trailing for lsd), and back. Every track needs a system.
std::vector<std::uint32_t> encode(const Automaton& a, const std::vector<std::uint64_t>& values);
std::vector<std::uint64_t> decode(const Automaton& a, const std::vector<std::uint32_t>& word);
// Whether the automaton accepts these numbers.
bool accepts(const Automaton& a, const std::vector<std::uint64_t>& values);
// The same for integers (negative values on the tracks of negative bases; RangeError on
// others).
std::vector<std::uint32_t> encode_integers(const Automaton& a, const std::vector<std::int64_t>& values);
std::vector<std::int64_t> decode_integers(const Automaton& a, const std::vector<std::uint32_t>& word);
bool accepts_integers(const Automaton& a, const std::vector<std::int64_t>& values);

// The tuples an automaton accepts (a nonzero output), one at a time: the accepted words of up
// to `max_digits` letters that encode_integers writes back as the very same word, shortest
// first, then in the order of the letters. A padded or invalid spelling (a leading zero letter
// in msd, 11 in Zeckendorf) is skipped, so each tuple comes once, and every accepted tuple
// whose representation has at most max_digits digits comes. Every track needs a system;
// RangeError for a value beyond 64 bits. The automaton must outlive the enumeration.
// Memory: a bit of "accepts in exactly d more letters" per state and d ≤ max_digits, refused up
// front past this machine's memory; each next() costs O(max_digits · letters) per word passed.
class AcceptedTuples {
 public:
  AcceptedTuples(const Automaton& a, unsigned max_digits);
  // The next tuple, or nothing when every length has been enumerated.
  std::optional<std::vector<std::int64_t>> next();

 private:
  struct Frame {
    std::uint32_t state;
    std::uint32_t letter;  // the next letter to try from `state`
  };
  bool live(unsigned remaining, std::uint32_t state) const {
    return live_[static_cast<std::size_t>(remaining) * a_->states() + state] != 0;
  }
  bool allowed(std::uint32_t letter, std::size_t depth) const;
  bool begin_next_length();

  const Automaton* a_;
  unsigned max_digits_;
  std::vector<std::uint8_t> live_;            // live_[d·states + q]: q reaches acceptance in exactly d letters
  std::optional<std::uint32_t> zero_letter_;  // the letter of digits 0 on every track
  bool msd_ = false, lsd_ = false;            // every track reads msd first (lsd first)
  unsigned length_ = 0, next_length_ = 0;     // the words' length now, and the next one's
  std::vector<Frame> stack_;                  // the path's states, depth 0 … word_.size()
  std::vector<std::uint32_t> word_;
};

}  // namespace qg::automata
