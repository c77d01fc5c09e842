// SPDX-License-Identifier: GPL-3.0-or-later
// The UCI front end: reads commands, keeps the game state, and drives the search threads.
// Commands are read on the caller's thread while the search runs on its own, so `isready`,
// `stop` and `quit` are answered at any moment.
#pragma once

#include <istream>
#include <ostream>
#include <string>
#include <string_view>
#include <vector>

#include "absl/strings/string_view.h"
#include "engine/options.h"
#include "engine/output.h"
#include "movegen/position.h"
#include "search/search.h"
#include "search/threads.h"
#include "search/tt.h"

namespace riposte {

class Uci {
 public:
  static constexpr int kDefaultHashMb = 16;

  // dev_options: list the development switches in the `uci` reply (riposte --dev). hash_mb:
  // the Hash option's default (the fuzzer makes thousands of engines a minute with 1 MB).
  explicit Uci(std::ostream& out, bool dev_options = false, int hash_mb = kDefaultHashMb);
  ~Uci();

  // Reads commands until `quit` or end of input.
  void loop(std::istream& in);
  // Executes one command line; returns false once the engine should exit.
  bool execute(std::string_view line);
  // Blocks until the running search (if any) has printed its bestmove.
  void wait_for_search() { pool_.wait(); }
  // The position the next `go` searches (for tests and fuzzing).
  const Position& position() const { return pos_; }

 private:
  void cmd_uci();
  void cmd_setoption(std::string_view line);
  void cmd_position(const std::vector<std::string>& tokens);
  void cmd_go(const std::vector<std::string>& tokens);
  void cmd_perft(const std::vector<std::string>& tokens);
  void cmd_bench(const std::vector<std::string>& tokens);
  // OpenBench's SPSA input, one line per search parameter (tuning builds only).
  void cmd_spsa();
  void error(absl::string_view message);
  void finish_search();
  // How a search's info lines are written: fixed when the `go` arrives.
  struct ReportStyle {
    bool chess960 = false;
    bool show_wdl = false;
    int material = 0;  // the root's, for the WDL model
  };
  void print_report(const SearchReport& r, const ReportStyle& style);

  Output out_;
  Options options_;
  TranspositionTable tt_;
  ThreadPool pool_;
  SearchOptions search_options_;
  Position pos_;
};

}  // namespace riposte
