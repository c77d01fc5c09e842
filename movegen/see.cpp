// SPDX-License-Identifier: GPL-3.0-or-later
// Static exchange evaluation in threshold form (the swap algorithm, as in Stockfish's see_ge).
//
// Modelled: x-rays (sliders behind a capturer join as the square clears), en passant (the
// victim is the pawn behind the target square), the promotion of the first move (its gain and
// the promoted piece as the next victim), and pins: a piece pinned to its king does not take
// part while its pinner is still on the board. Not modelled: later recaptures that promote,
// and checks during the exchange.
#include "movegen/see.h"

#include "movegen/position.h"

namespace riposte {

bool Position::see_ge(Move m, int threshold) const {
  if (m.type() == CASTLING) return 0 >= threshold;

  const Square from = m.from(), to = m.to();
  const PieceType victim = captured_type(m);
  int swap = kSeeValue[victim] - threshold;
  PieceType on_square = type_of(board_[from]);
  if (m.type() == PROMOTION) {
    swap += kSeeValue[m.promotion_type()] - kSeeValue[PAWN];
    on_square = m.promotion_type();
  }
  if (swap < 0) return false;  // even winning the victim for free is not enough

  swap = kSeeValue[on_square] - swap;
  if (swap <= 0) return true;  // even losing the moved piece keeps us above threshold

  Bitboard occupied = pieces() ^ square_bb(from) ^ square_bb(to);
  if (m.type() == EN_PASSANT) occupied ^= square_bb(to - pawn_push(stm_));
  Color side = stm_;
  Bitboard attackers = attackers_to(to, occupied) & occupied;
  int result = 1;

  for (;;) {
    side = ~side;
    attackers &= occupied;
    Bitboard mine = attackers & pieces(side);
    if (pinners(side) & occupied) mine &= ~blockers_for_king(side);
    if (!mine) break;
    result ^= 1;

    // Capture with the least valuable attacker; it becomes the next victim.
    Bitboard b;
    if ((b = mine & pieces(PAWN))) {
      if ((swap = kSeeValue[PAWN] - swap) < result) break;
      occupied ^= square_bb(lsb(b));
      attackers |= attacks::bishop(to, occupied) & pieces(BISHOP, QUEEN);
    } else if ((b = mine & pieces(KNIGHT))) {
      if ((swap = kSeeValue[KNIGHT] - swap) < result) break;
      occupied ^= square_bb(lsb(b));
    } else if ((b = mine & pieces(BISHOP))) {
      if ((swap = kSeeValue[BISHOP] - swap) < result) break;
      occupied ^= square_bb(lsb(b));
      attackers |= attacks::bishop(to, occupied) & pieces(BISHOP, QUEEN);
    } else if ((b = mine & pieces(ROOK))) {
      if ((swap = kSeeValue[ROOK] - swap) < result) break;
      occupied ^= square_bb(lsb(b));
      attackers |= attacks::rook(to, occupied) & pieces(ROOK, QUEEN);
    } else if ((b = mine & pieces(QUEEN))) {
      if ((swap = kSeeValue[QUEEN] - swap) < result) break;
      occupied ^= square_bb(lsb(b));
      attackers |= (attacks::bishop(to, occupied) & pieces(BISHOP, QUEEN)) |
                   (attacks::rook(to, occupied) & pieces(ROOK, QUEEN));
    } else {
      // The king may only take last: if the opponent still attacks, the capture is illegal.
      return (attackers & ~pieces(side)) ? result ^ 1 : result;
    }
  }
  return bool(result);
}

}  // namespace riposte
