// The telescope of seed 003 §4 (Figure 10) and §5.2: decide P or N at (x, y) by
// back-tracking x along φn and n/φ to a computed prefix and translating a bounded window
// forward at each level.
//
// Two identities make every position exact (Z(c) = the number of 0s among bits 0..c−1):
// a word read at position p is translated at W(p) = p + Z(p) + w₀, and Z(W(p)) = p + z₀,
// with constants w₀, z₀ read off the start. Both follow by induction because every translate
// t of a word w has |t| = |w| + #0(w) and #0(t) = |w| (its 1s are the rows of w's upper
// P-positions) — which the constructor checks.
#include <algorithm>
#include <stdexcept>

#include <fmt/format.h>

#include "queengames/dictionary.hpp"
#include "queengames/numeration.hpp"

namespace qg::dictionary {

namespace {

constexpr std::uint64_t kDead = UINT64_MAX, kUndecided = UINT64_MAX - 1;
// Past kMaxMargin bits of margin the telescope gives up rather than guess: it never answers
// from a parse it has not certified. (prove_convergence shows the parses meet within 16 bits
// for (2,3)-Maharaja and 39 for Maharaja Nim, so this is never reached.)
constexpr std::uint64_t kMaxMargin = std::uint64_t{1} << 20;

struct Window {
  std::uint64_t lo = 0;
  std::vector<std::uint8_t> bits;
  std::uint64_t zeros_before = 0;  // Z(lo)
};

struct Word {
  std::uint64_t position, zeros_before;  // p and Z(p)
  std::uint32_t entry;
};

}  // namespace

struct Telescope::Impl {
  explicit Impl(const GameDictionary& g) : game(g) {}
  GameDictionary game;
  std::uint64_t head0 = 0, prefix = 0, max_word = 0;
  std::uint64_t margin0 = 0;  // how far before a window its parse starts, at first
  std::int64_t w0 = 0, z0 = 0;
  std::vector<std::uint8_t> bits;                                 // columns 0 … prefix−1
  std::vector<std::uint64_t> zeros;                               // zeros[c] = Z(c), c ≤ prefix
  std::vector<std::int32_t> entry_at;                             // the entry read at a boundary, −1 elsewhere
  std::vector<std::uint64_t> row;                                 // the P-position's row in each prefix column
  std::vector<std::vector<std::pair<unsigned, unsigned>>> upper;  // per entry: (i, j)
  std::vector<unsigned> length;                                   // per entry

  std::uint64_t translated_at(const Word& w) const {
    return static_cast<std::uint64_t>(static_cast<std::int64_t>(w.position + w.zeros_before) + w0);
  }

  // The next boundary after a word read at offset o of `w`, or kDead / kUndecided.
  // `index[o]` holds the max_word bits from o when they are all in `w`.
  std::uint64_t next(const std::vector<std::uint8_t>& w, const std::vector<std::uint32_t>& index, std::uint64_t o,
                     std::uint32_t* entry) const {
    HeadRead r = o < index.size() ? game.dictionary.read_window(index[o])
                                  : game.dictionary.read([&](std::uint64_t i) { return w[o + i] != 0; }, w.size() - o);
    if (r.status == HeadRead::Status::end_of_string) return kUndecided;
    if (r.status == HeadRead::Status::no_word) return kDead;
    if (entry) *entry = static_cast<std::uint32_t>(r.entry);
    return o + length[r.entry];
  }

  // The words read at positions in [w.lo, w.lo + span) from the first position where every
  // candidate parse has met; false if they do not meet (the caller widens the window).
  // w must hold max_word bits past the span, so that every read there is decided.
  bool parse_window(const Window& w, std::uint64_t span, std::vector<Word>& words, TelescopeTrace* trace) const {
    words.clear();
    std::uint64_t n = w.bits.size();
    std::vector<std::uint32_t> index;
    if (game.dictionary.has_window_table() && n >= max_word) {
      index.resize(n - max_word + 1);
      std::uint32_t v = 0, mask = (std::uint32_t{1} << max_word) - 1;
      for (std::uint64_t o = 0; o < n; ++o) {
        v = (v << 1 | w.bits[o]) & mask;
        if (o + 1 >= max_word) index[o + 1 - max_word] = v;
      }
    }
    // Every true boundary is followed by one within max_word bits, so one of the first
    // max_word offsets is a true boundary: follow them all until a single token is left.
    std::vector<std::uint8_t> mark(n + 1, 0);
    std::uint64_t pending = 0, met = kDead;
    for (std::uint64_t o = 0; o < std::min(max_word, n); ++o) mark[o] = 1, ++pending;
    for (std::uint64_t o = 0; o < span; ++o) {
      if (!mark[o]) continue;
      if (--pending == 0) {
        met = o;
        break;
      }
      std::uint64_t nx = next(w.bits, index, o, nullptr);
      if (nx == kUndecided) return false;
      if (nx != kDead && !mark[nx]) mark[nx] = 1, ++pending;
    }
    if (met == kDead) return false;
    if (trace) trace->sync_bits = std::max(trace->sync_bits, met);
    std::uint64_t z = w.zeros_before;
    for (std::uint64_t o = 0; o < met; ++o) z += !w.bits[o];
    for (std::uint64_t o = met; o < span;) {
      std::uint32_t e = 0;
      std::uint64_t nx = next(w.bits, index, o, &e);
      if (nx >= kUndecided) throw std::logic_error("telescope: the dictionary cannot read its own string");
      words.push_back({w.lo + o, z, e});
      for (; o < nx; ++o) z += !w.bits[o];
    }
    return true;
  }

