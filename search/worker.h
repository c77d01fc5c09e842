// One search thread's state and its alpha-beta search. Workers share only the TT and the
// control block; everything else here belongs to the thread.
#pragma once

#include <atomic>
#include <cstdint>
#include <vector>

#include "movegen/position.h"
#include "nnue-free-eval/evaluate.h"
#include "search/history.h"
#include "search/search.h"

namespace riposte {

class ThreadPool;

// Cache-line aligned, as is its node counter, so threads never share a line they write.
class alignas(64) Worker {
 public:
  Worker(ThreadPool& pool, int id);

  // The thread's job for one `go`: the main worker also runs the helpers, waits out ponder
  // and infinite searches, and reports the best move.
  void run();
  // Runs iterative deepening on the pool's root position until told to stop.
  void iterative_deepening();
  // Forgets everything learned in earlier games (ucinewgame).
  void clear();

  std::uint64_t nodes() const { return nodes_.load(std::memory_order_relaxed); }
  int completed_depth() const { return completed_depth_; }
  const std::vector<RootMove>& root_moves() const { return root_moves_; }
  // Score of the best root move of the last iteration that produced one.
  int best_score() const {
    const RootMove& rm = root_moves_[0];
    return rm.score != -kValueInfinite ? rm.score : rm.previous_score;
  }
  bool is_main() const { return id_ == 0; }
  const OrderingStats& ordering_stats() const { return stats_; }
  // Reports the current root moves as the final `info` before bestmove.
  void report_final() const;

 private:
  enum NodeType { kNonPV, kPV, kRoot };

  struct Stack {
    int ply;
    Move move;  // the move made from this node (null after a null move)
    Piece moved_piece;
    int static_eval;
    Move killers[2];
    // History tables selected by `move`: counter-move history for the child, follow-up
    // history for the grandchild.
    PieceToHistory* counter_hist;
    PieceToHistory* followup_hist;
  };

  template <NodeType NT>
  int search(Position& pos, Stack* ss, int alpha, int beta, int depth, bool cut_node);
  template <NodeType NT>
  int qsearch(Position& pos, Stack* ss, int alpha, int beta);

  void count_node();
  void check_limits();
  bool is_draw(const Position& pos, int ply) const;
  void update_pv(int ply, Move m);
  void set_move(Stack* ss, const Position& pos, Move m);
  CutoffContext context(Stack* ss);
  RootMove* find_root_move(Move m);
  void report(int depth) const;
  // Main thread only: should the search stop after this iteration?
  bool iteration_says_stop(int depth, int& stable_iterations, Move& last_best, int& last_score);

  ThreadPool& pool_;
  const int id_;
  Position root_pos_;
  std::vector<RootMove> root_moves_;
  std::size_t pv_index_ = 0;
  int seldepth_ = 0;
  int completed_depth_ = 0;
  int root_depth_ = 0;
  alignas(64) std::atomic<std::uint64_t> nodes_{0};
  OrderingStats stats_;
  HistoryTables history_;
  eval::PawnCache pawn_cache_;
  std::uint64_t calls_until_check_ = 0;

  Move pv_[kMaxPly + 2][kMaxPly + 2];
  int pv_length_[kMaxPly + 2];
  Stack stack_[kMaxPly + 10];
};

}  // namespace riposte
