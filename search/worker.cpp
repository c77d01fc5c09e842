// SPDX-License-Identifier: GPL-3.0-or-later
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

int reduction(const ReductionTables& tables, bool noisy, int depth, int move_count) {
  const auto& table = noisy ? tables.noisy : tables.quiet;
  return table[std::min(depth, 63)][std::min(move_count, 63)];
}

// Quiet moves searched before LMP cuts in: (base + d^2) / 2, twice that when improving.
int late_move_count(int depth, bool improving) {
  return (LmpBase + depth * depth) / (2 - improving);
}

// The moves a node searched without a cutoff, the first few of each kind.
class TriedMoves {
 public:
  void add(Move m, bool noisy) {
    if (noisy && capture_count_ < kMaxCapturesRemembered) captures_[capture_count_++] = m;
    if (!noisy && quiet_count_ < kMaxQuietsRemembered) quiets_[quiet_count_++] = m;
  }
  std::span<const Move> quiets() const { return {quiets_.data(), std::size_t(quiet_count_)}; }
  std::span<const Move> captures() const { return {captures_.data(), std::size_t(capture_count_)}; }

 private:
  RawArray<Move, kMaxQuietsRemembered> quiets_;
  RawArray<Move, kMaxCapturesRemembered> captures_;
  int quiet_count_ = 0, capture_count_ = 0;
};

}  // namespace

ReductionTables make_reductions(int threads) {
  ReductionTables t{};
  const double thread_scale = 1 + std::log(threads) * kLmrThreadScale / 1000.0;
  for (int d = 1; d < 64; ++d)
    for (int m = 1; m < 64; ++m) {
      const double lnln = std::log(d) * std::log(m) * thread_scale;
      t.quiet[d][m] = std::int8_t(LmrQuietBase / 100.0 + lnln / (LmrQuietDiv / 100.0));
      t.noisy[d][m] =
          std::int8_t(std::max(0.0, LmrNoisyBase / 100.0 + lnln / (LmrNoisyDiv / 100.0)));
    }
  return t;
}

Worker::Worker(ThreadPool& pool, int id)
    : pool_(pool),
      id_(id),
      root_pos_(Position::start_position()),
      correction_(&pool.shared_correction()) {}

void Worker::clear(bool release_pages) {
  auto wipe = [release_pages](auto& table) {
    release_pages ? table.release_pages() : table.clear();
  };
  wipe(history_);
  wipe(pawn_cache_);
  wipe(eval_cache_);
}

void Worker::set_move(Stack* ss, const Position& pos, Move m) {
  const Piece pc = pos.moved_piece(m);
  ss->move = m;
  ss->moved_piece = pc;
  ContinuationHistory* tables = continuation_histories(*history_, pool_.options().ordering, pos, m);
  for (int k = 0; k < kContinuationKinds; ++k) ss->continuation[k] = &tables[k].table[pc][m.to()];
}

OrderingContext Worker::context(const Position& pos, const Stack* ss, int tables) const {
  const OrderingSwitches& sw = pool_.options().ordering;
  OrderingContext ctx{(ss - 1)->move, (ss - 1)->moved_piece};
  ctx.ply = ss->ply;
  if (sw.pawn_history) ctx.pawn_index = PawnHistory::index(pos.pawn_key());
  for (int i = 0; i < tables; ++i) {
    const int plies = kContinuationPlies[i];
    if (sw.continuation(i))
      ctx.continuation[i] = (ss - plies)->continuation[continuation_kind(plies)];
  }
  return ctx;
}

void Worker::count_node() {
  nodes_.store(nodes_.load(std::memory_order_relaxed) + 1, std::memory_order_relaxed);
  if (calls_until_check_-- == 0) check_limits();
}

