// SPDX-License-Identifier: GPL-3.0-or-later
#include "movegen/cuckoo.h"

#include <mutex>
#include <utility>

#include "movegen/attacks.h"
#include "movegen/zobrist.h"

namespace riposte::cuckoo {

Key keys[kSize];
Move moves[kSize];

namespace {

int stored = 0;

// Cuckoo insertion: the new entry takes its first slot; whatever it displaces moves to its
// other slot, and so on until an empty slot ends the chain.
void insert(Key key, Move move) {
  int i = slot1(key);
  for (int steps = 0; steps < kSize; ++steps) {
    std::swap(keys[i], key);
    std::swap(moves[i], move);
    if (!key) return;
    i = i == slot1(key) ? slot2(key) : slot1(key);
  }
}

void init_once() {
  for (const Color c : {WHITE, BLACK})
    for (const PieceType pt : {KNIGHT, BISHOP, ROOK, QUEEN, KING}) {
      const Piece pc = make_piece(c, pt);
      for (int a = 0; a < SQUARE_NB; ++a)
        for (int b = a + 1; b < SQUARE_NB; ++b) {
          if (!(attacks::of(pt, Square(a), 0) & square_bb(Square(b)))) continue;
          insert(zobrist::psq[pc][a] ^ zobrist::psq[pc][b] ^ zobrist::side,
                 Move(Square(a), Square(b)));
          ++stored;
        }
    }
}

}  // namespace

int init() {
  static std::once_flag flag;
  std::call_once(flag, init_once);
  return stored;
}

}  // namespace riposte::cuckoo
