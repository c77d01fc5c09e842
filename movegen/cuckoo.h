// SPDX-License-Identifier: GPL-3.0-or-later
// Cuckoo tables of the reversible moves, for detecting a repetition one move ahead (Marcel van
// Kervinck's method): every move of a knight, bishop, rook, queen or king between two squares
// it attacks on an empty board, keyed by the Zobrist difference it makes (both squares and the
// side to move). A position whose key differs from an earlier one by such a key, with the
// squares between free, can return to that earlier position in one move.
#pragma once

#include "movegen/types.h"

namespace riposte::cuckoo {

inline constexpr int kSize = 8192;   // slots; a power of two
inline constexpr int kMoves = 3668;  // reversible moves of both colours, one per square pair

extern Key keys[kSize];    // 0 in an empty slot
extern Move moves[kSize];  // from < to

inline int slot1(Key k) { return int(k & (kSize - 1)); }
inline int slot2(Key k) { return int((k >> 16) & (kSize - 1)); }

// The slot holding key k, or -1.
inline int find(Key k) {
  if (keys[slot1(k)] == k) return slot1(k);
  if (keys[slot2(k)] == k) return slot2(k);
  return -1;
}

// Fills the tables from the Zobrist keys; returns the number of moves stored. Called by
// init_movegen.
int init();

}  // namespace riposte::cuckoo
