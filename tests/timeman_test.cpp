#include "search/timeman.h"

#include "gtest/gtest.h"

namespace riposte::testing {
namespace {

SearchLimits clock(std::int64_t time, std::int64_t inc, int movestogo = 0) {
  SearchLimits l;
  l.time[WHITE] = l.time[BLACK] = time;
  l.inc[WHITE] = l.inc[BLACK] = inc;
  l.movestogo = movestogo;
  return l;
}

TEST(TimeManager, NeverPlansBeyondTheClockLessOverhead) {
  for (std::int64_t time : {1, 5, 20, 100, 1000, 8000, 60000, 3600000})
    for (std::int64_t inc : {0, 10, 80, 1000})
      for (int mtg : {0, 1, 2, 10, 40}) {
        TimeManager tm;
        tm.init(clock(time, inc, mtg), WHITE, 30, 10);
        ASSERT_TRUE(tm.enabled());
        EXPECT_GE(tm.optimum(), 1);
        EXPECT_LE(tm.optimum(), tm.maximum());
        EXPECT_LE(tm.maximum(), std::max<std::int64_t>(1, (time - 10) * 80 / 100))
            << time << "+" << inc << " mtg " << mtg;
      }
}

TEST(TimeManager, TypicalAllocations) {
  TimeManager tm;
  tm.init(clock(8000, 80), WHITE, 0, 10);  // 8+0.08 at the start
  EXPECT_NEAR(double(tm.optimum()), 7990 / 40 + 60, 1);
  EXPECT_EQ(tm.maximum(), tm.optimum() * 5);
  tm.init(clock(60000, 0, 1), BLACK, 60, 10);  // last move before the control
  EXPECT_EQ(tm.maximum(), 59990 * 80 / 100);
}

TEST(TimeManager, MovetimeAndNoClock) {
  SearchLimits l;
  l.movetime = 500;
  TimeManager tm;
  tm.init(l, WHITE, 0, 10);
  EXPECT_EQ(tm.optimum(), 490);
  EXPECT_EQ(tm.maximum(), 490);
  tm.init(SearchLimits{}, WHITE, 0, 10);
  EXPECT_FALSE(tm.enabled());
  SearchLimits infinite = clock(1000, 0);
  infinite.infinite = true;
  tm.init(infinite, WHITE, 0, 10);
  EXPECT_FALSE(tm.enabled());
}

}  // namespace
}  // namespace riposte::testing
