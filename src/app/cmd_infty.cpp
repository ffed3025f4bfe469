// queengames infty-queens: the lexicographically first ∞-queens solution (seed 002), with
// Knuth's exact statistics, checkpoints and resumption; and its tour section.
#include <sys/resource.h>

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <iostream>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "cli.hpp"
#include "draw.hpp"
#include "queengames/boards.hpp"
#include "queengames/claims.hpp"
#include "queengames/infty.hpp"

namespace {

struct InftyOptions {
  qg::app::NumberOption count;
  bool bfile = false, stats = false, json = false, force = false;
  std::string checkpoint, resume;
  qg::app::NumberOption every;  // seconds between checkpoints; 300 when not given
};

// Seed 000 Fig. 6 from the engine: S_c = q_(c+1) − 1.
double cpu_seconds() {
  rusage usage{};
  getrusage(RUSAGE_SELF, &usage);
  return static_cast<double>(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) +
         static_cast<double>(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6;
}

std::uint64_t max_rss_bytes() {
  rusage usage{};
  getrusage(RUSAGE_SELF, &usage);
  return static_cast<std::uint64_t>(usage.ru_maxrss) * 1024;
}

std::string floor_label(int bin) {
  std::int64_t f = qg::infty::infty_histogram_floor(bin);
  if (bin == 0) return fmt::format("≤{}", f);
  if (bin == qg::infty::InftyStats::kHistBins - 1) return fmt::format("≥{}", f);
  return std::to_string(f);
}

struct Run {
  qg::infty::InftyStats stats;
  std::uint64_t resumed_from = 0;       // 0: a straight run
  double seconds = 0, cpu_seconds = 0;  // wall clock and this process's CPU time, for this run
  std::uint64_t peak_bytes = 0, max_rss = 0;
};

nlohmann::json records_json(const std::vector<qg::infty::InftyTerm>& list, bool high) {
  nlohmann::json out = nlohmann::json::array();
  for (const auto& t : list)
    out.push_back({{"n", qg::app::json_integer(t.n)},
                   {"q", qg::app::json_integer(t.q)},
                   {"value", qg::infty::infty_discrepancy_decimal(t, high)},
                   {"exact", qg::infty::infty_discrepancy_exact(t, high)}});
  return out;
}

nlohmann::json histogram_json(const std::array<std::uint64_t, qg::infty::InftyStats::kHistBins>& h) {
  nlohmann::json out = nlohmann::json::object();
  for (int bin = 0; bin < qg::infty::InftyStats::kHistBins; ++bin)
    if (h[bin] != 0) out[floor_label(bin)] = qg::app::json_integer(h[bin]);
  return out;
}

void print_json(std::ostream& out, const Run& run) {
  const qg::infty::InftyStats& s = run.stats;
  nlohmann::json probes = nlohmann::json::object();
  for (int i = 0; i < qg::infty::InftyStats::kProbeBins; ++i)
    if (s.probe_histogram[i] != 0) probes[std::to_string(i)] = s.probe_histogram[i];
  nlohmann::json j = {
      {"terms", qg::app::json_integer(s.terms)},
      {"resumed_from", qg::app::json_integer(run.resumed_from)},
      {"high_terms", qg::app::json_integer(s.high_terms)},
      {"low_terms", qg::app::json_integer(s.terms - s.high_terms)},
      {"records",
       {{"high_max", records_json(s.high_max, true)},
        {"high_min", records_json(s.high_min, true)},
        {"low_max", records_json(s.low_max, false)},
        {"low_min", records_json(s.low_min, false)}}},
      {"histograms",
       {{"high_floor", histogram_json(s.high_histogram)}, {"low_floor", histogram_json(s.low_histogram)}}},
      {"probes", probes},
      {"windows", {{"max_scan", s.max_scan}, {"max_s_step", s.max_s_step}, {"reach", qg::infty::infty_window_reach()}}},
      {"seconds", run.seconds},
      {"cpu_seconds", run.cpu_seconds},
      {"peak_engine_bytes", run.peak_bytes},
      {"max_rss_bytes", run.max_rss},
  };
  out << j.dump(2) << "\n";
}

void print_records(std::ostream& out, const char* title, const std::vector<qg::infty::InftyTerm>& list, bool high) {
  out << fmt::format("  {} ({} records):\n", title, list.size());
  for (const auto& t : list)
    out << fmt::format("    n = {:>13}  q_n = {:>14}  {:>13}  = {}\n", t.n, t.q,
                       qg::infty::infty_discrepancy_decimal(t, high), qg::infty::infty_discrepancy_exact(t, high));
}

void print_stats(std::ostream& out, const Run& run) {
  const qg::infty::InftyStats& s = run.stats;
  auto extreme = [](const std::vector<qg::infty::InftyTerm>& list, bool high) {
    return list.empty()
               ? std::string("—")
               : fmt::format("{} (n = {})", qg::infty::infty_discrepancy_decimal(list.back(), high), list.back().n);
  };
  out << fmt::format("∞-queens (seed 002): statistics of q_n for n = 1..{}{} (--bfile prints the terms)\n", s.terms,
                     run.resumed_from ? fmt::format(", resumed from n = {}", run.resumed_from) : "");
  out << fmt::format(
      "  {:.1f} s, {:.1f} s of CPU ({:.2f} ns/term); engine memory {:.1f} MB ({:.3f} bytes/term), max RSS {:.1f} MB\n",
      run.seconds, run.cpu_seconds, run.cpu_seconds * 1e9 / static_cast<double>(s.terms - run.resumed_from),
      static_cast<double>(run.peak_bytes) / 1e6, static_cast<double>(run.peak_bytes) / static_cast<double>(s.terms),
      static_cast<double>(run.max_rss) / 1e6);
  out << fmt::format("  high terms (q_n ≥ n): {}   low terms (q_n < n): {}\n", s.high_terms, s.terms - s.high_terms);
  out << fmt::format("  {} ≤ q_n − nφ  ≤ {}   (Conjecture 25 as Knuth states it: −2 < · < 1)\n",
                     extreme(s.high_min, true), extreme(s.high_max, true));
  out << fmt::format("  {} ≤ q_n − n/φ ≤ {}   (−3 < · < 5)\n", extreme(s.low_min, false), extreme(s.low_max, false));
  out << "Knuth's records (each new maximum of the positive and minimum of the negative discrepancies):\n";
  print_records(out, "max of q_n − nφ", s.high_max, true);
  print_records(out, "min of q_n − nφ", s.high_min, true);
  print_records(out, "max of q_n − n/φ", s.low_max, false);
  print_records(out, "min of q_n − n/φ", s.low_min, false);
  auto histogram = [&](const char* title, const std::array<std::uint64_t, qg::infty::InftyStats::kHistBins>& h) {
    out << "  " << title << ":";
    for (int bin = 0; bin < qg::infty::InftyStats::kHistBins; ++bin)
      if (h[bin] != 0) out << fmt::format(" [{}] {}", floor_label(bin), h[bin]);
    out << "\n";
  };
  out << "Histograms of the floors:\n";
  histogram("floor(q_n − nφ), high terms ", s.high_histogram);
  histogram("floor(q_n − n/φ), low terms", s.low_histogram);
  out << "Probes per term (Knuth's ticks):";
  for (int i = 0; i < qg::infty::InftyStats::kProbeBins; ++i)
    if (s.probe_histogram[i] != 0) out << fmt::format(" [{}] {}", i, s.probe_histogram[i]);
  out << fmt::format("\nWindows: scans ≤ {} rows, steps of s ≤ {} (the engine's reach is {})\n", s.max_scan,
                     s.max_s_step, qg::infty::infty_window_reach());
}

void run_infty(const InftyOptions& o) {
  if (o.count.text.empty()) throw qg::InputError("infty-queens needs the number of terms N");
  const std::uint64_t count = o.count.value(1, qg::infty::kInftyMaxTerms);
  if (o.bfile + o.stats + o.json > 1) throw qg::InputError("choose one of --bfile, --stats and --json");
  // A resumed run checkpoints to the file it resumed from unless told otherwise, so that a
  // second interruption loses nothing since the resume.
  const std::string checkpoint = o.checkpoint.empty() ? o.resume : o.checkpoint;
  if (!o.every.text.empty() && checkpoint.empty())
    throw qg::InputError("--checkpoint-every needs --checkpoint FILE (or --resume FILE) to know where to write");
  const std::uint64_t every = o.every.text.empty() ? 300 : o.every.value(1);
  qg::require_memory(qg::infty::infty_memory_estimate(count), fmt::format("infty-queens {}", count), o.force);

  Run run;
  qg::infty::InftyQueens engine;
  if (!o.resume.empty()) {
    engine = qg::infty::InftyQueens::load(o.resume);
    if (engine.terms() > count)
      throw qg::InputError(fmt::format("cannot resume from {}: it already holds {} terms, more than N = {}", o.resume,
                                       engine.terms(), count));
    run.resumed_from = engine.terms();
  }
  auto save = [&] {
    if (!checkpoint.empty()) engine.save(checkpoint);
  };

  auto start = std::chrono::steady_clock::now();
  const double cpu_start = cpu_seconds();
  auto last_save = start;
  // Counted from the resumed term, so that the rate and the ETA are this run's.
  qg::Poller poller(qg::app::progress_line(run.resumed_from ? fmt::format("infty-queens from n = {}", run.resumed_from)
                                                            : std::string("infty-queens")),
                    count - run.resumed_from);
  constexpr std::uint64_t kChunk = std::uint64_t{1} << 16;  // about a millisecond of the engine
  std::vector<std::uint64_t> q(o.bfile ? kChunk : 0);
  std::string buffer;
  try {
    while (engine.terms() < count) {
      std::uint64_t first = engine.terms() + 1, chunk = std::min(kChunk, count - engine.terms());
      engine.step(chunk, o.bfile ? q.data() : nullptr);
      if (o.bfile) {
        for (std::uint64_t i = 0; i < chunk; ++i) {
          fmt::format_to(std::back_inserter(buffer), "{} {}\n", first + i, q[i]);
          if (buffer.size() > (1 << 16)) std::cout << buffer, buffer.clear();
        }
      }
      poller.tick(engine.terms() - run.resumed_from);
      if (!checkpoint.empty() && std::chrono::steady_clock::now() - last_save > std::chrono::seconds(every)) {
        save();
        last_save = std::chrono::steady_clock::now();
      }
    }
    poller.finish();
  } catch (const qg::app::Interrupted&) {
    if (checkpoint.empty()) throw;
    std::cout << buffer << std::flush;
    save();
    std::cerr << fmt::format(
        "queengames: interrupted at n = {}; checkpoint written to {} (continue with --resume {})\n", engine.terms(),
        checkpoint, checkpoint);
    throw qg::app::ExitStatus{130};
  }
  std::cout << buffer;
  run.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  run.cpu_seconds = cpu_seconds() - cpu_start;
  save();
  run.stats = engine.stats();
  run.peak_bytes = engine.peak_memory_bytes();
  run.max_rss = max_rss_bytes();
  if (o.json) print_json(std::cout, run);
  else if (!o.bfile) print_stats(std::cout, run);
  std::cout.flush();
}

QG_COMMAND("infty-queens", [](CLI::App& app) {
  auto o = std::make_shared<InftyOptions>();
  auto* cmd = app.add_subcommand(
      "infty-queens",
      "the lexicographically first ∞-queens solution q_n = A065188(n) with Knuth's statistics (seed 002)");
  cmd->add_option("N", o->count.text, "how many terms (1e9, 10^10, 2^40 … accepted; at most 2^62)");
  cmd->add_flag("--bfile", o->bfile, "print 'n q_n' for n = 1..N (from the checkpoint's n + 1 when resuming)");
  cmd->add_flag("--stats", o->stats, "print the records and histograms as a table (the default)");
  cmd->add_flag("--json", o->json, "print the statistics as JSON");
  cmd->add_option("--checkpoint", o->checkpoint,
                  "write the engine's state to FILE (atomically) every few minutes, on SIGINT/SIGTERM and at the end");
  cmd->add_option("--checkpoint-every", o->every.text,
                  "seconds between checkpoints (default 300; needs a checkpoint file)");
  cmd->add_option("--resume", o->resume,
                  "continue from a checkpoint FILE to N terms, to bit-identical results, checkpointing to FILE "
                  "again unless --checkpoint names another");
  cmd->add_flag("--force", o->force, "run even if the memory estimate exceeds this machine's memory");
  cmd->callback([o] { run_infty(*o); });
});

// ---- tour ----------------------------------------------------------------------------------

void tour_infty(std::ostream& out, const std::string& dir) {
  out << "Column n gets the lowest row q_n no earlier queen attacks (Knuth's 1-based q_n = A065188(n);\n"
         "seed 000 eq. (48) lists S_c = q_(c+1) − 1):\n  ";
  std::vector<std::uint64_t> q(22);
  qg::infty::InftyQueens engine;
  engine.step(q.size(), q.data());
  for (std::size_t i = 0; i < q.size(); ++i) out << q[i] << (i + 1 < q.size() ? ", " : ", …\n");
  out << "  (queengames infty-queens 22 --bfile)\n";

  const std::uint64_t n = 1'000'000;
  qg::infty::InftyStats s = qg::infty::infty_queens(n);
  auto extreme = [](const std::vector<qg::infty::InftyTerm>& list, bool high) {
    return fmt::format("{} at n = {}", qg::infty::infty_discrepancy_decimal(list.back(), high), list.back().n);
  };
  out << fmt::format(
      "\nThe queens hug two lines (Conjecture 25); to n = 10^6 (queengames infty-queens 1e6 --stats):\n"
      "  q_n − nφ  ranges over [{}, {}]\n  q_n − n/φ ranges over [{}, {}]\n",
      extreme(s.high_min, true), extreme(s.high_max, true), extreme(s.low_min, false), extreme(s.low_max, false));
  out << fmt::format(
      "  Knuth found −2 < q_n − nφ < 1 and −3 < q_n − n/φ < 5 to 10^9; docs/INFTY_QUEENS.md goes further.\n");

  qg::app::PictureOptions picture;
  picture.out = (std::filesystem::path(dir) / "infty-discrepancies.png").string();
  const qg::figures::Entry& e = qg::figures::entry("knuth-discrepancies");
  const std::vector<std::uint64_t> count{100'000};
  qg::app::write_picture(qg::figures::build(e, count, qg::app::figure_options(picture, 1200, e.id)), picture, 1200,
                         e.id);
  out << fmt::format(
      "\nThe discrepancies of q_1 … q_(10^5) against nφ and n/φ, with the bounds (49)–(50) of seed 000: {}\n"
      "  (queengames draw knuth-discrepancies --count 1e5 --out infty-discrepancies.png)\n",
      picture.out);
}

QG_TOUR_SECTION(60, "The lexicographically first ∞-queens solution (seed 002; seed 000 §8)", tour_infty);

}  // namespace
