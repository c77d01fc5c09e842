// SPDX-License-Identifier: GPL-3.0-or-later
// What `go` asked for.
#pragma once

#include <algorithm>
#include <cstdint>
#include <vector>

#include "movegen/types.h"

namespace riposte {

struct SearchLimits {
  std::int64_t time[COLOR_NB] = {-1, -1};  // ms on the clock, -1 when not given
  std::int64_t inc[COLOR_NB] = {0, 0};
  int movestogo = 0;
  int depth = 0;            // 0: no depth limit
  std::uint64_t nodes = 0;  // 0: no node limit
  std::int64_t movetime = 0;
  int mate = 0;  // find a mate in this many moves
  bool infinite = false;
  bool ponder = false;
  std::vector<Move> searchmoves;

  // `go searchmoves` restricts the root to its moves; without it every move is searched.
  bool allows(Move m) const {
    return searchmoves.empty() ||
           std::find(searchmoves.begin(), searchmoves.end(), m) != searchmoves.end();
  }
};

}  // namespace riposte
