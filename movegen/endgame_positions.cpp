// SPDX-License-Identifier: GPL-3.0-or-later
#include "movegen/endgame_positions.h"

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <string>

#include "movegen/movegen.h"

namespace riposte {

Position random_endgame(std::mt19937& rng, std::string_view white, std::string_view black,
                        const EndgameOptions& options) {
  std::uniform_int_distribution<int> square(0, 63);
  for (;;) {
    char board[64];
    std::fill(std::begin(board), std::end(board), '.');
    auto place = [&](char piece) {
      for (;;) {
        const int s = square(rng);
        if (board[s] != '.') continue;
        if ((piece == 'P' || piece == 'p') && (s < 8 || s >= 56)) continue;
        board[s] = piece;
        return;
      }
    };
    for (char c : white) place(c);
    for (char c : black) place(char(std::tolower(static_cast<unsigned char>(c))));
    if (options.cornered) {
      const int wk = int(std::find(board, board + 64, 'K') - board);
      const int bk = int(std::find(board, board + 64, 'k') - board);
      const int file = bk % 8, rank = bk / 8;
      if ((file != 0 && file != 7 && rank != 0 && rank != 7) ||
          std::max(std::abs(wk % 8 - file), std::abs(wk / 8 - rank)) > 2)
        continue;
    }
    std::string fen = fen_placement(std::string_view(board, 64));
    fen += options.to_move == WHITE ? " w - - " : " b - - ";
    fen += std::to_string(options.rule50) + " 80";
    // from_fen rejects a side not to move in check and touching kings.
    auto pos = Position::from_fen(fen);
    if (pos.ok() && MoveList<LEGAL>(*pos).size() > 0) return *std::move(pos);
  }
}

}  // namespace riposte
