// The claims of seed 000 about the theme song and the Tribonacci word (§4, §5.2, §6).
// Finite words are built by applying the morphisms to strings (the obviously correct
// route); infinite words are streamed.
#include <algorithm>
#include <initializer_list>
#include <string>
#include <string_view>

#include <fmt/format.h>

#include "papers/exile/walnut.hpp"
#include "papers/papers.hpp"
#include "queengames/words.hpp"

namespace qg::papers::exile_words {

using namespace words;  // the engine these claims check

namespace {

constexpr std::size_t chunk = 1 << 16;
// T_72 is the last Tribonacci number below 2^64.
constexpr std::uint64_t last_64_bit_n = 72;
// Beyond this the words T_n themselves (T_28 = 29 249 425 letters) no longer fit a test run.
constexpr std::uint64_t last_string_n = 28;

Morphism tau() { return Morphism::named("tribonacci"); }

// The Tribonacci numbers of seed 000 §5.1 by their recurrence: numbers[n + 3] = T_n for
// n ≥ -3, with T_{-3} = T_{-2} = 0, T_{-1} = 1.
std::vector<std::uint64_t> tribonacci_numbers(std::uint64_t last_n) {
  std::vector<std::uint64_t> t = {0, 0, 1};
  for (std::uint64_t n = 0; n <= last_n; ++n) t.push_back(t[n] + t[n + 1] + t[n + 2]);
  return t;
}

// The finite words T_n = τ^n(a), n = 0..last_n.
std::vector<std::string> tribonacci_words(std::uint64_t last_n) {
  std::vector<std::string> words = {"a"};
  while (words.size() <= last_n) words.push_back(tau().apply(words.back()));
  return words;
}

// a·b·c… as one string (operator+ on std::string trips GCC 12's -Wrestrict).
std::string concat(std::initializer_list<std::string_view> parts) {
  std::string out;
  for (auto p : parts) out.append(p);
  return out;
}

// The first of the first n positions where two chunks differ, or n.
std::size_t first_difference(const std::string& x, const std::string& y, std::size_t n) {
  return static_cast<std::size_t>(
      std::mismatch(x.begin(), x.begin() + static_cast<std::ptrdiff_t>(n), y.begin()).first - x.begin());
}

// Lemmas 18 and 19: μ(c·T) = T, checked on the first `bound` letters of T by streaming
// T twice: once through μ, once as it is.
ClaimOutcome image_of_c_t_is_t(const Morphism& mu, const char* name, std::uint64_t bound, const ProgressFn& progress) {
  Poller poller(progress, bound);
  FixedPointStream source(tau()), target(tau());
  std::string input(chunk, '\0'), image = mu.image('c'), expected;
  std::uint64_t compared = 0;
  while (compared < bound) {
    source.read(input.data(), chunk);
    mu.apply_append(input, image);
    std::size_t n = static_cast<std::size_t>(std::min<std::uint64_t>(image.size(), bound - compared));
    expected.resize(n);
    target.read(expected.data(), n);
    if (std::size_t i = first_difference(image, expected, n); i < n)
      return failed(compared + i, fmt::format("letter {} (t_{}): {}(c·T) has {}, T has {}", compared + i + 1,
                                              compared + i + 1, name, image[i], expected[i]));
    compared += n;
    image.clear();
    poller.tick(compared);
  }
  poller.finish();
  return passed(compared, fmt::format("{}(c·T) = T on the first {} letters", name, compared));
}

ClaimOutcome check_theorem2(std::uint64_t bound, const ProgressFn& progress) {
  Poller poller(progress, bound);
  FixedPointStream theta(Morphism::named("theme-song")), t(tau());
  if (bound == 0) return passed(0, "nothing to compare");
  // Θ = t_0 t_1 t_2 … with t_0 = c (seed 000 after Theorem 2) and T = t_1 t_2 ….
  if (char first = theta.next(); first != 'c') return failed(0, fmt::format("Θ begins with {}, not c", first));
  std::string x(chunk, '\0'), y(chunk, '\0');
  std::uint64_t compared = 1;
  while (compared < bound) {
    auto n = static_cast<std::size_t>(std::min<std::uint64_t>(chunk, bound - compared));
    theta.read(x.data(), n);
    t.read(y.data(), n);
    if (std::size_t i = first_difference(x, y, n); i < n)
      return failed(compared + i,
                    fmt::format("Θ has {} at position {} but t_{} = {}", x[i], compared + i, compared + i, y[i]));
    compared += n;
    poller.tick(compared);
  }
  poller.finish();
  return passed(compared, fmt::format("Θ = c·T on the first {} letters", compared));
}

ClaimOutcome check_theorem6(std::uint64_t bound, const ProgressFn& progress) {
  Poller poller(progress, bound);
  auto words = tribonacci_words(bound);
  // T_{-1} = c is the reading that makes τ^0(c) = T_{-1} and τ(b) = ac = T_0·T_{-1} hold.
  auto T = [&](std::uint64_t n_plus_1) { return n_plus_1 == 0 ? std::string("c") : words[n_plus_1 - 1]; };
  std::string b = "b", cc = "c";
  for (std::uint64_t n = 0; n <= bound; ++n) {
    if (n >= 1 && b != concat({T(n), T(n - 1)}))
      return failed(n, fmt::format("τ^{}(b) differs from T_{}·T_{}", n, n - 1, static_cast<int>(n) - 2));
    if (cc != T(n)) return failed(n, fmt::format("τ^{}(c) differs from T_{}", n, static_cast<int>(n) - 1));
    b = tau().apply(b);
    cc = tau().apply(cc);
    poller.tick(n);
  }
  poller.finish();
  return passed(bound, fmt::format("n = 0..{} (|τ^{}(b)| = {})", bound, bound, words[bound].size()));
}

ClaimOutcome check_lemma7(std::uint64_t bound, const ProgressFn&) {
  auto words = tribonacci_words(bound);
  for (std::uint64_t n = 3; n <= bound; ++n)
    if (words[n] != concat({words[n - 1], words[n - 2], words[n - 3]}))
      return failed(n, fmt::format("T_{} differs from T_{}·T_{}·T_{}", n, n - 1, n - 2, n - 3));
  return passed(bound, fmt::format("n = 3..{}", bound));
}

ClaimOutcome check_lemma8(std::uint64_t bound, const ProgressFn&) {
  auto numbers = tribonacci_numbers(bound);
  // The words themselves while they fit, the length recurrence of iterate_length beyond.
  auto words = tribonacci_words(std::min(bound, std::uint64_t{20}));
  for (std::uint64_t n = 0; n <= bound; ++n) {
    std::uint64_t length = n < words.size() ? words[n].size() : tau().iterate_length('a', static_cast<unsigned>(n));
    if (length != numbers[n + 3])
      return failed(n, fmt::format("|T_{}| = {} but T_{} = {}", n, length, n, numbers[n + 3]));
  }
  return passed(bound, fmt::format("n = 0..{} (T_{} = {})", bound, bound, numbers[bound + 3]));
}

ClaimOutcome check_lemma9(std::uint64_t bound, const ProgressFn&) {
  auto numbers = tribonacci_numbers(bound);
  auto words = tribonacci_words(std::min(bound, std::uint64_t{20}));
  // Beyond the strings: T_n is the prefix of length T_n of T, counted by the index.
  FixedPointIndex index(tau());
  for (std::uint64_t n = 0; n <= bound; ++n)
    for (int i = 0; i < 3; ++i) {
      char x = static_cast<char>('a' + i);
      std::uint64_t seen = n < words.size()
                               ? static_cast<std::uint64_t>(std::count(words[n].begin(), words[n].end(), x))
                               : index.count(x, numbers[n + 3]);
      if (seen != numbers[n + 2 - static_cast<std::uint64_t>(i)])
        return failed(n, fmt::format("T_{} contains {} {}'s, not T_{} = {}", n, seen, x, static_cast<int>(n) - 1 - i,
                                     numbers[n + 2 - static_cast<std::uint64_t>(i)]));
    }
  return passed(bound, fmt::format("n = 0..{}", bound));
}

// Lemmas 18 and 19 as statements about T and its numeration: the image of Θ_j = (c·T)_j
// starts at $start(j,s), and the images tile the word (the first eval: consecutive starts
// differ by the image's length, from 0), so letter by letter the image is T (the second).
const std::string kLemma18 = proof_text("exile/lemma18");

// Theorem 2 as a statement about T: θ(c·T) = c·T, block by block as for Lemmas 18 and 19.
// |θ(x)| = |τ³(x)| for each letter (7, 6, 4), so the image of Θ_0 … Θ_(j−1) = c·t_1 … t_(j−1)
// has length 4 + |τ³(t_1 … t_(j−1))| = 4 + [(j−1)_T 000]_T ($shift thrice: τ³(T) = T, and τ's
// image of a prefix of length m has length [(m)_T 0]_T). The tiling eval certifies $tstart anyway.
// A word that starts with c and that θ fixes is θ's fixed point: it begins with θ^n(c) for
// every n, and θ(c) = caba is longer than c. So Θ = c·T.
const std::string kTheorem2 = proof_text("exile/theorem2");

// |τ''(Θ_0 … Θ_(j−1))| = 2 + 4N_a + 3N_b + 2N_c (of j − 1) = A_j + j + N_a(j − 1) for j ≥ 1,
// by (18) and N_a + N_b + N_c = j − 1; the tiling eval certifies it.
const std::string kLemma19 = proof_text("exile/lemma19");

// Lemmas 7 and 9 for every n, reading the finite word T_n = τ^n(a) as the prefix of T of length
// T_n = [10^n]_T: τ^n(a) is a prefix of τ^(n+1)(a) (τ(a) begins with a), hence of T, and its
// length is T_n (Lemma 8, checked to n = 72). Lemma 7: the prefix of length T_n is those of
// lengths T_(n−1), T_(n−2), T_(n−3) one after the other; Lemma 9: its letter counts.
const std::string kLemma7 = proof_text("exile/lemma7");
const std::string kLemma9 = proof_text("exile/lemma9");

Claim image_claim(const char* id, const char* source, const char* statement, const char* morphism, const char* name,
                  const std::string& proof) {
  return Claim{.id = id,
               .source = source,
               .kind = ClaimKind::lemma,
               .statement = statement,
               .unit = "letters",
               .bounds = {.tour = 1'000'000, .standard = 100'000'000, .deep = 100'000'000, .max = 1'000'000'000'000},
               .check =
                   [morphism, name](std::uint64_t bound, const ProgressFn& progress) {
                     return image_of_c_t_is_t(Morphism::parse(morphism), name, bound, progress);
                   },
               .proof = walnut::kLetterCounts + walnut::kThemeSong + proof};
}

}  // namespace

std::vector<Claim> claims() {
  return {
      Claim{.id = "exile.theorem2",
            .source = "seed 000, Theorem 2 (eq. (10))",
            .kind = ClaimKind::theorem,
            .statement = "the theme song Θ, the fixed point of θ: a→cabaaba, b→cababa, c→caba (6), is c·T(a,b,c)",
            .unit = "letters",
            .bounds = {.tour = 1'000'000, .standard = 1'000'000'000, .deep = 1'000'000'000, .max = 1'000'000'000'000},
            .check = check_theorem2,
            .proof = walnut::kLetterPositions + walnut::kThemeSong + kTheorem2},
      Claim{.id = "exile.theorem6",
            .source = "seed 000, Theorem 6",
            .kind = ClaimKind::theorem,
            .statement = "with T_n = τ^n(a): τ^n(b) = T_{n-1}·T_{n-2} (n ≥ 1) and τ^n(c) = T_{n-1} (n ≥ 0, T_{-1} = c)",
            .unit = "n",
            .bounds = {.tour = 14, .standard = 26, .deep = 26, .max = last_string_n},
            .check = check_theorem6},
      Claim{.id = "exile.lemma7",
            .source = "seed 000, Lemma 7",
            .kind = ClaimKind::lemma,
            .statement = "T_n = T_{n-1}·T_{n-2}·T_{n-3} for n ≥ 3, where T_n = τ^n(a) (proved with T_n read as T's "
                         "prefix of length T_n = [10^n]_T, which it is by Lemma 8)",
            .unit = "n",
            .bounds = {.tour = 14, .standard = 26, .deep = 26, .max = last_string_n},
            .check = check_lemma7,
            .proof = walnut::kDigits + walnut::kTribonacciNumbers + kLemma7},
      Claim{.id = "exile.lemma8",
            .source = "seed 000, Lemma 8",
            .kind = ClaimKind::lemma,
            .statement = "|T_n| = T_n, the Tribonacci numbers (T_{-3} = T_{-2} = 0, T_{-1} = 1, A000073 shifted)",
            .unit = "n",
            .bounds = {.tour = last_64_bit_n, .standard = last_64_bit_n, .deep = last_64_bit_n, .max = last_64_bit_n},
            .check = check_lemma8},
      Claim{.id = "exile.lemma9",
            .source = "seed 000, Lemma 9",
            .kind = ClaimKind::lemma,
            .statement = "T_n contains T_{n-1} a's, T_{n-2} b's and T_{n-3} c's (n ≥ 0) (proved with T_n read as T's "
                         "prefix of length [10^n]_T, as Lemma 7)",
            .unit = "n",
            .bounds = {.tour = last_64_bit_n, .standard = last_64_bit_n, .deep = last_64_bit_n, .max = last_64_bit_n},
            .check = check_lemma9,
            .proof = walnut::kLetterCounts + walnut::kTribonacciNumbers + kLemma9},
      image_claim("exile.lemma18", "seed 000, Lemma 18 (eq. (37))", "τ'(c·T) = T for τ': a→ba, b→ca, c→a",
                  "a->ba,b->ca,c->a", "τ'", kLemma18),
      image_claim("exile.lemma19", "seed 000, Lemma 19 (eq. (38))",
                  "τ''(c·T) = T for τ'': a→acab, b→aab, c→ab (τ'' = τ∘τ')", "a->acab,b->aab,c->ab", "τ''", kLemma19),
  };
}

}  // namespace qg::papers::exile_words
