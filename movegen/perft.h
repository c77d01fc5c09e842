// SPDX-License-Identifier: GPL-3.0-or-later
// Perft: counts leaf nodes of the legal move tree, the standard move-generator check.
#pragma once

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "movegen/position.h"

namespace riposte {

// Leaf count at depth (bulk-counted: the last ply counts moves without making them).
std::uint64_t perft(Position& pos, int depth);

// Per-root-move counts, in generation order, as `go perft` prints them.
std::vector<std::pair<Move, std::uint64_t>> perft_divide(Position& pos, int depth);

}  // namespace riposte
