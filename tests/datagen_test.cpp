// SPDX-License-Identifier: GPL-3.0-or-later
// Self-play data: the same seed gives the same game, lines are in the tuner's format, positions
// in check, with a capture as best move or with a mate score are left out, lost positions are
// adjudicated, and the PV leaf written beside a position is where its PV leads.
#include "absl/strings/numbers.h"
#include "absl/strings/str_split.h"
#include "engine/selfplay.h"
#include "gtest/gtest.h"
#include "movegen/movegen.h"
#include "movegen/notation.h"

namespace riposte::testing {
namespace {

constexpr const char* kOpening = "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3";

datagen::Settings quick() {
  datagen::Settings s;
  s.nodes = 800;
  return s;
}

TEST(SelfPlay, SameSeedSameGameOtherSeedOtherGame) {
  datagen::SelfPlay a(quick(), 1), b(quick(), 1);
  std::mt19937_64 r1(42), r2(42), r3(43);
  const auto g1 = a.play(kOpening, r1);
  const auto g2 = b.play(kOpening, r2);
  ASSERT_TRUE(g1 && g2);
  EXPECT_EQ(datagen::to_lines(*g1), datagen::to_lines(*g2));
  EXPECT_EQ(g1->plies, g2->plies);
  // A player's earlier games leave nothing behind that changes the next one.
  std::mt19937_64 r4(42);
  const auto g3 = a.play(kOpening, r4);
  ASSERT_TRUE(g3);
  EXPECT_EQ(datagen::to_lines(*g1), datagen::to_lines(*g3));
  const auto g4 = b.play(kOpening, r3);
  ASSERT_TRUE(g4);
  EXPECT_NE(datagen::to_lines(*g1), datagen::to_lines(*g4));
}

TEST(SelfPlay, LinesAreQuietLabelledPositions) {
  datagen::SelfPlay player(quick(), 1);
  int lines_seen = 0, leaves_seen = 0;
  for (std::uint64_t seed = 1; seed <= 3; ++seed) {
    std::mt19937_64 rng(seed);
    const auto game = player.play(kOpening, rng);
    ASSERT_TRUE(game);
    const std::string expected_result = game->result == datagen::Result::kWhiteWins ? "[1.0]"
                                        : game->result == datagen::Result::kDraw    ? "[0.5]"
                                                                                    : "[0.0]";
    for (const absl::string_view line :
         absl::StrSplit(datagen::to_lines(*game), '\n', absl::SkipEmpty())) {
      ++lines_seen;
      const std::size_t open = line.find('['), close = line.find(']');
      ASSERT_NE(open, absl::string_view::npos) << line;
      EXPECT_EQ(line.substr(open, close - open + 1), expected_result) << line;
      auto pos = Position::from_fen(std::string(line.substr(0, open - 1)));
      ASSERT_TRUE(pos.ok()) << line;
      EXPECT_FALSE(pos->checkers()) << line;
      const std::size_t bar = line.find(" | ");
      int score = 0;
      ASSERT_TRUE(absl::SimpleAtoi(line.substr(close + 2, bar - (close + 2)), &score)) << line;
      EXPECT_LT(std::abs(score), kValueTbWinInMaxPly) << line;
      EXPECT_GE(pos->game_ply(), quick().min_keep_ply) << line;
      if (bar == absl::string_view::npos) continue;
      ++leaves_seen;
      auto leaf = Position::from_fen(std::string(line.substr(bar + 3)));
      ASSERT_TRUE(leaf.ok()) << line;
      EXPECT_FALSE(leaf->checkers()) << line;
      EXPECT_GT(leaf->game_ply(), pos->game_ply()) << line;
    }
  }
  EXPECT_GT(lines_seen, 30);
  // An 800-node search sees a few plies: most positions have a PV leaf of their own.
  EXPECT_GT(leaves_seen, lines_seen / 2);
}

TEST(SelfPlay, PvLeafStopsBeforeCheckAndAtAnIllegalMove) {
  const Position start = *Position::from_fen(kStartFen);
  const auto line = [&](std::initializer_list<const char*> moves) {
    Position pos = start;
    std::vector<Move> pv;
    for (const char* m : moves) {
      pv.push_back(*parse_uci_move(pos, m));
      pos.do_move(pv.back());
    }
    return pv;
  };
  // Qxf7+ gives check, so it is not played: the leaf is the position before it.
  EXPECT_EQ(datagen::pv_leaf(start, line({"e2e4", "e7e5", "d1h5", "b8c6", "h5f7"})),
            "r1bqkbnr/pppp1ppp/2n5/4p2Q/4P3/8/PPPP1PPP/RNB1KBNR w KQkq - 2 3");
  // A move that is not legal where it comes ends the line (the PV of a stale TT entry).
  std::vector<Move> broken = line({"g1f3", "g8f6"});
  broken.push_back(broken[0]);
  EXPECT_EQ(datagen::pv_leaf(start, broken),
            "rnbqkb1r/pppppppp/5n2/8/8/5N2/PPPPPPPP/RNBQKB1R w KQkq - 2 2");
  EXPECT_EQ(datagen::pv_leaf(start, {}), "");
  const Position fools =
      *Position::from_fen("rnbqkbnr/pppp1ppp/8/4p3/6P1/5P2/PPPPP2P/RNBQKBNR b KQkq - 0 2");
  // Mate at once: the first move already gives check.
  EXPECT_EQ(datagen::pv_leaf(fools, {*parse_uci_move(fools, "d8h4")}), "");
}

TEST(SelfPlay, OpeningPliesSearchTheirOwnNodeCount) {
  // A game cut off at min_keep_ply is all opening: its searches stop near opening_nodes each
  // (a node limit is checked every few nodes), and the full count is far above that.
  datagen::Settings s = quick();
  s.nodes = 4000;
  s.max_plies = s.min_keep_ply;
  datagen::SelfPlay full(s, 1);
  s.opening_nodes = 200;
  datagen::SelfPlay cheap(s, 1);
  std::mt19937_64 r1(7), r2(7);
  const auto g1 = full.play(kOpening, r1);
  const auto g2 = cheap.play(kOpening, r2);
  ASSERT_TRUE(g1 && g2);
  // Games may end early by a repetition: each game searched `plies` or `plies + 1` times.
  ASSERT_GT(g1->plies, 4);
  ASSERT_GT(g2->plies, 4);
  EXPECT_TRUE(g1->positions.empty());
  EXPECT_TRUE(g2->positions.empty());
  EXPECT_GE(g1->nodes, std::uint64_t(g1->plies) * 4000);
  EXPECT_LE(g2->nodes, std::uint64_t(g2->plies + 1) * (200 + 1024));
  EXPECT_GE(g2->nodes, std::uint64_t(g2->plies) * 200);
}

TEST(SelfPlay, HopelessPositionsAreAdjudicated) {
  // White is a queen and two rooks up: both searches agree long before any mate.
  datagen::Settings s = quick();
  s.min_random_plies = s.max_random_plies = 0;
  datagen::SelfPlay player(s, 1);
  std::mt19937_64 rng(1);
  const auto game = player.play("4k3/pppppppp/8/8/8/8/PPPPPPPP/R2QK2R w KQ - 0 1", rng);
  ASSERT_TRUE(game);
  EXPECT_EQ(game->result, datagen::Result::kWhiteWins);
  EXPECT_LT(game->plies, 40);
}

}  // namespace
}  // namespace riposte::testing