void Worker::check_limits() {
  const SearchLimits& limits = pool_.limits();
  calls_until_check_ = (limits.nodes ? kNodeLimitCheckInterval : kTimeCheckInterval) - 1;
  // No limit ends the search before the main thread has a move from a whole first iteration:
  // a move from a cut-short one is whatever came first, even beside a mate in one.
  if (!pool_.first_iteration_done()) return;
  if (!is_main()) {
    // Helpers watch the hard limit too: with far more threads than cores the main thread may
    // not be running when it passes.
    if (!pool_.pondering() && pool_.time().past_maximum()) pool_.stop();
    return;
  }
  if (limits.nodes && pool_.nodes() >= limits.nodes) pool_.stop();
  // While pondering the clock is the opponent's: the budget applies from ponderhit.
  if (!pool_.pondering() && pool_.time().stop_early()) pool_.stop();
}

bool Worker::is_draw(const Position& pos, int ply) const {
  return pos.is_repetition(ply) || pos.is_fifty_move_draw() || pos.has_insufficient_material();
}

void Worker::update_pv(int ply, Move m) {
  PvTable& pv = *pv_;
  pv.moves[ply][ply] = m;
  for (int i = ply + 1; i < pv.length[ply + 1]; ++i) pv.moves[ply][i] = pv.moves[ply + 1][i];
  pv.length[ply] = std::max(pv.length[ply + 1], ply + 1);
}

void Worker::reset_stack() {
  for (int i = 0; i < kMaxPly + kStackOffset + 4; ++i) {
    Stack& entry = stack_[i] = Stack{};
    entry.ply = i - kStackOffset;
    for (int k = 0; k < kContinuationKinds; ++k)
      entry.continuation[k] = history_->continuation[0][0][k].sentinel();
  }
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
    ss->static_eval = corrected_eval(pos, ss, ss->raw_eval);
  }
  ss->excluded = excluded;
  const int value = search<kNonPV>(pos, ss, beta - 1, beta, depth, false);
  ss->excluded = Move::none();
  return value;
}

std::optional<Worker::TablebaseResult> Worker::probe_tablebase(const Position& pos, const Stack* ss,
                                                               int alpha, int beta, int depth) {
  const int ply = ss->ply;
  // Only after a move that reset the 50-move counter: the tables know nothing of its history.
  if (!tb_pieces_ || pos.rule50() != 0 || pos.castling_rights()) return std::nullopt;
  const int pieces = popcount(pos.pieces());
  if (pieces > tb_pieces_ || (pieces == tb_pieces_ && depth < pool_.options().syzygy_probe_depth))
    return std::nullopt;
  const auto wdl = syzygy::probe_wdl(pos);
  if (!wdl) return std::nullopt;
  tb_hits_.store(tb_hits_.load(std::memory_order_relaxed) + 1, std::memory_order_relaxed);
  // With the 50-move rule, cursed wins and blessed losses are draws, a shade off zero.
  const int draw_margin = pool_.options().syzygy_50_move_rule;
  const int w = int(*wdl);
  const TablebaseResult r = w < -draw_margin ? TablebaseResult{-kValueTbWin + ply, BOUND_UPPER}
                            : w > draw_margin
                                ? TablebaseResult{kValueTbWin - ply, BOUND_LOWER}
                                : TablebaseResult{kValueDraw + 2 * w * draw_margin, BOUND_EXACT};
  // A result that ends the node holds at any depth: stored as if searched deeper, it
  // outlives ordinary entries.
  if (r.bound == BOUND_EXACT || (r.bound == BOUND_LOWER ? r.value >= beta : r.value <= alpha))
    pool_.tt().store(pos.key(), Move::none(), value_to_tt(r.value, ply), kValueNone,
                     std::min(kMaxPly - 1, depth + kTbDepthBonus), r.bound, ss->tt_pv);
  return r;
}

std::optional<int> Worker::null_move(Position& pos, Stack* ss, int beta, int depth, int eval,
                                     bool cut_node) {
  const int r = NullMoveBase + depth / NullMoveDepthDiv +
                std::min(NullMoveEvalMax, (eval - beta) / NullMoveEvalDiv);
  ss->move = Move::null();
  ss->moved_piece = NO_PIECE;
  ss->stat_score = 0;
  for (int k = 0; k < kContinuationKinds; ++k)
    ss->continuation[k] = history_->continuation[0][0][k].sentinel();
  pos.do_null_move();
  pool_.tt().prefetch(pos.key());
  const int value = -search<kNonPV>(pos, ss + 1, -beta, -beta + 1, depth - r, !cut_node);
  pos.undo_null_move();
  if (pool_.stopped()) return 0;
  // A null-move proof of a mate is no proof: the side to move may be in zugzwang.
  if (value >= beta) return value >= kValueTbWinInMaxPly ? beta : value;
  return std::nullopt;
}

