// Morphisms and codings: the parser shared by both, validation, application, iteration.
#include <algorithm>
#include <cctype>
#include <optional>

#include <fmt/format.h>

#include "queengames/words.hpp"

namespace qg::words {
namespace {

// One rule "x->w" as written, with its number for the error messages.
struct Rule {
  char letter;
  std::string image;
  int number;
};

// A byte as the user would recognise it in a message.
std::string show(char c) {
  auto u = static_cast<unsigned char>(c);
  if (std::isprint(u)) return fmt::format("'{}'", c);
  return fmt::format("byte 0x{:02x}", u);
}

bool is_letter(char c) {
  auto u = static_cast<unsigned char>(c);
  return u < 128 && std::isalnum(u);
}

// The arrows a rule may use: ASCII, → (U+2192) and ↦ (U+21A6) in UTF-8.
constexpr std::string_view arrows[] = {"->", "\xE2\x86\x92", "\xE2\x86\xA6"};

// Splits "a->ab,b->ac" into rules; `what` is "morphism" or "coding" for the messages.
std::vector<Rule> parse_rules(std::string_view text, const char* what) {
  std::string t;
  for (char c : text)
    if (!std::isspace(static_cast<unsigned char>(c))) t.push_back(c);
  if (t.empty()) throw InputError(fmt::format("empty {}: write it like a->ab,b->ac,c->a", what));
  std::vector<Rule> rules;
  std::string_view rest(t);
  for (int number = 1;; ++number) {
    auto comma = rest.find(',');
    std::string_view rule = rest.substr(0, comma);
    if (rule.empty())
      throw InputError(fmt::format("rule {} of the {} '{}' is empty (a stray comma?)", number, what, t));
    std::size_t at = std::string_view::npos, arrow_size = 0;
    for (auto arrow : arrows)
      if (auto p = rule.find(arrow); p < at) at = p, arrow_size = arrow.size();
    if (at == std::string_view::npos)
      throw InputError(fmt::format("rule {} '{}' of the {} has no arrow: write it like a->ab", number, rule, what));
    std::string_view left = rule.substr(0, at), right = rule.substr(at + arrow_size);
    if (left.size() != 1 || !is_letter(left[0]))
      throw InputError(fmt::format("rule {} '{}' of the {}: the left side must be a single ASCII letter or digit",
                                   number, rule, what));
    for (char c : right)
      if (!is_letter(c))
        throw InputError(fmt::format("rule {} '{}' of the {}: {} in the image of '{}' is not an ASCII letter or digit",
                                     number, rule, what, show(c), left[0]));
    for (const auto& r : rules)
      if (r.letter == left[0])
        throw InputError(
            fmt::format("letter '{}' is mapped twice in the {} (rules {} and {})", left[0], what, r.number, number));
    rules.push_back({left[0], std::string(right), number});
    if (comma == std::string_view::npos) break;
    rest.remove_prefix(comma + 1);
  }
  return rules;
}

std::uint64_t saturating_add(std::uint64_t a, std::uint64_t b) { return a > UINT64_MAX - b ? UINT64_MAX : a + b; }

}  // namespace

Morphism Morphism::parse(std::string_view text) {
  auto rules = parse_rules(text, "morphism");
  Morphism m;
  m.index_.fill(-1);
  for (const auto& r : rules) {
    m.index_[static_cast<unsigned char>(r.letter)] = static_cast<std::int8_t>(m.alphabet_.size());
    m.alphabet_.push_back(r.letter);
    m.images_.push_back(r.image);
  }
  for (const auto& r : rules) {
    if (r.image.empty())
      throw InputError(
          fmt::format("the morphism erases '{}' (rule {}): a morphism must be non-erasing; "
                      "delete letters with a coding instead (the coding {}-> deletes them)",
                      r.letter, r.number, r.letter));
    for (char c : r.image)
      if (!m.contains(c))
        throw InputError(fmt::format("letter '{}' occurs in the image of '{}' (rule {}) but has no rule of its own", c,
                                     r.letter, r.number));
  }
  return m;
}

namespace {
struct NamedWord {
  const char* name;
  const char* morphism;
};
constexpr NamedWord named_words[] = {
    {"fibonacci", "a->ab,b->a"},
    {"tribonacci", "a->ab,b->ac,c->a"},
    {"theme-song", "c->caba,a->cabaaba,b->cababa"},
    {"period-doubling", "a->ab,b->aa"},
    {"thue-morse", "a->ab,b->ba"},
    {"tetranacci", "a->ab,b->ac,c->ad,d->a"},
};

// a→a^k b, b→a^j: the (j, 1 + k − j)-Queen's morphism (seed 001 §4, Table 4's paragraph).
std::string queen_morphism(unsigned k, unsigned j) {
  return fmt::format("a->{}b,b->{}", std::string(k, 'a'), std::string(j, 'a'));
}

std::optional<std::string> family_member(std::string_view name) {
  constexpr unsigned top = Morphism::kMaxQueenPower;
  auto out_of_range = [&](auto what) { throw InputError(fmt::format("unknown word '{}': {}", name, what)); };
  if (auto k = name_parameters(name, "kqueen", 1)) {
    if ((*k)[0] < 2 || (*k)[0] > top) out_of_range(fmt::format("kqueenK needs 2 ≤ K ≤ {}", top));
    return queen_morphism((*k)[0], 1);
  }
  if (auto st = name_parameters(name, "queen", 2)) {
    auto [s, t] = std::pair((*st)[0], (*st)[1]);
    if (s < 1 || t < 1 || s + t - 1 > top) out_of_range(fmt::format("queenS_T needs S, T ≥ 1 and S + T − 1 ≤ {}", top));
    return queen_morphism(s + t - 1, s);
  }
  return {};
}
}  // namespace

Morphism Morphism::named(std::string_view name) {
  for (const auto& w : named_words)
    if (name == w.name) return parse(w.morphism);
  if (auto member = family_member(name)) return parse(*member);
  throw InputError(fmt::format("unknown word '{}': give a morphism such as a->ab,b->a, one of {}, kqueenK or queenS_T",
                               name, fmt::join(names(), ", ")));
}

bool Morphism::is_named(std::string_view name) {
  for (const auto& w : named_words)
    if (name == w.name) return true;
  return family_member(name).has_value();
}

Morphism Morphism::from_name_or_text(std::string_view text) {
  for (auto arrow : arrows)
    if (text.find(arrow) != std::string_view::npos) return parse(text);
  return named(text);
}

std::vector<std::string> Morphism::names() {
  std::vector<std::string> out;
  for (const auto& w : named_words) out.emplace_back(w.name);
  for (const char* member : {"kqueen2", "kqueen3", "kqueen4", "queen2_1"}) out.emplace_back(member);
  return out;
}

const std::string& Morphism::image(char letter) const {
  int i = index(letter);
  if (i < 0) throw InputError(fmt::format("{} is not a letter of the morphism {}", show(letter), to_string()));
  return images_[static_cast<std::size_t>(i)];
}

void Morphism::require_prolongable() const {
  const std::string& s = images_.front();
  if (s.front() != start())
    throw InputError(
        fmt::format("the morphism {} is not prolongable on '{}': the image of its first letter must "
                    "begin with that letter (list the rule of the start letter first)",
                    to_string(), start()));
  if (s.size() < 2)
    throw InputError(fmt::format("the morphism {} is not prolongable on '{}': {}->{} has no infinite fixed point",
                                 to_string(), start(), start(), s));
}

std::string Morphism::apply(std::string_view word) const {
  std::string out;
  apply_append(word, out);
  return out;
}

void Morphism::apply_append(std::string_view word, std::string& out) const {
  for (char c : word) out += image(c);
}

std::uint64_t Morphism::iterate_length(char letter, unsigned k) const {
  // lengths[x] = |μ^j(x)|, advanced one level at a time: |μ^{j+1}(x)| = Σ_{y in μ(x)} |μ^j(y)|.
  (void)image(letter);
  std::vector<std::uint64_t> lengths(alphabet_.size(), 1), next(alphabet_.size());
  for (unsigned j = 0; j < k; ++j) {
    for (std::size_t x = 0; x < alphabet_.size(); ++x) {
      std::uint64_t sum = 0;
      for (char y : images_[x]) sum = saturating_add(sum, lengths[static_cast<std::size_t>(index(y))]);
      next[x] = sum;
    }
    // Once a level repeats the one before (all lengths fixed or saturated), so do the rest.
    if (next == lengths) break;
    lengths.swap(next);
  }
  return lengths[static_cast<std::size_t>(index(letter))];
}

std::string Morphism::iterate(char letter, unsigned k, std::uint64_t max_length) const {
  std::uint64_t length = iterate_length(letter, k);
  if (length > max_length)
    throw RangeError(
        fmt::format("the image of '{}' under the {}-th power of {} has {} letters, more than the limit "
                    "of {}",
                    letter, k, to_string(), length == UINT64_MAX ? "≥ 2^64" : std::to_string(length), max_length));
  std::string word(1, letter);
  for (unsigned j = 0; j < k; ++j) word = apply(word);
  return word;
}

std::string Morphism::to_string() const {
  std::string out;
  for (std::size_t i = 0; i < alphabet_.size(); ++i)
    out += fmt::format("{}{}->{}", i ? "," : "", alphabet_[i], images_[i]);
  return out;
}

Coding::Coding() {
  for (int c = 0; c < 256; ++c) images_[static_cast<std::size_t>(c)] = std::string(1, static_cast<char>(c));
}

Coding Coding::parse(std::string_view text) {
  Coding coding;
  for (const auto& r : parse_rules(text, "coding")) coding.images_[static_cast<unsigned char>(r.letter)] = r.image;
  coding.identity_ = false;
  return coding;
}

std::string Coding::apply(std::string_view word) const {
  std::string out;
  apply_append(word, out);
  return out;
}

void Coding::apply_append(std::string_view word, std::string& out) const {
  for (char c : word) out += image(c);
}

}  // namespace qg::words