  // The words read at positions in [a, b), as parse_window.
  bool parse(std::uint64_t a, std::uint64_t b, std::vector<Word>& words, TelescopeTrace* trace) const {
    a = std::max(a, head0);
    if (b + max_word <= prefix) {  // the prefix's parse is known
      words.clear();
      for (std::uint64_t p = a; p < b; ++p)
        if (entry_at[p] >= 0) words.push_back({p, zeros[p], static_cast<std::uint32_t>(entry_at[p])});
      return !words.empty();
    }
    return parse_window(window(a, b + max_word, trace), b - a, words, trace);
  }

  // The bits of columns [lo, hi) with Z(lo); `source`, if given, receives the words whose
  // translates they are (none when the prefix holds them).
  Window window(std::uint64_t lo, std::uint64_t hi, TelescopeTrace* trace, std::vector<Word>* source = nullptr) const {
    if (hi <= prefix) {
      if (source) source->clear();
      return {lo,
              std::vector<std::uint8_t>(bits.begin() + static_cast<std::ptrdiff_t>(lo),
                                        bits.begin() + static_cast<std::ptrdiff_t>(hi)),
              zeros[lo]};
    }
    if (lo < prefix) {  // the prefix's part as it is, so that sources stay far from the start
      Window out = window(prefix, hi, trace, source);
      out.bits.insert(out.bits.begin(), bits.begin() + static_cast<std::ptrdiff_t>(lo), bits.end());
      out.lo = lo;
      out.zeros_before = zeros[lo];
      return out;
    }
    if (trace) {
      ++trace->levels;
      trace->widest_window = std::max(trace->widest_window, hi - lo);
    }
    std::vector<Word> words;
    for (std::uint64_t margin = margin0; margin <= kMaxMargin; margin *= 2) {
      // Words read near lo/φ are translated near lo (W(p) = φp + O(1)).
      std::uint64_t s_lo = numeration::floor_n_over_phi<std::uint64_t>(lo),
                    s_hi = numeration::floor_n_over_phi<std::uint64_t>(hi) + 1;
      std::uint64_t a = s_lo > margin ? s_lo - margin : 0;
      if (!parse(a, s_hi + margin, words, trace)) continue;
      std::uint64_t at = translated_at(words.front());
      if (at > lo && a <= head0) throw std::logic_error("telescope: a column before the first translate");
      if (at > lo) continue;
      Window out{lo, {}, words.front().position + static_cast<std::uint64_t>(z0)};  // Z(W(p)) = p + z₀
      out.bits.reserve(hi - lo);
      for (const Word& w : words) {
        for (char c : game.dictionary.entries()[w.entry].translate) {
          if (at >= hi) break;
          if (at >= lo) out.bits.push_back(c == '1');
          else out.zeros_before += c == '0';
          ++at;
        }
        if (at >= hi) {
          if (source) *source = std::move(words);
          if (trace) trace->windows.emplace_back(lo, hi);
          return out;
        }
      }
    }
    throw RangeError(fmt::format("telescope: the parses near column {} did not meet within {} bits", lo, kMaxMargin));
  }

