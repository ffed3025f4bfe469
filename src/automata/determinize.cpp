// Nondeterministic automata: reversal, subset construction with a budget, Brzozowski.
#include <algorithm>
#include <cstring>

#include <fmt/format.h>

#include "automata/internal.hpp"

namespace qg::automata::detail {

void guard(const Context& context, std::uint64_t bytes, const std::string& what) {
  if (context.memory_limit == 0) {
    // Without a limit a step may take three quarters of the memory free now, the rest left to
    // the machine's other processes: the whole machine as the bound let one regular expression
    // grow to 13 GB before its refusal, starving everything else.
    // (Tables under 64 MiB pass unread: the check reads /proc, and steps call it often.)
    if (bytes < (std::uint64_t{64} << 20)) return;
    if (const std::uint64_t free = free_memory(); free && bytes > free / 4 * 3)
      throw RangeError(fmt::format("{} needs {}; a step may take three quarters of the {} free on this machine", what,
                                   memory_amount(bytes), memory_amount(free)));
    // Against the machine what the proof already holds counts too: its earlier automata stay
    // in memory, and steps that each fit alone took one proof past 23 GB into the OOM killer.
    // (A table that grows in place is then counted twice, once held and once needed: the
    // refusal comes early rather than late.)
    const std::uint64_t held = resident_memory();
    return require_memory(bytes + held, held < (std::uint64_t{1} << 30)
                                            ? what
                                            : fmt::format("{} (on top of the {:.1f} GiB the proof holds)", what,
                                                          static_cast<double>(held) / (std::uint64_t{1} << 30)));
  }
  // The limit caps the process, as the machine's memory does above: what the proof holds
  // counts (a step that fit alone took one proof with --memory-limit 2GiB past 2 GB).
  const std::uint64_t held = resident_memory();
  if (bytes + held > context.memory_limit)
    throw RangeError(
        fmt::format("{} would need {}{}, above the memory limit of {}", what, memory_amount(bytes),
                    held < (std::uint64_t{1} << 20) ? "" : fmt::format(" on top of the {} held", memory_amount(held)),
                    memory_amount(context.memory_limit)));
}

StepTimer::StepTimer(const Context& context, std::string step, std::uint64_t states_in)
    : context_(context), start_(std::chrono::steady_clock::now()) {
  stats_.step = std::move(step);
  stats_.states_in = states_in;
}

void StepTimer::finish(const Automaton& result, std::uint64_t peak_bytes) {
  if (!context_.on_step) return;
  stats_.states_out = result.states();
  stats_.letters = result.letters();
  stats_.bytes = std::max(peak_bytes, result.bytes());
  stats_.abandoned = abandoned_;
  stats_.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
  context_.on_step(stats_);
}

Nfa to_nfa(const Automaton& a) {
  Nfa n;
  n.states = a.states();
  n.letters = a.letters();
  std::uint64_t cells = std::uint64_t{n.states} * n.letters;
  n.offset.resize(cells + 1);
  n.target.resize(cells);
  for (std::uint64_t i = 0; i <= cells; ++i) n.offset[i] = i;
  for (std::uint32_t q = 0; q < n.states; ++q)
    for (std::uint32_t l = 0; l < n.letters; ++l) n.target[std::uint64_t{q} * n.letters + l] = a.next(q, l);
  n.initial = {a.initial()};
  n.accepting.resize(n.states);
  for (std::uint32_t q = 0; q < n.states; ++q) n.accepting[q] = a.accepting(q);
  return n;
}

Nfa reversed(const Nfa& n, const Context& context) {
  Nfa r;
  r.states = n.states;
  r.letters = n.letters;
  std::uint64_t cells = std::uint64_t{n.states} * n.letters;
  guard(context, n.bytes(), "reversing an automaton");
  r.offset.assign(cells + 1, 0);
  for (std::uint32_t q = 0; q < n.states; ++q)
    for (std::uint32_t l = 0; l < n.letters; ++l) {
      std::uint64_t c = std::uint64_t{q} * n.letters + l;
      for (std::uint64_t i = n.offset[c]; i < n.offset[c + 1]; ++i)
        ++r.offset[std::uint64_t{n.target[i]} * n.letters + l + 1];
    }
  for (std::uint64_t c = 0; c < cells; ++c) r.offset[c + 1] += r.offset[c];
  r.target.resize(n.target.size());
  std::vector<std::uint64_t> fill(r.offset.begin(), r.offset.end() - 1);
  for (std::uint32_t q = 0; q < n.states; ++q)
    for (std::uint32_t l = 0; l < n.letters; ++l) {
      std::uint64_t c = std::uint64_t{q} * n.letters + l;
      for (std::uint64_t i = n.offset[c]; i < n.offset[c + 1]; ++i)
        r.target[fill[std::uint64_t{n.target[i]} * n.letters + l]++] = q;
    }
  r.accepting.assign(r.states, 0);
  for (std::uint32_t q : n.initial) r.accepting[q] = 1;
  for (std::uint32_t q = 0; q < n.states; ++q)
    if (n.accepting[q]) r.initial.push_back(q);
  return r;
}

namespace {

// The subsets found so far, stored end to end, with an open-addressing index.
class SubsetTable {
 public:
  std::uint32_t size() const { return static_cast<std::uint32_t>(start_.size() - 1); }
  const std::uint32_t* begin(std::uint32_t i) const { return pool_.data() + start_[i]; }
  const std::uint32_t* end(std::uint32_t i) const { return pool_.data() + start_[i + 1]; }
  std::uint64_t bytes() const { return pool_.capacity() * 4 + start_.capacity() * 8 + slots_.capacity() * 4; }

