#include "movegen/position.h"

#include <algorithm>
#include <cctype>
#include <cstdio>

#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "absl/strings/str_split.h"
#include "movegen/cuckoo.h"
#include "movegen/movegen.h"
#include "movegen/zobrist.h"

namespace riposte {

namespace {

constexpr std::string_view kPieceChars = " PNBRQK  pnbrqk";

Score piece_square_values[PIECE_NB][SQUARE_NB];

std::string square_name(Square s) { return {char('a' + file_of(s)), char('1' + rank_of(s))}; }

absl::Status fen_error(absl::string_view what) {
  return absl::InvalidArgumentError(absl::StrCat("bad FEN: ", what));
}

}  // namespace

void init_movegen() {
  attacks::init();
  zobrist::init();
  cuckoo::init();
}

void set_piece_square_value(Piece pc, Square s, Score value) { piece_square_values[pc][s] = value; }

Position Position::start_position() { return *from_fen(kStartFen); }

void Position::put_piece(Piece pc, Square s) {
  board_[s] = pc;
  psq_ += piece_square_values[pc][s];
  const Bitboard b = square_bb(s);
  by_type_[ALL_PIECES] |= b;
  by_type_[type_of(pc)] |= b;
  by_color_[color_of(pc)] |= b;
}

void Position::remove_piece(Square s) {
  const Piece pc = board_[s];
  psq_ -= piece_square_values[pc][s];
  const Bitboard b = square_bb(s);
  by_type_[ALL_PIECES] ^= b;
  by_type_[type_of(pc)] ^= b;
  by_color_[color_of(pc)] ^= b;
  board_[s] = NO_PIECE;
}

void Position::move_piece(Square from, Square to) {
  const Piece pc = board_[from];
  psq_ += piece_square_values[pc][to] - piece_square_values[pc][from];
  const Bitboard b = square_bb(from) | square_bb(to);
  by_type_[ALL_PIECES] ^= b;
  by_type_[type_of(pc)] ^= b;
  by_color_[color_of(pc)] ^= b;
  board_[from] = NO_PIECE;
  board_[to] = pc;
}

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
  si.rule50 = rule50;
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

void Position::compute_keys(StateInfo& si) const {
  si.key = si.pawn_key = si.non_pawn_key[WHITE] = si.non_pawn_key[BLACK] = 0;
  for (Bitboard b = pieces(); b;) {
    const Square s = pop_lsb(b);
    const Piece pc = board_[s];
    si.key ^= zobrist::psq[pc][s];
    (type_of(pc) == PAWN ? si.pawn_key : si.non_pawn_key[color_of(pc)]) ^= zobrist::psq[pc][s];
  }
  if (si.ep != SQ_NONE) si.key ^= zobrist::enpassant[file_of(si.ep)];
  if (stm_ == BLACK) si.key ^= zobrist::side;
  si.key ^= zobrist::castling[si.castling];
}

Bitboard Position::slider_blockers(Bitboard sliders, Square s, Bitboard& pinners) const {
  Bitboard blockers = 0;
  pinners = 0;
  Bitboard snipers = ((attacks::rook(s, 0) & pieces(QUEEN, ROOK)) |
                      (attacks::bishop(s, 0) & pieces(QUEEN, BISHOP))) &
                     sliders;
  // Other snipers stay in the occupancy: a piece behind a checker is not pinned.
  const Bitboard occupancy = pieces();
  const Bitboard own = pieces(color_of(board_[s]));
  while (snipers) {
    const Square sniper = pop_lsb(snipers);
    const Bitboard b = between_bb(s, sniper) & occupancy;
    if (b && !more_than_one(b)) {
      blockers |= b;
      if (b & own) pinners |= square_bb(sniper);
    }
  }
  return blockers;
}

void Position::set_check_info(StateInfo& si) const {
  si.blockers[WHITE] = slider_blockers(pieces(BLACK), king_square(WHITE), si.pinners[WHITE]);
  si.blockers[BLACK] = slider_blockers(pieces(WHITE), king_square(BLACK), si.pinners[BLACK]);
  const Square ksq = king_square(~stm_);
  si.check_squares[PAWN] = attacks::pawn(~stm_, ksq);
  si.check_squares[KNIGHT] = attacks::knight(ksq);
  si.check_squares[BISHOP] = attacks::bishop(ksq, pieces());
  si.check_squares[ROOK] = attacks::rook(ksq, pieces());
  si.check_squares[QUEEN] = si.check_squares[BISHOP] | si.check_squares[ROOK];
  si.check_squares[KING] = 0;
}

Bitboard Position::attackers_to(Square s, Bitboard occupied) const {
  return (attacks::pawn(BLACK, s) & pieces(WHITE, PAWN)) |
         (attacks::pawn(WHITE, s) & pieces(BLACK, PAWN)) | (attacks::knight(s) & pieces(KNIGHT)) |
         (attacks::rook(s, occupied) & pieces(ROOK, QUEEN)) |
         (attacks::bishop(s, occupied) & pieces(BISHOP, QUEEN)) | (attacks::king(s) & pieces(KING));
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

void Position::do_move(Move m) {
  StateInfo& si = states_.emplace_back();
  const StateInfo& old = states_[states_.size() - 2];
  Key key = old.key ^ zobrist::side;
  Key pawn_key = old.pawn_key;
  Key non_pawn_key[COLOR_NB] = {old.non_pawn_key[WHITE], old.non_pawn_key[BLACK]};
  si.rule50 = old.rule50 + 1;
  si.plies_from_null = old.plies_from_null + 1;
  si.castling = old.castling;
  si.ep = SQ_NONE;
  if (old.ep != SQ_NONE) key ^= zobrist::enpassant[file_of(old.ep)];
  ++game_ply_;

  const Color us = stm_, them = ~us;
  const Square from = m.from(), to = m.to();
  const Piece pc = board_[from];
  Piece captured = m.type() == EN_PASSANT ? make_piece(them, PAWN) : board_[to];

  if (m.type() == CASTLING) {
    // The king "captures" its own rook; both land on their fixed castling squares.
    const CastlingRights side = to > from ? KING_SIDE : QUEEN_SIDE;
    const Square king_to = castling_king_to(us, side);
    const Square rook_to = castling_rook_to(us, side);
    const Piece rook = board_[to];
    remove_piece(from);
    remove_piece(to);
    put_piece(pc, king_to);
    put_piece(rook, rook_to);
    const Key castling_delta = zobrist::psq[pc][from] ^ zobrist::psq[pc][king_to] ^
                               zobrist::psq[rook][to] ^ zobrist::psq[rook][rook_to];
    key ^= castling_delta;
    non_pawn_key[us] ^= castling_delta;
    captured = NO_PIECE;
  } else {
    if (captured != NO_PIECE) {
      const Square cap_sq = m.type() == EN_PASSANT ? to - pawn_push(us) : to;
      const Key capture_delta = zobrist::psq[captured][cap_sq];
      key ^= capture_delta;
      (type_of(captured) == PAWN ? pawn_key : non_pawn_key[them]) ^= capture_delta;
      remove_piece(cap_sq);
      si.rule50 = 0;
    }
    const Key move_delta = zobrist::psq[pc][from] ^ zobrist::psq[pc][to];
    key ^= move_delta;
    if (type_of(pc) != PAWN) non_pawn_key[us] ^= move_delta;
    move_piece(from, to);

    if (type_of(pc) == PAWN) {
      si.rule50 = 0;
      pawn_key ^= zobrist::psq[pc][from];
      if (m.type() == PROMOTION) {
        const Piece promoted = make_piece(us, m.promotion_type());
        remove_piece(to);
        put_piece(promoted, to);
        key ^= zobrist::psq[pc][to] ^ zobrist::psq[promoted][to];
        non_pawn_key[us] ^= zobrist::psq[promoted][to];
      } else {
        pawn_key ^= zobrist::psq[pc][to];
        if ((int(to) ^ int(from)) == 16 &&
            (attacks::pawn(us, to - pawn_push(us)) & pieces(them, PAWN))) {
          si.ep = to - pawn_push(us);
          key ^= zobrist::enpassant[file_of(si.ep)];
        }
      }
    }
  }

  if (si.castling && (castling_mask_[from] | castling_mask_[to])) {
    key ^= zobrist::castling[si.castling];
    si.castling = si.castling & ~(castling_mask_[from] | castling_mask_[to]);
    key ^= zobrist::castling[si.castling];
  }

  si.key = key;
  si.pawn_key = pawn_key;
  si.non_pawn_key[WHITE] = non_pawn_key[WHITE];
  si.non_pawn_key[BLACK] = non_pawn_key[BLACK];
  si.captured = captured;
  stm_ = them;
  si.checkers = attackers_to(king_square(them)) & pieces(us);
  set_check_info(si);
}

void Position::undo_move(Move m) {
  stm_ = ~stm_;
  const Color us = stm_;
  const Square from = m.from(), to = m.to();
  const StateInfo& si = states_.back();

  if (m.type() == CASTLING) {
    const CastlingRights side = to > from ? KING_SIDE : QUEEN_SIDE;
    const Square king_to = castling_king_to(us, side);
    const Square rook_to = castling_rook_to(us, side);
    const Piece king = board_[king_to], rook = board_[rook_to];
    remove_piece(king_to);
    remove_piece(rook_to);
    put_piece(king, from);
    put_piece(rook, to);
  } else {
    if (m.type() == PROMOTION) {
      remove_piece(to);
      put_piece(make_piece(us, PAWN), to);
    }
    move_piece(to, from);
    if (si.captured != NO_PIECE)
      put_piece(si.captured, m.type() == EN_PASSANT ? to - pawn_push(us) : to);
  }
  states_.pop_back();
  --game_ply_;
}

void Position::do_null_move() {
  StateInfo& si = states_.emplace_back(states_.back());
  si.key ^= zobrist::side;
  if (si.ep != SQ_NONE) {
    si.key ^= zobrist::enpassant[file_of(si.ep)];
    si.ep = SQ_NONE;
  }
  ++si.rule50;
  si.plies_from_null = 0;
  si.captured = NO_PIECE;
  stm_ = ~stm_;
  si.checkers = 0;
  set_check_info(si);
  ++game_ply_;
}

void Position::undo_null_move() {
  states_.pop_back();
  stm_ = ~stm_;
  --game_ply_;
}

Key Position::key_after(Move m) const {
  const Square from = m.from(), to = m.to();
  const Piece pc = board_[from], captured = board_[to];
  Key k = key() ^ zobrist::side ^ zobrist::psq[pc][from] ^ zobrist::psq[pc][to];
  if (captured != NO_PIECE && m.type() != CASTLING) k ^= zobrist::psq[captured][to];
  return k;
}

bool Position::pseudo_legal(Move m) const {
  if (!m.is_ok()) return false;
  const Color us = stm_, them = ~us;
  const Square from = m.from(), to = m.to();
  const Piece pc = board_[from];
  if (pc == NO_PIECE || color_of(pc) != us) return false;

  if (m.type() == CASTLING) {
    if (type_of(pc) != KING || checkers()) return false;
    const CastlingRights cr = us & (to > from ? KING_SIDE : QUEEN_SIDE);
    return m.promotion_type() == KNIGHT && can_castle(cr) && castling_rook_[cr] == to &&
           !castling_impeded(cr);
  }
  if (pieces(us) & square_bb(to)) return false;
  // Only one encoding per move: normal, ep and castling moves carry no promotion bits.
  if (m.type() != PROMOTION && m.promotion_type() != KNIGHT) return false;

  if (type_of(pc) == PAWN) {
    const bool last_rank = relative_rank(us, to) == RANK_8;
    if (last_rank != (m.type() == PROMOTION)) return false;
    if (m.type() == EN_PASSANT) {
      if (to != ep_square() || !(attacks::pawn(us, from) & square_bb(to))) return false;
    } else {
      const bool capture = attacks::pawn(us, from) & pieces(them) & square_bb(to);
      const bool push = to == from + pawn_push(us) && empty(to);
      const bool double_push = relative_rank(us, from) == RANK_2 &&
                               to == from + pawn_push(us) + pawn_push(us) && empty(to) &&
                               empty(from + pawn_push(us));
      if (!capture && !push && !double_push) return false;
    }
  } else {
    if (m.type() != NORMAL) return false;
    if (!(attacks::of(type_of(pc), from, pieces()) & square_bb(to))) return false;
  }

  // In check, a non-king move must capture the single checker or block it.
  if (checkers() && type_of(pc) != KING) {
    if (more_than_one(checkers())) return false;
    const Square checker = lsb(checkers());
    const Bitboard target = between_bb(king_square(us), checker) | checkers();
    const bool ep_removes_checker = m.type() == EN_PASSANT && to - pawn_push(us) == checker;
    if (!(target & square_bb(to)) && !ep_removes_checker) return false;
  }
  return true;
}

bool Position::legal(Move m) const {
  const Color us = stm_, them = ~us;
  const Square from = m.from(), to = m.to();
  const Square ksq = king_square(us);

  if (m.type() == EN_PASSANT) {
    const Bitboard occ =
        (pieces() ^ square_bb(from) ^ square_bb(to - pawn_push(us))) | square_bb(to);
    return !(attacks::rook(ksq, occ) & pieces(them, QUEEN, ROOK)) &&
           !(attacks::bishop(ksq, occ) & pieces(them, QUEEN, BISHOP));
  }
  if (m.type() == CASTLING) {
    const CastlingRights cr = us & (to > from ? KING_SIDE : QUEEN_SIDE);
    for (Bitboard b = castling_king_path_[cr]; b;)
      if (attackers_to(pop_lsb(b)) & pieces(them)) return false;
    // In Chess960 the castling rook may have shielded the king's target square.
    const Square king_to = castling_king_to(us, cr);
    return !(attacks::rook(king_to, pieces() ^ square_bb(to) ^ square_bb(from)) &
             pieces(them, QUEEN, ROOK));
  }
  if (type_of(board_[from]) == KING)
    return !(attackers_to(to, pieces() ^ square_bb(from)) & pieces(them));
  return !(blockers_for_king(us) & square_bb(from)) || aligned(from, to, ksq);
}

bool Position::gives_check(Move m) const {
  const Color us = stm_;
  const Square from = m.from(), to = m.to();
  const Square their_king = king_square(~us);

  if (m.type() != CASTLING && (check_squares(type_of(board_[from])) & square_bb(to))) return true;
  if ((blockers_for_king(~us) & square_bb(from)) &&
      (m.type() == CASTLING || !aligned(from, to, their_king)))
    return true;  // discovered check (a castling king always leaves its square)

  switch (m.type()) {
    case NORMAL: return false;
    case PROMOTION:
      return attacks::of(m.promotion_type(), to, pieces() ^ square_bb(from)) &
             square_bb(their_king);
    case EN_PASSANT: {
      const Square cap = to - pawn_push(us);
      const Bitboard occ = (pieces() ^ square_bb(from) ^ square_bb(cap)) | square_bb(to);
      return (attacks::rook(their_king, occ) & pieces(us, QUEEN, ROOK)) |
             (attacks::bishop(their_king, occ) & pieces(us, QUEEN, BISHOP));
    }
    case CASTLING: {
      const CastlingRights side = to > from ? KING_SIDE : QUEEN_SIDE;
      const Square king_to = castling_king_to(us, side);
      const Square rook_to = castling_rook_to(us, side);
      const Bitboard occ =
          (pieces() ^ square_bb(from) ^ square_bb(to)) | square_bb(king_to) | square_bb(rook_to);
      return attacks::rook(rook_to, occ) & square_bb(their_king);
    }
  }
  return false;
}

bool Position::is_repetition(int ply) const {
  const StateInfo& si = states_.back();
  const int end = std::min(si.rule50, si.plies_from_null);
  const int n = int(states_.size()) - 1;
  int found = 0;
  for (int i = 4; i <= end && i <= n; i += 2) {
    if (states_[n - i].key != si.key) continue;
    if (i < ply || ++found == 2) return true;
  }
  return false;
}

bool Position::upcoming_repetition(int ply) const {
  const StateInfo& si = states_.back();
  const int end = std::min(si.rule50, si.plies_from_null);
  const int n = int(states_.size()) - 1;
  // Only positions with the other side to move, an odd number of plies back, are one of our
  // moves away.
  for (int i = 3; i <= end && i <= n; i += 2) {
    const int j = cuckoo::find(si.key ^ states_[n - i].key);
    if (j < 0) continue;
    const Move m = cuckoo::moves[j];
    const Square a = m.from(), b = m.to();
    if (between_bb(a, b) & pieces()) continue;
    // The table holds each square pair once: the mover stands on whichever square is occupied,
    // and must be ours.
    if (color_of(piece_on(empty(a) ? b : a)) != side_to_move()) continue;
    if (i < ply) return true;
    // Before the root the position the move returns to must already be a repetition.
    const StateInfo& earlier = states_[n - i];
    const int earlier_end = std::min(earlier.rule50, earlier.plies_from_null);
    for (int k = 4; k <= earlier_end && k <= n - i; k += 2)
      if (states_[n - i - k].key == earlier.key) return true;
  }
  return false;
}

bool Position::is_fifty_move_draw() const {
  // Mate on the hundredth half-move still wins.
  return rule50() >= 100 && (!checkers() || MoveList<LEGAL>(*this).size() > 0);
}

bool Position::has_insufficient_material() const {
  if (pieces(PAWN, ROOK) || pieces(QUEEN)) return false;
  const Bitboard minors = pieces(KNIGHT, BISHOP);
  if (!more_than_one(minors)) return true;  // K v K, or a lone minor
  // Only bishops, all on squares of one colour: no mate is possible.
  if (pieces(KNIGHT)) return false;
  const Bitboard bishops = pieces(BISHOP);
  return !(bishops & kDarkSquares) || !(bishops & ~kDarkSquares);
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
