// libFuzzer: Walnut command text through the session. Malformed text must end in an
// InputError naming FILE:LINE:COL, never a crash. A memory limit of 64 MB and a small
// subset budget keep each input's automata small (RangeError is an accepted outcome).
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "queengames/prover.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size > 400) return 0;
  std::string_view input(reinterpret_cast<const char*>(data), size);
  qg::automata::Context ctx;
  ctx.memory_limit = std::uint64_t{64} << 20;
  ctx.subset_budget = 2000;
  ctx.determinization = qg::automata::Determinization::subset;
  qg::prover::Session session(ctx);
  try {
    session.run(input, "fuzz");
  } catch (const qg::InputError& e) {
    // Parse errors (not range errors) say where: "fuzz:LINE:COL: …".
    if (!dynamic_cast<const qg::RangeError*>(&e) && std::string_view(e.what()).substr(0, 5) != "fuzz:")
      __builtin_trap();
  }
  return 0;
}
