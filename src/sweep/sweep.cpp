// Sweeps over families of games: members split into shards of consecutive members, one file
// per shard (its first line the sweep's fingerprint, then one CSV row per member), merged in
// shard order. Nothing in a file depends on which process computed it or when, so the merged
// tables are the same whatever the sharing out and the interruptions.
#include "queengames/sweep.hpp"

#include <algorithm>
#include <fstream>
#include <numbers>
#include <optional>
#include <sstream>

#include <fmt/format.h>

#include "blocking/regions.hpp"
#include "core/checksum.hpp"
#include "queengames/blocking.hpp"
#include "queengames/io.hpp"
#include "queengames/numeration.hpp"
#include "queengames/twopile.hpp"

namespace qg::sweep {

namespace {

enum class Family { blocking, kl_maharaja, t2t, ruleset };

constexpr std::string_view kRulesetPrefix = "ruleset:";

Family family_of(const std::string& name) {
  if (name == "blocking") return Family::blocking;
  if (name == "kl-maharaja") return Family::kl_maharaja;
  if (name == "t2t") return Family::t2t;
  if (name.starts_with(kRulesetPrefix)) return Family::ruleset;
  throw InputError(fmt::format(
      "unknown family '{}' (choose blocking, kl-maharaja, t2t or ruleset:P with {{}} in P, e.g. ruleset:kqueen:{{}})",
      name));
}

// The member index i (0-based) as the family's parameters: k; (k, l) in order of l then k
// (l = first.. has l − 1 members); T; N.
struct Member {
  std::uint64_t a = 0, b = 0;
};

// The members with l' < l: Σ_{2 ≤ l' < l} (l' − 1) = (l − 1)(l − 2)/2.
std::uint64_t pairs_below(std::uint64_t l) { return (l - 1) * (l - 2) / 2; }

Member member_at(Family family, const Spec& spec, std::uint64_t i) {
  if (family != Family::kl_maharaja) return {spec.first + i, 0};
  // The pair of index i: the largest l with pairs_below(l) − pairs_below(first) ≤ i.
  const std::uint64_t base = pairs_below(spec.first);
  std::uint64_t lo = spec.first, hi = spec.last;
  while (lo < hi) {
    std::uint64_t mid = lo + (hi - lo + 1) / 2;
    if (pairs_below(mid) - base <= i) lo = mid;
    else hi = mid - 1;
  }
  return {i - (pairs_below(lo) - base) + 1, lo};
}

std::string ruleset_text(const Spec& spec, std::uint64_t n) {
  std::string pattern = spec.family.substr(kRulesetPrefix.size());
  auto at = pattern.find("{}");
  return pattern.replace(at, 2, std::to_string(n));
}

twopile::Ruleset ruleset_of(Family family, const Spec& spec, Member m) {
  switch (family) {
    case Family::kl_maharaja:
      return twopile::Ruleset::parse(fmt::format("kl-maharaja:{},{}", m.a, m.b));
    case Family::t2t:
      return twopile::Ruleset::parse(fmt::format("t2t:{}", m.a));
    default:
      return twopile::Ruleset::parse(ruleset_text(spec, m.a));
  }
}

// A CSV field: quoted when it holds a comma or a quote (a ruleset's jumps do).
std::string csv_field(const std::string& s) {
  if (s.find_first_of(",\"\n") == std::string::npos) return s;
  std::string q = "\"";
  for (char c : s) q += c == '"' ? std::string("\"\"") : std::string(1, c);
  return q + "\"";
}

std::vector<std::string> split_csv(const std::string& line) {
  std::vector<std::string> cells;
  std::string cell;
  bool quoted = false;
  for (std::size_t i = 0; i < line.size(); ++i) {
    char c = line[i];
    if (quoted) {
      if (c == '"' && i + 1 < line.size() && line[i + 1] == '"') cell += '"', ++i;
      else if (c == '"') quoted = false;
      else cell += c;
    } else if (c == '"') {
      quoted = true;
    } else if (c == ',') {
      cells.push_back(cell), cell.clear();
    } else {
      cell += c;
    }
  }
  cells.push_back(cell);
  return cells;
}

// A cell in JSON: an integer that a double holds exactly (at most 15 digits) as a number,
// anything else (sum64, ratios, lists, "none") as a string.
std::string json_cell(const std::string& s) {
  std::string_view digits = s;
  if (!digits.empty() && digits[0] == '-') digits.remove_prefix(1);
  bool integer = !digits.empty() && digits.size() <= 15 &&
                 std::all_of(digits.begin(), digits.end(), [](char c) { return c >= '0' && c <= '9'; }) &&
                 (digits.size() == 1 || digits[0] != '0');
  return integer ? s : json_string(s);
}

// num/den to 9 decimals, rounded half up, in integers (a printed figure, no floor decides on it).
std::string decimal(std::uint64_t num, std::uint64_t den) {
  if (den == 0) return "none";
  auto q = (static_cast<u128>(num) * 2'000'000'000 + den) / (2 * static_cast<u128>(den));
  return fmt::format("{}.{:09}", static_cast<std::uint64_t>(q / 1'000'000'000),
                     static_cast<std::uint64_t>(q % 1'000'000'000));
}

std::vector<std::string> blocking_row(std::uint64_t k, std::uint64_t n, const ProgressFn& progress) {
  namespace bl = qg::blocking;
  auto s = bl::summary(k, n, n, bl::Engine::definition, 1, progress);
  auto table = bl::palace_table(k, n, n, bl::Engine::definition, progress);
  // §3.2: inside the casing 2·min + max < k every v equals 2·min + max.
  std::uint64_t hood = 0, hood_exact = 0;
  for (std::uint64_t y = 0; y < n; ++y)
    for (std::uint64_t x = 0; x < n; ++x) {
      std::uint64_t h = 2 * std::min(x, y) + std::max(x, y);
      if (h < k) ++hood, hood_exact += table[y * n + x] == h;
    }
  auto map = bl::detail::classify_regions(k, table, n);
  auto lower = bl::detail::epaulette_report(map, table, bl::detail::lower_epaulette);
  auto upper = bl::detail::epaulette_report(map, table, bl::detail::upper_epaulette);
  table = {};
  auto states = bl::detail::states_outside_hood(k, n);
  auto skin = bl::detail::measure_skin(k, n);
  std::string stages;
  for (const auto& st : skin.stages)
    stages += fmt::format("{}{}:{}-{}", stages.empty() ? "" : " ", st.n, st.first, st.end);
  auto states_cell = [&](std::int64_t v) { return states.cells ? std::to_string(v) : std::string("none"); };
  return {std::to_string(k),
          std::to_string(n),
          std::to_string(s.palaces),
          std::to_string(s.min),
          std::to_string(s.max),
          Sum64{s.width, s.sum64}.hex(),
          std::to_string(hood),
          std::to_string(hood_exact),
          std::to_string(lower.cells),
          std::to_string(lower.good_runs),
          std::to_string(lower.runs),
          std::to_string(upper.cells),
          std::to_string(upper.good_runs),
          std::to_string(upper.runs),
          states_cell(states.min),
          states_cell(states.max),
          stages.empty() ? "none" : stages};
}

std::vector<std::string> twopile_row(const twopile::Ruleset& ruleset, std::vector<std::string> key, std::uint64_t n,
                                     const ProgressFn& progress) {
  std::uint64_t first_difference = UINT64_MAX, differing = 0, last_a = 0, last_b = 0, got = 0;
  std::int64_t lo = INT64_MAX, hi = INT64_MIN, tail = 0;
  twopile::sweep_p_positions(
      ruleset, n,
      [&](std::uint64_t i, std::uint64_t a, std::uint64_t b) {
        const std::uint64_t wa = numeration::floor_n_phi<std::uint64_t>(i);
        if (a != wa || b != wa + i) {
          ++differing;
          first_difference = std::min(first_difference, i);
        }
        if (i > 0) {
          // Conjecture 4.1: y = φx + O(1) for the upper P-positions, measured as b − ⌊aφ⌋.
          auto d = static_cast<std::int64_t>(b) - static_cast<std::int64_t>(numeration::floor_n_phi<std::uint64_t>(a));
          lo = std::min(lo, d), hi = std::max(hi, d);
          if (2 * i >= n) tail = std::max(tail, d < 0 ? -d : d);
        }
        last_a = a, last_b = b, got = i + 1;
        return true;
      },
      progress);
  key.insert(key.end(),
             {std::to_string(got), first_difference == UINT64_MAX ? "none" : std::to_string(first_difference),
              std::to_string(differing), decimal(differing, got), got > 1 ? std::to_string(lo) : "none",
              got > 1 ? std::to_string(hi) : "none", got > 1 ? std::to_string(tail) : "none", std::to_string(last_a),
              std::to_string(last_b), decimal(last_b, last_a)});
  return key;
}

const std::vector<std::string> kTwopileColumns = {
    "positions",     "first_difference", "differing", "density", "departure_min",
    "departure_max", "tail_departure",   "last_a",    "last_b",  "ratio"};

}  // namespace

std::pair<std::uint64_t, std::uint64_t> parse_range(std::string_view text) {
  auto dots = text.find("..");
  std::uint64_t a = 0, b = 0;
  if (dots == std::string_view::npos) {
    a = b = parse_u64(text);
  } else {
    a = parse_u64(text.substr(0, dots));
    b = parse_u64(text.substr(dots + 2));
  }
  if (b < a) throw InputError(fmt::format("the range {} is empty ({} > {})", text, a, b));
  return {a, b};
}

Sweep::Sweep(Spec spec) : spec_(std::move(spec)) {
  const Family family = family_of(spec_.family);
  const bool blocking = family == Family::blocking;
  if (spec_.last < spec_.first) throw InputError(fmt::format("the range {}..{} is empty", spec_.first, spec_.last));
  if (spec_.size == 0) spec_.size = blocking ? 2000 : 100'000;
  if (spec_.shard_members == 0) spec_.shard_members = blocking ? 1 : 8;
  switch (family) {
    case Family::blocking:
      blocking::require_k(spec_.first), blocking::require_k(spec_.last);
      if (spec_.size < 3 || spec_.size > kMaxBlockingSide)
        throw RangeError(fmt::format("a blocking sweep's table side must be in 3..2^14 (got {})", spec_.size));
      members_ = spec_.last - spec_.first + 1;
      // A member holds its table (4 bytes a cell) and its region map (1 byte a cell) at once.
      require_memory(5 * spec_.size * spec_.size, fmt::format("a blocking sweep on {}²", spec_.size));
      break;
    case Family::kl_maharaja:
      if (spec_.first < 2 || spec_.last > 100'000)
        throw RangeError(fmt::format("kl-maharaja sweeps take l in 2..10^5 (got {}..{})", spec_.first, spec_.last));
      members_ = pairs_below(spec_.last + 1) - pairs_below(spec_.first);
      break;
    case Family::t2t:
    case Family::ruleset:
      if (family == Family::ruleset && spec_.family.find("{}") == std::string::npos)
        throw InputError(fmt::format("family '{}' needs {{}} where the member's number goes", spec_.family));
      if (spec_.last - spec_.first >= kMaxShards * 64)
        throw RangeError(fmt::format("a sweep has at most {} members", kMaxShards * 64));
      members_ = spec_.last - spec_.first + 1;
      // The first and last members' rulesets are parsed now, so that a bad parameter fails
      // before any work (the rulesets' limits are on their largest parameter).
      ruleset_of(family, spec_, {spec_.first, 0});
      ruleset_of(family, spec_, {spec_.last, 0});
      break;
  }
  if (!blocking && (spec_.size < 2 || spec_.size > kMaxPPositions))
    throw RangeError(fmt::format("a two-pile sweep takes 2..10^7 P-positions per member (got {})", spec_.size));
  if (shards() > kMaxShards)
    throw RangeError(fmt::format("a sweep has at most 10^6 shards (got {}); take more members per shard", shards()));
  const char* what = blocking ? "k" : family == Family::kl_maharaja ? "l" : family == Family::t2t ? "T" : "N";
  fingerprint_ = fmt::format("{} {}={}..{} n={} shard={}", spec_.family, what, spec_.first, spec_.last, spec_.size,
                             spec_.shard_members);
}

std::uint64_t Sweep::shards() const { return (members_ + spec_.shard_members - 1) / spec_.shard_members; }

std::vector<std::string> Sweep::columns() const {
  switch (family_of(spec_.family)) {
    case Family::blocking:
      return {"k",
              "n",
              "palaces",
              "min",
              "max",
              "sum64",
              "hood_cells",
              "hood_exact",
              "lower_epaulette_cells",
              "lower_epaulette_good_runs",
              "lower_epaulette_runs",
              "upper_epaulette_cells",
              "upper_epaulette_good_runs",
              "upper_epaulette_runs",
              "states_min",
              "states_max",
              "skin_stages"};
    case Family::kl_maharaja: {
      std::vector<std::string> c = {"k", "l"};
      c.insert(c.end(), kTwopileColumns.begin(), kTwopileColumns.end());
      return c;
    }
    default: {
      std::vector<std::string> c = {family_of(spec_.family) == Family::t2t ? "T" : "N", "ruleset"};
      c.insert(c.end(), kTwopileColumns.begin(), kTwopileColumns.end());
      return c;
    }
  }
}

std::filesystem::path shard_path(const std::filesystem::path& dir, std::uint64_t shard) {
  return dir / fmt::format("shard-{:07}.csv", shard);
}
std::filesystem::path csv_path(const std::filesystem::path& dir) { return dir / "sweep.csv"; }
std::filesystem::path json_path(const std::filesystem::path& dir) { return dir / "sweep.json"; }

namespace {

// The first line of a shard file, or "" when there is none.
std::string first_line(const std::filesystem::path& path) {
  std::ifstream in(path);
  std::string line;
  if (!in || !std::getline(in, line)) return "";
  return line;
}

// The bytes of a file, at most limit + 1 of them (nullopt when it cannot be read).
std::optional<std::string> read_up_to(const std::filesystem::path& path, std::uint64_t limit) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return std::nullopt;
  std::string file;
  char buffer[1 << 16];
  while (file.size() <= limit && (in.read(buffer, sizeof buffer) || in.gcount() > 0))
    file.append(buffer, static_cast<std::size_t>(in.gcount()));
  return file;
}

// A row is a few hundred bytes: a shard file longer than its rows can be is damaged, and is
// not read whole into memory.
std::uint64_t shard_limit(const Spec& spec) { return (spec.shard_members + 1) * 4096; }

// A CSV row of cells, written as merge() copies it.
std::string csv_row(const std::vector<std::string>& row) {
  std::string line;
  for (std::size_t c = 0; c < row.size(); ++c) {
    if (c) line += ',';
    line += csv_field(row[c]);
  }
  line += '\n';
  return line;
}

// The first cells of member i's row, which name the member (k; k, l; T or N).
std::vector<std::string> member_key(Family family, const Spec& spec, std::uint64_t i) {
  const Member m = member_at(family, spec, i);
  if (family == Family::kl_maharaja) return {std::to_string(m.a), std::to_string(m.b)};
  if (family == Family::blocking) return {std::to_string(m.a), std::to_string(spec.size)};
  return {std::to_string(m.a)};
}

}  // namespace

void Sweep::prepare(const std::filesystem::path& dir) const {
  std::error_code ec;
  std::filesystem::create_directories(dir, ec);
  if (!std::filesystem::is_directory(dir))
    throw InputError(fmt::format("cannot make the directory {}{}", dir.string(), ec ? ": " + ec.message() : ""));
  {
    AtomicFile probe(dir / ".write-test");  // throws InputError when dir is not writable
  }
  // A shard headed by another sweep's fingerprint is refused; one whose head is damaged too is
  // this sweep's to recompute (shard_problem), so only a readable fingerprint counts here.
  for (const auto& entry : std::filesystem::directory_iterator(dir)) {
    const std::string name = entry.path().filename().string();
    if (!name.starts_with("shard-") || !name.ends_with(".csv")) continue;
    const std::string head = first_line(entry.path());
    if (head == "# " + fingerprint_) continue;
    const auto file = read_up_to(entry.path(), shard_limit(spec_));
    if (file && file->size() <= shard_limit(spec_) && checksummed_text(*file))
      throw InputError(
          fmt::format("{} holds the shards of another sweep ({}); this one is {}", dir.string(), head, fingerprint_));
  }
}

std::string Sweep::shard_problem(const std::filesystem::path& dir, std::uint64_t shard) const {
  return check_shard(dir, shard, nullptr);
}

std::string Sweep::check_shard(const std::filesystem::path& dir, std::uint64_t shard, std::string* rows) const {
  if (shard >= shards()) throw RangeError(fmt::format("shard {} of a sweep of {} shards", shard, shards()));
  const auto file = read_up_to(shard_path(dir, shard), shard_limit(spec_));
  if (!file) return "missing";
  if (file->size() > shard_limit(spec_)) return "damaged (longer than its rows can be)";
  const auto text = checksummed_text(*file);
  if (!text) return "damaged (its checksum line is missing or does not match)";
  // A file with a valid checksum is what run_shard wrote; the rows are still checked against
  // the members, so that a file copied from another shard or written by hand is not merged.
  const Family family = family_of(spec_.family);
  const std::uint64_t begin = shard * spec_.shard_members, end = std::min(members_, begin + spec_.shard_members);
  const std::size_t width = columns().size();
  std::string_view rest = *text;
  auto next_line = [&] {
    const auto eol = rest.find('\n');
    std::string_view line = rest.substr(0, eol);
    rest.remove_prefix(eol == std::string_view::npos ? rest.size() : eol + 1);
    return std::string(line);
  };
  if (next_line() != "# " + fingerprint_) return "damaged (it belongs to another sweep)";
  if (rows) *rows = rest;
  for (std::uint64_t i = begin; i < end; ++i) {
    if (rest.empty()) return fmt::format("damaged ({} of its {} rows)", i - begin, end - begin);
    const auto cells = split_csv(next_line());
    if (cells.size() != width)
      return fmt::format("damaged (row {} has {} of {} columns)", i - begin, cells.size(), width);
    const auto key = member_key(family, spec_, i);
    if (!std::equal(key.begin(), key.end(), cells.begin()))
      return fmt::format("damaged (row {} is not member {})", i - begin, fmt::join(key, ","));
  }
  if (!rest.empty()) return fmt::format("damaged (more than its {} rows)", end - begin);
  return "";
}

bool Sweep::shard_done(const std::filesystem::path& dir, std::uint64_t shard) const {
  return check_shard(dir, shard, nullptr).empty();
}

std::vector<std::vector<std::string>> Sweep::compute_shard(std::uint64_t shard, const ProgressFn& progress) const {
  if (shard >= shards()) throw RangeError(fmt::format("shard {} of a sweep of {} shards", shard, shards()));
  const Family family = family_of(spec_.family);
  const std::uint64_t begin = shard * spec_.shard_members, end = std::min(members_, begin + spec_.shard_members);
  std::vector<std::vector<std::string>> rows;
  Poller poller(progress, end - begin);
  for (std::uint64_t i = begin; i < end; ++i) {
    const Member m = member_at(family, spec_, i);
    // A member takes seconds (a blocking table of 2^28 cells, 10^7 P-positions): its engine
    // polls through this, which reports the members done.
    const ProgressFn member =
        progress ? ProgressFn([&](std::uint64_t, std::uint64_t) { progress(i - begin, end - begin); }) : ProgressFn();
    switch (family) {
      case Family::blocking:
        rows.push_back(blocking_row(m.a, spec_.size, member));
        break;
      case Family::kl_maharaja:
        rows.push_back(
            twopile_row(ruleset_of(family, spec_, m), {std::to_string(m.a), std::to_string(m.b)}, spec_.size, member));
        break;
      default: {
        auto ruleset = ruleset_of(family, spec_, m);
        rows.push_back(twopile_row(ruleset, {std::to_string(m.a), ruleset.name()}, spec_.size, member));
      }
    }
    poller.tick(i + 1 - begin);
  }
  poller.finish();
  return rows;
}

void Sweep::run_shard(const std::filesystem::path& dir, std::uint64_t shard, const ProgressFn& progress) const {
  auto rows = compute_shard(shard, progress);
  std::string text = "# " + fingerprint_ + "\n";
  for (const auto& row : rows) text += csv_row(row);
  AtomicFile file(shard_path(dir, shard));
  file.stream() << text << checksum_line(text);
  file.commit();
}

void Sweep::merge(const std::filesystem::path& dir, const std::string& command) const {
  const auto cols = columns();
  AtomicFile csv(csv_path(dir)), json(json_path(dir));
  auto& c = csv.stream();
  auto& j = json.stream();
  c << "# " << command << "\n";
  j << "{\n  \"command\": " << json_string(command) << ",\n  \"sweep\": " << json_string(fingerprint_)
    << ",\n  \"columns\": [";
  for (std::size_t i = 0; i < cols.size(); ++i) {
    c << (i ? "," : "") << cols[i];
    j << (i ? ", " : "") << json_string(cols[i]);
  }
  c << "\n";
  j << "],\n  \"rows\": [";
  bool first_row = true;
  for (std::uint64_t s = 0; s < shards(); ++s) {
    // Checked again here, and merged from the text checked: a damaged shard is never merged.
    std::string rows;
    if (const std::string problem = check_shard(dir, s, &rows); !problem.empty())
      throw InputError(fmt::format("shard {} of {} in {} is {}", s, shards(), dir.string(), problem));
    std::istringstream in(rows);
    for (std::string line; std::getline(in, line);) {
      c << line << "\n";
      auto cells = split_csv(line);
      j << (first_row ? "\n    [" : ",\n    [");
      for (std::size_t i = 0; i < cells.size(); ++i) j << (i ? ", " : "") << json_cell(cells[i]);
      j << "]";
      first_row = false;
    }
  }
  j << "\n  ]\n}\n";
  csv.commit();
  json.commit();
}

void Sweep::run(const std::filesystem::path& dir, const std::string& command, const ProgressFn& progress) const {
  prepare(dir);
  Poller poller(progress, shards());
  for (std::uint64_t s = 0; s < shards(); ++s) {
    if (!shard_done(dir, s))
      run_shard(dir, s, progress ? ProgressFn([&](std::uint64_t, std::uint64_t) { progress(s, shards()); }) : nullptr);
    poller.tick(s + 1);
  }
  poller.finish();
  merge(dir, command);
}

}  // namespace qg::sweep
