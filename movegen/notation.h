// SPDX-License-Identifier: GPL-3.0-or-later
// UCI move text: `e2e4`, `e7e8q`, castling as `e1g1` (or king-takes-rook `e1h1` in Chess960),
// and `0000` for the null move.
#pragma once

#include <string>
#include <string_view>

#include "absl/status/statusor.h"
#include "movegen/position.h"

namespace riposte {

std::string to_uci(Move m, bool chess960);

// The legal move of pos that `text` names. Castling is accepted both as the king's two-square
// step and as king-takes-rook outside Chess960; in Chess960 only king-takes-rook is unambiguous.
absl::StatusOr<Move> parse_uci_move(const Position& pos, std::string_view text);

// Standard algebraic notation as PGN writes it: `Nbd7`, `exd5`, `e8=Q+`, `O-O-O#`; m must be
// legal in pos.
std::string to_san(const Position& pos, Move m);

// The legal move of pos that a SAN token names. Check and annotation marks (`+#!?`) are ignored,
// castling may be written with zeros, a promotion without `=`, and a move may be disambiguated
// more than it needs; a name that fits no legal move, or more than one, is an error.
absl::StatusOr<Move> parse_san(const Position& pos, std::string_view text);

}  // namespace riposte
