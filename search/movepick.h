// Baseline move ordering: TT move, captures by MVV-LVA, then quiet moves in generation order.
// This is the reference the staged MovePicker is measured against.
#pragma once

#include "movegen/movegen.h"

namespace riposte {

class BaselinePicker {
 public:
  // captures_only: the quiescence variant (TT move only if noisy, then captures and queen
  // promotions). Out of check the main variant yields every legal move; in check every evasion.
  BaselinePicker(const Position& pos, Move tt_move, bool captures_only);
  Move next();

 private:
  enum Stage { kTT, kGenCaptures, kCaptures, kGenQuiets, kQuiets, kDone };
  Move pick_best();

  const Position& pos_;
  Move tt_move_;
  bool captures_only_;
  Stage stage_;
  ExtMove moves_[kMaxMoves];
  ExtMove* cur_ = moves_;
  ExtMove* end_ = moves_;
};

}  // namespace riposte
