#include "search/movepick.h"

#include <utility>

#include "movegen/see.h"

namespace riposte {

BaselinePicker::BaselinePicker(const Position& pos, Move tt_move, bool captures_only)
    : pos_(pos), tt_move_(tt_move), captures_only_(captures_only && !pos.checkers()) {
  const bool usable = tt_move && pos.pseudo_legal(tt_move) && pos.legal(tt_move) &&
                      (!captures_only_ || pos.is_noisy(tt_move));
  if (!usable) tt_move_ = Move::none();
  stage_ = tt_move_ ? kTT : kGenCaptures;
}

Move BaselinePicker::pick_best() {
  ExtMove* best = cur_;
  for (ExtMove* p = cur_ + 1; p < end_; ++p)
    if (p->value > best->value) best = p;
  std::swap(*best, *cur_);
  return (cur_++)->move;
}

Move BaselinePicker::next() {
  switch (stage_) {
    case kTT:
      stage_ = kGenCaptures;
      return tt_move_;
    case kGenCaptures:
      end_ = generate<CAPTURES>(pos_, moves_);
      // Most valuable victim first, least valuable attacker breaking ties.
      for (ExtMove* p = moves_; p < end_; ++p) {
        const Move m = p->move;
        const PieceType victim = m.type() == EN_PASSANT ? PAWN : type_of(pos_.piece_on(m.to()));
        p->value = 8 * kSeeValue[victim] - int(type_of(pos_.moved_piece(m)));
        if (m.type() == PROMOTION) p->value += 8 * kSeeValue[m.promotion_type()];
      }
      stage_ = kCaptures;
      [[fallthrough]];
    case kCaptures:
      while (cur_ < end_) {
        const Move m = pick_best();
        if (m != tt_move_) return m;
      }
      if (captures_only_) {
        stage_ = kDone;
        return Move::none();
      }
      stage_ = kGenQuiets;
      [[fallthrough]];
    case kGenQuiets:
      cur_ = moves_;
      end_ = generate<QUIETS>(pos_, moves_);
      stage_ = kQuiets;
      [[fallthrough]];
    case kQuiets:
      while (cur_ < end_) {
        const Move m = (cur_++)->move;
        if (m != tt_move_) return m;
      }
      stage_ = kDone;
      [[fallthrough]];
    case kDone: return Move::none();
  }
  return Move::none();
}

}  // namespace riposte
