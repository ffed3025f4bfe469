// libFuzzer target: the dictionary file parser and the multiplication-table parser of the
// dictionary module. Any input must either parse or throw qg::InputError; what parses must
// print back to an equivalent file and run a few thousand bits of its process.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "queengames/dictionary.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  try {
    const qg::dictionary::Dictionary d = qg::dictionary::Dictionary::parse(text, "fuzz");
    const qg::dictionary::Dictionary again = qg::dictionary::Dictionary::parse(d.to_string(), "fuzz (printed)");
    if (again.to_string() != d.to_string() || again.head() != d.head()) __builtin_trap();
    qg::dictionary::DictionaryRunOptions o;
    o.bits = 4096;
    const qg::dictionary::DictionaryRun run = qg::dictionary::run_dictionary(d, o);
    if (!run.stopped && run.bits < o.bits) __builtin_trap();
  } catch (const qg::InputError&) {
  }
  try {
    const qg::dictionary::TableDictionary t =
        qg::dictionary::table_dictionary(qg::dictionary::MultiplicationTable::parse(text, "fuzz"));
    t.rows(8);
  } catch (const qg::InputError&) {
  }
  return 0;
}
