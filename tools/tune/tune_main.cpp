// SPDX-License-Identifier: GPL-3.0-or-later
// riposte_tune: fits the evaluation weights to labelled positions and writes weights.cpp.
//   riposte_tune --data=../shared/data/tuning/sf15-selfplay-5knodes.txt.xz,/data/riposte-1.txt
//                --epochs=400
//                --lambda=0.5 --out=nnue-free-eval/weights.cpp
#include <algorithm>
#include <cstdio>
#include <fstream>
#include <optional>
#include <thread>

#include "absl/flags/flag.h"
#include "absl/flags/marshalling.h"
#include "movegen/position.h"
#include "nnue-free-eval/evaluate.h"
#include "nnue-free-eval/tuner.h"
#include "tools/flags.h"

ABSL_FLAG(std::vector<std::string>, data, {"../shared/data/tuning/sf15-selfplay-5knodes.txt.xz"},
          "comma-separated files of labelled positions, <FEN> [<result>] <score> per line, "
          "optionally .xz");
ABSL_FLAG(std::string, out, "", "write the tuned weights.cpp here (empty: do not write)");
ABSL_FLAG(int, epochs, 400, "Adam steps over the full training set");
ABSL_FLAG(double, lr, 1.0, "Adam step size in centipawns");
ABSL_FLAG(double, lambda, 1.0, "target = lambda * result + (1 - lambda) * sigmoid(score)");
ABSL_FLAG(double, pull, 0.0,
          "L2 weight pulling the opposite-wing piece-square set towards the ordinary one");
ABSL_FLAG(double, holdout, 0.1, "fraction of the positions kept out of training");
ABSL_FLAG(std::size_t, limit, 0, "use at most this many positions (0: all)");
ABSL_FLAG(int, threads, 0, "worker threads (0: all cores)");
ABSL_FLAG(std::string, leaf, "line",
          "what each training line is resolved from: `line` (its own position) or `pv` (the "
          "leaf of the game search's PV that riposte_datagen writes after ` | `)");
ABSL_FLAG(std::vector<std::string>, test, {},
          "comma-separated files never trained on, whose error against results is reported "
          "before and after: a yardstick shared by runs on different data");

ABSL_FLAG(std::vector<std::string>, only, {},
          "comma-separated parts of parameter block names (params.h): only the blocks whose "
          "name contains one are tuned, the rest keep their weights (empty: all)");

int main(int argc, char** argv) {
  riposte::parse_tool_flags(argc, argv,
                            "riposte_tune --data=FILE[,FILE...] [flags]:\n"
                            "  fits the evaluation weights to labelled positions");
  riposte::init_movegen();
  riposte::eval::init();
  using namespace riposte;
  const int threads = absl::GetFlag(FLAGS_threads) > 0 ? absl::GetFlag(FLAGS_threads)
                                                       : int(std::thread::hardware_concurrency());
  const std::string leaf_flag = absl::GetFlag(FLAGS_leaf);
  if (leaf_flag != "line" && leaf_flag != "pv") {
    std::fprintf(stderr, "error: --leaf is `line` or `pv`, not `%s`\n", leaf_flag.c_str());
    return 1;
  }
  const tune::Leaf leaf = leaf_flag == "pv" ? tune::Leaf::kSearchPv : tune::Leaf::kLine;
  auto data = tune::load(absl::GetFlag(FLAGS_data), absl::GetFlag(FLAGS_holdout),
                         absl::GetFlag(FLAGS_limit), threads, leaf);
  if (!data.ok()) {
    std::fprintf(stderr, "error: %s\n", std::string(data.status().message()).c_str());
    return 1;
  }
  std::fprintf(stderr,
               "%zu lines: %zu training and %zu held-out positions (resolved to quiet leaves), "
               "%.0f MB packed\n",
               data->lines, data->train.size(), data->holdout.size(),
               double(data->train.bytes() + data->holdout.bytes()) / (1 << 20));

  std::optional<tune::Dataset> test;
  if (const auto paths = absl::GetFlag(FLAGS_test); !paths.empty()) {
    auto loaded = tune::load(paths, 0.0, 0, threads);
    if (!loaded.ok()) {
      std::fprintf(stderr, "error: %s\n", std::string(loaded.status().message()).c_str());
      return 1;
    }
    test = *std::move(loaded);
    std::fprintf(stderr, "%zu test positions\n", test->train.size());
  }

  std::vector<Score> w(eval::kWeights, eval::kWeights + eval::kNumParams);
  const double lambda = absl::GetFlag(FLAGS_lambda);
  // K is fitted to the game results: fitting it to a score target would let K shrink to zero,
  // where every target and prediction is 0.5.
  const double k = tune::fit_k(data->train, w, 1.0, threads);
  const tune::Objective obj{k, lambda, absl::GetFlag(FLAGS_pull)};
  std::fprintf(stderr, "K = %.4f, lambda = %.2f\n", k, lambda);
  // Errors under the tuning objective, and held-out error against the game results alone with
  // K refitted: one yardstick that compares runs with different lambdas.
  auto report = [&](const char* when) {
    const double k_result = tune::fit_k(data->holdout, w, 1.0, threads);
    std::fprintf(stderr,
                 "%s training error %.6f, held-out error %.6f, held-out error against results "
                 "only %.6f (K %.4f)\n",
                 when, tune::error(data->train, w, obj, threads),
                 tune::error(data->holdout, w, obj, threads),
                 tune::error(data->holdout, w, {k_result, 1.0}, threads), k_result);
    if (test) {
      const double k_test = tune::fit_k(test->train, w, 1.0, threads);
      std::fprintf(stderr, "%s test error against results %.6f (K %.4f)\n", when,
                   tune::error(test->train, w, {k_test, 1.0}, threads), k_test);
    }
  };
  report("before:");
  const std::vector<bool> trainable = tune::weights_in_blocks(absl::GetFlag(FLAGS_only));
  std::fprintf(stderr, "tuning %d of %d weights\n",
               int(std::count(trainable.begin(), trainable.end(), true)), int(trainable.size()));
  w = tune::adam(data->train, w, obj, absl::GetFlag(FLAGS_epochs), absl::GetFlag(FLAGS_lr), threads,
                 50, trainable);
  report("after: ");
  if (const std::string out = absl::GetFlag(FLAGS_out); !out.empty()) {
    std::ofstream(out) << tune::weights_source(w);
    std::fprintf(stderr, "wrote %s\n", out.c_str());
  }
  return 0;
}
