// queengames._core: the library's public API for Python (pybind11), with numpy arrays.
//
// Nothing here computes: each function parses its arguments with the library's own parsers
// (so that a bad count gets the CLI's message), calls one library function with the GIL
// released, and hands the result over. Arrays are allocated by numpy first and the library's
// sink writes straight into their buffers: no per-element copy, no intermediate vector.
//
// Ctrl-C: the library polls its ProgressFn every 10-40 ms (qg::Poller); ours takes the GIL,
// lets Python run its signal handlers (PyErr_CheckSignals) and, when one raised
// KeyboardInterrupt, throws it through the library, whose RAII unwinds; the half-filled array
// is dropped with the exception. Errors: InputError → ValueError, RangeError → OverflowError,
// refusals for memory and std::bad_alloc → MemoryError, with the CLI's messages.
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <algorithm>
#include <array>
#include <cerrno>
#include <cstdint>
#include <limits>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include <fmt/format.h>
#include <gmpxx.h>

#include "queengames/blocking.hpp"
#include "queengames/boards.hpp"
#include "queengames/catalog.hpp"
#include "queengames/claims.hpp"
#include "queengames/common.hpp"
#include "queengames/infty.hpp"
#include "queengames/io.hpp"
#include "queengames/numeration.hpp"
#include "queengames/papers.hpp"
#include "queengames/spiral.hpp"
#include "queengames/twopile.hpp"
#include "queengames/words.hpp"

#include "bind.hpp"

namespace py = pybind11;
using namespace qg::python;

namespace {

// ---- sequences ---------------------------------------------------------------------

py::dict sequence_info(const qg::Sequence& s) {
  py::dict d;
  d["anumber"] = s.anumber;
  d["name"] = s.name;
  d["offset"] = s.offset;
  d["max_terms"] = s.max_terms;
  d["route"] = s.route;
  return d;
}

py::array_t<std::int64_t> bfile(const std::string& anumber, const py::object& count_arg) {
  const qg::Sequence s = qg::find_sequence(anumber);
  const std::uint64_t count = to_u64(count_arg, 1, s.max_terms);
  require_memory(times(count, 8), fmt::format("bfile {} {}", s.anumber, count));
  py::array_t<std::int64_t> terms(static_cast<py::ssize_t>(count));
  std::int64_t* out = terms.mutable_data();
  std::uint64_t filled = 0;
  {
    py::gil_scoped_release release;
    s.generate(
        count,
        [&](std::int64_t t) {
          if (filled < count) out[filled] = t;  // a generator that overran is reported below
          ++filled;
        },
        interruptible());
  }
  if (filled != count)
    throw std::logic_error(fmt::format("{} generated {} terms instead of {}", s.anumber, filled, count));
  return terms;
}

// ---- words -------------------------------------------------------------------------

py::array_t<std::uint8_t> word(const std::string& name, const py::object& length_arg, bool letters) {
  const auto morphism = qg::words::Morphism::from_name_or_text(name);
  const std::uint64_t length = to_u64(length_arg, 1, std::uint64_t{1} << 40);  // the CLI's word --length range
  qg::words::FixedPointStream stream(morphism);
  // Letters become their ranks in the sorted alphabet: a, b, c → 0, 1, 2 (also for the theme
  // song, whose alphabet starts with its start letter c), digits 0, 1, 2 → 0, 1, 2.
  std::string sorted = morphism.alphabet();
  std::sort(sorted.begin(), sorted.end());
  std::array<std::uint8_t, 256> rank{};
  for (std::size_t i = 0; i < 256; ++i) rank[i] = static_cast<std::uint8_t>(i);
  if (!letters)
    for (std::size_t i = 0; i < sorted.size(); ++i)
      rank[static_cast<unsigned char>(sorted[i])] = static_cast<std::uint8_t>(i);
  require_memory(length, fmt::format("word {} {}", name, length));
  py::array_t<std::uint8_t> result(static_cast<py::ssize_t>(length));
  std::uint8_t* out = result.mutable_data();
  {
    py::gil_scoped_release release;
    constexpr std::uint64_t chunk = 1 << 16;
    qg::Poller poller(interruptible(), length);
    for (std::uint64_t done = 0; done < length;) {
      const std::uint64_t k = std::min(chunk, length - done);
      stream.read(reinterpret_cast<char*>(out + done), k);
      for (std::uint64_t i = done; i < done + k; ++i) out[i] = rank[out[i]];
      done += k;
      poller.tick(done);
    }
  }
  return result;
}

// ---- two-pile games ----------------------------------------------------------------

class Game {
 public:
  explicit Game(const std::string& text)
      : ruleset_(qg::twopile::Ruleset::parse(text)), coding_(qg::twopile::morphic_coding(ruleset_)) {}

