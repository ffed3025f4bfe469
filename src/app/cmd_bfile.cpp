// queengames bfile: catalogued OEIS sequences as b-files.
#include <algorithm>
#include <cctype>
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iostream>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "cli.hpp"
#include "queengames/catalog.hpp"

namespace {

struct BfileOptions {
  std::string anumber;
  qg::app::NumberOption count;
  bool list = false, json = false;
  std::string out, check;
};

// `bfile [A-NUMBER] --check FILE`: the A-number, or OEIS's file name bNNNNNN.txt.
void run_check(const BfileOptions& o) {
  std::string anumber = o.anumber;
  if (anumber.empty()) {
    const std::string file = std::filesystem::path(o.check).filename().string();
    if (file.size() >= 7 && file[0] == 'b' && std::all_of(file.begin() + 1, file.begin() + 7, ::isdigit))
      anumber = "A" + file.substr(1, 6);
    else
      throw qg::InputError("bfile --check " + o.check +
                           ": name the sequence (bfile A000201 --check FILE) or use OEIS's "
                           "file name bNNNNNN.txt");
  }
  if (!o.count.text.empty()) throw qg::InputError("bfile --check compares every term of the file: it takes no count");
  const qg::Sequence s =
      qg::app::with_hint("(see queengames bfile --list)", [&] { return qg::find_sequence(anumber); });
  std::ifstream in(o.check);
  if (!in) throw qg::InputError("cannot read " + o.check + ": " + std::strerror(errno));
  const qg::BfileComparison c = qg::compare_bfile(s, in, o.check, qg::app::progress_line("check " + s.anumber));
  const std::int64_t last = c.first_n + static_cast<std::int64_t>(c.checked) - 1;
  std::string verdict = fmt::format("{}: {} ", s.anumber, o.check);
  if (c.agrees) {
    verdict += fmt::format("agrees: {} terms, n = {}..{}", c.checked, c.first_n, last);
    if (c.checked < c.terms)
      verdict +=
          fmt::format(" (the first {} of its {}: the catalogue computes at most {})", c.checked, c.terms, s.max_terms);
  } else if (c.shift) {
    // Line n holds a(n + k).
    const std::int64_t k = s.offset + *c.shift - c.first_n;
    verdict +=
        fmt::format("has an offset error: it starts at n = {}, {}'s offset is {}; ", c.first_n, s.anumber, s.offset);
    verdict += k == 0 ? fmt::format("its terms are right for their n, but the b-file must start at n = {}", s.offset)
                      : fmt::format("its line n holds {}(n {} {})", s.anumber, k > 0 ? '+' : '-', k > 0 ? k : -k);
  } else {
    const auto& d = *c.difference;
    verdict += fmt::format("differs first at line {} (n = {}): the file has {}, {}({}) = {}", d.line, d.n, d.file_value,
                           s.anumber, d.n - c.first_n + s.offset, d.expected);
    if (c.first_n != s.offset)
      verdict += fmt::format("; it also starts at n = {}, not at the offset {}", c.first_n, s.offset);
  }
  qg::app::Output output(o.out);
  if (o.json) {
    nlohmann::json j{{"anumber", s.anumber}, {"file", o.check},      {"agrees", c.agrees}, {"terms", c.terms},
                     {"checked", c.checked}, {"first_n", c.first_n}, {"offset", s.offset}};
    if (c.shift) j["shift"] = *c.shift;
    if (c.difference)
      j["first_difference"] = {{"n", c.difference->n},
                               {"line", c.difference->line},
                               {"file", c.difference->file_value},
                               {"expected", c.difference->expected}};
    output.stream() << j.dump() << "\n";
  } else {
    output.stream() << verdict << "\n";
  }
  output.commit();
  if (!c.agrees) throw qg::app::ExitStatus{1};
}

void run_bfile(const BfileOptions& o) {
  qg::app::Output output(o.out);
  std::ostream& out = output.stream();
  if (o.list) {
    for (const auto& s : qg::all_sequences())
      out << (o.json ? nlohmann::json{{"anumber", s.anumber},
                                      {"name", s.name},
                                      {"offset", s.offset},
                                      {"max_terms", s.max_terms},
                                      {"route", s.route}}
                               .dump() +
                           "\n"
                     : fmt::format("{} {}\n", s.anumber, s.name));
    output.commit();
    return;
  }
  if (!o.check.empty()) return run_check(o);
  if (o.anumber.empty()) throw qg::InputError("bfile needs an A-number (see queengames bfile --list)");
  auto s = qg::app::with_hint("(see queengames bfile --list)", [&] { return qg::find_sequence(o.anumber); });
  if (o.count.text.empty()) throw qg::InputError("bfile needs the number of terms N");
  std::uint64_t count = o.count.value(1, s.max_terms);
  std::int64_t n = s.offset;
  if (o.json) {
    nlohmann::json terms = nlohmann::json::array();
    s.generate(
        count, [&](std::int64_t t) { terms.push_back(qg::app::json_integer(t)); }, qg::app::progress_line(s.anumber));
    out << nlohmann::json{{"anumber", s.anumber}, {"name", s.name}, {"offset", s.offset}, {"terms", terms}}.dump()
        << "\n";
  } else {
    std::string buffer;
    s.generate(
        count,
        [&](std::int64_t t) {
          fmt::format_to(std::back_inserter(buffer), "{} {}\n", n++, t);
          if (buffer.size() > (1 << 16)) out << buffer, buffer.clear();
        },
        qg::app::progress_line(s.anumber));
    out << buffer;
  }
  output.commit();
}

QG_COMMAND("bfile", [](CLI::App& app) {
  auto o = std::make_shared<BfileOptions>();
  auto* cmd = app.add_subcommand("bfile", "print a catalogued OEIS sequence as a b-file (n a(n), OEIS offset)");
  cmd->add_option("anumber", o->anumber, "the A-number, e.g. A000201");
  cmd->add_option("count", o->count.text, "how many terms (1e6, 10^6 and 2^20 are accepted)");
  cmd->add_flag("--list", o->list, "list the catalogued sequences");
  cmd->add_flag("--json", o->json, "JSON instead of b-file lines");
  cmd->add_option("--out", o->out, "write to this file (atomically)");
  cmd->add_option("--check", o->check,
                  "compare the OEIS b-file FILE with the catalogued sequence (first difference, offset errors); "
                  "exit 1 when they differ");
  cmd->callback([o] { run_bfile(*o); });
});

}  // namespace
