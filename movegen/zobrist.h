// SPDX-License-Identifier: GPL-3.0-or-later
// Zobrist hashing keys, filled once from a fixed-seed generator so keys are the same every run.
#pragma once

#include "movegen/types.h"

namespace riposte::zobrist {

extern Key psq[PIECE_NB][SQUARE_NB];
extern Key enpassant[FILE_NB];
extern Key castling[CASTLING_RIGHT_NB];
extern Key side;

void init();

}  // namespace riposte::zobrist
