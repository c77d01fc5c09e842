// UCI transcripts: commands in, exact lines out, driven through the engine's command loop.
#include "engine/uci.h"

#include <algorithm>
#include <sstream>

#include "absl/strings/str_split.h"
#include "gtest/gtest.h"

namespace riposte::testing {
namespace {

// Runs the commands through a fresh engine and returns its output lines.
std::vector<std::string> transcript(const std::string& commands) {
  std::ostringstream out;
  {
    Uci uci(out);
    std::istringstream in(commands);
    uci.loop(in);
  }
  return absl::StrSplit(out.str(), '\n', absl::SkipEmpty());
}

TEST(Uci, HandshakeAndReady) {
  const auto lines = transcript("uci\nisready\nquit\n");
  ASSERT_GE(lines.size(), 4u);
  EXPECT_EQ(lines[0], "id name Riposte 0.1");
  EXPECT_EQ(lines[1].rfind("id author ", 0), 0u);
  EXPECT_EQ(lines[lines.size() - 2], "uciok");
  EXPECT_EQ(lines.back(), "readyok");
}

TEST(Uci, GoPerftPrintsStockfishFormat) {
  const auto lines = transcript("position startpos moves e2e4\ngo perft 2\n");
  ASSERT_EQ(lines.size(), 21u);  // 20 root moves, then the total (the blank line is skipped)
  EXPECT_EQ(lines[20], "Nodes searched: 600");
  // Counts as Stockfish 15.1 prints them for the same position.
  EXPECT_NE(std::find(lines.begin(), lines.end(), "e7e5: 29"), lines.end());
  EXPECT_NE(std::find(lines.begin(), lines.end(), "f7f5: 31"), lines.end());
  EXPECT_NE(std::find(lines.begin(), lines.end(), "g8f6: 30"), lines.end());
}

TEST(Uci, DisplayPrintsFenAndKey) {
  const auto lines = transcript("position fen 4k3/8/8/8/8/8/8/4K2R w K - 0 1 moves e1g1\nd\n");
  bool fen = false, key = false;
  for (const std::string& l : lines) {
    fen |= l == "Fen: 4k3/8/8/8/8/8/8/5RK1 b - - 1 1";
    key |= l.rfind("Key: ", 0) == 0 && l.size() == 21;
  }
  EXPECT_TRUE(fen);
  EXPECT_TRUE(key);
}

TEST(Uci, BadFenKeepsThePreviousPosition) {
  const auto lines = transcript(
      "position startpos moves e2e4\n"
      "position fen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0\n"  // fine: 5 fields
      "position fen 8/8/8 w - - 0 1\n"
      "go perft 1\n");
  ASSERT_GE(lines.size(), 2u);
  EXPECT_EQ(lines[0], "info string error: bad FEN: the board has 3 ranks, expected 8");
  EXPECT_EQ(lines.back(), "Nodes searched: 20");  // the 5-field FEN is the position now
}

TEST(Uci, IllegalMoveKeepsThePreviousPosition) {
  const auto lines = transcript(
      "position startpos moves e2e4\n"
      "position startpos moves e2e4 e7e5 e1e3\n"
      "go perft 1\n");
  ASSERT_GE(lines.size(), 2u);
  EXPECT_EQ(lines[0].rfind("info string error: illegal move 'e1e3'", 0), 0u) << lines[0];
  EXPECT_EQ(lines.back(), "Nodes searched: 20");  // still after 1. e4: black has 20 moves
}

TEST(Uci, UnknownCommandAndEmptyMovesAreHandled) {
  const auto lines = transcript("bogus command\nposition startpos moves\nisready\n");
  ASSERT_EQ(lines.size(), 2u);
  EXPECT_EQ(lines[0], "info string error: unknown command 'bogus command'");
  EXPECT_EQ(lines[1], "readyok");
}

}  // namespace
}  // namespace riposte::testing
