// The ∞-queens kernel (engine_kernel.hpp) with its three column operations in x86-64
// instructions, for CPUs with BMI2 (Intel from 2013, AMD from 2015). Built where the compiler
// passes the probe cmake/x86_bmi2.cmake (QG_X86_BMI2); engine.cpp runs it when the CPU has
// BMI2. The automaton's loop is one chain of dependent operations per column; these three
// shorten it, by 13 instructions per term against the portable ones (docs/PERFORMANCE.md).
//
// Inline assembly rather than _pext_u64: GCC refuses to inline that intrinsic into a function
// not compiled for BMI2 ("target specific option mismatch"), and these are inlined first into
// the kernel's templates, which are compiled for any CPU; only run_x86_bmi2() below is
// compiled for BMI2 (so that the inlined kernel may use POPCNT, TZCNT, SHRX and the like).
#ifdef QG_X86_BMI2

#include "engine_kernel.hpp"

namespace qg::infty_detail {
namespace {

struct X86Bmi2 {
  // PEXT with the whole descriptor as its mask (3 cycles in the loop's one dependency chain):
  // its a pick and b pick take a_{s+8 …} and b_{n+s+8 …} from where they lie in `both`; above
  // them the mask picks only the zeros of `both`, which land above the picked bits.
  static u64 entering(u64 wa, u64 wb, u64 descriptor) {
    u64 both = kAPick.with(wa >> 8) | kBPick.with(wb >> 8);
    u64 picked;
    asm("pextq %2, %1, %0" : "=r"(picked) : "r"(both), "r"(descriptor));
    return picked;
  }

  // As Portable::take_queen, with no branch, since high or low cannot be foreseen: BT copies
  // the H bit to the carry flag, CMOVC picks n + t + 1, RCR shifts it into the record word
  // (kept in memory: registers are scarce in the loop), ADC adds 1 + H to n + t.
  static u64 take_queen(u64 descriptor, u64 n_s, u64& n_t, u64& word) {
    u64 numerator = n_s + kLowRow.of(descriptor);
    u64 high_q = n_t + 1;
    asm("btq %[h], %[d]\n\t"
        "cmovcq %[high_q], %[v]\n\t"
        "rcrq $1, %[w]\n\t"
        "btq %[h], %[d]\n\t"
        "adcq $1, %[t]"
        : [v] "+r"(numerator), [t] "+r"(n_t), [w] "+m"(word)
        : [high_q] "r"(high_q), [d] "r"(descriptor), [h] "i"(kHigh.shift)
        : "cc");
    return numerator;
  }

  // As Portable::advance_nphi: ADD, ADC, and SBB takes 1 + the carry off to_bin (the steps as
  // memory operands: registers are scarce in the loops).
  static void advance_nphi(u64& fraction_low, u64& fraction_high, u64& to_bin) {
    static constexpr u64 kStepLow = static_cast<u64>(kPhiFraction);
    static constexpr u64 kStepHigh = static_cast<u64>(kPhiFraction >> 64);
    asm("addq %[step_low], %[low]\n\t"
        "adcq %[step_high], %[high]\n\t"
        "sbbq $1, %[to_bin]"
        : [low] "+r"(fraction_low), [high] "+r"(fraction_high), [to_bin] "+r"(to_bin)
        : [step_low] "m"(kStepLow), [step_high] "m"(kStepHigh)
        : "cc");
  }
};

}  // namespace

// LZCNT is not asked for: countl_zero runs only when r moves, where BSR does as well.
[[gnu::target("popcnt,bmi,bmi2")]] void run_x86_bmi2(State& st, u64 count, u64* out) { run<X86Bmi2>(st, count, out); }

}  // namespace qg::infty_detail

#endif  // QG_X86_BMI2
