// queengames prove: Walnut command files and statements, decided by automata.
#include <algorithm>
#include <filesystem>
#include <iostream>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "cli.hpp"
#include "queengames/prover.hpp"
#include "queengames/synth.hpp"

namespace {

struct ProveOptions {
  std::vector<std::string> files;
  std::string expression, library, home, session, strategy = "automatic", synthesize, system, out;
  qg::app::NumberOption longest{"0"};
  qg::app::NumberOption budget{"50000"};
  std::string memory;
  bool json = false, steps = false, keep_going = false;
};

void run_synthesize(const ProveOptions& o, qg::prover::Session& session) {
  const auto& s = qg::synth::find_synthesizable(o.synthesize);
  const std::string system = o.system.empty() ? s.system : o.system;
  qg::synth::LearnOptions options;
  if (o.longest.text != "0") options.max_length = static_cast<unsigned>(o.longest.value(3, 60));
  options.memory_limit = session.context().memory_limit;
  options.progress = session.context().progress;
  auto learned = qg::synth::learn_synchronized(s.sequence, session.system(system), options);
  // The guess is reported before its certification, which may take long or be refused.
  if (!o.json)
    std::cerr << fmt::format("{}: {} states in {}, agrees with s(n) for n < {} (words of up to {} letters){}\n", s.name,
                             learned.automaton.states(), system, learned.terms, learned.longest,
                             system == s.system ? "" : " (not certified in this system)");
  // A guess in another system than the catalogue's is written uncertified (its statements
  // are written for the catalogue's system).
  std::vector<qg::prover::Result> proof;
  if (system == s.system) proof = qg::synth::certify(s, learned.automaton, session, options);
  const bool ok = qg::synth::certified(proof);
  qg::app::Output output(o.out);
  if (o.json) {
    auto steps = nlohmann::json::array();
    for (const auto& r : proof)
      if (r.truth)
        steps.push_back({{"name", r.name}, {"truth", *r.truth}, {"seconds", r.seconds}, {"largest", r.largest}});
    nlohmann::json j{{"name", s.name},
                     {"system", system},
                     {"states", learned.automaton.states()},
                     {"terms", std::to_string(learned.terms)},
                     {"longest", learned.longest},
                     {"prefix_length", learned.prefix_length},
                     {"suffix_length", learned.suffix_length},
                     {"certified", ok},
                     {"certification", steps},
                     {"automaton", qg::prover::write_automaton(learned.automaton)}};
    output.stream() << j.dump(2) << "\n";
  } else {
    output.stream() << qg::prover::write_automaton(learned.automaton);
    for (const auto& r : proof)
      if (r.truth)
        std::cerr << fmt::format("  eval {}: {}   ({:.3f} s, largest automaton {} states)\n", r.name,
                                 *r.truth ? "TRUE" : "FALSE", r.seconds, r.largest);
  }
  output.commit();
  if (system == s.system && !ok) throw qg::InputError(fmt::format("the guess for {} is not certified", s.name));
}

void print_results(const std::vector<qg::prover::Result>& results);

void run_prove(const ProveOptions& o) {
  if (!o.synthesize.empty() && !(o.files.empty() && o.expression.empty()))
    throw qg::InputError("--synthesize takes no command FILE or -e");
  if (o.synthesize.empty() && (!o.system.empty() || !o.out.empty()))
    throw qg::InputError("--system and --out go with --synthesize");
  if (o.synthesize.empty() && o.files.empty() == o.expression.empty())
    throw qg::InputError("give command FILEs or -e 'COMMANDS'");
  for (const auto& f : o.files) {
    std::error_code ec;
    if (std::filesystem::is_directory(f, ec))
      throw qg::InputError(fmt::format("{} is a directory, not a file of Walnut commands", f));
  }
  qg::automata::Context ctx;
  ctx.progress = qg::app::progress_line("prove");
  ctx.subset_budget = o.budget.value(1, UINT32_MAX);
  // A bare number is MiB (the option's first unit); 2GiB, 500MB name theirs.
  if (!o.memory.empty()) ctx.memory_limit = qg::app::parse_bytes(o.memory, std::uint64_t{1} << 20);
  // A drop-in for Walnut: its command files meet systems with the same digits, and each such
  // reading is printed as a note under its result.
  ctx.read_digits_across_systems = true;
  ctx.walnut_concat = true;
  ctx.determinization = qg::automata::determinization_named(o.strategy);
  if (o.steps)
    ctx.on_step = [](const qg::automata::StepStats& s) {
      std::cerr << fmt::format("  {:<22} {:>9} -> {:>9} states  {:>6} letters  {:>10.1f} KB  {:.3f} s\n", s.step,
                               s.states_in, s.states_out, s.letters, static_cast<double>(s.bytes) / 1024, s.seconds);
    };
  qg::prover::Session session(ctx);
  if (!o.library.empty() && !o.home.empty()) throw qg::InputError("give --library or --walnut-home, not both");
  if (!o.library.empty()) session.set_library(qg::prover::walnut_folder("--library", o.library, false));
  if (!o.home.empty()) session.set_home(qg::prover::walnut_folder("--walnut-home", o.home, false), true);
  if (!o.session.empty()) session.set_session_folder(qg::prover::walnut_folder("--session", o.session, true));
  if (!o.synthesize.empty()) return run_synthesize(o, session);
  // --keep-going: each failing command is reported, and the run goes on; exit status 2 at the end.
  std::size_t failures = 0;
  qg::prover::ErrorFn report;
  if (o.keep_going)
    report = [&](const qg::InputError& e) {
      ++failures;
      qg::app::end_progress_line();
      std::cerr << "queengames: " << e.what() << "\n";
    };
  // Several files run in order in one session, as one batch: the status says whether every
  // command of every file ran.
  std::vector<qg::prover::Result> results;
  if (o.files.empty()) results = session.run(o.expression, "-e", report);
  for (const auto& f : o.files) {
    auto more = session.run_file(f, report);
    results.insert(results.end(), more.begin(), more.end());
  }
  qg::app::end_progress_line();
  if (o.json) {
    auto all = nlohmann::json::array();
    for (const auto& r : results) {
      nlohmann::json j{{"command", r.command},
                       {"name", r.name},
                       {"states", r.states},
                       {"largest", r.largest},
                       {"peak_bytes", std::to_string(r.peak_bytes)},
                       {"seconds", r.seconds}};
      if (r.truth) j["truth"] = *r.truth;
      if (!r.truth && r.automaton) j["variables"] = r.variables;
      if (!r.lines.empty()) j["lines"] = r.lines;
      if (!r.notes.empty()) j["notes"] = r.notes;
      if (!r.counterexample.empty()) {
        nlohmann::json c = nlohmann::json::object();
        for (const auto& [v, n] : r.counterexample) c[v] = std::to_string(n);
        j["counterexample"] = c;
      }
      all.push_back(j);
    }
    std::cout << all.dump(2) << "\n";
  } else {
    print_results(results);
  }
  if (failures) throw qg::InputError(fmt::format("{} command{} failed", failures, failures == 1 ? "" : "s"));
}

void print_results(const std::vector<qg::prover::Result>& results) {
  for (const auto& r : results) {
    const auto& table = qg::prover::walnut_commands();
    auto row = std::find_if(table.begin(), table.end(), [&](const auto& c) { return c.name == r.command; });
    if (row != table.end() && row->defines_only) continue;  // a name defined, no automaton
    std::string head = r.truth       ? (*r.truth ? "TRUE" : "FALSE")
                       : r.automaton ? fmt::format("{} states over ({})", r.states, fmt::join(r.variables, ", "))
                                     : fmt::format("{} line{}", r.lines.size(), r.lines.size() == 1 ? "" : "s");
    std::cout << fmt::format("{} {}: {}   ({:.3f} s, largest automaton {} states)\n", r.command, r.name, head,
                             r.seconds, r.largest);
    for (const auto& line : r.lines) std::cout << "  " << line << "\n";
    for (const auto& note : r.notes) std::cout << "  note: " << note << "\n";
    if (!r.counterexample.empty()) {
      std::vector<std::string> parts;
      for (const auto& [v, n] : r.counterexample) parts.push_back(fmt::format("{} = {}", v, n));
      std::cout << fmt::format("  smallest counterexample: {}\n", fmt::join(parts, ", "));
    }
  }
}

}  // namespace

