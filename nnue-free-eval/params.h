// The evaluation's tunable parameters. Every term is a weight (a middlegame/endgame Score)
// times a count taken from the position, so the evaluation is linear in its weights: the tuner
// reads the counts through a trace and fits the weights by gradient descent.
#pragma once

#include "movegen/types.h"
#include "movegen/score.h"

namespace riposte::eval {

// Parameter blocks: first index and size of each.
enum Param : int {
  kMaterial = 0,                          // [piece type], pawn .. queen (index 0, 6, 7 unused)
  kPsqt = kMaterial + 8,                  // [piece type][square], white's view
  kKnightMobility = kPsqt + 8 * 64,       // [safe squares 0..8]
  kBishopMobility = kKnightMobility + 9,  // [0..13]
  kRookMobility = kBishopMobility + 14,   // [0..14]
  kQueenMobility = kRookMobility + 15,    // [0..27]
  kIsolatedPawn = kQueenMobility + 28,
  kDoubledPawn,
  kBackwardPawn,
  kConnectedPawn,                                // [relative rank]: phalanx or defended
  kPassedPawn = kConnectedPawn + 8,              // [relative rank]
  kPassedBlocked = kPassedPawn + 8,              // [relative rank]: stop square occupied
  kPassedFreePath = kPassedBlocked + 8,          // [relative rank]: no piece up to promotion
  kPassedOwnKingDistance = kPassedFreePath + 8,  // [distance to the stop square]
  kPassedEnemyKingDistance = kPassedOwnKingDistance + 8,  // [distance]
  kCandidatePasser = kPassedEnemyKingDistance + 8,        // [relative rank]
  kKingAttackerWeight = kCandidatePasser + 8,             // [piece type]: attackers of the zone
  kKingZoneAttacks = kKingAttackerWeight + 8,             // per attacked zone square (counted)
  kSafeCheck,                                             // [piece type]
  kPawnShelter = kSafeCheck + 8,                          // [rank distance of own pawn, 0 = none]
  kPawnStorm = kPawnShelter + 8,                          // [rank distance of enemy pawn, 0 = none]
  kKingOpenFile = kPawnStorm + 8,                         // files near the king without own pawns
  kPawnThreatMinor,
  kPawnThreatMajor,
  kMinorThreatRook,
  kMinorThreatQueen,
  kRookThreatQueen,
  kHangingPiece,
  kBishopPair,
  kRookOpenFile,
  kRookSemiOpenFile,
  kKnightOutpost,
  kBishopOutpost,
  kTempo,
  kNumParams
};

// The tuned weights (weights.cpp, written by tools/tune).
extern const Score kWeights[kNumParams];

// Named blocks of parameters, in order: the tuner writes weights.cpp block by block.
struct ParamBlock {
  const char* name;
  int start;
  int size;
};
inline constexpr ParamBlock kParamBlocks[] = {
    {"Material [piece type]", kMaterial, 8},
    {"PSQT [piece type][square] (white's view, a1 first)", kPsqt, 8 * 64},
    {"Knight mobility [safe squares]", kKnightMobility, 9},
    {"Bishop mobility", kBishopMobility, 14},
    {"Rook mobility", kRookMobility, 15},
    {"Queen mobility", kQueenMobility, 28},
    {"Isolated pawn", kIsolatedPawn, 1},
    {"Doubled pawn", kDoubledPawn, 1},
    {"Backward pawn", kBackwardPawn, 1},
    {"Connected pawn [relative rank]", kConnectedPawn, 8},
    {"Passed pawn [relative rank]", kPassedPawn, 8},
    {"Passed pawn blocked [relative rank]", kPassedBlocked, 8},
    {"Passed pawn free path [relative rank]", kPassedFreePath, 8},
    {"Passed pawn own king distance [distance]", kPassedOwnKingDistance, 8},
    {"Passed pawn enemy king distance [distance]", kPassedEnemyKingDistance, 8},
    {"Candidate passer [relative rank]", kCandidatePasser, 8},
    {"King attacker weight [piece type]", kKingAttackerWeight, 8},
    {"King zone attacks", kKingZoneAttacks, 1},
    {"Safe check [piece type]", kSafeCheck, 8},
    {"Pawn shelter [rank distance, 0 = none]", kPawnShelter, 8},
    {"Pawn storm [rank distance, 0 = none]", kPawnStorm, 8},
    {"King open file", kKingOpenFile, 1},
    {"Pawn threat on minor", kPawnThreatMinor, 1},
    {"Pawn threat on major", kPawnThreatMajor, 1},
    {"Minor threat on rook", kMinorThreatRook, 1},
    {"Minor threat on queen", kMinorThreatQueen, 1},
    {"Rook threat on queen", kRookThreatQueen, 1},
    {"Hanging piece", kHangingPiece, 1},
    {"Bishop pair", kBishopPair, 1},
    {"Rook on open file", kRookOpenFile, 1},
    {"Rook on semi-open file", kRookSemiOpenFile, 1},
    {"Knight outpost", kKnightOutpost, 1},
    {"Bishop outpost", kBishopOutpost, 1},
    {"Tempo", kTempo, 1},
};

}  // namespace riposte::eval
