// SPDX-License-Identifier: GPL-3.0-or-later
// Syzygy endgame tablebases, probed through Debian's libfathom, which is opened at run time (a
// machine without it plays without tables). Fathom keeps one global set of tables: load them
// only while no search runs; WDL probes are then safe from every thread.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "absl/status/statusor.h"
#include "movegen/position.h"

namespace riposte::syzygy {

// What a SyzygyPath held.
struct LoadReport {
  int wdl_files = 0;
  int dtz_files = 0;
  int largest = 0;                    // most pieces in a loaded table; 0: nothing loaded
  std::vector<std::string> problems;  // missing directories, truncated or foreign files
};

// Loads the tables in `path` (directories separated by ':'); "" or "<empty>" unloads them.
// An error means no table is loaded (none found, or no directory exists); the report's
// problems list what was skipped when some tables did load.
absl::StatusOr<LoadReport> load(std::string_view path);

// Most pieces in a loaded table; 0 when none is loaded (the search then never probes).
int largest();

// Win/draw/loss for the side to move. Cursed wins and blessed losses are won or lost positions
// that the 50-move rule turns into draws.
enum class Wdl : std::int8_t { kLoss = -2, kBlessedLoss = -1, kDraw = 0, kCursedWin = 1, kWin = 2 };

// The tables' verdict on pos, when it can be probed: no castling rights, a fresh 50-move
// counter (the move into pos reset it), few enough pieces.
std::optional<Wdl> probe_wdl(const Position& pos);

// The root moves worth searching in a table position: those that keep the best result. In a
// won position only the moves that reach the next capture, pawn move or mate fastest (minimal
// DTZ), so every move makes progress; in a lost one those that resist longest; in a drawn one
// every drawing move. With `use_rule50` cursed wins and blessed losses count as draws. Without
// DTZ tables the WDL result ranks the moves. Not thread-safe: call before the helpers start.
struct RootRanking {
  std::vector<Move> moves;
  Wdl wdl = Wdl::kDraw;  // the result those moves keep
  int dtz = 0;           // plies to the next zeroing move along them; 0 when ranked by WDL
};
std::optional<RootRanking> rank_root_moves(const Position& pos, bool use_rule50);

}  // namespace riposte::syzygy