QG_COMMAND("prove", [](CLI::App& app) {
  auto o = std::make_shared<ProveOptions>();
  auto* cmd =
      app.add_subcommand("prove", "decide first-order statements about automatic sequences (Walnut's language)");
  cmd->footer(
      "Runs Walnut commands (eval, def, reg, macro, morphism, promote, image, the automaton commands; numsys, first, "
      "describe, export, ours) and prints "
      "TRUE/FALSE for each eval, "
      "with its time and the largest "
      "automaton built. See docs/PROVER.md.\nExamples:\n"
      "  queengames prove -e 'eval fib4 \"?msd_fib Ei,n n>=1 & At t<3*n => F[i+t]=F[i+n+t]\":'\n"
      "  queengames prove proofs.txt --library DIR --steps\n"
      "  queengames prove --walnut-home ~/Walnut a.txt b.txt --keep-going   # exit 0 only if every command ran\n"
      "  queengames prove --walnut-home ~/Walnut --session run1 a.txt   # results in run1/, ~/Walnut unchanged\n"
      "  queengames prove --synthesize xaut --system msd_trib --out xaut.txt\n"
      "  queengames prove --synthesize kqueen5a --out kqueen5a.txt");
  cmd->add_option("files", o->files, "files of Walnut commands, run in order in one session");
  cmd->add_option("-e,--expression", o->expression, "commands given on the command line");
  cmd->add_option("--library", o->library,
                  "a Walnut-like library directory (Automata Library/, Word Automata Library/), read only");
  cmd->add_option("--walnut-home", o->home,
                  "Walnut's folder: read its libraries and Command Files/, and write each result where Walnut "
                  "writes it (Result/, Automata Library/, Word Automata Library/)");
  cmd->add_option("--session", o->session,
                  "write results into this folder instead (Result/, Automata Library/, Word Automata Library/, "
                  "Custom Bases/ for ost), read it before the Walnut folder; without --walnut-home or --library, "
                  "the only folder");
  cmd->add_flag("--keep-going", o->keep_going,
                "report a failing command and go on with the next (exit status 2 at the end if any failed)");
  cmd->add_option("--strategy", o->strategy,
                  "determinization: automatic (subset, then Brzozowski past --budget), subset, brzozowski");
  cmd->add_option("--budget", o->budget.text,
                  "states of a subset construction before Brzozowski takes over (default 50000)");
  cmd->add_option("--memory-limit", o->memory,
                  "refuse a step whose tables would exceed this (2GiB, 500MB; a bare number is MiB; default: physical "
                  "memory)");
  cmd->add_flag("--steps", o->steps, "print every step's statistics on stderr");
  cmd->add_option("--synthesize", o->synthesize,
                  "learn the synchronized automaton of a sequence (xaut, yaut, uaut, vaut, triba, tribc, tribe, "
                  "tribna, tribnc, wytha, wythb or their A-numbers, e.g. A140100; a game family's coordinate: "
                  "kqueenKa/b for Holladay's K-Queen, queenS_Ta/b for (S,T)-Wythoff, limqueenK_Ja/b for the limited "
                  "K-Queen), certify it and write it in Walnut's format");
  cmd->add_option("--system", o->system, "with --synthesize: the msd number system (default: the sequence's own)");
  cmd->add_option("--longest", o->longest.text,
                  "with --synthesize: compare with the sequence on every word of up to this many digits (default: as "
                  "many as stand for at most 2^20 numbers, 22 in msd_trib)");
  cmd->add_option("--out", o->out, "with --synthesize: write the automaton to this file (atomically)");
  cmd->add_flag("--json", o->json, "JSON output");
  cmd->callback([o] { run_prove(*o); });
});
