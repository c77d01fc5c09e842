// SPDX-License-Identifier: GPL-3.0-or-later
// riposte_pgn_data: the scored positions of PGN games (fastchess or cutechess-cli output) as
// tuning-data lines, `FEN [result] score` with White's score, on standard output.
//   riposte_pgn_data [--player=NAME] games.pgn [more.pgn ...] > positions.txt
// With --player only the positions where that player (its White or Black tag) gave the score.
// Games without a result (`*`) are left out; a game with an illegal move is reported on
// standard error and its positions up to that move are not written.
#include <cstdio>
#include <fstream>
#include <iostream>
#include <sstream>
#include <string>
#include <string_view>

#include "movegen/pgn.h"
#include "movegen/position.h"

int main(int argc, char** argv) {
  std::string player;
  int first = 1;
  if (argc > 1 && std::string_view(argv[1]).starts_with("--player=")) {
    player = std::string(argv[1]).substr(9);
    first = 2;
  }
  if (argc <= first) {
    std::cerr << "usage: riposte_pgn_data [--player=NAME] GAMES.pgn [...] > positions.txt\n";
    return 2;
  }
  riposte::init_movegen();
  std::size_t games = 0, positions = 0, skipped = 0;
  for (int i = first; i < argc; ++i) {
    std::ifstream in(argv[i], std::ios::binary);
    if (!in) {
      std::cerr << "cannot read " << argv[i] << "\n";
      return 1;
    }
    std::stringstream buffer;
    buffer << in.rdbuf();
    const std::string text = buffer.str();
    for (std::string_view game_text : riposte::split_pgn_games(text)) {
      const auto game = riposte::read_pgn_game(game_text);
      if (!game.ok()) {
        std::cerr << argv[i] << ": game " << games + skipped + 1 << ": " << game.status().message()
                  << "\n";
        ++skipped;
        continue;
      }
      if (game->result == "*" || game->result.empty()) {
        ++skipped;
        continue;
      }
      ++games;
      for (const auto& p : game->positions) {
        if (!player.empty() && (p.mover == riposte::WHITE ? game->white : game->black) != player)
          continue;
        std::cout << riposte::data_line(p, game->result) << '\n';
        ++positions;
      }
    }
  }
  std::cerr << games << " games, " << positions << " scored positions, " << skipped
            << " games left out\n";
  return 0;
}
