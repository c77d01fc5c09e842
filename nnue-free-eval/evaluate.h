// Static evaluation: a pure function of the position. For now material and piece-square tables,
// tapered by game phase; the full hand-crafted evaluation replaces the body later.
#pragma once

#include <string>

#include "movegen/position.h"
#include "nnue-free-eval/score.h"

namespace riposte::eval {

// Centipawns from the side to move's point of view.
int evaluate(const Position& pos);

// Game phase from 0 (bare kings and pawns) to kPhaseMax (all pieces on the board).
constexpr int kPhaseMax = 24;
int phase(const Position& pos);

// The `eval` command's report: per-term breakdown, ending with
// `Final evaluation: <cp> (white side)`.
std::string trace(const Position& pos);

}  // namespace riposte::eval
