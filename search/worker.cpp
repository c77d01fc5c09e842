#include "search/worker.h"

#include <algorithm>
#include <array>
#include <cmath>

#include "nnue-free-eval/evaluate.h"
#include "search/params.h"
#include "search/picker.h"
#include "search/syzygy.h"
#include "search/threads.h"

namespace riposte {

namespace {

using namespace params;

// Late-move reductions in plies by remaining depth and move number, in Ethereal's log-log
// shape: base + ln d * ln m / div, one table for quiet moves and one for captures.
struct ReductionTables {
  std::array<std::array<std::int8_t, 64>, 64> quiet, noisy;
};

ReductionTables make_reductions() {
  ReductionTables t{};
  for (int d = 1; d < 64; ++d)
    for (int m = 1; m < 64; ++m) {
      const double lnln = std::log(d) * std::log(m);
      t.quiet[d][m] = std::int8_t(LmrQuietBase / 100.0 + lnln / (LmrQuietDiv / 100.0));
      t.noisy[d][m] =
          std::int8_t(std::max(0.0, LmrNoisyBase / 100.0 + lnln / (LmrNoisyDiv / 100.0)));
    }
  return t;
}

ReductionTables reductions = make_reductions();

int reduction(bool noisy, int depth, int move_count) {
  const auto& table = noisy ? reductions.noisy : reductions.quiet;
  return table[std::min(depth, 63)][std::min(move_count, 63)];
}

constexpr int kMaxQuietsRemembered = 64;
// A tablebase result holds at any depth: store it as if searched this much deeper.
constexpr int kTbDepthBonus = 6;
constexpr int kMaxCapturesRemembered = 32;

// Quiet moves searched before LMP cuts in: (base + d^2) / 2, twice that when improving.
int late_move_count(int depth, bool improving) {
  return (LmpBase + depth * depth) / (2 - improving);
}

}  // namespace

void refresh_search_tables() { reductions = make_reductions(); }

Worker::Worker(ThreadPool& pool, int id)
    : pool_(pool), id_(id), root_pos_(Position::start_position()) {}

void Worker::clear() {
  history_.clear();
  pawn_cache_.clear();
  eval_cache_.clear();
  correction_.clear();
  for (CorrectionHistory& h : non_pawn_correction_) h.clear();
}

void Worker::set_move(Stack* ss, const Position& pos, Move m) {
  const Piece pc = pos.moved_piece(m);
  ss->move = m;
  ss->moved_piece = pc;
  ss->counter_hist = &history_.counter.table[pc][m.to()];
  ss->followup_hist = &history_.followup.table[pc][m.to()];
}

CutoffContext Worker::context(Stack* ss) {
  return {ss->killers,
          (ss - 1)->move,
          (ss - 1)->moved_piece,
          (ss - 1)->counter_hist,
          (ss - 2)->followup_hist,
          (ss - 4)->followup_hist,
          (ss - 6)->followup_hist};
}

void Worker::count_node() {
  nodes_.store(nodes_.load(std::memory_order_relaxed) + 1, std::memory_order_relaxed);
  if (is_main()) check_limits();
}

void Worker::check_limits() {
  if (calls_until_check_-- > 0) return;
  const SearchLimits& limits = pool_.limits();
  calls_until_check_ = limits.nodes ? 63 : 1023;
  if (limits.nodes && pool_.nodes() >= limits.nodes) pool_.stop();
  const TimeManager& time = pool_.time();
  if (pool_.pondering() || !time.enabled()) return;
  const std::int64_t elapsed = pool_.elapsed();
  if (elapsed >= time.maximum()) pool_.stop();
  // Well past the soft limit with the best move already confirmed in this iteration: the rest
  // of the iteration could only confirm it again.
  if (!time.fixed() && best_settled_ && completed_depth_ > 0 &&
      elapsed >= soft_deadline_ + soft_deadline_ / 2)
    pool_.stop();
}

bool Worker::is_draw(const Position& pos, int ply) const {
  return pos.is_repetition(ply) || pos.is_fifty_move_draw() || pos.has_insufficient_material();
}

void Worker::update_pv(int ply, Move m) {
  pv_[ply][ply] = m;
  for (int i = ply + 1; i < pv_length_[ply + 1]; ++i) pv_[ply][i] = pv_[ply + 1][i];
  pv_length_[ply] = std::max(pv_length_[ply + 1], ply + 1);
}

RootMove* Worker::find_root_move(Move m) {
  for (std::size_t i = pv_index_; i < root_moves_.size(); ++i)
    if (root_moves_[i].move() == m) return &root_moves_[i];
  return nullptr;
}

void Worker::reset_stack() {
  for (int i = 0; i < kMaxPly + kStackOffset + 4; ++i)
    stack_[i] = {i - kStackOffset,
                 Move::none(),
                 NO_PIECE,
                 kValueNone,
                 kValueNone,
                 {},
                 Move::none(),
                 false,
                 0,
                 history_.counter.sentinel(),
                 history_.followup.sentinel()};
}

int Worker::search_excluding(Position& pos, Move excluded, int beta, int depth) {
  reset_stack();
  root_depth_ = depth;
  Stack* ss = &stack_[kStackOffset];
  TTData tte{};
  if (!pos.checkers()) {
    ss->raw_eval = pool_.tt().probe(pos.key(), tte) && tte.eval != kValueNone
                       ? tte.eval
                       : eval::evaluate(pos, pawn_cache_, eval_cache_);
    ss->static_eval = corrected_eval(pos, ss->raw_eval);
  }
  ss->excluded = excluded;
  const int value = search<kNonPV>(pos, ss, beta - 1, beta, depth, false);
  ss->excluded = Move::none();
  return value;
}

template <Worker::NodeType NT>
int Worker::search(Position& pos, Stack* ss, int alpha, int beta, int depth, bool cut_node) {
  constexpr bool pv_node = NT != kNonPV;
  constexpr bool root = NT == kRoot;
  const int ply = ss->ply;
  const bool in_check = pos.checkers();
  const Move excluded = ss->excluded;
  const SearchOptions& opt = pool_.options();

  // Check extension: a node in check is searched one ply deeper.
  if (in_check && !root) ++depth;
  if (depth <= 0) return qsearch < pv_node ? kPV : kNonPV > (pos, ss, alpha, beta);

  if (pv_node) {
    pv_length_[ply] = ply;
    seldepth_ = std::max(seldepth_, ply + 1);
  }
  count_node();

  if (!root) {
    if (pool_.stopped()) return 0;
    if (is_draw(pos, ply)) return kValueDraw;
    if (ply >= kMaxPly)
      return in_check ? kValueDraw : eval::evaluate(pos, pawn_cache_, eval_cache_);
    // Mate distance pruning: no line from here can beat a shorter mate already found.
    alpha = std::max(mated_in(ply), alpha);
    beta = std::min(mate_in(ply + 1), beta);
    if (alpha >= beta) return alpha;
  }

  TTData tte{};
  const Key key = pos.key();
  const bool tt_hit = pool_.tt().probe(key, tte);
  const int tt_value = tt_hit ? value_from_tt(tte.value, ply, pos.rule50()) : kValueNone;
  const Move tt_move = root ? root_moves_[pv_index_].move() : tt_hit ? tte.move : Move::none();
  // A singular search keeps the full node's ttPv flag and static eval, and never takes a TT
  // cutoff: the entry describes the node with every move, this search lacks one.
  if (!excluded) ss->tt_pv = pv_node || (tt_hit && tte.pv);

  if (!pv_node && !excluded && tt_hit && tte.depth >= depth && tt_value != kValueNone &&
      (tte.bound & (tt_value >= beta ? BOUND_LOWER : BOUND_UPPER)))
    return tt_value;

  // Tablebase probe, when the move into this node reset the 50-move counter: a proven result
  // ends the node when its bound allows; in a PV node it bounds the search's result instead.
  int best_value = -kValueInfinite, max_value = kValueInfinite;
  if (!root && !excluded && tb_pieces_ && pos.rule50() == 0 && !pos.castling_rights()) {
    const int pieces = popcount(pos.pieces());
    if (pieces < tb_pieces_ || (pieces == tb_pieces_ && depth >= opt.syzygy_probe_depth)) {
      if (const auto wdl = syzygy::probe_wdl(pos)) {
        tb_hits_.store(tb_hits_.load(std::memory_order_relaxed) + 1, std::memory_order_relaxed);
        // With the 50-move rule, cursed wins and blessed losses are draws, a shade off zero.
        const int draw_margin = opt.syzygy_50_move_rule;
        const int w = int(*wdl);
        const int value = w < -draw_margin  ? -kValueTbWin + ply
                          : w > draw_margin ? kValueTbWin - ply
                                            : kValueDraw + 2 * w * draw_margin;
        const Bound bound = w < -draw_margin  ? BOUND_UPPER
                            : w > draw_margin ? BOUND_LOWER
                                              : BOUND_EXACT;
        if (bound == BOUND_EXACT || (bound == BOUND_LOWER ? value >= beta : value <= alpha)) {
          pool_.tt().store(key, Move::none(), value_to_tt(value, ply), kValueNone,
                           std::min(kMaxPly - 1, depth + kTbDepthBonus), bound, ss->tt_pv);
          return value;
        }
        if (pv_node) {
          if (bound == BOUND_LOWER) {
            best_value = value;
            alpha = std::max(alpha, value);
          } else {
            max_value = value;
          }
        }
      }
    }
  }

  int eval = kValueNone;
  if (in_check) {
    ss->static_eval = ss->raw_eval = kValueNone;
  } else if (excluded) {
    eval = ss->static_eval;
  } else {
    const bool tt_eval = tt_hit && tte.eval != kValueNone;
    ss->raw_eval = tt_eval ? tte.eval : eval::evaluate(pos, pawn_cache_, eval_cache_);
    // Keep the evaluation even if this node returns before its final store.
    if (!tt_eval && opt.qsearch_pruning)
      pool_.tt().store(key, Move::none(), kValueNone, ss->raw_eval, kDepthNone, BOUND_NONE,
                       ss->tt_pv);
    ss->static_eval = eval = corrected_eval(pos, ss->raw_eval);
    // A TT score is a better estimate than the static eval when its bound allows.
    if (tt_value != kValueNone && (tte.bound & (tt_value > eval ? BOUND_LOWER : BOUND_UPPER)))
      eval = tt_value;
  }
  const bool improving =
      !in_check && (ss - 2)->static_eval != kValueNone && ss->static_eval > (ss - 2)->static_eval;

  if (!pv_node && !in_check && !excluded) {
    // Razoring: hopelessly below alpha at low depth; let quiescence confirm it.
    if (opt.razoring && depth <= RazorDepth &&
        eval + RazorBase + RazorPerDepth * depth * depth < alpha) {
      const int value = qsearch<kNonPV>(pos, ss, alpha - 1, alpha);
      if (value < alpha) return value;
    }

    // Reverse futility pruning: far enough above beta that a quiet reply will not drop us.
    if (opt.reverse_futility && depth <= ReverseFutilityDepth &&
        eval - ReverseFutilityMargin * (depth - improving) >= beta && eval < kValueTbWinInMaxPly)
      return eval;

    // Null-move pruning: if passing still fails high, a real move will too.
    if (opt.null_move && depth >= NullMoveMinDepth && eval >= beta && ss->static_eval >= beta &&
        (ss - 1)->move != Move::null() && pos.has_non_pawn_material(pos.side_to_move()) &&
        beta > kValueTbLossInMaxPly) {
      const int r =
          NullMoveBase + depth / NullMoveDepthDiv + std::min(3, (eval - beta) / NullMoveEvalDiv);
      ss->move = Move::null();
      ss->moved_piece = NO_PIECE;
      ss->counter_hist = history_.counter.sentinel();
      ss->followup_hist = history_.followup.sentinel();
      pos.do_null_move();
      pool_.tt().prefetch(pos.key());
      const int value = -search<kNonPV>(pos, ss + 1, -beta, -beta + 1, depth - r, !cut_node);
      pos.undo_null_move();
      if (pool_.stopped()) return 0;
      if (value >= beta) return value >= kValueTbWinInMaxPly ? beta : value;
    }

    // ProbCut: a good capture that beats beta by a margin in a reduced search almost surely
    // beats beta in the full one. Skipped when the TT already says the margin is out of reach.
    const int probcut_beta = beta + ProbCutMargin - ProbCutImproving * improving;
    if (opt.probcut && depth >= ProbCutMinDepth && !is_decisive(beta) &&
        !(tt_value != kValueNone && tte.depth >= depth - 3 && tt_value < probcut_beta)) {
      MovePicker picker(MovePicker::ProbCut{}, pos, tt_move, probcut_beta - ss->static_eval,
                        history_, opt.ordering);
      while (const Move m = picker.next()) {
        set_move(ss, pos, m);
        pool_.tt().prefetch(pos.key_after(m));
        pos.do_move(m);
        int value = -qsearch<kNonPV>(pos, ss + 1, -probcut_beta, -probcut_beta + 1);
        if (value >= probcut_beta)
          value = -search<kNonPV>(pos, ss + 1, -probcut_beta, -probcut_beta + 1,
                                  depth - ProbCutReduction, !cut_node);
        pos.undo_move(m);
        if (pool_.stopped()) return 0;
        if (value >= probcut_beta) {
          pool_.tt().store(key, m, value_to_tt(value, ply), ss->raw_eval, depth - 3, BOUND_LOWER,
                           ss->tt_pv);
          return value;
        }
      }
    }
  }

  // Internal iterative reduction: a node that should have a TT move but has none is searched
  // a ply shallower; the TT move found there makes the next visit cheaper.
  if (opt.iir && (pv_node || cut_node) && !root && !excluded && depth >= IirMinDepth && !tt_move)
    --depth;

  (ss + 2)->killers[0] = (ss + 2)->killers[1] = Move::none();
  const Color us = pos.side_to_move();
  const Move prev = (ss - 1)->move;
  const Move countermove =
      prev.is_ok() ? history_.countermoves.table[(ss - 1)->moved_piece][prev.to()] : Move::none();
  const CutoffContext ctx = context(ss);
  MovePicker picker(MovePicker::Main{}, pos, tt_move, depth, history_, ctx, countermove,
                    opt.ordering, excluded);
  const bool tt_noisy = tt_move && pos.is_noisy(tt_move);
  std::size_t root_index = pv_index_;
  [[maybe_unused]] std::uint64_t nodes_before = 0;  // root: nodes before the current move
  int move_count = 0;
  Move best_move = Move::none();
  RawArray<Move, kMaxQuietsRemembered> quiets_tried;
  RawArray<Move, kMaxCapturesRemembered> captures_tried;
  int quiet_count = 0, capture_count = 0;
  bool skip_quiets = false;

  for (;;) {
    Move m;
    if constexpr (root) {
      if (root_index >= root_moves_.size()) break;
      m = root_moves_[root_index++].move();
      nodes_before = nodes();
    } else {
      m = picker.next(skip_quiets);
      if (!m) break;
    }
    ++move_count;
    const bool noisy = pos.is_noisy(m);
    const bool gives_check = pos.gives_check(m);
    const Piece pc = pos.moved_piece(m);
    const int history = noisy ? capture_history(history_, pos, m)
                              : quiet_history(history_, opt.ordering, ctx, us, pc, m);

    // Low-depth pruning, only once a move has kept us out of a proven loss.
    if (!root && best_value > kValueTbLossInMaxPly && !in_check && pos.has_non_pawn_material(us)) {
      const int lmr_depth = std::max(depth - 1 - reduction(false, depth, move_count), 0);
      if (!noisy && !gives_check) {
        if (opt.late_move_pruning && depth <= PruningDepth &&
            move_count >= late_move_count(depth, improving)) {
          skip_quiets = true;
          continue;
        }
        if (opt.history_pruning && lmr_depth < HistoryPruningDepth &&
            history < -HistoryPruningMargin * depth)
          continue;
        if (opt.futility_pruning && lmr_depth <= PruningDepth &&
            ss->static_eval + FutilityBase + FutilityPerDepth * lmr_depth <= alpha)
          continue;
        if (opt.see_pruning && lmr_depth <= PruningDepth &&
            !pos.see_ge(m, -SeeQuietMargin * lmr_depth * lmr_depth))
          continue;
      } else if (opt.see_pruning && depth <= PruningDepth &&
                 !pos.see_ge(m, -SeeCaptureMargin * depth)) {
        continue;
      }
    }

    // Singular extension: when every other move fails well below the TT move's score, the TT
    // move is the only good one and deserves a deeper look. Extensions stop at twice the
    // root depth so that lines of forced replies cannot explode the tree.
    int extension = 0;
    if (opt.singular_extensions && !root && m == tt_move && !excluded &&
        depth >= SingularMinDepth && ply < 2 * root_depth_ && tt_value != kValueNone &&
        !is_decisive(tt_value) && (tte.bound & BOUND_LOWER) &&
        tte.depth >= depth - SingularTTDepthMargin) {
      const int singular_beta = tt_value - depth * SingularMargin / 32;
      ss->excluded = m;
      const int value =
          search<kNonPV>(pos, ss, singular_beta - 1, singular_beta, (depth - 1) / 2, cut_node);
      ss->excluded = Move::none();
      if (pool_.stopped()) return 0;
      if (value < singular_beta) {
        extension = 1;
        if (!pv_node && value < singular_beta - SingularDoubleMargin &&
            ss->double_extensions < SingularMaxDoubles)
          extension = 2;
      } else if (singular_beta >= beta) {
        // Multi-cut: another move beats beta as well, so this node fails high anyway.
        return singular_beta;
      } else if (tt_value >= beta) {
        extension = -1;  // the TT move is not alone; spend less on it
      } else if (cut_node) {
        extension = -1;
      }
    }
    int new_depth = depth - 1 + extension;
    (ss + 1)->double_extensions = ss->double_extensions + (extension >= 2);

    set_move(ss, pos, m);
    pool_.tt().prefetch(pos.key_after(m));
    pos.do_move(m);
    int value = -kValueInfinite;
    // A move that raises alpha with only a null-window search (possible when mate distance
    // pruning narrowed beta) has no PV of its own: never copy a sibling's line after it.
    if (pv_node) pv_length_[ply + 1] = ply + 1;

    const bool reduce_noisy = opt.lmr_refinements && noisy;
    if (opt.late_move_reductions && depth >= 3 && move_count > 1 + pv_node &&
        (!noisy || reduce_noisy)) {
      // Late moves get a reduced null-window search first.
      int r = reduction(noisy, depth, move_count);
      r -= pv_node;
      r += cut_node;
      r -= gives_check;
      if (noisy) {
        r -= history / LmrCaptureHistoryDiv;
      } else {
        r += !improving;
        if (opt.history_lmr) r -= history / LmrHistoryDiv;
        if (opt.lmr_refinements) r += tt_noisy;  // the best move here is probably a capture
      }
      if (opt.lmr_refinements) r -= ss->tt_pv && !pv_node;
      const int reduced = std::clamp(new_depth - r, 1, std::max(new_depth, 1));
      value = -search<kNonPV>(pos, ss + 1, -(alpha + 1), -alpha, reduced, true);
      if (value > alpha && reduced < new_depth) {
        // The re-search goes a ply deeper when the reduced result beat the best by a lot, and
        // a ply shallower when it barely did.
        if (opt.lmr_refinements) {
          new_depth += value > best_value + LmrDeeperMargin + LmrDeeperPerDepth * new_depth;
          new_depth -= value < best_value + LmrShallowerMargin;
        }
        if (reduced < new_depth)
          value = -search<kNonPV>(pos, ss + 1, -(alpha + 1), -alpha, new_depth, !cut_node);
      }
    } else if (!pv_node || move_count > 1) {
      value = -search<kNonPV>(pos, ss + 1, -(alpha + 1), -alpha, new_depth, !cut_node);
    }
    if (pv_node && (move_count == 1 || (value > alpha && (root || value < beta)))) {
      value = -search<kPV>(pos, ss + 1, -beta, -alpha, new_depth, false);
    }
    pos.undo_move(m);
    if (pool_.stopped()) return 0;

    if constexpr (root) {
      RootMove& rm = *find_root_move(m);
      rm.effort += nodes() - nodes_before;
      if (pv_index_ == 0) {
        // A new best move, or the old one confirmed inside the window, for time management.
        if (move_count > 1 && value > alpha)
          best_move_changes_.fetch_add(1, std::memory_order_relaxed);
        best_settled_ =
            move_count == 1 ? value > alpha && value < beta : best_settled_ && value <= alpha;
      }
      if (move_count == 1 || value > alpha) {
        rm.score = value;
        rm.seldepth = seldepth_;
        rm.pv.assign(1, m);
        for (int i = ply + 1; i < pv_length_[ply + 1]; ++i) rm.pv.push_back(pv_[ply + 1][i]);
      } else {
        rm.score = -kValueInfinite;  // only the best score of an iteration is exact
      }
    }

    if (value > best_value) {
      best_value = value;
      if (value > alpha) {
        best_move = m;
        if (pv_node && !root) update_pv(ply, m);
        if (value >= beta) {
          if constexpr (kOrderingStats && !root) {
            ++stats_.cutoffs;
            stats_.first_move_cutoffs += move_count == 1;
            ++stats_.by_stage[int(picker.last_stage())];
          }
          record_cutoff(history_, opt.ordering, pos, ctx, m, depth, quiets_tried.data(),
                        quiet_count, captures_tried.data(), capture_count);
          break;
        }
        alpha = value;
      }
    }
    if (noisy && capture_count < kMaxCapturesRemembered) captures_tried[capture_count++] = m;
    if (!noisy && quiet_count < kMaxQuietsRemembered) quiets_tried[quiet_count++] = m;
  }

  // With the TT move excluded, no other move is no mate: report a fail low instead.
  if (move_count == 0) return excluded ? alpha : in_check ? mated_in(ply) : kValueDraw;
  if (pv_node) best_value = std::min(best_value, max_value);

  const Bound bound = best_value >= beta                     ? BOUND_LOWER
                      : pv_node && best_move != Move::none() ? BOUND_EXACT
                                                             : BOUND_UPPER;
  if (!excluded) {
    pool_.tt().store(key, best_move, value_to_tt(best_value, ply), ss->raw_eval, depth, bound,
                     ss->tt_pv);
    update_correction(pos, ss, depth, best_value, best_move, beta);
  }
  return best_value;
}

// The root driver (root.cpp) enters here.
template int Worker::search<Worker::kRoot>(Position&, Stack*, int, int, int, bool);

}  // namespace riposte
