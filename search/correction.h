// Static-evaluation correction history: per side to move and a key of part of the position
// (the pawn structure, one colour's other pieces, the material), or per pair of the last two
// moves, a running average of how far search results landed from the raw static eval. Adding it to
// the static eval fixes what the evaluation systematically misjudges there, and every pruning rule
// that reads the eval (and `improving`) works with the corrected value.
#pragma once

#include <algorithm>
#include <cstdint>
#include <cstring>

#include "movegen/position.h"
#include "movegen/types.h"

namespace riposte {

// One correction entry, in 1/kCorrectionGrain cp; |entry| <= 127 * kCorrectionGrain fits in
// 16 bits, so max_error may go up to 127 cp.
inline constexpr int kCorrectionGrain = 256;

// A search at `depth` found the value `raw_eval + error`. Moves entry e towards `error` with
// weight min(depth + 1, max_weight) / kCorrectionGrain: deep results count more, and no single
// result can move the average more than max_weight / 256 of the way.
inline void update_correction_entry(std::int16_t& e, int depth, int error, int max_error,
                                    int max_weight) {
  const int target = std::clamp(error, -max_error, max_error) * kCorrectionGrain;
  const int weight = std::clamp(depth + 1, 1, max_weight);
  const int limit = max_error * kCorrectionGrain;
  e = std::int16_t(std::clamp(e + (target - e) * weight / kCorrectionGrain, -limit, limit));
}

class CorrectionHistory {
 public:
  static constexpr int kSize = 16384;  // entries per colour

  // The learned correction in centipawns, at most max_error in size.
  int get(Color c, Key key) const { return entry(c, key) / kCorrectionGrain; }

  void update(Color c, Key key, int depth, int error, int max_error, int max_weight) {
    update_correction_entry(entry(c, key), depth, error, max_error, max_weight);
  }

  void clear() { std::memset(table_, 0, sizeof(table_)); }

 private:
  std::int16_t& entry(Color c, Key k) { return table_[c][k % kSize]; }
  std::int16_t entry(Color c, Key k) const { return table_[c][k % kSize]; }

  std::int16_t table_[COLOR_NB][kSize] = {};
};

// Correction by the last two moves, each as [piece][to]: what the evaluation misjudges after a
// particular exchange or manoeuvre (a recapture it cannot see, a piece that just arrived).
// The pieces say whose moves they were, so no side to move is needed.
class ContinuationCorrectionHistory {
 public:
  int get(Piece prev2, Square to2, Piece prev1, Square to1) const {
    return table_[prev2][to2][prev1][to1] / kCorrectionGrain;
  }
  void update(Piece prev2, Square to2, Piece prev1, Square to1, int depth, int error, int max_error,
              int max_weight) {
    update_correction_entry(table_[prev2][to2][prev1][to1], depth, error, max_error, max_weight);
  }
  void clear() { std::memset(table_, 0, sizeof(table_)); }

 private:
  std::int16_t table_[PIECE_NB][SQUARE_NB][PIECE_NB][SQUARE_NB] = {};
};

// A key of the material alone (how many of each piece each side has): positions with the same
// material share a correction whatever the placement. Counts fit four bits (at most 10 of a
// kind after promotions); the multiply mixes the packed counts into the bits a table indexes.
inline Key material_key(const Position& pos) {
  Key packed = 0;
  for (const Color c : {WHITE, BLACK})
    for (const PieceType pt : {PAWN, KNIGHT, BISHOP, ROOK, QUEEN})
      packed = packed << 4 | Key(popcount(pos.pieces(c, pt)));
  return packed * 0x9E3779B97F4A7C15ULL >> 32;
}

}  // namespace riposte
