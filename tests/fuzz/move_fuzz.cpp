// SPDX-License-Identifier: GPL-3.0-or-later
// A move in UCI text against a position: the first byte picks one of a few positions (castling
// both ways, en passant, promotions, Chess960), the rest is the move. An accepted move is legal,
// prints back to text naming the same move, and leaves a consistent position.
#include <array>
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "tests/fuzz/fuzz_check.h"

namespace {

struct Start {
  const char* fen;
  bool chess960;
};

constexpr std::array<Start, 6> kStarts = {{
    {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", false},
    {"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", false},
    {"rnbqkb1r/pp1p1ppp/5n2/2pPp3/8/8/PPP1PPPP/RNBQKBNR w KQkq c6 0 4", false},
    {"n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1", false},
    {"bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9", true},
    {"1r2k2r/8/8/8/8/8/8/R3K1R1 w GAhb - 0 1", true},
}};

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace riposte;
  if (size == 0) return 0;
  const Start& start = kStarts[data[0] % kStarts.size()];
  Position pos = *Position::from_fen(start.fen, start.chess960);
  const std::string_view text(reinterpret_cast<const char*>(data + 1), size - 1);
  const auto move = parse_uci_move(pos, text);
  if (!move.ok()) return 0;
  bool listed = false;
  for (const ExtMove& m : MoveList<LEGAL>(pos)) listed |= m.move == *move;
  fuzz::check(listed, "an accepted move is not legal", text);
  const std::string printed = to_uci(*move, pos.is_chess960());
  const auto again = parse_uci_move(pos, printed);
  fuzz::check(again.ok() && *again == *move, "an accepted move prints to other text", printed);
  pos.do_move(*move);
  fuzz::check_position(pos);
  return 0;
}
