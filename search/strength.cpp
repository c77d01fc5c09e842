#include "search/strength.h"

#include <algorithm>
#include <cmath>

#include "search/value.h"

namespace riposte {

namespace {

// At the top of the range the engine plays its best move from this many nodes, and every
// kEloPerDoubling less halves the budget down to kMinNodes (a search of three or four plies).
constexpr double kNodesAtMaxElo = 100000;
constexpr double kEloPerDoubling = 120;
constexpr std::uint64_t kMinNodes = 256;
// Below kNoiseFromElo the move is drawn among the candidates; the spread grows by kNoisePerElo
// centipawns per Elo below it, and no move more than kMaxLossSpreads spreads below the best
// is ever drawn.
constexpr int kNoiseFromElo = 2400;
constexpr double kNoisePerElo = 0.25;
constexpr int kMaxLossSpreads = 3;
constexpr int kCandidates = 5;

int clamp_elo(int elo) { return std::clamp(elo, kStrengthMinElo, kStrengthMaxElo); }

}  // namespace

std::uint64_t strength_node_budget(int elo) {
  const double nodes =
      kNodesAtMaxElo * std::exp2((clamp_elo(elo) - kStrengthMaxElo) / kEloPerDoubling);
  return std::max(kMinNodes, std::uint64_t(nodes));
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
