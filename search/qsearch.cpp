// SPDX-License-Identifier: GPL-3.0-or-later
// Quiescence search: captures (all evasions in check) until the position is quiet.
#include <algorithm>

#include "movegen/see.h"
#include "nnue-free-eval/evaluate.h"
#include "search/params.h"
#include "search/picker.h"
#include "search/threads.h"
#include "search/worker.h"

namespace riposte {

using namespace params;

template <Worker::NodeType NT>
int Worker::qsearch(Position& pos, Stack* ss, int alpha, int beta) {
  constexpr bool pv_node = NT == kPV;
  const int ply = ss->ply;
  if (pv_node) {
    pv_->length[ply] = ply;
    seldepth_ = std::max(seldepth_, ply + 1);
  }
  count_node();
  if (pool_.stopped()) return 0;
  const bool in_check = pos.checkers();
  if (is_draw(pos, ply)) return kValueDraw;
  if (ply >= kMaxPly) return in_check ? kValueDraw : eval::evaluate(pos, pawn_cache_, eval_cache_);
  const SearchOptions& opt = pool_.options();
  if (alpha < kValueDraw && pos.upcoming_repetition(ply)) {
    alpha = kValueDraw;
    if (alpha >= beta) return alpha;
  }

  TTData tte{};
  const Key key = pos.key();
  const bool tt_hit = pool_.tt().probe(key, tte);
  if constexpr (kSearchStats) count_tt_probe(tt_hit);
  const int tt_value = tt_hit ? value_from_tt(tte.value, ply, pos.rule50()) : kValueNone;
  if (!pv_node && tt_hit && tt_value != kValueNone &&
      (tte.bound & (tt_value >= beta ? BOUND_LOWER : BOUND_UPPER)))
    return tt_value;
  const bool tt_pv = pv_node || (tt_hit && tte.pv);

  int best_value = -kValueInfinite;
  if (!in_check) {
    const bool tt_eval = tt_hit && tte.eval != kValueNone;
    ss->raw_eval = tt_eval ? tte.eval : eval::evaluate(pos, pawn_cache_, eval_cache_);
    ss->static_eval = best_value = corrected_eval(pos, ss, ss->raw_eval);
    if (tt_value != kValueNone && (tte.bound & (tt_value > best_value ? BOUND_LOWER : BOUND_UPPER)))
      best_value = tt_value;
    // Stand pat: the side to move may decline every capture.
    if (best_value >= beta) {
      // Keep the evaluation for the next visit, which would otherwise compute it again.
      if (!tt_hit)
        pool_.tt().store(key, Move::none(), value_to_tt(best_value, ply), ss->raw_eval, 0,
                         BOUND_LOWER, tt_pv);
      return best_value;
    }
    alpha = std::max(alpha, best_value);
  } else {
    ss->static_eval = ss->raw_eval = kValueNone;
  }

  // Evasions are scored by quiet history, which reads the threats.
  OrderingContext ctx = context(pos, ss, 1);
  if (in_check && opt.ordering.threats) ctx.threats = threats_against_side_to_move(pos);
  MovePicker picker(MovePicker::QSearch{}, pos, tt_hit ? tte.move : Move::none(), *history_, ctx,
                    opt.ordering);
  // Delta pruning works from the stand-pat score plus a safety margin.
  const int futility_base = in_check ? kValueNone : ss->static_eval + QsFutilityMargin;
  const Square recapture_square = (ss - 1)->move.is_ok() ? (ss - 1)->move.to() : SQ_NONE;
  Move best_move = Move::none();
  int move_count = 0, quiet_evasions = 0;
  while (const Move m = picker.next()) {
    ++move_count;
    if (!in_check && best_value > kValueTbLossInMaxPly && m.type() != PROMOTION &&
        m.to() != recapture_square && !pos.gives_check(m)) {
      // Captures come best first: past the first few, the rest rarely matter.
      if (move_count > QsMoveLimit) continue;
      // Even winning the captured piece for free cannot lift us to alpha.
      const int futility = futility_base + kSeeValue[pos.captured_type(m)];
      if (futility <= alpha) {
        best_value = std::max(best_value, futility);
        continue;
      }
      // Already short of alpha, and the capture does not win material.
      if (futility_base <= alpha && !pos.see_ge(m, 1)) {
        best_value = std::max(best_value, futility_base);
        continue;
      }
    }
    // Captures that lose material cannot raise a stand-pat score. In check, once an evasion
    // has kept us out of a proven loss, neither a losing evasion nor a quiet one past the
    // first `QsQuietEvasions` is likely to do better (Stockfish 15.1's rule).
    if (best_value > kValueTbLossInMaxPly) {
      if (!pos.see_ge(m, 0)) continue;
      if (in_check && !pos.is_noisy(m) && quiet_evasions >= QsQuietEvasions) break;
    }
    quiet_evasions += in_check && !pos.is_noisy(m);
    set_move(ss, pos, m);
    pool_.tt().prefetch(pos.key_after(m));
    pos.do_move(m);
    const int value = -qsearch<NT>(pos, ss + 1, -beta, -alpha);
    pos.undo_move(m);
    if (pool_.stopped()) return 0;
    if (value > best_value) {
      best_value = value;
      if (value > alpha) {
        best_move = m;
        if (pv_node) update_pv(ply, m);
        if (value >= beta) break;
        alpha = value;
      }
    }
  }
  if (in_check && move_count == 0) return mated_in(ply);

  const Bound bound = best_value >= beta     ? BOUND_LOWER
                      : pv_node && best_move ? BOUND_EXACT
                                             : BOUND_UPPER;
  pool_.tt().store(key, best_move, value_to_tt(best_value, ply), ss->raw_eval, 0, bound, tt_pv);
  return best_value;
}

template int Worker::qsearch<Worker::kPV>(Position&, Stack*, int, int);
template int Worker::qsearch<Worker::kNonPV>(Position&, Stack*, int, int);

}  // namespace riposte
