// Evaluation weights. Piece-square tables are built from a few shape parameters for now; the
// tuner will write this file with fitted values.
#pragma once

#include "movegen/types.h"
#include "nnue-free-eval/score.h"

namespace riposte::eval {

inline constexpr Score kPieceValue[PIECE_TYPE_NB] = {
    {}, {82, 94}, {337, 281}, {365, 297}, {477, 512}, {1025, 936}, {}, {}};

inline constexpr int kPhaseWeight[PIECE_TYPE_NB] = {0, 0, 1, 1, 2, 4, 0, 0};

// Tempo bonus for the side to move.
inline constexpr int kTempo = 15;

}  // namespace riposte::eval
