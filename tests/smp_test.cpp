// SPDX-License-Identifier: GPL-3.0-or-later
// Lazy SMP through the UCI front end: well-formed, legal results for many thread counts, and a
// stress sequence (go/stop, ucinewgame, resizing Threads and Hash, quit mid-search) that CI
// also runs under ThreadSanitizer.
#include <chrono>
#include <regex>
#include <sstream>
#include <thread>

#include "absl/strings/str_split.h"
#include "engine/uci.h"
#include "gtest/gtest.h"
#include "movegen/notation.h"
#include "movegen/zeroed_memory.h"
#include "search/worker.h"

namespace riposte::testing {
namespace {

void sleep_ms(int ms) { std::this_thread::sleep_for(std::chrono::milliseconds(ms)); }

std::vector<std::string> lines_of(const std::string& text) {
  return absl::StrSplit(text, '\n', absl::SkipEmpty());
}

// Every output line is one the UCI spec allows, and bestmove names a legal move.
void expect_well_formed(const std::vector<std::string>& lines, const Position& pos, int searches) {
  static const std::regex info(
      "info depth \\d+ seldepth \\d+ multipv \\d+ score (cp -?\\d+|mate -?\\d+)"
      "( lowerbound| upperbound)? nodes \\d+ nps \\d+ hashfull \\d+ tbhits 0 time \\d+ pv( "
      "[a-h][1-8][a-h][1-8][nbrq]?)+");
  int bestmoves = 0;
  for (const std::string& l : lines) {
    if (l.rfind("bestmove ", 0) == 0) {
      ++bestmoves;
      const std::string move = l.substr(9, l.find(' ', 9) - 9);
      EXPECT_TRUE(parse_uci_move(pos, move).ok()) << l;
    } else if (l != "readyok") {
      EXPECT_TRUE(std::regex_match(l, info)) << l;
    }
  }
  EXPECT_EQ(bestmoves, searches);
}

class Smp : public ::testing::TestWithParam<int> {};

TEST_P(Smp, ResultsAreLegalAndWellFormed) {
  const int threads = GetParam();
  const Position pos =
      *Position::from_fen("r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4");
  std::ostringstream out;
  {
    Uci uci(out);
    uci.execute("setoption name Threads value " + std::to_string(threads));
    uci.execute("position fen " + pos.fen());
    uci.execute("go depth 7");
    uci.wait_for_search();
    uci.execute("go movetime 100");
    uci.wait_for_search();
    uci.execute("go infinite");
    sleep_ms(50);
    uci.execute("isready");
    uci.execute("stop");
    uci.wait_for_search();
  }
  expect_well_formed(lines_of(out.str()), pos, 3);
}

INSTANTIATE_TEST_SUITE_P(ThreadCounts, Smp, ::testing::Values(1, 2, 3, 8, 64));

TEST(SmpStress, GoStopResizeNewGameAndQuitMidSearch) {
  std::ostringstream out;
  int searches = 0;
  {
    Uci uci(out);
    uci.execute("setoption name Threads value 4");
    uci.execute("position startpos moves e2e4 e7e5 g1f3");
    for (int i = 0; i < 6; ++i) {
      uci.execute("go infinite");
      sleep_ms(5 + 5 * i);
      uci.execute("stop");
      uci.wait_for_search();
      ++searches;
      uci.execute(i % 2 ? "ucinewgame" : "isready");
    }
    uci.execute("setoption name Hash value 32");
    uci.execute("go depth 6");
    uci.wait_for_search();
    uci.execute("setoption name Threads value 2");
    uci.execute("setoption name Hash value 8");
    uci.execute("go nodes 20000");
    uci.wait_for_search();
    uci.execute("setoption name Threads value 4");
    uci.execute("setoption name Clear Hash");
    uci.execute("go wtime 300 btime 300");
    uci.wait_for_search();
    searches += 3;
    uci.execute("go infinite");
    sleep_ms(20);
    EXPECT_FALSE(uci.execute("quit"));
    ++searches;
  }
  const auto lines = lines_of(out.str());
  const Position pos = [] {
    Position p = Position::start_position();
    for (const char* m : {"e2e4", "e7e5", "g1f3"}) p.do_move(*parse_uci_move(p, m));
    return p;
  }();
  expect_well_formed(lines, pos, searches);
}

TEST(SmpStress, NodesAreSummedOverThreads) {
  std::ostringstream out;
  {
    Uci uci(out);
    uci.execute("setoption name Threads value 3");
    uci.execute("position startpos");
    uci.execute("go nodes 30000");
    uci.wait_for_search();
  }
  const auto lines = lines_of(out.str());
  ASSERT_GE(lines.size(), 2u);
  const std::string& last_info = lines[lines.size() - 2];
  const std::size_t at = last_info.find(" nodes ");
  ASSERT_NE(at, std::string::npos);
  EXPECT_GE(std::stoull(last_info.substr(at + 7)), 30000u);
}

// Each thread's tables are zeroed blocks, and the pool has one set of shared ones: a pool of n
// threads holds the shared set and n times one thread's, and shrinking the pool gives every
// block back. Searches in between write to the tables and ucinewgame clears them, which must
// neither leak nor race (ASan, TSan).
TEST(SmpMemory, ThreadCountChangesGiveEveryTableBack) {
  std::ostringstream out;
  Uci uci(out);
  uci.execute("position startpos moves e2e4 c7c5");
  uci.execute("go depth 4");
  uci.wait_for_search();
  const std::size_t one_thread = zeroed::bytes_in_use();
  uci.execute("setoption name Threads value 2");
  const std::size_t per_thread = zeroed::bytes_in_use() - one_thread;
  ASSERT_GT(per_thread, std::size_t(1) << 20);
  int searches = 1;
  for (const int threads : {64, 3, 1024, 1}) {
    uci.execute("setoption name Threads value " + std::to_string(threads));
    const std::size_t expected = one_thread + (threads - 1) * per_thread;
    EXPECT_EQ(zeroed::bytes_in_use(), expected) << threads << " threads";
    uci.execute(threads > 64 ? "go depth 1" : "go depth 5");
    uci.wait_for_search();
    uci.execute("ucinewgame");
    EXPECT_EQ(zeroed::bytes_in_use(), expected) << threads << " threads";
    ++searches;
  }
  Position pos = Position::start_position();
  for (const char* m : {"e2e4", "c7c5"}) pos.do_move(*parse_uci_move(pos, m));
  expect_well_formed(lines_of(out.str()), pos, searches);
}

TEST(SmpSwitches, ReductionsGrowWithTheThreadCountOnly) {
  const ReductionTables one = make_reductions(1), four = make_reductions(4);
  int larger = 0;
  for (int d = 1; d < 64; ++d)
    for (int m = 1; m < 64; ++m) {
      ASSERT_GE(four.quiet[d][m], one.quiet[d][m]) << d << " " << m;
      ASSERT_GE(four.noisy[d][m], one.noisy[d][m]) << d << " " << m;
      larger += four.quiet[d][m] > one.quiet[d][m];
    }
  EXPECT_GT(larger, 100);
  EXPECT_LT(larger, 63 * 63 / 2);  // 6% more reduction moves a minority of entries a ply
}

// Four threads sharing the table and the correction histories, helpers skipping iterations and
// every thread reducing more: the results stay legal and well formed.
TEST(Smp, FourThreadsGiveLegalWellFormedResults) {
  const std::string fen = "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/R3K2R w KQkq - 4 6";
  std::ostringstream out;
  {
    Uci uci(out);
    uci.execute("setoption name Threads value 4");
    uci.execute("position fen " + fen);
    uci.execute("go nodes 200000");
    uci.wait_for_search();
  }
  expect_well_formed(lines_of(out.str()), *Position::from_fen(fen), 1);
}

}  // namespace
}  // namespace riposte::testing
