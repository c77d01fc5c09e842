// SPDX-License-Identifier: GPL-3.0-or-later
// Move generation, make/unmake and perft speed. Compare with Stockfish via
// tools/perft-vs-stockfish.
#include "benchmark/benchmark.h"
#include "movegen/movegen.h"
#include "movegen/perft.h"

namespace riposte {
namespace {

constexpr const char* kKiwipete =
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
constexpr const char* kMiddlegame =
    "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10";

Position load(const char* fen) { return *Position::from_fen(fen); }

using Generator = ExtMove* (*)(const Position&, ExtMove*);

void BM_Generate(benchmark::State& state, const char* fen, Generator gen) {
  const Position pos = load(fen);
  ExtMove list[kMaxMoves];
  for (auto _ : state) {
    ExtMove* end = gen(pos, list);
    benchmark::DoNotOptimize(end);
  }
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK_CAPTURE(BM_Generate, kiwipete_legal, kKiwipete, &generate<LEGAL>);
BENCHMARK_CAPTURE(BM_Generate, kiwipete_captures, kKiwipete, &generate<CAPTURES>);
BENCHMARK_CAPTURE(BM_Generate, kiwipete_quiets, kKiwipete, &generate<QUIETS>);
BENCHMARK_CAPTURE(BM_Generate, middlegame_legal, kMiddlegame, &generate<LEGAL>);

void BM_MakeUnmake(benchmark::State& state) {
  Position pos = load(kKiwipete);
  const MoveList<LEGAL> moves(pos);
  for (auto _ : state) {
    for (const ExtMove& m : moves) {
      pos.do_move(m.move);
      pos.undo_move(m.move);
    }
  }
  state.SetItemsProcessed(state.iterations() * moves.size());
}
BENCHMARK(BM_MakeUnmake);

void BM_Perft(benchmark::State& state, const char* fen, int depth) {
  Position pos = load(fen);
  std::uint64_t nodes = 0;
  for (auto _ : state) nodes += perft(pos, depth);
  state.counters["nps"] = benchmark::Counter(double(nodes), benchmark::Counter::kIsRate);
}
BENCHMARK_CAPTURE(BM_Perft, startpos_d5, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
                  5)
    ->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_Perft, kiwipete_d4, kKiwipete, 4)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_Perft, middlegame_d4, kMiddlegame, 4)->Unit(benchmark::kMillisecond);

}  // namespace
}  // namespace riposte
