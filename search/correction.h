// SPDX-License-Identifier: GPL-3.0-or-later
// Static-evaluation correction history: per side to move and a key of part of the position
// (the pawn structure, one colour's other pieces), a share of how far search results land from
// the raw static eval, the tables' shares fitted together. Adding it to the static eval fixes what
// the evaluation systematically misjudges there, and every pruning rule that reads the eval (and
// `improving`) works with the corrected value.
#pragma once

#include <algorithm>
#include <atomic>
#include <cstdint>
#include <cstring>

#include "movegen/types.h"

namespace riposte {

// One correction entry, in 1/kCorrectionGrain cp; |entry| <= 127 * kCorrectionGrain fits in
// 16 bits, so max_error may go up to 127 cp.
inline constexpr int kCorrectionGrain = 256;

// A search at `depth` found a value `residual` cp away from the eval as corrected by every
// table together. Each entry moves by that residual, weighted min(depth + 1, max_weight) /
// kCorrectionGrain: the tables fit the error jointly, so two that see the same error share it
// instead of each learning all of it.
inline void update_correction_entry(std::int16_t& e, int depth, int residual, int max_error,
                                    int max_weight) {
  const int step = std::clamp(residual, -max_error, max_error);
  const int weight = std::clamp(depth + 1, 1, max_weight);
  const int limit = max_error * kCorrectionGrain;
  e = std::int16_t(std::clamp(e + step * weight, -limit, limit));
}

// Entries are read and written as relaxed atomics, so that the threads share one table: a
// lost update costs nothing, and on x86 the accesses are plain moves.
inline int read_correction(std::int16_t& e) {
  return std::atomic_ref<std::int16_t>(e).load(std::memory_order_relaxed) / kCorrectionGrain;
}

inline void learn_correction(std::int16_t& e, int depth, int residual, int max_error,
                             int max_weight) {
  const std::atomic_ref<std::int16_t> shared(e);
  std::int16_t v = shared.load(std::memory_order_relaxed);
  update_correction_entry(v, depth, residual, max_error, max_weight);
  shared.store(v, std::memory_order_relaxed);
}

class CorrectionHistory {
 public:
  static constexpr int kSize = 16384;  // entries per colour

  // The learned correction in centipawns, at most max_error in size.
  int get(Color c, Key key) const { return read_correction(entry(c, key)); }

  void update(Color c, Key key, int depth, int residual, int max_error, int max_weight) {
    learn_correction(entry(c, key), depth, residual, max_error, max_weight);
  }

  void clear() { std::memset(table_, 0, sizeof(table_)); }

 private:
  std::int16_t& entry(Color c, Key k) const { return table_[c][k % kSize]; }

  mutable std::int16_t table_[COLOR_NB][kSize] = {};
};

// The correction by the last two moves, each a moved piece and its target square; the pieces
// carry their colour, so one table serves both sides to move.
class ContinuationCorrection {
 public:
  int get(Piece p2, Square to2, Piece p1, Square to1) const {
    return read_correction(table_[p2][to2][p1][to1]);
  }

  void update(Piece p2, Square to2, Piece p1, Square to1, int depth, int residual, int max_error,
              int max_weight) {
    learn_correction(table_[p2][to2][p1][to1], depth, residual, max_error, max_weight);
  }

 private:
  mutable std::int16_t table_[PIECE_NB][SQUARE_NB][PIECE_NB][SQUARE_NB] = {};
};

// The correction histories one search reads: by pawn structure, by the pieces other than pawns
// of one colour (the king included), per colour, and by the last two moves.
struct CorrectionTables {
  CorrectionHistory pawn;
  CorrectionHistory non_pawn[COLOR_NB];
  ContinuationCorrection continuation;
};

}  // namespace riposte
