// SPDX-License-Identifier: GPL-3.0-or-later
#include "nnue-free-eval/endgame.h"

#include <algorithm>
#include <bitset>
#include <cstdint>
#include <cstdlib>
#include <mutex>
#include <vector>

#include "nnue-free-eval/evaluator.h"
#include "nnue-free-eval/params.h"

namespace riposte::eval {

namespace {

// KPK positions with White holding the pawn on files a to d (the others mirror onto them):
// side to move, black king, white king, pawn square on ranks 2 to 7.
constexpr int kKpkPawnSquares = 24;
constexpr std::size_t kKpkSize = 2 * 64 * 64 * kKpkPawnSquares;

std::size_t kpk_index(Color stm, Square wk, Square bk, Square pawn) {
  const int p = int(file_of(pawn)) + 4 * (int(rank_of(pawn)) - int(RANK_2));
  return std::size_t(stm) | std::size_t(bk) << 1 | std::size_t(wk) << 7 | std::size_t(p) << 13;
}

std::bitset<kKpkSize> kpk_wins_table;

// Retrograde analysis: positions start as invalid, won, drawn or unknown by the rules that see
// the result at once, and then each unknown one takes the best result its moves reach (White)
// or the worst (Black) until nothing changes. What stays unknown is a draw.
void build_kpk() {
  enum : std::uint8_t { kInvalid = 0, kUnknown = 1, kDraw = 2, kWin = 4 };
  std::vector<std::uint8_t> db(kKpkSize, kInvalid);
  const auto for_each = [](auto&& f) {
    for (Color stm : {WHITE, BLACK})
      for (Square wk = SQ_A1; wk <= SQ_H8; ++wk)
        for (Square bk = SQ_A1; bk <= SQ_H8; ++bk)
          for (int r = RANK_2; r <= RANK_7; ++r)
            for (int fl = FILE_A; fl <= FILE_D; ++fl)
              f(stm, wk, bk, make_square(File(fl), Rank(r)));
  };
  for_each([&](Color stm, Square wk, Square bk, Square pawn) {
    const Square promotion = pawn + NORTH;
    const Bitboard pawn_attacks = attacks::pawn(WHITE, pawn);
    std::uint8_t& v = db[kpk_index(stm, wk, bk, pawn)];
    if (wk == bk || wk == pawn || bk == pawn || distance(wk, bk) <= 1 ||
        (stm == WHITE && (pawn_attacks & square_bb(bk))))
      v = kInvalid;
    // The pawn promotes and the queen cannot be taken.
    else if (stm == WHITE && rank_of(pawn) == RANK_7 && wk != promotion && bk != promotion &&
             (distance(bk, promotion) > 1 || distance(wk, promotion) == 1))
      v = kWin;
    // Black is stalemated, or takes the undefended pawn.
    else if (stm == BLACK && (!(attacks::king(bk) & ~(attacks::king(wk) | pawn_attacks)) ||
                              (attacks::king(bk) & square_bb(pawn) & ~attacks::king(wk))))
      v = kDraw;
    else
      v = kUnknown;
  });
  for (bool changed = true; changed;) {
    changed = false;
    for_each([&](Color stm, Square wk, Square bk, Square pawn) {
      std::uint8_t& v = db[kpk_index(stm, wk, bk, pawn)];
      if (v != kUnknown) return;
      std::uint8_t reached = 0;
      if (stm == WHITE) {
        for (Bitboard b = attacks::king(wk) & ~attacks::king(bk) & ~square_bb(pawn); b;)
          reached |= db[kpk_index(BLACK, pop_lsb(b), bk, pawn)];
        const Square push = pawn + NORTH;
        if (rank_of(pawn) < RANK_7 && push != wk && push != bk) {
          reached |= db[kpk_index(BLACK, wk, bk, push)];
          const Square double_push = push + NORTH;
          if (rank_of(pawn) == RANK_2 && double_push != wk && double_push != bk)
            reached |= db[kpk_index(BLACK, wk, bk, double_push)];
        }
        v = reached & kWin ? kWin : reached & kUnknown ? kUnknown : kDraw;
      } else {
        const Bitboard guarded = attacks::king(wk) | attacks::pawn(WHITE, pawn) | square_bb(pawn);
        for (Bitboard b = attacks::king(bk) & ~guarded; b;)
          reached |= db[kpk_index(WHITE, wk, pop_lsb(b), pawn)];
        v = reached & kDraw ? kDraw : reached & kUnknown ? kUnknown : kWin;
      }
      changed |= v != kUnknown;
    });
  }
  for (std::size_t i = 0; i < kKpkSize; ++i) kpk_wins_table[i] = db[i] == kWin;
}

int non_pawn_material(const Position& pos, Color c) {
  return kMinorUnits * popcount(pos.pieces(c, KNIGHT, BISHOP)) + kRookUnits * pos.count(c, ROOK) +
         kQueenUnits * pos.count(c, QUEEN);
}

bool bare_king(const Position& pos, Color c) { return pos.pieces(c) == pos.pieces(c, KING); }

// The side that a rule's material favours, if the material is that rule's.
std::optional<Color> kbnk_side(const Position& pos) {
  for (Color c : {WHITE, BLACK})
    if (popcount(pos.pieces(c)) == 3 && pos.count(c, BISHOP) == 1 && pos.count(c, KNIGHT) == 1 &&
        bare_king(pos, ~c))
      return c;
  return std::nullopt;
}
std::optional<Color> kxk_side(const Position& pos) {
  for (Color c : {WHITE, BLACK})
    if (pos.pieces(c, ROOK, QUEEN) && bare_king(pos, ~c)) return c;
  return std::nullopt;
}
bool is_kpk(const Position& pos) { return popcount(pos.pieces()) == 3 && pos.pieces(PAWN); }

// A bishop of the wrong colour for the corner and pawns only on that rook file, with the lone
// king in the corner or beside it: no way to drive the king out.
std::optional<Color> wrong_rook_pawn_side(const Position& pos) {
  for (Color c : {WHITE, BLACK}) {
    const Bitboard pawns = pos.pieces(c, PAWN);
    if (!pawns || !bare_king(pos, ~c) || pos.pieces(c) != (pos.pieces(c, KING, BISHOP) | pawns))
      continue;
    for (File f : {FILE_A, FILE_H}) {
      if (pawns & ~file_bb(f)) continue;
      const Square corner = relative_square(c, make_square(f, RANK_8));
      const Bitboard corner_colour =
          kDarkSquares & square_bb(corner) ? kDarkSquares : ~kDarkSquares;
      if (!(pos.pieces(c, BISHOP) & corner_colour) && distance(pos.king_square(~c), corner) <= 1)
        return c;
    }
  }
  return std::nullopt;
}

bool same_colour(Square a, Square b) {
  return bool(kDarkSquares & square_bb(a)) == bool(kDarkSquares & square_bb(b));
}

// Rook and pawn against rook, the weaker king in front of the pawn: Philidor's defence (the rook
// on the sixth rank while neither the pawn nor the stronger king has passed the fifth), or the
// checks from behind of a rook on the first rank against a pawn on the sixth or seventh.
bool krpkr_drawn(const Position& pos, Color strong) {
  const Color weak = ~strong;
  const Square pawn = lsb(pos.pieces(strong, PAWN));
  const Square queening = relative_square(strong, make_square(file_of(pawn), RANK_8));
  const Square weak_king = pos.king_square(weak), strong_king = pos.king_square(strong);
  const int pawn_rank = relative_rank(strong, pawn);
  const int strong_king_rank = relative_rank(strong, strong_king);
  const int weak_rook_rank = relative_rank(strong, lsb(pos.pieces(weak, ROOK)));
  const int tempo = pos.side_to_move() == strong;
  if (pawn_rank <= RANK_5 && distance(weak_king, queening) <= 1 && strong_king_rank <= RANK_5 &&
      weak_rook_rank == RANK_6)
    return true;
  if (pawn_rank == RANK_6 && distance(weak_king, queening) <= 1 &&
      strong_king_rank + tempo <= RANK_6 && weak_rook_rank == RANK_1)
    return true;
  return pawn_rank >= RANK_6 && weak_king == queening && weak_rook_rank == RANK_1 &&
         (!tempo || distance(strong_king, pawn) >= 2);
}

// Bishop and pawn against bishop: the bishops on opposite colours, or the weaker king on the
// pawn's file in front of it where the bishop cannot drive it away (a square of the other
// colour, or not yet the seventh rank).
bool kbpkb_drawn(const Position& pos, Color strong) {
  const Color weak = ~strong;
  const Square pawn = lsb(pos.pieces(strong, PAWN));
  const Square bishop = lsb(pos.pieces(strong, BISHOP));
  const Square weak_king = pos.king_square(weak);
  if (!same_colour(bishop, lsb(pos.pieces(weak, BISHOP)))) return true;
  return file_of(weak_king) == file_of(pawn) &&
         relative_rank(strong, weak_king) > relative_rank(strong, pawn) &&
         (!same_colour(weak_king, bishop) || relative_rank(strong, weak_king) <= RANK_6);
}

// Bishop and pawn against knight: the weaker king in the pawn's path on a square the bishop
// cannot attack, or not yet pushed back to the eighth rank.
bool kbpkn_drawn(const Position& pos, Color strong) {
  const Square pawn = lsb(pos.pieces(strong, PAWN));
  const Square bishop = lsb(pos.pieces(strong, BISHOP));
  const Square weak_king = pos.king_square(~strong);
  return file_of(weak_king) == file_of(pawn) &&
         relative_rank(strong, weak_king) > relative_rank(strong, pawn) &&
         (!same_colour(weak_king, bishop) || relative_rank(strong, weak_king) <= RANK_6);
}

int kbnk(const Position& pos, Color strong) {
  const Square weak_king = pos.king_square(~strong), strong_king = pos.king_square(strong);
  const bool dark = pos.pieces(strong, BISHOP) & kDarkSquares;
  const int corner = dark ? std::min(distance(weak_king, SQ_A1), distance(weak_king, SQ_H8))
                          : std::min(distance(weak_king, SQ_A8), distance(weak_king, SQ_H1));
  constexpr int kFarthest = 7;  // the largest distance between two squares
  return kKbnkBase + kKbnkCornerStep * (kFarthest - corner) +
         kKbnkKingStep * (kFarthest - distance(weak_king, strong_king));
}

// Steps from the centre to s, 1 on the four centre squares to 7 in a corner.
int centre_distance(Square s) {
  return (std::abs(2 * int(file_of(s)) - 7) + std::abs(2 * int(rank_of(s)) - 7)) / 2;
}

// A queen or rook against a lone king: the mate needs the king at the edge and the kings close,
// and more material (a promoted pawn) is better.
int kxk(const Position& pos, Color strong) {
  const Square weak_king = pos.king_square(~strong), strong_king = pos.king_square(strong);
  constexpr int kFarthest = 7;
  return kKxkBase +
         kKxkMaterialStep * (non_pawn_material(pos, strong) + popcount(pos.pieces(strong, PAWN))) +
         kKxkEdgeStep * centre_distance(weak_king) +
         kKxkKingStep * (kFarthest - distance(weak_king, strong_king));
}

// Exactly a king and the given pieces (one each, `second` may be NO_PIECE_TYPE).
bool holds(const Position& pos, Color c, PieceType first, PieceType second = NO_PIECE_TYPE) {
  if (popcount(pos.pieces(c)) != (second == NO_PIECE_TYPE ? 2 : 3)) return false;
  if (second == NO_PIECE_TYPE) return pos.pieces(c, first);
  if (first == second) return pos.count(c, first) == 2;
  return pos.pieces(c, first) && pos.pieces(c, second);
}

// Queen against rook: a win that needs the weaker king at the edge and the kings close.
int kqkr(const Position& pos, Color strong) {
  const Square weak_king = pos.king_square(~strong), strong_king = pos.king_square(strong);
  constexpr int kFarthest = 7;
  return kKqkrBase + kKxkEdgeStep * centre_distance(weak_king) +
         kKxkKingStep * (kFarthest - distance(weak_king, strong_king));
}

// Queen against pawn: a win, except against a rook or bishop pawn on its seventh rank with its
// king beside it, where the stalemate trick holds unless the stronger king is already near.
int kqkp(const Position& pos, Color strong) {
  const Color weak = ~strong;
  const Square pawn = lsb(pos.pieces(weak, PAWN));
  const Square weak_king = pos.king_square(weak), strong_king = pos.king_square(strong);
  constexpr Bitboard kStalemateFiles =
      file_bb(FILE_A) | file_bb(FILE_C) | file_bb(FILE_F) | file_bb(FILE_H);
  constexpr int kFarthest = 7;
  const int closeness = kKxkKingStep * (kFarthest - distance(weak_king, strong_king));
  const bool fortress = relative_rank(weak, pawn) == RANK_7 && distance(weak_king, pawn) == 1 &&
                        (kStalemateFiles & square_bb(pawn)) && distance(strong_king, pawn) > 2;
  return fortress ? closeness : kKqkpBase + closeness;
}

// Rook against pawn. Won when the stronger king stands in the pawn's path, or when the weaker
// king is far from both pawn and rook; close to a draw when the pawn, its king beside it, has
// run far ahead of the stronger king; otherwise a race of king distances.
int krkp(const Position& pos, Color strong) {
  const Color weak = ~strong;
  const Square pawn = lsb(pos.pieces(weak, PAWN));
  const Square rook = lsb(pos.pieces(strong, ROOK));
  const Square weak_king = pos.king_square(weak), strong_king = pos.king_square(strong);
  const Square queening = relative_square(weak, make_square(file_of(pawn), RANK_8));
  const int weak_tempo = pos.side_to_move() == weak, strong_tempo = 1 - weak_tempo;
  if (detail::forward_file(weak, pawn) & square_bb(strong_king))
    return kKrkpWin - kKrkpDistanceStep * distance(strong_king, pawn);
  if (distance(weak_king, pawn) >= 3 + weak_tempo && distance(weak_king, rook) >= 3)
    return kKrkpWin - kKrkpDistanceStep * distance(strong_king, pawn);
  if (relative_rank(weak, pawn) >= RANK_6 && distance(weak_king, pawn) == 1 &&
      relative_rank(weak, strong_king) <= RANK_5 && distance(strong_king, pawn) > 2 + strong_tempo)
    return kKrkpDrawish - kKrkpDistanceStep * distance(strong_king, pawn);
  const Square stop = pawn + pawn_push(weak);
  return kKrkpRace - kKrkpDistanceStep * (distance(strong_king, stop) - distance(weak_king, stop) -
                                          distance(pawn, queening));
}

int kpk(const Position& pos) {
  const Color strong = pos.pieces(WHITE, PAWN) ? WHITE : BLACK;
  if (!kpk_wins(pos)) return 0;
  const int v = kKpkWin + kKpkRankStep * relative_rank(strong, lsb(pos.pieces(PAWN)));
  return strong == WHITE ? v : -v;
}

}  // namespace

void init_endgames() {
  static std::once_flag flag;
  std::call_once(flag, build_kpk);
}

bool kpk_wins(const Position& pos) {
  const Color strong = pos.pieces(WHITE, PAWN) ? WHITE : BLACK;
  // Normalise to White holding the pawn on files a to d.
  Square wk = relative_square(strong, pos.king_square(strong));
  Square bk = relative_square(strong, pos.king_square(~strong));
  Square pawn = relative_square(strong, lsb(pos.pieces(PAWN)));
  if (file_of(pawn) > FILE_D) {
    wk = Square(wk ^ 7);
    bk = Square(bk ^ 7);
    pawn = Square(pawn ^ 7);
  }
  const Color stm = pos.side_to_move() == strong ? WHITE : BLACK;
  return kpk_wins_table[kpk_index(stm, wk, bk, pawn)];
}

std::optional<int> endgame_rule(const Position& pos) {
  const auto white_view = [](Color strong, int v) { return strong == WHITE ? v : -v; };
  if (popcount(pos.pieces()) == 4 && !bare_king(pos, WHITE) && !bare_king(pos, BLACK)) {
    for (Color c : {WHITE, BLACK}) {
      if (!holds(pos, c, QUEEN) && !holds(pos, c, ROOK)) continue;
      if (holds(pos, c, QUEEN) && holds(pos, ~c, ROOK)) return white_view(c, kqkr(pos, c));
      if (holds(pos, c, QUEEN) && holds(pos, ~c, PAWN)) return white_view(c, kqkp(pos, c));
      if (holds(pos, c, ROOK) && holds(pos, ~c, PAWN)) return white_view(c, krkp(pos, c));
    }
    return std::nullopt;
  }
  // Every other rule has a lone king on one side: most positions leave here.
  if (!bare_king(pos, WHITE) && !bare_king(pos, BLACK)) return std::nullopt;
  // Two knights cannot force mate.
  for (Color c : {WHITE, BLACK})
    if (holds(pos, c, KNIGHT, KNIGHT) && bare_king(pos, ~c)) return 0;
  if (const auto strong = kbnk_side(pos))
    return *strong == WHITE ? kbnk(pos, *strong) : -kbnk(pos, *strong);
  if (const auto strong = kxk_side(pos))
    return *strong == WHITE ? kxk(pos, *strong) : -kxk(pos, *strong);
  if (is_kpk(pos)) return kpk(pos);
  if (wrong_rook_pawn_side(pos)) return 0;
  return std::nullopt;
}

std::optional<Verdict> endgame_verdict(const Position& pos) {
  const auto win = [](Color c) { return c == WHITE ? Verdict::kWhiteWins : Verdict::kBlackWins; };
  if (is_kpk(pos))
    return kpk_wins(pos) ? win(pos.pieces(WHITE, PAWN) ? WHITE : BLACK) : Verdict::kDraw;
  if (wrong_rook_pawn_side(pos)) return Verdict::kDraw;
  if (const auto strong = kxk_side(pos); strong && pos.side_to_move() == *strong)
    return win(*strong);
  return std::nullopt;
}

int scale_factor(const Position& pos, Color strong, int strong_passers) {
  const Color weak = ~strong;
  const int strong_npm = non_pawn_material(pos, strong), weak_npm = non_pawn_material(pos, weak);
  const Bitboard strong_pawns = pos.pieces(strong, PAWN);
  // One pawn against the same piece without pawns: the drawn set-ups a rules engine knows.
  if (popcount(pos.pieces()) == 5 && pos.count(strong, PAWN) == 1 && !pos.pieces(weak, PAWN)) {
    if (holds(pos, strong, BISHOP, PAWN) && holds(pos, weak, KNIGHT) && kbpkn_drawn(pos, strong))
      return kScaleKnownDraw;
    if (pos.count(strong, ROOK) == 1 && pos.count(weak, ROOK) == 1 && krpkr_drawn(pos, strong))
      return kScaleKnownDraw;
    if (pos.count(strong, BISHOP) == 1 && pos.count(weak, BISHOP) == 1 && kbpkb_drawn(pos, strong))
      return kScaleKnownDraw;
  }
  if (!strong_pawns) {
    // Without pawns a minor-piece edge does not win; a single minor cannot mate at all.
    if (strong_npm <= kMinorUnits) return kScaleCannotMate;
    if (strong_npm - weak_npm <= kMinorUnits) return kScalePawnlessMinorEdge;
  }
  if (pos.count(WHITE, BISHOP) == 1 && pos.count(BLACK, BISHOP) == 1 &&
      bool(pos.pieces(WHITE, BISHOP) & kDarkSquares) !=
          bool(pos.pieces(BLACK, BISHOP) & kDarkSquares)) {
    if (strong_npm == kMinorUnits && weak_npm == kMinorUnits)
      return ScaleBareOppositeBishops + ScaleBareOppositeBishopsPerPasser * strong_passers;
    return ScaleOppositeBishops + ScaleOppositeBishopsPerPiece * (popcount(pos.pieces(strong)) - 1);
  }
  constexpr Bitboard kQueenSide = 0x0F0F0F0F0F0F0F0FULL, kKingSide = ~kQueenSide;
  const bool one_flank = !(strong_pawns & kQueenSide) || !(strong_pawns & kKingSide);
  if (strong_npm == kRookUnits && weak_npm == kRookUnits && pos.count(strong, ROOK) == 1 &&
      pos.count(weak, ROOK) == 1 && pos.count(strong, PAWN) - pos.count(weak, PAWN) <= 1 &&
      strong_pawns && one_flank && (attacks::king(pos.king_square(weak)) & pos.pieces(weak, PAWN)))
    return ScaleRookEnding;
  if (popcount(pos.pieces(QUEEN)) == 1) {
    const Color without = pos.pieces(WHITE, QUEEN) ? BLACK : WHITE;
    return std::min(kScaleMax, ScaleLoneQueen + ScaleLoneQueenPerMinor *
                                                    popcount(pos.pieces(without, KNIGHT, BISHOP)));
  }
  return std::min(kScaleMax, ScalePawnsBase + ScalePerPawn * popcount(strong_pawns)) -
         (strong_pawns && one_flank ? ScaleOneFlank : 0);
}

}  // namespace riposte::eval
