// SPDX-License-Identifier: GPL-3.0-or-later
// Piece values used by static exchange evaluation (centipawns).
#pragma once

#include "movegen/types.h"

namespace riposte {

inline constexpr int kSeeValue[PIECE_TYPE_NB] = {0, 100, 320, 330, 500, 950, 20000, 0};

}  // namespace riposte
