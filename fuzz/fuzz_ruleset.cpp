// libFuzzer: the ruleset parser (queengames game RULESET). Whatever parses must survive a
// round trip through its name, and on a small corner its options must all be moves by the
// definition (is_move) and the brute force must agree with the sweep where the sweep applies.
#include <cstddef>
#include <cstdint>
#include <string_view>
#include <variant>
#include <vector>

#include "queengames/twopile.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  std::string_view text(reinterpret_cast<const char*>(data), size);
  try {
    auto rules = qg::twopile::Ruleset::parse(text);
    // Parsing is what this fuzzer explores. A ruleset with many jumps (t2t:T has 2T) adds
    // nothing to that but seconds of checks under the sanitizer, which the per-input time
    // limit would report as a hang: its set-up time is the benchmarks' and tests' business.
    std::size_t jumps = 0;
    for (const auto& family : rules.families())
      if (const auto* j = std::get_if<qg::twopile::Jumps>(&family)) jumps += j->moves.size();
    if (jumps > 4096) return 0;
    if (qg::twopile::Ruleset::parse(rules.name()).name() != rules.name()) __builtin_trap();
    std::vector<qg::twopile::Position> options;
    for (std::uint64_t x = 0; x < 6; ++x)
      for (std::uint64_t y = 0; y < 6; ++y) {
        rules.options({x, y}, options);
        for (auto to : options)
          if (!rules.is_move({x, y}, to) || to.x + to.y >= x + y) __builtin_trap();
      }
    constexpr std::uint64_t corner = 24;
    auto brute = qg::twopile::brute_force_p_positions(rules, corner);
    try {
      std::vector<qg::twopile::Position> swept;
      qg::twopile::sweep_p_positions(rules, corner, [&](std::uint64_t, std::uint64_t a, std::uint64_t b) {
        if (b < corner) swept.push_back({a, b});
        return a < corner;
      });
      if (swept != brute) __builtin_trap();
    } catch (const qg::InputError&) {  // the sweep needs rook and diagonal moves
    } catch (const qg::RangeError&) {  // or sums that increase
    }
  } catch (const qg::InputError&) {
  }
  return 0;
}
