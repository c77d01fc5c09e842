// SPDX-License-Identifier: GPL-3.0-or-later
// The board: FEN in and out, make/unmake with a state stack, check and pin information,
// legality tests for arbitrary moves, static exchange evaluation, and draw detection.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "absl/status/statusor.h"
#include "movegen/attacks.h"
#include "movegen/score.h"
#include "movegen/types.h"

namespace riposte {

// Initialises the process-wide tables (attacks, Zobrist keys). Idempotent and thread-safe.
void init_movegen();

// Sets the material plus piece-square value of piece pc on square s in table set `set`, from
// White's view (black pieces count negative). Position keeps the board's sum of each set up to
// date in make and unmake, so the evaluation need not add up the pieces and can pick a set by
// where the kings stand. The evaluation sets them all (eval::init) before the program makes its
// first position: a position made earlier would keep a stale sum.
inline constexpr int kPsqSets = 2;
void set_piece_square_value(int set, Piece pc, Square s, Score value);

inline constexpr std::string_view kStartFen =
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

// What changes from ply to ply; kept on a stack so undo and repetition checks are cheap.
struct StateInfo {
  Key key;
  Key pawn_key;
  Key non_pawn_key[COLOR_NB];  // colour c's pieces other than pawns, king included
  Bitboard checkers;
  Bitboard blockers[COLOR_NB];  // pieces of either colour shielding king c from enemy sliders
  Bitboard pinners[COLOR_NB];   // enemy sliders that pin a piece of colour c to its king
  Bitboard check_squares[PIECE_TYPE_NB];  // where a piece of the side to move would give check
  int rule50;
  int plies_from_null;
  Square ep;
  CastlingRights castling;
  Piece captured;
};

// FEN's piece-placement field for a board of 64 letters, a1 first, '.' for an empty square
// ("PNBRQK" white, lower case black).
std::string fen_placement(std::string_view board);

class Position {
 public:
  // Parses FEN, X-FEN (KQkq means the outermost rook) and Shredder-FEN (rook files).
  // The halfmove and fullmove fields may be omitted. Never half-applies: on error nothing
  // is returned but the status, whose message names what is wrong.
  static absl::StatusOr<Position> from_fen(std::string_view fen, bool chess960 = false);
  static Position start_position();

  std::string fen() const;
  std::string pretty() const;  // board diagram, FEN and key, as the `d` command prints them

  // Board queries
  Piece piece_on(Square s) const { return board_[s]; }
  bool empty(Square s) const { return board_[s] == NO_PIECE; }
  Bitboard pieces() const { return by_type_[ALL_PIECES]; }
  Bitboard pieces(PieceType pt) const { return by_type_[pt]; }
  Bitboard pieces(PieceType a, PieceType b) const { return by_type_[a] | by_type_[b]; }
  Bitboard pieces(Color c) const { return by_color_[c]; }
  Bitboard pieces(Color c, PieceType pt) const { return by_color_[c] & by_type_[pt]; }
  Bitboard pieces(Color c, PieceType a, PieceType b) const {
    return by_color_[c] & (by_type_[a] | by_type_[b]);
  }
  int count(Color c, PieceType pt) const { return popcount(pieces(c, pt)); }
  Square king_square(Color c) const { return lsb(pieces(c, KING)); }
  Color side_to_move() const { return stm_; }
  Piece moved_piece(Move m) const { return board_[m.from()]; }
  // The type of the piece a capture takes: the pawn beside the target square for en passant.
  PieceType captured_type(Move m) const {
    return m.type() == EN_PASSANT ? PAWN : type_of(board_[m.to()]);
  }

  // State queries
  const StateInfo& state() const { return states_.back(); }
  Key key() const { return state().key; }
  Key pawn_key() const { return state().pawn_key; }
  Key non_pawn_key(Color c) const { return state().non_pawn_key[c]; }
  Square ep_square() const { return state().ep; }
  int rule50() const { return state().rule50; }
  int game_ply() const { return game_ply_; }
  bool is_chess960() const { return chess960_; }
  Bitboard checkers() const { return state().checkers; }
  Bitboard blockers_for_king(Color c) const { return state().blockers[c]; }
  Bitboard pinners(Color c) const { return state().pinners[c]; }
  Bitboard check_squares(PieceType pt) const { return state().check_squares[pt]; }
  Piece captured_piece() const { return state().captured; }

