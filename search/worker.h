// SPDX-License-Identifier: GPL-3.0-or-later
// One search thread's state and its alpha-beta search. Workers share only the TT and the
// control block; everything else here belongs to the thread.
#pragma once

#include <array>
#include <atomic>
#include <cstdint>
#include <optional>
#include <vector>

#include "movegen/position.h"
#include "movegen/zeroed_memory.h"
#include "nnue-free-eval/evaluate.h"
#include "search/correction.h"
#include "search/history.h"
#include "search/search.h"
#include "search/tt.h"

namespace riposte {

class ThreadPool;

// Late-move reductions in plies by remaining depth and move number, in Ethereal's log-log
// shape: base + ln d * ln m / div, one table for quiet moves and one for captures.
struct ReductionTables {
  std::array<std::array<std::int8_t, 64>, 64> quiet, noisy;
};
// The tables for a pool of `threads`: more threads reduce a little more, by the log of the
// count (made at each start, so tuning builds see changed parameters).
ReductionTables make_reductions(int threads);

// Cache-line aligned, as is its node counter, so threads never share a line they write.
class alignas(64) Worker {
 public:
  Worker(ThreadPool& pool, int id);

  // The thread's job for one `go`: the main worker also runs the helpers, waits out ponder
  // and infinite searches, and reports the best move.
  void run();
  // Runs iterative deepening on the pool's root position until told to stop.
  void iterative_deepening();
  // Forgets everything learned in earlier games (ucinewgame), by writing zeros over the tables
  // or by giving their memory back (see zeroed_memory.h).
  void clear(bool release_pages);

  std::uint64_t nodes() const { return nodes_.load(std::memory_order_relaxed); }
  std::uint64_t tb_hits() const { return tb_hits_.load(std::memory_order_relaxed); }
  int completed_depth() const { return completed_depth_; }
  const std::vector<RootMove>& root_moves() const { return root_moves_; }
  // Score of the best root move of the last iteration that produced one.
  int best_score() const {
    const RootMove& rm = root_moves_[0];
    return rm.score != -kValueInfinite ? rm.score : rm.previous_score;
  }
  bool is_main() const { return id_ == 0; }
  // Root best-move changes since the last call (the main thread sums them over the pool).
  int take_best_move_changes() { return best_move_changes_.exchange(0, std::memory_order_relaxed); }
  const SearchStats& search_stats() const { return stats_; }
  // Reports the current root moves as the final `info` before bestmove.
  void report_final() const;
  // The null-window search that singular extension runs at a node with `excluded` (the node's
  // TT move) left out, searched here with pos as the root; for tests of that search.
  int search_excluding(Position& pos, Move excluded, int beta, int depth);

 private:
  enum NodeType { kNonPV, kPV, kRoot };

  struct Stack {
    int ply = 0;
    Move move = Move::none();  // the move made from this node (null after a null move)
    Piece moved_piece = NO_PIECE;
    int static_eval = kValueNone;  // corrected by the correction history; kValueNone in check
    int raw_eval = kValueNone;     // as the evaluation returned it (what the TT keeps)
    Killers killers;
    Move excluded = Move::none();  // the TT move, while a singular-extension search runs here
    bool tt_pv = false;            // this node is or was on a principal variation
    int double_extensions = 0;     // singular double extensions on the path to this node
    // The continuation tables selected by `move`, by kind: counter-move history for the
    // child, follow-up history for the grandchild and the plies after it.
    PieceToHistory* continuation[kContinuationKinds] = {};
    // The squares the opponent attacked here (threat-aware ordering on), which index the
    // butterfly entry of `move`.
    Bitboard threatened = 0;
    int stat_score = 0;  // the quiet history of `move` (0 for a noisy move)
  };

  // A proven result from the tablebases, with the bound it is proven as.
  struct TablebaseResult {
    int value;
    Bound bound;
  };
  // What the singular-extension test found for the TT move: plies to extend it by (negative to
  // reduce), or a multi-cut value the node returns at once.
  struct SingularResult {
    int extension = 0;
    std::optional<int> cutoff;
  };

  template <NodeType NT>
  int search(Position& pos, Stack* ss, int alpha, int beta, int depth, bool cut_node);
  template <NodeType NT>
  int qsearch(Position& pos, Stack* ss, int alpha, int beta);

  // What the node-level pruning rules know of a node besides its window and depth.
  struct NodeEstimate {
    int eval;  // the static eval, or a TT score that bounds it better
    bool improving;
    Move tt_move;
    int tt_value;  // kValueNone without one
    int tt_depth;
  };
  // What the move loop's rules need to know of their node.
  struct LoopNode {
    int depth;
    bool pv_node;
    bool cut_node;
    bool improving;
    Move tt_move;
    int tt_value;   // kValueNone without one
    bool tt_noisy;  // the TT move is a capture or promotion
  };
  // Low-depth pruning's verdict on one move.
  enum class MovePruning { kSearch, kSkip, kSkipQuiets };
  // What the per-move rules need to know of a move.
  struct MoveFacts {
    Move move;
    bool noisy;
    bool gives_check;
    int history;  // capture history for a noisy move, the quiet score otherwise
  };

