// SPDX-License-Identifier: GPL-3.0-or-later
#include "engine/selfplay.h"

#include <algorithm>
#include <cstdlib>
#include <stdexcept>

#include "absl/strings/str_cat.h"
#include "movegen/movegen.h"

namespace riposte::datagen {

SelfPlay::SelfPlay(const Settings& settings, int hash_mb) : settings_(settings), pool_(tt_) {
  // Without a table the player cannot search: fail here, where the reason is known.
  if (const absl::Status s = tt_.resize(std::size_t(std::max(hash_mb, 0))); !s.ok())
    throw std::runtime_error(std::string(s.message()));
}

SelfPlay::MoveResult SelfPlay::search(const Position& pos, std::uint64_t nodes) {
  SearchLimits limits;
  limits.nodes = nodes;
  MoveResult r{Move::none(), 0, 0, {}};
  SearchListener listener{[&](const SearchReport& report) {
                            r.score = report.score;
                            r.pv = report.pv;
                          },
                          [&](Move best, Move) { r.best = best; }};
  pool_.start(pos, limits, SearchOptions{}, listener);
  pool_.wait();
  r.nodes = pool_.nodes();
  return r;
}

std::optional<Game> SelfPlay::play(const std::string& opening, std::mt19937_64& rng) {
  auto start = Position::from_fen(opening);
  if (!start.ok()) return std::nullopt;
  Position pos = *std::move(start);
  std::uniform_int_distribution<int> random_plies(settings_.min_random_plies,
                                                  settings_.max_random_plies);
  for (int n = random_plies(rng); n > 0; --n) {
    const MoveList<LEGAL> moves(pos);
    if (moves.size() == 0) return std::nullopt;
    pos.do_move(
        moves.begin()[std::uniform_int_distribution<std::size_t>(0, moves.size() - 1)(rng)].move);
  }
  if (MoveList<LEGAL>(pos).size() == 0 || pos.has_insufficient_material()) return std::nullopt;

  pool_.clear();  // every game starts with an empty TT and fresh histories
  Game game;
  std::vector<int> white_scores;
  for (int ply = 0;; ++ply) {
    const Color us = pos.side_to_move();
    if (MoveList<LEGAL>(pos).size() == 0) {
      game.result = !pos.checkers() ? Result::kDraw
                    : us == WHITE   ? Result::kBlackWins
                                    : Result::kWhiteWins;
      break;
    }
    if (pos.is_fifty_move_draw() || pos.has_insufficient_material() || pos.is_repetition(0) ||
        ply >= settings_.max_plies) {
      game.result = Result::kDraw;
      break;
    }
    const bool opening = ply < settings_.min_keep_ply && settings_.opening_nodes;
    const MoveResult r = search(pos, opening ? settings_.opening_nodes : settings_.nodes);
    game.nodes += r.nodes;
    const int white_score = us == WHITE ? r.score : -r.score;
    white_scores.push_back(white_score);

    // Positions where the static eval can learn the search's verdict: quiet best move, not in
    // check, no mate in sight.
    if (ply >= settings_.min_keep_ply && !pos.checkers() && !pos.is_noisy(r.best) &&
        !is_decisive(r.score))
      game.positions.push_back({pos.fen(), white_score, pv_leaf(pos, r.pv)});

    // Adjudication over the last plies' scores, both sides' searches agreeing.
    const auto last = [&](int n) {
      return std::vector<int>(white_scores.end() - std::min<std::size_t>(n, white_scores.size()),
                              white_scores.end());
    };
    if (int(white_scores.size()) >= settings_.win_plies) {
      const std::vector<int> s = last(settings_.win_plies);
      if (std::all_of(s.begin(), s.end(), [&](int v) { return v >= settings_.win_score; })) {
        game.result = Result::kWhiteWins;
        break;
      }
      if (std::all_of(s.begin(), s.end(), [&](int v) { return v <= -settings_.win_score; })) {
        game.result = Result::kBlackWins;
        break;
      }
    }
    if (ply >= settings_.draw_from_ply && int(white_scores.size()) >= settings_.draw_plies) {
      const std::vector<int> s = last(settings_.draw_plies);
      if (std::all_of(s.begin(), s.end(),
                      [&](int v) { return std::abs(v) <= settings_.draw_score; })) {
        game.result = Result::kDraw;
        break;
      }
    }
    pos.do_move(r.best);
    game.plies = ply + 1;
  }
  return game;
}

std::string pv_leaf(Position pos, const std::vector<Move>& pv) {
  int played = 0;
  for (std::size_t i = 0; i < pv.size(); ++i) {
    if (!MoveList<LEGAL>(pos).contains(pv[i])) break;
    pos.do_move(pv[i]);
    if (pos.checkers() || MoveList<LEGAL>(pos).size() == 0) {
      pos.undo_move(pv[i]);
      break;
    }
    ++played;
  }
  return played ? pos.fen() : std::string();
}

std::string to_lines(const Game& game) {
  const char* result = game.result == Result::kWhiteWins ? "[1.0]"
                       : game.result == Result::kDraw    ? "[0.5]"
                                                         : "[0.0]";
  std::string out;
  for (const KeptPosition& p : game.positions)
    absl::StrAppend(&out, p.fen, " ", result, " ", p.score, p.leaf_fen.empty() ? "" : " | ",
                    p.leaf_fen, "\n");
  return out;
}

}  // namespace riposte::datagen