  const std::string& name() const { return ruleset_.name(); }
  std::optional<std::string> morphism() const {
    if (!coding_) return std::nullopt;
    return coding_->morphism;
  }

  py::array_t<std::int64_t> p_positions(const py::object& count_arg, const std::string& via) {
    const std::uint64_t count = to_u64(count_arg, 1, std::uint64_t{1} << 40);  // the CLI's --p-positions range
    if (via != "sweep" && via != "morphic") throw qg::InputError("via must be sweep or morphic (got '" + via + "')");
    if (via == "morphic") morphic();  // refuse before allocating
    require_memory(times(count, 16), fmt::format("{} P-positions of {}", count, name()));
    auto result = fresh_array<std::int64_t>({static_cast<py::ssize_t>(count), py::ssize_t{2}});
    std::int64_t* out = result.mutable_data();
    {
      py::gil_scoped_release release;
      if (via == "sweep") {
        qg::twopile::sweep_p_positions(
            ruleset_, count,
            [&](std::uint64_t n, std::uint64_t a, std::uint64_t b) {
              out[2 * n] = static_cast<std::int64_t>(a);
              out[2 * n + 1] = static_cast<std::int64_t>(b);
              return true;
            },
            interruptible());
      } else {
        // The morphic stream takes no ProgressFn: the sink ticks the poller instead.
        qg::Poller poller(interruptible(), count);
        morphic().stream(count, [&](std::uint64_t n, std::uint64_t a, std::uint64_t b) {
          out[2 * n] = static_cast<std::int64_t>(a);
          out[2 * n + 1] = static_cast<std::int64_t>(b);
          poller.tick(n);
          return true;
        });
      }
    }
    return result;
  }

  py::array_t<std::uint32_t> grundy(const py::object& width, const py::object& height, const py::object& threads) {
    qg::boards::GrundyOptions options;
    options.threads = to_threads(threads);
    options.progress = interruptible();
    const std::uint64_t w = to_u64(width), h = to_u64(height);
    qg::boards::Table table;
    {
      py::gil_scoped_release release;
      table = qg::boards::grundy_table(ruleset_, w, h, options);
    }
    return adopt(std::move(table.values),
                 {static_cast<py::ssize_t>(table.height), static_cast<py::ssize_t>(table.width)});
  }

  bool is_p(const py::object& x, const py::object& y) {
    // The CLI's --is-p range: the sweep's coordinates stay below 2^32 − 2.
    const qg::twopile::Position p{to_u64(x, 0, UINT32_MAX - 2), to_u64(y, 0, UINT32_MAX - 2)};
    py::gil_scoped_release release;
    return qg::twopile::is_p_position(ruleset_, p, interruptible());
  }

  py::array_t<std::int64_t> options(const py::object& x, const py::object& y) const {
    // A board's corner, as far as the atlas's largest side: the reflection of kqueen-dee:100 has
    // up to 400·(x + y) options (200 MB at this bound), the other families about x + y.
    constexpr std::uint64_t kMax = 16384;
    const qg::twopile::Position from{to_u64(x, 0, kMax), to_u64(y, 0, kMax)};
    std::vector<qg::twopile::Position> out;
    ruleset_.options(from, out);
    // Two families may reach one option (the library lists it twice): each once, in order.
    std::sort(out.begin(), out.end());
    out.erase(std::unique(out.begin(), out.end()), out.end());
    py::array_t<std::int64_t> result({static_cast<py::ssize_t>(out.size()), py::ssize_t{2}});
    std::int64_t* data = result.mutable_data();
    for (std::size_t i = 0; i < out.size(); ++i) {
      data[2 * i] = static_cast<std::int64_t>(out[i].x);
      data[2 * i + 1] = static_cast<std::int64_t>(out[i].y);
    }
    return result;
  }

