// From P-positions to a game: the largest invariant move set compatible with candidate
// P-positions, its witness, the Queen inside it and the named rulesets that match.
#include <algorithm>
#include <charconv>
#include <set>
#include <sstream>

#include <fmt/format.h>

#include "queengames/morphic.hpp"

namespace qg::morphic {

using twopile::Position;
using twopile::Ruleset;
using words::Coding;
using words::FixedPointStream;
using words::Morphism;
namespace {

constexpr std::uint64_t kMaxWindow = std::uint64_t{1} << 14;
constexpr std::uint64_t kMaxConeS = 4, kMaxConeT = 8;

// window × window bits, indexed by (x, y).
class Square {
 public:
  explicit Square(std::uint64_t w) : w_(w), bits_((w * w + 63) / 64, 0) {}
  bool test(std::uint64_t x, std::uint64_t y) const {
    std::uint64_t i = x * w_ + y;
    return (bits_[i >> 6] >> (i & 63)) & 1;
  }
  void set(std::uint64_t x, std::uint64_t y) {
    std::uint64_t i = x * w_ + y;
    bits_[i >> 6] |= std::uint64_t{1} << (i & 63);
  }

 private:
  std::uint64_t w_;
  std::vector<std::uint64_t> bits_;
};

struct Board {
  std::uint64_t w;
  std::vector<Position> s;  // S: (0,0), the pairs and their mirrors, by x then y
  Square in_s, difference;  // membership in S; F = {P − P' : P' ≤ P}
  explicit Board(std::uint64_t window) : w(window), in_s(window), difference(window) {}

