// SPDX-License-Identifier: GPL-3.0-or-later
// Every margin, depth limit and divisor of the search, named in one table. A normal build sees
// compile-time constants; a tuning build (cmake -DRIPOSTE_TUNING=ON) turns each into a variable
// that UCI exposes as a spin option, and `spsa` prints the table as OpenBench's SPSA input.
#pragma once

#include <span>
#include <string>

// X(name, default, min, max)
#define RIPOSTE_SEARCH_PARAMS(X)                                                                \
  X(AspirationDelta, 13, 5, 50)    /* first window half-width */                                \
  X(AspirationMinDepth, 4, 2, 8)   /* iterations before this search a full window */            \
  X(AspirationGrowth, 52, 20, 150) /* percent the window grows after a fail */                  \
  X(LmrMinDepth, 3, 2, 5)          /* late-move reductions from this depth */                   \
  X(LmrQuietBase, 74, 0, 200)      /* quiet reductions: base/100 + */                           \
  X(LmrQuietDiv, 219, 100, 400)    /* ln d * ln m / (div/100) */                                \
  X(LmrNoisyBase, 0, -100, 150)    /* noisy reductions, the same shape */                       \
  X(LmrNoisyDiv, 354, 150, 600)                                                                 \
  X(LmrHistoryDiv, 11248, 2048, 32768)       /* quiet history per ply of reduction */           \
  X(LmrCaptureHistoryDiv, 4174, 1024, 16384) /* capture history per ply */                      \
  X(LmrDeeperMargin, 49, 0, 200)             /* re-search deeper above best + this */           \
  X(LmrDeeperPerDepth, 2, 0, 16)                                                                \
  X(LmrShallowerMargin, 7, 0, 60)   /* re-search shallower below best + this */                 \
  X(LmrPvNode, 1024, 0, 3072)       /* the terms below in 1/1024 ply: less at PV nodes */       \
  X(LmrCutNode, 1024, 0, 3072)      /* more at expected cut nodes */                            \
  X(LmrGivesCheck, 1024, 0, 3072)   /* less for a checking move */                              \
  X(LmrNotImproving, 1024, 0, 3072) /* more for a quiet when the eval is not improving */       \
  X(LmrTtNoisy, 1024, 0, 3072)      /* more for a quiet when the TT move is a capture */        \
  X(LmrTtPv, 1024, 0, 3072)         /* less off the PV for a position once on one (ttPv) */     \
  X(ReverseFutilityMargin, 74, 30, 200)                                                         \
  X(ReverseFutilityDepth, 8, 3, 14)                                                             \
  X(NullMoveMinDepth, 3, 1, 6)                                                                  \
  X(NullMoveBase, 4, 2, 6) /* R = base + d / div + min(evalmax, (eval - beta) / ediv) */        \
  X(NullMoveDepthDiv, 4, 2, 8)                                                                  \
  X(NullMoveEvalDiv, 205, 50, 400)                                                              \
  X(NullMoveEvalMax, 3, 1, 6)                                                                   \
  X(ReverseFutilityHistoryDiv, 893, 100, 4000) /* margin grows by last move's history / this */ \
  X(ReverseFutilityCorrection, 48, 0, 128)     /* and by |correction| * this / 64 */            \
  X(NullMoveHistoryMax, 31508, 5000, 80000)    /* no null move after a quiet this good */       \
  X(RazorDepth, 3, 1, 6)                                                                        \
  X(RazorBase, 257, 50, 600) /* eval + base + per * d^2 < alpha */                              \
  X(RazorPerDepth, 141, 50, 400)                                                                \
  X(ProbCutMinDepth, 5, 3, 10)                                                                  \
  X(ProbCutMargin, 194, 50, 400)  /* probcut beta = beta + margin - */                          \
  X(ProbCutImproving, 54, 0, 150) /* this when improving */                                     \
  X(ProbCutReduction, 4, 2, 6)                                                                  \
  X(ProbCutDepthMargin, 3, 1, 6) /* a ProbCut result counts as depth - this */                  \
  X(SingularMinDepth, 6, 4, 12)                                                                 \
  X(SingularTTDepthMargin, 2, 1, 6)   /* TT depth >= depth - this */                            \
  X(SingularMargin, 65, 16, 192)      /* singular beta = tt value - d * m / 32 */               \
  X(SingularDoubleMargin, 25, 0, 100) /* far below singular beta: +2 plies */                   \
  X(SingularMaxDoubles, 6, 0, 16)     /* double extensions along one line */                    \
  X(PruningDepth, 8, 3, 14)           /* LMP, futility and SEE pruning below */                 \
  X(LmpBase, 3, 1, 10)                /* quiets before LMP: (base + d^2) / 2 */                 \
  X(FutilityBase, 111, 20, 300)                                                                 \
  X(FutilityPerDepth, 98, 30, 250)                                                              \
  X(SeeQuietMargin, 29, 5, 120)               /* quiets: SEE >= -m * lmrDepth^2 */              \
  X(SeeCaptureMargin, 92, 30, 250)            /* captures: SEE >= -m * depth */                 \
  X(HistoryPruningMargin, 3962, 1000, 12000)  /* per ply of depth */                            \
  X(HistoryPruningDepth, 3, 1, 6)             /* lmrDepth below this */                         \
  X(QsFutilityMargin, 192, 50, 400)           /* delta pruning over the stand pat */            \
  X(QsMoveLimit, 3, 1, 10)                    /* plain captures searched per node */            \
  X(QsQuietEvasions, 2, 0, 8)                 /* quiet evasions searched once one holds */      \
  X(CorrectionMaxError, 64, 16, 120)          /* cp; a larger search error is clipped */        \
  X(CorrectionMaxWeight, 17, 4, 64)           /* update weight min(depth + 1, this) */          \
  X(CorrectionPawnWeight, 48, 0, 128)         /* correction = (pawn * this + */                 \
  X(CorrectionNonPawnWeight, 29, 0, 128)      /* (white + black non-pawn) * this + */           \
  X(CorrectionContinuationWeight, 32, 0, 128) /* last two moves * this) / 64 */                 \
  X(FiftyMoveDamping, 215, 100, 1000)         /* static eval * (this - rule50) / this */        \
  X(HistoryBonusQuad, 16, 0, 64)              /* cutoff bonus: min(q * d^2 + l * d, max) */     \
  X(HistoryBonusLinear, 34, 0, 256)                                                             \
  X(HistoryBonusMax, 1655, 400, 4000)                                                           \
  X(HistoryMalusQuad, 18, 0, 64) /* the same for the moves tried before the cutoff */           \
  X(HistoryMalusLinear, 41, 0, 256)                                                             \
  X(HistoryMalusMax, 1555, 400, 4000)                                                           \
  X(ButterflyBonusScale, 107, 25, 300) /* each table's share of bonus and malus, in % */        \
  X(ButterflyMalusScale, 103, 25, 300)                                                          \
  X(CaptureBonusScale, 92, 25, 300)                                                             \
  X(CaptureMalusScale, 110, 25, 300)                                                            \
  X(ContinuationBonusScale, 112, 25, 300)                                                       \
  X(ContinuationMalusScale, 100, 25, 300)                                                       \
  X(PawnHistoryBonusScale, 100, 25, 300)                                                        \
  X(PawnHistoryMalusScale, 100, 25, 300)                                                        \
  X(LowPlyBonusScale, 96, 25, 300)                                                              \
  X(LowPlyMalusScale, 103, 25, 300)                                                             \
  X(ButterflyHistoryLimit, 15671, 4096, 30000) /* gravity limit of each table */                \
  X(CaptureHistoryLimit, 16375, 4096, 30000)                                                    \
  X(ContinuationHistoryLimit, 15348, 4096, 30000)                                               \
  X(PawnHistoryLimit, 17188, 4096, 30000)                                                       \
  X(LowPlyHistoryLimit, 16898, 4096, 30000)                                                     \
  X(LowPlyHistoryScale, 4, 1, 16)        /* low-ply history * this / (1 + 2 * ply) */           \
  X(CaptureSeeHistoryDiv, 50, 16, 256)   /* good capture: SEE >= -capture history / this */     \
  X(EvalDiffHistoryMult, 17, 2, 64)      /* butterfly update: -this * eval swing, */            \
  X(EvalDiffHistoryMax, 1174, 200, 4000) /* clamped to +-this */                                \
  X(QuietCheckBonus, 15733, 0, 32768)    /* quiet checks are ordered first */                   \
  X(ThreatQueen, 27516, 0, 60000)        /* a queen escapes or enters a rook's attack */        \
  X(ThreatRook, 13268, 0, 40000)         /* a rook, a minor piece's */                          \
  X(ThreatMinor, 7848, 0, 30000)         /* a minor piece, a pawn's */                          \
  X(QuietSortPerDepth, 3143, 500, 8000)  /* quiets below -this * depth stay unsorted */         \
  X(TtReplaceDepthMargin, 4, 0, 8)       /* same-search entries this much deeper stay */        \
  X(TtAgeWeight, 9, 1, 32)               /* replacement: depth - weight * age */                \
  X(VoteScoreOffset, 12, 1, 100)         /* SMP vote: (score - worst + this) * depth */

