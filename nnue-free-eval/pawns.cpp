// SPDX-License-Identifier: GPL-3.0-or-later
// Pawn structure (cached by pawn key) and passed pawns.
#include <algorithm>
#include <cstdlib>

#include "nnue-free-eval/evaluator.h"

namespace riposte::eval::detail {

template <class T>
void Evaluator<T>::pawns() {
  if (cache_) {
    PawnCache::Entry& e = cache_->slot(pos_.pawn_key());
    pawn_entry_ = &e;
    if (e.key == pos_.pawn_key()) {
      score_[WHITE] += e.score;
      passed_[WHITE] = e.passed[WHITE];
      passed_[BLACK] = e.passed[BLACK];
      return;
    }
    const Score before = total();
    pawn_structure(WHITE);
    pawn_structure(BLACK);
    e.key = pos_.pawn_key();
    e.score = total() - before;
    e.shelter_key[WHITE] = e.shelter_key[BLACK] = 0;
    e.passed[WHITE] = passed_[WHITE];
    e.passed[BLACK] = passed_[BLACK];
    return;
  }
  pawn_structure(WHITE);
  pawn_structure(BLACK);
}

template <class T>
void Evaluator<T>::pawn_structure(Color us) {
  const Color them = ~us;
  const Bitboard ours = pos_.pieces(us, PAWN), theirs = pos_.pieces(them, PAWN);
  const Direction up = pawn_push(us);
  Sum terms = sum(us);
  for (Bitboard b = ours; b;) {
    const Square s = pop_lsb(b);
    const int r = relative_rank(us, s);
    const Bitboard neighbours = ours & adjacent_files(s);
    const Bitboard phalanx = neighbours & rank_bb(s);
    const Bitboard supporters = neighbours & rank_bb(s - up);
    const Bitboard stoppers = theirs & passed_span(us, s);
    const Bitboard opposed = theirs & forward_file(us, s);
    const bool isolated = !neighbours;
    // Backward: every neighbour is ahead, and the stop square is guarded by an enemy pawn.
    const bool backward =
        neighbours && !(neighbours & ~passed_span(us, s)) && (attacks::pawn(us, s + up) & theirs);
    if (isolated) terms.add(kIsolatedPawn);
    if (ours & forward_file(us, s)) terms.add(kDoubledPawn);
    if (backward) terms.add(kBackwardPawn);
    // A weak pawn on a half-open file: rooks and queens can reach it from the front.
    if ((isolated || backward) && !opposed) terms.add(kWeakUnopposedPawn);
    if ((r == RANK_5 || r == RANK_6) && (theirs & square_bb(s + up)))
      terms.add(kBlockedPawn + r - RANK_5);
    if (!supporters && more_than_one(theirs & attacks::pawn(us, s))) terms.add(kWeakLever);
    if (phalanx | supporters) {
      terms.add(kConnectedPawn + r);
      if (phalanx) terms.add(kConnectedPhalanx);
      if (opposed) terms.add(kConnectedOpposed);
      if (supporters) terms.add(kConnectedSupporters, popcount(supporters));
    }
    if (!stoppers) {
      passed_[us] |= square_bb(s);
      terms.add(kPassedPawn + r);
    } else if (!(stoppers & forward_file(us, s)) &&
               popcount(stoppers) <= popcount(supporters | phalanx)) {
      // Candidate: no enemy pawn on its file, and no more enemy pawns in the way than own
      // pawns beside or behind it to exchange them.
      terms.add(kCandidatePasser + r);
    }
  }
  score_[us] += terms.sum();
}

template <class T>
void Evaluator<T>::passed(Color us) {
  const Color them = ~us;
  Sum terms = sum(us);
  for (Bitboard b = passed_[us]; b;) {
    const Square s = pop_lsb(b);
    const int r = relative_rank(us, s);
    const Square stop = s + pawn_push(us);
    if (!pos_.empty(stop)) terms.add(kPassedBlocked + r);
    if (!(forward_file(us, s) & pos_.pieces())) terms.add(kPassedFreePath + r);
    const int own_distance = distance(pos_.king_square(us), stop);
    const int enemy_distance = distance(pos_.king_square(them), stop);
    terms.add(kPassedOwnKingDistance + std::min(own_distance, 7));
    terms.add(kPassedEnemyKingDistance + std::min(enemy_distance, 7));
    // The kings' distances matter more the further the pawn has come.
    if (const int w = std::max(0, 5 * r - 13)) {
      terms.add(kPassedOwnKingProximity, w * std::min(own_distance, 5));
      terms.add(kPassedEnemyKingProximity, w * std::min(enemy_distance, 5));
    }
    // A rook or queen behind the passer attacks or defends every square in front of it.
    const Bitboard to_promotion = forward_file(us, s);
    const Bitboard behind =
        attacks::rook(s, pos_.pieces()) & forward_file(them, s) & pos_.pieces(ROOK, QUEEN);
    Bitboard unsafe = to_promotion & (attacked_[them][ALL_PIECES] | pos_.pieces(them));
    if (behind & pos_.pieces(us)) terms.add(kPassedRookBehind);
    if (behind & pos_.pieces(them)) {
      terms.add(kPassedEnemyRookBehind);
      unsafe = to_promotion;
    }
    if (!unsafe)
      terms.add(kPassedSafePath + r);
    else if (!(unsafe & square_bb(stop)))
      terms.add(kPassedSafeStop + r);
  }
  score_[us] += terms.sum();
}

template void Evaluator<NoTrace>::pawns();
template void Evaluator<CountTrace>::pawns();
template void Evaluator<NoTrace>::passed(Color);
template void Evaluator<CountTrace>::passed(Color);

}  // namespace riposte::eval::detail