  // Castling
  CastlingRights castling_rights() const { return state().castling; }
  bool can_castle(CastlingRights cr) const { return state().castling & cr; }
  bool castling_impeded(CastlingRights cr) const { return pieces() & castling_path_[cr]; }
  Square castling_rook_square(CastlingRights cr) const { return castling_rook_[cr]; }
  Bitboard castling_king_path(CastlingRights cr) const { return castling_king_path_[cr]; }

  // Attacks
  Bitboard attackers_to(Square s, Bitboard occupied) const;
  Bitboard attackers_to(Square s) const { return attackers_to(s, pieces()); }
  // Pieces of either colour that stand alone between s and one of `sliders` on its line; the
  // sliders behind the pieces of s's own colour are returned in pinners.
  Bitboard slider_blockers(Bitboard sliders, Square s, Bitboard& pinners) const;

  // Move properties
  bool is_capture(Move m) const {
    return (!empty(m.to()) && m.type() != CASTLING) || m.type() == EN_PASSANT;
  }
  // Captures and queen promotions: the moves the capture stage of generation yields.
  bool is_noisy(Move m) const {
    return is_capture(m) || (m.type() == PROMOTION && m.promotion_type() == QUEEN);
  }
  // Could m have been generated in this position, ignoring whether it leaves the king in
  // check? Safe for any 16-bit value, including stale or corrupted ones.
  bool pseudo_legal(Move m) const;
  // For a pseudo-legal move: does it leave our king safe?
  bool legal(Move m) const;
  bool gives_check(Move m) const;
  // Static exchange evaluation: is the material outcome of m at least threshold?
  bool see_ge(Move m, int threshold) const;

  // Make and unmake
  void do_move(Move m);
  void undo_move(Move m);
  void do_null_move();
  void undo_null_move();
  // The key after m, for prefetching (ignores castling-rights and en-passant changes).
  Key key_after(Move m) const;

  // Draws. ply is the distance from the search root: a repetition inside the search tree is
  // a draw at once, one reaching back before the root needs a third occurrence.
  bool is_repetition(int ply) const;
  // Can the side to move reach a repetition with one reversible move? Within the search tree
  // (ply from the root) any earlier position counts; one before the root only if it already
  // occurred twice, so that the move would make a threefold repetition. Needs no move list:
  // the cuckoo tables name the move by the key difference.
  bool upcoming_repetition(int ply) const;
  bool is_fifty_move_draw() const;
  bool has_insufficient_material() const;
  bool has_non_pawn_material(Color c) const { return pieces(c) & ~pieces(PAWN, KING); }
  // Sum over the board of the values of table set `set` (set_piece_square_value).
  Score psq(int set) const { return psq_[set]; }

  // Colour-flipped copy (ranks mirrored, colours swapped): used by symmetry tests.
  Position flipped() const;
  // Recomputes from the board alone what make and unmake keep up to date (bitboards, keys,
  // piece-square sum, checkers, pins, castling and en-passant state) and names the first
  // thing that disagrees; for tests and fuzzing, too slow for the search.
  absl::Status check_consistency() const;

 private:
  Position() = default;
  void put_piece(Piece pc, Square s);
  void remove_piece(Square s);
  void move_piece(Square from, Square to);
  void set_castling_right(Color c, Square rook_from);
  void set_check_info(StateInfo& si) const;
  void compute_keys(StateInfo& si) const;
  absl::Status finish_setup();

  Piece board_[SQUARE_NB] = {};
  Bitboard by_type_[PIECE_TYPE_NB] = {};
  Bitboard by_color_[COLOR_NB] = {};
  CastlingRights castling_mask_[SQUARE_NB] = {};
  Square castling_rook_[CASTLING_RIGHT_NB] = {};
  Bitboard castling_path_[CASTLING_RIGHT_NB] = {};
  Bitboard castling_king_path_[CASTLING_RIGHT_NB] = {};
  Color stm_ = WHITE;
  Score psq_[kPsqSets];
  int game_ply_ = 0;
  bool chess960_ = false;
  std::vector<StateInfo> states_;
};

}  // namespace riposte
