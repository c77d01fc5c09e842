// SPDX-License-Identifier: GPL-3.0-or-later
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

// Tablebase wins sit just below the mate range, also counted in plies from the root: a won
// endgame reached in n plies scores kValueTbWin - n.
constexpr int kValueTbWin = kValueMateInMaxPly - 1;
constexpr int kValueTbWinInMaxPly = kValueTbWin - kMaxPly;
constexpr int kValueTbLossInMaxPly = -kValueTbWinInMaxPly;

constexpr int mate_in(int ply) { return kValueMate - ply; }
constexpr int mated_in(int ply) { return -kValueMate + ply; }
constexpr bool is_mate_score(int v) { return v >= kValueMateInMaxPly || v <= kValueMatedInMaxPly; }
// A proven result, a mate or a tablebase win or loss: no margin or bound may be built on it.
constexpr bool is_decisive(int v) { return v >= kValueTbWinInMaxPly || v <= kValueTbLossInMaxPly; }

// The TT stores proven scores relative to the node, the search uses them relative to the root.
constexpr int value_to_tt(int v, int ply) {
  return v >= kValueTbWinInMaxPly ? v + ply : v <= kValueTbLossInMaxPly ? v - ply : v;
}
// A mate or tablebase win found through the TT may be out of reach of the 50-move rule: such
// a mate counts as a tablebase win at most, such a tablebase win as an ordinary big score.
constexpr int value_from_tt(int v, int ply, int rule50) {
  if (v == kValueNone) return kValueNone;
  if (v >= kValueTbWinInMaxPly) {
    if (v >= kValueMateInMaxPly && kValueMate - v > 99 - rule50) return kValueMateInMaxPly - 1;
    if (kValueTbWin - v > 99 - rule50) return kValueTbWinInMaxPly - 1;
    return v - ply;
  }
  if (v <= kValueTbLossInMaxPly) {
    if (v <= kValueMatedInMaxPly && kValueMate + v > 99 - rule50) return kValueMatedInMaxPly + 1;
    if (kValueTbWin + v > 99 - rule50) return kValueTbLossInMaxPly + 1;
    return v + ply;
  }
  return v;
}

enum Bound : std::uint8_t { BOUND_NONE, BOUND_UPPER, BOUND_LOWER, BOUND_EXACT = 3 };

}  // namespace riposte
