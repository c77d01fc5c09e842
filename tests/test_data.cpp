// SPDX-License-Identifier: GPL-3.0-or-later
#include "tests/test_data.h"

#include <filesystem>
#include <fstream>
#include <sstream>

namespace riposte::testing {

namespace {

// The file name after the last '/', for case names.
std::string base_name(const std::string& path) { return path.substr(path.find_last_of('/') + 1); }

}  // namespace

std::string data_path(const std::string& relative) {
  return std::string(RIPOSTE_DATA_DIR) + "/" + relative;
}

std::string repo_data_path(const std::string& relative) {
  return std::string(RIPOSTE_TEST_DATA_DIR) + "/" + relative;
}

bool shared_data_present(const std::string& relative) {
  return std::filesystem::exists(data_path(relative));
}

std::string missing_shared_data(const std::string& relative) {
  return "missing ../shared/data/" + relative +
         ": the shared test data belongs beside the repository root (docs/testing.md)";
}

std::vector<PerftCase> load_epd_perft(const std::string& path) {
  std::vector<PerftCase> cases;
  std::ifstream in(path);
  std::string line;
  int line_no = 0;
  while (std::getline(in, line)) {
    ++line_no;
    const std::size_t semi = line.find(';');
    if (semi == std::string::npos) continue;
    PerftCase c;
    c.name = base_name(path) + ":" + std::to_string(line_no);
    c.fen = line.substr(0, semi);
    std::istringstream fields(line.substr(semi));
    std::string token;
    while (fields >> token) {
      if (token.size() > 2 && token[0] == ';' && token[1] == 'D') {
        std::uint64_t n;
        fields >> n;
        c.counts.emplace_back(std::stoi(token.substr(2)), n);
      }
    }
    cases.push_back(std::move(c));
  }
  return cases;
}

std::vector<PerftCase> load_block_perft(const std::string& path) {
  std::vector<PerftCase> cases;
  std::ifstream in(path);
  std::string line;
  while (std::getline(in, line)) {
    std::istringstream words(line);
    std::string key;
    words >> key;
    if (key == "id") {
      cases.emplace_back();
      cases.back().name = base_name(path) + ":" + line.substr(3);
    } else if (key == "epd" && !cases.empty()) {
      cases.back().fen = line.substr(4) + " 0 1";
    } else if (key == "perft" && !cases.empty()) {
      int depth;
      std::uint64_t n;
      words >> depth >> n;
      cases.back().counts.emplace_back(depth, n);
    }
  }
  return cases;
}

std::vector<std::string> all_suite_fens() {
  // The order of the files as before the small ones moved into tests/data: tests that sample
  // the list by index see the same positions whenever the shared data is there.
  std::vector<std::string> fens;
  const auto add = [&fens](const std::vector<PerftCase>& cases) {
    for (const PerftCase& c : cases) fens.push_back(c.fen);
  };
  add(load_epd_perft(data_path("perft/perftsuite.epd")));
  add(load_epd_perft(repo_data_path("perft_cpw6.epd")));
  add(load_epd_perft(repo_data_path("perft_special.epd")));
  add(load_block_perft(repo_data_path("tricky.perft")));
  add(load_block_perft(data_path("perft/chess960.perft")));
  return fens;
}

}  // namespace riposte::testing
