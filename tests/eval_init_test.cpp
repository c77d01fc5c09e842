// SPDX-License-Identifier: GPL-3.0-or-later
// eval::init: the piece-square values it hands to Position, and that calling it again (as every
// program entry may) changes nothing.
#include "gtest/gtest.h"
#include "nnue-free-eval/evaluate.h"

namespace riposte::testing {
namespace {

constexpr const char* kKiwipete =
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";

TEST(EvalInit, StartPositionSumsToZero) {
  // Mirrored armies: every value of White is cancelled by Black's.
  EXPECT_EQ(eval::piece_square_sum(Position::start_position()), Score{});
}

TEST(EvalInit, RepeatedInitKeepsTheValues) {
  const Score before = eval::piece_square_sum(*Position::from_fen(kKiwipete));
  ASSERT_NE(before, Score{}) << "test_main calls eval::init before the tests";
  eval::init();
  eval::init();
  EXPECT_EQ(eval::piece_square_sum(*Position::from_fen(kKiwipete)), before);
}

TEST(EvalInit, ValuesAreMaterialPlusSquareFromWhitesView) {
  // A lone white knight against a lone black one on the mirrored square: the pieces cancel,
  // and the kings, mirrored as well, do too.
  EXPECT_EQ(eval::piece_square_sum(*Position::from_fen("4k3/8/2n5/8/8/2N5/8/4K3 w - - 0 1")),
            Score{});
  // The knight alone adds its material and square weights to the kings' sum.
  const Score kings = eval::piece_square_sum(*Position::from_fen("4k3/8/8/8/8/8/8/4K3 w - - 0 1"));
  const Score knight = eval::kWeights[eval::kMaterial + int(KNIGHT)] +
                       eval::kWeights[eval::kPsqt + int(KNIGHT) * 64 + int(SQ_C3)];
  EXPECT_EQ(eval::piece_square_sum(*Position::from_fen("4k3/8/8/8/8/2N5/8/4K3 w - - 0 1")),
            kings + knight);
}

TEST(EvalInit, OppositeWingsReadTheirOwnTable) {
  // With the kings on opposite wings the evaluation reads the opposite-wing table.
  const Score kings = eval::piece_square_sum(*Position::from_fen("6k1/8/8/8/8/8/8/1K6 w - - 0 1"));
  const Score knight = eval::kWeights[eval::kMaterial + int(KNIGHT)] +
                       eval::kWeights[eval::kPsqtOppositeWings + int(KNIGHT) * 64 + int(SQ_C3)];
  EXPECT_EQ(eval::piece_square_sum(*Position::from_fen("6k1/8/8/8/8/2N5/8/1K6 w - - 0 1")),
            kings + knight);
  EXPECT_TRUE(eval::kings_on_opposite_wings(*Position::from_fen("3k4/8/8/8/8/8/8/4K3 w - - 0 1")));
  EXPECT_FALSE(eval::kings_on_opposite_wings(*Position::from_fen("6k1/8/8/8/8/8/8/4K3 w - - 0 1")));
  EXPECT_FALSE(eval::kings_on_opposite_wings(*Position::from_fen("3k4/8/8/8/8/8/8/2K5 w - - 0 1")));
}

}  // namespace
}  // namespace riposte::testing
