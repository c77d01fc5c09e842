// SPDX-License-Identifier: GPL-3.0-or-later
#include "search/tt.h"

#include "gtest/gtest.h"

namespace riposte::testing {
namespace {

TEST(TranspositionTable, StoresAndProbesEveryField) {
  TranspositionTable tt;
  ASSERT_TRUE(tt.resize(1).ok());
  const Key key = 0x123456789ABCDEF0ULL;
  const Move move = Move::make<PROMOTION>(SQ_B7, SQ_A8, QUEEN);
  tt.store(key, move, -31990, -250, 17, BOUND_LOWER);
  TTData d{};
  ASSERT_TRUE(tt.probe(key, d));
  EXPECT_EQ(d.move, move);
  EXPECT_EQ(d.value, -31990);
  EXPECT_EQ(d.eval, -250);
  EXPECT_EQ(d.depth, 17);
  EXPECT_EQ(d.bound, BOUND_LOWER);
  EXPECT_FALSE(tt.probe(key ^ 1, d));  // full 64-bit verification
  tt.store(key, Move::none(), 12, kValueNone, 0, BOUND_UPPER);
  ASSERT_TRUE(tt.probe(key, d));
  EXPECT_EQ(d.move, move) << "a move-less store keeps the known move";
  EXPECT_EQ(d.depth, 17) << "a shallow non-exact store does not overwrite a deep entry";
  tt.store(key, Move::none(), 12, kValueNone, 0, BOUND_EXACT);
  ASSERT_TRUE(tt.probe(key, d));
  EXPECT_EQ(d.depth, 0);
  EXPECT_EQ(d.eval, kValueNone);
  EXPECT_EQ(d.move, move);
}

TEST(TranspositionTable, ReplacesShallowAndOldEntriesFirst) {
  TranspositionTable tt;
  ASSERT_TRUE(tt.resize(1).ok());
  // The cluster index comes from the key's high bits: these keys share one cluster.
  auto key = [](int i) { return (Key(7) << 60) | Key(i); };
  TTData d{};
  for (int i = 0; i < 4; ++i) tt.store(key(i), Move::none(), 0, 0, 10 + i, BOUND_EXACT);
  tt.store(key(4), Move::none(), 0, 0, 20, BOUND_EXACT);  // evicts the shallowest, depth 10
  EXPECT_FALSE(tt.probe(key(0), d));
  EXPECT_TRUE(tt.probe(key(4), d));
  tt.new_search();
  tt.new_search();
  tt.store(key(5), Move::none(), 0, 0, 2, BOUND_EXACT);  // all old: evicts depth 11
  EXPECT_FALSE(tt.probe(key(1), d));
  tt.store(key(6), Move::none(), 0, 0, 1, BOUND_EXACT);
  // An old depth-12 entry goes before the current depth-2 one: age outweighs depth.
  EXPECT_FALSE(tt.probe(key(2), d));
  EXPECT_TRUE(tt.probe(key(5), d));
  EXPECT_TRUE(tt.probe(key(6), d));
}

TEST(TranspositionTable, HashfullCountsCurrentEntriesAndClearEmpties) {
  TranspositionTable tt;
  ASSERT_TRUE(tt.resize(1).ok());
  EXPECT_EQ(tt.hashfull(), 0);
  for (Key k = 1; k < 200000; ++k)
    tt.store(k * 0x9E3779B97F4A7C15ULL, Move::none(), 0, 0, 1, BOUND_EXACT);
  EXPECT_GT(tt.hashfull(), 900);
  tt.new_search();
  EXPECT_EQ(tt.hashfull(), 0);  // older generation does not count
  tt.clear();
  TTData d{};
  EXPECT_FALSE(tt.probe(1 * 0x9E3779B97F4A7C15ULL, d));
}

TEST(TranspositionTable, FailedResizeKeepsTheOldTable) {
  TranspositionTable tt;
  ASSERT_TRUE(tt.resize(2).ok());
  tt.store(42, Move::none(), 7, 0, 3, BOUND_EXACT);
  const absl::Status s = tt.resize(std::size_t(1) << 40);  // 1 EB: no machine has it
  EXPECT_EQ(s.code(), absl::StatusCode::kResourceExhausted);
  EXPECT_EQ(tt.size_mb(), 2u);
  TTData d{};
  EXPECT_TRUE(tt.probe(42, d));
}

TEST(Values, MateScoresAreStoredRelativeToTheNode) {
  const int mate_from_root = mate_in(7);  // found at ply 3: mate 4 plies below the node
  const int stored = value_to_tt(mate_from_root, 3);
  EXPECT_EQ(stored, mate_in(4));
  EXPECT_EQ(value_from_tt(stored, 5, 0), mate_in(9));  // reached again at ply 5
  EXPECT_EQ(value_from_tt(value_to_tt(mated_in(6), 2), 2, 0), mated_in(6));
  EXPECT_EQ(value_from_tt(123, 9, 0), 123);
  // Near the 50-move limit a stored mate may be out of reach: capped below the mate range.
  EXPECT_EQ(value_from_tt(mate_in(10), 0, 95), kValueMateInMaxPly - 1);
}

}  // namespace
}  // namespace riposte::testing
