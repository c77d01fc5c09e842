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
class CorrectionHistory {
 public:
  static constexpr int kSize = 16384;  // entries per colour

  // The learned correction in centipawns, at most max_error in size.
  int get(Color c, Key key) const { return entry(c, key).load(kOrder) / kCorrectionGrain; }

  void update(Color c, Key key, int depth, int residual, int max_error, int max_weight) {
    const std::atomic_ref<std::int16_t> e = entry(c, key);
    std::int16_t v = e.load(kOrder);
    update_correction_entry(v, depth, residual, max_error, max_weight);
    e.store(v, kOrder);
  }

  void clear() { std::memset(table_, 0, sizeof(table_)); }

 private:
  static constexpr std::memory_order kOrder = std::memory_order_relaxed;
  std::atomic_ref<std::int16_t> entry(Color c, Key k) const {
    return std::atomic_ref<std::int16_t>(table_[c][k % kSize]);
  }

  mutable std::int16_t table_[COLOR_NB][kSize] = {};
};

// The correction by the last two moves, each a moved piece and its target square; the pieces
// carry their colour, so one table serves both sides to move.
class ContinuationCorrection {
 public:
  int get(Piece p2, Square to2, Piece p1, Square to1) const {
    return entry(p2, to2, p1, to1).load(kOrder) / kCorrectionGrain;
  }

  void update(Piece p2, Square to2, Piece p1, Square to1, int depth, int residual, int max_error,
              int max_weight) {
    const std::atomic_ref<std::int16_t> e = entry(p2, to2, p1, to1);
    std::int16_t v = e.load(kOrder);
    update_correction_entry(v, depth, residual, max_error, max_weight);
    e.store(v, kOrder);
  }

 private:
  static constexpr std::memory_order kOrder = std::memory_order_relaxed;
  std::atomic_ref<std::int16_t> entry(Piece p2, Square to2, Piece p1, Square to1) const {
    return std::atomic_ref<std::int16_t>(table_[p2][to2][p1][to1]);
  }

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
