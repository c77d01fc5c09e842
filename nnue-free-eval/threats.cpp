// SPDX-License-Identifier: GPL-3.0-or-later
// Threats against enemy pieces and pawns.
#include <algorithm>
#include <cstdlib>

#include "nnue-free-eval/evaluator.h"

namespace riposte::eval::detail {

template <class T>
void Evaluator<T>::threats(Color us) {
  const Color them = ~us;
  Sum terms = sum(us);
  const Bitboard minors = pos_.pieces(them, KNIGHT, BISHOP);
  const Bitboard majors = pos_.pieces(them, ROOK, QUEEN);
  terms.add(kPawnThreatMinor, popcount(pawn_attacks_[us] & minors));
  terms.add(kPawnThreatMajor, popcount(pawn_attacks_[us] & majors));
  const Bitboard by_minors = attacked_[us][KNIGHT] | attacked_[us][BISHOP];
  terms.add(kMinorThreatRook, popcount(by_minors & pos_.pieces(them, ROOK)));
  terms.add(kMinorThreatQueen, popcount(by_minors & pos_.pieces(them, QUEEN)));
  terms.add(kRookThreatQueen, popcount(attacked_[us][ROOK] & pos_.pieces(them, QUEEN)));
  const Bitboard their_pieces = pos_.pieces(them) & ~pos_.pieces(them, PAWN, KING);
  terms.add(kHangingPiece,
            popcount(their_pieces & attacked_[us][ALL_PIECES] & ~attacked_[them][ALL_PIECES]));
  // Their pawns without pawn support, attacked and undefended or attacked twice and defended
  // once at most.
  const Bitboard poorly_defended = (attacked_[us][ALL_PIECES] & ~attacked_[them][ALL_PIECES]) |
                                   (attacked2_[us] & ~attacked2_[them]);
  terms.add(kWeakPawn,
            popcount(pos_.pieces(them, PAWN) & ~attacked_[them][PAWN] & poorly_defended));
  // Attacked once and defended once: one more attacker, or a defender drawn away, wins it.
  terms.add(kOverloadedPiece, popcount(their_pieces & attacked_[us][ALL_PIECES] & ~attacked2_[us] &
                                       attacked_[them][ALL_PIECES] & ~attacked2_[them]));
  // Pieces that a pawn push to a safe square would attack (those a pawn attacks already are
  // counted above).
  const Bitboard empty = ~pos_.pieces();
  const Bitboard third = rank_bb(us == WHITE ? RANK_3 : RANK_6);
  Bitboard push = forward(us, pos_.pieces(us, PAWN)) & empty;
  push |= forward(us, push & third) & empty;
  push &= ~attacked_[them][PAWN] & (attacked_[us][ALL_PIECES] | ~attacked_[them][ALL_PIECES]);
  terms.add(kPawnPushThreat, popcount(pawn_attacks(us, push) & their_pieces & ~pawn_attacks_[us]));

  // Threats graded by the victim. Strongly protected: defended by a pawn, or by two pieces
  // where we attack once at most. Weak: attacked by us and not strongly protected.
  const Bitboard strongly_protected = attacked_[them][PAWN] | (attacked2_[them] & ~attacked2_[us]);
  const Bitboard defended = pos_.pieces(them) & ~pos_.pieces(them, PAWN) & strongly_protected;
  const Bitboard weak = pos_.pieces(them) & ~strongly_protected & attacked_[us][ALL_PIECES];
  for (Bitboard b = (defended | weak) & by_minors; b;)
    terms.add(kThreatByMinor + int(type_of(pos_.piece_on(pop_lsb(b)))));
  for (Bitboard b = weak & attacked_[us][ROOK]; b;)
    terms.add(kThreatByRook + int(type_of(pos_.piece_on(pop_lsb(b)))));
  if (weak & attacked_[us][KING]) terms.add(kThreatByKing);
  // Squares the enemy attacks, and we attack too, without their strong protection.
  terms.add(kRestrictedPiece, popcount(attacked_[them][ALL_PIECES] & ~strongly_protected &
                                       attacked_[us][ALL_PIECES]));
  terms.add(kWeakQueenProtection, popcount(weak & attacked_[them][QUEEN]));
  // Safe squares from which a knight or slider would attack a lone enemy queen.
  if (pos_.count(them, QUEEN) == 1) {
    const Square q = lsb(pos_.pieces(them, QUEEN));
    const Bitboard safe = mobility_area_[us] & ~strongly_protected;
    terms.add(kKnightOnQueen, popcount(attacked_[us][KNIGHT] & attacks::knight(q) & safe));
    const Bitboard sliders = (attacked_[us][BISHOP] & attacks::bishop(q, pos_.pieces())) |
                             (attacked_[us][ROOK] & attacks::rook(q, pos_.pieces()));
    terms.add(kSliderOnQueen, popcount(sliders & safe & attacked2_[us]));
  }
  score_[us] += terms.sum();
}

template void Evaluator<NoTrace>::threats(Color);
template void Evaluator<CountTrace>::threats(Color);

}  // namespace riposte::eval::detail
