// The dictionary process (seed 003 §3): read a word at the head, append its translate.
#include <algorithm>

#include <fmt/format.h>

#include "bit_queue.hpp"
#include "queengames/dictionary.hpp"

namespace qg::dictionary {

namespace {

using dictionary_detail::BitQueue;

// The translates packed in 64-bit pieces.
struct Engine {
  explicit Engine(const Dictionary& d) : dictionary(d) {
    for (const auto& e : d.entries()) {
      word_length.push_back(static_cast<unsigned>(e.word.size()));
      std::vector<std::pair<std::uint64_t, unsigned>> pieces;
      for (std::size_t i = 0; i < e.translate.size(); i += 64) {
        std::uint64_t bits = 0;
        unsigned n = static_cast<unsigned>(std::min<std::size_t>(64, e.translate.size() - i));
        for (unsigned j = 0; j < n; ++j) bits = bits << 1 | (e.translate[i + j] == '1');
        pieces.push_back({bits, n});
      }
      translate.push_back(std::move(pieces));
    }
    window = static_cast<unsigned>(d.max_word_length());
  }
  HeadRead read(const BitQueue& q, std::uint64_t head) const {
    if (dictionary.has_window_table() && head + window <= q.end())
      return dictionary.read_window(static_cast<std::uint32_t>(q.peek(head) >> (64 - window)));
    return dictionary.read([&](std::uint64_t i) { return q.bit(head + i); }, q.end() - head);
  }
  void write(BitQueue& q, std::size_t entry) const {
    for (auto [bits, n] : translate[entry]) q.push(bits, n);
  }

  const Dictionary& dictionary;
  std::vector<unsigned> word_length;
  std::vector<std::vector<std::pair<std::uint64_t, unsigned>>> translate;
  unsigned window = 0;
};

}  // namespace

namespace {
// Runs shorter than this hold at most a few tens of MiB: no pilot is run for them.
constexpr std::uint64_t kUnestimatedBits = std::uint64_t{1} << 26;
}  // namespace

std::uint64_t dictionary_bytes(const Dictionary& dictionary, std::uint64_t bits) {
  DictionaryRunOptions pilot;
  pilot.bits = std::min<std::uint64_t>(bits, std::uint64_t{1} << 22);
  pilot.force = true;
  const DictionaryRun run = run_dictionary(dictionary, pilot);
  constexpr std::uint64_t slack = std::uint64_t{1} << 20;  // the engine, chunks of 2^16 characters
  if (run.stopped || run.bits == 0) return run.peak_buffer_bits / 8 + slack;
  // The unread part grows as the string does (a dictionary's translates are a fixed
  // multiple of its words in the long run): its share of the pilot, scaled to `bits`.
  const auto unread = static_cast<u128>(run.bits - std::min(run.head, run.bits)) * bits / run.bits;
  return static_cast<std::uint64_t>(std::min<u128>(4 * unread / 8, UINT64_MAX / 2)) + slack;
}

DictionaryRun run_dictionary(const Dictionary& dictionary, const DictionaryRunOptions& options) {
  if (!options.force && options.bits > kUnestimatedBits)
    require_memory(dictionary_bytes(dictionary, options.bits),
                   fmt::format("the dictionary process to {} bits", options.bits));
  Engine engine(dictionary);
  BitQueue q;
  q.push(dictionary.start());
  std::uint64_t head = dictionary.head(), emitted = 0, target = options.bits;
  DictionaryRun run;
  run.counts.assign(dictionary.entries().size(), 0);
  std::string chunk;
  auto flush = [&] {
    std::uint64_t upto = std::min(q.end(), target);
    if (options.sink && upto > emitted) {
      chunk.clear();
      for (std::uint64_t p = emitted; p < upto; p += 64) {
        std::uint64_t w = q.peek(p);
        unsigned n = static_cast<unsigned>(std::min<std::uint64_t>(64, upto - p));
        for (unsigned i = 0; i < n; ++i) chunk += static_cast<char>('0' + ((w >> (63 - i)) & 1));
      }
      options.sink(chunk);
    }
    emitted = std::max(emitted, upto);
    run.peak_buffer_bits = std::max(run.peak_buffer_bits, q.held_bits());
    q.drop_before(std::min(head, emitted));
  };
  constexpr std::uint64_t chunk_bits = 1 << 16;
  const bool on_word = static_cast<bool>(options.on_word);
  Poller poller(options.progress, target);
  while (q.end() < target) {
    poller.tick(std::min(q.end(), target));
    HeadRead r = engine.read(q, head);
    if (r.status != HeadRead::Status::word) {
      run.stopped = true;
      run.stop_position = head;
      for (std::uint64_t p = head; p < q.end() && p < head + 64; ++p) run.unread += q.bit(p) ? '1' : '0';
      break;
    }
    ++run.counts[r.entry];
    if (on_word) options.on_word(r.entry, head);
    head += engine.word_length[r.entry];
    engine.write(q, r.entry);
    if (q.end() - emitted >= chunk_bits) flush();
  }
  flush();
  poller.finish();
  for (auto c : run.counts) run.words_read += c;
  run.bits = q.end();
  run.head = head;
  return run;
}

std::string dictionary_bits(const Dictionary& dictionary, std::uint64_t bits) {
  std::string out;
  DictionaryRunOptions options;
  options.bits = bits;
  options.sink = [&](std::string_view chunk) { out += chunk; };
  run_dictionary(dictionary, options);
  return out;
}

}  // namespace qg::dictionary
