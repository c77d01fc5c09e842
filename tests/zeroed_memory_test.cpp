// SPDX-License-Identifier: GPL-3.0-or-later
// Zeroed tables: they read as zero when new and after clear(), whatever was written, and the
// program's count of zeroed bytes follows every allocation and release.
#include "movegen/zeroed_memory.h"

#include <cstdint>

#include "gtest/gtest.h"
#include "nnue-free-eval/evaluate.h"

namespace riposte::testing {
namespace {

struct Table {
  std::int32_t a[1000];
  std::int16_t b[3][70000];  // several pages
};

bool all_zero(const Table& t) {
  for (const std::int32_t v : t.a)
    if (v) return false;
  for (const auto& row : t.b)
    for (const std::int16_t v : row)
      if (v) return false;
  return true;
}

TEST(ZeroedMemory, NewAndClearedTablesReadZero) {
  Zeroed<Table> t;
  EXPECT_TRUE(all_zero(*t));
  t->a[0] = 7;
  t->a[999] = -1;
  for (auto& row : t->b) row[69999] = 5;
  t->b[1][12345] = 9;
  EXPECT_FALSE(all_zero(*t));
  t.clear();
  EXPECT_TRUE(all_zero(*t));
  t->b[2][0] = 3;  // still usable after the clear
  EXPECT_EQ(t->b[2][0], 3);
}

TEST(ZeroedMemory, ArrayElementsAreIndependent) {
  ZeroedArray<std::uint64_t> a(100000);
  ASSERT_EQ(a.size(), 100000u);
  for (std::size_t i = 0; i < a.size(); i += 997) a[i] = i + 1;
  for (std::size_t i = 0; i < a.size(); ++i) ASSERT_EQ(a[i], i % 997 ? 0 : i + 1) << i;
  a.clear();
  for (std::size_t i = 0; i < a.size(); i += 997) ASSERT_EQ(a[i], 0u) << i;
}

TEST(ZeroedMemory, BytesInUseFollowEveryBlock) {
  const std::size_t before = zeroed::bytes_in_use();
  {
    ZeroedArray<std::int16_t> a(5000);
    EXPECT_EQ(zeroed::bytes_in_use(), before + 10000);
    {
      Zeroed<Table> t;
      EXPECT_EQ(zeroed::bytes_in_use(), before + 10000 + sizeof(Table));
      t.clear();  // clearing keeps the block
      EXPECT_EQ(zeroed::bytes_in_use(), before + 10000 + sizeof(Table));
    }
    EXPECT_EQ(zeroed::bytes_in_use(), before + 10000);
  }
  EXPECT_EQ(zeroed::bytes_in_use(), before);
}

// The caches' empty state is zero bytes. A king on a1 without castling rights made shelter key
// 0 before the key was offset, so an empty entry would have answered for it with a zero score.
TEST(ZeroedMemory, EmptyPawnCacheNeverAnswersForAKingOnA1) {
  const Position pos = *Position::from_fen("8/8/8/8/8/2p5/1PP5/K6k w - - 0 1");
  eval::PawnCache cache;
  const int uncached = eval::evaluate(pos);
  EXPECT_EQ(eval::evaluate(pos, cache), uncached);
  EXPECT_EQ(eval::evaluate(pos, cache), uncached);  // now from the cache
  cache.clear();
  EXPECT_EQ(eval::evaluate(pos, cache), uncached);
}

}  // namespace
}  // namespace riposte::testing
