// SPDX-License-Identifier: GPL-3.0-or-later
// Slider lookups against a ray walk for every occupancy subset of every square's rays, which
// proves the fixed magic multipliers are collision-free; plus the leaper and line tables.
#include "movegen/attacks.h"

#include "gtest/gtest.h"

namespace riposte::testing {
namespace {

Bitboard walk(Square s, Bitboard occupied, const int (*dirs)[2]) {
  Bitboard result = 0;
  for (int d = 0; d < 4; ++d) {
    for (int f = file_of(s) + dirs[d][0], r = rank_of(s) + dirs[d][1];
         f >= 0 && f < 8 && r >= 0 && r < 8; f += dirs[d][0], r += dirs[d][1]) {
      result |= square_bb(make_square(File(f), Rank(r)));
      if (occupied & square_bb(make_square(File(f), Rank(r)))) break;
    }
  }
  return result;
}

constexpr int kRook[4][2] = {{1, 0}, {-1, 0}, {0, 1}, {0, -1}};
constexpr int kBishop[4][2] = {{1, 1}, {1, -1}, {-1, 1}, {-1, -1}};

TEST(Attacks, SlidersMatchRayWalkForEveryRelevantOccupancy) {
  for (Square s = SQ_A1; s <= SQ_H8; ++s) {
    for (const auto& [dirs, lookup] :
         {std::pair{kRook, &attacks::rook}, std::pair{kBishop, &attacks::bishop}}) {
      const Bitboard mask = walk(s, 0, dirs);  // edges included: a superset is fine
      Bitboard b = 0;
      do {
        ASSERT_EQ(lookup(s, b), walk(s, b, dirs)) << "square " << int(s);
        b = (b - mask) & mask;
      } while (b);
    }
  }
}

TEST(Attacks, Leapers) {
  EXPECT_EQ(attacks::knight(SQ_A1), square_bb(SQ_B3) | square_bb(SQ_C2));
  EXPECT_EQ(popcount(attacks::knight(SQ_E4)), 8);
  EXPECT_EQ(popcount(attacks::king(SQ_H8)), 3);
  EXPECT_EQ(attacks::pawn(WHITE, SQ_A2), square_bb(SQ_B3));
  EXPECT_EQ(attacks::pawn(BLACK, SQ_E5), square_bb(SQ_D4) | square_bb(SQ_F4));
}

TEST(Attacks, BetweenAndLine) {
  EXPECT_EQ(between_bb(SQ_A1, SQ_D4), square_bb(SQ_B2) | square_bb(SQ_C3));
  EXPECT_EQ(between_bb(SQ_A1, SQ_B3), 0u);
  EXPECT_EQ(line_bb(SQ_C1, SQ_C5), file_bb(FILE_C));
  EXPECT_TRUE(aligned(SQ_A1, SQ_H8, SQ_D4));
  EXPECT_FALSE(aligned(SQ_A1, SQ_H8, SQ_D5));
  EXPECT_EQ(distance(SQ_A1, SQ_H8), 7);
}

}  // namespace
}  // namespace riposte::testing
