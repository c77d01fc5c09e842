// SPDX-License-Identifier: GPL-3.0-or-later
// Tables that start as zero bytes and cost no memory until they are written. The blocks come
// from the kernel as untouched zero pages, so a search thread that never runs (Threads=1024 on
// a small machine) holds address space only. A table is cleared either by writing zeros (its
// pages stay, ready for the next search) or by giving its pages back (they read as zero, and
// cost a page fault each when written again). For the per-thread histories and caches, whose
// empty state is all zero bytes.
#pragma once

#include <cstddef>
#include <type_traits>

namespace riposte {

namespace zeroed {
// A block of `bytes` zero bytes; throws std::bad_alloc when there is none.
void* allocate(std::size_t bytes);
void release(void* p, std::size_t bytes);
// Every byte of the block back to zero: clear writes zeros, release returns the pages.
void clear(void* p, std::size_t bytes);
void release_pages(void* p, std::size_t bytes);
// Bytes held in blocks right now, over the whole program (tests check that nothing leaks: the
// blocks are not on the heap that the sanitizers watch).
std::size_t bytes_in_use();
}  // namespace zeroed

// n objects of T whose all-zero bytes are their empty state. T is never constructed: the zero
// bytes are the objects, which needs a T that is trivially copyable and destructible.
template <typename T>
class ZeroedArray {
  static_assert(std::is_trivially_copyable_v<T> && std::is_trivially_destructible_v<T>);

 public:
  explicit ZeroedArray(std::size_t n)
      : size_(n), data_(static_cast<T*>(zeroed::allocate(n * sizeof(T)))) {}
  ~ZeroedArray() { zeroed::release(data_, size_ * sizeof(T)); }
  ZeroedArray(const ZeroedArray&) = delete;
  ZeroedArray& operator=(const ZeroedArray&) = delete;

  T& operator[](std::size_t i) { return data_[i]; }
  const T& operator[](std::size_t i) const { return data_[i]; }
  std::size_t size() const { return size_; }
  void clear() { zeroed::clear(data_, size_ * sizeof(T)); }
  void release_pages() { zeroed::release_pages(data_, size_ * sizeof(T)); }

 private:
  std::size_t size_;
  T* data_;
};

// One T held the same way.
template <typename T>
class Zeroed {
 public:
  T& operator*() { return table_[0]; }
  const T& operator*() const { return table_[0]; }
  T* operator->() { return &table_[0]; }
  const T* operator->() const { return &table_[0]; }
  void clear() { table_.clear(); }
  void release_pages() { table_.release_pages(); }

 private:
  ZeroedArray<T> table_{1};
};

}  // namespace riposte
