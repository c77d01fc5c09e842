// SPDX-License-Identifier: GPL-3.0-or-later
#include "movegen/notation.h"

#include "absl/strings/str_cat.h"
#include "movegen/movegen.h"

namespace riposte {

namespace {

std::string square_text(Square s) { return {char('a' + file_of(s)), char('1' + rank_of(s))}; }

constexpr std::string_view kPieceLetters = " PNBRQK";

bool is_kingside_castle(Move m) { return m.to() > m.from(); }

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

std::string to_san(const Position& pos, Move m) {
  std::string san;
  const PieceType pt = type_of(pos.moved_piece(m));
  if (m.type() == CASTLING) {
    san = is_kingside_castle(m) ? "O-O" : "O-O-O";
  } else {
    if (pt == PAWN) {
      if (pos.is_capture(m)) san += char('a' + file_of(m.from()));
    } else {
      san += kPieceLetters[pt];
      // Name the file, else the rank, else both, when another piece of the kind could go there.
      bool clash = false, same_file = false, same_rank = false;
      for (const ExtMove& other : MoveList<LEGAL>(pos)) {
        const Move o = other.move;
        if (o == m || o.to() != m.to() || o.type() == CASTLING || type_of(pos.moved_piece(o)) != pt)
          continue;
        clash = true;
        same_file |= file_of(o.from()) == file_of(m.from());
        same_rank |= rank_of(o.from()) == rank_of(m.from());
      }
      if (clash && (!same_file || same_rank)) san += char('a' + file_of(m.from()));
      if (clash && same_file) san += char('1' + rank_of(m.from()));
    }
    if (pos.is_capture(m)) san += 'x';
    san += square_text(m.to());
    if (m.type() == PROMOTION) san += std::string("=") + kPieceLetters[m.promotion_type()];
  }
  if (pos.gives_check(m)) {
    Position after = pos;
    after.do_move(m);
    san += MoveList<LEGAL>(after).size() == 0 ? '#' : '+';
  }
  return san;
}

absl::StatusOr<Move> parse_san(const Position& pos, std::string_view text) {
  const auto error = [&](const char* why) {
    return absl::InvalidArgumentError(
        absl::StrCat("SAN move '", std::string(text), "' ", why, " in ", pos.fen()));
  };
  std::string_view t = text;
  while (!t.empty() && std::string_view("+#!?").find(t.back()) != std::string_view::npos)
    t.remove_suffix(1);
  if (t == "O-O" || t == "0-0" || t == "O-O-O" || t == "0-0-0") {
    const bool kingside = t.size() == 3;
    for (const ExtMove& m : MoveList<LEGAL>(pos))
      if (m.move.type() == CASTLING && is_kingside_castle(m.move) == kingside) return m.move;
    return error("is not legal");
  }
  PieceType piece = PAWN;
  if (!t.empty() && std::string_view("PNBRQK").find(t.front()) != std::string_view::npos) {
    piece = PieceType(kPieceLetters.find(t.front()));
    t.remove_prefix(1);
  }
  PieceType promotion = NO_PIECE_TYPE;
  if (piece == PAWN && !t.empty() &&
      std::string_view("NBRQ").find(t.back()) != std::string_view::npos) {
    promotion = PieceType(kPieceLetters.find(t.back()));
    t.remove_suffix(1);
    if (!t.empty() && t.back() == '=') t.remove_suffix(1);
  }
  if (t.size() < 2) return error("names no square");
  const char file = t[t.size() - 2], rank = t[t.size() - 1];
  if (file < 'a' || file > 'h' || rank < '1' || rank > '8') return error("names no square");
  const Square to = make_square(File(file - 'a'), Rank(rank - '1'));
  t.remove_suffix(2);
  if (!t.empty() && t.back() == 'x') t.remove_suffix(1);
  // What is left can only disambiguate: a file, a rank or both.
  int from_file = -1, from_rank = -1;
  for (const char ch : t) {
    if (ch >= 'a' && ch <= 'h' && from_file < 0 && from_rank < 0)
      from_file = ch - 'a';
    else if (ch >= '1' && ch <= '8' && from_rank < 0)
      from_rank = ch - '1';
    else
      return error("is not SAN");
  }
  Move found = Move::none();
  for (const ExtMove& em : MoveList<LEGAL>(pos)) {
    const Move m = em.move;
    if (m.type() == CASTLING || m.to() != to || type_of(pos.moved_piece(m)) != piece) continue;
    if (from_file >= 0 && int(file_of(m.from())) != from_file) continue;
    if (from_rank >= 0 && int(rank_of(m.from())) != from_rank) continue;
    if ((m.type() == PROMOTION ? m.promotion_type() : NO_PIECE_TYPE) != promotion) continue;
    if (found) return error("is ambiguous");
    found = m;
  }
  if (!found) return error("is not legal");
  return found;
}

}  // namespace riposte
