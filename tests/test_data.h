// Loading of the shared perft and EPD files used by several tests.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace riposte::testing {

struct PerftCase {
  std::string name;  // file:line or id, shown when a count is wrong
  std::string fen;
  std::vector<std::pair<int, std::uint64_t>> counts;  // (depth, leaf count)
};

// Path of a file under ../shared/data (set at configure time).
std::string data_path(const std::string& relative);

// `FEN ;D1 n ;D2 n ...` lines (perftsuite.epd, perft_cpw6.epd, perft_special.epd).
std::vector<PerftCase> load_epd_perft(const std::string& relative);
// python-chess blocks: `id NAME`, `epd FEN`, `perft D N` (tricky, chess960, random).
std::vector<PerftCase> load_block_perft(const std::string& relative);
// Every position (first four FEN fields plus counters) of every perft file.
std::vector<std::string> all_suite_fens();

}  // namespace riposte::testing
