// SPDX-License-Identifier: GPL-3.0-or-later
// The transposition table, shared by all search threads without locks.
//
// Each entry is two relaxed 64-bit atomics: `data` and `key ^ data` (Hyatt and Mann's lock-less
// scheme). A reader accepts an entry only if the two words XOR back to its full key, so a torn
// write (words from two different stores) reads as a miss, and the accesses are free of data
// races in the C++ memory model, which keeps ThreadSanitizer quiet. Four 16-byte entries make a
// 64-byte cluster, one cache line.
#pragma once

#include <atomic>
#include <cstddef>
#include <cstdint>

#include "absl/status/status.h"
#include "movegen/types.h"
#include "search/value.h"

namespace riposte {

// The depth of an entry that holds only a static evaluation.
constexpr int kDepthNone = -6;

struct TTData {
  Move move;
  int value;
  int eval;
  int depth;
  Bound bound;
  bool pv;  // the position was on a principal variation when stored (ttPv)
};

class TranspositionTable {
 public:
  static constexpr int kClusterSize = 4;

  TranspositionTable() = default;
  ~TranspositionTable();
  TranspositionTable(const TranspositionTable&) = delete;
  TranspositionTable& operator=(const TranspositionTable&) = delete;

  // Allocates `mb` megabytes. On failure the old table stays and the error says why.
  absl::Status resize(std::size_t mb, int threads = 1);
  // Zeroes the table, split across `threads` threads for large tables.
  void clear(int threads = 1);
  // Called at the start of every search: older entries become preferred victims.
  void new_search() { generation_ = std::uint8_t((generation_ + 1) & 31); }

  bool probe(Key key, TTData& out) const;
  void store(Key key, Move move, int value, int eval, int depth, Bound bound, bool pv = false);
  void prefetch(Key key) const { __builtin_prefetch(&clusters_[index(key)]); }
  // Permille of sampled entries written in the current search.
  int hashfull() const;
  std::size_t size_mb() const { return size_mb_; }

 private:
  struct Entry {
    std::atomic<std::uint64_t> key_xor_data;
    std::atomic<std::uint64_t> data;
  };
  struct alignas(64) Cluster {
    Entry entries[kClusterSize];
  };
  static_assert(sizeof(Cluster) == 64);

  std::size_t index(Key key) const {
    return std::size_t((static_cast<unsigned __int128>(key) * cluster_count_) >> 64);
  }

  Cluster* clusters_ = nullptr;
  std::size_t cluster_count_ = 0;
  std::size_t size_mb_ = 0;
  std::uint8_t generation_ = 0;
};

}  // namespace riposte
