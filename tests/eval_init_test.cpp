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
  EXPECT_EQ(Position::start_position().psq(), Score{});
}

TEST(EvalInit, RepeatedInitKeepsTheValues) {
  const Score before = Position::from_fen(kKiwipete)->psq();
  ASSERT_NE(before, Score{}) << "test_main calls eval::init before the tests";
  eval::init();
  eval::init();
  EXPECT_EQ(Position::from_fen(kKiwipete)->psq(), before);
}

TEST(EvalInit, ValuesAreMaterialPlusSquareFromWhitesView) {
  // A lone white knight against a lone black one on the mirrored square: the pieces cancel,
  // and the kings, mirrored as well, do too.
  EXPECT_EQ(Position::from_fen("4k3/8/2n5/8/8/2N5/8/4K3 w - - 0 1")->psq(), Score{});
  // The knight alone adds its material and square weights to the kings' sum.
  const Score kings = Position::from_fen("4k3/8/8/8/8/8/8/4K3 w - - 0 1")->psq();
  const Score knight = eval::kWeights[eval::kMaterial + int(KNIGHT)] +
                       eval::kWeights[eval::kPsqt + int(KNIGHT) * 64 + int(SQ_C3)];
  EXPECT_EQ(Position::from_fen("4k3/8/8/8/8/2N5/8/4K3 w - - 0 1")->psq(), kings + knight);
}

}  // namespace
}  // namespace riposte::testing
