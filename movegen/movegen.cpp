// SPDX-License-Identifier: GPL-3.0-or-later
#include "movegen/movegen.h"

namespace riposte {

namespace {

// Squares attacked by `them`, seen through our king so that it cannot step along a checking ray.
template <Color Them>
Bitboard danger_squares(const Position& pos, Bitboard occupied) {
  Bitboard danger = pawn_attacks_bb<Them>(pos.pieces(Them, PAWN));
  for (Bitboard b = pos.pieces(Them, KNIGHT); b;) danger |= attacks::knight(pop_lsb(b));
  for (Bitboard b = pos.pieces(Them, BISHOP, QUEEN); b;)
    danger |= attacks::bishop(pop_lsb(b), occupied);
  for (Bitboard b = pos.pieces(Them, ROOK, QUEEN); b;)
    danger |= attacks::rook(pop_lsb(b), occupied);
  return danger | attacks::king(pos.king_square(Them));
}

// Where generated moves go: a list for the search, or a bare count for perft's last ply.
struct ListSink {
  ExtMove* cur;
  void add(Move m) { *cur++ = {m, 0}; }
  void add_piece(Square from, Bitboard targets) {
    while (targets) add(Move(from, pop_lsb(targets)));
  }
  template <int D>
  void add_pawns(Bitboard targets) {
    while (targets) {
      const Square to = pop_lsb(targets);
      add(Move(Square(to - D), to));
    }
  }
  // Promotions of kind T onto targets: queens count as noisy, the others as quiet unless
  // they capture.
  template <GenType T, int D>
  void add_promotions(Bitboard targets, bool capture) {
    while (targets) {
      const Square to = pop_lsb(targets), from = Square(to - D);
      if (T != QUIETS) add(Move::make<PROMOTION>(from, to, QUEEN));
      if (T == LEGAL || (T == CAPTURES) == capture) {
        add(Move::make<PROMOTION>(from, to, ROOK));
        add(Move::make<PROMOTION>(from, to, BISHOP));
        add(Move::make<PROMOTION>(from, to, KNIGHT));
      }
    }
  }
};

struct CountSink {
  std::uint64_t n = 0;
  void add(Move) { ++n; }
  void add_piece(Square, Bitboard targets) { n += popcount(targets); }
  template <int D>
  void add_pawns(Bitboard targets) {
    n += popcount(targets);
  }
  template <GenType T, int D>
  void add_promotions(Bitboard targets, bool capture) {
    const int per_square = (T != QUIETS) + 3 * (T == LEGAL || (T == CAPTURES) == capture);
    n += std::uint64_t(per_square) * popcount(targets);
  }
};

// Pawn moves of the unpinned pawns `pawns`; `check_mask` restricts targets while in check.
template <Color Us, GenType T, typename Sink>
void pawn_moves(const Position& pos, Sink& sink, Bitboard pawns, Bitboard check_mask) {
  constexpr Color Them = ~Us;
  constexpr Direction Up = Us == WHITE ? NORTH : SOUTH;
  constexpr Direction UpLeft = Us == WHITE ? NORTH_WEST : SOUTH_EAST;
  constexpr Direction UpRight = Us == WHITE ? NORTH_EAST : SOUTH_WEST;
  constexpr Bitboard Rank7 = rank_bb(relative_rank(Us, RANK_7));
  constexpr Bitboard Rank3 = rank_bb(relative_rank(Us, RANK_3));

  const Bitboard empty = ~pos.pieces();
  const Bitboard enemies = pos.pieces(Them) & check_mask;
  const Bitboard on7 = pawns & Rank7, not7 = pawns & ~Rank7;

  if (T != CAPTURES) {
    Bitboard single = shift<Up>(not7) & empty;
    const Bitboard dbl = shift<Up>(single & Rank3) & empty & check_mask;
    single &= check_mask;
    sink.template add_pawns<Up>(single);
    sink.template add_pawns<Up + Up>(dbl);
  }
  if (on7) {
    sink.template add_promotions<T, Up>(shift<Up>(on7) & empty & check_mask, false);
    sink.template add_promotions<T, UpLeft>(shift<UpLeft>(on7) & enemies, true);
    sink.template add_promotions<T, UpRight>(shift<UpRight>(on7) & enemies, true);
  }
  if (T != QUIETS) {
    sink.template add_pawns<UpLeft>(shift<UpLeft>(not7) & enemies);
    sink.template add_pawns<UpRight>(shift<UpRight>(not7) & enemies);
  }
}

template <Color Us, GenType T, typename Sink>
void generate_all(const Position& pos, Sink& sink) {
  constexpr Color Them = ~Us;
  const Square ksq = pos.king_square(Us);
  const Bitboard occupied = pos.pieces();
  const Bitboard checkers = pos.checkers();
  const Bitboard kind_mask = T == CAPTURES ? pos.pieces(Them)
                             : T == QUIETS ? ~occupied
                                           : ~pos.pieces(Us);
  const Bitboard king_targets = attacks::king(ksq) & kind_mask;
  Bitboard danger = 0;
  if constexpr (T == CAPTURES) {
    // The king seldom has a capture: testing each one is cheaper than mapping every attack.
    Bitboard safe = 0;
    for (Bitboard b = king_targets; b;) {
      const Square to = pop_lsb(b);
      if (!(pos.attackers_to(to, occupied ^ square_bb(ksq)) & pos.pieces(Them)))
        safe |= square_bb(to);
    }
    sink.add_piece(ksq, safe);
  } else {
    danger = danger_squares<Them>(pos, occupied ^ square_bb(ksq));
    sink.add_piece(ksq, king_targets & ~danger);
  }
  if (more_than_one(checkers)) return;  // double check: only the king can move

  const Bitboard check_mask = checkers ? between_bb(ksq, lsb(checkers)) | checkers : ~Bitboard(0);
  const Bitboard targets = kind_mask & check_mask;
  const Bitboard pinned = pos.blockers_for_king(Us) & pos.pieces(Us);

  // A pinned piece never helps against a check: it may only move along its pin line.
  const Bitboard pawns = pos.pieces(Us, PAWN);
  pawn_moves<Us, T>(pos, sink, pawns & ~pinned, check_mask);
  if (!checkers) {
    for (Bitboard b = pawns & pinned; b;) {
      const Square from = pop_lsb(b);
      pawn_moves<Us, T>(pos, sink, square_bb(from), line_bb(ksq, from));
    }
  }
  if (T != QUIETS && pos.ep_square() != SQ_NONE) {
    const Square ep = pos.ep_square();
    const Square cap = ep - pawn_push(Us);
    for (Bitboard b = attacks::pawn(Them, ep) & pawns; b;) {
      const Square from = pop_lsb(b);
      const Bitboard occ = (occupied ^ square_bb(from) ^ square_bb(cap)) | square_bb(ep);
      if (!(pos.attackers_to(ksq, occ) & pos.pieces(Them) & ~square_bb(cap)))
        sink.add(Move::make<EN_PASSANT>(from, ep));
    }
  }

  for (Bitboard b = pos.pieces(Us, KNIGHT) & ~pinned; b;) {
    const Square from = pop_lsb(b);
    sink.add_piece(from, attacks::knight(from) & targets);
  }
  for (Bitboard b = pos.pieces(Us, BISHOP, QUEEN); b;) {
    const Square from = pop_lsb(b);
    Bitboard t = attacks::bishop(from, occupied) & targets;
    if (pinned & square_bb(from)) t &= line_bb(ksq, from);
    sink.add_piece(from, t);
  }
  for (Bitboard b = pos.pieces(Us, ROOK, QUEEN); b;) {
    const Square from = pop_lsb(b);
    Bitboard t = attacks::rook(from, occupied) & targets;
    if (pinned & square_bb(from)) t &= line_bb(ksq, from);
    sink.add_piece(from, t);
  }

  if (T != CAPTURES && !checkers) {
    for (CastlingRights cr : {Us & KING_SIDE, Us & QUEEN_SIDE}) {
      if (!pos.can_castle(cr) || pos.castling_impeded(cr) || (pos.castling_king_path(cr) & danger))
        continue;
      const Square rook_from = pos.castling_rook_square(cr);
      const Square king_to = castling_king_to(Us, cr);
      // Chess960: the castling rook may have been shielding the king's target square.
      if (attacks::rook(king_to, occupied ^ square_bb(rook_from) ^ square_bb(ksq)) &
          pos.pieces(Them, ROOK, QUEEN))
        continue;
      sink.add(Move::make<CASTLING>(ksq, rook_from));
    }
  }
}

}  // namespace

template <GenType T>
ExtMove* generate(const Position& pos, ExtMove* list) {
  constexpr GenType Kind = T == EVASIONS ? LEGAL : T;
  ListSink sink{list};
  if (pos.side_to_move() == WHITE)
    generate_all<WHITE, Kind>(pos, sink);
  else
    generate_all<BLACK, Kind>(pos, sink);
  return sink.cur;
}

std::uint64_t count_legal_moves(const Position& pos) {
  CountSink sink;
  if (pos.side_to_move() == WHITE)
    generate_all<WHITE, LEGAL>(pos, sink);
  else
    generate_all<BLACK, LEGAL>(pos, sink);
  return sink.n;
}

template ExtMove* generate<CAPTURES>(const Position&, ExtMove*);
template ExtMove* generate<QUIETS>(const Position&, ExtMove*);
template ExtMove* generate<EVASIONS>(const Position&, ExtMove*);
template ExtMove* generate<LEGAL>(const Position&, ExtMove*);

}  // namespace riposte
