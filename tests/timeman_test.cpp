// SPDX-License-Identifier: GPL-3.0-or-later
#include "search/timeman.h"

#include <thread>

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

constexpr std::int64_t kOverhead = 10;

TEST(TimeManager, MaximumNeverExceedsTheClockLessOverhead) {
  for (std::int64_t time : {0, 1, 5, 20, 100, 1000, 8000, 60000, 3600000})
    for (std::int64_t inc : {0, 10, 80, 1000})
      for (int mtg : {0, 1, 2, 10, 40, 100})
        for (int ply : {0, 20, 80, 300})
          for (bool ponder : {false, true}) {
            TimeManager tm;
            tm.init(clock(time, inc, mtg), WHITE, ply, kOverhead, ponder);
            ASSERT_TRUE(tm.enabled());
            ASSERT_FALSE(tm.fixed());
            EXPECT_GE(tm.optimum(), 1);
            EXPECT_LE(tm.optimum(), tm.maximum());
            EXPECT_LE(tm.maximum(), std::max<std::int64_t>(1, time - kOverhead))
                << time << "+" << inc << " mtg " << mtg << " ply " << ply;
            // The soft limit stays under the maximum whatever the iteration says.
            for (double effort : {0.0, 0.5, 1.0})
              for (int drop : {-500, 0, 500})
                EXPECT_LE(tm.soft_limit({effort, 0, drop, 10.0}), tm.maximum());
          }
}

// Plays out a repeating control with every move taking its maximum plus the full overhead, as
// a GUI would charge it: the clock never runs out before the control.
TEST(TimeManager, RepeatingControlIsNeverOverrunAtMaximumUse) {
  for (std::int64_t base : {2000, 4000, 20000, 60000})
    for (int moves : {1, 2, 10, 20, 40})
      for (std::int64_t inc : {0, 20, 100}) {
        if (base < moves * (kOverhead + 1)) continue;  // a control too short for any engine
        std::int64_t time = base;
        for (int played = 0; played < moves; ++played) {
          TimeManager tm;
          tm.init(clock(time, inc, moves - played), WHITE, 2 * played, kOverhead);
          time -= tm.maximum() + kOverhead;
          ASSERT_GT(time, 0) << base << " ms for " << moves << " moves +" << inc << ", move "
                             << played + 1;
          time += inc;
        }
      }
}

// With an increment above the overhead, sudden death survives any number of moves at maximum
// use: a fifth of the clock and the increment are always kept.
TEST(TimeManager, IncrementControlSurvivesAHundredMovesAtMaximumUse) {
  for (std::int64_t base : {1000, 8000, 60000})
    for (std::int64_t inc : {20, 80, 1000}) {
      std::int64_t time = base;
      for (int ply = 0; ply < 200; ply += 2) {
        TimeManager tm;
        tm.init(clock(time, inc), WHITE, ply, kOverhead);
        time -= tm.maximum() + kOverhead;
        ASSERT_GT(time, 0) << base << "+" << inc << " ply " << ply;
        time += inc;
      }
    }
}

// Sudden death with an increment keeps a floor of eleven increments and overheads: a clock at or
// above it stays there even when every move takes its maximum, and a clock below it climbs back
// every move. The game is charged 2 ms of transit per move, a typical GUI's.
TEST(TimeManager, IncrementControlKeepsAFloorOnTheClock) {
  constexpr std::int64_t kTransit = 2;
  for (std::int64_t base : {0, 500, 2000, 10000, 60000})
    for (std::int64_t inc : {20, 100, 600, 1000}) {
      const std::int64_t floor = 11 * (inc + kOverhead);
      std::int64_t time = base + inc;
      bool reached = time >= floor;
      for (int ply = 0; ply < 300; ply += 2) {
        TimeManager tm;
        tm.init(clock(time, inc), WHITE, ply, kOverhead);
        const std::int64_t next = time - tm.maximum() - kTransit + inc;
        if (reached)
          ASSERT_GE(next, floor) << base << "+" << inc << " ply " << ply;
        else
          ASSERT_GT(next, time) << base << "+" << inc << " ply " << ply;
        time = next;
        reached = reached || time >= floor;
      }
      EXPECT_TRUE(reached) << base << "+" << inc;
    }
}

// The increments stay small enough that a 10 s clock is above the floor: below it a larger
// increment means a larger reserve to build back first.
TEST(TimeManager, OptimumGrowsWithTimeAndIncrement) {
  for (int mtg : {0, 5, 40})
    for (int ply : {0, 40, 120}) {
      std::int64_t previous = 0;
      for (std::int64_t time : {1000, 2000, 8000, 20000, 60000, 300000}) {
        TimeManager tm;
        tm.init(clock(time, 0, mtg), WHITE, ply, kOverhead);
        EXPECT_GE(tm.optimum(), previous) << time << " mtg " << mtg << " ply " << ply;
        previous = tm.optimum();
      }
      previous = 0;
      for (std::int64_t inc : {0, 10, 100, 500}) {
        TimeManager tm;
        tm.init(clock(10000, inc, mtg), WHITE, ply, kOverhead);
        EXPECT_GE(tm.optimum(), previous) << inc << " mtg " << mtg << " ply " << ply;
        previous = tm.optimum();
      }
    }
}

