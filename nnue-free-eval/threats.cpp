// Threats against enemy pieces and pawns.
#include <algorithm>
#include <cstdlib>

#include "nnue-free-eval/evaluator.h"

namespace riposte::eval::detail {

template <class T>
void Evaluator<T>::threats(Color us) {
  const Color them = ~us;
  const Bitboard minors = pos_.pieces(them, KNIGHT, BISHOP);
  const Bitboard majors = pos_.pieces(them, ROOK, QUEEN);
  add(kPawnThreatMinor, us, popcount(pawn_attacks_[us] & minors));
  add(kPawnThreatMajor, us, popcount(pawn_attacks_[us] & majors));
  const Bitboard by_minors = attacked_[us][KNIGHT] | attacked_[us][BISHOP];
  add(kMinorThreatRook, us, popcount(by_minors & pos_.pieces(them, ROOK)));
  add(kMinorThreatQueen, us, popcount(by_minors & pos_.pieces(them, QUEEN)));
  add(kRookThreatQueen, us, popcount(attacked_[us][ROOK] & pos_.pieces(them, QUEEN)));
  const Bitboard their_pieces = pos_.pieces(them) & ~pos_.pieces(them, PAWN, KING);
  add(kHangingPiece, us,
      popcount(their_pieces & attacked_[us][ALL_PIECES] & ~attacked_[them][ALL_PIECES]));
  // Their pawns without pawn support, attacked and undefended or attacked twice and defended
  // once at most.
  const Bitboard poorly_defended = (attacked_[us][ALL_PIECES] & ~attacked_[them][ALL_PIECES]) |
                                   (attacked2_[us] & ~attacked2_[them]);
  add(kWeakPawn, us, popcount(pos_.pieces(them, PAWN) & ~attacked_[them][PAWN] & poorly_defended));
  // Attacked once and defended once: one more attacker, or a defender drawn away, wins it.
  add(kOverloadedPiece, us,
      popcount(their_pieces & attacked_[us][ALL_PIECES] & ~attacked2_[us] &
               attacked_[them][ALL_PIECES] & ~attacked2_[them]));
  // Pieces that a pawn push to a safe square would attack (those a pawn attacks already are
  // counted above).
  const Bitboard empty = ~pos_.pieces();
  const Bitboard third = rank_bb(us == WHITE ? RANK_3 : RANK_6);
  Bitboard push = forward(us, pos_.pieces(us, PAWN)) & empty;
  push |= forward(us, push & third) & empty;
  push &= ~attacked_[them][PAWN] & (attacked_[us][ALL_PIECES] | ~attacked_[them][ALL_PIECES]);
  add(kPawnPushThreat, us, popcount(pawn_attacks(us, push) & their_pieces & ~pawn_attacks_[us]));

  // Threats graded by the victim. Strongly protected: defended by a pawn, or by two pieces
  // where we attack once at most. Weak: attacked by us and not strongly protected.
  const Bitboard strongly_protected = attacked_[them][PAWN] | (attacked2_[them] & ~attacked2_[us]);
  const Bitboard defended = pos_.pieces(them) & ~pos_.pieces(them, PAWN) & strongly_protected;
  const Bitboard weak = pos_.pieces(them) & ~strongly_protected & attacked_[us][ALL_PIECES];
  for (Bitboard b = (defended | weak) & by_minors; b;)
    add(kThreatByMinor + int(type_of(pos_.piece_on(pop_lsb(b)))), us);
  for (Bitboard b = weak & attacked_[us][ROOK]; b;)
    add(kThreatByRook + int(type_of(pos_.piece_on(pop_lsb(b)))), us);
  if (weak & attacked_[us][KING]) add(kThreatByKing, us);
  // Squares the enemy attacks, and we attack too, without their strong protection.
  add(kRestrictedPiece, us,
      popcount(attacked_[them][ALL_PIECES] & ~strongly_protected & attacked_[us][ALL_PIECES]));
  add(kWeakQueenProtection, us, popcount(weak & attacked_[them][QUEEN]));
  // Safe squares from which a knight or slider would attack a lone enemy queen.
  if (pos_.count(them, QUEEN) == 1) {
    const Square q = lsb(pos_.pieces(them, QUEEN));
    const Bitboard safe = mobility_area_[us] & ~strongly_protected;
    add(kKnightOnQueen, us, popcount(attacked_[us][KNIGHT] & attacks::knight(q) & safe));
    const Bitboard sliders = (attacked_[us][BISHOP] & attacks::bishop(q, pos_.pieces())) |
                             (attacked_[us][ROOK] & attacks::rook(q, pos_.pieces()));
    add(kSliderOnQueen, us, popcount(sliders & safe & attacked2_[us]));
  }
}

template void Evaluator<NoTrace>::threats(Color);
template void Evaluator<CountTrace>::threats(Color);

}  // namespace riposte::eval::detail
