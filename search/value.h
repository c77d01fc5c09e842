// Search values: centipawn scores plus mate scores counted in plies from the root.
#pragma once

#include "movegen/types.h"

namespace riposte {

constexpr int kValueDraw = 0;
constexpr int kValueMate = 32000;
constexpr int kValueInfinite = 32001;
constexpr int kValueNone = 32002;
constexpr int kValueMateInMaxPly = kValueMate - kMaxPly;
constexpr int kValueMatedInMaxPly = -kValueMateInMaxPly;

constexpr int mate_in(int ply) { return kValueMate - ply; }
constexpr int mated_in(int ply) { return -kValueMate + ply; }
constexpr bool is_mate_score(int v) { return v >= kValueMateInMaxPly || v <= kValueMatedInMaxPly; }

// The TT stores mate scores relative to the node, the search uses them relative to the root.
constexpr int value_to_tt(int v, int ply) {
  return v >= kValueMateInMaxPly ? v + ply : v <= kValueMatedInMaxPly ? v - ply : v;
}
// A mate found through the TT may be unreachable near the 50-move limit; such scores are
// capped just below the mate range.
constexpr int value_from_tt(int v, int ply, int rule50) {
  if (v == kValueNone) return kValueNone;
  if (v >= kValueMateInMaxPly) {
    return kValueMate - v > 99 - rule50 ? kValueMateInMaxPly - 1 : v - ply;
  }
  if (v <= kValueMatedInMaxPly) {
    return kValueMate + v > 99 - rule50 ? kValueMatedInMaxPly + 1 : v + ply;
  }
  return v;
}

enum Bound : std::uint8_t { BOUND_NONE, BOUND_UPPER, BOUND_LOWER, BOUND_EXACT = 3 };

}  // namespace riposte
