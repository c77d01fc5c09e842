// SPDX-License-Identifier: GPL-3.0-or-later
// A tapered score: a middlegame and an endgame value, blended by game phase.
#pragma once

namespace riposte {

struct Score {
  int mg = 0;
  int eg = 0;

  constexpr Score() = default;
  constexpr Score(int m, int e) : mg(m), eg(e) {}
  constexpr Score operator+(Score o) const { return {mg + o.mg, eg + o.eg}; }
  constexpr Score operator-(Score o) const { return {mg - o.mg, eg - o.eg}; }
  constexpr Score operator-() const { return {-mg, -eg}; }
  constexpr Score operator*(int k) const { return {mg * k, eg * k}; }
  constexpr Score& operator+=(Score o) { return *this = *this + o; }
  constexpr Score& operator-=(Score o) { return *this = *this - o; }
  constexpr bool operator==(const Score&) const = default;
};

}  // namespace riposte
