// Knuth's INFTY-QUEENS (seed 002 §1–8) re-implemented as he wrote it, in 64-bit arithmetic:
// the vectors a, b, c at one byte per bit, calloc'ed for the goal up front; q found by the
// scan of §4 one byte at a time; nφ as nphiint plus the negaFibonacci fraction nphifrac
// advanced by the successor trick of §6 and compared by Rokicki's hack (§7). It fills the
// same InftyStats as the engine, so it is both the measuring stick of bench/bench_infty.cpp
// and an independent route for the statistics in tests/test_infty.cpp. (The successor and
// comparison are inlined here on purpose, as in Knuth's program, rather than taken from
// numeration.hpp: this is the baseline whose speed we measure.)
#pragma once

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <memory>
#include <numbers>
#include <vector>

#include "queengames/infty.hpp"

namespace knuth_baseline {

struct Free {
  void operator()(char* p) const { std::free(p); }
};
using Bytes = std::unique_ptr<char[], Free>;

// 1 if the φ-fraction x is below y: the bit strings compared from the right (seed 002 §7).
inline bool compfrac(std::uint64_t x, std::uint64_t y) {
  std::uint64_t d = (x - y) & (y - x);
  return (d & y) != 0;
}

// Runs to `goal` terms (fewer if the arrays run out, as Knuth's `goto done`); terms, when
// given, receives q_1, q_2, …. Returns the statistics; stats.terms says how far it got. The
// window widths (not in Knuth's program) are measured only when kWindows is set, so that the
// benchmark times his program's work alone.
template <bool kWindows = true>
inline qg::infty::InftyStats run(std::uint64_t goal, std::vector<std::uint64_t>* terms = nullptr) {
  using ll = long long;
  const double phi = std::numbers::phi;  // only to size the arrays (§3)
  const ll slack = 10;
  const ll g = static_cast<ll>(goal);
  const ll maxmema = static_cast<ll>(phi * static_cast<double>(g)) + slack;
  const ll maxmemb = maxmema + g, maxmemc = maxmema - g, minmemc = g - maxmemc + 2 * slack;
  Bytes a(static_cast<char*>(std::calloc(static_cast<std::size_t>(maxmema), 1)));
  Bytes b(static_cast<char*>(std::calloc(static_cast<std::size_t>(maxmemb), 1)));
  Bytes c(static_cast<char*>(std::calloc(static_cast<std::size_t>(minmemc + maxmemc), 1)));
  if (!a || !b || !c) throw std::bad_alloc();

  qg::infty::InftyStats stats;
  ll himaxint = 0, himinint = 0, lomaxint = 0, lominint = 0;
  std::uint64_t himaxfrac = 0, himinfrac = 0, lomaxfrac = 0, lominfrac = 0;
  ll r = 0, t = 0, s = 1, q = 0, n = 1, nphiint = 1;
  std::uint64_t nphifrac = 1;
  for (; n <= g; ++n) {
    unsigned ticks = 0;
    if constexpr (kWindows)
      stats.max_scan =
          std::max<std::uint64_t>(stats.max_scan, static_cast<std::uint64_t>(std::max<ll>(n - r - s + 1, 0)));
    ll k;
    for (k = s; k <= n - r; ++k) {
      if (k + n >= maxmemb) goto done;
      if (++ticks, b[k + n] == 0) {
        if (k - n + minmemc < 0) goto done;
        if (++ticks, c[k - n + minmemc] == 0) {
          if (++ticks, a[k] == 0) {
            q = k;
            ++ticks, a[k] = 1;
            if (k == s) {
              for (s = k + 1; ++ticks, a[s] == 1; ++s) {
              }
              if constexpr (kWindows)
                stats.max_s_step = std::max<std::uint64_t>(stats.max_s_step, static_cast<std::uint64_t>(s - k));
            }
            ++ticks, b[k + n] = 1;
            ++ticks, c[k - n + minmemc] = 1;
            if (k - n == -r)
              for (r = n - k + 1;; ++r) {
                if (r > minmemc) goto done;
                if (++ticks, c[minmemc - r] == 0) break;
              }
            goto got_q;
          }
        }
      }
    }
    ++t;
    if (t >= maxmemc) goto done;
    ++ticks, c[t + minmemc] = 1;
    q = n + t;
    if (q >= maxmema) goto done;
    ++ticks, a[q] = 1;
    if (q + n >= maxmemb) goto done;
    ++ticks, b[q + n] = 1;
  got_q:
    if (terms) terms->push_back(static_cast<std::uint64_t>(q));
    // Record statistics (§8), with the histograms indexed by floor(discrepancy).
    ++stats.probe_histogram[std::min<unsigned>(ticks, qg::infty::InftyStats::kProbeBins - 1)];  // never clamps here
    if (q >= n) {
      ++stats.high_terms;
      if (q > nphiint) {
        if (q - nphiint > himaxint || (q - nphiint == himaxint && compfrac(nphifrac, himaxfrac))) {
          himaxint = q - nphiint, himaxfrac = nphifrac;
          stats.high_max.push_back({static_cast<std::uint64_t>(n), static_cast<std::uint64_t>(q)});
        }
        ++stats.high_histogram[qg::infty::infty_histogram_bin(q - nphiint - 1)];
      } else {
        if (q - nphiint < himinint || (q - nphiint == himinint && compfrac(himinfrac, nphifrac))) {
          himinint = q - nphiint, himinfrac = nphifrac;
          stats.high_min.push_back({static_cast<std::uint64_t>(n), static_cast<std::uint64_t>(q)});
        }
        ++stats.high_histogram[qg::infty::infty_histogram_bin(-(nphiint - q) - 1)];
      }
    } else if (q > nphiint - n) {
      if (q - (nphiint - n) > lomaxint || (q - (nphiint - n) == lomaxint && compfrac(nphifrac, lomaxfrac))) {
        lomaxint = q - (nphiint - n), lomaxfrac = nphifrac;
        stats.low_max.push_back({static_cast<std::uint64_t>(n), static_cast<std::uint64_t>(q)});
      }
      ++stats.low_histogram[qg::infty::infty_histogram_bin(q - (nphiint - n) - 1)];
    } else {
      if (q - (nphiint - n) < lominint || (q - (nphiint - n) == lominint && compfrac(lominfrac, nphifrac))) {
        lominint = q - (nphiint - n), lominfrac = nphifrac;
        stats.low_min.push_back({static_cast<std::uint64_t>(n), static_cast<std::uint64_t>(q)});
      }
      ++stats.low_histogram[qg::infty::infty_histogram_bin(-((nphiint - n) - q) - 1)];
    }
    // Advance nphiint and nphifrac (§6).
    ++nphiint;
    if (nphifrac & 3) ++nphiint;
    {
      std::uint64_t y = nphifrac ^ 0xaaaaaaaaaaaaaaaa;
      std::uint64_t z = y ^ (y + 1);
      z = z | (nphifrac & (z << 1));
      nphifrac ^= z ^ ((z + 1) >> 2);
    }
  }
done:
  stats.terms = static_cast<std::uint64_t>(n - 1);
  return stats;
}

}  // namespace knuth_baseline
