// Evaluation speed: calls per second over the bench positions, with and without the pawn cache.
#include "benchmark/benchmark.h"
#include "engine/bench.h"
#include "nnue-free-eval/evaluate.h"

namespace riposte {
namespace {

std::vector<Position> positions() {
  init_movegen();
  std::vector<Position> out;
  for (const std::string& fen : bench_positions()) out.push_back(*Position::from_fen(fen));
  return out;
}

void BM_EvaluateWithPawnCache(benchmark::State& state) {
  const auto pos = positions();
  eval::PawnCache cache;
  std::size_t i = 0;
  for (auto _ : state) {
    benchmark::DoNotOptimize(eval::evaluate(pos[i], cache));
    if (++i == pos.size()) i = 0;
  }
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_EvaluateWithPawnCache);

void BM_EvaluateWithoutCache(benchmark::State& state) {
  const auto pos = positions();
  std::size_t i = 0;
  for (auto _ : state) {
    benchmark::DoNotOptimize(eval::evaluate(pos[i]));
    if (++i == pos.size()) i = 0;
  }
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_EvaluateWithoutCache);

}  // namespace
}  // namespace riposte
