// SPDX-License-Identifier: GPL-3.0-or-later
// Evaluation speed: calls per second over the bench positions, with and without the pawn cache.
#include "benchmark/benchmark.h"
#include "engine/bench.h"
#include "nnue-free-eval/evaluate.h"

namespace riposte {
namespace {

std::vector<Position> positions() {
  std::vector<Position> out;
  for (const std::string& fen : bench_positions()) out.push_back(*Position::from_fen(fen));
  return out;
}

// Calls `evaluate` on the bench positions in turn, one per iteration.
template <typename Evaluate>
void run_over_positions(benchmark::State& state, Evaluate evaluate) {
  const auto pos = positions();
  std::size_t i = 0;
  for (auto _ : state) {
    benchmark::DoNotOptimize(evaluate(pos[i]));
    if (++i == pos.size()) i = 0;
  }
  state.SetItemsProcessed(state.iterations());
}

void BM_EvaluateWithPawnCache(benchmark::State& state) {
  eval::PawnCache cache;
  run_over_positions(state, [&](const Position& p) { return eval::evaluate(p, cache); });
}
BENCHMARK(BM_EvaluateWithPawnCache);

void BM_EvaluateWithoutCache(benchmark::State& state) {
  run_over_positions(state, [](const Position& p) { return eval::evaluate(p); });
}
BENCHMARK(BM_EvaluateWithoutCache);

}  // namespace
}  // namespace riposte