  py::tuple nth(const py::object& n_arg) {
    const auto& route = morphic();
    const std::uint64_t n = to_u64(n_arg, 0, std::uint64_t{1} << 62);  // MorphicPPositions::nth's range
    const qg::twopile::Position p = route.nth(n);                      // O(log n): too short to release the GIL for
    return py::make_tuple(p.x, p.y);
  }

 private:
  const qg::twopile::MorphicPPositions& morphic() {
    if (!coding_) throw qg::InputError(name() + " has no morphic route (the papers give none)");
    if (!route_) route_.emplace(*coding_);
    return *route_;
  }

  qg::twopile::Ruleset ruleset_;
  std::optional<qg::twopile::MorphicCoding> coding_;
  std::optional<qg::twopile::MorphicPPositions> route_;  // built on first use: the index costs a little
};

// ---- k-Blocking Wythoff Nim ----------------------------------------------------------

class Blocking {
 public:
  explicit Blocking(const py::object& k) : k_(to_u64(k)) { qg::blocking::require_k(k_); }
  std::uint64_t k() const { return k_; }
  py::array_t<std::uint32_t> palace_numbers(const py::object& width, const py::object& height,
                                            const std::string& engine) const {
    const std::uint64_t w = to_u64(width), h = to_u64(height);
    const qg::blocking::Engine e = qg::blocking::parse_engine(engine);
    std::vector<std::uint32_t> values;
    {
      py::gil_scoped_release release;
      values = qg::blocking::palace_table(k_, w, h, e, interruptible());
    }
    return adopt(std::move(values), {static_cast<py::ssize_t>(h), static_cast<py::ssize_t>(w)});
  }

