#include "search/threads.h"

#include <chrono>

#include "movegen/movegen.h"

namespace riposte {

ThreadPool::Thread::Thread(ThreadPool& pool, int id)
    : worker(std::make_unique<Worker>(pool, id)), thread(&Thread::idle_loop, this) {}

ThreadPool::Thread::~Thread() {
  {
    std::lock_guard lock(mutex);
    exit = true;
  }
  cv.notify_all();
  thread.join();
}

void ThreadPool::Thread::idle_loop() {
  for (;;) {
    std::unique_lock lock(mutex);
    cv.wait(lock, [&] { return searching || exit; });
    if (exit) return;
    lock.unlock();
    worker->run();
    lock.lock();
    searching = false;
    cv.notify_all();
  }
}

void ThreadPool::Thread::start_searching() {
  {
    std::lock_guard lock(mutex);
    searching = true;
  }
  cv.notify_all();
}

void ThreadPool::Thread::wait_idle() {
  std::unique_lock lock(mutex);
  cv.wait(lock, [&] { return !searching; });
}

ThreadPool::ThreadPool(TranspositionTable& tt) : tt_(tt), root_pos_(Position::start_position()) {
  set_threads(1);
}

ThreadPool::~ThreadPool() {
  stop();
  wait();
  threads_.clear();
}

void ThreadPool::set_threads(int n) {
  wait();
  threads_.clear();
  for (int i = 0; i < n; ++i) threads_.push_back(std::make_unique<Thread>(*this, i));
}

void ThreadPool::start(const Position& pos, const SearchLimits& limits,
                       const SearchOptions& options, SearchListener listener) {
  wait();
  root_pos_ = pos;
  limits_ = limits;
  options_ = options;
  listener_ = std::move(listener);
  stop_.store(false, std::memory_order_relaxed);
  ponder_.store(limits.ponder, std::memory_order_relaxed);
  start_ns_.store(now().time_since_epoch().count(), std::memory_order_relaxed);
  time_.init(limits, pos.side_to_move(), pos.game_ply(), options.move_overhead);
  tt_.new_search();
  threads_[0]->start_searching();
}

void ThreadPool::ponderhit() {
  // The clock starts now: thinking so far was on the opponent's time.
  start_ns_.store(now().time_since_epoch().count(), std::memory_order_relaxed);
  ponder_.store(false, std::memory_order_relaxed);
}

void ThreadPool::wait() {
  if (!threads_.empty()) threads_[0]->wait_idle();
}

bool ThreadPool::searching() {
  std::lock_guard lock(threads_[0]->mutex);
  return threads_[0]->searching;
}

void ThreadPool::clear() {
  wait();
  tt_.clear(size());
  for (auto& t : threads_) t->worker->clear();
}

std::uint64_t ThreadPool::nodes() const {
  std::uint64_t n = 0;
  for (const auto& t : threads_) n += t->worker->nodes();
  return n;
}

OrderingStats ThreadPool::ordering_stats() const {
  OrderingStats total;
  for (const auto& t : threads_) total += t->worker->ordering_stats();
  return total;
}

std::int64_t ThreadPool::elapsed() const {
  const auto start = TimePoint(TimePoint::duration(start_ns_.load(std::memory_order_relaxed)));
  return elapsed_ms(start);
}

void ThreadPool::start_helpers() {
  for (std::size_t i = 1; i < threads_.size(); ++i) threads_[i]->start_searching();
}

void ThreadPool::wait_helpers() {
  for (std::size_t i = 1; i < threads_.size(); ++i) threads_[i]->wait_idle();
}

const Worker& ThreadPool::best_worker() const { return *threads_[0]->worker; }

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
  pool_.wait_helpers();

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
  const RootMove& rm = best.root_moves()[0];
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
