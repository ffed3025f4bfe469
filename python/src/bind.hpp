// The conventions every translation unit of queengames._core shares: arguments read as the
// CLI reads them, the ProgressFn that turns Ctrl-C into KeyboardInterrupt, Python ints from the
// library's 128-bit and GMP integers, and vectors handed to numpy without a copy.
//
// The module is split by library module: core.cpp (sequences, words, two-pile games, blocking,
// claims, ∞-queens, the spiral) and one file per further module (boards.cpp, dictionary.cpp,
// figures.cpp, numeration.cpp, prover.cpp), each with a bind_<module>(m) called from core.cpp's PYBIND11_MODULE.
#pragma once

#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>

#include <algorithm>
#include <cstdint>
#include <limits>
#include <memory>
#include <string>
#include <vector>

#include <sys/mman.h>

#include <cstdlib>
#include <new>

#include <gmpxx.h>

#include "queengames/common.hpp"
#include "queengames/io.hpp"

namespace qg::python {

namespace py = pybind11;

using qg::require_memory;  // its qg::MemoryError becomes Python's MemoryError

inline std::uint64_t times(std::uint64_t count, std::uint64_t bytes) {
  return count > std::numeric_limits<std::uint64_t>::max() / bytes ? std::numeric_limits<std::uint64_t>::max()
                                                                   : count * bytes;
}

// The ProgressFn of every long call: Ctrl-C (any pending signal whose handler raises) stops it.
inline qg::ProgressFn interruptible() {
  return [](std::uint64_t, std::uint64_t) {
    py::gil_scoped_acquire gil;
    if (PyErr_CheckSignals() != 0) throw py::error_already_set();
  };
}

// A count or index as the CLI reads it: a Python int, or a string such as "10^6" or "2^40".
inline std::string number_text(const py::handle& value) {
  if (py::isinstance<py::str>(value)) return value.cast<std::string>();
  if (py::isinstance<py::bool_>(value)) throw py::type_error("expected an int (or a string such as '10^6'), got bool");
  if (py::isinstance<py::int_>(value)) return py::str(value).cast<std::string>();
  // numpy integers and anything else with __index__ (an array has it, and refuses unless it
  // is a scalar: then the TypeError below, not a NULL read as text)
  if (PyIndex_Check(value.ptr()))
    if (PyObject* index = PyNumber_Index(value.ptr())) return py::str(py::reinterpret_steal<py::object>(index));
  PyErr_Clear();
  throw py::type_error("expected an int (or a string such as '10^6'), got " +
                       py::str(py::type::handle_of(value).attr("__name__")).cast<std::string>());
}

inline std::uint64_t to_u64(const py::handle& value, std::uint64_t min = 0,
                            std::uint64_t max = std::numeric_limits<std::uint64_t>::max()) {
  // A Python int in range is taken as it is (random-access calls are a few microseconds, of
  // which the text route would be half); anything else goes through the library's parser,
  // whose errors are the CLI's.
  if (PyLong_CheckExact(value.ptr())) {
    int overflow = 0;
    const long long v = PyLong_AsLongLongAndOverflow(value.ptr(), &overflow);
    if (overflow == 0 && v >= 0 && static_cast<std::uint64_t>(v) >= min && static_cast<std::uint64_t>(v) <= max)
      return static_cast<std::uint64_t>(v);
  }
  return qg::parse_u64(number_text(value), min, max);
}

// A thread count as the CLI's --threads reads it: 1..qg::kMaxThreads.
inline unsigned to_threads(const py::handle& value) { return static_cast<unsigned>(to_u64(value, 1, qg::kMaxThreads)); }

// Python ints without a detour through decimal text (random access returns a few per call, and
// decimal conversion was half of the binding's cost): 64-bit halves, or GMP's hexadecimal.
inline py::int_ to_py(qg::u128 value) {
  const auto low = py::reinterpret_steal<py::int_>(PyLong_FromUnsignedLongLong(static_cast<std::uint64_t>(value)));
  if ((value >> 64) == 0) return low;
  const auto high =
      py::reinterpret_steal<py::int_>(PyLong_FromUnsignedLongLong(static_cast<std::uint64_t>(value >> 64)));
  const auto shift = py::reinterpret_steal<py::int_>(PyLong_FromLong(64));
  const auto shifted = py::reinterpret_steal<py::object>(PyNumber_Lshift(high.ptr(), shift.ptr()));
  return py::reinterpret_steal<py::int_>(PyNumber_Or(shifted.ptr(), low.ptr()));
}
inline py::int_ to_py(qg::i128 value) {
  if (value >= 0) return to_py(static_cast<qg::u128>(value));
  const py::int_ magnitude = to_py(static_cast<qg::u128>(-(value + 1)) + 1);  // |i128 min| fits a u128
  return py::reinterpret_steal<py::int_>(PyNumber_Negative(magnitude.ptr()));
}
inline py::int_ to_py(const mpz_class& value) {
  if (value.fits_slong_p()) return py::reinterpret_steal<py::int_>(PyLong_FromLong(value.get_si()));
  return py::reinterpret_steal<py::int_>(PyLong_FromString(value.get_str(16).c_str(), nullptr, 16));
}

// A vector the library returned, handed to numpy as it is: the array views the vector's
// buffer, and a capsule owning the vector frees it with the array (no copy).
template <class T>
py::array_t<T> adopt(std::vector<T>&& values, std::vector<py::ssize_t> shape) {
  auto owner = std::make_unique<std::vector<T>>(std::move(values));
  T* data = owner->data();
  py::capsule free_with_array(owner.get(), [](void* p) { delete static_cast<std::vector<T>*>(p); });
  owner.release();  // the capsule owns it now
  return py::array_t<T>(std::move(shape), data, free_with_array);
}

inline bool fits_int64(qg::u128 v) { return v <= static_cast<qg::u128>(std::numeric_limits<std::int64_t>::max()); }
inline bool fits_int64(qg::i128 v) {
  return v >= std::numeric_limits<std::int64_t>::min() && v <= std::numeric_limits<std::int64_t>::max();
}

// A large uninitialised array in memory of our own, 2 MiB-aligned and advised into huge pages
// (512 times fewer page faults), owned by a capsule that frees it with the array.
template <class T>
py::array_t<T> fresh_array(std::vector<py::ssize_t> shape) {
  constexpr std::size_t kHugePage = std::size_t{1} << 21;
  std::size_t count = 1;
  for (auto n : shape) count *= static_cast<std::size_t>(n);
  const std::size_t bytes =
      std::max<std::size_t>((count * sizeof(T) + kHugePage - 1) / kHugePage * kHugePage, kHugePage);
  void* memory = std::aligned_alloc(kHugePage, bytes);
  if (memory == nullptr) throw std::bad_alloc();
  madvise(memory, bytes, MADV_HUGEPAGE);
  py::capsule owner(memory, [](void* p) { std::free(p); });
  return py::array_t<T>(std::move(shape), static_cast<T*>(memory), owner);
}

// Integers in a numpy array: int64 when every value fits, else an object array of Python
// ints (values beyond 64 bits, e.g. the spiral's X_n … P_n for n ≥ 2^60). Filling polls for
// Ctrl-C every 2^16 values: 2^26 Python ints take seconds, and the array's pages are faulted in
// as it fills.
template <class Int>
py::array wide_array(const std::vector<Int>& values, std::vector<py::ssize_t> shape) {
  auto poll = [](std::size_t i) {
    if (i % (std::size_t{1} << 16) == 0 && PyErr_CheckSignals() != 0) throw py::error_already_set();
  };
  const bool fits = std::all_of(values.begin(), values.end(), [](const Int& v) { return fits_int64(v); });
  if (fits) {
    py::array_t<std::int64_t> out(shape);
    std::int64_t* data = out.mutable_data();
    for (std::size_t i = 0; i < values.size(); ++i) poll(i), data[i] = static_cast<std::int64_t>(values[i]);
    return out;
  }
  py::array out(py::dtype("O"), shape);
  auto** data = static_cast<PyObject**>(out.mutable_data());
  for (std::size_t i = 0; i < values.size(); ++i) {
    poll(i);
    Py_XDECREF(data[i]);  // numpy fills a new object array with None
    data[i] = to_py(values[i]).release().ptr();
  }
  return out;
}

// Each further library module's bindings, in its own file.
void bind_boards(py::module_& m);
void bind_dictionary(py::module_& m);
void bind_figures(py::module_& m);
void bind_numeration(py::module_& m);
void bind_prover(py::module_& m);

}  // namespace qg::python
