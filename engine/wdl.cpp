// SPDX-License-Identifier: GPL-3.0-or-later
#include "engine/wdl.h"

#include <algorithm>
#include <cmath>

#include "search/value.h"

namespace riposte {

namespace {

// tools/wdl-fit on the scored positions of 2,415 self-play games at 2+0.02 of two evaluation
// tuning rounds (riposte_pgn_data on their SPRT PGNs; docs/uci.md, "Win, draw and loss"):
// a(x) and b(x), cubic in x = clamp(material, 17, 78) / 58, highest power first.
constexpr double kWdlA[4] = {-188.053, 516.139, -528.812, 302.746};
constexpr double kWdlB[4] = {29.145, -87.508, 100.439, 31.869};
constexpr int kMaterialMin = 17, kMaterialMax = 78;
constexpr double kMaterialScale = 58;

double cubic(const double (&c)[4], double x) { return ((c[0] * x + c[1]) * x + c[2]) * x + c[3]; }

// Per mille chance that the side with score v wins.
int win_per_mille(int v, double a, double b) {
  return int(std::lround(1000.0 / (1.0 + std::exp((a - v) / b))));
}

}  // namespace

int wdl_material(const Position& pos) {
  return popcount(pos.pieces(PAWN)) + 3 * popcount(pos.pieces(KNIGHT, BISHOP)) +
         5 * popcount(pos.pieces(ROOK)) + 9 * popcount(pos.pieces(QUEEN));
}

Wdl wdl_from_score(int score, int material) {
  if (score >= kValueTbWinInMaxPly) return {1000, 0, 0};
  if (score <= kValueTbLossInMaxPly) return {0, 0, 1000};
  const double x = std::clamp(material, kMaterialMin, kMaterialMax) / kMaterialScale;
  const double a = cubic(kWdlA, x), b = cubic(kWdlB, x);
  int win = win_per_mille(score, a, b), loss = win_per_mille(-score, a, b);
  // The two curves never overlap while a > 0, but the rounding of each may: the larger gives.
  if (win + loss > 1000) (win > loss ? win : loss) = 1000 - std::min(win, loss);
  return {win, 1000 - win - loss, loss};
}

}  // namespace riposte
