// The census's files (blocking.hpp, "the census"): the manifest, one record per unit, the
// windows that carry a game's rows from unit to unit, and census.json merged from the records.
//
//   DIR/manifest.txt                  the census and its units, one a line (checksummed)
//   DIR/k<K>/unit-<J>.txt             unit J's record: a heading naming the unit, its fields,
//                                     the checksum line (written atomically: whole or absent)
//   DIR/k<K>/window-<J>.slab, .rows   the counters and last two rows after row unit J, kept
//                                     until unit J + 1's record is written
//   DIR/census.json                   a line per game, the units' records combined in order
#include <fstream>

#include <fmt/format.h>

#include "blocking/census.hpp"
#include "core/checksum.hpp"
#include "queengames/io.hpp"

namespace qg::blocking {

namespace {

namespace fs = std::filesystem;
using detail::Combine;
using detail::Record;

constexpr std::uint64_t kRecordLimit = 1 << 16;  // a record is a few hundred bytes

std::uint64_t default_rows(std::uint64_t depth) { return std::min(depth, std::max<std::uint64_t>(1024, depth / 16)); }

fs::path game_dir(const fs::path& dir, std::uint64_t k) { return dir / fmt::format("k{}", k); }
fs::path record_path(const fs::path& dir, const CensusUnit& u) {
  return game_dir(dir, u.k) / fmt::format("unit-{}.txt", u.index);
}
fs::path window_path(const fs::path& dir, std::uint64_t k, std::uint64_t j, const char* ext) {
  return game_dir(dir, k) / fmt::format("window-{}.{}", j, ext);
}
fs::path manifest_path(const fs::path& dir) { return dir / "manifest.txt"; }

std::string unit_line(const CensusUnit& u, std::uint64_t depth) {
  if (u.skin)
    return fmt::format("k={} unit={} skin columns={} engine={}", u.k, u.index, depth > u.k ? depth - u.k : 0,
                       kCensusEngine);
  return fmt::format("k={} unit={} rows={}..{} width={} engine={}", u.k, u.index, u.y0, u.y1, depth, kCensusEngine);
}

// The bytes of a file, at most limit + 1 of them (nullopt when it cannot be read).
std::optional<std::string> read_up_to(const fs::path& path, std::uint64_t limit) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return std::nullopt;
  std::string file(limit + 1, '\0');
  in.read(file.data(), static_cast<std::streamsize>(file.size()));
  file.resize(static_cast<std::size_t>(in.gcount()));
  return file;
}

// A record's text: its heading, then a line per field, then the checksum line.
std::string record_text(const CensusUnit& u, std::uint64_t depth, const Record& record) {
  std::string text = "# " + unit_line(u, depth) + "\n";
  for (const auto& f : record) text += detail::field_line(f);
  return text + checksum_line(text);
}

// The record of a unit from its file, or why there is none ("missing", "damaged (…)").
std::string read_record(const fs::path& dir, const CensusUnit& u, std::uint64_t depth, Record* record,
                        std::string* file_text = nullptr) {
  const auto file = read_up_to(record_path(dir, u), kRecordLimit);
  if (!file) return "missing";
  if (file->size() > kRecordLimit) return "damaged (longer than a record can be)";
  const auto text = checksummed_text(*file);
  if (!text) return "damaged (its checksum line is missing or does not match)";
  std::string_view rest = *text;
  auto next_line = [&] {
    const auto eol = rest.find('\n');
    const std::string_view line = rest.substr(0, eol);
    rest.remove_prefix(eol == std::string_view::npos ? rest.size() : eol + 1);
    return line;
  };
  // A whole file is what a run wrote; its heading must still name this unit (a file copied
  // from another unit or census is not merged).
  if (next_line() != "# " + unit_line(u, depth)) return "damaged (it is the record of another unit)";
  Record fields;
  while (!rest.empty()) {
    const auto field = detail::parse_field(next_line());
    if (!field) return "damaged (a malformed field)";
    fields.push_back(*field);
  }
  if (record) *record = std::move(fields);
  if (file_text) *file_text = *file;
  return "";
}

// Row unit u from the window, which stands at its first row: its measures and spot check, the
// window after it saved for the next unit (unless it is the last), its record, and the window
// before it removed. A unit whose whole record is there (recomputed because a later unit
// needed the window) must give that record again. 1 when the record was written.
std::uint64_t run_row_unit(const fs::path& dir, const CensusSpec& spec, const CensusUnit& u, detail::RowWindow& window,
                           Poller& poller, bool keep_window) {
  Record record = detail::measure_rows(u.k, spec.depth, u.y1, window, poller);
  if (const auto engine = detail::spot_engine(u, spec.spot_every)) {
    detail::spot_check(u.k, spec.depth, u.y0, u.y1, *engine, record, poller);
    record.push_back({"spot_checks", Combine::list, {u.index, *engine == Engine::plain ? 1u : 2u}});
  }
  const std::string text = record_text(u, spec.depth, record);
  std::string existing;
  if (read_record(dir, u, spec.depth, nullptr, &existing).empty() && existing != text)
    throw CensusViolation(
        fmt::format("game {} unit {}: computed again, it differs from its record in {}", u.k, u.index, dir.string()));
  if (keep_window)
    detail::save_window(window, window_path(dir, u.k, u.index, "slab"), window_path(dir, u.k, u.index, "rows"));
  if (existing.empty()) {
    AtomicFile file(record_path(dir, u));
    file.stream() << text;
    file.commit();
  }
  if (u.index > 0)
    for (const char* ext : {"slab", "rows"}) fs::remove(window_path(dir, u.k, u.index - 1, ext));
  return existing.empty() ? 1 : 0;
}

}  // namespace

