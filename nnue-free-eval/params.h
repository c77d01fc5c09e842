// SPDX-License-Identifier: GPL-3.0-or-later
// The evaluation's tunable parameters. Most terms are a weight (a middlegame/endgame Score) times
// a count taken from the position, linear in the weights. King danger adds a non-linear part to
// the linear king terms: its inputs sum to a danger score per king that king_danger_penalty
// converts, so the tuner keeps their counts apart and has a gradient of its own for them.
#pragma once

#include <algorithm>

#include "movegen/score.h"
#include "movegen/types.h"

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
  kKingDefenders,                                         // [own pawns and minors in the zone]
  kPawnThreatMinor = kKingDefenders + 9,
  kPawnThreatMajor,
  kMinorThreatRook,
  kMinorThreatQueen,
  kRookThreatQueen,
  kHangingPiece,
  kWeakPawn,         // an enemy pawn without pawn support that we attack more than it is defended
  kOverloadedPiece,  // an enemy piece attacked once and defended once
  kPawnPushThreat,   // enemy pieces a safe pawn push would attack
  kBishopPair,
  kRookOpenFile,
  kRookSemiOpenFile,
  kKnightOutpost,
  kBishopOutpost,
  kMinorBehindPawn,     // a knight or bishop with a pawn right in front of it
  kBishopRammedPawns,   // per bishop: own blocked pawns on its colour
  kBishopLongDiagonal,  // a bishop seeing both centre squares of a long diagonal
  kRookOnSeventh,       // a rook on the 7th with the enemy king on the 8th or pawns on the 7th
  kQueenRelativePin,    // a queen that an enemy rook or bishop pins or skewers
  kTempo,
  kWeakUnopposedPawn,             // isolated or backward with no enemy pawn in front of it
  kBlockedPawn,                   // [relative rank 5, 6]: an enemy pawn right in front
  kWeakLever = kBlockedPawn + 2,  // attacked by two enemy pawns and supported by none
  kConnectedPhalanx,              // a connected pawn with a neighbour beside it
  kConnectedOpposed,              // a connected pawn with an enemy pawn in front on its file
  kConnectedSupporters,           // per pawn defending a connected pawn
  kPawnlessFlank,                 // the king on a flank without pawns
  kImbalanceOurs,  // [piece a][piece b]: count of a x count of b, own pieces (0 = bishop pair)
  kImbalanceTheirs = kImbalanceOurs + 36,  // [own piece a][enemy piece b]
  kThreatByMinor = kImbalanceTheirs + 36,  // [victim type]: weak or non-pawn pieces a minor hits
  kThreatByRook = kThreatByMinor + 8,      // [victim type]: weak pieces a rook hits
  kThreatByKing = kThreatByRook + 8,       // weak pieces the king hits
  kRestrictedPiece,           // squares both attack where the enemy is not strongly protected
  kKnightOnQueen,             // safe squares a knight could hit the lone enemy queen from
  kSliderOnQueen,             // the same for bishops and rooks, from squares we attack twice
  kWeakQueenProtection,       // weak enemy pieces only their queen defends
  kPassedOwnKingProximity,    // own king's distance to the stop square x rank weight
  kPassedEnemyKingProximity,  // enemy king's distance to the stop square x rank weight
  kPassedSafePath,            // [relative rank]: no square to promotion attacked or occupied
  kPassedSafeStop = kPassedSafePath + 8,    // [relative rank]: the stop square safe
  kPassedRookBehind = kPassedSafeStop + 8,  // own rook or queen behind the passer
  kPassedEnemyRookBehind,                   // an enemy rook or queen behind it
  kPsqtOppositeWings,  // [piece type][square]: kPsqt's role when the kings stand on opposite wings
  kDangerAttacker = kPsqtOppositeWings + 8 * 64,  // king danger: [piece type] attacking the zone
  kDangerZoneHits = kDangerAttacker + 8,          // king danger: attacks on zone squares
  kDangerSafeCheck,                               // king danger: [piece type]
  kDangerWeakSquares = kDangerSafeCheck + 8,  // zone squares attacked, guarded by K or Q at most
  kDangerNoQueen,                             // king danger: the attacker has no queen
  kDangerBase,                                // king danger: constant, once the attack counts
  kDangerUnsafeChecks,    // king danger: checks from squares we guard (any piece type)
  kDangerKingBlockers,    // king danger: pieces pinned to the king or shielding it from a slider
  kDangerFlankAttacks,    // king danger: attacks on the king's flank in our camp, double ones twice
  kDangerFlankDefence,    // king danger: our attacks on the same squares
  kDangerKnightDefender,  // king danger: a knight guarding a square beside the king
  kNumParams
};

