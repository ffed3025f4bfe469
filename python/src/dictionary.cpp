// queengames.Dictionary: dictionary processes (seed 003 §2–5, Appendix B) from Python dicts —
// a read head reads words from a growing bit-string and a writer appends their translates.
// The bits are written by the library's sink straight into a numpy buffer.
#include <pybind11/stl.h>

#include <cstdint>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "bind.hpp"
#include "queengames/dictionary.hpp"

namespace qg::python {

namespace {

namespace d = qg::dictionary;

d::ReadRule read_rule(const std::string& rule) {
  if (rule == "prefix-free") return d::ReadRule::prefix_free;
  if (rule == "longest-match") return d::ReadRule::longest_match;
  throw qg::InputError(fmt::format("rule must be prefix-free or longest-match (got '{}')", rule));
}

// The entries in the dict's order; a '|' in the start marks where the read head begins, as in
// the text format (docs/DICTIONARY.md).
d::Dictionary from_dict(const py::dict& entries, std::string start, const std::string& rule) {
  std::vector<d::DictionaryEntry> list;
  for (const auto& [word, translate] : entries) {
    if (!py::isinstance<py::str>(word) || !py::isinstance<py::str>(translate))
      throw py::type_error(fmt::format("a dictionary maps words to translates, both strings of 0 and 1 (got {}: {})",
                                       py::repr(word).cast<std::string>(), py::repr(translate).cast<std::string>()));
    list.push_back({word.cast<std::string>(), translate.cast<std::string>(), ""});
  }
  std::size_t head = 0;
  if (const auto bar = start.find('|'); bar != std::string::npos) {
    head = bar;
    start.erase(bar, 1);
  }
  return d::Dictionary(std::move(list), std::move(start), head, read_rule(rule), "dictionary");
}

// The outcome of a run: the bits as a uint8 array of 0/1 and the process's figures.
struct Run {
  py::array_t<std::uint8_t> bits;
  d::DictionaryRun run;
  std::vector<std::string> words;
};

Run run(const d::Dictionary& dictionary, const py::object& count_arg) {
  const std::uint64_t count = to_u64(count_arg, 1, std::uint64_t{1} << 40);  // the CLI's --bits range
  // The array of bits beside the process's own memory: one estimate for both.
  require_memory(count + d::dictionary_bytes(dictionary, count), fmt::format("dictionary {} bits", count));
  py::array_t<std::uint8_t> bits(static_cast<py::ssize_t>(count));
  std::uint8_t* out = bits.mutable_data();
  std::uint64_t filled = 0;
  d::DictionaryRunOptions options;
  options.bits = count;
  options.force = true;  // estimated above
  options.sink = [&](std::string_view chunk) {
    for (const char c : chunk) out[filled++] = static_cast<std::uint8_t>(c - '0');
  };
  options.progress = interruptible();
  Run result;
  {
    py::gil_scoped_release release;
    result.run = d::run_dictionary(dictionary, options);
  }
  // A process that stopped wrote fewer bits: a view of the part written (no copy).
  result.bits =
      filled == count ? bits : py::array_t<std::uint8_t>(bits[py::slice(0, static_cast<py::ssize_t>(filled), 1)]);
  for (const auto& e : dictionary.entries()) result.words.push_back(e.word);
  return result;
}

}  // namespace

void bind_dictionary(py::module_& m) {
  py::class_<Run>(m, "DictionaryRun", "The outcome of a dictionary process run to a number of bits.")
      .def_readonly("bits", &Run::bits,
                    "The first bits of the string as a uint8 array of 0 and 1 (fewer when the process stopped).")
      .def_property_readonly("words_read", [](const Run& r) { return r.run.words_read; })
      .def_property_readonly(
          "head", [](const Run& r) { return r.run.head; }, "Where the read head stands at the end.")
      .def_property_readonly(
          "counts",
          [](const Run& r) {
            py::dict counts;
            for (std::size_t e = 0; e < r.words.size(); ++e) counts[py::str(r.words[e])] = r.run.counts[e];
            return counts;
          },
          "How often each word was read, {word: count}.")
      .def_property_readonly(
          "stopped", [](const Run& r) { return r.run.stopped; },
          "True when the read head met bits that begin no word: the process stopped.")
      .def_property_readonly("stop_position", [](const Run& r) { return r.run.stop_position; })
      .def_property_readonly(
          "unread", [](const Run& r) { return r.run.unread; }, "The bits the head could not read (at most 64 shown).")
      .def("__repr__", [](const Run& r) {
        return fmt::format("<DictionaryRun {} bits, {} words read{}>", r.bits.size(), r.run.words_read,
                           r.run.stopped ? fmt::format(", stopped at bit {}", r.run.stop_position) : "");
      });

  py::class_<d::Dictionary>(
      m, "Dictionary",
      "A dictionary process (seed 003 §2): a read head reads words from a bit-string and a writer appends\n"
      "their translates. Dictionary({'00': '0', '01': '10', '1': '1'}, start='01') or\n"
      "Dictionary.parse(text) in the format of docs/DICTIONARY.md.")
      .def(py::init(&from_dict), py::arg("entries"), py::arg("start"), py::arg("rule") = "prefix-free",
           "entries: {word: translate} over the bits '0' and '1' (a translate may be empty); start: the\n"
           "starting string, a '|' in it marking where the read head begins (else at the first bit);\n"
           "rule: 'prefix-free' (no word a prefix of another) or 'longest-match' (§5.1). ValueError\n"
           "naming the problem (a prefix clash, a duplicate word, a character other than 0 and 1).")
      .def_static(
          "parse", [](const std::string& text) { return d::Dictionary::parse(text, "dictionary"); }, py::arg("text"),
          "A dictionary in the text format: 'word -> translate' lines, 'start: BITS', 'rule: …', '# …'.")
      .def_property_readonly(
          "entries",
          [](const d::Dictionary& self) {
            py::dict entries;
            for (const auto& e : self.entries()) entries[py::str(e.word)] = e.translate;
            return entries;
          },
          "{word: translate}, in the dictionary's order.")
      .def_property_readonly("start", &d::Dictionary::start)
      .def_property_readonly("head", &d::Dictionary::head, "Where the read head begins in start.")
      .def_property_readonly("rule",
                             [](const d::Dictionary& self) {
                               return self.rule() == d::ReadRule::prefix_free ? "prefix-free" : "longest-match";
                             })
      .def("run", &run, py::arg("n"),
           "Runs the process until the string holds n bits (or it stops): a DictionaryRun with the bits\n"
           "as a uint8 array and the words' counts. Interruptible; memory is the array and the unread part.")
      .def(
          "bits", [](const d::Dictionary& self, const py::object& n) { return run(self, n).bits; }, py::arg("n"),
          "The first n bits of the process's string as a uint8 array of 0 and 1 (run(n).bits).")
      .def("__str__", &d::Dictionary::to_string, "The text format, readable by Dictionary.parse.")
      .def("__repr__", [](const d::Dictionary& self) {
        return fmt::format("<queengames.Dictionary of {} words, start {}>", self.entries().size(), self.start());
      });
}

}  // namespace qg::python