std::optional<int> Worker::probcut(Position& pos, Stack* ss, int beta, int depth,
                                   const NodeEstimate& n, bool cut_node) {
  const int probcut_beta = beta + ProbCutMargin - ProbCutImproving * n.improving;
  // The TT already says the margin is out of reach.
  if (n.tt_value != kValueNone && n.tt_depth >= depth - ProbCutDepthMargin &&
      n.tt_value < probcut_beta)
    return std::nullopt;
  MovePicker picker(MovePicker::ProbCut{}, pos, n.tt_move, probcut_beta - ss->static_eval,
                    *history_, pool_.options().ordering);
  ss->stat_score = 0;
  while (const Move m = picker.next()) {
    set_move(ss, pos, m);
    pool_.tt().prefetch(pos.key_after(m));
    pos.do_move(m);
    // Quiescence first: most captures fail there, and cheaply.
    int value = -qsearch<kNonPV>(pos, ss + 1, -probcut_beta, -probcut_beta + 1);
    if (value >= probcut_beta)
      value = -search<kNonPV>(pos, ss + 1, -probcut_beta, -probcut_beta + 1,
                              depth - ProbCutReduction, !cut_node);
    pos.undo_move(m);
    if (pool_.stopped()) return 0;
    if (value >= probcut_beta) {
      pool_.tt().store(pos.key(), m, value_to_tt(value, ss->ply), ss->raw_eval,
                       depth - ProbCutDepthMargin, BOUND_LOWER, ss->tt_pv);
      return value;
    }
  }
  return std::nullopt;
}

// The step functions that run at nearly every node are inlined into all three search
// instantiations, so that they cost what the code they replaced did.
[[gnu::always_inline]] inline std::optional<int> Worker::prune_before_moves(Position& pos,
                                                                            Stack* ss, int alpha,
                                                                            int beta, int depth,
                                                                            bool cut_node,
                                                                            const NodeEstimate& n) {
  const int eval = n.eval;
  // Razoring: hopelessly below alpha at low depth; let quiescence confirm it.
  if (depth <= RazorDepth && eval + RazorBase + RazorPerDepth * depth * depth < alpha) {
    const int value = qsearch<kNonPV>(pos, ss, alpha - 1, alpha);
    if (value < alpha) return value;
  }
  // A strong quiet move just played by the opponent makes both prunings below less likely.
  const int last_history = (ss - 1)->stat_score;
  // Reverse futility pruning: far enough above beta that a quiet reply will not drop us; an
  // eval the correction history had to move far is trusted less, so it needs a wider margin.
  if (depth <= ReverseFutilityDepth &&
      eval - ReverseFutilityMargin * (depth - n.improving) -
              last_history / ReverseFutilityHistoryDiv -
              std::abs(correction(pos, ss)) * ReverseFutilityCorrection / kCorrectionWeightScale >=
          beta &&
      eval < kValueTbWinInMaxPly)
    return eval;
  // Null-move pruning: if passing still fails high, a real move will too.
  if (depth >= NullMoveMinDepth && eval >= beta && ss->static_eval >= beta &&
      last_history < NullMoveHistoryMax && (ss - 1)->move != Move::null() &&
      pos.has_non_pawn_material(pos.side_to_move()) && beta > kValueTbLossInMaxPly)
    if (const auto value = null_move(pos, ss, beta, depth, eval, cut_node)) return value;
  // ProbCut: a good capture that beats beta by a margin in a reduced search almost surely
  // beats beta in the full one.
  if (depth >= ProbCutMinDepth && !is_decisive(beta))
    return probcut(pos, ss, beta, depth, n, cut_node);
  return std::nullopt;
}