 private:
  std::uint64_t k_;
};

// ---- claims ------------------------------------------------------------------------

// Every ClaimKind, in the enum's order (the kinds claims() can be filtered by).
std::vector<qg::ClaimKind> claim_kinds() {
  using K = qg::ClaimKind;
  return {K::theorem,    K::lemma,  K::corollary, K::proposition, K::equation,
          K::conjecture, K::remark, K::table,     K::observation};
}

struct CheckResult {
  std::string id, kind, source, statement, unit, detail, proof, status;
  bool passed = false;
  std::uint64_t bound_asked = 0, bound_reached = 0;
  double seconds = 0;
};

CheckResult run_one(const qg::Claim& claim, std::uint64_t bound) {
  qg::ClaimReport report;
  {
    py::gil_scoped_release release;
    report = qg::run_claim(claim, bound, interruptible());
  }
  return {claim.id,
          qg::to_string(claim.kind),
          claim.source,
          claim.statement,
          claim.unit,
          report.outcome.detail,
          claim.proof,
          qg::to_string(report.status),
          report.outcome.pass,
          report.bound_asked,
          report.outcome.bound_reached,
          report.seconds};
}

CheckResult check(const std::string& id, const py::object& bound) {
  const auto claims = qg::select_claims({id});
  if (claims.size() != 1)
    throw qg::InputError(fmt::format("'{}' selects {} claims; name one (e.g. {}) or use check_all('{}')", id,
                                     claims.size(), claims.front().id, id));
  const qg::Claim& claim = claims.front();
  return run_one(claim, bound.is_none() ? claim.bound(qg::ClaimDepth::standard) : to_u64(bound, 1));
}

// The claims of the patterns, of one kind (theorem, lemma, conjecture, …) when kind is given.
std::vector<qg::Claim> select(const std::vector<std::string>& patterns, const std::optional<std::string>& kind) {
  std::vector<qg::Claim> selected = qg::select_claims(patterns);
  if (!kind) return selected;
  std::vector<std::string> kinds;
  for (auto k : claim_kinds()) kinds.emplace_back(qg::to_string(k));
  if (std::find(kinds.begin(), kinds.end(), *kind) == kinds.end())
    throw qg::InputError(fmt::format("unknown kind '{}' (one of {})", *kind, fmt::join(kinds, ", ")));
  std::erase_if(selected, [&](const qg::Claim& c) { return *kind != qg::to_string(c.kind); });
  return selected;
}

std::vector<CheckResult> check_all(const std::vector<std::string>& patterns, const std::string& depth,
                                   const std::optional<std::string>& kind) {
  qg::ClaimDepth d = qg::ClaimDepth::standard;
  if (depth == "tour") d = qg::ClaimDepth::tour;
  else if (depth == "deep") d = qg::ClaimDepth::deep;
  else if (depth != "standard") throw qg::InputError("depth must be tour, standard or deep (got '" + depth + "')");
  std::vector<CheckResult> results;
  for (const auto& claim : select(patterns, kind)) results.push_back(run_one(claim, claim.bound(d)));
  return results;
}

py::list claims(const std::vector<std::string>& patterns, const std::optional<std::string>& kind) {
  py::list list;
  for (const auto& c : select(patterns, kind)) {
    py::dict d;
    d["id"] = c.id;
    d["source"] = c.source;
    d["kind"] = qg::to_string(c.kind);
    d["statement"] = c.statement;
    d["unit"] = c.unit;
    d["tour_bound"] = c.bounds.tour;
    d["standard_bound"] = c.bounds.standard;
    d["deep_bound"] = c.bounds.deep;
    d["max_bound"] = c.bounds.max;
    d["proof"] = c.proof;
    list.append(d);
  }
  return list;
}

// ---- ∞-queens ----------------------------------------------------------------------

py::array_t<std::int64_t> infty_queens(const py::object& count_arg) {
  const std::uint64_t count = to_u64(count_arg, 1, qg::infty::kInftyMaxTerms);
  require_memory(times(count, 8) + qg::infty::infty_memory_estimate(count), fmt::format("infty-queens {}", count));
  py::array_t<std::int64_t> terms(static_cast<py::ssize_t>(count));
  std::int64_t* out = terms.mutable_data();
  {
    py::gil_scoped_release release;
    std::uint64_t i = 0;
    qg::infty::infty_queens(
        count, [&](std::uint64_t q) { out[i++] = static_cast<std::int64_t>(q); }, interruptible());
  }
  return terms;
}

// The engine with its state, for runs that do not fit in memory: step() hands out the next
// terms, save()/load() are the library's checkpoints.
py::array_t<std::int64_t> infty_step(qg::infty::InftyQueens& engine, const py::object& count_arg) {
  const std::uint64_t count = to_u64(count_arg, 1, qg::infty::kInftyMaxTerms);
  require_memory(times(count, 8), fmt::format("infty-queens step {}", count));
  py::array_t<std::int64_t> terms(static_cast<py::ssize_t>(count));
  // q_n < 2.62 n + 64 < 2^63: the int64 buffer holds the engine's uint64 terms unchanged.
  auto* out = reinterpret_cast<std::uint64_t*>(terms.mutable_data());
  py::gil_scoped_release release;
  engine.step(count, out);
  return terms;
}

// ---- the spiral --------------------------------------------------------------------

// n < 2^120, the range of random access on the spiral (the CLI's message).
qg::u128 random_access_n(const py::object& value) {
  // A Python int below 2^120 is read as two 64-bit halves; anything else (strings, values out
  // of range, for the CLI's message) through the library's parser.
  if (PyLong_CheckExact(value.ptr())) {
    int overflow = 0;
    const long long v = PyLong_AsLongLongAndOverflow(value.ptr(), &overflow);
    if (overflow == 0 && v >= 0) return static_cast<qg::u128>(v);
    if (overflow > 0) {
      const auto shift = py::reinterpret_steal<py::int_>(PyLong_FromLong(64));
      const auto high = py::reinterpret_steal<py::object>(PyNumber_Rshift(value.ptr(), shift.ptr()));
      const long long h = PyLong_AsLongLongAndOverflow(high.ptr(), &overflow);
      if (overflow == 0 && h < (1LL << (qg::spiral::kRandomAccessBits - 64)))
        return (static_cast<qg::u128>(h) << 64) | PyLong_AsUnsignedLongLongMask(value.ptr());
    }
  }
  const std::string text = number_text(value);
  const mpz_class n = qg::parse_natural(text);
  const mpz_class limit = mpz_class(1) << qg::spiral::kRandomAccessBits;
  if (n >= limit)
    throw qg::RangeError(fmt::format("{} is out of range: the supported range is 0..2^{} - 1 = {}",
                                     qg::echo_number(text), qg::spiral::kRandomAccessBits,
                                     mpz_class(limit - 1).get_str()));
  return qg::numeration::to_u128(n);
}

py::tuple spiral_nth(const py::object& n) {
  const qg::spiral::Queen q = qg::spiral::queen(random_access_n(n));
  return py::make_tuple(to_py(q.cell), to_py(q.x), to_py(q.y));
}

py::tuple spiral_xymp(const py::object& n) {
  const qg::spiral::XympRow r = qg::spiral::xymp(random_access_n(n));
  return py::make_tuple(to_py(r.x), to_py(r.y), to_py(r.m), to_py(r.p));
}

py::tuple spiral_abc(const py::object& n) {
  const qg::spiral::Abc r = qg::spiral::abc(random_access_n(n));
  return py::make_tuple(to_py(r.a), to_py(r.b), to_py(r.c));
}

py::tuple spiral_letter_counts(const py::object& n) {
  const qg::spiral::Abc r = qg::spiral::letter_counts(random_access_n(n));
  return py::make_tuple(to_py(r.a), to_py(r.b), to_py(r.c));
}

std::string spiral_letter(const py::object& n) {
  return std::string(1, qg::spiral::tribonacci_letter(random_access_n(n)));
}

// Rows first … first + count − 1 of the XYMP table by random access: int64 while the values
// fit, an object array of Python ints beyond (X_n ≈ 0.54 n, P_n ≈ 2.2 n).
py::array spiral_xymp_rows(const py::object& first_arg, const py::object& count_arg) {
  const qg::u128 first = random_access_n(first_arg);
  const std::uint64_t count = to_u64(count_arg, 1, std::uint64_t{1} << 32);
  const qg::u128 last = first + count - 1;
  if (last >> qg::spiral::kRandomAccessBits)
    throw qg::RangeError(fmt::format("rows past 2^{} - 1 are out of range", qg::spiral::kRandomAccessBits));
  require_memory(times(count, 64), fmt::format("spiral xymp rows {}", count));
  // Reserved, not filled: its pages are touched row by row between polls (zeroing 1 GiB first
  // took seconds of system time that no poll could cut short).
  std::vector<qg::u128> values;
  values.reserve(4 * count);
  {
    py::gil_scoped_release release;
    qg::Poller poller(interruptible(), count);
    for (std::uint64_t i = 0; i < count; ++i) {
      const qg::spiral::XympRow r = qg::spiral::xymp(first + i);
      values.insert(values.end(), {r.x, r.y, r.m, r.p});
      poller.tick(i + 1);
    }
  }
  return wide_array(values, {static_cast<py::ssize_t>(count), py::ssize_t{4}});
}

py::array_t<std::int64_t> spiral_queens(const py::object& count_arg) {
  const std::uint64_t count = to_u64(count_arg, 1, qg::spiral::kSequentialMaxQueens);
  require_memory(times(count, 16), fmt::format("spiral queens {}", count));
  py::array_t<std::int64_t> result({static_cast<py::ssize_t>(count), py::ssize_t{2}});
  std::int64_t* out = result.mutable_data();
  {
    py::gil_scoped_release release;
    qg::spiral::generate_queens(
        count,
        [&](std::uint64_t first, std::span<const qg::spiral::QueenCell> queens) {
          for (std::size_t i = 0; i < queens.size(); ++i) {
            out[2 * (first + i)] = queens[i].x;
            out[2 * (first + i) + 1] = queens[i].y;
          }
        },
        interruptible());
  }
  return result;
}

}  // namespace

