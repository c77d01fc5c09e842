// SPDX-License-Identifier: GPL-3.0-or-later
// Mobility, king-zone attacks and the piece terms of knights, bishops, rooks and queens.
#include <algorithm>
#include <cstdlib>

#include "nnue-free-eval/evaluator.h"

namespace riposte::eval::detail {

// Mobility and king attack of every piece of type Pt, then the terms of its kind.
template <class T>
template <PieceType Pt>
void Evaluator<T>::pieces(Color us) {
  const Color them = ~us;
  Sum terms = sum(us);
  int attackers = 0, zone_hits = 0;
  for (Bitboard b = pos_.pieces(us, Pt); b;) {
    const Square s = pop_lsb(b);
    // Sliders see through their own queen (and rooks through rooks) for mobility and attack.
    Bitboard occ = pos_.pieces();
    if (Pt == BISHOP) occ ^= pos_.pieces(us, QUEEN);
    if (Pt == ROOK) occ ^= pos_.pieces(us, QUEEN, ROOK);
    Bitboard att = attacks::of(Pt, s, occ);
    if (pos_.blockers_for_king(us) & square_bb(s)) att &= line_bb(pos_.king_square(us), s);

    attacked2_[us] |= attacked_[us][ALL_PIECES] & att;
    attacked_[us][Pt] |= att;
    attacked_[us][ALL_PIECES] |= att;

    const int mob = popcount(att & mobility_area_[us]);
    terms.add((Pt == KNIGHT   ? kKnightMobility
               : Pt == BISHOP ? kBishopMobility
               : Pt == ROOK   ? kRookMobility
                              : kQueenMobility) +
              mob);

    if (att & king_zone_[them]) {
      ++attackers;
      zone_hits += popcount(att & king_zone_[them]);
      attacker_types_[us][Pt]++;
    }
    if constexpr (Pt == KNIGHT || Pt == BISHOP) minor_terms<Pt>(us, s, terms);
    if constexpr (Pt == BISHOP) bishop_terms(us, s, terms);
    if constexpr (Pt == ROOK) rook_terms(us, s, terms);
    if constexpr (Pt == QUEEN) queen_terms(us, s, terms);
  }
  if constexpr (Pt == BISHOP)
    if (pos_.count(us, BISHOP) >= 2) terms.add(kBishopPair);
  score_[us] += terms.sum();
  king_attackers_[us] += attackers;
  king_zone_hits_[us] += zone_hits;
}

template <class T>
template <PieceType Pt>
void Evaluator<T>::minor_terms(Color us, Square s, Sum& terms) {
  const Color them = ~us;
  const Bitboard outpost_ranks = us == WHITE ? rank_bb(RANK_4) | rank_bb(RANK_5) | rank_bb(RANK_6)
                                             : rank_bb(RANK_5) | rank_bb(RANK_4) | rank_bb(RANK_3);
  // Outpost: advanced, defended by a pawn, and no enemy pawn can ever attack it.
  const bool safe = !(pos_.pieces(them, PAWN) & passed_span(us, s) & adjacent_files(s));
  if ((outpost_ranks & square_bb(s)) && (pawn_attacks_[us] & square_bb(s)) && safe)
    terms.add(Pt == KNIGHT ? kKnightOutpost : kBishopOutpost);
  // A pawn in front shields the piece from frontal attack and is itself hard to block.
  if (forward(them, pos_.pieces(PAWN)) & square_bb(s)) terms.add(kMinorBehindPawn);
}

template <class T>
void Evaluator<T>::bishop_terms(Color us, Square s, Sum& terms) {
  const Bitboard colour = kDarkSquares & square_bb(s) ? kDarkSquares : ~kDarkSquares;
  const int rammed = popcount(rammed_[us] & colour);
  if (rammed) terms.add(kBishopRammedPawns, rammed);
  // Pawns are the only pieces that block a long diagonal for long. Only a bishop on one sees
  // two centre squares, so the others skip the lookup.
  constexpr Bitboard kLongDiagonals = 0x8040201008040201ULL | 0x0102040810204080ULL;
  if ((kLongDiagonals & square_bb(s)) &&
      more_than_one(attacks::bishop(s, pos_.pieces(PAWN)) & kCentre))
    terms.add(kBishopLongDiagonal);
}

template <class T>
void Evaluator<T>::rook_terms(Color us, Square s, Sum& terms) {
  const Color them = ~us;
  if (!(pos_.pieces(PAWN) & file_bb(s)))
    terms.add(kRookOpenFile);
  else if (!(pos_.pieces(us, PAWN) & file_bb(s)))
    terms.add(kRookSemiOpenFile);
  if (relative_rank(us, s) == RANK_7 && (relative_rank(us, pos_.king_square(them)) == RANK_8 ||
                                         (pos_.pieces(them, PAWN) & rank_bb(s))))
    terms.add(kRookOnSeventh);
}

template <class T>
void Evaluator<T>::queen_terms(Color us, Square s, Sum& terms) {
  const Color them = ~us;
  // Most queens share no line with an enemy rook or bishop: skip the ray walk for them.
  const Bitboard snipers = (attacks::rook(s, 0) & pos_.pieces(them, ROOK)) |
                           (attacks::bishop(s, 0) & pos_.pieces(them, BISHOP));
  Bitboard pinners;
  if (snipers && pos_.slider_blockers(snipers, s, pinners)) terms.add(kQueenRelativePin);
}

template void Evaluator<NoTrace>::pieces<KNIGHT>(Color);
template void Evaluator<NoTrace>::pieces<BISHOP>(Color);
template void Evaluator<NoTrace>::pieces<ROOK>(Color);
template void Evaluator<NoTrace>::pieces<QUEEN>(Color);
template void Evaluator<CountTrace>::pieces<KNIGHT>(Color);
template void Evaluator<CountTrace>::pieces<BISHOP>(Color);
template void Evaluator<CountTrace>::pieces<ROOK>(Color);
template void Evaluator<CountTrace>::pieces<QUEEN>(Color);

}  // namespace riposte::eval::detail