// Whether p is an input of the non-linear king danger rather than a linear term.
constexpr bool is_king_danger(int p) { return p >= kDangerAttacker; }

// The evaluation's scalars the tuner cannot fit, because the search reacts to them: the king
// danger's divisors and the endgame scale factors. A normal build sees compile-time constants;
// a tuning build makes them variables that search/params.cpp adds to the SPSA table.
// X(name, default, min, max)
#define RIPOSTE_EVAL_SCALARS(X)                                                                    \
  X(DangerMgDivisor, 720, 360, 1440)             /* middlegame penalty: s * max(s, 0) / this */    \
  X(DangerEgDivisor, 20, 8, 48)                  /* endgame penalty: max(s, 0) / this */           \
  X(ScaleBareOppositeBishops, 18, 4, 48)         /* opposite bishops alone: base */                \
  X(ScaleBareOppositeBishopsPerPasser, 4, 0, 12) /* and a step per passed pawn */                  \
  X(ScaleOppositeBishops, 22, 8, 56)             /* opposite bishops with other pieces: base */    \
  X(ScaleOppositeBishopsPerPiece, 3, 0, 10)      /* and a step per piece of the stronger side */   \
  X(ScaleRookEnding, 36, 16, 64)                 /* a rook each, a pawn up on one flank at most */ \
  X(ScaleLoneQueen, 37, 16, 64)                  /* one queen against minors: base */              \
  X(ScaleLoneQueenPerMinor, 3, 0, 10)            /* and a step per minor of the other side */      \
  X(ScalePawnsBase, 36, 16, 64)                  /* otherwise: base */                             \
  X(ScalePerPawn, 7, 2, 14)                      /* and a step per pawn of the stronger side */    \
  X(ScaleOneFlank, 4, 0, 16)                     /* less with all pawns on one flank */

#ifdef RIPOSTE_TUNING
#define RIPOSTE_DECLARE_EVAL_SCALAR(name, value, lo, hi) inline int name = value;
#else
#define RIPOSTE_DECLARE_EVAL_SCALAR(name, value, lo, hi) inline constexpr int name = value;
#endif
RIPOSTE_EVAL_SCALARS(RIPOSTE_DECLARE_EVAL_SCALAR)
#undef RIPOSTE_DECLARE_EVAL_SCALAR

// Tuning builds only: each group of terms scaled by its value / 64, middlegame and endgame
// apart, for an SPSA to find where games want the fitted weights larger or smaller (the tuner
// fits them to results, not to what the search makes of them). A mobility table is scaled about
// its middle entry and a piece-square table about its mean, since their level is part of the
// piece's value. A result is multiplied into weights.cpp and the scales go back to 64.
#define RIPOSTE_EVAL_GROUP_SCALES(X)                                                              \
  X(GroupMobilityMg, 64, 32, 128)                                                                 \
  X(GroupMobilityEg, 64, 32, 128)                                                                 \
  X(GroupPawnsMg, 64, 32, 128) /* isolated, doubled, backward, connected, blocked, levers */      \
  X(GroupPawnsEg, 64, 32, 128)                                                                    \
  X(GroupPassedMg, 64, 32, 128) /* passed pawns and candidates */                                 \
  X(GroupPassedEg, 64, 32, 128)                                                                   \
  X(GroupKingMg, 64, 32, 128) /* the linear king terms: zone attacks, shelter, storm */           \
  X(GroupKingEg, 64, 32, 128)                                                                     \
  X(GroupThreatsMg, 64, 32, 128)                                                                  \
  X(GroupThreatsEg, 64, 32, 128)                                                                  \
  X(GroupPiecesMg, 64, 32, 128) /* bishop pair, rook files, outposts and the other piece terms */ \
  X(GroupPiecesEg, 64, 32, 128)                                                                   \
  X(GroupPsqtMg, 64, 32, 128) /* both piece-square tables, each piece's about its own mean */     \
  X(GroupPsqtEg, 64, 32, 128)                                                                     \
  X(GroupImbalanceMg, 64, 32, 128)                                                                \
  X(GroupImbalanceEg, 64, 32, 128)

