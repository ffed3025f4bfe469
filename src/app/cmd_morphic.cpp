// queengames game --from-morphism / --from-bfile / --from-catalog / --find-morphism / --census:
// morphic and invariant games (seed 001 §4). Parses, calls the morphic module, prints.
#include <fstream>
#include <iostream>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "cli.hpp"
#include "morphic_cli.hpp"
#include "queengames/catalog.hpp"
#include "queengames/morphic.hpp"

namespace qg::app {
namespace {

std::string pos_text(qg::twopile::Position p) { return fmt::format("({},{})", p.x, p.y); }

nlohmann::json witness_json(const qg::morphic::GameWitness& w) {
  nlohmann::json blocked = nlohmann::json::array();
  for (const auto& m : w.blocked)
    blocked.push_back({{"target", {m.target.x, m.target.y}},
                       {"vector", {m.vector.x, m.vector.y}},
                       {"upper", {m.upper.x, m.upper.y}},
                       {"lower", {m.lower.x, m.lower.y}},
                       {"family", m.family}});
  return {{"position", {w.position.x, w.position.y}}, {"blocked", blocked}};
}

void print_witness(std::ostream& out, const qg::morphic::GameWitness& w) {
  out << fmt::format("  witness {}: an N-position with no move to a P-position, because\n", pos_text(w.position));
  for (const auto& m : w.blocked) {
    qg::twopile::Position joined{m.upper.x - m.lower.x, m.upper.y - m.lower.y};
    std::string why;
    if (m.upper == m.lower) why = "the family is too long to judge in the window";
    else if (joined == m.vector)
      why = fmt::format("{} = {} − {}", pos_text(joined), pos_text(m.upper), pos_text(m.lower));
    else why = fmt::format("the family holds {} = {} − {}", pos_text(joined), pos_text(m.upper), pos_text(m.lower));
    out << fmt::format("    to {} by {}{}: {}\n", pos_text(m.target), pos_text(m.vector),
                       m.family.empty() ? "" : " (" + m.family + ")", why);
  }
}

void print_analysis(const qg::morphic::CandidatePairs& c, const qg::morphic::InvariantAnalysis& a, bool json,
                    std::ostream& out) {
  if (json) {
    nlohmann::json j{{"source", c.source}, {"window", a.window},
                     {"pairs", a.pairs},   {"moves", a.moves},
                     {"rook", a.rook},     {"diagonals", a.diagonals},
                     {"cones", a.cones},   {"loose_moves", a.loose_moves},
                     {"queen", a.queen},   {"matching_rulesets", a.matching_rulesets}};
    j["invariant_game"] = a.witness ? witness_json(*a.witness) : nlohmann::json("realised");
    nlohmann::json queen = nlohmann::json::array();
    for (const auto& w : a.queen_witnesses) queen.push_back(witness_json(w));
    j["queen_witnesses"] = queen;
    j["queen_ruleset"] = a.queen_ruleset ? nlohmann::json(*a.queen_ruleset) : nlohmann::json();
    out << j.dump() << "\n";
    return;
  }
  out << fmt::format("{}: {} candidate P-positions (a_n, b_n) in the {}×{} corner\n", c.source, a.pairs, a.window,
                     a.window);
  out << fmt::format("largest invariant game M_W: {} move vectors\n", a.moves);
  if (a.witness) {
    out << "  no invariant game has these P-positions (to every window):\n";
    print_witness(out, *a.witness);
  } else {
    out << "  M_W has exactly these P-positions in the window\n";
  }
  out << fmt::format("families inside M_W: {}; {} loose move vectors (x + y < {}) in no family\n", a.queen,
                     a.loose_moves, a.window);
  if (a.queen_ruleset) out << fmt::format("  that Queen is the ruleset {}\n", *a.queen_ruleset);
  if (!a.queen_witnesses.empty()) {
    out << "  that Queen does not have these P-positions; her first witnesses:\n";
    for (std::size_t i = 0; i < a.queen_witnesses.size(); ++i)
      if (i < 3) print_witness(out, a.queen_witnesses[i]);
      else out << fmt::format("  witness {}\n", pos_text(a.queen_witnesses[i].position));
  } else {
    out << "  that Queen has exactly these P-positions in the window\n";
  }
  if (a.matching_rulesets.empty()) out << "named rulesets with these P-positions in the window: none\n";
  else
    out << fmt::format("named rulesets with these P-positions in the window: {}\n",
                       fmt::join(a.matching_rulesets, ", "));
}

std::vector<std::uint64_t> catalog_terms(const std::string& anumber, std::uint64_t window) {
  auto seq = qg::find_sequence(anumber);
  std::vector<std::uint64_t> values;
  std::uint64_t count = std::min<std::uint64_t>(seq.max_terms, window + 1);
  seq.generate(count,
               [&](std::int64_t t) {
                 if (t < 0)
                   throw qg::InputError(fmt::format("{} has the negative term {}: not a coordinate", anumber, t));
                 values.push_back(static_cast<std::uint64_t>(t));
               },
               {});
  return values;
}

std::vector<std::uint64_t> bfile_terms(const std::string& path, std::uint64_t window) {
  std::ifstream in(path);
  if (!in) throw qg::InputError(fmt::format("cannot read the b-file {}", path));
  return qg::morphic::read_bfile_values(in, path, window + 1);
}

}  // namespace

bool run_morphic_game(const MorphicGameOptions& o, const std::string& ruleset, bool json, const std::string& out_path) {
  int modes = !o.from_morphism.empty() + !o.from_bfile.empty() + !o.from_catalog.empty() + o.find_morphism + o.census;
  if (modes == 0) return false;
  if (modes > 1)
    throw qg::InputError("give one of --from-morphism, --from-bfile, --from-catalog, --find-morphism, --census");
  std::uint64_t window = o.window.value(8, std::uint64_t{1} << 14);
  Output output(out_path);
  std::ostream& out = output.stream();
  if (o.census) {
    auto census = qg::morphic::run_census(window, o.guess_letters.value(1000, std::uint64_t{1} << 26),
                                          o.verify.value(0, std::uint64_t{1} << 34), progress_line("census"));
    out << fmt::format("## Morphisms → games (window {}×{})\n\n", window, window);
    out << "| family | morphism | deleted | pairs | M_W | Queen inside M_W | Queen's witness | named rulesets |\n";
    out << "|---|---|---|---|---|---|---|---|\n";
    for (const auto& r : census.morphisms) {
      const auto& a = r.analysis;
      out << fmt::format("| {} | {} | {} | {} | {} | {} | {} | {} |\n", r.family, r.morphism,
                         r.coding.empty() ? "—" : r.coding, a.pairs,
                         a.window == 0 ? "—"
                         : a.witness   ? "witness " + pos_text(a.witness->position)
                                       : "realised",
                         a.queen,
                         a.window == 0                ? "—"
                         : !a.queen_witnesses.empty() ? pos_text(a.queen_witnesses.front().position)
                                                      : "none",
                         a.matching_rulesets.empty() ? "—" : fmt::format("{}", fmt::join(a.matching_rulesets, ", ")));
    }
    out << "\n## Games → morphisms\n\n| ruleset | morphism found | evidence | verified | seconds "
           "|\n|---|---|---|---|---|\n";
    for (const auto& r : census.games)
      out << fmt::format("| {} | {} | {} | {} | {:.1f} |\n", r.ruleset,
                         r.search.guess ? qg::morphic::to_string(*r.search.guess) : "none", r.search.evidence,
                         r.verification ? r.verification->detail : "—", r.seconds);
  } else if (o.find_morphism) {
    if (ruleset.empty()) throw qg::InputError("--find-morphism needs a RULESET");
    auto rules = qg::twopile::Ruleset::parse(ruleset);
    auto word = qg::morphic::characteristic_word(rules, o.guess_letters.value(1000, std::uint64_t{1} << 28),
                                                 progress_line("word"));
    auto search = qg::morphic::find_morphism(word, o.max_prefix.value(1, 1000), o.max_shift.value(0, 1 << 20),
                                             progress_line("search"));
    std::optional<qg::morphic::MorphismVerification> v;
    auto start = std::chrono::steady_clock::now();
    if (search.guess)
      v = qg::morphic::verify_morphism(*search.guess, rules, o.verify.value(0, std::uint64_t{1} << 34),
                                       progress_line("verify"));
    double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    if (json) {
      nlohmann::json j{{"ruleset", rules.name()}, {"letters", search.word_length}, {"evidence", search.evidence}};
      if (search.guess) {
        j["morphism"] = search.guess->morphism.to_string();
        j["coding"] = qg::morphic::to_string(*search.guess);
        j["verified"] = v->pass;
        j["verified_letters"] = std::to_string(v->letters);
        j["verify_seconds"] = seconds;
      } else {
        j["morphism"] = nullptr;
        j["max_prefix"] = search.max_prefix;
      }
      out << j.dump() << "\n";
    } else if (search.guess) {
      out << fmt::format("{}: morphic with {}, {} to {} letters ({:.1f} s)\n  {}\n  {}\n", rules.name(),
                         qg::morphic::to_string(*search.guess), v->pass ? "verified" : "REFUTED", v->letters, seconds,
                         search.evidence, v->detail);
    } else {
      out << fmt::format("{}: no morphism found in {} letters: {}\n", rules.name(), search.word_length,
                         search.evidence);
    }
  } else {
    qg::morphic::CandidatePairs c;
    if (!o.from_morphism.empty()) {
      if (o.letters.size() != 2)
        throw qg::InputError("--letters takes two letters: the one coding a_n, the one coding b_n");
      auto m = qg::words::Morphism::from_name_or_text(o.from_morphism);
      c = qg::morphic::pairs_from_morphism(m,
                                           o.coding.empty() ? qg::words::Coding() : qg::words::Coding::parse(o.coding),
                                           o.letters[0], o.letters[1], window);
    } else if (!o.from_bfile.empty()) {
      if (o.from_bfile.size() != 2) throw qg::InputError("--from-bfile takes two files: a_n and b_n");
      c = qg::morphic::pairs_from_terms(bfile_terms(o.from_bfile[0], window), bfile_terms(o.from_bfile[1], window),
                                        window, fmt::format("b-files {} and {}", o.from_bfile[0], o.from_bfile[1]));
    } else {
      if (o.from_catalog.size() != 2) throw qg::InputError("--from-catalog takes two A-numbers: a_n and b_n");
      c = qg::morphic::pairs_from_terms(catalog_terms(o.from_catalog[0], window),
                                        catalog_terms(o.from_catalog[1], window), window,
                                        fmt::format("{} and {}", o.from_catalog[0], o.from_catalog[1]));
    }
    print_analysis(c, qg::morphic::analyse_invariant(c, window, progress_line("analyse")), json, out);
  }
  output.commit();
  return true;
}

void add_morphic_options(CLI::App* cmd, MorphicGameOptions& o) {
  cmd->add_option("--from-morphism", o.from_morphism,
                  "candidate P-positions from a morphism's fixed point: 'a->ab,b->aaa'");
  cmd->add_option("--coding", o.coding, "with --from-morphism: a coding applied first, e.g. 'c->' deletes c (t_c)");
  cmd->add_option("--letters", o.letters, "with --from-morphism: the letters coding a_n and b_n (default ab)");
  cmd->add_option("--from-bfile", o.from_bfile, "candidate P-positions from two b-files A B (a_n, b_n)")->expected(2);
  cmd->add_option("--from-catalog", o.from_catalog, "candidate P-positions from two catalogued A-numbers")->expected(2);
  cmd->add_option("--window", o.window.text,
                  "with --from-*/--census: the W×W corner analysed (default 1024, at most 2^14)");
  cmd->add_flag("--find-morphism", o.find_morphism, "search a morphism generating RULESET's characteristic word");
  cmd->add_option("--guess-letters", o.guess_letters.text, "letters of the word searched (default 2^20)");
  cmd->add_option("--max-prefix", o.max_prefix.text, "prefixes whose derived sequences are compared (default 100)");
  cmd->add_option("--max-shift", o.max_shift.text, "suffixes searched when a prefix stops recurring (default 1024)");
  cmd->add_option("--verify", o.verify.text, "letters the found morphism is checked against the sweep (default 10^7)");
  cmd->add_flag("--census", o.census, "seed 001 §4's census in both directions (Markdown)");
}

namespace {

std::string first_queen_witness(const qg::morphic::InvariantAnalysis& a) {
  return a.queen_witnesses.empty() ? "nowhere" : pos_text(a.queen_witnesses.front().position);
}

void tour_morphic(std::ostream& out, const std::string&) {
  // Each step takes up to a second: its progress callback answers a signal within it.
  auto progress = progress_line("morphic");
  auto abaaa = qg::morphic::analyse_invariant(
      qg::morphic::pairs_from_morphism(qg::words::Morphism::parse("a->ab,b->aaa"), qg::words::Coding(), 'a', 'b', 256),
      256, progress);
  out << fmt::format(
      "a->ab,b->aaa: the largest invariant game {}; the Queen inside it ({}) fails first at {}, "
      "and at (3,6) as seed 001 §4 argues\n  (queengames game --from-morphism 'a->ab,b->aaa')\n",
      abaaa.witness ? "has a witness" : "has exactly these P-positions in the 256x256 window", abaaa.queen,
      first_queen_witness(abaaa));
  auto tetra = qg::morphic::analyse_invariant(qg::morphic::pairs_from_morphism(qg::words::Morphism::named("tetranacci"),
                                                                               qg::words::Coding::parse("c->,d->"), 'a',
                                                                               'b', 256),
                                              256, progress);
  out << fmt::format(
      "4-bonacci with c, d deleted: invariant game {}, no Queen of the seed's kinds (witness {}), "
      "named rulesets: {}\n  (queengames game --from-morphism tetranacci --coding 'c->,d->'; "
      "census in docs/MORPHIC.md)\n",
      tetra.witness ? "none" : "in the window", first_queen_witness(tetra),
      tetra.matching_rulesets.empty() ? "none" : fmt::format("{}", fmt::join(tetra.matching_rulesets, ", ")));
  auto dee = qg::morphic::find_morphism(
      qg::morphic::characteristic_word(qg::twopile::Ruleset::parse("queen-dee"), 1 << 16, progress), 100, 1024,
      progress);
  out << fmt::format(
      "The Queen Dee's P-positions, searched for a morphism: {}\n  (queengames game queen-dee --find-morphism)\n",
      dee.guess ? qg::morphic::to_string(*dee.guess) : "none found");
}

QG_TOUR_SECTION(45, "Morphic and invariant games: from a morphism to its Queen and back (seed 001 §4)", tour_morphic);

}  // namespace
}  // namespace qg::app
