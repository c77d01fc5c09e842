// SPDX-License-Identifier: GPL-3.0-or-later
// Upcoming-repetition detection: the cuckoo tables hold every reversible move once, and
// Position::upcoming_repetition finds exactly the positions one reversible move away from an
// earlier one, under the same rules as is_repetition.
#include "movegen/cuckoo.h"

#include <random>

#include "gtest/gtest.h"
#include "movegen/movegen.h"
#include "movegen/notation.h"
#include "movegen/position.h"
#include "movegen/zobrist.h"

namespace riposte::testing {
namespace {

Position after(std::string_view fen, std::initializer_list<const char*> moves) {
  Position pos = *Position::from_fen(fen);
  for (const char* m : moves) pos.do_move(*parse_uci_move(pos, m));
  return pos;
}

TEST(Cuckoo, EveryReversibleMoveIsStoredOnce) {
  init_movegen();
  EXPECT_EQ(cuckoo::init(), cuckoo::kMoves);
  int filled = 0;
  for (const Key k : cuckoo::keys) filled += k != 0;
  EXPECT_EQ(filled, cuckoo::kMoves) << "of " << cuckoo::kSize << " slots";
  int found = 0;
  for (const Color c : {WHITE, BLACK})
    for (const PieceType pt : {KNIGHT, BISHOP, ROOK, QUEEN, KING})
      for (int a = 0; a < SQUARE_NB; ++a)
        for (int b = a + 1; b < SQUARE_NB; ++b) {
          if (!(attacks::of(pt, Square(a), 0) & square_bb(Square(b)))) continue;
          const Piece pc = make_piece(c, pt);
          const int j = cuckoo::find(zobrist::psq[pc][a] ^ zobrist::psq[pc][b] ^ zobrist::side);
          ASSERT_GE(j, 0) << int(pc) << " " << a << "-" << b;
          EXPECT_EQ(cuckoo::moves[j], Move(Square(a), Square(b)));
          ++found;
        }
  EXPECT_EQ(found, cuckoo::kMoves);
  // A pawn step is no reversible move.
  EXPECT_EQ(cuckoo::find(zobrist::psq[W_PAWN][SQ_E2] ^ zobrist::psq[W_PAWN][SQ_E3] ^ zobrist::side),
            -1);
}

TEST(UpcomingRepetition, OneMoveFromAThreefoldAtTheRoot) {
  // Black's Ng8 would bring the start position about a third time.
  const Position twice = after(kStartFen, {"g1f3", "g8f6", "f3g1", "f6g8", "g1f3", "g8f6", "f3g1"});
  EXPECT_TRUE(twice.upcoming_repetition(0));
  // After one round trip the start position has been seen once: Ng8 would make only a second
  // occurrence, a draw inside the search tree but not at the root.
  const Position once = after(kStartFen, {"g1f3", "g8f6", "f3g1"});
  EXPECT_FALSE(once.upcoming_repetition(0));
  EXPECT_TRUE(once.upcoming_repetition(4));
  EXPECT_FALSE(Position::start_position().upcoming_repetition(10));
}

TEST(UpcomingRepetition, TheWayBackMustBeFreeAndTheMoverOurs) {
  // The white rook went a1-b1-b5-a5 while the black king walked e8-d8-c8-d8-e8: Ra1 would
  // return to the first position, unless a pawn on a3 stands in the way.
  const auto walk = {"e8d8", "a1b1", "d8c8", "b1b5", "c8d8", "b5a5", "d8e8"};
  EXPECT_TRUE(after("4k3/8/8/8/8/8/8/R3K3 b - - 0 1", walk).upcoming_repetition(8));
  EXPECT_FALSE(after("4k3/8/8/8/8/p7/8/R3K3 b - - 0 1", walk).upcoming_repetition(8));
  // The rook walked a1-a2-a3-a4 while the black king went to d8 and back: the first position
  // differs from this one by a rook move a4-a1, but that is White's, and Black is to move.
  EXPECT_FALSE(after("4k3/8/8/8/8/8/8/R3K3 w - - 0 1", {"a1a2", "e8d8", "a2a3", "d8e8", "a3a4"})
                   .upcoming_repetition(10));
  // Here Black's Kd8 returns to the position after Ra5 Kd8.
  EXPECT_TRUE(after("4k3/8/8/8/8/8/8/R3K3 w - - 0 1", {"a1a5", "e8d8", "a5a1", "d8e8", "a1a5"})
                  .upcoming_repetition(10));
}

// Against brute force on random walks of reversible moves: some legal move leads to a
// position that is_repetition calls a repetition exactly when upcoming_repetition says so.
TEST(UpcomingRepetition, AgreesWithTryingEveryMove) {
  std::mt19937_64 rng(31);
  int positive = 0, checked = 0;
  for (const char* fen :
       {"r3k2r/8/2n5/8/8/5N2/8/R3K2R w - - 0 1", "4k3/3q4/8/2b5/8/4B3/3Q4/4K3 w - - 0 1",
        "6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1"}) {
    Position pos = *Position::from_fen(fen);
    for (int step = 0; step < 300; ++step) {
      for (const int ply : {0, 2, 5, 60}) {
        bool brute = false;
        for (const ExtMove& m : MoveList<LEGAL>(pos)) {
          pos.do_move(m.move);
          brute = brute || pos.is_repetition(ply + 1);
          pos.undo_move(m.move);
        }
        ASSERT_EQ(pos.upcoming_repetition(ply), brute) << pos.fen() << " ply " << ply;
        positive += brute;
        ++checked;
      }
      // A random quiet piece move; the walk stays short so that repetitions come often.
      std::vector<Move> quiet;
      for (const ExtMove& m : MoveList<LEGAL>(pos))
        if (!pos.is_capture(m.move) && type_of(pos.moved_piece(m.move)) != PAWN &&
            m.move.type() != CASTLING)
          quiet.push_back(m.move);
      if (quiet.empty()) break;
      pos.do_move(quiet[rng() % std::min<std::size_t>(quiet.size(), 3)]);
    }
  }
  EXPECT_GT(positive, 100);
  EXPECT_GT(checked, 3000);
}

}  // namespace
}  // namespace riposte::testing
