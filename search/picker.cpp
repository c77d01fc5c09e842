// SPDX-License-Identifier: GPL-3.0-or-later
#include "search/picker.h"

#include <utility>

#include "movegen/see.h"

namespace riposte {

namespace {

// Sorts [begin, end) by descending value, but only the moves scoring at least `limit`; the rest
// stay behind them unsorted. At low depth most quiets never get searched, so sorting them all
// would be wasted work.
void partial_insertion_sort(ExtMove* begin, ExtMove* end, int limit) {
  ExtMove* sorted_end = begin;
  for (ExtMove* p = begin; p < end; ++p) {
    if (p->value < limit) continue;
    const ExtMove moving = *p;
    *p = *sorted_end;
    ExtMove* q = sorted_end;
    for (; q > begin && (q - 1)->value < moving.value; --q) *q = *(q - 1);
    *q = moving;
    ++sorted_end;
  }
}

// Evasion captures are scored above every quiet evasion.
constexpr int kEvasionCaptureBase = 1 << 28;

}  // namespace

MovePicker::MovePicker(Main, const Position& pos, Move tt_move, int depth, const HistoryTables& h,
                       const OrderingContext& ctx, const Killers& killers,
                       const OrderingSwitches& sw, Move excluded)
    : pos_(pos), history_(h), switches_(sw), ctx_(ctx), depth_(depth) {
  if (sw.killers) {
    refutations_[0] = killers.moves[0];
    refutations_[1] = killers.moves[1];
  }
  const Move prev = ctx.previous_move;
  if (sw.countermove && !sw.baseline && prev.is_ok())
    refutations_[2] = h.countermoves.table[ctx.previous_piece][prev.to()];
  bool valid = tt_move && pos.pseudo_legal(tt_move) && pos.legal(tt_move);
  tt_move_ = valid ? tt_move : Move::none();
  // The excluded move takes the TT move's place, so every later stage skips it, but it is
  // never handed out itself.
  if (excluded) {
    tt_move_ = excluded;
    valid = false;
  }
  if (pos.checkers())
    stage_ = valid ? kEvasionTT : kEvasionInit;
  else
    stage_ = valid ? kMainTT : kCaptureInit;
}

MovePicker::MovePicker(QSearch, const Position& pos, Move tt_move, const HistoryTables& h,
                       const OrderingContext& ctx, const OrderingSwitches& sw)
    : pos_(pos), history_(h), switches_(sw), ctx_(ctx) {
  const bool in_check = pos.checkers();
  const bool valid = tt_move && pos.pseudo_legal(tt_move) && pos.legal(tt_move) &&
                     (in_check || pos.is_noisy(tt_move));
  tt_move_ = valid ? tt_move : Move::none();
  if (in_check)
    stage_ = valid ? kEvasionTT : kEvasionInit;
  else
    stage_ = valid ? kQSearchTT : kQCaptureInit;
}

MovePicker::MovePicker(ProbCut, const Position& pos, Move tt_move, int threshold,
                       const HistoryTables& h, const OrderingSwitches& sw)
    : pos_(pos), history_(h), switches_(sw), threshold_(threshold) {
  const bool valid = tt_move && pos.pseudo_legal(tt_move) && pos.legal(tt_move) &&
                     pos.is_noisy(tt_move) && pos.see_ge(tt_move, threshold);
  tt_move_ = valid ? tt_move : Move::none();
  stage_ = valid ? kProbCutTT : kProbCutInit;
}

void MovePicker::score_captures() {
  for (ExtMove* p = cur_; p < end_; ++p) {
    const Move m = p->move;
    const PieceType victim = pos_.captured_type(m);
    // Most valuable victim first; the cheapest capturer breaks ties.
    p->value = 8 * kSeeValue[victim] - int(type_of(pos_.moved_piece(m)));
    if (m.type() == PROMOTION) p->value += 8 * (kSeeValue[m.promotion_type()] - kSeeValue[PAWN]);
    if (switches_.capture_history && !switches_.baseline)
      p->value += history_.capture.table[pos_.moved_piece(m)][m.to()][victim];
  }
}

int MovePicker::good_capture_threshold(Move m) const {
  // A capture that has often worked stays good at a small material loss, one that has often
  // failed needs a clear gain.
  if (!switches_.capture_see_history || !switches_.capture_history) return 0;
  return -capture_history(history_, pos_, m) / params::CaptureSeeHistoryDiv;
}

void MovePicker::score_quiets() {
  const Color us = pos_.side_to_move();
  // A piece attacked by a lesser one should move, and not onto another such square. Per piece
  // type, once per node: the squares lesser pieces attack, and what escaping them is worth.
  Bitboard lesser[PIECE_TYPE_NB] = {};
  int escape[PIECE_TYPE_NB] = {};
  if (switches_.threats) {
    const Threats& t = ctx_.threats;
    lesser[KNIGHT] = lesser[BISHOP] = t.by_pawn;
    lesser[ROOK] = t.by_minor;
    lesser[QUEEN] = t.by_rook;
    escape[KNIGHT] = escape[BISHOP] = params::ThreatMinor;
    escape[ROOK] = params::ThreatRook;
    escape[QUEEN] = params::ThreatQueen;
  }
  const Bitboard discoverers = pos_.blockers_for_king(~us);
  for (ExtMove* p = cur_; p < end_; ++p) {
    const Move m = p->move;
    const Piece pc = pos_.moved_piece(m);
    const PieceType pt = type_of(pc);
    int v = quiet_history(history_, switches_, ctx_, us, pc, m);
    // Quiet checks first: they often refute, and late-move pruning must not drop a mate.
    // Direct checks and moves of a discovering piece; exact enough for ordering, and cheap.
    if ((pos_.check_squares(pt) & square_bb(m.to())) || (discoverers & square_bb(m.from())))
      v += params::QuietCheckBonus;
    const bool from = lesser[pt] & square_bb(m.from()), to = lesser[pt] & square_bb(m.to());
    v += from == to ? 0 : from ? escape[pt] : -escape[pt];
    v += quiet_ordering_extra(history_, switches_, ctx_, pc, m);
    p->value = v;
  }
}

void MovePicker::score_evasions() {
  const Color us = pos_.side_to_move();
  for (ExtMove* p = cur_; p < end_; ++p) {
    const Move m = p->move;
    const Piece pc = pos_.moved_piece(m);
    // Captures first, most valuable victim first, cheapest capturer first; then the quiets by
    // butterfly and counter-move history.
    p->value = pos_.is_noisy(m)
                   ? kEvasionCaptureBase + 8 * kSeeValue[pos_.captured_type(m)] - int(type_of(pc))
                   : quiet_history<1>(history_, switches_, ctx_, us, pc, m);
  }
}

ExtMove* MovePicker::select_best() {
  ExtMove* best = cur_;
  for (ExtMove* p = cur_ + 1; p < end_; ++p)
    if (p->value > best->value) best = p;
  std::swap(*best, *cur_);
  return cur_;
}

bool MovePicker::usable_refutation(Move m) const {
  return m && m != tt_move_ && !pos_.is_noisy(m) && pos_.pseudo_legal(m) && pos_.legal(m);
}

Move MovePicker::next(bool skip_quiets) {
  for (;;) {
    switch (stage_) {
      case kMainTT:
      case kEvasionTT:
      case kQSearchTT:
      case kProbCutTT:
        advance();
        if constexpr (kSearchStats) last_stage_ = PickStage::kTT;
        return tt_move_;

      case kCaptureInit:
      case kQCaptureInit:
      case kProbCutInit:
        cur_ = end_bad_ = moves_.data();
        end_ = generate<CAPTURES>(pos_, cur_);
        score_captures();
        advance();
        break;

      case kGoodCaptures:
        while (cur_ < end_) {
          ExtMove* m = select_best();
          ++cur_;
          if (m->move == tt_move_) continue;
          if (!switches_.baseline && !pos_.see_ge(m->move, good_capture_threshold(m->move))) {
            *end_bad_++ = *m;  // losing capture: replayed after the quiets
            continue;
          }
          if constexpr (kSearchStats) last_stage_ = PickStage::kGoodCapture;
          return m->move;
        }
        advance();
        break;

      case kKiller1:
      case kKiller2:
      case kCounterMoveStage: {
        const int i = stage_ - kKiller1;
        const Move m = refutations_[i];
        advance();
        // A refutation equal to an earlier one (countermove == killer) is not repeated.
        const bool repeated = (i >= 1 && m == refutations_[0]) || (i == 2 && m == refutations_[1]);
        if (!repeated && usable_refutation(m)) {
          if constexpr (kSearchStats)
            last_stage_ = i == 2 ? PickStage::kCounterMove : PickStage::kKiller;
          return m;
        }
        break;
      }

      case kQuietInit:
        if (!skip_quiets) {
          // Quiets go after the captures so the bad captures at the front stay intact.
          cur_ = end_;
          end_ = generate<QUIETS>(pos_, cur_);
          if (!switches_.baseline) {
            score_quiets();
            partial_insertion_sort(cur_, end_, -params::QuietSortPerDepth * depth_);
          }
        } else {
          cur_ = end_;
        }
        advance();
        break;

      case kQuiets:
        while (!skip_quiets && cur_ < end_) {
          const Move m = (cur_++)->move;
          if (m == tt_move_ || is_refutation(m)) continue;
          if constexpr (kSearchStats) last_stage_ = PickStage::kQuiet;
          return m;
        }
        cur_ = moves_.data();
        end_ = end_bad_;
        advance();
        break;

      case kBadCaptures:
        if (cur_ < end_) {
          if constexpr (kSearchStats) last_stage_ = PickStage::kBadCapture;
          return (cur_++)->move;
        }
        stage_ = kDone;
        break;

      case kEvasionInit:
        cur_ = moves_.data();
        end_ = generate<EVASIONS>(pos_, cur_);
        score_evasions();
        advance();
        break;

      case kEvasions:
      case kQCaptures:
      case kProbCutMoves: {
        // The last stage of these variants: best-first over what was generated.
        const bool probcut = stage_ == kProbCutMoves;
        while (cur_ < end_) {
          const Move m = select_best()->move;
          ++cur_;
          if (m == tt_move_ || (probcut && !pos_.see_ge(m, threshold_))) continue;
          if constexpr (kSearchStats)
            last_stage_ = stage_ == kEvasions ? PickStage::kEvasion : PickStage::kGoodCapture;
          return m;
        }
        stage_ = kDone;
        break;
      }

      case kDone: return Move::none();
    }
  }
}

}  // namespace riposte
