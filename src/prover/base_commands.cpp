// The commands that read an automaton in another base (commands.hpp): convert, split, rsplit.
// The constructions are the automata module's (src/automata/bases.cpp).
#include <algorithm>

#include <fmt/format.h>

#include "prover/commands.hpp"

namespace qg::prover {

using automata::Automaton;
using automata::BoolOp;

// convert [$]NEW msd_k [$]OLD: a word automaton (or $ an automaton) of one input in base b = r^i,
// read in base k = r^j (msd or lsd): the same sequence or set of numbers.
void Session::Commands::convert() {
  const bool to_automaton = in.accept('$');
  r.name = in.word("a name for the result");
  std::size_t sat = (in.skip(), in.pos());
  std::string target = in.word("a number system msd_k or lsd_k");
  auto [a, is_acceptor] = either();
  in.end();
  if (to_automaton && !is_acceptor)
    in.fail(sat, "a word automaton converts into a word automaton (write the new name without $)");
  const bool digits = target.size() >= 5 && target.size() <= 10 &&
                      (target.starts_with("msd_") || target.starts_with("lsd_")) &&
                      std::all_of(target.begin() + 4, target.end(), [](unsigned char c) { return std::isdigit(c); });
  const unsigned k = digits ? static_cast<unsigned>(std::stoul(target.substr(4))) : 0;
  if (k < 2 || k > 64)
    in.fail(sat, fmt::format("convert takes a system msd_k or lsd_k with 2 ≤ k ≤ 64, not {}", target));
  try {
    Automaton x = automata::convert_base(
        a, k, target[0] == 'm', [&](const std::string& name) { return s.system(name); }, s.context_);
    finish(std::move(x), to_automaton ? Library::automata : Library::words);
  } catch (const InputError& e) {
    in.fail(sat, e.what());
  }
}

namespace {

// The signs [+], [-] or [] after a name, `want` of them (any number for 0), one at least marked.
std::vector<int> read_signs(detail::Reader& in, std::size_t want, const std::string& command) {
  std::vector<int> out;
  std::size_t at = (in.skip(), in.pos());
  while (in.accept('[')) {
    out.push_back(in.accept('+') ? 1 : in.accept('-') ? -1 : 0);
    if (!in.accept(']')) in.fail(in.pos(), "expected ']' after a sign [+], [-] or []");
  }
  if (want && out.size() != want) in.fail(at, fmt::format("{} signs for an automaton of {} inputs", out.size(), want));
  if (std::all_of(out.begin(), out.end(), [](int x) { return x == 0; }))
    in.fail(at, fmt::format("{} needs an input marked [+] or [-]", command));
  return out;
}

}  // namespace

// split NEW OLD[±]…: OLD over a negative base, read on positive numbers (x = ±x'); rsplit
// NEW[±]… OLD: OLD over a positive base, read in the negative base (0 where x' has no such x).
// Both are x = s·x' between a positive-base x and a negative-base x'. An input in the other kind
// of base is read as Walnut reads it: its digits are taken for digits of the partner base (split
// of msd_2: NEW[x] = OLD[y], y's binary digits those of s·x in base −2), which is a relabelling
// of the track (the same digits, the same padding zeros).
void Session::Commands::signed_split(bool reverse_split) {
  r.name = in.word("a name for the result");
  std::vector<int> sign;
  if (reverse_split) sign = read_signs(in, 0, r.command);
  std::size_t oat = (in.skip(), in.pos());
  auto [a, is_acceptor] = either();
  if (!reverse_split) sign = read_signs(in, a.tracks().size(), r.command);
  in.end();
  if (sign.size() != a.tracks().size())
    in.fail(oat, fmt::format("{} signs for an automaton of {} inputs", sign.size(), a.tracks().size()));
  std::vector<std::pair<Automaton, int>> parts =
      is_acceptor ? std::vector<std::pair<Automaton, int>>{{a, 1}} : automata::letters_of(a);
  for (std::size_t i = 0; i < sign.size(); ++i) {
    if (!sign[i]) continue;
    const automata::Track& t = a.tracks()[i];
    const std::string n = t.system ? t.system->name() : "an alphabet";
    const bool negative = t.system && t.system->negative();
    const std::string k = t.system ? n.substr(negative ? 8 : 4) : "";
    // Only the integer bases ±k: the relation x = s·x' is built for them (signed_equality).
    if (k.empty() || !std::all_of(k.begin(), k.end(), [](unsigned char c) { return std::isdigit(c); }))
      in.fail(oat, fmt::format("{} reads input {} in a base msd_k, lsd_k, msd_neg_k or lsd_neg_k; it is in {}",
                               r.command, i + 1, n));
    const std::string dir = n.substr(0, 3);
    auto positive = s.system(dir + "_" + k), neg = s.system(dir + "_neg_" + k);
    const std::string hidden = fmt::format("#{}", i);
    Automaton eq = automata::signed_equality(reverse_split ? hidden : t.name, positive, reverse_split ? t.name : hidden,
                                             neg, sign[i]);
    if (dir == "msd") {
      std::vector<std::shared_ptr<const automata::NumberSystem>> partners;
      for (const auto& u : eq.tracks()) partners.push_back(s.system("msd_" + u.system->name().substr(4)));
      eq = automata::reverse(eq, partners, s.context_);
    }
    for (auto& [part, value] : parts) {
      std::vector<std::string> names;
      for (const auto& u : part.tracks()) names.push_back(u.name == t.name ? hidden : u.name);
      part = automata::bind(part, names, s.context_);
      if (negative == reverse_split)
        part.set_system(static_cast<std::size_t>(part.track_index(hidden)), reverse_split ? positive : neg);
      part = automata::exists(automata::product(part, eq, BoolOp::and_, s.context_), hidden, s.context_);
    }
  }
  if (parts.empty()) in.fail(oat, "the word automaton has no nonzero letter");
  finish(automata::first_accepting(parts, s.context_), is_acceptor ? Library::automata : Library::words);
}

}  // namespace qg::prover
