#include "movegen/notation.h"

#include "absl/strings/str_cat.h"
#include "movegen/movegen.h"

namespace riposte {

namespace {
std::string square_text(Square s) { return {char('a' + file_of(s)), char('1' + rank_of(s))}; }
}  // namespace

std::string to_uci(Move m, bool chess960) {
  if (m == Move::none()) return "(none)";
  if (m == Move::null()) return "0000";
  Square to = m.to();
  if (m.type() == CASTLING && !chess960)
    to = make_square(to > m.from() ? FILE_G : FILE_C, rank_of(m.from()));
  std::string s = square_text(m.from()) + square_text(to);
  if (m.type() == PROMOTION) s += " pnbrqk"[m.promotion_type()];
  return s;
}

absl::StatusOr<Move> parse_uci_move(const Position& pos, std::string_view text) {
  for (const ExtMove& m : MoveList<LEGAL>(pos)) {
    if (to_uci(m.move, pos.is_chess960()) == text) return m.move;
    if (m.move.type() == CASTLING && !pos.is_chess960() && to_uci(m.move, true) == text)
      return m.move;
  }
  return absl::InvalidArgumentError(
      absl::StrCat("illegal move '", std::string(text), "' in ", pos.fen()));
}

}  // namespace riposte
