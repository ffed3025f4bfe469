# The one probe for the ∞-queens engine's x86-64 kernel (src/infty/engine_x86_bmi2.cpp): can
# the compiler build a function for BMI2 with GCC's target attribute, PEXT in inline assembly
# and __builtin_cpu_supports? Then qg_infty gets QG_X86_BMI2 and src/infty/engine.cpp picks
# that kernel at run time on CPUs with BMI2; elsewhere the portable kernel runs alone.
include(CheckCXXSourceCompiles)
check_cxx_source_compiles([=[
#include <cstdint>
[[gnu::target("popcnt,bmi,bmi2")]] std::uint64_t pext(std::uint64_t x, std::uint64_t mask) {
  std::uint64_t picked;
  asm("pextq %2, %1, %0" : "=r"(picked) : "r"(x), "r"(mask));
  return picked;
}
int main() { return __builtin_cpu_supports("bmi2") ? static_cast<int>(pext(5, 3)) : 0; }
]=] QG_HAVE_X86_BMI2)
if(QG_HAVE_X86_BMI2)
  target_compile_definitions(qg_infty PRIVATE QG_X86_BMI2=1)
endif()
