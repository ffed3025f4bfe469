// The commands that look at an automaton (commands.hpp): inf, test, first, describe, export,
// and help, which lists the command table.
#include <algorithm>
#include <cctype>
#include <deque>

#include <fmt/format.h>

#include "prover/commands.hpp"
#include "prover/describe.hpp"

namespace qg::prover {

using automata::Automaton;

// inf NAME: infinitely many tuples — infinitely many words with some track's most significant
// digit nonzero (Walnut's `inf`).
void Session::Commands::inf() {
  r.name = in.word("an automaton name");
  in.end();
  const Automaton& a = s.automaton(r.name);
  bool infinite = false;
  for (const auto& t : a.tracks()) {
    Automaton i = automata::infinitely_many(a, t.name, s.context_);
    infinite = infinite || i.accepting(i.initial());
  }
  r.truth = infinite;
  r.lines.push_back(infinite ? fmt::format("{} accepts infinitely many values", r.name)
                             : fmt::format("{} accepts finitely many values", r.name));
}

namespace {

// The states from which an accepting state can be reached.
std::vector<std::uint8_t> live_states(const Automaton& x) {
  std::vector<std::uint8_t> live(x.states(), 0);
  for (bool changed = true; changed;) {
    changed = false;
    for (std::uint32_t q = 0; q < x.states(); ++q) {
      if (live[q]) continue;
      bool l = x.accepting(q);
      for (std::uint32_t c = 0; c < x.letters() && !l; ++c) l = live[x.next(q, c)] != 0;
      if (l) live[q] = 1, changed = true;
    }
  }
  return live;
}

}  // namespace

// test NAME N: the first N accepted tuples, by their shortest encodings in order of length, then
// digit order: lsd automata are read reversed, so that a shortest encoding is one whose first
// letter is not all zeros (or the empty word), and states that cannot accept are pruned — the
// search ends when the language of shortest encodings does.
void Session::Commands::test() {
  r.name = in.word("an automaton name");
  std::string n = in.word("a count");
  if (n.empty() || n.size() > 6 || !std::all_of(n.begin(), n.end(), [](unsigned char c) { return std::isdigit(c); }))
    in.fail(in.pos(), "test takes a count below 10^6");
  const std::uint64_t count = std::stoull(n);
  in.end();
  Automaton x = s.automaton(r.name);
  bool lsd = !x.tracks().empty(), numbers = true;
  for (const auto& t : x.tracks()) {
    numbers = numbers && t.system;
    lsd = lsd && t.system && !t.system->msd();
  }
  if (lsd)
    x = automata::reverse(x, automata::partner_systems(x, [&](const std::string& name) { return s.system(name); }),
                          s.context_);
  const auto live = live_states(x);
  std::vector<std::vector<std::int64_t>> found;
  std::deque<std::pair<std::uint32_t, std::vector<std::uint32_t>>> queue;
  if (live[x.initial()]) queue.emplace_back(x.initial(), std::vector<std::uint32_t>{});
  for (std::size_t steps = 0; !queue.empty() && found.size() < count && steps < 1'000'000; ++steps) {
    auto [q, w] = queue.front();
    queue.pop_front();
    if (x.accepting(q)) {
      if (numbers) found.push_back(automata::decode_integers(x, w));
      else r.lines.push_back(fmt::format("{}", fmt::join(w, " ")));
    }
    for (std::uint32_t l = numbers && w.empty() ? 1 : 0; l < x.letters(); ++l)
      if (live[x.next(q, l)]) {
        auto v = w;
        v.push_back(l);
        queue.emplace_back(x.next(q, l), std::move(v));
      }
  }
  for (const auto& v : found)
    if (!v.empty()) r.lines.push_back(fmt::format("{}", fmt::join(v, " ")));
}

namespace {

// An input as text: the numbers (the shortest encoding's), or the letters of a word.
std::string shown(const Automaton& x, const std::vector<std::uint32_t>& w) {
  bool numbers = !x.tracks().empty();
  for (const auto& t : x.tracks()) numbers = numbers && t.system;
  std::vector<std::string> parts;
  if (numbers) {
    const auto v = automata::decode_integers(x, w);
    for (std::size_t i = 0; i < v.size(); ++i) parts.push_back(fmt::format("{} = {}", x.tracks()[i].name, v[i]));
    return fmt::format("{}", fmt::join(parts, ", "));
  }
  for (auto l : w) parts.push_back(detail::letter_text(x, l));
  return w.empty() ? std::string("the empty word") : fmt::format("the word {}", fmt::join(parts, ""));
}

// The shortest accepted and rejected inputs (rejected: among the valid representations).
void first_lines(const Automaton& a, const automata::Context& context, std::vector<std::string>& lines) {
  auto yes = automata::shortest_accepted(a);
  lines.push_back(yes ? "accepted: " + shown(a, *yes) : "accepts nothing");
  Automaton no = automata::complement(a, context);
  auto not_ = automata::shortest_accepted(no);
  lines.push_back(not_ ? "rejected: " + shown(no, *not_) : "rejects nothing");
}

std::string as_regex(const Automaton& a, bool acceptor) {
  if (!acceptor) throw InputError("a word automaton has no regular expression (its outputs are letters)");
  auto re = regular_expression(a, 1 << 20);
  return re ? *re : "";
}

void describe_lines(const Automaton& a, bool acceptor, const std::string& name, std::vector<std::string>& lines) {
  std::vector<std::string> inputs;
  for (const auto& t : a.tracks()) {
    std::vector<int> v;
    for (unsigned d = 0; d < t.base; ++d) v.push_back(t.value(d));
    inputs.push_back(
        fmt::format("{} in {}", t.name, t.system ? t.system->name() : fmt::format("{{{}}}", fmt::join(v, ","))));
  }
  lines.push_back(fmt::format("{} with {} states; inputs: {}", acceptor ? "an automaton" : "a word automaton",
                              a.states(), inputs.empty() ? "none" : fmt::format("{}", fmt::join(inputs, ", "))));
  if (!acceptor) return;
  const std::string re = as_regex(a, acceptor);
  lines.push_back(re.empty()          ? std::string("accepts no word")
                  : re.size() <= 2000 ? "words accepted: " + re
                                      : fmt::format("words accepted: a regular expression of {} characters "
                                                    "(export {} re)",
                                                    re.size(), name));
}

}  // namespace

// first [$]NAME, describe [$]NAME, export [$]NAME FORMAT (ours): the shortest accepted and
// rejected inputs; a summary with the automaton as a regular expression; Result/NAME.FORMAT.
void Session::Commands::show(Show what) {
  std::size_t at = (in.skip(), in.pos());
  auto [a, acceptor] = either();
  r.name = std::string(in.text().substr(at, in.pos() - at));
  if (r.name.front() == '$') r.name.erase(0, 1);
  std::string format;
  // Walnut 7 spells the formats BA, GV, TXT; any case is read.
  if (what == Show::export_) format = in.word("a format (txt, gv, ba, re)");
  std::ranges::transform(format, format.begin(), [](unsigned char ch) { return std::tolower(ch); });
  in.end();
  if (what == Show::first && !acceptor) in.fail(at, "first takes an automaton ($NAME), not a word automaton");
  if (what == Show::export_ && format != "txt" && format != "gv" && format != "ba" && format != "re")
    in.fail(in.pos(), fmt::format("unknown format {} (txt, gv, ba, re)", printable(format, 40)));
  if (format == "ba" && !acceptor) in.fail(at, "a word automaton has no BA form (Walnut: can't export DFAO to BA)");
  try {
    if (what == Show::first) return first_lines(a, s.context_, r.lines);
    if (what == Show::describe) return describe_lines(a, acceptor, r.name, r.lines);
    std::string text;
    if (format == "txt") text = write_automaton(a);
    else if (format == "gv") text = write_graphviz(a, r.name, !acceptor);
    else if (format == "ba") text = write_ba(a);
    else text = as_regex(a, acceptor) + "\n";
    const std::filesystem::path home = s.write_folder();
    if (home.empty()) {
      r.lines.push_back(text);
      return;
    }
    write_text(home / "Result", r.name + "." + format, text);
    r.lines.push_back(fmt::format("written to {}", (home / "Result" / (r.name + "." + format)).string()));
  } catch (const InputError& e) {
    in.fail(at, e.what());
  }
}

// help [COMMAND]: one line per command of the table (docs/PROVER.md and docs/WALNUT.md have the
// details).
void Session::Commands::help() {
  std::string topic = in.peek() == ':' || in.peek() == ';' || in.at_end() ? "" : in.word("a command");
  in.end();
  r.name = topic.empty() ? "help" : topic;
  for (const CommandInfo& c : walnut_commands())
    if (topic.empty() || topic == c.name) r.lines.push_back(fmt::format("{}: {}", c.usage, c.summary));
  if (r.lines.empty()) in.fail(in.pos(), fmt::format("no command {}", topic));
}

}  // namespace qg::prover
