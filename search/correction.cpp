// SPDX-License-Identifier: GPL-3.0-or-later
// The correction history in the search: applying it to the static eval, and teaching it what a
// finished search found. The tables themselves are in correction.h.
#include <algorithm>

#include "search/params.h"
#include "search/threads.h"
#include "search/worker.h"

namespace riposte {

using namespace params;

int Worker::corrected_eval(const Position& pos, int raw_eval) const {
  const Color stm = pos.side_to_move();
  // Each table learns the whole error on its own. The blend's weights are what games chose:
  // they sum to 106/64 by default, so agreeing tables correct a little more than either alone.
  const int correction = (correction_->pawn.get(stm, pos.pawn_key()) * CorrectionPawnWeight +
                          (correction_->non_pawn[WHITE].get(stm, pos.non_pawn_key(WHITE)) +
                           correction_->non_pawn[BLACK].get(stm, pos.non_pawn_key(BLACK))) *
                              CorrectionNonPawnWeight) /
                         kCorrectionWeightScale;
  int v = raw_eval + correction;
  // Moves without a capture or a pawn move bring the 50-move draw nearer: an advantage that
  // has not been converted for a while is worth less.
  // (A counter past 100 comes only from a hostile FEN or move list; the game is drawn there.)
  v = v * (FiftyMoveDamping - std::min(pos.rule50(), 100)) / FiftyMoveDamping;
  return std::clamp(v, kValueTbLossInMaxPly + 1, kValueTbWinInMaxPly - 1);
}

void Worker::update_correction(const Position& pos, const Stack* ss, int depth, int best_value,
                               Move best_move, int beta) {
  if (ss->raw_eval == kValueNone || is_decisive(best_value)) return;
  // A capture's score says more about the material won than about the position's structure.
  if (best_move && pos.is_noisy(best_move)) return;
  // A fail high proves only a lower bound, a fail low only an upper bound: learn only when
  // that bound lies on the far side of the static eval.
  if (best_value >= beta && best_value <= ss->static_eval) return;
  if (!best_move && best_value >= ss->static_eval) return;
  const Color stm = pos.side_to_move();
  const int error = best_value - ss->raw_eval;
  correction_->pawn.update(stm, pos.pawn_key(), depth, error, CorrectionMaxError,
                           CorrectionMaxWeight);
  for (const Color c : {WHITE, BLACK})
    correction_->non_pawn[c].update(stm, pos.non_pawn_key(c), depth, error, CorrectionMaxError,
                                    CorrectionMaxWeight);
}

}  // namespace riposte
