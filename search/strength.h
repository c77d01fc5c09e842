// SPDX-License-Identifier: GPL-3.0-or-later
// UCI_LimitStrength: weaker play that stays natural. A strength in Elo becomes a node budget per
// move and a few candidate moves (MultiPV) among which the move is drawn, the worse ones less
// often by their score, never one that throws away much more than the strength allows and never
// one that turns a position not proven lost into a proven loss.
#pragma once

#include <cstdint>
#include <random>
#include <vector>

#include "search/search.h"

namespace riposte {

// Every constant behind these is calibrated in games (docs/uci.md, "Playing strength").
// How the search runs at a strength: nodes per move and the candidates the move is drawn from.
std::uint64_t strength_node_budget(int elo);
int strength_candidates(int elo);
// The spread of the draw in centipawns (0: always the best move), and the most that a drawn
// move may score below the best.
int strength_noise_cp(int elo);
int strength_max_loss_cp(int elo);

// The index into `ranked` (root moves sorted best first, at least one) of the move to play.
std::size_t choose_weakened_move(const std::vector<RootMove>& ranked, std::size_t candidates,
                                 int elo, std::mt19937_64& rng);

}  // namespace riposte
