// SPDX-License-Identifier: GPL-3.0-or-later
// Random legal endgame positions of a given material, for tablebase tests and endgame books.
#pragma once

#include <random>
#include <string_view>

#include "movegen/position.h"

namespace riposte {

struct EndgameOptions {
  Color to_move = WHITE;
  int rule50 = 0;
  // The black king on the board's edge with the white king at most two squares away, where
  // short mates are common.
  bool cornered = false;
};

// A uniformly placed position with white's pieces `white` and black's `black` ("KRP", "KR"):
// no pawn on the first or last rank, the side not to move not in check, at least one legal move.
Position random_endgame(std::mt19937& rng, std::string_view white, std::string_view black,
                        const EndgameOptions& options = {});

}  // namespace riposte
