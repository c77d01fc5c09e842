// SPDX-License-Identifier: GPL-3.0-or-later
// The staged MovePicker: yields moves best-first while generating as late as possible.
//
// Main search:  TT move, good captures (SEE >= 0, or a threshold moved by capture history;
//               by victim + capture history), killer 1, killer 2, countermove, quiets
//               (butterfly, continuation, pawn-structure and low-ply histories, plus bonuses
//               for checks and threat escapes; partially sorted), bad captures.
// Evasions:     TT move, then every evasion scored (captures first).
// Quiescence:   TT move if noisy, then captures and queen promotions by score.
// ProbCut:      TT move if noisy and SEE >= threshold, then such captures.
//
// TT move, killers and countermove are checked pseudo-legal and legal before they are returned,
// without generating; a move is never returned twice. All generated moves are legal.
#pragma once

#include <cstdint>

#include "movegen/movegen.h"
#include "search/history.h"

namespace riposte {

#ifdef RIPOSTE_STATS
inline constexpr bool kSearchStats = true;
#else
inline constexpr bool kSearchStats = false;
#endif

// Where a move came from, for the cutoff statistics.
enum class PickStage : std::uint8_t {
  kTT,
  kGoodCapture,
  kKiller,
  kCounterMove,
  kQuiet,
  kBadCapture,
  kEvasion,
  kCount
};

class MovePicker {
 public:
  struct Main {};
  struct QSearch {};
  struct ProbCut {};

  // Main search, in or out of check. ctx gives the previous move (for the countermove) and the
  // continuation tables selected by earlier moves. `excluded` (the TT move of a
  // singular-extension search) is never returned.
  MovePicker(Main, const Position& pos, Move tt_move, int depth, const HistoryTables& h,
             const OrderingContext& ctx, const Killers& killers, const OrderingSwitches& sw,
             Move excluded = Move::none());
  // Quiescence search: noisy moves only (every evasion when in check, scored with the first
  // continuation table of ctx).
  MovePicker(QSearch, const Position& pos, Move tt_move, const HistoryTables& h,
             const OrderingContext& ctx, const OrderingSwitches& sw);
  // ProbCut: noisy moves whose SEE is at least `threshold`.
  MovePicker(ProbCut, const Position& pos, Move tt_move, int threshold, const HistoryTables& h,
             const OrderingSwitches& sw);
  MovePicker(const MovePicker&) = delete;
  MovePicker& operator=(const MovePicker&) = delete;

  // The next move, or Move::none() when done. skip_quiets drops the remaining quiet moves
  // (late-move pruning), but not killers already queued, nor bad captures.
  Move next(bool skip_quiets = false);
  PickStage last_stage() const { return last_stage_; }

 private:
  enum Stage : std::uint8_t {
    kMainTT,
    kCaptureInit,
    kGoodCaptures,
    kKiller1,
    kKiller2,
    kCounterMoveStage,
    kQuietInit,
    kQuiets,
    kBadCaptures,
    kEvasionTT,
    kEvasionInit,
    kEvasions,
    kQSearchTT,
    kQCaptureInit,
    kQCaptures,
    kProbCutTT,
    kProbCutInit,
    kProbCutMoves,
    kDone
  };

  void score_captures();
  void score_quiets();
  // The SEE a capture needs to count as good: 0, or moved by its capture history.
  int good_capture_threshold(Move m) const;
  void score_evasions();
  // Selects the best remaining move of [cur_, end_) and moves it to cur_.
  ExtMove* select_best();
  bool usable_refutation(Move m) const;
  void advance() { stage_ = Stage(stage_ + 1); }
  bool is_refutation(Move m) const {
    return m == refutations_[0] || m == refutations_[1] || m == refutations_[2];
  }

  const Position& pos_;
  const HistoryTables& history_;
  const OrderingSwitches switches_;
  OrderingContext ctx_{};
  Move tt_move_;              // also the excluded move, which every stage skips
  Move refutations_[3] = {};  // killer 1, killer 2, countermove
  int depth_ = 0;
  int threshold_ = 0;
  Stage stage_ = kDone;
  PickStage last_stage_ = PickStage::kTT;
  ExtMove* cur_ = nullptr;
  ExtMove* end_ = nullptr;
  ExtMove* end_bad_ = nullptr;  // bad captures are kept at the front, replayed last
  RawArray<ExtMove, kMaxMoves> moves_;
};

}  // namespace riposte
