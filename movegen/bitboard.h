// SPDX-License-Identifier: GPL-3.0-or-later
// Bitboard helpers: masks, bit tricks, and square-relation tables (between, line, distance).
#pragma once

#include <bit>
#include <string>

#include "movegen/types.h"

namespace riposte {

constexpr Bitboard kFileA = 0x0101010101010101ULL;
constexpr Bitboard kRank1 = 0xFFULL;
constexpr Bitboard file_bb(File f) { return kFileA << f; }
constexpr Bitboard file_bb(Square s) { return file_bb(file_of(s)); }
constexpr Bitboard rank_bb(Rank r) { return kRank1 << (8 * r); }
constexpr Bitboard rank_bb(Square s) { return rank_bb(rank_of(s)); }
constexpr Bitboard square_bb(Square s) { return Bitboard(1) << s; }
constexpr Bitboard kDarkSquares = 0xAA55AA55AA55AA55ULL;

constexpr int popcount(Bitboard b) { return std::popcount(b); }
constexpr Square lsb(Bitboard b) { return Square(std::countr_zero(b)); }
constexpr Square msb(Bitboard b) { return Square(63 - std::countl_zero(b)); }
constexpr bool more_than_one(Bitboard b) { return b & (b - 1); }

inline Square pop_lsb(Bitboard& b) {
  const Square s = lsb(b);
  b &= b - 1;
  return s;
}

template <Direction D>
constexpr Bitboard shift(Bitboard b) {
  constexpr Bitboard notA = ~file_bb(FILE_A), notH = ~file_bb(FILE_H);
  if constexpr (D == NORTH) return b << 8;
  if constexpr (D == SOUTH) return b >> 8;
  if constexpr (D == NORTH + NORTH) return b << 16;
  if constexpr (D == SOUTH + SOUTH) return b >> 16;
  if constexpr (D == EAST) return (b & notH) << 1;
  if constexpr (D == WEST) return (b & notA) >> 1;
  if constexpr (D == NORTH_EAST) return (b & notH) << 9;
  if constexpr (D == NORTH_WEST) return (b & notA) << 7;
  if constexpr (D == SOUTH_EAST) return (b & notH) >> 7;
  if constexpr (D == SOUTH_WEST) return (b & notA) >> 9;
  return 0;
}

template <Color C>
constexpr Bitboard pawn_attacks_bb(Bitboard pawns) {
  return C == WHITE ? shift<NORTH_WEST>(pawns) | shift<NORTH_EAST>(pawns)
                    : shift<SOUTH_WEST>(pawns) | shift<SOUTH_EAST>(pawns);
}

namespace bb_tables {
extern Bitboard between[SQUARE_NB][SQUARE_NB];
extern Bitboard line[SQUARE_NB][SQUARE_NB];
extern std::uint8_t distance[SQUARE_NB][SQUARE_NB];
}  // namespace bb_tables

// Squares strictly between a and b when they share a line, else empty.
inline Bitboard between_bb(Square a, Square b) { return bb_tables::between[a][b]; }
// The whole line (edge to edge) through a and b, including both; empty if not aligned.
inline Bitboard line_bb(Square a, Square b) { return bb_tables::line[a][b]; }
inline bool aligned(Square a, Square b, Square c) { return line_bb(a, b) & square_bb(c); }
inline int distance(Square a, Square b) { return bb_tables::distance[a][b]; }

// Board picture of a bitboard for debugging.
std::string pretty(Bitboard b);

}  // namespace riposte
