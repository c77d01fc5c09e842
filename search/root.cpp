// SPDX-License-Identifier: GPL-3.0-or-later
// The root of the search: iterative deepening with aspiration windows, the main thread's
// decision to stop after an iteration, and the `info` reports.
#include <algorithm>

#include "movegen/movegen.h"
#include "search/params.h"
#include "search/threads.h"
#include "search/worker.h"

namespace riposte {

using namespace params;

void Worker::iterative_deepening() {
  completed_depth_ = 0;
  nodes_.store(0, std::memory_order_relaxed);
  tb_hits_.store(0, std::memory_order_relaxed);
  stats_ = {};
  // A helper that the scheduler first runs after the stop (a pool of far more threads than
  // cores) has nothing to add: it returns before copying the root or touching its tables.
  if (!is_main() && pool_.stopped()) return;
  root_pos_ = pool_.root_position();
  tb_pieces_ = pool_.tb_probe_pieces();
  history_->low_ply.clear();  // what the root's first plies learned belongs to the last search
  calls_until_check_ = 0;
  const SearchLimits& limits = pool_.limits();

  root_moves_.clear();
  for (const ExtMove& m : MoveList<LEGAL>(root_pos_))
    if (limits.allows(m.move)) root_moves_.emplace_back(m.move);
  if (root_moves_.empty()) return;

  reset_stack();
  Stack* ss = &stack_[kStackOffset];
  const std::size_t multipv = std::min<std::size_t>(pool_.options().multipv, root_moves_.size());

  for (int depth = 1; depth < kMaxPly; ++depth) {
    if (limits.depth && depth > limits.depth) break;
    if (!is_main()) {
      const int block = (id_ - 1) % kSkipBlocks;
      if ((depth + root_pos_.game_ply() + kSkipPhase[block]) / kSkipSize[block] % 2) continue;
    }
    root_depth_ = depth;
    for (RootMove& rm : root_moves_) {
      rm.previous_score = rm.score == -kValueInfinite ? rm.previous_score : rm.score;
      rm.score = -kValueInfinite;
    }

    for (pv_index_ = 0; pv_index_ < multipv && !pool_.stopped(); ++pv_index_) {
      seldepth_ = 0;
      const int previous = root_moves_[pv_index_].previous_score;
      int delta = AspirationDelta;
      int alpha = -kValueInfinite, beta = kValueInfinite;
      if (depth >= AspirationMinDepth && previous != -kValueInfinite && !is_decisive(previous)) {
        alpha = std::max(previous - delta, -kValueInfinite);
        beta = std::min(previous + delta, kValueInfinite);
      }
      for (;;) {
        const int value = search<kRoot>(root_pos_, ss, alpha, beta, depth, false);
        sort_root_moves(pv_index_, root_moves_.size());
        if (pool_.stopped()) break;
        RootMove& best = root_moves_[pv_index_];
        if (value <= alpha) {
          beta = (alpha + beta) / 2;
          alpha = std::max(value - delta, -kValueInfinite);
          best.display_bound = BOUND_UPPER;
        } else if (value >= beta) {
          beta = std::min(value + delta, kValueInfinite);
          best.display_bound = BOUND_LOWER;
        } else {
          best.display_bound = BOUND_EXACT;
          break;
        }
        // Long fail-high/low re-searches are shown so the GUI sees the search is alive.
        if (is_main() && multipv == 1 && pool_.elapsed() > kAspirationReportMs) report(depth);
        delta += delta * AspirationGrowth / 100;
      }
      sort_root_moves(0, pv_index_ + 1);
    }
    if (!pool_.stopped()) completed_depth_ = depth;
    if (is_main() && completed_depth_ > 0) pool_.set_first_iteration_done();
    if (!is_main()) {
      if (pool_.stopped()) break;
      continue;
    }
    if (!pool_.stopped()) report(depth);
    if (pool_.stopped() || iteration_says_stop(depth)) {
      pool_.stop();
      break;
    }
  }
}

void Worker::sort_root_moves(std::size_t first, std::size_t last) {
  std::stable_sort(root_moves_.begin() + first, root_moves_.begin() + last,
                   [](const RootMove& a, const RootMove& b) { return a.score > b.score; });
}

RootMove* Worker::find_root_move(Move m) {
  for (std::size_t i = pv_index_; i < root_moves_.size(); ++i)
    if (root_moves_[i].move() == m) return &root_moves_[i];
  return nullptr;
}

void Worker::update_root_move(Move m, int value, int alpha, int beta, int move_count,
                              std::uint64_t nodes_before) {
  RootMove& rm = *find_root_move(m);
  rm.effort += nodes() - nodes_before;
  if (pv_index_ == 0) {
    // A new best move, or the old one confirmed inside the window, for time management.
    if (move_count > 1 && value > alpha) best_move_changes_.fetch_add(1, std::memory_order_relaxed);
    if (is_main()) pool_.time().root_move_searched(move_count == 1, value > alpha, value < beta);
  }
  if (move_count == 1 || value > alpha) {
    rm.score = value;
    rm.seldepth = seldepth_;
    rm.pv.assign(1, m);
    for (int i = 1; i < pv_->length[1]; ++i) rm.pv.push_back(pv_->moves[1][i]);
  } else {
    rm.score = -kValueInfinite;  // only the best score of an iteration is exact
  }
}

bool Worker::iteration_says_stop(int depth) {
  const SearchLimits& limits = pool_.limits();
  const RootMove& best = root_moves_[0];
  if (limits.mate && best.score >= kValueMateInMaxPly && kValueMate - best.score <= 2 * limits.mate)
    return true;
  IterationResult r;
  r.depth = depth;
  r.best_move = best.move();
  r.score = best.score;
  const std::uint64_t nodes = this->nodes();
  r.best_move_effort = nodes ? double(best.effort) / double(nodes) : 0.5;
  r.best_move_changes = pool_.take_best_move_changes();
  r.threads = pool_.size();
  r.forced = root_moves_.size() == 1;
  if (!pool_.time().iteration_done(r)) return false;
  // While pondering, a spent budget waits for ponderhit.
  if (pool_.pondering()) {
    pool_.stop_on_ponderhit();
    return false;
  }
  return true;
}

void Worker::report(int depth) const {
  const std::size_t multipv = std::min<std::size_t>(pool_.options().multipv, root_moves_.size());
  const std::uint64_t nodes = pool_.nodes();
  const std::uint64_t tb_hits = pool_.tb_hits();
  const std::int64_t time = pool_.elapsed();
  const int hashfull = pool_.tt().hashfull();
  for (std::size_t i = 0; i < multipv; ++i) {
    const RootMove& rm = root_moves_[i];
    const bool updated = rm.score != -kValueInfinite;
    if (!updated && rm.previous_score == -kValueInfinite) continue;
    SearchReport r;
    r.depth = updated ? depth : std::max(1, depth - 1);
    r.seldepth = std::max(rm.seldepth, r.depth);
    r.multipv = int(i + 1);
    r.score = rm.reported_score();
    r.bound = i == pv_index_ ? rm.display_bound : BOUND_EXACT;
    // In a tablebase root the tables know the result better than any search short of a mate.
    if (pool_.root_tb_score() != kValueNone && !is_mate_score(r.score)) {
      r.score = pool_.root_tb_score();
      r.bound = BOUND_EXACT;
    }
    r.nodes = nodes;
    r.tb_hits = tb_hits;
    r.time_ms = time;
    r.hashfull = hashfull;
    r.pv = rm.pv;
    pool_.listener().on_report(r);
  }
}

void Worker::report_final() const { report(std::max(1, root_depth_)); }

}  // namespace riposte