// Tuning builds only: centipawns added to the fitted material values and the tempo, which no
// group holds. The search's margins are counted against them, so games may want them elsewhere
// than the fit to results put them. A result is added into weights.cpp and the offsets go to 0.
#define RIPOSTE_EVAL_WEIGHT_OFFSETS(X) \
  X(OffsetPawnMg, 0, -40, 40)          \
  X(OffsetPawnEg, 0, -40, 40)          \
  X(OffsetKnightMg, 0, -80, 80)        \
  X(OffsetKnightEg, 0, -80, 80)        \
  X(OffsetBishopMg, 0, -80, 80)        \
  X(OffsetBishopEg, 0, -80, 80)        \
  X(OffsetRookMg, 0, -100, 100)        \
  X(OffsetRookEg, 0, -100, 100)        \
  X(OffsetQueenMg, 0, -150, 150)       \
  X(OffsetQueenEg, 0, -150, 150)       \
  X(OffsetTempoMg, 0, -30, 30)         \
  X(OffsetTempoEg, 0, -30, 30)

#ifdef RIPOSTE_TUNING
#define RIPOSTE_DECLARE_EVAL_SCALAR(name, value, lo, hi) inline int name = value;
RIPOSTE_EVAL_GROUP_SCALES(RIPOSTE_DECLARE_EVAL_SCALAR)
RIPOSTE_EVAL_WEIGHT_OFFSETS(RIPOSTE_DECLARE_EVAL_SCALAR)
#undef RIPOSTE_DECLARE_EVAL_SCALAR
#endif

// The penalty for a king facing danger s: quadratic in the middlegame, linear in the endgame,
// nothing when the defence outweighs the attack (Ethereal's shape).
template <class T>
T danger_penalty_mg(T s) {
  return -s * std::max(s, T(0)) / DangerMgDivisor;
}
template <class T>
T danger_penalty_eg(T s) {
  return -std::max(s, T(0)) / DangerEgDivisor;
}
// Only positions no game reaches (a FEN's rows of queens around a king) come near this cap on
// the quadratic part; it keeps the sums of a Score's 16-bit halves from wrapping there.
inline constexpr int kMaxDangerPenalty = 8000;
inline Score king_danger_penalty(Score s) {
  return Score{std::max(danger_penalty_mg(s.mg()), -kMaxDangerPenalty), danger_penalty_eg(s.eg())};
}

// Game phase from 0 (kings and pawns) to kPhaseMax (all pieces on the board): each minor piece,
// rook and queen adds its share.
constexpr int kPhaseMax = 24;
constexpr int kMinorPhase = 1;
constexpr int kRookPhase = 2;
constexpr int kQueenPhase = 4;

// Endgame scale, out of kScaleMax, for material the endgame score would overrate. Pieces count
// in pawn units for these rules.
constexpr int kScaleMax = 64;
constexpr int kMinorUnits = 3;
constexpr int kRookUnits = 5;
constexpr int kQueenUnits = 9;
constexpr int kScaleCannotMate = 0;         // no pawns and a minor piece at most
constexpr int kScalePawnlessMinorEdge = 8;  // no pawns and at most a minor piece ahead
constexpr int kScaleKnownDraw = 2;          // KRPKR and KBPKB set-ups that hold (endgame.cpp)
// The other scale factors (opposite-coloured bishops, the drawish rook ending, a lone queen
// against minors, the pawn count) are the scalars above.

// KBN vs K is scored by a rule, not by the weights: a won score that grows as the weak king
// nears a corner of the bishop's colour and as the strong king nears the weak one.
constexpr int kKbnkBase = 900;
constexpr int kKbnkCornerStep = 40;
constexpr int kKbnkKingStep = 10;

// A queen or rook against a lone king: a won score that grows with the material, as the weak
// king nears the edge and as the kings near each other.
constexpr int kKxkBase = 1000;
constexpr int kKxkMaterialStep = 20;  // per pawn unit of the stronger side's material
constexpr int kKxkEdgeStep = 30;      // per step of the weak king from the centre
constexpr int kKxkKingStep = 10;
// KPK won by the bitbase: a won score that grows as the pawn advances; a draw scores 0.
constexpr int kKpkWin = 800;
constexpr int kKpkRankStep = 20;
// Queen against rook or pawn, rook against pawn (endgame.cpp): before the king-placement steps.
constexpr int kKqkrBase = 600;
constexpr int kKqkpBase = 800;
constexpr int kKrkpWin = 450;
constexpr int kKrkpDrawish = 80;
constexpr int kKrkpRace = 200;
constexpr int kKrkpDistanceStep = 8;

