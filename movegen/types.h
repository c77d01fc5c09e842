// SPDX-License-Identifier: GPL-3.0-or-later
// Basic chess types shared by every layer: squares, pieces, colours and the 16-bit move.
#pragma once

#include <cstdint>

namespace riposte {

using Bitboard = std::uint64_t;
using Key = std::uint64_t;

constexpr int kMaxMoves = 256;  // more than the legal maximum (218) in any position
constexpr int kMaxPly = 246;    // deepest search ply; leaves room in 8-bit TT depth

enum Color : std::uint8_t { WHITE, BLACK, COLOR_NB = 2 };

constexpr Color operator~(Color c) { return Color(c ^ 1); }

enum PieceType : std::uint8_t {
  NO_PIECE_TYPE,
  PAWN,
  KNIGHT,
  BISHOP,
  ROOK,
  QUEEN,
  KING,
  ALL_PIECES = 0,
  PIECE_TYPE_NB = 8
};

// Colour lives in bit 3 so that type_of() is a mask and pieces index 16-entry tables.
enum Piece : std::uint8_t {
  NO_PIECE,
  W_PAWN = 1,
  W_KNIGHT,
  W_BISHOP,
  W_ROOK,
  W_QUEEN,
  W_KING,
  B_PAWN = 9,
  B_KNIGHT,
  B_BISHOP,
  B_ROOK,
  B_QUEEN,
  B_KING,
  PIECE_NB = 16
};

constexpr Piece make_piece(Color c, PieceType pt) { return Piece((c << 3) | pt); }
constexpr PieceType type_of(Piece pc) { return PieceType(pc & 7); }
constexpr Color color_of(Piece pc) { return Color(pc >> 3); }

enum Square : std::uint8_t {
  SQ_A1,
  SQ_B1,
  SQ_C1,
  SQ_D1,
  SQ_E1,
  SQ_F1,
  SQ_G1,
  SQ_H1,
  SQ_A2,
  SQ_B2,
  SQ_C2,
  SQ_D2,
  SQ_E2,
  SQ_F2,
  SQ_G2,
  SQ_H2,
  SQ_A3,
  SQ_B3,
  SQ_C3,
  SQ_D3,
  SQ_E3,
  SQ_F3,
  SQ_G3,
  SQ_H3,
  SQ_A4,
  SQ_B4,
  SQ_C4,
  SQ_D4,
  SQ_E4,
  SQ_F4,
  SQ_G4,
  SQ_H4,
  SQ_A5,
  SQ_B5,
  SQ_C5,
  SQ_D5,
  SQ_E5,
  SQ_F5,
  SQ_G5,
  SQ_H5,
  SQ_A6,
  SQ_B6,
  SQ_C6,
  SQ_D6,
  SQ_E6,
  SQ_F6,
  SQ_G6,
  SQ_H6,
  SQ_A7,
  SQ_B7,
  SQ_C7,
  SQ_D7,
  SQ_E7,
  SQ_F7,
  SQ_G7,
  SQ_H7,
  SQ_A8,
  SQ_B8,
  SQ_C8,
  SQ_D8,
  SQ_E8,
  SQ_F8,
  SQ_G8,
  SQ_H8,
  SQ_NONE,
  SQUARE_NB = 64
};

enum File : std::uint8_t {
  FILE_A,
  FILE_B,
  FILE_C,
  FILE_D,
  FILE_E,
  FILE_F,
  FILE_G,
  FILE_H,
  FILE_NB
};
enum Rank : std::uint8_t {
  RANK_1,
  RANK_2,
  RANK_3,
  RANK_4,
  RANK_5,
  RANK_6,
  RANK_7,
  RANK_8,
  RANK_NB
};

enum Direction : int {
  NORTH = 8,
  EAST = 1,
  SOUTH = -NORTH,
  WEST = -EAST,
  NORTH_EAST = NORTH + EAST,
  NORTH_WEST = NORTH + WEST,
  SOUTH_EAST = SOUTH + EAST,
  SOUTH_WEST = SOUTH + WEST,
};

constexpr Square make_square(File f, Rank r) { return Square((r << 3) | f); }
constexpr File file_of(Square s) { return File(s & 7); }
constexpr Rank rank_of(Square s) { return Rank(s >> 3); }
constexpr bool is_ok(Square s) { return s < SQUARE_NB; }
constexpr Square operator+(Square s, Direction d) { return Square(int(s) + int(d)); }
constexpr Square operator-(Square s, Direction d) { return Square(int(s) - int(d)); }
constexpr Square& operator++(Square& s) { return s = Square(s + 1); }
constexpr Square flip_rank(Square s) { return Square(s ^ SQ_A8); }  // a1 <-> a8
constexpr Square relative_square(Color c, Square s) { return Square(s ^ (c * 56)); }
constexpr Rank relative_rank(Color c, Rank r) { return Rank(r ^ (c * 7)); }
constexpr Rank relative_rank(Color c, Square s) { return relative_rank(c, rank_of(s)); }
constexpr Direction pawn_push(Color c) { return c == WHITE ? NORTH : SOUTH; }

enum CastlingRights : std::uint8_t {
  NO_CASTLING = 0,
  WHITE_OO = 1,
  WHITE_OOO = 2,
  BLACK_OO = 4,
  BLACK_OOO = 8,
  KING_SIDE = WHITE_OO | BLACK_OO,
  QUEEN_SIDE = WHITE_OOO | BLACK_OOO,
  WHITE_CASTLING = WHITE_OO | WHITE_OOO,
  BLACK_CASTLING = BLACK_OO | BLACK_OOO,
  ANY_CASTLING = WHITE_CASTLING | BLACK_CASTLING,
  CASTLING_RIGHT_NB = 16
};

constexpr CastlingRights operator&(Color c, CastlingRights cr) {
  return CastlingRights((c == WHITE ? WHITE_CASTLING : BLACK_CASTLING) & cr);
}
constexpr CastlingRights operator|(CastlingRights a, CastlingRights b) {
  return CastlingRights(int(a) | int(b));
}
constexpr CastlingRights operator&(CastlingRights a, CastlingRights b) {
  return CastlingRights(int(a) & int(b));
}
constexpr CastlingRights operator~(CastlingRights a) { return CastlingRights(~int(a) & 15); }

// Where castling puts colour c's king and rook, in Chess960 as in standard chess: the g- and
// f-file on the king side, the c- and d-file on the queen side. Only the side of cr counts.
constexpr Square castling_king_to(Color c, CastlingRights cr) {
  return relative_square(c, cr & KING_SIDE ? SQ_G1 : SQ_C1);
}
constexpr Square castling_rook_to(Color c, CastlingRights cr) {
  return relative_square(c, cr & KING_SIDE ? SQ_F1 : SQ_D1);
}

enum MoveType : std::uint16_t {
  NORMAL = 0,
  PROMOTION = 1 << 14,
  EN_PASSANT = 2 << 14,
  CASTLING = 3 << 14,
};

// A move in 16 bits: from (0-5), to (6-11), promotion piece - KNIGHT (12-13), type (14-15).
// Castling is encoded as "king takes own rook" so that Chess960 needs no special case.
class Move {
 public:
  constexpr Move() = default;
  constexpr explicit Move(std::uint16_t raw) : data_(raw) {}
  constexpr Move(Square from, Square to) : data_(std::uint16_t(from | (to << 6))) {}

