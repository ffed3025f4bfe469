// The commands on automata and their words (commands.hpp): union, intersect, star, concat,
// leftquo, rightquo, reverse, minimize, fixleadzero, fixtrailzero, combine, join, alphabet and
// transduce. A name with `$` (or an operand of an acceptor command) is read from the automata,
// otherwise from the word automata, as Walnut does. The word operations (star, concat,
// quotients) work on the words the operands spell (Session::spelled), as Walnut's; on number
// tracks their result stands, as every automaton here, for the tuples some padding of which it
// accepts (automata.hpp).
#include <algorithm>
#include <optional>

#include <fmt/format.h>

#include "prover/commands.hpp"
#include "prover/regex.hpp"
#include "prover/transduce.hpp"

namespace qg::prover {

using automata::Automaton;
using automata::BoolOp;

namespace {

// `b` with `a`'s track names (Walnut matches inputs by position); InputError when their digits
// differ.
Automaton like(const Automaton& a, Automaton b, const std::string& name) {
  if (a.tracks().size() != b.tracks().size())
    throw InputError(fmt::format("{} has {} inputs, not {}", name, b.tracks().size(), a.tracks().size()));
  std::vector<std::string> names;
  for (std::size_t i = 0; i < a.tracks().size(); ++i) {
    const auto &x = a.tracks()[i], &y = b.tracks()[i];
    if (x.base != y.base || x.values != y.values || !x.system != !y.system ||
        (x.system && x.system->name() != y.system->name()))
      throw InputError(fmt::format("input {} of {} reads other digits than the first automaton's", i + 1, name));
    names.push_back(x.name);
  }
  b.rename(names);
  return b;
}

// Whether the reader is at the command's end.
bool at_end(detail::Reader& in) { return in.peek() == ':' || in.peek() == ';' || in.at_end(); }

}  // namespace

// ---- operands ---------------------------------------------------------------------------------

const Automaton& Session::Commands::word_operand(const std::string& name, std::size_t at) {
  try {
    return s.word(name);
  } catch (const InputError& e) {
    try {
      s.automaton(name);
    } catch (const InputError&) {
      in.fail(at, e.what());
    }
    in.fail(at, fmt::format("{} (an automaton of that name exists: write ${})", e.what(), name));
  }
}

std::pair<Automaton, bool> Session::Commands::operand(bool acceptors) {
  std::size_t at = (in.skip(), in.pos());
  const bool dollar = in.accept('$');
  std::string name = in.word("an automaton name");
  if (!acceptors && !dollar) return {word_operand(name, at), false};
  try {
    return {s.automaton(name), true};
  } catch (const InputError& e) {
    in.fail(at, e.what());
  }
}

std::pair<Automaton, bool> Session::Commands::either() {
  std::size_t at = (in.skip(), in.pos());
  if (in.accept('$')) {
    in.set_pos(at);
    return operand(true);
  }
  std::string name = in.word("an automaton name");
  try {
    return {s.word(name), false};
  } catch (const InputError&) {
  }
  try {
    return {s.automaton(name), true};
  } catch (const InputError& e) {
    in.fail(at, e.what());
  }
}

void Session::Commands::finish(Automaton a, Library library) {
  r.states = r.largest = a.states();
  for (const auto& t : a.tracks()) r.variables.push_back(t.name);
  r.automaton = std::make_shared<const Automaton>(a);
  s.publish(r, library);
  if (library == Library::words) s.define_word(r.name, std::move(a));
  else s.define(r.name, std::move(a));
}

Automaton Session::Commands::close(Automaton a) {
  try {
    return detail::numbers_of_words(std::move(a), in.pos(), s.context_);
  } catch (const detail::PositionedError& e) {
    in.fail(e.pos, e.what);
  }
}

// The operands of an acceptor command (`want` of them, or any number ≥ 1 for 0), their numbers
// and the words they spell, over one set of tracks: words over explicit alphabets that differ
// ({0,1,2} and {2,0}) are read over the union of the alphabets, the first operand's letters
// first (a letter an operand lacks is a dead end).
Session::Commands::Spelled Session::Commands::spelled_operands(std::size_t want) {
  Spelled o;
  while (!at_end(in)) {
    o.where.push_back((in.skip(), in.pos()));
    in.accept('$');
    o.names.push_back(in.word("an automaton name"));
    try {
      const Automaton& a = s.automaton(o.names.back());
      const Automaton& spelling = s.spelled(o.names.back());
      o.respelled = o.respelled || &spelling != &a;
      o.numbers.push_back(a);
      o.words.push_back(spelling);
    } catch (const InputError& e) {
      in.fail(o.where.back(), e.what());
    }
  }
  in.end();
  if (o.numbers.empty() || (want && o.numbers.size() != want))
    in.fail(in.pos(), want ? fmt::format("{} takes {} automata", r.command, want)
                           : fmt::format("{} takes at least one automaton", r.command));
  std::vector<automata::Track> tracks = o.numbers.front().tracks();
  for (std::size_t k = 1; k < o.numbers.size(); ++k)
    for (std::size_t i = 0; i < tracks.size() && i < o.numbers[k].tracks().size(); ++i) {
      const auto& t = o.numbers[k].tracks()[i];
      if (tracks[i].system || t.system) continue;
      for (unsigned d = 0; d < t.base; ++d)
        if (tracks[i].digit(t.value(d)) >= tracks[i].base) {
          if (tracks[i].values.empty())
            for (unsigned e = 0; e < tracks[i].base; ++e) tracks[i].values.push_back(static_cast<int>(e));
          tracks[i].values.push_back(t.value(d));
          ++tracks[i].base;
        }
    }
  for (auto* ops : {&o.numbers, &o.words})
    for (std::size_t k = 0; k < ops->size(); ++k) try {
        Automaton& op = (*ops)[k];
        bool widen = false;
        for (std::size_t i = 0; i < tracks.size() && i < op.tracks().size(); ++i)
          widen = widen || (!tracks[i].system && !op.tracks()[i].system &&
                            (tracks[i].base != op.tracks()[i].base || tracks[i].values != op.tracks()[i].values));
        if (widen && op.tracks().size() == tracks.size()) op = automata::with_alphabets(op, tracks, false, s.context_);
        if (k) op = like(ops->front(), op, "an operand");
      } catch (const InputError& e) {
        in.fail(o.where[k], e.what());
      }
  return o;
}

// ---- the acceptors' word operations -------------------------------------------------------------
// Union and intersection of the words are also those of the operands' numbers, as every
// product here; the other operations' numbers are read off their words.

void Session::Commands::boolean(BoolOp op) {
  r.name = in.word("a name for the result");
  Spelled o = spelled_operands(0);
  Automaton a = o.numbers.front(), w = o.words.front();
  for (std::size_t i = 1; i < o.numbers.size(); ++i) {
    a = automata::product(a, o.numbers[i], op, s.context_);
    if (o.respelled) w = automata::product(w, o.words[i], op, s.context_);
  }
  finish(std::move(a), Library::automata);
  if (o.respelled) s.spelled_[r.name] = std::move(w);
}

namespace {

// Walnut reads the words of star and concat in the plain base of as many digits (msd_fib →
// msd_2): a word made of valid representations need not be one.
void plain_bases(std::vector<Automaton>& words, Session& s) {
  for (auto& op : words)
    for (std::size_t i = 0; i < op.tracks().size(); ++i) {
      const auto& ns = op.tracks()[i].system;
      if (ns && !ns->all_valid())
        op.set_system(i, s.system(fmt::format("{}_{}", ns->msd() ? "msd" : "lsd", ns->base())));
    }
}

}  // namespace

void Session::Commands::star() {
  r.name = in.word("a name for the result");
  Spelled o = spelled_operands(1);
  plain_bases(o.words, s);
  Automaton w = automata::kleene_star(o.words.front(), s.context_);
  finish(close(w), Library::automata);
  s.spelled_[r.name] = std::move(w);
}

void Session::Commands::concat() {
  r.name = in.word("a name for the result");
  Spelled o = spelled_operands(0);
  plain_bases(o.words, s);
  Automaton w = o.words.front();
  Automaton walnut = w;  // Walnut's concat: its accepting states stay accepting, A ∪ A·B
  for (std::size_t i = 1; i < o.words.size(); ++i) {
    w = automata::concatenation(w, o.words[i], s.context_);
    walnut =
        automata::product(walnut, automata::concatenation(walnut, o.words[i], s.context_), BoolOp::or_, s.context_);
  }
  if (!automata::equivalent(w, walnut, s.context_)) {
    const std::string what = fmt::format(
        "Walnut's concat also accepts the words of {} (A ∪ A·B: its accepting states stay accepting), and here "
        "that is not the concatenation",
        o.names.front());
    if (!s.context_.walnut_concat) in.fail(o.where.front(), what + "; refused");
    r.notes.push_back(what + ": the result is Walnut's");
    w = std::move(walnut);
  }
  finish(close(w), Library::automata);
  s.spelled_[r.name] = std::move(w);
}

void Session::Commands::quotient(bool left) {
  r.name = in.word("a name for the result");
  Spelled o = spelled_operands(2);
  Automaton w = detail::valid_words(left ? automata::left_quotient(o.words[0], o.words[1], s.context_)
                                         : automata::right_quotient(o.words[0], o.words[1], s.context_),
                                    s.context_);
  finish(close(w), Library::automata);
  s.spelled_[r.name] = std::move(w);
}

// ---- one operand ------------------------------------------------------------------------------

void Session::Commands::reverse() {
  r.name = in.word("a name for the result");
  auto [a, is_acceptor] = operand(false);
  in.end();
  auto partners = automata::partner_systems(a, [&](const std::string& name) { return s.system(name); });
  finish(automata::reverse(a, partners, s.context_), is_acceptor ? Library::automata : Library::words);
}

void Session::Commands::minimize() {
  r.name = in.word("a name for the result");
  auto [a, is_acceptor] = operand(false);
  in.end();
  finish(automata::minimize(a, s.context_), is_acceptor ? Library::automata : Library::words);
}

void Session::Commands::fix_zeros() {
  r.name = in.word("a name for the result");
  auto [a, is_acceptor] = operand(true);
  in.end();
  // Every automaton here already accepts every padding of what it accepts.
  finish(close(a), is_acceptor ? Library::automata : Library::words);
}

// ---- word automata from several ---------------------------------------------------------------

// combine NAME A B=2 C=-1 …: the value of the first automaton that accepts (1, 2, … unless
// given), 0 where none does.
void Session::Commands::combine() {
  r.name = in.word("a name for the result");
  std::vector<std::pair<Automaton, int>> parts;
  while (!at_end(in)) {
    auto [a, acc] = operand(true);
    int value = static_cast<int>(parts.size()) + 1;
    if (in.accept('=')) {
      bool negative = in.accept('-');
      std::string digits = in.word("a value");
      if (digits.size() > 6 ||
          !std::all_of(digits.begin(), digits.end(), [](unsigned char c) { return std::isdigit(c); }))
        in.fail(in.pos(), "a value of combine is an integer");
      value = (negative ? -1 : 1) * std::stoi(digits);
    }
    parts.emplace_back(parts.empty() ? a : like(parts.front().first, a, "an automaton of combine"), value);
  }
  in.end();
  if (parts.empty()) in.fail(in.pos(), "combine needs at least one automaton");
  finish(automata::first_accepting(parts, s.context_), Library::words);
}

// join NEW A[a][b] B[b][c] …: the first nonzero output of A(a,b), B(b,c), …
void Session::Commands::join() {
  r.name = in.word("a name for the result");
  std::vector<Automaton> operands;
  bool word_result = false;
  while (!at_end(in)) {
    std::size_t at = (in.skip(), in.pos());
    auto [a, is_acceptor] = either();
    word_result = word_result || !is_acceptor;
    std::vector<std::string> labels;
    while (in.accept('[')) {
      labels.push_back(in.word("a variable"));
      if (!in.accept(']')) in.fail(in.pos(), "expected ']' after a variable");
    }
    if (labels.size() != a.tracks().size())
      in.fail(at, fmt::format("{} variables for an automaton of {} inputs", labels.size(), a.tracks().size()));
    try {
      operands.push_back(automata::bind(a, labels, s.context_));
    } catch (const InputError& e) {
      in.fail(at, e.what());
    }
  }
  in.end();
  if (operands.empty()) in.fail(in.pos(), "join needs at least one automaton");
  // Every variable over its one system; each operand's letters over all of them.
  std::vector<automata::Track> all;
  for (const auto& a : operands)
    for (const auto& t : a.tracks()) {
      auto same = std::find_if(all.begin(), all.end(), [&](const automata::Track& u) { return u.name == t.name; });
      if (same == all.end()) all.push_back(t);
      else if (same->base != t.base || !same->system != !t.system ||
               (t.system && same->system->name() != t.system->name()))
        in.fail(in.pos(), fmt::format("variable {} is read in two number systems", t.name));
    }
  std::vector<std::pair<Automaton, int>> parts;
  for (const auto& a : operands)
    for (auto [part, value] : automata::letters_of(a)) {
      for (const auto& t : all) part = automata::extend(part, t, s.context_);
      parts.emplace_back(std::move(part), value);
    }
  if (parts.empty()) {
    Automaton zero = operands.front();
    for (const auto& t : all) zero = automata::extend(zero, t, s.context_);
    for (std::uint32_t q = 0; q < zero.states(); ++q) zero.set_output(q, 0);
    parts.emplace_back(std::move(zero), 0);
  }
  finish(automata::first_accepting(parts, s.context_), word_result ? Library::words : Library::automata);
}

// ---- other readings of one automaton ----------------------------------------------------------

// alphabet NEW SYSTEM… [$]OLD: the systems or alphabets {…} of OLD's inputs replaced; the last
// name is OLD's (a word automaton, or $ an automaton).
void Session::Commands::alphabet() {
  r.name = in.word("a name for the result");
  struct Item {
    std::optional<automata::Track> alphabet;  // {…}
    std::string word;
    std::size_t at;
  };
  std::vector<Item> items;
  bool acceptor = false;
  while (!at_end(in)) {
    std::size_t at = (in.skip(), in.pos());
    if (in.peek() == '{') {
      std::size_t close = in.text().find('}', at);
      if (close == std::string_view::npos) in.fail(at, "an alphabet without '}'");
      auto values = detail::parse_alphabet(in.text().substr(at + 1, close - at - 1));
      if (!values || values->empty() || values->size() > 256)
        in.fail(at, "an alphabet is a list of distinct integers {0,1} or {-1,0,1}");
      automata::Track t{"", static_cast<unsigned>(values->size()), nullptr};
      if (!detail::natural_alphabet(*values)) t.values = *values;
      items.push_back({t, "", at});
      in.set_pos(close + 1);
      continue;
    }
    acceptor = in.accept('$');
    items.push_back({std::nullopt, in.word("a number system, an alphabet {…} or the automaton's name"), at});
    if (acceptor) break;
  }
  in.end();
  if (items.size() < 2 || items.back().alphabet)
    in.fail(in.pos(), "alphabet takes systems or alphabets, then the automaton's name");
  const Item name = items.back();
  items.pop_back();
  std::vector<automata::Track> tracks;
  for (const auto& item : items) {
    if (item.alphabet) {
      tracks.push_back(*item.alphabet);
      continue;
    }
    try {
      auto ns = s.system(detail::walnut_system_name(item.word));
      tracks.push_back({"", ns->base(), ns});
    } catch (const InputError& e) {
      in.fail(item.at, e.what());
    }
  }
  Automaton a;
  if (!acceptor) a = word_operand(name.word, name.at);
  else try {
      a = s.spelled(name.word);
    } catch (const InputError& e) {
      in.fail(name.at, e.what());
    }
  if (tracks.size() != a.tracks().size())
    in.fail(name.at, fmt::format("{} alphabets for an automaton of {} inputs", tracks.size(), a.tracks().size()));
  for (std::size_t i = 0; i < tracks.size(); ++i)
    if (a.tracks()[i].system && tracks[i].system && a.tracks()[i].system->msd() != tracks[i].system->msd())
      in.fail(items[i].at, fmt::format("input {} is read in {}: its padding would change ends; "
                                       "use reverse (or convert) to change the direction",
                                       i + 1, a.tracks()[i].system->name()));
  Automaton x = automata::with_alphabets(a, tracks, !acceptor, s.context_);
  if (acceptor) {
    // Walnut reads the words the automaton spells; their numbers are read off them, as reg's.
    finish(close(x), Library::automata);
    s.spelled_[r.name] = std::move(x);
    return;
  }
  // A word automaton's new reading has a letter at a number only when every padding of it gets
  // the same letter (Walnut keeps the words as they are).
  if (!automata::padding_closed(x, s.context_))
    in.fail(name.at,
            "read in the new systems, the word automaton gives some paddings of a number other letters than "
            "others: as a word it has no meaning");
  finish(std::move(x), Library::words);
}

// transduce NEW TRANSDUCER [$]OLD: Transducer Library/TRANSDUCER.txt run over OLD's letters.
void Session::Commands::transduce() {
  r.name = in.word("a name for the result");
  std::size_t tat = (in.skip(), in.pos());
  std::string tname = in.word("a transducer name");
  auto [w, is_acceptor] = operand(false);
  in.end();
  if (s.read_folders().empty()) in.fail(tat, "transduce reads Transducer Library/ of a Walnut folder");
  const auto path = s.find_file("Transducer Library", tname + ".txt");
  if (path.empty()) in.fail(tat, fmt::format("no transducer {} (Transducer Library/{}.txt)", tname, tname));
  const std::string text = detail::read_walnut_file(path, s.context_.progress);
  if (w.tracks().size() != 1 || !w.tracks()[0].system)
    in.fail(tat, "transduce reads a word automaton of one input in a number system");
  try {
    const detail::Transducer t = detail::read_transducer(text, path.string());
    const std::string n = w.tracks()[0].system->name();
    const bool lsd = !w.tracks()[0].system->msd();
    // Least significant digit first: the same word read the other way, transduced, and back.
    if (lsd) w = automata::reverse(w, {s.system("msd_" + n.substr(4))}, s.context_);
    Automaton x = detail::transduce(t, w, s.context_);
    if (lsd) x = automata::reverse(x, {s.system(n)}, s.context_);
    finish(std::move(x), Library::words);
  } catch (const InputError& e) {
    in.fail(tat, e.what());
  }
}

}  // namespace qg::prover
