// SPDX-License-Identifier: GPL-3.0-or-later
// A tapered score: a middlegame and an endgame value, blended by game phase.
#pragma once

#include <cassert>
#include <cstdint>

namespace riposte {

// Both halves live in one 32-bit integer, mg * 2^16 + eg, so that adding two scores or scaling
// one is a single integer operation: the evaluation does little else. The arithmetic wraps
// modulo 2^32 (it runs on unsigned values), so only the halves read back must fit in 16 bits.
class Score {
 public:
  constexpr Score() = default;
  constexpr Score(int mg, int eg) : v_((std::uint32_t(mg) << 16) + std::uint32_t(eg)) {
    assert(mg >= INT16_MIN && mg <= INT16_MAX && eg >= INT16_MIN && eg <= INT16_MAX);
  }

  constexpr int mg() const { return std::int16_t((v_ + 0x8000u) >> 16); }
  constexpr int eg() const { return std::int16_t(v_); }

  constexpr Score operator+(Score o) const { return raw(v_ + o.v_); }
  constexpr Score operator-(Score o) const { return raw(v_ - o.v_); }
  constexpr Score operator-() const { return raw(0u - v_); }
  constexpr Score operator*(int k) const { return raw(v_ * std::uint32_t(k)); }
  constexpr Score& operator+=(Score o) { return *this = *this + o; }
  constexpr Score& operator-=(Score o) { return *this = *this - o; }
  constexpr bool operator==(const Score&) const = default;

 private:
  static constexpr Score raw(std::uint32_t v) {
    Score s;
    s.v_ = v;
    return s;
  }
  std::uint32_t v_ = 0;
};

}  // namespace riposte
