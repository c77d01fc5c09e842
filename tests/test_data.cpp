#include "tests/test_data.h"

#include <fstream>
#include <sstream>

namespace riposte::testing {

std::string data_path(const std::string& relative) {
  return std::string(RIPOSTE_DATA_DIR) + "/" + relative;
}

std::vector<PerftCase> load_epd_perft(const std::string& relative) {
  std::vector<PerftCase> cases;
  std::ifstream in(data_path(relative));
  std::string line;
  int line_no = 0;
  while (std::getline(in, line)) {
    ++line_no;
    const std::size_t semi = line.find(';');
    if (semi == std::string::npos) continue;
    PerftCase c;
    c.name = relative + ":" + std::to_string(line_no);
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

std::vector<PerftCase> load_block_perft(const std::string& relative) {
  std::vector<PerftCase> cases;
  std::ifstream in(data_path(relative));
  std::string line;
  while (std::getline(in, line)) {
    std::istringstream words(line);
    std::string key;
    words >> key;
    if (key == "id") {
      cases.emplace_back();
      cases.back().name = relative + ":" + line.substr(3);
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
  std::vector<std::string> fens;
  for (const char* f : {"perft/perftsuite.epd", "perft/perft_cpw6.epd", "perft/perft_special.epd"})
    for (const PerftCase& c : load_epd_perft(f)) fens.push_back(c.fen);
  for (const char* f : {"perft/tricky.perft", "perft/chess960.perft"})
    for (const PerftCase& c : load_block_perft(f)) fens.push_back(c.fen);
  return fens;
}

}  // namespace riposte::testing
