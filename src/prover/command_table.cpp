// The one table of Walnut commands (commands.hpp says how to add one): Session::run dispatches
// through it, `help` lists it, messages name its words, and front ends read it through
// walnut_commands().
#include <algorithm>

#include <fmt/format.h>

#include "prover/commands.hpp"

namespace qg::prover {

namespace {

using C = Session::Commands;

// clang-format off
const detail::CommandRow kCommands[] = {
  {{"eval", "eval NAME [v1 v2 …] \"φ\"", "TRUE/FALSE, or the automaton of φ's free variables (and Result/NAME.mpl)", "statements", false}, &C::eval},
  {{"def", "def NAME [v1 v2 …] \"φ\"", "the automaton of φ over its free variables (sorted by name), as $NAME", "statements", false}, &C::def},
  {{"reg", "reg NAME SYSTEM… \"REGEX\"", "the automaton of a regular expression over digits or tuples", "statements", false}, &C::reg},
  {{"macro", "macro NAME \"TEXT\"", "#NAME(a,b) stands for TEXT with %0, %1 replaced", "statements", true}, &C::macro},
  {{"load", "load FILE", "the commands of a command file", "statements", true}, &C::load},
  {{"morphism", "morphism NAME \"0->01 1->10\"", "a morphism on digit letters", "morphisms", true}, &C::morphism},
  {{"promote", "promote W MORPHISM", "the morphism's fixed point as a word automaton", "morphisms", false}, &C::promote},
  {{"image", "image W MORPHISM V", "the word μ(V) of a uniform morphism or a coding", "morphisms", false}, &C::image},
  {{"numsys", "numsys NAME \"a->aab,b->aa\"", "msd_NAME and lsd_NAME, the numeration systems of a morphism (ours)", "morphisms", true}, &C::numsys},
  {{"ost", "ost NAME [a0 a1 …] [p1 p2 …]", "msd_NAME and lsd_NAME, the Ostrowski system of the continued fraction [a0; a1, …, p1, p2, …, p1, p2, …] (and Custom Bases/)", "morphisms", true}, &C::ost},
  {{"union", "union NEW A B …", "the automata's union", "words", false}, &C::union_},
  {{"intersect", "intersect NEW A B …", "their intersection", "words", false}, &C::intersect},
  {{"star", "star NEW A", "the Kleene star of the words", "words", false}, &C::star},
  {{"concat", "concat NEW A B …", "the words' concatenation", "words", false}, &C::concat},
  {{"leftquo", "leftquo NEW A B", "{w : uw in A for some u in B}", "words", false}, &C::leftquo},
  {{"rightquo", "rightquo NEW A B", "{w : wu in A for some u in B}", "words", false}, &C::rightquo},
  {{"reverse", "reverse NEW [$]OLD", "the words read backwards (msd ↔ lsd)", "words", false}, &C::reverse},
  {{"minimize", "minimize NEW W", "the minimal word automaton", "words", false}, &C::minimize},
  {{"fixleadzero", "fixleadzero NEW $OLD", "every padding with leading zeros accepted", "words", false}, &C::fixleadzero},
  {{"fixtrailzero", "fixtrailzero NEW $OLD", "every padding with trailing zeros accepted", "words", false}, &C::fixtrailzero},
  {{"combine", "combine W A B=2 …", "the value of the first automaton that accepts, 0 where none does", "words", false}, &C::combine},
  {{"join", "join NEW A[a][b] B[b][c] …", "the first nonzero letter of A(a,b), B(b,c), …", "words", false}, &C::join},
  {{"alphabet", "alphabet NEW SYSTEM… [$]OLD", "OLD's digit strings read in other systems or alphabets", "words", false}, &C::alphabet},
  {{"transduce", "transduce NEW T [$]OLD", "Transducer Library/T.txt run over OLD's letters", "words", false}, &C::transduce},
  {{"convert", "convert [$]NEW msd_k [$]OLD", "one input in base r^i read in base k = r^j (msd or lsd)", "bases", false}, &C::convert},
  {{"split", "split NEW OLD[+][-][]", "a negative base read on the natural numbers, x or −x", "bases", false}, &C::split},
  {{"rsplit", "rsplit NEW[+][-][] OLD", "a positive base read in the negative base, 0 elsewhere", "bases", false}, &C::rsplit},
  {{"inf", "inf $NAME", "whether it accepts infinitely many values", "inspection", false}, &C::inf},
  {{"test", "test NAME N", "its first N accepted values", "inspection", false}, &C::test},
  {{"first", "first [$]NAME", "the shortest accepted and the shortest rejected inputs (ours)", "inspection", false}, &C::first},
  {{"describe", "describe [$]NAME", "inputs, states, and the automaton as a regular expression (ours)", "inspection", false}, &C::describe},
  {{"export", "export [$]NAME FORMAT", "Result/NAME.FORMAT, FORMAT one of txt, gv, ba (any case, as Walnut 7), re (ours)", "inspection", false}, &C::export_},
  {{"help", "help [COMMAND]", "this list, or one command", "inspection", false}, &C::help},
};
// clang-format on

}  // namespace

namespace detail {

const CommandRow* find_command(std::string_view name) {
  auto it = std::find_if(std::begin(kCommands), std::end(kCommands),
                         [&](const CommandRow& row) { return row.info.name == name; });
  return it == std::end(kCommands) ? nullptr : &*it;
}

std::string command_list() {
  std::vector<std::string_view> names;
  for (const auto& row : kCommands) names.push_back(row.info.name);
  return fmt::format("{}", fmt::join(names, ", "));
}

}  // namespace detail

const std::vector<CommandInfo>& walnut_commands() {
  static const std::vector<CommandInfo> infos = [] {
    std::vector<CommandInfo> v;
    for (const auto& row : kCommands) v.push_back(row.info);
    return v;
  }();
  return infos;
}

}  // namespace qg::prover
