// queengames dictionary …, queengames is-p, and the dictionary processes' tour section
// (seed 003 §2–5, Appendix B).
#include <chrono>
#include <filesystem>
#include <iostream>
#include <optional>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "cli.hpp"
#include "queengames/claims.hpp"
#include "queengames/dictionary.hpp"
#include "queengames/io.hpp"

namespace {

bool is_game_name(const std::string& name) {
  for (const auto& n : qg::dictionary::game_dictionary_names())
    if (n == name) return true;
  return false;
}

// ---- queengames dictionary NAME|FILE ------------------------------------------------------

struct DictionaryOptions {
  std::string source;
  qg::app::NumberOption bits;
  bool counts = false, json = false, print = false, force = false;
  std::string out;
};

void run_dictionary_command(const DictionaryOptions& o) {
  if (o.source.empty()) throw qg::InputError("dictionary needs a name (maharaja, maharaja23) or a dictionary file");
  const bool game = is_game_name(o.source);
  if (!game && !std::filesystem::exists(o.source))
    throw qg::InputError(fmt::format("no dictionary '{}' (named: maharaja, maharaja23; or a file)", o.source));
  std::optional<qg::dictionary::GameDictionary> named;
  if (game) named = qg::dictionary::game_dictionary(o.source);
  const qg::dictionary::Dictionary dictionary =
      game ? named->dictionary
           : qg::dictionary::Dictionary::load(o.source, qg::app::progress_line("reading " + o.source));
  qg::app::Output output(o.out);
  std::ostream& out = output.stream();
  if (o.print) {
    if (game) out << fmt::format("# {}; the start begins at column {}\n", named->title, named->start_column);
    out << dictionary.to_string();
    output.commit();
    return;
  }
  if (o.bits.text.empty()) throw qg::InputError("dictionary needs --bits N (how many bits to print)");
  qg::dictionary::DictionaryRunOptions run_options;
  run_options.bits = o.bits.value(1, std::uint64_t{1} << 40);
  std::string bits;
  // JSON holds the bits three times at its peak (the string, its copy in the json value, the
  // dump) beside the process's own memory: one estimate for both.
  run_options.force = o.force;
  if (!o.counts && o.json) {
    qg::require_memory(3 * run_options.bits + qg::dictionary::dictionary_bytes(dictionary, run_options.bits),
                       fmt::format("the JSON of {} bits", run_options.bits), o.force);
    run_options.force = true;
  }
  if (!o.counts && o.json) run_options.sink = [&](std::string_view chunk) { bits += chunk; };
  if (!o.counts && !o.json) run_options.sink = [&](std::string_view chunk) { out << chunk; };
  run_options.progress = qg::app::progress_line("dictionary");
  const qg::dictionary::DictionaryRun run = game ? qg::dictionary::run_game_dictionary(*named, run_options)
                                                 : qg::dictionary::run_dictionary(dictionary, run_options);
  const std::string stop =
      run.stopped ? fmt::format("stopped at bit {}: the read head found no word in '{}'", run.stop_position, run.unread)
                  : "";
  const auto& entries = dictionary.entries();
  if (o.json) {
    nlohmann::json j{{"source", o.source},
                     {"bits_asked", run_options.bits},
                     {"words_read", run.words_read},
                     {"stopped", run.stopped}};
    if (run.stopped) j["stop_position"] = run.stop_position, j["unread"] = run.unread;
    if (o.counts) {
      j["counts"] = nlohmann::json::array();
      for (std::size_t e = 0; e < entries.size(); ++e)
        j["counts"].push_back({{"word", entries[e].word},
                               {"translate", entries[e].translate},
                               {"label", entries[e].label},
                               {"count", run.counts[e]}});
    } else {
      j["bits"] = bits;
    }
    out << j.dump() << "\n";
  } else if (o.counts) {
    std::size_t width = dictionary.max_word_length();
    out << fmt::format("# words read while writing the first {} bits ({} words){}\n", run_options.bits, run.words_read,
                       run.stopped ? "; " + stop : "");
    for (std::size_t e = 0; e < entries.size(); ++e)
      out << fmt::format("{:<{}} -> {:<16} {:>6} {}\n", entries[e].word, width, entries[e].translate, entries[e].label,
                         run.counts[e]);
  } else {
    out << "\n";
    if (run.stopped) out << stop << "\n";
  }
  output.commit();
}

// ---- queengames dictionary from-table FILE ------------------------------------------------

struct TableOptions {
  std::string file;
  qg::app::NumberOption rows{"6"};
  bool binary = false;
  std::string out;
};

void run_from_table(const TableOptions& o) {
  const qg::dictionary::TableDictionary d = qg::dictionary::table_dictionary(
      qg::dictionary::MultiplicationTable::load(o.file, qg::app::progress_line("reading " + o.file)));
  qg::app::Output output(o.out);
  std::ostream& out = output.stream();
  if (o.binary) {
    out << fmt::format("# the dictionary of the table {} (seed 003 Appendix B); metasymbols", o.file);
    for (std::size_t i = 0; i < d.symbols.size(); ++i) out << fmt::format(" {}={}", d.symbols[i], d.metasymbol[i]);
    out << "\n" << d.dictionary.to_string();
    output.commit();
    return;
  }
  out << "# metasymbols:";
  for (std::size_t i = 0; i < d.symbols.size(); ++i) out << fmt::format(" {}={}", d.symbols[i], d.metasymbol[i]);
  out << "\n";
  const auto& entries = d.dictionary.entries();
  for (std::size_t e = 0; e < entries.size(); ++e)
    out << fmt::format("{:<14} {} -> {}\n", d.symbolic[e], entries[e].word, entries[e].translate);
  bool stopped = false;
  const auto rows = d.rows(o.rows.value(1, 5000), &stopped);
  out << "# the process from SS, row by row:\n";
  for (std::size_t r = 0; r < rows.size(); ++r) out << (r ? " " : "") << rows[r];
  out << (stopped ? "\n# the process stopped: it needed an empty entry of the table\n" : " ...\n");
  output.commit();
}

// ---- queengames is-p GAME X Y ---------------------------------------------------------------

struct IsPOptions {
  std::string game, x, y;
  bool explain = false, json = false;
};

void run_is_p(const IsPOptions& o) {
  if (!is_game_name(o.game))
    throw qg::InputError(fmt::format("is-p decides maharaja and maharaja23, not '{}'", o.game));
  const mpz_class x = qg::parse_natural(o.x), y = qg::parse_natural(o.y);
  const mpz_class column = x < y ? x : y, other = x < y ? y : x;
  if (column > qg::dictionary::Telescope::kMaxCoordinate)
    throw qg::RangeError(fmt::format("is-p supports min(X, Y) ≤ 2^62 − 1 = {}, not {}",
                                     qg::dictionary::Telescope::kMaxCoordinate, column.get_str()));
  const auto start = std::chrono::steady_clock::now();
  const qg::dictionary::Telescope telescope(qg::dictionary::game_dictionary(o.game));
  const auto built = std::chrono::steady_clock::now();
  qg::dictionary::TelescopeTrace trace;
  const std::uint64_t c = column.get_ui(), row = telescope.p_row(c, &trace);
  // The row of column c is below φc + 4 < 2^63, so a larger coordinate is never its partner.
  const bool p = x == y ? x == 0 : (other.fits_ulong_p() && other.get_ui() == row);
  const double ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - built).count();
  const double setup_ms = std::chrono::duration<double, std::milli>(built - start).count();
  if (o.json) {
    std::cout << nlohmann::json{{"game", o.game},
                                {"x", x.get_str()},
                                {"y", y.get_str()},
                                {"p", p},
                                {"column", column.get_str()},
                                {"row", row},
                                {"levels", trace.levels},
                                {"widest_window", trace.widest_window},
                                {"sync_bits", trace.sync_bits},
                                {"milliseconds", ms}}
                     .dump()
              << "\n";
    return;
  }
  std::cout << (p ? "P" : "N") << "\n";
  if (o.explain)
    std::cout << fmt::format(
        "# column {} holds the P-position ({}, {}); {} windows translated, the widest {} bits, "
        "the candidate parses met within {} bits; {:.2f} ms (+ {:.1f} ms for the prefix)\n",
        column.get_str(), column.get_str(), row, trace.levels, trace.widest_window, trace.sync_bits, ms, setup_ms);
}