  // The index of the subset (sorted, distinct), inserting it if new.
  std::uint32_t find_or_insert(const std::vector<std::uint32_t>& set, bool& inserted) {
    if ((size() + 1) * 2 > slots_.size()) grow();
    std::uint64_t mask = slots_.size() - 1, h = hash(set.data(), set.size()) & mask;
    for (;; h = (h + 1) & mask) {
      std::uint32_t s = slots_[h];
      if (s == empty) break;
      if (static_cast<std::size_t>(end(s) - begin(s)) == set.size() && std::equal(set.begin(), set.end(), begin(s))) {
        inserted = false;
        return s;
      }
    }
    std::uint32_t id = size();
    slots_[h] = id;
    pool_.insert(pool_.end(), set.begin(), set.end());
    start_.push_back(pool_.size());
    inserted = true;
    return id;
  }

 private:
  static constexpr std::uint32_t empty = UINT32_MAX;
  static std::uint64_t hash(const std::uint32_t* p, std::size_t n) {
    std::uint64_t h = 0x9e3779b97f4a7c15ULL ^ n;
    for (std::size_t i = 0; i < n; ++i) h = (h ^ p[i]) * 0x100000001b3ULL + (h >> 29);
    return h ^ (h >> 31);
  }
  void grow() {
    std::vector<std::uint32_t> slots(std::max<std::size_t>(64, slots_.size() * 2), empty);
    std::uint64_t mask = slots.size() - 1;
    for (std::uint32_t s = 0; s < size(); ++s) {
      std::uint64_t h = hash(begin(s), static_cast<std::size_t>(end(s) - begin(s))) & mask;
      while (slots[h] != empty) h = (h + 1) & mask;
      slots[h] = s;
    }
    slots_.swap(slots);
  }
  std::vector<std::uint32_t> pool_;
  std::vector<std::uint64_t> start_{0};
  std::vector<std::uint32_t> slots_;
};

}  // namespace

bool determinize(const Nfa& n, const std::vector<Track>& tracks, std::uint64_t budget, const Context& context,
                 Automaton& out) {
  StepTimer timer(context, "subset construction", n.states);
  SubsetTable subsets;
  std::vector<std::uint32_t> set(n.initial), stamp(n.states, 0);
  std::sort(set.begin(), set.end());
  set.erase(std::unique(set.begin(), set.end()), set.end());
  bool inserted;
  subsets.find_or_insert(set, inserted);
  std::vector<std::uint32_t> delta;  // subsets × letters
  std::uint32_t generation = 0;
  Poller poller(context.progress, 0);
  for (std::uint32_t s = 0; s < subsets.size(); ++s) {
    if (budget != 0 && subsets.size() > budget) {
      timer.rename(fmt::format("subset construction abandoned at {} states", budget));
      timer.abandon();
      timer.finish(Automaton({}, subsets.size()), subsets.bytes() + delta.capacity() * 4);
      return false;
    }
    std::uint64_t need = (std::uint64_t{subsets.size()} + 1) * n.letters * 4 + subsets.bytes();
    if (delta.capacity() < (std::uint64_t{s} + 1) * n.letters) {
      guard(context, need + delta.capacity() * 4, "determinizing an automaton");
      delta.reserve(std::max<std::uint64_t>(delta.capacity() * 2, (std::uint64_t{s} + 64) * n.letters));
    }
    for (std::uint32_t l = 0; l < n.letters; ++l) {
      if (++generation == 0) {
        std::fill(stamp.begin(), stamp.end(), 0);
        generation = 1;
      }
      set.clear();
      for (const std::uint32_t* p = subsets.begin(s); p != subsets.end(s); ++p) {
        std::uint64_t c = std::uint64_t{*p} * n.letters + l;
        for (std::uint64_t i = n.offset[c]; i < n.offset[c + 1]; ++i) {
          std::uint32_t t = n.target[i];
          if (stamp[t] != generation) {
            stamp[t] = generation;
            set.push_back(t);
          }
        }
      }
      std::sort(set.begin(), set.end());
      delta.push_back(subsets.find_or_insert(set, inserted));
    }
    poller.tick(s);
  }
  out = Automaton(tracks, subsets.size());
  if (out.letters() != n.letters) throw std::logic_error("determinize: tracks do not match the alphabet");
  for (std::uint32_t s = 0; s < subsets.size(); ++s) {
    for (std::uint32_t l = 0; l < n.letters; ++l) out.set_next(s, l, delta[std::uint64_t{s} * n.letters + l]);
    bool acc = false;
    for (const std::uint32_t* p = subsets.begin(s); p != subsets.end(s) && !acc; ++p) acc = n.accepting[*p];
    out.set_output(s, acc);
  }
  out.set_initial(0);
  timer.finish(out, subsets.bytes() + delta.capacity() * 4 + n.bytes());
  return true;
}

bool determinize_dense(const Nfa& n, const std::vector<Track>& tracks, const Context& context, Automaton& out) {
  // Subsets as bitsets of n.states bits: the reversal of a projected automaton has subsets of
  // thousands of states, which sorted lists would sort and hash at every step.
  StepTimer timer(context, "subset construction (bitsets)", n.states);
  const std::size_t words = (n.states + 63) / 64;
  std::vector<std::uint64_t> pool, set(words);
  std::vector<std::uint32_t> slots(1024, UINT32_MAX), delta;
  std::uint32_t count = 0;
  auto hash = [&](const std::uint64_t* p) {
    std::uint64_t h = 0x9e3779b97f4a7c15ULL;
    for (std::size_t i = 0; i < words; ++i) h = (h ^ p[i]) * 0x100000001b3ULL + (h >> 29);
    return h ^ (h >> 31);
  };
  auto find_or_insert = [&](const std::vector<std::uint64_t>& b) {
    if ((count + 1) * 2 > slots.size()) {
      std::vector<std::uint32_t> bigger(slots.size() * 2, UINT32_MAX);
      for (std::uint32_t s = 0; s < count; ++s) {
        std::uint64_t h = hash(pool.data() + std::size_t{s} * words) & (bigger.size() - 1);
        while (bigger[h] != UINT32_MAX) h = (h + 1) & (bigger.size() - 1);
        bigger[h] = s;
      }
      slots.swap(bigger);
    }
    std::uint64_t mask = slots.size() - 1, h = hash(b.data()) & mask;
    for (;; h = (h + 1) & mask) {
      std::uint32_t s = slots[h];
      if (s == UINT32_MAX) break;
      if (std::equal(b.begin(), b.end(), pool.begin() + static_cast<std::ptrdiff_t>(std::size_t{s} * words))) return s;
    }
    std::uint64_t need = (std::uint64_t{count} + 1) * (words * 8 + n.letters * 4) + slots.size() * 4;
    if (pool.capacity() < (std::size_t{count} + 1) * words) {
      guard(context, need * 2 + n.bytes(), "determinizing an automaton");
      pool.reserve(std::max(pool.capacity() * 2, (std::size_t{count} + 64) * words));
    }
    pool.insert(pool.end(), b.begin(), b.end());
    slots[h] = count;
    return count++;
  };
  for (std::uint32_t q : n.initial) set[q / 64] |= std::uint64_t{1} << (q % 64);
  find_or_insert(set);
  Poller poller(context.progress, 0);
  // One pass over the members for all letters: a member's rows for the letters are adjacent.
  std::vector<std::uint64_t> next(std::size_t{n.letters} * words);
  for (std::uint32_t s = 0; s < count; ++s) {
    std::fill(next.begin(), next.end(), 0);
    for (std::size_t w = 0; w < words; ++w)
      for (std::uint64_t bits = pool[std::size_t{s} * words + w]; bits; bits &= bits - 1) {
        std::uint64_t c = (w * 64 + static_cast<unsigned>(__builtin_ctzll(bits))) * n.letters;
        for (std::uint32_t l = 0; l < n.letters; ++l, ++c) {
          std::uint64_t* row = next.data() + std::size_t{l} * words;
          for (std::uint64_t i = n.offset[c]; i < n.offset[c + 1]; ++i)
            row[n.target[i] / 64] |= std::uint64_t{1} << (n.target[i] % 64);
        }
      }
    for (std::uint32_t l = 0; l < n.letters; ++l) {
      set.assign(next.begin() + static_cast<std::ptrdiff_t>(std::size_t{l} * words),
                 next.begin() + static_cast<std::ptrdiff_t>(std::size_t{l + 1} * words));
      delta.push_back(find_or_insert(set));
    }
    poller.tick(s);
  }
  out = Automaton(tracks, count);
  for (std::uint32_t s = 0; s < count; ++s) {
    bool acc = false;
    for (std::size_t w = 0; w < words && !acc; ++w)
      for (std::uint64_t bits = pool[std::size_t{s} * words + w]; bits && !acc; bits &= bits - 1)
        acc = n.accepting[w * 64 + static_cast<unsigned>(__builtin_ctzll(bits))];
    out.set_output(s, acc);
    for (std::uint32_t l = 0; l < n.letters; ++l) out.set_next(s, l, delta[std::size_t{s} * n.letters + l]);
  }
  out.set_initial(0);
  timer.finish(out, pool.capacity() * 8 + slots.size() * 4 + delta.capacity() * 4 + n.bytes());
  return true;
}

Automaton determinize_minimal(const Nfa& n, const std::vector<Track>& tracks, const Context& context) {
  Automaton out;
  if (context.determinization != Determinization::brzozowski) {
    std::uint64_t budget = context.subset_budget;
    if (determinize(n, tracks, budget, context, out)) return minimize(out, context);
    if (context.determinization == Determinization::subset)
      throw RangeError(fmt::format("the subset construction exceeded its budget of {} states", budget));
  }
  // Brzozowski: determinizing the reversal of a reachable deterministic automaton gives the
  // minimal automaton of the reversed language, so two rounds give the minimal automaton.
  StepTimer timer(context, "Brzozowski", n.states);
  Automaton back;
  determinize_dense(reversed(n, context), tracks, context, back);
  Automaton result;
  determinize_dense(reversed(to_nfa(back), context), tracks, context, result);
  timer.finish(result, back.bytes() + result.bytes());
  return result;
}

}  // namespace qg::automata::detail

namespace qg::automata {

Determinization determinization_named(std::string_view name) {
  if (name == "subset") return Determinization::subset;
  if (name == "brzozowski") return Determinization::brzozowski;
  if (name == "automatic") return Determinization::automatic;
  throw InputError(fmt::format("unknown strategy '{}' (automatic, subset, brzozowski)", name));
}

}  // namespace qg::automata