std::uint64_t census_bytes(std::uint64_t k, std::uint64_t depth) {
  // The slab's counters (≤ 12 a column), the window's three rows (12), the spot check's plain
  // engine and row (16), the skin unit's table and per-column state (about 40 a column of
  // k + D + 64), and a MiB for buffers.
  return 40 * depth + 40 * (k + depth + 64) + (std::uint64_t{1} << 21);
}

Census::Census(CensusSpec spec, bool force) : spec_(spec) {
  if (spec_.last < spec_.first)
    throw InputError(fmt::format("the range of k {}..{} is empty", spec_.first, spec_.last));
  require_k(spec_.first), require_k(spec_.last);
  if (spec_.depth < 3 || spec_.depth > kMaxSide)
    throw RangeError(fmt::format("the depth must be in 3..2^31 (got {})", spec_.depth));
  if (spec_.rows == 0) spec_.rows = default_rows(spec_.depth);
  if (spec_.rows > spec_.depth)
    throw RangeError(fmt::format("a unit's rows must be in 1..{} (the depth; got {})", spec_.depth, spec_.rows));
  if (spec_.spot_every > 1'000'000) throw RangeError("--spot-every must be in 0..10^6");
  // The unit count before anything is listed: a manifest of a million lines is the limit.
  const std::uint64_t per_game = (spec_.depth + spec_.rows - 1) / spec_.rows + 1;
  if (games() > kMaxCensusUnits / per_game)
    throw RangeError(
        fmt::format("a census has at most {} units ({} games of {} units asked); take more rows a unit "
                    "or fewer games",
                    kMaxCensusUnits, games(), per_game));
  require_memory(census_bytes(spec_.last, spec_.depth), fmt::format("a census to depth {}", spec_.depth), force);
}

std::vector<CensusUnit> Census::units(std::uint64_t k) const {
  std::vector<CensusUnit> units;
  for (std::uint64_t y = 0; y < spec_.depth; y += spec_.rows)
    units.push_back({k, units.size(), y, std::min(spec_.depth, y + spec_.rows), false});
  units.push_back({k, units.size(), 0, 0, true});
  return units;
}

std::uint64_t Census::unit_count() const { return games() * units(spec_.first).size(); }

std::string Census::manifest() const {
  std::string text = fmt::format("# queengames census blocking k={}..{} depth={} rows={} spot-every={} engine={}\n",
                                 spec_.first, spec_.last, spec_.depth, spec_.rows, spec_.spot_every, kCensusEngine);
  for (std::uint64_t k = spec_.first; k <= spec_.last; ++k)
    for (const auto& u : units(k)) text += unit_line(u, spec_.depth) + "\n";
  return text;
}

void Census::prepare(const fs::path& dir) const {
  std::error_code ec;
  const std::string want = manifest();
  const auto have = read_up_to(manifest_path(dir), want.size() + 64);
  if (have) {
    const auto text = checksummed_text(*have);
    if (!text || *text != want) {
      const std::string head = have->substr(0, have->find('\n'));
      throw InputError(fmt::format("{} holds another census ({}); this one is {}", dir.string(), printable(head, 200),
                                   want.substr(0, want.find('\n'))));
    }
    return;
  }
  if (fs::exists(dir, ec) && !(fs::is_directory(dir, ec) && fs::is_empty(dir, ec)))
    throw InputError(
        fmt::format("{} exists and holds no census (no manifest.txt): choose a new or empty directory", dir.string()));
  fs::create_directories(dir, ec);
  if (!fs::is_directory(dir))
    throw InputError(fmt::format("cannot make the directory {}{}", dir.string(), ec ? ": " + ec.message() : ""));
  AtomicFile file(manifest_path(dir));  // throws InputError when dir is not writable
  file.stream() << want << checksum_line(want);
  file.commit();
}

std::string Census::record_problem(const fs::path& dir, const CensusUnit& unit) const {
  return read_record(dir, unit, spec_.depth, nullptr);
}

