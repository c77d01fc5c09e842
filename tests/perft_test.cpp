// SPDX-License-Identifier: GPL-3.0-or-later
// Perft over every suite, each count up to a node budget so CI stays fast: the small files in
// tests/data always, the large shared ones when ../shared/data is there.
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

// Checks every count up to `budget` nodes; returns how many counts were compared.
int check_cases(const std::vector<PerftCase>& cases, bool chess960, std::uint64_t budget) {
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

// A perft file, the number of positions it holds, and the least number of counts it
// must yield within its budget (so a shrunken file or a skipped depth is noticed).
struct PerftFile {
  const char* name;
  std::vector<PerftCase> (*load)(const std::string& relative);
  const char* path;
  std::size_t positions;
  bool chess960;
  int min_checked;
  std::uint64_t budget_divisor;  // a large file gets a smaller share of the budget per count
  bool shared;                   // under ../shared/data, else under tests/data
};

// ctest names each instance after its printed parameter: the path, not the struct's bytes.
void PrintTo(const PerftFile& f, std::ostream* os) { *os << f.path; }

class PerftFiles : public ::testing::TestWithParam<PerftFile> {};

TEST_P(PerftFiles, CountsMatch) {
  const PerftFile& f = GetParam();
  if (f.shared) RIPOSTE_REQUIRE_SHARED_DATA(f.path);
  const auto cases = f.load(f.shared ? data_path(f.path) : repo_data_path(f.path));
  ASSERT_EQ(cases.size(), f.positions) << f.path;
  EXPECT_GE(check_cases(cases, f.chess960, node_budget() / f.budget_divisor), f.min_checked);
}

INSTANTIATE_TEST_SUITE_P(
    Shared, PerftFiles,
    ::testing::Values(
        PerftFile{"EtherealStandardSuite", load_epd_perft, "perft/perftsuite.epd", 128, false, 600,
                  1, true},
        PerftFile{"ChessProgrammingWikiPositions", load_epd_perft, "perft_cpw6.epd", 7, false, 25,
                  1, false},
        PerftFile{"SpecialCases", load_epd_perft, "perft_special.epd", 35, false, 35, 1, false},
        PerftFile{"TrickyPositions", load_block_perft, "tricky.perft", 19, false, 40, 1, false},
        PerftFile{"Chess960", load_block_perft, "perft/chess960.perft", 960, true, 960 * 4, 1,
                  true},
        // 6,838 positions: CI checks every one up to a tenth of the budget.
        PerftFile{"RandomPositions", load_block_perft, "perft/random.perft", 6838, false, 6838 * 3,
                  10, true}),
    [](const ::testing::TestParamInfo<PerftFile>& info) { return std::string(info.param.name); });

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
