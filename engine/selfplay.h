// SPDX-License-Identifier: GPL-3.0-or-later
// Self-play games for tuning data: Riposte against itself at a fixed node count per move, from
// book openings plus a few random plies, adjudicated as testers do, every position worth
// learning from written as `FEN [result] score` (both from White's view), followed by
// ` | LEAF` when the search's principal variation leads elsewhere: the tuner may learn from
// that leaf instead (riposte_tune --leaf=pv).
#pragma once

#include <cstdint>
#include <optional>
#include <random>
#include <string>
#include <vector>

#include "movegen/position.h"
#include "search/threads.h"

namespace riposte::datagen {

struct Settings {
  std::uint64_t nodes = 5000;  // per move
  // Per move before `min_keep_ply`: those searches only steer the game, their positions are not
  // kept, so they can be cheaper (0: the same as `nodes`).
  std::uint64_t opening_nodes = 0;
  int min_random_plies = 2;  // uniformly random legal moves after the book line
  int max_random_plies = 6;
  int min_keep_ply = 16;  // plies into the game before positions are kept
  // Adjudication: a win once both sides' scores agree on at least `win_score` for
  // `win_plies` plies; a draw after `draw_from_ply` once |score| <= `draw_score` for
  // `draw_plies` plies.
  int win_score = 1000;
  int win_plies = 6;
  int draw_from_ply = 80;
  int draw_score = 10;
  int draw_plies = 10;
  int max_plies = 400;  // a draw if the game gets here
};

// How a game ended, from White's view.
enum class Result { kWhiteWins, kDraw, kBlackWins };

struct KeptPosition {
  std::string fen;
  int score;  // search score from White's view, centipawns
  // Where the search's PV leads: the last position on it not in check; empty when that is the
  // position itself.
  std::string leaf_fen;
};

struct Game {
  Result result = Result::kDraw;
  int plies = 0;
  std::uint64_t nodes = 0;  // searched over the whole game
  std::vector<KeptPosition> positions;
};

// One player for a whole thread's games: its own TT and search thread.
class SelfPlay {
 public:
  // Throws std::runtime_error, saying why, when a TT of hash_mb megabytes cannot be had.
  SelfPlay(const Settings& settings, int hash_mb);
  // Plays one game from `opening` (a FEN) with random plies drawn from rng. nullopt when the
  // opening plus random plies leaves no game to play (mate, stalemate, a draw).
  std::optional<Game> play(const std::string& opening, std::mt19937_64& rng);

 private:
  struct MoveResult {
    Move best;
    int score;  // from the side to move
    std::uint64_t nodes;
    std::vector<Move> pv;
  };
  MoveResult search(const Position& pos, std::uint64_t nodes);

  Settings settings_;
  TranspositionTable tt_;
  ThreadPool pool_;
};

// The position that playing `pv` from `pos` leads to, stopped before any position in check or
// without legal moves (or at the first move that is not legal there); "" when no move is played.
std::string pv_leaf(Position pos, const std::vector<Move>& pv);

// The game's lines in the tuner's format.
std::string to_lines(const Game& game);

}  // namespace riposte::datagen