// The tuned weights (weights.cpp, written by tools/tune).
extern const Score kWeights[kNumParams];

// The weights the evaluation reads: kWeights, or in a tuning build kWeights with the group
// scales and weight offsets applied (eval::apply_group_scales, evaluate.h).
#ifdef RIPOSTE_TUNING
extern Score gScaledWeights[kNumParams];
inline const Score* weights() { return gScaledWeights; }
#else
inline const Score* weights() { return kWeights; }
#endif

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
    {"King defenders [own pawns and minors in the zone]", kKingDefenders, 9},
    {"Pawn threat on minor", kPawnThreatMinor, 1},
    {"Pawn threat on major", kPawnThreatMajor, 1},
    {"Minor threat on rook", kMinorThreatRook, 1},
    {"Minor threat on queen", kMinorThreatQueen, 1},
    {"Rook threat on queen", kRookThreatQueen, 1},
    {"Hanging piece", kHangingPiece, 1},
    {"Weak pawn", kWeakPawn, 1},
    {"Overloaded piece", kOverloadedPiece, 1},
    {"Pawn push threat", kPawnPushThreat, 1},
    {"Bishop pair", kBishopPair, 1},
    {"Rook on open file", kRookOpenFile, 1},
    {"Rook on semi-open file", kRookSemiOpenFile, 1},
    {"Knight outpost", kKnightOutpost, 1},
    {"Bishop outpost", kBishopOutpost, 1},
    {"Minor behind pawn", kMinorBehindPawn, 1},
    {"Bishop rammed pawns on its colour", kBishopRammedPawns, 1},
    {"Bishop on long diagonal", kBishopLongDiagonal, 1},
    {"Rook on seventh", kRookOnSeventh, 1},
    {"Queen relative pin", kQueenRelativePin, 1},
    {"Tempo", kTempo, 1},
    {"Weak unopposed pawn", kWeakUnopposedPawn, 1},
    {"Blocked pawn [relative rank 5, 6]", kBlockedPawn, 2},
    {"Weak lever", kWeakLever, 1},
    {"Connected pawn in a phalanx", kConnectedPhalanx, 1},
    {"Connected pawn opposed", kConnectedOpposed, 1},
    {"Connected pawn supporters", kConnectedSupporters, 1},
    {"King on a pawnless flank", kPawnlessFlank, 1},
    {"Imbalance, own pieces [a][b] (0 = bishop pair)", kImbalanceOurs, 36},
    {"Imbalance, enemy pieces [own a][enemy b]", kImbalanceTheirs, 36},
    {"Threat by minor [victim type]", kThreatByMinor, 8},
    {"Threat by rook [victim type]", kThreatByRook, 8},
    {"Threat by king", kThreatByKing, 1},
    {"Restricted piece", kRestrictedPiece, 1},
    {"Knight on queen", kKnightOnQueen, 1},
    {"Slider on queen", kSliderOnQueen, 1},
    {"Weak queen protection", kWeakQueenProtection, 1},
    {"Passed pawn own king proximity x rank", kPassedOwnKingProximity, 1},
    {"Passed pawn enemy king proximity x rank", kPassedEnemyKingProximity, 1},
    {"Passed pawn safe path [relative rank]", kPassedSafePath, 8},
    {"Passed pawn safe stop square [relative rank]", kPassedSafeStop, 8},
    {"Passed pawn with own rook behind", kPassedRookBehind, 1},
    {"Passed pawn with enemy rook behind", kPassedEnemyRookBehind, 1},
    {"PSQT, kings on opposite wings [piece type][square]", kPsqtOppositeWings, 8 * 64},
    {"King danger: zone attacker [piece type]", kDangerAttacker, 8},
    {"King danger: zone square attacks", kDangerZoneHits, 1},
    {"King danger: safe check [piece type]", kDangerSafeCheck, 8},
    {"King danger: weak zone squares", kDangerWeakSquares, 1},
    {"King danger: no enemy queen", kDangerNoQueen, 1},
    {"King danger: base", kDangerBase, 1},
    {"King danger: unsafe checks", kDangerUnsafeChecks, 1},
    {"King danger: king blockers", kDangerKingBlockers, 1},
    {"King danger: flank attacks", kDangerFlankAttacks, 1},
    {"King danger: flank defence", kDangerFlankDefence, 1},
    {"King danger: knight defender", kDangerKnightDefender, 1},
};

}  // namespace riposte::eval
