// SPDX-License-Identifier: GPL-3.0-or-later
#include "search/strength.h"

#include <algorithm>
#include <array>
#include <cmath>

#include "search/value.h"

namespace riposte {

namespace {

// Node budgets at chosen strengths, set by games against Stockfish's UCI_Elo ladder
// (docs/uci.md, "Playing strength"); between two rows the budget grows geometrically. The top
// row is more than the clock gives at 2+0.02, so there the clock weakens the top of the range
// further.
struct BudgetRow {
  int elo;
  double nodes;
};
constexpr std::array<BudgetRow, 5> kNodeBudgets = {
    {{1320, 180}, {1600, 1000}, {2000, 6000}, {2300, 60000}, {2600, 300000}}};
// Below kNoiseFromElo the move is drawn among kCandidates lines; the spread grows by
// kNoisePerElo centipawns per Elo below it, and no move more than kMaxLossSpreads spreads
// below the best is ever drawn.
constexpr int kNoiseFromElo = 2000;
constexpr double kNoisePerElo = 0.08;
constexpr int kMaxLossSpreads = 2;
constexpr int kCandidates = 3;

int clamp_elo(int elo) { return std::clamp(elo, kStrengthMinElo, kStrengthMaxElo); }

}  // namespace

std::uint64_t strength_node_budget(int elo) {
  static_assert(kNodeBudgets.front().elo == kStrengthMinElo &&
                kNodeBudgets.back().elo == kStrengthMaxElo);
  elo = clamp_elo(elo);
  std::size_t i = 1;
  while (kNodeBudgets[i].elo < elo) ++i;
  const BudgetRow& lo = kNodeBudgets[i - 1];
  const BudgetRow& hi = kNodeBudgets[i];
  const double t = double(elo - lo.elo) / (hi.elo - lo.elo);
  return std::uint64_t(lo.nodes * std::pow(hi.nodes / lo.nodes, t));
}

int strength_candidates(int elo) { return clamp_elo(elo) < kNoiseFromElo ? kCandidates : 1; }

int strength_noise_cp(int elo) {
  return int(std::max(0.0, (kNoiseFromElo - clamp_elo(elo)) * kNoisePerElo));
}

int strength_max_loss_cp(int elo) { return kMaxLossSpreads * strength_noise_cp(elo); }

std::size_t choose_weakened_move(const std::vector<RootMove>& ranked, std::size_t candidates,
                                 int elo, std::mt19937_64& rng) {
  const int noise = strength_noise_cp(elo);
  const std::size_t n = std::min(candidates, ranked.size());
  if (noise == 0) return 0;
  // After a stop inside an iteration some lines hold the last iteration's score: the best of
  // them all is the yardstick.
  std::size_t best_index = 0;
  for (std::size_t i = 1; i < n; ++i)
    if (ranked[i].reported_score() > ranked[best_index].reported_score()) best_index = i;
  const int best = ranked[best_index].reported_score();
  // A proven result is played as found.
  if (is_decisive(best)) return best_index;
  std::vector<double> weights(n, 0.0);
  int drawable = 0;
  for (std::size_t i = 0; i < n; ++i) {
    const int score = ranked[i].reported_score();
    // Unsearched, a proven loss, or too much worse: never drawn.
    if (score == -kValueInfinite || score <= kValueTbLossInMaxPly ||
        best - score > strength_max_loss_cp(elo))
      continue;
    weights[i] = std::exp(-double(best - score) / noise);
    ++drawable;
  }
  if (drawable <= 1) return best_index;
  std::discrete_distribution<std::size_t> draw(weights.begin(), weights.end());
  return draw(rng);
}

}  // namespace riposte
