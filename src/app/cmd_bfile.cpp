// queengames bfile: catalogued OEIS sequences as b-files.
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
  std::string out;
};

void run_bfile(const BfileOptions& o) {
  qg::app::Output output(o.out);
  std::ostream& out = output.stream();
  if (o.list) {
    for (const auto& s : qg::all_sequences())
      out << (o.json ? nlohmann::json{{"anumber", s.anumber}, {"name", s.name}, {"offset", s.offset},
                                      {"max_terms", s.max_terms}, {"route", s.route}}.dump() + "\n"
                     : fmt::format("{} {}\n", s.anumber, s.name));
    output.commit();
    return;
  }
  if (o.anumber.empty()) throw qg::InputError("bfile needs an A-number (see queengames bfile --list)");
  auto s = qg::find_sequence(o.anumber);
  if (o.count.text.empty()) throw qg::InputError("bfile needs the number of terms N");
  std::uint64_t count = o.count.value(1, s.max_terms);
  std::int64_t n = s.offset;
  if (o.json) {
    nlohmann::json terms = nlohmann::json::array();
    s.generate(count, [&](std::int64_t t) { terms.push_back(t); }, qg::app::progress_line(s.anumber));
    out << nlohmann::json{{"anumber", s.anumber}, {"name", s.name}, {"offset", s.offset}, {"terms", terms}}.dump()
        << "\n";
  } else {
    std::string buffer;
    s.generate(count, [&](std::int64_t t) {
      fmt::format_to(std::back_inserter(buffer), "{} {}\n", n++, t);
      if (buffer.size() > (1 << 16)) out << buffer, buffer.clear();
    }, qg::app::progress_line(s.anumber));
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
  cmd->callback([o] { run_bfile(*o); });
});

}  // namespace