std::uint64_t Census::run_game(const fs::path& dir, std::uint64_t k, const ProgressFn& progress) const {
  const auto all = units(k);
  const CensusUnit skin = all.back();
  const std::uint64_t rows_units = all.size() - 1;
  std::uint64_t written = 0;
  // The last row unit without a whole record, and the latest window before it to start from.
  std::optional<std::uint64_t> last;
  for (std::uint64_t j = rows_units; j-- > 0 && !last;)
    if (!record_problem(dir, all[j]).empty()) last = j;
  fs::create_directories(game_dir(dir, k));
  if (last) {
    std::optional<detail::RowWindow> window;
    std::uint64_t first = 0;
    for (std::uint64_t j = *last; j-- > 0;) try {
        window = detail::restore_window(k, spec_.depth, all[j].y1, window_path(dir, k, j, "slab"),
                                        window_path(dir, k, j, "rows"));
        first = j + 1;
        break;
      } catch (const InputError&) {
        // lost or damaged: an earlier window, or row 0
      }
    if (!window) window = detail::fresh_window(k, spec_.depth);
    Poller poller(progress, spec_.depth);
    for (std::uint64_t j = first; j <= *last; ++j)
      written += run_row_unit(dir, spec_, all[j], *window, poller, j + 1 < rows_units);
  }
  if (!record_problem(dir, skin).empty()) {
    AtomicFile file(record_path(dir, skin));
    file.stream() << record_text(skin, spec_.depth, detail::measure_skin_unit(k, spec_.depth, progress));
    file.commit();
    ++written;
  }
  return written;
}

}  // namespace qg::blocking

namespace qg::blocking {

namespace {

std::string json_number(std::uint64_t v) {
  return v <= (std::uint64_t{1} << 53) ? fmt::format("{}", v) : fmt::format("\"{}\"", v);
}

// A game's combined record as one JSON object on one line: counts as numbers, sums mod 2^64
// and 2^61 − 1 as 16 hex digits, a hottest field as [value, cells, x, y] (null when its window
// held no cell), a list as an array of its items.
std::string game_json(std::uint64_t k, std::uint64_t depth, std::uint64_t units, const Record& record) {
  std::string line = fmt::format("{{\"k\": {}, \"depth\": {}, \"units\": {}", k, depth, units);
  std::vector<std::string> lists;
  for (const auto& f : record) {
    if (f.how == Combine::list) {
      if (std::find(lists.begin(), lists.end(), f.name) == lists.end()) lists.push_back(f.name);
      continue;
    }
    std::string value;
    if (f.how == Combine::sum64 || f.how == Combine::sum61) value = fmt::format("\"{:016x}\"", f.values[0]);
    else if (f.how == Combine::hottest && f.values[1] == 0) value = "null";
    else if (f.how == Combine::hottest)
      value = fmt::format("[{}, {}, {}, {}]", f.values[0], json_number(f.values[1]), f.values[2], f.values[3]);
    else value = json_number(f.values[0]);
    line += fmt::format(", \"{}\": {}", f.name, value);
  }
  for (const auto& name : lists) {
    std::vector<std::string> items;
    for (const auto& f : record)
      if (f.how == Combine::list && f.name == name) {
        std::vector<std::string> values;
        for (auto v : f.values) values.push_back(json_number(v));
        items.push_back(fmt::format("[{}]", fmt::join(values, ", ")));
      }
    line += fmt::format(", \"{}\": [{}]", name, fmt::join(items, ", "));
  }
  return line + "}";
}

}  // namespace

fs::path census_json_path(const fs::path& dir) { return dir / "census.json"; }

void Census::merge(const fs::path& dir, const std::string& command) const {
  AtomicFile out(census_json_path(dir));
  auto& j = out.stream();
  const std::string heading = manifest().substr(2, manifest().find('\n') - 2);
  j << "{\n  \"command\": " << json_string(command) << ",\n  \"census\": " << json_string(heading)
    << ",\n  \"digest\": "
    << json_string(fmt::format("sum of (v(x,y) + 1)*r^(y*depth + x) mod 2^61 - 1, r = {:#x}", kDigestBase))
    << ",\n  \"games\": [";
  // Game by game: a game's records are read, combined and written before the next's.
  for (std::uint64_t k = spec_.first; k <= spec_.last; ++k) {
    const auto all = units(k);
    Record game;
    for (const auto& u : all) {
      Record record;
      if (const std::string problem = read_record(dir, u, spec_.depth, &record); !problem.empty())
        throw InputError(fmt::format("unit {} of game {} in {} is {}", u.index, k, dir.string(), problem));
      game = detail::combine(std::move(game), record);
    }
    j << (k == spec_.first ? "\n    " : ",\n    ") << game_json(k, spec_.depth, all.size(), game);
  }
  j << "\n  ]\n}\n";
  out.commit();
}

}  // namespace qg::blocking
