// SPDX-License-Identifier: GPL-3.0-or-later
// PGN games as fastchess and cutechess-cli write them, read back as labelled positions: the
// position before each move whose comment gives the engine's score (`{+0.45/17 0.134s}`), with
// the game's result. Tools that fit models to real games (tools/wdl-fit) read these lines.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "absl/status/statusor.h"
#include "movegen/types.h"

namespace riposte {

struct ScoredPosition {
  std::string fen;
  int score = 0;        // centipawns, White's view
  Color mover = WHITE;  // whose engine gave the score
};

struct PgnGame {
  std::string white, black;  // the players' tags
  std::string result;        // "1-0", "0-1", "1/2-1/2" or "*"
  int plies = 0;
  std::vector<ScoredPosition> positions;  // in game order; book moves and mate scores left out
};

// One game: its tag pairs and movetext. Variations, NAGs and comments without a score are
// skipped; a move that is not legal ends the game with an error naming it.
absl::StatusOr<PgnGame> read_pgn_game(std::string_view text);

// Splits a PGN file's text into games (each from its first tag pair to the end of its movetext).
std::vector<std::string_view> split_pgn_games(std::string_view text);

// A data line `FEN [result] score` as riposte_datagen writes them, result from White's view.
std::string data_line(const ScoredPosition& p, std::string_view result);

}  // namespace riposte
