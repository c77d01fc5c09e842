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
  // Development switches for measuring each search feature in games (hidden UCI options).
  bool null_move = true;
  bool reverse_futility = true;
  bool late_move_reductions = true;
  bool qsearch_see_pruning = true;
  bool history_lmr = true;        // history adjusts the LMR reduction
  bool late_move_pruning = true;  // skip late quiets at low depth
  bool futility_pruning = true;   // skip quiets that cannot reach alpha
  bool see_pruning = true;        // skip moves losing material at low depth
  bool history_pruning = true;    // skip quiets with very bad history at low depth
  // Each on only after its SPRT against the engine without it accepted it, or ended at its
  // game cap with a positive LLR (docs/search.md).
  bool singular_extensions = true;  // with multi-cut and negative extensions
  bool correction_history = true;   // static eval corrected by the pawn-structure history
  bool non_pawn_correction = true;  // ... and by each colour's non-pawn pieces
  bool qsearch_pruning = true;      // delta pruning and the move limit in quiescence
  bool store_eval = true;          // the raw eval goes into the TT at a first visit and a stand pat
  bool lmr_captures = true;        // captures are reduced too, by their own table
  bool lmr_tt_pv = true;           // a node that was on a PV reduces a ply less
  bool lmr_noisy_tt_move = true;   // a noisy TT move makes the quiets reduce a ply more
  bool lmr_research_depth = true;  // re-search a ply deeper or shallower by the reduced result
  bool probcut = true;
  bool razoring = true;
  // Details kept by their bundle SPRTs (docs/search.md).
  bool upcoming_repetition = true;         // a move back to an earlier position: at least a draw
  bool history_pruning_conditions = true;  // RFP and null move read the last move's history
  bool improving_four_plies = true;  // improving from four plies back when two back was in check
  bool negative_extension_below_alpha = true;  // a TT move scored at or below alpha: -1 ply
  // The corrected static eval shrinks towards 0 as the 50-move counter grows.
  bool fifty_move_damping = true;
  // Lazy SMP details, each on only when its SPRT on simulated four-thread games (alone
  // against the defaults) ended at its cap with a positive LLR (docs/threads.md).
  bool smp_lmr_threads = true;        // reductions grow with the log of the thread count
  bool smp_depth_skip = true;         // helpers skip some iterations (kSkipSize, kSkipPhase)
  bool smp_shared_correction = true;  // one set of correction histories for all threads
  OrderingSwitches ordering;
};

// Move-ordering statistics (collected only in RIPOSTE_STATS builds): how often the first move
// searched causes the cutoff, and which picker stage produced each cutoff move.
struct OrderingStats {
  std::uint64_t cutoffs = 0;
  std::uint64_t first_move_cutoffs = 0;
  std::uint64_t cutoff_move_number_sum = 0;  // 1 for the first move searched
  std::uint64_t by_stage[int(PickStage::kCount)] = {};

  OrderingStats& operator+=(const OrderingStats& o) {
    cutoffs += o.cutoffs;
    first_move_cutoffs += o.first_move_cutoffs;
    cutoff_move_number_sum += o.cutoff_move_number_sum;
    for (int i = 0; i < int(PickStage::kCount); ++i) by_stage[i] += o.by_stage[i];
    return *this;
  }
};

}  // namespace riposte