  // The search's steps. Those returning an optional value end the node when they have one.
  // Probes the tables after a zeroing move; a result that ends the node (by its bound against
  // the window) is stored in the TT.
  std::optional<TablebaseResult> probe_tablebase(const Position& pos, const Stack* ss, int alpha,
                                                 int beta, int depth);
  // Fills the node's raw and corrected static eval (tte: the node's TT entry, null on a miss)
  // and returns the best estimate of its value: the corrected eval or a TT score that bounds it.
  int evaluate_node(const Position& pos, Stack* ss, const TTData* tte, int tt_value);
  std::optional<int> null_move(Position& pos, Stack* ss, int beta, int depth, int eval,
                               bool cut_node);
  // Razoring, reverse futility, null move and ProbCut, in that order.
  std::optional<int> prune_before_moves(Position& pos, Stack* ss, int alpha, int beta, int depth,
                                        bool cut_node, const NodeEstimate& n);
  std::optional<int> probcut(Position& pos, Stack* ss, int beta, int depth, const NodeEstimate& n,
                             bool cut_node);
  // Tests whether the TT move is the only good move at the node (its tt_move and tt_value).
  SingularResult singular_extension(Position& pos, Stack* ss, int alpha, int beta,
                                    const LoopNode& node);
  // Low-depth pruning of one move: skip it, or skip it and every quiet after it (late-move
  // pruning), or search it.
  MovePruning prune_move(const Position& pos, const Stack* ss, const MoveFacts& mf,
                         const LoopNode& node, int move_count, int alpha) const;
  // Plies by which late-move reduction shortens the null-window search of a late move.
  int late_move_reduction(const Stack* ss, const MoveFacts& mf, const LoopNode& node,
                          int move_count) const;
  void count_cutoff(int move_count, PickStage stage);  // statistics builds only
  void count_tt_probe(bool hit);                       // statistics builds only
  // Root bookkeeping after a root move was searched: its score and PV, its node effort, and
  // for the main thread's time management whether it changed or confirmed the best move.
  void update_root_move(Move m, int value, int alpha, int beta, int move_count,
                        std::uint64_t nodes_before);

  // The correction history's offset for pos, the tables blended.
  int correction(const Position& pos, const Stack* ss) const;
  // The static eval with that offset, kept inside the non-mate range.
  int corrected_eval(const Position& pos, const Stack* ss, int raw_eval) const;
  // Teaches the correction history what a finished search found, when its bound says which
  // side of the static eval the true score lies on.
  void update_correction(const Position& pos, const Stack* ss, int depth, int best_value,
                         Move best_move, int beta);

  void reset_stack();
  void count_node();
  void check_limits();
  bool is_draw(const Position& pos, int ply) const;
  void update_pv(int ply, Move m);
  void set_move(Stack* ss, const Position& pos, Move m);
  // The ordering context of the node at ss in pos: the previous move, the continuation tables
  // the moves 1, 2, 4 and 6 plies back selected (only the first `tables` of them), the ply and
  // the pawn-history index.
  OrderingContext context(const Position& pos, const Stack* ss,
                          int tables = kContinuationCount) const;
  RootMove* find_root_move(Move m);
  void sort_root_moves(std::size_t first, std::size_t last);
  void report(int depth) const;
  // Main thread: tells the time manager about a completed iteration; true when it says stop.
  bool iteration_says_stop(int depth);

  ThreadPool& pool_;
  const int id_;
  Position root_pos_;
  std::vector<RootMove> root_moves_;
  std::size_t pv_index_ = 0;
  int seldepth_ = 0;
  int completed_depth_ = 0;
  int root_depth_ = 0;
  alignas(64) std::atomic<std::uint64_t> nodes_{0};
  std::atomic<std::uint64_t> tb_hits_{0};
  int tb_pieces_ = 0;  // probe positions with at most this many pieces; 0: never
  std::atomic<int> best_move_changes_{0};
  SearchStats stats_;
  // The tables are zero pages until the thread searches (see zeroed_memory.h).
  Zeroed<HistoryTables> history_;
  eval::PawnCache pawn_cache_;
  eval::EvalCache eval_cache_;
  // The pool's correction histories, which every thread reads and teaches.
  CorrectionTables* correction_;
  std::uint64_t calls_until_check_ = 0;

  // The triangular PV table: pv[ply] is the line from ply on, length[ply] where it ends.
  struct PvTable {
    Move moves[kMaxPly + 2][kMaxPly + 2];
    int length[kMaxPly + 2];
  };
  Zeroed<PvTable> pv_;
  // The root is stack_[kStackOffset]: the entries before it let the root read six plies back.
  static constexpr int kStackOffset = 7;
  Stack stack_[kMaxPly + kStackOffset + 4];
};

}  // namespace riposte
