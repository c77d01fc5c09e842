// SPDX-License-Identifier: GPL-3.0-or-later
// Win, draw and loss chances of a score, for UCI_ShowWDL: Stockfish's model (a logistic curve
// whose offset and width depend on the material left) fitted by tools/wdl-fit on Riposte's own
// self-play games.
#pragma once

#include "movegen/position.h"

namespace riposte {

// Per mille, from the point of view of the side the score belongs to; the three sum to 1000.
struct Wdl {
  int win = 0;
  int draw = 0;
  int loss = 0;
};

// The model's material count: pawns 1, minors 3, rooks 5, queens 9, both sides.
int wdl_material(const Position& pos);

// The chances of a search score (centipawns, or a mate or tablebase score) with `material` on
// the board. A proven result is certain; otherwise the chances are monotone in the score and
// symmetric: the loss at v is the win at -v.
Wdl wdl_from_score(int score, int material);

}  // namespace riposte
