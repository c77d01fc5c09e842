// One search thread's state and its alpha-beta search. Workers share only the TT and the
// control block; everything else here belongs to the thread.
#pragma once

#include <atomic>
#include <cstdint>
#include <vector>

#include "movegen/position.h"
#include "nnue-free-eval/evaluate.h"
#include "search/correction.h"
#include "search/history.h"
#include "search/search.h"

namespace riposte {

class ThreadPool;

// Recomputes the tables derived from search parameters (tuning builds change them at run time).
void refresh_search_tables();

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
  const OrderingStats& ordering_stats() const { return stats_; }
  // Reports the current root moves as the final `info` before bestmove.
  void report_final() const;
  // The null-window search that singular extension runs at a node with `excluded` (the node's
  // TT move) left out, searched here with pos as the root; for tests of that search.
  int search_excluding(Position& pos, Move excluded, int beta, int depth);

 private:
  enum NodeType { kNonPV, kPV, kRoot };

  struct Stack {
    int ply;
    Move move;  // the move made from this node (null after a null move)
    Piece moved_piece;
    int static_eval;  // corrected by the correction history; kValueNone in check
    int raw_eval;     // as the evaluation returned it (what the TT keeps)
    Move killers[2];
    Move excluded;          // the TT move, while a singular-extension search runs here
    bool tt_pv;             // this node is or was on a principal variation
    int double_extensions;  // singular double extensions on the path to this node
    // History tables selected by `move`: counter-move history for the child, follow-up
    // history for the grandchild.
    PieceToHistory* counter_hist;
    PieceToHistory* followup_hist;
  };

  template <NodeType NT>
  int search(Position& pos, Stack* ss, int alpha, int beta, int depth, bool cut_node);
  template <NodeType NT>
  int qsearch(Position& pos, Stack* ss, int alpha, int beta);
  // The static eval with the correction history's offset, kept inside the non-mate range.
  int corrected_eval(const Position& pos, int raw_eval) const;
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
  CutoffContext context(Stack* ss);
  RootMove* find_root_move(Move m);
  void report(int depth) const;
  // What time management carries from one iteration to the next (main thread).
  struct IterationHistory {
    int stable_iterations = 0;
    Move last_best = Move::none();
    int scores[3] = {kValueNone, kValueNone, kValueNone};  // the last iterations' scores
    double best_move_changes = 0;                          // decayed sum over the threads
  };
  // Main thread only: should the search stop after this iteration?
  bool iteration_says_stop(int depth, IterationHistory& h);

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
  // Main thread: the soft limit of the last iteration, and whether this iteration has already
  // confirmed the best move (searched first, inside the window, nothing better since).
  std::int64_t soft_deadline_ = 0;
  bool best_settled_ = false;
  OrderingStats stats_;
  HistoryTables history_;
  eval::PawnCache pawn_cache_;
  eval::EvalCache eval_cache_;
  CorrectionHistory correction_;  // by pawn structure
  // By the pieces other than pawns of one colour (the king included), per colour.
  CorrectionHistory non_pawn_correction_[COLOR_NB];
  int average_score_ = 0;  // root score averaged over iterations, sizes aspiration windows
  std::uint64_t calls_until_check_ = 0;

  Move pv_[kMaxPly + 2][kMaxPly + 2];
  int pv_length_[kMaxPly + 2];
  // The root is stack_[kStackOffset]: the entries before it let the root read six plies back.
  static constexpr int kStackOffset = 7;
  Stack stack_[kMaxPly + kStackOffset + 4];
};

}  // namespace riposte
