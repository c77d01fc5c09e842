// SPDX-License-Identifier: GPL-3.0-or-later
#include "movegen/zeroed_memory.h"

#include <atomic>
#include <cstdlib>
#include <cstring>
#include <new>

#ifdef __linux__
#include <sys/mman.h>
#endif

namespace riposte::zeroed {

namespace {
std::atomic<std::size_t> in_use{0};
}

// Linux maps anonymous memory as shared zero pages that become private only when written, and
// MADV_DONTNEED drops written pages so that they read as zero again. Elsewhere calloc and
// memset do the same job without the savings.
void* allocate(std::size_t bytes) {
  if (bytes == 0) bytes = 1;
#ifdef __linux__
  void* p = mmap(nullptr, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (p == MAP_FAILED) throw std::bad_alloc();
#else
  void* p = std::calloc(1, bytes);
  if (!p) throw std::bad_alloc();
#endif
  in_use.fetch_add(bytes, std::memory_order_relaxed);
  return p;
}

void release(void* p, std::size_t bytes) {
  if (!p) return;
  if (bytes == 0) bytes = 1;
#ifdef __linux__
  munmap(p, bytes);
#else
  std::free(p);
#endif
  in_use.fetch_sub(bytes, std::memory_order_relaxed);
}

void clear(void* p, std::size_t bytes) { std::memset(p, 0, bytes); }

void release_pages(void* p, std::size_t bytes) {
#ifdef __linux__
  if (madvise(p, bytes, MADV_DONTNEED) == 0) return;
#endif
  std::memset(p, 0, bytes);
}

std::size_t bytes_in_use() { return in_use.load(std::memory_order_relaxed); }

}  // namespace riposte::zeroed
