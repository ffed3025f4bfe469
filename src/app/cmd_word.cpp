// queengames word: fixed points of morphisms — prefixes, b-files, random access — and the
// tour's section on words with its two pictures.
#include <algorithm>
#include <array>
#include <chrono>
#include <cmath>
#include <complex>
#include <iostream>
#include <numbers>
#include <vector>

#include <fmt/format.h>

#include "cli.hpp"
#include "draw.hpp"
#include "queengames/io.hpp"
#include "queengames/words.hpp"

namespace {

struct WordOptions {
  std::string word, coding, out;
  qg::app::NumberOption length, nth, prefix, rank;
  std::string count_letter, occurrence_letter;
  bool bfile = false, list = false, json = false;
};

constexpr std::uint64_t max_length = std::uint64_t{1} << 40;

char single_letter(const std::string& text, const char* option) {
  if (text.size() != 1) throw qg::InputError(fmt::format("{} takes a single letter, not '{}'", option, text));
  return text[0];
}

// The b-file term of each letter: its image under the coding, which must be an integer (a
// b-file's terms are numbers: a->10 is the one term 10, not 1 and 0); "" for a deleted letter.
std::array<std::string, 256> bfile_terms(const qg::words::Morphism& m, const qg::words::Coding& coding) {
  std::array<std::string, 256> terms;
  for (char c : m.alphabet()) {
    std::string t = coding.is_identity() ? std::string(1, c) : coding.image(c);
    if (!t.empty() && !std::all_of(t.begin(), t.end(), [](char d) { return d >= '0' && d <= '9'; }))
      throw qg::InputError(
          fmt::format("--bfile writes an OEIS b-file, whose terms are integers, but the letter '{}' is "
                      "coded as '{}': give each letter a number, e.g. --coding a->0,b->1,c->2",
                      c, t));
    if (!t.empty()) t.erase(0, std::min(t.find_first_not_of('0'), t.size() - 1));  // "007" is the term 7
    terms[static_cast<unsigned char>(c)] = t;
  }
  return terms;
}

// Streams the first `length` letters, coded, as one line, or as b-file lines "n a(n)" from
// n = 0, one line per letter (a deleted letter has none).
void print_prefix(const qg::words::Morphism& m, const qg::words::Coding& coding, std::uint64_t length, bool bfile,
                  bool json, std::ostream& out) {
  // JSON is streamed by hand: letters and their codes are ASCII letters and digits, nothing to escape.
  if (json) out << "{\"length\":" << qg::app::json_integer(length).dump() << ",\"letters\":\"";
  const std::array<std::string, 256> terms = bfile ? bfile_terms(m, coding) : std::array<std::string, 256>{};
  qg::words::FixedPointStream stream(m);
  auto progress = qg::app::progress_line("word");
  constexpr std::size_t chunk = 1 << 20;
  std::string letters(chunk, '\0'), coded, lines;
  std::uint64_t n = 0;
  for (std::uint64_t done = 0; done < length;) {
    auto k = static_cast<std::size_t>(std::min<std::uint64_t>(chunk, length - done));
    letters.resize(k);
    stream.read(letters.data(), k);
    done += k;
    if (bfile) {
      lines.clear();
      for (char c : letters)
        if (const std::string& t = terms[static_cast<unsigned char>(c)]; !t.empty())
          fmt::format_to(std::back_inserter(lines), "{} {}\n", n++, t);
      out << lines;
    } else if (!coding.is_identity()) {
      coded.clear();
      coding.apply_append(letters, coded);
      out << coded;
    } else {
      out << letters;
    }
    progress(done, length);
  }
  if (json) out << "\"}";
  if (!bfile) out << "\n";
}

void run_word(const WordOptions& o, const CLI::App& cmd) {
  if (o.list) {
    // --list takes only its formats: a word or a mode beside it would be ignored.
    for (const CLI::Option* option : cmd.get_options())
      if (option->count() > 0 && option->get_name() != "--list" && option->get_name() != "--json" &&
          option->get_name() != "--out")
        throw qg::InputError((option->get_positional() ? "a WORD" : option->get_name()) +
                             " does not go with --list (which takes --json and --out)");
  }
  qg::app::Output output(o.out);
  std::ostream& out = output.stream();
  if (o.list) {
    constexpr unsigned top = qg::words::Morphism::kMaxQueenPower;
    const std::vector<std::pair<std::string, std::string>> families = {
        {"kqueenK", fmt::format("a->a^K b,b->a (2 ≤ K ≤ {}: Holladay's K-Queen)", top)},
        {"queenS_T", fmt::format("a->a^(S+T-1) b,b->a^S (S + T − 1 ≤ {}: Fraenkel's (S,T)-Wythoff)", top)}};
    nlohmann::json list = nlohmann::json::array();
    for (const auto& name : qg::words::Morphism::names()) {
      const std::string morphism = qg::words::Morphism::named(name).to_string();
      if (o.json) list.push_back({{"name", name}, {"morphism", morphism}});
      else out << fmt::format("{:<16} {}\n", name, morphism);
    }
    for (const auto& [name, morphism] : families) {
      if (o.json) list.push_back({{"name", name}, {"morphism", morphism}});
      else out << fmt::format("{:<16} {}\n", name, morphism);
    }
    if (o.json) out << list.dump() << "\n";
    output.commit();
    return;
  }
  if (o.word.empty()) throw qg::InputError("word needs a morphism such as a->ab,b->a or a name (see word --list)");
  auto m = qg::app::with_hint("(see queengames word --help)",
                              [&] { return qg::words::Morphism::from_name_or_text(o.word); });
  m.require_prolongable();
  qg::words::Coding coding = o.coding.empty() ? qg::words::Coding() : qg::words::Coding::parse(o.coding);
  int modes = !o.length.text.empty() + !o.nth.text.empty() + !o.count_letter.empty() + !o.occurrence_letter.empty();
  if (modes != 1)
    throw qg::InputError(
        "word needs exactly one of --length N, --nth N, --count LETTER --prefix N, "
        "--occurrence LETTER --rank K");
  if (!o.prefix.text.empty() && o.count_letter.empty()) throw qg::InputError("--prefix goes with --count LETTER");
  if (!o.rank.text.empty() && o.occurrence_letter.empty()) throw qg::InputError("--rank goes with --occurrence LETTER");
  if (o.json && o.bfile) throw qg::InputError("--bfile and --json are two formats: choose one");
  // The one-value modes: the value, and its name in JSON.
  auto print = [&](const char* key, const nlohmann::json& value) {
    if (o.json) out << nlohmann::json{{"word", o.word}, {key, value}}.dump() << "\n";
    else out << (value.is_string() ? value.get<std::string>() : value.dump()) << "\n";
  };
  if (!o.length.text.empty()) {
    print_prefix(m, coding, o.length.value(1, max_length), o.bfile, o.json, out);
  } else if (!o.nth.text.empty()) {
    // The letter at a position, coded like the prefix would be.
    print("letter", coding.image(qg::words::FixedPointIndex(m).letter(o.nth.value())));
  } else if (!o.count_letter.empty()) {
    if (o.prefix.text.empty()) throw qg::InputError("--count LETTER needs --prefix N (the prefix length)");
    print("count", qg::app::json_integer(qg::words::FixedPointIndex(m).count(single_letter(o.count_letter, "--count"),
                                                                             o.prefix.value())));
  } else {
    if (o.rank.text.empty()) throw qg::InputError("--occurrence LETTER needs --rank K (K ≥ 1)");
    print("position", qg::app::json_integer(qg::words::FixedPointIndex(m).occurrence(
                          single_letter(o.occurrence_letter, "--occurrence"), o.rank.value(1))));
  }
  output.commit();
}

QG_COMMAND("word", [](CLI::App& app) {
  auto o = std::make_shared<WordOptions>();
  auto* cmd = app.add_subcommand("word", "the fixed point of a morphism: a prefix, a b-file, random access");
  cmd->footer(
      "Positions are 0-based. Named words: fibonacci, tribonacci, theme-song, period-doubling, thue-morse, "
      "tetranacci.\nExamples:\n"
      "  queengames word tribonacci --length 30 --coding a->0,b->1,c->2\n"
      "  queengames word 'a->aab,b->a' --length 1e6 --coding a->0,b->1 --bfile --out w.txt\n"
      "  queengames word tribonacci --nth 1e18\n"
      "  queengames word tribonacci --count a --prefix 1e18");
  cmd->add_option("word", o->word, "a morphism such as a->ab,b->ac,c->a (prolonged on the first letter) or a name");
  cmd->add_option("--length", o->length.text, "print the first N letters (1..2^40), coded, as one line");
  cmd->add_option("--coding", o->coding, "code the letters, e.g. a->0,b->1,c->2; c-> deletes c");
  cmd->add_flag("--bfile", o->bfile,
                "with --length: an OEIS b-file, 'n a(n)' lines from n = 0, each letter coded as an integer term");
  cmd->add_option("--nth", o->nth.text, "print the letter at position N (0-based, N < 2^64)");
  cmd->add_option("--count", o->count_letter, "with --prefix N: how often LETTER occurs among positions 0..N-1");
  cmd->add_option("--prefix", o->prefix.text, "the prefix length for --count");
  cmd->add_option("--occurrence", o->occurrence_letter, "with --rank K: the position of the K-th LETTER");
  cmd->add_option("--rank", o->rank.text, "K ≥ 1 for --occurrence");
  cmd->add_flag("--list", o->list, "list the named words and their morphisms");
  cmd->add_flag("--json", o->json, "JSON instead of text (integers beyond 2^53 as strings)");
  cmd->add_option("--out", o->out, "write to this file (atomically)");
  cmd->callback([o, cmd] { run_word(*o, *cmd); });
});

// ---- the tour ---------------------------------------------------------------------------

std::string prefix_of(const char* name, std::size_t n) {
  qg::words::FixedPointStream s(qg::words::Morphism::named(name));
  std::string w(n, '\0');
  s.read(w.data(), n);
  return w;
}

QG_TOUR_SECTION(20, "Words and morphisms (seed 000 §3–5, seed 001 §3)", [](std::ostream& out, const std::string& dir) {
  out << "The fixed points of the named morphisms (queengames word --list), first 40 letters:\n";
  for (const auto& name : qg::words::Morphism::names())
    out << fmt::format("  {:<16} {}   queengames word {} --length 40\n", name, prefix_of(name.c_str(), 40), name);
  auto theme = prefix_of("theme-song", 25);
  out << fmt::format(
      "Theme song Θ(5,4,3) = ΔP_n, seed 000 (4): {}\n"
      "  queengames word theme-song --length 25 --coding a->5,b->4,c->3\n",
      qg::words::Coding::parse("a->5,b->4,c->3").apply(theme));
  out << fmt::format("Θ = c·T (Theorem 2): Θ = {}…, T = {}…   queengames check exile.theorem2\n", theme.substr(0, 12),
                     prefix_of("tribonacci", 11));
  out << fmt::format(
      "t_c, the Tribonacci word without its c's (seed 001 §3): {}…\n"
      "  queengames word tribonacci --length 30 --coding c->\n",
      qg::words::Coding::parse("c->").apply(prefix_of("tribonacci", 30)));
  qg::words::FixedPointIndex t(qg::words::Morphism::named("tribonacci"));
  const std::uint64_t e18 = 1'000'000'000'000'000'000;
  out << fmt::format(
      "Random access in O(log n): t at position 10^18 is {}; N_a(10^18) = {}; the 10^18-th a is at "
      "position {} (A_n − 1)\n"
      "  queengames word tribonacci --nth 1e18; --count a --prefix 1e18; --occurrence a --rank 1e18\n",
      t.letter(e18), t.count('a', e18), t.occurrence('a', e18));
  qg::words::FixedPointStream stream(qg::words::Morphism::named("tribonacci"));
  std::string buffer(1 << 20, '\0');
  auto start = std::chrono::steady_clock::now();
  for (int i = 0; i < 100; ++i) stream.read(buffer.data(), buffer.size());
  double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  out << fmt::format("Streamed {} letters of the Tribonacci word in {:.3f} s ({} stack frames)   bench/bench_words\n",
                     stream.position(), seconds, stream.depth());
  qg::app::PictureOptions fibonacci, tribonacci;
  fibonacci.out = dir + "/fibonacci-word.png";
  tribonacci.out = dir + "/tribonacci-word.png";
  qg::app::write_picture(qg::figures::fibonacci_word_figure(610), fibonacci, 1200, "fibonacci word");
  qg::app::write_picture(qg::figures::rauzy_figure(400000, qg::app::figure_options(tribonacci, 1200, "rauzy")),
                         tribonacci, 1200, "tribonacci word");
  out << fmt::format(
      "Pictures: {} (N_a(n) − n/φ for n < 610, coloured by t_n: a exactly below 1/φ³, a rotation by 1/φ), {} (the "
      "Rauzy fractal of T: discrepancy vectors of 400 000 prefixes, coloured a red, b blue, c green)\n",
      fibonacci.out, tribonacci.out);
});

}  // namespace
