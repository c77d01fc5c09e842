// SPDX-License-Identifier: GPL-3.0-or-later
// One line of an EPD or FEN file, as the opening books, bench files, perft suites and data
// tools hold them: the position's four board fields (or a whole six-field FEN) and then EPD
// operations, each `opcode operands;`, for example `bm Nf3; id "WAC.001";` or `;D1 20 ;D2 400`.
#pragma once

#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "absl/status/statusor.h"

namespace riposte {

struct EpdRecord {
  std::string fen;  // six fields: counters `0 1` added to a four-field EPD position
  std::vector<std::pair<std::string, std::string>> operations;  // opcode, operands as written
};

// Parses a line and checks its position with Position::from_fen. Blank lines and lines that
// start with '#' are NotFound, so that readers can skip them and report everything else.
absl::StatusOr<EpdRecord> parse_epd_line(std::string_view line, bool chess960 = false);

}  // namespace riposte
