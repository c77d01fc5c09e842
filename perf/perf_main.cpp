// SPDX-License-Identifier: GPL-3.0-or-later
// riposte_perf: the Google Benchmark suite, run after the engine's tables are set up.
#include "benchmark/benchmark.h"
#include "movegen/position.h"
#include "nnue-free-eval/evaluate.h"

int main(int argc, char** argv) {
  riposte::init_movegen();
  riposte::eval::init();
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
