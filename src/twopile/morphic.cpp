// The morphic route (seed 001 §3–4) and the generic complementary pair of §4.
#include <algorithm>
#include <limits>

#include <fmt/format.h>

#include "queengames/twopile.hpp"
#include "queengames/words.hpp"

namespace qg::twopile {
namespace {

std::string power(char letter, std::uint64_t k) { return std::string(static_cast<std::size_t>(k), letter); }

// a → a^k b, b → a^j.
std::string ab_morphism(const std::string& a_image, std::uint64_t j) {
  return "a->" + a_image + ",b->" + power('a', j);
}

// Reads the coded word (the fixed point with `deleted` letters removed) and reports the
// 1-based location of each next occurrence of one letter.
class LetterScanner {
 public:
  LetterScanner(const words::Morphism& morphism, char letter, const std::string& deleted)
      : stream_(morphism), letter_(letter), deleted_(deleted) {}
  std::uint64_t next() {
    while (true) {
      if (at_ == filled_) {
        stream_.read(buffer_, sizeof buffer_);
        at_ = 0;
        filled_ = sizeof buffer_;
      }
      char c = buffer_[at_++];
      if (deleted_.find(c) != std::string::npos) continue;
      ++location_;
      if (c == letter_) return location_;
    }
  }

 private:
  words::FixedPointStream stream_;
  char letter_;
  std::string deleted_;
  char buffer_[4096];
  std::size_t at_ = 0, filled_ = 0;
  std::uint64_t location_ = 0;
};

}  // namespace

std::optional<MorphicCoding> morphic_coding(const Ruleset& ruleset) {
  if (ruleset.terminal() > 0) return std::nullopt;  // no paper codes a terminal set by a morphism
  const Widened* widened = nullptr;
  int rooks = 0, widened_count = 0, bounces = 0, reflects = 0, others = 0;
  std::uint64_t reflect_k = 0;
  for (const auto& f : ruleset.families()) {
    if (std::holds_alternative<Rook>(f)) ++rooks;
    else if (auto* w = std::get_if<Widened>(&f)) widened = w, ++widened_count;
    else if (std::holds_alternative<Bounce>(f)) ++bounces;
    else if (auto* r = std::get_if<Reflect>(&f)) reflect_k = r->k, ++reflects;
    else ++others;
  }
  if (rooks != 1 || widened_count != 1 || others != 0 || bounces + reflects > 1) return std::nullopt;
  const Widened& w = *widened;
  bool plain = w.s == 1 && w.t == 1;
  if (bounces == 1) {
    if (!plain) return std::nullopt;
    return MorphicCoding{"a->ab,b->aa", 'a', 'b', "", "seed 001 §4: period-doubling codes the Queen Bee"};
  }
  if (reflects == 1) {
    if (reflect_k == 1 && plain)
      return MorphicCoding{"a->ab,b->ac,c->a", 'a', 'b', "c", "seed 001 §3: t_c codes the Queen Dee"};
    if (reflect_k == 2 && w.s == 1 && w.t == 2 && !w.limit)
      return MorphicCoding{"a->ab,b->ac,c->a", 'a', 'c', "b", "seed 001 Theorem 5: t_b codes the 2-Queen Dee"};
    return std::nullopt;
  }
  if (w.limit) {
    // Measured against brute force (tests, docs/TWOPILE.md): the text's a → a^{k−j} b a^j
    // codes the k-Queen barred from the band |x − y| ≤ k − 1 − j, so band J takes j = k − 1 − J.
    if (*w.limit >= w.t) return std::nullopt;
    std::uint64_t j = w.t - 1 - *w.limit;
    return MorphicCoding{ab_morphism(power('a', w.t - j) + "b" + power('a', j), 1), 'a', 'b', "",
                         "seed 001 §4: a->a^(k-j) b a^j, b->a codes the limited k-Queen with band k-1-j"};
  }
  if (w.s == 1)
    return MorphicCoding{ab_morphism(power('a', w.t) + "b", 1), 'a', 'b', "",
                         w.t == 1 ? "seed 001 §4: the Fibonacci word codes Wythoff Nim"
                                  : "seed 001 §4: a->a^k b, b->a codes Holladay's k-Queen"};
  return MorphicCoding{ab_morphism(power('a', w.s + w.t - 1) + "b", w.s), 'a', 'b', "",
                       "seed 001 §4: a->a^k b, b->a^j codes Fraenkel's (j, 1+k-j)-Wythoff"};
}

MorphicPPositions::MorphicPPositions(MorphicCoding coding) : coding_(std::move(coding)) {
  words::Morphism morphism = words::Morphism::parse(coding_.morphism);
  morphism.require_prolongable();
  index_ = std::make_shared<const words::FixedPointIndex>(morphism);
}

Position MorphicPPositions::nth(std::uint64_t n) const {
  if (n == 0) return {0, 0};
  if (n > (std::uint64_t{1} << 62)) throw RangeError(fmt::format("P-position index {} is beyond 2^62", n));
  const words::FixedPointIndex& index = *index_;
  auto location = [&](char letter) {
    std::uint64_t at = index.occurrence(letter, n);  // 0-based position in the fixed point
    std::uint64_t removed = 0;
    for (char d : coding_.deleted) removed += index.count(d, at);
    return at + 1 - removed;
  };
  return {location(coding_.a_letter), location(coding_.b_letter)};
}

void MorphicPPositions::stream(std::uint64_t count, const PPositionSink& sink, const ProgressFn& progress) const {
  if (count == 0 || !sink(0, 0, 0)) return;
  words::Morphism morphism = words::Morphism::parse(coding_.morphism);
  LetterScanner as(morphism, coding_.a_letter, coding_.deleted), bs(morphism, coding_.b_letter, coding_.deleted);
  Poller poller(progress, count);
  for (std::uint64_t n = 1; n < count; ++n) {
    std::uint64_t a = as.next();
    if (!sink(n, a, bs.next())) return;
    poller.tick(n);
  }
  poller.finish();
}

void complementary_pair(const std::function<std::uint64_t(std::uint64_t n)>& f, std::uint64_t count,
                        const PPositionSink& sink, const ProgressFn& progress) {
  if (count == 0 || !sink(0, 0, 0)) return;
  Poller poller(progress, count);
  std::vector<std::uint64_t> used;  // bit set of the a_i and b_i placed so far
  auto test = [&](std::uint64_t v) { return (v >> 6) < used.size() && ((used[v >> 6] >> (v & 63)) & 1); };
  auto mark = [&](std::uint64_t v) {
    if ((v >> 6) >= used.size()) used.resize(std::max<std::size_t>((v >> 6) + 1, used.size() * 3 / 2), 0);
    used[v >> 6] |= std::uint64_t{1} << (v & 63);
  };
  std::uint64_t a = 0;
  for (std::uint64_t n = 1; n < count; ++n) {
    do ++a;
    while (test(a));
    std::uint64_t d = f(n);
    if (d == 0) throw InputError(fmt::format("complementary pair: f({}) = 0, but b_n = a_n + f(n) needs f(n) ≥ 1", n));
    if (d > (std::uint64_t{1} << 62) - a) throw RangeError(fmt::format("complementary pair: b_{} passes 2^62", n));
    mark(a + d);
    if (!sink(n, a, a + d)) return;
    poller.tick(n);
  }
  poller.finish();
}

}  // namespace qg::twopile