Worker::SingularResult Worker::singular_extension(Position& pos, Stack* ss, int alpha, int beta,
                                                  const LoopNode& node) {
  const int singular_beta = node.tt_value - node.depth * SingularMargin / kSingularMarginScale;
  ss->excluded = node.tt_move;
  const int value = search<kNonPV>(pos, ss, singular_beta - 1, singular_beta, (node.depth - 1) / 2,
                                   node.cut_node);
  ss->excluded = Move::none();
  if (pool_.stopped()) return {.cutoff = 0};
  if (value < singular_beta) {
    const bool far_below = !node.pv_node && value < singular_beta - SingularDoubleMargin;
    return {far_below && ss->double_extensions < SingularMaxDoubles ? 2 : 1, std::nullopt};
  }
  // Multi-cut: another move beats beta as well, so this node fails high anyway.
  if (singular_beta >= beta) return {.cutoff = singular_beta};
  // The TT move is not alone (or this is a cut node): spend less on it.
  if (node.tt_value >= beta || node.cut_node) return {-1, std::nullopt};
  // Neither alone nor good enough to raise alpha here: no reason to look at it deeper.
  if (node.tt_value <= alpha) return {-1, std::nullopt};
  return {};
}

[[gnu::always_inline]] inline int Worker::evaluate_node(const Position& pos, Stack* ss,
                                                        const TTData* tte, int tt_value) {
  const bool tt_eval = tte && tte->eval != kValueNone;
  ss->raw_eval = tt_eval ? tte->eval : eval::evaluate(pos, pawn_cache_, eval_cache_);
  // Keep the evaluation even if this node returns before its final store.
  if (!tt_eval)
    pool_.tt().store(pos.key(), Move::none(), kValueNone, ss->raw_eval, kDepthNone, BOUND_NONE,
                     ss->tt_pv);
  ss->static_eval = corrected_eval(pos, ss, ss->raw_eval);
  // A TT score is a better estimate than the static eval when its bound allows.
  if (tt_value != kValueNone &&
      (tte->bound & (tt_value > ss->static_eval ? BOUND_LOWER : BOUND_UPPER)))
    return tt_value;
  return ss->static_eval;
}

[[gnu::always_inline]] inline Worker::MovePruning Worker::prune_move(
    const Position& pos, const Stack* ss, const MoveFacts& mf, const LoopNode& node, int move_count,
    int alpha) const {
  const int depth = node.depth;
  const auto skip_if = [](bool skip) { return skip ? MovePruning::kSkip : MovePruning::kSearch; };
  if (mf.noisy || mf.gives_check)
    return skip_if(depth <= PruningDepth && !pos.see_ge(mf.move, -SeeCaptureMargin * depth));
  // Late move pruning: at low depth, the quiets after the first few rarely matter.
  if (depth <= PruningDepth && move_count >= late_move_count(depth, node.improving))
    return MovePruning::kSkipQuiets;
  // The rules below judge the move at the depth late-move reduction would give it.
  const int lmr_depth =
      std::max(depth - 1 - reduction(pool_.thread_reductions(), false, depth, move_count), 0);
  if (lmr_depth < HistoryPruningDepth && mf.history < -HistoryPruningMargin * depth)
    return MovePruning::kSkip;
  if (lmr_depth <= PruningDepth &&
      ss->static_eval + FutilityBase + FutilityPerDepth * lmr_depth <= alpha)
    return MovePruning::kSkip;
  return skip_if(lmr_depth <= PruningDepth &&
                 !pos.see_ge(mf.move, -SeeQuietMargin * lmr_depth * lmr_depth));
}

[[gnu::always_inline]] inline int Worker::late_move_reduction(const Stack* ss, const MoveFacts& mf,
                                                              const LoopNode& node,
                                                              int move_count) const {
  // Summed in 1/1024 ply so that each adjustment is a tunable fraction of a ply.
  int r = 1024 * reduction(pool_.thread_reductions(), mf.noisy, node.depth, move_count);
  r -= LmrPvNode * node.pv_node;
  r += LmrCutNode * node.cut_node;
  r -= LmrGivesCheck * mf.gives_check;
  if (mf.noisy) {
    r -= 1024 * (mf.history / LmrCaptureHistoryDiv);
  } else {
    r += LmrNotImproving * !node.improving;
    r -= 1024 * (mf.history / LmrHistoryDiv);
    r += LmrTtNoisy * node.tt_noisy;  // the best move here is probably a capture
  }
  r -= LmrTtPv * (ss->tt_pv && !node.pv_node);
  return r / 1024;
}

