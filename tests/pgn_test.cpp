// SPDX-License-Identifier: GPL-3.0-or-later
// PGN games read back as scored positions: exact positions, scores turned to White's view,
// book moves, mate scores, variations and NAGs skipped, and an illegal move reported.
#include "movegen/pgn.h"

#include "gtest/gtest.h"

namespace riposte::testing {
namespace {

constexpr const char* kTwoGames = R"([Event "x"]
[White "a"]
[Black "b"]
[Result "0-1"]
[SetUp "1"]
[FEN "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"]

1... e5 {-0.25/12 0.100s} 2. Nf3 {book} Nc6 {+0.31/14 0.2s} 3. Bb5 {+M3/20 0.1s}
(3. Bc4 Bc5) a6 $1 {-1.05/9 0.05s, a comment} 0-1

[Event "y"]
[Result "1/2-1/2"]

1. e4 e5 2.Qh5 {+0.10/3 0.0s} 1/2-1/2
)";

TEST(Pgn, GamesSplitAndTheirScoredPositionsAreExact) {
  const auto texts = split_pgn_games(kTwoGames);
  ASSERT_EQ(texts.size(), 2u);
  const auto first = read_pgn_game(texts[0]);
  ASSERT_TRUE(first.ok()) << first.status();
  EXPECT_EQ(first->result, "0-1");
  EXPECT_EQ(first->plies, 5);
  EXPECT_EQ(first->white, "a");
  EXPECT_EQ(first->black, "b");
  std::vector<std::string> lines;
  for (const auto& p : first->positions) lines.push_back(data_line(p, first->result));
  EXPECT_EQ(lines,
            (std::vector<std::string>{
                "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1 [0.0] 25",
                "rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2 [0.0] -31",
                "r1bqkbnr/pppp1ppp/2n5/1B2p3/4P3/5N2/PPPP1PPP/RNBQK2R b KQkq - 3 3 [0.0] 105",
            }));
  const auto second = read_pgn_game(texts[1]);
  ASSERT_TRUE(second.ok()) << second.status();
  EXPECT_EQ(second->plies, 3);
  ASSERT_EQ(second->positions.size(), 1u);
  EXPECT_EQ(data_line(second->positions[0], second->result),
            "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2 [0.5] 10");
}

TEST(Pgn, AnIllegalMoveIsAnErrorThatNamesIt) {
  const auto game = read_pgn_game("[Result \"1-0\"]\n\n1. e4 e5 2. Ke3 {+0.10/3 0.0s} 1-0\n");
  ASSERT_FALSE(game.ok());
  EXPECT_NE(game.status().message().find("ply 3"), std::string::npos) << game.status();
  EXPECT_NE(game.status().message().find("Ke3"), std::string::npos) << game.status();
  EXPECT_FALSE(read_pgn_game("[FEN \"not a fen\"]\n\n1. e4 *\n").ok());
}

}  // namespace
}  // namespace riposte::testing
