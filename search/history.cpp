// SPDX-License-Identifier: GPL-3.0-or-later
#include "search/history.h"

namespace riposte {

namespace {

CaptureHistory::Entry& capture_entry(HistoryTables& h, const Position& pos, Move m) {
  return h.capture.table[pos.moved_piece(m)][m.to()][pos.captured_type(m)];
}

// What a cutoff teaches a quiet move's tables: `amount` (the bonus, or the malus when `malus`)
// scaled by each table's own row, in percent.
void update_quiet(HistoryTables& h, const OrderingSwitches& sw, const OrderingContext& ctx,
                  Color us, Piece pc, Move m, int amount, bool malus) {
  using namespace params;
  auto scaled = [&](int bonus_percent, int malus_percent) {
    return amount * (malus ? -malus_percent : bonus_percent) / 100;
  };
  if (sw.butterfly)
    h.butterfly.at(us, m, ctx.threats.all).update(scaled(ButterflyBonusScale, ButterflyMalusScale));
  update_continuation(ctx, pc, m.to(), scaled(ContinuationBonusScale, ContinuationMalusScale));
  if (sw.pawn_history)
    h.pawn.table[ctx.pawn_index][pc][m.to()].update(
        scaled(PawnHistoryBonusScale, PawnHistoryMalusScale));
  if (sw.low_ply_history && ctx.ply < LowPlyHistory::kPlies)
    h.low_ply.table[ctx.ply][m.from()][m.to()].update(scaled(LowPlyBonusScale, LowPlyMalusScale));
}

}  // namespace

Threats threats_against_side_to_move(const Position& pos) {
  const Color them = ~pos.side_to_move();
  const Bitboard occupied = pos.pieces();
  auto attacks_of = [&](PieceType pt) {
    Bitboard a = 0;
    for (Bitboard b = pos.pieces(them, pt); b;) a |= attacks::of(pt, pop_lsb(b), occupied);
    return a;
  };
  Threats t;
  const Bitboard pawns = pos.pieces(them, PAWN);
  t.by_pawn = them == WHITE ? pawn_attacks_bb<WHITE>(pawns) : pawn_attacks_bb<BLACK>(pawns);
  t.by_minor = t.by_pawn | attacks_of(KNIGHT) | attacks_of(BISHOP);
  t.by_rook = t.by_minor | attacks_of(ROOK);
  t.all = t.by_rook | attacks_of(QUEEN) | attacks::king(pos.king_square(them));
  return t;
}

void update_continuation(const OrderingContext& ctx, Piece pc, Square to, int bonus) {
  for (PieceToHistory* t : ctx.continuation)
    if (t) t->table[pc][to].update(bonus);
}

int eval_diff_bonus(int previous_eval, int eval) {
  // Both evals are from their side to move's view: their sum is how much the move gained for
  // the side that made it.
  using namespace params;
  return std::clamp(-EvalDiffHistoryMult * (previous_eval + eval), -EvalDiffHistoryMax,
                    EvalDiffHistoryMax);
}

void record_eval_swing(HistoryTables& h, const OrderingSwitches& sw, Color mover, Move m,
                       Bitboard threatened, int previous_eval, int eval) {
  if (sw.eval_diff_history && !sw.baseline)
    h.butterfly.at(mover, m, threatened).update(eval_diff_bonus(previous_eval, eval));
}

int capture_history(const HistoryTables& h, const Position& pos, Move m) {
  return h.capture.table[pos.moved_piece(m)][m.to()][pos.captured_type(m)];
}

void record_cutoff(HistoryTables& h, const OrderingSwitches& sw, const Position& pos,
                   const OrderingContext& ctx, Move best, int depth, std::span<const Move> quiets,
                   std::span<const Move> captures) {
  if (sw.baseline) return;
  const Color us = pos.side_to_move();
  const int bonus = history_bonus(depth), malus = history_malus(depth);
  const int capture_bonus = bonus * params::CaptureBonusScale / 100;
  const int capture_malus = malus * params::CaptureMalusScale / 100;

  if (!pos.is_noisy(best)) {
    if (sw.countermove && ctx.previous_move.is_ok())
      h.countermoves.table[ctx.previous_piece][ctx.previous_move.to()] = best;
    update_quiet(h, sw, ctx, us, pos.moved_piece(best), best, bonus, false);
    for (const Move m : quiets)
      if (m != best) update_quiet(h, sw, ctx, us, pos.moved_piece(m), m, malus, true);
  } else if (sw.capture_history) {
    capture_entry(h, pos, best).update(capture_bonus);
  }
  if (sw.capture_history)
    for (const Move m : captures)
      if (m != best) capture_entry(h, pos, m).update(-capture_malus);
}

}  // namespace riposte
