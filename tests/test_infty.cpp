// The lexicographically first ∞-queens solution (seed 002; seed 000 §8): the engine against
// the papers' values, a brute-force placement, Knuth's own algorithm, and its checkpoints.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <random>
#include <sstream>

#include "../bench/bench_infty_knuth.hpp"
#include "infty/engine.hpp"
#include "queengames/catalog.hpp"
#include "queengames/infty.hpp"
#include "queengames/numeration.hpp"
#include "test_support.hpp"

namespace fs = std::filesystem;
using u64 = std::uint64_t;

namespace {

#ifdef QG_SANITIZED
constexpr u64 kScale = 20;  // the sanitizer build runs ~20× slower
#else
constexpr u64 kScale = 1;
#endif

std::vector<u64> engine_terms(u64 count) {
  std::vector<u64> q(count);
  qg::infty::InftyQueens engine;
  engine.step(count, q.data());
  return q;
}

std::string saved(const qg::infty::InftyQueens& engine) {
  std::ostringstream out(std::ios::binary);
  engine.save(out);
  return out.str();
}

qg::infty::InftyQueens loaded(const std::string& bytes) {
  std::istringstream in(bytes, std::ios::binary);
  return qg::infty::InftyQueens::load(in, "test.ckpt");
}

// This module's catalogued sequence (the test links the module alone, not the registry).
qg::Sequence sequence(const std::string& anumber) {
  for (const auto& s : qg::infty_sequences())
    if (s.anumber == anumber) return s;
  throw std::runtime_error("no " + anumber);
}

// The InputError message of loading these bytes ("no error" if it loads).
std::string load_error(const std::string& bytes) {
  return input_error([&] { loaded(bytes); });
}

}  // namespace

TEST(InftyQueens, FirstTermsAreSeed000Eq48PlusOne) {
  // Seed 000 eq. (48) lists S_0, S_1, … (0-based); Knuth's q_n = S_{n−1} + 1.
  const std::vector<u64> s48 = {0, 2, 4, 1, 3, 8, 10, 12, 14, 5, 7, 18, 6, 21, 9, 24, 26, 28, 30, 11, 13, 34};
  auto q = engine_terms(s48.size());
  for (std::size_t i = 0; i < s48.size(); ++i) EXPECT_EQ(q[i], s48[i] + 1) << "n = " << i + 1;
  // The list, and OEIS A065188's remark that a(42) = 28 and a(43) = 26.
  EXPECT_EQ(std::vector<u64>(q.begin(), q.begin() + 12), (std::vector<u64>{1, 3, 5, 2, 4, 9, 11, 13, 15, 6, 8, 19}));
  auto more = engine_terms(70);
  EXPECT_EQ(more[41], 28u);
  EXPECT_EQ(more[42], 26u);
  EXPECT_EQ(more[69], 113u);  // A065188(70)
}

TEST(InftyQueens, AgreesWithTheBruteForcePlacement) {
  const u64 count = 100'000 / kScale;
  auto brute = qg::infty::infty_queens_brute_force(count);
  EXPECT_EQ(std::vector<u64>(brute.begin(), brute.begin() + 5), (std::vector<u64>{1, 3, 5, 2, 4}));
  auto fast = engine_terms(count);
  ASSERT_EQ(brute.size(), fast.size());
  for (u64 i = 0; i < count; ++i) ASSERT_EQ(fast[i], brute[i]) << "n = " << i + 1;
}

