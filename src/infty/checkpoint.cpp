// Checkpoints of the ∞-queens engine: magic, format version, the engine's parameters, the
// whole state as little-endian 64-bit words, and a checksum over everything before it.
#include <cerrno>
#include <cstring>
#include <fstream>
#include <istream>
#include <ostream>
#include <string>

#include "core/checksum.hpp"
#include "queengames/io.hpp"
#include "state.hpp"

namespace qg::infty {
namespace {

using infty_detail::HighRecord;
using infty_detail::u64;

constexpr char kMagic[8] = {'Q', 'G', 'I', 'N', 'F', 'T', 'Y', '\0'};
constexpr u64 kVersion = 1;
// What the state's layout depends on: a checkpoint written with other values is refused.
constexpr u64 kParameters = static_cast<u64>(InftyStats::kHistMin + 128) | (u64{InftyStats::kHistBins} << 8) |
                            (u64{InftyStats::kProbeBins} << 16) | (infty_detail::kReach << 24) |
                            (u64{HighRecord::kBlockWordsLog} << 32);
constexpr u64 kHeaderWords = 4;  // magic, version, parameters, payload words
constexpr u64 kListCount = 4;
// n s r t wa wb wc nphi fraction×2, two cursors ×3, peak bytes; stats: terms, high terms,
// the histograms, two window maxima, the record lists' lengths; the record's first block and
// block count.
constexpr u64 kFixedWords = 10 + 6 + 1 + 2 + 2 * InftyStats::kHistBins + InftyStats::kProbeBins + 2 + kListCount + 2;

using Writer = SummedWriter;

// The checkpoint's reader: the checksummed reader, and the magic number read first.
class Reader : public SummedReader {
 public:
  Reader(std::istream& in, const std::string& name) : SummedReader(in, "cannot resume from " + name + ": ") {}
  u64 word() { return SummedReader::word(); }
  void read(u64* w, u64 count) { words(w, count); }
  // Reads the first word; false when the file is shorter or does not start with kMagic.
  bool magic(u64& w) { return try_bytes(&w, sizeof w) && std::memcmp(&w, kMagic, sizeof w) == 0; }
};

u64 magic_word() {
  u64 w;
  std::memcpy(&w, kMagic, sizeof w);
  return w;
}

}  // namespace

void InftyQueens::save(std::ostream& out) const {
  const State& st = *state_;
  const InftyStats& stats = st.stats;
  const std::vector<InftyTerm>* lists[kListCount] = {&stats.high_max, &stats.high_min, &stats.low_max, &stats.low_min};
  u64 payload = kFixedWords + st.record.blocks.size() * HighRecord::kBlockWords;
  for (auto* list : lists) payload += 2 * list->size();
  Writer w(out);
  w.word(magic_word());
  w.word(kVersion);
  w.word(kParameters);
  w.word(payload);
  for (u64 v : {st.n, st.s, st.r, st.t, st.wa, st.wb, st.wc, st.nphi, static_cast<u64>(st.fraction),
                static_cast<u64>(st.fraction >> 64)})
    w.word(v);
  for (const auto* c : {&st.rows, &st.antidiagonals})
    for (u64 v : {c->column, c->rank, c->next}) w.word(v);
  w.word(st.peak_bytes);
  w.word(stats.terms);
  w.word(stats.high_terms);
  w.words(stats.high_histogram.data(), stats.high_histogram.size());
  w.words(stats.low_histogram.data(), stats.low_histogram.size());
  w.words(stats.probe_histogram.data(), stats.probe_histogram.size());
  for (u64 v : {stats.max_scan, stats.max_s_step}) w.word(v);
  for (auto* list : lists) {
    w.word(list->size());
    for (const InftyTerm& term : *list) w.word(term.n), w.word(term.q);
  }
  w.word(st.record.first_block);
  w.word(st.record.blocks.size());
  for (const auto& block : st.record.blocks) w.words(block.get(), HighRecord::kBlockWords);
  w.finish();
}

void InftyQueens::save(const std::filesystem::path& path) const {
  AtomicFile file(path, true);
  save(file.stream());
  file.commit();
}

InftyQueens InftyQueens::load(std::istream& in, const std::string& name) {
  Reader rd(in, name);
  // Size first, when the stream can tell it: a truncated file is named before anything is read.
  const std::int64_t size = rd.remaining();
  if (size == 0) rd.fail("the file is empty");
  u64 header[kHeaderWords];
  if (!rd.magic(header[0])) rd.fail("not an infty-queens checkpoint (wrong magic number)");
  rd.read(header + 1, kHeaderWords - 1);
  if (header[1] != kVersion)
    rd.fail("checkpoint format version " + std::to_string(header[1]) + ", but this program reads version " +
            std::to_string(kVersion));
  if (header[2] != kParameters) rd.fail("the checkpoint was written with other engine parameters");
  u64 payload = header[3];
  if (size >= 0 && static_cast<u64>(size) != (kHeaderWords + payload + 1) * sizeof(u64))
    rd.fail("the file is truncated or padded: " + std::to_string(size) + " bytes, expected " +
            std::to_string((kHeaderWords + payload + 1) * sizeof(u64)));

  InftyQueens engine;
  State& st = *engine.state_;
  InftyStats& stats = st.stats;
  st.n = rd.word(), st.s = rd.word(), st.r = rd.word(), st.t = rd.word();
  st.wa = rd.word(), st.wb = rd.word(), st.wc = rd.word(), st.nphi = rd.word();
  u64 low = rd.word();
  st.fraction = static_cast<u128>(rd.word()) << 64 | low;
  for (auto* c : {&st.rows, &st.antidiagonals}) c->column = rd.word(), c->rank = rd.word(), c->next = rd.word();
  st.peak_bytes = rd.word();
  stats.terms = rd.word();
  stats.high_terms = rd.word();
  rd.read(stats.high_histogram.data(), stats.high_histogram.size());
  rd.read(stats.low_histogram.data(), stats.low_histogram.size());
  rd.read(stats.probe_histogram.data(), stats.probe_histogram.size());
  stats.max_scan = rd.word(), stats.max_s_step = rd.word();
  u64 list_words = 0;
  for (auto* list : {&stats.high_max, &stats.high_min, &stats.low_max, &stats.low_min}) {
    u64 count = rd.word();
    if (count > st.n) rd.fail("the file is corrupted (a record list is longer than the run)");
    list_words += 2 * count;
    for (u64 i = 0; i < count; ++i) {
      u64 n = rd.word();
      list->push_back({n, rd.word()});
    }
  }
  st.record.blocks.clear();
  st.record.first_block = rd.word();
  u64 blocks = rd.word();
  if (payload != kFixedWords + list_words + blocks * HighRecord::kBlockWords)
    rd.fail("the file is corrupted (its sizes disagree)");
  for (u64 b = 0; b < blocks; ++b) {
    st.record.add_block();
    rd.read(st.record.blocks.back().get(), HighRecord::kBlockWords);
  }
  rd.finish();

  // A file with a valid checksum is what save() wrote; these checks guard the engine against
  // a hand-made one.
  auto position = infty_detail::phi_position(st.n);
  // The block of the last column written (the next one is added when the next run starts).
  u64 frontier_block = (st.n - 1) >> HighRecord::kBlockColumnsLog;
  bool consistent = st.n >= 1 && st.n - 1 <= kInftyMaxTerms && stats.terms == st.n - 1 &&
                    stats.high_terms <= stats.terms && position.floor == st.nphi && position.fraction == st.fraction &&
                    st.s >= 1 && st.s <= st.n && st.t < st.n && st.record.first_block <= frontier_block &&
                    frontier_block < st.record.first_block + blocks;
  for (const auto* c : {&st.rows, &st.antidiagonals})
    consistent = consistent && c->column >= 1 && c->column <= st.n &&
                 (c->column >> HighRecord::kBlockColumnsLog) >= st.record.first_block && c->rank <= st.t;
  if (!consistent) rd.fail("the file is corrupted (inconsistent state)");
  st.derive_keys();
  return engine;
}

InftyQueens InftyQueens::load(const std::filesystem::path& path) {
  // An ifstream opens a folder and fails only at its first read, which would blame the contents.
  std::error_code ec;
  if (std::filesystem::is_directory(path, ec))
    throw InputError("cannot read " + path.string() + ": it is a folder, not a checkpoint file");
  std::ifstream in(path, std::ios::binary);
  if (!in) throw InputError("cannot read " + path.string() + ": " + std::strerror(errno));
  return load(in, path.string());
}

}  // namespace qg::infty