PYBIND11_MODULE(_core, m) {
  m.doc() = "queengames: the mathematics of queen games (the C++ library, bound with pybind11)";

  // The modules bound in their own files (bind.hpp).
  bind_boards(m);
  bind_dictionary(m);
  bind_figures(m);
  bind_numeration(m);
  bind_prover(m);

  py::register_exception_translator([](std::exception_ptr p) {
    try {
      if (p) std::rethrow_exception(p);
    } catch (const qg::MemoryError& e) {  // a RangeError too: caught first
      PyErr_SetString(PyExc_MemoryError, e.what());
    } catch (const qg::RangeError& e) {
      PyErr_SetString(PyExc_OverflowError, e.what());
    } catch (const qg::InputError& e) {
      PyErr_SetString(PyExc_ValueError, e.what());
    } catch (const std::bad_alloc&) {
      PyErr_SetString(PyExc_MemoryError, "out of memory");
    } catch (const std::ios_base::failure&) {
      // A write that failed (a full disk, /dev/full): the CLI's "write error: …", as OSError.
      if (errno != 0) PyErr_SetFromErrno(PyExc_OSError);
      else PyErr_SetString(PyExc_OSError, "write error: the output could not be written");
    }
  });

  m.def(
      "sequences",
      [] {
        py::list list;
        for (const auto& s : qg::all_sequences()) list.append(sequence_info(s));
        return list;
      },
      "Every catalogued OEIS sequence as a dict (anumber, name, offset, max_terms, route), by A-number.");
  m.def(
      "sequence", [](const std::string& anumber) { return sequence_info(qg::find_sequence(anumber)); },
      py::arg("anumber"), "One catalogued sequence's dict (anumber, name, offset, max_terms, route).");
  m.def("bfile", &bfile, py::arg("anumber"), py::arg("n"),
        "The first n terms a(offset), a(offset+1), … of a catalogued OEIS sequence as an int64 array\n"
        "(the terms of `queengames bfile ANUMBER N`; index i holds a(offset + i), see sequence()).\n"
        "n is an int or a string such as '10^6'. ValueError for an unknown A-number, OverflowError\n"
        "for n outside 1..max_terms, MemoryError when the array would not fit in memory.");
  m.def("word", &word, py::arg("name"), py::arg("n"), py::arg("letters") = false,
        "The first n letters of a morphism's fixed point as a uint8 array: each letter's rank in\n"
        "the sorted alphabet (tribonacci a, b, c → 0, 1, 2), or with letters=True its ASCII code\n"
        "(bytes(word(...)).decode() is the word). name is one of fibonacci, tribonacci,\n"
        "theme-song, period-doubling, thue-morse, tetranacci, or a morphism such as 'a->ab,b->a'.");

  py::class_<Game>(m, "Game",
                   "A two-pile queen game (seed 001, seed 003): P-positions (a_n, b_n), a_n ≤ b_n, a_n\n"
                   "increasing, (a_0, b_0) = (0, 0).")
      .def(py::init<const std::string&>(), py::arg("ruleset"))
      .def_property_readonly("name", &Game::name, "The ruleset's name.")
      .def_property_readonly("morphism", &Game::morphism,
                             "The morphism of the papers' morphic route, or None when there is none.")
      .def("p_positions", &Game::p_positions, py::arg("n"), py::arg("via") = "sweep",
           "The P-positions n = 0..n-1 as an (n, 2) int64 array of (a_n, b_n); via 'sweep' (every\n"
           "ruleset with rook and diagonal moves) or 'morphic' (rulesets with a morphic route).")
      .def("grundy", &Game::grundy, py::arg("width"), py::arg("height"), py::arg("threads") = 2,
           "The Sprague-Grundy values of the width × height corner as a (height, width) uint32 array\n"
           "indexed [y, x] (imshow(..., origin='lower') draws x rightwards, y upwards);\n"
           "sides 1..2^20. Interruptible; the library's table is handed over without a copy.")
      .def("is_p", &Game::is_p, py::arg("x"), py::arg("y"),
           "Whether (x, y) is a P-position: the morphic route when there is one, else the sweep to column\n"
           "min(x, y) (seconds per 10^8 columns; interruptible).")
      .def("options", &Game::options, py::arg("x"), py::arg("y"),
           "The options of (x, y) (the positions one move reaches) as a (k, 2) int64 array of (x, y),\n"
           "each once, sorted; 0 ≤ x, y ≤ 16384. Empty for a terminal position.")
      .def("nth", &Game::nth, py::arg("n"),
           "(a_n, b_n) by the morphic route in O(log n), 0 ≤ n ≤ 2^62; ValueError without a morphic route.")
      .def("__repr__", [](const Game& g) { return "queengames.game('" + g.name() + "')"; });
  m.def(
      "game", [](const std::string& ruleset) { return Game(ruleset); }, py::arg("ruleset"),
      "The game of a ruleset as the CLI accepts it: wythoff, kqueen:K, st-wythoff:S,T, queen-bee,\n"
      "queen-dee, kqueen-dee:K, limited-kqueen:K,J, maharaja, kl-maharaja:K,L, t2t:T,\n"
      "jumps:(P,Q),(Q,P),…, composed with '+'. See rulesets().");
  m.def("rulesets", &qg::twopile::Ruleset::syntax, "One line per ruleset name: its parameters and meaning.");

  py::class_<Blocking>(m, "Blocking", "k-Blocking Wythoff Nim (seed 004, Cook, Larsson, Neary).")
      .def(py::init<const py::object&>(), py::arg("k"))
      .def_property_readonly("k", &Blocking::k)
      .def("palace_numbers", &Blocking::palace_numbers, py::arg("width"), py::arg("height"),
           py::arg("engine") = "definition",
           "The palace numbers v(x, y) of the width × height table as a (height, width) uint32 array\n"
           "indexed [y, x]; a cell is a palace (P-position) iff v < k. engine: definition, plain or ca\n"
           "(the cellular automaton of §2); at most 2^28 cells.")
      .def("__repr__", [](const Blocking& b) { return fmt::format("queengames.blocking({})", b.k()); });
  m.def(
      "blocking", [](const py::object& k) { return Blocking(k); }, py::arg("k"),
      "k-Blocking Wythoff Nim, 1 ≤ k ≤ 10^9.");

  py::class_<CheckResult>(m, "CheckResult", "The outcome of one claim checked up to a bound.")
      .def_readonly("id", &CheckResult::id)
      .def_readonly("kind", &CheckResult::kind)
      .def_readonly("source", &CheckResult::source, "Where the papers state it.")
      .def_readonly("statement", &CheckResult::statement)
      .def_readonly("unit", &CheckResult::unit, "What the bounds count.")
      .def_readonly("passed", &CheckResult::passed, "True for PASS (a conjecture then holds to the bound).")
      .def_readonly("bound_asked", &CheckResult::bound_asked)
      .def_readonly("bound_reached", &CheckResult::bound_reached)
      .def_readonly("detail", &CheckResult::detail, "On FAIL the first counterexample; on PASS what was measured.")
      .def_readonly("seconds", &CheckResult::seconds)
      .def_readonly("proof", &CheckResult::proof,
                    "The claim's proof in Walnut's language ('' when it can only be checked to a bound):\n"
                    "prove(r.proof) runs it.")
      .def_readonly("verdict", &CheckResult::status,
                    "PASS, FAIL, or for a conjecture the data contradict EVIDENCE AGAINST or REFUTED (as check says)")
      .def("__bool__", [](const CheckResult& r) { return r.passed; })
      .def("__str__",
           [](const CheckResult& r) {
             // the line of `queengames check ID`
             return fmt::format("{} {} {}{} {} {:.3f}s{}", r.status, r.id,
                                r.status == "EVIDENCE AGAINST" || r.status == "REFUTED" ? "to "
                                : r.kind == "conjecture" && r.passed                    ? "holds to "
                                                                                        : "bound ",
                                r.bound_reached, r.unit, r.seconds, r.detail.empty() ? "" : " — " + r.detail);
           })
      .def("__repr__", [](const CheckResult& r) {
        return fmt::format("<CheckResult {} {} to {} {}: {}>", r.id, r.status, r.bound_reached, r.unit, r.detail);
      });
  m.def("check", &check, py::arg("id"), py::arg("bound") = py::none(),
        "Checks one claim (an id from claims(), e.g. 'exile.theorem1') up to bound in the claim's own\n"
        "unit (None: its standard bound, as `queengames check ID`). OverflowError beyond its max bound.");
  m.def("check_all", &check_all, py::arg("patterns") = std::vector<std::string>{}, py::arg("depth") = "standard",
        py::arg("kind") = py::none(),
        "Checks every claim selected by the id prefixes (all for none; of one kind when kind is given)\n"
        "at each claim's own bound of that depth: 'tour', 'standard' or 'deep'. A list of CheckResult.");
  m.def("claims", &claims, py::arg("patterns") = std::vector<std::string>{}, py::arg("kind") = py::none(),
        "The claims selected by the id prefixes (all for none), of one kind when kind is given (see\n"
        "claim_kinds()), each as a dict: id, source, kind, statement, unit, tour_bound, standard_bound,\n"
        "deep_bound, max_bound, proof (Walnut commands, '' for none).");
  m.def(
      "claim_kinds",
      [] {
        std::vector<std::string> kinds;
        for (auto k : claim_kinds()) kinds.emplace_back(qg::to_string(k));
        return kinds;
      },
      "The kinds of claim: theorem, lemma, corollary, proposition, equation, conjecture, remark, table,\n"
      "observation.");

  m.def("infty_queens", &infty_queens, py::arg("n"),
        "q_1 … q_n of the lexicographically first ∞-queens solution (seed 002; OEIS A065188) as an int64\n"
        "array: index i holds q_{i+1}.");

  py::class_<qg::infty::InftyQueens>(m, "InftyQueens",
                                     "The ∞-queens engine with its state: q_1, q_2, … in steps, with checkpoints.\n"
                                     "infty_queens_chunks() walks it in arrays of bounded size.")
      .def(py::init<>())
      .def_property_readonly("terms", &qg::infty::InftyQueens::terms, "Terms computed so far.")
      .def_property_readonly("memory_bytes", &qg::infty::InftyQueens::memory_bytes, "Bytes the engine holds now.")
      .def("step", &infty_step, py::arg("n"),
           "The next n terms q_{terms+1} … as an int64 array (not interruptible within one step:\n"
           "take steps of millions of terms).")
      .def(
          "save", [](const qg::infty::InftyQueens& e, const std::string& path) { e.save(path); }, py::arg("path"),
          "Writes a checkpoint atomically.")
      .def_static(
          "load", [](const std::string& path) { return qg::infty::InftyQueens::load(path); }, py::arg("path"),
          "The engine of a checkpoint; ValueError naming the problem for a bad file.");

  auto spiral = m.def_submodule("spiral", "Queens in exile on the square spiral (seed 000 §1–6).");
  spiral.def("nth", &spiral_nth, py::arg("n"),
             "The queen q_n for any n < 2^120 as (cell, x, y), Python ints (x South, y East): Corollary 21.");
  spiral.def("xymp", &spiral_xymp, py::arg("n"), "Row n of the XYMP table, (X_n, Y_n, M_n, P_n), for n < 2^120.");
  spiral.def("abc", &spiral_abc, py::arg("n"), "(A_n, B_n, C_n) by Theorem 14, for n < 2^120: Python ints.");
  spiral.def("letter_counts", &spiral_letter_counts, py::arg("n"),
             "(N_a(n), N_b(n), N_c(n)), the letters a, b, c among t_1 … t_n (Theorem 12), n < 2^120.");
  spiral.def("letter", &spiral_letter, py::arg("n"),
             "t_n of the Tribonacci word ('a', 'b' or 'c') by Theorem 11, 1 ≤ n < 2^120.");
  spiral.def("xymp_rows", &spiral_xymp_rows, py::arg("first"), py::arg("count"),
             "Rows first … first+count-1 of the XYMP table as a (count, 4) array of (X, Y, M, P): int64\n"
             "while every value fits, else an object array of Python ints. Interruptible.");
  spiral.def("queens", &spiral_queens, py::arg("n"),
             "q_0 … q_{n-1} as an (n, 2) int64 array of (x, y), streamed from the closed forms.");
}
