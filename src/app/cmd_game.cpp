// queengames game / draw game: the P-positions of two-pile queen games (seed 001, seed 003).
#include <chrono>
#include <iostream>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "cli.hpp"
#include "draw.hpp"
#include "morphic_cli.hpp"
#include "queengames/claims.hpp"
#include "queengames/io.hpp"
#include "queengames/prover.hpp"
#include "queengames/synth.hpp"
#include "queengames/twopile.hpp"

namespace {

struct GameOptions {
  std::string ruleset, via = "sweep", out;
  qg::app::NumberOption count, nth;
  std::vector<std::string> is_p;
  bool json = false, force = false, prove = false;
  std::vector<std::string> systems;
  qg::app::NumberOption longest{"0"};
  std::string memory;
  qg::app::MorphicGameOptions morphic;
};

// game RULESET --prove: the theorem "these automata are the P-positions", learned and
// certified (synth::prove_game); --out DIR receives it as a Walnut folder.
void run_game_prove(const GameOptions& o) {
  if (!o.out.empty()) qg::require_new_folder(o.out);  // before the proof, not after it
  qg::automata::Context ctx;
  ctx.progress = qg::app::progress_line(o.ruleset);
  if (!o.memory.empty()) ctx.memory_limit = qg::app::parse_bytes(o.memory, std::uint64_t{1} << 20);
  qg::prover::Session session(ctx);
  qg::synth::LearnOptions learn;
  if (o.longest.text != "0") learn.max_length = static_cast<unsigned>(o.longest.value(3, 60));
  learn.memory_limit = ctx.memory_limit;
  learn.progress = ctx.progress;
  const auto game = qg::synth::game_rules(o.ruleset, learn);
  const auto t = qg::synth::prove_game(game, o.systems, session, learn);
  qg::app::end_progress_line();
  if (t.proved && !o.out.empty()) qg::write_new_folder(o.out, qg::synth::walnut_folder(t, session));
  if (o.json) {
    auto steps = nlohmann::json::array();
    for (const auto& r : t.results)
      if (r.truth)
        steps.push_back({{"name", r.name}, {"truth", *r.truth}, {"seconds", r.seconds}, {"largest", r.largest}});
    auto attempts = nlohmann::json::array();
    for (const auto& [system, why] : t.attempts) attempts.push_back({{"system", system}, {"outcome", why}});
    nlohmann::json j{{"ruleset", t.ruleset}, {"status", t.proved ? "PROVED" : "not proved"}, {"attempts", attempts}};
    if (t.proved)
      j.update({{"system", t.system},
                {"automata", {{t.stem + "a", t.a.states()}, {t.stem + "b", t.b.states()}}},
                {"terms", std::to_string(t.terms)},
                {"certification", steps}});
    if (!o.out.empty() && t.proved) j["folder"] = o.out;
    std::cout << j.dump(2) << "\n";
  } else {
    for (const auto& [system, why] : t.attempts) std::cout << fmt::format("{}: {}\n", system, why);
    if (t.proved) {
      std::cout << fmt::format(
          "{}: PROVED in {}: the P-positions are the pairs ({}a(n), {}b(n)) and their mirrors, for all n "
          "({} and {} states; learned from {} P-positions, certified by the game's rule):\n",
          t.ruleset, t.system, t.stem, t.stem, t.a.states(), t.b.states(), t.terms);
      for (const auto& r : t.results)
        if (r.truth)
          std::cout << fmt::format("  eval {}: {}   ({:.3f} s, largest automaton {} states)\n", r.name,
                                   *r.truth ? "TRUE" : "FALSE", r.seconds, r.largest);
      if (!o.out.empty())
        std::cout << fmt::format("wrote {} (a Walnut folder; its README.txt says how to rerun it)\n", o.out);
    }
  }
  if (!t.proved)
    throw qg::InputError(fmt::format("{}: not proved in {} (above){}", t.ruleset,
                                     o.systems.empty() ? "any system tried" : "the systems asked for",
                                     o.out.empty() ? "" : "; nothing was written"));
}

std::string ruleset_help() {
  std::string text = "RULESET is one of (compose with '+'):\n";
  for (const auto& line : qg::twopile::Ruleset::syntax()) text += "  " + line + "\n";
  return text;
}

void run_game(const GameOptions& o) {
  if (qg::app::run_morphic_game(o.morphic, o.ruleset, o.json, o.out)) return;
  if (o.ruleset.empty())
    throw qg::InputError("game needs a RULESET (or --from-morphism, --from-bfile, --from-catalog, --census)");
  if (!o.prove && (!o.systems.empty() || o.longest.text != "0" || !o.memory.empty()))
    throw qg::InputError("--system, --longest and --memory-limit go with --prove");
  if (o.prove) {
    if (!o.count.text.empty() || !o.nth.text.empty() || !o.is_p.empty())
      throw qg::InputError("--prove takes none of --p-positions, --nth, --is-p");
    return run_game_prove(o);
  }
  auto rules =
      qg::app::with_hint("(see queengames game --help)", [&] { return qg::twopile::Ruleset::parse(o.ruleset); });
  int modes = !o.count.text.empty() + !o.nth.text.empty() + !o.is_p.empty();
  if (modes != 1) throw qg::InputError("game needs exactly one of --p-positions N, --nth N, --is-p X Y");
  qg::app::Output output(o.out);
  std::ostream& out = output.stream();
  if (!o.is_p.empty()) {
    if (o.is_p.size() != 2) throw qg::InputError("--is-p takes two numbers X Y");
    qg::twopile::Position p{qg::parse_u64(o.is_p[0], 0, UINT32_MAX - 2), qg::parse_u64(o.is_p[1], 0, UINT32_MAX - 2)};
    bool is_p = qg::twopile::is_p_position(rules, p, qg::app::progress_line(rules.name()), o.force);
    if (o.json)
      out << nlohmann::json{{"ruleset", rules.name()}, {"x", p.x}, {"y", p.y}, {"p_position", is_p}}.dump() << "\n";
    else out << fmt::format("({}, {}) is a{}-position of {}\n", p.x, p.y, is_p ? " P" : "n N", rules.name());
  } else if (!o.nth.text.empty()) {
    auto coding = qg::twopile::morphic_coding(rules);
    if (!coding) throw qg::InputError(rules.name() + " has no morphic route (the papers give none); use --p-positions");
    std::uint64_t n = o.nth.value(0, std::uint64_t{1} << 62);
    auto p = qg::twopile::MorphicPPositions(*coding).nth(n);
    if (o.json)
      out << nlohmann::json{{"ruleset", rules.name()},
                            {"n", qg::app::json_integer(n)},
                            {"a", qg::app::json_integer(p.x)},
                            {"b", qg::app::json_integer(p.y)}}
                 .dump()
          << "\n";
    else out << fmt::format("{} {} {}\n", n, p.x, p.y);
  } else {
    std::uint64_t count = o.count.value(1, std::uint64_t{1} << 40);
    // JSON is streamed by hand: the list may be far larger than memory allows as one json value.
    std::string buffer = o.json ? "{\"ruleset\":" + nlohmann::json(rules.name()).dump() + ",\"p_positions\":[" : "";
    auto sink = [&](std::uint64_t n, std::uint64_t a, std::uint64_t b) {
      if (o.json) fmt::format_to(std::back_inserter(buffer), "{}[{},{}]", n ? "," : "", a, b);
      else fmt::format_to(std::back_inserter(buffer), "{} {} {}\n", n, a, b);
      if (buffer.size() > (1 << 16)) out << buffer, buffer.clear();
      return true;
    };
    if (o.via == "sweep") {
      qg::twopile::sweep_p_positions(rules, count, sink, qg::app::progress_line(rules.name()), o.force);
    } else if (o.via == "morphic") {
      auto coding = qg::twopile::morphic_coding(rules);
      if (!coding) throw qg::InputError(rules.name() + " has no morphic route (the papers give none); use --via sweep");
      qg::twopile::MorphicPPositions(*coding).stream(count, sink, qg::app::progress_line(rules.name()));
    } else if (o.via == "brute") {
      // Grow the corner until the first `count` columns' P-positions all lie in it.
      for (std::uint64_t size = 64;; size *= 2) {
        if (size > 4096) throw qg::RangeError("--via brute supports the 4096×4096 corner; ask for fewer P-positions");
        auto p = qg::twopile::brute_force_p_positions(rules, size, qg::app::progress_line(rules.name()));
        if (p.size() >= count && p[count - 1].x * 2 < size) {
          for (std::uint64_t n = 0; n < count; ++n) sink(n, p[n].x, p[n].y);
          break;
        }
      }
    } else {
      throw qg::InputError("--via must be sweep, brute or morphic (got '" + o.via + "')");
    }
    if (o.json) buffer += "]}\n";
    out << buffer;
  }
  output.commit();
}

QG_COMMAND("game", [](CLI::App& app) {
  auto o = std::make_shared<GameOptions>();
  auto* cmd = app.add_subcommand("game", "P-positions of two-pile queen games: Wythoff Nim and its relatives");
  cmd->footer(ruleset_help());
  cmd->add_option("ruleset", o->ruleset, "e.g. wythoff, queen-dee, maharaja, st-wythoff:2,1");
  qg::app::add_morphic_options(cmd, o->morphic);
  cmd->add_option("--p-positions", o->count.text, "print n a_n b_n for n = 0..N-1 (a_n ≤ b_n, a_n increasing)");
  cmd->add_option("--via", o->via, "sweep (default), brute or morphic");
  cmd->add_option("--nth", o->nth.text, "the N-th P-position by the morphic route, in O(log N)");
  cmd->add_option("--is-p", o->is_p, "whether (X, Y) is a P-position")->expected(2);
  cmd->add_flag("--prove", o->prove,
                "learn automata for the P-positions and certify them by the game's rule: a theorem for all "
                "positions (RULESET may also be blocking:K)");
  cmd->add_option("--system", o->systems,
                  "with --prove: the msd number system(s) to try (default: the game's morphic system if the papers "
                  "give one, msd_fib, msd_trib, msd_2)");
  cmd->add_option("--longest", o->longest.text,
                  "with --prove: compare the guess with the P-positions on every word of up to N digits");
  cmd->add_option("--memory-limit", o->memory, "with --prove: memory for one step (e.g. 4GiB; a bare number is MiB)");
  cmd->add_option("--out", o->out, "write to this file (atomically); with --prove, a new Walnut folder");
  cmd->add_flag("--json", o->json, "machine-readable output");
  cmd->add_flag("--force", o->force, "run even if the memory estimate exceeds this machine's memory");
  cmd->callback([o] { run_game(*o); });
});

QG_DRAW("game", [](CLI::App& draw) {
  auto o = std::make_shared<qg::app::PictureOptions>();
  auto ruleset = std::make_shared<std::string>();
  auto size = std::make_shared<qg::app::NumberOption>(qg::app::NumberOption{"100"});
  auto lines = std::make_shared<bool>(false);
  auto* cmd = draw.add_subcommand(
      "game", "picture of a game's P-positions in the N×N corner (seed 003's figures: draw maharaja-fig2 … fig9)");
  cmd->footer(ruleset_help());
  cmd->add_option("ruleset", *ruleset, "e.g. maharaja")->required();
  cmd->add_option("--size", size->text, "the corner's side N (default 100)");
  cmd->add_flag("--lines", *lines, "draw the lines y = φx and y = x/φ beneath the P-positions");
  qg::app::add_picture_options(cmd, *o, "game.png");
  cmd->callback([o, ruleset, size, lines] {
    const auto rules =
        qg::app::with_hint("(see queengames game --help)", [&] { return qg::twopile::Ruleset::parse(*ruleset); });
    const auto figure = qg::figures::game_figure(rules, size->value(2, std::uint64_t{1} << 20), *lines,
                                                 qg::app::figure_options(*o, 1024, "draw game"));
    qg::app::write_picture(figure, *o, 1024, "draw game");
    qg::app::say_wrote(o->out);
  });
});

void tour_game(std::ostream& out, const std::string& dir) {
  auto show = [&](const char* rules, std::size_t count) {
    auto p = qg::twopile::sweep_p_positions(qg::twopile::Ruleset::parse(rules), count + 1);
    std::string line;
    for (std::size_t n = 1; n <= count; ++n) line += fmt::format(" ({},{})", p[n].x, p[n].y);
    out << fmt::format("{:<15}{}\n", rules, line);
  };
  out << "First P-positions (queengames game RULESET --p-positions 9):\n";
  show("wythoff", 8);
  show("queen-bee", 8);       // seed 001 Table 1: b = 2a
  show("queen-dee", 8);       // Table 3
  show("kqueen-dee:2", 8);    // Table 2
  show("st-wythoff:2,1", 8);  // Table 4
  show("maharaja", 8);        // seed 003 Figure 2
  auto wythoff = qg::twopile::MorphicPPositions(*qg::twopile::morphic_coding(qg::twopile::Ruleset::parse("wythoff")));
  auto far = wythoff.nth(1'000'000'000'000'000'000ULL);
  out << fmt::format(
      "The 10^18-th Wythoff P-position, from the Fibonacci word in O(log n): ({}, {})\n"
      "  (queengames game wythoff --nth 1e18)\n",
      far.x, far.y);
  auto start = std::chrono::steady_clock::now();
  std::int64_t low = 0, high = 0;
  qg::twopile::sweep_p_positions(qg::twopile::Ruleset::parse("maharaja"), 1'000'000,
                                 [&](std::uint64_t n, std::uint64_t a, std::uint64_t b) {
                                   std::int64_t d = static_cast<std::int64_t>(b - a) - static_cast<std::int64_t>(n);
                                   low = std::min(low, d), high = std::max(high, d);
                                   return true;
                                 });
  out << fmt::format(
      "Maharaja Nim, 10^6 P-positions swept in {:.2f} s: b_n − a_n − n stays in [{}, {}] "
      "(seed 003 Theorem 1.2; queengames check maharaja.theorem1_2)\n",
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count(), low, high);
  out << "Readings of garbled text (docs/TWOPILE.md): the limited k-Queen with band J is a->a^(k-j) b a^j with "
         "j = k-1-J; (s,t)-Wythoff removes u,v with |u-v| < (s-1)min(u,v)+t.\n";
  qg::app::PictureOptions picture;
  picture.out = dir + "/maharaja.png";
  const qg::figures::Entry& fig3 = qg::figures::entry("maharaja-fig3");
  const std::vector<std::uint64_t> size{200};
  qg::app::write_picture(qg::figures::build(fig3, size, qg::app::figure_options(picture, 1200, "maharaja-fig3")),
                         picture, 1200, "maharaja-fig3");
  out << fmt::format(
      "Picture: {} (queengames draw maharaja-fig3 --size 200 --out maharaja.png; seed 003 Figure 3 and its bands)\n",
      picture.out);
}

QG_TOUR_SECTION(40, "Two-pile games: Wythoff Nim, the Empresses and Maharaja Nim (seed 001, seed 003)", tour_game);

}  // namespace
