// Static-evaluation correction history: per side to move and a key of part of the position
// (the pawn structure, or one colour's other pieces), a running average of how far search
// results landed from the raw static eval. Adding it to the static eval fixes what the
// evaluation systematically misjudges there, and every pruning rule that reads the eval (and
// `improving`) works with the corrected value.
#pragma once

#include <algorithm>
#include <cstdint>
#include <cstring>

#include "movegen/types.h"

namespace riposte {

class CorrectionHistory {
 public:
  static constexpr int kSize = 16384;  // entries per colour
  static constexpr int kGrain = 256;   // fixed-point units per centipawn

  // The learned correction in centipawns, at most max_error in size.
  int get(Color c, Key key) const { return entry(c, key) / kGrain; }

  // A search at `depth` found the value `raw_eval + error`. Moves the entry towards `error`
  // with weight min(depth + 1, max_weight) / kGrain: deep results count more, and no single
  // result can move the average more than max_weight / 256 of the way.
  void update(Color c, Key key, int depth, int error, int max_error, int max_weight) {
    std::int16_t& e = entry(c, key);
    const int target = std::clamp(error, -max_error, max_error) * kGrain;
    const int weight = std::clamp(depth + 1, 1, max_weight);
    const int limit = max_error * kGrain;
    e = std::int16_t(std::clamp(e + (target - e) * weight / kGrain, -limit, limit));
  }

  void clear() { std::memset(table_, 0, sizeof(table_)); }

 private:
  std::int16_t& entry(Color c, Key k) { return table_[c][k % kSize]; }
  std::int16_t entry(Color c, Key k) const { return table_[c][k % kSize]; }

  // |entry| <= 127 * kGrain fits in 16 bits, so max_error may go up to 127 cp.
  std::int16_t table_[COLOR_NB][kSize] = {};
};

}  // namespace riposte
