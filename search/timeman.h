// Time allocation. init() turns the clock into an optimum (what a typical move should take)
// and a maximum (the hard stop inside an iteration); after each iteration the search scales the
// optimum by how settled it is (soft_limit) and stops once the scaled budget is spent.
#pragma once

#include <chrono>
#include <cstdint>

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

class TimeManager {
 public:
  // Sets the limits for a search by `us` at game ply `ply`; overhead is Move Overhead in ms;
  // ponder says whether the GUI lets us think on the opponent's time (the Ponder option).
  void init(const SearchLimits& limits, Color us, int ply, std::int64_t overhead,
            bool ponder = false);

  // A clock or a movetime bounds the search.
  bool enabled() const { return enabled_; }
  // `go movetime`: the whole time is used, no soft stop.
  bool fixed() const { return fixed_; }
  std::int64_t optimum() const { return optimum_; }
  std::int64_t maximum() const { return maximum_; }

  // The optimum scaled by the iteration's state, never above the maximum.
  std::int64_t soft_limit(const IterationState& s) const;

 private:
  bool enabled_ = false;
  bool fixed_ = false;
  std::int64_t optimum_ = 0;
  std::int64_t maximum_ = 0;
};

}  // namespace riposte
