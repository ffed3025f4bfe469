// libFuzzer: Walnut automaton files. Whatever parses is written back and read again, and
// must accept the same words (write_automaton and read_automaton are inverse up to track names).
// The same bytes as a transducer file (Transducer Library/): whatever parses is run over
// Thue–Morse, which must end in a word automaton or an InputError.
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "prover/transduce.hpp"
#include "queengames/prover.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size > 2000) return 0;
  std::string_view input(reinterpret_cast<const char*>(data), size);
  qg::automata::Context ctx;
  ctx.memory_limit = std::uint64_t{64} << 20;
  qg::prover::Session session(ctx);
  try {
    auto t = qg::prover::detail::read_transducer(input, "fuzz");
    if (t.states > 8 || t.letters.size() > 8) throw qg::RangeError("a small transducer is enough here");
    auto w = qg::prover::detail::transduce(t, session.word("T"), ctx);
    if (w.tracks().size() != 1) __builtin_trap();
  } catch (const qg::InputError& e) {
    auto what = std::string_view(e.what());
    if (!dynamic_cast<const qg::RangeError*>(&e) && what.substr(0, 5) != "fuzz:" &&
        what.find("transduc") == what.npos && what.find("letter") == what.npos)
      __builtin_trap();
  }
  try {
    auto a = qg::prover::read_automaton(input, session, "fuzz");
    if (a.tracks().empty()) return 0;
    auto b = qg::prover::read_automaton(qg::prover::write_automaton(a), session, "again");
    if (b.states() != a.states()) __builtin_trap();
    for (std::uint32_t q = 0; q < a.states(); ++q)
      if (a.output(q) == 0 || a.output(q) == 1) continue;
      else return 0;  // word automata: states compared above
    if (!qg::automata::equivalent(a, b, ctx)) __builtin_trap();
  } catch (const qg::InputError& e) {
    if (!dynamic_cast<const qg::RangeError*>(&e) && std::string_view(e.what()).substr(0, 5) != "fuzz:")
      __builtin_trap();
  }
  return 0;
}