namespace riposte::params {

#ifdef RIPOSTE_TUNING
inline constexpr bool kTuning = true;
#define RIPOSTE_DECLARE_PARAM(name, value, lo, hi) inline int name = value;
#else
inline constexpr bool kTuning = false;
#define RIPOSTE_DECLARE_PARAM(name, value, lo, hi) inline constexpr int name = value;
#endif
RIPOSTE_SEARCH_PARAMS(RIPOSTE_DECLARE_PARAM)
#undef RIPOSTE_DECLARE_PARAM

// Constants of the search that are units or sizes rather than playing choices: no tuning.
inline constexpr int kSingularMarginScale = 32;    // SingularMargin is in 1/32 cp per ply
inline constexpr int kCorrectionWeightScale = 64;  // the correction weights are in 1/64
inline constexpr int kTbDepthBonus = 6;            // a tablebase result is stored this much deeper
inline constexpr int kMaxQuietsRemembered = 64;    // quiets that get the malus at a cutoff
inline constexpr int kMaxCapturesRemembered = 32;  // captures likewise
// The main thread looks at the clock and the node count every this many nodes (a helper at the
// hard time limit only); a node limit needs the finer grain to stop near its count.
inline constexpr int kTimeCheckInterval = 1024;
inline constexpr int kNodeLimitCheckInterval = 64;
// Lazy SMP (docs/threads.md): reductions grow by this many thousandths per unit of
// ln(threads) (Stockfish's classical tables grew by about 46).
inline constexpr int kLmrThreadScale = 46;
// Helper threads skip iterations in blocks of kSkipSize[i] depths with phase kSkipPhase[i]
// (Stockfish 10's tables): at any time the helpers spread over several depths.
inline constexpr int kSkipBlocks = 20;
inline constexpr int kSkipSize[kSkipBlocks] = {1, 1, 2, 2, 2, 2, 3, 3, 3, 3,
                                               3, 3, 4, 4, 4, 4, 4, 4, 4, 4};
inline constexpr int kSkipPhase[kSkipBlocks] = {0, 1, 0, 1, 2, 3, 0, 1, 2, 3,
                                                4, 5, 0, 1, 2, 3, 4, 5, 6, 7};
// A pool of more threads than this per hardware thread cannot run side by side: its helpers
// run at the lowest priority so that the main thread keeps its clock and reaches a useful
// depth. Up to it (simulated scaling plays 4 per core) every thread gets an equal share.
inline constexpr unsigned kThreadsPerCoreBeforeYield = 8;
// Aspiration re-searches are reported once the search has run this long, so the GUI sees it
// is alive.
inline constexpr int kAspirationReportMs = 3000;

struct Param {
  const char* name;
  int default_value, min, max;
  int* value;  // the variable in a tuning build, null otherwise
};

// The whole table, in declaration order, and the evaluation's scalars after it.
std::span<const Param> all();

// OpenBench's SPSA input line: `name, int, value, min, max, step, learning rate`.
std::string spsa_line(const Param& p);

}  // namespace riposte::params
