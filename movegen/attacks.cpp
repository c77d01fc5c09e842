// SPDX-License-Identifier: GPL-3.0-or-later
#include "movegen/attacks.h"

#include <mutex>

namespace riposte {

namespace bb_tables {
Bitboard between[SQUARE_NB][SQUARE_NB];
Bitboard line[SQUARE_NB][SQUARE_NB];
std::uint8_t distance[SQUARE_NB][SQUARE_NB];
}  // namespace bb_tables

std::string pretty(Bitboard b) {
  std::string s = "+---+---+---+---+---+---+---+---+\n";
  for (int r = RANK_8; r >= RANK_1; --r) {
    for (int f = FILE_A; f <= FILE_H; ++f)
      s += (b & square_bb(make_square(File(f), Rank(r)))) ? "| X " : "|   ";
    s += "| " + std::to_string(r + 1) + "\n+---+---+---+---+---+---+---+---+\n";
  }
  return s + "  a   b   c   d   e   f   g   h\n";
}

namespace attacks {
namespace detail {
Bitboard pawn[COLOR_NB][SQUARE_NB];
Bitboard knight[SQUARE_NB];
Bitboard king[SQUARE_NB];
Magic bishop_magics[SQUARE_NB];
Magic rook_magics[SQUARE_NB];
}  // namespace detail

namespace {

Bitboard rook_table[0x19000];   // 102,400 entries: sum over squares of 2^bits
Bitboard bishop_table[0x1480];  // 5,248 entries

// One step from s by (df, dr), or empty if that leaves the board.
Bitboard step(Square s, int df, int dr) {
  const int f = file_of(s) + df, r = rank_of(s) + dr;
  return (f < 0 || f > 7 || r < 0 || r > 7) ? 0 : square_bb(make_square(File(f), Rank(r)));
}

// Slow reference: walk each ray until it leaves the board or hits an occupied square.
Bitboard sliding_attacks(const int (*dirs)[2], Square s, Bitboard occupied) {
  Bitboard result = 0;
  for (int d = 0; d < 4; ++d) {
    int f = file_of(s), r = rank_of(s);
    for (;;) {
      f += dirs[d][0];
      r += dirs[d][1];
      if (f < 0 || f > 7 || r < 0 || r > 7) break;
      const Bitboard b = square_bb(make_square(File(f), Rank(r)));
      result |= b;
      if (occupied & b) break;
    }
  }
  return result;
}

constexpr int kRookDirs[4][2] = {{1, 0}, {-1, 0}, {0, 1}, {0, -1}};
constexpr int kBishopDirs[4][2] = {{1, 1}, {1, -1}, {-1, 1}, {-1, -1}};

// Magic multipliers found once by a random search for collision-free sparse numbers (the
// "fancy" scheme: one shift per square, tables packed back to back). Fixed here so start-up
// does no search; tests check every square's table against the ray-walking reference.
constexpr Bitboard kRookMagics[SQUARE_NB] = {
    0x1080004008801020ULL, 0x0840092002C03000ULL, 0x1900200010400900ULL, 0x0880100008000480ULL,
    0x4200100420080200ULL, 0x8100020100080400ULL, 0x0200040110886200ULL, 0x0200008040220411ULL,
    0x0404800084400220ULL, 0x0000401000402000ULL, 0x0086001081220440ULL, 0x0408800800100280ULL,
    0x000A001201040820ULL, 0x8848800200840080ULL, 0x4001000100040200ULL, 0x0442000102105084ULL,
    0x9080010020804100ULL, 0x0040404000201009ULL, 0x0000808010002009ULL, 0x2200090021D00100ULL,
    0x0008008008040080ULL, 0x0004004002010040ULL, 0x0011040008015042ULL, 0x00000A0001768104ULL,
    0x0000800080204009ULL, 0x2010004140002001ULL, 0x9800200280100080ULL, 0x1000100080080080ULL,
    0x0442000A00049020ULL, 0x2100040080020080ULL, 0x0800120400900148ULL, 0x0010040A00128541ULL,
    0x2800804000800030ULL, 0x1010002000400041ULL, 0x4000200011004100ULL, 0x0610008410800800ULL,
    0x0400802402800800ULL, 0xC100020080800400ULL, 0x0002000802000401ULL, 0x0182085882000401ULL,
    0x0220204000808000ULL, 0x2860100040024022ULL, 0x0001002004110040ULL, 0x99101042000A0020ULL,
    0x0004080004008080ULL, 0x0010040002008080ULL, 0x2012004881020004ULL, 0x8300842444820011ULL,
    0x0088403882010200ULL, 0x0820400080210100ULL, 0x0110910040A00300ULL, 0x0801100280080480ULL,
    0x0242009008200600ULL, 0x1002000489500200ULL, 0x0040800200010080ULL, 0x0091800041000080ULL,
    0x0000209300488001ULL, 0x04C1002414824001ULL, 0x020020000B001041ULL, 0x7000100004200901ULL,
    0x8002002004100802ULL, 0x30010002084C0007ULL, 0x0888221800813004ULL, 0x4000002840840112ULL,
};
constexpr Bitboard kBishopMagics[SQUARE_NB] = {
    0x10102002004A1420ULL, 0x8020040400584008ULL, 0x10510800811201C8ULL, 0x5204042080000088ULL,
    0x2204106880000002ULL, 0x1401042004000000ULL, 0x0400880410042004ULL, 0x0028208200A02020ULL,
    0x1500241990010E00ULL, 0x8001200182020A40ULL, 0x40004101030B0000ULL, 0x8002041042000100ULL,
    0x4010011041020038ULL, 0x0000010421044000ULL, 0x1500210808020A00ULL, 0x8000088400880520ULL,
    0x0405004010040100ULL, 0x1005823210040108ULL, 0x2708008102040011ULL, 0x4048200404009100ULL,
    0x0018104101400024ULL, 0x0003000601190101ULL, 0x8004803108491000ULL, 0x8014241200820800ULL,
    0x0006E080100C3040ULL, 0x0501044A11041800ULL, 0x9020300008004045ULL, 0x0894080000220040ULL,
    0x1001010083104000ULL, 0x5004030040900080ULL, 0x000400422C012400ULL, 0x0002128698404812ULL,
    0x1010108404900440ULL, 0x0928021182084100ULL, 0x2006080409020024ULL, 0x1010202020180080ULL,
    0xA010008200202200ULL, 0x2098015100019004ULL, 0x0002041440810811ULL, 0x802A02020000B098ULL,
    0x0009015090004060ULL, 0x4000821082081001ULL, 0x0100210040420800ULL, 0x0800004010488A00ULL,
    0x2000081104004040ULL, 0x4C8E029015000082ULL, 0x0420340322224842ULL, 0x1298260043400210ULL,
    0x0000822802400008ULL, 0x00008A0101600000ULL, 0x3040003412080021ULL, 0x3040290220884800ULL,
    0x4A1500401041004AULL, 0x8010200282020781ULL, 0x0020203142209091ULL, 0x0070300600902110ULL,
    0x0040808800B62048ULL, 0x0000810400C44420ULL, 0x00080400440C0441ULL, 0x8340080020840411ULL,
    0x0000000104208200ULL, 0x0000800810D00080ULL, 0x0400530411080200ULL, 0x4040702400932244ULL,
};

void init_magics(const int (*dirs)[2], const Bitboard* multipliers, Bitboard* table,
                 Magic* magics) {
  Bitboard* next_table = table;

  for (Square s = SQ_A1; s <= SQ_H8; ++s) {
    // Edge squares never block a ray through s, so they are left out of the mask.
    const Bitboard edges = ((rank_bb(RANK_1) | rank_bb(RANK_8)) & ~rank_bb(s)) |
                           ((file_bb(FILE_A) | file_bb(FILE_H)) & ~file_bb(s));
    Magic& m = magics[s];
    m.mask = sliding_attacks(dirs, s, 0) & ~edges;
    m.shift = 64 - popcount(m.mask);
    m.magic = multipliers[s];
    m.table = next_table;
    next_table += Bitboard(1) << popcount(m.mask);
    Bitboard b = 0;
    do {  // Carry-Rippler enumeration of every subset of the mask
      m.table[m.index(b)] = sliding_attacks(dirs, s, b);
      b = (b - m.mask) & m.mask;
    } while (b);
  }
}

void init_once() {
  for (Square s = SQ_A1; s <= SQ_H8; ++s) {
    detail::pawn[WHITE][s] = step(s, -1, 1) | step(s, 1, 1);
    detail::pawn[BLACK][s] = step(s, -1, -1) | step(s, 1, -1);
    detail::knight[s] = step(s, 1, 2) | step(s, 2, 1) | step(s, 2, -1) | step(s, 1, -2) |
                        step(s, -1, -2) | step(s, -2, -1) | step(s, -2, 1) | step(s, -1, 2);
    detail::king[s] = step(s, 1, 0) | step(s, 1, 1) | step(s, 0, 1) | step(s, -1, 1) |
                      step(s, -1, 0) | step(s, -1, -1) | step(s, 0, -1) | step(s, 1, -1);
  }
  init_magics(kRookDirs, kRookMagics, rook_table, detail::rook_magics);
  init_magics(kBishopDirs, kBishopMagics, bishop_table, detail::bishop_magics);

  for (Square a = SQ_A1; a <= SQ_H8; ++a) {
    for (Square b = SQ_A1; b <= SQ_H8; ++b) {
      const int df = file_of(a) > file_of(b) ? file_of(a) - file_of(b) : file_of(b) - file_of(a);
      const int dr = rank_of(a) > rank_of(b) ? rank_of(a) - rank_of(b) : rank_of(b) - rank_of(a);
      bb_tables::distance[a][b] = std::uint8_t(df > dr ? df : dr);
      bb_tables::between[a][b] = bb_tables::line[a][b] = 0;
      if (a == b) continue;
      for (PieceType pt : {BISHOP, ROOK}) {
        if (!(of(pt, a, 0) & square_bb(b))) continue;
        bb_tables::line[a][b] = (of(pt, a, 0) & of(pt, b, 0)) | square_bb(a) | square_bb(b);
        bb_tables::between[a][b] = of(pt, a, square_bb(b)) & of(pt, b, square_bb(a));
      }
    }
  }
}

}  // namespace

void init() {
  static std::once_flag flag;
  std::call_once(flag, init_once);
}

}  // namespace attacks
}  // namespace riposte