QG_COMMAND("dictionary", [](CLI::App& app) {
  auto o = std::make_shared<DictionaryOptions>();
  auto* cmd = app.add_subcommand(
      "dictionary", "dictionary processes (seed 003 §2–5): the first N bits of a named game's bit-string or a file's");
  cmd->add_option("source", o->source, "maharaja, maharaja23, or a dictionary file (docs/DICTIONARY.md)");
  cmd->add_option("--bits", o->bits.text, "how many bits (columns 0..N−1 for the games; 1e6, 2^20 accepted)");
  cmd->add_flag("--counts", o->counts, "print how often each word was read instead of the bits");
  cmd->add_flag("--print", o->print, "print the dictionary itself");
  cmd->add_flag("--json", o->json, "JSON instead of text");
  cmd->add_flag("--force", o->force, "run even if the memory estimate exceeds this machine's memory");
  cmd->add_option("--out", o->out, "write to this file (atomically)");
  auto t = std::make_shared<TableOptions>();
  auto* table = cmd->add_subcommand("from-table", "Appendix B: a multiplication table as a dictionary process");
  table->add_option("file", t->file, "the table: a header line of symbols (with S), then a row per symbol")->required();
  table->add_option("--rows", t->rows.text, "how many rows of the process to print (default 6)");
  table->add_flag("--binary", t->binary, "print the binary dictionary in the file format instead");
  table->add_option("--out", t->out, "write to this file (atomically)");
  table->callback([t] { run_from_table(*t); });
  cmd->callback([o, table] {
    if (!table->parsed()) run_dictionary_command(*o);
  });
});

