// Types shared by the search threads and their caller: root moves, reports, switches.
#pragma once

#include <cstdint>
#include <functional>
#include <vector>

#include "movegen/types.h"
#include "search/value.h"

namespace riposte {

struct RootMove {
  explicit RootMove(Move m) : pv{m} {}
  Move move() const { return pv[0]; }
  int score = -kValueInfinite;           // this iteration's score, -infinite if not searched
  int previous_score = -kValueInfinite;  // last completed iteration's score
  int display_score = -kValueInfinite;   // what to report (may be a bound)
  Bound display_bound = BOUND_EXACT;
  int seldepth = 0;
  std::vector<Move> pv;
};

// One `info` line's worth of data.
struct SearchReport {
  int depth = 0;
  int seldepth = 0;
  int multipv = 1;
  int score = 0;
  Bound bound = BOUND_EXACT;  // BOUND_LOWER / BOUND_UPPER when an aspiration window failed
  std::uint64_t nodes = 0;
  std::int64_t time_ms = 0;
  int hashfull = 0;
  std::vector<Move> pv;
};

// How search results reach the front end. Called from the main search thread.
struct SearchListener {
  std::function<void(const SearchReport&)> on_report;
  std::function<void(Move best, Move ponder)> on_bestmove;
};

// Search options that change play, set from UCI options.
struct SearchOptions {
  int multipv = 1;
  std::int64_t move_overhead = 10;
  // Development switches for measuring each search feature in games (hidden UCI options).
  bool null_move = true;
  bool reverse_futility = true;
  bool late_move_reductions = true;
  bool qsearch_see_pruning = true;
};

}  // namespace riposte
