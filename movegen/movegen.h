// SPDX-License-Identifier: GPL-3.0-or-later
// Legal move generation by kind. Every generator returns only legal moves, so search needs no
// legality filter; the kinds partition the legal moves, which lets the MovePicker generate
// captures first and quiets only when it needs them.
#pragma once

#include <algorithm>
#include <cstdint>

#include "movegen/position.h"

namespace riposte {

enum GenType {
  CAPTURES,  // captures (any promotion piece), en passant, and non-capturing queen promotions
  QUIETS,    // everything else: quiet moves, castling, non-capturing under-promotions
  EVASIONS,  // all legal moves while in check
  LEGAL,     // all legal moves
};

template <GenType T>
ExtMove* generate(const Position& pos, ExtMove* list);

// The number of legal moves, counted without listing them (perft's last ply).
std::uint64_t count_legal_moves(const Position& pos);

template <GenType T>
class MoveList {
 public:
  explicit MoveList(const Position& pos) : last_(generate<T>(pos, moves_.data())) {}
  const ExtMove* begin() const { return moves_.data(); }
  const ExtMove* end() const { return last_; }
  std::size_t size() const { return std::size_t(last_ - begin()); }
  bool contains(Move m) const {
    return std::any_of(begin(), end(), [m](const ExtMove& e) { return e.move == m; });
  }

 private:
  RawArray<ExtMove, kMaxMoves> moves_;
  ExtMove* last_;
};

}  // namespace riposte
