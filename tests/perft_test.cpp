// Perft over every shared suite, each count up to a node budget so CI stays fast.
// RIPOSTE_PERFT_MAX_NODES raises the budget (tools/deep-perft runs the full depths).
#include "movegen/perft.h"

#include <cstdlib>

#include "gtest/gtest.h"
#include "tests/test_data.h"

namespace riposte::testing {
namespace {

std::uint64_t node_budget() {
  const char* env = std::getenv("RIPOSTE_PERFT_MAX_NODES");
  return env ? std::strtoull(env, nullptr, 10) : 2'000'000;
}

// Checks every count within budget; returns how many counts were compared.
int check_cases(const std::vector<PerftCase>& cases, bool chess960) {
  const std::uint64_t budget = node_budget();
  int checked = 0;
  for (const PerftCase& c : cases) {
    auto pos = Position::from_fen(c.fen, chess960);
    EXPECT_TRUE(pos.ok()) << c.name << ": " << pos.status();
    if (!pos.ok()) continue;
    for (const auto& [depth, expected] : c.counts) {
      if (expected > budget) continue;
      EXPECT_EQ(perft(*pos, depth), expected) << c.name << " depth " << depth << " " << c.fen;
      ++checked;
    }
    EXPECT_EQ(pos->fen(), Position::from_fen(c.fen, chess960)->fen()) << "perft changed the board";
  }
  return checked;
}

TEST(Perft, EtherealStandardSuite) {
  const auto cases = load_epd_perft("perft/perftsuite.epd");
  ASSERT_EQ(cases.size(), 128u) << "missing ../shared/data/perft/perftsuite.epd";
  EXPECT_GE(check_cases(cases, false), 600);
}

TEST(Perft, ChessProgrammingWikiPositions) {
  const auto cases = load_epd_perft("perft/perft_cpw6.epd");
  ASSERT_EQ(cases.size(), 7u);
  EXPECT_GE(check_cases(cases, false), 25);
}

TEST(Perft, SpecialCases) {
  const auto cases = load_epd_perft("perft/perft_special.epd");
  ASSERT_EQ(cases.size(), 35u);
  EXPECT_GE(check_cases(cases, false), 35);
}

TEST(Perft, TrickyPositions) {
  const auto cases = load_block_perft("perft/tricky.perft");
  ASSERT_EQ(cases.size(), 19u);
  EXPECT_GE(check_cases(cases, false), 40);
}

TEST(Perft, Chess960) {
  const auto cases = load_block_perft("perft/chess960.perft");
  ASSERT_EQ(cases.size(), 960u);
  EXPECT_GE(check_cases(cases, true), 960 * 4);
}

TEST(Perft, RandomPositions) {
  auto cases = load_block_perft("perft/random.perft");
  ASSERT_EQ(cases.size(), 6838u);
  // The full file holds 6,838 positions; CI checks every one up to a tenth of the budget.
  for (PerftCase& c : cases)
    std::erase_if(c.counts, [](const auto& dc) { return dc.second > node_budget() / 10; });
  EXPECT_GE(check_cases(cases, false), 6838 * 3);
}

TEST(Perft, DivideSumsToPerft) {
  Position pos = Position::start_position();
  std::uint64_t sum = 0;
  const auto divide = perft_divide(pos, 4);
  for (const auto& [move, n] : divide) sum += n;
  EXPECT_EQ(divide.size(), 20u);
  EXPECT_EQ(sum, 197281u);
}

}  // namespace
}  // namespace riposte::testing