  // Some (upper, lower) in S with upper − lower = v (v ∈ F).
  std::pair<Position, Position> joined_by(Position v) const {
    for (Position p : s)
      if (p.x + v.x < w && p.y + v.y < w && in_s.test(p.x + v.x, p.y + v.y)) return {{p.x + v.x, p.y + v.y}, p};
    throw std::logic_error("joined_by: the vector is no difference");
  }
};

// The first `limit` positions of the window (by x + y, then x) outside S with no allowed move into S.
template <class Allowed>
std::vector<Position> witnesses(const Board& b, Allowed allowed, Poller& poller, std::uint64_t& done,
                                std::size_t limit) {
  std::vector<Position> found;
  // Column lists make the common case (a rook move into S) a short scan.
  std::vector<std::vector<std::uint64_t>> column(b.w);
  for (Position p : b.s) column[p.x].push_back(p.y);
  for (std::uint64_t sum = 1; sum + 1 < 2 * b.w; ++sum) {
    for (std::uint64_t x = sum < b.w ? 0 : sum - b.w + 1; x <= std::min(sum, b.w - 1); ++x) {
      std::uint64_t y = sum - x;
      poller.tick(++done);
      if (b.in_s.test(x, y)) continue;
      auto ok = [&](Position p) { return p.x <= x && p.y <= y && allowed(Position{x - p.x, y - p.y}); };
      // S is sorted by x: the targets with p.x ≤ x are a prefix of it.
      auto below = std::upper_bound(b.s.begin(), b.s.end(), Position{x, UINT64_MAX});
      bool found_move = std::any_of(column[x].begin(), column[x].end(),
                                    [&](std::uint64_t q) {
                                      return ok({x, q});
                                    }) ||
                        std::any_of(column[y].begin(), column[y].end(),
                                    [&](std::uint64_t q) {
                                      return ok({q, y});
                                    }) ||
                        std::any_of(b.s.begin(), below, ok);
      if (!found_move) {
        found.push_back({x, y});
        if (found.size() == limit) return found;
      }
    }
  }
  return found;
}

std::uint64_t absdiff(std::uint64_t a, std::uint64_t b) { return a > b ? a - b : b - a; }

bool in_cone(std::uint64_t s, std::uint64_t t, Position v) {
  return v.x > 0 && v.y > 0 && absdiff(v.x, v.y) < (s - 1) * std::min(v.x, v.y) + t;
}

std::string join_numbers(const std::vector<std::uint64_t>& v) {
  std::string out;
  for (std::size_t i = 0; i < v.size(); ++i) out += fmt::format("{}{}", i ? "," : "", v[i]);
  return out;
}

// The candidate pairs a ruleset's sweep gives inside the window, or nullopt when the sweep
// refuses it (a bounce or reflection reaching unswept columns).
std::optional<std::vector<Position>> swept_pairs(const std::string& name, std::uint64_t window) {
  std::vector<Position> out;
  try {
    sweep_p_positions(Ruleset::parse(name), window + 1, [&](std::uint64_t n, std::uint64_t a, std::uint64_t b) {
      if (a >= window) return false;
      if (n > 0 && b < window) out.push_back({a, b});
      return true;
    });
  } catch (const RangeError&) {
    return std::nullopt;
  }
  return out;
}

}  // namespace

CandidatePairs pairs_from_morphism(const Morphism& morphism, const Coding& coding, char a_letter, char b_letter,
                                   std::uint64_t window) {
  morphism.require_prolongable();
  FixedPointStream stream(morphism);
  std::vector<std::uint64_t> as, bs;
  std::string coded, chunk(4096, '\0');
  std::uint64_t location = 0;  // 1-based location of the last coded letter read
  // Read 2·window coded letters: every b_n < window is then seen with its a_n (a_n ≤ b_n is
  // checked by pairs_from_terms). A coding that deletes everything would loop: the stream
  // is cut after 64·window letters of the fixed point.
  for (std::uint64_t read = 0; location < 2 * window; read += chunk.size()) {
    if (read > 64 * window + 4096)
      throw InputError(
          fmt::format("the coding leaves fewer than {} letters of the first {} of the fixed point", 2 * window, read));
    stream.read(chunk.data(), chunk.size());
    coded.clear();
    coding.apply_append(chunk, coded);
    for (char c : coded) {
      ++location;
      if (c == a_letter) as.push_back(location);
      else if (c == b_letter) bs.push_back(location);
    }
  }
  std::string source = morphism.to_string();
  if (!coding.is_identity()) source += " coded";
  if (as.empty() || bs.empty())
    throw InputError(fmt::format("the letter {} does not occur in the first {} letters of the coded word",
                                 as.empty() ? a_letter : b_letter, location));
  return pairs_from_terms(as, bs, window, source);
}

CandidatePairs pairs_from_terms(const std::vector<std::uint64_t>& a, const std::vector<std::uint64_t>& b,
                                std::uint64_t window, std::string source) {
  if (a.empty() || b.empty()) throw InputError("no terms to pair");
  std::size_t start = (a[0] == 0 && b[0] == 0) ? 1 : 0;
  CandidatePairs c{{}, std::move(source)};
  for (std::size_t n = start; n < std::min(a.size(), b.size()); ++n) {
    if (a[n] >= window) break;
    if (a[n] > b[n])
      throw InputError(fmt::format("term {}: a = {} > b = {} (pairs are listed with a_n ≤ b_n)", n, a[n], b[n]));
    if (a[n] == 0) throw InputError(fmt::format("term {}: a = 0 (only the first pair may be (0,0))", n));
    if (n > start && a[n] <= a[n - 1])
      throw InputError(fmt::format("term {}: the a_n do not increase ({} after {})", n, a[n], a[n - 1]));
    if (b[n] < window) c.pairs.push_back({a[n], b[n]});
  }
  return c;
}

std::vector<std::uint64_t> read_bfile_values(std::istream& in, const std::string& name, std::uint64_t max_terms) {
  std::vector<std::uint64_t> values;
  std::string line;
  for (std::uint64_t number = 1;
       values.size() < max_terms && getline_bounded(in, line, std::size_t{1} << 20, name, number); ++number) {
    std::istringstream fields(line);
    std::string index, value, extra;
    if (!(fields >> index) || index.front() == '#') continue;
    if (!(fields >> value) || (fields >> extra))
      throw InputError(fmt::format("{} line {}: a b-file line is 'n a(n)'", name, number));
    std::uint64_t v = 0;
    auto [end, error] = std::from_chars(value.data(), value.data() + value.size(), v);
    if (error != std::errc() || end != value.data() + value.size())
      throw InputError(fmt::format("{} line {}: '{}' is not a natural number below 2^64", name, number, value));
    values.push_back(v);
  }
  if (values.empty()) throw InputError(fmt::format("{}: no terms", name));
  return values;
}

std::vector<std::string> census_rulesets() {
  std::vector<std::string> r = {"wythoff"};
  for (int k = 2; k <= 5; ++k) r.push_back(fmt::format("kqueen:{}", k));
  for (int s = 2; s <= 3; ++s)
    for (int t = 1; t <= 3; ++t) r.push_back(fmt::format("st-wythoff:{},{}", s, t));
  r.push_back("queen-bee");
  r.push_back("queen-dee");
  for (int k = 2; k <= 6; ++k) r.push_back(fmt::format("kqueen-dee:{}", k));
  for (int k = 2; k <= 5; ++k)
    for (int j = 0; j < k; ++j) r.push_back(fmt::format("limited-kqueen:{},{}", k, j));
  // Finite unions of the non-invariant families with the strolls and cones.
  for (const char* u : {"queen-bee+kqueen:2", "queen-bee+st-wythoff:2,1", "queen-bee+queen-dee", "queen-dee+kqueen:2",
                        "queen-dee+st-wythoff:2,1", "kqueen-dee:2+queen-bee"})
    r.push_back(u);
  return r;
}

InvariantAnalysis analyse_invariant(const CandidatePairs& candidates, std::uint64_t window,
                                    const ProgressFn& progress) {
  if (window < 8) throw InputError(fmt::format("window {} is below 8", window));
  if (window > kMaxWindow)
    throw RangeError(fmt::format("window {} is beyond 2^14 (the difference table has window² bits)", window));
  require_memory(window * window / 4 + window * 64, fmt::format("the {0}×{0} difference table", window));
  InvariantAnalysis r;
  r.window = window;
  Board b(window);
  b.s.push_back({0, 0});
  for (Position p : candidates.pairs) {
    if (p.y >= window) continue;
    ++r.pairs;
    b.s.push_back(p);
    if (p.x != p.y) b.s.push_back({p.y, p.x});
  }
  std::sort(b.s.begin(), b.s.end());
  b.s.erase(std::unique(b.s.begin(), b.s.end()), b.s.end());
  for (Position p : b.s) b.in_s.set(p.x, p.y);

  // Work: the differences (|S|² / 2) and the window's positions, twice.
  // Work: the differences (|S|² / 2), three scans of the window's positions and, counted by
  // rows, the census of M_W, the cones and the loose vectors.
  Poller poller(progress,
                b.s.size() * b.s.size() / 2 + 3 * window * window + (2 + (kMaxConeS - 1) * kMaxConeT) * window);
  std::uint64_t done = 0;
  for (std::size_t i = 0; i < b.s.size(); ++i)
    for (std::size_t j = 0; j < i; ++j) {  // s[j] ≤ s[i] in x (sorted); keep those below in y
      poller.tick(++done);
      if (b.s[j].y <= b.s[i].y) b.difference.set(b.s[i].x - b.s[j].x, b.s[i].y - b.s[j].y);
    }
  auto in_m = [&](Position v) { return !b.difference.test(v.x, v.y); };
  for (std::uint64_t x = 0; x < window; ++x) {
    poller.tick(++done);
    for (std::uint64_t y = 0; y < window; ++y) r.moves += (x || y) && in_m({x, y});
  }

  auto explain = [&](Position w, auto family_of) {
    GameWitness g{w, {}};
    for (Position p : b.s)
      if (p.x <= w.x && p.y <= w.y) {
        Position v{w.x - p.x, w.y - p.y};
        BlockedMove m{p, v, {}, {}, family_of(v)};
        Position joined = v;
        if (!m.family.empty() && in_m(v)) {
          // The vector's family holds some other vector joining two P-positions.
          // Points of the family, oriented as (small, large) and mirrored to v's side below.
          bool rook = v.x == 0 || v.y == 0;
          std::uint64_t c = absdiff(v.x, v.y);
          for (std::uint64_t u = 1; (rook ? u : u + c) < window; ++u) {
            Position point = rook ? Position{0, u} : Position{u, u + c};
            if (!in_m(point)) {
              joined = point;
              break;
            }
          }
          if (v.x > v.y) joined = {joined.y, joined.x};
        }
        if (!in_m(joined)) std::tie(m.upper, m.lower) = b.joined_by(joined);
        g.blocked.push_back(m);
      }
    return g;
  };

  // One witness of M_W proves the answer; the Queen's first few show where it fails.
  for (Position w : witnesses(b, in_m, poller, done, 1)) r.witness = explain(w, [](Position) { return std::string(); });

  // The families wholly inside M_W.
  r.rook = true;
  for (std::uint64_t q = 1; q < window; ++q) r.rook = r.rook && in_m({0, q});
  for (std::uint64_t c = 0; c <= window / 4; ++c) {
    bool whole = true;
    for (std::uint64_t u = 1; u + c < window && whole; ++u) whole = in_m({u, u + c});
    if (whole) r.diagonals.push_back(c);
  }
  for (std::uint64_t s = 2; s <= kMaxConeS; ++s) {
    std::uint64_t best = 0;
    for (std::uint64_t t = 1; t <= kMaxConeT; ++t) {
      bool whole = true;
      for (std::uint64_t x = 1; x < window && whole; ++x, poller.tick(++done))
        for (std::uint64_t y = 1; y < window && whole; ++y) whole = !in_cone(s, t, {x, y}) || in_m({x, y});
      if (!whole) break;
      best = t;
    }
    if (best > 0) r.cones.push_back({s, best});
  }
  // Keep the maximal cones: (s, t) lies in (s', t') when s ≤ s' and t ≤ t'.
  std::erase_if(r.cones, [&](auto c) {
    return std::any_of(r.cones.begin(), r.cones.end(),
                       [&](auto d) { return d != c && c.first <= d.first && c.second <= d.second; });
  });
  // A cone (s, t) holds the whole diagonals c < s + t − 1 (c < (s − 1)u + t for all u ≥ 1).
  std::erase_if(r.diagonals, [&](std::uint64_t c) {
    return std::any_of(r.cones.begin(), r.cones.end(), [&](auto d) { return c + 1 < d.first + d.second; });
  });
  std::set<std::uint64_t> diagonal_set(r.diagonals.begin(), r.diagonals.end());
  auto queen_move = [&](Position v) {
    if (v.x == 0 || v.y == 0) return r.rook;
    if (diagonal_set.count(absdiff(v.x, v.y))) return true;
    return std::any_of(r.cones.begin(), r.cones.end(), [&](auto c) { return in_cone(c.first, c.second, v); });
  };
  for (std::uint64_t x = 0; x < window; ++x, poller.tick(++done))
    for (std::uint64_t y = 0; x + y < window; ++y) r.loose_moves += (x || y) && in_m({x, y}) && !queen_move({x, y});

  // Describe the Queen the way seed 001 does.
  std::vector<std::string> parts;
  if (r.rook) parts.push_back("rook");
  std::uint64_t k = 0;
  while (k < r.diagonals.size() && r.diagonals[k] == k) ++k;
  if (k == 1) parts.push_back("diagonal");
  if (k > 1) parts.push_back(fmt::format("{}-Queen stroll (diagonals c ≤ {})", k, k - 1));
  if (k < r.diagonals.size()) {
    // Long lists (every odd diagonal, say) are cut after eight; `diagonals` has them all.
    std::vector<std::uint64_t> extra(r.diagonals.begin() + static_cast<std::ptrdiff_t>(k), r.diagonals.end());
    std::string more = extra.size() > 8 ? fmt::format(",… ({} of c ≤ {})", extra.size(), window / 4) : "";
    if (extra.size() > 8) extra.resize(8);
    parts.push_back(fmt::format("diagonals c ∈ {{{}{}}}", join_numbers(extra), more));
  }
  for (auto [s, t] : r.cones) parts.push_back(fmt::format("({},{}) widened diagonal", s, t));
  for (std::size_t i = 0; i < parts.size(); ++i) r.queen += (i ? " + " : "") + parts[i];
  if (r.queen.empty()) r.queen = "no family";
  auto family_name = [&](Position v) -> std::string {
    if (v.x == 0 || v.y == 0) return "rook";
    std::uint64_t c = absdiff(v.x, v.y);
    return c <= window / 4 ? fmt::format("diagonal c={}", c) : fmt::format("diagonal c={} (longer than window/4)", c);
  };
  for (Position w : witnesses(b, queen_move, poller, done, 8)) r.queen_witnesses.push_back(explain(w, family_name));
  // The core of the Queen — rook, the stroll c ≤ k − 1 and the cones — is a named ruleset
  // when there is one stroll or one cone; it is reported when it alone has exactly S.
  std::optional<std::string> core;
  if (r.rook && r.cones.empty() && k >= 1) core = k == 1 ? "wythoff" : fmt::format("kqueen:{}", k);
  if (r.rook && r.cones.size() == 1 && k == 0)
    core = fmt::format("st-wythoff:{},{}", r.cones[0].first, r.cones[0].second);
  if (core && r.queen_witnesses.empty()) {
    auto core_move = [&](Position v) {
      if (v.x == 0 || v.y == 0) return true;
      return absdiff(v.x, v.y) < k ||
             std::any_of(r.cones.begin(), r.cones.end(), [&](auto c) { return in_cone(c.first, c.second, v); });
    };
    if (witnesses(b, core_move, poller, done, 1).empty()) r.queen_ruleset = core;
  }

  std::vector<Position> pairs;
  for (Position p : candidates.pairs)
    if (p.y < window) pairs.push_back(p);
  std::sort(pairs.begin(), pairs.end());
  for (const std::string& name : census_rulesets())
    if (auto swept = swept_pairs(name, window); swept && *swept == pairs) r.matching_rulesets.push_back(name);
  poller.finish();
  return r;
}

}  // namespace qg::morphic
