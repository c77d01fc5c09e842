// Texel tuning of the evaluation weights: positions resolved to quiet ones, their linear
// coefficients, a sigmoid fitted to the labels, and Adam on the mean squared error.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "nnue-free-eval/evaluate.h"

namespace riposte::tune {

struct Sample {
  std::vector<std::pair<std::int16_t, std::int16_t>> counts;
  std::int8_t phase;
  std::int8_t scale;
  float result;  // game result from White's view: 0, 0.5 or 1
  float score;   // reference engine's centipawns from White's view
};

struct Dataset {
  std::vector<Sample> train;
  std::vector<Sample> holdout;
};

// Parses `<FEN> [<result>] <score>` lines (xz-compressed files are piped through `xz -dc`),
// replaces each position by the leaf of its quiescence-search principal variation, and keeps
// the last `holdout_fraction` of the lines apart. `limit` caps the number of lines (0: all).
absl::StatusOr<Dataset> load(const std::string& path, double holdout_fraction, std::size_t limit,
                             int threads);

// A sample from one position (used by load and by tests).
bool make_sample(const Position& pos, float result, float score, Sample& out);

// The Texel error for weights w: mean of (target - sigmoid(K * eval / 400))^2, where the target
// blends the result and the reference score: lambda * result + (1 - lambda) * sigmoid(K * score).
struct Objective {
  double k = 1.0;
  double lambda = 1.0;
};
double error(const std::vector<Sample>& data, const std::vector<Score>& w, const Objective& obj,
             int threads);
// d error / d w, for every weight's mg and eg part (grad[2 * i] and grad[2 * i + 1]).
std::vector<double> gradient(const std::vector<Sample>& data, const std::vector<Score>& w,
                             const Objective& obj, int threads);
// The K minimising the error for the current weights (golden-section search).
double fit_k(const std::vector<Sample>& data, const std::vector<Score>& w, double lambda,
             int threads);

// Full-batch Adam for `epochs` steps of `learning_rate` centipawns; returns the new weights.
std::vector<Score> adam(const std::vector<Sample>& data, std::vector<Score> w, const Objective& obj,
                        int epochs, double learning_rate, int threads, int report_every);

// weights.cpp text for the weights, block by block as in params.h.
std::string weights_source(const std::vector<Score>& w);

}  // namespace riposte::tune
