// Time allocation: a soft limit (when to stop starting new iterations, scaled by how settled
// the search is) and a hard limit (when to abort the current one).
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

class TimeManager {
 public:
  // Sets the limits for a search by `us` at game ply `ply`; overhead is Move Overhead in ms.
  void init(const SearchLimits& limits, Color us, int ply, std::int64_t overhead);

  bool enabled() const { return enabled_; }
  std::int64_t optimum() const { return optimum_; }
  std::int64_t maximum() const { return maximum_; }

  // Soft limit for this iteration: the optimum scaled by stability (0.5..1.6) and by a falling
  // score (1.0..1.5).
  std::int64_t soft_limit(double stability_scale, double score_scale) const {
    return std::int64_t(double(optimum_) * stability_scale * score_scale);
  }

 private:
  bool enabled_ = false;
  std::int64_t optimum_ = 0;
  std::int64_t maximum_ = 0;
};

}  // namespace riposte