void Worker::count_cutoff(int move_count, PickStage stage) {
  ++stats_.cutoffs;
  stats_.first_move_cutoffs += move_count == 1;
  stats_.cutoff_move_number_sum += std::uint64_t(move_count);
  ++stats_.by_stage[int(stage)];
}

void Worker::count_tt_probe(bool hit) {
  ++stats_.tt_probes;
  stats_.tt_hits += hit;
}

template <Worker::NodeType NT>
int Worker::search(Position& pos, Stack* ss, int alpha, int beta, int depth, bool cut_node) {
  constexpr bool pv_node = NT != kNonPV;
  constexpr bool root = NT == kRoot;
  constexpr NodeType kQSearchType = pv_node ? kPV : kNonPV;
  const int ply = ss->ply;
  const bool in_check = pos.checkers();
  const Move excluded = ss->excluded;
  const SearchOptions& opt = pool_.options();
  // A step's Elo is what games measured it to be worth when it was added, against the engine
  // without it (docs/search.md gives each figure's games, error, commit and date).

  // Step 1. At the horizon, quiescence takes over (in check, it searches every evasion).
  if (depth <= 0) return qsearch<kQSearchType>(pos, ss, alpha, beta);

  // Step 2. Node start: stop, draws, the ply limit, mate distance pruning (no line from here
  // can beat a shorter mate already found). Upcoming repetition ~+10 Elo.
  if (pv_node) {
    pv_->length[ply] = ply;
    seldepth_ = std::max(seldepth_, ply + 1);
  }
  count_node();
  if (!root) {
    if (pool_.stopped()) return 0;
    if (is_draw(pos, ply)) return kValueDraw;
    if (ply >= kMaxPly)
      return in_check ? kValueDraw : eval::evaluate(pos, pawn_cache_, eval_cache_);
    // A reversible move returns to an earlier position: this node is worth a draw at least.
    if (alpha < kValueDraw && pos.upcoming_repetition(ply)) {
      alpha = kValueDraw;
      if (alpha >= beta) return alpha;
    }
    alpha = std::max(mated_in(ply), alpha);
    beta = std::min(mate_in(ply + 1), beta);
    if (alpha >= beta) return alpha;
  }

  // Step 3. Transposition table. A singular search keeps the full node's ttPv flag and static
  // eval, and never takes a TT cutoff: the entry describes the node with every move, this
  // search lacks one.
  TTData tte{};
  const Key key = pos.key();
  const bool tt_hit = pool_.tt().probe(key, tte);
  if constexpr (kSearchStats) count_tt_probe(tt_hit);
  const int tt_value = tt_hit ? value_from_tt(tte.value, ply, pos.rule50()) : kValueNone;
  const Move tt_move = root ? root_moves_[pv_index_].move() : tt_hit ? tte.move : Move::none();
  if (!excluded) ss->tt_pv = pv_node || (tt_hit && tte.pv);
  if (!pv_node && !excluded && tt_hit && tte.depth >= depth && tt_value != kValueNone &&
      (tte.bound & (tt_value >= beta ? BOUND_LOWER : BOUND_UPPER)))
    return tt_value;

  // Step 4. Tablebases: a proven result ends the node when its bound allows; in a PV node it
  // bounds the search's result instead (~+4 Elo from endgame starts).
  int best_value = -kValueInfinite, max_value = kValueInfinite;
  if (!root && !excluded && tb_pieces_)
    if (const auto tb = probe_tablebase(pos, ss, alpha, beta, depth)) {
      if (tb->bound == BOUND_EXACT ||
          (tb->bound == BOUND_LOWER ? tb->value >= beta : tb->value <= alpha))
        return tb->value;
      if (pv_node && tb->bound == BOUND_LOWER) alpha = std::max(alpha, best_value = tb->value);
      if (pv_node && tb->bound == BOUND_UPPER) max_value = tb->value;
    }

  // Step 5. Static evaluation, corrected by the correction history (~+48 Elo, ~+6 more from
  // the non-pawn tables, ~+10 from fitting the tables together, ~+5 from the last two moves').
  const int eval = in_check   ? kValueNone
                   : excluded ? ss->static_eval
                              : evaluate_node(pos, ss, tt_hit ? &tte : nullptr, tt_value);
  if (in_check) ss->static_eval = ss->raw_eval = kValueNone;
  // Against our last eval; with the check two plies back, the one before it.
  const Stack* earlier = (ss - 2)->static_eval == kValueNone ? ss - 4 : ss - 2;
  const bool improving =
      !in_check && earlier->static_eval != kValueNone && ss->static_eval > earlier->static_eval;
  // The opponent's last quiet move learns from the eval swing it caused, once per position.
  if (!tt_hit && !in_check && !excluded && (ss - 1)->move.is_ok() &&
      (ss - 1)->static_eval != kValueNone && pos.captured_piece() == NO_PIECE &&
      (ss - 1)->move.type() != PROMOTION)
    record_eval_swing(*history_, opt.ordering, ~pos.side_to_move(), (ss - 1)->move,
                      (ss - 1)->threatened, (ss - 1)->static_eval, ss->static_eval);

  // Step 6. Pruning before the moves, at non-PV nodes out of check (razoring ~+16, reverse
  // futility ~+43, null move ~+31, ProbCut ~+12 Elo).
  if (!pv_node && !in_check && !excluded)
    if (const auto value = prune_before_moves(pos, ss, alpha, beta, depth, cut_node,
                                              {eval, improving, tt_move, tt_value, tte.depth}))
      return *value;

  // Step 7. The move loop: the root walks its root moves, other nodes the staged picker (the
  // picker and its histories against MVV-LVA and generation order: ~+219 Elo).
  (ss + 2)->killers.clear();
  const Color us = pos.side_to_move();
  OrderingContext ctx = context(pos, ss);
  if (opt.ordering.threats) ss->threatened = (ctx.threats = threats_against_side_to_move(pos)).all;
  MovePicker picker(MovePicker::Main{}, pos, tt_move, depth, *history_, ctx, ss->killers,
                    opt.ordering, excluded);
  const LoopNode node{
      depth, pv_node, cut_node, improving, tt_move, tt_value, tt_move && pos.is_noisy(tt_move)};
  std::size_t root_index = pv_index_;
  [[maybe_unused]] std::uint64_t nodes_before = 0;  // root: nodes before the current move
  int move_count = 0;
  Move best_move = Move::none();
  TriedMoves tried;          // for the malus at a cutoff
  bool skip_quiets = false;  // late-move pruning has dropped the remaining quiets

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
    const MoveFacts mf{
        m, noisy, pos.gives_check(m),
        noisy ? capture_history(*history_, pos, m)
              : quiet_history(*history_, opt.ordering, ctx, us, pos.moved_piece(m), m)};

    // Step 8. Low-depth pruning of single moves, once a move has kept us out of a proven loss
    // (late move pruning ~+63, SEE ~+40, futility ~+9 Elo; history pruning ~+1).
    if (!root && best_value > kValueTbLossInMaxPly && !in_check && pos.has_non_pawn_material(us))
      if (const MovePruning p = prune_move(pos, ss, mf, node, move_count, alpha);
          p != MovePruning::kSearch) {
        skip_quiets |= p == MovePruning::kSkipQuiets;
        continue;
      }

    // Step 9. Extensions: the TT move, when every other move fails well below its score, is
    // the only good one and deserves a deeper look (~+32 Elo); it stops at twice the root depth
    // so that lines of forced replies cannot explode the tree. A check that does not lose
    // material, or uncovers a slider, gets a ply (~+8 Elo over extending every check).
    int extension = 0;
    if (!root && m == tt_move && !excluded && depth >= SingularMinDepth && ply < 2 * root_depth_ &&
        tt_value != kValueNone && !is_decisive(tt_value) && (tte.bound & BOUND_LOWER) &&
        tte.depth >= depth - SingularTTDepthMargin) {
      const SingularResult singular = singular_extension(pos, ss, alpha, beta, node);
      if (singular.cutoff) return *singular.cutoff;
      extension = singular.extension;
    } else if (mf.gives_check &&
               ((pos.blockers_for_king(~us) & square_bb(m.from())) || pos.see_ge(m, 0))) {
      extension = 1;
    }
    int new_depth = depth - 1 + extension;
    (ss + 1)->double_extensions = ss->double_extensions + (extension >= 2);

    // Step 10. Make the move; late moves get a reduced null-window search first (LMR ~+63 Elo,
    // history in the reduction ~+44).
    set_move(ss, pos, m);
    ss->stat_score = noisy ? 0 : mf.history;
    pool_.tt().prefetch(pos.key_after(m));
    pos.do_move(m);
    int value = -kValueInfinite;
    // A move that raises alpha with only a null-window search (possible when mate distance
    // pruning narrowed beta) has no PV of its own: never copy a sibling's line after it.
    if (pv_node) pv_->length[ply + 1] = ply + 1;

    if (depth >= LmrMinDepth && move_count > 1 + pv_node) {
      const int r = late_move_reduction(ss, mf, node, move_count);
      const int reduced = std::clamp(new_depth - r, 1, std::max(new_depth, 1));
      value = -search<kNonPV>(pos, ss + 1, -(alpha + 1), -alpha, reduced, true);
      if (value > alpha && reduced < new_depth) {
        // The re-search goes a ply deeper when the reduced result beat the best by a lot, and
        // a ply shallower when it barely did.
        new_depth += value > best_value + LmrDeeperMargin + LmrDeeperPerDepth * new_depth;
        new_depth -= value < best_value + LmrShallowerMargin;
        if (reduced < new_depth) {
          value = -search<kNonPV>(pos, ss + 1, -(alpha + 1), -alpha, new_depth, !cut_node);
          // The re-search says whether the reduction misjudged the move.
          if (opt.ordering.lmr_continuation_update && !noisy)
            update_continuation(ctx, ss->moved_piece, m.to(),
                                value >= beta    ? history_bonus(new_depth)
                                : value <= alpha ? -history_malus(new_depth)
                                                 : 0);
        }
      }
    } else if (!pv_node || move_count > 1) {
      value = -search<kNonPV>(pos, ss + 1, -(alpha + 1), -alpha, new_depth, !cut_node);
    }
    // Step 11. Principal variation search: the first move, and any that beat alpha, get the
    // full window.
    if (pv_node && (move_count == 1 || (value > alpha && (root || value < beta))))
      value = -search<kPV>(pos, ss + 1, -beta, -alpha, new_depth, false);
    pos.undo_move(m);
    if (pool_.stopped()) return 0;

    if constexpr (root) update_root_move(m, value, alpha, beta, move_count, nodes_before);

    // Step 12. A new best move; at a cutoff the ordering tables learn from it.
    if (value > best_value) {
      best_value = value;
      if (value > alpha) {
        best_move = m;
        if (pv_node && !root) update_pv(ply, m);
        if (value >= beta) {
          if constexpr (kSearchStats && !root) count_cutoff(move_count, picker.last_stage());
          if (!noisy) ss->killers.add(m);
          record_cutoff(*history_, opt.ordering, pos, ctx, m, depth, tried.quiets(),
                        tried.captures());
          break;
        }
        alpha = value;
      }
    }
    tried.add(m, noisy);
  }

  // Step 13. No move: mate or stalemate. With the TT move excluded, no other move is no mate:
  // report a fail low instead.
  if (move_count == 0) return excluded ? alpha : in_check ? mated_in(ply) : kValueDraw;
  if (pv_node) best_value = std::min(best_value, max_value);

  // Step 14. Store the result and teach the correction history.
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
