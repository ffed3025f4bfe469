// One unit of the census: its rows streamed through the definition engine's slab with the
// measures and the invariants, the spot check by a second engine, the skin unit; and the
// records' fields.
#include <algorithm>
#include <fstream>

#include <fmt/format.h>

#include "blocking/census.hpp"
#include "blocking/regions.hpp"
#include "core/checksum.hpp"
#include "queengames/io.hpp"

namespace qg::blocking::detail {

const char* to_string(Combine how) {
  switch (how) {
    case Combine::sum64:
      return "sum64";
    case Combine::sum61:
      return "sum61";
    case Combine::sum:
      return "sum";
    case Combine::min:
      return "min";
    case Combine::max:
      return "max";
    case Combine::hottest:
      return "hottest";
    case Combine::list:
      return "list";
  }
  return "?";
}

namespace {

// The fields' arities: one value, four for hottest, any number for list items.
std::size_t arity(Combine how) { return how == Combine::hottest ? 4 : how == Combine::list ? 0 : 1; }

void combine_field(Field& a, const Field& b) {
  auto& x = a.values;
  const auto& y = b.values;
  switch (a.how) {
    case Combine::sum64:
    case Combine::sum:
      x[0] += y[0];
      break;
    case Combine::sum61:
      x[0] = add61(x[0], y[0]);
      break;
    case Combine::min:
      x[0] = std::min(x[0], y[0]);
      break;
    case Combine::max:
      x[0] = std::max(x[0], y[0]);
      break;
    case Combine::hottest:
      if (y[1] == 0) break;
      if (x[1] == 0 || y[0] > x[0]) x = y;
      else if (y[0] == x[0]) x[1] += y[1];
      break;
    case Combine::list:
      break;
  }
}

}  // namespace

Record combine(Record a, const Record& b) {
  for (const Field& f : b) {
    auto same = std::find_if(a.begin(), a.end(), [&](const Field& g) { return g.name == f.name && g.how == f.how; });
    if (f.how == Combine::list || same == a.end()) a.push_back(f);
    else combine_field(*same, f);
  }
  return a;
}

std::string field_line(const Field& field) {
  return fmt::format("{} {} {}\n", field.name, to_string(field.how), fmt::join(field.values, " "));
}

std::optional<Field> parse_field(std::string_view line) {
  std::vector<std::string_view> words;
  for (std::size_t at = 0; at <= line.size();) {
    const std::size_t end = std::min(line.find(' ', at), line.size());
    words.push_back(line.substr(at, end - at));
    at = end + 1;
  }
  if (words.size() < 3 || words[0].empty()) return std::nullopt;
  Field field{std::string(words[0]), Combine::sum, {}};
  bool known = false;
  for (Combine how :
       {Combine::sum64, Combine::sum61, Combine::sum, Combine::min, Combine::max, Combine::hottest, Combine::list})
    if (words[1] == to_string(how)) field.how = how, known = true;
  if (!known) return std::nullopt;
  for (std::size_t i = 2; i < words.size(); ++i) {
    const auto w = words[i];
    if (w.empty() || w.size() > 20 || w.find_first_not_of("0123456789") != std::string_view::npos) return std::nullopt;
    field.values.push_back(parse_u64(w));
  }
  if (arity(field.how) != 0 && field.values.size() != arity(field.how)) return std::nullopt;
  return field;
}

// ---- the window between units ---------------------------------------------------------------

namespace {
constexpr char kRowsMagic[8] = {'q', 'g', 'c', 'r', 'o', 'w', 's', '1'};
}  // namespace

RowWindow fresh_window(std::uint64_t k, std::uint64_t depth) { return {Slab(k, depth, 0, depth), {}, {}}; }

void save_window(const RowWindow& window, const std::filesystem::path& slab, const std::filesystem::path& rows) {
  window.slab.save(slab);
  AtomicFile file(rows, true);
  SummedWriter out(file.stream());
  out.bytes(kRowsMagic, sizeof kRowsMagic);
  out.word(window.slab.rows_done()), out.word(window.up2.size()), out.word(window.up1.size());
  out.bytes(window.up2.data(), 4 * window.up2.size());
  out.bytes(window.up1.data(), 4 * window.up1.size());
  out.finish();
  file.commit();
}

RowWindow restore_window(std::uint64_t k, std::uint64_t depth, std::uint64_t y, const std::filesystem::path& slab,
                         const std::filesystem::path& rows) {
  RowWindow window{Slab::restore(slab, k, depth, 0, depth, y), {}, {}};
  std::ifstream in(rows, std::ios::binary);
  if (!in) throw InputError(fmt::format("cannot read {}", rows.string()));
  SummedReader rd(in, rows.string() + ": ");
  char magic[sizeof kRowsMagic] = {};
  if (!rd.try_bytes(magic, sizeof magic) || !std::equal(magic, magic + sizeof magic, kRowsMagic))
    rd.fail("not a census window (wrong magic number)");
  const std::uint64_t row = rd.word(), n2 = rd.word(), n1 = rd.word();
  // Rows −2 and −1 are the initial condition, not stored: row y keeps min(y, 2) rows.
  const std::uint64_t want2 = y >= 2 ? depth : 0, want1 = y >= 1 ? depth : 0;
  if (row != y || n2 != want2 || n1 != want1) rd.fail(fmt::format("it holds row {}, not {}", row, y));
  window.up2.resize(n2), window.up1.resize(n1);
  rd.bytes(window.up2.data(), 4 * n2);
  rd.bytes(window.up1.data(), 4 * n1);
  rd.finish();
  return window;
}

// ---- the rows of a unit ----------------------------------------------------------------

namespace {

std::uint64_t splitmix(std::uint64_t x) {
  x += 0x9e3779b97f4a7c15;
  x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9;
  x = (x ^ (x >> 27)) * 0x94d049bb133111eb;
  return x ^ (x >> 31);
}

// The CA states (v − k) around row y: rows y − 2, y − 1, y, with Theorem 2.1's initial
// condition outside the quadrant.
struct CaView {
  std::uint64_t k;
  const std::vector<std::uint32_t>&up2, &up1;
  std::span<const std::uint32_t> row;
  std::int64_t at(std::int64_t x, std::int64_t dy, std::uint64_t y) const {
    const std::int64_t yy = static_cast<std::int64_t>(y) - dy;
    if (x < 0 || yy < 0) return ca_initial(k, x, yy);
    const std::uint32_t v =
        dy == 0 ? row[static_cast<std::size_t>(x)] : (dy == 1 ? up1 : up2)[static_cast<std::size_t>(x)];
    return static_cast<std::int64_t>(v) - static_cast<std::int64_t>(k);
  }
};

constexpr std::uint64_t kSamplesPerRow = 64;

[[noreturn]] void violation(std::uint64_t k, const std::string& what, std::uint64_t x, std::uint64_t y) {
  throw CensusViolation(fmt::format("game {}: {} fails at ({}, {})", k, what, x, y));
}

// Theorem 2.1 at 64 columns of row y, spread evenly from a pseudo-random start.
std::uint64_t check_ca(const CaView& view, std::uint64_t y) {
  const std::uint64_t width = view.row.size(), samples = std::min(width, kSamplesPerRow);
  const std::uint64_t start = splitmix(view.k * 0x100000000 + y) % width;
  for (std::uint64_t i = 0; i < samples; ++i) {
    const auto x = static_cast<std::int64_t>((start + i * width / samples) % width);
    const std::int64_t g = ca_rule(view.at(x - 2, 2, y), view.at(x - 1, 2, y), view.at(x - 2, 1, y),
                                   view.at(x - 1, 1, y), view.at(x, 1, y), view.at(x - 1, 0, y));
    if (g != view.at(x, 0, y)) violation(view.k, "Theorem 2.1 (the CA rule)", static_cast<std::uint64_t>(x), y);
  }
  return samples;
}

// §3.2: every cell of row y with h = 2·min(x, y) + max(x, y) < k has v = h.
std::uint64_t check_hood_row(std::uint64_t k, std::span<const std::uint32_t> row, std::uint64_t y) {
  std::uint64_t cells = 0;
  for (std::uint64_t x = 0; x < row.size(); ++x) {
    const std::uint64_t h = 2 * std::min(x, y) + std::max(x, y);
    if (h >= k) {
      if (x >= y) break;  // h grows with x from here on
      continue;
    }
    if (row[x] != h) violation(k, "the hood's v = 2·min + max (§3.2)", x, y);
    ++cells;
  }
  return cells;
}

// The largest value of row[from, to), its cells and the first (a "hottest" field's values).
void hottest_in(std::span<const std::uint32_t> row, std::uint64_t from, std::uint64_t to, std::uint64_t y,
                std::vector<std::uint64_t>& best) {
  if (from >= to) return;
  const std::uint32_t top =
      *std::max_element(row.begin() + static_cast<std::ptrdiff_t>(from), row.begin() + static_cast<std::ptrdiff_t>(to));
  if (best[1] != 0 && top < best[0]) return;
  std::uint64_t count = 0, first = 0;
  for (std::uint64_t x = to; x-- > from;)
    if (row[x] == top) ++count, first = x;
  if (best[1] == 0 || top > best[0]) best = {top, count, first, y};
  else best[1] += count;
}

}  // namespace

Record measure_rows(std::uint64_t k, std::uint64_t depth, std::uint64_t y1, RowWindow& window, Poller& poller) {
  const Summary before = window.slab.summary();
  Digest61 digest(depth);
  std::uint64_t checked = 0, hood = 0, row_palaces_max = 0, lo = UINT64_MAX, hi = 0;
  std::vector<std::uint64_t> hottest{0, 0, 0, 0}, armpit{0, 0, 0, 0};
  // The armpit's window of locate_armpit: right of the shoulder, below the nose, within 2k.
  const std::uint64_t armpit_x0 = k + 1, armpit_x1 = std::min(depth, 2 * k + 1), armpit_y0 = k / 3 + 1;
  std::vector<std::uint32_t> row(depth);
  for (std::uint64_t y = window.slab.rows_done(); y < y1; ++y) {
    const SlabEdge edge = window.slab.row({0, 0}, row);
    if (edge.row > k) violation(k, fmt::format("at most k palaces a row ({} here)", edge.row), 0, y);
    row_palaces_max = std::max(row_palaces_max, edge.row);
    const auto [mn, mx] = std::minmax_element(row.begin(), row.end());
    lo = std::min<std::uint64_t>(lo, *mn), hi = std::max<std::uint64_t>(hi, *mx);
    digest.add_row(y, row);
    checked += check_ca({k, window.up2, window.up1, row}, y);
    if (y < k) hood += check_hood_row(k, row, y);
    hottest_in(row, 0, depth, y, hottest);
    if (y >= armpit_y0 && y < k) hottest_in(row, armpit_x0, armpit_x1, y, armpit);
    window.up2.swap(window.up1);
    window.up1.assign(row.begin(), row.end());
    poller.tick(y + 1);
  }
  const Summary after = window.slab.summary();
  return {{"palaces", Combine::sum, {after.palaces - before.palaces}},
          {"min", Combine::min, {lo}},
          {"max", Combine::max, {hi}},
          {"sum64", Combine::sum64, {after.sum64 - before.sum64}},
          {"digest", Combine::sum61, {digest.value()}},
          {"row_palaces_max", Combine::max, {row_palaces_max}},
          {"hood_cells_checked", Combine::sum, {hood}},
          {"ca_cells_checked", Combine::sum, {checked}},
          {"hottest", Combine::hottest, hottest},
          {"armpit", Combine::hottest, armpit}};
}

void spot_check(std::uint64_t k, std::uint64_t depth, std::uint64_t y0, std::uint64_t y1, Engine engine,
                const Record& record, Poller& poller) {
  PalaceRows rows(k, depth, engine);
  Digest61 digest(depth);
  Sum64 sum{depth};
  std::uint64_t palaces = 0, lo = UINT64_MAX, hi = 0;
  for (std::uint64_t y = 0; y < y1; ++y) {
    const auto row = rows.next(poller);
    poller.tick(y);
    if (y < y0) continue;
    digest.add_row(y, row);
    for (std::uint64_t x = 0; x < depth; ++x) {
      sum.add(x, y, row[x]);
      palaces += row[x] < k;
      lo = std::min<std::uint64_t>(lo, row[x]), hi = std::max<std::uint64_t>(hi, row[x]);
    }
  }
  const std::vector<std::pair<const char*, std::uint64_t>> again = {
      {"palaces", palaces}, {"min", lo}, {"max", hi}, {"sum64", sum.sum}, {"digest", digest.value()}};
  for (const auto& [name, value] : again) {
    auto f = std::find_if(record.begin(), record.end(), [&](const Field& g) { return g.name == name; });
    if (f == record.end() || f->values.at(0) != value)
      throw CensusViolation(fmt::format("game {} rows {}..{}: the {} engine's {} is {}, the definition engine's {}", k,
                                        y0, y1, to_string(engine), name, value,
                                        f == record.end() ? std::string("missing") : std::to_string(f->values[0])));
  }
}

std::optional<Engine> spot_engine(const CensusUnit& u, std::uint64_t spot_every) {
  if (u.skin || spot_every == 0) return std::nullopt;
  const std::uint64_t h = splitmix(u.k * 0x100000000 + u.index + 0x5eed);
  if (h % spot_every != 0) return std::nullopt;
  return (h >> 40) & 1 ? Engine::ca : Engine::plain;
}

Record measure_skin_unit(std::uint64_t k, std::uint64_t depth, const ProgressFn& progress) {
  // The skin grows right of the shoulder (k, 0): the columns past it within the depth.
  const std::uint64_t columns = depth > k ? depth - k : 0;
  Record record{{"skin_columns", Combine::max, {columns}}};
  if (columns < 16) return record;
  for (const SkinStage& s : measure_skin(k, columns, progress).stages)
    record.push_back({"skin_stage",
                      Combine::list,
                      {s.n, s.first, s.end, s.first_row, s.thick, s.thick_plus, s.horizontal_mode, s.diagonal_mode,
                       s.vertical_period, s.horizontal_period}});
  return record;
}

}  // namespace qg::blocking::detail
