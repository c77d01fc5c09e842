// SPDX-License-Identifier: GPL-3.0-or-later
#include "search/tt.h"

#include <sys/mman.h>
#include <unistd.h>

#include <climits>
#include <cstdlib>
#include <cstring>
#include <new>
#include <thread>
#include <vector>

#include "absl/strings/str_cat.h"
#include "search/params.h"

namespace riposte {

namespace {

// data layout: move 0-15 | value 16-31 | eval 32-47 | depth+kDepthOffset 48-55 |
// generation 56-60 | pv 61 | bound 62-63
constexpr int kDepthOffset = 8;  // qsearch stores depth 0; allow down to -7

std::uint64_t pack(Move move, int value, int eval, int depth, Bound bound, bool pv,
                   std::uint8_t gen) {
  return std::uint64_t(move.raw()) | (std::uint64_t(std::uint16_t(std::int16_t(value))) << 16) |
         (std::uint64_t(std::uint16_t(std::int16_t(eval))) << 32) |
         (std::uint64_t(std::uint8_t(depth + kDepthOffset)) << 48) | (std::uint64_t(gen) << 56) |
         (std::uint64_t(pv) << 61) | (std::uint64_t(bound) << 62);
}

Move move_of(std::uint64_t d) { return Move(std::uint16_t(d)); }
int value_of(std::uint64_t d) { return std::int16_t(std::uint16_t(d >> 16)); }
int eval_of(std::uint64_t d) { return std::int16_t(std::uint16_t(d >> 32)); }
int depth_of(std::uint64_t d) { return int((d >> 48) & 0xFF) - kDepthOffset; }
std::uint8_t generation_of(std::uint64_t d) { return std::uint8_t((d >> 56) & 31); }
bool pv_of(std::uint64_t d) { return (d >> 61) & 1; }
Bound bound_of(std::uint64_t d) { return Bound(d >> 62); }

constexpr std::size_t kPageAlign = 2 * 1024 * 1024;

}  // namespace

TranspositionTable::~TranspositionTable() { std::free(clusters_); }

absl::Status TranspositionTable::resize(std::size_t mb, int threads) {
  if (mb == 0) return absl::InvalidArgumentError("hash size must be at least 1 MB");
  const std::size_t bytes = mb << 20;
  // More than the machine's memory could only be had through overcommit, and clearing it
  // would then bring in the OOM killer: refuse it up front.
  const long pages = sysconf(_SC_PHYS_PAGES), page_size = sysconf(_SC_PAGE_SIZE);
  const std::size_t physical =
      pages > 0 && page_size > 0 ? std::size_t(pages) * std::size_t(page_size) : 0;
  if (physical && bytes > physical)
    return absl::ResourceExhaustedError(
        absl::StrCat("could not allocate ", mb, " MB for the hash table: the machine has ",
                     physical >> 20, " MB; keeping ", size_mb_, " MB"));
  const std::size_t rounded = (bytes + kPageAlign - 1) / kPageAlign * kPageAlign;
  void* mem = std::aligned_alloc(kPageAlign, rounded);
  if (!mem)
    return absl::ResourceExhaustedError(absl::StrCat(
        "could not allocate ", mb, " MB for the hash table; keeping ", size_mb_, " MB"));
  madvise(mem, rounded, MADV_HUGEPAGE);
  std::free(clusters_);
  clusters_ = static_cast<Cluster*>(mem);
  cluster_count_ = bytes / sizeof(Cluster);
  size_mb_ = mb;
  clear(threads);
  return absl::OkStatus();
}

void TranspositionTable::clear(int threads) {
  const std::size_t bytes = cluster_count_ * sizeof(Cluster);
  char* base = reinterpret_cast<char*>(clusters_);
  // Small tables are not worth a thread start; large ones are zeroed in stripes, by no more
  // threads than the machine runs at once.
  threads = std::min(threads, int(std::max(1u, std::thread::hardware_concurrency())));
  if (threads <= 1 || bytes < (std::size_t(64) << 20)) {
    std::memset(base, 0, bytes);
  } else {
    std::vector<std::thread> workers;
    const std::size_t stripe = (bytes / threads + 63) / 64 * 64;
    for (int i = 0; i < threads; ++i) {
      const std::size_t start = std::min(bytes, stripe * i), end = std::min(bytes, start + stripe);
      workers.emplace_back([=] { std::memset(base + start, 0, end - start); });
    }
    for (std::thread& t : workers) t.join();
  }
  generation_ = 0;
}

bool TranspositionTable::probe(Key key, TTData& out) const {
  const Cluster& c = clusters_[index(key)];
  for (const Entry& e : c.entries) {
    const std::uint64_t d = e.data.load(std::memory_order_relaxed);
    if ((e.key_xor_data.load(std::memory_order_relaxed) ^ d) != key || d == 0) continue;
    out = {move_of(d), value_of(d), eval_of(d), depth_of(d), bound_of(d), pv_of(d)};
    return true;
  }
  return false;
}

void TranspositionTable::store(Key key, Move move, int value, int eval, int depth, Bound bound,
                               bool pv) {
  Cluster& c = clusters_[index(key)];
  Entry* victim = nullptr;
  int victim_score = INT_MAX;
  for (Entry& e : c.entries) {
    const std::uint64_t d = e.data.load(std::memory_order_relaxed);
    if ((e.key_xor_data.load(std::memory_order_relaxed) ^ d) == key && d != 0) {
      // Same position: keep a known move, and keep a deeper current entry unless exact.
      if (!move) move = move_of(d);
      if (bound != BOUND_EXACT && generation_of(d) == generation_ &&
          depth + params::TtReplaceDepthMargin <= depth_of(d))
        return;
      victim = &e;
      break;
    }
    // Prefer to replace empty, shallow and old entries.
    const int age = (generation_ - generation_of(d)) & 31;
    const int score = d == 0 ? INT_MIN : depth_of(d) - params::TtAgeWeight * age;
    if (score < victim_score) {
      victim_score = score;
      victim = &e;
    }
  }
  const std::uint64_t d = pack(move, value, eval, depth, bound, pv, generation_);
  victim->data.store(d, std::memory_order_relaxed);
  victim->key_xor_data.store(key ^ d, std::memory_order_relaxed);
}

int TranspositionTable::hashfull() const {
  const std::size_t sample = std::min<std::size_t>(250, cluster_count_);
  int used = 0;
  for (std::size_t i = 0; i < sample; ++i)
    for (const Entry& e : clusters_[i].entries) {
      const std::uint64_t d = e.data.load(std::memory_order_relaxed);
      used += d != 0 && generation_of(d) == generation_;
    }
  return sample ? int(used * 1000 / (sample * kClusterSize)) : 0;
}

}  // namespace riposte
