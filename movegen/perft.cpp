// SPDX-License-Identifier: GPL-3.0-or-later
#include "movegen/perft.h"

#include "movegen/movegen.h"

namespace riposte {

std::uint64_t perft(Position& pos, int depth) {
  if (depth <= 0) return 1;
  if (depth == 1) return count_legal_moves(pos);
  const MoveList<LEGAL> moves(pos);
  std::uint64_t nodes = 0;
  for (const ExtMove& m : moves) {
    pos.do_move(m.move);
    nodes += perft(pos, depth - 1);
    pos.undo_move(m.move);
  }
  return nodes;
}

std::vector<std::pair<Move, std::uint64_t>> perft_divide(Position& pos, int depth) {
  std::vector<std::pair<Move, std::uint64_t>> result;
  for (const ExtMove& m : MoveList<LEGAL>(pos)) {
    pos.do_move(m.move);
    result.emplace_back(m.move, perft(pos, depth - 1));
    pos.undo_move(m.move);
  }
  return result;
}

}  // namespace riposte
