// queengames.Session and prove(): the first-order prover for automatic sequences in Walnut's
// language (seed 001 §5–6). A malformed command is ValueError "FILE:LINE:COL: …", as the CLI's
// `prove` prints it; a step past the memory limit OverflowError; Ctrl-C stops a long
// determinization through the Context's progress callback.
#include <pybind11/stl.h>

#include <cstdint>
#include <mutex>
#include <optional>
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
  ctx.subset_budget = budget;
  ctx.memory_limit = memory_limit;
  if (strategy == "subset") ctx.determinization = qg::automata::Determinization::subset;
  else if (strategy == "brzozowski") ctx.determinization = qg::automata::Determinization::brzozowski;
  else if (strategy != "automatic")
    throw qg::InputError(fmt::format("unknown strategy '{}' (automatic, subset, brzozowski)", strategy));
  return ctx;
}

// A session with its lock: run() releases the GIL, and two Python threads must not run
// commands in one session at once (it holds the named automata).
class Session {
 public:
  Session(const std::optional<std::string>& library, std::uint64_t budget, std::uint64_t memory_limit,
          const std::string& strategy)
      : session_(context(budget, memory_limit, strategy)) {
    if (library) session_.set_library(*library);
  }

  std::vector<pr::Result> run(const std::string& text, const std::string& file) {
    py::gil_scoped_release release;
    const std::lock_guard lock(mutex_);
    return session_.run(text, file);
  }
  std::vector<pr::Result> run_file(const std::string& path) {
    py::gil_scoped_release release;
    const std::lock_guard lock(mutex_);
    return session_.run_file(path);
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

std::string result_line(const pr::Result& r) {
  const std::string head = r.truth ? (*r.truth ? "TRUE" : "FALSE")
                                   : fmt::format("{} states over ({})", r.states, fmt::join(r.variables, ", "));
  return fmt::format("{} {}: {}", r.command, r.name, head);
}

}  // namespace

void bind_prover(py::module_& m) {
  py::class_<pr::Result>(m, "ProofResult", "The result of one Walnut command.")
      .def_readonly("command", &pr::Result::command, "eval, def, reg, macro, morphism, promote or image.")
      .def_readonly("name", &pr::Result::name)
      .def_readonly("truth", &pr::Result::truth, "True or False for an eval of a closed statement, else None.")
      .def_readonly("variables", &pr::Result::variables, "def: the free variables, in track order.")
      .def_readonly("states", &pr::Result::states, "States of the statement's automaton.")
      .def_readonly("largest", &pr::Result::largest, "States of the largest automaton built on the way.")
      .def_readonly("peak_bytes", &pr::Result::peak_bytes, "Bytes of the largest table built on the way.")
      .def_readonly("seconds", &pr::Result::seconds)
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
      .def(py::init<const std::optional<std::string>&, std::uint64_t, std::uint64_t, const std::string&>(),
           py::arg("library") = py::none(), py::arg("budget") = 50000, py::arg("memory_limit") = 0,
           py::arg("strategy") = "automatic",
           "library: a Walnut-like directory (Automata Library/, Word Automata Library/); budget: states\n"
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
      [](const std::string& text, const std::string& file, const std::optional<std::string>& library) {
        Session session(library, 50000, 0, "automatic");
        return session.run(text, file);
      },
      py::arg("text"), py::arg("file") = "<input>", py::arg("library") = py::none(),
      "Runs Walnut commands in a new Session (as `queengames prove -e TEXT`): a list of ProofResult,\n"
      "each with .truth for an eval. prove('eval t \"?msd_fib Ax,y x+y=y+x\":')[0].truth is True.");

  m.def(
      "synthesize",
      [](const std::string& name, std::uint64_t longest) {
        const auto s = qg::synth::find_synthesizable(name);
        Session session(std::nullopt, 50000, 0, "automatic");
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
