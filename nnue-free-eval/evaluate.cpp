#include "nnue-free-eval/evaluate.h"

#include <array>
#include <cstdio>

#include "nnue-free-eval/weights.h"

namespace riposte::eval {

namespace {

// Distance of a file or rank from the centre, 0 (d/e, 4/5) to 3 (edge).
constexpr int edge_distance(int x) { return x < 4 ? 3 - x : x - 4; }
constexpr int centre(Square s) { return edge_distance(file_of(s)) + edge_distance(rank_of(s)); }

// Bonus for a white piece of type pt on s (black pieces use the rank-mirrored square).
constexpr Score square_bonus(PieceType pt, Square s) {
  const int r = rank_of(s), c = centre(s), f = edge_distance(file_of(s));
  switch (pt) {
    case PAWN: {
      if (r == RANK_1 || r == RANK_8) return {};
      const int advance = r - 1;  // 0 on the second rank
      const int mg =
          advance * 4 + (f == 0 && r >= RANK_3 && r <= RANK_5 ? 12 : 0) - (f == 3 ? 4 : 0);
      return {mg, advance * advance * 4};
    }
    case KNIGHT: return {20 - 8 * c, 15 - 6 * c};
    case BISHOP: return {10 - 4 * c + (r == RANK_1 ? -8 : 0), 8 - 4 * c};
    case ROOK: return {(r == RANK_7 ? 18 : 0) + (f == 0 ? 6 : 0) - 2 * f, r == RANK_7 ? 10 : 0};
    case QUEEN: return {6 - 2 * c + (r == RANK_1 ? -4 : 0), 12 - 4 * c};
    case KING: {
      const int shelter = r == RANK_1   ? (f == 0   ? -20
                                           : f == 3 ? 20
                                                    : 10)
                          : r == RANK_2 ? -10
                                        : -30 - 5 * r;
      return {shelter, 30 - 10 * c};
    }
    default: return {};
  }
}

// psq[piece][square]: material plus square bonus, negated for black.
constexpr auto kPsq = [] {
  std::array<std::array<Score, SQUARE_NB>, PIECE_NB> t{};
  for (int pt = PAWN; pt <= KING; ++pt) {
    for (int s = 0; s < SQUARE_NB; ++s) {
      const Score v = kPieceValue[pt] + square_bonus(PieceType(pt), Square(s));
      t[make_piece(WHITE, PieceType(pt))][s] = v;
      t[make_piece(BLACK, PieceType(pt))][flip_rank(Square(s))] = -v;
    }
  }
  return t;
}();

int taper(Score s, int ph) { return (s.mg * ph + s.eg * (kPhaseMax - ph)) / kPhaseMax; }

Score material_and_squares(const Position& pos, Color c) {
  Score s;
  for (Bitboard b = pos.pieces(c); b;) {
    const Square sq = pop_lsb(b);
    s += kPsq[pos.piece_on(sq)][sq];
  }
  return c == WHITE ? s : -s;
}

}  // namespace

int phase(const Position& pos) {
  int ph = 0;
  for (PieceType pt : {KNIGHT, BISHOP, ROOK, QUEEN})
    ph += kPhaseWeight[pt] * popcount(pos.pieces(pt));
  return ph < kPhaseMax ? ph : kPhaseMax;
}

int evaluate(const Position& pos) {
  const Score s = material_and_squares(pos, WHITE) - material_and_squares(pos, BLACK);
  const int white_view = taper(s, phase(pos));
  return (pos.side_to_move() == WHITE ? white_view : -white_view) + kTempo;
}

std::string trace(const Position& pos) {
  const Score w = material_and_squares(pos, WHITE), b = material_and_squares(pos, BLACK);
  const int ph = phase(pos);
  char buf[512];
  std::snprintf(buf, sizeof buf,
                "     Term    |    White    |    Black    |    Total   \n"
                "             |   MG    EG  |   MG    EG  |   MG    EG \n"
                " ------------+-------------+-------------+------------\n"
                " Material+PST| %5d %5d | %5d %5d | %5d %5d \n"
                " ------------+-------------+-------------+------------\n"
                "Phase: %d/%d\n"
                "Final evaluation: %d (white side)\n",
                w.mg, w.eg, b.mg, b.eg, w.mg - b.mg, w.eg - b.eg, ph, kPhaseMax,
                taper(w - b, ph) + (pos.side_to_move() == WHITE ? kTempo : -kTempo));
  return buf;
}

}  // namespace riposte::eval
