// The catalogued sequences of the Tribonacci word (seed 000 §4, §5.4), streamed from the
// fixed point of τ: a→ab, b→ac, c→a.
#include <string>

#include "queengames/catalog.hpp"
#include "queengames/words.hpp"

namespace qg {

using namespace words;  // this module's names

namespace {

constexpr std::uint64_t max_terms = 1'000'000'000'000;  // hours of output; positions stay far below 2^63
constexpr std::size_t kChunk = 1 << 16;

// Streams the Tribonacci word in chunks: visit(position, letter) until it returns false,
// report() after each chunk.
template <class Visit, class Report>
void scan_tribonacci(Visit&& visit, Report&& report) {
  FixedPointStream stream(Morphism::named("tribonacci"));
  std::string buffer(kChunk, '\0');
  while (true) {
    stream.read(buffer.data(), kChunk);
    std::uint64_t base = stream.position() - kChunk;
    for (std::size_t i = 0; i < kChunk; ++i)
      if (!visit(base + i, buffer[i])) return;
    report();
  }
}

// The positions (1-based, as t_1 t_2 … in seed 000) of `letter`: A_n, B_n, C_n of §5.4.
Sequence positions_of(const char* anumber, char letter) {
  Sequence s;
  s.anumber = anumber;
  s.name = std::string("Positions of letter ") + letter + " in the tribonacci word abacabaabacababac...";
  s.offset = 1;
  s.max_terms = max_terms;
  s.route = std::string("stream the fixed point of a->ab,b->ac,c->a and report the 1-based positions of ") + letter;
  s.generate = [letter](std::uint64_t count, const TermSink& sink, const ProgressFn& progress) {
    std::uint64_t done = 0;
    if (count == 0) return;
    scan_tribonacci(
        [&](std::uint64_t position, char c) {
          if (c != letter) return true;
          sink(static_cast<std::int64_t>(position + 1));
          return ++done < count;
        },
        [&] {
          if (progress) progress(done, count);
        });
    if (progress) progress(count, count);
  };
  return s;
}

}  // namespace

std::vector<Sequence> words_sequences() {
  Sequence word;
  word.anumber = "A080843";
  word.name = "Tribonacci word: fixed point of the morphism 0->01, 1->02, 2->0";
  word.offset = 0;
  word.max_terms = max_terms;
  word.route = "stream the fixed point of a->ab,b->ac,c->a, coded a->0,b->1,c->2";
  word.generate = [](std::uint64_t count, const TermSink& sink, const ProgressFn& progress) {
    std::uint64_t done = 0;
    if (count == 0) return;
    scan_tribonacci(
        [&](std::uint64_t, char c) {
          sink(c - 'a');
          return ++done < count;
        },
        [&] {
          if (progress) progress(done, count);
        });
    if (progress) progress(count, count);
  };
  return {word, positions_of("A003144", 'a'), positions_of("A003145", 'b'), positions_of("A003146", 'c')};
}

}  // namespace qg
