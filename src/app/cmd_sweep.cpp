// queengames sweep: a family of games, member by member, in shards written to a directory —
// on one process, or on every rank of `mpirun -np R queengames sweep …`. The library does the
// sweeping (qg::sweep); this file shares the shards out (shard s to rank s mod R) and lets
// rank 0 merge once every rank is done.
#include <iostream>
#include <optional>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "cli.hpp"
#include "queengames/sweep.hpp"
#include "world.hpp"

namespace qg::app {

namespace {

struct SweepOptions {
  std::string family, range, out;
  NumberOption size{"0"}, shard{"0"};
  bool json = false;
};

// The command as written into the tables: the same whatever R, the directory and the order of
// the options, so that the merged files are too.
std::string canonical_command(const qg::sweep::Spec& s) {
  bool plain = s.family.find_first_not_of("abcdefghijklmnopqrstuvwxyz0123456789:-") == std::string::npos;
  return fmt::format("queengames sweep {} --range {}..{} --size {} --shard {}", plain ? s.family : "'" + s.family + "'",
                     s.first, s.last, s.size, s.shard_members);
}

void run_sweep(const SweepOptions& o) {
  World world;
  std::optional<qg::sweep::Sweep> sweep;
  const std::filesystem::path dir = o.out;
  world.agree([&] {  // every rank decides from the same arguments, before any work
    auto [first, last] = qg::sweep::parse_range(o.range);
    sweep.emplace(qg::sweep::Spec{o.family, first, last, o.size.value(), o.shard.value()});
    // The directory is rank 0's to check (ranks share it); every rank hears the verdict.
    std::string verdict;
    if (world.rank() == 0) try {
        sweep->prepare(dir);
      } catch (const qg::InputError& e) {
        verdict = e.what();
        if (verdict.empty()) verdict = "cannot use " + dir.string();
      }
    verdict = world.broadcast(verdict);
    if (!verdict.empty()) throw qg::InputError(verdict);
  });

  std::uint64_t computed = 0;
  world.or_abort([&] {
    auto progress = progress_line("sweep");
    for (std::uint64_t s = static_cast<std::uint64_t>(world.rank()); s < sweep->shards();
         s += static_cast<std::uint64_t>(world.size())) {
      const std::string problem = sweep->shard_problem(dir, s);
      if (problem.empty()) continue;
      if (problem != "missing")
        std::cerr << fmt::format("queengames: shard {} in {} is {}: computing it again\n", s, dir.string(), problem);
      sweep->run_shard(dir, s, progress), ++computed;
    }
  });
  world.barrier();
  auto counts = world.gather({computed});
  if (world.rank() != 0) return;
  std::uint64_t total = 0;
  for (auto c : counts) total += c;
  const std::string command = canonical_command(sweep->spec());
  sweep->merge(dir, command);
  if (o.json)
    std::cout << nlohmann::json{{"command", command},
                                {"members", json_integer(sweep->members())},
                                {"shards", json_integer(sweep->shards())},
                                {"computed", json_integer(total)},
                                {"ranks", world.size()},
                                {"csv", qg::sweep::csv_path(dir).string()},
                                {"json", qg::sweep::json_path(dir).string()}}
                     .dump()
              << "\n";
  else
    std::cout << fmt::format("{} members in {} shards ({} computed now on {} rank{}, {} resumed): wrote {} and {}\n",
                             sweep->members(), sweep->shards(), total, world.size(), world.size() > 1 ? "s" : "",
                             sweep->shards() - total, qg::sweep::csv_path(dir).string(),
                             qg::sweep::json_path(dir).string());
}

}  // namespace

QG_COMMAND("sweep", [](CLI::App& app) {
  auto o = std::make_shared<SweepOptions>();
  auto* cmd = app.add_subcommand(
      "sweep",
      "a family of games member by member (blocking k, (k,l)-Maharaja, Wythoff + (t,2t) jumps, a ruleset "
      "with a parameter), in resumable shards; run it under mpirun -np R to share the shards among R ranks");
  cmd->add_option("family", o->family,
                  "blocking (k = the range), kl-maharaja (every k < l for l in the range), t2t (T in the range), "
                  "or ruleset:P with {} in P (e.g. 'ruleset:kqueen:{}')")
      ->required();
  cmd->add_option("--range", o->range, "the members: A..B or N")->required();
  cmd->add_option("--out", o->out, "the directory of the shards and of sweep.csv, sweep.json")->required();
  cmd->add_option("--size", o->size.text,
                  "blocking: the N×N table per k (default 2000); two-pile families: the first N P-positions "
                  "(default 10^5)");
  cmd->add_option("--shard", o->shard.text, "members per shard (default 1 for blocking, 8 otherwise)");
  cmd->add_flag("--json", o->json, "print what was done as JSON");
  cmd->callback([o] { run_sweep(*o); });
});

}  // namespace qg::app
