// SPDX-License-Identifier: GPL-3.0-or-later
#include "search/timeman.h"

#include <algorithm>
#include <cmath>

#include "search/value.h"

namespace riposte {

namespace {

// Sudden death is planned as if the next control came this many moves from now.
constexpr int kHorizonMoves = 50;
// Every move still to play before a control needs at least this long, besides Move Overhead.
constexpr std::int64_t kMinMoveMs = 1;
// The most of the clock one move may take.
constexpr double kMaxShareOfClock = 0.8;
// Early iterations take no time worth saving and their statistics are noise.
constexpr int kStatisticsMinDepth = 4;
// Sudden death with an increment keeps this many increments and overheads on the clock: the
// plan alone lets it sink to about two increments, where one stall of the machine loses.
// Eleven keep more than a tenth of the base at the usual controls (a base of a hundred
// increments) through the dips below, so the endgame is not played from the last second.
constexpr int kFloorMoves = 11;
// Stockfish's sudden-death shares, scaled: Riposte's soft limit stretches a typical move more
// than Stockfish's does, so at the same shares it spent a tenth more in moves 9 to 28.
constexpr double kSuddenDeathScale = 0.9;
// Near the floor a typical move takes up to this share of the increment, less as the clock
// sinks below it, so the clock climbs back.
constexpr double kFloorIncrementShare = 0.75;
// No move near the floor takes more than this share of the increment beyond the clock above
// it: the GUI charges each move a few milliseconds more than the engine measures.
constexpr double kFloorMaxIncrementShare = 0.5;
// Above the floor a typical move takes at most this share of the clock beyond it.
constexpr double kAboveFloorShare = 0.2;

}  // namespace

void TimeManager::init(const SearchLimits& limits, Color us, int ply, std::int64_t overhead,
                       bool ponder, TimePoint start) {
  start_ = start;
  iterations_ = stable_iterations_ = 0;
  last_best_ = Move::none();
  std::fill(std::begin(scores_), std::end(scores_), kValueNone);
  best_move_changes_ = 0;
  best_confirmed_ = false;
  init_budget(limits, us, ply, overhead, ponder);
  soft_deadline_ = maximum_;
}

void TimeManager::init_budget(const SearchLimits& limits, Color us, int ply, std::int64_t overhead,
                              bool ponder) {
  enabled_ = fixed_ = false;
  if (limits.movetime > 0) {
    // "Search exactly x ms": use all of it, less the overhead lost in transit.
    enabled_ = fixed_ = true;
    optimum_ = maximum_ = std::max<std::int64_t>(1, limits.movetime - overhead);
    return;
  }
  if (limits.time[us] < 0 || limits.infinite) return;

  enabled_ = true;
  const std::int64_t time = limits.time[us], inc = limits.inc[us];
  const bool repeating = limits.movestogo > 0;
  const int mtg = repeating ? std::min(limits.movestogo, kHorizonMoves) : kHorizonMoves;
  // What the next mtg moves can count on: the clock and the increments still to come, less
  // the overhead each of them loses in transit.
  const double time_left =
      std::max<double>(1, double(time + inc * (mtg - 1) - overhead * (2 + mtg)));

  // Shares of time_left for a typical move (optimum) and for a move in trouble (maximum), as
  // Stockfish's classical engine plans them: the typical share grows slowly with the game ply,
  // since the moves that decide the game come after the opening.
  double optimum_share, maximum_scale;
  if (!repeating) {
    optimum_share = std::min(kSuddenDeathScale * (0.0120 + std::pow(ply + 3.0, 0.45) * 0.0039),
                             0.2 * double(time) / time_left);
    maximum_scale = std::min(7.0, 4.0 + ply / 12.0);
  } else {
    optimum_share = std::min((0.88 + ply / 116.4) / mtg, 0.88 * double(time) / time_left);
    maximum_scale = std::min(6.3, 1.5 + 0.11 * mtg);
  }
  double optimum = optimum_share * time_left;
  double maximum = maximum_scale * optimum;
  if (!repeating && inc > 0) {
    // Above the floor a move follows the plan but takes at most a share of what lies above;
    // at it, a move thinks for less than the increment brings (three quarters of it, a quarter
    // with the clock near zero) and never for more than half of it beyond the floor.
    const double floor = double(kFloorMoves * (inc + overhead));
    const double above_floor = std::max(0.0, double(time) - floor);
    const double at_floor =
        kFloorIncrementShare * double(inc) * (1.0 + 2.0 * std::min(1.0, time / floor)) / 3.0;
    optimum = std::min(optimum, kAboveFloorShare * above_floor + at_floor);
    maximum =
        std::min(maximum_scale * optimum, above_floor + kFloorMaxIncrementShare * double(inc));
  }
  maximum = std::min(maximum, kMaxShareOfClock * double(time) - double(overhead));
  // Reserve: each move still to play before the control keeps its overhead and a minimal
  // think, less the increment it brings. Sudden death needs no such reserve beyond the share.
  if (repeating) {
    const std::int64_t per_move = std::max<std::int64_t>(0, overhead + kMinMoveMs - inc);
    maximum = std::min(maximum, double(time - overhead - (mtg - 1) * per_move));
  }
  // Thinking on the opponent's time makes our own go further.
  if (ponder) optimum *= 1.25;

  maximum_ = std::max<std::int64_t>(1, std::int64_t(maximum));
  optimum_ = std::clamp<std::int64_t>(std::int64_t(optimum), 1, maximum_);
}

std::int64_t TimeManager::soft_limit(const IterationState& s) const {
  // Little time when most of the root's nodes went into the best move (the alternatives were
  // refuted quickly), more when the alternatives needed real work.
  const double effort = std::clamp(0.5 + 2.0 * (1.0 - s.best_move_effort), 0.5, 1.8);
  // A best move that has survived many iterations needs less confirmation.
  const double stability = 1.3 - 0.05 * std::min(s.stable_iterations, 10);
  // A falling score asks for more time to find a way out; a rising one for less.
  const double falling = std::clamp(1.0 + s.score_drop / 100.0, 0.8, 1.5);
  // Threads that keep changing their minds: the position is unclear.
  const double instability = 1.0 + std::min(s.best_move_changes, 2.0) / 2.0;
  const double limit = double(optimum_) * effort * stability * falling * instability;
  return std::min<std::int64_t>(maximum_, std::int64_t(limit));
}

bool TimeManager::iteration_done(const IterationResult& r) {
  ++iterations_;
  stable_iterations_ = r.best_move == last_best_ ? stable_iterations_ + 1 : 0;
  last_best_ = r.best_move;
  // The score against the mean of the last three iterations: positive when it fell.
  const bool decisive = is_decisive(r.score);
  int known = 0, sum = 0;
  for (const int s : scores_)
    if (s != kValueNone) sum += s, ++known;
  const int score_drop = known && !decisive ? sum / known - r.score : 0;
  std::rotate(scores_, scores_ + 2, scores_ + 3);
  scores_[0] = decisive ? kValueNone : r.score;
  // Best-move changes over every thread, halved each iteration so that old doubts fade.
  best_move_changes_ = best_move_changes_ / 2 + r.best_move_changes;
  if (!enabled_ || fixed_) return false;

  IterationState state;
  if (r.depth >= kStatisticsMinDepth) {
    state.best_move_effort = r.best_move_effort;
    state.stable_iterations = stable_iterations_;
    state.score_drop = score_drop;
    state.best_move_changes = best_move_changes_ / r.threads;
  }
  soft_deadline_ = soft_limit(state);
  return r.forced || elapsed() >= soft_deadline_;
}

bool TimeManager::stop_early() const {
  if (!enabled_) return false;
  const std::int64_t elapsed = this->elapsed();
  if (elapsed >= maximum_) return true;
  // Well past the soft limit with the best move already confirmed in this iteration: the rest
  // of the iteration could only confirm it again.
  return !fixed_ && best_confirmed_ && iterations_ > 0 &&
         elapsed >= soft_deadline_ + soft_deadline_ / 2;
}

}  // namespace riposte
