// SPDX-License-Identifier: GPL-3.0-or-later
// The correction history in the search: applying it to the static eval, and teaching it what a
// finished search found. The tables themselves are in correction.h.
#include <algorithm>

#include "search/params.h"
#include "search/threads.h"
#include "search/worker.h"

namespace riposte {

using namespace params;

namespace {

// The last two moves, when both were real moves: the continuation table's index.
template <class Stack>
bool last_two_moves(const Stack* ss) {
  return (ss - 1)->move.is_ok() && (ss - 2)->move.is_ok();
}

}  // namespace

int Worker::correction(const Position& pos, const Stack* ss) const {
  const Color stm = pos.side_to_move();
  const int continuation =
      last_two_moves(ss) ? correction_->continuation.get((ss - 2)->moved_piece, (ss - 2)->move.to(),
                                                         (ss - 1)->moved_piece, (ss - 1)->move.to())
                         : 0;
  // The tables learn what the blend leaves over, so their weights set how fast each learns
  // rather than how far the blend can reach.
  return (correction_->pawn.get(stm, pos.pawn_key()) * CorrectionPawnWeight +
          (correction_->non_pawn[WHITE].get(stm, pos.non_pawn_key(WHITE)) +
           correction_->non_pawn[BLACK].get(stm, pos.non_pawn_key(BLACK))) *
              CorrectionNonPawnWeight +
          continuation * CorrectionContinuationWeight) /
         kCorrectionWeightScale;
}

int Worker::corrected_eval(const Position& pos, const Stack* ss, int raw_eval) const {
  int v = raw_eval + correction(pos, ss);
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
  // Against the blend as it stands now, before the fifty-move damping.
  const int residual = best_value - (ss->raw_eval + correction(pos, ss));
  correction_->pawn.update(stm, pos.pawn_key(), depth, residual, CorrectionMaxError,
                           CorrectionMaxWeight);
  for (const Color c : {WHITE, BLACK})
    correction_->non_pawn[c].update(stm, pos.non_pawn_key(c), depth, residual, CorrectionMaxError,
                                    CorrectionMaxWeight);
  if (last_two_moves(ss))
    correction_->continuation.update((ss - 2)->moved_piece, (ss - 2)->move.to(),
                                     (ss - 1)->moved_piece, (ss - 1)->move.to(), depth, residual,
                                     CorrectionMaxError, CorrectionMaxWeight);
}

}  // namespace riposte