TEST(TimeManager, PonderingPlansLonger) {
  TimeManager plain, ponder;
  plain.init(clock(60000, 600), WHITE, 30, kOverhead, false);
  ponder.init(clock(60000, 600), WHITE, 30, kOverhead, true);
  EXPECT_GT(ponder.optimum(), plain.optimum());
  EXPECT_EQ(ponder.maximum(), plain.maximum());
}

TEST(TimeManager, SoftLimitFollowsTheSearch) {
  TimeManager tm;
  tm.init(clock(60000, 600), WHITE, 30, kOverhead);
  const IterationState typical{0.6, 3, 0, 0};
  const std::int64_t base = tm.soft_limit(typical);
  IterationState s = typical;
  s.best_move_effort = 0.95;  // alternatives refuted at once
  EXPECT_LT(tm.soft_limit(s), base);
  s = typical;
  s.stable_iterations = 10;
  EXPECT_LT(tm.soft_limit(s), base);
  s = typical;
  s.score_drop = 40;
  EXPECT_GT(tm.soft_limit(s), base);
  s = typical;
  s.best_move_changes = 1.5;
  EXPECT_GT(tm.soft_limit(s), base);
}

TEST(TimeManager, MovetimeIsFixedAndNoClockIsUnlimited) {
  SearchLimits l;
  l.movetime = 500;
  TimeManager tm;
  tm.init(l, WHITE, 0, kOverhead);
  EXPECT_TRUE(tm.fixed());
  EXPECT_EQ(tm.optimum(), 490);
  EXPECT_EQ(tm.maximum(), 490);
  tm.init(SearchLimits{}, WHITE, 0, kOverhead);
  EXPECT_FALSE(tm.enabled());
  SearchLimits infinite = clock(1000, 0);
  infinite.infinite = true;
  tm.init(infinite, WHITE, 0, kOverhead);
  EXPECT_FALSE(tm.enabled());
}

IterationResult iteration(int depth, Move best, int score) {
  IterationResult r;
  r.depth = depth;
  r.best_move = best;
  r.score = score;
  return r;
}

TEST(TimeManager, IterationDoneOnlyUnderAClockThatIsNotFixed) {
  TimeManager tm;
  tm.init(SearchLimits{}, WHITE, 0, kOverhead);  // depth or node limits: no clock
  IterationResult forced = iteration(10, Move(SQ_E2, SQ_E4), 0);
  forced.forced = true;
  EXPECT_FALSE(tm.iteration_done(forced));
  EXPECT_FALSE(tm.stop_early());
  SearchLimits l;
  l.movetime = 60000;
  tm.init(l, WHITE, 0, kOverhead);  // movetime: the whole time, whatever the iterations say
  EXPECT_FALSE(tm.iteration_done(forced));
  EXPECT_FALSE(tm.stop_early());
}

TEST(TimeManager, AForcedMoveStopsAfterTheFirstIteration) {
  TimeManager tm;
  tm.init(clock(60000, 600), WHITE, 30, kOverhead);
  EXPECT_FALSE(tm.iteration_done(iteration(1, Move(SQ_E2, SQ_E4), 20)));
  IterationResult forced = iteration(2, Move(SQ_E2, SQ_E4), 20);
  forced.forced = true;
  EXPECT_TRUE(tm.iteration_done(forced));
}

TEST(TimeManager, SpentBudgetStopsAfterTheIterationAndAtTheMaximum) {
  TimeManager tm;
  tm.init(clock(20, 0), WHITE, 0, kOverhead);  // 10 ms of usable clock
  ASSERT_LE(tm.maximum(), 10);
  std::this_thread::sleep_for(std::chrono::milliseconds(tm.maximum() + 5));
  EXPECT_TRUE(tm.stop_early()) << "past the maximum";
  EXPECT_TRUE(tm.iteration_done(iteration(5, Move(SQ_E2, SQ_E4), 0)));
}

// Between one and a half soft limits and the maximum, only a search whose best move is
// confirmed in the current iteration stops early.
TEST(TimeManager, ConfirmedBestMoveStopsPastOneAndAHalfSoftLimits) {
  TimeManager confirmed, unsettled;
  for (TimeManager* tm : {&confirmed, &unsettled}) {
    tm->init(clock(1000, 0), WHITE, 0, kOverhead);
    ASSERT_FALSE(tm->iteration_done(iteration(1, Move(SQ_E2, SQ_E4), 0)));
    tm->root_move_searched(true, true, true);
  }
  unsettled.root_move_searched(false, true, true);  // a later move beat the best one
  const std::int64_t soft = confirmed.soft_limit(IterationState{});
  ASSERT_LT(soft + soft / 2, confirmed.maximum());
  EXPECT_FALSE(confirmed.stop_early());
  while (confirmed.elapsed() < soft + soft / 2)
    std::this_thread::sleep_for(std::chrono::milliseconds(1));
  const bool stop_confirmed = confirmed.stop_early(), stop_unsettled = unsettled.stop_early();
  if (unsettled.elapsed() >= unsettled.maximum()) GTEST_SKIP() << "the machine was too slow";
  EXPECT_TRUE(stop_confirmed);
  EXPECT_FALSE(stop_unsettled);
}

}  // namespace
}  // namespace riposte::testing
