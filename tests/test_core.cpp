// core: 128-bit printing and the memory guard every large table goes through.
#include <gtest/gtest.h>

#include "queengames/common.hpp"

TEST(Core, PrintsTheExtremes128BitValues) {
  qg::u128 max = ~static_cast<qg::u128>(0);
  EXPECT_EQ(qg::to_string(max), "340282366920938463463374607431768211455");  // 2^128 − 1
  EXPECT_EQ(qg::to_string(static_cast<qg::u128>(0)), "0");
  qg::i128 min = static_cast<qg::i128>(static_cast<qg::u128>(1) << 127);
  EXPECT_EQ(qg::to_string(min), "-170141183460469231731687303715884105728");  // −2^127
  EXPECT_EQ(qg::to_string(static_cast<qg::i128>(-42)), "-42");
}

TEST(Core, RefusesATableLargerThanTheMachineUnlessForced) {
  ASSERT_GT(qg::physical_memory(), 0u);
  std::uint64_t too_much = qg::physical_memory() * 2;
  try {
    qg::require_memory(too_much, "a 10^6 x 10^6 table");
    FAIL() << "should refuse";
  } catch (const qg::RangeError& e) {
    std::string m = e.what();
    EXPECT_NE(m.find("a 10^6 x 10^6 table would need"), std::string::npos) << m;
    EXPECT_NE(m.find("GiB"), std::string::npos) << m;
    EXPECT_NE(m.find("--force"), std::string::npos) << m;
  }
  EXPECT_NO_THROW(qg::require_memory(too_much, "forced", true));
  EXPECT_NO_THROW(qg::require_memory(1 << 20, "a small table"));
}
