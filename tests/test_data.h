// SPDX-License-Identifier: GPL-3.0-or-later
// Test data: a few small perft files in tests/data (always there) and the large shared files in
// ../shared/data beside the repository root, which a clone alone does not have.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "gtest/gtest.h"

namespace riposte::testing {

struct PerftCase {
  std::string name;  // file:line or id, shown when a count is wrong
  std::string fen;
  std::vector<std::pair<int, std::uint64_t>> counts;  // (depth, leaf count)
};

// Path of a file or folder under ../shared/data (set at configure time).
std::string data_path(const std::string& relative);
// Path of a file under tests/data.
std::string repo_data_path(const std::string& relative);
// Whether ../shared/data/<relative> exists, and the one line a test skips with when it does not.
bool shared_data_present(const std::string& relative);
std::string missing_shared_data(const std::string& relative);

// `FEN ;D1 n ;D2 n ...` lines (perftsuite.epd, perft_cpw6.epd, perft_special.epd), by full path.
std::vector<PerftCase> load_epd_perft(const std::string& path);
// python-chess blocks: `id NAME`, `epd FEN`, `perft D N` (tricky, chess960, random), by full path.
std::vector<PerftCase> load_block_perft(const std::string& path);
// Every position of every perft file: those in tests/data, and the shared ones when present.
std::vector<std::string> all_suite_fens();

}  // namespace riposte::testing

// Skips the current test (or, in SetUp, the fixture's tests) without ../shared/data/<relative>.
#define RIPOSTE_REQUIRE_SHARED_DATA(relative)             \
  if (!::riposte::testing::shared_data_present(relative)) \
  GTEST_SKIP() << ::riposte::testing::missing_shared_data(relative)
