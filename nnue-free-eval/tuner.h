// SPDX-License-Identifier: GPL-3.0-or-later
// Texel tuning of the evaluation weights: positions resolved to quiet ones, their linear
// coefficients, a sigmoid fitted to the labels, and Adam on the mean squared error.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "absl/status/statusor.h"
#include "nnue-free-eval/evaluate.h"

namespace riposte::tune {

// One count: a linear parameter's white-minus-black count, or (flagged) a king danger input
// counted against one king.
struct Count {
  static constexpr std::uint16_t kWhiteKing = 0x4000, kBlackKing = 0x8000, kIndex = 0x3FFF;
  std::uint16_t param;
  std::int16_t count;
};

// One position, packed into 16 bytes; its counts live in the SampleSet's shared array, so ten
// million positions take about 3 GB instead of a heap block each.
struct Sample {
  std::uint32_t first;  // index of its first count
  std::uint16_t size;   // how many counts
  std::int8_t phase;
  std::int8_t scale;
  float result;  // game result from White's view: 0, 0.5 or 1
  float score;   // reference engine's centipawns from White's view
};

class SampleSet {
 public:
  // Adds pos with its labels; false (nothing added) when a special rule evaluates it.
  bool add(const Position& pos, float result, float score);
  void append(const SampleSet& other);
  std::size_t size() const { return samples_.size(); }
  bool empty() const { return samples_.empty(); }
  const Sample& operator[](std::size_t i) const { return samples_[i]; }
  Sample& operator[](std::size_t i) { return samples_[i]; }
  const Count* begin(const Sample& s) const { return counts_.data() + s.first; }
  const Count* end(const Sample& s) const { return counts_.data() + s.first + s.size; }
  std::size_t bytes() const {
    return samples_.size() * sizeof(Sample) + counts_.size() * sizeof(Count);
  }

 private:
  std::vector<Sample> samples_;
  std::vector<Count> counts_;
};

struct Dataset {
  SampleSet train;
  SampleSet holdout;
  std::size_t lines = 0;  // lines read, before unusable ones were dropped
};

// Which position of a line the tuner learns from, before its quiescence search: the line's
// own, or the leaf of the game search's PV that riposte_datagen writes after ` | ` (the line's
// own when there is none or it is in check).
enum class Leaf { kLine, kSearchPv };

// One line of tuning data: `<FEN> [<result>] <score>[ | <leaf FEN>]`, the result 0, 0.5 or 1
// and the score in centipawns, both from White's view; the leaf is the end of the game
// search's PV (riposte_datagen writes it).
struct LabelledLine {
  Position pos;
  float result;
  float score;
  std::optional<Position> leaf;
};
// A line with an unreadable position, result or score is an error naming what is wrong; an
// unreadable leaf is dropped (the line's own position serves).
absl::StatusOr<LabelledLine> parse_labelled_line(std::string_view line);

// Replaces pos by the leaf of its quiescence search's principal variation (captures with
// SEE >= 0), the quiet position the tuner fits the evaluation on.
void resolve_to_quiet(Position& pos, eval::PawnCache& cache);

// Whether line `index` (0-based, over all files) falls in a held-out block: every
// round(1 / holdout_fraction)-th block of 1,000 lines, as load() splits.
bool held_out_line(std::size_t index, double holdout_fraction);

// Parses `<FEN> [<result>] <score>[ | <leaf FEN>]` lines from every file in `paths`
// (xz-compressed files are piped through `xz -dc`) and replaces each position (see Leaf) by the
// leaf of its quiescence-search principal variation. Every round(1 / holdout_fraction)-th block
// of 1,000 lines is held out, so held-out positions mostly come from games of their own.
// `limit` caps the number of lines over all files (0: all).
absl::StatusOr<Dataset> load(const std::vector<std::string>& paths, double holdout_fraction,
                             std::size_t limit, int threads, Leaf leaf = Leaf::kLine);

// The Texel error for weights w: mean of (target - sigmoid(K * eval / 400))^2, where the target
// blends the result and the reference score: lambda * result + (1 - lambda) * sigmoid(K * score).
struct Objective {
  double k = 1.0;
  double lambda = 1.0;
  // L2 pull of the opposite-wing piece-square table towards the ordinary one, per centipawn of
  // difference squared: that table sees about a quarter of the positions and overfits without it.
  double pull = 0.0;
};
double error(const SampleSet& data, const std::vector<Score>& w, const Objective& obj, int threads);
// d error / d w, for every weight's mg and eg part (grad[2 * i] and grad[2 * i + 1]).
std::vector<double> gradient(const SampleSet& data, const std::vector<Score>& w,
                             const Objective& obj, int threads);
// The K minimising the error for the current weights (golden-section search).
double fit_k(const SampleSet& data, const std::vector<Score>& w, double lambda, int threads);

// Full-batch Adam for `epochs` steps of `learning_rate` centipawns; returns the new weights.
// With `trainable` (one flag per weight), the others keep their values.
std::vector<Score> adam(const SampleSet& data, std::vector<Score> w, const Objective& obj,
                        int epochs, double learning_rate, int threads, int report_every,
                        const std::vector<bool>& trainable = {});

// One flag per weight: true for those in a parameter block whose name contains one of `names`
// (all of them when `names` is empty).
std::vector<bool> weights_in_blocks(const std::vector<std::string>& names);

// weights.cpp text for the weights, block by block as in params.h.
std::string weights_source(const std::vector<Score>& w);

}  // namespace riposte::tune
