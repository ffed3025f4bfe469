// queengames.Session and prove(): the first-order prover for automatic sequences in Walnut's
// language (seed 001 §5–6), run as `queengames prove` runs it. A malformed command is
// WalnutError (a ValueError) "FILE:LINE:COL: …", as the CLI's `prove` prints it, with the three
// as attributes; a step past the memory limit OverflowError; Ctrl-C stops a long
// determinization through the Context's progress callback. Each result's automaton is an
// Automaton: its table, its tracks, acceptance of numbers, its first accepted tuple, Walnut's file.
#include <pybind11/stl.h>
#include <pybind11/stl/filesystem.h>

#include <cstdint>
#include <filesystem>
#include <memory>
#include <mutex>
#include <optional>
#include <regex>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "bind.hpp"
#include "queengames/prover.hpp"
#include "queengames/synth.hpp"

namespace qg::python {

namespace {

namespace pr = qg::prover;

qg::automata::Context context(std::uint64_t budget, std::uint64_t memory_limit, const std::string& strategy) {
  qg::automata::Context ctx;
  ctx.progress = interruptible();
  // Walnut's readings, as the CLI's prove makes them (each one a note in its result).
  ctx.read_digits_across_systems = true;
  ctx.walnut_concat = true;
  ctx.subset_budget = budget;
  ctx.memory_limit = memory_limit;
  ctx.determinization = qg::automata::determinization_named(strategy);
  return ctx;
}

// The prover's "FILE:LINE:COL: what" as WalnutError with .file, .line, .column and .message (a
// message without a place, such as a file that cannot be read, stays a ValueError).
struct WalnutErrorTag {};
[[noreturn]] void raise_walnut_error(const qg::InputError& e) {
  static const std::regex place(R"(^(.+?):(\d+):(\d+): ((?:.|\n)*)$)");
  const std::string what = e.what();
  std::smatch m;
  if (!std::regex_match(what, m, place)) throw;  // the InputError being handled
  const auto type = py::module_::import("queengames._core").attr("WalnutError");
  py::object error = type(what);
  error.attr("file") = m[1].str();
  error.attr("line") = std::stoi(m[2].str());
  error.attr("column") = std::stoi(m[3].str());
  error.attr("message") = m[4].str();
  PyErr_SetObject(type.ptr(), error.ptr());
  throw py::error_already_set();
}

// A session with its lock: run() releases the GIL, and two Python threads must not run
// commands in one session at once (it holds the named automata).
class Session {
 public:
  using Folder = std::optional<std::filesystem::path>;
  Session(const Folder& library, std::uint64_t budget, std::uint64_t memory_limit, const std::string& strategy,
          const Folder& home, const Folder& session_folder)
      : session_(context(budget, memory_limit, strategy)) {
    if (library && home) throw qg::InputError("give library or home, not both");
    if (library) session_.set_library(pr::walnut_folder("library", *library, false));
    if (home) session_.set_home(pr::walnut_folder("home", *home, false), true);
    if (session_folder) session_.set_session_folder(pr::walnut_folder("session", *session_folder, true));
  }

  std::vector<pr::Result> run(const std::string& text, const std::string& file) {
    try {
      py::gil_scoped_release release;
      const std::lock_guard lock(mutex_);
      return session_.run(text, file);
    } catch (const qg::RangeError&) {
      throw;
    } catch (const qg::InputError& e) {
      raise_walnut_error(e);
    }
  }
  std::vector<pr::Result> run_file(const std::filesystem::path& path) {
    try {
      py::gil_scoped_release release;
      const std::lock_guard lock(mutex_);
      return session_.run_file(path);
    } catch (const qg::RangeError&) {
      throw;
    } catch (const qg::InputError& e) {
      raise_walnut_error(e);
    }
  }
  // Certifies a learned automaton in this session (the caller has released the GIL).
  std::vector<pr::Result> certify(const qg::synth::Synthesizable& s, const qg::automata::Automaton& a,
                                  const qg::synth::LearnOptions& options) {
    const std::lock_guard lock(mutex_);
    return qg::synth::certify(s, a, session_, options);
  }
  void define_system(const std::string& name, const std::string& morphism) {
    const std::lock_guard lock(mutex_);
    session_.define_system(name, morphism);
  }

