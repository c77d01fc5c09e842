// SPDX-License-Identifier: GPL-3.0-or-later
// Attack tables: leaper lookups and magic-bitboard (or PEXT) slider lookups, built once by init().
#pragma once

#include "movegen/bitboard.h"

#if defined(RIPOSTE_USE_PEXT)
#include <immintrin.h>
#endif

namespace riposte::attacks {

// Fills every table in this header and the between/line/distance tables. Idempotent.
void init();

struct Magic {
  Bitboard mask;
  Bitboard magic;
  Bitboard* table;
  unsigned shift;

  unsigned index(Bitboard occupied) const {
#if defined(RIPOSTE_USE_PEXT)
    return unsigned(_pext_u64(occupied, mask));
#else
    return unsigned(((occupied & mask) * magic) >> shift);
#endif
  }
};

namespace detail {
extern Bitboard pawn[COLOR_NB][SQUARE_NB];
extern Bitboard knight[SQUARE_NB];
extern Bitboard king[SQUARE_NB];
extern Magic bishop_magics[SQUARE_NB];
extern Magic rook_magics[SQUARE_NB];
}  // namespace detail

inline Bitboard pawn(Color c, Square s) { return detail::pawn[c][s]; }
inline Bitboard knight(Square s) { return detail::knight[s]; }
inline Bitboard king(Square s) { return detail::king[s]; }
inline Bitboard bishop(Square s, Bitboard occupied) {
  const Magic& m = detail::bishop_magics[s];
  return m.table[m.index(occupied)];
}
inline Bitboard rook(Square s, Bitboard occupied) {
  const Magic& m = detail::rook_magics[s];
  return m.table[m.index(occupied)];
}
inline Bitboard queen(Square s, Bitboard occupied) {
  return bishop(s, occupied) | rook(s, occupied);
}

// Attacks of a non-pawn piece type from s.
inline Bitboard of(PieceType pt, Square s, Bitboard occupied) {
  switch (pt) {
    case KNIGHT: return knight(s);
    case BISHOP: return bishop(s, occupied);
    case ROOK: return rook(s, occupied);
    case QUEEN: return queen(s, occupied);
    case KING: return king(s);
    default: return 0;
  }
}

}  // namespace riposte::attacks