  std::uint64_t p_row(std::uint64_t x, TelescopeTrace* trace) const {
    if (x < prefix) return row[x];
    std::vector<Word> source, words;
    for (std::uint64_t margin = margin0; margin <= kMaxMargin; margin *= 2) {
      std::uint64_t lo = x - std::min(x, margin);
      Window w = window(lo, x + max_word + 1, trace, &source);
      if (w.bits[x - lo]) {  // x holds a lower P-position: its row is the column of a 0 below
        for (const Word& s : source) {
          std::uint64_t at = translated_at(s);
          if (at > x || x >= at + game.dictionary.entries()[s.entry].translate.size()) continue;
          for (auto [i, j] : upper[s.entry])
            if (j == x - at) return s.position + i;
        }
        break;
      }
      if (!parse_window(w, x + 1 - lo, words, trace) || words.front().position > x) continue;
      const Word& word = words.back();  // the word read at the position covering x
      for (auto [i, j] : upper[word.entry])
        if (i == x - word.position) return translated_at(word) + j;
      break;
    }
    throw std::logic_error("telescope: a column that is neither a 0 of a word nor a 1 of a translate");
  }
};

Telescope::Telescope(const GameDictionary& game, std::uint64_t prefix_bits) {
  auto impl = std::make_shared<Impl>(game);
  const Dictionary& d = game.dictionary;
  if (prefix_bits < 256) throw RangeError("telescope: the prefix needs at least 256 bits");
  for (const auto& e : d.entries()) {
    SectorTranslation t = translate_in_perfect_sector(e.word, game.k, game.l);
    if (t.translate != e.translate)
      throw InputError(fmt::format("telescope: the translate of '{}' is {}, not the {} that a perfect sector gives",
                                   e.word, e.translate, t.translate));
    impl->upper.push_back(t.upper);
    impl->length.push_back(static_cast<unsigned>(e.word.size()));
  }
  impl->max_word = d.max_word_length();
  impl->head0 = game.start_column + d.head();
  impl->prefix = prefix_bits;
  impl->entry_at.assign(prefix_bits, -1);
  // Run until the head has passed the prefix, so that its parse is known to the end.
  DictionaryRunOptions options;
  options.bits = 2 * prefix_bits;
  options.sink = [&](std::string_view chunk) {
    for (char c : chunk)
      if (impl->bits.size() < prefix_bits) impl->bits.push_back(c == '1');
  };
  options.on_word = [&](std::size_t entry, std::uint64_t position) {
    if (position < prefix_bits) impl->entry_at[position] = static_cast<std::int32_t>(entry);
  };
  DictionaryRun run = run_game_dictionary(game, options);
  if (run.stopped || run.head < prefix_bits + impl->max_word)
    throw std::logic_error("telescope: the dictionary process stopped");
  impl->zeros.assign(prefix_bits + 1, 0);
  for (std::uint64_t c = 0; c < prefix_bits; ++c) impl->zeros[c + 1] = impl->zeros[c] + !impl->bits[c];
  std::uint64_t written0 = game.start_column + d.start().size();  // W(head0)
  impl->w0 = static_cast<std::int64_t>(written0) - static_cast<std::int64_t>(impl->head0 + impl->zeros[impl->head0]);
  impl->z0 = static_cast<std::int64_t>(impl->zeros[written0]) - static_cast<std::int64_t>(impl->head0);
  // The rows of the prefix columns come from the game; its bits must agree with the process.
  impl->row.assign(prefix_bits, 0);
  sweep_upper_p_positions(game.k, game.l, prefix_bits,
                          [&](std::uint64_t a, std::uint64_t b) {
                            impl->row[a] = b;
                            if (b < prefix_bits) impl->row[b] = a;
                          },
                          {});
  for (std::uint64_t c = 1; c < prefix_bits; ++c)
    if ((impl->row[c] > c) != !impl->bits[c]) throw std::logic_error("telescope: the prefix disagrees with the game");
  // The windows' margin: the longest meeting distance of the candidate parses seen on the
  // prefix, plus slack; a window whose parses meet later is retried with twice the margin.
  TelescopeTrace seen;
  std::vector<Word> words;
  for (std::uint64_t p = impl->head0; p + 128 <= std::min<std::uint64_t>(prefix_bits, 4096); ++p)
    impl->parse_window(impl->window(p, p + 128, nullptr), 128 - impl->max_word, words, &seen);
  impl->margin0 = seen.sync_bits + impl->max_word + 8;
  impl_ = std::move(impl);
}

std::uint64_t Telescope::p_row(std::uint64_t x, TelescopeTrace* trace) const {
  if (x > kMaxCoordinate)
    throw RangeError(fmt::format("the telescope supports columns 0..{} (2^62 - 1), not {}", kMaxCoordinate, x));
  return impl_->p_row(x, trace);
}

bool Telescope::is_p(std::uint64_t x, std::uint64_t y, TelescopeTrace* trace) const {
  if (x == y) return x == 0;
  return p_row(std::min(x, y), trace) == std::max(x, y);
}

bool Telescope::bit(std::uint64_t x) const {
  if (x > kMaxCoordinate)
    throw RangeError(fmt::format("the telescope supports columns 0..{} (2^62 - 1), not {}", kMaxCoordinate, x));
  if (x < impl_->prefix) return impl_->bits[x];
  return impl_->window(x, x + 1, nullptr).bits[0];
}

}  // namespace qg::dictionary
