// Walnut's automaton files: a line of number systems or alphabets, then each state as
// "q output" followed by its transitions "d1 d2 … -> q'" ('*' any digit; several lines for
// one input make the automaton nondeterministic; a missing transition goes to a dead state).
// Blank lines and, since Walnut 7, comment lines (first non-blank character '#') may stand
// anywhere; a '#' after a line's content is no comment to Walnut (AutomatonReader), and is
// refused here too. We also take "//" to the end of a line.
#include <algorithm>
#include <cctype>
#include <map>
#include <optional>
#include <regex>
#include <sstream>

#include <fmt/format.h>

#include "automata/internal.hpp"
#include "prover/reader.hpp"
#include "prover/regex.hpp"
#include "queengames/prover.hpp"

namespace qg::prover {

using automata::Automaton;

namespace {

struct Line {
  std::size_t number;
  std::vector<std::pair<std::string, std::size_t>> tokens;  // text, column
};

std::vector<Line> lines_of(std::string_view text) {
  std::vector<Line> out;
  std::size_t n = 1;
  for (std::size_t i = 0; i <= text.size(); ++n) {
    std::size_t e = text.find('\n', i);
    if (e == std::string_view::npos) e = text.size();
    std::string_view s = text.substr(i, e - i);
    if (auto c = s.find("//"); c != std::string_view::npos) s = s.substr(0, c);
    if (detail::comment_line(s)) s = {};
    Line l{n, {}};
    for (std::size_t j = 0; j < s.size();) {
      if (std::isspace(static_cast<unsigned char>(s[j]))) {
        ++j;
        continue;
      }
      std::size_t k = j;
      if (s[j] == '{') {
        k = s.find('}', j);
        k = k == std::string_view::npos ? s.size() : k + 1;
      } else if (s.substr(j, 2) == "->") {
        k = j + 2;
      } else {
        while (k < s.size() && !std::isspace(static_cast<unsigned char>(s[k])) && s.substr(k, 2) != "->") ++k;
      }
      l.tokens.emplace_back(std::string(s.substr(j, k - j)), j + 1);
      j = k;
    }
    if (!l.tokens.empty()) out.push_back(std::move(l));
    i = e + 1;
  }
  return out;
}

bool parse_int(const std::string& s, long long& v) {
  if (s.empty() || s.size() > 12) return false;
  std::size_t i = s[0] == '-' ? 1 : 0;
  if (i == s.size()) return false;
  v = 0;
  for (; i < s.size(); ++i) {
    if (!std::isdigit(static_cast<unsigned char>(s[i]))) return false;
    v = v * 10 + (s[i] - '0');
  }
  if (s[0] == '-') v = -v;
  return true;
}

}  // namespace

namespace detail {

std::optional<std::vector<int>> parse_alphabet(std::string_view inner) {
  std::vector<int> values;
  for (std::size_t a = 0; a <= inner.size();) {
    std::size_t comma = std::min(inner.find(',', a), inner.size());
    std::string item;
    for (char c : inner.substr(a, comma - a))
      if (!std::isspace(static_cast<unsigned char>(c))) item += c;
    if (!item.empty() && item[0] == '+') item.erase(0, 1);
    long long v;
    if (!parse_int(item, v) || v < -1'000'000 || v > 1'000'000) return std::nullopt;
    if (std::find(values.begin(), values.end(), static_cast<int>(v)) != values.end()) return std::nullopt;
    values.push_back(static_cast<int>(v));
    a = comma + 1;
  }
  return values;
}

std::string walnut_system_name(const std::string& token) {
  if (token == "msd" || token == "lsd") return token + "_2";
  for (const char* d : {"msd", "lsd"})
    if (token.starts_with(d) && token.size() > 3 && token[3] != '_') return std::string(d) + "_" + token.substr(3);
  if (token.starts_with("msd_") || token.starts_with("lsd_")) return token;
  return "msd_" + token;  // 3, fib
}

bool natural_alphabet(const std::vector<int>& values) {
  for (std::size_t i = 0; i < values.size(); ++i)
    if (values[i] != static_cast<int>(i)) return false;
  return true;
}

}  // namespace detail

Automaton read_automaton(std::string_view text, Session& session, std::string_view file, bool word) {
  auto lines = lines_of(text);
  auto fail = [&](std::size_t line, std::size_t col, const std::string& what) -> void {
    throw InputError(fmt::format("{}:{}:{}: {}", printable(file), line, col, printable(what, 400)));
  };
  for (const Line& l : lines)
    for (const auto& [tok, col] : l.tokens)
      if (tok.front() == '#') fail(l.number, col, "a '#' comment must stand on a line of its own (as in Walnut)");
  if (lines.empty()) fail(1, 1, "an empty automaton file");
  // Walnut writes a closed statement's automaton as the word true or false.
  if (lines.size() == 1 && lines[0].tokens.size() == 1 &&
      (lines[0].tokens[0].first == "true" || lines[0].tokens[0].first == "false")) {
    Automaton c({}, 1);
    c.set_output(0, lines[0].tokens[0].first == "true");
    return c;
  }
  std::vector<automata::Track> tracks;
  for (const auto& [tok, col] : lines[0].tokens) {
    std::string name = tracks.size() < 26 ? std::string(1, static_cast<char>('a' + tracks.size())) : "";
    if (name.empty()) fail(lines[0].number, col, "more than 26 inputs");
    if (tok.front() == '{') {
      // An explicit alphabet of integers, in the order given: {0,1}, {-1,0,1}, {2,0}.
      auto values = detail::parse_alphabet(tok.substr(1, tok.size() - 2));
      if (tok.back() != '}' || !values || values->empty() || values->size() > 256)
        fail(lines[0].number, col, fmt::format("malformed alphabet {}", printable(tok, 40)));
      automata::Track t{name, static_cast<unsigned>(values->size()), nullptr};
      if (!detail::natural_alphabet(*values)) t.values = *values;
      tracks.push_back(t);
    } else {
      try {
        auto sys = session.system(tok);
        tracks.push_back({name, sys->base(), sys});
      } catch (const InputError& e) {
        fail(lines[0].number, col, e.what());
      }
    }
  }
  Automaton shape(tracks, 0);
  std::uint32_t L = shape.letters();
  std::map<long long, std::uint32_t> number;  // state label → index
  std::vector<long long> outputs;
  std::vector<std::vector<std::pair<std::uint32_t, long long>>> edges;  // (letter, label)
  std::vector<std::pair<std::size_t, std::size_t>> where;               // line, column of each edge's target
  std::vector<std::vector<std::pair<std::size_t, std::size_t>>> edge_where;
  for (std::size_t li = 1; li < lines.size(); ++li) {
    const Line& l = lines[li];
    auto arrow = std::find_if(l.tokens.begin(), l.tokens.end(), [](const auto& t) { return t.first == "->"; });
    if (arrow == l.tokens.end()) {
      long long q, out;
      if (l.tokens.size() != 2 || !parse_int(l.tokens[0].first, q) || !parse_int(l.tokens[1].first, out))
        fail(l.number, l.tokens[0].second, "expected a state \"q output\" or a transition \"d1 d2 … -> q\"");
      if (number.count(q)) fail(l.number, l.tokens[0].second, fmt::format("state {} declared twice", q));
      number[q] = static_cast<std::uint32_t>(outputs.size());
      outputs.push_back(out);
      edges.emplace_back();
      edge_where.emplace_back();
      continue;
    }
    if (outputs.empty()) fail(l.number, l.tokens[0].second, "a transition before the first state");
    auto k = static_cast<std::size_t>(arrow - l.tokens.begin());
    if (k != tracks.size())
      fail(l.number, l.tokens[0].second, fmt::format("{} digits for {} inputs", k, tracks.size()));
    if (arrow + 1 == l.tokens.end()) fail(l.number, arrow->second, "no target state after '->'");
    // Every letter the digits (with wildcards) match.
    std::vector<std::uint32_t> letters{0};
    std::uint32_t stride = 1;
    for (std::size_t t = 0; t < k; ++t) {
      std::vector<std::uint32_t> next;
      long long d;
      if (l.tokens[t].first == "*") {
        for (std::uint32_t x : letters)
          for (std::uint32_t v = 0; v < tracks[t].base; ++v) next.push_back(x + v * stride);
      } else if (parse_int(l.tokens[t].first, d) && tracks[t].digit(d) < tracks[t].base) {
        for (std::uint32_t x : letters) next.push_back(x + tracks[t].digit(d) * stride);
      } else {
        fail(l.number, l.tokens[t].second,
             fmt::format("'{}' is not a digit of input {}", printable(l.tokens[t].first, 40), t + 1));
      }
      letters.swap(next);
      stride *= tracks[t].base;
    }
    for (auto it = arrow + 1; it != l.tokens.end(); ++it) {
      long long target;
      if (!parse_int(it->first, target))
        fail(l.number, it->second, fmt::format("'{}' is not a state", printable(it->first, 40)));
      for (std::uint32_t x : letters) {
        edges.back().emplace_back(x, target);
        edge_where.back().emplace_back(l.number, it->second);
      }
    }
  }
  if (outputs.empty()) fail(lines[0].number, 1, "no states");
  auto n = static_cast<std::uint32_t>(outputs.size());
  // Nondeterministic automata are determinized; their outputs must be 0/1.
  automata::detail::Nfa nfa;
  nfa.states = n + 1;  // n: the dead state
  nfa.letters = L;
  std::vector<std::vector<std::uint32_t>> cell(static_cast<std::size_t>(n + 1) * L);
  bool deterministic = true;
  for (std::uint32_t q = 0; q < n; ++q)
    for (std::size_t e = 0; e < edges[q].size(); ++e) {
      auto [x, label] = edges[q][e];
      auto t = number.find(label);
      if (t == number.end()) fail(edge_where[q][e].first, edge_where[q][e].second, fmt::format("no state {}", label));
      auto& c = cell[std::size_t{q} * L + x];
      if (std::find(c.begin(), c.end(), t->second) == c.end()) c.push_back(t->second);
      deterministic &= c.size() == 1;
    }
  if (deterministic) {
    Automaton a(tracks, n + 1);
    for (std::uint32_t q = 0; q <= n; ++q) {
      a.set_output(q, q < n ? static_cast<int>(outputs[q]) : word ? automata::kNoLetter : 0);
      for (std::uint32_t x = 0; x < L; ++x) {
        const auto& c = cell[std::size_t{q} * L + x];
        a.set_next(q, x, c.empty() ? n : c[0]);
      }
    }
    return automata::minimize(a, session.context());
  }
  for (std::uint32_t q = 0; q < n; ++q)
    if (outputs[q] != 0 && outputs[q] != 1)
      fail(lines[0].number, 1, "a nondeterministic automaton with outputs other than 0 and 1");
  nfa.offset.push_back(0);
  for (const auto& c : cell) {
    nfa.target.insert(nfa.target.end(), c.begin(), c.end());
    nfa.offset.push_back(nfa.target.size());
  }
  nfa.initial = {0};
  nfa.accepting.assign(n + 1, 0);
  for (std::uint32_t q = 0; q < n; ++q) nfa.accepting[q] = outputs[q] == 1;
  return automata::detail::determinize_minimal(nfa, tracks, session.context());
}

namespace {

// Walnut's numbering of states: breadth first from the initial state, letters in order, and
// the sinks left out (a rejecting sink, or a word automaton's sink without a letter: their
// transitions are not written, a missing transition going to a dead state). `number` maps a
// kept state to its place.
std::vector<std::uint32_t> walnut_order(const Automaton& a, std::vector<std::uint32_t>& number) {
  std::vector<std::uint32_t> order{a.initial()};
  number.assign(a.states(), UINT32_MAX);
  number[a.initial()] = 0;
  for (std::size_t i = 0; i < order.size(); ++i)
    for (std::uint32_t l = 0; l < a.letters(); ++l)
      if (std::uint32_t t = a.next(order[i], l); number[t] == UINT32_MAX) {
        number[t] = static_cast<std::uint32_t>(order.size());
        order.push_back(t);
      }
  bool acceptor = true;
  for (std::uint32_t q = 0; q < a.states(); ++q) acceptor &= a.output(q) == 0 || a.output(q) == 1;
  std::vector<std::uint32_t> kept;
  std::fill(number.begin(), number.end(), UINT32_MAX);
  for (std::uint32_t q : order) {
    bool sink = a.output(q) == (acceptor ? 0 : automata::kNoLetter);
    for (std::uint32_t l = 0; l < a.letters() && sink; ++l) sink = a.next(q, l) == q;
    if (!sink || q == a.initial()) {
      number[q] = static_cast<std::uint32_t>(kept.size());
      kept.push_back(q);
    }
  }
  return kept;
}

}  // namespace

std::string write_automaton(const Automaton& a) {
  std::string out;
  std::vector<std::string> head;
  for (const auto& t : a.tracks()) {
    if (t.system) head.push_back(t.system->name());
    else {
      std::vector<int> d(t.base);
      for (unsigned i = 0; i < t.base; ++i) d[i] = t.value(i);
      head.push_back(fmt::format("{{{}}}", fmt::join(d, ", ")));
    }
  }
  out += fmt::format("{}\n", fmt::join(head, " "));
  std::vector<std::uint32_t> number;
  for (std::uint32_t q : walnut_order(a, number)) {
    out += fmt::format("\n{} {}\n", number[q], a.output(q));
    for (std::uint32_t l = 0; l < a.letters(); ++l) {
      std::uint32_t t = a.next(q, l);
      if (number[t] == UINT32_MAX) continue;
      std::vector<int> values;
      const auto digits = a.digits(l);
      for (std::size_t i = 0; i < digits.size(); ++i) values.push_back(a.tracks()[i].value(digits[i]));
      out += fmt::format("{} -> {}\n", fmt::join(values, " "), number[t]);
    }
  }
  return out;
}

std::string write_matrices(const Automaton& a, const std::vector<std::string>& variables) {
  if (a.tracks().empty()) throw InputError("an automaton without free variables has no incidence matrices");
  std::vector<std::size_t> index;
  for (const auto& v : variables) {
    int i = a.track_index(v);
    if (i < 0) throw InputError(fmt::format("{} is not a free variable of the automaton", v));
    index.push_back(static_cast<std::size_t>(i));
  }
  std::vector<std::uint32_t> number;
  const auto states = walnut_order(a, number);
  const std::size_t n = states.size();
  auto row = [&](auto entry) {
    std::vector<int> v(n);
    for (std::size_t q = 0; q < n; ++q) v[q] = entry(states[q]);
    return fmt::format("{}", fmt::join(v, ","));
  };
  std::string out = "with(ArrayTools):\n# v: the initial state's indicator (a row vector).\n";
  out += fmt::format("v := Vector[row]([{}]);\n", row([&](std::uint32_t q) { return q == a.initial() ? 1 : 0; }));
  out +=
      fmt::format("\n# M_{}_<values>[p][q]: the number of letters with those values of {} leading from state p to q.\n",
                  fmt::join(variables, "_"), fmt::join(variables, ", "));
  // One matrix per tuple of values, the first variable's value varying slowest.
  std::vector<unsigned> digits(index.size(), 0);
  for (bool more = true; more;) {
    std::vector<std::vector<int>> m(n, std::vector<int>(n, 0));
    for (std::size_t p = 0; p < n; ++p)
      for (std::uint32_t l = 0; l < a.letters(); ++l) {
        const auto d = a.digits(l);
        bool match = true;
        for (std::size_t k = 0; k < index.size() && match; ++k) match = d[index[k]] == digits[k];
        if (std::uint32_t t = a.next(states[p], l); match && number[t] != UINT32_MAX) ++m[p][number[t]];
      }
    std::vector<int> values;
    for (std::size_t k = 0; k < index.size(); ++k) values.push_back(a.tracks()[index[k]].value(digits[k]));
    std::vector<std::string> rows;
    for (const auto& r : m) rows.push_back(fmt::format("[{}]", fmt::join(r, ",")));
    out += fmt::format("\nM_{}_{} := Matrix([{}]);\n", fmt::join(variables, "_"), fmt::join(values, "_"),
                       fmt::join(rows, ",\n"));
    more = false;
    for (std::size_t k = index.size(); k-- > 0;) {
      if (++digits[k] < a.tracks()[index[k]].base) {
        more = true;
        break;
      }
      digits[k] = 0;
    }
  }
  out += "\n# w: the accepting states' indicator (a column vector).\n";
  out += fmt::format("w := Vector[column]([{}]);\n", row([&](std::uint32_t q) { return a.accepting(q) ? 1 : 0; }));
  // Walnut's closing line: v multiplied by the all-zero letter as many times as there are states.
  out += fmt::format("\nfor i from 1 to Size(v)[2] do v := v.M_{}_{}; od;\n", fmt::join(variables, "_"),
                     fmt::join(std::vector<std::string>(index.size(), "0"), "_"));
  return out;
}

std::vector<std::pair<std::string, std::string>> walnut_custom_bases(Session& session, const std::string& name) {
  static const std::regex walnut_has("(msd|lsd)_(neg_)?([0-9]+|fib|trib)");
  if (std::regex_match(name, walnut_has)) return {};
  const auto system = session.system(name);
  std::vector<std::pair<std::string, std::string>> files;
  for (auto [file, a] : {std::pair{"", system->validity()}, std::pair{"_addition", system->adder()}}) {
    for (std::size_t i = 0; i < a.tracks().size(); ++i) a.set_system(i, nullptr);
    files.emplace_back(fmt::format("Custom Bases/{}{}.txt", name, file), write_automaton(a));
  }
  return files;
}

}  // namespace qg::prover
