// SPDX-License-Identifier: GPL-3.0-or-later
#include "movegen/position.h"

#include <algorithm>
#include <cctype>
#include <cstdio>

#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "absl/strings/str_split.h"
#include "movegen/cuckoo.h"
#include "movegen/movegen.h"
#include "movegen/zobrist.h"

namespace riposte {

namespace {

Score piece_square_values[kPsqSets][PIECE_NB][SQUARE_NB];

}  // namespace

void init_movegen() {
  attacks::init();
  zobrist::init();
  cuckoo::init();
}

void set_piece_square_value(int set, Piece pc, Square s, Score value) {
  piece_square_values[set][pc][s] = value;
}

void Position::put_piece(Piece pc, Square s) {
  board_[s] = pc;
  for (int set = 0; set < kPsqSets; ++set) psq_[set] += piece_square_values[set][pc][s];
  const Bitboard b = square_bb(s);
  by_type_[ALL_PIECES] |= b;
  by_type_[type_of(pc)] |= b;
  by_color_[color_of(pc)] |= b;
}

void Position::remove_piece(Square s) {
  const Piece pc = board_[s];
  for (int set = 0; set < kPsqSets; ++set) psq_[set] -= piece_square_values[set][pc][s];
  const Bitboard b = square_bb(s);
  by_type_[ALL_PIECES] ^= b;
  by_type_[type_of(pc)] ^= b;
  by_color_[color_of(pc)] ^= b;
  board_[s] = NO_PIECE;
}

void Position::move_piece(Square from, Square to) {
  const Piece pc = board_[from];
  for (int set = 0; set < kPsqSets; ++set)
    psq_[set] += piece_square_values[set][pc][to] - piece_square_values[set][pc][from];
  const Bitboard b = square_bb(from) | square_bb(to);
  by_type_[ALL_PIECES] ^= b;
  by_type_[type_of(pc)] ^= b;
  by_color_[color_of(pc)] ^= b;
  board_[from] = NO_PIECE;
  board_[to] = pc;
}

void Position::compute_keys(StateInfo& si) const {
  si.key = si.pawn_key = si.non_pawn_key[WHITE] = si.non_pawn_key[BLACK] = 0;
  for (Bitboard b = pieces(); b;) {
    const Square s = pop_lsb(b);
    const Piece pc = board_[s];
    si.key ^= zobrist::psq[pc][s];
    (type_of(pc) == PAWN ? si.pawn_key : si.non_pawn_key[color_of(pc)]) ^= zobrist::psq[pc][s];
  }
  if (si.ep != SQ_NONE) si.key ^= zobrist::enpassant[file_of(si.ep)];
  if (stm_ == BLACK) si.key ^= zobrist::side;
  si.key ^= zobrist::castling[si.castling];
}

Bitboard Position::slider_blockers(Bitboard sliders, Square s, Bitboard& pinners) const {
  Bitboard blockers = 0;
  pinners = 0;
  Bitboard snipers = ((attacks::rook(s, 0) & pieces(QUEEN, ROOK)) |
                      (attacks::bishop(s, 0) & pieces(QUEEN, BISHOP))) &
                     sliders;
  // Other snipers stay in the occupancy: a piece behind a checker is not pinned.
  const Bitboard occupancy = pieces();
  const Bitboard own = pieces(color_of(board_[s]));
  while (snipers) {
    const Square sniper = pop_lsb(snipers);
    const Bitboard b = between_bb(s, sniper) & occupancy;
    if (b && !more_than_one(b)) {
      blockers |= b;
      if (b & own) pinners |= square_bb(sniper);
    }
  }
  return blockers;
}

void Position::set_check_info(StateInfo& si) const {
  si.blockers[WHITE] = slider_blockers(pieces(BLACK), king_square(WHITE), si.pinners[WHITE]);
  si.blockers[BLACK] = slider_blockers(pieces(WHITE), king_square(BLACK), si.pinners[BLACK]);
  const Square ksq = king_square(~stm_);
  si.check_squares[PAWN] = attacks::pawn(~stm_, ksq);
  si.check_squares[KNIGHT] = attacks::knight(ksq);
  si.check_squares[BISHOP] = attacks::bishop(ksq, pieces());
  si.check_squares[ROOK] = attacks::rook(ksq, pieces());
  si.check_squares[QUEEN] = si.check_squares[BISHOP] | si.check_squares[ROOK];
  si.check_squares[KING] = 0;
}

Bitboard Position::attackers_to(Square s, Bitboard occupied) const {
  return (attacks::pawn(BLACK, s) & pieces(WHITE, PAWN)) |
         (attacks::pawn(WHITE, s) & pieces(BLACK, PAWN)) | (attacks::knight(s) & pieces(KNIGHT)) |
         (attacks::rook(s, occupied) & pieces(ROOK, QUEEN)) |
         (attacks::bishop(s, occupied) & pieces(BISHOP, QUEEN)) | (attacks::king(s) & pieces(KING));
}

void Position::do_move(Move m) {
  StateInfo& si = states_.emplace_back();
  const StateInfo& old = states_[states_.size() - 2];
  Key key = old.key ^ zobrist::side;
  Key pawn_key = old.pawn_key;
  Key non_pawn_key[COLOR_NB] = {old.non_pawn_key[WHITE], old.non_pawn_key[BLACK]};
  si.rule50 = old.rule50 + 1;
  si.plies_from_null = old.plies_from_null + 1;
  si.castling = old.castling;
  si.ep = SQ_NONE;
  if (old.ep != SQ_NONE) key ^= zobrist::enpassant[file_of(old.ep)];
  ++game_ply_;

  const Color us = stm_, them = ~us;
  const Square from = m.from(), to = m.to();
  const Piece pc = board_[from];
  Piece captured = m.type() == EN_PASSANT ? make_piece(them, PAWN) : board_[to];

  if (m.type() == CASTLING) {
    // The king "captures" its own rook; both land on their fixed castling squares.
    const CastlingRights side = to > from ? KING_SIDE : QUEEN_SIDE;
    const Square king_to = castling_king_to(us, side);
    const Square rook_to = castling_rook_to(us, side);
    const Piece rook = board_[to];
    remove_piece(from);
    remove_piece(to);
    put_piece(pc, king_to);
    put_piece(rook, rook_to);
    const Key castling_delta = zobrist::psq[pc][from] ^ zobrist::psq[pc][king_to] ^
                               zobrist::psq[rook][to] ^ zobrist::psq[rook][rook_to];
    key ^= castling_delta;
    non_pawn_key[us] ^= castling_delta;
    captured = NO_PIECE;
  } else {
    if (captured != NO_PIECE) {
      const Square cap_sq = m.type() == EN_PASSANT ? to - pawn_push(us) : to;
      const Key capture_delta = zobrist::psq[captured][cap_sq];
      key ^= capture_delta;
      (type_of(captured) == PAWN ? pawn_key : non_pawn_key[them]) ^= capture_delta;
      remove_piece(cap_sq);
      si.rule50 = 0;
    }
    const Key move_delta = zobrist::psq[pc][from] ^ zobrist::psq[pc][to];
    key ^= move_delta;
    if (type_of(pc) != PAWN) non_pawn_key[us] ^= move_delta;
    move_piece(from, to);

    if (type_of(pc) == PAWN) {
      si.rule50 = 0;
      pawn_key ^= zobrist::psq[pc][from];
      if (m.type() == PROMOTION) {
        const Piece promoted = make_piece(us, m.promotion_type());
        remove_piece(to);
        put_piece(promoted, to);
        key ^= zobrist::psq[pc][to] ^ zobrist::psq[promoted][to];
        non_pawn_key[us] ^= zobrist::psq[promoted][to];
      } else {
        pawn_key ^= zobrist::psq[pc][to];
        if ((int(to) ^ int(from)) == 16 &&
            (attacks::pawn(us, to - pawn_push(us)) & pieces(them, PAWN))) {
          si.ep = to - pawn_push(us);
          key ^= zobrist::enpassant[file_of(si.ep)];
        }
      }
    }
  }

  if (si.castling && (castling_mask_[from] | castling_mask_[to])) {
    key ^= zobrist::castling[si.castling];
    si.castling = si.castling & ~(castling_mask_[from] | castling_mask_[to]);
    key ^= zobrist::castling[si.castling];
  }

  si.key = key;
  si.pawn_key = pawn_key;
  si.non_pawn_key[WHITE] = non_pawn_key[WHITE];
  si.non_pawn_key[BLACK] = non_pawn_key[BLACK];
  si.captured = captured;
  stm_ = them;
  si.checkers = attackers_to(king_square(them)) & pieces(us);
  set_check_info(si);
}

void Position::undo_move(Move m) {
  stm_ = ~stm_;
  const Color us = stm_;
  const Square from = m.from(), to = m.to();
  const StateInfo& si = states_.back();

  if (m.type() == CASTLING) {
    const CastlingRights side = to > from ? KING_SIDE : QUEEN_SIDE;
    const Square king_to = castling_king_to(us, side);
    const Square rook_to = castling_rook_to(us, side);
    const Piece king = board_[king_to], rook = board_[rook_to];
    remove_piece(king_to);
    remove_piece(rook_to);
    put_piece(king, from);
    put_piece(rook, to);
  } else {
    if (m.type() == PROMOTION) {
      remove_piece(to);
      put_piece(make_piece(us, PAWN), to);
    }
    move_piece(to, from);
    if (si.captured != NO_PIECE)
      put_piece(si.captured, m.type() == EN_PASSANT ? to - pawn_push(us) : to);
  }
  states_.pop_back();
  --game_ply_;
}

void Position::do_null_move() {
  StateInfo& si = states_.emplace_back(states_.back());
  si.key ^= zobrist::side;
  if (si.ep != SQ_NONE) {
    si.key ^= zobrist::enpassant[file_of(si.ep)];
    si.ep = SQ_NONE;
  }
  ++si.rule50;
  si.plies_from_null = 0;
  si.captured = NO_PIECE;
  stm_ = ~stm_;
  si.checkers = 0;
  set_check_info(si);
  ++game_ply_;
}

void Position::undo_null_move() {
  states_.pop_back();
  stm_ = ~stm_;
  --game_ply_;
}

Key Position::key_after(Move m) const {
  const Square from = m.from(), to = m.to();
  const Piece pc = board_[from], captured = board_[to];
  Key k = key() ^ zobrist::side ^ zobrist::psq[pc][from] ^ zobrist::psq[pc][to];
  if (captured != NO_PIECE && m.type() != CASTLING) k ^= zobrist::psq[captured][to];
  return k;
}

bool Position::pseudo_legal(Move m) const {
  if (!m.is_ok()) return false;
  const Color us = stm_, them = ~us;
  const Square from = m.from(), to = m.to();
  const Piece pc = board_[from];
  if (pc == NO_PIECE || color_of(pc) != us) return false;

  if (m.type() == CASTLING) {
    if (type_of(pc) != KING || checkers()) return false;
    const CastlingRights cr = us & (to > from ? KING_SIDE : QUEEN_SIDE);
    return m.promotion_type() == KNIGHT && can_castle(cr) && castling_rook_[cr] == to &&
           !castling_impeded(cr);
  }
  if (pieces(us) & square_bb(to)) return false;
  // Only one encoding per move: normal, ep and castling moves carry no promotion bits.
  if (m.type() != PROMOTION && m.promotion_type() != KNIGHT) return false;

  if (type_of(pc) == PAWN) {
    const bool last_rank = relative_rank(us, to) == RANK_8;
    if (last_rank != (m.type() == PROMOTION)) return false;
    if (m.type() == EN_PASSANT) {
      if (to != ep_square() || !(attacks::pawn(us, from) & square_bb(to))) return false;
    } else {
      const bool capture = attacks::pawn(us, from) & pieces(them) & square_bb(to);
      const bool push = to == from + pawn_push(us) && empty(to);
      const bool double_push = relative_rank(us, from) == RANK_2 &&
                               to == from + pawn_push(us) + pawn_push(us) && empty(to) &&
                               empty(from + pawn_push(us));
      if (!capture && !push && !double_push) return false;
    }
  } else {
    if (m.type() != NORMAL) return false;
    if (!(attacks::of(type_of(pc), from, pieces()) & square_bb(to))) return false;
  }

  // In check, a non-king move must capture the single checker or block it.
  if (checkers() && type_of(pc) != KING) {
    if (more_than_one(checkers())) return false;
    const Square checker = lsb(checkers());
    const Bitboard target = between_bb(king_square(us), checker) | checkers();
    const bool ep_removes_checker = m.type() == EN_PASSANT && to - pawn_push(us) == checker;
    if (!(target & square_bb(to)) && !ep_removes_checker) return false;
  }
  return true;
}

bool Position::legal(Move m) const {
  const Color us = stm_, them = ~us;
  const Square from = m.from(), to = m.to();
  const Square ksq = king_square(us);

  if (m.type() == EN_PASSANT) {
    const Bitboard occ =
        (pieces() ^ square_bb(from) ^ square_bb(to - pawn_push(us))) | square_bb(to);
    return !(attacks::rook(ksq, occ) & pieces(them, QUEEN, ROOK)) &&
           !(attacks::bishop(ksq, occ) & pieces(them, QUEEN, BISHOP));
  }
  if (m.type() == CASTLING) {
    const CastlingRights cr = us & (to > from ? KING_SIDE : QUEEN_SIDE);
    for (Bitboard b = castling_king_path_[cr]; b;)
      if (attackers_to(pop_lsb(b)) & pieces(them)) return false;
    // In Chess960 the castling rook may have shielded the king's target square.
    const Square king_to = castling_king_to(us, cr);
    return !(attacks::rook(king_to, pieces() ^ square_bb(to) ^ square_bb(from)) &
             pieces(them, QUEEN, ROOK));
  }
  if (type_of(board_[from]) == KING)
    return !(attackers_to(to, pieces() ^ square_bb(from)) & pieces(them));
  return !(blockers_for_king(us) & square_bb(from)) || aligned(from, to, ksq);
}

bool Position::gives_check(Move m) const {
  const Color us = stm_;
  const Square from = m.from(), to = m.to();
  const Square their_king = king_square(~us);

  if (m.type() != CASTLING && (check_squares(type_of(board_[from])) & square_bb(to))) return true;
  if ((blockers_for_king(~us) & square_bb(from)) &&
      (m.type() == CASTLING || !aligned(from, to, their_king)))
    return true;  // discovered check (a castling king always leaves its square)

  switch (m.type()) {
    case NORMAL: return false;
    case PROMOTION:
      return attacks::of(m.promotion_type(), to, pieces() ^ square_bb(from)) &
             square_bb(their_king);
    case EN_PASSANT: {
      const Square cap = to - pawn_push(us);
      const Bitboard occ = (pieces() ^ square_bb(from) ^ square_bb(cap)) | square_bb(to);
      return (attacks::rook(their_king, occ) & pieces(us, QUEEN, ROOK)) |
             (attacks::bishop(their_king, occ) & pieces(us, QUEEN, BISHOP));
    }
    case CASTLING: {
      const CastlingRights side = to > from ? KING_SIDE : QUEEN_SIDE;
      const Square king_to = castling_king_to(us, side);
      const Square rook_to = castling_rook_to(us, side);
      const Bitboard occ =
          (pieces() ^ square_bb(from) ^ square_bb(to)) | square_bb(king_to) | square_bb(rook_to);
      return attacks::rook(rook_to, occ) & square_bb(their_king);
    }
  }
  return false;
}

bool Position::is_repetition(int ply) const {
  const StateInfo& si = states_.back();
  const int end = std::min(si.rule50, si.plies_from_null);
  const int n = int(states_.size()) - 1;
  int found = 0;
  for (int i = 4; i <= end && i <= n; i += 2) {
    if (states_[n - i].key != si.key) continue;
    if (i < ply || ++found == 2) return true;
  }
  return false;
}

bool Position::upcoming_repetition(int ply) const {
  const StateInfo& si = states_.back();
  const int end = std::min(si.rule50, si.plies_from_null);
  const int n = int(states_.size()) - 1;
  // Only positions with the other side to move, an odd number of plies back, are one of our
  // moves away.
  for (int i = 3; i <= end && i <= n; i += 2) {
    const int j = cuckoo::find(si.key ^ states_[n - i].key);
    if (j < 0) continue;
    const Move m = cuckoo::moves[j];
    const Square a = m.from(), b = m.to();
    if (between_bb(a, b) & pieces()) continue;
    // The table holds each square pair once: the mover stands on whichever square is occupied,
    // and must be ours.
    if (color_of(piece_on(empty(a) ? b : a)) != side_to_move()) continue;
    if (i < ply) return true;
    // Before the root the position the move returns to must already be a repetition.
    const StateInfo& earlier = states_[n - i];
    const int earlier_end = std::min(earlier.rule50, earlier.plies_from_null);
    for (int k = 4; k <= earlier_end && k <= n - i; k += 2)
      if (states_[n - i - k].key == earlier.key) return true;
  }
  return false;
}

absl::Status Position::check_consistency() const {
  auto broken = [](absl::string_view what) {
    return absl::InternalError(absl::StrCat("inconsistent position: ", what));
  };
  Bitboard by_type[PIECE_TYPE_NB] = {}, by_color[COLOR_NB] = {};
  Score psq[kPsqSets];
  for (Square s = SQ_A1; s <= SQ_H8; ++s) {
    const Piece pc = board_[s];
    if (pc == NO_PIECE) continue;
    if (type_of(pc) < PAWN || type_of(pc) > KING || (pc != make_piece(color_of(pc), type_of(pc))))
      return broken("a square holds no valid piece");
    by_type[ALL_PIECES] |= square_bb(s);
    by_type[type_of(pc)] |= square_bb(s);
    by_color[color_of(pc)] |= square_bb(s);
    for (int set = 0; set < kPsqSets; ++set) psq[set] += piece_square_values[set][pc][s];
  }
  for (int pt = ALL_PIECES; pt <= KING; ++pt)
    if (by_type[pt] != by_type_[pt])
      return broken("a piece-type bitboard disagrees with the board");
  for (Color c : {WHITE, BLACK}) {
    if (by_color[c] != by_color_[c]) return broken("a colour bitboard disagrees with the board");
    if (count(c, KING) != 1) return broken("a side has no king or more than one");
  }
  if (pieces(PAWN) & (rank_bb(RANK_1) | rank_bb(RANK_8))) return broken("a pawn on a back rank");
  for (int set = 0; set < kPsqSets; ++set)
    if (psq[set] != psq_[set]) return broken("a piece-square sum is stale");

  const StateInfo& si = state();
  StateInfo fresh = si;
  compute_keys(fresh);
  if (fresh.key != si.key) return broken("the key is stale");
  if (fresh.pawn_key != si.pawn_key) return broken("the pawn key is stale");
  if (fresh.non_pawn_key[WHITE] != si.non_pawn_key[WHITE] ||
      fresh.non_pawn_key[BLACK] != si.non_pawn_key[BLACK])
    return broken("a non-pawn key is stale");
  if (attackers_to(king_square(~stm_)) & pieces(stm_))
    return broken("the side not to move is in check");
  if (si.checkers != (attackers_to(king_square(stm_)) & pieces(~stm_)))
    return broken("the checkers are stale");
  set_check_info(fresh);
  for (Color c : {WHITE, BLACK})
    if (fresh.blockers[c] != si.blockers[c] || fresh.pinners[c] != si.pinners[c])
      return broken("the pins are stale");
  for (int pt = PAWN; pt <= KING; ++pt)
    if (fresh.check_squares[pt] != si.check_squares[pt])
      return broken("the checking squares are stale");

  for (const CastlingRights cr : {WHITE_OO, WHITE_OOO, BLACK_OO, BLACK_OOO}) {
    if (!can_castle(cr)) continue;
    const Color c = (cr & (WHITE_OO | WHITE_OOO)) ? WHITE : BLACK;
    const Square rook = castling_rook_[cr];
    if (board_[rook] != make_piece(c, ROOK) || rank_of(rook) != relative_rank(c, RANK_1) ||
        rank_of(king_square(c)) != relative_rank(c, RANK_1))
      return broken("a castling right without its king and rook in place");
  }
  if (si.ep != SQ_NONE &&
      (relative_rank(stm_, si.ep) != RANK_6 ||
       !(attacks::pawn(~stm_, si.ep) & pieces(stm_, PAWN)) ||
       board_[si.ep - pawn_push(stm_)] != make_piece(~stm_, PAWN) || !empty(si.ep)))
    return broken("an en-passant square no pawn can take on");
  if (si.rule50 < 0 || si.plies_from_null < 0 || game_ply_ < 0) return broken("a negative counter");
  return absl::OkStatus();
}

bool Position::is_fifty_move_draw() const {
  // Mate on the hundredth half-move still wins.
  return rule50() >= 100 && (!checkers() || MoveList<LEGAL>(*this).size() > 0);
}

bool Position::has_insufficient_material() const {
  if (pieces(PAWN, ROOK) || pieces(QUEEN)) return false;
  const Bitboard minors = pieces(KNIGHT, BISHOP);
  if (!more_than_one(minors)) return true;  // K v K, or a lone minor
  // Only bishops, all on squares of one colour: no mate is possible.
  if (pieces(KNIGHT)) return false;
  const Bitboard bishops = pieces(BISHOP);
  return !(bishops & kDarkSquares) || !(bishops & ~kDarkSquares);
}

}  // namespace riposte
