// SPDX-License-Identifier: GPL-3.0-or-later
// The evaluation's working state and its terms, shared by the files that compute them:
// evaluate.cpp (material, the public functions), pawns.cpp, pieces.cpp, king_safety.cpp and
// threats.cpp. Each of those instantiates its members for both traces. Not for use outside
// nnue-free-eval.
#pragma once

#include "movegen/position.h"
#include "nnue-free-eval/evaluate.h"
#include "nnue-free-eval/params.h"

namespace riposte::eval::detail {

// Ranks strictly in front of rank r, from c's point of view.
inline Bitboard ranks_ahead(Color c, Rank r) {
  if (c == WHITE) return r == RANK_8 ? 0 : ~Bitboard(0) << (8 * (r + 1));
  return (Bitboard(1) << (8 * r)) - 1;
}
// Squares in front of s on its file, from c's point of view.
inline Bitboard forward_file(Color c, Square s) { return file_bb(s) & ranks_ahead(c, rank_of(s)); }
inline Bitboard adjacent_files(Square s) {
  const Bitboard f = file_bb(s);
  return shift<EAST>(f) | shift<WEST>(f);
}
// Squares in front of s on its own and the adjacent files (where enemy pawns stop a passer).
inline Bitboard passed_span(Color c, Square s) {
  Bitboard span = forward_file(c, s);
  return span | shift<EAST>(span) | shift<WEST>(span);
}

constexpr Bitboard kCentre =
    (file_bb(FILE_D) | file_bb(FILE_E)) & (rank_bb(RANK_4) | rank_bb(RANK_5));

// One square towards c's promotion rank.
inline Bitboard forward(Color c, Bitboard b) {
  return c == WHITE ? shift<NORTH>(b) : shift<SOUTH>(b);
}
// Squares that c's pawns on b attack.
inline Bitboard pawn_attacks(Color c, Bitboard b) {
  return c == WHITE ? pawn_attacks_bb<WHITE>(b) : pawn_attacks_bb<BLACK>(b);
}

struct NoTrace {
  static constexpr bool kActive = false;
  void add(int, Color, int) {}
};

struct CountTrace {
  static constexpr bool kActive = true;
  int count[kNumParams][COLOR_NB] = {};
  void add(int p, Color c, int n) { count[p][c] += n; }
};

// One side's terms summed in a local, added to the side's score once. Summed into a member,
// every term would be a load and a store: the compiler cannot tell the member from the weights
// it reads in between.
template <class T>
class TermSum {
 public:
  TermSum(T& trace, Color side) : trace_(trace), side_(side) {}
  void add(int p, int n = 1) {
    sum_ += weights()[p] * n;
    trace_.add(p, side_, n);
  }
  Score sum() const { return sum_; }

 private:
  T& trace_;
  Color side_;
  Score sum_;
};

// Fills the imbalance tables from the weights; eval::init calls it.
void init_imbalance_tables();

// One evaluation. T records the count of every parameter for the tuner and `eval`.
template <class T>
class Evaluator {
 public:
  Evaluator(const Position& pos, PawnCache* cache, T& trace)
      : pos_(pos), cache_(cache), trace_(trace) {}

  // White-minus-black middlegame/endgame score before phase and scale.
  Score run();
  Score total() const { return score_[WHITE] - score_[BLACK]; }
  Score danger_penalty(Color c) const { return danger_penalty_[c]; }
  Bitboard passed_pawns(Color c) const { return passed_[c]; }

 private:
  using Sum = TermSum<T>;
  Sum sum(Color c) { return Sum(trace_, c); }

  // evaluate.cpp
  void init(Color us);
  void material_and_squares();
  void imbalance();
  // pawns.cpp
  void pawns();
  void pawn_structure(Color us);
  void passed(Color us);
  // pieces.cpp
  template <PieceType Pt>
  void pieces(Color us);
  template <PieceType Pt>
  void minor_terms(Color us, Square s, Sum& terms);
  void bishop_terms(Color us, Square s, Sum& terms);
  void rook_terms(Color us, Square s, Sum& terms);
  void queen_terms(Color us, Square s, Sum& terms);
  // king_safety.cpp
  void king_safety(Color us);
  void shelter(Color us);
  Score shelter_and_storm(Color us);
  // threats.cpp
  void threats(Color us);

  const Position& pos_;
  PawnCache* cache_;
  PawnCache::Entry* pawn_entry_ = nullptr;  // this position's, when there is a cache
  T& trace_;
  Score score_[COLOR_NB];
  Score danger_penalty_[COLOR_NB];  // what the danger costs, in score_ already
  Bitboard pawn_attacks_[COLOR_NB] = {};
  Bitboard attacked_[COLOR_NB][PIECE_TYPE_NB] = {};
  Bitboard king_zone_[COLOR_NB] = {};
  Bitboard mobility_area_[COLOR_NB] = {};
  Bitboard passed_[COLOR_NB] = {};
  Bitboard rammed_[COLOR_NB] = {};     // pawns with an enemy pawn right in front
  Bitboard attacked2_[COLOR_NB] = {};  // squares attacked at least twice
  int king_attackers_[COLOR_NB] = {};
  int king_zone_hits_[COLOR_NB] = {};
  int attacker_types_[COLOR_NB][PIECE_TYPE_NB] = {};
};

}  // namespace riposte::eval::detail
