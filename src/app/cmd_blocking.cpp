// queengames blocking / draw blocking: k-Blocking Wythoff Nim (seed 004) — palace-number
// summaries, tables, pictures, Golly exports and play.
#include <chrono>
#include <ctime>
#include <iostream>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "cli.hpp"
#include "draw.hpp"
#include "queengames/blocking.hpp"
#include "world.hpp"

namespace qg::app {

namespace {

namespace bl = qg::blocking;

bool ends_with(const std::string& s, const std::string& suffix) {
  return s.size() >= suffix.size() && s.compare(s.size() - suffix.size(), suffix.size(), suffix) == 0;
}

std::string cell_list(const std::vector<bl::Cell>& cells) {
  std::string s;
  for (const auto& c : cells) s += fmt::format("{}({},{})", s.empty() ? "" : " ", c.x, c.y);
  return s.empty() ? "none" : s;
}

struct BlockingOptions {
  NumberOption k;
  std::string size, engine = "definition", out, checkpoint;
  bool table = false, json = false, force = false, stats = false;
  NumberOption threads{"2"}, pixels{"1024"}, every{"300"}, batch{"1024"};
};

void print_summary(const bl::Summary& s, std::uint64_t k, const std::string& engine, bool json) {
  if (json)
    std::cout << nlohmann::json{{"k", k},
                                {"width", s.width},
                                {"height", s.height},
                                {"palaces", s.palaces},
                                {"min", s.min},
                                {"max", s.max},
                                {"sum64", qg::Sum64{s.width, s.sum64}.hex()},
                                {"engine", engine}}
                     .dump()
              << "\n";
  else std::cout << s.line() << "\n";
}

// The summary by column slabs, one per rank (or one slab on one process, for checkpoints):
// rank i owns the columns of bl::slab_columns and, a batch of rows at a time, receives the
// left neighbour's edges, counts its slab and sends its own edges right. Rank 0 decides when
// to checkpoint (every `every` seconds and after the last row) and the flag travels with the
// batch, so every rank saves the same row; the last rank marks the checkpoint complete.
void summary_by_slabs(World& world, std::uint64_t k, std::uint64_t w, std::uint64_t h, const BlockingOptions& o) {
  using Clock = std::chrono::steady_clock;
  const auto slabs = static_cast<std::uint64_t>(world.size()), rank = static_cast<std::uint64_t>(world.rank());
  const std::filesystem::path dir = o.checkpoint;
  std::uint64_t batch = 0, every = 0, y0 = 0;
  world.agree([&] {
    if (w < slabs)
      throw qg::InputError(fmt::format("{} slabs need a table at least {} wide (got {})", slabs, slabs, w));
    batch = o.batch.value(1, 1u << 20);
    every = o.every.value(0, 1'000'000);
    // Rank 0 checks the directory and the checkpoint to resume from, and every rank hears it.
    std::string verdict = "0";
    if (rank == 0 && !dir.empty()) try {
        std::filesystem::create_directories(dir);
        { qg::AtomicFile probe(dir / ".write-test"); }
        const std::uint64_t y = bl::last_checkpoint(dir, slabs).value_or(0);
        if (y > h)
          throw qg::InputError(
              fmt::format("the checkpoint in {} is at row {}, past the height {}", dir.string(), y, h));
        for (std::uint64_t i = 0; i < slabs && y > 0; ++i) {
          auto [x0, x1] = bl::slab_columns(w, slabs, i);
          bl::Slab::restore(bl::slab_checkpoint(dir, slabs, i, y), k, w, x0, x1, y);
        }
        verdict = std::to_string(y);
      } catch (const std::exception& e) {
        verdict = fmt::format("cannot resume from {}: {}", dir.string(), e.what());
      }
    verdict = world.broadcast(verdict);
    if (verdict.find_first_not_of("0123456789") != std::string::npos) throw qg::InputError(verdict);
    y0 = std::stoull(verdict);
  });

  const auto columns = bl::slab_columns(w, slabs, rank);
  const std::uint64_t x0 = columns.first, x1 = columns.second;  // named, not bound: lambdas capture them
  std::optional<bl::Slab> slab;
  std::uint64_t sent = 0;
  Clock::duration counting{}, waiting{};
  // The CPU time of this rank's thread while counting: on an oversubscribed machine the wall
  // time also holds the time other ranks ran.
  auto cpu_ns = [] {
    timespec t{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
    return static_cast<std::uint64_t>(t.tv_sec) * 1'000'000'000u + static_cast<std::uint64_t>(t.tv_nsec);
  };
  std::uint64_t counting_cpu = 0;
  std::uint64_t y = y0, marked = y0;  // the row counted to, and the last checkpoint's
  try {
    world.or_abort([&] {
      slab.emplace(y0 ? bl::Slab::restore(bl::slab_checkpoint(dir, slabs, rank, y0), k, w, x0, x1, y0)
                      : bl::Slab(k, w, x0, x1));
      qg::Poller poller(progress_line("blocking " + std::to_string(k)), h);
      std::vector<std::uint64_t> in, out;
      auto saved = Clock::now();
      for (; y < h;) {
        const std::uint64_t rows = std::min(batch, h - y);
        auto t0 = Clock::now();
        in.assign(1 + 2 * rows, 0);
        if (rank > 0) world.receive(world.rank() - 1, in);
        else if (!dir.empty()) in[0] = y + rows == h || Clock::now() - saved >= std::chrono::seconds(every);
        auto t1 = Clock::now();
        const std::uint64_t c1 = cpu_ns();
        out.assign(1 + 2 * rows, 0);
        out[0] = in[0];
        for (std::uint64_t j = 0; j < rows; ++j) {
          auto edge = slab->row({in[1 + 2 * j], in[2 + 2 * j]});
          out[1 + 2 * j] = edge.row, out[2 + 2 * j] = edge.diagonal;
        }
        y += rows;
        // Saved before the batch goes on, so that the last rank's mark finds every slab saved.
        if (out[0]) slab->save(bl::slab_checkpoint(dir, slabs, rank, y)), saved = Clock::now();
        auto t2 = Clock::now();
        counting_cpu += cpu_ns() - c1;
        if (rank + 1 < slabs) world.send(world.rank() + 1, out), sent += out.size() * 8;
        else if (out[0]) bl::mark_checkpoint(dir, slabs, y), marked = y;
        counting += t2 - t1, waiting += (t1 - t0) + (Clock::now() - t2);
        poller.tick(y);
      }
      poller.finish();
    });
  } catch (const Interrupted&) {
    // One process (under mpirun or_abort ends every rank) is interrupted only by its poll, at a
    // row's end: it saves that row, so that the same command resumes there.
    if (dir.empty()) throw;
    if (slab && y > marked) slab->save(bl::slab_checkpoint(dir, slabs, rank, y)), bl::mark_checkpoint(dir, slabs, y);
    std::cerr << fmt::format(
        "queengames: interrupted at row {} of {}; checkpoint written to {} (the same command resumes from it)\n", y, h,
        dir.string());
    throw ExitStatus{130};
  }
  const auto part = slab->summary();
  auto ns = [](Clock::duration d) {
    return static_cast<std::uint64_t>(std::chrono::duration_cast<std::chrono::nanoseconds>(d).count());
  };
  auto all = world.gather(
      {part.palaces, part.min, part.max, part.sum64, x1 - x0, ns(counting), ns(waiting), sent, counting_cpu});
  if (rank != 0) return;
  bl::Summary total{w, h, 0, UINT64_MAX, 0, 0};
  for (std::uint64_t i = 0; i < slabs; ++i)
    total = bl::combine(total, {w, h, all[9 * i], all[9 * i + 1], all[9 * i + 2], all[9 * i + 3]});
  if (o.stats) {
    // Per rank: its cells per second of counting, the time spent waiting for or handing on
    // edges, and the bytes it sent per row (the model of docs/SCALING.md).
    for (std::uint64_t i = 0; i < slabs; ++i) {
      const double count_s = static_cast<double>(all[9 * i + 5]) * 1e-9,
                   wait_s = static_cast<double>(all[9 * i + 6]) * 1e-9,
                   cpu_s = static_cast<double>(all[9 * i + 8]) * 1e-9;
      std::cerr << fmt::format(
          "rank {}: columns {}, counting {:.3f} s wall, {:.3f} s CPU ({:.3g} cells per CPU second), waiting {:.3f} s, "
          "sent {} bytes ({:.2f} per row)\n",
          i, all[9 * i + 4], count_s, cpu_s, static_cast<double>(all[9 * i + 4] * (h - y0)) / std::max(cpu_s, 1e-9),
          wait_s, all[9 * i + 7],
          static_cast<double>(all[9 * i + 7]) / static_cast<double>(std::max<std::uint64_t>(h - y0, 1)));
    }
  }
  print_summary(total, k, "slabs", o.json);
}

void run_blocking(const BlockingOptions& o, const CLI::App& cmd) {
  World world;
  std::uint64_t k = 0, w = 0, h = 0;
  auto engine = bl::Engine::definition;
  world.agree([&] {
    k = o.k.value(1, bl::kMaxK);
    if (o.size.empty()) throw qg::InputError("--size is required: N or WxH cells");
    auto size = parse_size(o.size, bl::kMaxSide);
    w = size.width, h = size.height;
    engine = bl::parse_engine(o.engine);
    const bool slabs = world.distributed() || !o.checkpoint.empty();
    if (slabs && (o.table || !o.out.empty() || engine != bl::Engine::definition))
      throw qg::InputError(
          "under mpirun, and with --checkpoint, only the summary is computed (by column slabs of the "
          "definition engine): drop --table, --out and --engine");
    if (o.table && !o.out.empty()) throw qg::InputError("--table prints the table, --out writes it: choose one");
    // Every option is used by the run it is given to, or refused (none is silently ignored).
    goes_with(cmd, "--pixels", ends_with(o.out, ".png"), "--out F.png");
    goes_with(cmd, "--checkpoint-every", !o.checkpoint.empty(), "--checkpoint DIR");
    goes_with(cmd, "--batch", slabs, "mpirun or --checkpoint DIR (the rows a slab passes on at once)");
    goes_with(cmd, "--stats", slabs, "mpirun or --checkpoint DIR");
    goes_with(cmd, "--threads", !slabs && !o.table && o.out.empty() && engine == bl::Engine::definition,
              "the definition engine's summary (no --table, --out, --checkpoint or mpirun)");
    goes_with(cmd, "--json", !o.table && o.out.empty(), "the summary (no --table or --out)");
    o.pixels.value(16, 16384), o.batch.value(1, 1u << 20), o.every.value(0, 1'000'000);
    o.threads.value(1, qg::kMaxThreads);
  });
  if (world.distributed() || !o.checkpoint.empty()) {
    summary_by_slabs(world, k, w, h, o);
    return;
  }
  if (!o.out.empty()) {
    bl::Region region{0, 0, w, h};
    auto progress = progress_line("blocking " + std::to_string(k));
    if (ends_with(o.out, ".rle")) {
      bl::write_rle(o.out, k, region, engine, progress, o.force);
    } else if (ends_with(o.out, ".png") || ends_with(o.out, ".svg") || ends_with(o.out, ".pdf")) {
      PictureOptions picture;
      picture.out = o.out;
      picture.pixels = o.pixels;
      picture.force = o.force;
      write_picture(qg::figures::palaces_figure(k, {0, 0, w, h}, figure_options(picture, 1024, "blocking"), o.engine),
                    picture, 1024, "blocking " + std::to_string(k));
    } else {
      throw qg::InputError("--out must name a picture (.png, .svg, .pdf) or a .rle Golly pattern (got " + o.out + ")");
    }
    say_wrote(o.out);
    return;
  }
  if (o.table) {
    bl::PalaceRows rows(k, w, engine, o.force);
    std::string buffer;
    qg::Poller poller(progress_line("blocking " + std::to_string(k)), h);
    for (std::uint64_t y = 0; y < h; ++y) {
      const auto row = rows.next(poller);
      for (std::uint64_t x = 0; x < w; ++x) {
        fmt::format_to(std::back_inserter(buffer), "{}{}", x ? " " : "", row[x]);
        if (buffer.size() > (1 << 16)) std::cout << buffer, buffer.clear();
        poller.tick(y);
      }
      buffer += '\n';
    }
    poller.finish();
    std::cout << buffer;
    return;
  }
  auto s = bl::summary(k, w, h, engine, static_cast<unsigned>(o.threads.value(1, qg::kMaxThreads)),
                       progress_line("blocking " + std::to_string(k)), o.force);
  print_summary(s, k, o.engine, o.json);
}

struct PlayOptions {
  std::string x, y, blocked;
  bool json = false;
  bool force = false;
};

struct ThreadsOptions {
  NumberOption depth, reach{"0"}, min_runs{"8"}, max_period{"4096"};
  std::string engine = "definition";
  bool json = false, force = false;
};

// The options of `threads` and `warp`, in their ranges.
bl::ThreadOptions thread_options(const ThreadsOptions& o) {
  bl::ThreadOptions options;
  options.depth = o.depth.value(16, bl::kMaxSide);
  options.reach = o.reach.value(0, std::uint64_t{1} << 20);
  options.min_runs = o.min_runs.value(2, bl::kMaxSide);
  options.max_period = o.max_period.value(1, std::uint64_t{1} << 20);
  options.engine = bl::parse_engine(o.engine);
  return options;
}

// queengames blocking K threads --depth D: the upper P-threads (the lower ones are their mirrors).
void run_threads(std::uint64_t k, const ThreadsOptions& o) {
  const bl::ThreadOptions options = thread_options(o);
  const auto report = bl::p_threads(k, options, progress_line("threads"), o.force);
  std::uint64_t irregular = 0;
  for (const auto& t : report.upper) irregular += !t.periodic;
  if (o.json) {
    nlohmann::json threads = nlohmann::json::array();
    for (const auto& t : report.upper) {
      nlohmann::json j{{"shape", t.shape == bl::ThreadShape::chain ? "chain" : "band"},
                       {"start", {t.runs.front().x, t.runs.front().y}},
                       {"end", {t.runs.back().x, t.runs.back().y}},
                       {"runs", t.runs.size()},
                       {"cells", t.cells},
                       {"deviation", t.deviation},
                       {"slope", {t.slope_low.text(), t.slope_high.text()}},
                       {"periodic", t.periodic}};
      if (t.periodic) {
        nlohmann::json steps = nlohmann::json::array();
        for (std::uint64_t i = t.preperiod; i < t.preperiod + t.period; ++i)
          steps.push_back({t.runs[i + 1].x - t.runs[i].x, t.runs[i + 1].y - t.runs[i].y});
        j["period"] = t.period, j["preperiod"] = t.preperiod, j["repeats"] = t.repeats;
        j["period_steps"] = steps, j["period_slope"] = t.period_slope.text();
      }
      threads.push_back(j);
    }
    std::cout << nlohmann::json{{"k", k},
                                {"depth", report.depth},
                                {"reach", report.reach},
                                {"runs", report.runs},
                                {"chains", report.chains},
                                {"non_periodic", irregular},
                                {"upper", threads}}
                     .dump()
              << "\n";
    return;
  }
  std::cout << fmt::format(
      "game {}: {} upper P-threads to depth {} ({} not periodic), from {} chains of {} column runs (reach {}); the "
      "lower "
      "threads are their mirrors (x, y) -> (y, x)\n",
      k, report.upper.size(), report.depth, irregular, report.chains, report.runs, report.reach);
  for (std::size_t i = 0; i < report.upper.size(); ++i) {
    const auto& t = report.upper[i];
    std::cout << fmt::format(
        "thread {} ({}): start ({},{}) end ({},{}), {} runs, {} cells, slope in [{}, {}] (deviation {}), ", i + 1,
        t.shape == bl::ThreadShape::chain ? "chain" : "band", t.runs.front().x, t.runs.front().y, t.runs.back().x,
        t.runs.back().y, t.runs.size(), t.cells, t.slope_low.text(), t.slope_high.text(), t.deviation);
    if (t.periodic)
      std::cout << fmt::format("periodic: period {} steps from step {} ({} repeats), one period ({},{}), slope {}\n",
                               t.period, t.preperiod, t.repeats, t.period_dx, t.period_dy, t.period_slope.text());
    else std::cout << fmt::format("not periodic to depth {}\n", report.depth);
  }
}

// queengames blocking K warp --depth D: the warp's threads, their thicknesses and merges.
void run_warp(std::uint64_t k, const ThreadsOptions& o) {
  const bl::ThreadOptions options = thread_options(o);
  const auto report = bl::warp(k, options, progress_line("warp"), o.force);
  std::uint64_t fibonacci = 0;
  for (const auto& w : report.warp) fibonacci += w.fibonacci;
  if (o.json) {
    nlohmann::json threads = nlohmann::json::array();
    for (const auto& w : report.warp) {
      nlohmann::json plateaus = nlohmann::json::array();
      for (const auto& p : w.plateaus) plateaus.push_back({p.row, p.rows, p.cells});
      threads.push_back({{"start", {w.thread.runs.front().x, w.thread.runs.front().y}},
                         {"end", {w.thread.runs.back().x, w.thread.runs.back().y}},
                         {"period", {w.thread.period_dx, w.thread.period_dy}},
                         {"period_slope", w.thread.period_slope.text()},
                         {"period_cells", w.period_cells},
                         {"settled", w.settled},
                         {"thickness", w.thickness},
                         {"direction", w.direction ? std::string(1, w.direction) : std::string()},
                         {"vertical", w.vertical.text()},
                         {"horizontal", w.horizontal.text()},
                         {"diagonal", w.diagonal.text()},
                         {"fibonacci", w.fibonacci},
                         {"plateaus", plateaus}});
    }
    std::cout << nlohmann::json{{"k", k},
                                {"depth", report.depth},
                                {"reach", report.reach},
                                {"threads", report.threads},
                                {"arm_threads", report.arm_threads},
                                {"fibonacci", fibonacci},
                                {"warp", threads}}
                     .dump()
              << "\n";
    return;
  }
  std::cout << fmt::format(
      "game {}: {} warp threads to depth {} ({} of the {} upper threads are the arm's; {} warp threads with an "
      "integer thickness that is a Fibonacci number)\n",
      k, report.warp.size(), report.depth, report.arm_threads, report.threads, fibonacci);
  for (std::size_t i = 0; i < report.warp.size(); ++i) {
    const auto& w = report.warp[i];
    std::string rises;
    for (const auto& p : w.plateaus) rises += fmt::format("{}{}@{}", rises.empty() ? "" : " ", p.cells, p.row);
    std::cout << fmt::format(
        "warp thread {}: start ({},{}), slope {}, period ({},{}) of {} cells: thickness vertical {}, horizontal {}, "
        "diagonal {}{}; cells per {} rows by plateau (count@row): {}\n",
        i + 1, w.thread.runs.front().x, w.thread.runs.front().y, w.thread.period_slope.text(), w.thread.period_dx,
        w.thread.period_dy, w.period_cells, w.vertical.text(), w.horizontal.text(), w.diagonal.text(),
        w.direction ? fmt::format(" ({} {}{})",
                                  w.direction == 'h'   ? "horizontal"
                                  : w.direction == 'v' ? "vertical"
                                                       : "diagonal",
                                  w.thickness, w.fibonacci ? ", Fibonacci" : ", not Fibonacci")
                    : " (no integer thickness)",
        w.thread.period_dy, rises.empty() ? "none" : rises);
  }
}

struct SkinOptions {
  NumberOption columns;
  bool json = false, force = false;
};

// queengames blocking K skin --columns C: the arm's skin stages past the shoulder.
void run_skin(std::uint64_t k, const SkinOptions& o) {
  const auto skin = bl::arm_skin(k, o.columns.value(16, std::uint64_t{1} << 24), progress_line("skin"), o.force);
  if (o.json) {
    nlohmann::json levels = nlohmann::json::array();
    for (const auto& l : skin.levels)
      levels.push_back({{"n", l.n},
                        {"columns", {l.first, l.end}},
                        {"first_row", l.first_row},
                        {"thick", l.thick},
                        {"thick_plus", l.thick_plus},
                        {"horizontal", l.horizontal},
                        {"diagonal", l.diagonal},
                        {"period", l.period},
                        {"drop", l.drop},
                        {"steps", l.steps},
                        {"steps_match", l.steps_match},
                        {"fibonacci", l.fibonacci}});
    std::cout << nlohmann::json{{"k", k}, {"columns", skin.columns}, {"levels", levels}}.dump() << "\n";
    return;
  }
  std::cout << fmt::format("game {}: {} skin levels within {} columns past the shoulder ({}, 0)\n", k,
                           skin.levels.size(), skin.columns, k);
  for (const auto& l : skin.levels)
    std::cout << fmt::format(
        "n = {}: columns {}..{} (top row {}), vertical thickness f_{} ({} columns) or f_{} + 1 ({}), horizontal {}, "
        "diagonal {}, period {} columns × {} rows, steps {}{}{}\n",
        l.n, l.first, l.end, l.first_row, 2 * l.n, l.thick, 2 * l.n, l.thick_plus, l.horizontal, l.diagonal, l.period,
        l.drop, l.steps.size() > 64 ? l.steps.substr(0, 64) + "…" : l.steps,
        l.steps_match ? fmt::format(" (= μ^{}(2) rotated)", l.n) : " (not μ^n(2))",
        l.fibonacci ? "; the paper's Fibonacci figures" : "; NOT the paper's figures");
}

struct ViewOptions {
  NumberOption depth, max_cells{"16"};
  std::string engine = "definition";
  bool json = false, force = false;
};

// queengames blocking K view --depth D: where the queen sees the most palaces.
void run_view(std::uint64_t k, const ViewOptions& o) {
  bl::QueenViewOptions options;
  options.depth = o.depth.value(3, bl::kMaxSide);
  options.max_cells = o.max_cells.value(0, std::uint64_t{1} << 20);
  options.engine = bl::parse_engine(o.engine);
  const auto v = bl::queen_view(k, options, progress_line("view"), o.force);
  if (o.json) {
    nlohmann::json first = nlohmann::json::array();
    for (const auto& c : v.first) first.push_back({c.x, c.y});
    std::cout << nlohmann::json{{"k", k},
                                {"depth", v.depth},
                                {"max", v.max},
                                {"cells", v.cells},
                                {"first", first},
                                {"in_armpit", v.in_armpit},
                                {"armpit_max", v.armpit_max},
                                {"above", v.above},
                                {"armpits_unique", v.armpits_unique()}}
                     .dump()
              << "\n";
    return;
  }
  std::cout << fmt::format(
      "game {} to depth {} (cells x >= y): the queen sees at most {} palaces (k + {}), from {} cells, {} of them in "
      "the armpit window (whose largest is {}): {}\n",
      k, v.depth, v.max, static_cast<std::int64_t>(v.max) - static_cast<std::int64_t>(k), v.cells, v.in_armpit,
      v.armpit_max, v.armpits_unique() ? "the armpits alone" : "not the armpits alone");
  std::cout << "first cells: " << cell_list(v.first) << "\n";
}

nlohmann::json cells_json(const std::vector<bl::Cell>& cells) {
  nlohmann::json out = nlohmann::json::array();
  for (const auto& c : cells) out.push_back({c.x, c.y});
  return out;
}

void run_play(std::uint64_t k, const PlayOptions& o) {
  bl::Cell queen{qg::parse_u64(o.x, 0, bl::kMaxSide - 1), qg::parse_u64(o.y, 0, bl::kMaxSide - 1)};
  std::optional<std::vector<bl::Cell>> blocked;
  if (!o.blocked.empty()) {
    blocked.emplace();
    std::string_view rest = o.blocked;
    while (!rest.empty()) {
      auto end = rest.find(';');
      blocked->push_back(bl::parse_cell(rest.substr(0, end)));
      rest = end == std::string_view::npos ? std::string_view{} : rest.substr(end + 1);
    }
  }
  auto a = bl::play(k, queen, blocked, progress_line("play"), o.force);
  std::ostream& out = std::cout;
  if (o.json) {
    nlohmann::json options = nlohmann::json::array();
    for (const auto& [c, v] : a.options) options.push_back({{"cell", {c.x, c.y}}, {"palace_number", v}});
    nlohmann::json j{{"k", k},
                     {"queen", {queen.x, queen.y}},
                     {"palace_number", a.palace_number},
                     {"visible_palaces", cells_json(a.visible_palaces)},
                     {"pawns_given", a.blocks_given},
                     {"blocked", cells_json(a.blocked)},
                     {"options", options},
                     {"winning", a.winning()},
                     {"moves", a.moves}};
    if (a.winning()) {
      j["move"] = {a.move->x, a.move->y};
      j["move_palace_number"] = a.move_palace_number;
      j["block"] = cells_json(a.pawns);
    }
    out << j.dump() << "\n";
    return;
  }
  out << fmt::format("k = {}, queen at ({},{}): palace number {} ({}), sees {} palace(s): {}\n", k, queen.x, queen.y,
                     a.palace_number, a.palace_number < k ? "a palace" : "no palace", a.visible_palaces.size(),
                     cell_list(a.visible_palaces));
  out << fmt::format("pawns {}: {}\n", a.blocks_given ? "given" : "(the opponent's best)", cell_list(a.blocked));
  if (!a.options.empty()) {
    std::string list;
    for (const auto& [c, v] : a.options) list += fmt::format("{}({},{}):{}", list.empty() ? "" : " ", c.x, c.y, v);
    out << "options (cell:palace number): " << list << "\n";
  }
  if (a.winning()) {
    out << fmt::format("win: move the queen to ({},{}) (palace number {} < k)", a.move->x, a.move->y,
                       a.move_palace_number);
    if (!a.blocks_given && a.palace_number >= k)
      out << fmt::format(", or to any of the {} palaces seen that the opponent's {} pawns left open", a.palace_number,
                         k - 1);
    out << fmt::format("\nthen block the {} palace(s) it sees: {}{}\n", a.pawns.size(), cell_list(a.pawns),
                       a.pawns.size() < k - 1 ? fmt::format(" (the other {} pawns anywhere)", k - 1 - a.pawns.size())
                                              : "");
  } else if (a.moves == 0) {
    out << "lost: the queen cannot move\n";
  } else {
    out << fmt::format(
        "lost: all {} unblocked moves go to non-palaces (palace number ≥ {}), from which the "
        "opponent reaches a palace and blocks the rest\n",
        a.moves, k);
  }
}

struct DrawOptions {
  NumberOption k, compare;
  std::string size, at = "0,0", shift, engine = "definition";
  PictureOptions picture;
};

void run_draw(const DrawOptions& o, const CLI::App& cmd) {
  std::uint64_t k = o.k.value(1, bl::kMaxK);
  goes_with(cmd, "--shift", !o.compare.text.empty(), "--compare K2");
  // A comparison streams both games by the definition engine.
  goes_with(cmd, "--engine", o.compare.text.empty(), "a picture of one game (no --compare)");
  if (o.size.empty()) throw qg::InputError("--size is required: N or WxH cells");
  auto [w, h] = parse_size(o.size, bl::kMaxSide);
  auto corner = bl::parse_cell(o.at);
  plot::format_of(o.picture.out);
  const qg::figures::Window window{corner.x, corner.y, w, h};
  const auto options = figure_options(o.picture, 1024, "draw");
  if (o.compare.text.empty()) {
    write_picture(qg::figures::palaces_figure(k, window, options, o.engine), o.picture, 1024, "draw");
    say_wrote(o.picture.out);
  } else {
    const auto shift = bl::parse_cell(o.shift.empty() ? "1,1" : o.shift);
    double matched = 0;
    write_picture(
        qg::figures::comparison_figure(k, o.compare.value(1, bl::kMaxK), shift.x, shift.y, window, options, &matched),
        o.picture, 1024, "draw");
    say_wrote(o.picture.out, fmt::format("{:.2f}% of the cells match", 100 * matched));
  }
}

QG_DRAW("blocking", [](CLI::App& draw) {
  auto o = std::make_shared<DrawOptions>();
  auto* cmd = draw.add_subcommand("blocking",
                                  "palace numbers of k-Blocking Wythoff Nim in the palette of seed 004 Fig. 1 (the "
                                  "paper's figures: draw blocking-fig1 … fig8)");
  cmd->add_option("k", o->k.text, "the blocking number k (k − 1 pawns)")->required();
  cmd->add_option("--size", o->size, "the region: N or WxH cells")->required();
  cmd->add_option("--at", o->at, "the region's upper-left cell x,y (default 0,0)");
  cmd->add_option("--engine", o->engine, "definition (default), plain or ca");
  cmd->add_option("--compare", o->compare.text, "Figure 4: compare with game K2, masking differing cells in white");
  cmd->add_option("--shift", o->shift, "with --compare: game K2's cell (x+dx, y+dy) against (x, y); default 1,1");
  add_picture_options(cmd, o->picture, "blocking.png");
  cmd->callback([o, cmd] { run_draw(*o, *cmd); });
});

QG_COMMAND("blocking", [](CLI::App& app) {
  auto o = std::make_shared<BlockingOptions>();
  auto* cmd = app.add_subcommand("blocking", "k-Blocking Wythoff Nim (seed 004): palace numbers, pictures, play");
  cmd->add_option("k", o->k.text, "the blocking number k (k − 1 pawns); k = 1 is Wythoff Nim")->required();
  cmd->add_option("--size", o->size, "the table: W or WxH cells from (0,0)");
  cmd->add_flag("--table", o->table, "print the H rows of W palace numbers");
  cmd->add_option("--engine", o->engine, "definition (default; SIMD, threads), plain (one cell at a time) or ca");
  cmd->add_option("--threads", o->threads.text, "threads for the definition engine's summary (default 2; 1..256)");
  cmd->add_option("--out", o->out, "draw to F.png or export F.rle (Golly extended RLE)");
  cmd->add_option("--pixels", o->pixels.text, std::string("with --out F.png: ") + kPixelsHelp);
  cmd->add_flag("--json", o->json, "the summary as JSON");
  cmd->add_flag("--force", o->force, "run even if the memory estimate exceeds this machine's memory");
  cmd->add_option("--checkpoint", o->checkpoint,
                  "count by column slabs (one per mpirun rank, or one), saving them in DIR to resume a killed run");
  cmd->add_option("--checkpoint-every", o->every.text, "with --checkpoint: seconds between checkpoints (default 300)");
  cmd->add_option("--batch", o->batch.text,
                  "under mpirun: rows per message between neighbouring slabs (default 1024: 16 KiB, one latency per "
                  "1024 rows; the pipeline fills in R − 1 batches)");
  cmd->add_flag("--stats", o->stats, "under mpirun: each rank's counting rate, waiting time and bytes sent, on stderr");
  auto p = std::make_shared<PlayOptions>();
  auto* play = cmd->add_subcommand("play", "from (X, Y): a winning move and the cells to block, or why it is lost");
  play->add_option("x", p->x, "the queen's column")->required();
  play->add_option("y", p->y, "the queen's row")->required();
  play->add_option("--blocked", p->blocked, "the opponent's pawns, \"x,y;x,y;…\" (default: the opponent's best)");
  play->add_flag("--json", p->json, "JSON instead of text");
  play->add_flag("--force", p->force, "run even if the memory estimate exceeds this machine's memory");
  play->callback([o, p, cmd] {
    for (const CLI::Option* option : cmd->get_options())
      if (!option->get_positional() && option->count() > 0)
        throw qg::InputError(option->get_name() + " is an option of blocking K, not of blocking K play");
    run_play(o->k.value(1, bl::kMaxK), *p);
  });
  auto t = std::make_shared<ThreadsOptions>();
  auto* threads = cmd->add_subcommand(
      "threads", "the upper P-threads (near-lines of palaces) to depth D: slope windows, periods (issue 39 §1)");
  threads->add_option("--depth", t->depth.text, "D: the D×D table (16..2^31)")->required();
  threads->add_option("--reach", t->reach.text, "the widest gap in columns between a thread's runs (default 4k + 16)");
  threads->add_option("--min-runs", t->min_runs.text, "a thread's fewest column runs (default 8)");
  threads->add_option("--max-period", t->max_period.text, "periods tried, in steps (default 4096)");
  threads->add_option("--engine", t->engine, "definition (default), plain or ca");
  threads->add_flag("--json", t->json, "JSON instead of text");
  threads->add_flag("--force", t->force, "run even if the memory estimate exceeds this machine's memory");
  threads->callback([o, t, cmd] {
    for (const CLI::Option* option : cmd->get_options())
      if (!option->get_positional() && option->count() > 0)
        throw qg::InputError(option->get_name() + " is an option of blocking K, not of blocking K threads");
    run_threads(o->k.value(1, bl::kMaxK), *t);
  });
  auto only_here = [o, cmd](const char* sub) {
    for (const CLI::Option* option : cmd->get_options())
      if (!option->get_positional() && option->count() > 0)
        throw qg::InputError(option->get_name() + " is an option of blocking K, not of blocking K " + sub);
    return o->k.value(1, bl::kMaxK);
  };
  auto w = std::make_shared<ThreadsOptions>();
  auto* warp = cmd->add_subcommand(
      "warp", "the warp's threads to depth D: thicknesses per column, row, diagonal; merges (seed 004 §4 Q7)");
  warp->add_option("--depth", w->depth.text, "D: the D×D table (16..2^31)")->required();
  warp->add_option("--reach", w->reach.text, "the widest gap in columns between a thread's runs (default 4k + 16)");
  warp->add_option("--min-runs", w->min_runs.text, "a thread's fewest column runs (default 8)");
  warp->add_option("--max-period", w->max_period.text, "periods tried, in steps (default 4096)");
  warp->add_option("--engine", w->engine, "definition (default), plain or ca");
  warp->add_flag("--json", w->json, "JSON instead of text");
  warp->add_flag("--force", w->force, "run even if the memory estimate exceeds this machine's memory");
  warp->callback([w, only_here] { run_warp(only_here("warp"), *w); });
  auto sk = std::make_shared<SkinOptions>();
  auto* skin = cmd->add_subcommand(
      "skin", "the arm's skin at every level n past the shoulder: thicknesses, periods, steps (seed 004 §3.4, Q1–Q2)");
  skin->add_option("--columns", sk->columns.text, "columns past the shoulder (k, 0) (16..2^24)")->required();
  skin->add_flag("--json", sk->json, "JSON instead of text");
  skin->add_flag("--force", sk->force, "run even if the memory estimate exceeds this machine's memory");
  skin->callback([sk, only_here] { run_skin(only_here("skin"), *sk); });
  auto vw = std::make_shared<ViewOptions>();
  auto* view = cmd->add_subcommand(
      "view", "where the queen sees the most palaces to depth D, against the armpit window (seed 004 §4 Q4)");
  view->add_option("--depth", vw->depth.text, "D: the D×D table (3..2^31)")->required();
  view->add_option("--cells", vw->max_cells.text, "cells of the maximum listed (default 16)");
  view->add_option("--engine", vw->engine, "definition (default), plain or ca");
  view->add_flag("--json", vw->json, "JSON instead of text");
  view->add_flag("--force", vw->force, "run even if the memory estimate exceeds this machine's memory");
  view->callback([vw, only_here] { run_view(only_here("view"), *vw); });
  cmd->require_subcommand(0, 1);
  cmd->callback([o, play, threads, warp, skin, view, cmd] {
    if (!play->parsed() && !threads->parsed() && !warp->parsed() && !skin->parsed() && !view->parsed())
      run_blocking(*o, *cmd);
  });
});

void tour_blocking(std::ostream& out, const std::string& dir) {
  // Each step takes up to seconds: its progress callback answers a signal within it.
  auto progress = progress_line("blocking");
  out << "Palace numbers streamed by the definition (SIMD scan, two threads), and by the fourth-order CA:\n";
  out << "$ queengames blocking 1000 --size 10000\n"
      << bl::summary(1000, 10000, 10000, bl::Engine::definition, 2, progress).line() << "\n";
  auto by_definition = bl::summary(100, 1000, 1000, bl::Engine::definition, 2, progress),
       by_ca = bl::summary(100, 1000, 1000, bl::Engine::ca, 2, progress);
  out << "$ queengames blocking 100 --size 1000 --engine ca\n"
      << by_ca.line()
      << (by_ca == by_definition ? "  (= the definition: Theorem 2.1)" : "  (DIFFERS from the definition)") << "\n";
  auto example = bl::play(5, {3, 3}, std::vector<bl::Cell>{{0, 0}, {1, 1}, {0, 3}, {3, 0}}, progress);
  std::string options;
  for (const auto& [c, v] : example.options) options += fmt::format(" ({},{}):{}", c.x, c.y, v);
  out << "The example game of §1 (k = 5, queen at (3,3), pawns on (0,0) (1,1) (0,3) (3,0)):\n"
      << "$ queengames blocking 5 play 3 3 --blocked \"0,0;1,1;0,3;3,0\"\n"
      << (example.winning() ? "win" : "lost") << ": every option is a non-palace —" << options << "\n";
  auto figure = [&](const char* id, const std::string& file, const std::string& what) {
    const qg::figures::Entry& e = qg::figures::entry(id);
    PictureOptions picture;
    picture.out = dir + "/" + file;
    write_picture(qg::figures::build(e, qg::figures::values(e, {}), figure_options(picture, 1200, id)), picture, 1200,
                  id);
    out << what << ": " << picture.out << "\n  $ " << e.command().substr(0, e.command().find(" --out")) << " --out "
        << file << "\n";
  };
  figure("blocking-fig1", "blocking_figure1.png", "Figure 1 (game 5 on 11×11)");
  const qg::figures::Window k100{0, 0, 300, 300};
  PictureOptions picture;
  picture.out = dir + "/blocking_k100.png";
  write_picture(qg::figures::palaces_figure(100, k100, figure_options(picture, 1200, "blocking")), picture, 1200,
                "blocking");
  out << "Figure 3 (game 100 on 300×300: hood, épaulettes, arms, fabric, warps): " << picture.out << "\n"
      << "  $ queengames draw blocking 100 --size 300 --out blocking_k100.png\n";
}

QG_TOUR_SECTION(80, "k-Blocking Wythoff Nim (seed 004: Cook, Larsson, Neary)", tour_blocking);

}  // namespace

}  // namespace qg::app
