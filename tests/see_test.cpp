// SPDX-License-Identifier: GPL-3.0-or-later
// SEE on hand-made positions whose exchange value is worked out in the comment beside each.
// Values: P 100, N 320, B 330, R 500, Q 950.
#include "movegen/see.h"

#include "gtest/gtest.h"
#include "movegen/movegen.h"
#include "movegen/notation.h"

namespace riposte::testing {
namespace {

struct SeeCase {
  const char* fen;
  const char* move;
  int value;
};

// ctest names each instance after its printed parameter: the text, not the struct's bytes.
void PrintTo(const SeeCase& c, std::ostream* os) { *os << c.fen << " " << c.move; }

class See : public ::testing::TestWithParam<SeeCase> {};

// see_ge is a threshold test: the exact value v is the one where it flips.
TEST_P(See, ThresholdFlipsExactlyAtTheExchangeValue) {
  const SeeCase& c = GetParam();
  const auto pos = Position::from_fen(c.fen);
  ASSERT_TRUE(pos.ok()) << pos.status();
  const auto move = parse_uci_move(*pos, c.move);
  ASSERT_TRUE(move.ok()) << move.status();
  EXPECT_TRUE(pos->see_ge(*move, c.value)) << c.fen << " " << c.move;
  EXPECT_FALSE(pos->see_ge(*move, c.value + 1)) << c.fen << " " << c.move;
}

INSTANTIATE_TEST_SUITE_P(
    HandMade, See,
    ::testing::Values(
        // Undefended pawn: +P.
        SeeCase{"4k3/8/8/3p4/8/8/8/3RK3 w - - 0 1", "d1d5", 100},
        // Pawn defended by a pawn: P - R.
        SeeCase{"4k3/8/4p3/3p4/8/8/8/3RK3 w - - 0 1", "d1d5", -400},
        // X-ray: the second rook joins once the first has gone: P - R + R = P.
        SeeCase{"3rk3/8/8/3p4/8/8/3R4/3RK3 w - - 0 1", "d2d5", 100},
        // Doubled black rooks defend too: P - R + R - R, white stops early at P - R.
        SeeCase{"3rk3/3r4/8/3p4/8/8/3R4/3RK3 w - - 0 1", "d2d5", -400},
        // En passant takes the pawn behind the target square.
        SeeCase{"4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1", "e5d6", 100},
        SeeCase{"4k3/2p5/8/3pP3/8/8/8/4K3 w - d6 0 1", "e5d6", 0},
        // Promotion gains Q - P; a rook on a8 then takes the queen.
        SeeCase{"4k3/1P6/8/8/8/8/8/4K3 w - - 0 1", "b7b8q", 850},
        SeeCase{"r3k3/1P6/8/8/8/8/8/4K3 w - - 0 1", "b7b8q", -100},
        SeeCase{"r3k3/1P6/8/8/8/8/8/4K3 w - - 0 1", "b7a8q", 1350},
        SeeCase{"r3k3/1P6/8/8/8/8/8/4K3 w - - 0 1", "b7a8n", 720},
        // The defending bishop is pinned to its king by Re1: +P.
        SeeCase{"4k3/8/4b3/3p4/8/8/8/3RR1K1 w - - 0 1", "d1d5", 100},
        // The lone king recaptures: P - R.
        SeeCase{"8/8/3k4/3p4/8/8/8/3RK3 w - - 0 1", "d1d5", -400},
        // The king may not recapture a defended piece: +P.
        SeeCase{"8/8/3k4/3p4/8/8/3R4/3RK3 w - - 0 1", "d2d5", 100},
        // Knight takes a pawn-defended bishop: B - N.
        SeeCase{"4k3/8/2p5/3b4/8/4N3/8/4K3 w - - 0 1", "e3d5", 10},
        // Black to move takes an undefended pawn.
        SeeCase{"4k3/8/8/3p4/4P3/8/8/4K3 b - - 0 1", "d5e4", 100},
        // Quiet moves: safe square 0, square attacked by a pawn loses the queen.
        SeeCase{"4k3/8/8/3p4/8/8/8/4KQ2 w - - 0 1", "f1f5", 0},
        SeeCase{"4k3/8/8/3p4/8/8/8/4KQ2 w - - 0 1", "f1c4", -950},
        // Castling is never an exchange.
        SeeCase{"4k3/8/8/8/8/8/8/4K2R w K - 0 1", "e1g1", 0},
        // Queen takes a bishop-defended rook, the knight recaptures: R - Q + B.
        SeeCase{"4k3/8/4b3/3r4/8/2N5/8/3QK3 w - - 0 1", "d1d5", -120},
        // Pawn takes a queen defended by everything: +Q - P is still ahead.
        SeeCase{"3rk3/8/4b3/3q4/4P3/8/8/4K3 w - - 0 1", "e4d5", 850}));

}  // namespace
}  // namespace riposte::testing
