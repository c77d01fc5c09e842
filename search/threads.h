// SPDX-License-Identifier: GPL-3.0-or-later
// The pool of search threads (lazy SMP) and the control block they share: the root position,
// limits, stop and ponder flags, clock. Idle threads sleep on atomic counters (futexes): no
// thread ever waits for a lock that a preempted low-priority helper holds.
#pragma once

#include <atomic>
#include <memory>
#include <random>
#include <thread>
#include <vector>

#include "movegen/position.h"
#include "search/limits.h"
#include "search/search.h"
#include "search/timeman.h"
#include "search/tt.h"
#include "search/worker.h"

namespace riposte {

class ThreadPool {
 public:
  explicit ThreadPool(TranspositionTable& tt);
  ~ThreadPool();

  // Rebuilds the pool with n threads; call only while idle.
  void set_threads(int n);
  int size() const { return int(threads_.size()); }

  // Starts a search in the background and returns at once. The main thread reports through
  // the listener and calls on_bestmove exactly once. The clock runs from `received`, when the
  // `go` came: waiting for the last search's helpers to finish counts.
  void start(const Position& pos, const SearchLimits& limits, const SearchOptions& options,
             SearchListener listener, TimePoint received = now());
  void stop() { stop_.store(true, std::memory_order_relaxed); }
  // The opponent played the expected move: the clock now runs for us. The time spent
  // pondering counts towards this move's budget, so the search may stop at once.
  void ponderhit();
  // Main thread, while pondering: the budget is spent; stop as soon as ponderhit comes.
  void stop_on_ponderhit();
  // Sum of every worker's root best-move changes since the last call.
  int take_best_move_changes();
  // Blocks until the current search (if any) has sent its bestmove and every helper is idle.
  void wait();
  bool searching();
  void clear();  // ucinewgame: TT and every worker's tables

  std::uint64_t nodes() const;
  std::uint64_t tb_hits() const;  // tablebase probes that found the position, root included
  SearchStats search_stats() const;

  // Shared state read by the workers.
  TranspositionTable& tt() { return tt_; }
  const Position& root_position() const { return root_pos_; }
  const SearchLimits& limits() const { return limits_; }
  const SearchOptions& options() const { return options_; }
  const SearchListener& listener() const { return listener_; }
  // Every budget and stop rule. The main search thread alone reports to it.
  TimeManager& time() { return time_; }
  const TimeManager& time() const { return time_; }
  // Search probes go to positions with at most this many pieces; 0: none.
  int tb_probe_pieces() const { return tb_probe_pieces_; }
  // The tablebase result of the root, as reported while the search proves no mate;
  // kValueNone when the root is not in the tables.
  int root_tb_score() const { return root_tb_score_; }
  // The reductions for this pool's thread count, made at each start.
  const ReductionTables& thread_reductions() const { return thread_reductions_; }
  // The correction histories every thread shares.
  CorrectionTables& shared_correction() { return *shared_correction_; }
  bool stopped() const { return stop_.load(std::memory_order_relaxed); }
  // Set by the main thread when its first iteration completes; limits apply from then on.
  void set_first_iteration_done() { first_iteration_done_.store(true, std::memory_order_relaxed); }
  bool first_iteration_done() const {
    return first_iteration_done_.load(std::memory_order_relaxed);
  }
  bool pondering() const { return ponder_.load(std::memory_order_relaxed); }
  std::int64_t elapsed() const { return time_.elapsed(); }

  // Main thread: wakes the helpers, and later waits for them: for all of them, or in an
  // oversubscribed pool for none (see the definition).
  void start_helpers();
  void wait_helpers();
  void wait_helpers_for_vote(const Worker& main);
  const Worker& best_worker() const;
  // Main thread: draws the move of a strength-limited search.
  std::mt19937_64& strength_rng() { return strength_rng_; }

  // Restricts a tablebase root to the moves that keep its result and decides whether the
  // search probes the tables.
  void rank_tablebase_root();

 private:
  struct Thread {
    std::unique_ptr<Worker> worker;
    std::thread thread;
    // Set by a helper when its search has returned; only a finished helper's results are read.
    std::unique_ptr<std::atomic<bool>> finished = std::make_unique<std::atomic<bool>>(true);
  };
  // Each thread's life: waits for a search, runs it, and again until the pool exits. Helpers of
  // an oversubscribed pool run at the lowest priority and give back their tables' pages. `seen`:
  // the helper generation when the thread was made.
  void idle_loop(Thread& thread, bool oversubscribed_helper, std::uint32_t seen);
  void join_threads();

  TranspositionTable& tt_;
  std::vector<Thread> threads_;
  // The main thread sleeps while main_searching_ is 0; the UCI thread waits for it to return
  // to 0. Helpers sleep until helper_generation_ moves on and count themselves out of
  // helpers_running_ when their search ends; exit_ ends every loop.
  std::atomic<std::uint32_t> main_searching_{0};
  std::atomic<std::uint32_t> helper_generation_{0};
  std::atomic<std::uint32_t> helpers_running_{0};
  std::atomic<std::uint32_t> exit_{0};
  Position root_pos_;
  SearchLimits limits_;
  SearchOptions options_;
  SearchListener listener_;
  TimeManager time_;
  std::atomic<bool> stop_{false};
  std::atomic<bool> first_iteration_done_{false};
  std::atomic<bool> ponder_{false};
  std::atomic<bool> stop_on_ponderhit_{false};
  int tb_probe_pieces_ = 0;
  bool oversubscribed_ = false;  // more threads than kThreadsPerCoreBeforeYield per core
  ReductionTables thread_reductions_{};
  Zeroed<CorrectionTables> shared_correction_;
  int root_tb_score_ = kValueNone;
  std::uint64_t root_tb_hits_ = 0;
  std::mt19937_64 strength_rng_{std::random_device{}()};
};

}  // namespace riposte