QG_COMMAND("is-p", [](CLI::App& app) {
  auto o = std::make_shared<IsPOptions>();
  auto* cmd = app.add_subcommand(
      "is-p", "P or N at (X, Y) by the telescope of seed 003 §4–5, for coordinates up to 2^62 (maharaja23, maharaja)");
  cmd->add_option("game", o->game, "maharaja23 or maharaja")->required();
  cmd->add_option("x", o->x, "X (1e18, 10^18, 2^60 accepted)")->required();
  cmd->add_option("y", o->y, "Y")->required();
  cmd->add_flag("--explain", o->explain, "also print the P-position in the column and the telescope's work");
  cmd->add_flag("--json", o->json, "JSON instead of text");
  cmd->callback([o] { run_is_p(*o); });
});

// ---- the tour ------------------------------------------------------------------------------

void tour_dictionary(std::ostream& out, const std::string&) {
  const qg::dictionary::GameDictionary maharaja = qg::dictionary::game_dictionary("maharaja");
  out << "Maharaja Nim's bit-string, bit i = 0 iff column i holds an upper P-position; columns 0–7 from the game,\n"
         "then the dictionary (27)–(40) from column 8 (queengames dictionary maharaja --bits 60):\n  ";
  qg::dictionary::DictionaryRunOptions o;
  o.bits = 60;
  o.sink = [&](std::string_view chunk) { out << chunk; };
  qg::dictionary::run_game_dictionary(maharaja, o);
  out << "\n\nThe dictionary and how often each word is read in the first 10^7 bits "
         "(queengames dictionary maharaja --bits 1e7 --counts):\n";
  o = {};
  o.bits = 10000000;
  o.progress = qg::app::progress_line("dictionary");  // a second or two: answers a signal within it
  const qg::dictionary::DictionaryRun run = qg::dictionary::run_game_dictionary(maharaja, o);
  for (std::size_t e = 0; e < maharaja.dictionary.entries().size(); ++e) {
    const auto& entry = maharaja.dictionary.entries()[e];
    out << fmt::format("  {:>4} {:<9} -> {:<16} {:>8}\n", entry.label, entry.word, entry.translate, run.counts[e]);
  }
  out << "  (36)–(40) are never read: the paper saw none in 20000 bits, and no factor of the convergence proof\n"
         "  reads them (queengames check maharaja.word_counts)\n";

  out << "\nThe telescope of §4–5 at column 10^18 (queengames is-p GAME 10^18 Y --explain):\n";
  const std::uint64_t x = 1000000000000000000ull;
  for (const char* name : {"maharaja23", "maharaja"}) {
    const qg::dictionary::Telescope telescope(qg::dictionary::game_dictionary(name));
    qg::dictionary::TelescopeTrace trace;
    const auto start = std::chrono::steady_clock::now();
    const std::uint64_t row = telescope.p_row(x, &trace);
    const double ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
    out << fmt::format("  {:<10} (10^18, {}) is P: {} windows of at most {} bits translated, {:.2f} ms\n", name, row,
                       trace.levels, trace.widest_window, ms);
  }
  out << "  Both dictionaries converge: the parses meet within 16 and 39 bits (queengames check "
         "maharaja23.convergence\n"
         "  maharaja.convergence), so Maharaja Nim is decided in polynomial time too — the paper's Question 1.\n";
  const qg::dictionary::TableDictionary b = qg::dictionary::table_dictionary(qg::dictionary::appendix_b_table());
  out << "\nAppendix B: the multiplication table as a dictionary process "
         "(queengames dictionary from-table data/dictionaries/appendixB.table):\n  ";
  for (const auto& r : b.rows(6)) out << r << " ";
  out << "...\n";
}

QG_TOUR_SECTION(70, "Dictionary processes: Maharaja Nim's bit-string and the telescope (seed 003 §2–5)",
                tour_dictionary);

}  // namespace
