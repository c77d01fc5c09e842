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

}  // namespace
}  // namespace riposte::testing