  template <MoveType T>
  static constexpr Move make(Square from, Square to, PieceType promo = KNIGHT) {
    return Move(std::uint16_t(T | ((promo - KNIGHT) << 12) | (to << 6) | from));
  }
  static constexpr Move none() { return Move(); }
  // from == to == b1: never a real move, distinct from none().
  static constexpr Move null() { return Move(std::uint16_t(65)); }

  constexpr Square from() const { return Square(data_ & 0x3F); }
  constexpr Square to() const { return Square((data_ >> 6) & 0x3F); }
  constexpr MoveType type() const { return MoveType(data_ & (3 << 14)); }
  constexpr PieceType promotion_type() const { return PieceType(((data_ >> 12) & 3) + KNIGHT); }
  constexpr std::uint16_t raw() const { return data_; }
  // A real move (not none or null): from and to differ.
  constexpr bool is_ok() const { return from() != to(); }
  constexpr explicit operator bool() const { return data_ != 0; }
  constexpr bool operator==(const Move&) const = default;

 private:
  std::uint16_t data_ = 0;
};

// Generated moves carry a score slot for move ordering.
struct ExtMove {
  Move move;
  int value;
};

// Fixed-capacity storage left uninitialised. Move lists are always written before they are
// read, and default-constructing hundreds of entries at every node would cost more than
// generating the moves.
template <class T, int N>
class RawArray {
 public:
  T* data() { return reinterpret_cast<T*>(storage_); }
  const T* data() const { return reinterpret_cast<const T*>(storage_); }
  T& operator[](int i) { return data()[i]; }
  const T& operator[](int i) const { return data()[i]; }

 private:
  alignas(T) unsigned char storage_[sizeof(T) * N];
};

}  // namespace riposte