TEST(InftyQueens, AutomatonStopsAnywhereWithKnuthsStatistics) {
  // The engine hands columns between its automaton (from column 4096 on) and its scan, and
  // folds the automaton's per-node counts into the statistics at the end of every step: steps
  // that stop anywhere — before, at and after the hand-over, mid-word, at odd places — must
  // each leave exactly the statistics of Knuth's program run to the same n (seed 002 §8).
  qg::infty::InftyQueens engine;
  for (u64 stop : {u64{4095}, u64{4096}, u64{4097}, u64{4161}, u64{10'000}, u64{77'777}, u64{250'001} / kScale}) {
    if (stop <= engine.terms()) continue;
    engine.step(stop - engine.terms());
    qg::infty::InftyStats knuth = knuth_baseline::run(stop);
    ASSERT_EQ(engine.stats(), knuth) << "stopped at n = " << stop;
  }
}

TEST(InftyQueens, StatisticsEqualKnuthsProgram) {
  // Every statistic — the histograms, the probes per term (Knuth's ticks), the four record
  // lists (decided in his program by negaFibonacci fractions) and the window widths — from
  // two routes.
  const u64 count = 2'000'000 / kScale;
  std::vector<u64> knuth_terms;
  qg::infty::InftyStats knuth = knuth_baseline::run(count, &knuth_terms);
  ASSERT_EQ(knuth.terms, count);
  std::vector<u64> terms;
  qg::infty::InftyStats fast = qg::infty::infty_queens(count, [&](u64 q) { terms.push_back(q); });
  EXPECT_EQ(terms, knuth_terms);
  EXPECT_EQ(fast.terms, count);
  EXPECT_EQ(fast.high_terms, knuth.high_terms);
  EXPECT_EQ(fast.high_histogram, knuth.high_histogram);
  EXPECT_EQ(fast.low_histogram, knuth.low_histogram);
  EXPECT_EQ(fast.probe_histogram, knuth.probe_histogram);
  EXPECT_EQ(fast.high_max, knuth.high_max);
  EXPECT_EQ(fast.high_min, knuth.high_min);
  EXPECT_EQ(fast.low_max, knuth.low_max);
  EXPECT_EQ(fast.low_min, knuth.low_min);
  EXPECT_EQ(fast.max_scan, knuth.max_scan);
  EXPECT_EQ(fast.max_s_step, knuth.max_s_step);
  EXPECT_EQ(fast, knuth);
  // The first terms' statistics by hand (seed 002 §4 and §8): q_1 = 1 is "high" (q ≥ n) with
  // 1 − φ, Knuth's first record; q_1 costs 8 probes (3 to accept row 1, a, s's step, b, c, r's step).
  ASSERT_FALSE(fast.high_min.empty());
  EXPECT_EQ(fast.high_min.front(), (qg::infty::InftyTerm{1, 1}));
  qg::infty::InftyQueens one;
  one.step(1);
  EXPECT_EQ(one.stats().probe_histogram[8], 1u);
  EXPECT_EQ(one.stats().high_histogram[qg::infty::infty_histogram_bin(-1)], 1u);
}

TEST(InftyQueens, KnowsThatQOfF40IsF41) {
  // Seed 002 §1: "this program knows that q_{F_40} = F_41 = φF_40 + φ^{−40}".
  const u64 f40 = qg::numeration::fibonacci<u64>(40), f41 = qg::numeration::fibonacci<u64>(41);
  ASSERT_EQ(f40, 102334155u);
  qg::infty::InftyQueens engine;
  engine.step(f40 / kScale - 1);
  if (kScale == 1) {
    u64 q = 0;
    engine.step(1, &q);
    EXPECT_EQ(q, f41);
    // Its discrepancy is φ^{−40} ≈ 4.4·10^{−9}, positive and tiny.
    EXPECT_EQ(qg::infty::infty_discrepancy_decimal({f40, q}, true, 12), "0.000000004370");
  }
}

TEST(InftyQueens, DiscrepanciesArePrintedExactly) {
  // 1 − φ, 3 − 2φ and 2 − 4/φ (q_1, q_2 and q_4), to 9 decimals and exactly.
  EXPECT_EQ(qg::infty::infty_discrepancy_decimal({1, 1}, true), "-0.618033989");
  EXPECT_EQ(qg::infty::infty_discrepancy_decimal({2, 3}, true), "-0.236067977");
  EXPECT_EQ(qg::infty::infty_discrepancy_decimal({4, 2}, false), "-0.472135955");
  EXPECT_EQ(qg::infty::infty_discrepancy_decimal({4, 2}, false, 0), "-0");
  EXPECT_EQ(qg::infty::infty_discrepancy_decimal({3, 5}, true, 3), "0.146");  // 5 − 3φ = 0.1458980…
  EXPECT_EQ(qg::infty::infty_discrepancy_exact({4, 2}, false), "2 - 4/φ");
  EXPECT_EQ(qg::infty::infty_discrepancy_exact({1, 1}, true), "1 - φ");
  EXPECT_THROW(qg::infty::infty_discrepancy_decimal({1, 1}, true, 31), qg::RangeError);
}

TEST(InftyQueens, FixedPointFractionsAreExact) {
  // floor(nφ) from the 128-bit fixed point against the integer-square-root floor, and the
  // order of fractional parts against Knuth's negaFibonacci fractions (seed 002 §5–7).
  std::mt19937_64 rng(25);
  std::vector<u64> ns = {1, 2, 3, 102334155, 165580141, (u64{1} << 62) - 1, u64{1} << 62};
  for (int i = 0; i < 2000; ++i) ns.push_back(rng() >> (2 + rng() % 60));
  for (u64 n : ns) {
    if (n == 0) continue;
    auto p = qg::infty_detail::phi_position(n);
    ASSERT_EQ(p.floor, qg::numeration::floor_n_phi<u64>(n)) << n;
  }
  int compared = 0;
  for (int i = 0; i + 1 < static_cast<int>(ns.size()); ++i) {
    u64 a = ns[i], b = ns[i + 1];
    if (a == 0 || b == 0 || a == b || a > (u64{1} << 40) || b > (u64{1} << 40)) continue;
    ++compared;
    bool fixed_less = qg::infty_detail::phi_position(a).fraction < qg::infty_detail::phi_position(b).fraction;
    bool knuth_less =
        qg::numeration::phi_fraction_less(qg::numeration::negafibonacci_bits(static_cast<std::int64_t>(a)),
                                          qg::numeration::negafibonacci_bits(static_cast<std::int64_t>(b)));
    ASSERT_EQ(fixed_less, knuth_less) << a << " " << b;
  }
  EXPECT_GT(compared, 500);
}

TEST(InftyQueens, ConjectureTwentyFiveIsKnuthsOneBasedReading) {
  // Seed 000 (49)–(50) quote Knuth's bounds with S_c and c. They hold for his 1-based q_n and n;
  // read literally with the 0-based S_c they fail: S_c − cφ = (q_n − nφ) + φ − 1 exceeds 1.
  const u64 count = 1'000'000 / kScale;
  qg::infty::InftyStats s = qg::infty::infty_queens(count);
  ASSERT_FALSE(s.high_max.empty());
  const qg::infty::InftyTerm top = s.high_max.back();
  // The largest q_n − nφ to 10^6 is 0.613514002 at n = 354308 (it creeps up towards φ − 1) …
  if (kScale == 1) {
    EXPECT_EQ(top, (qg::infty::InftyTerm{354308, 573283}));
  }
  EXPECT_TRUE(qg::infty::infty_discrepancy_decimal(top, true).starts_with("0.6"));
  // … so S_{n−1} − (n−1)φ = q − 1 − (n−1)φ = (q − nφ) + 0.618… > 1.
  EXPECT_TRUE(qg::infty::infty_discrepancy_decimal({top.n - 1, top.q - 1}, true).starts_with("1."));
}

TEST(InftyQueens, CatalogSequencesShareTheEngine) {
  auto a065188 = qg::sequence_terms(sequence("A065188"), 70);
  auto a275895 = qg::sequence_terms(sequence("A275895"), 70);
  auto a065189 = qg::sequence_terms(sequence("A065189"), 20);
  EXPECT_EQ(sequence("A065188").offset, 1);
  EXPECT_EQ(sequence("A275895").offset, 0);
  EXPECT_EQ(sequence("A065189").offset, 1);
  for (int i = 0; i < 70; ++i) EXPECT_EQ(a275895[i], a065188[i] - 1);  // OEIS: a(n) = A065188(n+1) − 1
  // OEIS A065189, the inverse permutation: row m's queen is in column a(m).
  EXPECT_EQ(a065189,
            (std::vector<std::int64_t>{1, 4, 2, 5, 3, 10, 13, 11, 6, 15, 7, 20, 8, 21, 9, 26, 29, 27, 12, 31}));
  const u64 rows = 20'000 / kScale;
  auto inverse = qg::sequence_terms(sequence("A065189"), rows);
  auto q = engine_terms(2 * rows + 64);
  for (u64 m = 1; m <= rows; ++m) ASSERT_EQ(q[static_cast<u64>(inverse[m - 1]) - 1], m) << "row " << m;
}

TEST(InftyQueens, CheckpointAndResumeEqualAStraightRun) {
  const u64 count = 5'000'000 / kScale;
  std::vector<u64> straight(count);
  qg::infty::InftyQueens whole;
  whole.step(count, straight.data());
  // Stop at awkward places (mid-word, a record-block boundary), save, load, go on.
  std::vector<u64> resumed;
  qg::infty::InftyQueens engine;
  for (u64 stop : {u64{1}, u64{77}, u64{4'194'303} / kScale, u64{4'194'304} / kScale + 5, count}) {
    stop = std::min(stop, count);
    if (stop <= engine.terms()) continue;
    std::vector<u64> part(stop - engine.terms());
    engine.step(part.size(), part.data());
    resumed.insert(resumed.end(), part.begin(), part.end());
    std::string bytes = saved(engine);
    engine = loaded(bytes);
    EXPECT_EQ(saved(engine), bytes);  // the state round-trips bit for bit
  }
  EXPECT_EQ(resumed, straight);
  EXPECT_EQ(engine.stats(), whole.stats());
  EXPECT_EQ(saved(engine), saved(whole));
}

TEST(InftyQueens, CheckpointFilesAreWrittenAtomically) {
  fs::path dir = fs::temp_directory_path() / "qg_test_infty";
  fs::create_directories(dir);
  fs::path file = dir / "engine.ckpt";
  qg::infty::InftyQueens engine;
  engine.step(12345);
  engine.save(file);
  qg::infty::InftyQueens back = qg::infty::InftyQueens::load(file);
  EXPECT_EQ(back.terms(), 12345u);
  EXPECT_EQ(back.stats(), engine.stats());
  for (const auto& entry : fs::directory_iterator(dir))
    EXPECT_EQ(entry.path().filename().string().find(".tmp."), std::string::npos) << entry.path();
  EXPECT_THROW(engine.save(dir / "no-such-dir" / "x.ckpt"), qg::InputError);
  try {
    qg::infty::InftyQueens::load(dir / "missing.ckpt");
    FAIL() << "a missing file loads";
  } catch (const qg::InputError& e) {
    EXPECT_NE(std::string(e.what()).find("missing.ckpt"), std::string::npos) << e.what();
  }
  fs::remove_all(dir);
}

TEST(InftyQueens, BadCheckpointsAreRefusedWithAReason) {
  qg::infty::InftyQueens engine;
  engine.step(100'000);
  const std::string good = saved(engine);
  ASSERT_EQ(load_error(good), "no error");
  auto expect = [](const std::string& message, const std::string& part) {
    EXPECT_NE(message.find("cannot resume from test.ckpt"), std::string::npos) << message;
    EXPECT_NE(message.find(part), std::string::npos) << message;
  };
  expect(load_error(""), "empty");
  expect(load_error("hello, world\n"), "not an infty-queens checkpoint");
  expect(load_error(std::string("\x89PNG\r\n\x1a\n", 8) + std::string(100, '\0')), "not an infty-queens checkpoint");
  expect(load_error(good.substr(0, good.size() / 2)), "truncated");
  expect(load_error(good.substr(0, 20)), "truncated");
  expect(load_error(good + "x"), "truncated or padded");
  std::string flipped = good;
  flipped[flipped.size() / 2] ^= 0x10;  // a bit of the record
  expect(load_error(flipped), "checksum");
  std::string version = good;
  version[8] = 9;  // the format version word
  expect(load_error(version), "version 9");
  std::string parameters = good;
  parameters[16] ^= 1;  // the parameters word
  expect(load_error(parameters), "other engine parameters");
}

TEST(InftyQueens, RangeIsStatedAndEnforced) {
  EXPECT_EQ(qg::infty::kInftyMaxTerms, u64{1} << 62);
  qg::infty::InftyQueens engine;
  engine.step(10);
  EXPECT_THROW(engine.step(qg::infty::kInftyMaxTerms), qg::RangeError);
  EXPECT_EQ(engine.terms(), 10u);
  EXPECT_THROW(qg::infty::infty_queens(qg::infty::kInftyMaxTerms + 1), qg::RangeError);
  // 2^62 terms would need far more memory than any machine here: refused up front.
  EXPECT_THROW(qg::infty::infty_queens(qg::infty::kInftyMaxTerms), qg::RangeError);
  EXPECT_THROW(qg::infty::infty_queens_brute_force(10'000'001), qg::RangeError);
}

TEST(InftyQueens, MemoryStaysWithinThePlan) {
  // The record holds n/φ bits: 0.077 bytes per term, plus a few 512 KiB blocks.
  const u64 count = 20'000'000 / kScale;
  qg::infty::InftyQueens engine;
  engine.step(count);
  EXPECT_LE(engine.peak_memory_bytes(), qg::infty::infty_memory_estimate(count));
  EXPECT_LT(static_cast<double>(engine.peak_memory_bytes()), 0.1 * static_cast<double>(count) + 3e6);
  EXPECT_LE(engine.stats().max_scan, 8u);  // Knuth's scans are a handful of rows
  EXPECT_LE(engine.stats().max_s_step, 8u);
}

TEST(InftyQueens, PortableKernelEqualsTheDispatchedOne) {
  // The engine runs its x86-64 kernel on CPUs with BMI2 and its portable kernel elsewhere
  // (src/infty/engine.cpp): on this machine the test runs the portable one directly and asks
  // for the same terms and statistics as the dispatched one and as Knuth's program (seed 002
  // §8) — through Knuth's search, the automaton from column 4096, a step that stops mid-word,
  // and the second record block at column 2^22.
  const u64 count = ((u64{1} << 22) + 5'000) / kScale;
  const u64 first_step = 4'321;
  std::vector<u64> dispatched(count);
  qg::infty::InftyQueens engine;
  engine.step(first_step, dispatched.data());
  engine.step(count - first_step, dispatched.data() + first_step);
  std::vector<u64> portable(count);
  qg::infty::InftyQueens::State state;
  qg::infty_detail::run_portable(state, first_step, portable.data());
  qg::infty_detail::run_portable(state, count - first_step, portable.data() + first_step);
  EXPECT_EQ(portable, dispatched);
  EXPECT_EQ(state.stats, engine.stats());
  EXPECT_EQ(state.stats, knuth_baseline::run(count));
  // Without the terms (the other instantiation of each kernel).
  qg::infty::InftyQueens::State quiet;
  qg::infty_detail::run_portable(quiet, count, nullptr);
  EXPECT_EQ(quiet.stats, engine.stats());
}
