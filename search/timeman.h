// SPDX-License-Identifier: GPL-3.0-or-later
// Time management, all of it: init() starts the clock and turns it into an optimum (what a
// typical move should take) and a maximum (the hard stop inside an iteration). The main search
// thread reports each completed iteration (iteration_done, which scales the optimum by how
// settled the search is and says whether to start another) and asks at its check interval
// whether to stop at once (stop_early).
#pragma once

#include <chrono>
#include <cstdint>

#include "movegen/types.h"
#include "search/limits.h"

namespace riposte {

using TimePoint = std::chrono::steady_clock::time_point;
inline TimePoint now() { return std::chrono::steady_clock::now(); }
inline std::int64_t elapsed_ms(TimePoint since) {
  return std::chrono::duration_cast<std::chrono::milliseconds>(now() - since).count();
}

// What the search knows after an iteration, for the soft limit.
struct IterationState {
  double best_move_effort = 0.5;  // share of the root nodes spent on the best move, 0..1
  int stable_iterations = 0;      // iterations the best move has not changed
  int score_drop = 0;             // centipawns the score fell against recent iterations
  double best_move_changes = 0;   // best-move changes per thread, decayed each iteration
};

// What the main thread knows at the end of a completed iteration.
struct IterationResult {
  int depth = 0;
  Move best_move = Move::none();
  int score = 0;
  double best_move_effort = 0.5;  // share of the main thread's root nodes under the best move
  int best_move_changes = 0;      // root best-move changes over every thread since the last one
  int threads = 1;
  bool forced = false;  // the root has one legal move
};

class TimeManager {
 public:
  // Sets the limits for a search by `us` at game ply `ply`; overhead is Move Overhead in ms;
  // ponder says whether the GUI lets us think on the opponent's time (the Ponder option);
  // start is when the clock began to run for this move.
  void init(const SearchLimits& limits, Color us, int ply, std::int64_t overhead,
            bool ponder = false, TimePoint start = now());

  // Milliseconds since start. A ponder search keeps its clock at ponderhit: the time spent
  // pondering counts as this move's (the Ponder option planned for it).
  std::int64_t elapsed() const { return elapsed_ms(start_); }

  // A clock or a movetime bounds the search.
  bool enabled() const { return enabled_; }
  // `go movetime`: the whole time is used, no soft stop.
  bool fixed() const { return fixed_; }
  std::int64_t optimum() const { return optimum_; }
  std::int64_t maximum() const { return maximum_; }

  // The optimum scaled by the iteration's state, never above the maximum.
  std::int64_t soft_limit(const IterationState& s) const;

  // Main thread, after each completed iteration: true when the budget is spent and no further
  // iteration should start (a forced move needs no thought).
  bool iteration_done(const IterationResult& r);
  // Main thread, root bookkeeping for stop_early: the first move of an iteration came back
  // inside the window, or a later move beat the best one.
  void root_move_searched(bool first, bool above_alpha, bool below_beta) {
    best_confirmed_ = first ? above_alpha && below_beta : best_confirmed_ && !above_alpha;
  }
  // Main thread, at its check interval: true when the search must stop now.
  bool stop_early() const;
  // Any thread: the hard limit has passed. Reads only what init() set.
  bool past_maximum() const { return enabled_ && elapsed() >= maximum_; }

 private:
  void init_budget(const SearchLimits& limits, Color us, int ply, std::int64_t overhead,
                   bool ponder);

  TimePoint start_ = now();
  // What the iterations so far said, for the soft limit.
  int iterations_ = 0;
  int stable_iterations_ = 0;
  Move last_best_ = Move::none();
  int scores_[3] = {};            // the last iterations' scores, kValueNone where unknown
  double best_move_changes_ = 0;  // decayed sum over the threads
  std::int64_t soft_deadline_ = 0;
  bool best_confirmed_ = false;  // this iteration has confirmed the best move so far

  bool enabled_ = false;
  bool fixed_ = false;
  std::int64_t optimum_ = 0;
  std::int64_t maximum_ = 0;
};

}  // namespace riposte
