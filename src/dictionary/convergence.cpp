// The convergence of a game's dictionary, proved by closing a set of factors under
// translation (see prove_convergence in dictionary.hpp).
#include <algorithm>
#include <unordered_set>

#include <fmt/format.h>

#include "queengames/dictionary.hpp"

namespace qg::dictionary {

namespace {

struct Parse {
  std::uint64_t met = 0;                // where the candidate parses met
  std::vector<std::uint64_t> boundary;  // the words from there on, while reads are decided in f
  std::vector<std::size_t> entry;
};

// False when the candidate parses from offsets 0 … max_word−1 do not meet inside f (every read
// must be decided by f's own bits, so that it is the read s makes there).
bool parse_factor(const Dictionary& d, std::string_view f, Parse& out) {
  std::vector<std::uint64_t> tokens;
  for (std::uint64_t o = 0; o < d.max_word_length(); ++o) tokens.push_back(o);
  while (true) {
    std::sort(tokens.begin(), tokens.end());
    tokens.erase(std::unique(tokens.begin(), tokens.end()), tokens.end());
    if (tokens.size() == 1) break;
    if (tokens.empty()) return false;
    HeadRead r = d.read(f.substr(std::min<std::uint64_t>(tokens.front(), f.size())));
    if (r.status == HeadRead::Status::end_of_string) return false;
    if (r.status == HeadRead::Status::no_word) tokens.erase(tokens.begin());  // a dead candidate
    else tokens.front() += d.entries()[r.entry].word.size();
  }
  out.met = tokens.front();
  out.boundary.clear();
  out.entry.clear();
  for (std::uint64_t p = out.met; p < f.size();) {
    HeadRead r = d.read(f.substr(p));
    if (r.status != HeadRead::Status::word) break;
    out.boundary.push_back(p);
    out.entry.push_back(r.entry);
    p += d.entries()[r.entry].word.size();
  }
  return true;
}

}  // namespace

ConvergenceProof prove_convergence(const GameDictionary& game, std::uint64_t factor_length, std::uint64_t prefix_bits,
                                   std::uint64_t from_column, const ProgressFn& progress) {
  const Dictionary& d = game.dictionary;
  const std::uint64_t m = factor_length;
  ConvergenceProof proof;
  proof.factor_length = m;
  proof.from_column = from_column;
  proof.prefix_bits = prefix_bits;
  if (from_column < game.start_column + d.head() || from_column + m > prefix_bits)
    throw RangeError(fmt::format("prove_convergence: need start column {} ≤ from_column and from_column + {} ≤ {}",
                                 game.start_column + d.head(), m, prefix_bits));
  std::string s;
  s.reserve(prefix_bits);
  DictionaryRunOptions o;
  o.bits = prefix_bits;
  o.sink = [&](std::string_view chunk) { s += chunk; };
  o.progress = progress;
  run_game_dictionary(game, o);
  // Progress counts factors parsed; their number is known only at the end.
  Poller poller(progress, 0);
  std::uint64_t parsed = 0;
  std::unordered_set<std::string> factors;
  std::vector<std::string> todo;
  for (std::uint64_t q = from_column; q + m <= prefix_bits; ++q)
    if (factors.insert(s.substr(q, m)).second) todo.push_back(s.substr(q, m));
  // C: the longest meeting distance over F. Derived factors may raise it, and a factor
  // checked with a smaller C must then be checked again: repeat until nothing changes.
  std::uint64_t c = 0;
  Parse parse;
  for (const auto& f : todo) {
    poller.tick(++parsed);
    if (!parse_factor(d, f, parse)) {
      proof.failure = fmt::format("the parses of the factor {} do not meet inside it", f);
      return proof;
    }
    c = std::max(c, parse.met);
  }
  for (bool changed = true; changed;) {
    changed = false;
    std::vector<std::string> fresh;
    proof.entry_read.assign(d.entries().size(), false);
    for (const auto& f : factors) {
      poller.tick(++parsed);
      parse_factor(d, f, parse);
      for (auto e : parse.entry) proof.entry_read[e] = true;
      auto at = std::find(parse.boundary.begin(), parse.boundary.end(), c);
      if (at == parse.boundary.end()) continue;  // then f never stands C bits before a word
      std::string t;
      for (auto k = static_cast<std::size_t>(at - parse.boundary.begin()); k < parse.boundary.size(); ++k)
        t += d.entries()[parse.entry[k]].translate;
      std::size_t first =
          d.entries()[parse.entry[static_cast<std::size_t>(at - parse.boundary.begin())]].translate.size();
      if (t.size() + 1 < first + m) {
        proof.failure =
            fmt::format("factor length {} is too short: the translates of a factor cover {} bits", m, t.size());
        return proof;
      }
      for (std::size_t off = 0; off < first; ++off)
        if (!factors.count(t.substr(off, m))) fresh.push_back(t.substr(off, m));
    }
    for (auto& u : fresh) {
      poller.tick(++parsed);
      if (!factors.insert(u).second) continue;
      if (!parse_factor(d, u, parse)) {
        proof.failure = fmt::format("the parses of the derived factor {} do not meet inside it", u);
        return proof;
      }
      c = std::max(c, parse.met);
      ++proof.added;
      changed = true;
    }
  }
  // A true boundary C bits into a factor must show in its parse: the reads before it need
  // their max_word bits inside the factor (else "f never stands C bits before a word" above
  // would not follow).
  if (m < c + d.max_word_length()) {
    proof.failure = fmt::format("factor length {} is too short: the parses meet only after {} bits", m, c);
    return proof;
  }
  // The induction starts past the prefix: there p ≥ (y − w₀)/2 (W(p) ≤ 2p + w₀), and the
  // factor C bits before p must lie beyond from_column.
  if (prefix_bits < 2 * (from_column + c) + m + 64) {
    proof.failure = fmt::format("the prefix is too short for the induction to start ({} bits)", prefix_bits);
    return proof;
  }
  proof.proved = true;
  proof.factors = factors.size();
  proof.meeting_bits = c;
  return proof;
}

}  // namespace qg::dictionary
