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
  root_pos_ = pool_.root_position();
  nodes_.store(0, std::memory_order_relaxed);
  tb_hits_.store(0, std::memory_order_relaxed);
  tb_pieces_ = pool_.tb_probe_pieces();
  stats_ = {};
  completed_depth_ = 0;
  calls_until_check_ = 0;
  const SearchLimits& limits = pool_.limits();

  root_moves_.clear();
  for (const ExtMove& m : MoveList<LEGAL>(root_pos_))
    if (limits.searchmoves.empty() ||
        std::find(limits.searchmoves.begin(), limits.searchmoves.end(), m.move) !=
            limits.searchmoves.end())
      root_moves_.emplace_back(m.move);
  if (root_moves_.empty()) return;

  reset_stack();
  Stack* ss = &stack_[kStackOffset];
  average_score_ = kValueNone;
  const SearchOptions& opt = pool_.options();
  const std::size_t multipv = std::min<std::size_t>(pool_.options().multipv, root_moves_.size());
  IterationHistory history;
  soft_deadline_ = pool_.time().maximum();
  best_settled_ = false;

  for (int depth = 1; depth < kMaxPly; ++depth) {
    if (limits.depth && depth > limits.depth) break;
    root_depth_ = depth;
    for (RootMove& rm : root_moves_) {
      rm.previous_score = rm.score == -kValueInfinite ? rm.previous_score : rm.score;
      rm.score = -kValueInfinite;
    }

    for (pv_index_ = 0; pv_index_ < multipv && !pool_.stopped(); ++pv_index_) {
      seldepth_ = 0;
      const int previous = root_moves_[pv_index_].previous_score;
      // The window grows with the size of the score: big advantages swing more between
      // iterations than balanced positions do.
      int delta = AspirationDelta;
      if (opt.adaptive_aspiration && average_score_ != kValueNone)
        delta = AspirationBase + average_score_ * average_score_ / AspirationScoreDiv;
      int alpha = -kValueInfinite, beta = kValueInfinite;
      if (depth >= 4 && previous != -kValueInfinite && !is_decisive(previous)) {
        alpha = std::max(previous - delta, -kValueInfinite);
        beta = std::min(previous + delta, kValueInfinite);
      }
      int failed_high = 0;
      for (;;) {
        // After a fail high the next try is searched shallower: the move that failed high is
        // usually confirmed sooner that way, and the full depth comes with the next iteration.
        const int search_depth = std::max(1, depth - failed_high);
        const int value = search<kRoot>(root_pos_, ss, alpha, beta, search_depth, false);
        std::stable_sort(root_moves_.begin() + pv_index_, root_moves_.end(),
                         [](const RootMove& a, const RootMove& b) { return a.score > b.score; });
        if (pool_.stopped()) break;
        RootMove& best = root_moves_[pv_index_];
        if (value <= alpha) {
          beta = (alpha + beta) / 2;
          alpha = std::max(value - delta, -kValueInfinite);
          best.display_bound = BOUND_UPPER;
          failed_high = 0;
        } else if (value >= beta) {
          beta = std::min(value + delta, kValueInfinite);
          best.display_bound = BOUND_LOWER;
          if (opt.adaptive_aspiration && !is_decisive(value)) ++failed_high;
        } else {
          best.display_bound = BOUND_EXACT;
          break;
        }
        // Long fail-high/low re-searches are shown so the GUI sees the search is alive.
        if (is_main() && multipv == 1 && pool_.elapsed() > 3000) report(depth);
        delta += delta / 2;
      }
      std::stable_sort(root_moves_.begin(), root_moves_.begin() + pv_index_ + 1,
                       [](const RootMove& a, const RootMove& b) { return a.score > b.score; });
    }
    if (!pool_.stopped()) {
      completed_depth_ = depth;
      const int score = root_moves_[0].score;
      if (!is_decisive(score))
        average_score_ = average_score_ == kValueNone ? score : (2 * score + average_score_) / 3;
    }
    if (!is_main()) {
      if (pool_.stopped()) break;
      continue;
    }
    if (!pool_.stopped()) report(depth);
    if (pool_.stopped() || iteration_says_stop(depth, history)) {
      pool_.stop();
      break;
    }
  }
}

bool Worker::iteration_says_stop(int depth, IterationHistory& h) {
  const SearchLimits& limits = pool_.limits();
  const RootMove& best = root_moves_[0];
  if (limits.mate && best.score >= kValueMateInMaxPly && kValueMate - best.score <= 2 * limits.mate)
    return true;

  h.stable_iterations = best.move() == h.last_best ? h.stable_iterations + 1 : 0;
  h.last_best = best.move();
  // The score against the mean of the last three iterations: positive when it fell.
  int known = 0, sum = 0;
  for (const int s : h.scores)
    if (s != kValueNone) sum += s, ++known;
  const int score_drop = known && !is_decisive(best.score) ? sum / known - best.score : 0;
  std::rotate(h.scores, h.scores + 2, h.scores + 3);
  h.scores[0] = is_decisive(best.score) ? kValueNone : best.score;
  // Best-move changes over every thread, halved each iteration so that old doubts fade.
  h.best_move_changes = h.best_move_changes / 2 + pool_.take_best_move_changes();

  const TimeManager& time = pool_.time();
  if (!time.enabled() || time.fixed()) return false;
  const std::uint64_t nodes = this->nodes();
  IterationState state;
  state.best_move_effort = nodes ? double(best.effort) / double(nodes) : 0.5;
  state.stable_iterations = h.stable_iterations;
  state.score_drop = score_drop;
  state.best_move_changes = h.best_move_changes / pool_.size();
  // Early iterations take no time worth saving and their statistics are noise.
  if (depth < 4) state = IterationState{};
  soft_deadline_ = time.soft_limit(state);
  // A forced move needs no thought; anything else stops once its budget is spent. While
  // pondering, that decision waits for ponderhit.
  const bool done = root_moves_.size() == 1 || pool_.elapsed() >= soft_deadline_;
  if (done && pool_.pondering()) {
    pool_.stop_on_ponderhit();
    return false;
  }
  return done;
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
    r.score = updated ? rm.score : rm.previous_score;
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
