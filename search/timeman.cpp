#include "search/timeman.h"

#include <algorithm>

namespace riposte {

void TimeManager::init(const SearchLimits& limits, Color us, int ply, std::int64_t overhead) {
  enabled_ = false;
  if (limits.movetime > 0) {
    // "Search exactly x ms": aim for it, less the overhead lost in transit.
    enabled_ = true;
    optimum_ = maximum_ = std::max<std::int64_t>(1, limits.movetime - overhead);
    return;
  }
  if (limits.time[us] < 0 || limits.infinite) return;

  enabled_ = true;
  const std::int64_t time = limits.time[us], inc = limits.inc[us];
  // What can be spent without ever touching the last `overhead` ms of the clock.
  const std::int64_t available = std::max<std::int64_t>(1, time - overhead);

  if (limits.movestogo > 0) {
    const int mtg = std::min(limits.movestogo, 50);
    optimum_ = available / (mtg + 1) + inc * 3 / 4;
    // With few moves to the next control, a deep think is affordable but must leave a reserve.
    maximum_ = std::min<std::int64_t>(optimum_ * 4, available * (mtg == 1 ? 80 : 60) / 100);
  } else {
    // Sudden death: expect about 30 more moves early on, fewer later in the game.
    const int expected = std::max(20, 40 - ply / 4);
    optimum_ = available / expected + inc * 3 / 4;
    maximum_ = std::min<std::int64_t>(optimum_ * 5, available * 45 / 100);
  }
  maximum_ = std::max<std::int64_t>(1, maximum_);
  optimum_ = std::clamp<std::int64_t>(optimum_, 1, maximum_);
}

}  // namespace riposte
