// SPDX-License-Identifier: GPL-3.0-or-later
// What every fuzz target checks beyond "no crash": an invariant that fails aborts with its
// reason, so libFuzzer keeps the input as a crash.
#pragma once

#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>

#include "movegen/movegen.h"
#include "movegen/notation.h"
#include "movegen/position.h"

namespace riposte::fuzz {

[[noreturn]] inline void fail(std::string_view what, std::string_view detail) {
  std::fprintf(stderr, "fuzz invariant broken: %.*s: %.*s\n", int(what.size()), what.data(),
               int(detail.size()), detail.data());
  std::abort();
}

inline void check(bool ok, std::string_view what, std::string_view detail = "") {
  if (!ok) fail(what, detail);
}

// absl::string_view is its own type where Abseil is built without std::string_view.
[[noreturn]] inline void fail(const absl::Status& s, std::string_view detail) {
  fail(std::string_view(s.message().data(), s.message().size()), detail);
}

// A position the program holds: consistent, and its FEN parses back to the same position.
inline void check_position(const Position& pos) {
  if (const absl::Status s = pos.check_consistency(); !s.ok()) fail(s, pos.fen());
  const std::string fen = pos.fen();
  const auto again = Position::from_fen(fen, pos.is_chess960());
  check(again.ok(), "the FEN it prints does not parse", fen);
  check(again->key() == pos.key(), "its FEN parses to another key", fen);
  check(again->fen() == fen, "its FEN parses to another FEN", fen);
}

// Every legal move made and unmade leaves a consistent position, and its UCI text names it.
inline void check_moves(Position& pos) {
  const std::string before = pos.fen();
  for (const ExtMove& m : MoveList<LEGAL>(pos)) {
    const std::string text = to_uci(m.move, pos.is_chess960());
    const auto parsed = parse_uci_move(pos, text);
    check(parsed.ok() && *parsed == m.move, "a legal move's text does not parse back", text);
    pos.do_move(m.move);
    if (const absl::Status s = pos.check_consistency(); !s.ok()) fail(s, text);
    pos.undo_move(m.move);
  }
  check(pos.fen() == before, "make and unmake changed the position", before);
}

}  // namespace riposte::fuzz
