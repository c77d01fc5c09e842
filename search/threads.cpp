// SPDX-License-Identifier: GPL-3.0-or-later
#include "search/threads.h"

#include <algorithm>
#include <chrono>

#ifdef __GLIBC__
#include <malloc.h>
#endif
#ifdef __linux__
#include <sched.h>
#include <sys/resource.h>
#include <unistd.h>
#endif

#include "movegen/movegen.h"
#include "search/params.h"
#include "search/strength.h"
#include "search/syzygy.h"

namespace riposte {

namespace {

unsigned hardware_threads() { return std::max(1u, std::thread::hardware_concurrency()); }

// glibc shares one malloc arena among many threads; a low-priority helper preempted while it
// holds the lock would stall the main thread for as long as the scheduler leaves it waiting.
// One arena per thread avoids that (the arenas reserve address space, not memory).
void give_each_thread_its_arena(int threads) {
#ifdef __GLIBC__
  mallopt(M_ARENA_MAX, threads + 8);
#else
  (void)threads;
#endif
}

void lower_this_thread_priority() {
#ifdef __linux__
  // SCHED_IDLE weighs a thread at 3 against nice 0's 1024 (nice 19 is 15), so a thousand
  // helpers leave the main thread most of a core. Both are allowed without privilege.
  const sched_param idle{};
  if (sched_setscheduler(0, SCHED_IDLE, &idle) != 0) setpriority(PRIO_PROCESS, id_t(gettid()), 19);
#endif
}

}  // namespace

ThreadPool::ThreadPool(TranspositionTable& tt) : tt_(tt), root_pos_(Position::start_position()) {
  set_threads(1);
}

ThreadPool::~ThreadPool() {
  stop();
  wait();
  join_threads();
}

void ThreadPool::idle_loop(Thread& thread, bool oversubscribed_helper, std::uint32_t seen) {
  Worker& worker = *thread.worker;
  if (oversubscribed_helper) lower_this_thread_priority();
  if (worker.is_main()) {
    for (;;) {
      main_searching_.wait(0, std::memory_order_acquire);
      if (exit_.load(std::memory_order_acquire)) return;
      worker.run();
      main_searching_.store(0, std::memory_order_release);
      main_searching_.notify_all();
    }
  }
  for (;;) {
    helper_generation_.wait(seen, std::memory_order_acquire);
    seen = helper_generation_.load(std::memory_order_acquire);
    if (exit_.load(std::memory_order_acquire)) return;
    // A helper that hardly runs would otherwise keep every page any search ever touched:
    // a thousand of them hold gigabytes. Its history is worth little; its memory is not.
    if (oversubscribed_helper && !stopped()) worker.clear(true);
    worker.run();
    thread.finished->store(true, std::memory_order_release);
    if (helpers_running_.fetch_sub(1, std::memory_order_acq_rel) == 1)
      helpers_running_.notify_all();
  }
}

void ThreadPool::join_threads() {
  exit_.store(1, std::memory_order_release);
  main_searching_.store(1, std::memory_order_release);
  main_searching_.notify_all();
  helper_generation_.fetch_add(1, std::memory_order_release);
  helper_generation_.notify_all();
  for (Thread& t : threads_) t.thread.join();
  threads_.clear();
  exit_.store(0, std::memory_order_relaxed);
  main_searching_.store(0, std::memory_order_relaxed);
}

void ThreadPool::set_threads(int n) {
  wait();
  join_threads();
  oversubscribed_ = unsigned(n) > params::kThreadsPerCoreBeforeYield * hardware_threads();
  if (oversubscribed_) give_each_thread_its_arena(n);
  threads_.reserve(std::size_t(n));
  for (int i = 0; i < n; ++i) {
    Thread& t = threads_.emplace_back();
    t.worker = std::make_unique<Worker>(*this, i);
  }
  // The generation is read here, not by the new threads: one that first runs after the next
  // search began would otherwise take that search's generation for the old one and sleep.
  const std::uint32_t generation = helper_generation_.load(std::memory_order_relaxed);
  for (int i = 0; i < n; ++i) {
    Thread& t = threads_[std::size_t(i)];
    const bool low_priority = oversubscribed_ && i > 0;
    t.thread = std::thread(
        [this, &t, low_priority, generation] { idle_loop(t, low_priority, generation); });
  }
}

void ThreadPool::start(const Position& pos, const SearchLimits& limits,
                       const SearchOptions& options, SearchListener listener, TimePoint received) {
  wait();
  root_pos_ = pos;
  limits_ = limits;
  options_ = options;
  if (options.strength.enabled) {
    const std::uint64_t budget = strength_node_budget(options.strength.elo);
    limits_.nodes = limits.nodes ? std::min(limits.nodes, budget) : budget;
    options_.multipv = std::max(options.multipv, strength_candidates(options.strength.elo));
  }
  listener_ = std::move(listener);
  stop_.store(false, std::memory_order_relaxed);
  first_iteration_done_.store(false, std::memory_order_relaxed);
  ponder_.store(limits.ponder, std::memory_order_relaxed);
  stop_on_ponderhit_.store(false, std::memory_order_relaxed);
  time_.init(limits, pos.side_to_move(), pos.game_ply(), options.move_overhead, options.ponder,
             received);
  thread_reductions_ = make_reductions(size());
  rank_tablebase_root();
  tt_.new_search();
  main_searching_.store(1, std::memory_order_release);
  main_searching_.notify_all();
}

void ThreadPool::rank_tablebase_root() {
  root_tb_hits_ = 0;
  root_tb_score_ = kValueNone;
  tb_probe_pieces_ = std::min(syzygy::largest(), options_.syzygy_probe_limit);
  if (tb_probe_pieces_ == 0 || popcount(root_pos_.pieces()) > tb_probe_pieces_) return;
  const auto ranking = syzygy::rank_root_moves(root_pos_, options_.syzygy_50_move_rule);
  if (!ranking) return;
  root_tb_hits_ = MoveList<LEGAL>(root_pos_).size();
  std::vector<Move> keep;
  for (const Move m : ranking->moves)
    if (limits_.allows(m)) keep.push_back(m);
  if (keep.empty()) return;  // searchmoves asked only for moves that spoil the result
  limits_.searchmoves = std::move(keep);
  // A known distance shows in the score; cursed wins and blessed losses are a shade off a draw.
  const int win = kValueTbWin - std::min(ranking->dtz > 0 ? ranking->dtz : kMaxPly, kMaxPly);
  switch (ranking->wdl) {
    case syzygy::Wdl::kWin: root_tb_score_ = win; break;
    case syzygy::Wdl::kCursedWin: root_tb_score_ = kValueDraw + 1; break;
    case syzygy::Wdl::kDraw: root_tb_score_ = kValueDraw; break;
    case syzygy::Wdl::kBlessedLoss: root_tb_score_ = kValueDraw - 1; break;
    case syzygy::Wdl::kLoss: root_tb_score_ = -win; break;
  }
  // DTZ already ranks the root by progress, and below a drawn or lost root the probes would
  // only repeat what the ranking knows. Probes help only a win ranked by WDL alone, where
  // they tell the lines that keep it from the ones that lose it.
  if (ranking->dtz > 0 || ranking->wdl != syzygy::Wdl::kWin) tb_probe_pieces_ = 0;
}

void ThreadPool::ponderhit() {
  // The time manager's clock runs from `go ponder`, so a search whose budget is already spent
  // stops at once.
  ponder_.store(false, std::memory_order_seq_cst);
  if (stop_on_ponderhit_.load(std::memory_order_seq_cst)) stop();
}

void ThreadPool::stop_on_ponderhit() {
  stop_on_ponderhit_.store(true, std::memory_order_seq_cst);
  // A ponderhit that came in between found the flag clear: stop here instead.
  if (!ponder_.load(std::memory_order_seq_cst)) stop();
}

int ThreadPool::take_best_move_changes() {
  int n = 0;
  for (const auto& t : threads_) n += t.worker->take_best_move_changes();
  return n;
}

void ThreadPool::wait() {
  main_searching_.wait(1, std::memory_order_acquire);
  wait_helpers();
}

bool ThreadPool::searching() { return main_searching_.load(std::memory_order_acquire) != 0; }

void ThreadPool::clear() {
  wait();
  tt_.clear(size());
  shared_correction_.clear();
  // Each worker's tables are megabytes. While every thread has a core of its own they are
  // zeroed in place, in parallel, and stay in memory for the next search; a pool larger than
  // the machine gives its pages back instead, so that helpers which hardly run hold nothing.
  const std::size_t n = threads_.size();
  const std::size_t helpers = std::min<std::size_t>(n, hardware_threads());
  const bool release_pages = n > hardware_threads();
  std::vector<std::thread> clearers;
  for (std::size_t h = 0; h < helpers; ++h)
    clearers.emplace_back([this, h, helpers, n, release_pages] {
      for (std::size_t i = h; i < n; i += helpers) threads_[i].worker->clear(release_pages);
    });
  for (std::thread& t : clearers) t.join();
}

std::uint64_t ThreadPool::nodes() const {
  std::uint64_t n = 0;
  for (const auto& t : threads_) n += t.worker->nodes();
  return n;
}

std::uint64_t ThreadPool::tb_hits() const {
  std::uint64_t n = root_tb_hits_;
  for (const auto& t : threads_) n += t.worker->tb_hits();
  return n;
}

SearchStats ThreadPool::search_stats() const {
  SearchStats total;
  for (const auto& t : threads_) total += t.worker->search_stats();
  return total;
}

void ThreadPool::start_helpers() {
  if (threads_.size() == 1) return;
  for (std::size_t i = 1; i < threads_.size(); ++i)
    threads_[i].finished->store(false, std::memory_order_relaxed);
  helpers_running_.store(std::uint32_t(threads_.size() - 1), std::memory_order_relaxed);
  helper_generation_.fetch_add(1, std::memory_order_release);
  helper_generation_.notify_all();
}

void ThreadPool::wait_helpers() {
  for (std::uint32_t r; (r = helpers_running_.load(std::memory_order_acquire)) != 0;)
    helpers_running_.wait(r, std::memory_order_acquire);
}

// A thousand helpers on two cores need tens of milliseconds after the stop before the last of
// them has run again to see it: the bestmove would come late. So in an oversubscribed pool the
// main thread votes with the helpers that have already returned and leaves the rest to finish
// in the background (`wait` and so the next search wait for them). It waits for all only when
// it has no completed iteration of its own.
void ThreadPool::wait_helpers_for_vote(const Worker& main) {
  if (!oversubscribed_ || main.completed_depth() == 0) wait_helpers();
}

const Worker& ThreadPool::best_worker() const {
  const Worker* best = threads_[0].worker.get();
  if (threads_.size() == 1 || options_.multipv > 1 || limits_.depth || best->root_moves().empty())
    return *best;

  // Each thread votes for its best move, weighted by how far it searched and how good the
  // move looked. Proven results (mates and tablebase results) override the vote: the shortest
  // win; a thread not proven lost over one that is; among lost positions the longest
  // resistance.
  std::vector<std::pair<Move, std::int64_t>> votes;
  auto votes_for = [&](Move m) -> std::int64_t& {
    for (auto& [move, v] : votes)
      if (move == m) return v;
    return votes.emplace_back(m, 0).second;
  };
  // A thread that sees itself lost votes for nothing: its move is only the longest resistance.
  auto finished = [](const Thread& t) { return t.finished->load(std::memory_order_acquire); };
  auto voter = [&](const Thread& t) {
    const Worker& w = *t.worker;
    return finished(t) && w.completed_depth() > 0 && w.best_score() > kValueTbLossInMaxPly;
  };
  int min_score = kValueInfinite;
  for (const auto& t : threads_)
    if (voter(t)) min_score = std::min(min_score, t.worker->best_score());
  for (const auto& t : threads_) {
    const Worker& w = *t.worker;
    if (!voter(t)) continue;
    votes_for(w.root_moves()[0].move()) +=
        std::int64_t(w.best_score() - min_score + params::VoteScoreOffset) * w.completed_depth();
  }
  for (const auto& t : threads_) {
    const Worker& w = *t.worker;
    if (!finished(t) || w.completed_depth() == 0 || &w == best) continue;
    const int score = w.best_score(), best_score = best->best_score();
    const bool won = score >= kValueTbWinInMaxPly, lost = score <= kValueTbLossInMaxPly;
    const bool best_won = best_score >= kValueTbWinInMaxPly;
    const bool best_lost = best_score <= kValueTbLossInMaxPly;
    if (best_won) {
      if (score > best_score) best = &w;  // a shorter mate or tablebase win
    } else if (won) {
      best = &w;  // a proven win beats any vote
    } else if (!lost && (best_lost || votes_for(w.root_moves()[0].move()) >
                                          votes_for(best->root_moves()[0].move()))) {
      best = &w;
    } else if (lost && best_lost && score > best_score) {
      best = &w;
    }
  }
  return *best;
}

void Worker::run() {
  if (!is_main()) {
    iterative_deepening();
    return;
  }
  pool_.start_helpers();
  iterative_deepening();
  // In `go infinite` and `go ponder` the bestmove waits for `stop` or `ponderhit`.
  while (!pool_.stopped() && (pool_.pondering() || pool_.limits().infinite))
    std::this_thread::sleep_for(std::chrono::milliseconds(1));
  pool_.stop();
  pool_.wait_helpers_for_vote(*this);

  const Worker& best = pool_.best_worker();
  if (best.root_moves().empty()) {
    // Mated or stalemated: one line with the score, then the null move.
    SearchReport r;
    r.score = root_pos_.checkers() ? -kValueMate : kValueDraw;
    pool_.listener().on_report(r);
    pool_.listener().on_bestmove(Move::none(), Move::none());
    return;
  }
  best.report_final();
  const SearchOptions& options = pool_.options();
  const std::size_t choice =
      options.strength.enabled
          ? choose_weakened_move(best.root_moves(), std::size_t(options.multipv),
                                 options.strength.elo, pool_.strength_rng())
          : 0;
  const RootMove& rm = best.root_moves()[choice];
  Move ponder = rm.pv.size() > 1 ? rm.pv[1] : Move::none();
  if (!ponder) {
    // No second PV move (the search stopped early): ask the TT for the reply.
    Position pos = root_pos_;
    pos.do_move(rm.move());
    TTData tte{};
    if (pool_.tt().probe(pos.key(), tte) && tte.move && pos.pseudo_legal(tte.move) &&
        pos.legal(tte.move))
      ponder = tte.move;
  }
  pool_.listener().on_bestmove(rm.move(), ponder);
}

}  // namespace riposte
