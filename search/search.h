// SPDX-License-Identifier: GPL-3.0-or-later
// Types shared by the search threads and their caller: root moves, reports, switches.
#pragma once

#include <cstdint>
#include <functional>
#include <vector>

#include "movegen/types.h"
#include "search/picker.h"
#include "search/value.h"

namespace riposte {

struct RootMove {
  explicit RootMove(Move m) : pv{m} {}
  Move move() const { return pv[0]; }
  // This iteration's score once searched, else the last completed one's.
  int reported_score() const { return score != -kValueInfinite ? score : previous_score; }
  int score = -kValueInfinite;           // this iteration's score, -infinite if not searched
  int previous_score = -kValueInfinite;  // last completed iteration's score
  int display_score = -kValueInfinite;   // what to report (may be a bound)
  Bound display_bound = BOUND_EXACT;
  int seldepth = 0;
  std::uint64_t effort = 0;  // nodes this thread spent under the move, over all iterations
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
  std::uint64_t tb_hits = 0;
  std::int64_t time_ms = 0;
  int hashfull = 0;
  std::vector<Move> pv;
};

// How search results reach the front end. Called from the main search thread.
struct SearchListener {
  std::function<void(const SearchReport&)> on_report;
  std::function<void(Move best, Move ponder)> on_bestmove;
};

// UCI_LimitStrength and UCI_Elo (search/strength.h turns them into a search).
inline constexpr int kStrengthMinElo = 1320;
inline constexpr int kStrengthMaxElo = 2600;
struct StrengthLimit {
  bool enabled = false;
  int elo = kStrengthMinElo;
};

// Search options that change play, set from UCI options.
struct SearchOptions {
  int multipv = 1;
  std::int64_t move_overhead = 10;
  bool ponder = false;  // the Ponder option: we may think on the opponent's time
  StrengthLimit strength;
  // Syzygy probing (the tables themselves are loaded once for all searches: syzygy.h).
  int syzygy_probe_depth = 1;       // search probes need this depth at the tables' largest size
  int syzygy_probe_limit = 7;       // never probe positions with more pieces
  bool syzygy_50_move_rule = true;  // cursed wins and blessed losses are draws
  // The move-ordering heuristics, each behind a switch so that what each is worth can be
  // measured in games (docs/ordering.md); every other search feature always runs.
  OrderingSwitches ordering;
};

// Search statistics (collected only in RIPOSTE_STATS builds): how often the first move searched
// causes the cutoff, which picker stage produced each cutoff move, and how often a
// transposition-table probe finds its position (main search and quiescence together).
struct SearchStats {
  std::uint64_t cutoffs = 0;
  std::uint64_t first_move_cutoffs = 0;
  std::uint64_t cutoff_move_number_sum = 0;  // 1 for the first move searched
  std::uint64_t by_stage[int(PickStage::kCount)] = {};
  std::uint64_t tt_probes = 0;
  std::uint64_t tt_hits = 0;

  SearchStats& operator+=(const SearchStats& o) {
    cutoffs += o.cutoffs;
    first_move_cutoffs += o.first_move_cutoffs;
    cutoff_move_number_sum += o.cutoff_move_number_sum;
    for (int i = 0; i < int(PickStage::kCount); ++i) by_stage[i] += o.by_stage[i];
    tt_probes += o.tt_probes;
    tt_hits += o.tt_hits;
    return *this;
  }
};

}  // namespace riposte
