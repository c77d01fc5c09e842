// SPDX-License-Identifier: GPL-3.0-or-later
// FEN in and out: parsing FEN, X-FEN and Shredder-FEN into a position (with the checks that
// keep a parsed position playable), writing it back, the `d` diagram and the colour flip.
#include <algorithm>
#include <cctype>
#include <cstdio>

#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "absl/strings/str_split.h"
#include "movegen/movegen.h"
#include "movegen/position.h"

namespace riposte {

namespace {

constexpr std::string_view kPieceChars = " PNBRQK  pnbrqk";
constexpr int kMaxFenHalfmoveClock = 1000;
constexpr int kMaxFenMoveNumber = 1 << 20;

std::string square_name(Square s) { return {char('a' + file_of(s)), char('1' + rank_of(s))}; }

absl::Status fen_error(absl::string_view what) {
  return absl::InvalidArgumentError(absl::StrCat("bad FEN: ", what));
}

}  // namespace

Position Position::start_position() { return *from_fen(kStartFen); }

absl::StatusOr<Position> Position::from_fen(std::string_view fen, bool chess960) {
  init_movegen();
  Position pos;
  const std::vector<absl::string_view> fields = absl::StrSplit(
      absl::string_view(fen.data(), fen.size()), absl::ByAnyChar(" \t\r\n"), absl::SkipEmpty());
  if (fields.size() < 4 || fields.size() > 6)
    return fen_error(absl::StrCat("expected 4 to 6 fields, got ", fields.size()));

  // 1. Piece placement, rank 8 first.
  const std::vector<absl::string_view> ranks = absl::StrSplit(fields[0], '/');
  if (ranks.size() != 8)
    return fen_error(absl::StrCat("the board has ", ranks.size(), " ranks, expected 8"));
  for (int i = 0; i < 8; ++i) {
    const Rank r = Rank(7 - i);
    int f = 0;
    for (char ch : ranks[i]) {
      if (ch >= '1' && ch <= '8') {
        f += ch - '0';
      } else {
        const std::size_t idx = kPieceChars.find(ch);
        if (ch == ' ' || idx == std::string_view::npos)
          return fen_error(absl::StrCat("bad piece letter '", std::string(1, ch), "'"));
        if (f < 8) pos.put_piece(Piece(idx), make_square(File(f), r));
        ++f;
      }
      if (f > 8) return fen_error(absl::StrCat("rank ", r + 1, " has more than 8 squares"));
    }
    if (f != 8) return fen_error(absl::StrCat("rank ", r + 1, " has ", f, " squares, expected 8"));
  }
  for (Color c : {WHITE, BLACK}) {
    const char* name = c == WHITE ? "white" : "black";
    if (pos.count(c, KING) != 1)
      return fen_error(absl::StrCat("expected one ", name, " king, found ", pos.count(c, KING)));
    if (pos.count(c, PAWN) > 8) return fen_error(absl::StrCat("more than 8 ", name, " pawns"));
    if (popcount(pos.pieces(c)) > 16)
      return fen_error(absl::StrCat("more than 16 ", name, " pieces"));
  }
  if (pos.pieces(PAWN) & (rank_bb(RANK_1) | rank_bb(RANK_8)))
    return fen_error("a pawn stands on the first or eighth rank");

  // 2. Side to move.
  if (fields[1] != "w" && fields[1] != "b")
    return fen_error(absl::StrCat("side to move must be 'w' or 'b', got '", fields[1], "'"));
  pos.stm_ = fields[1] == "w" ? WHITE : BLACK;

  // 3. Castling rights: '-', KQkq (outermost rook on that side) or rook files.
  pos.states_.emplace_back();
  StateInfo& si = pos.states_.back();
  si.ep = SQ_NONE;
  if (fields[2] != "-") {
    for (char ch : fields[2]) {
      const Color c = std::isupper(static_cast<unsigned char>(ch)) ? WHITE : BLACK;
      const char up = char(std::toupper(static_cast<unsigned char>(ch)));
      const Square ksq = pos.king_square(c);
      const Rank back = relative_rank(c, RANK_1);
      const Piece rook = make_piece(c, ROOK);
      const std::string right(1, ch);
      if (up != 'K' && up != 'Q' && (up < 'A' || up > 'H'))
        return fen_error(absl::StrCat("bad castling character '", right, "'"));
      if (rank_of(ksq) != back)
        return fen_error(
            absl::StrCat("castling right '", right, "' but the king is not on its first rank"));
      Square rsq = SQ_NONE;
      if (up == 'K') {
        for (int f = FILE_H; f > file_of(ksq) && rsq == SQ_NONE; --f)
          if (pos.board_[make_square(File(f), back)] == rook) rsq = make_square(File(f), back);
      } else if (up == 'Q') {
        for (int f = FILE_A; f < file_of(ksq) && rsq == SQ_NONE; ++f)
          if (pos.board_[make_square(File(f), back)] == rook) rsq = make_square(File(f), back);
      } else if (pos.board_[make_square(File(up - 'A'), back)] == rook) {
        rsq = make_square(File(up - 'A'), back);
      }
      if (rsq == SQ_NONE)
        return fen_error(absl::StrCat("castling right '", right, "' but no rook stands there"));
      const CastlingRights cr = c & (rsq > ksq ? KING_SIDE : QUEEN_SIDE);
      if (si.castling & cr)
        return fen_error(absl::StrCat("castling right '", right, "' given twice"));
      pos.set_castling_right(c, rsq);
      if (file_of(ksq) != FILE_E || (file_of(rsq) != FILE_A && file_of(rsq) != FILE_H))
        chess960 = true;  // only Chess960 rules can castle from here
    }
  }
  pos.chess960_ = chess960;

  // 4. En passant: kept only when a pawn of the side to move attacks the square, so that
  // identical positions get identical keys.
  if (fields[3] != "-") {
    const absl::string_view ep = fields[3];
    if (ep.size() != 2 || ep[0] < 'a' || ep[0] > 'h' || ep[1] < '1' || ep[1] > '8')
      return fen_error(absl::StrCat("bad en-passant square '", ep, "'"));
    const Square s = make_square(File(ep[0] - 'a'), Rank(ep[1] - '1'));
    const Color us = pos.stm_, them = ~us;
    if (relative_rank(us, s) != RANK_6)
      return fen_error(absl::StrCat("en-passant square ", ep, " is on the wrong rank"));
    if (pos.board_[s - pawn_push(us)] != make_piece(them, PAWN))
      return fen_error(absl::StrCat("en-passant square ", ep, " has no pawn in front of it"));
    if (!pos.empty(s) || !pos.empty(s + pawn_push(us)))
      return fen_error(
          absl::StrCat("en-passant square ", ep, " or the square behind it is occupied"));
    if (attacks::pawn(them, s) & pos.pieces(us, PAWN)) si.ep = s;
  }

  // 5-6. Halfmove clock and move number.
  int rule50 = 0, move_number = 1;
  if (fields.size() > 4 && (!absl::SimpleAtoi(fields[4], &rule50) || rule50 < 0))
    return fen_error(absl::StrCat("bad halfmove clock '", fields[4], "'"));
  if (fields.size() > 5 && (!absl::SimpleAtoi(fields[5], &move_number) || move_number < 0))
    return fen_error(absl::StrCat("bad move number '", fields[5], "'"));
  // Counters past any real game are kept at a bound that arithmetic on them cannot overflow;
  // a halfmove clock of 100 or more already means the same as any larger one.
  si.rule50 = std::min(rule50, kMaxFenHalfmoveClock);
  move_number = std::min(move_number, kMaxFenMoveNumber);
  si.plies_from_null = 0;
  pos.game_ply_ = 2 * (move_number > 1 ? move_number - 1 : 0) + (pos.stm_ == BLACK);

  if (absl::Status s = pos.finish_setup(); !s.ok()) return s;
  return pos;
}

void Position::set_castling_right(Color c, Square rook_from) {
  const Square king_from = king_square(c);
  const CastlingRights cr = c & (king_from < rook_from ? KING_SIDE : QUEEN_SIDE);
  StateInfo& si = states_.back();
  si.castling = si.castling | cr;
  castling_mask_[king_from] = castling_mask_[king_from] | cr;
  castling_mask_[rook_from] = castling_mask_[rook_from] | cr;
  castling_rook_[cr] = rook_from;

  const Square king_to = castling_king_to(c, cr);
  const Square rook_to = castling_rook_to(c, cr);
  castling_path_[cr] = (between_bb(rook_from, rook_to) | between_bb(king_from, king_to) |
                        square_bb(rook_to) | square_bb(king_to)) &
                       ~(square_bb(king_from) | square_bb(rook_from));
  castling_king_path_[cr] = between_bb(king_from, king_to) | square_bb(king_to);
}

absl::Status Position::finish_setup() {
  StateInfo& si = states_.back();
  si.captured = NO_PIECE;
  if (attackers_to(king_square(~stm_)) & pieces(stm_))
    return fen_error("the side not to move is in check");
  si.checkers = attackers_to(king_square(stm_)) & pieces(~stm_);
  if (popcount(si.checkers) > 2) return fen_error("the king is attacked by more than two pieces");
  compute_keys(si);
  set_check_info(si);
  return absl::OkStatus();
}

std::string fen_placement(std::string_view board) {
  std::string out;
  for (int r = RANK_8; r >= RANK_1; --r) {
    int gap = 0;
    for (int f = FILE_A; f <= FILE_H; ++f) {
      const char letter = board[r * 8 + f];
      if (letter == '.') {
        ++gap;
        continue;
      }
      if (gap) out += char('0' + gap);
      gap = 0;
      out += letter;
    }
    if (gap) out += char('0' + gap);
    if (r > RANK_1) out += '/';
  }
  return out;
}

std::string Position::fen() const {
  std::string board(SQUARE_NB, '.');
  for (Square s = SQ_A1; s <= SQ_H8; ++s)
    if (board_[s] != NO_PIECE) board[s] = kPieceChars[board_[s]];
  std::string out = fen_placement(board);
  out += stm_ == WHITE ? " w " : " b ";
  const CastlingRights order[4] = {WHITE_OO, WHITE_OOO, BLACK_OO, BLACK_OOO};
  const char standard[4] = {'K', 'Q', 'k', 'q'};
  bool any = false;
  for (int i = 0; i < 4; ++i) {
    if (!can_castle(order[i])) continue;
    any = true;
    if (chess960_) {
      const char file_char = char('a' + file_of(castling_rook_[order[i]]));
      out += i < 2 ? char(std::toupper(file_char)) : file_char;
    } else {
      out += standard[i];
    }
  }
  if (!any) out += '-';
  out += ' ';
  out += ep_square() == SQ_NONE ? "-" : square_name(ep_square());
  out += absl::StrCat(" ", rule50(), " ", 1 + (game_ply_ - (stm_ == BLACK)) / 2);
  return out;
}

std::string Position::pretty() const {
  std::string out = "\n +---+---+---+---+---+---+---+---+\n";
  for (int r = RANK_8; r >= RANK_1; --r) {
    for (int f = FILE_A; f <= FILE_H; ++f) {
      out += " | ";
      out += kPieceChars[board_[make_square(File(f), Rank(r))]];
    }
    out += absl::StrCat(" | ", r + 1, "\n +---+---+---+---+---+---+---+---+\n");
  }
  out += "   a   b   c   d   e   f   g   h\n\nFen: " + fen() + "\nKey: ";
  char key_text[17];
  std::snprintf(key_text, sizeof key_text, "%016llX", static_cast<unsigned long long>(key()));
  out += key_text;
  out += "\nCheckers:";
  for (Bitboard b = checkers(); b;) {
    out += ' ';
    out += square_name(pop_lsb(b));
  }
  out += '\n';
  return out;
}

Position Position::flipped() const {
  std::string f = fen();
  // Mirror the ranks and swap the case of every letter in the board and castling fields;
  // flip the side to move and the en-passant rank.
  std::vector<std::string> fields = absl::StrSplit(f, ' ');
  std::vector<std::string> ranks = absl::StrSplit(fields[0], '/');
  std::string board;
  for (int i = 7; i >= 0; --i) board += ranks[i] + (i ? "/" : "");
  auto swap_case = [](std::string s) {
    for (char& ch : s)
      ch = std::isupper(static_cast<unsigned char>(ch)) ? char(std::tolower(ch))
                                                        : char(std::toupper(ch));
    return s;
  };
  fields[0] = swap_case(board);
  fields[1] = std::string(1, fields[1] == "w" ? 'b' : 'w');
  if (fields[2] != "-") fields[2] = swap_case(fields[2]);
  if (fields[3] != "-") fields[3][1] = fields[3][1] == '3' ? '6' : '3';
  return *from_fen(absl::StrJoin(fields, " "), chess960_);
}

}  // namespace riposte
