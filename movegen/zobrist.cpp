// SPDX-License-Identifier: GPL-3.0-or-later
#include "movegen/zobrist.h"

#include <mutex>

namespace riposte::zobrist {

Key psq[PIECE_NB][SQUARE_NB];
Key enpassant[FILE_NB];
Key castling[CASTLING_RIGHT_NB];
Key side;

namespace {

// splitmix64: well-distributed 64-bit keys from a counter.
Key splitmix(std::uint64_t& state) {
  std::uint64_t z = (state += 0x9E3779B97F4A7C15ULL);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
  return z ^ (z >> 31);
}

void init_once() {
  std::uint64_t state = 0x52495030535445ULL;  // "RIPOSTE"
  for (auto& row : psq)
    for (Key& k : row) k = splitmix(state);
  for (Key& k : enpassant) k = splitmix(state);
  // Castling keys combine per-right keys so that any subset hashes consistently.
  Key single[4];
  for (Key& k : single) k = splitmix(state);
  for (int cr = 0; cr < CASTLING_RIGHT_NB; ++cr) {
    castling[cr] = 0;
    for (int i = 0; i < 4; ++i)
      if (cr & (1 << i)) castling[cr] ^= single[i];
  }
  side = splitmix(state);
}

}  // namespace

void init() {
  static std::once_flag flag;
  std::call_once(flag, init_once);
}

}  // namespace riposte::zobrist