 private:
  std::mutex mutex_;
  pr::Session session_;
};

// A command's automaton, shared with its result: the table as the library holds it, and the
// library's own questions about it (accepts, shortest_accepted, write_automaton).
struct AutomatonView {
  std::shared_ptr<const qg::automata::Automaton> a;
};

// Automaton.tuples(): the library's enumeration, with the automaton it reads kept alive.
struct TupleIterator {
  TupleIterator(AutomatonView v, unsigned max_digits) : view(std::move(v)), tuples(*view.a, max_digits) {}
  AutomatonView view;
  qg::automata::AcceptedTuples tuples;
};

std::vector<std::int64_t> tuple_values(const qg::automata::Automaton& a, const py::args& values) {
  if (values.size() != a.tracks().size())
    throw qg::InputError(fmt::format("{} value{} for {} track{}", values.size(), values.size() == 1 ? "" : "s",
                                     a.tracks().size(), a.tracks().size() == 1 ? "" : "s"));
  std::vector<std::int64_t> out;
  for (const auto& v : values) {
    if (!PyIndex_Check(v.ptr()) || py::isinstance<py::bool_>(v))
      throw py::type_error("expected an int, got " +
                           py::str(py::type::handle_of(v).attr("__name__")).cast<std::string>());
    const auto index = py::reinterpret_steal<py::object>(PyNumber_Index(v.ptr()));
    if (!index) throw py::error_already_set();
    int overflow = 0;
    const long long n = PyLong_AsLongLongAndOverflow(index.ptr(), &overflow);
    if (overflow != 0)
      throw qg::RangeError(fmt::format("{} does not fit in 64 bits", py::str(index).cast<std::string>()));
    out.push_back(n);
  }
  return out;
}

std::string track_list(const qg::automata::Automaton& a) {
  std::vector<std::string> names;
  for (const auto& t : a.tracks()) names.push_back(t.system ? t.name + " in " + t.system->name() : t.name);
  return fmt::format("{}", fmt::join(names, ", "));
}

std::string result_line(const pr::Result& r) {
  const std::string head = r.truth ? (*r.truth ? "TRUE" : "FALSE")
                                   : fmt::format("{} states over ({})", r.states, fmt::join(r.variables, ", "));
  return fmt::format("{} {}: {}", r.command, r.name, head);
}

}  // namespace

void bind_prover(py::module_& m) {
  py::exception<WalnutErrorTag>(m, "WalnutError", PyExc_ValueError).doc() =
      "A malformed Walnut command: str() is 'FILE:LINE:COL: what', as the CLI's prove prints it;\n"
      ".file, .line, .column (1-based) and .message hold its parts.";

  namespace au = qg::automata;
  py::class_<AutomatonView>(m, "Automaton",
                            "A command's automaton: tracks (variables with their number systems), states\n"
                            "0 … states-1 from .initial, a transition per state and letter, an output per state\n"
                            "(1 accepting, 0 not; a word automaton's letter).")
      .def_property_readonly(
          "states", [](const AutomatonView& v) { return v.a->states(); }, "The number of states.")
      .def_property_readonly(
          "initial", [](const AutomatonView& v) { return v.a->initial(); }, "The initial state.")
      .def_property_readonly(
          "variables",
          [](const AutomatonView& v) {
            std::vector<std::string> names;
            for (const auto& t : v.a->tracks()) names.push_back(t.name);
            return names;
          },
          "The tracks' names, in track order.")
      .def_property_readonly(
          "systems",
          [](const AutomatonView& v) {
            std::vector<std::optional<std::string>> names;
            for (const auto& t : v.a->tracks())
              names.push_back(t.system ? std::optional<std::string>(t.system->name()) : std::nullopt);
            return names;
          },
          "Each track's number system ('msd_fib', …), None for a track of letters.")
      .def_property_readonly(
          "alphabet",
          [](const AutomatonView& v) {
            std::vector<py::tuple> letters;
            for (std::uint32_t l = 0; l < v.a->letters(); ++l) {
              const auto digits = v.a->digits(l);
              py::tuple values(digits.size());
              for (std::size_t i = 0; i < digits.size(); ++i) values[i] = v.a->tracks()[i].value(digits[i]);
              letters.push_back(values);
            }
            return letters;
          },
          "The letters, in the order of the transitions' columns: for each, the tuple of the tracks' digits.")
      .def_property_readonly(
          "transitions",
          [](const AutomatonView& v) {
            py::array_t<std::uint32_t> table(
                {static_cast<py::ssize_t>(v.a->states()), static_cast<py::ssize_t>(v.a->letters())});
            auto t = table.mutable_unchecked<2>();
            for (std::uint32_t q = 0; q < v.a->states(); ++q)
              for (std::uint32_t l = 0; l < v.a->letters(); ++l) t(q, l) = v.a->next(q, l);
            return table;
          },
          "transitions[q, letter]: the state reached from q (a uint32 array, states × letters).")
      .def_property_readonly(
          "outputs",
          [](const AutomatonView& v) {
            py::array_t<std::int32_t> out(static_cast<py::ssize_t>(v.a->states()));
            for (std::uint32_t q = 0; q < v.a->states(); ++q) out.mutable_at(q) = v.a->output(q);
            return out;
          },
          "outputs[q]: 1 where q accepts, 0 where not; a word automaton's letter at q.")
      .def(
          "accepts",
          [](const AutomatonView& v, const py::args& values) {
            return au::accepts_integers(*v.a, tuple_values(*v.a, values));
          },
          "accepts(x, y, …): whether the tuple (one number per track, in track order) is accepted.")
      .def(
          "output",
          [](const AutomatonView& v, const py::args& values) {
            return v.a->run(au::encode_integers(*v.a, tuple_values(*v.a, values)));
          },
          "output(n, …): the output at the tuple: a word automaton's letter at n (1/0 for an acceptor).")
      .def(
          "first",
          [](const AutomatonView& v) -> std::optional<py::tuple> {
            const auto word = au::shortest_accepted(*v.a);
            if (!word) return std::nullopt;
            return py::tuple(py::cast(au::decode_integers(*v.a, *word)));
          },
          "The tuple of the shortest accepted word (lexicographically first among the shortest), None\n"
          "when nothing is accepted; () for an automaton without tracks that accepts.")
      .def(
          "walnut", [](const AutomatonView& v) { return pr::write_automaton(*v.a); },
          "The automaton in Walnut's file format (what Walnut and `prove --session` write in Result/).")
      .def(
          "tuples", [](const AutomatonView& v, unsigned max_digits) { return TupleIterator(v, max_digits); },
          py::arg("max_digits"),
          "An iterator over the accepted tuples whose representations have at most max_digits digits,\n"
          "each once (padded and invalid spellings skipped), shortest first, then in the letters' order.\n"
          "Every track needs a number system (ValueError otherwise); OverflowError past 64 bits.")
      .def(
          "graphviz",
          [](const AutomatonView& v, const std::string& name, bool word) {
            return pr::write_graphviz(*v.a, name, word);
          },
          py::arg("name") = "A", py::arg("word") = false,
          "The automaton in GraphViz's DOT (Walnut's `export NAME GV`): a node per state, doubly circled\n"
          "where it accepts (word=True: labelled q/letter), an edge per pair of states with its letters;\n"
          "an acceptor's rejecting sink left out.")
      .def(
          "regex",
          [](const AutomatonView& v, std::size_t max_length) { return pr::regular_expression(*v.a, max_length); },
          py::arg("max_length") = std::size_t{1} << 20,
          "The accepted words as a regular expression in `reg`'s syntax (Walnut's `export NAME RE`), which\n"
          "`reg` reads back as the same automaton; None when nothing is accepted; ValueError past\n"
          "max_length characters.")
      .def(
          "ba", [](const AutomatonView& v) { return pr::write_ba(*v.a); },
          "The acceptor in the BA format (languageinclusion.org) that Walnut's `export NAME BA` writes.")
      .def("__repr__", [](const AutomatonView& v) {
        return fmt::format("<Automaton {} states over ({})>", v.a->states(), track_list(*v.a));
      });

  py::class_<TupleIterator>(m, "AcceptedTuples", "Automaton.tuples(max_digits): the accepted tuples, one at a time.")
      .def("__iter__", [](TupleIterator& t) -> TupleIterator& { return t; })
      .def("__next__", [](TupleIterator& t) {
        auto values = t.tuples.next();
        if (!values) throw py::stop_iteration();
        return py::tuple(py::cast(*values));
      });

  py::class_<pr::Result>(m, "ProofResult", "The result of one Walnut command.")
      .def_readonly("command", &pr::Result::command, "eval, def, reg, macro, morphism, promote or image.")
      .def_readonly("name", &pr::Result::name)
      .def_readonly("truth", &pr::Result::truth, "True or False for an eval of a closed statement, else None.")
      .def_readonly("variables", &pr::Result::variables, "def: the free variables, in track order.")
      .def_readonly("states", &pr::Result::states, "States of the statement's automaton.")
      .def_readonly("largest", &pr::Result::largest, "States of the largest automaton built on the way.")
      .def_readonly("peak_bytes", &pr::Result::peak_bytes, "Bytes of the largest table built on the way.")
      .def_readonly("seconds", &pr::Result::seconds)
      .def_readonly("lines", &pr::Result::lines,
                    "What the command prints besides its automaton (inf, test): one line each.")
      .def_readonly("notes", &pr::Result::notes,
                    "Where the command was read as Walnut reads it (a variable's digits in two systems,\n"
                    "Walnut's concat), or the remark after it on its line: one line each.")
      .def_property_readonly(
          "automaton",
          [](const pr::Result& r) -> std::optional<AutomatonView> {
            if (!r.automaton) return std::nullopt;
            return AutomatonView{r.automaton};
          },
          "The automaton the command made (eval, def, reg, promote, image, …), None for the others.")
      .def_property_readonly(
          "counterexample",
          [](const pr::Result& r) {
            py::dict c;
            for (const auto& [variable, value] : r.counterexample) c[py::str(variable)] = value;
            return c;
          },
          "For a FALSE statement 'A x,y … φ': the smallest x, y … with φ false, {name: value} ({} else).")
      .def(
          "__bool__", [](const pr::Result& r) { return r.truth.value_or(true); },
          "False only for an eval that is FALSE.")
      .def("__repr__", [](const pr::Result& r) { return "<ProofResult " + result_line(r) + ">"; });

  py::class_<Session>(m, "Session",
                      "A prover session: named automata (def, $name), word automata (T, F, TR, PD and those made\n"
                      "by morphism/promote), macros and number systems persist from one run() to the next.\n"
                      "docs/PROVER.md describes the language.")
      .def(py::init<const Session::Folder&, std::uint64_t, std::uint64_t, const std::string&, const Session::Folder&,
                    const Session::Folder&>(),
           py::arg("library") = py::none(), py::arg("budget") = 50000, py::arg("memory_limit") = 0,
           py::arg("strategy") = "automatic", py::kw_only(), py::arg("home") = py::none(),
           py::arg("session") = py::none(),
           "library: a Walnut-like directory (Automata Library/, Word Automata Library/), read only; home:\n"
           "Walnut's folder, read and written as `prove --walnut-home` does; session: a folder the results\n"
           "are written to instead, read first (`prove --session`); budget: states\n"
           "of a subset construction before Brzozowski takes over (strategy 'automatic'; or 'subset',\n"
           "'brzozowski'); memory_limit: bytes the process may hold, what the proof holds and a step's\n"
           "tables together (0: physical memory).")
      .def("run", &Session::run, py::arg("text"), py::arg("file") = "<input>",
           "Runs every command of text, e.g. 'eval t \"?msd_fib Ax,y x+y=y+x\":', and returns a list of\n"
           "ProofResult. ValueError 'FILE:LINE:COL: …' for a malformed command (file names text in it);\n"
           "OverflowError when a step would pass the memory limit. Interruptible.")
      .def("run_file", &Session::run_file, py::arg("path"),
           "Runs a command file; automaton files named in it are looked up in the library.")
      .def("define_system", &Session::define_system, py::arg("name"), py::arg("morphism"),
           "Adds msd_NAME and lsd_NAME, the numeration systems of a morphism: define_system('queen21',\n"
           "'a->aab,b->aa') makes ?msd_queen21 the (2,1)-Queen's system.");

  m.def(
      "prove",
      [](const std::string& text, const Session::Folder& home, const Session::Folder& session_folder,
         const Session::Folder& library, const std::string& file) {
        Session session(library, 50000, 0, "automatic", home, session_folder);
        return session.run(text, file);
      },
      py::arg("text"), py::arg("home") = py::none(), py::arg("session") = py::none(), py::kw_only(),
      py::arg("library") = py::none(), py::arg("file") = "<input>",
      "Runs Walnut commands in a new Session (as `queengames prove -e TEXT [--walnut-home HOME]\n"
      "[--session SESSION]`): a list of ProofResult, one per command, each with .truth for an eval,\n"
      ".counterexample, .notes and .automaton. prove('eval t \"?msd_fib Ax,y x+y=y+x\":')[0].truth is\n"
      "True. WalnutError 'FILE:LINE:COL: …' (file: `file`) for a malformed command.");

  m.def(
      "synthesize",
      [](const std::string& name, std::uint64_t longest) {
        const auto s = qg::synth::find_synthesizable(name);
        Session session(std::nullopt, 50000, 0, "automatic", std::nullopt, std::nullopt);
        py::gil_scoped_release release;
        qg::synth::LearnOptions options;
        options.max_length = static_cast<unsigned>(longest);
        options.progress = interruptible();
        auto learned = qg::synth::learn_synchronized(s.sequence, qg::automata::NumberSystem::make(s.system), options);
        auto proof = session.certify(s, learned.automaton, options);
        py::gil_scoped_acquire acquire;
        py::dict out;
        out["name"] = s.name;
        out["system"] = s.system;
        out["description"] = s.description;
        out["states"] = learned.automaton.states();
        out["terms"] = learned.terms;
        out["certified"] = qg::synth::certified(proof);
        out["certification"] = proof;
        out["automaton"] = pr::write_automaton(learned.automaton);
        return out;
      },
      py::arg("name"), py::arg("longest") = 0,
      "Learns the synchronized automaton of a catalogued sequence or a game family's coordinate (as\n"
      "`queengames prove --synthesize NAME`: 'xaut', 'A140100', 'kqueen5a', 'queen2_1b', 'limqueen5_1a'),\n"
      "certifies it and returns {name, system, description, states, terms, certified, certification\n"
      "(a list of ProofResult), automaton (Walnut's file text)}. longest: compare with the sequence on\n"
      "every word of at most this many digits (0: the default). ValueError for an unknown name.");
}

}  // namespace qg::python
