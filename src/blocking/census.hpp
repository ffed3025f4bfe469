// Internals of the census (blocking.hpp, "the census"): the records' fields, one unit's
// computation, and the arithmetic mod 2^61 − 1 of the digest.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "queengames/blocking.hpp"

namespace qg::blocking::detail {

// a·b mod 2^61 − 1 for a, b < 2^61: the product's high part (bits 61 and up) is worth the same
// as itself in the low part, since 2^61 ≡ 1. Inline: the digest's loop is these two.
inline std::uint64_t mul61(std::uint64_t a, std::uint64_t b) {
  const u128 p = static_cast<u128>(a) * b;
  const std::uint64_t s = (static_cast<std::uint64_t>(p) & kDigestPrime) + static_cast<std::uint64_t>(p >> 61);
  return s >= kDigestPrime ? s - kDigestPrime : s;
}
inline std::uint64_t add61(std::uint64_t a, std::uint64_t b) {
  const std::uint64_t s = a + b;
  return s >= kDigestPrime ? s - kDigestPrime : s;
}
std::uint64_t pow61(std::uint64_t base, std::uint64_t e);

// A record is a list of named fields of integers; each says how a game's units combine it, so
// that merging needs no list of the measures and a new measure is one more field:
//   sum64:   added mod 2^64, shown in hex (sum64);     sum61: added mod 2^61 − 1, hex (digest);
//   sum:     added (counts);   min, max: the least, the largest;
//   hottest: (value, cells, x, y) — the larger value wins, equal values add their cells and
//            keep the first cell (units combine in row order);
//   list:    one line per item, the items of all units in order (spot checks, skin stages).
enum class Combine { sum64, sum61, sum, min, max, hottest, list };
struct Field {
  std::string name;
  Combine how = Combine::sum;
  std::vector<std::uint64_t> values;
  bool operator==(const Field&) const = default;
};
using Record = std::vector<Field>;

const char* to_string(Combine how);
// The game's record from its units' records, in order.
Record combine(Record a, const Record& b);
// A field's line: "name how v1 v2 …"; and back (nullopt for a malformed line).
std::string field_line(const Field& field);
std::optional<Field> parse_field(std::string_view line);

// What row unit j hands row unit j + 1: the counters, and the last two rows for the CA check.
struct RowWindow {
  Slab slab;
  std::vector<std::uint32_t> up2, up1;  // rows y − 2 and y − 1 (y = slab.rows_done())
};
RowWindow fresh_window(std::uint64_t k, std::uint64_t depth);
void save_window(const RowWindow& window, const std::filesystem::path& slab, const std::filesystem::path& rows);
// InputError for a missing or damaged pair of files.
RowWindow restore_window(std::uint64_t k, std::uint64_t depth, std::uint64_t y, const std::filesystem::path& slab,
                         const std::filesystem::path& rows);

// The measures of rows [window's row, y1) of game k on the D-wide table, advancing the window;
// CensusViolation when an invariant fails. The poller ticks with the row.
Record measure_rows(std::uint64_t k, std::uint64_t depth, std::uint64_t y1, RowWindow& window, Poller& poller);
// The rows [y0, y1) again by `engine` (plain or ca) from row 0: CensusViolation unless its
// digest, palaces, extremes and sum64 are the record's.
void spot_check(std::uint64_t k, std::uint64_t depth, std::uint64_t y0, std::uint64_t y1, Engine engine,
                const Record& record, Poller& poller);
// Whether row unit u is spot-checked (one in spot_every, by a hash of k and its index), and by
// which engine (plain or ca, by another bit of the hash); nullopt when not.
std::optional<Engine> spot_engine(const CensusUnit& u, std::uint64_t spot_every);
// The skin unit's fields.
Record measure_skin_unit(std::uint64_t k, std::uint64_t depth, const ProgressFn& progress);

}  // namespace qg::blocking::detail
