// queengames census blocking: games k = A..B to depth D as work units with records (the
// library's qg::blocking::Census) — on one process, or on every rank of `mpirun -np R`. This
// file shares the games out (game g to rank g mod R: a game's row units run in order, each
// resuming from the window the one before left), reports damaged records, and lets rank 0
// merge census.json once every rank is done.
#include <iostream>
#include <optional>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "cli.hpp"
#include "queengames/blocking.hpp"
#include "queengames/sweep.hpp"
#include "world.hpp"

namespace qg::app {

namespace {

namespace bl = qg::blocking;

struct CensusOptions {
  std::string k, out;
  NumberOption depth, rows{"0"}, spot_every{"64"};
  bool json = false, force = false;
};

// The command as census.json records it: the same whatever R, the directory and the options'
// order, so that the file is too.
std::string canonical_command(const bl::CensusSpec& s) {
  return fmt::format("queengames census blocking --k {}..{} --depth {} --rows {} --spot-every {}", s.first, s.last,
                     s.depth, s.rows, s.spot_every);
}

// This rank's games; the units it wrote. A damaged record is said to be so before it is redone.
std::uint64_t run_games(World& world, const bl::Census& census, const std::filesystem::path& dir) {
  const auto& spec = census.spec();
  std::uint64_t written = 0;
  auto progress = progress_line("census");
  for (std::uint64_t k = spec.first + static_cast<std::uint64_t>(world.rank()); k <= spec.last;
       k += static_cast<std::uint64_t>(world.size())) {
    for (const auto& u : census.units(k))
      if (const std::string problem = census.record_problem(dir, u); problem != "" && problem != "missing")
        std::cerr << fmt::format("queengames: unit {} of game {} in {} is {}: computing it again\n", u.index, k,
                                 dir.string(), problem);
    const ProgressFn game = [&](std::uint64_t done, std::uint64_t total) {
      if (progress) progress((k - spec.first) * total + done, census.games() * total);
    };
    written += census.run_game(dir, k, game);
  }
  return written;
}

void run_census(const CensusOptions& o) {
  World world;
  std::optional<bl::Census> census;
  const std::filesystem::path dir = o.out;
  world.agree([&] {  // every rank decides from the same arguments, before any work
    auto [first, last] = qg::sweep::parse_range(o.k);
    census.emplace(bl::CensusSpec{first, last, o.depth.value(), o.rows.value(), o.spot_every.value()}, o.force);
    std::string verdict;  // the directory is rank 0's to check; every rank hears the verdict
    if (world.rank() == 0) try {
        census->prepare(dir);
      } catch (const qg::InputError& e) {
        verdict = e.what();
      }
    verdict = world.broadcast(verdict);
    if (!verdict.empty()) throw qg::InputError(verdict);
  });
  std::uint64_t written = 0;
  try {
    world.or_abort([&] { written = run_games(world, *census, dir); });
  } catch (const Interrupted&) {
    // One process (under mpirun or_abort ends every rank): the records written stay.
    std::cerr << fmt::format("queengames: interrupted; {} units were recorded in {} (the same command resumes)\n",
                             written, dir.string());
    throw ExitStatus{130};
  } catch (const bl::CensusViolation& e) {
    std::cerr << "queengames: census stopped: " << e.what() << "\n";
    throw ExitStatus{1};
  }
  world.barrier();
  auto counts = world.gather({written});
  if (world.rank() != 0) return;
  std::uint64_t total = 0;
  for (auto c : counts) total += c;
  const std::string command = canonical_command(census->spec());
  census->merge(dir, command);
  const auto path = bl::census_json_path(dir).string();
  if (o.json)
    std::cout << nlohmann::json{{"command", command},
                                {"games", json_integer(census->games())},
                                {"units", json_integer(census->unit_count())},
                                {"computed", json_integer(total)},
                                {"ranks", world.size()},
                                {"census", path}}
                     .dump()
              << "\n";
  else
    std::cout << fmt::format("{} games, {} units ({} computed now on {} rank{}, {} done before): wrote {}\n",
                             census->games(), census->unit_count(), total, world.size(), world.size() > 1 ? "s" : "",
                             census->unit_count() - total, path);
}

}  // namespace

QG_COMMAND("census", [](CLI::App& app) {
  auto* cmd = app.add_subcommand(
      "census",
      "many games to a depth as work units with checksummed records, a digest per table, invariants and "
      "spot checks (run it under mpirun -np R to share the games among R ranks)");
  cmd->require_subcommand(1);
  auto o = std::make_shared<CensusOptions>();
  auto* blocking = cmd->add_subcommand(
      "blocking", "k-Blocking Wythoff Nim (seed 004): each game's D×D table in row units and its skin (§3.4)");
  blocking->add_option("--k", o->k, "the games: A..B or K")->required();
  blocking->add_option("--depth", o->depth.text, "D: the rows and columns of each game's table (3..2^31)")->required();
  blocking
      ->add_option("--out", o->out,
                   "the census directory: new or empty, or one holding this census (resumed); census.json there")
      ->required();
  blocking->add_option("--rows", o->rows.text, "rows per unit (default min(D, max(1024, D/16)))");
  blocking->add_option("--spot-every", o->spot_every.text,
                       "one row unit in N recomputed by the plain or CA engine from row 0 (default 64; 0: none)");
  blocking->add_flag("--json", o->json, "print what was done as JSON");
  blocking->add_flag("--force", o->force, "run even if the memory estimate exceeds this machine's memory");
  blocking->callback([o] { run_census(*o); });
});

}  // namespace qg::app
