// queengames — sweeps over families of games: one table of figures per family member,
// computed in shards that are written to a directory one file each, resumed after a kill
// without recomputing a finished shard, and merged into one CSV and one JSON table that are
// the same byte for byte however the shards were shared out (one process or many, in one run
// or several). The facility knows nothing of how shards are shared out: a driver (one
// process, or one process per MPI rank) calls run_shard for the shards it owns and, once all
// are done, merge.
//
// Families and the figures per member:
//   blocking      k = first..last (seed 004): on the n×n table, the summary (palaces, least
//                 and largest palace number, sum64), the hood (§3.2: cells with v = 2·min + max
//                 inside the casing), the lower and upper épaulettes (cells, runs of 11 with
//                 5·(k−1) + 3·k + 3·(k+1)), the states v − k outside the hood (§2.2) and the
//                 skin stages of the upper arm over n columns past the shoulder (§3.4).
//   kl-maharaja   (k, l) with 1 ≤ k < l, l = first..last (seed 003 §4, Conjecture 4.1);
//   t2t           Wythoff + {(t,2t),(2t,t) : t ≤ T}, T = first..last (seed 003 Figure 9);
//   ruleset:P     the ruleset P with "{}" replaced by N, N = first..last (any parameterised
//                 ruleset of the two-pile module, e.g. "ruleset:kqueen:{}").
//   For the two-pile families, over the first n P-positions (a_i, b_i) against Wythoff's
//   (⌊iφ⌋, ⌊iφ⌋ + i): the first i where they differ, how many differ, the departure
//   b_i − ⌊a_i·φ⌋ (least and largest, and the largest |·| over the second half: bounded when
//   y = φx + O(1) as Conjecture 4.1 says), and b/a of the last P-position.
#pragma once

#include <cstdint>
#include <filesystem>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "queengames/common.hpp"

namespace qg::sweep {

// "A..B" or "N" (N..N), each number as qg::parse_u64 reads it. InputError for anything else
// or an empty range (B < A).
std::pair<std::uint64_t, std::uint64_t> parse_range(std::string_view text);

struct Spec {
  std::string family;                 // "blocking", "kl-maharaja", "t2t", "ruleset:P"
  std::uint64_t first = 0, last = 0;  // the members (k, l or T, N)
  std::uint64_t size = 0;             // n (table side or P-positions); 0: the family's default
  std::uint64_t shard_members = 0;    // members per shard; 0: the family's default
};

// Limits: a blocking table of at most 2^14 a side (held in memory, 1 GiB); at most 10^7
// P-positions per member; at most 10^6 shards.
inline constexpr std::uint64_t kMaxBlockingSide = std::uint64_t{1} << 14;
inline constexpr std::uint64_t kMaxPPositions = 10'000'000;
inline constexpr std::uint64_t kMaxShards = 1'000'000;

class Sweep {
 public:
  // Validates the whole spec (family, range, size, the first and last members' rulesets):
  // InputError or RangeError (MemoryError when a blocking member's 5·n² bytes exceed this
  // machine's memory), the same on every process of one machine. Never touches the disk.
  explicit Sweep(Spec spec);

  const Spec& spec() const { return spec_; }
  // "blocking k=1..200 n=2000 shard=1": what every shard file starts with, so that a
  // directory holding another sweep's shards is refused rather than mixed in.
  const std::string& fingerprint() const { return fingerprint_; }
  std::uint64_t members() const { return members_; }
  std::uint64_t shards() const;
  std::vector<std::string> columns() const;

  // Creates `dir` if needed and checks that files can be written there and that the shard
  // files it holds belong to this sweep. InputError otherwise.
  void prepare(const std::filesystem::path& dir) const;
  // A shard file ends with a checksum of its text (qg::checksum_line), and holds one row of
  // the right number of columns for each of its members, each naming its member. "" when
  // shard i's file is so; otherwise why it is not: "missing", or "damaged (…)" saying what
  // is wrong. A damaged shard is recomputed by run(), refused by merge(), never merged.
  std::string shard_problem(const std::filesystem::path& dir, std::uint64_t shard) const;
  bool shard_done(const std::filesystem::path& dir, std::uint64_t shard) const;
  // Computes shard i and writes its file atomically (progress in members of the shard).
  void run_shard(const std::filesystem::path& dir, std::uint64_t shard, const ProgressFn& progress = {}) const;
  // The rows of shard i, one per member (cells as text).
  std::vector<std::vector<std::string>> compute_shard(std::uint64_t shard, const ProgressFn& progress = {}) const;
  // Writes dir/sweep.csv and dir/sweep.json from the shard files, in shard order, each
  // headed by `command` (the command that made the sweep, as the caller words it).
  // InputError naming the first missing or damaged shard.
  void merge(const std::filesystem::path& dir, const std::string& command) const;
  // One process: prepare, every shard not yet done, merge. Progress in shards.
  void run(const std::filesystem::path& dir, const std::string& command, const ProgressFn& progress = {}) const;

 private:
  // shard_problem, and the shard's rows (its text after the fingerprint) when it has none.
  std::string check_shard(const std::filesystem::path& dir, std::uint64_t shard, std::string* rows) const;
  Spec spec_;
  std::string fingerprint_;
  std::uint64_t members_ = 0;
};

// The shard file of shard i in dir, and the merged tables.
std::filesystem::path shard_path(const std::filesystem::path& dir, std::uint64_t shard);
std::filesystem::path csv_path(const std::filesystem::path& dir);
std::filesystem::path json_path(const std::filesystem::path& dir);

}  // namespace qg::sweep
